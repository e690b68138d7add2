"""Annotation names: ``Points[Hand["234p234s456m567s44p"], Ron["3p"]]`` and friends.

With the mypy plugin (``plugins = ["typed_mahjong.plugin"]``) each *result* name becomes the
``Literal`` of the scoring core's answer while mypy runs, so a wrong expected value is a type
error. Without the plugin the names still import and evaluate: a result annotation is
``Annotated[<base type>, Query(...)]`` at run time, so ``typing.get_type_hints`` works, and
``Query.evaluate()`` computes the same answer the plugin would (with tenhou rules unless the
annotation names its own).

This module holds the names only. What each name means -- which core argument an input
sets, its type and default, how the inputs combine, how a query is answered -- is decided
once, in ``typed_mahjong.query.answers`` and ``typed_mahjong.core.win_options`` (the table of win
options), for ``Query``, the function forms, the CLI and the plugin alike.
"""

from __future__ import annotations

import typing
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Literal

from ..core.rules import Rules
from ..core.tile_types import (
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
from .answers import RESULTS_BY_NAME, Answer, Call, accepts, answer, build_call, describe

__all__ = [
    # results
    "Fu",
    "Han",
    "Payment",
    "Points",
    "Readings",
    "Settlement",
    "Shanten",
    "Total",
    "Waits",
    "Yaku",
    "YakuSet",
    # inputs with a value
    "Dora",
    "Flowers",
    "From",
    "Game",
    "GameInput",
    "Hand",
    "Honba",
    "Nuki",
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
    "Concealed",
    "DoubleRiichi",
    "Explain",
    "Haitei",
    "Houtei",
    "Ippatsu",
    "OpenRiichi",
    "Renhou",
    "Riichi",
    "Rinshan",
    "SelfDrawn",
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

    ``evaluate()`` asks the scoring core, exactly as the plugin does at type-check time;
    ``accepts(value)`` says whether a fixture's value has the type the plugin gives the
    annotation.
    """

    result: str
    inputs: tuple[object, ...]

    def call(self) -> Call:
        return build_call(self.result, [_as_input(item) for item in self.inputs])

    def evaluate(self, rules: str | Rules | None = None,
                 base_dir: Path | None = None) -> Answer:
        """The core's answer: what the plugin makes a ``Literal`` of -- a number or a text,
        or the names (``Yaku``/``Waits``: the value is one of them; ``YakuSet``: the value
        is this tuple). ``rules`` apply unless the annotation has its own Rules[...]; the
        default is the tenhou preset (the mypy plugin uses the project's configuration
        instead, so pass the same rules here when the project configures others).
        ``Game[...]`` paths are relative to ``base_dir`` (default: the working directory;
        the plugin uses the directory of mypy's config file).

        Raises HandError (``query.NoYaku`` for a hand with no yaku) or GameError, where
        the plugin reports an error."""
        return answer(self.call(), rules, base_dir).value

    def accepts(self, value: object, rules: str | Rules | None = None,
                base_dir: Path | None = None) -> bool:
        """Whether ``value`` type-checks against this annotation with the plugin: equal
        to the answer, one of the names (``Yaku``, ``Waits``) or all of them in order
        (``YakuSet``)."""
        call = self.call()
        return accepts(call, answer(call, rules, base_dir).value, value)


def _as_input(item: object) -> tuple[str, tuple[object, ...]]:
    if isinstance(item, Given):
        return item.name, item.values
    if isinstance(item, Rules):
        return "Rules", (item,)
    if isinstance(item, type) and issubclass(item, _Flag):
        return item.__name__, ()
    return describe(item), ()


def _literal_value(value: object) -> object:
    # Hand[Literal["123m..."]] means the same as Hand["123m..."].
    if typing.get_origin(value) is Literal:
        arguments = typing.get_args(value)
        if len(arguments) == 1:
            return arguments[0]
    return value


class _Result:
    def __class_getitem__(cls, inputs: object) -> object:
        items = inputs if isinstance(inputs, tuple) else (inputs,)
        query = Query(cls.__name__, items)
        base = RESULTS_BY_NAME[cls.__name__].base  # int, str or tuple, from the result table
        return Annotated.__class_getitem__((base, query))  # type: ignore[attr-defined]


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


class YakuSet(_Result):
    """Every yaku, in the core's order: a tuple of Literals, so a missing or an extra yaku
    is an error (``Yaku`` asks only that a name be one of them)."""


class Payment(_Result):
    """The payment as players say it: "1300", "300-500" (non-dealer tsumo), "500-all"."""


class Shanten(_Result):
    """Shanten number of Hand[...]: -1 complete, 0 tenpai, 1 one tile from tenpai..."""


class Waits(_Result):
    """A Literal union of the tiles a tenpai Hand[...] waits on."""


class Settlement(_Result):
    """Every seat's point change (E, S, W, N; E, S, W under three-player rules) when this
    win is settled, as a tuple of Literals: the winner gains the payments, honba and
    Sticks; a ron is paid by From[...], a tsumo by the others (or the liable Pao[...])."""


class Readings(_Result):
    """Every reading of a complete Hand[...] (``Reading.text()``), as a tuple of
    Literals; an empty tuple for a hand that is not complete."""


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


class Nuki(_Input):
    """North tiles set aside as nukidora (kita), three-player rules only, e.g. Nuki[1]."""


class From(_Input):
    """The seat that discarded the winning tile, for Settlement[...] of a ron: From["W"]."""


class Game(_Input):
    """A YAML-defined game (typed_mahjong.games): Points[Game["path.yaml"], Hand["..."]]."""


# Situation inputs a game declares (its `inputs:`), given with Game[...]. Seat["E"],
# Round["S"] and the other riichi markers set the game input of the same name too.
class Flowers(_Input):
    """With Game[...]: the game's input `flowers` (flower and season tiles drawn), e.g.
    Flowers[2]."""


class GameInput(_Input):
    """With Game[...]: any input the game declares, by name, e.g.
    GameInput["seat_flowers", 1] (the command line's --input seat_flowers=1)."""


class SelfDrawn(_Flag):
    """With Game[...]: the game's input `tsumo`, won by self-draw (Tsumo["3p"] names a
    riichi winning tile; a game's winning tile is the last tile of its Hand[...])."""


class Concealed(_Flag):
    """With Game[...]: the game's input `concealed`, no set claimed from a discard."""


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
