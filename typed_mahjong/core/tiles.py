"""Tiles and the MPSZ notation.

A tile is an index 0..33: 0-8 are 1m-9m (man), 9-17 1p-9p (pin), 18-26 1s-9s (sou),
27-33 the honours 1z-7z = East, South, West, North, White, Green, Red.
Red fives are spelled ``0m/0p/0s``; they are the 5 of their suit plus a flag.
Honours may also be written with the letters ``E S W N P F C`` (P = white "pai",
F = green "fa", C = red "chun").
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Final, NamedTuple

from mypy_extensions import i64

from ..errors import HandError

SUITS = "mpsz"
HONOUR_LETTERS = "ESWNPFC"
# Final names: mypyc compiles them as constants, not as lookups in the module's dict.
EAST: Final = 27
SOUTH: Final = 28
WEST: Final = 29
NORTH: Final = 30
WHITE: Final = 31
GREEN: Final = 32
RED: Final = 33
WINDS: Final = (EAST, SOUTH, WEST, NORTH)
DRAGONS: Final = (WHITE, GREEN, RED)
# Terminals and honours, the one list: kokushi's thirteen, yaochuuhai, "outside" tiles.
# Every other form of it (sets, bit masks) is made from this one.
ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
TERMINALS = frozenset(tile for tile in ORPHANS if tile < 27)
HONOURS = frozenset(tile for tile in ORPHANS if tile >= 27)
TERMINALS_AND_HONOURS = TERMINALS | HONOURS


def tile_mask(tiles: Iterable[int]) -> int:
    """Tiles as a bit mask over the 34 indices (bit t = tile t)."""
    mask = 0
    for tile in tiles:
        mask |= 1 << tile
    return mask


TERMINAL_MASK: Final = tile_mask(TERMINALS)
HONOUR_MASK: Final = tile_mask(HONOURS)
ORPHAN_MASK: Final = TERMINAL_MASK | HONOUR_MASK
WIND_NAMES = {"E": EAST, "S": SOUTH, "W": WEST, "N": NORTH}


class ParsedTile(NamedTuple):
    tile: int
    red: bool
    position: int  # offset of the tile's digit (or letter) in the source text


def tile_name(tile: int, red: bool = False) -> str:
    """``tile_name(12) == "4p"``; red fives are written ``0m/0p/0s``."""
    return f"{0 if red else tile % 9 + 1}{SUITS[tile // 9]}"


def is_terminal_or_honour(tile: int) -> bool:
    return (ORPHAN_MASK >> tile) & 1 == 1


def parse_tiles(text: str, *, field: str = "tiles", offset: int = 0) -> list[ParsedTile]:
    """Parse MPSZ text (no whitespace) into tiles, in the order written.

    ``offset`` shifts reported positions, so a tile group cut out of a longer hand string
    still points at the right character of the caller's text.
    """
    tiles: list[ParsedTile] = []
    pending: list[int] = []  # positions of digits still waiting for their suit letter
    for index, char in enumerate(text):
        position = offset + index
        if char.isdigit() and char.isascii():
            pending.append(position)
        elif char in "mps":
            if not pending:
                raise _error(f"suit letter {char!r} has no digits before it", field, position)
            base = SUITS.index(char) * 9
            for digit_position in pending:
                digit = int(_char_at(text, digit_position - offset))
                tiles.append(ParsedTile(base + (4 if digit == 0 else digit - 1), digit == 0,
                                        digit_position))
            pending.clear()
        elif char == "z":
            if not pending:
                raise _error("suit letter 'z' has no digits before it", field, position)
            for digit_position in pending:
                digit = int(_char_at(text, digit_position - offset))
                if not 1 <= digit <= 7:
                    raise _error(f"honour tile '{digit}z' does not exist (honours are 1z-7z)",
                                 field, digit_position)
                tiles.append(ParsedTile(26 + digit, False, digit_position))
            pending.clear()
        elif char in HONOUR_LETTERS:
            if pending:
                raise _error("digits before an honour letter have no suit", field, pending[0])
            tiles.append(ParsedTile(27 + HONOUR_LETTERS.index(char), False, position))
        else:
            raise _error(f"unknown character {char!r} (tiles are digits followed by m, p, s "
                         f"or z, or one of the honour letters E S W N P F C)", field, position)
    if pending:
        raise _error("digits at the end have no suit letter (m, p, s or z)", field, pending[0])
    return tiles


# Plain MPSZ text (digits and suit letters only), the shape every quick path reads: first
# canonically (each suit at most once, in m p s z order: one match gives the four digit
# strings), else in any order and repetition (the groups of a suit joined). Hot paths may
# try CANONICAL_TILES themselves before calling suit_digits (in the pure build only: see
# INDEX_READER).
CANONICAL_TILES: Final = re.compile(r"(?:([0-9]+)m)?(?:([0-9]+)p)?(?:([0-9]+)s)?(?:([1-7]+)z)?")
SuitDigits = tuple[str | None, str | None, str | None, str | None]


def suit_digits(text: str) -> SuitDigits | None:
    """The digits of each suit (m, p, s, z) of plain MPSZ text, None for a suit absent; None
    for any other text (honour letters, spaces, anything malformed), which ``parse_tiles``
    reads with positions. A suit written in several groups or out of order is joined and
    sorted, so that shuffled spellings share the caches keyed by digit string. Decides no
    error: the digits may still hold a 5th copy or two red fives.
    """
    man, pin, sou, honours, end = read_suits(text)
    if end != len(text):
        return None
    return man, pin, sou, honours


# Character codes the single-pass reader compares (ints: no string is made or hashed).
_ZERO: Final = 48  # "0"
_ONE: Final = 49
_SEVEN: Final = 55
_NINE: Final = 57
_SPACE: Final = 32
_CODE_M: Final = 109
_CODE_P: Final = 112
_CODE_S: Final = 115
_CODE_Z: Final = 122
# Where the core runs compiled (mypyc), a loop over character codes is a C loop and beats
# the regular expression; interpreted, the regular expression is faster. Hot paths try
# CANONICAL_TILES first only when this is False (the two agree: tests/core/test_reader.py).
INDEX_READER: Final = not __file__.endswith(".py")


def read_suits(text: str) -> tuple[str | None, str | None, str | None, str | None, int]:
    """The four suits' digit strings (as ``suit_digits``) of the plain MPSZ tiles at the
    start of ``text``, read in one pass by character index, and the index where they stop:
    ``len(text)``, or a space (the called melds follow), or -1 for anything else (a letter
    other than m p s z, a suit letter without digits, digits without a suit letter, an
    honour digit outside 1-7), which the careful parser reads and reports. Empty text has
    no tiles (and stops at 0): the caller's count check sends it to the careful parser.
    """
    # Four locals, not a list: compiled, no list is made and no index is boxed.
    man: str | None = None
    pin: str | None = None
    sou: str | None = None
    honours: str | None = None
    length = len(text)
    start = 0
    index = 0
    last = -1
    shuffled = False
    honour_digits_ok = True
    while index < length:
        code = ord(text[index])
        if _ZERO <= code <= _NINE:
            if code < _ONE or code > _SEVEN:
                honour_digits_ok = False
            index += 1
            continue
        if code == _SPACE and start == index and index > 0:
            break
        if index == start:
            return None, None, None, None, -1  # a suit letter with no digits
        if code == _CODE_M:
            suit = 0
            before = man
        elif code == _CODE_P:
            suit = 1
            before = pin
        elif code == _CODE_S:
            suit = 2
            before = sou
        elif code == _CODE_Z:
            if not honour_digits_ok:
                return None, None, None, None, -1
            suit = 3
            before = honours
        else:
            return None, None, None, None, -1
        digits = text[start:index]
        if suit <= last:
            shuffled = True  # out of m p s z order, or a suit again: joined, then sorted
            if before is not None:
                digits = before + digits
        else:
            last = suit
        if suit == 0:
            man = digits
        elif suit == 1:
            pin = digits
        elif suit == 2:
            sou = digits
        else:
            honours = digits
        index += 1
        start = index
        honour_digits_ok = True
    if start != index:
        return None, None, None, None, -1  # digits with no suit letter
    if shuffled:
        return (_sorted(man), _sorted(pin), _sorted(sou), _sorted(honours), index)
    return man, pin, sou, honours, index


# A suit's tiles packed in one int (``read_suit_keys``, ``shape.keyed_part``): the count of
# rank r in bits 3r..3r+2, the red fives from KEY_RED_SHIFT; 0 when the suit is absent. Under
# 2**30: one digit of a Python int, and every shift under 32 bits (see read_suit_keys).
KEY_RED_SHIFT: Final = 27
_RANK_BITS: Final = 3


def read_suit_keys(text: str) -> tuple[i64, i64, i64, i64, i64]:
    """The plain MPSZ tiles at the start of ``text`` as one packed key a suit (m, p, s, z;
    see KEY_RED_SHIFT) and the index where they stop, in one pass by character code: no
    string is cut out of the text, none is hashed. The text ``read_suits`` reads, with the
    suits in any order and repetition; the index is -1 where ``read_suits`` gives -1 and
    also for a 5th copy of a tile, a 2nd red five of a suit or over 14 digits in a row:
    tiles the part caches must not keep, which the careful parser reads and reports.
    """
    # i64, a machine word compiled: its shifts and masks are plain C operations, where an
    # int's check each operation for a value too large to keep unboxed.
    man: i64 = 0
    pin: i64 = 0
    sou: i64 = 0
    honours: i64 = 0
    length: i64 = len(text)
    index: i64 = 0
    start: i64 = 0
    pending: i64 = 0  # the digits since the last suit letter, packed as a key
    shift: i64 = 0
    honour_digits_ok = True
    while index < length:
        code: i64 = ord(text[index])
        if _ZERO <= code <= _NINE:
            if code == _ZERO:
                pending += (1 << _RED_SHIFT_OF_FIVE) + (1 << KEY_RED_SHIFT)
                shift = _RED_SHIFT_OF_FIVE
                honour_digits_ok = False
            else:
                shift = _RANK_BITS * (code - _ONE)
                # Compiled, the one is a C int: the shift must stay under 32 bits.
                pending += 1 << shift
                if code > _SEVEN:
                    honour_digits_ok = False
            if (pending >> shift) & 7 > 4 or index - start >= 14:
                return 0, 0, 0, 0, -1
            index += 1
            continue
        if code == _SPACE and start == index and index > 0:
            break
        if index == start:
            return 0, 0, 0, 0, -1  # a suit letter with no digits
        if code == _CODE_M:
            before = man
        elif code == _CODE_P:
            before = pin
        elif code == _CODE_S:
            before = sou
        elif code == _CODE_Z:
            if not honour_digits_ok:
                return 0, 0, 0, 0, -1
            before = honours
        else:
            return 0, 0, 0, 0, -1
        if before:
            pending = _merged(before, pending)
            if pending < 0:
                return 0, 0, 0, 0, -1
        if pending >> KEY_RED_SHIFT > 1:
            return 0, 0, 0, 0, -1
        if code == _CODE_M:
            man = pending
        elif code == _CODE_P:
            pin = pending
        elif code == _CODE_S:
            sou = pending
        else:
            honours = pending
        pending = 0
        index += 1
        start = index
        honour_digits_ok = True
    if start != index:
        return 0, 0, 0, 0, -1  # digits with no suit letter
    return man, pin, sou, honours, index


_RED_SHIFT_OF_FIVE: Final = 12  # _RANK_BITS * 4: a red five counts as a five


def _merged(before: i64, more: i64) -> i64:
    """Two keys of one suit (written in two groups) added; -1 past four of a rank (checked
    before adding: a count of 8 would not fit its 3 bits)."""
    rank: i64
    for rank in range(9):
        shift = _RANK_BITS * rank
        if ((before >> shift) & 7) + ((more >> shift) & 7) > 4:
            return -1
    return before + more


RED_CODE: Final = 64  # added by tile_code to the index of a red five


def tile_code(text: str, index: i64) -> i64:
    """The plain tile written at ``text[index:index + 2]`` (``"3p"``, ``"0s"``, ``"7z"``: the
    two-character spellings of SINGLE_TILES) as its index, plus RED_CODE for a red five; -1
    for anything else, which the careful parser reads and reports. By character code: no
    string is cut out or hashed."""
    if index < 0 or index + 2 > len(text):
        return -1
    digit: i64 = ord(text[index]) - _ZERO
    suit: i64 = ord(text[index + 1])
    if digit < 0 or digit > 9:
        return -1
    if suit == _CODE_Z:
        return 26 + digit if 1 <= digit <= 7 else -1
    if suit == _CODE_M:
        base: i64 = 0
    elif suit == _CODE_P:
        base = 9
    elif suit == _CODE_S:
        base = 18
    else:
        return -1
    return base + 4 + RED_CODE if digit == 0 else base + digit - 1


def _sorted(digits: str | None) -> str | None:
    return None if digits is None else "".join(sorted(digits))


def plain_tiles(text: str) -> tuple[list[int], list[int]] | None:
    """Tiles (sorted) and red fives of plain MPSZ text ("234p44s"), else None; no errors
    (see ``suit_digits``)."""
    found = suit_digits(text)
    if found is None:
        return None
    tiles: list[int] = []
    reds: list[int] = []
    for suit, digits in enumerate(found):
        if digits:
            base = 9 * suit
            for digit in sorted(digits):
                tile = base + (4 if digit == "0" else ord(digit) - 49)
                tiles.append(tile)
                if digit == "0":
                    reds.append(tile)
    tiles.sort()
    return tiles, reds


# The longest text each reader reads: far more than its grammar needs (a tile is 2
# characters; ten indicators 20; a hand of 14 tiles and 4 written kans under 90), so a
# longer text is refused before a character of it is read, in time that does not grow
# with it (a megabyte of hand text took seconds and its whole size again in the message).
MAX_TILE_TEXT: Final = 32
MAX_SEQUENCE_TEXT: Final = 128
MAX_HAND_TEXT: Final = 256


def check_length(text: str, field: str, most: int, what: str) -> None:
    """Refuse a ``field`` text longer than ``most`` characters (``what`` it should be)."""
    if len(text) > most:
        raise HandError(f"{field}: {len(text)} characters is too long for {what} (at most "
                        f"{most})", field=field)


def parse_tile(text: str, *, field: str = "tile") -> ParsedTile:
    """Parse exactly one tile, e.g. ``"3p"``, ``"0s"``, ``"7z"`` or ``"C"``."""
    known = SINGLE_TILES.get(text)
    if known is not None:
        return known
    check_length(text, field, MAX_TILE_TEXT, "one tile")
    stripped = text.strip()
    if not stripped:
        raise HandError(f"{field}: a tile is required", field=field, source=text)
    try:
        tiles = parse_tiles(stripped, field=field, offset=text.index(stripped[0]))
    except HandError as exc:
        raise exc.in_source(text) from None
    if len(tiles) != 1:
        raise HandError(f"{field}: expected exactly one tile, got {len(tiles)}", field=field,
                        source=text)
    return tiles[0]


def parse_tile_sequence(text: str, *, field: str = "tiles") -> list[ParsedTile]:
    """Tiles written whole, one after another (``"4m1z"``, ``"4m 1z"``): each the spelling
    ``parse_tile`` reads. Used where every tile is its own item (dora indicators), so that
    ``"10m"`` is an error, as it is for ``Tile``, not the two tiles 1m and 0m.
    """
    check_length(text, field, MAX_SEQUENCE_TEXT, "a few tiles")
    tiles: list[ParsedTile] = []
    index = 0
    while index < len(text):
        if text[index].isspace():
            index += 1
            continue
        end = index + 1
        while end < len(text) and text[end].isascii() and text[end].isdigit():
            end += 1
        if end - index > 1 and text[index].isascii() and text[index].isdigit():
            has_suit = end < len(text) and text[end] in SUITS
            shown = text[index:end + 1] if has_suit else text[index:end]
            suit = text[end] if has_suit else "m"
            whole = "".join(digit + suit for digit in text[index:end])
            raise _error(f"{shown!r} is not a tile: a tile is one digit and its suit letter "
                         f"(0 for a red five); write each tile whole, e.g. {whole}", field,
                         index)
        if end < len(text) and not text[end].isspace() and text[index].isdigit():
            end += 1  # the suit letter (or the character that should have been one)
        tiles.extend(parse_tiles(text[index:end], field=field, offset=index))
        index = end
    return tiles


def format_tile_sequence(tiles: Iterable[tuple[int, bool]]) -> str:
    """Tiles written whole in canonical order (``"3m4m7p"``): the text
    ``parse_tile_sequence`` reads, as dora and ura indicators are written."""
    return "".join(tile_name(tile, red) for tile, red in sorted(tiles, key=_canonical))


def _canonical(tile: tuple[int, bool]) -> tuple[int, bool]:
    return tile[0], not tile[1]  # by tile, a red five before the plain five


def format_tiles(tiles: list[tuple[int, bool]] | tuple[tuple[int, bool], ...]) -> str:
    """Canonical MPSZ text: suits in m, p, s, z order, ranks ascending, red five before 5."""
    by_suit: dict[int, list[str]] = {0: [], 1: [], 2: [], 3: []}
    for tile, red in sorted(tiles, key=_canonical):
        by_suit[tile // 9].append("0" if red else str(tile % 9 + 1))
    return "".join("".join(digits) + SUITS[suit] for suit, digits in by_suit.items() if digits)


def _char_at(text: str, index: int) -> str:
    return text[index]


def _error(message: str, field: str, position: int) -> HandError:
    return HandError(f"{field}: {message}", field=field, position=position)


# Every one-tile spelling, parsed once: the common case of parse_tile is a lookup.
SINGLE_TILES: Final = {
    spelling: parse_tiles(spelling)[0]
    for spelling in [f"{d}{suit}" for suit in "mps" for d in "0123456789"]
    + [f"{d}z" for d in "1234567"] + list(HONOUR_LETTERS)
}
