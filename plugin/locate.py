"""Pointing an error at the string (and character) that caused it."""

from __future__ import annotations

from collections.abc import Sequence

from mypy.nodes import Context

from typed_mahjong.query.building import Call
from typed_mahjong.query.places import problem_place

# The wording is the query layer's, shared with the language server.
from typed_mahjong.query.wording import ECHO_LIMIT, clip, clip_quoted, shown

__all__ = ["ECHO_LIMIT", "clip", "clip_quoted", "problem_context", "shown", "span"]


def span(node: Context, text: str | None, position: int | None) -> Context:
    """The context of ``node``'s string (quotes included), or of one character of it."""
    context = Context()
    if node.line < 0:
        return node
    if position is not None and text is not None and node.column >= 0:
        column = node.column + 1 + position  # 1: the opening quote
        context.set_line(node.line, column, node.line, column + 1)
        return context
    length = len(text) + 2 if text is not None else 1
    end_line = node.end_line if node.end_line is not None else node.line
    end_column = node.end_column if node.end_column is not None else node.column + length
    context.set_line(node.line, node.column, end_line, end_column)
    return context


def problem_context(call: Call, field: str | None, position: int | None,
                    input_nodes: Sequence[Context], value_nodes: Sequence[Sequence[Context]],
                    value_texts: Sequence[Sequence[object]], whole: Context) -> Context:
    """Where to report a core error about ``field`` (at ``position`` of its text).

    ``input_nodes[i]`` is the node of input ``i``; ``value_nodes[i][j]`` / ``value_texts[i][j]``
    the node and value of its ``j``-th value. Which piece that is, the query layer says
    (``problem_place``, shared with the language server).
    """
    place = problem_place(call, field, position,
                          [len(nodes) for nodes in value_nodes[:len(input_nodes)]])
    if place.input_index is None:
        return whole
    if place.value_index is None:
        return input_nodes[place.input_index]
    return span(value_nodes[place.input_index][place.value_index],
                _text(value_texts[place.input_index][place.value_index]), place.offset)


def _text(value: object) -> str | None:
    return value if isinstance(value, str) else None
