"""``GameError``: the one exception for bad game files and bad hands of a game."""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..errors import MahjongError

# How much of a quoted piece of the user's text (a key, a name, a tile of a hand) a
# message repeats.
ECHO_LIMIT = 60
# A quote opens after no letter and before a non-space, and closes after a non-space and
# before no letter; so prose between two quoted pieces is never taken for one.
_LONG_QUOTE = re.compile(r"""(?<![A-Za-z])(['"])(?=\S)((?:(?!\1)[^\n]){61,})(?<=\S)\1"""
                         r"(?![A-Za-z])")  # 61: more than ECHO_LIMIT


def clipped(text: str) -> str:
    """``text`` with every quoted piece longer than ``ECHO_LIMIT`` characters cut short: a
    file or a hand may hold a name of thousands of characters, a message shows 60."""
    return _LONG_QUOTE.sub(lambda found: found.group(1) + found.group(2)[:ECHO_LIMIT - 3]
                           + "..." + found.group(1), text)

BAD_FILE = "bad-file"  # the YAML or the game language is invalid (or the game too costly)
BAD_HAND = "bad-hand"  # a hand names unknown tiles, has the wrong count, too many wildcards...


@dataclass(frozen=True, slots=True)
class Problem:
    """One fault in a game file: where it is, what it belongs to, what is wrong."""

    line: int | None
    column: int | None
    context: str  # "yaku 'Red Trio'", "tile 'fox'", "rules.hand_size" ... or ""
    message: str

    def format(self, filename: str) -> str:
        where = filename
        if self.line is not None:
            where += f":{self.line}"
            if self.column is not None:
                where += f":{self.column}"
        context = f"{self.context}: " if self.context else ""
        return f"{where}: {context}{self.message}"


class GameError(MahjongError):
    """A game file that cannot be loaded, or a hand that this game cannot read.

    ``kind`` is ``"bad-file"`` or ``"bad-hand"`` (the mypy plugin maps it to its
    ``mahjong-*`` codes). ``filename`` (also ``file``) names the game file. For a file,
    ``line``/``column`` (1-based) locate the first problem (``None`` for whole-file
    errors), and ``problems`` lists every fault found, each a full
    ``file:line:column: context: message`` string; ``str(error)`` shows them all. For a
    hand error, ``field`` is "hand", ``position`` the 0-based offset of the faulty tile in
    the hand text (``column`` is that plus 1) and ``line`` is ``None``; for an unknown or
    ill-typed situation input, ``input`` (and ``field``) name it: the hand itself is fine.
    """

    def __init__(
        self,
        message: str,
        *,
        filename: str,
        kind: str = BAD_FILE,
        line: int | None = None,
        column: int | None = None,
        problems: tuple[str, ...] = (),
        position: int | None = None,
        input: str | None = None,  # noqa: A002 - the situation input, as Game.score names it
    ) -> None:
        field = None
        if kind == BAD_HAND:
            field = input if input is not None else "hand"
            if position is not None:
                column = position + 1
        message = clipped(message)
        super().__init__(message, file=filename or None, line=line, column=column,
                         field=field)
        self.filename = filename
        self.kind = kind
        self.problems = tuple(clipped(problem) for problem in problems) or (message,)
        self.position = position
        self.input = input

    def __str__(self) -> str:
        # The message names the first problem and how many more; the rest follow it.
        return "\n  ".join((self.message, *self.problems[1:]))

    @classmethod
    def from_problems(cls, filename: str, problems: list[Problem]) -> GameError:
        ordered = sorted(problems, key=lambda p: (p.line or 0, p.column or 0))
        texts = tuple(p.format(filename) for p in ordered)
        first = ordered[0]
        message = texts[0]
        if len(texts) > 1:
            message += f" (and {len(texts) - 1} more problem{'s' if len(texts) > 2 else ''})"
        return cls(message, filename=filename, kind=BAD_FILE, line=first.line,
                   column=first.column, problems=texts)
