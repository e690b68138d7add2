"""The one exception type for malformed input, so callers catch a single class."""

from __future__ import annotations

# Categories of HandError.kind; the mypy plugin maps each to a `mahjong-*` error code.
MALFORMED = "malformed"  # the notation itself is broken: unknown character, 5th tile, ...
NOT_WINNING = "not-winning"  # well-formed, but no reading makes it a complete hand
SITUATION = "situation"  # contradictory situation flags (ippatsu without riichi, ...)
RULES = "rules"  # unknown rules preset or flag, or a hand the chosen rules forbid


class HandError(ValueError):
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
        super().__init__(message)
        self.message = message
        self.field = field
        self.position = position
        self.source = source
        self.kind = kind

    def __str__(self) -> str:
        if self.position is None or self.source is None:
            return self.message
        pointer = " " * self.position + "^"
        return f"{self.message} (position {self.position})\n  {self.source}\n  {pointer}"

    def in_source(self, source: str) -> HandError:
        """Attach the caller's full text so the message can point into it."""
        if self.source is None:
            self.source = source
        return self
