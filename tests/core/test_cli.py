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
    assert "unknown character 'x'" in err and "position 18" in err
