"""``typed-mahjong solitaire ...`` through its own parser (exit codes and output)."""

import json
import re
from importlib import resources
from pathlib import Path

import pytest

from typed_mahjong.cli import main

TRAP = str(resources.files("typed_mahjong.solitaire").joinpath("layouts/trap.tiles"))


def run(argv: list[str]) -> int:
    """The console script itself: errors are reported by its router."""
    return main(argv)


def test_solve_prints_verdict_then_numbered_moves(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["solitaire", "solve", TRAP]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("trap (6 tiles, faces from the file): solvable")
    assert len(lines) == 4
    for step, line in enumerate(lines[1:], start=1):
        assert re.fullmatch(rf" +{step}: \S+ \(\d+,\d+,\d+\) \+ \S+ \(\d+,\d+,\d+\)", line)


def test_solve_json_is_one_stable_object(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["solitaire", "solve", TRAP, "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["status"] == "solvable" and report["tiles"] == 6
    assert report["deal"] == {"kind": "file", "seed": None}
    assert [move["step"] for move in report["moves"]] == [1, 2, 3]
    first = report["moves"][0]["tiles"]
    assert {"face": "1m", "x": 0, "y": 0, "z": 1} in first
    assert set(report) >= {
        "layout",
        "reason",
        "proof",
        "seconds",
        "nodes",
        "work",
        "budget_seconds",
        "workers",
    }
    assert report["workers"] == 1


def test_unsolvable_exits_1_with_the_reason(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    stacked = tmp_path / "stacked.tiles"
    stacked.write_text("typed-mahjong-layout-v1\n0 0 0 5p\n0 0 1 5p\n")
    assert run(["solitaire", "solve", str(stacked)]) == 1
    out = capsys.readouterr().out
    assert "unsolvable" in out and "reason: the last two 5p are stacked" in out


def test_spent_budget_exits_3(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["solitaire", "solve", "turtle", "--deal", "3", "--budget", "1e-9"]) == 3
    assert "undecided" in capsys.readouterr().out


def test_layout_errors_exit_2_naming_file_line_and_column(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.layout"
    bad.write_text("kmahjongg-layout-v1.1\nw4\nh2\nd1\n12x2\n4343\n")
    assert run(["solitaire", "solve", str(bad)]) == 2
    err = capsys.readouterr().err
    assert f"{bad}:5:3: bad character 'x'" in err


def test_unknown_layout_and_bad_budget_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["solitaire", "solve", "no-such-layout"]) == 2
    assert "not a built-in layout (turtle)" in capsys.readouterr().err
    assert run(["solitaire", "solve", "turtle", "--budget", "-1"]) == 2
    assert "--budget must be a positive" in capsys.readouterr().err


def test_solvable_deal_option(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["solitaire", "solve", "turtle", "--deal", "1", "--solvable-deal", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["deal"] == {"kind": "solvable", "seed": 1}
    assert len(report["moves"]) == 72


def test_hint_marks_the_losing_pair(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["solitaire", "hint", TRAP]) == 0
    out = capsys.readouterr().out
    assert "1m (8,0,0) + 1m (12,0,0): loses" in out
    assert out.count("keeps it clearable") == 2


def test_workers_option(capsys: pytest.CaptureFixture[str]) -> None:
    # Seed 95 is unsolvable and takes the search long enough to start the helper.
    assert run(["solitaire", "solve", "turtle", "--deal", "95", "--workers", "2", "--json"]) == 1
    report = json.loads(capsys.readouterr().out)
    assert (report["status"], report["proof"], report["workers"]) == ("unsolvable", "search", 2)
    assert run(["solitaire", "solve", "turtle", "--workers", "3"]) == 2
    assert "--workers: invalid choice: 3 (choose from 1, 2)" in capsys.readouterr().err


def shipped_layouts() -> list[str]:
    folder = resources.files("typed_mahjong.solitaire").joinpath("layouts")
    return sorted(Path(str(entry)).stem for entry in folder.iterdir())


def test_every_shipped_layout_is_found_by_name() -> None:
    from typed_mahjong.solitaire import load_layout

    names = shipped_layouts()
    assert {"trap", "turtle"} <= set(names)
    for name in names:
        loaded = load_layout(name)
        assert len(loaded.layout) > 0 and loaded.source == name


@pytest.mark.parametrize("command", ["solve", "hint"])
def test_solve_and_hint_take_a_shipped_layout_by_name(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(["solitaire", command, TRAP, "--json"]) == 0
    by_path = json.loads(capsys.readouterr().out)
    assert run(["solitaire", command, "trap", "--json"]) == 0
    by_name = json.loads(capsys.readouterr().out)
    for report in (by_path, by_name):
        report.pop("seconds", None)
        report.pop("nodes", None)
    assert by_name == by_path


def test_review_takes_a_shipped_layout_by_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = tmp_path / "trap.game"
    game.write_text("typed-mahjong-game-v1\nlayout trap\n1m (8,0,0) + 1m (12,0,0)\n")
    assert run(["solitaire", "review", str(game)]) == 1
    assert "the game could no longer be cleared after move 1" in capsys.readouterr().out


def test_an_unknown_name_lists_the_shipped_layouts(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["solitaire", "hint", "no-such-layout"]) == 2
    err = capsys.readouterr().err
    assert "not a built-in layout (turtle) or a layout shipped with typed-mahjong (trap)" in err
