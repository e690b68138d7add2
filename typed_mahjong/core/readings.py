"""Readings (decompositions) of a complete hand: standard form, chiitoitsu and kokushi.

The standard form uses the "index method": every suit is looked up in a table that maps the
suit's 9 counts to all its decompositions into runs, triplets and at most one pair. The table
(``data/suit_readings.txt.gz``) is built by ``scripts/build_tables.py`` from
``decompose_suit`` below, and the tests check the shipped file against it.
"""

from __future__ import annotations

import itertools
from functools import cache
from typing import NamedTuple

from .data import read_table
from .tiles import ORPHANS

# A group is (kind, first tile). Kinds: run of three, triplet, pair; kans are triplets here.
RUN, TRIPLET, PAIR = "run", "triplet", "pair"
KOKUSHI_TILES = ORPHANS

# Per-suit decomposition: (pair rank or -1, meld codes); code r < 9 = triplet of rank r,
# code 9 + r = run starting at rank r.
SuitReading = tuple[int, tuple[int, ...]]


class Reading(NamedTuple):
    """One way to read the concealed tiles. ``form`` is "standard", "chiitoitsu" or "kokushi".

    For the standard form ``groups`` holds the concealed groups as (kind, first tile):
    the pair first, then melds in tile order. Called melds are not repeated here.
    For chiitoitsu ``groups`` holds the seven pairs; for kokushi the pair only.
    """

    form: str
    groups: tuple[tuple[str, int], ...]

    def text(self) -> str:
        """The groups in MPSZ: ``44p 123m 456m ...`` (runs and triplets written out)."""
        parts = []
        for kind, first in self.groups:
            rank, suit = first % 9 + 1 if first < 27 else first - 26, "mpsz"[first // 9]
            if kind == RUN:
                parts.append(f"{rank}{rank + 1}{rank + 2}{suit}")
            elif kind == TRIPLET:
                parts.append(f"{rank}{rank}{rank}{suit}")
            else:
                parts.append(f"{rank}{rank}{suit}")
        if self.form == "kokushi":
            return "kokushi, pair " + parts[0][1:]
        return " ".join(parts)


def decompose_suit(counts: tuple[int, ...]) -> tuple[SuitReading, ...]:
    """Every decomposition of one suit's 9 counts, computed from scratch (no table)."""
    found: set[SuitReading] = set()
    _decompose(list(counts), -1, [], found)
    return tuple(sorted(found))


def _decompose(counts: list[int], pair: int, melds: list[int],
               found: set[SuitReading]) -> None:
    rank = next((r for r in range(9) if counts[r]), None)
    if rank is None:
        found.add((pair, tuple(sorted(melds))))
        return
    if counts[rank] >= 3:
        counts[rank] -= 3
        melds.append(rank)
        _decompose(counts, pair, melds, found)
        melds.pop()
        counts[rank] += 3
    if rank <= 6 and counts[rank + 1] and counts[rank + 2]:
        for offset in range(3):
            counts[rank + offset] -= 1
        melds.append(9 + rank)
        _decompose(counts, pair, melds, found)
        melds.pop()
        for offset in range(3):
            counts[rank + offset] += 1
    if pair < 0 and counts[rank] >= 2:
        counts[rank] -= 2
        _decompose(counts, rank, melds, found)
        counts[rank] += 2


def encode_table_line(counts: tuple[int, ...], readings: tuple[SuitReading, ...]) -> str:
    """One line of the shipped table: ``counts readings`` (see decode_readings)."""
    encoded = ",".join(
        ("-" if pair < 0 else str(pair))
        + "".join(chr(ord("a") + code) if code < 9 else chr(ord("A") + code - 9)
                  for code in melds)
        for pair, melds in readings
    )
    return "".join(map(str, counts)) + " " + encoded


def decode_readings(encoded: str) -> tuple[SuitReading, ...]:
    """The readings of one line of the shipped table (``encode_table_line``'s text)."""
    result = []
    for item in encoded.split(","):
        pair = -1 if item[0] == "-" else int(item[0])
        melds = tuple(ord(c) - ord("a") if c >= "a" else ord(c) - ord("A") + 9
                      for c in item[1:])
        result.append((pair, melds))
    return tuple(result)


# A suit's 9 counts (bytes 0-4) as the table's keys write them (digits).
COUNTS_TO_DIGITS = bytes.maketrans(bytes(range(5)), b"01234")


@cache
def suit_table() -> dict[bytes, bytes]:
    """The shipped per-suit table, loaded on first use: the counts as 9 digits -> the
    encoded readings (``encode_table_line``). Split once and paired, not parsed line by
    line: a hand's first scoring waits for it; a key is translated when looked up."""
    words = read_table("suit_readings.txt.gz").split()
    return dict(zip(words[::2], words[1::2], strict=True))


@cache
def suit_readings(key: bytes) -> tuple[SuitReading, ...]:
    """Decompositions of one suit's counts (as 9 bytes), from the table; () if none."""
    encoded = suit_table().get(key.translate(COUNTS_TO_DIGITS))
    return decode_readings(encoded.decode("ascii")) if encoded is not None else ()


_EMPTY: tuple[SuitReading, ...] = ((-1, ()),)


def standard_readings(counts: list[int]) -> list[Reading]:
    """All standard-form readings (four groups and a pair) of 34 concealed counts."""
    per_part: list[list[tuple[tuple[str, int], ...]]] = []
    for suit in range(3):
        key = bytes(counts[suit * 9:suit * 9 + 9])
        found = suit_readings(key) if any(key) else _EMPTY
        if not found:
            return []
        base = suit * 9
        per_part.append([_suit_groups(base, pair, melds) for pair, melds in found])
    honour_groups: list[tuple[str, int]] = []
    for tile in range(27, 34):
        count = counts[tile]
        if count == 2:
            honour_groups.append((PAIR, tile))
        elif count == 3:
            honour_groups.append((TRIPLET, tile))
        elif count:
            return []
    per_part.append([tuple(honour_groups)])
    readings = []
    for combination in itertools.product(*per_part):
        groups = [group for part in combination for group in part]
        pairs = [group for group in groups if group[0] == PAIR]
        if len(pairs) != 1:
            continue
        melds = sorted(group for group in groups if group[0] != PAIR)
        readings.append(Reading("standard", (pairs[0], *melds)))
    return readings


def _suit_groups(base: int, pair: int, melds: tuple[int, ...]) -> tuple[tuple[str, int], ...]:
    groups = [(PAIR, base + pair)] if pair >= 0 else []
    groups.extend((TRIPLET, base + code) if code < 9 else (RUN, base + code - 9)
                  for code in melds)
    return tuple(groups)


def chiitoitsu_reading(counts: list[int]) -> Reading | None:
    """Seven distinct pairs (four of a kind is not two pairs)."""
    pairs = [tile for tile in range(34) if counts[tile] == 2]
    if len(pairs) == 7:
        return Reading("chiitoitsu", tuple((PAIR, tile) for tile in pairs))
    return None


def kokushi_reading(counts: list[int]) -> Reading | None:
    """One of each terminal and honour, one of them twice."""
    if sum(counts) != 14 or any(counts[tile] == 0 for tile in KOKUSHI_TILES):
        return None
    pair = next(tile for tile in KOKUSHI_TILES if counts[tile] == 2)
    return Reading("kokushi", ((PAIR, pair),))


def all_readings(counts: list[int], closed: bool) -> list[Reading]:
    """Every reading of the concealed counts; chiitoitsu and kokushi only for closed hands."""
    readings = standard_readings(counts)
    if closed and sum(counts) == 14:
        for special in (chiitoitsu_reading(counts), kokushi_reading(counts)):
            if special is not None:
                readings.append(special)
    return readings


def readings(hand: str) -> tuple[Reading, ...]:
    """Every reading of a complete hand string: each way to split its concealed tiles into
    groups and a pair (the called melds are fixed groups and are not repeated), plus the
    seven-pairs and thirteen-orphans readings of a closed hand.

    A hand that is not complete has none: ``()``. Raises HandError for malformed text.
    ``Reading.text()`` writes one as ``"44p 234p 234s 456m 567s"``.
    """
    from .hand import parse_hand  # here: hand.py is the one notation; no import cycle

    parsed = parse_hand(hand)
    return tuple(all_readings(parsed.counts, parsed.is_closed))
