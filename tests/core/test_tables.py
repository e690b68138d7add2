"""The shipped per-suit readings table equals a from-scratch computation."""

from __future__ import annotations

import gzip
import importlib.util
from pathlib import Path

from typed_mahjong.core.readings import decode_readings, decompose_suit, suit_readings

ROOT = Path(__file__).resolve().parents[2]


def _build_module():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("build_tables",
                                                  ROOT / "scripts" / "build_tables.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_shipped_table_matches_a_fresh_build() -> None:
    shipped = gzip.decompress((ROOT / "typed_mahjong/core/data/suit_readings.txt.gz").read_bytes())
    assert shipped.decode("ascii").splitlines() == _build_module().table_lines()


def test_known_suit_patterns() -> None:
    # 111222333: three triplets, or three identical runs.
    assert decompose_suit((3, 3, 3, 0, 0, 0, 0, 0, 0)) == (
        (-1, (0, 1, 2)), (-1, (9, 9, 9)))
    # 11 + 123 is not a decomposition of 1123 (one tile short); 112233 -> two runs 123.
    assert decompose_suit((2, 2, 2, 0, 0, 0, 0, 0, 0)) == ((-1, (9, 9)),)
    assert decompose_suit((1, 1, 0, 0, 0, 0, 0, 0, 0)) == ()


def test_table_lookup_agrees_with_decomposition() -> None:
    key = bytes((1, 1, 1, 1, 1, 1, 1, 1, 3))  # 123456789 + 99: ittsu with a 9 pair
    assert suit_readings(key) == decompose_suit(tuple(key))
    assert decode_readings("8ADG") == ((8, (9, 12, 15)),)


def test_the_scorer_reads_the_table_as_its_decoder_does() -> None:
    # shape._table_readings (the scorer's loop over the codes) against
    # readings.decode_readings, on every shipped line: each reading's pair, runs and
    # triplets, as tiles of the suit the base names (pins: 9).
    from typed_mahjong.core.readings import suit_table
    from typed_mahjong.core.shape import _table_readings

    base = 9
    for encoded in suit_table().values():
        want = [(base + pair if pair >= 0 else -1,
                 tuple(base + code - 9 for code in melds if code >= 9),
                 tuple(base + code for code in melds if code < 9))
                for pair, melds in decode_readings(encoded.decode("ascii"))]
        got = [(reading.pair, reading.runs, reading.triplets)
               for reading in _table_readings(base, encoded)]
        assert got == want, encoded
