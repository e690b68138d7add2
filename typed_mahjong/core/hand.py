"""A hand string: the concealed tiles followed by called melds.

Grammar (whitespace separates groups)::

    hand  := tiles (WS meld)*
    meld  := ("chi" | "pon" | "kan" | "ankan" | "kakan") ":" tiles
    tiles := MPSZ notation (see typed_mahjong.core.tiles)

``kan`` is an open (called) kan, ``ankan`` a closed kan, ``kakan`` a pon extended to a kan.
The concealed part includes the winning tile; tiles may come in any order.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from mypy_extensions import i64

from ..errors import HandError
from .tiles import (
    MAX_HAND_TEXT,
    ParsedTile,
    check_length,
    format_tiles,
    parse_tiles,
    plain_tiles,
    tile_name,
)

if TYPE_CHECKING:
    from .tile_types import MeldKind

# The values of tile_types.MeldKind (a test holds them equal), written out: the Literal
# unions of tile_types are for type checkers, and cost more to import than this module.
MELD_KINDS: tuple[MeldKind, ...] = ("chi", "pon", "kan", "ankan", "kakan")
_MELD_KIND: dict[str, MeldKind] = {kind: kind for kind in MELD_KINDS}
_GROUP = re.compile(r"\S+")
MAX_MELDS: Final = 4  # four sets and a pair: every meld is one of the sets


@dataclass(frozen=True, slots=True)
class Meld:
    kind: MeldKind
    tiles: tuple[int, ...]  # sorted tile indices
    reds: int  # red fives among them

    @property
    def is_open(self) -> bool:
        return self.kind != "ankan"

    @property
    def is_kan(self) -> bool:
        return len(self.tiles) == 4

    @property
    def first(self) -> int:
        return self.tiles[0]

    def format(self) -> str:
        reds = self.reds
        written: list[tuple[int, bool]] = []
        for tile in self.tiles:
            red = reds > 0 and tile < 27 and tile % 9 == 4
            reds -= red
            written.append((tile, red))
        return f"{self.kind}:{format_tiles(written)}"


@dataclass(frozen=True, slots=True)
class Hand:
    concealed: tuple[int, ...]  # sorted tile indices, winning tile included
    concealed_reds: tuple[int, ...]  # the fives (4, 13, 22) that are red in the concealed part
    melds: tuple[Meld, ...]

    @property
    def counts(self) -> list[int]:
        counts = [0] * 34
        for tile in self.concealed:
            counts[tile] += 1
        return counts

    def copies(self) -> tuple[list[int], list[int]]:
        """Copies of each tile and red fives of each suit, called melds included."""
        copies, reds = meld_copies(self.melds)
        for tile in self.concealed:
            copies[tile] += 1
        for tile in self.concealed_reds:
            reds[tile // 9] += 1
        return copies, reds

    @property
    def is_closed(self) -> bool:
        return all(not meld.is_open for meld in self.melds)

    @property
    def red_fives(self) -> int:
        return len(self.concealed_reds) + sum(meld.reds for meld in self.melds)

    def format(self) -> str:
        """Canonical text; ``parse_hand(h.format()) == h``."""
        reds = list(self.concealed_reds)
        written: list[tuple[int, bool]] = []
        for tile in self.concealed:
            red = tile in reds
            if red:
                reds.remove(tile)
            written.append((tile, red))
        return " ".join([format_tiles(written)] + [meld.format() for meld in self.melds])


def parse_hand(text: str, *, drawn: tuple[bool, ...] = (True,)) -> Hand:
    """Parse a hand string; raise HandError naming the fault and its position.

    ``drawn`` says which sizes are allowed: True for a hand holding its 14th tile (a winning
    hand: 14 tiles less 3 per meld), False for a waiting hand (13 less 3 per meld).
    """
    if not isinstance(text, str):  # the pure build's answer as the compiled one's: TypeError
        raise TypeError(f"hand must be text such as '234p234s456m567s44p', not "
                        f"{type(text).__name__}")
    check_length(text, "hand", MAX_HAND_TEXT, "a hand")
    quick = _quick_hand(text, drawn)
    if quick is not None:
        return quick
    try:
        return _parse_hand(text, drawn)
    except HandError as exc:
        raise exc.in_source(text) from None


def quick_meld(part: str) -> Meld | None:
    """The meld written ``part`` ("pon:777p"), None if it is not a plain valid meld."""
    # Valid meld spellings are few and recur in every hand that calls them: a dict (not
    # lru_cache, whose wrapper is a generic call compiled) keeps at most _MELD_LIMIT. An
    # invalid one is not kept: the careful parser reads it next, to name the fault.
    meld = _MELD_CACHE.get(part)
    if meld is None:
        try:
            meld = _parse_meld(part, 0)
        except HandError:
            return None
        if len(_MELD_CACHE) < _MELD_LIMIT:
            _MELD_CACHE[part] = meld
    return meld


_MELD_CACHE: Final[dict[str, Meld]] = {}
_MELD_LIMIT: Final = 2048


def coded_meld(text: str, start: i64) -> tuple[i64, i64]:
    """The meld written from ``text[start]`` to the next space or the end, read by
    character code (compiled: no string is cut out or hashed): its ``meld_at`` number and
    the index after it. (-1, -1) for anything but a plain valid meld written kind, ":", the
    digits (one red five at most) and one suit letter, which ``quick_meld`` then reads."""
    length: i64 = len(text)
    # The kind's characters up to the colon, 8 bits each: one int to compare.
    index = start
    written: i64 = 0
    while index < length and index - start < 6:
        code: i64 = ord(text[index])
        if code == _COLON:
            break
        written = written << 8 | code
        index += 1
    kind: i64 = _kind_of(written)
    if kind < 0 or index >= length or index - start >= 6:
        return -1, -1
    index += 1
    ranks: i64 = 0  # a bit a rank held
    lowest: i64 = 9
    reds: i64 = 0
    digits: i64 = 0
    while index < length:
        digit: i64 = ord(text[index]) - _ZERO_CODE
        if digit < 0 or digit > 9:
            break
        rank = digit - 1
        if digit == 0:
            reds += 1
            rank = 4
        ranks |= 1 << rank
        if rank < lowest:
            lowest = rank
        digits += 1
        index += 1
    if index >= length or (index + 1 < length and ord(text[index + 1]) != _SPACE):
        return -1, -1
    letter: i64 = ord(text[index])  # m p s z: 109 112 115 122
    suit: i64 = 0 if letter == 109 else 1 if letter == 112 else 2 if letter == 115 else (
        3 if letter == 122 else -1)
    size: i64 = 3 if kind < 2 else 4  # chi and pon, then the kans (MELD_KINDS order)
    if suit < 0 or digits != size or reds > 1 or (suit == 3 and (reds > 0 or lowest > 6)):
        return -1, -1
    if kind == 0:  # chi: three ranks in a row of a number suit
        if suit == 3 or ranks != 7 << lowest:
            return -1, -1
    elif ranks != 1 << lowest:  # a set: copies of one tile
        return -1, -1
    return (kind * 34 + 9 * suit + lowest) * 2 + reds, index + 1


def _kind_of(written: i64) -> i64:
    """The index in MELD_KINDS of a kind's characters as ``coded_meld`` packs them (8 bits
    a character: "chi" is 0x63 0x68 0x69), -1 for none. Literals: compiled, constants in the
    C code, where a tuple of them is read and each int unboxed."""
    return (0 if written == 0x636869 else 1 if written == 0x706F6E
            else 2 if written == 0x6B616E else 3 if written == 0x616E6B616E
            else 4 if written == 0x6B616B616E else -1)


def meld_at(number: i64) -> Meld:
    """The meld ``coded_meld`` numbered (kind, first tile, red fives): made once, kept."""
    found = _CODED_MELDS[number]
    if found is None:
        kind, first = MELD_KINDS[number // 68], number // 2 % 34
        tiles = (first, first + 1, first + 2) if kind == "chi" else (first,) * (
            3 if kind == "pon" else 4)
        found = Meld(kind, tiles, int(number % 2))
        _CODED_MELDS[number] = found
    return found


_CODED_MELDS: Final[list[Meld | None]] = [None] * (len(MELD_KINDS) * 34 * 2)
# Character codes as literals (compiled, a literal is a constant in the C code; a Final
# computed at import is a static checked and converted at each use).
_COLON: Final = 58  # ":"
_SPACE: Final = 32  # " "
_ZERO_CODE: Final = 48  # "0"


def _quick_hand(text: str, drawn: tuple[bool, ...]) -> Hand | None:
    """The common case (digits-and-suit groups, everything valid) without positions.

    Returns None at the first sign of anything unusual; ``_parse_hand`` then parses the
    text again and reports the fault precisely. So this path never decides an error.
    """
    parts = text.split()
    found = plain_tiles(parts[0]) if parts else None
    if found is None:
        return None
    tiles, reds = found
    melds = []
    for part in parts[1:]:
        meld = quick_meld(part)
        if meld is None:
            return None
        melds.append(meld)
    if len(tiles) not in [13 + with_drawn - 3 * len(melds) for with_drawn in drawn]:
        return None
    hand = Hand(tuple(tiles), tuple(reds), tuple(melds))
    copies, red_suits = hand.copies()
    if max(copies) > 4 or max(red_suits) > 1:
        return None
    return hand


def _parse_hand(text: str, drawn: tuple[bool, ...]) -> Hand:
    concealed: list[ParsedTile] | None = None
    melds: list[Meld] = []
    copies = [0] * 34
    reds = [0, 0, 0]
    for match in _GROUP.finditer(text):
        group, start = match.group(), match.start()
        if ":" in group:
            meld = _parse_meld(group, start)
            if len(melds) == MAX_MELDS:
                raise HandError(f"hand: a hand has at most {MAX_MELDS} called melds (closed "
                                f"kans included); '{group}' is one more", field="hand",
                                position=start)
            _count_meld(meld, group, start, copies, reds)
            melds.append(meld)
        elif concealed is None:
            concealed = parse_tiles(group, field="hand", offset=start)
        else:
            raise HandError("hand: the concealed tiles must be one group; a second group "
                            "without a meld kind ('chi:', 'pon:', ...) was found",
                            field="hand", position=start)
    if not concealed:
        raise HandError("hand: no concealed tiles given", field="hand",
                        position=0 if text else None)
    check_copies(concealed, copies, reds, field="hand")
    sizes = [13 + with_drawn_tile - 3 * len(melds) for with_drawn_tile in drawn]
    if len(concealed) not in sizes:
        expected = " or ".join(map(str, sizes))
        why = " (the winning tile included)" if drawn == (True,) else ""
        raise HandError(f"hand: wrong tile count: {len(concealed)} concealed tiles with "
                        f"{len(melds)} called meld(s); expected {expected}{why}", field="hand")
    return Hand(tuple(sorted(t.tile for t in concealed)),
                tuple(sorted(t.tile for t in concealed if t.red)), tuple(melds))


def _parse_meld(group: str, start: int) -> Meld:
    written, _, tiles_text = group.partition(":")
    kind = _MELD_KIND.get(written)
    if kind is None:
        raise HandError(f"hand: unknown meld kind {written!r} (use chi, pon, kan, ankan or "
                        f"kakan)",
                        field="hand", position=start)
    tiles_start = start + len(kind) + 1
    if not tiles_text:
        raise HandError(f"hand: meld '{kind}:' has no tiles", field="hand",
                        position=start)
    parsed = parse_tiles(tiles_text, field="hand", offset=tiles_start)
    indices = sorted(t.tile for t in parsed)
    size = 3 if kind in ("chi", "pon") else 4
    if len(parsed) != size:
        article = "an" if kind.startswith("a") else "a"  # an ankan, a kakan
        raise HandError(f"hand: {article} {kind} has {size} tiles, '{group}' has {len(parsed)}",
                        field="hand", position=start)
    if kind == "chi":
        first = indices[0]
        if first >= 27 or indices != [first, first + 1, first + 2] or first % 9 > 6:
            raise HandError(f"hand: chi '{tiles_text}' is not a run of three consecutive "
                            f"tiles of one suit", field="hand", position=tiles_start)
    elif len(set(indices)) != 1:
        raise HandError(f"hand: {kind} '{tiles_text}' is not {size} copies of one tile",
                        field="hand", position=tiles_start)
    return Meld(kind, tuple(indices), sum(t.red for t in parsed))


def _count_meld(meld: Meld, group: str, start: int, copies: list[int], reds: list[int]
                ) -> None:
    """Add a meld's tiles to the running counts: an error at the meld (``group``, at
    ``start``) that brings a 5th copy of a tile or a 2nd red five of a suit."""
    for tile in meld.tiles:
        copies[tile] += 1
        if copies[tile] > 4:
            raise HandError(f"hand: meld '{group}' brings the melds a 5th copy of "
                            f"{tile_name(tile)} (only four of each tile exist)",
                            field="hand", position=start)
    if meld.reds:
        suit = meld.tiles[0] // 9
        reds[suit] += meld.reds
        if reds[suit] > 1:
            raise HandError(f"hand: meld '{group}' brings the melds a 2nd red five of suit "
                            f"{'mps'[suit]} (each suit has one)", field="hand",
                            position=start)


def meld_copies(melds: Iterable[Meld]) -> tuple[list[int], list[int]]:
    """Copies of each tile (34 counts) and red fives of each suit (m, p, s) in the melds:
    the one place tiles are counted with melds (``Hand.copies``, the careful parser's
    checks, shanten's called tiles, ``shape.MeldFacts``). Checks nothing, but a count stops
    at 5: five copies already break every rule that counts them, and whatever the text
    holds (86 pons of one tile are 258 copies) a count fits the byte tables of
    ``shape.MeldFacts``."""
    copies = [0] * 34
    reds = [0, 0, 0]
    for meld in melds:
        for tile in meld.tiles:
            if copies[tile] < 5:
                copies[tile] += 1
        if meld.reds:
            reds[meld.tiles[0] // 9] += meld.reds
    return copies, reds


def count_meld_copies(melds: Iterable[Meld]) -> tuple[list[int], list[int]]:
    """``meld_copies``, with an error if the melds alone hold a 5th copy of a tile (any tile
    of a meld, a run's middle one too) or a 2nd red five of a suit."""
    copies, reds = meld_copies(melds)
    for tile, held in enumerate(copies):
        if held > 4:
            raise HandError(f"hand: the melds hold a 5th copy of {tile_name(tile)}",
                            field="hand")
    for suit, held in enumerate(reds):
        if held > 1:
            raise HandError(f"hand: the melds hold a 2nd red five of suit {'mps'[suit]}",
                            field="hand")
    return copies, reds


def check_copies(tiles: list[ParsedTile], copies: list[int], reds: list[int], *,
                 field: str) -> None:
    """Add ``tiles`` to the running counts; at most 4 copies of a tile, one red five a suit.

    ``copies`` and ``reds`` are updated in place so the caller can chain the hand, the dora
    indicators and the ura indicators and learn which of them holds the impossible tile.
    """
    for parsed in tiles:
        copies[parsed.tile] += 1
        if copies[parsed.tile] > 4:
            raise HandError(f"{field}: a 5th copy of {tile_name(parsed.tile)} (only four "
                            f"of each tile exist, melds and indicators included)",
                            field=field, position=parsed.position)
        if parsed.red:
            reds[parsed.tile // 9] += 1
            if reds[parsed.tile // 9] > 1:
                raise HandError(f"{field}: a 2nd red five {tile_name(parsed.tile, True)} "
                                f"(each suit has one)", field=field, position=parsed.position)
