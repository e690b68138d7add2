"""Read a game file into YAML nodes, refusing what a game file never needs.

We stop at PyYAML's *node* graph (``compose``) instead of building Python objects, because
nodes carry line/column marks for every value, so each load-time error can name its line.
The loader is a ``yaml.SafeLoader`` subclass (no Python object tags are ever constructed)
with three guards on top:

* aliases (``*name``) are refused outright: a game file never needs them, and they are what
  "billion laughs" bombs are made of; refusing them at compose time means no alias is ever
  expanded, so the bomb costs nothing;
* nesting is capped, so a deeply nested file cannot exhaust the recursive composer's stack;
* the text is capped in size before parsing starts.

With libyaml present (PyYAML's C extension) the same guards run as a first pass over the
C parser's event stream (events never expand aliases), and the C composer then builds the
nodes: several times faster than the pure-Python composer, which remains the fallback.

Scalars are converted by the safe constructor, and only the plain YAML tags (string,
integer, boolean, null, float, mapping, sequence) are accepted.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import yaml

from ..errors import MahjongError

MAX_BYTES = 256 * 1024
MAX_NESTING = 24

STR = "tag:yaml.org,2002:str"
INT = "tag:yaml.org,2002:int"
BOOL = "tag:yaml.org,2002:bool"
NULL = "tag:yaml.org,2002:null"
FLOAT = "tag:yaml.org,2002:float"
MAP = "tag:yaml.org,2002:map"
SEQ = "tag:yaml.org,2002:seq"
ALLOWED_TAGS = frozenset({STR, INT, BOOL, NULL, FLOAT, MAP, SEQ})


class YamlRefused(MahjongError):
    """The text is not YAML we accept; ``line``/``column`` are 1-based when known (the
    loader adds the file)."""

    def __init__(self, message: str, line: int | None = None, column: int | None = None):
        super().__init__(message, line=line, column=column)


class _GuardedLoader(yaml.SafeLoader):
    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self._nesting = 0

    def compose_node(self, parent: yaml.Node | None, index: Any) -> yaml.Node | None:
        event: yaml.Event = self.peek_event()  # type: ignore[no-untyped-call]
        if isinstance(event, yaml.AliasEvent):
            raise _alias_refused(event)
        self._nesting += 1
        try:
            if self._nesting > MAX_NESTING:
                raise _too_deep(event)
            return super().compose_node(parent, index)
        finally:
            self._nesting -= 1


def compose(text: str, *, use_libyaml: bool = True) -> yaml.Node | None:
    """Parse ``text`` to a node graph (``None`` for an empty document)."""
    if len(text) > MAX_BYTES or len(text.encode("utf-8", errors="replace")) > MAX_BYTES:
        raise YamlRefused(f"game file is larger than {MAX_BYTES} bytes")
    fast: Any = getattr(yaml, "CSafeLoader", None) if use_libyaml else None
    try:
        if fast is not None:
            _check_events(yaml.parse(text, Loader=fast))
            node: yaml.Node | None = yaml.compose(text, Loader=fast)
            return node
        loader = _GuardedLoader(text)
        try:
            node = loader.get_single_node()
            return node
        finally:
            loader.dispose()
    except yaml.MarkedYAMLError as exc:
        problem = exc.problem or exc.context or "malformed YAML"
        if "maximum nesting depth" in problem:
            # libyaml (PyYAML 6.0.3+) caps flow nesting in its scanner, which reads a whole
            # flow collection ahead before the first event reaches our guard: same fault.
            message, mark = f"YAML nests deeper than {MAX_NESTING} levels", exc.problem_mark
        else:
            worded, mark = _worded(exc, text)
            message = f"invalid YAML: {worded}"
        mark = mark or exc.problem_mark or exc.context_mark
        if mark is None:
            raise YamlRefused(message) from None
        raise YamlRefused(message, mark.line + 1, mark.column + 1) from None
    except yaml.YAMLError as exc:
        raise YamlRefused(f"invalid YAML: {_unquoted(str(exc))}") from None


def _worded(exc: yaml.MarkedYAMLError, text: str) -> tuple[str, yaml.Mark | None]:
    """What is wrong, in our words and one line, and where to point: the same for libyaml
    and the pure parser, whose words differ. A fault neither is known for keeps the
    parser's own words, without the file's text."""
    problem, context = exc.problem or "", exc.context or ""
    at, opened = exc.problem_mark, exc.context_mark
    where = (f"line {opened.line + 1}, column {opened.column + 1}" if opened is not None
             else "above")
    char = _char_at(text, at)
    if "flow sequence" in context and "',' or ']'" in problem:
        return f"the list opened at {where} is not closed: expected ',' or ']' here", at
    if "flow mapping" in context and "',' or '}'" in problem:
        return f"the mapping opened at {where} is not closed: expected ',' or '}}' here", at
    if problem.startswith("mapping values are not allowed"):
        return ("':' cannot start a key here: line the key up with those above it, or quote "
                "a value that holds ': '"), at
    if "quoted scalar" in context and "end of stream" in problem:
        return "the quoted text opened here is not closed", opened
    if "unknown escape" in problem:
        return ("an unknown escape in double quotes: write \\\\ for a backslash, or use "
                "single quotes"), opened
    if char == "\t":
        return "a tab where YAML takes only spaces: indent with spaces", at
    if char and ("cannot start any token" in problem or "node content" in problem):
        return f"a value cannot start with {char!r} here: quote the value", at
    if "another document" in problem:
        return "a second YAML document ('---'): a game file is one document", at
    if "simple key" in context and "':'" in problem:
        return ("a key without ':' (write 'key: value'), or a line of a value not indented "
                "under its key"), opened
    block = "block mapping" in context or "block collection" in context
    if block and ("expected key" in problem or "'-' indicator" in problem
                  or problem.startswith("expected <block end>")):
        if at is not None and _after_indentation(text, at):
            return "more text after a complete value: quote the whole value", at
        if "block mapping" in context:
            return f"this line is not indented as the keys of the mapping at {where} are", at
        return (f"this line is not indented as the items of the list at {where} are (each "
                "starts with '- ')"), at
    return _unquoted(problem), at


def _char_at(text: str, mark: yaml.Mark | None) -> str:
    """The character at ``mark`` ("" past the end or without a mark)."""
    if mark is None:
        return ""
    lines = text.split("\n")
    if mark.line >= len(lines) or mark.column >= len(lines[mark.line]):
        return ""
    return lines[mark.line][mark.column]


def _after_indentation(text: str, mark: yaml.Mark) -> bool:
    """Whether ``mark`` is past the first character of its line's content."""
    lines = text.split("\n")
    line = lines[mark.line] if mark.line < len(lines) else ""
    return mark.column > len(line) - len(line.lstrip(" "))


# A piece of the text a parser message quotes: longer than one (escaped) character.
_QUOTED_TEXT = re.compile(r"'(?!<[\w ]+>')[^']{5,}'|\"(?!<[\w ]+>\")[^\"]{5,}\"")


def _unquoted(problem: str) -> str:
    """A parser message without the file's text in it (anchor names, scalars): a file that
    does not parse may not be a game file at all, and must not be echoed. A quoted single
    character ('\\t') and the parser's own names ('<scalar>', "<unicode string>") stay."""
    return _QUOTED_TEXT.sub("(text from the file)", problem)


def _check_events(events: Iterator[yaml.Event]) -> None:
    """The guards of ``_GuardedLoader``, applied to a parser's event stream."""
    nesting = 0
    for event in events:
        if isinstance(event, yaml.AliasEvent):
            raise _alias_refused(event)
        if isinstance(event, yaml.CollectionStartEvent):
            nesting += 1
            if nesting > MAX_NESTING:
                raise _too_deep(event)
        elif isinstance(event, yaml.CollectionEndEvent):
            nesting -= 1


def _alias_refused(event: yaml.Event) -> YamlRefused:
    line, column = _mark(event)
    return YamlRefused(
        "YAML aliases (*name) are not allowed in game files; write the value out",
        line, column,
    )


def _too_deep(event: yaml.Event) -> YamlRefused:
    line, column = _mark(event)
    return YamlRefused(f"YAML nests deeper than {MAX_NESTING} levels", line, column)


def _mark(event: yaml.Event) -> tuple[int | None, int | None]:
    mark = event.start_mark
    if mark is None:
        return None, None
    return mark.line + 1, mark.column + 1


@dataclass(frozen=True, slots=True)
class Where:
    """A 1-based position in the file."""

    line: int
    column: int


def where(node: yaml.Node) -> Where:
    return Where(node.start_mark.line + 1, node.start_mark.column + 1)


def scalar_value(node: yaml.ScalarNode, constructor: yaml.constructor.SafeConstructor) -> Any:
    """The Python value of a scalar with one of the allowed tags (checked by the caller)."""
    return constructor.construct_object(node)


def describe(node: yaml.Node) -> str:
    """How a node reads in an error message: 'a list', 'the number 3' ..."""
    if isinstance(node, yaml.MappingNode):
        return "a mapping"
    if isinstance(node, yaml.SequenceNode):
        return "a list"
    tag = node.tag
    # As written, never converted (a number may be thousands of digits), and cut short.
    text = node.value if len(node.value) <= 60 else node.value[:57] + "..."
    if tag == STR:
        return f"the string {text!r}"
    if tag == INT:
        return f"the number {text}"
    if tag == BOOL:
        return f"the boolean {text}"
    if tag == NULL:
        return "nothing (null)"
    if tag == FLOAT:
        return f"the decimal {text}"
    return f"a value tagged {tag[:60]}"
