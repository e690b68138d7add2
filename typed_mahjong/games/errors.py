"""``GameError``: the one exception for bad game files and bad hands of a game."""

from __future__ import annotations

from dataclasses import dataclass

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


class GameError(ValueError):
    """A game file that cannot be loaded, or a hand that this game cannot read.

    ``kind`` is ``"bad-file"`` or ``"bad-hand"`` (the mypy plugin maps it to its
    ``mahjong-*`` codes). ``line``/``column`` (1-based) locate the first problem in the
    file; they are ``None`` for hand errors and whole-file errors. ``problems`` lists every
    fault found, each a full ``file:line:column: context: message`` string. For a hand
    error, ``position`` is the 0-based offset of the faulty tile in the hand text, and
    ``input`` the name of the situation input at fault (an unknown or ill-typed input), if
    that is the fault: the hand itself is fine then.
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
        super().__init__(message)
        self.message = message
        self.filename = filename
        self.kind = kind
        self.line = line
        self.column = column
        self.problems = problems or (message,)
        self.position = position
        self.input = input

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
