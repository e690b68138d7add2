"""The values a game hands out: tiles, readings and scores (all immutable)."""

from __future__ import annotations

from dataclasses import dataclass

Value = str | int | bool


@dataclass(frozen=True, slots=True)
class Tile:
    """One kind of tile as the game file defines it (defaults applied)."""

    name: str
    copies: int
    wildcard: bool
    attributes: tuple[tuple[str, Value], ...]  # in attribute-name order; () for wildcards

    def get(self, attribute: str) -> Value | None:
        for key, value in self.attributes:
            if key == attribute:
                return value
        return None


@dataclass(frozen=True, slots=True)
class Input:
    """A situation input a game declares (self-draw, seat wind, flowers ...): given to
    ``Game.score`` as a keyword, to ``typed-mahjong game score`` as ``--input NAME=VALUE``
    (or ``--tsumo``, ``--seat east`` ...), and read by yaku as a plain name."""

    name: str
    type: str  # "bool", "int" or "str"
    default: Value
    values: tuple[str, ...] | None = None  # the allowed texts, for type "str"
    low: int = 0  # bounds, for type "int"
    high: int = 0
    description: str = ""


@dataclass(frozen=True, slots=True)
class YakuInfo:
    """One yaku as its game file writes it, for clients that describe a game (the code
    generator's tables, a page listing the yaku) without reading the file again: the
    loader builds these from the same checked entries it compiles."""

    name: str
    line: int  # where its name stands in the file (1-based)
    value: int | None  # what it is worth; None when computed from the hand (``formula``)
    formula: str | None  # the expression of a computed value, whitespace collapsed
    unit: str  # "points" or "han": what ``value`` counts (a han game's limit hands: points)
    each: bool = False  # counted once for each set of groups that plays it
    bonus: bool = False  # not counted toward the game's minimum
    stacks: bool = True  # False: a limit hand, counted alone
    fallback: bool = False  # counts only where no other yaku does
    description: str = ""


@dataclass(frozen=True, slots=True)
class ReadingTile:
    """A tile in a reading: its name, the wildcard it was read from (if any), and whether
    it is the hand's last-named tile."""

    name: str
    wildcard: str | None = None
    last: bool = False

    def __str__(self) -> str:
        return f"{self.wildcard}={self.name}" if self.wildcard else self.name


@dataclass(frozen=True, slots=True)
class Reading:
    """One way of grouping a hand: the groups, in display order of their first tiles.

    ``str`` gives e.g. ``fox fox fox | owl owlet moon=bat | bear cub bear``, a wildcard
    shown as ``wildcard=tile it stands for``. ``melds`` (empty for a hand without melds)
    has per group ``"("`` for a claimed meld, ``"["`` for a concealed kong, else ``""``;
    ``str`` shows them bracketed as written: ``1m 2m 3m | (4p 4p 4p) | [5s 5s 5s 5s]``.
    """

    groups: tuple[tuple[ReadingTile, ...], ...]
    melds: tuple[str, ...] = ()

    def __str__(self) -> str:
        marks = self.melds or ("",) * len(self.groups)
        shown = []
        for group, mark in zip(self.groups, marks, strict=True):
            text = " ".join(str(tile) for tile in group)
            shown.append(f"{mark}{text}{')' if mark == '(' else ']'}" if mark else text)
        return " | ".join(shown)


@dataclass(frozen=True, slots=True)
class GameScore:
    """The value of one hand in one game.

    ``yaku`` lists ``(name, value)`` in the file's order, the value in the game's unit
    (points or han); ``points`` is the total after stacking rules, the han table and the
    points limit. ``reading`` is the grouping that scored best (``None`` when no reading
    scores). ``readings_tried`` counts every complete reading evaluated, ``work`` the units
    of the work budget spent. When a reading
    matched one of the game's ``exclude`` patterns, the hand is outside the game:
    ``points`` is 0 and ``excluded_by`` names the pattern (``reading`` shows where).
    """

    points: int
    yaku: tuple[tuple[str, int], ...]
    reading: Reading | None
    readings_tried: int
    excluded_by: str | None = None
    work: int = 0  # units of the work budget this call spent (see docs/games.md)

    @property
    def won(self) -> bool:
        return self.points > 0

    def explain(self) -> str:
        """A few lines a person can check by hand."""
        if self.excluded_by is not None:
            lines = [f"outside the game: matches excluded pattern '{self.excluded_by}'"]
        elif not self.yaku:
            lines = ["no yaku: 0 points"]
        else:
            lines = [f"{name}: {value}" for name, value in self.yaku]
            lines.append(f"points: {self.points}")
        if self.reading is not None:
            lines.append(f"reading: {self.reading}")
        lines.append(f"readings tried: {self.readings_tried}")
        return "\n".join(lines)
