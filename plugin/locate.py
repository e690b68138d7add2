"""Pointing an error at the string (and character) that caused it."""

from __future__ import annotations

import re
from collections.abc import Sequence

from mypy.nodes import Context

from typed_mahjong.query.answers import Call
from typed_mahjong.safe_io import printable

# How much of the user's text a message repeats.
ECHO_LIMIT = 60


def clip(text: str, limit: int = ECHO_LIMIT) -> str:
    """``text`` as written, cut to ``limit`` characters with "..." when longer."""
    return text if len(text) <= limit else text[: limit - 3] + "..."


_QUOTED = re.compile("'([^']{" + str(ECHO_LIMIT + 1) + ",})'")


def clip_quoted(message: str) -> str:
    """``message`` with every quoted piece of user text longer than ``ECHO_LIMIT`` cut."""
    if len(message) <= ECHO_LIMIT + 2:
        return message
    return _QUOTED.sub(lambda match: "'" + clip(match.group(1)) + "'", message)


def shown(message: str) -> str:
    """A message as mypy may print it: the user's long quoted text cut (``clip_quoted``),
    terminal control characters escaped (``safe_io.printable``) and newlines too (mypy
    prints one line per error), so a name in a game file or a string in an annotation
    cannot rewrite the terminal or the CI log, nor forge a line of its own."""
    return printable(clip_quoted(message)).replace("\n", "\\n")


# Core argument names that share another argument's origin.
_ALIASES = {"tsumo": "win"}


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
    the node and value of its ``j``-th value.
    """
    origin = call.origin(_ALIASES.get(field or "", field))
    if origin is None or origin.input_index >= len(input_nodes):
        return whole
    nodes = value_nodes[origin.input_index]
    texts = value_texts[origin.input_index]
    if not nodes:
        return input_nodes[origin.input_index]
    if position is None:
        if len(nodes) == 1:
            return span(nodes[0], _text(texts[0]), None)
        return input_nodes[origin.input_index]
    value_index, offset = origin.locate(position)
    if value_index >= len(nodes):
        return input_nodes[origin.input_index]
    return span(nodes[value_index], _text(texts[value_index]), offset)


def _text(value: object) -> str | None:
    return value if isinstance(value, str) else None
