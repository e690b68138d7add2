"""The win options: the one table of everything that says how a hand was won.

``score(hand, win, **options)`` takes these keywords; every other place that lists them is
derived from ``WIN_OPTIONS``: ``score()``'s keyword checking (``read_options``), the fields
of ``situation.Situation`` and of ``functions.WinOptions`` (typed mirrors that type checkers
need, held to this table by tests), the annotation inputs (``Riichi``, ``Dora[...]``), the
``score`` CLI flags, the plugin's function hook and the keys of codegen's fixtures.

Adding a win option is one row here (plus the mirror lines the tests then ask for, and the
rule that uses it).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final, TypedDict

from ..errors import MALFORMED, HandError
from .rules import Rules
from .situation import Situation, parse_wind

# How an option's value is written and read. The Python type follows from it.
FLAG: Final = "flag"  # bool; an annotation writes it bare: Riichi
COUNT: Final = "count"  # a whole number from 0 to the row's ``most``: Honba[2]
WIND: Final = "wind"  # one wind tile, E S W N or 1z-4z: Seat["E"]
TILES: Final = "tiles"  # tiles one after another, e.g. dora indicators "4m1z"

_TYPES: Final[dict[str, type]] = {FLAG: bool, COUNT: int, WIND: str, TILES: str}
# Counters that pile up over a game (honba, sticks, renchan): far above any real game, and
# low enough that no reader converts or computes with a number of unbounded size.
MOST_COUNTERS: Final = 999


@dataclass(frozen=True, slots=True)
class WinOption:
    """One keyword of ``score()``.

    ``marker`` is the annotation input that sets it (``None``: set by another input, as
    ``tsumo`` is by ``Tsumo[...]``); ``implies`` another flag this one turns on (double
    riichi is a riichi); ``example`` shows the marker in use, for error messages.
    ``declared``: a parameter of ``score()`` itself (scripts/build_score_keywords.py
    writes them). The options of optional rules and of three-player play are not: compiled,
    each declared keyword a call leaves out costs the call a scan of the keywords it
    passes, so these come in through ``score()``'s ``**unknown`` and, when given, are read
    by ``read_options`` (the same checks and the same ``Situation``).
    """

    name: str
    kind: str
    default: bool | int | str | None
    meaning: str
    marker: str | None
    example: str = ""
    implies: str | None = None
    declared: bool = True
    most: int = 0  # a count's largest value; no meaning for other kinds

    @property
    def type(self) -> type:
        return _TYPES[self.kind]

    @property
    def cli_flag(self) -> str:
        return "--" + self.name.replace("_", "-")

    @property
    def optional(self) -> bool:
        """``None`` is a value (no liable player): the type is ``T | None``."""
        return self.default is None


def _flag(name: str, meaning: str, marker: str | None, implies: str | None = None,
          declared: bool = True) -> WinOption:
    return WinOption(name, FLAG, False, meaning, marker, marker or "", implies, declared)


WIN_OPTIONS: Final[tuple[WinOption, ...]] = (
    _flag("tsumo", "won on a self-drawn tile (set by Tsumo[...], not Ron[...])", None),
    _flag("riichi", "the winner declared riichi", "Riichi"),
    _flag("double_riichi", "riichi declared on the first turn", "DoubleRiichi", "riichi"),
    _flag("open_riichi", "riichi with the hand shown (if the rules allow it)", "OpenRiichi",
          "riichi", declared=False),
    _flag("ippatsu", "won within one go-around of riichi", "Ippatsu"),
    _flag("rinshan", "won on the replacement tile of a kan", "Rinshan"),
    _flag("chankan", "won by robbing a kan", "Chankan"),
    _flag("haitei", "won by tsumo on the last wall tile", "Haitei"),
    _flag("houtei", "won by ron on the last discard", "Houtei"),
    _flag("tenhou", "the dealer's win on the initial hand", "Tenhou"),
    _flag("chiihou", "a non-dealer's tsumo on the first draw", "Chiihou"),
    _flag("renhou", "a non-dealer's ron before the first draw", "Renhou", declared=False),
    WinOption("seat", WIND, "S", "the winner's seat wind (E: the dealer)", "Seat",
              'Seat["E"]'),
    WinOption("round", WIND, "E", "the round wind", "Round", 'Round["S"]'),
    WinOption("dora", TILES, "", "dora indicators (the tiles shown, not the dora)", "Dora",
              'Dora["4m"] (the indicator)'),
    WinOption("ura", TILES, "", "ura dora indicators (riichi only)", "Ura",
              'Ura["9s"] (the indicator)'),
    WinOption("honba", COUNT, 0, "honba (repeat) counters", "Honba", "Honba[2]",
              most=MOST_COUNTERS),
    WinOption("sticks", COUNT, 0, "riichi sticks on the table, collected by the winner",
              "Sticks", "Sticks[1]", most=MOST_COUNTERS),
    WinOption("renchan", COUNT, 0, "the dealer's consecutive wins before this one "
                                   "(for paarenchan)", "Renchan", "Renchan[8]",
              declared=False, most=MOST_COUNTERS),
    WinOption("pao", WIND, None, "the seat liable (pao) for a yakuman", "Pao",
              'Pao["W"] (the liable seat)'),
    WinOption("nuki", COUNT, 0, "North tiles set aside as nukidora (kita; three-player "
                                "rules only)", "Nuki", "Nuki[1]", declared=False,
              most=4),  # there are four North tiles
)
BY_NAME: Final[dict[str, WinOption]] = {option.name: option for option in WIN_OPTIONS}
BY_MARKER: Final[dict[str, WinOption]] = {
    option.marker: option for option in WIN_OPTIONS if option.marker is not None}
DEFAULTS: Final[dict[str, object]] = {option.name: option.default for option in WIN_OPTIONS}
# The keyword that is no win option but goes with them: the rules preset.
RULES_KEYWORD: Final = "rules"


class WinOptions(TypedDict, total=False):
    """The keyword arguments of ``typed_mahjong.score`` after ``hand`` and ``win``: the rows
    of ``WIN_OPTIONS`` (a test holds the two together) and ``rules``."""

    tsumo: bool
    riichi: bool
    double_riichi: bool
    open_riichi: bool
    ippatsu: bool
    rinshan: bool
    chankan: bool
    haitei: bool
    houtei: bool
    tenhou: bool
    chiihou: bool
    renhou: bool
    seat: str
    round: str
    dora: str
    ura: str
    honba: int
    sticks: int
    renchan: int
    pao: str | None
    nuki: int
    rules: str | Rules


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
    if type(value) is int and abs(value).bit_length() > 64:
        digits = int(abs(value).bit_length() * 0.30103) + 1
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
