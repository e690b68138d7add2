"""Review mode: a played game's verdict after every move, the fatal move, the blocking
tiles, the game-record format and its located errors, the CLI and the HTML page."""

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from test_solitaire_cli import run

from typed_mahjong.cli.solitaire import DEFAULT_MOVE_BUDGET as CLI_MOVE_BUDGET
from typed_mahjong.solitaire.deals import random_deal
from typed_mahjong.solitaire.layout import LayoutError, slot, turtle
from typed_mahjong.solitaire.position import IllegalMove, Move, replay
from typed_mahjong.solitaire.review import (
    DEFAULT_MOVE_BUDGET,
    GameRecordError,
    _fill_in,
    load_game,
    parse_game,
    review,
)
from typed_mahjong.solitaire.review_html import review_page
from typed_mahjong.solitaire.solver import solve

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "solitaire"
TRAP_GAME = EXAMPLES / "trap-lost.game"
TURTLE_GAME = EXAMPLES / "turtle-lost.game"


def test_the_trap_game_is_lost_by_its_first_move() -> None:
    record = load_game(str(TRAP_GAME))
    result = review(record.position, record.moves)
    assert [step.status for step in result.steps] == ["clearable", "dead"]
    assert result.fatal == 1 and not result.lost_from_the_start
    # Left: 2p (0,0,0) under 1m (0,0,1); 1m (4,0,0) under 2p (4,0,1). The two free tiles
    # each must leave with the tile under the other: free, and never removable.
    slots = record.position.layout.slots
    dead = result.steps[1]
    assert {slots[t] for t in dead.blocking} == {slot(0, 0, 1), slot(4, 0, 1)}
    assert {slots[t] for t in dead.locked} == {
        slot(0, 0, 0),
        slot(0, 0, 1),
        slot(4, 0, 0),
        slot(4, 0, 1),
    }


@pytest.mark.slow
def test_per_move_verdicts_are_those_of_solve() -> None:
    record = load_game(str(TURTLE_GAME))
    result = review(record.position, record.moves, budget=None)
    position = record.position
    for number, step in enumerate(result.steps):
        at = replay(position, record.moves[:number])
        expected = {"solvable": "clearable", "unsolvable": "dead"}[solve(at).status]
        assert step.status == expected, f"after move {number}"
        assert not step.inferred
        assert step.free == tuple(at.free_tiles())
    # Once dead, dead for good; the fatal move is where it turns.
    first_dead = next(n for n, s in enumerate(result.steps) if s.status == "dead")
    assert result.fatal == first_dead > 0
    assert all(s.status == "dead" for s in result.steps[first_dead:])


def test_undecided_steps_are_filled_in_from_their_neighbours() -> None:
    # Clearable at step 3 means clearable before it; dead at step 5 means dead after it.
    found = ["undecided", "solvable", "undecided", "solvable", "undecided", "unsolvable"]
    found += ["undecided"]
    assert _fill_in(found) == [
        ("clearable", True),
        ("clearable", False),
        ("clearable", True),
        ("clearable", False),
        ("undecided", False),
        ("dead", False),
        ("dead", True),
    ]


def test_a_spent_budget_leaves_the_unsettled_steps_undecided() -> None:
    record = load_game(str(TURTLE_GAME))
    result = review(record.position, record.moves[:3], budget=0.0)
    assert [s.status for s in result.steps] == ["undecided"] * 4
    assert result.fatal is None


def test_the_budget_is_checked() -> None:
    record = load_game(str(TRAP_GAME))
    with pytest.raises(ValueError, match="finite number of seconds"):
        review(record.position, record.moves, budget=float("nan"))
    assert CLI_MOVE_BUDGET == DEFAULT_MOVE_BUDGET


def test_an_illegal_move_given_to_the_api_names_its_step() -> None:
    position = random_deal(turtle(), 7)
    with pytest.raises(IllegalMove) as error:
        review(position, [Move(0, 1)])
    assert error.value.step == 1


# ------------------------------------------------------------------------- the record

GOOD = "typed-mahjong-game-v1\nlayout turtle\ndeal 7\n"


def test_moves_may_omit_faces_and_steps_and_paste_solve_output() -> None:
    position = random_deal(turtle(), 7)
    move = solve(position).moves[0]
    a, b = (position.layout.slots[t] for t in (move.first, move.second))
    for line in (
        f"{a} + {b}",
        f"1: {position.describe(move.first)} + {position.describe(move.second)}",
        f"  ( {a.x} , {a.y},{a.z} )+( {b.x},{b.y},{b.z})  # trailing comment",
    ):
        record = parse_game(GOOD + line + "\n")
        assert record.moves == (move,) and record.lines == (4,)
        assert record.deal == {"kind": "random", "seed": 7}


@pytest.mark.parametrize(
    ("text", "line", "column", "message"),
    [
        ("layout turtle\n", 1, 1, "first line must be 'typed-mahjong-game-v1'"),
        ("typed-mahjong-game-v1\ndeal 7\n", 2, 1, "no layout line"),
        (GOOD + "1m (8,6,1)\n", 4, 1, "expected 'layout NAME', 'deal SEED' or a move"),
        (GOOD + "(8,6,1) + (99,6,2)\n", 4, 11, "no tile at (99,6,2) in layout 'turtle'"),
        (GOOD + "5p (8,6,1) + (16,6,2)\n", 4, 1, "the tile at (8,6,1) is 1z, not 5p"),
        (GOOD + "1z (8,6,1) + 1q (16,6,2)\n", 4, 14, "1q"),
        (GOOD + "2: 1z (8,6,1) + 1z (16,6,2)\n", 4, 1, "step number 2, but this is move 1"),
        (GOOD + "(2,0,0) + (4,0,0)\n", 4, 1, "move 1 is not legal"),
        (GOOD + "(8,6,1) + (16,6,2)\n(8,6,1) + (16,6,2)\n", 5, 1, "already removed"),
        (GOOD + "(8,6,1) + (16,6,2)\ndeal 8\n", 5, 1, "must come before the moves"),
        ("typed-mahjong-game-v1\nlayout turtle\ndeal seven\n", 3, 6, "deal needs a seed"),
        ("typed-mahjong-game-v1\nlayout turtle\n", 2, 8, "the layout has no faces"),
        ("typed-mahjong-game-v1\nlayout nowhere\n", 2, 8, "layout 'nowhere': no such layout"),
        (GOOD + "layout turtle\n", 4, 1, "second layout line"),
    ],
)
def test_record_errors_are_located(text: str, line: int, column: int, message: str) -> None:
    with pytest.raises(GameRecordError) as error:
        parse_game(text, source="game.txt")
    assert (error.value.source, error.value.line, error.value.column) == ("game.txt", line, column)
    assert message in error.value.message


def test_a_bad_layout_file_named_by_a_record_is_reported_in_that_file(tmp_path: Path) -> None:
    (tmp_path / "bad.tiles").write_text("typed-mahjong-layout-v1\n0 0 0 1m\n0 x 0 1m\n")
    game = tmp_path / "game.txt"
    game.write_text("typed-mahjong-game-v1\nlayout bad.tiles\n")
    with pytest.raises(LayoutError) as error:
        load_game(str(game))
    assert (error.value.source, error.value.line, error.value.column) == (
        str(tmp_path / "bad.tiles"),
        3,
        3,
    )


# ------------------------------------------------------------------------------ the CLI


def test_review_cli_marks_the_fatal_move_and_exits_1(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["solitaire", "review", str(TRAP_GAME)]) == 1
    out = capsys.readouterr().out
    assert "1: 1m (8,0,0) + 1m (12,0,0): dead   <- the fatal move" in out
    assert "blocking tiles (free, never removable): 1m (0,0,1), 2p (4,0,1)" in out
    assert "the game could no longer be cleared after move 1" in out


def test_review_cli_json_gives_the_api_verdicts(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["solitaire", "review", str(TRAP_GAME), "--json"]) == 1
    report = json.loads(capsys.readouterr().out)
    record = load_game(str(TRAP_GAME))
    result = review(record.position, record.moves)
    assert [s["status"] for s in report["steps"]] == [s.status for s in result.steps]
    assert report["fatal_move"] == result.fatal
    assert len(report["steps"]) == len(record.moves) + 1


def test_a_game_still_clearable_exits_0(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = tmp_path / "good.game"
    position = random_deal(turtle(), 7)
    moves = solve(position).moves[:5]
    lines = [f"{position.describe(m.first)} + {position.describe(m.second)}" for m in moves]
    game.write_text(GOOD + "\n".join(lines) + "\n")
    assert run(["solitaire", "review", str(game)]) == 0
    assert "the game can still be cleared after the last move" in capsys.readouterr().out


def test_review_cli_errors_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = tmp_path / "bad.game"
    game.write_text(GOOD + "5p (8,6,1) + (16,6,2)\n")
    assert run(["solitaire", "review", str(game)]) == 2
    assert f"{game}:4:1: the tile at (8,6,1) is 1z, not 5p" in capsys.readouterr().err
    assert run(["solitaire", "review", str(game), "--json"]) == 2
    report = json.loads(capsys.readouterr().out)
    assert (report["status"], report["line"], report["column"]) == ("error", 4, 1)
    assert run(["solitaire", "review", str(TRAP_GAME), "--budget=inf"]) == 2
    missing = tmp_path / "no" / "such" / "dir" / "page.html"
    assert run(["solitaire", "review", str(TRAP_GAME), "--html", str(missing)]) == 2
    assert "cannot write" in capsys.readouterr().err
    assert not missing.parent.exists()


# ----------------------------------------------------------------------------- the page


def test_the_page_is_self_contained(tmp_path: Path) -> None:
    page = tmp_path / "review.html"
    assert run(["solitaire", "review", str(TRAP_GAME), "--html", str(page)]) == 1
    text = page.read_text()
    assert text.startswith("<!DOCTYPE html>")
    # No network: nothing loaded from elsewhere.
    assert not re.search(r"""(src|href)\s*=|https?://|@import|url\(""", text)
    assert '"fatal": 1' in text


def test_data_in_the_page_cannot_close_its_script(tmp_path: Path) -> None:
    layout = tmp_path / "evil.tiles"
    layout.write_text("typed-mahjong-layout-v1\nname </script><b>x\n0 0 0 1m\n4 0 0 1m\n")
    game = tmp_path / "game.txt"
    game.write_text("typed-mahjong-game-v1\nlayout evil.tiles\n(0,0,0) + (4,0,0)\n")
    record = load_game(str(game))
    page = review_page(record, review(record.position, record.moves))
    assert "</script><b>" not in page and page.count("</script>") == 2


def chromium() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


def headless(browser: str, profile: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [
            browser,
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--no-first-run",
            f"--user-data-dir={profile}",
            *args,
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.slow
def test_the_page_steps_through_the_game_in_a_real_browser(tmp_path: Path) -> None:
    browser = chromium()
    if browser is None:
        if os.environ.get("CI"):
            pytest.fail("CI is set but Chromium is not installed (apt-get install chromium)")
        pytest.skip("Chromium is not installed (apt-get install chromium); CI is not set")
    page = tmp_path / "review.html"
    assert run(["solitaire", "review", str(TURTLE_GAME), "--html", str(page)]) == 1
    url = page.as_uri()
    # Three presses of the Next button after loading: the position after move 3.
    dom = headless(browser, tmp_path / "p1", "--dump-dom", url + "#next=3").stdout
    assert re.search(r'<body data-step="3" data-status="clearable"', dom), dom[:500]
    assert "After move 3: clearable" in dom
    # The fatal move: the banner says so, and its blocking tiles are marked.
    record = load_game(str(TURTLE_GAME))
    result = review(record.position, record.moves)
    assert result.fatal is not None
    dom = headless(browser, tmp_path / "p2", "--dump-dom", url + f"#step={result.fatal}").stdout
    assert f'data-step="{result.fatal}" data-status="dead"' in dom
    assert "the fatal move" in dom
    marked = set(map(int, re.findall(r'class="tile[^"]*blocking[^"]*" data-slot="(\d+)"', dom)))
    assert marked == set(result.steps[result.fatal].blocking) != set()
    shot = tmp_path / "shot.png"
    headless(
        browser,
        tmp_path / "p3",
        "--window-size=1200,800",
        f"--screenshot={shot}",
        url + f"#step={result.fatal}",
    )
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and shot.stat().st_size > 20_000
