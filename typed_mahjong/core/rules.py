"""Rule options: one frozen ``Rules`` value and the named presets.

Every option that changes a score lives here, so "which rules gave this number" is one value.
``rules_from(name, **overrides)`` builds a preset with some flags changed; unknown presets,
unknown flags and values of the wrong type raise HandError(kind="rules").
Each preset names its source; docs/rules.md lists the differences in a table.
"""

from __future__ import annotations

import typing
from typing import TYPE_CHECKING, Any, Literal

from ..errors import RULES, HandError
from ..frozen import frozen_value, replace

if TYPE_CHECKING:
    from .tile_types import RenhouRule

# Yakuman that some rules count twice (the "double yakuman" patterns).
DOUBLE_YAKUMAN_PATTERNS = frozenset(
    {"kokushi musou 13-wait", "suuankou tanki", "junsei chuuren poutou", "daisuushii"}
)
# Yakuman for which the player who fed the completing meld can be made liable (pao).
PAO_YAKUMAN = frozenset({"daisangen", "daisuushii", "suukantsu"})
# "mangan": a flat mangan, taken only when the hand is worth less without it (EMA 2016, WRC
# 2025); "5-han": a 5-han yaku adding to the others (WRC 2014 errata); "baiman": an 8-han
# yaku adding to the others; "yakuman".
# The values of tile_types.RenhouRule (a test holds them equal), written out: the settings
# need them in every mypy run, the Literal unions of tile_types only the scoring does.
RENHOU_VALUES: tuple[RenhouRule, ...] = ("none", "mangan", "5-han", "baiman", "yakuman")
PAO_HONBA_VALUES = ("liable", "discarder")
SANMA_TSUMO_VALUES = ("loss", "bisection")
MULTIPLE_RON_VALUES = ("all", "atamahane")


@frozen_value  # a frozen dataclass, without dataclass processing at import (see frozen.py)
class Rules:
    """Every option that changes a score, under the name of its preset (``rules_from``)."""

    name: str = "tenhou"
    source: str = ""
    # Open tanyao (kuitan) scores; without it tanyao needs a closed hand.
    open_tanyao: bool = True
    # Red fives (aka dora) are in play; when False a red five in a hand is an error.
    red_fives: bool = True
    # Round 4 han 30 fu and 3 han 60 fu (1920 basic points) up to mangan.
    kiriage: bool = False
    # 13 han or more counts as (kazoe) yakuman; otherwise it stays sanbaiman.
    kazoe_yakuman: bool = True
    # Which of DOUBLE_YAKUMAN_PATTERNS count as two yakuman.
    double_yakuman: frozenset[str] = frozenset()
    # Several yakuman in one hand add up (daisangen + tsuuiisou = double).
    yakuman_stacking: bool = True
    # Fu for a pair that is both seat and round wind (2 or 4).
    double_wind_pair_fu: int = 4
    # Whether a rinshan kaihou win gets the 2 fu for tsumo.
    rinshan_tsumo_fu: bool = True
    # No limits: basic points = fu * 2**(han + 2) for every hand; a yakuman counts 13 han.
    aotenjou: bool = False
    # Optional yaku.
    renhou: RenhouRule = "none"
    open_riichi: bool = False
    daisharin: bool = False
    paarenchan: bool = False
    # Yakuman with liability payments.
    pao: frozenset[str] = frozenset({"daisangen", "daisuushii"})
    # Pao on a hand with several yakuman: True makes the liable player pay the whole hand
    # (Tenhou); False makes them pay only the liable yakuman's share (Mahjong Soul's
    # "separated responsibility").
    pao_whole_hand: bool = False
    # Who pays the honba of a ron won with pao: the liable player or the discarder.
    pao_honba: str = "liable"
    # Suukantsu pao only when the fourth kan is an open kan (daiminkan) called from the
    # liable player (M-League); the hand must then hold an open kan.
    suukantsu_pao_daiminkan: bool = True
    # With aotenjou, a yakuman hand also counts its ordinary yaku and dora on top of 13 han
    # per yakuman (the `mahjong` package's reading); False: 13 han per yakuman only.
    aotenjou_adds_yaku: bool = False
    # Honba: a ron pays the whole value, a tsumo splits it equally among the payers.
    honba_value: int = 300
    riichi_stick_value: int = 1000
    # Three-player mahjong (sanma): 3 players, no 2m-8m, no chi, kita (North) as nukidora.
    players: int = 4
    # Sanma tsumo: "loss" (the absent player's share is not paid) or "bisection" (it is
    # split between the two payers).
    sanma_tsumo: str = "loss"
    # A win on the replacement tile after a kita counts as rinshan kaihou.
    kita_rinshan: bool = True
    # Several players ron one discard: "all" pays each, "atamahane" only the first in turn
    # order. The honba and riichi sticks always go to the first winner in turn order.
    multiple_ron: str = "all"
    # Three players ron one discard (four-player only): an abortive draw instead.
    triple_ron_draw: bool = False
    # Noten payments at an exhaustive draw: the total the noten players pay.
    noten_payment: int = 3000
    # At an exhaustive draw a tenpai player not in riichi may hide the hand and be paid as
    # noten (a "noten declaration"); off: every tenpai hand is shown and paid as tenpai.
    noten_declaration: bool = True
    # A wait on a tile whose four copies the player holds is no wait: with this on the
    # called melds count among the copies held; off, only the concealed tiles do.
    karaten_melds: bool = True

    def __class_getitem__(cls, name: str) -> Rules:
        # ``Rules["majsoul"]`` is also an annotation marker (see typed_mahjong.query.annotations):
        # at run time it evaluates to the preset itself. ``Rules[Literal["majsoul"]]``, the
        # spelling editors read (docs/plugin.md), means the same.
        if typing.get_origin(name) is Literal and len(typing.get_args(name)) == 1:
            name = typing.get_args(name)[0]
        return rules_from(name)

    def fingerprint(self) -> str:
        """A stable text of every option, for caches that must change when the rules do."""
        values = []
        for name in FIELD_NAMES:
            if name == "source":
                continue
            value = getattr(self, name)
            if isinstance(value, frozenset):
                value = sorted(value)
            values.append(f"{name}={value!r}")
        return ";".join(values)


# The fields of Rules in order, as dataclasses.fields(Rules) names them.
FIELD_NAMES: tuple[str, ...] = Rules.__match_args__

# Sources and the evidence for each value: docs/rules.md.
PRESETS: dict[str, Rules] = {
    "tenhou": Rules(
        name="tenhou",
        source="Tenhou four-player ranked rules (tenhou.net/man): kuitan and red fives, no "
        "kiriage, kazoe yakuman, yakuman stack but none counts double, double-wind pair "
        "4 fu, pao for daisangen and daisuushii (the liable player pays the whole hand), "
        "double ron, triple ron an abortive draw",
        pao_whole_hand=True,
        triple_ron_draw=True,
        noten_declaration=False,
        karaten_melds=False,
    ),
    "majsoul": Rules(
        name="majsoul",
        source="Mahjong Soul ranked rules (riichi.wiki 'Majsoul'): as Tenhou, plus the four "
        "double-yakuman patterns",
        double_yakuman=DOUBLE_YAKUMAN_PATTERNS,
    ),
    "wrc": Rules(
        name="wrc",
        source="World Riichi Championship rules, 2022 edition: no red fives, kiriage "
        "mangan, no kazoe yakuman (13+ han is sanbaiman), yakuman stack, no double "
        "yakuman, double-wind pair 2 fu, renhou a 5-han (mangan) yaku",
        red_fives=False,
        kiriage=True,
        kazoe_yakuman=False,
        double_wind_pair_fu=2,
        renhou="5-han",
        multiple_ron="atamahane",
    ),
    "wrc2025": Rules(
        name="wrc2025",
        source="World Riichi Championship rules, 2025 edition: as the 2022 edition, but "
        "13+ han is a counted yakuman, suukantsu has pao, and renhou is a flat mangan that "
        "does not combine with other yaku",
        red_fives=False,
        kiriage=True,
        double_wind_pair_fu=2,
        renhou="mangan",
        pao=PAO_YAKUMAN,
        suukantsu_pao_daiminkan=True,
        multiple_ron="atamahane",
    ),
    "ema": Rules(
        name="ema",
        source="European Mahjong Association Riichi Competition Rules, 2016 edition: no red "
        "fives, no kiriage, no kazoe yakuman, yakuman do not stack, no double yakuman, "
        "renhou a mangan, double-wind pair 4 fu",
        red_fives=False,
        kazoe_yakuman=False,
        yakuman_stacking=False,
        renhou="mangan",
    ),
    "mleague": Rules(
        name="mleague",
        source="M.League official rules: red fives, kiriage mangan, no kazoe yakuman, "
        "yakuman stack but none counts double, double-wind pair 2 fu, pao also for "
        "suukantsu",
        kiriage=True,
        kazoe_yakuman=False,
        double_wind_pair_fu=2,
        pao=PAO_YAKUMAN,
        multiple_ron="atamahane",
    ),
    "tenhou-sanma": Rules(
        name="tenhou-sanma",
        source="Tenhou three-player ranked rules: as Tenhou four-player, without 2m-8m and "
        "chi, kita (North) set aside as nukidora, tsumo loss, honba 200 on a ron and 100 "
        "from each payer on a tsumo, noten payments 2000 in all",
        pao_whole_hand=True,
        honba_value=200,
        players=3,
        noten_payment=2000,
        noten_declaration=False,
        karaten_melds=False,
    ),
    "majsoul-sanma": Rules(
        name="majsoul-sanma",
        source="Mahjong Soul three-player rules (riichi.wiki 'Majsoul'): as Mahjong Soul "
        "four-player, without 2m-8m and chi, kita as nukidora, tsumo loss by default "
        "(north-bisection an option), honba 200 on a ron and 100 from each payer on a "
        "tsumo, noten payments 2000 in all",
        double_yakuman=DOUBLE_YAKUMAN_PATTERNS,
        honba_value=200,
        players=3,
        noten_payment=2000,
    ),
}


_DEFAULTS = Rules()


def rules_from(rules: str | Rules = "tenhou", **overrides: object) -> Rules:
    """A preset by name (or a Rules value), with some options replaced."""
    if isinstance(rules, Rules):
        base = rules
    else:
        try:
            base = PRESETS[rules]
        except KeyError:
            raise HandError(f"rules: unknown preset {shown_short(rules)} (presets: "
                            f"{', '.join(PRESETS)})", field="rules", kind=RULES) from None
    if not overrides:
        return base
    return replace(base, **_checked_overrides(overrides))


def _checked_overrides(overrides: dict[str, object]) -> dict[str, Any]:
    checked: dict[str, Any] = {}
    for key, value in overrides.items():
        if key not in FIELD_NAMES or key in ("name", "source"):
            raise HandError(f"rules: unknown option {shown_short(key)} (options: "
                            f"{', '.join(sorted(set(FIELD_NAMES) - {'name', 'source'}))})",
                            field="rules", kind=RULES)
        default = getattr(_DEFAULTS, key)
        if isinstance(default, frozenset):
            checked[key] = _checked_names(key, value)
        elif isinstance(default, bool):
            if not isinstance(value, bool):
                raise _bad_value(key, value, "true or false")
            checked[key] = value
        elif isinstance(default, int):
            if isinstance(value, bool) or not isinstance(value, int):
                raise _bad_value(key, value, "an integer")
            checked[key] = value
        else:
            checked[key] = value
    if "double_wind_pair_fu" in checked and checked["double_wind_pair_fu"] not in (2, 4):
        raise _bad_value("double_wind_pair_fu", checked["double_wind_pair_fu"], "2 or 4")
    for key, allowed in (("renhou", RENHOU_VALUES), ("pao_honba", PAO_HONBA_VALUES),
                         ("sanma_tsumo", SANMA_TSUMO_VALUES),
                         ("multiple_ron", MULTIPLE_RON_VALUES)):
        if key in checked and checked[key] not in allowed:
            raise _bad_value(key, checked[key], " or ".join(map(repr, allowed)))
    if "players" in checked and checked["players"] not in (3, 4):
        raise _bad_value("players", checked["players"], "3 or 4")
    for key in ("honba_value", "riichi_stick_value", "noten_payment"):
        if key in checked and checked[key] < 0:
            raise _bad_value(key, checked[key], "a non-negative integer")
    return checked


def _checked_names(key: str, value: object) -> frozenset[str]:
    allowed = DOUBLE_YAKUMAN_PATTERNS if key == "double_yakuman" else PAO_YAKUMAN
    if isinstance(value, str) or not isinstance(value, (list, tuple, set, frozenset)):
        raise _bad_value(key, value, f"a list drawn from {sorted(allowed)}")
    names = frozenset(value)
    unknown = [name for name in names if name not in allowed]
    if unknown:
        raise _bad_value(key, unknown, f"names drawn from {sorted(allowed)}")
    return names


def _bad_value(key: str, value: object, wanted: str) -> HandError:
    return HandError(f"rules: option {key!r} must be {wanted}, got {shown_short(value)}",
                     field="rules", kind=RULES)


def shown_short(value: object) -> str:
    """``repr(value)`` for a message, at most 80 characters: an int of thousands of digits
    has no decimal text (Python refuses it) and a long text would flood the message."""
    # int.bit_length, not a method of the value: an int subclass may override anything.
    if isinstance(value, int) and not isinstance(value, bool) and int.bit_length(value) > 64:
        return f"a number of about {int(int.bit_length(value) * 0.30103) + 1} digits"
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."
