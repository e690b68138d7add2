"""A buffer as its top-level statements, re-parsed only where an edit touched it.

An edit in an editor changes a line or a few; parsing the whole of a module of a thousand
fixtures again for it is most of the server's work. ``Buffer.update`` compares the new
text with the last one that parsed, line by line, and parses again only the top-level
statements (decorators and bodies included) that hold a changed line, plus the changed
lines themselves. The statements before them are kept as they are; those after them are
kept and moved by the number of lines the edit added or removed.

Why a piece parsed alone means what it means in the whole buffer: the lines before it are
unchanged complete statements, so it starts where the tokenizer is at rest, and the lines
after it begin (at column 0) statements that parsed on their own in the last text. A piece
that does not parse alone (an unclosed bracket, an indented line, a string left open)
sends the whole buffer to the parser, as before, so the outcome is always that of a full
parse.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field
from typing import Final

from ..query.finder import statements

# A line with its break: Python's breaks only (str.splitlines also breaks at \f, \x1c...).
_LINE: Final = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+\Z")

# line -> the codes its ``# type: ignore[...]`` names (empty: every code)
Ignores = dict[int, frozenset[str]]


@dataclass(eq=False, slots=True)
class Piece:
    """One top-level statement of the buffer.

    ``node`` keeps the line numbers it was parsed with; ``shift`` is what to add to them
    for the buffer's lines now (the lines an edit above it added or removed). ``memo`` is
    the checker's: what it made of the piece, and the shift it made it at.
    """

    first: int  # the statement's first line in the buffer (its first decorator's)
    last: int
    node: ast.stmt
    nested: list[ast.stmt]  # the node and every statement inside it
    ignores: Ignores  # by the parsed line numbers, as ``node``
    shift: int = 0
    memo: object = field(default=None)
    # What the statement declares at module level (``query.uses.bindings``), the
    # checker's too: kept while the statement and the names it uses stand.
    declares: object = field(default=None)


def split_lines(source: str) -> list[str]:
    """The buffer's lines, each with its line break."""
    return _LINE.findall(source)


def _ignores(type_ignores: list[ast.TypeIgnore]) -> Ignores:
    found: Ignores = {}
    for ignore in type_ignores:
        tag = ignore.tag.strip()
        found[ignore.lineno] = frozenset(
            code.strip() for code in tag.strip("[]").split(",") if code.strip()) \
            if tag.startswith("[") else frozenset()
    return found


def _pieces(tree: ast.Module, offset: int = 0) -> list[Piece]:
    """The top-level statements of a parsed text whose first line is buffer line
    ``offset + 1``."""
    ignores = _ignores(tree.type_ignores)
    found = []
    for node in tree.body:
        first = min([node.lineno, *(decorator.lineno for decorator in
                                    getattr(node, "decorator_list", ()))])
        last = node.end_lineno if node.end_lineno is not None else node.lineno
        own = {line: codes for line, codes in ignores.items() if first <= line <= last}
        found.append(Piece(first + offset, last + offset, node,
                           statements(ast.Module(body=[node], type_ignores=[])), own,
                           offset))
    return found


@dataclass(slots=True)
class Work:
    """What the buffer's updates cost, counted: machine-independent, unlike a clock."""

    updates: int = 0
    full_parses: int = 0  # tried, whether the text parsed or not
    lines_parsed: int = 0
    statements_parsed: int = 0


class Buffer:
    """The last text of a buffer that parsed, as pieces."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.pieces: list[Piece] = []
        self.work = Work()
        # False when the last full parse had to drop the type comments: until one keeps
        # them, every text is parsed whole, as that choice is the whole buffer's.
        self._with_type_comments = False

    def update(self, source: str) -> bool:
        """Take a new text; False (and the last pieces kept) when it is not Python."""
        lines = split_lines(source)
        self.work.updates += 1
        if self._with_type_comments and (self.pieces or self.lines):
            spliced = self._splice(lines)
            if spliced is not None:
                self.lines, self.pieces = lines, spliced
                return True
        self.work.full_parses += 1
        try:
            tree = ast.parse(source, type_comments=True)
            self._with_type_comments = True
        except SyntaxError:
            try:
                tree = ast.parse(source)
            except (SyntaxError, ValueError, RecursionError, MemoryError):
                return False
            self._with_type_comments = False
        except (ValueError, RecursionError, MemoryError):
            return False
        self.work.lines_parsed += len(lines)
        self.lines, self.pieces = lines, _pieces(tree)
        self.work.statements_parsed += len(self.pieces)
        return True

    def _splice(self, lines: list[str]) -> list[Piece] | None:
        """The new pieces with only the touched ones parsed again; None when the touched
        text does not parse alone (the caller parses it all)."""
        old = self.lines
        shortest = min(len(old), len(lines))
        same_start = 0
        while same_start < shortest and old[same_start] == lines[same_start]:
            same_start += 1
        same_end = 0
        while same_end < shortest - same_start and old[-1 - same_end] == lines[-1 - same_end]:
            same_end += 1
        if same_start == len(old) == len(lines):
            return self.pieces  # the same text
        # Changed: old lines first..last (1-based; last < first for a pure insertion).
        first, last = same_start + 1, len(old) - same_end
        touched = [index for index, piece in enumerate(self.pieces)
                   if piece.first <= last and piece.last >= first]
        while touched:  # a statement sharing a line (a; b) with a touched one is touched
            first = min(first, self.pieces[touched[0]].first)
            last = max(last, self.pieces[touched[-1]].last)
            wider = [index for index, piece in enumerate(self.pieces)
                     if piece.first <= last and piece.last >= first]
            if wider == touched:
                break
            touched = wider
        added = len(lines) - len(old)
        text = "".join(lines[first - 1:last + added])
        try:
            # With type comments only: where they do not parse, neither does the whole
            # buffer, which ``parse`` then reads without them, every ignore dropped.
            tree = ast.parse(text, type_comments=True)
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            return None
        self.work.lines_parsed += last + added - first + 1
        fresh = _pieces(tree, first - 1)
        self.work.statements_parsed += len(fresh)
        before = [piece for piece in self.pieces if piece.last < first]
        after = [piece for piece in self.pieces if piece.first > last]
        if added:
            for piece in after:
                piece.first += added
                piece.last += added
                piece.shift += added
        return [*before, *fresh, *after]

