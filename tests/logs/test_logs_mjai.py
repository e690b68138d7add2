"""The mjai reader on a hand-written log (tests/data/mjai), and its faults."""

from __future__ import annotations

from pathlib import Path

from typed_mahjong.logs import read_log, verify_win

DATA = Path(__file__).parent.parent / "data" / "mjai" / "handmade.mjson"


def test_wins_and_situations_come_from_the_events() -> None:
    game = read_log(DATA)
    assert game.faults == [] and len(game.wins) == 2 and len(game.draws) == 1
    first, second = game.wins
    # E1: seat 1 riichis on its first discard, nobody called, seat 2 deals in at once:
    # double riichi + ippatsu + pinfu + 1 red five = 5 han, mangan 8000.
    assert (first.hand, first.win) == ("234m06799p345678s", "8s")
    assert dict(first.situation) == {"double_riichi": True, "ippatsu": True, "seat": "S",
                                     "round": "E", "dora": "1p", "ura": "9m", "sticks": 1}
    # E2: dealer seat 1 makes a closed kan of East and wins on the replacement 5s:
    # menzen tsumo + rinshan + seat East + round East = 4 han; fu 20 + 2 tsumo + 32 closed
    # honour kan = 54 -> 60: mangan, 4000 all. A kan came first, so no tenhou.
    assert second.hand == "234m678p34566s ankan:1111z"
    assert dict(second.situation) == {"tsumo": True, "rinshan": True, "seat": "E",
                                      "round": "E", "dora": "8m9s"}
    for win in game.wins:
        assert verify_win(win).outcome == "unmapped"  # mjai names no rules
    for win in read_log(DATA, assume_rules="tenhou").wins:
        verdict = verify_win(win)
        assert verdict.outcome == "agree", verdict.differences


def test_a_damaged_round_is_located_and_skipped(tmp_path: Path) -> None:
    lines = DATA.read_text(encoding="utf-8").splitlines()
    lines[3] = '{"type":"dahai","actor":0,"pai":"F","tsumogiri":true}'  # not held
    lines.insert(5, "{not json")
    damaged = tmp_path / "damaged.mjson"
    damaged.write_text("\n".join(lines), encoding="utf-8")
    game = read_log(damaged)
    assert [(fault.where, fault.fault) for fault in game.faults] == [
        ("line 4 (E1-0)", "dahai: the player does not hold 6z"),
        ("line 6 (E1-0)", "not JSON (Expecting property name enclosed in double quotes, column 2)")]
    assert [win.round_name for win in game.wins] == ["E2-0"]  # the next round is read


def test_hidden_tiles_are_a_fault(tmp_path: Path) -> None:
    text = DATA.read_text(encoding="utf-8").replace('"tehais":[["1m"', '"tehais":[["?"', 1)
    path = tmp_path / "hidden.mjson"
    path.write_text(text, encoding="utf-8")
    faults = read_log(path).faults
    assert faults and "hidden tile" in faults[0].fault and faults[0].where == "line 2 (E1-0)"


def test_mjai_yaku_names_are_the_mjai_servers_spelling() -> None:
    # mjai (the original server and the tools that speak it) spells 三暗刻 "sananko" and
    # 対々和 "toitoiho"; each name maps to one of our yaku, and none twice.
    from typed_mahjong.core.yaku import YAKU_NAMES, YAKUMAN_NAMES
    from typed_mahjong.logs.mjai import MJAI_YAKU

    assert MJAI_YAKU["sananko"] == "sanankou" and MJAI_YAKU["toitoiho"] == "toitoi"
    dora = {"dora", "ura dora", "aka dora"}
    assert set(MJAI_YAKU.values()) <= set(YAKU_NAMES) | set(YAKUMAN_NAMES) | dora
    assert len(set(MJAI_YAKU.values())) == len(MJAI_YAKU)
