"""Bad budgets and oversized layouts: refused everywhere with a clean error, exit code 2
from the CLI (a JSON object on stdout with ``--json``), finite numbers only in JSON."""

import json
import math
import random
import subprocess
import sys
from pathlib import Path

import pytest
from test_solitaire_cli import TRAP, run
from test_solver import brute_force, stacked_position

from typed_mahjong.solitaire.deals import random_deal
from typed_mahjong.solitaire.faces import Face
from typed_mahjong.solitaire.formats import TILES_MAGIC, load_layout
from typed_mahjong.solitaire.layout import MAX_TILES, Layout, LayoutError, slot, turtle
from typed_mahjong.solitaire.position import MAX_GROUP_COPIES, Position, PositionError
from typed_mahjong.solitaire.solver import Solver, hints, solve
from typed_mahjong.solitaire.tables import PairIndex

BAD_BUDGETS = [float("nan"), float("inf"), -float("inf"), -1.0]


@pytest.mark.parametrize("budget", BAD_BUDGETS)
def test_the_api_refuses_non_finite_and_negative_budgets(budget: float) -> None:
    position = random_deal(turtle(), 3)
    with pytest.raises(ValueError, match="budget must be a finite number of seconds >= 0"):
        solve(position, budget=budget)
    with pytest.raises(ValueError, match="budget must be a finite number of seconds >= 0"):
        Solver(position).solve(budget=budget)
    with pytest.raises(ValueError, match="budget must be a finite number of seconds >= 0"):
        hints(position, budget=budget)


@pytest.mark.parametrize("work", [-1, 1.5, True])
def test_the_api_refuses_bad_work_budgets(work: object) -> None:
    with pytest.raises(ValueError, match="work must be a whole number of looser games >= 0"):
        solve(random_deal(turtle(), 3), work=work)  # type: ignore[arg-type]


@pytest.mark.parametrize("command", ["solve", "hint"])
@pytest.mark.parametrize("budget", ["nan", "inf", "-inf", "-1", "0", "1e400"])
def test_the_cli_refuses_bad_budgets_with_exit_2(
    command: str, budget: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(["solitaire", command, TRAP, f"--budget={budget}"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "typed-mahjong: error: --budget must be a positive finite number of seconds" in (
        captured.err
    )


@pytest.mark.parametrize("command", ["solve", "hint"])
def test_with_json_an_error_is_a_json_object_on_stdout(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(["solitaire", command, TRAP, "--budget", "nan", "--json"]) == 2
    report = json.loads(capsys.readouterr().out)
    assert report["status"] == "error" and report["exit_code"] == 2
    assert report["error"].startswith("--budget must be a positive finite number of seconds")


def test_with_json_a_layout_error_is_a_json_object_with_its_location(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.layout"
    bad.write_text("kmahjongg-layout-v1.1\nw4\nh2\nd1\n12x2\n4343\n")
    assert run(["solitaire", "solve", str(bad), "--json"]) == 2
    report = json.loads(capsys.readouterr().out)
    assert report["error"] == f"{bad}:5:3: bad character 'x': grid cells are 1, 2, 3, 4 (the " + (
        "quarters of a tile) or '.' (empty)"
    )
    assert (report["file"], report["line"], report["column"]) == (str(bad), 5, 3)


def test_with_json_an_argument_error_is_a_json_object_too(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert run(["solitaire", "solve", "turtle", "--budget", "soon", "--json"]) == 2
    report = json.loads(capsys.readouterr().out)
    assert report["status"] == "error" and "--budget" in report["error"]


def test_json_holds_finite_numbers_only(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["solitaire", "solve", TRAP, "--json", "--budget", "1e300"]) == 0
    out = capsys.readouterr().out
    report = json.loads(out, parse_constant=lambda name: pytest.fail(f"{name} in JSON"))
    assert math.isfinite(report["budget_seconds"])


def load_tile_lines(path: Path, rows: list[str]) -> None:
    """Write a typed-mahjong layout file of ``rows`` and read it back."""
    path.write_text("\n".join([TILES_MAGIC, *rows]) + "\n")
    load_layout(str(path))


def test_a_layout_over_the_size_cap_is_refused_at_its_first_extra_tile(tmp_path: Path) -> None:
    rows = [f"{2 * (i % 50)} {2 * (i // 50)} 0" for i in range(MAX_TILES + 2)]
    with pytest.raises(LayoutError) as error:
        load_tile_lines(tmp_path / "big.tiles", rows)
    # Line 1 is the magic, so tile number MAX_TILES + 1 is on line MAX_TILES + 2.
    assert (error.value.line, error.value.column) == (MAX_TILES + 2, 1)
    assert f"more than {MAX_TILES:,} tiles" in str(error.value)


def test_a_kmahjongg_layout_over_the_size_cap_is_refused(tmp_path: Path) -> None:
    # 34 rows of 60 cells hold 17 x 30 = 510 tiles a layer; three layers hold 1,530.
    rows = ["12" * 30, "43" * 30] * 17
    big = tmp_path / "big.layout"
    big.write_text("\n".join(["kmahjongg-layout-v1.1", "w60", "h34", "d3", *rows * 3]) + "\n")
    with pytest.raises(LayoutError, match=f"more than {MAX_TILES:,} tiles"):
        load_layout(str(big))


def test_a_layout_built_in_code_over_the_cap_is_refused() -> None:
    slots = [slot(2 * (i % 50), 2 * (i // 50), 0) for i in range(MAX_TILES + 2)]
    with pytest.raises(LayoutError, match=f"more than {MAX_TILES:,} tiles"):
        Layout(slots)


def test_an_oversized_layout_file_is_refused_before_reading_it_all(tmp_path: Path) -> None:
    huge = tmp_path / "huge.tiles"
    huge.write_text(TILES_MAGIC + "\n" + "# padding\n" * 300_000)
    with pytest.raises(LayoutError, match="larger than"):
        load_layout(str(huge))


def test_a_layout_file_must_be_a_regular_file(tmp_path: Path) -> None:
    with pytest.raises(LayoutError, match="regular file"):
        load_layout(str(tmp_path))


def test_the_budget_covers_setup_on_the_largest_layout() -> None:
    # The largest layout allowed, in the biggest groups allowed (15 groups of 64 copies
    # and one of 40: 31,020 possible pairs). With no time left the answer is undecided
    # before the search plays a single looser game: setting up the root reads the clock.
    slots = [slot(2 * (i % 40), 2 * (i // 40), 0) for i in range(MAX_TILES)]
    names = [f"{digit}{suit}" for suit in "mps" for digit in range(1, 10)]
    faces = [Face.parse(names[i // MAX_GROUP_COPIES]) for i in range(MAX_TILES)]
    verdict = solve(Position(Layout(slots), faces), budget=0.0)
    assert (verdict.status, verdict.work) == ("undecided", 0)


def test_a_group_over_the_copy_cap_is_refused(tmp_path: Path) -> None:
    rows = [f"{2 * i} 0 0 5p" for i in range(MAX_GROUP_COPIES + 2)]
    with pytest.raises(LayoutError) as error:
        load_tile_lines(tmp_path / "many.tiles", rows)
    assert error.value.line == MAX_GROUP_COPIES + 2  # the first copy too many
    assert f"at most {MAX_GROUP_COPIES} copies" in str(error.value)
    slots = [slot(2 * i, 0, 0) for i in range(MAX_GROUP_COPIES + 2)]
    with pytest.raises(PositionError, match=f"at most {MAX_GROUP_COPIES} copies"):
        Position(Layout(slots), [Face.parse("5p")] * len(slots))


def test_pair_numbers_run_group_by_group_and_back() -> None:
    # The pair numbering nogoods use: group by group, each group's pairs in order of
    # their lower, then higher copy; worked out on demand, it must match that table.
    groups = [0, 1, 0, 2, 0, 1, 0, 2, 0, 0, 0, 0]
    masks = [sum(1 << t for t, g in enumerate(groups) if g == group) for group in range(3)]
    index = PairIndex(groups, masks)
    number = 0
    for mask in masks:
        members = [t for t in range(len(groups)) if mask >> t & 1]
        for n, a in enumerate(members):
            for b in members[n + 1 :]:
                assert index.number(a, b) == index.number(b, a) == number
                assert index.tiles(number) == (a, b)
                number += 1


BENCH = Path(__file__).resolve().parents[2] / "benchmarks" / "bench_solitaire.py"


@pytest.mark.parametrize(
    "options",
    [
        ["--budget", "nan"],
        ["--budget", "inf"],
        ["--budget=-1"],
        ["--work=-5"],
        ["--deals", "0"],
        ["--over", "100"],  # counts of looser games need --work
        ["--work", "10", "--over", "ten"],
        ["--work", "10", "--over=-5"],
    ],
)
def test_the_benchmark_refuses_bad_budgets_with_exit_2(options: list[str]) -> None:
    completed = subprocess.run(
        [sys.executable, str(BENCH), *options], capture_output=True, text=True, timeout=60
    )
    assert completed.returncode == 2
    assert "error: --" in completed.stderr and completed.stdout == ""


def test_past_the_memory_caps_the_search_stores_nothing_more_and_stays_right() -> None:
    # With both stores full from the start, nothing is remembered: the verdicts must not
    # change, only the shortcuts are lost.
    for seed in range(40):
        position = stacked_position(random.Random(seed))
        solver = Solver(position)
        solver.engine.max_learnt = solver.engine.max_dead = 0
        verdict = solver.solve()
        assert not solver.engine.learnt and not solver.engine.dead
        assert verdict.status == ("solvable" if brute_force(position) else "unsolvable"), seed


def test_the_memory_caps_scale_with_the_layout() -> None:
    small = Solver(random_deal(turtle(), 0)).engine
    assert (small.max_dead, small.max_learnt) == (1_000_000, 200_000)
    slots = [slot(2 * (i % 40), 2 * (i // 40), 0) for i in range(MAX_TILES)]
    names = [f"{digit}{suit}" for suit in "mps" for digit in range(1, 10)]
    faces = [Face.parse(names[i // MAX_GROUP_COPIES]) for i in range(MAX_TILES)]
    big = Solver(Position(Layout(slots), faces)).engine
    # 31,020 pairs + 1,000 tiles + 256 level bits: about 4 KB a key.
    assert big.max_dead < 40_000 and big.max_learnt < 10_000
