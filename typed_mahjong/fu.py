"""Fu (minipoints) of a win shape, with a breakdown whose parts add up to the total."""

from __future__ import annotations

from .rules import Rules
from .shape import KANCHAN, PENCHAN, TANKI, WinShape
from .situation import SEAT_NAMES, Situation
from .tiles import DRAGONS, is_terminal_or_honour, tile_name

FuParts = tuple[tuple[str, int], ...]


def count_fu(shape: WinShape, situation: Situation, rules: Rules, pinfu: bool) -> FuParts:
    """The fu parts of a shape; ``sum`` of the values is the rounded total."""
    if shape.form == "chiitoitsu":
        return (("chiitoitsu", 25),)
    if pinfu and shape.tsumo:
        return (("pinfu tsumo", 20),)
    parts: list[tuple[str, int]] = [("base", 20)]
    if shape.closed and not shape.tsumo:
        parts.append(("closed ron", 10))
    if shape.tsumo and not pinfu and (rules.rinshan_tsumo_fu or not situation.rinshan):
        parts.append(("tsumo", 2))
    if shape.form == "standard":
        if shape.wait in (KANCHAN, PENCHAN, TANKI):
            parts.append((f"{shape.wait} wait", 2))
        parts.extend(_pair_fu(shape.pair, situation, rules))
        for group in shape.triplets:
            parts.append(_triplet_fu(group.first, group.concealed, group.kan))
    total = sum(value for _, value in parts)
    if not shape.closed and total == 20:
        # An open hand with no fu at all (open pinfu shape) is scored 30 fu.
        parts.append(("open hand minimum", 10))
        total = 30
    if total % 10:
        parts.append(("rounded up", 10 - total % 10))
    return tuple(parts)


def _pair_fu(pair: int, situation: Situation, rules: Rules) -> list[tuple[str, int]]:
    if pair in DRAGONS:
        return [(f"pair of dragons {tile_name(pair)}", 2)]
    seat, round_ = pair == situation.seat, pair == situation.round
    if seat and round_:
        return [(f"pair of seat and round wind {SEAT_NAMES[pair]}", rules.double_wind_pair_fu)]
    if seat:
        return [(f"pair of seat wind {SEAT_NAMES[pair]}", 2)]
    if round_:
        return [(f"pair of round wind {SEAT_NAMES[pair]}", 2)]
    return []


def _triplet_fu(tile: int, concealed: bool, kan: bool) -> tuple[str, int]:
    # 2 fu for an open triplet of simples; doubled for terminals/honours, for a concealed
    # triplet, and four times for a kan.
    value = 2 * (2 if is_terminal_or_honour(tile) else 1) * (2 if concealed else 1)
    value *= 4 if kan else 1
    what = ("closed " if concealed else "open ") + ("kan" if kan else "triplet")
    return (f"{what} {tile_name(tile)}", value)
