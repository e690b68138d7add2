"""The Tenhou mjlog reader: real logs agree with the server; situations from event order;
damaged and hostile input gets a located error."""

from __future__ import annotations

import dataclasses
import gzip
import re
from collections import Counter
from pathlib import Path

import pytest

from typed_mahjong.logs import LogError, Win, read_log, verify_win, verify_wins
from typed_mahjong.logs import source as log_source
from typed_mahjong.logs.tenhou_lobby import lobby_from_go
from typed_mahjong.logs.tenhou_meld import decode_meld

DATA = Path(__file__).parent.parent / "data" / "tenhou_mjlog"
REAL_LOGS = sorted(path for path in DATA.iterdir() if path.suffix != ".md")


def test_every_real_win_agrees() -> None:
    outcomes: Counter[str] = Counter()
    reasons: Counter[str] = Counter()
    for path in REAL_LOGS:
        game = read_log(path)
        assert game.faults == [], path
        for win, verdict in zip(game.wins, verify_wins(game.wins), strict=True):
            assert verdict.outcome != "disagree", (path, win.where, verdict.differences,
                                                   win.call_text())
            outcomes[verdict.outcome] += 1
            if verdict.reason:
                reasons[verdict.reason] += 1
    assert sum(outcomes.values()) == 128
    # The double rons, the three-player game and the pao win are settled
    # (typed_mahjong.core.settlement); only the special lobbies stay unmapped.
    assert reasons == Counter({"GO type bits 0x100 mark a special lobby with rules we have "
                               "no source for": 4,
                               "GO type bits 0x800 mark a special lobby with rules we have "
                               "no source for": 2})
    assert outcomes == Counter({"agree": 128 - 6, "unmapped": 6})


def _deltas_changed(win: Win, deltas: tuple[int, ...]) -> Win:
    return dataclasses.replace(win, recorded=dataclasses.replace(win.recorded, deltas=deltas))


def test_double_ron_pays_honba_and_sticks_to_the_first_winner_only() -> None:
    # bug5.xml, S4-2 (seed 7,2,2; dealer seat 3): seat 0 deals in to seat 2 (open tanyao,
    # 1 han 30 fu: 1000) and to seat 3 (pinfu + dora 2, 3 han 30 fu, dealer: 5800). The
    # first in turn order from seat 0 is seat 2: 1000 + 2 honba x 300 + 2 sticks x 1000 =
    # 3600 (sc +36; seat 0 pays 1000 + 600: -16). Seat 3 gets 5800 alone (sc +58, -58).
    game = read_log(DATA / "bug5.xml")
    first, second = game.wins[-2:]
    assert (first.winner, second.winner, first.discarder, second.discarder) == (2, 3, 0, 0)
    assert first.recorded.deltas == (-1600, 0, 3600, 0)
    assert second.recorded.deltas == (-5800, 0, 0, 5800)
    assert [verdict.outcome for verdict in verify_wins([first, second])] == ["agree", "agree"]
    # The honba going to the second winner instead would be 5800 + 600: disagree.
    wrong = _deltas_changed(second, (-6400, 0, 0, 6400))
    verdicts = verify_wins([first, wrong])
    assert verdicts[1].outcome == "disagree"
    assert "point changes by seat: log [-6400, 0, 0, 6400], ours [-5800, 0, 0, 5800]" \
        in verdicts[1].differences[0]


def test_three_player_wins_are_settled_under_tenhou_sanma() -> None:
    game = read_log(DATA / "sanma2.xml")
    assert game.lobby.rules is not None and game.lobby.rules.name == "tenhou-sanma"
    # E2-3: seat 0 (West; dealer seat 1) tsumo, menzen tsumo + tanyao + 1 nuki = 3 han 30
    # fu: 1000/2000 from the two payers (the North's share is lost), honba 3 x 100 from
    # each: dealer seat 1 pays 2000 + 300, seat 2 pays 1000 + 300; the winner +3600.
    win = next(win for win in game.wins if win.round_name == "E2-3")
    assert dict(win.situation)["nuki"] == 1
    assert win.recorded.deltas == (3600, -2300, -1300)
    assert verify_win(win).outcome == "agree"
    wrong = _deltas_changed(win, (3600, -1800, -1800))  # north-bisection would differ
    assert verify_win(wrong).outcome == "disagree"
    assert [verdict.outcome for verdict in verify_wins(game.wins)] == ["agree"] * 5


def test_special_lobbies_are_scored_with_their_overrides() -> None:
    chip = read_log(DATA / "chip.xml_")
    assert dict(chip.lobby.overrides) == {"kiriage": True}
    # E1: dealer tsumo, riichi + menzen tsumo + 1 aka + ... = 4 han 30 fu: 3900 all without
    # kiriage (11700), mangan 4000 all (12000) with it, as the server paid.
    first = chip.wins[0]
    assert first.recorded.points == 12000
    assert verify_win(first).outcome == "agree"
    ratio1 = read_log(DATA / "ratio1.xml_")
    assert dict(ratio1.lobby.overrides) == {"kiriage": True, "honba_value": 1500}
    # E3-1: ron 8000 (kiriage of 7700) + 1 honba at 1500 + 2 sticks = 11500 to the winner.
    e31 = next(win for win in ratio1.wins if win.round_name == "E3-1")
    assert max(e31.recorded.deltas) == 11500
    assert verify_win(e31).outcome == "agree"


def test_pao_is_derived_from_the_calls() -> None:
    # pao.xml: seat 2 pons 6z (m=47690) and 5z (m=49705) then 7z from seat 0 (m=51722):
    # the third dragon pon makes seat 0 liable; seat 0 is North to dealer seat 1.
    win = read_log(DATA / "pao.xml").wins[-1]
    assert dict(win.situation)["pao"] == "N"
    assert win.notes == ()  # agrees with the log's paoWho="0"
    # Daisangen tsumo, 1 honba: Tenhou's liable player pays the whole 32000 and the honba
    # (300): seat 0 -32300, the winner seat 2 +32300 (sc), nobody else pays.
    assert win.recorded.deltas == (-32300, 0, 32300, 0)
    assert verify_win(win).outcome == "agree"
    assert verify_win(_deltas_changed(win, (-16100, -8100, 32300, -8100))).outcome \
        == "disagree"


def test_gzip_log_reads_like_the_plain_one(tmp_path: Path) -> None:
    packed = tmp_path / "example.mjlog"
    packed.write_bytes(gzip.compress((DATA / "example.xml").read_bytes()))
    assert read_log(packed).wins == [
        _renamed(win, str(packed)) for win in read_log(DATA / "example.xml").wins]


def _renamed(win: object, source: str) -> object:
    import dataclasses
    return dataclasses.replace(win, source=source)  # type: ignore[type-var]


# --- meld codes ---------------------------------------------------------------------------

def test_meld_codes_decode_to_the_documented_layout() -> None:
    # pao.xml's three dragon pons: 5z (tile 31 = ids 124..127), 6z (128..131), 7z (132..135)
    assert [decode_meld(m).kind for m in (47690, 49705, 51722)] == ["pon"] * 3
    assert {i // 4 for i in decode_meld(47690).ids} == {31}
    assert {i // 4 for i in decode_meld(49705).ids} == {32}
    assert {i // 4 for i in decode_meld(51722).ids} == {33}
    assert decode_meld(51722).called_from == 2  # seat 2 called from seat 0: across
    # A chi: (pattern * 3 + called) << 10 | offsets | 0x4 | from left (3).
    code = ((1 * 7 + 2) * 3 + 1) << 10 | 0x4 | 3  # pin, run from 3p, second tile called
    chi = decode_meld(code)
    assert (chi.kind, [i // 4 for i in chi.ids], chi.called_id) == ("chi", [11, 12, 13], 48)
    assert decode_meld(68 << 8).kind == "ankan"
    assert decode_meld(68 << 8 | 1).kind == "kan"
    with pytest.raises(ValueError, match="beyond 34"):
        decode_meld(34 * 4 << 8 | 1)


# --- situations from the event order (synthetic logs, worked by hand) ------------------------

def _mjlog(events: str, go: int = 169, deals: dict[int, list[int]] | None = None) -> str:
    """A one-round mjlog, dealer seat 0. Each of the 136 ids comes into play once: seats
    not in ``deals`` are dealt the lowest ids that nothing in ``events`` uses (nor the
    dora indicator 120)."""
    dealt = dict(deals or {})
    used = {120, *(int(n) for n in re.findall(r"<[D-GT-W](\d+)/>", events))}
    for listed in re.findall(r'(?:hai|machi|doraHai|doraHaiUra)="([\d,]+)"', events):
        used.update(int(n) for n in listed.split(","))
    used.update(tile for ids in dealt.values() for tile in ids)
    free = iter(tile for tile in range(136) if tile not in used)
    for seat in range(4):
        dealt.setdefault(seat, [next(free) for _ in range(13)])
    hands = " ".join(f'hai{seat}="{",".join(map(str, dealt[seat]))}"' for seat in range(4))
    return (f'<mjloggm ver="2.3"><GO type="{go}" lobby="0"/><TAIKYOKU oya="0"/>'
            f'<INIT seed="0,0,0,1,1,120" ten="250,250,250,250" oya="0" {hands}/>'
            f"{events}</mjloggm>")


def _write(tmp_path: Path, text: str, name: str = "game.xml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def _pon_code(tile: int, called: int, unused: int, relative: int, kakan: bool = False) -> int:
    return (tile * 3 + called) << 9 | unused << 5 | (0x10 if kakan else 0x8) | relative


def test_robbed_added_kan_is_chankan_and_keeps_ippatsu(tmp_path: Path) -> None:
    # Seat 0 pons 3s (tile 20, ids 81-83; 80 unused) from seat 1, seat 1 riichis, seats 2
    # and 3 discard, seat 0 adds 80 to the pon: seat 1 robs it. The call is the robbed kan
    # itself, so ippatsu stands (as Tenhou pays it).
    pon = _pon_code(20, 0, 0, 1)
    kakan = _pon_code(20, 0, 0, 1, kakan=True)
    # Winner: 123m 456m 789p 55p + 24s, wins 3s (kanchan). riichi, ippatsu, chankan = 3 han;
    # fu 20 + 10 closed ron + 2 kanchan = 32 -> 40; non-dealer 3 han 40 fu = 5200.
    events = (f'<T90/><D90/><U81/><E81/><N who="0" m="{pon}"/><D91/>'
              '<U92/><REACH who="1" step="1"/><E92/><REACH who="1" step="2"/>'
              '<V93/><F93/><W94/><G94/><T80/>'
              f'<N who="0" m="{kakan}"/>'
              '<AGARI ba="0,1" hai="0,4,8,12,17,20,60,64,68,53,54,76,80,84" machi="80" '
              'ten="40,5200,0" yaku="1,1,2,1,3,1" doraHai="120" doraHaiUra="121" who="1" '
              'fromWho="0" sc="250,-52,240,62,250,0,250,0"/>')
    deals = {0: [82, 83, 91, 96, 97, 98, 99, 100, 101, 102, 103, 104, 105],
             1: [0, 4, 8, 12, 17, 20, 60, 64, 68, 53, 54, 76, 84]}  # the winner's hand
    win = read_log(_write(tmp_path, _mjlog(events, deals=deals))).wins[0]
    situation = dict(win.situation)
    assert situation["chankan"] is True and situation["ippatsu"] is True
    assert situation["sticks"] == 1 and "rinshan" not in situation
    assert (win.hand, win.win) == ("123456m55789p234s", "3s")
    verdict = verify_win(win)
    assert verdict.outcome == "agree", verdict.differences


def test_win_on_the_kan_replacement_is_rinshan(tmp_path: Path) -> None:
    # Dealer draws the 4th 9p, closed kan (68 << 8), new dora, replacement 3m, tsumo.
    # 123m 456m 789s 22p + ankan 9p, win 3m (penchan): menzen tsumo + rinshan = 2 han;
    # fu 20 + 2 tsumo + 2 penchan + 32 closed terminal kan = 56 -> 60; dealer 2 han 60 fu
    # tsumo = 2000 all. No tenhou: a kan was made before the win.
    events = ('<T71/><N who="0" m="17408"/><DORA hai="124"/><T8/>'
              '<AGARI ba="0,0" hai="0,4,8,12,17,20,96,100,104,40,41" m="17408" machi="8" '
              'ten="60,6000,0" yaku="0,1,4,1" doraHai="120,124" who="0" fromWho="0" '
              'sc="250,60,250,-20,250,-20,250,-20"/>')
    deals = {0: [0, 4, 12, 17, 20, 96, 100, 104, 40, 41, 68, 69, 70]}
    win = read_log(_write(tmp_path, _mjlog(events, deals=deals))).wins[0]
    situation = dict(win.situation)
    assert situation["rinshan"] is True and "tenhou" not in situation
    assert situation["dora"] == "4z5z"  # indicators 120 (4z) and 124 (5z), each written whole
    assert win.hand == "123456m22p789s ankan:9999p"
    verdict = verify_win(win)
    assert verdict.outcome == "agree", verdict.differences


def test_first_draw_win_without_calls_is_chiihou(tmp_path: Path) -> None:
    # Seat 1's first draw completes 123m 456m 789m 123p 55p: chiihou, a yakuman; non-dealer
    # tsumo 8000/16000 = 32000.
    events = ('<T90/><D90/><U54/>'
              '<AGARI ba="0,0" hai="0,4,8,12,17,20,24,28,32,36,40,44,53,54" machi="54" '
              'ten="30,32000,5" yakuman="38" doraHai="120" who="1" fromWho="1" '
              'sc="250,-160,250,320,250,-80,250,-80"/>')
    win = read_log(_write(tmp_path, _mjlog(events, deals={1: _WINNER_DEAL}))).wins[0]
    assert dict(win.situation)["chiihou"] is True
    verdict = verify_win(win)
    assert verdict.outcome == "agree", verdict.differences


# Seat 1's hand in the wins below: 123m 456m 789m 123p 55p less the 54 it wins on.
_WINNER_DEAL = [0, 4, 8, 12, 17, 20, 24, 28, 32, 36, 40, 44, 53]
_TSUMO_WIN = ('<AGARI ba="0,1" hai="0,4,8,12,17,20,24,28,32,36,40,44,53,54" machi="54" '
                    'ten="30,0,0" yaku="0,1,21,2" doraHai="120" who="1" fromWho="1" '
                    'sc="250,0,240,0,250,0,250,0"/>')


@pytest.mark.parametrize(("before", "after", "expected"), [
    # Riichi on seat 1's first discard, nobody called: double riichi; the win is seat 1's
    # next draw, nobody called in between: ippatsu too.
    ("", "", {"double_riichi": True, "ippatsu": True}),
    # Seat 1 discards once more before winning: the ippatsu is gone.
    ("", "<U95/><E95/><V96/><F96/><W97/><G97/><T98/><D98/>", {"double_riichi": True}),
    # A call (seat 2's pon of seat 0's 5s, id 90) before seat 1's first discard: a plain
    # riichi; the call came before the riichi, so the ippatsu stands.
    (f'<N who="2" m="{_pon_code(22, 2, 3, 2)}"/><F100/>', "", {"riichi": True,
                                                               "ippatsu": True}),
])
def test_double_riichi_and_ippatsu_follow_the_calls(tmp_path: Path, before: str, after: str,
                                                    expected: dict[str, bool]) -> None:
    events = (f'<T90/><D90/>{before}<U91/><REACH who="1" step="1"/><E91/>'
              '<REACH who="1" step="2"/><V92/><F92/><W93/><G93/><T94/><D94/>'
              f'{after}<U54/>{_TSUMO_WIN}')
    deals = {1: _WINNER_DEAL, 2: [88, 89, 100, 101, 102, 103, 104, 105, 106, 107, 108, 109,
                                  110]}
    win = read_log(_write(tmp_path, _mjlog(events, deals=deals))).wins[0]
    flags = {key: value for key, value in win.situation
             if key in ("riichi", "double_riichi", "ippatsu")}
    assert flags == expected


# --- lobbies --------------------------------------------------------------------------------

def test_lobby_bits_map_to_overrides_or_are_reported() -> None:
    assert lobby_from_go(169, {}).overrides == ()
    assert dict(lobby_from_go(169 | 0x2 | 0x4, {}).overrides) == {"red_fives": False,
                                                                  "open_tanyao": False}
    assert lobby_from_go(185, {}).players == 3
    unknown = lobby_from_go(0x801, {})
    assert unknown.rules is None and "0x800" in str(unknown.unmapped)
    custom = lobby_from_go(0x1, {"rule": ",,0101,0,0,0,0"})
    assert custom.rules is None and "custom rules" in str(custom.unmapped)


# --- damaged and hostile input -------------------------------------------------------------

def test_a_damaged_round_is_reported_and_the_next_round_still_read(tmp_path: Path) -> None:
    bad = ('<T90/><D90/><U54/><AGARI ba="0,0" hai="0,4,8" machi="99" ten="30,1000,0" '
           'yaku="0,1" doraHai="120" who="1" fromWho="1" sc="250,0,250,0,250,0,250,0"/>')
    text = _mjlog(bad).replace("</mjloggm>", "\n") + _mjlog(
        '<T90/><D90/><U54/><AGARI ba="0,0" hai="0,4,8,12,17,20,24,28,32,36,40,44,53,54" '
        'machi="54" ten="30,32000,5" yakuman="38" doraHai="120" who="1" fromWho="1" '
        'sc="250,-160,250,320,250,-80,250,-80"/>', deals={1: _WINNER_DEAL}).split(
        "<TAIKYOKU", 1)[1].split("/>", 1)[1]
    game = read_log(_write(tmp_path, text))
    assert len(game.faults) == 1 and len(game.wins) == 1
    fault = game.faults[0]
    # The line, the byte of the tag, the round and the tag's index in it (INIT is tag 0).
    assert fault.source.endswith("game.xml")
    assert fault.where == f"line 1, byte {text.index('<AGARI')} (E1-0, tag 4)"
    assert "winning tile 99 is not among hai" in fault.fault


def test_malformed_xml_names_the_line(tmp_path: Path) -> None:
    path = _write(tmp_path, '<mjloggm>\n<GO type="169"/>\n<INIT seed="0"\n</mjloggm>')
    with pytest.raises(LogError, match=r"game.xml: line 4, byte 42: malformed XML"):
        read_log(path)


def test_entity_declarations_are_refused(tmp_path: Path) -> None:
    laughs = ('<?xml version="1.0"?>\n<!DOCTYPE lolz [<!ENTITY lol "lol">'
              '<!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>\n'
              '<mjloggm><GO type="169"/>&lol2;</mjloggm>')
    with pytest.raises(LogError, match="DOCTYPE declaration"):
        read_log(_write(tmp_path, laughs))


def test_not_a_tenhou_log(tmp_path: Path) -> None:
    with pytest.raises(LogError, match="no <GO> element"):
        read_log(_write(tmp_path, "<html><body/></html>"))
    with pytest.raises(LogError, match="not a log format"):
        read_log(_write(tmp_path, "hello", "x.txt"))


def test_size_caps(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(log_source, "MAX_FILE_BYTES", 1000)
    big = _write(tmp_path, _mjlog("<T1/>" * 400))
    with pytest.raises(LogError, match="the log file is larger than 1000 bytes"):
        read_log(big)
    monkeypatch.setattr(log_source, "MAX_FILE_BYTES", 1 << 20)
    monkeypatch.setattr(log_source, "MAX_UNPACKED_BYTES", 10_000)
    bomb = tmp_path / "bomb.xml.gz"
    bomb.write_bytes(gzip.compress(b"<a>" + b" " * 1_000_000 + b"</a>"))
    assert bomb.stat().st_size < 10_000
    with pytest.raises(LogError, match="unpacks to more than 10000 bytes"):
        read_log(bomb)
    broken = tmp_path / "broken.gz"
    broken.write_bytes(gzip.compress(b"<mjloggm/>")[:-6])
    with pytest.raises(LogError, match="damaged gzip data"):
        read_log(broken)


def test_a_call_on_the_riichi_discard_breaks_ippatsu(tmp_path: Path) -> None:
    # Seat 2 pons seat 1's riichi discard (5s, from its left: relative 3) before the log
    # shows the riichi stick paid: no ippatsu for seat 1's next-draw win. (The riichi came
    # on seat 1's first discard with no call before it: a double riichi.)
    pon = _pon_code(22, 0, 0, 3)
    events = ('<T110/><D110/><U89/><REACH who="1" step="1"/><E89/>'
              f'<N who="2" m="{pon}"/><REACH who="1" step="2"/><F100/>'
              '<W93/><G93/><T94/><D94/><U54/>' + _TSUMO_WIN)
    deals = {1: _WINNER_DEAL, 2: [90, 91, 100, 101, 102, 103, 104, 105, 106, 107, 108, 109,
                                  111]}
    win = read_log(_write(tmp_path, _mjlog(events, deals=deals))).wins[0]
    assert "ippatsu" not in dict(win.situation) and dict(win.situation)["double_riichi"]


def _sanma(events: str, deals: dict[int, list[int]]) -> str:
    """A one-round three-player mjlog (GO type 185), dealer seat 0, the deals given in
    full, the dora indicator 100."""
    hands = " ".join(f'hai{seat}="{",".join(map(str, deals[seat]))}"' for seat in range(3))
    return (f'<mjloggm ver="2.3"><GO type="185" lobby="0"/><TAIKYOKU oya="0"/>'
            f'<INIT seed="0,0,0,1,1,100" ten="350,350,350" oya="0" {hands}/>'
            f"{events}</mjloggm>")


_SANMA_DEALS = {0: [0, 4, 8, 36, 40, 44, 48, 52, 56, 60, 64, 68, 72],
                1: [1, 5, 9, 37, 41, 45, 49, 53, 57, 61, 65, 69, 73],
                2: [2, 6, 10, 38, 42, 46, 50, 54, 58, 62, 66, 70, 74]}
_SANMA_DRAW = '<RYUUKYOKU ba="0,0" sc="350,0,350,0,350,0"/>'


def test_a_tile_in_two_melds_is_a_fault(tmp_path: Path) -> None:
    # Seat 0 holds the four 1m (ids 0-3) and declares the same closed kan twice: its
    # melds use id 0 twice (once held, once more in the second kan).
    events = ('<T90/><N who="0" m="0"/><T91/><N who="0" m="0"/><T92/><D92/>'
              '<RYUUKYOKU ba="0,0" sc="250,0,250,0,250,0,250,0"/>')
    deals = {0: [0, 1, 2, 3, 40, 44, 48, 52, 56, 60, 64, 68, 72]}
    text = _mjlog(events, deals=deals)
    game = read_log(_write(tmp_path, text))
    # Found by the table check where the round ends: named at the round's start.
    assert [(fault.where, fault.fault) for fault in game.faults] == [
        (f"line 1, byte {text.index('<INIT')} (E1-0, tag 0)",
         "<N>: seat 0 calls with id 0 (1m) twice (each id is one of the 136 tiles)")]


@pytest.mark.parametrize(("code", "fault"), [
    # Tenhou's nuki code is the North's id << 8 | 0x20; Norths are ids 120..123 (tile 30).
    (200 << 8 | 0x20, "meld code 51232 sets aside id 200, which is not a North (ids "
                      "120..123)"),
    (60 << 8 | 0x20, "meld code 15392 sets aside id 60, which is not a North (ids "
                     "120..123)"),
])
def test_a_north_set_aside_must_be_a_north(tmp_path: Path, code: int, fault: str) -> None:
    # No round end: a fault found only where the round ends would escape as no fault of
    # the round (136-id 200 is no tile at all).
    text = _sanma(f'<T110/><N who="0" m="{code}"/><D110/>', _SANMA_DEALS)
    game = read_log(_write(tmp_path, text))
    assert [(f.where, f.fault) for f in game.faults] == [
        (f"line 1, byte {text.index('<N ')} (E1-0, tag 2)", f"<N>: {fault}")]


def test_a_fifth_north_set_aside_is_a_fault(tmp_path: Path) -> None:
    # Seat 0 draws the four Norths (120..123) and sets each aside, then sets 120 aside again.
    kita = [tile << 8 | 0x20 for tile in (120, 121, 122, 123, 120)]
    events = "".join(f'<T{tile}/><N who="0" m="{code}"/>'
                     for tile, code in zip((120, 121, 122, 123, 124), kita, strict=True))
    text = _sanma(events + "<D124/>" + _SANMA_DRAW, _SANMA_DEALS)
    game = read_log(_write(tmp_path, text))
    fifth = [found.start() for found in re.finditer("<N ", text)][4]
    assert [(f.where, f.fault) for f in game.faults] == [
        (f"line 1, byte {fifth} (E1-0, tag 10)",
         "<N>: seat 0 sets aside a fifth North (four exist)")]


def test_a_chi_of_honours_is_no_meld() -> None:
    # Chi layout: (pattern * 3 + called) << 10 | offsets | 0x4 | relative. Pattern 21 is
    # suit 3 (the honours), which have no runs.
    with pytest.raises(ValueError, match="meld code 64519 is a chi of honours"):
        decode_meld((21 * 3 + 0) << 10 | 0x4 | 3)
