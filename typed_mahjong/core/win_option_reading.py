"""``score()``'s win-option keywords read into a ``Situation``, each checked by its row.

The rows are ``win_options.WIN_OPTIONS``; this module reads values by them: a flag True or
False, a count in its range, a wind a letter or a wind tile, indicators as text.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from ..errors import MALFORMED, HandError
from .situation import Situation, parse_wind
from .win_options import BY_NAME, COUNT, FLAG, RULES_KEYWORD, TILES, WIN_OPTIONS, WIND, WinOption

if Situation._fields != tuple(option.name for option in WIN_OPTIONS):
    raise ImportError("typed_mahjong.core.situation.Situation does not list the rows of "
                      "WIN_OPTIONS: run python3 scripts/build_win_options.py")


def read_options(options: Mapping[str, object]) -> Situation:
    """``score()``'s keywords, checked against the table and read into a ``Situation``.

    An unknown keyword is a TypeError (as Python says it for any function, with the
    nearest keyword suggested); a value of the wrong type or form is a HandError naming
    the keyword.
    """
    if not options:
        return _DEFAULT_SITUATION
    values: list[object] = list(_DEFAULT_VALUES)  # table order = Situation field order
    implied = False
    # A dict (score's keywords always are) is walked by mypyc without a tuple an item.
    given = options if isinstance(options, dict) else dict(options)
    for name, value in given.items():
        index, kind = _KINDS.get(name, _UNKNOWN)
        # The common values decided at once: a flag, a count >= 0, a wind letter, tiles.
        if kind == _FLAG:
            if value is True or value is False:
                values[index] = value
                if value and index in _IMPLIES:
                    implied = True
                continue
        elif kind == _COUNT:
            if type(value) is int and 0 <= value <= _MOST[index]:
                values[index] = value
                continue
        elif kind == _WIND:
            wind = WIND_LETTERS.get(value) if type(value) is str else None
            if wind is not None:
                values[index] = wind
                continue
        elif kind == _TILES and type(value) is str:
            values[index] = value
            continue
        option = BY_NAME.get(name)
        if option is None:
            raise TypeError(f"score() got an unexpected keyword argument {name!r}"
                            f"{_suggestion(name)}")
        values[index] = parsed(option, _checked(option, value))
        implied = True
    if implied:
        for index, implies in _IMPLIES.items():
            if values[index]:
                values[implies] = True
    return Situation(*values)  # type: ignore[arg-type]  # each value checked by its row


def table_order(unknown: Mapping[str, object],
                declared: Mapping[str, object]) -> dict[str, object]:
    """``score()``'s keywords for ``read_options``: ``unknown`` (its ``**unknown``: keywords
    that are no win option, and the options not declared) and ``declared`` (its declared
    options, every one), ordered as if every option were declared: the keywords that are
    no option first (refused before any value is read), then the options in table order
    (the first bad value is the same whichever way an option came in)."""
    ordered = {name: value for name, value in unknown.items() if name not in BY_NAME}
    for option in WIN_OPTIONS:
        name = option.name
        if option.declared:
            ordered[name] = declared[name]
        elif name in unknown:
            ordered[name] = unknown[name]
    return ordered


def _suggestion(name: str) -> str:
    """`` (did you mean 'riichi'?)`` for a keyword close to a real one, else nothing."""
    import difflib  # only on this error: not on import

    close = difflib.get_close_matches(name, [*BY_NAME, RULES_KEYWORD], n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""


def checked(name: str, value: object) -> object:
    """``value`` if it is one the option ``name`` takes, else ``HandError`` naming it."""
    return _checked(BY_NAME[name], value)


def _checked(option: WinOption, value: object) -> object:
    kind = type(value)
    if kind is option.type and (kind is not int
                                or 0 <= value <= option.most):  # type: ignore[operator]
        return value  # the common case, decided at once
    if value is None and option.optional:
        return value
    if option.kind == FLAG:
        raise HandError(f"{option.name}: must be True or False, got {shown_value(value)}",
                        field=option.name, kind=MALFORMED)
    if option.kind == COUNT:
        raise HandError(f"{option.name}: must be a whole number from 0 to {option.most}, got "
                        f"{shown_value(value)}", field=option.name, kind=MALFORMED)
    if not isinstance(value, str):
        raise HandError(f"{option.name}: must be a string, e.g. {option.example}, got "
                        f"{shown_value(value)}", field=option.name, kind=MALFORMED)
    return value


def shown_value(value: object) -> str:
    """``repr(value)``, short: an int of thousands of digits has no repr (Python refuses to
    convert it) and would flood the message anyway."""
    # int.bit_length, not a method of the value: an int subclass may override anything.
    if isinstance(value, int) and not isinstance(value, bool) and int.bit_length(value) > 64:
        digits = int(int.bit_length(value) * 0.30103) + 1
        return f"a number of about {digits} digits"
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."


def parsed(option: WinOption, value: object) -> object:
    """A checked value as ``Situation`` holds it (winds as tile indices)."""
    # Indicators stay text: they are read with the hand (a 5th copy is an error there).
    if option.kind == WIND and isinstance(value, str):
        return parse_wind(value, option.name)
    return value


_INDEX: Final[dict[str, int]] = {option.name: index for index, option in enumerate(WIN_OPTIONS)}
# The flags that turn on another (their index: the other's index).
_IMPLIES: Final[dict[int, int]] = {_INDEX[option.name]: _INDEX[option.implies]
                                   for option in WIN_OPTIONS if option.implies is not None}
# Each keyword's place in Situation and its kind as a small int, for read_options.
_FLAG: Final = 1
_COUNT: Final = 2
_WIND: Final = 3
_TILES: Final = 4
_KIND_CODES: Final = {FLAG: _FLAG, COUNT: _COUNT, WIND: _WIND, TILES: _TILES}
_KINDS: Final[dict[str, tuple[int, int]]] = {
    option.name: (index, _KIND_CODES[option.kind]) for index, option in enumerate(WIN_OPTIONS)}
_MOST: Final[tuple[int, ...]] = tuple(option.most for option in WIN_OPTIONS)
_UNKNOWN: Final = (-1, 0)
# The plain wind letters; any other spelling is read by parse_wind.
WIND_LETTERS: Final = {letter: parse_wind(letter, "seat") for letter in "ESWN"}
# Built from the table's defaults (not Situation's own): a test compares the two.
_DEFAULT_SITUATION: Final = Situation._make(parsed(option, option.default)
                                            for option in WIN_OPTIONS)
_DEFAULT_VALUES: Final = _DEFAULT_SITUATION.values()
