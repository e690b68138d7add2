"""An mjlog's rounds as Tenhou writes them, cut into tags in bulk: the reader's fast path.

Tenhou writes a log on one line, tag after tag with nothing between them (``<T12/><D12/>``)
and attributes as `` name="value"``. Text in that form is cut at every ``/><`` in one call
(``tags``), and each tag is looked up in one table (``MOVE_CODES``): a draw or a discard
is a number, anything else an element (0), whose attributes are cut at the quotes
(``element``). A tag that is not in that form is no element here (None): the reader then
reads the round the careful way (``mjlog_scan``), which accepts all of XML's spellings and
names what is wrong. So this path accepts less than the careful one, never more.

Move codes: a draw of seat s of tile id i is ``1 + 136 * s + i``, a discard ``545 + 136 * s
+ i``: sorted, each seat's draws and discards are one slice, and a discard minus 544 is the
draw of the same tile by the same seat.
"""

from __future__ import annotations

import re
from typing import Final

ID_TEXTS: Final = tuple(str(tile).encode() for tile in range(136))
ID_OF_TEXT: Final = {text: tile for tile, text in enumerate(ID_TEXTS)}  # no leading zeros
DISCARD_OFFSET: Final = 544  # a discard's code minus this is its seat's draw of the tile
FIRST_DISCARD: Final = 545
MOVE_CODES: Final = {bytes([letter]) + text: 1 + 136 * index + tile
                     for index, letter in enumerate(b"TUVWDEFG")
                     for tile, text in enumerate(ID_TEXTS)}
# SEAT_CODES[k]: the first code of seat k's draws (k < 4) or of seat k - 4's discards.
SEAT_CODES: Final = tuple(1 + 136 * seat for seat in range(9))

_NAME = rb"[A-Za-z_][A-Za-z0-9_.-]*"
# A name like a move's (a capital letter and a digit) is no element: as in ``mjlog_scan``.
_HEAD = re.compile(rb"(?![A-Z][0-9])(" + _NAME + rb")(?: (" + _NAME + rb")=)?")
_KEY = re.compile(rb" (" + _NAME + rb")=")
_CACHE_CAP = 256  # element names and attribute names remembered; a log has about 40
_SHAPE_BYTES = 512  # a tag's shape remembered only when short (a real one is 300 at most)
# b'N who=' -> (b'N', b'who'); b'TAIKYOKU' (a tag of no attributes) -> (b'TAIKYOKU', b'')
_heads: dict[bytes, tuple[bytes, bytes]] = {}
_keys: dict[bytes, bytes] = {}  # b' m=' -> b'm'
# A tag's shape, its text outside the quoted values, -> its name and attribute names:
# (b'N who=', b' m=', b'') -> (b'N', (b'who', b'm')).
_shapes: dict[tuple[bytes, ...], tuple[bytes, tuple[bytes, ...]]] = {}


def tags(data: bytes, start: int, stop: int) -> list[bytes] | None:
    """The tags of ``data[start:stop]`` (from a ``<`` to the last ``/>``, blanks after it
    allowed) without their brackets, or None where the text is not one line of tags with
    nothing between them."""
    text = data[start:stop].rstrip(b" \t\r\n")
    if not text.startswith(b"<") or not text.endswith(b"/>") or b"\n" in text:
        return None
    found = text[1:-2].split(b"/><")
    if text.count(b"<") != len(found):  # a "<" inside a tag: not one here
        return None
    return found


def element(tag: bytes) -> tuple[bytes, dict[bytes, bytes]] | None:
    """An element tag's name and attributes (as ``mjlog_scan.attributes`` reads them: the
    last of a repeated name counts), or None where it is not written as Tenhou does."""
    parts = tag.split(b'"')
    if not len(parts) & 1:
        return None  # an odd quote
    shape = tuple(parts[::2])
    known = _shapes.get(shape) or _learn_shape(shape)
    if known is None:
        return None
    name, names = known
    return name, dict(zip(names, parts[1::2], strict=True))


def _learn_shape(shape: tuple[bytes, ...]) -> tuple[bytes, tuple[bytes, ...]] | None:
    head = _heads.get(shape[0]) or _learn_head(shape[0])
    if head is None:
        return None
    name, first = head
    if not first:
        return (name, ()) if len(shape) == 1 else None
    if len(shape) == 1 or shape[-1] and shape[-1] != b" ":
        return None  # no value, or text after the last value but a blank (<N ... />)
    names = _learn_keys(list(shape[1:-1]))
    if names is None:
        return None
    known = (name, (first, *names))
    if len(_shapes) < _CACHE_CAP and sum(map(len, shape)) <= _SHAPE_BYTES:
        _shapes[shape] = known
    return known


def _learn_head(text: bytes) -> tuple[bytes, bytes] | None:
    found = _HEAD.fullmatch(text)
    if found is None:
        return None
    head = (found.group(1), found.group(2) or b"")
    if len(_heads) < _CACHE_CAP:
        _heads[text] = head
    return head


def _learn_keys(keys: list[bytes]) -> list[bytes] | None:
    names = []
    for key in keys:
        name = _keys.get(key)
        if name is None:
            found = _KEY.fullmatch(key)
            if found is None:
                return None
            name = found.group(1)
            if len(_keys) < _CACHE_CAP:
                _keys[key] = name
        names.append(name)
    return names
