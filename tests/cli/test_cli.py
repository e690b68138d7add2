"""The console script's score subcommand (shanten is tested with the shanten tables)."""

from __future__ import annotations

import json

import pytest

from typed_mahjong.cli import main


def test_score_prints_yaku_fu_and_payments(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", "234p234s456m567s44p", "--win", "3p"]) == 0
    out = capsys.readouterr().out
    assert "tanyao 1 = 1 han" in out
    assert "20 base + 10 closed ron + 2 kanchan wait + 8 rounded up = 40 fu" in out
    assert "discarder pays 1300" in out


def test_score_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", "123m45699p789s123s", "--win", "2s", "--tsumo", "--seat", "E",
                 "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    # Dealer tsumo, 1 han 30 fu: 500 all.
    assert (data["points"], data["payment_text"]) == (1500, "500-all")
    assert data["payments"] == [["S", 500], ["W", 500], ["N", 500]]


def test_yakuless_exit_code(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", "234m456p678s22z chi:567s", "--win", "2z"]) == 1
    assert "no yaku" in capsys.readouterr().out


def test_bad_hand_is_a_clear_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", "234p234s456m567s44x", "--win", "3p"]) == 2
    err = capsys.readouterr().err
    # 'x' is the 19th character: columns count from 1, as the --json errors do.
    assert "unknown character 'x'" in err and "column 19" in err


# --- waits and -q (issue 31) ----------------------------------------------------------------

@pytest.mark.parametrize(("hand", "printed", "code"), [
    # Four sets and two pairs of honours: a shanpon wait on East or South.
    ("123m456p789s1122z", "1z 2z", 0),
    # 2p 4p 4p 4p beside three runs: the pair 44p with the kanchan 24p waits on 3p, and the
    # set 444p leaves 2p alone, a tanki on 2p.
    ("24p234s456m567s44p", "2p 3p", 0),
    # Nine-sided wait of the pure 1112345678999m: every man tile.
    ("1112345678999m", "1m 2m 3m 4m 5m 6m 7m 8m 9m", 0),
    # Thirteen singles and no pair of use: far from waiting (the shanten count is the
    # shanten module's, checked there; here only that the hand is not waiting).
    ("13579m13579p135s", "not waiting: ", 1),
])
def test_waits_prints_the_winning_tiles(hand: str, printed: str, code: int,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["waits", hand]) == code
    out = capsys.readouterr().out.strip()
    assert out.startswith(printed) if code else out == printed


def test_waits_json_and_a_hand_of_the_wrong_size(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["waits", "123m456p789s1122z", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {"waits": ["1z", "2z"], "shanten": 0}
    assert main(["waits", "123m456p789s1122z3z"]) == 2  # 14 tiles: already a whole hand
    assert "wrong tile count: 14 concealed tiles" in capsys.readouterr().err


@pytest.mark.parametrize("argv", [
    ["-q", "score", "234p234s456m567s44p", "--win", "3p"],
    ["score", "-q", "234p234s456m567s44p", "--win", "3p"],
    ["--quiet", "waits", "123m456p789s1122z", "--json"],
])
def test_quiet_prints_nothing_and_answers_by_exit_code(
        argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 0
    assert capsys.readouterr() == ("", "")


def test_quiet_still_reports_errors_on_stderr(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["-q", "score", "234m456p678s22z chi:567s", "--win", "2z"]) == 1  # no yaku
    assert capsys.readouterr() == ("", "")
    assert main(["-q", "score", "234p234s456m567s44x", "--win", "3p", "--json"]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and "unknown character 'x'" in captured.err
