"""A diagnostic as the server keeps it, and the codes it reports besides the plugin's."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from ..query.finder import Span
from ..query.names import MEMBER, RESULTS_BY_NAME, Answer

ERROR: Final = "error"
NOTE: Final = "note"
ASSIGNMENT: Final = "assignment"
ARG_TYPE: Final = "arg-type"
INTERNAL: Final = "mahjong-internal"
EXPLAIN: Final = "mahjong-explain"
CONFIG: Final = "mahjong-config"
MISMATCH: Final = "mahjong-mismatch"


@dataclass(frozen=True, slots=True)
class Message:
    """One diagnostic, as mypy would print it: ``span.line:span.column+1: severity: text
    [code]``. ``fixes`` are replacement texts for ``span`` (a wrong value's right ones)."""

    span: Span
    severity: str
    text: str
    code: str
    fixes: tuple[str, ...] = ()


def declared_text(result: str, value: Answer) -> str:
    """The type of a result annotation whose answer is ``value``, as mypy prints it."""
    form = RESULTS_BY_NAME[result].form
    if form == MEMBER and isinstance(value, tuple):
        if not value:
            return "Never"
        return f"Literal[{', '.join(repr(item) for item in value)}]"
    return type_text(value)


def type_text(value: object) -> str:
    """A value's Literal type as mypy prints it in a message."""
    if isinstance(value, tuple):
        return f"tuple[{', '.join(type_text(item) for item in value) or '()'}]"
    return f"Literal[{value!r}]"
