"""Which written piece of a query an error is about.

A core error names an argument (``field``: "hand", "win", "dora" ...) and maybe a
character of its text (``position``); a ``Call`` knows which input and which of its
strings each argument came from (``Call.origins``). ``problem_place`` turns the one into
the other, so every client (the mypy plugin, the language server) points an error at the
same string and character, whatever its syntax tree looks like.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, NamedTuple

from .building import Call

# Core argument names that share another argument's origin.
FIELD_ALIASES: Final = {"tsumo": "win"}


class Place(NamedTuple):
    """Where an error goes: ``input_index`` None is the whole annotation (or call);
    ``value_index`` None the input as a whole; ``offset`` None the whole value, else one
    character of its text (0-based, inside the quotes)."""

    input_index: int | None
    value_index: int | None = None
    offset: int | None = None


def problem_place(call: Call, field: str | None, position: int | None,
                  value_counts: Sequence[int]) -> Place:
    """Where the error about ``field`` (at ``position`` of its text) goes;
    ``value_counts[i]`` is how many values input ``i`` was written with."""
    origin = call.origin(FIELD_ALIASES.get(field or "", field))
    if origin is None or origin.input_index >= len(value_counts):
        return Place(None)
    count = value_counts[origin.input_index]
    if count == 0:
        return Place(origin.input_index)
    if position is None:
        return Place(origin.input_index, 0) if count == 1 else Place(origin.input_index)
    value_index, offset = origin.locate(position)
    if value_index >= count:
        return Place(origin.input_index)
    return Place(origin.input_index, value_index, offset)
