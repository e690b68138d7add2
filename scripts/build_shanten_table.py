"""Build the shipped shanten distance table: ``python3 scripts/build_shanten_table.py``.

For every count vector of one suit (0-4 copies of each of the 9 ranks, at most 14 tiles) and
every goal "m groups (runs or triplets) and p pairs" (m = 0..4, p = 0..1), the table holds the
*distance*: the fewest tiles that must be added to the suit so that it contains such a goal as
a sub-multiset, no rank ever above 4 copies. Tiles not used by the goal cost nothing (they are
discarded). ``typed_mahjong.shanten`` adds up four such distances (three suits and the honours)
to get the shanten number.

How it is computed (pure Python, ~30 s): for a goal with N = 3m + 2p tiles, let TARGETS be all
suit vectors made of exactly m groups and p pairs, and DOWN the vectors lying under some
target. Then ``distance(c) = N - max{|u| : u <= c, u in DOWN}``. DOWN is found top-down
(``u`` is in DOWN iff it is a target, or adding one tile to it lands in DOWN), the maximum
bottom-up (``best(c) = |c|`` if ``c`` is in DOWN, else the best of ``c`` minus one tile).
Vectors are coded as base-5 integers so that "one tile more of rank i" is ``+ 5**i``.

The file (``typed_mahjong/data/shanten_suits.bin.gz``, gzip, mtime 0, so byte-identical from one
build to the next) holds:

    b"SHT1"
    K - 1 (1 byte)      K = number of distinct distance vectors (at most 256)
    K * 10 bytes        the vectors: the distance for (m, p) is byte 2 * m + p
    V (uint32 LE)       number of suit vectors
    V bytes             for each suit vector, the index of its distance vector

The suit vectors themselves are not stored: they are all (count of 1, ..., count of 9) with
0-4 each and at most 14 tiles in all, in lexicographic order (``itertools.product`` order),
so the loader regenerates them.

``tests/core/test_shanten.py`` checks entries of the shipped file against an independent
recursive computation.
"""

from __future__ import annotations

import gzip
import itertools
import struct
import sys
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUTPUT = ROOT / "typed_mahjong" / "data" / "shanten_suits.bin.gz"

MAX_TILES = 14
MAX_GROUPS = 4
RANKS = 9
POWERS = tuple(5**rank for rank in range(RANKS))
SIZE = 5**RANKS
MAGIC = b"SHT1"

# A group as the ranks it uses: triplets 111..999, runs 123..789.
GROUPS: tuple[tuple[int, ...], ...] = tuple(
    [(rank, rank, rank) for rank in range(RANKS)]
    + [(rank, rank + 1, rank + 2) for rank in range(RANKS - 2)]
)


def encode(counts: list[int] | tuple[int, ...]) -> int:
    return sum(count * power for count, power in zip(counts, POWERS, strict=True))


def targets(groups: int, pairs: int) -> set[int]:
    """Codes of every suit vector made of exactly ``groups`` groups and ``pairs`` pairs."""
    found: set[int] = set()

    def extend(counts: list[int], left: int, first: int) -> None:
        if left == 0:
            for pair_rank in range(RANKS) if pairs else (None,):
                if pair_rank is None:
                    found.add(encode(counts))
                elif counts[pair_rank] <= 2:
                    counts[pair_rank] += 2
                    found.add(encode(counts))
                    counts[pair_rank] -= 2
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


def vector_sizes() -> list[int]:
    """Number of tiles of each base-5 code (index = code)."""
    sizes = [0] * SIZE
    for code in range(1, SIZE):
        sizes[code] = sizes[code // 5] + code % 5
    return sizes


def distances(groups: int, pairs: int, sizes: list[int]) -> list[int]:
    """Distance of every code with at most MAX_TILES tiles to the goal (others: unused)."""
    goal_size = 3 * groups + 2 * pairs
    down = bytearray(SIZE)
    for code in targets(groups, pairs):
        down[code] = 1
    for code in range(SIZE - 1, -1, -1):  # adding a tile makes the code larger
        if sizes[code] < goal_size and not down[code]:
            for power in POWERS:
                if code // power % 5 < 4 and down[code + power]:
                    down[code] = 1
                    break
    best = [0] * SIZE
    for code in range(SIZE):  # removing a tile makes the code smaller
        size = sizes[code]
        if size > MAX_TILES:
            continue
        if down[code]:
            best[code] = size
            continue
        value = 0
        for power in POWERS:
            if code // power % 5:
                below = best[code - power]
                if below > value:
                    value = below
        best[code] = value
    return [goal_size - value for value in best]


def suit_vectors() -> Iterator[tuple[int, ...]]:
    """Every suit vector with at most MAX_TILES tiles, in the order the file lists them."""
    return (counts for counts in itertools.product(range(5), repeat=RANKS)
            if sum(counts) <= MAX_TILES)


def build() -> bytes:
    sizes = vector_sizes()
    per_goal = [distances(groups, pairs, sizes)
                for groups in range(MAX_GROUPS + 1) for pairs in (0, 1)]
    vector_ids: dict[bytes, int] = {}
    ids = bytearray()
    for counts in suit_vectors():
        code = encode(counts)
        vector = bytes(goal[code] for goal in per_goal)
        ids.append(vector_ids.setdefault(vector, len(vector_ids)))
    if len(vector_ids) > 256:
        raise SystemExit(f"{len(vector_ids)} distinct distance vectors do not fit one byte")
    return (MAGIC + bytes([len(vector_ids) - 1]) + b"".join(vector_ids)
            + struct.pack("<I", len(ids)) + bytes(ids))


def main() -> None:
    raw = build()
    OUTPUT.write_bytes(gzip.compress(raw, compresslevel=9, mtime=0))
    print(f"wrote {OUTPUT.relative_to(ROOT)}: {len(raw)} bytes raw, "
          f"{OUTPUT.stat().st_size} bytes compressed")


if __name__ == "__main__":
    sys.exit(main())
