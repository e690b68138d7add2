"""Issue 33: ``logs verify`` settles every round (wins, exhaustive and abortive draws, nagashi
mangan) and compares each seat's change and what the round hands on with the log."""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest
from log_builders import (
    INDICATOR,
    MIDDLE_SPARES,
    NOTEN_DEALS,
    ORPHAN_SPARES,
    Round,
    ankan,
    closing_draw,
    draw_and_discard,
    mjlog,
    noten_round,
    riichi,
    run_out,
)

from typed_mahjong.cli import main
from typed_mahjong.logs import open_log
from typed_mahjong.logs.round_verify import verify_round

DATA = Path(__file__).parent.parent / "data"
MJLOG = DATA / "tenhou_mjlog"
REAL = sorted(path for path in MJLOG.iterdir() if path.suffix != ".md")


def _verify(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, dict[str, object]]:
    code = main(["logs", "verify", *argv, "--json"])
    return code, json.loads(capsys.readouterr().out)


def _endings_in(paths: list[Path]) -> Counter[str]:
    """How the rounds end, counted from the XML itself: wins on one discard (fromWho
    another seat), tsumo (fromWho the winner), pao (paoWho), draws by their type."""
    endings: Counter[str] = Counter()
    for path in paths:
        for round_text in path.read_text(encoding="utf-8").split("<INIT ")[1:]:
            wins = re.findall(r'<AGARI [^>]*who="(\d)" fromWho="(\d)"', round_text)
            kinds = re.findall(r'<RYUUKYOKU (?:type="(\w+)")?', round_text)
            if wins:
                tsumo = wins[0][0] == wins[0][1]
                name = "tsumo" if tsumo else {1: "ron", 2: "double ron"}[len(wins)]
                endings[name + (" with pao" if "paoWho" in round_text else "")] += 1
            else:
                endings[{"": "exhaustive draw", "yao9": "nine terminals"}[kinds[0]]] += 1
    return endings


def test_every_real_round_is_settled_and_agrees(capsys: pytest.CaptureFixture[str]) -> None:
    code, summary = _verify([str(MJLOG), "--assume-rules", "tenhou"], capsys)
    rounds = sum(path.read_text(encoding="utf-8").count("<INIT ") for path in REAL)
    assert code == 0
    assert summary["rounds"] == rounds
    assert summary["round_outcomes"] == {"agree": rounds, "disagree": 0, "unmapped": 0,
                                         "damaged": 0}
    assert summary["endings"] == dict(_endings_in(REAL))
    assert summary["round_disagreements"] == [] and summary["faults"] == []


def test_a_changed_sc_is_a_round_disagreement(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    # example.xml's first draw: seats 0, 2, 3 tenpai, seat 1 noten: seat 1 pays 3000, each
    # tenpai seat gets 1000 (sc in hundreds: +10, -30, +10, +10). Seat 1's -30 made -20:
    original = (MJLOG / "example.xml").read_text(encoding="utf-8")
    record = 'sc="250,10,250,-30,250,10,250,10"'
    assert original.count(record) == 1
    changed = tmp_path / "changed.xml"
    changed.write_text(original.replace(record, 'sc="250,10,250,-20,250,10,250,10"'),
                       encoding="utf-8")
    code, summary = _verify([str(changed)], capsys)
    assert code == 1
    [verdict] = summary["round_disagreements"]
    assert (verdict["round"], verdict["ending"]) == ("E1-0", "exhaustive draw")
    assert verdict["recorded"] == [1000, -2000, 1000, 1000]
    assert verdict["computed"] == [1000, -3000, 1000, 1000]
    assert verdict["differences"] == ["each seat's change: log [1000, -2000, 1000, 1000], "
                                      "ours [1000, -3000, 1000, 1000]"]
    assert "tenpai: seat 0, seat 2, seat 3" in verdict["breakdown"]
    main(["logs", "verify", str(changed)])
    out = capsys.readouterr().out
    assert "DISAGREE" in out and "recorded: [1000, -2000, 1000, 1000]" in out


def test_what_a_round_hands_on_is_checked(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    # bug1.xml: the round after the first one (E1-0, a non-dealer win) must start with 0
    # honba; claiming 1 is a disagreement of the first round.
    original = (MJLOG / "bug1.xml").read_text(encoding="utf-8")
    seeds = re.findall(r'<INIT seed="(\d+),(\d+),', original)
    assert seeds[:2] == [("0", "0"), ("1", "0")]
    changed = tmp_path / "honba.xml"
    changed.write_text(original.replace('<INIT seed="1,0,', '<INIT seed="1,1,', 1),
                       encoding="utf-8")
    code, summary = _verify([str(changed)], capsys)
    assert code == 1
    first = next(verdict for verdict in summary["round_disagreements"]
                 if verdict["round"] == "E1-0")
    assert first["differences"] == ["honba handed on: the next round has 1, ours 0"]
    # (The next round, now at 1 honba, pays 300 more than its record: it disagrees too.)


def _verify_text(tmp_path: Path, text: str) -> list[tuple[str, str, tuple[str, ...]]]:
    path = tmp_path / "built.xml"
    path.write_text(text, encoding="utf-8")
    log = open_log(path)
    rounds = list(log.rounds())
    return [(verdict.outcome, verdict.ending, verdict.differences)
            for verdict in (verify_round(round_, log.lobby,
                                         rounds[index + 1] if index + 1 < len(rounds) else None,
                                         first=index == 0)
                            for index, round_ in enumerate(rounds))]


def test_four_riichi_is_an_abortive_draw_that_keeps_the_deposits(tmp_path: Path) -> None:
    # Every seat declares riichi and pays its stick: an abortive draw. Nothing is paid,
    # the four sticks stay on the table (the draw's ba shows them: 0 honba, 4 sticks) and
    # the dealer keeps the deal with one more honba.
    events = "".join(riichi(seat, MIDDLE_SPARES[seat]) for seat in range(4))
    first = noten_round(events + '<RYUUKYOKU type="reach4" ba="0,4" '
                                 'sc="240,0,240,0,240,0,240,0"/>')
    after = (240, 240, 240, 240)
    second = noten_round(run_out() + closing_draw("1,4", after), honba=1, sticks=4,
                         ten=after)
    assert _verify_text(tmp_path, mjlog(first, second)) == [
        ("agree", "four riichi", ()), ("agree", "exhaustive draw", ())]
    lost = noten_round(run_out() + closing_draw("1,3", after), honba=1, sticks=3, ten=after)
    [verdict, _] = _verify_text(tmp_path, mjlog(first, lost))
    assert verdict[2] == ("sticks left on the table: the next round has 3, ours 4",)


def test_nagashi_mangan_is_paid_as_a_mangan_tsumo(tmp_path: Path) -> None:
    # Seat 1 (South to dealer seat 0) draws and discards only terminals and honours, the
    # others middle tiles, nobody calls, and the wall runs out: nagashi mangan, paid as a
    # non-dealer's mangan tsumo, 4000 from the dealer and 2000 from each other seat, no
    # tenpai payments (every hand is noten anyway).
    nagashi = noten_round(run_out(orphans_for=1) + '<RYUUKYOKU type="nm" ba="0,0" '
                          'sc="250,-40,250,80,250,-20,250,-20"/>')
    after = (210, 330, 230, 230)
    following = noten_round(run_out(dealer=1) + closing_draw("1,0", after), number=1,
                            honba=1, ten=after, dealer=1)
    assert _verify_text(tmp_path, mjlog(nagashi, following)) == [
        ("agree", "nagashi mangan", ()), ("agree", "exhaustive draw", ())]
    wrong = nagashi.events.replace('sc="250,-40,250,80,250,-20,250,-20"',
                                   'sc="250,-20,250,60,250,-20,250,-20"')
    [verdict, _] = _verify_text(tmp_path, mjlog(noten_round(wrong), following))
    assert verdict[0] == "disagree"
    assert verdict[2][0] == ("each seat's change: log [-2000, 6000, -2000, -2000], ours "
                             "[-4000, 8000, -2000, -2000]")


def _nine_terminals() -> Round:
    # The dealer (seat 0) is dealt 1m 9m 1p 9p 1s South West North White (nine kinds of
    # terminals and honours) and 4m 7m 4p 7p, draws a 9s (ten kinds) and aborts.
    deal = [4 * kind for kind in (0, 8, 9, 17, 18, 28, 29, 30, 31, 3, 6, 12, 15)]
    hand = ",".join(map(str, sorted([*deal, 104])))
    return noten_round(f'<T104/><RYUUKYOKU type="yao9" ba="0,0" '
                       f'sc="250,0,250,0,250,0,250,0" hai0="{hand}"/>', deals={0: deal})


def _four_winds() -> Round:
    # Each seat's first discard is an East, no call; seat 1 declares riichi with it, and
    # its stick stays on the table.
    events = (draw_and_discard(0, 108) + riichi(1, 109) + draw_and_discard(2, 110)
              + draw_and_discard(3, 111))
    return noten_round(events + '<RYUUKYOKU type="kaze4" ba="0,1" '
                                'sc="250,0,240,0,250,0,250,0"/>')


def _four_kans() -> Round:
    # Seat 0 is dealt all four 3m and 5m, seat 1 all four 6m and 8m; each declares its two
    # closed kans (a replacement tile after each), then discards: four kans by two players.
    deals = {0: [*range(8, 12), *range(16, 20), *NOTEN_DEALS[0][4:9]],
             1: [*range(20, 24), *range(28, 32), *NOTEN_DEALS[1][4:9]]}
    events = (f"<T{MIDDLE_SPARES[-1]}/>{ankan(0, 2)}<T{MIDDLE_SPARES[-2]}/>{ankan(0, 4)}"
              f"<T{MIDDLE_SPARES[-3]}/><D{MIDDLE_SPARES[-3]}/>"
              f"<U{MIDDLE_SPARES[-4]}/>{ankan(1, 5)}<U{MIDDLE_SPARES[-5]}/>{ankan(1, 7)}"
              f"<U{MIDDLE_SPARES[-6]}/><E{MIDDLE_SPARES[-6]}/>")
    return noten_round(events + '<RYUUKYOKU type="kan4" ba="0,0" '
                                'sc="250,0,250,0,250,0,250,0"/>', deals=deals)


def _triple_ron() -> Round:
    # Seats 1, 2 and 3 each hold 123456789m 123p and a 5s (copies 1, 2, 3), a single wait
    # on 5s; the dealer draws the last 5s (id 88) and discards it: three rons.
    waiting = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 22)
    deals = {seat: [4 * kind + seat for kind in waiting] for seat in (1, 2, 3)}
    deals[0] = [4 * kind for kind in (12, 13, 14, 15, 16, 17, 27, 28, 29, 30, 31, 32, 33)]
    return noten_round('<T88/><D88/><RYUUKYOKU type="ron3" ba="0,0" '
                       'sc="250,0,250,0,250,0,250,0"/>', deals=deals, indicator=80)


@pytest.mark.parametrize(("build", "ending", "sticks"), [
    (_nine_terminals, "nine terminals", 0), (_four_winds, "four winds", 1),
    (_four_kans, "four kans", 0), (_triple_ron, "triple ron", 0)])
def test_abortive_draws_pay_nothing(tmp_path: Path, build: Callable[[], Round], ending: str,
                                    sticks: int) -> None:
    # Nothing changes hands; a riichi stick paid in the round stays on the table, and the
    # dealer keeps the deal with one more honba.
    first = build()
    after = (250, 250 - 10 * sticks, 250, 250)
    second = noten_round(run_out() + closing_draw(f"1,{sticks}", after), honba=1,
                         sticks=sticks, ten=after)
    assert _verify_text(tmp_path, mjlog(first, second)) == [
        ("agree", ending, ()), ("agree", "exhaustive draw", ())]


def test_wins_only_and_every_round(capsys: pytest.CaptureFixture[str]) -> None:
    files = [str(MJLOG / "bug5.xml"), str(MJLOG / "pao.xml")]
    code, summary = _verify([*files, "--wins-only"], capsys)
    wins = sum((MJLOG / name).read_text(encoding="utf-8").count("<AGARI ")
               for name in ("bug5.xml", "pao.xml"))
    assert (code, summary["rounds"], summary["wins"], summary["agree"]) == (0, 0, wins, wins)
    code, summary = _verify([*files, "--rounds"], capsys)
    rounds = sum((MJLOG / name).read_text(encoding="utf-8").count("<INIT ")
                 for name in ("bug5.xml", "pao.xml"))
    listed = summary["rounds_listed"]
    assert len(listed) == rounds and {verdict["outcome"] for verdict in listed} == {"agree"}
    # Each listed round's changes add up to the sticks it takes from the table less the
    # ones it puts there.
    assert all(isinstance(verdict["computed"], list) for verdict in listed)


def test_hand_made_tenhou6_and_mjai_rounds(capsys: pytest.CaptureFixture[str]) -> None:
    code, summary = _verify([str(DATA / "tenhou6"), str(DATA / "mjai"), "--assume-rules",
                             "tenhou"], capsys)
    assert code == 0
    assert summary["round_outcomes"]["agree"] == summary["rounds"] == 7
    assert summary["endings"] == {"ron": 3, "tsumo": 2, "exhaustive draw": 2}


def _first_verdict(tmp_path: Path, round_: Round) -> tuple[str, str, tuple[str, ...]]:
    return _verify_text(tmp_path, mjlog(round_))[0]


def test_a_draw_whose_conditions_do_not_hold_disagrees(tmp_path: Path) -> None:
    # Nine terminals: the dealer dealt a 4s and a 6s (ids 84, 92) in place of the 1m and 9m
    # holds, with the 9s it draws, 1p 9p 1s 9s South West North White: eight kinds.
    deal = [84, 92, *(4 * kind for kind in (9, 17, 18, 28, 29, 30, 31, 3, 6, 12, 15))]
    hand = ",".join(map(str, sorted([*deal, 104])))
    eight = (f'<T104/><RYUUKYOKU type="yao9" ba="0,0" sc="250,0,250,0,250,0,250,0" '
             f'hai0="{hand}"/>')
    verdict = _first_verdict(tmp_path, noten_round(eight, deals={0: deal}))
    assert verdict[0] == "disagree"
    assert verdict[2] == ("nine terminals: seat 0's hand 47m1479p1469s2345z holds 8 kinds of "
                          "terminals and honours, not nine",)
    # Four winds: seat 3 discards a Green dragon (id 128) instead of the last East.
    green = _four_winds().events.replace("<W111/><G111/>", "<W128/><G128/>")
    verdict = _first_verdict(tmp_path, noten_round(green))
    assert verdict[2] == ("four winds: the discards by seat are 1z, 1z, 1z, 6z with 0 call(s) "
                          "(one discard from each seat, all four the same wind, and no call "
                          "are needed)",)
    # Four kans: seat 1's second kan left out (three kans, the discard after the third).
    three = _four_kans().events.replace(
        f"{ankan(1, 7)}<U{MIDDLE_SPARES[-6]}/><E{MIDDLE_SPARES[-6]}/>",
        f"<E{MIDDLE_SPARES[-5]}/>")
    verdict = _first_verdict(tmp_path, Round(three, deals=_four_kans().deals,
                                             indicator=INDICATOR))
    assert verdict[2] == ("four kans: the seats made 2/1/0/0 kans (four, by more than one "
                          "player, are needed)",)
    # Triple ron: seat 3 holds a 6s (id 99) where the others hold their 5s: it waits on
    # nothing, so only two can ron.
    ron3 = _triple_ron()
    deals = dict(ron3.deals)
    deals[3] = [99 if tile == 91 else tile for tile in deals[3]]
    verdict = _first_verdict(tmp_path, Round(ron3.events, deals=deals, indicator=80))
    assert verdict[2] == ("triple ron: seat(s) 3 do not wait on the last discard 5s (the "
                          "three other players must)",)


def test_an_exhaustive_draw_needs_the_wall_used_up_and_the_right_tenpai(tmp_path: Path
                                                                        ) -> None:
    # Four draws short of the end: 4 tiles are left in the wall.
    short = noten_round(run_out(drawn=4) + closing_draw("0,0", (250, 250, 250, 250)))
    verdict = _first_verdict(tmp_path, short)
    assert verdict[2] == ("exhaustive draw: 4 tile(s) were left in the wall (the round ends "
                          "so only once the last tile is drawn and discarded)",)
    # Seat 2 dealt 1-9m, 1-3p and a 5s waits on 5s: tenpai. Tenhou shows every tenpai hand,
    # so hidden and paid as noten it disagrees; shown and paid (1000 from each of the
    # others, 3000 in all) it agrees.
    tenpai = [4 * kind + 2 for kind in (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 22)]
    spares = [tile for tile in [*MIDDLE_SPARES, *ORPHAN_SPARES, *NOTEN_DEALS[2]]
              if tile not in tenpai]
    wall = run_out(tiles=spares)
    hidden = Round(wall + closing_draw("0,0", (250, 250, 250, 250)),
                   deals={**NOTEN_DEALS, 2: tenpai}, indicator=INDICATOR)
    verdict = _first_verdict(tmp_path, hidden)
    assert verdict[2] == ("tenpai: seat 2's hand 123456789m123p5s waits on 5s, but it is "
                          "paid as noten (under the tenhou rules every tenpai hand is shown)",)
    shown = ",".join(map(str, sorted(tenpai)))
    paid = Round(wall + f'<RYUUKYOKU ba="0,0" sc="250,-10,250,-10,250,30,250,-10" '
                        f'hai2="{shown}"/>',
                 deals={**NOTEN_DEALS, 2: tenpai}, indicator=INDICATOR)
    assert _first_verdict(tmp_path, paid) == ("agree", "exhaustive draw", ())
    # Seat 1's noten hand shown and paid as tenpai instead.
    noten = ",".join(map(str, sorted(NOTEN_DEALS[1])))
    wrong = Round(wall + f'<RYUUKYOKU ba="0,0" sc="250,-15,250,15,250,15,250,-15" '
                         f'hai1="{noten}" hai2="{shown}"/>',
                  deals={**NOTEN_DEALS, 2: tenpai}, indicator=INDICATOR)
    verdict = _first_verdict(tmp_path, wrong)
    assert verdict[2] == ("tenpai: seat 1 is paid as tenpai, but its hand 147m147p147s2345z "
                          "waits on no tile",)


def test_nagashi_needs_a_seat_whose_discards_qualify(tmp_path: Path) -> None:
    # Every seat discards middle tiles: nobody can claim nagashi mangan.
    nobody = noten_round(run_out() + '<RYUUKYOKU type="nm" ba="0,0" '
                                     'sc="250,-40,250,80,250,-20,250,-20"/>')
    verdict = _first_verdict(tmp_path, nobody)
    assert "nagashi mangan: no seat discarded only terminals and honours with none of its " \
           "discards called" in verdict[2]


def test_the_game_starts_at_the_lobbys_points(tmp_path: Path) -> None:
    # A Tenhou four-player lobby (GO type 169) starts every seat at 25,000.
    uneven = noten_round(run_out() + closing_draw("0,0", (260, 240, 250, 250)),
                         ten=(260, 240, 250, 250))
    verdict = _first_verdict(tmp_path, uneven)
    assert verdict[2] == ("starting points: the game starts at [26000, 24000, 25000, 25000], "
                          "the lobby starts every seat at 25000",)
