"""Issue 33: ``logs verify`` settles every round (wins, exhaustive and abortive draws, nagashi
mangan) and compares each seat's change and what the round hands on with the log."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest
from log_builders import Round, closing_draw, draw_and_discard, mjlog, riichi

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
                                         rounds[index + 1] if index + 1 < len(rounds) else None)
                            for index, round_ in enumerate(rounds))]


def test_four_riichi_is_an_abortive_draw_that_keeps_the_deposits(tmp_path: Path) -> None:
    # Every seat declares riichi and pays its stick: an abortive draw. Nothing is paid,
    # the four sticks stay on the table and the dealer keeps the deal with one more honba.
    events = "".join(riichi(seat, 100 + seat) for seat in range(4))
    first = Round(events + '<RYUUKYOKU type="reach4" ba="0,0" sc="240,0,240,0,240,0,240,0"/>')
    after = (240, 240, 240, 240)
    second = Round(closing_draw("1,4", after), honba=1, sticks=4, ten=after)
    assert _verify_text(tmp_path, mjlog(first, second)) == [
        ("agree", "four riichi", ()), ("agree", "exhaustive draw", ())]
    lost = Round(closing_draw("1,3", after), honba=1, sticks=3, ten=after)
    [verdict, _] = _verify_text(tmp_path, mjlog(first, lost))
    assert verdict[2] == ("sticks left on the table: the next round has 3, ours 4",)


def test_nagashi_mangan_is_paid_as_a_mangan_tsumo(tmp_path: Path) -> None:
    # Seat 1 (South to dealer seat 0) discards only terminals and honours (East, id 108),
    # the others a middle tile each: nagashi mangan, paid as a non-dealer's mangan tsumo,
    # 4000 from the dealer and 2000 from each other seat, no tenpai payments.
    events = (draw_and_discard(0, 40) + draw_and_discard(1, 108) + draw_and_discard(2, 44)
              + draw_and_discard(3, 48))
    nagashi = Round(events + '<RYUUKYOKU type="nm" ba="0,0" sc="250,-40,250,80,250,-20,250,-20"/>')
    after = (210, 330, 230, 230)
    following = Round(closing_draw("1,0", after), number=1, honba=1, ten=after, dealer=1)
    assert _verify_text(tmp_path, mjlog(nagashi, following)) == [
        ("agree", "nagashi mangan", ()), ("agree", "exhaustive draw", ())]
    wrong = nagashi.events.replace('sc="250,-40,250,80,250,-20,250,-20"',
                                   'sc="250,-20,250,60,250,-20,250,-20"')
    [verdict, _] = _verify_text(tmp_path, mjlog(Round(wrong), following))
    assert verdict[0] == "disagree"
    assert verdict[2][0] == ("each seat's change: log [-2000, 6000, -2000, -2000], ours "
                             "[-4000, 8000, -2000, -2000]")


@pytest.mark.parametrize(("kind", "ending"), [("yao9", "nine terminals"),
                                              ("kaze4", "four winds"), ("kan4", "four kans"),
                                              ("ron3", "triple ron")])
def test_abortive_draws_pay_nothing(tmp_path: Path, kind: str, ending: str) -> None:
    # Seat 1's riichi stick goes on the table (-1000 in its points) and stays there.
    events = draw_and_discard(0, 40) + riichi(1, 44)
    first = Round(events + f'<RYUUKYOKU type="{kind}" ba="0,0" sc="250,0,240,0,250,0,250,0"/>')
    after = (250, 240, 250, 250)
    second = Round(closing_draw("1,1", after), honba=1, sticks=1, ten=after)
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
