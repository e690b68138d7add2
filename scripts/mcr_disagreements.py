"""List where our `mcr` game and the MCR reference disagree, by fan (issue 39).

    PYTHONPATH=. .venv/bin/python scripts/mcr_disagreements.py [--limit N] [--examples K]
        [--fan NAME]

Scores every scored row of tests/data/mcr/corpus.jsonl.gz (or the first N) with
typed_mahjong/games/builtin/mcr.yaml, prints the agreement (equal totals, equal fan
lists), then each fan that differs: in how many rows, ours more or less than the
reference's, and a few example hands with both answers. `--fan NAME` shows only rows
where that fan differs.
"""

from __future__ import annotations

import argparse
import collections
import pathlib
import statistics
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "tests" / "games"))

import mcr_support  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=int, default=None)
    parser.add_argument("--examples", type=int, default=3)
    parser.add_argument("--fan", default=None)
    args = parser.parse_args(argv)
    mcr = mcr_support.game()
    rows = mcr_support.scored_rows()[: args.limit]
    by_fan: dict[str, list[mcr_support.Comparison]] = collections.defaultdict(list)
    more: collections.Counter[str] = collections.Counter()
    less: collections.Counter[str] = collections.Counter()
    totals = fans = errors = 0
    times = []
    for row in rows:
        start = time.process_time()
        comparison = mcr_support.compare(mcr, row)
        times.append(time.process_time() - start)
        totals += comparison.same_total
        fans += comparison.same_fans
        errors += comparison.error is not None
        for name, delta in comparison.differences().items():
            by_fan[name].append(comparison)
            (more if delta > 0 else less)[name] += 1
    n = len(rows)
    print(f"{n} scored rows: equal totals {totals} ({100 * totals / n:.2f}%), "
          f"equal fan lists {fans} ({100 * fans / n:.2f}%), errors {errors}; "
          f"cpu per hand median {1000 * statistics.median(times):.2f} ms, "
          f"max {1000 * max(times):.1f} ms")
    order = sorted(by_fan, key=lambda name: -len(by_fan[name]))
    for name in order:
        if args.fan and name != args.fan:
            continue
        print(f"\n{name}: differs in {len(by_fan[name])} rows "
              f"(ours more {more[name]}, less {less[name]})")
        for comparison in by_fan[name][: args.examples]:
            row = comparison.row
            print(f"  row {row['id']} {row['kind']}: {comparison.hand}  "
                  f"{mcr_support.inputs(row)}")
            print(f"    reference {comparison.expected_total}: {comparison.expected}")
            print(f"    ours      {comparison.got_total}: {comparison.got}"
                  + (f"  ERROR {comparison.error}" if comparison.error else ""))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
