"""Build the shipped shanten tables: ``python3 scripts/build_shanten_table.py [--check]``.

Writes ``typed_mahjong/core/data/shanten_tables.bin.gz`` (format: see
``typed_mahjong.core.shanten``; gzip with mtime 0, so the file is byte-identical from one build
to the next). Takes ~10-20 s.
``--check`` rebuilds in memory and only compares with the shipped file (exit 1 if stale).

The heart of it is the per-suit *distance*: for a suit count vector c (0-4 copies of each of
the 9 ranks, at most 14 tiles) and a goal "m groups (runs or triplets) and p pairs"
(m = 0..4, p = 0..1), the fewest tiles that must be added to c so that m groups and p pairs
can be picked out of it, no rank ever above 4 copies (tiles not picked are discarded).

How it is computed, for all suit vectors at once: for a goal of N = 3m + 2p tiles let TARGETS
be the suit vectors made of exactly m groups and p pairs, and DOWN the vectors lying under some
target (u <= t rank by rank). Then ``distance(c) = N - max{|u| : u <= c, u in DOWN}``. DOWN is
filled top-down (u is in DOWN iff it is a target, or one more tile on u lands in DOWN), the
maximum bottom-up (``best(c) = |c|`` if c is in DOWN, else the best of c less one tile). Here a
vector is coded as a base-5 integer with rank r worth ``5**r``, so "one more tile of rank r" is
``+ 5**r`` and both passes are simple loops over the codes.

The honour distances come from ``typed_mahjong.core.shanten.honour_distances`` (each honour on its
own is a triplet, a pair or unused), and the merge tables from ``merge_vectors``.
``tests/core/test_shanten.py`` checks the shipped file against independent computations.
"""

from __future__ import annotations

import gzip
import itertools
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from typed_mahjong.core.shanten import (  # noqa: E402
    GOALS,
    MAX_GROUPS,
    MAX_TILES,
    NO_VECTOR,
    TABLE_FILE,
    Vector,
    encode_tables,
    honour_distances,
    merge_vectors,
)

OUTPUT = ROOT / "typed_mahjong" / "core" / "data" / TABLE_FILE
RANKS = 9
POWERS = tuple(5**rank for rank in range(RANKS))
SIZE = 5**RANKS

# A group as the ranks it uses: triplets 111..999, runs 123..789.
GROUPS: tuple[tuple[int, ...], ...] = tuple(
    [(rank, rank, rank) for rank in range(RANKS)]
    + [(rank, rank + 1, rank + 2) for rank in range(RANKS - 2)]
)


def low_first_code(counts: tuple[int, ...] | list[int]) -> int:
    """Base-5 code with rank r worth 5**r (the build's own coding, not the file's)."""
    return sum(count * power for count, power in zip(counts, POWERS, strict=True))


def targets(groups: int, pairs: int) -> set[int]:
    """Codes of every suit vector made of exactly ``groups`` groups and ``pairs`` pairs."""
    found: set[int] = set()

    def extend(counts: list[int], left: int, first: int) -> None:
        if left == 0:
            if not pairs:
                found.add(low_first_code(counts))
            for rank in range(RANKS) if pairs else ():
                if counts[rank] <= 2:
                    counts[rank] += 2
                    found.add(low_first_code(counts))
                    counts[rank] -= 2
            return
        for index in range(first, len(GROUPS)):  # groups in non-decreasing order
            group = GROUPS[index]
            for rank in group:
                counts[rank] += 1
            if all(counts[rank] <= 4 for rank in group):
                extend(counts, left - 1, index)
            for rank in group:
                counts[rank] -= 1

    extend([0] * RANKS, groups, 0)
    return found


def tile_totals() -> list[int]:
    """Number of tiles of each code (index = code)."""
    totals = [0] * SIZE
    for code in range(1, SIZE):
        totals[code] = totals[code // 5] + code % 5
    return totals


def goal_distances(groups: int, pairs: int, totals: list[int]) -> list[int]:
    """Distance of every code with at most MAX_TILES tiles to the goal (others: unused)."""
    goal_size = 3 * groups + 2 * pairs
    down = bytearray(SIZE)
    for code in targets(groups, pairs):
        down[code] = 1
    for code in range(SIZE - 1, -1, -1):  # one more tile makes the code larger
        if totals[code] < goal_size and not down[code]:
            for power in POWERS:
                if code // power % 5 < 4 and down[code + power]:
                    down[code] = 1
                    break
    best = [0] * SIZE
    for code in range(SIZE):  # one tile less makes the code smaller
        total = totals[code]
        if total > MAX_TILES:
            continue
        if down[code]:
            best[code] = total
            continue
        value = 0
        for power in POWERS:
            if code // power % 5 and best[code - power] > value:
                value = best[code - power]
        best[code] = value
    return [goal_size - value for value in best]


def suit_table() -> tuple[list[Vector], bytearray]:
    """The distinct suit vectors, and each suit code's index among them (file coding)."""
    totals = tile_totals()
    per_goal = [goal_distances(groups, pairs, totals)
                for groups in range(MAX_GROUPS + 1) for pairs in (0, 1)]
    index: dict[Vector, int] = {}
    table = bytearray([NO_VECTOR]) * SIZE
    # itertools.product runs in lexicographic order, i.e. by ascending file code.
    for code, counts in enumerate(itertools.product(range(5), repeat=RANKS)):
        if sum(counts) <= MAX_TILES:
            low_first = low_first_code(counts)
            vector = tuple(goal[low_first] for goal in per_goal)
            table[code] = index.setdefault(vector, len(index))
    return list(index), table


def honour_table() -> tuple[list[Vector], bytearray]:
    """The distinct honour vectors, and each honour code's index among them."""
    index: dict[Vector, int] = {}
    table = bytearray([NO_VECTOR]) * 5**7
    for code, counts in enumerate(itertools.product(range(5), repeat=7)):
        if sum(counts) <= MAX_TILES:
            # Only the multiset of counts matters, so sort it: fewer distinct inputs.
            vector = honour_distances(bytes(sorted(counts)))
            table[code] = index.setdefault(vector, len(index))
    return list(index), table


def merge_tables(suits: list[Vector], honours: list[Vector]
                 ) -> tuple[list[Vector], list[int], list[int], list[int]]:
    """Merged vectors and the three merge tables (man x pin, merged x sou, merged x honours).

    The merged vectors are closed under both merges, so every row of the last two tables
    exists.
    """
    merged: dict[Vector, int] = {}
    man_pin = [merged.setdefault(merge_vectors(man, pin), len(merged))
               for man in suits for pin in suits]
    with_sou: list[int] = []
    with_honours: list[int] = []
    done = 0
    while done < len(merged):
        for vector in list(merged)[done:]:
            with_sou.extend(merged.setdefault(merge_vectors(vector, sou), len(merged))
                            for sou in suits)
            with_honours.extend(merged.setdefault(merge_vectors(vector, honour), len(merged))
                                for honour in honours)
            done += 1
    return list(merged), man_pin, with_sou, with_honours


def build() -> bytes:
    suits, suit_codes = suit_table()
    honours, honour_codes = honour_table()
    merged, man_pin, with_sou, with_honours = merge_tables(suits, honours)
    assert all(len(vector) == GOALS for vector in suits + honours + merged)
    return encode_tables(suits, honours, merged, bytes(suit_codes), bytes(honour_codes),
                         man_pin, with_sou, with_honours)


def main(argv: list[str]) -> int:
    raw = build()
    if argv == ["--check"]:
        same = gzip.decompress(OUTPUT.read_bytes()) == raw
        print(f"{OUTPUT.relative_to(ROOT)} is {'up to date' if same else 'STALE: rebuild it'}")
        return 0 if same else 1
    if argv:
        print("usage: python3 scripts/build_shanten_table.py [--check]", file=sys.stderr)
        return 2
    OUTPUT.write_bytes(gzip.compress(raw, compresslevel=9, mtime=0))
    print(f"wrote {OUTPUT.relative_to(ROOT)}: {len(raw)} bytes raw, "
          f"{OUTPUT.stat().st_size} bytes compressed")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
