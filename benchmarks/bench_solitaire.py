"""Benchmark: decide seeded random Turtle deals within a time budget.

    python benchmarks/bench_solitaire.py [--deals 1000] [--first-seed 0] [--budget 2 | --work N]
                                         [--workers 1|2] [--retry SECONDS] [--hardest K]
                                         [--over N,N,...]

Deals seeds first-seed .. first-seed+deals-1 with ``random_deal(turtle(), seed)``, solves
each with ``solve(position, budget=...)`` one after another (wall-clock time, as a caller
would see it), and prints the fraction decided within the budget, the median and
99th-percentile solve times and work, and how many deals were found unsolvable. Deals
that took more than half the budget, or were not decided as solvable, are listed as they
happen. ``--work N`` budgets each deal N looser games instead of seconds
(``solve(position, work=N)``): the verdicts and work then repeat exactly on any machine,
so two versions of the solver can be compared without timing noise. ``--workers 2``
lets each deal use a second process (``solve(..., workers=2)``; time budgets only).
``--retry R`` solves every deal left undecided again, from scratch, with the bigger budget
R (seconds with ``--budget``, looser games with ``--work``) and reports whether each is
decided within it. The ``--hardest K`` deals (default 5) that took the most looser games
are listed at the end with their verdicts, work and time (a retried deal's from its retry).

``--over 7000,10000`` (with ``--work``) counts the deals that need more than each number
of looser games. A deal's work is exact once it is decided (from its retry, if any), so
``--work 4000 --retry 30000 --over 7000,10000,16000,20000`` gives, for every seed, exact
counts up to 30,000 while spending 30,000 only on the deals not decided within 4000: the
way docs/solitaire.md compares changes that act only after a deal's first 4000 looser
games (deals decided sooner are untouched by them). A deal still undecided at its last
budget needs more than that budget, so a count over a higher number is a lower bound,
and is printed as one.
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


def print_counts_over(
    thresholds: list[int], final: list[tuple[int, int, str, float]], deals: int
) -> None:
    """How many deals need more than each threshold of looser games. ``final`` holds each
    deal's last (work, seed, status, seconds); an undecided deal needs more than its work,
    so a count over a threshold at or above that work is only a lower bound."""
    print("\ndeals needing more looser games than:")
    for threshold in thresholds:
        count = sum(1 for work, _seed, _status, _seconds in final if work > threshold)
        unknown = any(
            status == "undecided" and work <= threshold for work, _seed, status, _seconds in final
        )
        label = "at least " if unknown else ""
        print(f"more than {threshold}: {label}{count} of {deals}")


def play_timings(game: str, rounds: int, budget: float) -> int:
    """Per-move verdict times as ``solitaire play`` computes them (its worker thread)."""
    from typed_mahjong.build import build_info
    from typed_mahjong.solitaire.formats import load_layout
    from typed_mahjong.solitaire.play import PlaySession
    from typed_mahjong.solitaire.review import load_game

    record = load_game(game)
    seed = record.deal.get("seed")
    layout_spec = next(line.split(None, 1)[1].strip() for line in open(game, encoding="utf-8")
                       if line.startswith("layout "))
    timings: list[float] = []
    for _round in range(max(1, rounds)):
        session = PlaySession(load_layout(layout_spec), layout_spec,
                              seed if isinstance(seed, int) else None, budget)
        try:
            session.wait_settled(budget + 60)
            for move in record.moves:
                session.move(move.first, move.second)
                session.wait_settled(budget + 60)
            timings += session.timings
        finally:
            session.stop()
    ordered = sorted(timings)

    def percentile(share: float) -> float:
        return ordered[min(len(ordered) - 1, int(share * len(ordered)))]

    print(f"{game}: {len(record.moves)} moves, {rounds} rounds, budget {budget:g} s, "
          f"{build_info().build} build")
    print(f"verdict per position (server side, {len(ordered)} positions): "
          f"p50 {1000 * percentile(0.5):.1f} ms, p99 {1000 * percentile(0.99):.1f} ms, "
          f"max {1000 * ordered[-1]:.1f} ms")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Decide seeded random Turtle deals within a time budget."
    )
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--first-seed", type=int, default=0)
    limit = parser.add_mutually_exclusive_group()
    limit.add_argument("--budget", type=float, default=None, help="seconds per deal (default 2)")
    limit.add_argument("--work", type=int, default=None, help="looser games per deal instead")
    parser.add_argument(
        "--workers", type=int, choices=(1, 2), default=1, help="processes per deal (default 1)"
    )
    parser.add_argument(
        "--retry",
        type=float,
        default=None,
        help="solve undecided deals again with this budget (seconds, or looser games with --work)",
    )
    parser.add_argument("--hardest", type=int, default=5, help="list the K hardest deals")
    parser.add_argument(
        "--over",
        default=None,
        help="with --work: count the deals needing more than each of these looser games",
    )
    parser.add_argument(
        "--play",
        metavar="GAME",
        default=None,
        help="instead: replay this game record through the play server's session and "
        "report the server-side time of each position's verdict (p50, p99)",
    )
    parser.add_argument("--rounds", type=int, default=5, help="with --play: fresh sessions")
    args = parser.parse_args(argv)
    if args.play is not None:
        return play_timings(args.play, args.rounds, 2.0 if args.budget is None else args.budget)
    if args.budget is not None and not (math.isfinite(args.budget) and args.budget > 0):
        parser.error(f"--budget must be a positive finite number of seconds, not {args.budget!r}")
    if args.work is not None and args.work < 0:
        parser.error(f"--work must be a whole number of looser games >= 0, not {args.work}")
    if args.deals < 1:
        parser.error(f"--deals must be at least 1, not {args.deals}")
    if args.work is not None and args.workers > 1:
        parser.error("--workers 2 needs a time budget (--budget), not --work")
    if args.work is None and args.budget is None:
        args.budget = 2.0
    if args.retry is not None and not (math.isfinite(args.retry) and args.retry > 0):
        parser.error(f"--retry must be a positive finite budget, not {args.retry!r}")
    thresholds: list[int] = []
    if args.over is not None:
        if args.work is None:
            parser.error("--over counts looser games: it needs --work, not a time budget")
        try:
            thresholds = [int(part) for part in args.over.split(",")]
        except ValueError:
            parser.error(f"--over takes whole numbers separated by commas, not {args.over!r}")
        if not thresholds or min(thresholds) < 0:
            parser.error(f"--over takes whole numbers >= 0, not {args.over!r}")

    layout = turtle()
    statuses: Counter[str] = Counter()
    times: list[float] = []
    works: list[int] = []
    undecided: list[int] = []
    hardest: list[tuple[int, int, str, float]] = []  # (work, seed, status, seconds)
    started = time.perf_counter()
    for seed in range(args.first_seed, args.first_seed + args.deals):
        position = random_deal(layout, seed)
        verdict = solve(position, budget=args.budget, work=args.work, workers=args.workers)
        statuses[verdict.status] += 1
        times.append(verdict.seconds)
        works.append(verdict.work)
        hardest.append((verdict.work, seed, verdict.status, verdict.seconds))
        if verdict.status == "undecided":
            undecided.append(seed)
        slow = (
            verdict.work > args.work / 2
            if args.work is not None
            else verdict.seconds > args.budget / 2
        )
        if verdict.status != "solvable" or slow:
            note = f"  ({verdict.reason[:70]})" if verdict.reason else ""
            print(
                f"seed {seed}: {verdict.status} in {verdict.seconds:.3f} s, "
                f"{verdict.work} looser games{note}",
                flush=True,
            )
    times.sort()
    works.sort()
    decided = statuses["solvable"] + statuses["unsolvable"]
    budget = f"{args.work} looser games" if args.work is not None else f"budget {args.budget:g} s"
    if args.workers > 1:
        budget += f", {args.workers} processes"
    print()
    print(
        f"Turtle, {args.deals} random deals (seeds {args.first_seed}.."
        f"{args.first_seed + args.deals - 1}), {budget} per deal"
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
    print(
        f"looser games per deal: median {statistics.median(works):g}, "
        f"99th percentile {percentile([float(w) for w in works], 0.99):g}, max {works[-1]}, "
        f"mean {statistics.fmean(works):.1f}"
    )
    print(f"total wall time {time.perf_counter() - started:.1f} s")
    if args.retry is not None and undecided:
        retry_unit = "looser games" if args.work is not None else "s"
        print(f"\nundecided deals solved again with {args.retry:g} {retry_unit}:")
        retried = 0
        for seed in undecided:
            position = random_deal(layout, seed)
            if args.work is not None:
                verdict = solve(position, work=int(args.retry))
            else:
                verdict = solve(position, budget=args.retry, workers=args.workers)
            retried += verdict.status != "undecided"
            hardest.append((verdict.work, seed, verdict.status, verdict.seconds))
            print(
                f"seed {seed}: {verdict.status} in {verdict.seconds:.3f} s, "
                f"{verdict.work} looser games",
                flush=True,
            )
        print(f"decided on retry: {retried}/{len(undecided)}")
    best: dict[int, tuple[int, int, str, float]] = {}
    for entry in hardest:  # a retry's entry comes later and replaces the first try's
        best[entry[1]] = entry
    if thresholds:
        print_counts_over(thresholds, list(best.values()), args.deals)
    if args.hardest > 0:
        ranked = sorted(best.values(), reverse=True)[: args.hardest]
        print("\nhardest deals (most looser games):")
        for work, seed, status, seconds in ranked:
            print(f"seed {seed}: {status}, {work} looser games, {seconds:.3f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
