"""Benchmark: decide seeded random Turtle deals within a time budget.

    python benchmarks/bench_solitaire.py [--deals 1000] [--first-seed 0] [--budget 2]

Deals seeds first-seed .. first-seed+deals-1 with ``random_deal(turtle(), seed)``, solves
each with ``solve(position, budget=...)`` one after another (wall-clock time, as a caller
would see it), and prints the fraction decided within the budget, the median and
99th-percentile solve times, and how many deals were found unsolvable. Deals that took
more than half the budget, or were not decided as solvable, are listed as they happen.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from collections import Counter

from typed_mahjong.solitaire.deals import random_deal
from typed_mahjong.solitaire.layout import turtle
from typed_mahjong.solitaire.solver import solve


def percentile(sorted_values: list[float], fraction: float) -> float:
    """Nearest-rank percentile of already sorted values."""
    rank = max(1, math.ceil(fraction * len(sorted_values)))
    return sorted_values[rank - 1]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Decide seeded random Turtle deals within a time budget."
    )
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--budget", type=float, default=2.0, help="seconds per deal")
    args = parser.parse_args(argv)

    layout = turtle()
    statuses: Counter[str] = Counter()
    times: list[float] = []
    started = time.perf_counter()
    for seed in range(args.first_seed, args.first_seed + args.deals):
        verdict = solve(random_deal(layout, seed), budget=args.budget)
        statuses[verdict.status] += 1
        times.append(verdict.seconds)
        if verdict.status != "solvable" or verdict.seconds > args.budget / 2:
            note = f"  ({verdict.reason[:70]})" if verdict.reason else ""
            print(f"seed {seed}: {verdict.status} in {verdict.seconds:.3f} s{note}", flush=True)
    times.sort()
    decided = statuses["solvable"] + statuses["unsolvable"]
    print()
    print(
        f"Turtle, {args.deals} random deals (seeds {args.first_seed}.."
        f"{args.first_seed + args.deals - 1}), budget {args.budget:g} s per deal"
    )
    print(f"decided within budget: {decided}/{args.deals} = {decided / args.deals:.1%}")
    print(
        f"solvable: {statuses['solvable']}   unsolvable: {statuses['unsolvable']} "
        f"({statuses['unsolvable'] / args.deals:.1%})   undecided: {statuses['undecided']}"
    )
    print(
        f"time per deal: median {statistics.median(times) * 1000:.1f} ms, "
        f"99th percentile {percentile(times, 0.99) * 1000:.1f} ms, "
        f"max {times[-1] * 1000:.1f} ms, mean {statistics.fmean(times) * 1000:.1f} ms"
    )
    print(f"total wall time {time.perf_counter() - started:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
