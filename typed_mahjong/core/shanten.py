"""Shanten numbers and waits, from precomputed distance tables.

The shanten number of a hand is how many tile exchanges (draw one, discard one) it lacks to be
tenpai: -1 for a complete hand, 0 for tenpai, 1 for one exchange away, and so on. Equivalently,
with ``need`` = the fewest tiles that must be drawn (discarding others for free) before the
concealed tiles plus the called melds form a winning hand, ``shanten = need - 1``. The winning
hand may be the standard form (four groups and a pair, called melds counting as groups),
chiitoitsu (seven *distinct* pairs; closed hands only) or kokushi (closed hands only). A
winning hand never holds more than four copies of a tile, so ``1111m`` cannot wait on 1m.

Speed comes from the "distance table" method. For one suit, the distance to the goal "m groups
and p pairs" is the fewest tiles that must be added to the suit so that m groups and p pairs
can be picked out of it (tiles not picked are discarded). A suit's ten distances (m = 0..4,
p = 0..1) form its *distance vector*; the honours have one too (each honour on its own is a
triplet, a pair or unused). The standard form's ``need`` is the least sum of the four parts'
distances whose groups add up to the groups still missing and which hold exactly one pair:
``merge_vectors`` combines two parts that way. Only 126 distinct suit vectors exist, and
merging never leaves a set of 180 vectors, so every merge is precomputed too; a query is a
handful of table lookups. ``scripts/build_shanten_table.py`` builds the tables into
``data/shanten_tables.bin.gz`` (~100 KB), loaded on the first query, not at import.

Table file (after gzip), all integers little-endian:

    b"SHT2"
    K, H, M                   uint16 each: suit, honour and merged vector counts
    K, H, M vectors           GOALS bytes each; the distance to (m, p) is byte 2 * m + p
    suit codes                5**9 bytes: suit vector index of each 9-count suit, by code
    honour codes              5**7 bytes: honour vector index of each 7-count honour part
    man x pin                 K * K uint16: merged index of suit i with suit j at i * K + j
    merged x sou              M * K uint16: merged index of merged i with suit j at i * K + j
    merged x honours          M * H uint16: merged index of merged i with honours j

A code reads the counts as a base-5 number, first rank most significant (``int("0120...", 5)``);
counts holding more than MAX_TILES tiles have index NO_VECTOR.
"""

from __future__ import annotations

import functools
import struct
import sys
from array import array
from collections.abc import Sequence
from dataclasses import dataclass
from operator import itemgetter
from typing import Final, NamedTuple

from ..errors import HandError
from .data import read_table
from .hand import Hand, meld_copies, parse_hand
from .rules import Rules, rules_from
from .sanma import ABSENT_TILES, check_sanma_text
from .tiles import (
    CANONICAL_TILES,
    INDEX_READER,
    MAX_HAND_TEXT,
    ORPHANS,
    check_length,
    parse_tiles,
    read_suits,
    tile_name,
)

TABLE_FILE = "shanten_tables.bin.gz"
TABLE_MAGIC = b"SHT2"
MAX_GROUPS: Final = 4
MAX_TILES: Final = 14  # most concealed tiles in one suit (a whole hand)
NO_VECTOR = 255  # index of a code holding more than MAX_TILES tiles

# A distance vector has one entry per goal (m groups, p pairs), at index 2 * m + p.
Vector = tuple[int, ...]
GOALS = 2 * (MAX_GROUPS + 1)
INF = 99  # a goal that cannot be reached (e.g. a pair of an honour whose pon is called)
_NOTHING: Vector = (0,) + (INF,) * (GOALS - 1)  # no tiles at all: only the empty goal
_ORPHANS = itemgetter(*ORPHANS)
# Counts 0..4 become the ASCII digits of a base-5 code; anything else a non-digit.
_TO_DIGITS = bytes(ord("0") + value if value < 5 else ord("x") for value in range(256))
# The digit string of one suit (as written) -> its table index and its tally (see _tally) as
# one int, ``tally << _INDEX_BITS | index``: compiled, an int read from the cache is not
# boxed again, as the items of a tuple are.
# Red fives (0) count as 5s. Only well-formed parts are stored (at most 14 tiles, at most
# four of a rank, at most one red five): the keys are strings of at most 14 digits, which
# have too many spellings to precompute, so each cache holds at most _PART_CACHE_CAP
# entries, room for the spellings real use repeats (docs/scoring.md, "Caches", has the
# sizes); past the cap a part is computed and not stored. The key None is an absent suit.
_PART_CACHE_CAP = 16384
_SuitPart = int
_INDEX_BITS: Final = 16
_INDEX_MASK: Final = (1 << _INDEX_BITS) - 1
_NUMBER_PARTS: Final[dict[str | None, _SuitPart]] = {}
_HONOUR_PARTS: Final[dict[str | None, _SuitPart]] = {}
_NUMBER_RANKS = tuple(str(rank) for rank in range(1, 10))
_HONOUR_RANKS = _NUMBER_RANKS[:7]
# A tally packs what the closed forms need of a part into one int, six bits a field, so that
# the tallies of the four parts add up field by field (no field can pass 34, the kinds of
# tile, whatever the text holds) and a part's tally and index stay a short int (compiled:
# unboxed): kinds held once, twice, three and four times, the orphans (terminals, honours)
# not held, and the orphans held twice or more.
_ONES: Final = 0
_TWOS: Final = 6
_THREES: Final = 12
_FOURS: Final = 18
_MISSING: Final = 24
_DOUBLED: Final = 30
_FIELD: Final = 63
# The tally field of a kind held 0..4 times (0: none).
_HELD_FIELD: Final = (-1, _ONES, _TWOS, _THREES, _FOURS)


def shanten(hand: str, rules: str | Rules | None = None) -> int:
    """Shanten number of a hand string (13 - 3k or 14 - 3k concealed tiles, k called melds).

    -1 is a complete hand, 0 tenpai. The minimum over the standard form, chiitoitsu and
    kokushi (the last two only without called melds). Copies of a tile in the called melds
    count against the four that exist: one concealed 2z beside ``pon:222z`` cannot wait on 2z.
    Under three-player rules (``rules=`` a sanma preset) 2m-8m and chi are errors and no
    group may use 2m-8m. Raises HandError for malformed text or a wrong tile count.
    """
    # Bounded before any reader runs: the fast paths join a suit's groups as they go.
    check_length(hand, "hand", MAX_HAND_TEXT, "a hand")
    if rules is not None and _is_sanma(rules, hand):
        return _sanma_shanten(parse_hand(hand, drawn=(False, True)))
    canonical = None if INDEX_READER else CANONICAL_TILES.fullmatch(hand)
    if canonical is not None:
        man, pin, sou, honours = canonical.groups()
    else:
        # read_suits, not suit_digits: compiled, its tuple comes back unboxed.
        man, pin, sou, honours, end = read_suits(hand)
        if end != len(hand):
            return hand_shanten(parse_hand(hand, drawn=(False, True)))
    # A part not cached is computed (None: malformed, which parse_hand reports).
    parts = _NUMBER_PARTS
    man_part = parts.get(man) or _number_part(man)
    pin_part = parts.get(pin) or _number_part(pin)
    sou_part = parts.get(sou) or _number_part(sou)
    honour_part = _HONOUR_PARTS.get(honours) or _honour_part(honours)
    if man_part and pin_part and sou_part and honour_part:
        lookups = _LOOKUPS[0] if _LOOKUPS else _first_lookups()
        per_suit = lookups.suit_count
        merged = lookups.man_pin[(man_part & _INDEX_MASK) * per_suit
                                 + (pin_part & _INDEX_MASK)]
        merged = lookups.with_sou[merged * per_suit + (sou_part & _INDEX_MASK)]
        merged = lookups.with_honours[merged * lookups.honour_count
                                      + (honour_part & _INDEX_MASK)]
        tally = ((man_part >> _INDEX_BITS) + (pin_part >> _INDEX_BITS)
                 + (sou_part >> _INDEX_BITS) + (honour_part >> _INDEX_BITS))
        best = _closed_shanten(lookups.tables, merged, tally, 0)
        if best is not None:
            return best
    return hand_shanten(parse_hand(hand, drawn=(False, True)))  # reports the fault


class _Lookups:
    """The shipped tables (``load_tables``) as the string path reads them: the merge
    tables as lists (compiled, an array's item is a generic lookup, a list's a C read)."""

    __slots__ = ("tables", "suit_count", "honour_count", "man_pin", "with_sou",
                 "with_honours")

    def __init__(self, tables: Tables) -> None:
        self.tables = tables
        self.suit_count = tables.suit_count
        self.honour_count = tables.honour_count
        self.man_pin: list[int] = tables.man_pin.tolist()
        self.with_sou: list[int] = tables.with_sou.tolist()
        self.with_honours: list[int] = tables.with_honours.tolist()


# Made on the first string query, kept here: load_tables() is a generic call compiled.
_LOOKUPS: Final[list[_Lookups]] = []


def _first_lookups() -> _Lookups:
    _LOOKUPS.append(_Lookups(load_tables()))
    return _LOOKUPS[0]


def _number_part(digits: str | None) -> _SuitPart | None:
    """Table index and tally of one man/pin/sou digit string; None if malformed."""
    if not digits:
        return _cache_part(_NUMBER_PARTS, digits, [0] * 9, load_tables().suit_codes)
    if len(digits) > MAX_TILES:
        return None
    counts = list(map(digits.count, _NUMBER_RANKS))  # map: no Python loop over the digits
    reds = digits.count("0")
    if reds:
        if reds > 1:
            return None
        counts[4] += 1
    return _cache_part(_NUMBER_PARTS, digits, counts, load_tables().suit_codes)


def _honour_part(digits: str | None) -> _SuitPart | None:
    """Table index and tally of one honour digit string (1-7); None if malformed."""
    if not digits:
        return _cache_part(_HONOUR_PARTS, digits, [0] * 7, load_tables().honour_codes)
    if len(digits) > MAX_TILES:
        return None
    counts = list(map(digits.count, _HONOUR_RANKS))
    return _cache_part(_HONOUR_PARTS, digits, counts, load_tables().honour_codes)


def _cache_part(cache: dict[str | None, _SuitPart], digits: str | None, counts: list[int],
                codes: bytes) -> _SuitPart | None:
    if max(counts) > 4 or sum(counts) != len(digits or ""):  # a 5th copy, or a stray digit
        return None
    key = bytes(counts).translate(_TO_DIGITS)
    part = _tally(counts) << _INDEX_BITS | codes[int(key, 5)]
    if len(cache) < _PART_CACHE_CAP:
        cache[digits] = part
    return part


def _tally(counts: Sequence[int]) -> int:
    """The tally of one part's counts (9 ranks of a suit, or the 7 honours): see _ONES."""
    tally = 0
    last = len(counts) - 1
    for rank in range(len(counts)):
        held = counts[rank]
        if held:
            tally += 1 << _HELD_FIELD[held]
        if last == 6 or rank == 0 or rank == last:  # an orphan
            if not held:
                tally += 1 << _MISSING
            elif held > 1:
                tally += 1 << _DOUBLED
    return tally


def hand_shanten(hand: Hand) -> int:
    """Shanten number of a parsed hand; see ``shanten``."""
    melds = len(hand.melds)
    if not melds:
        return shanten_counts(hand.counts)
    called = meld_copies(hand.melds)[0]
    return _need_with_called(hand.counts, melds, called) - 1


def shanten_counts(counts: Sequence[int], melds: int = 0) -> int:
    """Shanten number of 34 concealed tile counts with ``melds`` called melds (fast path).

    The counts must add up to 13 - 3 * melds or 14 - 3 * melds, each 0..4. Chiitoitsu and
    kokushi count only when ``melds == 0``. This function does not know which tiles the melds
    used; ``shanten`` (the hand string) does, and so may answer higher when a meld holds
    copies the concealed tiles would need.
    """
    tables = load_tables()
    if len(counts) != 34 or not 0 <= melds <= MAX_GROUPS:
        raise _bad_counts(counts, melds)
    try:
        digits = bytes(counts).translate(_TO_DIGITS)
        suit = tables.suit_codes
        per_suit = tables.suit_count
        merged = tables.man_pin[suit[int(digits[0:9], 5)] * per_suit
                                + suit[int(digits[9:18], 5)]]
        merged = tables.with_sou[merged * per_suit + suit[int(digits[18:27], 5)]]
        merged = tables.with_honours[merged * tables.honour_count
                                     + tables.honour_codes[int(digits[27:34], 5)]]
    except (ValueError, TypeError, IndexError):
        raise _bad_counts(counts, melds) from None
    tally = (_tally(counts[0:9]) + _tally(counts[9:18]) + _tally(counts[18:27])
             + _tally(counts[27:34]))
    best = _closed_shanten(tables, merged, tally, melds)
    if best is None:  # also catches a part over MAX_TILES (index NO_VECTOR)
        raise _bad_counts(counts, melds)
    return best


def _closed_shanten(tables: Tables, merged: int, tally: int, melds: int) -> int | None:
    """Shanten from the merged table index and the hand's tally (the sum of its parts'
    ``_tally``), the chiitoitsu and kokushi forms included when ``melds == 0``; None for a
    wrong tile count."""
    ones = tally & _FIELD
    twos = (tally >> _TWOS) & _FIELD
    threes = (tally >> _THREES) & _FIELD
    fours = (tally >> _FOURS) & _FIELD
    total = ones + 2 * twos + 3 * threes + 4 * fours + 3 * melds
    if total != 13 and total != 14:
        return None
    best: int = tables.needs[MAX_GROUPS - melds][merged] - 1
    if melds or best < 1:
        return best
    # Chiitoitsu: keep up to seven distinct kinds, pairs first; a quad is only one pair.
    pairs = twos + threes + fours
    kinds = pairs + ones
    seven_pairs = 6 - pairs + (7 - kinds if kinds < 7 else 0)
    if seven_pairs < best:
        best = seven_pairs
    # Kokushi: each missing orphan costs a tile, and one more if none is doubled.
    thirteen = ((tally >> _MISSING) & _FIELD) - (tally >> _DOUBLED != 0)
    if thirteen < best:
        best = thirteen
    return best


def waits(hand: str, rules: str | Rules | None = None) -> tuple[str, ...]:
    """The tiles that complete a waiting hand (13 - 3k concealed tiles), sorted by tile index.

    Any winning form counts: standard, chiitoitsu, kokushi. A tile is left out only when the
    hand itself already holds all four copies of it (concealed tiles and called melds
    together; only the concealed tiles under rules with ``karaten_melds`` off, as Tenhou
    rules), since it can then never be drawn; copies seen elsewhere (discards, dora
    indicators) are not considered. A hand that is not tenpai returns ``()``.
    A hand holding its 14th tile is a HandError naming the tile count. Under three-player
    rules (``rules=`` a sanma preset) 2m-8m never wait and 2m-8m or chi in the hand are
    errors.
    """
    check_length(hand, "hand", MAX_HAND_TEXT, "a hand")  # before the three-player check
    sanma = rules is not None and _is_sanma(rules, hand)
    parsed = parse_hand(hand, drawn=(False,))
    if sanma and _sanma_shanten(parsed) > 0:
        return ()
    melds_count = rules is None or rules_from(rules).karaten_melds
    called = meld_copies(parsed.melds)[0] if melds_count else None
    found = wait_tiles(parsed.counts, len(parsed.melds), called)
    return tuple(tile_name(tile) for tile in found if not (sanma and tile in ABSENT_TILES))


def is_waiting(hand: str, rules: str | Rules | None = None) -> bool:
    """Whether ``waits(hand, rules)`` names any tile, mostly without listing them. A closed
    hand waits when its shanten (which counts the four copies) is 0. With melds, a hand
    one tile from complete by the distance tables (which let a tile be drawn a fifth time)
    that holds fewer than four copies of every tile has a wait no cap can take away."""
    if ":" not in hand:  # closed: the capped shanten says it, by its cached fast path
        return shanten(hand, rules) == 0
    if rules is not None and _is_sanma(rules, hand):
        return bool(waits(hand, rules))
    parsed = parse_hand(hand, drawn=(False,))
    counts, melds = parsed.counts, len(parsed.melds)
    if shanten_counts(counts, melds) > 0:
        return False
    called = meld_copies(parsed.melds)[0] \
        if rules is None or rules_from(rules).karaten_melds else None
    held = counts if called is None else [c + k for c, k in zip(counts, called, strict=True)]
    return max(held) < 4 or bool(wait_tiles(counts, melds, called))


def _is_sanma(rules: str | Rules, hand: str) -> bool:
    """Three-player rules? A sanma hand is first checked for 2m-8m and chi (located)."""
    rule_set = rules_from(rules)
    if rule_set.players != 3:
        return False
    check_sanma_text(hand, "hand", rule_set.name)
    return True


def _sanma_shanten(hand: Hand) -> int:
    """Shanten under three-player rules: no group may use 2m-8m (they are not in the set)."""
    called = meld_copies(hand.melds)[0]
    for tile in ABSENT_TILES:
        called[tile] = 4  # no copy of 2m-8m can be drawn: cap 0 in the distance search
    counts = hand.counts
    best = _need_with_called(counts, len(hand.melds), called) - 1
    if hand.melds:
        return best
    kinds = sum(1 for count in counts if count)
    pairs = sum(1 for count in counts if count >= 2)
    seven_pairs = 6 - pairs + max(0, 7 - kinds)
    orphans: tuple[int, ...] = _ORPHANS(counts)
    thirteen = 13 - sum(1 for count in orphans if count) - (max(orphans) > 1)
    return min(best, seven_pairs, thirteen)


def wait_tiles(counts: Sequence[int], melds: int = 0,
               called: Sequence[int] | None = None) -> tuple[int, ...]:
    """Tile indices completing 34 concealed counts (13 - 3 * melds tiles); see ``waits``.

    ``called`` optionally gives the copies of each tile in the called melds, so a tile the
    hand holds four of in all is not reported.
    """
    if len(counts) != 34 or not 0 <= melds <= MAX_GROUPS or (
            sum(counts) + 3 * melds != 13):
        raise _bad_counts(counts, melds, waiting=True)
    if shanten_counts(counts, melds) > 0:  # ignores caps, so it is never above the truth
        return ()
    held = list(counts) if called is None else [c + k for c, k in zip(counts, called,
                                                                       strict=True)]
    drawn = list(counts)
    found = []
    for tile in range(34):
        if held[tile] >= 4:
            continue
        drawn[tile] += 1
        # A complete hand needs no tile drawn, so the four-copy caps cannot matter here.
        if shanten_counts(drawn, melds) < 0:
            found.append(tile)
        drawn[tile] -= 1
    return tuple(found)


def _bad_counts(counts: Sequence[int], melds: int, *, waiting: bool = False) -> HandError:
    """The precise fault of a tile-count list that the fast path could not look up."""
    if not isinstance(melds, int) or not 0 <= melds <= MAX_GROUPS:
        return HandError(f"counts: melds must be 0..4, got {melds!r}", field="counts")
    if len(counts) != 34:
        return HandError(f"counts: expected 34 tile counts, got {len(counts)}", field="counts")
    for tile, count in enumerate(counts):
        if not isinstance(count, int) or not 0 <= count <= 4:
            return HandError(f"counts: {tile_name(tile)} (index {tile}) has count {count!r}; "
                             f"counts are 0..4", field="counts", position=tile)
    expected = "13" if waiting else "13 or 14"
    if melds:
        expected = " or ".join(str(int(size) - 3 * melds) for size in expected.split(" or "))
    return HandError(f"counts: wrong tile count: {sum(counts)} concealed tiles with {melds} "
                     f"called meld(s); expected {expected}", field="counts")


# --- distance vectors -------------------------------------------------------------------


def merge_vectors(left: Vector, right: Vector) -> Vector:
    """Distances of two disjoint parts taken together: the best split of groups and pair."""
    merged = []
    for groups in range(MAX_GROUPS + 1):
        for pair in (0, 1):
            merged.append(min(INF, *(left[2 * g + p] + right[2 * (groups - g) + pair - p]
                                     for g in range(groups + 1) for p in range(pair + 1))))
    return tuple(merged)


def honour_distances(counts: bytes, caps: bytes = bytes([4] * 7)) -> Vector:
    """Distance vector of the seven honour counts: each honour is a triplet, a pair or unused.

    ``caps`` is how many copies of each honour the concealed tiles may reach (4 less those in
    called melds).
    """
    total = _NOTHING
    for count, cap in zip(counts, caps, strict=True):
        kind = [0] + [INF] * (GOALS - 1)
        if cap >= 2:
            kind[1] = max(0, 2 - count)  # a pair of it
        if cap >= 3:
            kind[2] = max(0, 3 - count)  # a triplet of it
        total = merge_vectors(total, tuple(kind))
    return total


@functools.lru_cache(maxsize=1024)
def capped_suit_distances(counts: bytes, caps: bytes) -> Vector:
    """Distance vector of one suit when rank r may hold at most ``caps[r]`` tiles.

    Computed from scratch by a left-to-right pass over the ranks (used when called melds hold
    copies of this suit's tiles; the shipped table assumes four copies are available). A state
    is (runs started one rank back, runs started two ranks back, groups, pairs) and its value
    the most hand tiles the chosen groups reuse so far.
    """
    states: dict[tuple[int, int, int, int], int] = {(0, 0, 0, 0): 0}
    for rank in range(9):
        have, cap = counts[rank], caps[rank]
        following: dict[tuple[int, int, int, int], int] = {}
        for (recent, older, groups, pairs), reused in states.items():
            for triplet in (0, 1):
                for pair_here in (0,) if pairs else (0, 1):
                    for starts in range(5 if rank < 7 else 1):
                        used = recent + older + 3 * triplet + 2 * pair_here + starts
                        total_groups = groups + triplet + starts
                        if used > cap or total_groups > MAX_GROUPS:
                            break
                        key = (starts, recent, total_groups, pairs + pair_here)
                        value = reused + min(used, have)
                        if following.get(key, -1) < value:
                            following[key] = value
        states = following
    distances = [INF] * GOALS
    for (_, _, groups, pairs), reused in states.items():
        goal = 2 * groups + pairs
        distances[goal] = min(distances[goal], 3 * groups + 2 * pairs - reused)
    return tuple(distances)


def _need_with_called(counts: Sequence[int], melds: int, called: Sequence[int]) -> int:
    """Tiles to draw, when the four-copy limit counts the called melds' copies too."""
    tables = load_tables()
    parts = []
    for base in (0, 9, 18):
        key = bytes(counts[base:base + 9])
        if any(called[base:base + 9]):
            parts.append(capped_suit_distances(key, bytes(4 - c for c in called[base:base + 9])))
        else:
            code = int(key.translate(_TO_DIGITS), 5)
            parts.append(tables.suit_vectors[tables.suit_codes[code]])
    parts.append(honour_distances(bytes(counts[27:34]), bytes(4 - c for c in called[27:34])))
    total = functools.reduce(merge_vectors, parts)
    return total[2 * (MAX_GROUPS - melds) + 1]


# --- the shipped table --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Tables:
    """The decoded table file (see the module docstring)."""

    suit_vectors: tuple[Vector, ...]
    honour_vectors: tuple[Vector, ...]
    merged_vectors: tuple[Vector, ...]
    suit_codes: bytes
    honour_codes: bytes
    man_pin: array[int]
    with_sou: array[int]
    with_honours: array[int]
    suit_count: int
    honour_count: int
    needs: tuple[bytes, ...]  # [missing groups][merged index]: tiles to draw (one pair too)


def encode_tables(suits: Sequence[Vector], honours: Sequence[Vector], merged: Sequence[Vector],
                  suit_codes: bytes, honour_codes: bytes, man_pin: Sequence[int],
                  with_sou: Sequence[int], with_honours: Sequence[int]) -> bytes:
    """The table file's bytes (before gzip); ``decode_tables`` reads them back."""
    def vectors(group: Sequence[Vector]) -> bytes:
        return b"".join(bytes(vector) for vector in group)

    def indices(values: Sequence[int]) -> bytes:
        packed = array("H", values)
        if sys.byteorder == "big":
            packed.byteswap()
        return packed.tobytes()

    return b"".join([TABLE_MAGIC, struct.pack("<3H", len(suits), len(honours), len(merged)),
                     vectors(suits), vectors(honours), vectors(merged), suit_codes,
                     honour_codes, indices(man_pin), indices(with_sou), indices(with_honours)])


def decode_tables(raw: bytes) -> Tables:
    """Parse the table file's bytes (after gzip), checking the sizes add up."""
    if raw[:4] != TABLE_MAGIC:
        raise ValueError(f"{TABLE_FILE}: not a shanten table (bad magic)")
    suit_count, honour_count, merged_count = struct.unpack_from("<3H", raw, 4)
    position = 10

    def take(size: int) -> bytes:
        nonlocal position
        chunk = raw[position:position + size]
        if len(chunk) != size:
            raise ValueError(f"{TABLE_FILE}: truncated")
        position += size
        return chunk

    def vectors(count: int) -> tuple[Vector, ...]:
        chunk = take(count * GOALS)
        return tuple(tuple(chunk[i:i + GOALS]) for i in range(0, len(chunk), GOALS))

    def indices(count: int, limit: int) -> array[int]:
        packed = array("H")
        packed.frombytes(take(2 * count))
        if sys.byteorder == "big":
            packed.byteswap()
        if max(packed) >= limit:
            raise ValueError(f"{TABLE_FILE}: merge index out of range")
        return packed

    suits, honours, merged = vectors(suit_count), vectors(honour_count), vectors(merged_count)
    suit_codes, honour_codes = take(5**9), take(5**7)
    man_pin = indices(suit_count * suit_count, merged_count)
    with_sou = indices(merged_count * suit_count, merged_count)
    with_honours = indices(merged_count * honour_count, merged_count)
    if position != len(raw):
        raise ValueError(f"{TABLE_FILE}: {len(raw) - position} unexpected trailing bytes")
    needs = tuple(bytes(vector[2 * missing + 1] for vector in merged)
                  for missing in range(MAX_GROUPS + 1))
    return Tables(suits, honours, merged, suit_codes, honour_codes, man_pin, with_sou,
                  with_honours, suit_count, honour_count, needs)


@functools.cache
def load_tables() -> Tables:
    """The shipped tables, read and decoded once, on first use."""
    return decode_tables(read_table(TABLE_FILE))


# --- per form, and bare concealed parts -------------------------------------------------------

class FormShanten(NamedTuple):
    """Shanten of a hand for each winning form on its own; ``shanten`` is their minimum.

    ``chiitoitsu`` and ``kokushi`` are None for a hand with called melds (closed forms only).
    """

    standard: int
    chiitoitsu: int | None
    kokushi: int | None


def shanten_by_form(hand: str) -> FormShanten:
    """The shanten number of each form: four groups and a pair, seven pairs, thirteen orphans.

    Seven pairs counts distinct pairs (four of a kind is one pair). Raises HandError like
    ``shanten``.
    """
    parsed = parse_hand(hand, drawn=(False, True))
    if parsed.melds:
        return FormShanten(hand_shanten(parsed), None, None)
    counts = parsed.counts
    return FormShanten(_standard_shanten(counts, 0), _chiitoitsu_shanten(counts),
                       _kokushi_shanten(counts))


def _standard_shanten(counts: Sequence[int], melds: int) -> int:
    tables = load_tables()
    digits = bytes(counts).translate(_TO_DIGITS)
    suit = tables.suit_codes
    per_suit = tables.suit_count
    merged = tables.man_pin[suit[int(digits[0:9], 5)] * per_suit + suit[int(digits[9:18], 5)]]
    merged = tables.with_sou[merged * per_suit + suit[int(digits[18:27], 5)]]
    merged = tables.with_honours[merged * tables.honour_count
                                 + tables.honour_codes[int(digits[27:34], 5)]]
    need: int = tables.needs[MAX_GROUPS - melds][merged]
    return need - 1


def _chiitoitsu_shanten(counts: Sequence[int]) -> int:
    pairs = sum(count >= 2 for count in counts)
    kinds = sum(count > 0 for count in counts)
    return 6 - pairs + max(0, 7 - kinds)


def _kokushi_shanten(counts: Sequence[int]) -> int:
    orphans: tuple[int, ...] = _ORPHANS(counts)
    return orphans.count(0) - (max(orphans) > 1)


def _bare_counts(tiles: str, *, waiting: bool) -> tuple[list[int], int]:
    """Counts of a bare concealed part and the called melds its size implies."""
    parsed = parse_tiles("".join(tiles.split()), field="tiles")
    sizes = (13, 10, 7, 4, 1) if waiting else (14, 13, 11, 10, 8, 7, 5, 4, 2, 1)
    if len(parsed) not in sizes:
        raise HandError(f"tiles: {len(parsed)} tiles is not the concealed part of a hand "
                        f"(expected {', '.join(map(str, sizes))})", field="tiles")
    counts = [0] * 34
    for tile in parsed:
        counts[tile.tile] += 1
        if counts[tile.tile] > 4:
            raise HandError(f"tiles: a 5th copy of {tile_name(tile.tile)}", field="tiles",
                            position=tile.position)
    return counts, (14 - len(parsed)) // 3


def bare_shanten(tiles: str) -> int:
    """Shanten of a concealed part alone (14, 11, 8, 5 or 2 tiles, or one fewer), the
    missing groups counted as called melds whose tiles are unknown — as ``mahjong``'s
    34-array ``calculate_shanten`` does. Closed forms count only for 13 or 14 tiles."""
    counts, melds = _bare_counts(tiles, waiting=False)
    return shanten_counts(counts, melds)


def bare_waits(tiles: str) -> tuple[str, ...]:
    """The waits of a concealed part alone (13, 10, 7, 4 or 1 tiles, melds implied)."""
    counts, melds = _bare_counts(tiles, waiting=True)
    return tuple(tile_name(tile) for tile in wait_tiles(counts, melds))
