"""Build the shipped per-suit readings table: ``python3 scripts/build_tables.py``.

Enumerates every count vector of one suit (0-4 copies of each of 9 ranks, at most 14 tiles),
decomposes it from scratch with ``typed_mahjong.core.readings.decompose_suit`` and writes those
with at least one decomposition to ``typed_mahjong/core/data/suit_readings.txt.gz``.
``tests/core/test_tables.py`` rebuilds the table in memory and compares it with the file.
"""

from __future__ import annotations

import gzip
import itertools
import sys
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from typed_mahjong.core.readings import decompose_suit, encode_table_line  # noqa: E402

OUTPUT = ROOT / "typed_mahjong" / "core" / "data" / "suit_readings.txt.gz"


def suit_vectors(max_tiles: int = 14) -> Iterator[tuple[int, ...]]:
    for counts in itertools.product(range(5), repeat=9):
        total = sum(counts)
        if 0 < total <= max_tiles and total % 3 != 1:
            yield counts


def table_lines() -> list[str]:
    lines = []
    for counts in suit_vectors():
        readings = decompose_suit(counts)
        if readings:
            lines.append(encode_table_line(counts, readings))
    return lines


def main() -> None:
    text = "\n".join(table_lines()) + "\n"
    # mtime=0 keeps the file byte-identical from one build to the next.
    OUTPUT.write_bytes(gzip.compress(text.encode("ascii"), compresslevel=9, mtime=0))
    print(f"wrote {OUTPUT.relative_to(ROOT)}: {text.count(chr(10))} suit patterns, "
          f"{OUTPUT.stat().st_size} bytes")


if __name__ == "__main__":
    main()
