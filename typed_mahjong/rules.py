"""Rule options: one frozen ``Rules`` value and the named presets.

Every option that changes a score lives here, so "which rules gave this number" is one value.
``rules_from(name, **overrides)`` builds a preset with some flags changed; unknown presets,
unknown flags and values of the wrong type raise HandError(kind="rules").
Each preset names its source; docs/rules.md lists the differences in a table.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from .errors import RULES, HandError

# Yakuman that some rules count twice (the "double yakuman" patterns).
DOUBLE_YAKUMAN_PATTERNS = frozenset(
    {"kokushi musou 13-wait", "suuankou tanki", "junsei chuuren poutou", "daisuushii"}
)
# Yakuman for which the player who fed the completing meld can be made liable (pao).
PAO_YAKUMAN = frozenset({"daisangen", "daisuushii", "suukantsu"})
RENHOU_VALUES = ("none", "mangan", "baiman", "yakuman")


@dataclass(frozen=True, slots=True)
class Rules:
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
    renhou: str = "none"
    open_riichi: bool = False
    daisharin: bool = False
    paarenchan: bool = False
    # Yakuman with liability payments.
    pao: frozenset[str] = frozenset({"daisangen", "daisuushii"})
    honba_value: int = 300
    riichi_stick_value: int = 1000

    def __class_getitem__(cls, name: str) -> Rules:
        # ``Rules["majsoul"]`` is also an annotation marker (see typed_mahjong.annotations):
        # at run time it evaluates to the preset itself.
        return rules_from(name)

    def fingerprint(self) -> str:
        """A stable text of every option, for caches that must change when the rules do."""
        values = []
        for option in dataclasses.fields(self):
            if option.name == "source":
                continue
            value = getattr(self, option.name)
            if isinstance(value, frozenset):
                value = sorted(value)
            values.append(f"{option.name}={value!r}")
        return ";".join(values)


# Sources and the evidence for each value: docs/rules.md.
PRESETS: dict[str, Rules] = {
    "tenhou": Rules(
        name="tenhou",
        source="Tenhou four-player ranked rules (tenhou.net/man): kuitan and red fives, no "
        "kiriage, kazoe yakuman, yakuman stack but none counts double, double-wind pair "
        "4 fu, pao for daisangen and daisuushii",
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
        renhou="mangan",
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
    ),
}


def rules_from(rules: str | Rules = "tenhou", **overrides: object) -> Rules:
    """A preset by name (or a Rules value), with some options replaced."""
    if isinstance(rules, Rules):
        base = rules
    else:
        try:
            base = PRESETS[rules]
        except KeyError:
            raise HandError(f"rules: unknown preset {rules!r} (presets: "
                            f"{', '.join(PRESETS)})", field="rules", kind=RULES) from None
    if not overrides:
        return base
    return dataclasses.replace(base, **_checked_overrides(overrides))


def _checked_overrides(overrides: dict[str, object]) -> dict[str, Any]:
    options = {option.name: option for option in dataclasses.fields(Rules)}
    checked: dict[str, Any] = {}
    for key, value in overrides.items():
        option = options.get(key)
        if option is None or key in ("name", "source"):
            raise HandError(f"rules: unknown option {key!r} (options: "
                            f"{', '.join(sorted(set(options) - {'name', 'source'}))})",
                            field="rules", kind=RULES)
        default = getattr(Rules(), key)
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
    if "renhou" in checked and checked["renhou"] not in RENHOU_VALUES:
        raise _bad_value("renhou", checked["renhou"], " or ".join(map(repr, RENHOU_VALUES)))
    for key in ("honba_value", "riichi_stick_value"):
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
    return HandError(f"rules: option {key!r} must be {wanted}, got {value!r}", field="rules",
                     kind=RULES)
