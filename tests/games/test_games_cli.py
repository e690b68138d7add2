"""``typed-mahjong game score|check|tiles|list`` (driven through this area's parser)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from games_support import run


def test_score_prints_yaku_total_and_reading(capsys: pytest.CaptureFixture[str]) -> None:
    hand = "fox vixen kit owl eagle_owl owlet bear grizzly moon"
    assert run("game", "score", "forest", hand) == 0
    out = capsys.readouterr().out.splitlines()
    assert out == [
        "Forest Friends: fox vixen kit owl eagle_owl owlet bear grizzly moon",
        "  Forest Walk     100",
        "  Family Reunion  500",
        "  Three Colours   150",
        "  Moonrise        100",
        "  total           850 points",
        "  reading: fox vixen kit | owl eagle_owl owlet | bear grizzly moon=cub",
        # the moon beside bear and grizzly may be any of the four yellow animals
        "  readings tried: 4",
    ]


def test_score_in_han_and_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    hand = "2m 3m 4m 5p 5p 5p 6s 7s 8s 3p 4p 5p 6m 6m"
    assert run("game", "score", "riichi-tanyao", hand) == 0
    text = capsys.readouterr().out
    assert "  tanyao  1 han\n  total   1300 points (1 han)\n" in text
    assert run("game", "score", "riichi-tanyao", hand, "--json") == 0
    data = json.loads(capsys.readouterr().out)
    assert data["points"] == 1300 and data["yaku"] == [["tanyao", 1]]
    assert data["unit"] == "han" and data["excluded_by"] is None


def test_score_of_an_excluded_hand(capsys: pytest.CaptureFixture[str]) -> None:
    # It scores nothing: the answer is no, exit 1 (docs/reliability.md, exit codes).
    assert run("game", "score", "riichi-tanyao",
               "2m 3m 4m 6p 7p 8p 6s 7s 8s 3p 4p 6m 6m 5p") == 1
    assert "outside this game: the hand shows 'pinfu' (0 points)" in capsys.readouterr().out


def test_score_of_a_hand_with_no_yaku_exits_1_as_score_does(
        capsys: pytest.CaptureFixture[str]) -> None:
    # 123m holds terminals (no tanyao) and 555p is a triplet (no pinfu): no yaku, in the
    # riichi-tanyao game (closed ron, non-dealer) as in riichi itself, won on 6m. The exit
    # codes' table (docs/reliability.md): 1, "the answer is no (no yaku, ...)".
    hand = "1m 2m 3m 5p 5p 5p 6s 7s 8s 3p 4p 5p 6m 6m"
    assert run("score", "123m555p678s345p66m", "--win", "6m") == 1
    capsys.readouterr()
    assert run("game", "score", "riichi-tanyao", hand) == 1
    assert "  no yaku: 0 points\n" in capsys.readouterr().out
    assert run("game", "score", "riichi-tanyao", hand, "--json") == 1
    data = json.loads(capsys.readouterr().out)
    assert data["points"] == 0 and data["yaku"] == []


def test_score_of_a_hand_short_of_the_minimum_exits_1(
        capsys: pytest.CaptureFixture[str]) -> None:
    # MCR needs 8 fan; this hand holds a few 1-fan yaku (678m beside 678s is Mixed Double
    # Chow) and no bigger one: short of 8, it does not win (as in test_codegen_game_fixtures).
    hand = "1m 2m 3m 6m 7m 8m 6s 7s 8s north north north 5p 5p"
    assert run("game", "score", "mcr", hand, "--json") == 1
    assert json.loads(capsys.readouterr().out)["points"] == 0


def test_a_hand_error_says_the_column_its_json_gives(
        capsys: pytest.CaptureFixture[str]) -> None:
    hand = "fox vixen kit owl owl owl bear cub wolf"
    column = hand.index("wolf") + 1  # 1-based, as `score --json` gives a hand's column
    assert run("game", "score", "forest", hand, "--json") == 2
    report = json.loads(capsys.readouterr().out)
    assert report["column"] == column == 36
    assert report["error"].endswith(f"unknown tile 'wolf' at column {column}")
    assert run("game", "score", "forest", hand) == 2
    assert capsys.readouterr().err.rstrip("\n").endswith(
        f"unknown tile 'wolf' at column {column}")


def test_score_errors_exit_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert run("game", "score", "forest", "fox") == 2
    assert "the hand has 1 tiles; this game's hands have 9" in capsys.readouterr().err
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: x\n")
    assert run("game", "score", str(bad), "a b c") == 2
    err = capsys.readouterr().err
    assert "missing the 'rules' section" in err and "missing the 'yaku' section" in err


def test_check_reports_every_problem(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: x\nrules: {hand_size: 30}\ntiles: {}\nyaku: {}\n")
    assert run("game", "check", "forest", str(bad)) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0].endswith("forest.yaml: ok: 'Forest Friends', 17 tiles, 14 yaku, hands of 9")
    assert out[1] == f"{bad}: 2 problems"
    assert out[2] == f"  {bad}:2:20: rules.hand_size: 30 is out of range (1 to 26)"
    assert out[3] == f"  {bad}:4:7: yaku: the game needs at least one yaku"


def test_tiles_and_list(capsys: pytest.CaptureFixture[str]) -> None:
    assert run("game", "tiles", "forest") == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == ["fox", "x4", "colour=red,", "family=fox,", "night=True,",
                                "water=False,", "wings=False,", "young=False"]
    assert lines[-1].split() == ["moon", "x2", "wildcard"]
    assert run("game", "list") == 0
    assert capsys.readouterr().out.split("\n")[:4] == [
        "forest           Forest Friends",
        "hk-oldstyle      Hong Kong Old Style",
        "mcr              Chinese Official (MCR)",
        "riichi-tanyao    Riichi tanyao (closed ron, non-dealer)",
    ]
