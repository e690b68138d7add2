"""Reading a query into a ``Call``: an annotation's inputs (``Points[Hand["..."],
Ron["3p"]]``) through ``build_call``; the function forms (``points("...", win="3p")``) through
``call_of``, and the plugin's function hook through ``call_from_arguments``. The mypy plugin
and ``Query`` both read annotations here, so they mean the same at type time and run time.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TypeVar

from ..core.rules import Rules
from ..core.win_option_reading import shown_value
from ..core.win_options import BY_NAME, RULES_KEYWORD
from ..frozen import frozen_value
from .names import (
    EXAMPLES,
    FLAG_INPUTS,
    GAME_INPUT,
    GAME_INPUT_MARKERS,
    GAME_INPUTS,
    GAME_ONLY_INPUTS,
    GAME_RESULTS,
    HAND,
    HAND_RESULTS,
    INPUTS,
    KEYWORD_TYPES,
    MULTI_PART_INPUTS,
    NUMBER_INPUTS,
    RESULTS,
    RESULTS_BY_NAME,
    RIICHI_INPUTS,
    SETTLE,
    TABLE_BY_MARKER,
    TABLE_BY_NAME,
    TEXT_INPUTS,
    WIN_INPUTS,
)

_Value = TypeVar("_Value")  # the type of an annotation input's one value


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


@frozen_value  # made only for a wrong input: no dataclass processing at import
class NotALiteral:
    """A type argument that is not a str/int literal (``Hand[int]``); ``text`` is as written."""

    text: str


@frozen_value  # made only on the careful path: no dataclass processing at import
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


# A dataclass: one is made for every question, and the __init__ dataclass writes for it
# takes its arguments faster than frozen_value's.
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
            raise AnnotationError(f"{name} needs a value, e.g. {EXAMPLES[name]}", index)
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
                                  f"{EXAMPLES['From']}", seen["Ron"])
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
                raise AnnotationError(f"{name} needs a value, e.g. {EXAMPLES[name]}", index)
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
        raise AnnotationError(f"{name} needs a value, e.g. {EXAMPLES[name]}", index)
    if row is not None:
        if len(values) != 1:
            raise AnnotationError(f"{name}[...] takes one value, got {len(values)}", index, 1)
        return row.input, _game_value(name, values[0], index, 0), 0
    if len(values) != 2:  # GameInput["name", value]
        raise AnnotationError(f"{name}[...] takes an input's name and its value, e.g. "
                              f"{EXAMPLES[name]}; got {len(values)} value"
                              f"{'s' if len(values) != 1 else ''}", index)
    named = _game_value(name, values[0], index, 0)
    if not isinstance(named, str):
        raise AnnotationError(f"{name}[...] takes the input's name first, e.g. "
                              f"{EXAMPLES[name]}; got {describe(values[0])}", index, 0)
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
                                  f"{EXAMPLES[name]}; got a number of more than 18 digits",
                                  index, value_index)
        return str(value)
    raise AnnotationError(f"{name}[...] takes a string, a number or True/False, e.g. "
                          f"{EXAMPLES[name]}; got {describe(value)}", index, value_index)


def _one(name: str, values: tuple[object, ...], kind: type[_Value], index: int) -> _Value:
    if len(values) != 1:
        raise AnnotationError(f"{name}[...] takes one value, got {len(values)}", index, 1)
    value = values[0]
    if isinstance(value, bool) or not isinstance(value, kind):
        wanted = "an int" if kind is int else "a string"
        raise AnnotationError(f"{name}[...] takes {wanted}, e.g. {EXAMPLES[name]}; got "
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
            raise AnnotationError(f"{name}[...] takes strings, e.g. {EXAMPLES[name]}; got "
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
