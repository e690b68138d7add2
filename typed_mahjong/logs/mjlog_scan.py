"""Tenhou mjlog XML, read as the flat document it is: no XML parser, no entities.

An mjlog is a root ``<mjloggm ...>`` holding self-closing elements only; nothing else is
accepted. ``check`` reads the prologue (an optional ``<?xml?>`` declaration, which must
name UTF-8), the root's start tag and its end tag. Inside, ``ELEMENTS`` finds every element
but the draws and discards (``<T12/>``, ``<D12/>``: nine elements in ten), and the text
between two of them must be draws, discards and blanks only (``moves_only``, one regular
expression): a DOCTYPE, an entity declaration, a comment, a processing instruction, CDATA,
text or a nested element fails there and is named with its line and byte (``fault_at``).
So entity expansion ("billion laughs") and external entities cannot happen, and nothing is
read but the file itself. Entity references in attribute values are not expanded (no
number the reader uses can hold one).

A well-formed self-closing tag named like a move (a capital letter and a digit) that is no
draw or discard (``<T999/>``, ``<T02/>``, ``<D12 x="1"/>``, ``<X12/>``) is not a matter of
the document's structure: ``damaged_move`` names it, and the reader records it as a fault
of the round it is in.

Nothing is cut into objects one element at a time: the reader counts and searches the
draws and discards in bulk, as text. Time is linear in the file, and memory is the file's
bytes plus what the reader keeps of one round.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_ID = rb"(?:13[0-5]|1[0-2][0-9]|[1-9]?[0-9])"  # a 136-id, 0..135, no leading zero
_BLANKS = rb"[ \t\r\n]*"
_NAME = rb"[A-Za-z_][A-Za-z0-9_.-]*"
_VALUE = rb"(?:\"[^\"<]*\"|'[^'<]*')"
_ATTRIBUTES = rb"((?:[ \t\r\n]+" + _NAME + rb"[ \t\r\n]*=[ \t\r\n]*" + _VALUE + rb")*)"
_MOVE = rb"<[D-GT-W]" + _ID + _BLANKS + rb"/>"  # a draw or a discard
# A tag named like a move (a capital letter and a digit) is never an element: a draw or
# discard, or one written wrongly (``damaged_move``).
_ELEMENT = rb"<(?![A-Z][0-9])(" + _NAME + rb")" + _ATTRIBUTES + _BLANKS + rb"/>"
# Possessive: a run of millions of draws keeps no backtracking state.
_MOVES = re.compile(rb"(?:" + _BLANKS + _MOVE + rb")*+" + _BLANKS)
ELEMENTS = re.compile(_ELEMENT)  # in a checked body: every element but draws and discards
MOVE = re.compile(rb"<([D-GT-W])(" + _ID + rb")")
_OPEN = re.compile(rb"<(" + _NAME + rb")" + _ATTRIBUTES + _BLANKS + rb"(/?)>")
_END = re.compile(rb"</(" + _NAME + rb")" + _BLANKS + rb">")
_DECLARATION = re.compile(rb"<\?xml" + _ATTRIBUTES + _BLANKS + rb"\?>")
_BLANK = re.compile(_BLANKS)
_MOVE_SHAPED = re.compile(rb"<[A-Z][0-9]")
_MOVE_NAME = re.compile(rb"[D-GT-W]" + _ID)
_NAME_SHOWN = 40  # characters of a damaged move's name quoted in its fault
_ATTRIBUTE = re.compile(rb"(" + _NAME + rb")[ \t\r\n]*=[ \t\r\n]*\"([^\"<]*)\"")
_ATTRIBUTE_ANY_QUOTE = re.compile(rb"(" + _NAME + rb")[ \t\r\n]*=[ \t\r\n]*(?:\"([^\"<]*)\"|"
                                  rb"'([^'<]*)')")
_READABLE_ENCODINGS = frozenset({b"utf-8", b"utf8", b"us-ascii", b"ascii"})


class ScanError(ValueError):
    """The document is not a flat mjlog at ``line``, byte ``offset``."""

    def __init__(self, line: int, fault: str, offset: int) -> None:
        super().__init__(fault)
        self.line = line
        self.fault = fault
        self.offset = offset


@dataclass(frozen=True, slots=True)
class Document:
    """An mjlog's prologue and root checked: its elements lie in ``data[start:end]``."""

    data: bytes
    start: int
    end: int


def line_of(data: bytes, offset: int) -> int:
    return data.count(b"\n", 0, offset) + 1


class Lines:
    """The line numbers of one document's offsets, each counted from the offset asked
    before: a reader asks in document order, so a whole document costs one pass, where
    ``line_of`` at every round of a long one-line log would count from the start each time.
    """

    __slots__ = ("data", "offset", "line")

    def __init__(self, data: bytes) -> None:
        self.data = data
        self.offset = 0
        self.line = 1

    def at(self, offset: int) -> int:
        if offset >= self.offset:
            self.line += self.data.count(b"\n", self.offset, offset)
        else:
            self.line -= self.data.count(b"\n", offset, self.offset)
        self.offset = offset
        return self.line


def attributes(text: bytes) -> dict[bytes, bytes]:
    """An element's attributes (the text after its name), names and values as bytes."""
    if b"'" in text:
        return {name: double or single
                for name, double, single in _ATTRIBUTE_ANY_QUOTE.findall(text)}
    return dict(_ATTRIBUTE.findall(text))


def moves_only(data: bytes, start: int, stop: int) -> bool:
    """Whether ``data[start:stop]`` holds draws, discards and blanks only."""
    return _MOVES.fullmatch(data, start, stop) is not None


def moves_end(data: bytes, start: int, stop: int) -> int:
    """Where the draws, discards and blanks from ``start`` end (``stop`` at most)."""
    moves = _MOVES.match(data, start, stop)
    return moves.end() if moves is not None else start


def damaged_move(data: bytes, position: int, stop: int) -> tuple[int, str] | None:
    """A well-formed self-closing tag at ``position`` named like a move that is no draw or
    discard: where it ends and what is wrong with it; None for anything else.

    Such a tag is a fault of its round only: it is a whole tag, so the document goes on
    after it as it would after a draw.
    """
    if _MOVE_SHAPED.match(data, position) is None:
        return None
    tag = _OPEN.match(data, position, stop)
    if tag is None or not tag.group(3):
        return None
    name = tag.group(1)
    shown = name[:_NAME_SHOWN].decode("ascii") + ("..." if len(name) > _NAME_SHOWN else "")
    if name[0] not in b"DEFGTUVW":
        fault = ("not a draw or discard (draws are <T..> to <W..>, discards <D..> to "
                 "<G..>)")
    elif _MOVE_NAME.fullmatch(name) is None:
        fault = "a draw or discard of no tile (tile ids are 0..135, without leading zeros)"
    else:
        fault = "a draw or discard with attributes (Tenhou writes a move as <T12/>)"
    return tag.end(), f"<{shown}>: {fault}"


def check(data: bytes) -> Document:
    """The prologue, the root's start tag and its end tag; ``ScanError`` if they are not an
    mjlog's."""
    position = _blank_end(data, 3 if data.startswith(b"\xef\xbb\xbf") else 0)
    declaration = _DECLARATION.match(data, position)
    if declaration is not None:
        encoding = {name: double or single for name, double, single
                    in _ATTRIBUTE_ANY_QUOTE.findall(declaration.group(1))}
        if encoding.get(b"encoding", b"utf-8").lower() not in _READABLE_ENCODINGS:
            raise ScanError(line_of(data, position), "the XML declaration names an encoding "
                                                     "other than UTF-8 (mjlog files are UTF-8)",
                            position)
        position = _blank_end(data, declaration.end())
    if not data.startswith(b"<", position):
        raise ScanError(line_of(data, position), "not XML (an mjlog starts with <mjloggm>)",
                        position)
    root = _OPEN.match(data, position)
    if root is None or root.group(3):
        raise _fault_at(data, position)
    end_at = data.rfind(b"</")
    end = _END.match(data, end_at) if end_at >= root.end() else None
    if end is None or end.group(1) != root.group(1):
        raise ScanError(line_of(data, len(data)), "the file ends before the log does (no "
                                                  "end tag of its root): cut short?", len(data))
    if _blank_end(data, end.end()) != len(data):
        raise ScanError(line_of(data, end.end()), "content after the end of the log",
                        end.end())
    return Document(data, root.end(), end.start())


def _blank_end(data: bytes, position: int) -> int:
    blank = _BLANK.match(data, position)
    return blank.end() if blank is not None else position


def fault_at(data: bytes, start: int, stop: int) -> ScanError:
    """Name the first thing in ``data[start:stop]`` that is not a draw or a discard."""
    moves = _MOVES.match(data, start, stop)
    return _fault_at(data, moves.end() if moves is not None else start)


def _fault_at(data: bytes, position: int) -> ScanError:
    """Name what stands at ``position``, where the document stopped being an mjlog."""
    position = _blank_end(data, position)
    line = line_of(data, position)
    if data.startswith(b"<!DOCTYPE", position):
        return ScanError(line, "a DOCTYPE declaration (refused: logs have none, and it could "
                               "declare entities)", position)
    if data.startswith(b"<!ENTITY", position):
        return ScanError(line, "an entity declaration (refused)", position)
    if data.startswith(b"<!", position):
        return ScanError(line, "a comment or CDATA section (not part of an mjlog)", position)
    if data.startswith(b"<?", position):
        return ScanError(line, "a processing instruction (not part of an mjlog)", position)
    if data.startswith(b"</", position):
        return ScanError(line, "an end tag inside the log (mjlog elements hold nothing)",
                         position)
    if not data.startswith(b"<", position):
        return ScanError(line, "text between elements (not part of an mjlog)", position)
    opened = _OPEN.match(data, position)
    if opened is not None and not opened.group(3):
        return ScanError(line, "an element that is not self-closing (only the root "
                               "element of an mjlog holds others)", position)
    damaged = damaged_move(data, position, len(data))
    if damaged is not None:  # outside any round: the reader cannot place it in one
        return ScanError(line, damaged[1], position)
    # The element does not close: say where it stops being one.
    stop = re.compile(rb"<" + _NAME + _ATTRIBUTES + _BLANKS).match(data, position)
    end = stop.end() if stop is not None else position
    return ScanError(line_of(data, end),
                     "malformed XML: an element that does not close (an mjlog element is "
                     "<NAME attribute=\"value\" .../>)", end)
