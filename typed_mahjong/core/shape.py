"""A reading with the winning tile placed: the unit that yaku and fu are decided on.

Speed comes from per-suit entries. The concealed tiles of one suit, written as a digit
string (``"234406"`` for 234m4m0m6m...), map once to a ``Part``: its counts, its tile bits
and every way to read it (``PartReading``: pair, runs, triplets as tile lists and as bit
masks, whether every group holds a terminal). A hand is at most four parts and its called
melds; a reading of the hand is one reading of each part, and the features the yaku need
(runs, triplets, outside groups, concealed triplets) are ORs and sums of the parts'.

The same reading can be scored differently depending on which group the winning tile
completed (``23456m`` won on 5m: ryanmen on 345 or the edge of 456?), and a ron-completed
triplet counts as open for fu and for the concealed-triplet yaku. ``win_shapes`` lists every
placement; the scorer keeps the one worth most.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from mypy_extensions import i64, mypyc_attr

from .hand import Meld
from .readings import COUNTS_TO_DIGITS, suit_table
from .tiles import HONOUR_MASK, INDEX_READER, KEY_RED_SHIFT, ORPHAN_MASK, tile_mask

if TYPE_CHECKING:
    from .tile_types import Form, Wait  # for type checkers: no Literal unions built at run time

RYANMEN: Final = "ryanmen"
KANCHAN: Final = "kanchan"
PENCHAN: Final = "penchan"
SHANPON: Final = "shanpon"
TANKI: Final = "tanki"
KOKUSHI_SINGLE: Final = "kokushi single"
KOKUSHI_THIRTEEN: Final = "kokushi 13-sided"


_bits = tile_mask

# Tile sets as bit masks over the 34 tile indices (bit t = tile t).
SUIT_MASKS: Final = (_bits(range(0, 9)), _bits(range(9, 18)), _bits(range(18, 27)))
GREEN_MASK: Final = _bits((19, 20, 21, 23, 25, 32))  # 2s 3s 4s 6s 8s and the green dragon
WIND_MASK: Final = _bits(range(27, 31))
DRAGON_MASK: Final = _bits(range(31, 34))
DAISHARIN_MASK: Final = _bits(range(10, 17))  # 2p..8p


# Serializable: a pickled Score carries its shape; mypyc's native classes refuse pickle
# (their __new__ runs __init__) unless declared so.
@mypyc_attr(serializable=True)
class PartReading:
    """One way to read one part (a suit's or the honours' concealed tiles)."""

    __slots__ = ("pair", "runs", "triplets", "run_mask", "triplet_mask", "run_pairs",
                 "outside")

    def __init__(self, pair: int, runs: tuple[int, ...], triplets: tuple[int, ...]) -> None:
        self.pair = pair  # the pair's tile, -1 if the pair is in another part
        self.runs = runs  # first tile of each run, ascending (a repeated run twice)
        self.triplets = triplets  # tile of each triplet, ascending
        # Plain loops, not generators: a fresh hand's new suit spelling makes its readings
        # on the scoring path, and compiled these loops run in C.
        run_mask = 0
        pairs = 0  # identical runs pair up: [a, a, b, b] -> 2, [a, a, a, a] -> 2, [a, a, a] -> 1
        outside = pair < 0 or (ORPHAN_MASK >> pair) & 1 == 1
        previous = -1
        for first in runs:
            run_mask |= 1 << first
            if first == previous:
                pairs += 1
                previous = -1
            else:
                previous = first
            if first % 9 != 0 and first % 9 != 6:
                outside = False
        triplet_mask = 0
        for tile in triplets:
            triplet_mask |= 1 << tile
        if triplet_mask & _SIMPLE_TILES:
            outside = False
        self.run_mask = run_mask
        self.triplet_mask = triplet_mask
        self.run_pairs = pairs
        # Every group and the pair hold a terminal or an honour (chanta, junchan).
        self.outside = outside


def _outside(tile: int) -> bool:
    return (ORPHAN_MASK >> tile) & 1 == 1


_SIMPLE_TILES: Final = _bits(range(34)) & ~ORPHAN_MASK  # 2-8 of each suit


_NO_READING: Final = PartReading(-1, (), ())


# bytes.translate table: a count of 0 to the digit "0", any other to "1" (Part: tile_mask).
_HELD_DIGITS: Final = b"0" + b"1" * 255
# The ranks held, by those digits (rank order), as bits: at most 2 ** 9 + 2 ** 7 entries.
_HELD_MASKS: Final[dict[bytes, int]] = {}


def _held_mask(counts: bytes) -> int:
    """The ranks ``counts`` holds as bits, rank 0 the lowest."""
    held = counts.translate(_HELD_DIGITS)
    mask = _HELD_MASKS.get(held)
    if mask is None:
        mask = int(held[::-1], 2)
        _HELD_MASKS[held] = mask
    return mask


@mypyc_attr(serializable=True)
class Part:
    """The concealed tiles of one suit (or of the honours) and all their readings."""

    __slots__ = ("counts", "tile_mask", "size", "reds", "readings", "pairs", "most", "key")

    key: i64  # the packed key of ``KEYED_PARTS`` (tiles.read_suit_keys); 0 where unused

    def __init__(self, base: int, counts: bytes, reds: int,
                 readings: tuple[PartReading, ...], key: i64 = 0) -> None:
        self.key = key
        # The count of each rank as bytes, shared with the readings' cache key: bytes are not
        # tracked by the cyclic garbage collector (a tuple is, until a collection sees it).
        self.counts = counts
        self.reds = reds
        self.readings = readings
        if INDEX_READER:
            # Compiled, one C loop over the counts.
            mask = size = most = 0
            only_pairs = True
            for rank in range(len(counts)):
                count = counts[rank]
                if count:
                    mask |= 1 << (base + rank)
                    size += count
                    if count > most:
                        most = count
                    if count != 2:
                        only_pairs = False
        else:
            # Interpreted, a few C calls over the bytes beat a loop of bytecodes (and max(),
            # whose keywords cost more than the byte searches: a count is at most 4).
            size = sum(counts)
            most = (4 if 4 in counts else 3 if 3 in counts else 2 if 2 in counts
                    else 1 if 1 in counts else 0)
            mask = _held_mask(counts) << base
            only_pairs = most == 0 or (most == 2 and 1 not in counts)
        self.tile_mask = mask
        self.size = size
        self.most = most  # copies of the tile held most
        # Seven-pairs material: the tiles held exactly twice when no tile is held otherwise.
        pairs: tuple[int, ...] | None = None
        if only_pairs:
            tiles = []
            for rank in range(len(counts)):
                if counts[rank]:
                    tiles.append(base + rank)
            pairs = tuple(tiles)
        self.pairs = pairs


# Parts by digit string, one cache a suit (m, p, s, z). A key is at most 14 digits of one
# suit; only valid parts (at most four of a rank, one red five) are stored, at most
# _PART_CACHE_LIMIT a suit, so the memory stays bounded whatever text is scored, with room
# for the spellings real use repeats (docs/scoring.md, "Caches", has the sizes). Past the
# limit a part is made and not kept.
_PART_CACHE_LIMIT: Final = 4096
PART_CACHES: Final[tuple[dict[str, Part], ...]] = ({}, {}, {}, {})


def part(suit: int, digits: str) -> Part | None:
    """The part of ``suit`` (0 m, 1 p, 2 s, 3 z) written ``digits``; None if it is
    impossible (a 5th copy, two red fives, a digit the suit lacks, over 14 tiles)."""
    cache = PART_CACHES[suit]
    found = cache.get(digits)
    if found is not None:
        return found
    # Compiled, a loop over the character codes; interpreted, arithmetic on one int.
    made = _make_part(suit, digits) if INDEX_READER else _counted_part(suit, digits)
    if made is not None and len(cache) < _PART_CACHE_LIMIT:
        cache[digits] = made
    return made


def _make_part(suit: int, digits: str) -> Part | None:
    length = len(digits)
    if length > 14:
        return None
    # One pass over the character codes into a count a rank (compiled, a C loop: no
    # string is made a rank, no list grows; a list, not a bytearray, whose item assignment
    # is a generic call compiled): a new spelling makes its part on the scoring path. A red
    # five is a five.
    ranks = 7 if suit == 3 else 9
    counts = [0] * ranks
    reds = 0
    for index in range(length):
        rank = ord(digits[index]) - _ONE_CODE
        if rank == -1 and suit != 3:
            reds += 1
            rank = 4
        if rank < 0 or rank >= ranks:
            return None  # a character that is no rank of this suit (honours: 0, 8, 9)
        held = counts[rank] + 1
        if held > 4:
            return None
        counts[rank] = held
    if reds > 1:
        return None
    key = bytes(counts)
    return Part(9 * suit, key, reds, _part_readings(suit, key))


_ONE_CODE: Final = 49  # "1"; a literal, compiled a constant (a computed Final is a static)


def _counted_part(suit: int, digits: str) -> Part | None:
    """``_make_part`` interpreted: one int holds the counts, a byte a rank (at most 14
    characters: no byte carries into the next), and its bytes are the counts; the checks
    are arithmetic on it, not a call a rank (a fresh hand's new spelling makes its part on
    the scoring path)."""
    if len(digits) > 14:
        return None
    ranks = _HONOUR_BYTES if suit == 3 else _SUIT_BYTES
    key = 0
    try:
        for char in digits:
            key += ranks[char]
    except KeyError:
        return None  # a character that is no rank of this suit (honours: 0, 8, 9)
    if (key + _FIFTH_ADD) & _FIFTH_BITS or key >> _RED_BYTE > 1:
        return None  # a fifth copy of a rank, or two red fives
    raw = key.to_bytes(10, "little")
    counts = raw[:7] if suit == 3 else raw[:9]
    return Part(9 * suit, counts, raw[9], _part_readings(suit, counts))


# What each character adds to _counted_part's int: rank r one at byte r; a red five ("0")
# a five and a red five (byte 9). Adding 11 to each rank's byte sets its bit 4 (16) where
# the rank has 5 copies or more (at most 14: 25, under 32).
_SUIT_BYTES: Final = {str(rank + 1): 1 << 8 * rank for rank in range(9)}
_SUIT_BYTES["0"] = 1 << 8 * 4 | 1 << 8 * 9
_HONOUR_BYTES: Final = {str(rank + 1): 1 << 8 * rank for rank in range(7)}
_RED_BYTE: Final = 8 * 9
_FIFTH_ADD: Final = sum(11 << 8 * rank for rank in range(9))
_FIFTH_BITS: Final = sum(16 << 8 * rank for rank in range(9))


# Parts by their packed key (``tiles.read_suit_keys``: 3 bits a rank's count, the red fives
# above them), one table a suit, at most _PART_CACHE_LIMIT parts each as PART_CACHES. The
# compiled quick read looks parts up here: no digit string is cut out of the hand text and
# hashed. Two spellings of the same tiles share a key. A table is open-addressed, twice as
# many slots as parts (a probe or two), each part compared by its own ``key``: compiled,
# a dict of int keys boxed every key it was asked for, and hashing it cost more than this.
_KEYED_SLOTS: Final = 2 * _PART_CACHE_LIMIT
KEYED_PARTS: Final[tuple[list[Part | None], ...]] = tuple(
    [None] * _KEYED_SLOTS for _ in range(4))
_KEYED_KEPT: Final = [0, 0, 0, 0]  # parts kept in each table


def key_slot(key: i64) -> i64:
    """Where the search for ``key`` starts in an open-addressed table of the scorer (masked
    by the table's size): multiplicative hashing, the key's low 29 bits (the higher ones
    folded in) times the golden ratio's 32 bits, the middle bits of the product (under
    2**61: no overflow in an i64). The scorer's keys pack small fields side by side: folding
    their bits instead put nearly all of them in the first eighth of a table."""
    return ((key ^ key >> 29) & 0x1FFFFFFF) * 0x9E3779B1 >> 16


def keyed_part(suit: int, key: i64) -> Part:
    """The part of ``suit`` whose tiles ``key`` packs (``tiles.read_suit_keys``, which has
    checked it: at most four of a rank, one red five, honours 1-7); 0 is no tiles."""
    if key == 0:
        return EMPTY_PART
    slots = KEYED_PARTS[suit]
    # A slot another key holds sends the search on to the next one.
    index = key_slot(key)
    while (found := slots[index & (_KEYED_SLOTS - 1)]) is not None and found.key != key:
        index += 1
    if found is not None:
        return found
    # The counts as bytes, three ranks (9 bits of the key) at a time from a table: no list
    # of counts, no bytes(list), whose generic conversion cost more than the rest of a part.
    packed = _THREE_RANKS[key & 511] + _THREE_RANKS[(key >> 9) & 511]
    if suit == 3:
        packed += _ONE_RANK[(key >> 18) & 7]
    else:
        packed += _THREE_RANKS[(key >> 18) & 511]
    made = Part(9 * suit, packed, key >> KEY_RED_SHIFT, _part_readings(suit, packed), key)
    if _KEYED_KEPT[suit] < _PART_CACHE_LIMIT:
        slots[index & (_KEYED_SLOTS - 1)] = made  # the empty slot the search ended on
        _KEYED_KEPT[suit] += 1
    return made


# Three ranks of a packed key (3 bits a count) as their three count bytes, and one rank as its
# byte: 512 and 8 entries.
_THREE_RANKS: Final = tuple(bytes((key & 7, key >> 3 & 7, key >> 6)) for key in range(512))
_ONE_RANK: Final = tuple(bytes((key,)) for key in range(8))


def _part_readings(suit: int, key: bytes) -> tuple[PartReading, ...]:
    """Every reading of one part (``key``: its counts); shared by the spellings of the same
    counts (a red five or not, the digits in another order), so a new spelling of known
    counts makes none."""
    found = _READINGS[suit].get(key)
    if found is None:
        found = _new_readings(suit, key)
        if len(_READINGS[suit]) < _PART_CACHE_LIMIT:
            _READINGS[suit][key] = found
    return found


# Readings by the counts of a part (as bytes), one dict a suit: at most _PART_CACHE_LIMIT.
_READINGS: Final[tuple[dict[bytes, tuple[PartReading, ...]], ...]] = ({}, {}, {}, {})


def _new_readings(suit: int, counts: bytes) -> tuple[PartReading, ...]:
    base = 9 * suit
    # Compared, not any(): compiled, any() is a generic call.
    if counts == _NO_SUIT_TILES or counts == _NO_HONOURS:
        return (_NO_READING,)
    if suit == 3:
        # Honours form no runs: each kind is a pair or a triplet, one pair at most.
        pair = -1
        triplets = []
        for rank in range(7):
            count = counts[rank]
            if count == 2:
                if pair >= 0:
                    return ()
                pair = base + rank
            elif count == 3:
                triplets.append(base + rank)
            elif count:
                return ()
        return (PartReading(pair, (), tuple(triplets)),)
    if not _SUIT_TABLE:
        _SUIT_TABLE.append(suit_table())
    encoded = _SUIT_TABLE[0].get(counts.translate(_COUNTS_TO_DIGITS))
    if encoded is None:
        return ()
    return _table_readings(base, encoded)


def _table_readings(base: int, encoded: bytes) -> tuple[PartReading, ...]:
    """The readings a line of the table writes (readings.encode_table_line: readings apart
    by ",", each a pair rank or "-", then a letter a meld, "a".. a triplet's rank, "A".. a
    run's first rank, triplets then runs, each ascending as decompose_suit sorts them), as
    the tiles of the suit from ``base``. One loop over the codes, the end of the text read
    as one more comma: no split (its list and a bytes object a reading cost more than the
    loop, in both builds), no tuples of codes in between, nothing to sort (a new spelling of
    new counts makes its readings on the scoring path)."""
    found = []
    runs: list[int] = []
    triplets: list[int] = []
    first = encoded[0]
    length = len(encoded)
    index = 1
    while True:
        code = encoded[index] if index < length else _COMMA
        if code == _COMMA:
            found.append(PartReading(base + first - _RANK_CODE if first != _NO_PAIR else -1,
                                     tuple(runs), tuple(triplets)))
            if index >= length:
                return tuple(found)
            runs = []
            triplets = []
            first = encoded[index + 1]  # a reading follows each comma
            index += 2
        else:
            if code >= _TRIPLET_CODE:
                triplets.append(base + code - _TRIPLET_CODE)
            else:
                runs.append(base + code - _RUN_CODE)
            index += 1


# The shipped suit table (readings.suit_table), fetched once on first use and kept here:
# calling suit_table() through its cache wrapper is a generic call (compiled).
_SUIT_TABLE: Final[list[dict[bytes, bytes]]] = []
# Kept here: compiled, an imported name that is not Final is a lookup in a module's dict.
_COUNTS_TO_DIGITS: Final = COUNTS_TO_DIGITS
# Character codes of the table's text, as literals (see _ONE_CODE).
_COMMA: Final = 44  # ","
_NO_SUIT_TILES: Final = bytes(9)
_NO_HONOURS: Final = bytes(7)
_NO_PAIR: Final = 45  # "-"
_RANK_CODE: Final = 48  # "0"
_TRIPLET_CODE: Final = 97  # "a"
_RUN_CODE: Final = 65  # "A"


EMPTY_PART: Final = Part(0, bytes(9), 0, (_NO_READING,))


@mypyc_attr(serializable=True)
class MeldFacts:
    """What the called melds (and closed kans) of a hand add to every reading of it."""

    __slots__ = ("melds", "closed", "tile_mask", "reds", "runs", "run_mask", "triplets",
                 "triplet_mask", "kans", "closed_kans", "outside", "man_copies", "pin_copies",
                 "sou_copies", "honour_copies", "most", "key")

    key: i64  # the melds' numbers (scoring's table of facts by coded melds); 0 where unused

    def __init__(self, melds: tuple[Meld, ...], key: i64 = 0) -> None:
        self.melds = melds
        self.key = key
        closed = True
        mask = reds = runs = run_mask = triplets = triplet_mask = kans = closed_kans = 0
        outside = True
        # The copies of each tile in the melds, 3 bits a rank, one int a suit (m, p, s, z):
        # no table of 34 is made (and none is kept: ints are not tracked by the cyclic
        # garbage collector). A count stops at 5, as meld_copies counts.
        man = pin = sou = honours = 0
        most = 0
        shared = False  # some tile in two melds
        for meld in melds:
            tiles = meld.tiles
            first = tiles[0]
            reds += meld.reds
            if meld.kind == "chi":
                runs += 1
                run_mask |= 1 << first
                held = 7 << first
                outside = outside and first % 9 in (0, 6)
                if most < 1:
                    most = 1
            else:
                triplets += 1
                triplet_mask |= 1 << first
                held = 1 << first
                outside = outside and _outside(first)
                if len(tiles) > most:
                    most = len(tiles)
                if len(tiles) == 4:
                    kans += 1
                    closed_kans += meld.kind == "ankan"
            if mask & held:
                shared = True
            mask |= held
            if meld.kind != "ankan":
                closed = False
            # A meld's tiles are of one suit (its first tile's); each is one more copy.
            if first < 9:
                man = _add_copies(man, tiles, 0)
            elif first < 18:
                pin = _add_copies(pin, tiles, 9)
            elif first < 27:
                sou = _add_copies(sou, tiles, 18)
            else:
                honours = _add_copies(honours, tiles, 27)
        self.closed = closed  # no called melds (closed kans allowed)
        self.tile_mask = mask
        self.reds = reds
        self.runs = runs
        self.run_mask = run_mask
        self.triplets = triplets  # triplets and kans
        self.triplet_mask = triplet_mask
        self.kans = kans
        self.closed_kans = closed_kans
        self.outside = outside  # every meld holds a terminal or an honour
        self.man_copies = man
        self.pin_copies = pin
        self.sou_copies = sou
        self.honour_copies = honours
        # Copies of the tile the melds hold most (HandTiles.most); from the counts only
        # where melds share a tile.
        if shared:
            for packed in (man, pin, sou, honours):
                most = _most_with(most, packed, _NO_SUIT_TILES)
        self.most = most

    def suit_copies(self, suit: int) -> int:
        """The copies of suit ``suit``'s tiles (0 m, 1 p, 2 s, 3 z), 3 bits a rank."""
        if suit == 0:
            return self.man_copies
        if suit == 1:
            return self.pin_copies
        if suit == 2:
            return self.sou_copies
        return self.honour_copies

    def copies_of(self, tile: int) -> int:
        """Copies of ``tile`` in the melds (at most 5)."""
        suit = tile // 9 if tile < 27 else 3
        return (self.suit_copies(suit) >> (3 * (tile - 9 * suit))) & 7

    @property
    def copies(self) -> bytes:
        """The copies of each of the 34 tiles in the melds."""
        return bytes([self.copies_of(tile) for tile in range(34)])

    @property
    def held(self) -> bytes:
        """The tiles the melds hold, ascending."""
        return bytes([tile for tile in range(34) if self.copies_of(tile)])


def _add_copies(packed: int, tiles: tuple[int, ...], base: int) -> int:
    """``packed`` (3 bits a rank of the suit from tile ``base``) with a copy more of each of
    ``tiles``; a count stops at 5."""
    # Most melds share no tile with another: where the meld's ranks hold no copy yet, its
    # copies are added at once (a set of one tile, or a run of three), none reaching 5.
    first = tiles[0]
    shift = 3 * (first - base)
    last = tiles[len(tiles) - 1]
    if last == first:
        if (packed >> shift) & 7 == 0:
            return packed + (len(tiles) << shift)
    elif last == first + 2 and len(tiles) == 3 and (packed >> shift) & 0o777 == 0:
        return packed + (0o111 << shift)
    for index in range(len(tiles)):
        shift = 3 * (tiles[index] - base)
        if (packed >> shift) & 7 < 5:
            packed += 1 << shift
    return packed


NO_MELDS: Final = MeldFacts(())


@mypyc_attr(serializable=True)
class HandTiles:
    """Every tile of a won hand, read: the concealed parts, the called melds and the
    features of the melds that every reading shares."""

    __slots__ = ("parts", "melds", "meld_facts", "win", "tsumo", "closed", "tile_mask",
                 "suits", "red_fives", "concealed_size", "most", "_counts")

    def __init__(self, parts: tuple[Part, Part, Part, Part], melds: tuple[Meld, ...],
                 win: int, tsumo: bool, facts: MeldFacts | None = None) -> None:
        self.parts = parts
        self.melds = melds
        self.win = win
        self.tsumo = tsumo
        man, pin, sou, honours = parts
        mask = man.tile_mask | pin.tile_mask | sou.tile_mask | honours.tile_mask
        self.concealed_size = man.size + pin.size + sou.size + honours.size
        reds = man.reds + pin.reds + sou.reds
        # Copies of the tile held most (compared, not max(): no call, compiled).
        most = man.most
        if pin.most > most:
            most = pin.most
        if sou.most > most:
            most = sou.most
        if honours.most > most:
            most = honours.most
        if melds:
            if facts is None:
                facts = MeldFacts(melds)
            # A tile held both concealed and in a meld: the suits whose copies add up.
            both = mask & facts.tile_mask
            mask |= facts.tile_mask
            reds += facts.reds
            if facts.most > most:
                most = facts.most
            if both:
                # Melds included: only a tile the melds hold can have more than the parts
                # say.
                if both & _MAN:
                    most = _most_with(most, facts.man_copies, man.counts)
                if both & _PIN:
                    most = _most_with(most, facts.pin_copies, pin.counts)
                if both & _SOU:
                    most = _most_with(most, facts.sou_copies, sou.counts)
                if both & HONOUR_MASK:
                    most = _most_with(most, facts.honour_copies, honours.counts)
        else:
            facts = NO_MELDS
        self.most = most
        self._counts: list[int] | None = None
        self.meld_facts = facts
        self.closed = facts.closed  # no called melds (closed kans allowed)
        self.tile_mask = mask  # the tiles present, melds included
        self.suits = ((mask & _MAN != 0) + (mask & _PIN != 0)  # number suits present
                      + (mask & _SOU != 0))
        self.red_fives = reds

    @property
    def counts(self) -> list[int]:
        """All 34 tile counts, called melds included (made on first use)."""
        counts = self._counts
        if counts is None:
            man, pin, sou, honours = self.parts
            # [:7]: a hand with no concealed honours shares EMPTY_PART, whose counts are
            # a suit's nine.
            counts = list(man.counts + pin.counts + sou.counts + honours.counts[:7])
            facts = self.meld_facts
            for suit in range(4):
                packed = facts.suit_copies(suit)
                tile = 9 * suit
                while packed:
                    counts[tile] += packed & 7
                    packed >>= 3
                    tile += 1
            self._counts = counts
        return counts

    def count(self, tile: int) -> int:
        """Copies of ``tile`` in the hand, called melds included."""
        # Each part by a constant index: compiled, the tuple of parts is kept unboxed, and
        # an index computed at run time would box it first.
        parts = self.parts
        if tile < 27:
            rank = tile % 9
            held = (parts[0] if tile < 9 else parts[1] if tile < 18 else parts[2]).counts[rank]
        else:
            rank = tile - 27
            held = parts[3].counts[rank]
        if self.melds:
            facts = self.meld_facts
            packed = (facts.man_copies if tile < 9 else facts.pin_copies if tile < 18
                      else facts.sou_copies if tile < 27 else facts.honour_copies)
            return held + ((packed >> (3 * rank)) & 7)
        return held

    @property
    def has_honour(self) -> bool:
        return self.tile_mask & HONOUR_MASK != 0


def _most_with(most: int, packed: int, counts: bytes) -> int:
    """``most``, or more if a tile of the suit the melds pack (3 bits a rank) and the
    concealed ``counts`` hold together has more copies."""
    rank = 0
    while packed:
        held = packed & 7
        if held:
            held += counts[rank]
            if held > most:
                most = held
        packed >>= 3
        rank += 1
    return most


_MAN: Final = SUIT_MASKS[0]
_PIN: Final = SUIT_MASKS[1]
_SOU: Final = SUIT_MASKS[2]


@mypyc_attr(serializable=True)
class WinShape:
    """One reading of the hand with the winning tile placed: what yaku and fu look at.

    ``runs`` and ``triplets`` are the concealed groups (first tile of each run, tile of each
    triplet); the masks and counts cover the called melds too.
    """

    __slots__ = ("hand", "form", "wait", "pair", "pairs", "runs", "triplets",
                 "ron_triplet", "run_mask", "triplet_mask", "run_count", "triplet_count",
                 "run_pairs", "concealed_triplets", "outside", "win", "closed", "tsumo",
                 "tiles", "kans")

    def __init__(self, hand: HandTiles, form: Form, wait: Wait, pair: int,
                 pairs: tuple[int, ...], runs: tuple[int, ...], triplets: tuple[int, ...],
                 ron_triplet: int, run_mask: int, triplet_mask: int, run_pairs: int,
                 outside: bool) -> None:
        self.hand = hand
        self.form = form
        self.wait = wait
        self.pair = pair  # the pair's tile (kokushi: the doubled orphan); -1 for chiitoitsu
        self.pairs = pairs  # chiitoitsu's seven pairs, else ()
        self.runs = runs
        self.triplets = triplets
        self.ron_triplet = ron_triplet  # the concealed triplet a ron completed, else -1
        melds = hand.meld_facts
        self.run_mask = run_mask | melds.run_mask
        self.triplet_mask = triplet_mask | melds.triplet_mask
        self.run_count = len(runs) + melds.runs
        concealed = len(triplets)
        self.triplet_count = concealed + melds.triplets
        self.run_pairs = run_pairs  # pairs of identical runs: 1 iipeikou, 2 ryanpeikou
        # Triplets and kans not called and not completed by a ron (fu, sanankou, suuankou).
        self.concealed_triplets = concealed - (ron_triplet >= 0) + melds.closed_kans
        self.outside = outside and melds.outside
        # Hand-wide facts, copied so that a predicate reads one object.
        self.win = hand.win
        self.closed = hand.closed
        self.tsumo = hand.tsumo
        self.tiles = hand.tile_mask  # the tiles present, bit t = tile t, melds included
        self.kans = melds.kans

    @property
    def counts(self) -> list[int]:
        return self.hand.counts

    def __repr__(self) -> str:
        # By value (as the named tuple it replaced), so two builds' shapes compare as text.
        return f"WinShape({describe(self)!r}, form={self.form!r}, wait={self.wait!r})"


def win_shapes(hand: HandTiles) -> list[WinShape]:
    """Every reading of the hand with every placement of the winning tile; [] when the
    concealed tiles read as no winning hand."""
    shapes: list[WinShape] = []
    man, pin, sou, honours = hand.parts
    win = hand.win
    tsumo = hand.tsumo
    # The runs holding the winning tile start at most two tiles below it (a run never
    # crosses suits: run starts are ranks 1-7).
    low = win - 2 if win >= 2 else 0
    near_mask = (1 << (win - low + 1)) - 1
    for first in man.readings:
        for second in pin.readings:
            pairs = (first.pair >= 0) + (second.pair >= 0)
            if pairs > 1:
                continue
            for third in sou.readings:
                if pairs + (third.pair >= 0) > 1:
                    continue
                for fourth in honours.readings:
                    if pairs + (third.pair >= 0) + (fourth.pair >= 0) != 1:
                        continue
                    # One part holds the pair, the other three -1 (no call to max: the
                    # compiled build would box the four).
                    pair = first.pair + second.pair + third.pair + fourth.pair + 3
                    runs = first.runs + second.runs + third.runs
                    triplets = (first.triplets + second.triplets + third.triplets
                                + fourth.triplets)
                    run_mask = first.run_mask | second.run_mask | third.run_mask
                    triplet_mask = (first.triplet_mask | second.triplet_mask
                                    | third.triplet_mask | fourth.triplet_mask)
                    run_pairs = first.run_pairs + second.run_pairs + third.run_pairs
                    outside = (first.outside and second.outside and third.outside
                               and fourth.outside)
                    # Each placement of the winning tile, inline (a call a reading, with
                    # its dozen arguments, was a good part of a pure shape's cost).
                    if pair == win:
                        shapes.append(WinShape(hand, "standard", TANKI, pair, (), runs,
                                               triplets, -1, run_mask, triplet_mask,
                                               run_pairs, outside))
                    near = (run_mask >> low) & near_mask
                    start = low
                    while near:
                        if near & 1:
                            shapes.append(WinShape(hand, "standard", _run_wait(start, win),
                                                   pair, (), runs, triplets, -1, run_mask,
                                                   triplet_mask, run_pairs, outside))
                        near >>= 1
                        start += 1
                    if (triplet_mask >> win) & 1:
                        shapes.append(WinShape(hand, "standard", SHANPON, pair, (), runs,
                                               triplets, -1 if tsumo else win, run_mask,
                                               triplet_mask, run_pairs, outside))
    if not hand.melds and hand.concealed_size == 14 and (
            hand.tile_mask == ORPHAN_MASK or (
                man.pairs is not None and pin.pairs is not None and sou.pairs is not None
                and honours.pairs is not None)):
        _special_shapes(shapes, hand)
    return shapes


def _run_wait(first: int, win: int) -> Wait:
    if win == first + 1:
        return KANCHAN
    rank = first % 9
    if (rank == 0 and win == first + 2) or (rank == 6 and win == first):
        return PENCHAN
    return RYANMEN


def _special_shapes(shapes: list[WinShape], hand: HandTiles) -> None:
    """Seven pairs (distinct) and thirteen orphans, from the parts' counts."""
    man, pin, sou, honours = hand.parts
    if (man.pairs is not None and pin.pairs is not None and sou.pairs is not None
            and honours.pairs is not None):
        pairs = man.pairs + pin.pairs + sou.pairs + honours.pairs
        if len(pairs) == 7:
            shapes.append(WinShape(hand, "chiitoitsu", TANKI, -1, pairs, (), (), -1, 0, 0, 0,
                                   False))
    if hand.tile_mask == ORPHAN_MASK:
        counts = hand.counts
        pair = next(tile for tile in range(34) if counts[tile] == 2)
        wait: Wait = KOKUSHI_THIRTEEN if pair == hand.win else KOKUSHI_SINGLE
        shapes.append(WinShape(hand, "kokushi", wait, pair, (), (), (), -1, 0, 0, 0, False))


def describe(shape: WinShape) -> str:
    """The reading as text, e.g. ``44p 456m 234p 234s 567s``; called melds in [], closed
    kans in ()."""
    if shape.form == "chiitoitsu":
        return " ".join(_name(tile)[0] + _name(tile) for tile in shape.pairs)
    if shape.form == "kokushi":
        return f"kokushi (pair {_name(shape.pair)})"
    pair = _name(shape.pair)
    parts = [pair[0] + pair]
    parts += [_run_text(first) for first in shape.runs]
    parts += [_name(tile)[0] * 3 + _name(tile)[1] for tile in shape.triplets]
    for meld in shape.hand.melds:
        first = meld.tiles[0]
        if meld.kind == "chi":
            text = _run_text(first)
        else:
            text = _name(first)[0] * len(meld.tiles) + _name(first)[1]
        parts.append(f"({text})" if meld.kind == "ankan" else f"[{text}]")
    return " ".join(parts)


def _name(tile: int) -> str:
    return f"{tile % 9 + 1}{'mpsz'[tile // 9]}"


def _run_text(first: int) -> str:
    return "".join(str(first % 9 + offset) for offset in (1, 2, 3)) + "mpsz"[first // 9]
