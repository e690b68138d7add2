"""Benchmark (and differential check) of typed_mahjong's shanten against the PyPI ``mahjong``.

    .venv/bin/python benchmarks/bench_shanten.py                  # 20,000 hands, best of 3
    .venv/bin/python benchmarks/bench_shanten.py --n 50000 --seed 7 --repeat 5

Hands: seeded random 13- and 14-tile hands (alternating), each the first tiles of a freshly
shuffled 136-tile wall. All three functions get the same hands in one process:

* ``typed_mahjong.core.shanten.shanten_counts(counts)``: the fast path on a 34-count list;
* ``typed_mahjong.core.shanten.shanten(text)``: the same from the MPSZ string (parsing included);
* ``mahjong.shanten.Shanten().calculate_shanten(tiles_34)`` (mahjong 2.x, chiitoitsu and
  kokushi on, as ours).

Every answer is compared first (disagreements are printed and make the exit code 1), then
each function is timed over all hands: best of ``--repeat`` passes after a warm-up pass, as
microseconds per call and as the ratio mahjong / ours (> 1: we are faster). The one-time cost
of loading our tables is reported apart, and so is ``shanten(str)``'s very first pass over the
hands, made before any other call, while its per-suit digit-string caches are still empty.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Sequence
from typing import TypeVar

from typed_mahjong.core.shanten import load_tables, shanten, shanten_counts
from typed_mahjong.core.tiles import format_tiles

Item = TypeVar("Item")


def random_hands(seed: int, count: int) -> list[list[int]]:
    rng = random.Random(seed)
    wall = [tile for tile in range(34) for _ in range(4)]
    hands = []
    for index in range(count):
        rng.shuffle(wall)
        counts = [0] * 34
        for tile in wall[:13 + index % 2]:
            counts[tile] += 1
        hands.append(counts)
    return hands


def hand_text(counts: Sequence[int]) -> str:
    return format_tiles([(tile, False) for tile in range(34) for _ in range(counts[tile])])


def best_time(function: Callable[[Item], int], inputs: Sequence[Item], repeat: int) -> float:
    """Best wall time of one pass over ``inputs``, in seconds, after one warm-up pass."""
    for item in inputs:
        function(item)
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        for item in inputs:
            function(item)
        best = min(best, time.perf_counter() - start)
    return best


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--n", type=int, default=20_000, help="number of hands")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--repeat", type=int, default=3, help="timed passes (best is kept)")
    args = parser.parse_args(argv)
    from mahjong.shanten import Shanten  # the bench extra; imported here, not at module load

    hands = random_hands(args.seed, args.n)
    texts = [hand_text(counts) for counts in hands]
    theirs = Shanten()

    start = time.perf_counter()
    load_tables()
    load_ms = (time.perf_counter() - start) * 1000

    # shanten(str) caches each suit's digit string; its first pass over fresh hands starts
    # with empty caches (the timed passes below reuse what earlier passes stored).
    start = time.perf_counter()
    for text in texts:
        shanten(text)
    first_pass = time.perf_counter() - start

    disagreements = 0
    histogram: dict[int, int] = {}
    for counts, text in zip(hands, texts, strict=True):
        ours, ours_text, reference = (shanten_counts(counts), shanten(text),
                                      theirs.calculate_shanten(counts))
        histogram[ours] = histogram.get(ours, 0) + 1
        if not ours == ours_text == reference:
            disagreements += 1
            print(f"DISAGREE {text}: shanten_counts {ours}, shanten(str) {ours_text}, "
                  f"mahjong {reference}")
    print(f"{args.n} hands (seed {args.seed}), {disagreements} disagreements; "
          f"shanten histogram {dict(sorted(histogram.items()))}")
    print(f"table load (first use, once): {load_ms:.1f} ms")

    timings = {
        "typed_mahjong shanten_counts(counts)": best_time(shanten_counts, hands, args.repeat),
        "typed_mahjong shanten(str)": best_time(shanten, texts, args.repeat),
        "mahjong Shanten.calculate_shanten": best_time(theirs.calculate_shanten, hands,
                                                       args.repeat),
    }
    mahjong_time = timings["mahjong Shanten.calculate_shanten"]
    timings["typed_mahjong shanten(str), first pass"] = first_pass
    for name, seconds in timings.items():
        print(f"{name:40s} {seconds / args.n * 1e6:8.2f} us/call   "
              f"mahjong/ours {mahjong_time / seconds:6.1f}x")
    return 1 if disagreements else 0


if __name__ == "__main__":
    sys.exit(main())
