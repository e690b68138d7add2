"""Benchmark of the Tenhou mjlog reader: today's against the one before issue 33, side by side.

    .venv/bin/python benchmarks/bench_logs.py                     # 20 copies, 7 rounds
    .venv/bin/python benchmarks/bench_logs.py --copies 40 --rounds 9
    .venv/bin/python benchmarks/bench_logs.py --reader new --loops 5   # one reader alone
    .venv/bin/python benchmarks/bench_logs.py --verify            # whole rounds settled too
    .venv/bin/python benchmarks/bench_logs.py --reader new --verify --loops 3  # for callgrind

Input: the 19 real Tenhou logs of tests/data/tenhou_mjlog (128 wins), each read ``--copies``
times from the same bytes in memory (no disk, no gzip). Both readers get the same bytes in
one process: ``mjlog_reader_before`` (the reader of commit 9bbbae2, kept in this folder for
this only) and ``typed_mahjong.logs.tenhou_xml.MjlogReader``. First they are compared:
every win must come out the same (hand, winning tile, situation, record), or the run stops
with exit code 1. Then ``--rounds`` timed rounds, each reading every copy with both readers
in turn (which goes first alternates), one process, one core. Printed: wins a second of
each reader and the ratio new / old, as the median over the rounds with [min-max]. Wall
clock on a shared machine is noisy: compare ratios from one run, not numbers across runs,
and count instructions for a steady figure (``--reader`` with ``--loops`` under
``valgrind --tool=callgrind``; docs/logs.md has the commands).

``--verify`` also times what ``logs verify`` does per file after reading: every round
settled and compared (``round_verify``), as rounds and wins a second.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import mjlog_reader_before as before  # noqa: E402  (the old reader, beside this file)

from typed_mahjong.build import build_info  # noqa: E402
from typed_mahjong.logs.model import Win  # noqa: E402
from typed_mahjong.logs.tenhou_xml import MjlogReader  # noqa: E402

DATA = Path(__file__).resolve().parent.parent / "tests" / "data" / "tenhou_mjlog"

Log = tuple[str, bytes]


def load(copies: int) -> list[Log]:
    logs = [(str(path), path.read_bytes()) for path in sorted(DATA.iterdir())
            if path.suffix != ".md"]
    return logs * copies


def read_before(logs: list[Log]) -> list[Win]:
    wins: list[Win] = []
    for name, data in logs:
        wins.extend(before.read_elements(before.parse_xml(data, name), name).wins)
    return wins


def read_now(logs: list[Log]) -> list[Win]:
    wins: list[Win] = []
    for name, data in logs:
        for round_ in MjlogReader(data, name).rounds():
            wins.extend(round_.wins)
    return wins


def verify_now(logs: list[Log]) -> tuple[int, int]:
    from typed_mahjong.logs.round_verify import verify_round

    rounds = wins = 0
    for name, data in logs:
        reader = MjlogReader(data, name)
        read = list(reader.rounds())
        for index, round_ in enumerate(read):
            following = read[index + 1] if index + 1 < len(read) else None
            verdict = verify_round(round_, reader.lobby, following, first=index == 0)
            rounds += 1
            wins += len(verdict.wins)
    return rounds, wins


def same_wins(logs: list[Log]) -> bool:
    """Both readers give every win the same hand, tile, situation and record."""
    old, new = read_before(logs), read_now(logs)
    if len(old) != len(new):
        print(f"the readers disagree: {len(old)} wins before, {len(new)} now")
        return False
    fields = ("source", "round_name", "winner", "discarder", "hand", "win", "situation",
              "recorded", "notes")
    for first, second in zip(old, new, strict=True):
        # The old reader did not read the points before each payment or the limit code.
        second = replace(second, recorded=replace(second.recorded, before=(), limit=None))
        differ = [name for name in fields if getattr(first, name) != getattr(second, name)]
        if differ:
            print(f"the readers disagree on {first.source} {first.where}: {differ}")
            return False
    return True


def timed(function: Callable[[list[Log]], object], logs: list[Log]) -> float:
    started = time.perf_counter()
    function(logs)
    return time.perf_counter() - started


def spread(values: list[float], digits: int = 0) -> str:
    return (f"{statistics.median(values):,.{digits}f} "
            f"[{min(values):,.{digits}f}-{max(values):,.{digits}f}]")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--copies", type=int, default=20, help="copies of the 19 logs")
    parser.add_argument("--rounds", type=int, default=7, help="timed rounds")
    parser.add_argument("--reader", choices=("old", "new"),
                        help="run one reader alone (for callgrind), --loops times")
    parser.add_argument("--loops", type=int, default=1)
    parser.add_argument("--verify", action="store_true",
                        help="also time settling every round")
    args = parser.parse_args(argv)
    logs = load(args.copies)
    if args.reader == "new" and args.verify:  # read and settle every round, as verify does
        for _ in range(args.loops):
            rounds, settled = verify_now(logs)
        print(f"new reader and verify: {rounds} rounds, {settled} wins, {args.loops} loop(s)")
        return 0
    if args.reader is not None:
        function = read_before if args.reader == "old" else read_now
        for _ in range(args.loops):
            wins = function(logs)
        print(f"{args.reader} reader: {len(wins)} wins, {args.loops} loop(s)")
        return 0
    if not same_wins(load(1)):
        return 1
    wins = len(read_now(logs))
    print(f"{build_info()}")
    print(f"{len(logs)} logs ({args.copies} copies of {len(logs) // args.copies}), {wins} wins;"
          f" {args.rounds} rounds, median [min-max]")
    old_rates, new_rates, ratios = [], [], []
    for index in range(args.rounds):
        order = ((read_before, old_rates), (read_now, new_rates))
        times = {}
        for function, rates in (order if index % 2 == 0 else order[::-1]):
            seconds = timed(function, logs)
            times[function] = seconds
            rates.append(wins / seconds)
        ratios.append(times[read_before] / times[read_now])
    print(f"  before (9bbbae2): {spread(old_rates)} wins/s")
    print(f"  now:              {spread(new_rates)} wins/s")
    print(f"  now / before:     {spread(ratios, 2)}")
    if args.verify:
        rates, round_rates = [], []
        for _ in range(args.rounds):
            started = time.perf_counter()
            rounds, settled = verify_now(logs)
            seconds = time.perf_counter() - started
            rates.append(settled / seconds)
            round_rates.append(rounds / seconds)
        print(f"  read and settle every round: {spread(round_rates)} rounds/s, "
              f"{spread(rates)} wins/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
