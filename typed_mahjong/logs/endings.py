"""How a round without a win ends, by each format's own names, and who was tenpai.

Tenhou mjlog names the draw in ``<RYUUKYOKU type=...>`` (none for an exhaustive draw),
tenhou.net/6 in the result's first entry, mjai in ``ryukyoku``'s ``reason``. Each maps to
one ``Draw.ending``; a name not listed here is read but not settled (``ending`` "").
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.rules import Rules
from ..core.shanten import waits
from ..core.tiles import ORPHANS
from ..errors import HandError
from .model import EXHAUSTIVE, NAGASHI

MJLOG_TYPES = {
    "": EXHAUSTIVE, "nm": NAGASHI, "yao9": "nine terminals", "kaze4": "four winds",
    "reach4": "four riichi", "kan4": "four kans", "ron3": "triple ron",
}
TENHOU6_RESULTS = {
    "流局": EXHAUSTIVE, "全員聴牌": EXHAUSTIVE, "全員不聴": EXHAUSTIVE, "流し満貫": NAGASHI,
    "九種九牌": "nine terminals", "四風連打": "four winds", "四家立直": "four riichi",
    "四槓散了": "four kans", "三家和了": "triple ron",
}
MJAI_REASONS = {
    "fanpai": EXHAUSTIVE, "exhaustive": EXHAUSTIVE, "nagashimangan": NAGASHI,
    "kyushukyuhai": "nine terminals", "sufonrenda": "four winds",
    "suufonrenda": "four winds", "suchareach": "four riichi", "suuchariichi": "four riichi",
    "sukaikan": "four kans", "suukaikan": "four kans", "sanchaho": "triple ron",
    "sanchahou": "triple ron",
}
# Bit t set: tile kind t is a terminal or an honour (a nagashi mangan discard).
ORPHAN_KINDS = tuple(tile in ORPHANS for tile in range(34))


def tenpai_seats(hands: Sequence[str], rules: Rules | None) -> tuple[int, ...]:
    """The seats whose hand (13 - 3k concealed tiles and k melds) waits on a tile that can
    still be drawn (a wait on a tile the hand holds all four of is none)."""
    ready = []
    for seat, hand in enumerate(hands):
        try:
            if waits(hand, rules):
                ready.append(seat)
        except HandError:
            continue  # a hand the reader could not rebuild is not tenpai
    return tuple(ready)


def nagashi_of_ids(discards: Sequence[Sequence[int]], called_from: int) -> tuple[int, ...]:
    """Seats (one list of discarded 136-ids each) that discarded only terminals and
    honours and had no discard called (``called_from``: a mask of seats)."""
    broken = called_from
    for seat, ids in enumerate(discards):
        if not all(ORPHAN_KINDS[tile >> 2] for tile in ids):
            broken |= 1 << seat
    return nagashi_seats(broken, len(discards))


def nagashi_seats(broken: int, players: int) -> tuple[int, ...]:
    """Seats not in the ``broken`` mask (a middle tile discarded, or a discard called)."""
    return tuple(seat for seat in range(players) if not broken >> seat & 1)
