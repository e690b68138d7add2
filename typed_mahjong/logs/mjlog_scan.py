"""Tenhou mjlog XML, scanned as the flat document it is: no XML parser, no entities.

An mjlog is a root ``<mjloggm ...>`` holding self-closing elements only. The scanner
accepts exactly that (after an optional ``<?xml?>`` declaration naming UTF-8): a DOCTYPE,
an entity declaration, a comment, a processing instruction, CDATA, text or a nested
element is refused with its line, so entity expansion ("billion laughs") and external
entities cannot happen, and nothing is read but the file itself. Entity references in
attribute values are not expanded (no number the reader uses can hold one).

The draws and discards (``<T12/>``, ``<D12/>``: nine tags in ten) are the hot path: they
come out in bulk, as a ``Run`` of (letter, id) pairs between two other elements, matched
by one regular expression that also bounds the ids (0..135). Every other element comes out
as a ``Tag`` with its attributes (names and values as bytes) and its line. Time is linear
in the file; besides the file's bytes, the scanner holds one run or element at a time.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

_ID = rb"(?:13[0-5]|1[0-2][0-9]|[1-9]?[0-9])"  # a 136-id, 0..135, no leading zero
_RUN = re.compile(rb"(?:[ \t\r\n]*<[D-GT-W]" + _ID + rb"[ \t\r\n]*/>)*[ \t\r\n]*")
_RUN_TOKEN = re.compile(rb"<([D-GT-W])(" + _ID + rb")")
_RUN_ONE = re.compile(rb"[ \t\r\n]*<[D-GT-W]" + _ID + rb"[ \t\r\n]*/>")
# Any "<" that does not open a draw or discard: the other elements, and anything refused.
_OTHER = re.compile(rb"<(?![D-GT-W][0-9])")
_NAME = rb"[A-Za-z_][A-Za-z0-9_.-]*"
_VALUE = rb"(?:\"[^\"<]*\"|'[^'<]*')"
_TAG_OPEN = (rb"<(" + _NAME + rb")((?:[ \t\r\n]+" + _NAME + rb"[ \t\r\n]*=[ \t\r\n]*"
             + _VALUE + rb")*)[ \t\r\n]*")
_TAG = re.compile(_TAG_OPEN + rb"(/?)>")
_TAG_PREFIX = re.compile(_TAG_OPEN)  # where a malformed tag stops being one
_END_TAG = re.compile(rb"</(" + _NAME + rb")[ \t\r\n]*>")
_ATTRIBUTE = re.compile(rb"(" + _NAME + rb")[ \t\r\n]*=[ \t\r\n]*\"([^\"<]*)\"")
_ATTRIBUTE_ANY_QUOTE = re.compile(rb"(" + _NAME + rb")[ \t\r\n]*=[ \t\r\n]*(?:\"([^\"<]*)\"|"
                                  rb"'([^'<]*)')")
_DECLARATION = re.compile(rb"<\?xml((?:[ \t\r\n]+" + _NAME + rb"[ \t\r\n]*=[ \t\r\n]*"
                          + _VALUE + rb")*)[ \t\r\n]*\?>")
_BLANK = re.compile(rb"[ \t\r\n]*")
_READABLE_ENCODINGS = frozenset({b"utf-8", b"utf8", b"us-ascii", b"ascii"})
ROOT = b"mjloggm"  # Tenhou's root element (any name is read; GO then says whether it is one)
END = b"/"  # the name a Tag has for the root's end tag


class ScanError(ValueError):
    """The document is not a flat mjlog at ``line``: no element after it can be trusted."""

    def __init__(self, line: int, fault: str) -> None:
        super().__init__(fault)
        self.line = line
        self.fault = fault


@dataclass(frozen=True, slots=True)
class Tag:
    name: bytes
    attributes: dict[bytes, bytes]
    line: int


@dataclass(frozen=True, slots=True)
class Run:
    """The draws and discards between two other elements: (letter, 136-id) pairs."""

    tokens: list[tuple[bytes, bytes]]
    line: int  # the line of the first one
    text: bytes  # their text, to find the line of one (only when it is at fault)

    def line_of(self, index: int) -> int:
        found = list(_RUN_TOKEN.finditer(self.text))
        offset = found[index].start() if 0 <= index < len(found) else 0
        return self.line + self.text.count(b"\n", 0, offset)


def attributes(text: bytes) -> dict[bytes, bytes]:
    if b"'" in text:
        return {name: double or single
                for name, double, single in _ATTRIBUTE_ANY_QUOTE.findall(text)}
    return dict(_ATTRIBUTE.findall(text))


def scan(data: bytes) -> Iterator[Run | Tag]:
    """The elements of an mjlog, in order; ``ScanError`` where it stops being one.

    The root's start tag comes out as a Tag named ``mjloggm``, its end tag as one named
    ``/``; empty runs are left out.
    """
    scanner = _Scanner(data)
    position = scanner.prologue()
    yield scanner.root
    for found in _OTHER.finditer(data, position):
        start = found.start()
        if start > position:
            run = scanner.run(position, start)
            if run is not None:
                yield run
        tag, position = scanner.element(start)
        yield tag
        if tag.name == END:
            break
    else:
        run = scanner.run(position, len(data))  # checked, so a bad tail is named first
        if run is not None:
            yield run
        raise ScanError(scanner.line_at(len(data)), "the file ends before the log does "
                                                    "(no </mjloggm>): cut short?")
    if not _blank_to_end(data, position):
        raise ScanError(scanner.line_at(position), "content after the end of the log "
                                                   "(</mjloggm>)")


def _blank_to_end(data: bytes, position: int) -> bool:
    blank = _BLANK.match(data, position)
    return blank is not None and blank.end() == len(data)


class _Scanner:
    def __init__(self, data: bytes) -> None:
        self.data = data
        self.line = 1  # the line of data[self.counted]
        self.counted = 0
        self.root = Tag(ROOT, {}, 1)
        self.root_name = ROOT

    def line_at(self, offset: int) -> int:
        """The line of ``data[offset]``; offsets only grow (the count is linear)."""
        if offset > self.counted:
            self.line += self.data.count(b"\n", self.counted, offset)
            self.counted = offset
        return self.line

    def prologue(self) -> int:
        """Past an optional XML declaration (UTF-8 only) to the root's start tag."""
        data = self.data
        position = _BLANK.match(data, _bom(data)).end()  # type: ignore[union-attr]
        declaration = _DECLARATION.match(data, position)
        if declaration is not None:
            encoding = _ATTRIBUTE_ANY_QUOTE.findall(declaration.group(1))
            named = {name: double or single for name, double, single in encoding}
            if named.get(b"encoding", b"utf-8").lower() not in _READABLE_ENCODINGS:
                raise ScanError(self.line_at(position), "the XML declaration names an "
                                "encoding other than UTF-8 (mjlog files are UTF-8)")
            position = _BLANK.match(data, declaration.end()).end()  # type: ignore[union-attr]
        if data.startswith(b"<!", position) or data.startswith(b"<?", position):
            self.element(position)  # raises: says which
        if not data.startswith(b"<", position):
            raise ScanError(self.line_at(position), "not XML (an mjlog starts with "
                                                    "<mjloggm>)")
        found = self._tag(position)
        if found.group(3):
            raise ScanError(self.line_at(position), "not a Tenhou mjlog (its root element "
                                                    "holds nothing)")
        self.root_name = found.group(1)
        self.root = Tag(ROOT, attributes(found.group(2)), self.line_at(position))
        return found.end()

    def _tag(self, start: int) -> re.Match[bytes]:
        found = _TAG.match(self.data, start)
        if found is None:
            prefix = _TAG_PREFIX.match(self.data, start)
            stop = prefix.end() if prefix else start
            raise ScanError(self.line_at(stop), "malformed XML: an element that does not "
                                                "close (an mjlog element is <NAME "
                                                "attribute=\"value\" .../>)")
        return found

    def run(self, start: int, stop: int) -> Run | None:
        data = self.data
        if _RUN.fullmatch(data, start, stop) is None:
            raise ScanError(self._bad_run_line(start, stop),
                            "not an mjlog element (a draw or discard is <T12/>, tile ids "
                            "0..135; text between elements is not part of a log)")
        tokens = _RUN_TOKEN.findall(data, start, stop)
        if not tokens:
            return None
        first = data.find(b"<", start, stop)
        return Run(tokens, self.line_at(first), data[first:stop])

    def _bad_run_line(self, start: int, stop: int) -> int:
        position = start
        while True:  # the last whole draw or discard before the fault
            found = _RUN_ONE.match(self.data, position, stop)
            if found is None:
                break
            position = found.end()
        blank = _BLANK.match(self.data, position, stop)
        return self.line_at(blank.end() if blank else position)

    def element(self, start: int) -> tuple[Tag, int]:
        data = self.data
        line = self.line_at(start)
        if data.startswith(b"</", start):
            found = _END_TAG.match(data, start)
            if found is None or found.group(1) != self.root_name:
                raise ScanError(line, "an end tag other than the root's (mjlog elements "
                                      "hold no content)")
            return Tag(END, {}, line), found.end()
        if data.startswith(b"<!", start):
            kind = ("a DOCTYPE declaration (refused: logs have none, and it could declare "
                    "entities)" if data.startswith(b"<!DOCTYPE", start) else
                    "an entity declaration (refused)" if data.startswith(b"<!ENTITY", start)
                    else "a comment or CDATA section (not part of an mjlog)")
            raise ScanError(line, kind)
        if data.startswith(b"<?", start):
            raise ScanError(line, "a processing instruction (not part of an mjlog)")
        found = self._tag(start)
        if not found.group(3):
            raise ScanError(line, "an element that is not self-closing (only the root "
                                  "element of an mjlog holds others)")
        return Tag(found.group(1), attributes(found.group(2)), line), found.end()


def _bom(data: bytes) -> int:
    return 3 if data.startswith(b"\xef\xbb\xbf") else 0
