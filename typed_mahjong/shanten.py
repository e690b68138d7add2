"""Shanten numbers and waits, from a precomputed per-suit distance table.

The shanten number of a hand is how many tile exchanges (draw one, discard one) it lacks to be
tenpai: -1 for a complete hand, 0 for tenpai, 1 for one exchange away, and so on. Equivalently,
with ``need`` = the fewest tiles that must be drawn (discarding others for free) before the
concealed tiles plus the called melds form a winning hand, ``shanten = need - 1``. The winning
hand may be the standard form (four groups and a pair, called melds counting as groups),
chiitoitsu (seven *distinct* pairs; closed hands only) or kokushi (closed hands only). The
winning hand never holds more than four copies of a tile, so a hand holding ``1111m`` cannot be
waiting on 1m.

Speed comes from the "distance table" method. For one suit, the distance to "m groups and p
pairs" is the fewest tiles that must be added to the suit so that m groups and p pairs can be
picked out of it (tiles not picked are discarded). ``data/shanten_suits.bin.gz``, built by
``scripts/build_shanten_table.py``, holds these ten distances (m = 0..4, p = 0..1) for every
suit count vector; honours are computed directly (a triplet or a pair of each honour on its
own). The hand's ``need`` is the least sum of four such distances whose groups add up to the
groups still missing and which hold exactly one pair. Because only 126 distinct distance vectors
exist, the loader merges the two first suits and the third suit with the honours into small
lookup tables, and a query is four dictionary lookups and one ``min`` over at most ten sums.

The table is loaded on the first query, not at import.
"""

from __future__ import annotations

import functools
import gzip
import itertools
import struct
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import resources
from operator import add, itemgetter

from .errors import HandError
from .hand import Hand, count_meld_copies, parse_hand
from .tiles import tile_name

TABLE_FILE = "shanten_suits.bin.gz"
TABLE_MAGIC = b"SHT1"
MAX_GROUPS = 4
MAX_SUIT_TILES = 14  # a suit never holds more concealed tiles than a whole hand

# A distance vector has one entry per goal (m groups, p pairs), at index 2 * m + p.
Vector = tuple[int, ...]
GOALS = 2 * (MAX_GROUPS + 1)
INF = 99  # a goal that cannot be reached (e.g. a pair of an honour whose pon is called)
_NOTHING: Vector = (0,) + (INF,) * (GOALS - 1)  # no tiles at all: only the empty goal
_ORPHANS = itemgetter(0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


def shanten(hand: str) -> int:
    """Shanten number of a hand string (13 - 3k or 14 - 3k concealed tiles, k called melds).

    -1 is a complete hand, 0 tenpai. The minimum over the standard form, chiitoitsu and
    kokushi (the last two only without called melds). Copies of a tile in the called melds
    count against the four that exist: ``2z pon:222z`` cannot wait on 2z.
    Raises HandError for malformed text or a wrong tile count.
    """
    return hand_shanten(parse_hand(hand, drawn=(False, True)))


def hand_shanten(hand: Hand) -> int:
    """Shanten number of a parsed hand; see ``shanten``."""
    melds = len(hand.melds)
    if not melds:
        return shanten_counts(hand.counts)
    called = count_meld_copies(list(hand.melds))[0]
    return _need_with_called(hand.counts, melds, called) - 1


def shanten_counts(counts: Sequence[int], melds: int = 0) -> int:
    """Shanten number of 34 concealed tile counts with ``melds`` called melds (fast path).

    The counts must add up to 13 - 3 * melds or 14 - 3 * melds, each 0..4. Chiitoitsu and
    kokushi count only when ``melds == 0``. This function does not know which tiles the melds
    used; ``shanten`` (the hand string) does, and so may answer higher when a meld holds
    copies the concealed tiles would need.
    """
    tables = _tables()
    if len(counts) != 34 or not 0 <= melds <= MAX_GROUPS:
        raise _bad_counts(counts, melds)
    try:
        suit_ids = tables.suit_ids
        first_two = tables.two_suits[suit_ids[bytes(counts[0:9])] * tables.suit_count
                                     + suit_ids[bytes(counts[9:18])]]
        rest = tables.suit_with_honours[suit_ids[bytes(counts[18:27])] * tables.honour_count
                                        + tables.honour_ids[bytes(counts[27:34])]]
    except (KeyError, ValueError, TypeError):
        raise _bad_counts(counts, melds) from None
    total = sum(counts) + 3 * melds
    if total != 13 and total != 14:
        raise _bad_counts(counts, melds)
    # The aligned vector pairs each (groups g, pair p) of the first two suits with the
    # (missing - g, 1 - p) entry of the rest, so one C-level min() combines them.
    best: int = min(map(add, tables.pair_vectors[first_two],
                        tables.aligned[MAX_GROUPS - melds][rest])) - 1
    if melds or best < 1:
        return best
    # Chiitoitsu: keep up to seven distinct kinds, pairs first; a quad is one pair.
    zeros = counts.count(0)
    pairs = 34 - zeros - counts.count(1)
    kinds = 34 - zeros
    seven_pairs = 6 - pairs + (7 - kinds if kinds < 7 else 0)
    if seven_pairs < best:
        best = seven_pairs
    # Kokushi: each missing orphan costs a tile, and one more if none is doubled.
    orphans = _ORPHANS(counts)
    missing = orphans.count(0)
    if missing - 1 < best:
        thirteen = missing - (max(orphans) > 1)
        if thirteen < best:
            best = thirteen
    return best


def waits(hand: str) -> tuple[str, ...]:
    """The tiles that complete a waiting hand (13 - 3k concealed tiles), sorted by tile index.

    Any winning form counts: standard, chiitoitsu, kokushi. A tile is left out only when the
    hand itself already holds all four copies of it (concealed tiles and called melds
    together), since it can then never be drawn; copies seen elsewhere (discards, dora
    indicators) are not considered. A hand that is not tenpai returns ``()``.
    A hand holding its 14th tile is a HandError naming the tile count.
    """
    parsed = parse_hand(hand, drawn=(False,))
    called = count_meld_copies(list(parsed.melds))[0]
    return tuple(tile_name(tile) for tile in wait_tiles(parsed.counts, len(parsed.melds), called))


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
    tables = _tables()
    parts = []
    for base in (0, 9, 18):
        key = bytes(counts[base:base + 9])
        if any(called[base:base + 9]):
            parts.append(capped_suit_distances(key, bytes(4 - c for c in called[base:base + 9])))
        else:
            parts.append(tables.suit_vectors[tables.suit_ids[key]])
    parts.append(honour_distances(bytes(counts[27:34]), bytes(4 - c for c in called[27:34])))
    total = functools.reduce(merge_vectors, parts)
    return total[2 * (MAX_GROUPS - melds) + 1]


# --- the shipped table --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Tables:
    suit_ids: dict[bytes, int]  # 9 suit counts -> index into suit_vectors
    suit_vectors: tuple[Vector, ...]
    honour_ids: dict[bytes, int]  # 7 honour counts -> index into honour_vectors
    honour_vectors: tuple[Vector, ...]
    suit_count: int
    honour_count: int
    two_suits: tuple[int, ...]  # man id * suit_count + pin id -> index into pair_vectors
    pair_vectors: tuple[Vector, ...]  # the first two suits merged
    suit_with_honours: tuple[int, ...]  # sou id * honour_count + honour id -> rest index
    aligned: tuple[tuple[Vector, ...], ...]  # [missing groups][rest index], see shanten_counts


def count_vectors(ranks: int, max_tiles: int) -> list[bytes]:
    """All vectors of ``ranks`` counts (0..4) holding at most ``max_tiles`` tiles, in
    lexicographic order: the order in which the table file lists suits."""
    tail_ranks = ranks // 2
    tails = [bytes(tail) for tail in itertools.product(range(5), repeat=tail_ranks)]
    tails_up_to = [[tail for tail in tails if sum(tail) <= limit]
                   for limit in range(max_tiles + 1)]
    vectors: list[bytes] = []
    for head in itertools.product(range(5), repeat=ranks - tail_ranks):
        size = sum(head)
        if size <= max_tiles:
            head_bytes = bytes(head)
            vectors.extend([head_bytes + tail for tail in tails_up_to[max_tiles - size]])
    return vectors


def decode_table(raw: bytes) -> tuple[dict[bytes, int], tuple[Vector, ...]]:
    """Suit counts -> vector index, and the distinct vectors, from the table file's bytes."""
    if raw[:4] != TABLE_MAGIC:
        raise ValueError(f"{TABLE_FILE}: not a shanten table (bad magic)")
    vector_count = raw[4] + 1
    start = 5
    vectors = tuple(tuple(raw[start + GOALS * i:start + GOALS * (i + 1)])
                    for i in range(vector_count))
    start += GOALS * vector_count
    (suit_count,) = struct.unpack_from("<I", raw, start)
    ids = raw[start + 4:]
    keys = count_vectors(9, MAX_SUIT_TILES)
    if len(ids) != suit_count or len(keys) != suit_count or max(ids) >= vector_count:
        raise ValueError(f"{TABLE_FILE}: truncated or inconsistent")
    return dict(zip(keys, ids, strict=True)), vectors


@functools.cache
def _tables() -> _Tables:
    raw = resources.files("typed_mahjong.data").joinpath(TABLE_FILE).read_bytes()
    suit_ids, suit_vectors = decode_table(gzip.decompress(raw))

    # Honours depend only on how many honours have each count, so compute each once.
    honour_index: dict[bytes, int] = {}
    honour_vectors: list[Vector] = []
    vector_index: dict[Vector, int] = {}
    honour_ids: dict[bytes, int] = {}
    for key in count_vectors(7, MAX_SUIT_TILES):
        shape = bytes(sorted(key))
        index = honour_index.get(shape)
        if index is None:
            vector = honour_distances(shape)
            index = vector_index.setdefault(vector, len(vector_index))
            if index == len(honour_vectors):
                honour_vectors.append(vector)
            honour_index[shape] = index
        honour_ids[key] = index

    pair_index: dict[Vector, int] = {}
    two_suits = tuple(pair_index.setdefault(merge_vectors(man, pin), len(pair_index))
                      for man in suit_vectors for pin in suit_vectors)
    rest_index: dict[Vector, int] = {}
    suit_with_honours = tuple(rest_index.setdefault(merge_vectors(sou, honours),
                                                    len(rest_index))
                              for sou in suit_vectors for honours in honour_vectors)
    aligned = tuple(
        tuple(tuple(rest[2 * (missing - g) + 1 - p] for g in range(missing + 1) for p in (0, 1))
              for rest in rest_index)
        for missing in range(MAX_GROUPS + 1))
    return _Tables(suit_ids, suit_vectors, honour_ids, tuple(honour_vectors),
                   len(suit_vectors), len(honour_vectors), two_suits, tuple(pair_index),
                   suit_with_honours, aligned)
