# ruff: noqa: F722, F821, UP037 - Hand["..."] is not a forward reference (docs/plugin.md)
"""A pytest module of parametrize tables that mypy checks row by row (docs/plugin.md,
"Parametrize tables"). Every value was worked out by hand:

    mypy --config-file examples/mypy.ini examples/rows.py
    pytest -p typed_mahjong.query.pytest_plugin examples/rows.py

- 234p234s456m567s44p won on 3p: tanyao 1 han; 20 + 10 (closed ron) + 2 (kanchan) = 32 ->
  40 fu; 40 * 2**3 = 320 basic points: 320 * 4 = 1280 -> 1300 by ron ("1300"); 320 * 6 =
  1920 -> 2000 for the dealer. Settled with W the discarder and S the winner:
  (E 0, S +1300, W -1300, N 0).
- 123m456p234s789s55m won on 4s: pinfu 1 han 30 fu, 30 * 2**3 * 4 = 960 -> 1000; with
  riichi 2 han, 1920 -> 2000, yaku in the core's order ("riichi", "pinfu"). 1000 + 2 honba
  (600) + 1 stick (1000) = 2600 in all.
- 123m456m789m234p55s won on 4p: ittsu 2 + pinfu 1 = 3 han 30 fu, 3840 -> 3900.
- 123m456p789s55m23s: tenpai (shanten 0) on 1s and 4s.
- The forest hand: Forest Walk 100 + Family Reunion 500 + Three Colours 150 + Moonrise 100
  = 850 (tests/games/test_games_forest.py).
"""

import pytest

from typed_mahjong import Hand, Points, Ron, Seat
from typed_mahjong.query import cases

FOREST = "fox vixen kit owl eagle_owl owlet bear grizzly moon"


@pytest.mark.parametrize("case", [
    cases.points("234p234s456m567s44p", win="3p", expect=1300),
    cases.points("234p234s456m567s44p", win="3p", seat="E", expect=2000),
    cases.points("123m456m789m234p55s", win="4p", expect=3900),
    cases.han("123m456p234s789s55m", win="4s", riichi=True, expect=2),
    cases.fu("234p234s456m567s44p", win="3p", expect=40),
    cases.total("123m456p234s789s55m", win="4s", honba=2, sticks=1, expect=2600),
    cases.payment("234p234s456m567s44p", win="3p", expect="1300"),
    pytest.param(cases.yaku("123m456p234s789s55m", win="4s", riichi=True,
                            expect=("riichi", "pinfu")), id="riichi pinfu"),
    cases.settle("234p234s456m567s44p", "3p", "W", expect=(0, 1300, -1300, 0)),
    cases.shanten("123m456p789s55m23s", expect=0),
    cases.waits("123m456p789s55m23s", expect=("1s", "4s")),
    cases.game_points("forest", FOREST, expect=850),
])
def test_scores(case: cases.Case) -> None:
    case.check()


@pytest.mark.parametrize("expected", [2000, pytest.param(2000, id="again")])
def test_dealer(expected: Points[Hand["234p234s456m567s44p"], Ron["3p"], Seat["E"]]) -> None:
    assert expected == 2000
