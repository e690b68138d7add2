"""Annotation names: ``Points[Hand["234p234s456m567s44p"], Ron["3p"]]`` and friends.

With the mypy plugin (``plugins = ["typed_mahjong.plugin"]``) each *result* name becomes the
``Literal`` of the scoring core's answer while mypy runs, so a wrong expected value is a type
error. Without the plugin the names still import and evaluate: a result annotation is
``Annotated[<base type>, Query(...)]`` at run time, so ``typing.get_type_hints`` works, and
``Query.evaluate()`` computes the same answer the plugin would (with tenhou rules unless the
annotation names its own).

This module also holds the one description of the annotation language -- which inputs exist,
which core argument each one sets, how the inputs combine (``build_call``) -- shared by the
run-time ``Query`` and the plugin, so the two cannot drift apart.
"""

from __future__ import annotations

import typing
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, ClassVar, Final, Literal

from .rules import Rules
from .tile_types import (
    Dragon,
    DragonLetter,
    Honor,
    Honour,
    Man,
    Pin,
    RedFive,
    Simple,
    Sou,
    Suit,
    SuitedTile,
    Terminal,
    Tile,
    Wind,
    WindLetter,
)

__all__ = [
    # results
    "Fu",
    "Han",
    "Payment",
    "Points",
    "Shanten",
    "Total",
    "Waits",
    "Yaku",
    # inputs with a value
    "Dora",
    "Game",
    "Hand",
    "Honba",
    "Pao",
    "Renchan",
    "Ron",
    "Round",
    "Seat",
    "Sticks",
    "Tsumo",
    "Ura",
    # (the rules preset of one annotation, Rules["majsoul"], is typed_mahjong.Rules itself)
    # situation flags
    "Chankan",
    "Chiihou",
    "DoubleRiichi",
    "Explain",
    "Haitei",
    "Houtei",
    "Ippatsu",
    "OpenRiichi",
    "Renhou",
    "Riichi",
    "Rinshan",
    "Tenhou",
    # run-time values of the annotations
    "Given",
    "Query",
    # tiles as plain Literal types (spelled out: mypy reads only literal lists in __all__)
    "Dragon",
    "DragonLetter",
    "Honor",
    "Honour",
    "Man",
    "Pin",
    "RedFive",
    "Simple",
    "Sou",
    "Suit",
    "SuitedTile",
    "Terminal",
    "Tile",
    "Wind",
    "WindLetter",
]

# Result name -> (what the core computes it from, run-time base type).
# "score" results need a winning hand and a winning tile (or a Game); "hand" results
# (Shanten, Waits) look at the tiles alone.
SCORE_RESULTS: Final = ("Points", "Han", "Fu", "Total", "Yaku", "Payment")
HAND_RESULTS: Final = ("Shanten", "Waits")
RESULTS: Final = SCORE_RESULTS + HAND_RESULTS
# Results a Game[...] can answer (a game's score has points and yaku, no han/fu).
GAME_RESULTS: Final = ("Points", "Yaku")

# Input name -> the keyword argument of typed_mahjong.score() it sets.
FLAG_INPUTS: Final[dict[str, str]] = {
    "Riichi": "riichi",
    "DoubleRiichi": "double_riichi",
    "OpenRiichi": "open_riichi",
    "Ippatsu": "ippatsu",
    "Rinshan": "rinshan",
    "Chankan": "chankan",
    "Haitei": "haitei",
    "Houtei": "houtei",
    "Tenhou": "tenhou",
    "Chiihou": "chiihou",
    "Renhou": "renhou",
}
TEXT_INPUTS: Final[dict[str, str]] = {
    "Dora": "dora",
    "Ura": "ura",
    "Seat": "seat",
    "Round": "round",
    "Pao": "pao",
}
NUMBER_INPUTS: Final[dict[str, str]] = {"Honba": "honba", "Sticks": "sticks", "Renchan": "renchan"}
WIN_INPUTS: Final[dict[str, bool]] = {"Ron": False, "Tsumo": True}  # name -> tsumo flag
# Inputs whose text may be given in several strings, joined in order.
MULTI_PART_INPUTS: Final = frozenset({"Hand", "Dora", "Ura"})
INPUTS: Final = (
    ("Hand", "Game", "Rules", "Explain", *WIN_INPUTS, *TEXT_INPUTS, *NUMBER_INPUTS, *FLAG_INPUTS)
)


class AnnotationError(TypeError):
    """A result annotation whose inputs do not combine: unknown, repeated or missing input.

    ``input_index`` is the index of the input at fault (``None``: the annotation as a whole);
    ``value_index`` the index of the value inside that input, when one value is at fault.
    """

    def __init__(self, message: str, input_index: int | None = None,
                 value_index: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.input_index = input_index
        self.value_index = value_index


@dataclass(frozen=True, slots=True)
class NotALiteral:
    """A type argument that is not a str/int literal (``Hand[int]``); ``text`` is as written."""

    text: str


@dataclass(frozen=True, slots=True)
class Origin:
    """Where the text of one core argument came from: which input, and which value starts at
    which offset of the joined text (so an error offset can point at the right string)."""

    input_index: int
    parts: tuple[tuple[int, int], ...]  # (offset in the joined text, value index), ascending

    def locate(self, position: int) -> tuple[int, int]:
        """The (value index, offset inside that value) holding ``position`` of the text."""
        value_index, start = self.parts[0][1], 0
        for offset, index in self.parts:
            if offset <= position:
                value_index, start = index, offset
        return value_index, position - start


@dataclass(frozen=True, slots=True)
class Call:
    """A result annotation's inputs as the arguments of one core call."""

    result: str
    hand: str
    win: str | None  # None for Shanten/Waits and for games
    situation: tuple[tuple[str, object], ...]  # score() keywords, sorted by name
    rules: str | Rules | None  # the annotation's own Rules[...], if any
    game: str | None  # the Game[...] path, if any
    explain: bool
    # score() argument name ("hand", "win", "dora", "riichi", ...) -> where it came from
    origins: tuple[tuple[str, Origin], ...]

    def origin(self, field: str | None) -> Origin | None:
        for name, origin in self.origins:
            if name == field:
                return origin
        return None


def build_call(result: str, inputs: Sequence[tuple[str, tuple[object, ...]]]) -> Call:
    """Combine ``(input name, values)`` pairs, in any order, into one core call.

    Raises AnnotationError naming the input at fault. The mypy plugin and ``Query`` both
    use this, so annotations mean the same thing at type-check time and at run time.
    """
    if result not in RESULTS:
        raise AnnotationError(f"{result} is not a result name (results: {', '.join(RESULTS)})")
    seen: dict[str, int] = {}
    texts: dict[str, tuple[str, Origin]] = {}
    situation: dict[str, object] = {}
    rules: str | Rules | None = None
    game: str | None = None
    win: str | None = None
    explain = False
    hand_values: tuple[object, ...] = ()
    for index, (name, values) in enumerate(inputs):
        if name not in INPUTS:
            raise AnnotationError(f"{name} is not an input of {result}[...] (inputs: "
                                  f"{', '.join(INPUTS)})", index)
        if name in seen:
            raise AnnotationError(f"{result}[...] has {name} twice; give each input once",
                                  index)
        if name in WIN_INPUTS and win is not None:
            raise AnnotationError(f"{result}[...] has both Ron and Tsumo; a hand wins one "
                                  f"way", index)
        seen[name] = index
        if name in FLAG_INPUTS or name == "Explain":
            if values:
                raise AnnotationError(f"{name} is a flag and takes no value; write {name}, "
                                      f"not {name}[...]", index)
            if name == "Explain":
                explain = True
            else:
                situation[FLAG_INPUTS[name]] = True
                texts[FLAG_INPUTS[name]] = ("", Origin(index, ((0, 0),)))
            continue
        if not values:
            raise AnnotationError(f"{name} needs a value, e.g. {_EXAMPLES[name]}", index)
        if name in NUMBER_INPUTS:
            number = _one(name, values, int, index)
            assert isinstance(number, int)
            situation[NUMBER_INPUTS[name]] = number
            texts[NUMBER_INPUTS[name]] = (str(number), Origin(index, ((0, 0),)))
            continue
        if name == "Rules" and len(values) == 1 and isinstance(values[0], Rules):
            rules = values[0]
            continue
        if name == "Hand":
            hand_values = values  # joined below, once it is known whether a game reads it
            continue
        text, origin = _joined(name, values, index)
        if name in WIN_INPUTS:
            win = _single_text(name, values, index)
            situation["tsumo"] = WIN_INPUTS[name]
            texts["win"] = (win, origin)
        elif name == "Game":
            game = _single_text(name, values, index)
            texts["game"] = (game, origin)
        elif name == "Rules":
            rules = _single_text(name, values, index)
            texts["rules"] = (rules, origin)
        else:
            situation[TEXT_INPUTS[name]] = text
            texts[TEXT_INPUTS[name]] = (text, origin)
    if "Hand" not in seen:
        raise AnnotationError(f"{result}[...] needs a hand: add Hand[\"...\"]")
    texts["hand"] = _joined("Hand", hand_values, seen["Hand"], words=game is not None)
    _check_combination(result, seen, win, game)
    return Call(
        result=result,
        hand=texts["hand"][0],
        win=win,
        situation=tuple(sorted(situation.items())),
        rules=rules,
        game=game,
        explain=explain,
        origins=tuple((field, origin) for field, (_, origin) in sorted(texts.items())),
    )


def _check_combination(result: str, seen: dict[str, int], win: str | None,
                       game: str | None) -> None:
    if result in HAND_RESULTS or game is not None:
        allowed = {"Hand", "Explain"} | ({"Game"} if game is not None else set())
        extra = sorted((index, name) for name, index in seen.items() if name not in allowed)
        if extra:
            index, name = extra[0]
            owner = "Game[...]" if game is not None else f"{result}[...]"
            raise AnnotationError(f"{owner} takes only Hand[...]; {name} does not apply here",
                                  index)
        if game is not None and result not in GAME_RESULTS:
            raise AnnotationError(f"a game's score has no {result}; use "
                                  f"{' or '.join(GAME_RESULTS)} with Game[...]", seen["Game"])
        return
    if win is None:
        raise AnnotationError(f"{result}[...] needs the winning tile: add Ron[\"...\"] or "
                              f"Tsumo[\"...\"]")


def _one(name: str, values: tuple[object, ...], kind: type, index: int) -> object:
    if len(values) != 1:
        raise AnnotationError(f"{name}[...] takes one value, got {len(values)}", index, 1)
    value = values[0]
    if isinstance(value, bool) or not isinstance(value, kind):
        wanted = "an int" if kind is int else "a string"
        raise AnnotationError(f"{name}[...] takes {wanted}, e.g. {_EXAMPLES[name]}; got "
                              f"{_describe(value)}", index, 0)
    return value


def _single_text(name: str, values: tuple[object, ...], index: int) -> str:
    text = _one(name, values, str, index)
    assert isinstance(text, str)
    return text


def _joined(name: str, values: tuple[object, ...], index: int, *,
            words: bool = False) -> tuple[str, Origin]:
    """The text of an input given in one or several strings.

    Riichi notation concatenates tiles into the one concealed group and puts each called
    meld ("pon:555z") in a group of its own; a game's hand (``words``) is a list of tile
    names, so its pieces are joined with spaces.
    """
    if name not in MULTI_PART_INPUTS and len(values) != 1:
        raise AnnotationError(f"{name}[...] takes one value, got {len(values)}", index, 1)
    concealed: list[tuple[str, int]] = []
    melds: list[tuple[str, int]] = []
    for value_index, value in enumerate(values):
        if not isinstance(value, str):
            raise AnnotationError(f"{name}[...] takes strings, e.g. {_EXAMPLES[name]}; got "
                                  f"{_describe(value)}", index, value_index)
        meld = name == "Hand" and not words and ":" in value
        (melds if meld else concealed).append((value, value_index))
    parts: list[tuple[int, int]] = []
    text = ""
    for piece, value_index in concealed:
        text += " " if words and text else ""
        parts.append((len(text), value_index))
        text += piece
    for piece, value_index in melds:
        text += " " if text else ""
        parts.append((len(text), value_index))
        text += piece
    return text, Origin(index, tuple(parts))


def _describe(value: object) -> str:
    if isinstance(value, NotALiteral):
        return value.text
    if isinstance(value, type):
        return value.__name__
    return repr(value)


_EXAMPLES: Final[dict[str, str]] = {
    "Hand": 'Hand["234p234s456m567s44p"]',
    "Ron": 'Ron["3p"]',
    "Tsumo": 'Tsumo["3p"]',
    "Dora": 'Dora["4m"] (the indicator)',
    "Ura": 'Ura["9s"] (the indicator)',
    "Seat": 'Seat["E"]',
    "Round": 'Round["S"]',
    "Pao": 'Pao["W"] (the liable seat)',
    "Honba": "Honba[2]",
    "Sticks": "Sticks[1]",
    "Renchan": "Renchan[8]",
    "Game": 'Game["games/mygame.yaml"]',
    "Rules": 'Rules["majsoul"]',
}


# ---------------------------------------------------------------------------------------
# Run-time values. The mypy plugin never sees these: it reads the annotation's syntax.


@dataclass(frozen=True, slots=True)
class Given:
    """The run-time value of an input with a value, e.g. ``Hand["123m..."]``."""

    name: str
    values: tuple[object, ...]


@dataclass(frozen=True, slots=True)
class Query:
    """The run-time value inside ``Points[...]`` (and the other results).

    ``evaluate()`` asks the scoring core, exactly as the plugin does at type-check time.
    """

    result: str
    inputs: tuple[object, ...]

    def call(self) -> Call:
        return build_call(self.result, [_as_input(item) for item in self.inputs])

    def evaluate(self, rules: str | Rules | None = None,
                 base_dir: Path | None = None) -> int | str | tuple[str, ...]:
        """The core's answer. ``rules`` applies unless the annotation has its own Rules[...];
        the default is the tenhou preset (the mypy plugin uses the project's configuration
        instead, so pass the same rules here when the project configures others).
        ``Game[...]`` paths are relative to ``base_dir`` (default: the working directory;
        the plugin uses the directory of mypy's config file)."""
        from .functions import answer

        return answer(self.call(), rules, base_dir)


def _as_input(item: object) -> tuple[str, tuple[object, ...]]:
    if isinstance(item, Given):
        return item.name, item.values
    if isinstance(item, Rules):
        return "Rules", (item,)
    if isinstance(item, type) and issubclass(item, _Flag):
        return item.__name__, ()
    return _describe(item), ()


def _literal_value(value: object) -> object:
    # Hand[Literal["123m..."]] means the same as Hand["123m..."].
    if typing.get_origin(value) is Literal:
        arguments = typing.get_args(value)
        if len(arguments) == 1:
            return arguments[0]
    return value


class _Result:
    _base: ClassVar[type] = int

    def __class_getitem__(cls, inputs: object) -> object:
        items = inputs if isinstance(inputs, tuple) else (inputs,)
        query = Query(cls.__name__, items)
        return Annotated.__class_getitem__((cls._base, query))  # type: ignore[attr-defined]


class _Input:
    def __class_getitem__(cls, values: object) -> Given:
        items = values if isinstance(values, tuple) else (values,)
        return Given(cls.__name__, tuple(_literal_value(value) for value in items))


class _Flag:
    """A situation flag: written bare, ``Points[Hand["..."], Ron["3p"], Riichi]``."""


# Results: with the plugin each becomes Literal[<the core's answer>].
class Points(_Result):
    """What the hand is worth before honba and sticks: ron, what the discarder pays; tsumo,
    the sum of the payments."""


class Han(_Result):
    """Han, dora included."""


class Fu(_Result):
    """Fu, rounded up as scored."""


class Total(_Result):
    """The winner's whole gain: payments with honba, plus the riichi sticks on the table."""


class Yaku(_Result):
    """A Literal union of the yaku names (dora are not yaku and are left out)."""

    _base = str


class Payment(_Result):
    """The payment as players say it: "1300", "300-500" (non-dealer tsumo), "500-all"."""

    _base = str


class Shanten(_Result):
    """Shanten number of Hand[...]: -1 complete, 0 tenpai, 1 one tile from tenpai..."""


class Waits(_Result):
    """A Literal union of the tiles a tenpai Hand[...] waits on."""

    _base = str


# Inputs with a value.
class Hand(_Input):
    """The hand: concealed tiles (winning tile included), then called melds."""


class Ron(_Input):
    """Won on a discard of this tile."""


class Tsumo(_Input):
    """Won on a self-drawn tile."""


class Dora(_Input):
    """Dora indicators (the tile shown, not the dora itself), as for score(dora=...)."""


class Ura(_Input):
    """Ura dora indicators."""


class Seat(_Input):
    """The winner's seat wind, "E" "S" "W" or "N" (default "S": non-dealer)."""


class Round(_Input):
    """The round wind (default "E")."""


class Pao(_Input):
    """The seat liable (pao) for a yakuman."""


class Honba(_Input):
    """Honba (repeat) counters, e.g. Honba[2]."""


class Sticks(_Input):
    """Riichi sticks on the table, collected by the winner."""


class Renchan(_Input):
    """Consecutive dealer wins before this one (for paarenchan)."""


class Game(_Input):
    """A YAML-defined game (typed_mahjong.games): Points[Game["path.yaml"], Hand["..."]]."""


# Situation flags.
class Riichi(_Flag):
    pass


class DoubleRiichi(_Flag):
    pass


class OpenRiichi(_Flag):
    pass


class Ippatsu(_Flag):
    pass


class Rinshan(_Flag):
    pass


class Chankan(_Flag):
    pass


class Haitei(_Flag):
    pass


class Houtei(_Flag):
    pass


class Tenhou(_Flag):
    pass


class Chiihou(_Flag):
    pass


class Renhou(_Flag):
    pass


class Explain(_Flag):
    """Ask the plugin for the scoring breakdown of this annotation (a note at type-check
    time); no effect on the value."""
