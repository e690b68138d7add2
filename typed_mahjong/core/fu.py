"""Fu (minipoints) of a win shape, with a breakdown whose parts add up to the total."""

from __future__ import annotations

from typing import Any, Final

from .rules import Rules
from .shape import KANCHAN, PENCHAN, TANKI, WinShape
from .situation import SEAT_NAMES
from .tiles import WHITE, is_terminal_or_honour, tile_name

FuParts = tuple[tuple[str, int], ...]
# A (what, fu) part as the tables below keep it: typed Any so that the compiled build
# (mypyc) passes the shared tuple along; typed tuple[str, int] it would be unboxed on each
# read and a new tuple built on each append.
_Part = Any

_WAIT_FU: Final[dict[str, _Part]] = {
    KANCHAN: ("kanchan wait", 2), PENCHAN: ("penchan wait", 2), TANKI: ("tanki wait", 2)}
_BASE: Final[_Part] = ("base", 20)
_CLOSED_RON: Final[_Part] = ("closed ron", 10)
_TSUMO: Final[_Part] = ("tsumo", 2)


def _triplet_part(tile: int, concealed: bool, kan: bool) -> tuple[str, int]:
    # 2 fu for an open triplet of simples; doubled for terminals/honours, for a concealed
    # triplet, and four times for a kan.
    value = 2 * (2 if is_terminal_or_honour(tile) else 1) * (2 if concealed else 1)
    value *= 4 if kan else 1
    what = ("closed " if concealed else "open ") + ("kan" if kan else "triplet")
    return (f"{what} {tile_name(tile)}", value)


# Every triplet's part, labelled once: _TRIPLET_PARTS[2 * concealed + kan][tile]; its fu
# alone in _TRIPLET_FU, the same way.
_TRIPLET_PARTS: Final[tuple[tuple[_Part, ...], ...]] = tuple(
    tuple(_triplet_part(tile, concealed, kan) for tile in range(34))
    for concealed in (False, True) for kan in (False, True))
_TRIPLET_FU: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(part[1] for part in kind) for kind in _TRIPLET_PARTS)


_CHIITOITSU: Final[FuParts] = (("chiitoitsu", 25),)
_PINFU_TSUMO: Final[FuParts] = (("pinfu tsumo", 20),)


def fu_parts(shape: WinShape, seat: int, round_: int, rinshan: bool, rules: Rules,
             pinfu: bool) -> FuParts:
    """The fu parts of a shape (what ``Score.fu_breakdown`` shows), adding up to
    ``fu_total``'s total, from the facts of the situation they read."""
    if shape.form == "chiitoitsu":
        return _CHIITOITSU
    if pinfu and shape.tsumo:
        return _PINFU_TSUMO
    parts: list[_Part] = []
    fu_total(shape, seat, round_, rinshan, rules, pinfu, parts)
    return tuple(parts)


def fu_total(shape: WinShape, seat: int, round_: int, rinshan: bool, rules: Rules,
             pinfu: bool, parts: list[_Part] | None = None) -> int:
    """The rounded fu of a shape (the situation's seat, round and rinshan given), its parts
    appended to ``parts`` when given: one walk for both, so they cannot disagree. The scorer
    ranks shapes by the total alone and makes the parts of the one it keeps only when they
    are read (``Score.fu_breakdown``)."""
    if shape.form == "chiitoitsu":
        if parts is not None:
            parts.append(_CHIITOITSU[0])
        return 25
    tsumo = shape.tsumo
    if pinfu and tsumo:
        if parts is not None:
            parts.append(_PINFU_TSUMO[0])
        return 20
    closed = shape.closed
    if parts is not None:
        parts.append(_BASE)
    total = 20
    if closed and not tsumo:
        if parts is not None:
            parts.append(_CLOSED_RON)
        total = 30
    if tsumo and not pinfu and (not rinshan or rules.rinshan_tsumo_fu):
        if parts is not None:
            parts.append(_TSUMO)
        total += 2
    if shape.form == "standard":
        wait = shape.wait
        # Compared, not looked up in _WAIT_FU first: compiled, a string compare is a
        # pointer compare for these interned constants, a dict lookup hashes.
        if wait == KANCHAN or wait == PENCHAN or wait == TANKI:
            if parts is not None:
                parts.append(_WAIT_FU[wait])
            total += 2
        pair = shape.pair
        if pair >= 27 and (pair >= WHITE or pair == seat or pair == round_):
            value = (rules.double_wind_pair_fu if pair == seat and pair == round_
                     and pair < WHITE else 2)
            if parts is not None:
                parts.append(_pair_part(pair, seat, round_, value))
            total += value
        if shape.triplet_count:
            ron_triplet = shape.ron_triplet
            for tile in shape.triplets:
                kind = 0 if tile == ron_triplet else 2
                if parts is not None:
                    parts.append(_TRIPLET_PARTS[kind][tile])
                total += _TRIPLET_FU[kind][tile]
            melds = shape.hand.meld_facts
            # Called triplets and kans, if any (most called melds are chi).
            for meld in melds.melds if melds.triplets else ():
                if meld.kind != "chi":
                    kind = 2 * (meld.kind == "ankan") + (len(meld.tiles) == 4)
                    tile = meld.tiles[0]
                    if parts is not None:
                        parts.append(_TRIPLET_PARTS[kind][tile])
                    total += _TRIPLET_FU[kind][tile]
    if not closed and total == 20:
        # An open hand with no fu at all (open pinfu shape) is scored 30 fu.
        if parts is not None:
            parts.append(("open hand minimum", 10))
        total = 30
    if total % 10:
        if parts is not None:
            parts.append(("rounded up", 10 - total % 10))
        total += 10 - total % 10
    return total


def _pair_part(pair: int, seat: int, round_: int, value: int) -> tuple[str, int]:
    if pair >= WHITE:
        return (f"pair of dragons {tile_name(pair)}", value)
    if pair == seat and pair == round_:
        return (f"pair of seat and round wind {SEAT_NAMES[pair]}", value)
    if pair == seat:
        return (f"pair of seat wind {SEAT_NAMES[pair]}", value)
    return (f"pair of round wind {SEAT_NAMES[pair]}", value)
