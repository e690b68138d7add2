"""The tenhou.net/6 reader on a hand-written log (tests/data/tenhou6): the table replayed
from per-seat lists, and faults located by round."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from typed_mahjong.logs import LogError, read_log, verify_win
from typed_mahjong.logs.tenhou6 import lobby_from_rule

DATA = Path(__file__).parent.parent / "data" / "tenhou6" / "handmade.json"


def test_replayed_rounds_give_the_situations() -> None:
    game = read_log(DATA)
    assert game.faults == [] and [d.kind for d in game.draws] == ["流局"]
    first, second, third = game.wins
    # Round 1: seat 1 riichis on its first discard ("r60"), seat 2 deals in at once:
    # double riichi + ippatsu + pinfu + red 5p = 5 han: mangan 8000 (+1000 stick).
    assert (first.hand, first.win, first.discarder) == ("234m06799p345678s", "8s", 2)
    assert dict(first.situation)["double_riichi"] and dict(first.situation)["ippatsu"]
    # Round 2: dealer seat 1, closed kan of East ("414141a41"), the second indicator 8m is
    # revealed, the replacement 5s wins: rinshan.
    assert second.hand == "234m678p34566s ankan:1111z"
    assert dict(second.situation) == {"tsumo": True, "rinshan": True, "seat": "E",
                                      "round": "E", "dora": "8m9s"}
    # Round 4: a chi ("c232224") and a pon from the left ("p474747") before seat 0's 9m
    # is ronned: pinfu 30 fu 1000, seat 1 is North to dealer seat 2. (Round 3 was a draw
    # with nobody tenpai: the deal passed, 2 honba, so seat 0 pays 1000 + 600.)
    assert third.hand == "123789m456p11345s" and third.win == "9m"
    assert dict(third.situation)["seat"] == "N"
    for win in game.wins:
        verdict = verify_win(win)
        assert verdict.outcome == "agree", verdict.differences


def test_a_damaged_round_is_located_and_the_rest_read(tmp_path: Path) -> None:
    document = json.loads(DATA.read_text(encoding="utf-8"))
    document["log"][0][6] = ["x60"]  # seat 0's discards: not a tile
    path = tmp_path / "damaged.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    game = read_log(path)
    assert [(f.where, f.fault) for f in game.faults] == [
        ("round 1 (E1-0, log[0][6][0])", "discard entry 'x60' is not a tile")]
    assert [win.round_name for win in game.wins] == ["E2-0", "E3-2"]


def test_not_a_tenhou6_log(tmp_path: Path) -> None:
    path = tmp_path / "other.json"
    path.write_text('{"title": []}', encoding="utf-8")
    with pytest.raises(LogError, match="an object with a 'log' list"):
        read_log(path)


def test_lobby_names() -> None:
    assert lobby_from_rule({"disp": "般南喰赤", "aka": 1}).overrides == ()
    assert dict(lobby_from_rule({"disp": "鳳東", "aka": 0}).overrides) == {
        "red_fives": False, "open_tanyao": False}
    assert lobby_from_rule({"disp": "三鳳南喰赤", "aka": 1}).players == 3
    unknown = lobby_from_rule({"disp": "玉の間", "aka": 1})
    assert unknown.rules is None and "not a Tenhou lobby name" in str(unknown.unmapped)
