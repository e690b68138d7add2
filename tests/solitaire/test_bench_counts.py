"""``bench_solitaire.py --over``: the counts of deals needing more than so many looser
games, checked against the solver's own verdicts for the same seeds and budgets."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

from typed_mahjong.solitaire.deals import random_deal
from typed_mahjong.solitaire.layout import turtle
from typed_mahjong.solitaire.solver import solve

BENCH = Path(__file__).resolve().parents[2] / "benchmarks" / "bench_solitaire.py"


def load_bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_solitaire", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_counts_over_thresholds_match_the_verdicts(capsys: pytest.CaptureFixture[str]) -> None:
    # Seeds 0-7 at 60 looser games, those left undecided again at 100: the Turtle's
    # median deal needs about 100, so some are decided on the retry and some are not,
    # and a count over 200 is only a lower bound.
    first, retry, thresholds = 60, 100, [50, 90, 100, 200]
    final = []
    for seed in range(8):
        verdict = solve(random_deal(turtle(), seed), work=first)
        if verdict.status == "undecided":
            verdict = solve(random_deal(turtle(), seed), work=retry)
        final.append(verdict)
    assert any(v.status != "undecided" and v.work > first for v in final), "none retried"
    assert any(v.status == "undecided" for v in final), "none left undecided"
    bench = load_bench()
    argv = ["--deals", "8", "--work", str(first), "--retry", str(retry), "--hardest", "0"]
    assert bench.main([*argv, "--over", ",".join(map(str, thresholds))]) == 0
    printed = capsys.readouterr().out.split("deals needing more looser games than:\n")[1]
    expected = []
    for threshold in thresholds:
        count = sum(1 for v in final if v.work > threshold)
        # An undecided deal needs more than the work it was given: beyond that, unknown.
        unknown = any(v.status == "undecided" and v.work <= threshold for v in final)
        expected.append(f"more than {threshold}: {'at least ' if unknown else ''}{count} of 8")
    assert printed.splitlines() == expected
