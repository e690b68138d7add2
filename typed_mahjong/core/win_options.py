"""The win options: the one table of everything that says how a hand was won.

``score(hand, win, **options)`` takes these keywords; every other place that lists them is
derived from ``WIN_OPTIONS``. At run time: ``score()``'s keyword checking
(``win_option_reading``), the annotation inputs' reading, the ``score`` CLI flags, the
plugin's function hook and the keys of codegen's fixtures. Where a type checker or mypyc
needs a static declaration, ``python3 scripts/build_win_options.py`` writes it from the
table, between ``# BEGIN generated`` and ``# END generated`` lines: ``score()``'s keywords,
the fields of ``situation.Situation``, ``WinOptions`` below, and the marker classes of
``query/annotations.py`` and its stub (one test says when they are stale).

Adding a win option is one row here, that command, and the rule that uses it.

This module holds the table only (it imports no other part of the core but the rules), so
the command can read it even while the mirrors are stale.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, TypedDict

from .rules import Rules

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
    ``declared``: a parameter of ``score()`` itself (scripts/build_win_options.py
    writes them). The options of optional rules, of three-player play and the rare liable
    seat are not: compiled, each declared keyword a call leaves out costs the call a scan
    of the keywords it passes, so these come in through ``score()``'s ``**unknown`` and,
    when given, are read by ``read_options`` (the same checks and the same ``Situation``).
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
              'Pao["W"] (the liable seat)', declared=False),
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
    of ``WIN_OPTIONS``, then ``rules``."""

    # BEGIN generated by scripts/build_win_options.py from WIN_OPTIONS: typed dict
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
    # END generated: typed dict
    rules: str | Rules
