"""The solitaire errors, members of the project's error family (``MahjongError``).

They live in this module, which mypyc does not compile, because a compiled class cannot
subclass an interpreted one: ``MahjongError`` is interpreted, and ``layout`` (compiled)
only raises these. Each is re-exported where it was first defined (``layout``, ``faces``,
``position``, ``review``), so existing imports keep working.
"""

from __future__ import annotations

from ..errors import MahjongError


class LayoutError(MahjongError):
    """A layout that breaks the rules, or a layout file that cannot be read.

    ``file`` (also ``source``, its older name), ``line`` and ``column`` (1-based) locate
    the fault in a file when known. ``str()`` puts them in front: ``FILE:LINE:COLUMN: ...``.
    """

    def __init__(self, message: str, *, source: str | None = None, line: int | None = None,
                 column: int | None = None, field: str | None = None) -> None:
        super().__init__(message, file=source, line=line, column=column, field=field)

    @property
    def source(self) -> str | None:
        return self.file

    def __str__(self) -> str:
        where = [str(part) for part in (self.file, self.line, self.column) if part is not None]
        return ":".join([*where, " " + self.message]) if where else self.message


class GameRecordError(LayoutError):
    """A game record that cannot be read, located by file, line and column."""


class FaceError(MahjongError):
    """A face name that is not one of the 42 faces (``field``: the text at fault)."""


class PositionError(MahjongError):
    """A deal or position that cannot exist: wrong number of faces, a group left odd."""


class IllegalMove(MahjongError):
    """A removal that the rules forbid; ``step`` is its 1-based place in a sequence."""

    def __init__(self, message: str, step: int | None = None) -> None:
        super().__init__(message if step is None else f"move {step}: {message}",
                         field=None if step is None else f"move {step}")
        self.step = step
