"""The vocabulary of the query language: the result names ("Points", "Yaku", ...), what
each asks and how its answer is typed, and the inputs an annotation or a function form
takes, each from its table.

``building`` reads an annotation (or a function form's arguments) into a ``Call`` with these
names; ``answering`` answers the Call; the marker classes of ``annotations`` are generated
from these tables.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from ..core.win_options import BY_MARKER, COUNT, FLAG, RULES_KEYWORD, TILES, WIN_OPTIONS
from ..frozen import frozen_value

if TYPE_CHECKING:
    # For the types only: the CLI reads these tables to build its parser for every command,
    # and most commands never score a riichi hand.
    from ..core.scoring import Score

Answer = int | str | tuple[str, ...] | tuple[int, ...]

# How a result's answer becomes a type: VALUE, the Literal of the value; MEMBER, the union
# of the Literals of the names (the value is one of them); EXACT, the tuple of them (the
# value is all of them, in the core's order).
VALUE: Final = "value"
MEMBER: Final = "member"
EXACT: Final = "exact"
# What a result asks: SCORE needs a winning hand and its winning tile (or a Game);
# SETTLE the same and the table (who discarded the tile: From[...]); HAND looks at the
# tiles alone.
SCORE: Final = "score"
SETTLE: Final = "settle"
HAND: Final = "hand"


# The tables' rows: frozen values, made without dataclass processing at import.
@frozen_value
class ResultName:
    """One result name, e.g. ``Points``: what it asks, its answer and how that is typed.

    ``base`` is its type without the plugin (``Annotated[base, Query]`` at run time);
    ``value`` picks the answer out of a riichi ``Score`` (``None`` for HAND results);
    ``game`` whether a ``Game[...]`` answers it (a SCORE result from the game's score, a
    HAND result from the game's ``waits``: ``answer_game``); ``function`` the full name of its
    function form, if it has one; ``rules`` whether its answer depends on ``Rules[...]``;
    ``item`` the type of each name of a tuple answer; ``doc`` its marker class's docstring
    (``annotations.py`` is generated from this table: ``python -m typed_mahjong.codegen.markers``).
    """

    name: str
    asks: str
    form: str
    base: type
    meaning: str
    value: Callable[[Score], Answer] | None
    game: bool = False
    function: str | None = None
    rules: bool = True
    item: type = str
    doc: str = ""


# Entries of Score.yaku that count dora rather than name a yaku.
DORA_ENTRIES: Final = frozenset({"dora", "ura dora", "aka dora", "nukidora"})


def yaku_names(outcome: Score) -> tuple[str, ...]:
    """The yaku of a Score in the core's order; dora are not yaku and are left out."""
    return tuple(name for name, _ in outcome.yaku if name not in DORA_ENTRIES)


_FUNCTIONS: Final = "typed_mahjong.query.functions"
RESULT_NAMES: Final[tuple[ResultName, ...]] = (
    ResultName("Points", SCORE, VALUE, int, "ron: what the discarder pays; tsumo: the sum "
               "paid; honba and sticks not included", lambda s: s.points, game=True,
               function=f"{_FUNCTIONS}.points",
               doc="What the hand is worth before honba and sticks: ron, what the discarder "
               "pays; tsumo, the sum of the payments."),
    ResultName("Han", SCORE, VALUE, int, "han, dora included", lambda s: s.han,
               function=f"{_FUNCTIONS}.han",
               doc="Han, dora included."),
    ResultName("Fu", SCORE, VALUE, int, "fu, rounded up as scored", lambda s: s.fu,
               function=f"{_FUNCTIONS}.fu",
               doc="Fu, rounded up as scored."),
    ResultName("Total", SCORE, VALUE, int, "the winner's whole gain: payments with honba, "
               "plus the riichi sticks", lambda s: s.total, function=f"{_FUNCTIONS}.total",
               doc="The winner's whole gain: payments with honba, plus the riichi sticks on "
               "the table."),
    ResultName("Yaku", SCORE, MEMBER, str, "one of the yaku (a union of their names)",
               yaku_names, game=True,
               doc="A Literal union of the yaku names (dora are not yaku and are left out)."),
    ResultName("YakuSet", SCORE, EXACT, tuple, "every yaku, in the core's order (a tuple)",
               yaku_names, game=True, function=f"{_FUNCTIONS}.yaku",
               doc="Every yaku, in the core's order: a tuple of Literals, so a missing or an "
               "extra yaku is an error (``Yaku`` asks only that a name be one of them)."),
    ResultName("Payment", SCORE, VALUE, str, 'as players say it: "1300", "300-500", '
               '"500-all"', lambda s: s.payment_text, function=f"{_FUNCTIONS}.payment",
               doc='The payment as players say it: "1300", "300-500" (non-dealer tsumo), '
               '"500-all".'),
    ResultName("Shanten", HAND, VALUE, int, "-1 complete, 0 tenpai, 1, 2, ...", None,
               function="typed_mahjong.core.shanten.shanten",
               doc="Shanten number of Hand[...]: -1 complete, 0 tenpai, 1 one tile from "
               "tenpai..."),
    ResultName("Waits", HAND, MEMBER, str, "one of the tiles a tenpai hand waits on", None,
               game=True, function="typed_mahjong.core.shanten.waits",
               doc="A Literal union of the tiles a tenpai Hand[...] waits on."),
    ResultName("Settlement", SETTLE, EXACT, tuple, "every seat's point change (E, S, W, N; "
               "E, S, W under three-player rules) when this win is settled: honba and "
               "Sticks to the winner, a ron paid by From[...]", None,
               function=f"{_FUNCTIONS}.settle", item=int,
               doc="Every seat's point change (E, S, W, N; E, S, W under three-player rules) "
               "when this win is settled, as a tuple of Literals: the winner gains the "
               "payments, honba and Sticks; a ron is paid by From[...], a tsumo by the "
               "others (or the liable Pao[...])."),
    ResultName("Readings", HAND, EXACT, tuple, "every reading of a complete hand, as texts "
               "(a tuple; () for a hand that is not complete)", None,
               function=f"{_FUNCTIONS}.reading_texts", rules=False,
               doc="Every reading of a complete Hand[...] (``Reading.text()``), as a tuple of "
               "Literals; an empty tuple for a hand that is not complete."),
)
RESULTS_BY_NAME: Final[dict[str, ResultName]] = {row.name: row for row in RESULT_NAMES}
RESULTS: Final = tuple(row.name for row in RESULT_NAMES)
SCORE_RESULTS: Final = tuple(row.name for row in RESULT_NAMES if row.asks in (SCORE, SETTLE))
HAND_RESULTS: Final = tuple(row.name for row in RESULT_NAMES if row.asks == HAND)
GAME_RESULTS: Final = tuple(row.name for row in RESULT_NAMES if row.game)
FUNCTION_RESULTS: Final[dict[str, str]] = {
    row.function: row.name for row in RESULT_NAMES if row.function is not None}


@frozen_value
class TableInput:
    """An input of the table state that is no win option of ``score()``: it goes to the
    settlement (``settlement.settle_one``) only. ``name`` is its keyword there and in the
    function form ``settle``."""

    marker: str
    name: str
    meaning: str
    example: str
    doc: str = ""  # its marker class's docstring


TABLE_INPUTS: Final[tuple[TableInput, ...]] = (
    TableInput("From", "discarder", "the seat that discarded the winning tile (a ron)",
               'From["W"] (the discarder\'s seat)',
               doc="The seat that discarded the winning tile, for Settlement[...] of a ron: "
                   'From["W"].'),
)
TABLE_BY_MARKER: Final[dict[str, TableInput]] = {row.marker: row for row in TABLE_INPUTS}
TABLE_BY_NAME: Final[dict[str, TableInput]] = {row.name: row for row in TABLE_INPUTS}

# Annotation inputs. Win options come from their table; these set the rest of a Call.
WIN_INPUTS: Final[dict[str, bool]] = {"Ron": False, "Tsumo": True}  # name -> tsumo flag
FLAG_INPUTS: Final[dict[str, str]] = {
    marker: option.name for marker, option in BY_MARKER.items() if option.kind == FLAG}
NUMBER_INPUTS: Final[dict[str, str]] = {
    marker: option.name for marker, option in BY_MARKER.items() if option.kind == COUNT}
TEXT_INPUTS: Final[dict[str, str]] = {
    marker: option.name for marker, option in BY_MARKER.items()
    if option.kind not in (FLAG, COUNT)}
# Inputs whose text may be given in several strings, joined in order.
MULTI_PART_INPUTS: Final = frozenset(
    {"Hand", *(marker for marker, option in BY_MARKER.items() if option.kind == TILES)})


@frozen_value
class GameMarker:
    """An annotation input that, with ``Game[...]``, sets one situation input the game
    declares (its ``inputs:`` section): the keyword of ``Game.score`` and the ``--input
    NAME=VALUE`` of ``typed-mahjong game score``. ``flag``: written bare, it sets True."""

    marker: str
    input: str
    flag: bool
    example: str
    doc: str = ""  # its marker class's docstring (a marker with a value takes a number)


# Markers of games' own inputs, named as the CLI's shortcuts (--tsumo, --concealed,
# --flowers). A game's self-draw is SelfDrawn: Tsumo["3p"] names a riichi winning tile,
# and a game's winning tile is the last tile of its Hand[...].
GAME_MARKERS: Final[tuple[GameMarker, ...]] = (
    GameMarker("SelfDrawn", "tsumo", True, "SelfDrawn",
               "With Game[...]: the game's input `tsumo`, won by self-draw (Tsumo[\"3p\"] "
               "names a riichi winning tile; a game's winning tile is the last tile of its "
               "Hand[...])."),
    GameMarker("Concealed", "concealed", True, "Concealed",
               "With Game[...]: the game's input `concealed`, no set claimed from a discard."),
    GameMarker("Flowers", "flowers", False, "Flowers[2]",
               "With Game[...]: the game's input `flowers` (flower and season tiles drawn), "
               "e.g. Flowers[2]."),
)
# Any declared input by its name, so a game's own inputs need no marker of their own.
GAME_INPUT: Final = "GameInput"
# Every marker that sets a game input: the games' own, and each win option's marker, which
# sets the game input named as the option (Seat["E"] the game's `seat`, Riichi `riichi`).
GAME_INPUT_MARKERS: Final[dict[str, GameMarker]] = {
    **{row.marker: row for row in GAME_MARKERS},
    **{marker: GameMarker(marker, option.name, option.kind == FLAG, option.example)
       for marker, option in BY_MARKER.items()},
}
# How an input's value is written (the stub types it so): several strings joined in order,
# one string, one number, or no value at all (a flag, written bare).
PIECES: Final = "pieces"
TEXT: Final = "text"
NUMBER: Final = "number"
NO_VALUE: Final = "no value"


@frozen_value
class InputName:
    """An input of the query itself: no win option's, table's or game's marker. ``value``
    says how its value is written; ``doc`` is its marker class's docstring."""

    marker: str
    value: str
    doc: str


OWN_INPUTS: Final[tuple[InputName, ...]] = (
    InputName("Hand", PIECES, "The hand: concealed tiles (winning tile included), then called "
              "melds."),
    InputName("Ron", TEXT, "Won on a discard of this tile."),
    InputName("Tsumo", TEXT, "Won on a self-drawn tile."),
    InputName("Game", TEXT, 'A YAML-defined game (typed_mahjong.games): Points[Game["path.yaml"], '
              'Hand["..."]].'),
    InputName(GAME_INPUT, PIECES, 'With Game[...]: any input the game declares, by name, e.g. '
              'GameInput["seat_flowers", 1] (the command line\'s --input seat_flowers=1).'),
    InputName("Explain", NO_VALUE, "Ask the plugin for the scoring breakdown of this annotation "
              "(a note at type-check time); no effect on the value."),
)
# Inputs that only a Game[...] query takes.
GAME_ONLY_INPUTS: Final = (*(row.marker for row in GAME_MARKERS), GAME_INPUT)
RIICHI_INPUTS: Final = ("Hand", "Game", "Rules", "Explain", *WIN_INPUTS, *BY_MARKER,
                         *TABLE_BY_MARKER)
GAME_INPUTS: Final = ("Hand", "Game", "Explain", *GAME_INPUT_MARKERS, GAME_INPUT)
INPUTS: Final = (*RIICHI_INPUTS, *GAME_ONLY_INPUTS)
EXAMPLES: Final[dict[str, str]] = {
    "Hand": 'Hand["234p234s456m567s44p"]',
    "Ron": 'Ron["3p"]',
    "Tsumo": 'Tsumo["3p"]',
    "Game": 'Game["forest"] or Game["games/mygame.yaml"]',
    "Rules": 'Rules["majsoul"]',
    **{marker: option.example for marker, option in BY_MARKER.items()},
    **{row.marker: row.example for row in GAME_MARKERS},
    GAME_INPUT: 'GameInput["seat_flowers", 1]',
    **{marker: row.example for marker, row in TABLE_BY_MARKER.items()},
}
# Keyword of a function form -> the type its value has ("hand", "win", the win options,
# "rules", the table inputs); pao's None is left to run time.
KEYWORD_TYPES: Final[dict[str, type]] = {
    "hand": str, "win": str, RULES_KEYWORD: str,
    **{option.name: option.type for option in WIN_OPTIONS},
    **{row.name: str for row in TABLE_INPUTS},
}

