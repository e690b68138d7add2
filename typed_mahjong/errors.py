"""The error family: every error typed-mahjong raises for input it refuses.

``MahjongError`` (a ``ValueError``) is the common base; each area's error derives from it
(``HandError`` here, ``GameError``, ``LogError``, ``LayoutError``, ``CodegenError`` ...) and
says where the fault is: ``file``, ``line`` and ``column`` (1-based) in a file, or ``field``
(the argument or the input at fault). The command line handles the whole family in one
place (``typed_mahjong.cli.main``): one located line, or one JSON object with ``--json``.
"""

from __future__ import annotations

import re

# Categories of HandError.kind; the mypy plugin maps each to a `mahjong-*` error code.
MALFORMED = "malformed"  # the notation itself is broken: unknown character, 5th tile, ...
NOT_WINNING = "not-winning"  # well-formed, but no reading makes it a complete hand
SITUATION = "situation"  # contradictory situation flags (ippatsu without riichi, ...)
RULES = "rules"  # unknown rules preset or flag, or a hand the chosen rules forbid
NO_YAKU = "no-yaku"  # a complete hand with no yaku: it cannot win, so nothing is paid


class MahjongError(ValueError):
    """Input typed-mahjong refuses, with where the fault is (each part ``None`` if unknown).

    ``str(error)`` is the whole message, location included; ``location`` gives the parts
    for a program (the command line's JSON errors).
    """

    def __init__(self, message: str, *, file: str | None = None, line: int | None = None,
                 column: int | None = None, field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.file = file
        self.line = line
        self.column = column
        self.field = field

    def location(self) -> dict[str, str | int]:
        """The known parts of where the fault is: ``file``, ``line``, ``column``, ``field``."""
        parts = {"file": self.file, "line": self.line, "column": self.column,
                 "field": self.field}
        return {key: value for key, value in parts.items() if value is not None}


# How much of a long text an error message quotes on either side of the fault: a hand of
# megabytes must not come back whole in the message (or in a CI log).
EXCERPT_SIDE = 30


def source_excerpt(source: str, position: int) -> tuple[str, int]:
    """A short window of ``source`` around ``position`` (``...`` where it is cut), control
    characters escaped (``\\u001b``, as ``printable`` writes them), and the position's
    offset inside that window."""
    start = max(0, position - EXCERPT_SIDE)
    end = min(len(source), position + EXCERPT_SIDE + 1)
    head = "..." if start > 0 else ""
    tail = "..." if end < len(source) else ""
    before = printable(source[start:position])
    return f"{head}{before}{printable(source[position:end])}{tail}", len(head) + len(before)


# C0 controls but tab and newline, DEL, C1 controls, the bidirectional formatting
# characters (they reorder what a terminal shows: "Trojan source"), and lone surrogates:
# a byte that is not UTF-8 in an argument or a file name arrives as one (surrogateescape),
# and written out it is either that raw byte (not UTF-8) or an encoding error. A pattern,
# compiled when first used (and kept in re's cache): compiling this class of characters
# costs more than the rest of importing the package, and a mypy run that reports nothing of
# ours never needs it. wording.clip_quoted's pattern is kept the same way.
_CONTROL = ("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069"
            "\ud800-\udfff]")


def printable(text: str) -> str:
    r"""``text`` with every terminal control character (and lone surrogate) written as
    ``\uXXXX``.

    The escape is JSON's own, so a JSON document stays valid JSON with the same meaning.

    >>> printable("fox\x1b[2Jowl")
    'fox\\u001b[2Jowl'
    """
    return re.sub(_CONTROL, lambda found: f"\\u{ord(found.group()):04x}", text)


class HandError(MahjongError):
    """A hand, tile, situation or rules value that breaks the notation or the rules.

    ``field`` names the argument at fault ("hand", "win", "dora", "ura", "seat", ...).
    ``position`` is the 0-based character offset of the fault inside that argument's text,
    or ``None`` when the fault is not tied to one character (a wrong tile count, a
    contradictory situation). ``kind`` is one of the categories above.
    """

    def __init__(
        self,
        message: str,
        *,
        field: str | None = None,
        position: int | None = None,
        source: str | None = None,
        kind: str = MALFORMED,
    ) -> None:
        super().__init__(message, field=field,
                         column=None if position is None else position + 1)
        self.position = position
        self.source = source
        self.kind = kind

    def __str__(self) -> str:
        if self.position is None or self.source is None:
            return self.message
        excerpt, at = source_excerpt(self.source, self.position)
        pointer = " " * at + "^"
        return f"{self.message} (column {self.position + 1})\n  {excerpt}\n  {pointer}"

    def in_source(self, source: str) -> HandError:
        """Attach the caller's full text so the message can point into it."""
        if self.source is None:
            self.source = source
        return self


class NoYaku(HandError):
    """A complete hand (or a game's hand) that scores nothing: it cannot win, so no result
    has a value and no settlement pays it. The mypy plugin reports it as
    ``mahjong-no-yaku``."""

    def __init__(self, message: str) -> None:
        super().__init__(message, field="hand", kind=NO_YAKU)
