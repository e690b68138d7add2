"""Tiles as plain types: ``Literal`` unions of every valid spelling of a tile.

These need no plugin: any type checker rejects ``discard("10m")`` when ``discard`` takes a
``Tile``. The spellings are those of the MPSZ notation (see ``typed_mahjong.core.tiles``): a digit
and its suit letter, ``0`` for a red five, honours as ``1z``-``7z`` or as the letters
``E S W N`` (winds) and ``P F C`` (white, green, red dragon).
"""

from __future__ import annotations

from typing import Literal, TypeAlias

__all__ = [
    "Dragon",
    "Form",
    "DragonLetter",
    "Honor",
    "Honour",
    "Man",
    "MeldKind",
    "Pin",
    "RedFive",
    "RenhouRule",
    "Simple",
    "Sou",
    "Suit",
    "SuitedTile",
    "Terminal",
    "Tile",
    "Wait",
    "Wind",
    "WindLetter",
]

Suit: TypeAlias = Literal["m", "p", "s"]

Man: TypeAlias = Literal["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "0m"]
Pin: TypeAlias = Literal["1p", "2p", "3p", "4p", "5p", "6p", "7p", "8p", "9p", "0p"]
Sou: TypeAlias = Literal["1s", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "0s"]
SuitedTile: TypeAlias = Man | Pin | Sou
RedFive: TypeAlias = Literal["0m", "0p", "0s"]
Terminal: TypeAlias = Literal["1m", "9m", "1p", "9p", "1s", "9s"]
# 2-8 of a suit (the tiles tanyao allows), red fives included.
Simple: TypeAlias = Literal[
    "2m", "3m", "4m", "5m", "6m", "7m", "8m", "0m",
    "2p", "3p", "4p", "5p", "6p", "7p", "8p", "0p",
    "2s", "3s", "4s", "5s", "6s", "7s", "8s", "0s",
]

# The letters alone are also what Seat[...] and Round[...] take.
WindLetter: TypeAlias = Literal["E", "S", "W", "N"]
DragonLetter: TypeAlias = Literal["P", "F", "C"]
Wind: TypeAlias = Literal["1z", "2z", "3z", "4z"] | WindLetter
Dragon: TypeAlias = Literal["5z", "6z", "7z"] | DragonLetter
Honour: TypeAlias = Wind | Dragon
Honor: TypeAlias = Honour

Tile: TypeAlias = SuitedTile | Honour

# The core's small vocabularies, as Literal types so a misspelt value fails type checking.
# How a winning hand reads: four groups and a pair, seven pairs, or thirteen orphans.
Form: TypeAlias = Literal["standard", "chiitoitsu", "kokushi"]
# The wait the winning tile completed (kokushi: one tile, or all thirteen).
Wait: TypeAlias = Literal["ryanmen", "kanchan", "penchan", "shanpon", "tanki",
                          "kokushi single", "kokushi 13-sided"]
# A meld in hand text: chi, pon, an open kan, a closed kan, a pon extended to a kan.
MeldKind: TypeAlias = Literal["chi", "pon", "kan", "ankan", "kakan"]
# What renhou is worth (Rules.renhou).
RenhouRule: TypeAlias = Literal["none", "mangan", "5-han", "baiman", "yakuman"]
