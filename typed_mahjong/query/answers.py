"""The query language: what can be asked (result names), with which inputs, and the one
function that answers it.

A query is a ``Call``: a result name ("Points", "Yaku", ...), a hand, a winning tile, the
win options (``win_options.WIN_OPTIONS``), a rules preset or a game. Annotations
(``Points[Hand["..."], Ron["3p"]]``) become a Call through ``build_call``; the function
forms (``points("...", win="3p")``) and the plugin's function hook through
``call_from_arguments``. ``answer`` answers every Call -- for ``Query.evaluate()``, the
function forms and the mypy plugin alike -- so run time and type time cannot differ.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from importlib import import_module
from pathlib import Path
from typing import Any, Final, NamedTuple, Protocol, TypeVar, cast

from ..core.rules import Rules
from ..core.scoring import Score, no_yaku, score
from ..core.shanten import shanten, waits
from ..core.win_option_reading import shown_value
from ..core.win_options import BY_MARKER, BY_NAME, COUNT, FLAG, RULES_KEYWORD, TILES, WIN_OPTIONS
from ..errors import NO_YAKU, HandError, NoYaku

_Value = TypeVar("_Value")  # the type of an annotation input's one value

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


@dataclass(frozen=True, slots=True)
class ResultName:
    """One result name, e.g. ``Points``: what it asks, its answer and how that is typed.

    ``base`` is its type without the plugin (``Annotated[base, Query]`` at run time);
    ``value`` picks the answer out of a riichi ``Score`` (``None`` for HAND results);
    ``game`` whether a ``Game[...]`` answers it (a SCORE result from the game's score, a
    HAND result from the game's ``waits``: ``answer_game``); ``function`` the full name of its
    function form, if it has one; ``rules`` whether its answer depends on ``Rules[...]``.
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


# Entries of Score.yaku that count dora rather than name a yaku.
DORA_ENTRIES: Final = frozenset({"dora", "ura dora", "aka dora", "nukidora"})


def yaku_names(outcome: Score) -> tuple[str, ...]:
    """The yaku of a Score in the core's order; dora are not yaku and are left out."""
    return tuple(name for name, _ in outcome.yaku if name not in DORA_ENTRIES)


_FUNCTIONS: Final = "typed_mahjong.query.functions"
RESULT_NAMES: Final[tuple[ResultName, ...]] = (
    ResultName("Points", SCORE, VALUE, int, "ron: what the discarder pays; tsumo: the sum "
               "paid; honba and sticks not included", lambda s: s.points, game=True,
               function=f"{_FUNCTIONS}.points"),
    ResultName("Han", SCORE, VALUE, int, "han, dora included", lambda s: s.han,
               function=f"{_FUNCTIONS}.han"),
    ResultName("Fu", SCORE, VALUE, int, "fu, rounded up as scored", lambda s: s.fu,
               function=f"{_FUNCTIONS}.fu"),
    ResultName("Total", SCORE, VALUE, int, "the winner's whole gain: payments with honba, "
               "plus the riichi sticks", lambda s: s.total, function=f"{_FUNCTIONS}.total"),
    ResultName("Yaku", SCORE, MEMBER, str, "one of the yaku (a union of their names)",
               yaku_names, game=True),
    ResultName("YakuSet", SCORE, EXACT, tuple, "every yaku, in the core's order (a tuple)",
               yaku_names, game=True, function=f"{_FUNCTIONS}.yaku"),
    ResultName("Payment", SCORE, VALUE, str, 'as players say it: "1300", "300-500", '
               '"500-all"', lambda s: s.payment_text, function=f"{_FUNCTIONS}.payment"),
    ResultName("Shanten", HAND, VALUE, int, "-1 complete, 0 tenpai, 1, 2, ...", None,
               function="typed_mahjong.core.shanten.shanten"),
    ResultName("Waits", HAND, MEMBER, str, "one of the tiles a tenpai hand waits on", None,
               game=True, function="typed_mahjong.core.shanten.waits"),
    ResultName("Settlement", SETTLE, EXACT, tuple, "every seat's point change (E, S, W, N; "
               "E, S, W under three-player rules) when this win is settled: honba and "
               "Sticks to the winner, a ron paid by From[...]", None,
               function=f"{_FUNCTIONS}.settle"),
    ResultName("Readings", HAND, EXACT, tuple, "every reading of a complete hand, as texts "
               "(a tuple; () for a hand that is not complete)", None,
               function=f"{_FUNCTIONS}.reading_texts", rules=False),
)
RESULTS_BY_NAME: Final[dict[str, ResultName]] = {row.name: row for row in RESULT_NAMES}
RESULTS: Final = tuple(row.name for row in RESULT_NAMES)
SCORE_RESULTS: Final = tuple(row.name for row in RESULT_NAMES if row.asks in (SCORE, SETTLE))
HAND_RESULTS: Final = tuple(row.name for row in RESULT_NAMES if row.asks == HAND)
GAME_RESULTS: Final = tuple(row.name for row in RESULT_NAMES if row.game)
FUNCTION_RESULTS: Final[dict[str, str]] = {
    row.function: row.name for row in RESULT_NAMES if row.function is not None}



@dataclass(frozen=True, slots=True)
class TableInput:
    """An input of the table state that is no win option of ``score()``: it goes to the
    settlement (``settlement.settle_one``) only. ``name`` is its keyword there and in the
    function form ``settle``."""

    marker: str
    name: str
    meaning: str
    example: str


TABLE_INPUTS: Final[tuple[TableInput, ...]] = (
    TableInput("From", "discarder", "the seat that discarded the winning tile (a ron)",
               'From["W"] (the discarder\'s seat)'),
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


@dataclass(frozen=True, slots=True)
class GameMarker:
    """An annotation input that, with ``Game[...]``, sets one situation input the game
    declares (its ``inputs:`` section): the keyword of ``Game.score`` and the ``--input
    NAME=VALUE`` of ``typed-mahjong game score``. ``flag``: written bare, it sets True."""

    marker: str
    input: str
    flag: bool
    example: str


# Markers of games' own inputs, named as the CLI's shortcuts (--tsumo, --concealed,
# --flowers). A game's self-draw is SelfDrawn: Tsumo["3p"] names a riichi winning tile,
# and a game's winning tile is the last tile of its Hand[...].
GAME_MARKERS: Final[tuple[GameMarker, ...]] = (
    GameMarker("SelfDrawn", "tsumo", True, "SelfDrawn"),
    GameMarker("Concealed", "concealed", True, "Concealed"),
    GameMarker("Flowers", "flowers", False, "Flowers[2]"),
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
# Inputs that only a Game[...] query takes.
GAME_ONLY_INPUTS: Final = (*(row.marker for row in GAME_MARKERS), GAME_INPUT)
RIICHI_INPUTS: Final = ("Hand", "Game", "Rules", "Explain", *WIN_INPUTS, *BY_MARKER,
                         *TABLE_BY_MARKER)
GAME_INPUTS: Final = ("Hand", "Game", "Explain", *GAME_INPUT_MARKERS, GAME_INPUT)
INPUTS: Final = (*RIICHI_INPUTS, *GAME_ONLY_INPUTS)
_EXAMPLES: Final[dict[str, str]] = {
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


NO_YAKU_KIND: Final = NO_YAKU  # HandError.kind of NoYaku (errors.NoYaku, re-exported)


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
    """One query: a result name and the arguments of one core call."""

    result: str
    hand: str
    win: str | None  # None for Shanten/Waits and for games
    # win options set, sorted by name; with a game, the game's inputs given (by name)
    situation: tuple[tuple[str, object], ...]
    rules: str | Rules | None  # the query's own rules, if any
    game: str | None  # the Game[...] path or built-in name, if any
    explain: bool
    # core argument name ("hand", "win", "dora", "riichi", ...) -> where it came from
    origins: tuple[tuple[str, Origin], ...]
    # The table inputs set (TABLE_INPUTS: the discarder), sorted by name.
    table: tuple[tuple[str, object], ...] = ()

    def origin(self, field: str | None) -> Origin | None:
        for name, origin in self.origins:
            if name == field:
                return origin
        return None


class Answered(NamedTuple):
    value: Answer
    # What the breakdown is made from: a Score, a game's score or the text itself. Made
    # only when asked for: Query.evaluate() and the function forms never need it.
    source: Score | PlayedHand | str

    @property
    def explanation(self) -> str:
        """The breakdown a person can check (yaku, han, fu, payments)."""
        return self.source if isinstance(self.source, str) else self.source.explain()


def call_from_arguments(result: str, arguments: Mapping[str, object]) -> Call | None:
    """The Call of a function form's literal arguments (``hand``, ``win``, win options,
    ``rules``), as the plugin sees them; None when they cannot make one: a required
    argument missing, an unknown keyword or a value of another type (mypy reports those
    itself)."""
    row = RESULTS_BY_NAME.get(result)
    if row is None:
        return None
    for name, value in arguments.items():
        wanted = KEYWORD_TYPES.get(name)
        if wanted is None or type(value) is not wanted:
            return None
    hand, win, rules = arguments.get("hand"), arguments.get("win"), arguments.get(RULES_KEYWORD)
    if not isinstance(hand, str) or (row.asks != HAND and not isinstance(win, str)):
        return None
    options = {name: value for name, value in arguments.items() if name in BY_NAME}
    table = {name: value for name, value in arguments.items() if name in TABLE_BY_NAME}
    return call_of(result, hand, win if isinstance(win, str) else None, options,
                   rules if isinstance(rules, str) else "tenhou",
                   origins=tuple(enumerate(arguments)), table=table)


def call_of(result: str, hand: str, win: str | None, options: Mapping[str, object],
            rules: str | Rules = "tenhou", *,
            origins: tuple[tuple[int, str], ...] = (),
            table: Mapping[str, object] | None = None) -> Call:
    """The Call of a function form: ``points(hand, win, **options)``. ``origins`` pairs
    each argument's index with its name (for pointing errors at it); ``table`` holds the
    table inputs (``discarder``). Raises TypeError for a hand or a winning tile that is
    not text (a win is needed by every result but ``Shanten``, ``Waits``, ``Readings``)."""
    text_argument(result, "hand", hand)
    if RESULTS_BY_NAME[result].asks != HAND:
        text_argument(result, "win", win)
    return Call(result=result, hand=hand, win=win, situation=tuple(sorted(options.items())),
                rules=rules, game=None, explain=False,
                origins=tuple((name, Origin(index, ((0, 0),))) for index, name in origins),
                table=tuple(sorted((table or {}).items())))


def game_call_of(result: str, game: str, hand: str, inputs: Mapping[str, object]) -> Call:
    """The Call of a game's hand with its situation inputs by name (``tsumo=True``), as
    ``Points[Game[game], Hand[hand], GameInput["tsumo", True]]``: origins count the game as
    input 0, the hand as 1 and each input after them, in the order given. Raises
    AnnotationError for an input's value of another type, TypeError for a game or a hand
    that is not text."""
    text_argument(result, "game", game)
    text_argument(result, "hand", hand)
    return build_call(result, [("Game", (game,)), ("Hand", (hand,)),
                               *((GAME_INPUT, (name, value)) for name, value in inputs.items())])


def text_argument(result: str, name: str, value: object) -> None:
    """Refuse, naming the argument, a value that is not text where text is asked: the
    run-time forms reach here with whatever a caller passed (``han(hand, None)``)."""
    if not isinstance(value, str):
        example = {"hand": "'234p234s456m567s44p'", "win": "'3p'", "game": "'mcr'"}[name]
        raise TypeError(f"{result}: {name} must be text such as {example}, not "
                        f"{type(value).__name__}")


def build_call(result: str, inputs: Sequence[tuple[str, tuple[object, ...]]]) -> Call:
    """Combine an annotation's ``(input name, values)`` pairs, in any order, into one Call.

    Raises AnnotationError naming the input at fault. The mypy plugin and ``Query`` both
    use this, so annotations mean the same thing at type-check time and at run time.
    """
    if result not in RESULTS:
        raise AnnotationError(f"{result} is not a result name (results: {', '.join(RESULTS)})")
    if any(name == "Game" for name, _ in inputs):
        return _game_call(result, inputs)
    seen: dict[str, int] = {}
    texts: dict[str, tuple[str, Origin]] = {}
    situation: dict[str, object] = {}
    table: dict[str, object] = {}
    rules: str | Rules | None = None
    win: str | None = None
    explain = False
    hand_values: tuple[object, ...] = ()
    for index, (name, values) in enumerate(inputs):
        if name not in INPUTS:
            raise AnnotationError(f"{name} is not an input of {result}[...] (inputs: "
                                  f"{', '.join(RIICHI_INPUTS)})", index)
        if name in GAME_ONLY_INPUTS:
            row = GAME_INPUT_MARKERS.get(name)
            hint = (" (a riichi hand won by self-draw is written Tsumo[\"3p\"])"
                    if row is not None and row.input == "tsumo" else "")
            raise AnnotationError(f"{name} is an input of a game: add Game[...]{hint}", index)
        if name in seen:
            raise AnnotationError(f"{result}[...] has {name} twice; give each input once",
                                  index)
        if name in WIN_INPUTS and win is not None:
            raise AnnotationError(f"{result}[...] has both Ron and Tsumo; a hand wins one "
                                  f"way", index)
        seen[name] = index
        if name in FLAG_INPUTS or name == "Explain":
            _no_value(name, values, index)
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
            situation[NUMBER_INPUTS[name]] = number  # its row's range: checked by the core
            # shown_value: a number of thousands of digits has no str() (Python refuses).
            texts[NUMBER_INPUTS[name]] = (shown_value(number), Origin(index, ((0, 0),)))
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
        elif name == "Rules":
            rules = _single_text(name, values, index)
            texts["rules"] = (rules, origin)
        elif name in TABLE_BY_MARKER:
            field = TABLE_BY_MARKER[name].name
            table[field] = _single_text(name, values, index)
            texts[field] = (str(table[field]), origin)
        else:
            situation[TEXT_INPUTS[name]] = text
            texts[TEXT_INPUTS[name]] = (text, origin)
    if "Hand" not in seen:
        raise AnnotationError(f"{result}[...] needs a hand: add Hand[\"...\"]")
    texts["hand"] = _joined("Hand", hand_values, seen["Hand"])
    _check_combination(result, seen, win)
    return Call(
        result=result,
        hand=texts["hand"][0],
        win=win,
        situation=tuple(sorted(situation.items())),
        rules=rules,
        game=None,
        explain=explain,
        origins=tuple((field, origin) for field, (_, origin) in sorted(texts.items())),
        table=tuple(sorted(table.items())),
    )


def _check_combination(result: str, seen: dict[str, int], win: str | None) -> None:
    row = RESULTS_BY_NAME[result]
    if result in HAND_RESULTS:
        allowed = {"Hand", "Explain"} | ({"Rules"} if row.rules else set())
        extra = sorted((index, name) for name, index in seen.items() if name not in allowed)
        if extra:
            index, name = extra[0]
            takes = " and Rules[...]" if row.rules else ""  # the tile set: sanma has no 2m-8m
            raise AnnotationError(f"{result}[...] takes only Hand[...]{takes}; {name} does "
                                  f"not apply here", index)
        return
    if win is None:
        raise AnnotationError(f"{result}[...] needs the winning tile: add Ron[\"...\"] or "
                              f"Tsumo[\"...\"]")
    for marker in TABLE_BY_MARKER:
        if marker in seen and row.asks != SETTLE:
            raise AnnotationError(f"{marker}[...] is an input of the settlement only "
                                  f"(Settlement[...]); {result} does not depend on it",
                                  seen[marker])
    if row.asks == SETTLE:
        if "Ron" in seen and "From" not in seen:
            raise AnnotationError(f"{result}[...] of a ron needs the discarder: add "
                                  f"{_EXAMPLES['From']}", seen["Ron"])
        if "Tsumo" in seen and "From" in seen:
            raise AnnotationError(f"{result}[...] of a tsumo has no discarder: every other "
                                  f"seat pays; drop From[...]", seen["From"])


def input_field(name: str) -> str:
    """The ``Call.origin`` field of a game's input: apart from "hand" and "game", which a
    game may also name an input."""
    return f"input:{name}"


def _game_call(result: str, inputs: Sequence[tuple[str, tuple[object, ...]]]) -> Call:
    """``build_call`` for a query with ``Game[...]``: a hand of tile names and the game's
    situation inputs, each set by its marker (``SelfDrawn``, ``Seat["E"]``, ...) or by
    name (``GameInput["flowers", 2]``). Whether the game declares an input and takes its
    value is the game's to say (``Game.score``), at run time and type time alike."""
    seen: dict[str, int] = {}
    given: dict[str, tuple[bool | str, str]] = {}  # game input -> (value, marker)
    texts: dict[str, tuple[str, Origin]] = {}
    hand_values: tuple[object, ...] = ()
    explain = False
    for index, (name, values) in enumerate(inputs):
        if name not in INPUTS:
            raise AnnotationError(f"{name} is not an input of {result}[Game[...], ...] "
                                  f"(inputs: {', '.join(GAME_INPUTS)})", index)
        if name in seen and name != GAME_INPUT:  # GameInput: once per input it names
            raise AnnotationError(f"{result}[...] has {name} twice; give each input once",
                                  index)
        seen[name] = index
        if name == "Explain":
            _no_value(name, values, index)
            explain = True
            continue
        if name in WIN_INPUTS or name == "Rules":
            raise AnnotationError(_not_in_games(name), index)
        if name in TABLE_BY_MARKER:
            raise AnnotationError(f"{name}[...] is an input of the settlement of a riichi "
                                  f"hand (Settlement[...]), not of a game", index)
        if name in ("Hand", "Game"):
            if not values:
                raise AnnotationError(f"{name} needs a value, e.g. {_EXAMPLES[name]}", index)
            if name == "Hand":
                hand_values = values
            else:
                texts["game"] = (_single_text(name, values, index), Origin(index, ((0, 0),)))
            continue
        field, value, at = _game_input(name, values, index)
        if field in given:
            raise AnnotationError(f"{result}[...] sets the game's input '{field}' twice "
                                  f"({given[field][1]} and {name}); give it once", index)
        if RESULTS_BY_NAME[result].asks == HAND:  # Waits: the tiles alone
            raise AnnotationError(f"{result}[Game[...], ...] takes only Hand[...]: a waiting "
                                  f"hand has no situation; {name} does not apply here", index)
        given[field] = (value, name)
        texts[input_field(field)] = ("", Origin(index, ((0, at),)))
    if "Hand" not in seen:
        raise AnnotationError(f"{result}[...] needs a hand: add Hand[\"...\"]")
    texts["hand"] = _joined("Hand", hand_values, seen["Hand"], words=True)
    if result not in GAME_RESULTS:
        named = f"{', '.join(GAME_RESULTS[:-1])} or {GAME_RESULTS[-1]}"
        raise AnnotationError(f"a game's score has no {result}; use {named} with "
                              f"Game[...]", seen["Game"])
    return Call(
        result=result,
        hand=texts["hand"][0],
        win=None,
        situation=tuple(sorted((field, value) for field, (value, _) in given.items())),
        rules=None,
        game=texts["game"][0],
        explain=explain,
        origins=tuple((field, origin) for field, (_, origin) in sorted(texts.items())),
    )


def _game_input(name: str, values: tuple[object, ...],
                index: int) -> tuple[str, bool | str, int]:
    """The game input a marker (or ``GameInput[...]``) sets: its name, its value and the
    index of the value that gives it."""
    row = GAME_INPUT_MARKERS.get(name)
    if row is not None and row.flag:
        _no_value(name, values, index)
        return row.input, True, 0
    if not values:
        raise AnnotationError(f"{name} needs a value, e.g. {_EXAMPLES[name]}", index)
    if row is not None:
        if len(values) != 1:
            raise AnnotationError(f"{name}[...] takes one value, got {len(values)}", index, 1)
        return row.input, _game_value(name, values[0], index, 0), 0
    if len(values) != 2:  # GameInput["name", value]
        raise AnnotationError(f"{name}[...] takes an input's name and its value, e.g. "
                              f"{_EXAMPLES[name]}; got {len(values)} value"
                              f"{'s' if len(values) != 1 else ''}", index)
    named = _game_value(name, values[0], index, 0)
    if not isinstance(named, str):
        raise AnnotationError(f"{name}[...] takes the input's name first, e.g. "
                              f"{_EXAMPLES[name]}; got {describe(values[0])}", index, 0)
    return named, _game_value(name, values[1], index, 1), 1


def _no_value(name: str, values: tuple[object, ...], index: int) -> None:
    if values:
        raise AnnotationError(f"{name} is a flag and takes no value; write {name}, not "
                              f"{name}[...]", index)


def _not_in_games(name: str) -> str:
    if name == "Rules":
        return "Rules[...] is a riichi rules preset; a game's rules are in its file"
    return (f"{name}[...] names a riichi winning tile; a game's winning tile is the last "
            f"tile of Hand[...] (won by self-draw: SelfDrawn)")


def _game_value(name: str, value: object, index: int, value_index: int) -> bool | str:
    """An annotation's value for a game input: text, as the command line gives it, or
    True/False. mypy reads the string "2" as the number 2, so a number is its text: the
    two spellings mean the same at type time and at run time."""
    if isinstance(value, bool | str):
        return value
    if isinstance(value, int):
        if abs(value) >= 10**18:  # str() of it is slow, and refused past 4300 digits
            raise AnnotationError(f"{name}[...] takes a string, a number or True/False, e.g. "
                                  f"{_EXAMPLES[name]}; got a number of more than 18 digits",
                                  index, value_index)
        return str(value)
    raise AnnotationError(f"{name}[...] takes a string, a number or True/False, e.g. "
                          f"{_EXAMPLES[name]}; got {describe(value)}", index, value_index)


def _one(name: str, values: tuple[object, ...], kind: type[_Value], index: int) -> _Value:
    if len(values) != 1:
        raise AnnotationError(f"{name}[...] takes one value, got {len(values)}", index, 1)
    value = values[0]
    if isinstance(value, bool) or not isinstance(value, kind):
        wanted = "an int" if kind is int else "a string"
        raise AnnotationError(f"{name}[...] takes {wanted}, e.g. {_EXAMPLES[name]}; got "
                              f"{describe(value)}", index, 0)
    return value


def _single_text(name: str, values: tuple[object, ...], index: int) -> str:
    return _one(name, values, str, index)


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
                                  f"{describe(value)}", index, value_index)
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


def describe(value: object) -> str:
    if isinstance(value, NotALiteral):
        return value.text
    if isinstance(value, type):
        return value.__name__
    return shown_value(value)


# ---------------------------------------------------------------------------------------
# Answering


class PlayedHand(Protocol):
    """What ``answer`` reads of a game's score (``games.GameScore``)."""

    @property
    def points(self) -> int: ...
    @property
    def yaku(self) -> tuple[tuple[str, int], ...]: ...
    @property
    def won(self) -> bool: ...
    def explain(self) -> str: ...


class PlayableGame(Protocol):
    """What ``answer`` uses of a game (``games.Game``). A protocol, not an import: a
    module with annotations must not pull the games package (and PyYAML's stubs) into a
    user's mypy run."""

    def score(self, hand: str, **inputs: bool | int | str) -> PlayedHand: ...
    def waits(self, hand: str) -> tuple[str, ...]: ...


def score_call(call: Call, rules: str | Rules) -> Score:
    """Score the hand of a query; the query's own rules win over ``rules``."""
    if call.win is None:  # build_call and call_of insist on it
        raise TypeError(f"{call.result}: a winning tile (win) is needed")
    options: dict[str, Any] = dict(call.situation)
    return score(call.hand, call.win, rules=call.rules if call.rules is not None else rules,
                 **options)


ScoreKey = tuple[str, str | None, tuple[tuple[str, object], ...], "str | Rules | None",
                 "str | Rules"]


class ScoreMemo:
    """Scores already computed, one per distinct hand and situation (``Points`` and ``Han``
    of one hand share it); a HandError is kept and raised again. The mypy plugin keeps one
    for a whole run and hands it to ``answer``: data, not a callback, so the query layer
    never calls back into the plugin."""

    def __init__(self) -> None:
        self._known: dict[ScoreKey, Score | HandError] = {}

    def score(self, call: Call, rules: str | Rules) -> Score:
        """``score_call(call, rules)``, computed once."""
        key: ScoreKey = (call.hand, call.win, call.situation, call.rules, rules)
        known = self._known.get(key)
        if known is None:
            try:
                known = score_call(call, rules)
            except HandError as exc:
                known = exc
            self._known[key] = known
        if isinstance(known, HandError):
            raise known
        return known


class _GamesPackage(Protocol):
    """What the query layer uses of ``typed_mahjong.games``."""

    def builtin_names(self) -> tuple[str, ...]: ...
    def builtin_path(self, name: str) -> Path: ...
    def load(self, path: Path) -> PlayableGame: ...


def _games() -> _GamesPackage:
    """The games package, imported by name when a query names a game: mypy follows every
    static import, even one inside a function, so ``from ..games import ...`` here would
    pull the games package (and PyYAML's stubs) into a user's mypy run, which fails where
    they are not installed."""
    return cast(_GamesPackage, import_module("typed_mahjong.games"))


def game_path(base_dir: Path, name: str) -> Path:
    """The file of ``Game[name]``: a built-in game by its name (``forest``), else a path
    relative to ``base_dir`` (a file named like a built-in game is written ``./forest``)."""
    games = _games()
    if name in games.builtin_names():
        return games.builtin_path(name)
    return base_dir / name


def load_game(base_dir: Path, name: str) -> PlayableGame:
    return _games().load(game_path(base_dir, name))


def answer(call: Call, rules: str | Rules | None = None, base_dir: Path | None = None, *,
           scores: ScoreMemo | None = None, game: PlayableGame | None = None) -> Answered:
    """The answer to ``call``: its value (what the plugin makes a Literal of) and the
    breakdown. ``rules`` apply unless the call names its own (default tenhou); ``Game[...]``
    paths are relative to ``base_dir`` (default: the working directory). ``scores`` keeps
    the scores of earlier calls, and ``game`` is the call's game already loaded (the plugin
    loads game files itself, under its path rules); the answer is the same.

    Raises HandError (``NoYaku`` for a hand that scores nothing) or GameError.
    """
    row = RESULTS_BY_NAME[call.result]
    rule_set = call.rules if call.rules is not None else rules
    if call.game is not None:
        if game is None:
            game = load_game(base_dir or Path.cwd(), call.game)
        return answer_game(call, game)
    if row.asks == HAND:
        return _answer_hand(call, rule_set)
    if row.asks == SETTLE:  # the settlement scores the win itself, once
        return _answer_settlement(call, rule_set if rule_set is not None else "tenhou")
    # The call's own rules are applied by score_call; a memo keys on both.
    configured = rules if rules is not None else "tenhou"
    outcome = (scores.score(call, configured) if scores is not None
               else score_call(call, configured))
    _refuse_yakuless(call, outcome)
    if row.value is None:  # every row that scores a win reads its value from the Score
        raise AnnotationError(f"{call.result} has no value of a scored hand", 0)
    return Answered(row.value(outcome), outcome)


def answer_game(call: Call, game: PlayableGame) -> Answered:
    """The answer of a ``Game[...]`` call (a result whose row has ``game``): a HAND result
    (``Waits``) is the game's ``waits`` of the waiting hand, the others come from its score.
    Raises HandError (``NoYaku`` for a hand that scores nothing) or GameError."""
    if RESULTS_BY_NAME[call.result].asks == HAND:
        tiles = game.waits(call.hand)
        return Answered(tiles, f"game {call.game}: {call.hand}: waits on "
                               f"{' '.join(tiles) or 'nothing'}")
    inputs: dict[str, bool | int | str] = {}
    for name, value in call.situation:
        if not isinstance(value, bool | int | str):  # _game_call makes no other
            raise TypeError(f"{call.result}: input {name} must be a bool, int or text, "
                            f"not {type(value).__name__}")
        inputs[name] = value
    played = game.score(call.hand, **inputs)
    if not played.won:
        raise NoYaku(f"game {call.game}: the hand scores nothing: "
                     f"{played.explain().splitlines()[0]}")
    names = tuple(name for name, _ in played.yaku)
    return Answered(int(played.points) if call.result == "Points" else names, played)


def _refuse_yakuless(call: Call, outcome: Score) -> None:
    """``NoYaku`` for a complete hand that has no yaku: it cannot win."""
    if outcome.is_yakuless:
        raise no_yaku(call.hand, call.win or "", outcome,
                      tsumo=bool(dict(call.situation).get("tsumo")))


def _answer_hand(call: Call, rules: str | Rules | None) -> Answered:
    """Shanten, Waits (under the call's rules: no 2m-8m under three-player rules) and
    Readings (every reading of a complete hand, as ``Reading.text()`` writes it)."""
    if call.result == "Shanten":
        number = shanten(call.hand, rules)
        return Answered(number, f"{call.hand}: shanten {number}")
    if call.result == "Readings":
        from ..core.readings import readings

        texts = tuple(reading.text() for reading in readings(call.hand))
        return Answered(texts, f"{call.hand}: " + ("; ".join(texts) or "not complete"))
    tiles = waits(call.hand, rules)
    return Answered(tiles, f"{call.hand}: waits {' '.join(tiles) or 'none'}")


def _answer_settlement(call: Call, rules: str | Rules) -> Answered:
    """Every seat's point change when this one win is settled (``settlement.settle_one``)."""
    from ..core.settlement import settle_one

    if call.win is None:  # build_call and call_of insist on it
        raise TypeError(f"{call.result}: a winning tile (win) is needed")
    discarder = dict(call.table).get("discarder")
    # The settlement scores the win once, and refuses it (NoYaku) if it has no yaku.
    settled = settle_one(call.hand, call.win, dict(call.situation), rules=rules,
                         discarder=discarder if isinstance(discarder, str) else None)
    changes = ", ".join(f"{seat} {change:+d}" for seat, change in settled.changes)
    breakdown = "\n".join(result.explain() for _, result in settled.scores)
    return Answered(tuple(change for _, change in settled.changes),
                    f"settlement ({settled.outcome}): {changes}\n{breakdown}")


def accepts(call: Call, answered: Answer, value: object) -> bool:
    """Whether ``value`` is what the type of ``answered`` allows: the value itself, one of
    the names (``Yaku``, ``Waits``), or all the names in order (``YakuSet``)."""
    form = RESULTS_BY_NAME[call.result].form
    if form == MEMBER:
        return isinstance(answered, tuple) and value in answered
    if form == EXACT:
        return isinstance(value, tuple) and value == answered
    return type(value) is type(answered) and value == answered
