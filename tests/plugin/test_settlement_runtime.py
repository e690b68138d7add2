"""Settlement[...], Readings[...] and Shanten/Waits with rules at run time: the same answers
as the plugin gives (test_settlement.yaml, test_hand_results.yaml; values worked there)."""

from __future__ import annotations

import typing

import pytest

from typed_mahjong import (
    From,
    Hand,
    HandError,
    Readings,
    Riichi,
    Ron,
    Rules,
    Settlement,
    Shanten,
    Sticks,
    Tsumo,
    Waits,
    reading_texts,
    settle,
    shanten,
    waits,
)
from typed_mahjong.query.annotations import Query
from typed_mahjong.query.building import AnnotationError

P = "123m456p234s789s55m"  # pinfu on 4s


def _query(hint: object) -> Query:
    query = typing.get_args(hint)[1]
    assert isinstance(query, Query)
    return query


def test_settlement_at_run_time() -> None:
    ron = _query(Settlement[Hand[P], Ron["4s"], Riichi, From["W"]])
    assert ron.evaluate() == (0, 2000, -2000, 0)
    assert ron.accepts((0, 2000, -2000, 0)) and not ron.accepts((0, 2000, 0, -2000))
    # Riichi + menzen tsumo + pinfu, 3 han 20 fu: 1300 / 700 / 700, + 1000 from the table.
    tsumo = _query(Settlement[Hand[P], Tsumo["4s"], Riichi, Sticks[1]])
    assert tsumo.evaluate() == (-1300, 3700, -700, -700)
    assert settle(P, "4s", tsumo=True, riichi=True, sticks=1) == (-1300, 3700, -700, -700)
    assert typing.get_args(Settlement[Hand[P], Ron["4s"], From["W"]])[0] is tuple


def test_settlement_refuses_what_the_plugin_refuses() -> None:
    with pytest.raises(AnnotationError, match="needs the discarder"):
        _query(Settlement[Hand[P], Ron["4s"], Riichi]).evaluate()
    with pytest.raises(HandError, match="a ron needs the seat that discarded"):
        settle(P, "4s", riichi=True)
    with pytest.raises(HandError, match="a tsumo has no discarder"):
        settle(P, "4s", "W", tsumo=True, riichi=True)
    with pytest.raises(HandError, match="North seat"):
        settle("111m456p234s789s55p", "4s", "N", riichi=True, rules="tenhou-sanma")


def test_readings_at_run_time() -> None:
    both = ("55p 789s 111m 222m 333m", "55p 123m 123m 123m 789s")
    assert _query(Readings[Hand["111222333m55p789s"]]).evaluate() == both
    assert reading_texts("111222333m55p789s") == both
    assert reading_texts("123m456p789s1z2z3z4z5z") == ()


def test_waits_and_shanten_take_the_rules_at_run_time() -> None:
    assert _query(Waits[Hand["11m99m123p456s789s"], Rules["tenhou-sanma"]]).evaluate() \
        == ("1m", "9m")
    assert _query(Waits[Hand["123p456s789s11z23m"]]).evaluate() == ("1m", "4m")
    for hint in (Waits[Hand["123p456s789s11z23m"], Rules["tenhou-sanma"]],
                 Shanten[Hand["123p456s789s11z23m"], Rules["tenhou-sanma"]]):
        with pytest.raises(HandError, match="2m is not in the three-player tile set"):
            _query(hint).evaluate()
    # The rules given to evaluate() (the plugin's configured rules) apply as well.
    with pytest.raises(HandError, match="2m is not in the three-player tile set"):
        _query(Waits[Hand["123p456s789s11z23m"]]).evaluate(rules="tenhou-sanma")
    with pytest.raises(HandError, match="2m is not in"):
        waits("123p456s789s11z23m", rules="tenhou-sanma")
    assert shanten("11m99m123p456s789s", rules="tenhou-sanma") == 0


def test_a_settlement_scores_its_win_once(monkeypatch: pytest.MonkeyPatch) -> None:
    # Issue 31: the query layer scored the hand, then the settlement scored it again. Now the
    # settlement alone scores it: the query layer's scorer is never asked, the core's
    # score() runs once, and a hand with no yaku is still refused (NoYaku).
    from typed_mahjong.core import settlement
    from typed_mahjong.errors import NoYaku
    from typed_mahjong.query.answering import ScoreMemo, answer
    from typed_mahjong.query.building import Call

    calls: list[str] = []
    real = settlement.score

    def counted(hand: str, win: str, **options: typing.Any) -> typing.Any:
        calls.append(hand)
        return real(hand, win, **options)

    class Never(ScoreMemo):
        def score(self, call: Call, rules: object) -> typing.NoReturn:
            raise AssertionError("the query layer scored a Settlement's hand itself")

    never = Never()

    monkeypatch.setattr(settlement, "score", counted)
    call = _query(Settlement[Hand[P], Ron["4s"], From["W"]]).call()
    answered = answer(call, scores=never)
    # Pinfu ron 30 fu 1 han: 1000 from W to S (the default seat).
    assert answered.value == (0, 1000, -1000, 0) and calls == [P]
    yakuless = _query(Settlement[Hand["123m456p789s11z chi:234s"], Ron["1m"], From["W"]])
    with pytest.raises(NoYaku, match="no yaku: '123m456p789s11z chi:234s' won by ron on 1m"):
        answer(yakuless.call(), scores=never)
