"""Waits[Game[...], Hand[...]] at run time (issue 39): ``Query.evaluate`` gives what the
plugin makes a Literal union of in test_game_waits.yaml, and what ``Game.waits`` and
``typed-mahjong game waits`` give; a hand the game cannot read raises the GameError the
plugin reports as mahjong-game, a situation input the AnnotationError of mahjong-usage.
"""

from __future__ import annotations

import json
import typing

import pytest

from typed_mahjong import Game, Hand, SelfDrawn, Waits
from typed_mahjong.cli import main
from typed_mahjong.games import GameError, builtin_path, load
from typed_mahjong.query.annotations import Query
from typed_mahjong.query.building import AnnotationError

WORKED = [
    ("hk-oldstyle", "1m 2m 3m 4p 5p 6p 7s 8s 9s 2m 3m 5s 5s", ("1m", "4m")),
    ("hk-oldstyle", "1m 2m 3m 4p 5p 6p 7s 8s 9s 2m 4m 5s 5s", ("3m",)),
    ("mcr", "2m 3m 4m 4p 5p 6p 6s 7s 8s 2p 3p 4p 5s", ("5s", "8s")),
    ("mcr", "(2m 3m 4m) 4p 5p 6p 6s 7s 8s 2p 3p 4p 5s", ("5s", "8s")),
    ("mcr", "1m 4m 7m 1p 4p 7p 1s 4s 7s 2m 5m 8m 2p", ()),
    ("hk-oldstyle", "1m 4m 7m 1p 4p 7p 1s 4s 7s 2m 5m 8m 2p", ()),
]


def _query(annotation: object) -> Query:
    query = typing.get_args(annotation)[1]
    assert isinstance(query, Query)
    return query


@pytest.mark.parametrize(("game", "hand", "expected"), WORKED)
def test_game_waits_evaluate_as_the_game_and_the_command_line(
        game: str, hand: str, expected: tuple[str, ...],
        capsys: pytest.CaptureFixture[str]) -> None:
    query = _query(Waits[Game[game], Hand[hand]])
    assert query.evaluate() == expected
    assert load(builtin_path(game)).waits(hand) == expected
    for tile in expected:
        assert query.accepts(tile)
    assert not query.accepts("9p")
    # Exit 1 for a hand that waits on nothing, as `waits` does.
    assert main(["game", "waits", game, hand, "--json"]) == (0 if expected else 1)
    assert tuple(json.loads(capsys.readouterr().out)["waits"]) == expected


@pytest.mark.parametrize("hand", [
    "1m 2m 3m 4p 5p 6p 7s 8s 9s 2m 3m 5s",  # 12 tiles
    "1m 2m 3m 4p 5p 6p 7s 8s 9s 2m 3m 5s 5s 5s",  # a winning hand's 14
    "1m 2m 3m 4p 5p 6p 7s 8s 9s 2m 3m 5s 0s",  # no such tile
])
def test_game_waits_of_a_hand_the_game_cannot_read(hand: str) -> None:
    with pytest.raises(GameError) as raised:
        _query(Waits[Game["hk-oldstyle"], Hand[hand]]).evaluate()
    assert raised.value.kind == "bad-hand"


def test_game_waits_take_no_situation() -> None:
    with pytest.raises(AnnotationError) as raised:
        _query(Waits[Game["mcr"], Hand["2m 3m 4m 4p 5p 6p 6s 7s 8s 2p 3p 4p 5s"],
                     SelfDrawn]).evaluate()
    assert raised.value.input_index == 2
