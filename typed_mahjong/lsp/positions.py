"""Columns: ``ast`` (and mypy) count UTF-8 bytes of a line; LSP counts in the encoding the
client and server agreed on (UTF-16 unless the client offers another)."""

from __future__ import annotations

import re
from typing import Final

# Python's line breaks (not str.splitlines', which also breaks at form feeds and others).
_LINE_BREAK: Final = re.compile(r"\r\n|\r|\n")
UTF8: Final = "utf-8"
UTF16: Final = "utf-16"
UTF32: Final = "utf-32"


class Lines:
    """The lines of a buffer, for converting columns both ways."""

    def __init__(self, source: str, encoding: str = UTF16) -> None:
        self._lines = _LINE_BREAK.split(source)
        self._encoding = encoding

    def _text(self, line: int) -> str:
        """Line ``line`` (1-based), or "" past the end."""
        return self._lines[line - 1] if 0 < line <= len(self._lines) else ""

    def to_client(self, line: int, byte_column: int) -> tuple[int, int]:
        """(1-based line, UTF-8 byte column) -> (0-based line, the client's column)."""
        if self._encoding == UTF8:
            return line - 1, byte_column
        prefix = self._text(line).encode("utf-8", "surrogatepass")[:byte_column].decode(
            "utf-8", "replace")
        return line - 1, _units(prefix, self._encoding)

    def from_client(self, line: int, column: int) -> tuple[int, int]:
        """(0-based line, the client's column) -> (1-based line, UTF-8 byte column)."""
        text = self._text(line + 1)
        if self._encoding == UTF8:
            return line + 1, column
        units = 0
        for index, char in enumerate(text):
            if units >= column:
                return line + 1, len(text[:index].encode("utf-8", "surrogatepass"))
            units += _units(char, self._encoding)
        return line + 1, len(text.encode("utf-8", "surrogatepass"))


def _units(text: str, encoding: str) -> int:
    if encoding == UTF32:
        return len(text)
    return sum(2 if ord(char) > 0xFFFF else 1 for char in text)
