"""Typed reads from YAML nodes that record a located ``Problem`` instead of raising.

``load`` must report every fault of a file at once (``typed-mahjong game check``), so each
read here returns ``None`` on a bad value after noting where and why, and the caller keeps
going with the rest of the file.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from typing import Any

import yaml

from . import yamlsafe as Y
from .errors import Problem

# A game's numbers are at most 10**9 (plus sign, underscores, a 0x prefix): longer text is
# refused before conversion, so no 5000-digit integer is ever built or printed (Python
# refuses to print an int of more than 4300 digits, and hex/octal/binary convert unchecked).
MAX_NUMBER_CHARS = 20

class Reader:
    def __init__(self) -> None:
        self.problems: list[Problem] = []
        # Safe scalar conversion only (int, bool, float, str...); one per load.
        self.constructor = yaml.constructor.SafeConstructor()
        # Each scalar's value by its node (read again by several checks, reported once).
        self._scalars: dict[int, Any] = {}

    def problem(self, node: yaml.Node | None, context: str, message: str,
                line: int | None = None, column: int | None = None) -> None:
        if node is not None and line is None:
            at = Y.where(node)
            line, column = at.line, at.column
        self.problems.append(Problem(line, column, context, message))

    def check_tags(self, root: yaml.Node) -> None:
        """Report every node with a tag outside plain YAML (``!!python/...``, ``!!set``...)."""
        stack = [root]
        while stack:
            node = stack.pop()
            if node.tag not in Y.ALLOWED_TAGS:
                self.problem(node, "", f"YAML tag {node.tag!r} is not allowed in game files; "
                             "only strings, numbers, booleans, lists and mappings are")
            if isinstance(node, yaml.MappingNode):
                for key, value in node.value:
                    stack.extend((key, value))
            elif isinstance(node, yaml.SequenceNode):
                stack.extend(node.value)

    def mapping(self, node: yaml.Node, context: str, *, number_keys: bool = False
                ) -> list[tuple[Any, yaml.Node, yaml.Node]] | None:
        """(key, key node, value node) of a mapping; reports duplicate and non-scalar keys,
        and keys YAML reads as null or true/false (or as numbers, unless ``number_keys``):
        `no:`, `on:`, `~:` written as names would otherwise turn into other values or
        vanish."""
        if not isinstance(node, yaml.MappingNode):
            self.problem(node, context, f"expected a mapping, found {Y.describe(node)}")
            return None
        items: list[tuple[Any, yaml.Node, yaml.Node]] = []
        first_line: dict[Any, int] = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, yaml.ScalarNode):
                self.problem(key_node, context, "a key must be a plain value, not "
                             f"{Y.describe(key_node)}")
                continue
            if key_node.tag in (Y.NULL, Y.BOOL) or (key_node.tag == Y.INT and not number_keys):
                self.problem(key_node, context, f"the key {key_node.value!r} reads as "
                             f"{Y.describe(key_node)}: YAML reads unquoted no/yes/on/off/"
                             "true/false as booleans, ~ and null as nothing and digits as "
                             f"numbers; quote it ('{key_node.value}') to use it as a name")
                continue
            key = self.scalar(key_node, context)
            if key is None:
                continue
            if key in first_line:
                self.problem(key_node, context,
                             f"duplicate key {key!r} (first given on line {first_line[key]})")
                continue
            first_line[key] = Y.where(key_node).line
            items.append((key, key_node, value_node))
        return items

    def known_keys(self, items: Iterable[tuple[Any, yaml.Node, yaml.Node]],
                   allowed: Iterable[str], context: str) -> None:
        allowed = list(allowed)
        for key, key_node, _ in items:
            if key not in allowed:
                self.problem(key_node, context,
                             f"unknown key {key!r}{suggest(str(key), allowed)}; "
                             f"expected one of: {', '.join(allowed)}")

    def scalar(self, node: yaml.Node, context: str) -> Any:
        if id(node) in self._scalars:
            return self._scalars[id(node)]
        value = self._scalars[id(node)] = self._scalar(node, context)
        return value

    def _scalar(self, node: yaml.Node, context: str) -> Any:
        if not isinstance(node, yaml.ScalarNode):
            self.problem(node, context, f"expected a single value, found {Y.describe(node)}")
            return None
        if node.tag not in Y.ALLOWED_TAGS:
            return None  # already reported by check_tags
        if node.tag in (Y.INT, Y.FLOAT) and len(node.value) > MAX_NUMBER_CHARS:
            self.problem(node, context, f"a number written with more than {MAX_NUMBER_CHARS} "
                         "characters; a game's numbers are at most 10^9")
            return None
        try:
            value = Y.scalar_value(node, self.constructor)
        except (ValueError, yaml.YAMLError):
            self.problem(node, context, f"unreadable value: {Y.describe(node)}")
            return None
        surprise = yaml11_surprise(node, value)
        if surprise is not None:
            self.problem(node, context, surprise)
            return None
        return value

    def integer(self, node: yaml.Node, context: str, low: int, high: int) -> int | None:
        value = self.scalar(node, context)
        if value is None and not (isinstance(node, yaml.ScalarNode) and node.tag == Y.NULL):
            return None
        if not isinstance(value, int) or isinstance(value, bool):
            self.problem(node, context, f"expected a whole number, found {Y.describe(node)}")
            return None
        if not low <= value <= high:
            self.problem(node, context, f"{value} is out of range ({low} to {high})")
            return None
        return value

    def text(self, node: yaml.Node, context: str, max_length: int = 200) -> str | None:
        value = self.scalar(node, context)
        if value is None and not (isinstance(node, yaml.ScalarNode) and node.tag == Y.NULL):
            return None
        if not isinstance(value, str):
            self.problem(node, context, f"expected text, found {Y.describe(node)}; "
                         "quote it to make it text")
            return None
        if len(value) > max_length:
            self.problem(node, context, f"text is longer than {max_length} characters")
            return None
        return value

    def boolean(self, node: yaml.Node, context: str) -> bool | None:
        value = self.scalar(node, context)
        if not isinstance(value, bool):
            if value is not None or node.tag == Y.NULL:
                self.problem(node, context, f"expected true or false, found {Y.describe(node)}")
            return None
        return value

    def text_list(self, node: yaml.Node, context: str) -> list[tuple[str, yaml.Node]] | None:
        if not isinstance(node, yaml.SequenceNode):
            self.problem(node, context, f"expected a list, found {Y.describe(node)}")
            return None
        result = []
        for item in node.value:
            value = self.text(item, context)
            if value is not None:
                result.append((value, item))
        return result


def yaml11_surprise(node: yaml.ScalarNode, value: Any) -> str | None:
    """Why a plain scalar means one thing to PyYAML (YAML 1.1) and another to YAML 1.2
    readers and most people (``no``, ``on``, ``1:30``, ``017``, ``0b1010``), or None.

    PyYAML resolves tags by YAML 1.1's rules; a game file is read the same by every tool
    (editors, linters, other YAML libraries), so such a value is refused with the two ways
    to write what was meant, never read one way quietly.
    """
    text = node.value
    if node.tag == Y.BOOL and text.lower() in ("yes", "no", "on", "off"):
        return (f"'{text}' is {str(value).lower()} in YAML 1.1 but text in YAML 1.2: quote "
                f"it ('{text}') for the text, or write true or false")
    if node.tag != Y.INT:
        return None
    digits = text.lstrip("+-").replace("_", "")
    if ":" in digits:
        old, fix, new = f"the number {value} (base 60)", f"write {value}", "text"
    elif digits[:2] in ("0b", "0B"):
        old, fix, new = f"the number {value} (binary)", f"write {value}", "text"
    elif len(digits) > 1 and digits[0] == "0" and digits[1].isdigit():
        decimal = int(("-" if text.startswith("-") else "") + (digits.lstrip("0") or "0"))
        old, new = f"the number {value} (octal)", f"{decimal} in YAML 1.2"
        fix = (f"write {value} or {decimal} without the leading 0" if decimal != value
               else f"write {value} without the leading 0")
    else:
        return None
    return (f"'{text}' is {old} in YAML 1.1 but {new}: {fix}, or quote it ('{text}') for "
            "the text")


def suggest(word: str, candidates: Iterable[str]) -> str:
    close = difflib.get_close_matches(word, list(candidates), n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""
