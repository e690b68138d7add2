"""What type checkers read for ``typed_mahjong.query.annotations`` (the run-time module is
``annotations.py``; a test keeps the two listing the same names).

pyright (Pylance, basedpyright) has no plugins, so this stub gives every annotation name a
meaning it can check on its own, written in the ``Literal`` spelling:

    Points[Hand[L["234p234s456m567s44p"]], Ron[L["3p"]]]      # L is typing.Literal

- a *result* (``Points``, ``Yaku`` ...) is an alias of its base type, ``int`` or ``str``,
  taking any number of inputs: pyright accepts ``= 1300``, rejects ``= "1300"``;
- an *input* with a value (``Hand``, ``Ron``, ``Honba`` ...) is a generic class of that
  value, ``str`` or ``int`` (``Hand``, ``Dora`` and ``Ura`` take several pieces);
- a situation *flag* (``Riichi`` ...) is a plain class.

With the mypy plugin, the plugin's hooks still see the same full names
(``typed_mahjong.query.annotations.Points`` ...) and compute the exact ``Literal``; plain mypy reads
the aliases as pyright does.

The aliases use ``TypeAliasType`` rather than PEP 695 ``type`` statements: mypy parses a stub
with the interpreter it runs on, and Python 3.11 cannot parse ``type X = ...``. Inputs stay
classes (not aliases of their value) because the plugin recognises an input by its class.
Their type variables have defaults, so a bare ``Hand`` (``H = Hand``) is no "missing type
arguments" error under ``--strict``. The plugin drops those type variables (a base-class
hook on ``_Input``): with it, mypy reads ``Hand["234p..."]`` in an alias's right-hand side
as a plain expression, not as a generic class applied to a type it cannot parse.

A name added to annotations.py needs its line here (tests/editor/test_editor_stub.py says
which): a result, ``X = TypeAliasType("X", int, type_params=(_Inputs,))`` (``str`` for text
answers); an input, ``class X(_Input, Generic[_Text]): ...`` (``_Number`` for a number,
``*_Pieces`` for several strings); a flag, ``class X(_Flag): ...``; and ``"X"`` in ``__all__``.
"""

from dataclasses import dataclass
from pathlib import Path
from typing import Generic

from typing_extensions import TypeAliasType, TypeVar, TypeVarTuple, Unpack

from ..core.rules import Rules
from ..core.tile_types import Dragon as Dragon
from ..core.tile_types import DragonLetter as DragonLetter
from ..core.tile_types import Honor as Honor
from ..core.tile_types import Honour as Honour
from ..core.tile_types import Man as Man
from ..core.tile_types import Pin as Pin
from ..core.tile_types import RedFive as RedFive
from ..core.tile_types import Simple as Simple
from ..core.tile_types import Sou as Sou
from ..core.tile_types import Suit as Suit
from ..core.tile_types import SuitedTile as SuitedTile
from ..core.tile_types import Terminal as Terminal
from ..core.tile_types import Tile as Tile
from ..core.tile_types import Wind as Wind
from ..core.tile_types import WindLetter as WindLetter
from .answers import Answer, Call

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
    "Game",
    "Hand",
    "Flowers",
    "From",
    "GameInput",
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
    # situation flags
    "Concealed",
    "SelfDrawn",
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
    # tiles as plain Literal types
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

_Inputs = TypeVarTuple("_Inputs")
_Pieces = TypeVarTuple("_Pieces", default=Unpack[tuple[str, ...]])
_Text = TypeVar("_Text", bound=str, default=str)
_Number = TypeVar("_Number", bound=int, default=int)

# Results: the base type of the answer; the plugin narrows each to its Literal.
Points = TypeAliasType("Points", int, type_params=(_Inputs,))
Han = TypeAliasType("Han", int, type_params=(_Inputs,))
Fu = TypeAliasType("Fu", int, type_params=(_Inputs,))
Total = TypeAliasType("Total", int, type_params=(_Inputs,))
Yaku = TypeAliasType("Yaku", str, type_params=(_Inputs,))
YakuSet = TypeAliasType("YakuSet", tuple[str, ...], type_params=(_Inputs,))
Readings = TypeAliasType("Readings", tuple[str, ...], type_params=(_Inputs,))
Settlement = TypeAliasType("Settlement", tuple[int, ...], type_params=(_Inputs,))
Payment = TypeAliasType("Payment", str, type_params=(_Inputs,))
Shanten = TypeAliasType("Shanten", int, type_params=(_Inputs,))
Waits = TypeAliasType("Waits", str, type_params=(_Inputs,))

class _Input: ...

# Inputs with a value: Hand[L["123m..."]], Honba[L[2]].
class Hand(_Input, Generic[*_Pieces]): ...
class Dora(_Input, Generic[*_Pieces]): ...
class Ura(_Input, Generic[*_Pieces]): ...
class Ron(_Input, Generic[_Text]): ...
class Tsumo(_Input, Generic[_Text]): ...
class Seat(_Input, Generic[_Text]): ...
class Round(_Input, Generic[_Text]): ...
class Pao(_Input, Generic[_Text]): ...
class From(_Input, Generic[_Text]): ...
class Game(_Input, Generic[_Text]): ...
class Honba(_Input, Generic[_Number]): ...
class Sticks(_Input, Generic[_Number]): ...
class Renchan(_Input, Generic[_Number]): ...
class Nuki(_Input, Generic[_Number]): ...
# With Game[...]: Flowers[L[2]]; GameInput[L["seat_flowers"], L[1]] (a name, then its value).
class Flowers(_Input, Generic[_Number]): ...
class GameInput(_Input, Generic[*_Pieces]): ...

class _Flag: ...

# Situation flags, written bare.
class Riichi(_Flag): ...
class DoubleRiichi(_Flag): ...
class OpenRiichi(_Flag): ...
class Ippatsu(_Flag): ...
class Rinshan(_Flag): ...
class Chankan(_Flag): ...
class Haitei(_Flag): ...
class Houtei(_Flag): ...
class Tenhou(_Flag): ...
class Chiihou(_Flag): ...
class Renhou(_Flag): ...
class Explain(_Flag): ...
# With Game[...]: the game's inputs `tsumo` and `concealed`.
class SelfDrawn(_Flag): ...
class Concealed(_Flag): ...

# The rest of the module: the run-time values of the annotations.
@dataclass(frozen=True, slots=True)
class Given:
    name: str
    values: tuple[object, ...]

@dataclass(frozen=True, slots=True)
class Query:
    result: str
    inputs: tuple[object, ...]
    def call(self) -> Call: ...
    def evaluate(self, rules: str | Rules | None = None,
                 base_dir: Path | None = None) -> Answer: ...
    def accepts(self, value: object, rules: str | Rules | None = None,
                base_dir: Path | None = None) -> bool: ...
