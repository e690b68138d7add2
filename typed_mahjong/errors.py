"""The one exception type for malformed input, so callers catch a single class."""

from __future__ import annotations


class HandError(ValueError):
    """A hand, tile or situation that breaks the notation or the rules.

    ``position`` is the 0-based character offset of the fault inside ``source`` (the text the
    caller gave), or ``None`` when the fault is not tied to one character (a wrong tile count,
    a contradictory situation). ``kind`` is a short machine-readable category that the mypy
    plugin maps to its ``mahjong-*`` error codes.
    """

    def __init__(
        self,
        message: str,
        *,
        source: str = "",
        position: int | None = None,
        kind: str = "malformed",
    ) -> None:
        self.message = message
        self.source = source
        self.position = position
        self.kind = kind
        where = f" (at position {position} of {source!r})" if position is not None else ""
        super().__init__(f"{message}{where}")
