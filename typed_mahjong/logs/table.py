"""The tiles on the table of one round, for the readers that replay hands (mjai, tenhou.net/6).

A round has four copies of each tile: every tile dealt, drawn or shown as an indicator is
counted, and a fifth is an impossible event, as is a hand past 14 tiles. The counts keep a
hand's list short, so taking a tile from it costs a few steps whatever the file.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.tiles import format_tiles, tile_name
from .model import TableAtDraw
from .tracker import RoundTracker

Tile = tuple[int, bool]  # (tile index 0..33, red five)
HAND_LIMIT = 14
_HONOURS = ("East", "South", "West", "North", "White", "Green", "Red")


def tile_words(tile: int) -> str:
    """``1z (East)`` for an honour, ``5p`` for a number tile."""
    return f"{tile_name(tile)} ({_HONOURS[tile - 27]})" if tile >= 27 else tile_name(tile)


class TileCount:
    """How many of each tile came into play in the round (at most four)."""

    def __init__(self) -> None:
        self.counts = [0] * 34

    def add(self, tile: Tile) -> None:
        count = self.counts[tile[0]] + 1
        if count > 4:
            raise ValueError(f"a fifth {tile_words(tile[0])}: four copies of each tile exist")
        self.counts[tile[0]] = count


class Hand:
    """One player's concealed tiles and melds, as the events leave them."""

    def __init__(self, seat: int, tiles: list[Tile]) -> None:
        self.seat = seat
        self.concealed = list(tiles)
        self.melds: list[tuple[str, list[Tile]]] = []
        self.discards: list[int] = []  # the tile kinds discarded, in order

    def add(self, tile: Tile) -> None:
        sets = sum(kind != "nuki" for kind, _ in self.melds)
        if len(self.concealed) + 3 * sets >= HAND_LIMIT:
            raise ValueError(f"seat {self.seat} draws a tile holding {HAND_LIMIT} already "
                             f"(more than {HAND_LIMIT} tiles)")
        self.concealed.append(tile)

    def take(self, tile: Tile, what: str) -> None:
        try:
            self.concealed.remove(tile)
        except ValueError:
            raise ValueError(f"{what}: the player does not hold {tile_name(*tile)}"
                             ) from None

    def text(self) -> str:
        """The hand in our notation: concealed tiles, then the melds (a North set aside is
        not a meld of the hand)."""
        return " ".join([format_tiles(self.concealed),
                         *(f"{kind}:{format_tiles(tiles)}" for kind, tiles in self.melds
                           if kind != "nuki")])


def replayed_table(tracker: RoundTracker, hands: Sequence[Hand],
                   last_discard: tuple[int, Tile] | None) -> TableAtDraw:
    """The table at a draw from the replayed hands; ``last_discard`` is the (seat, tile)
    nobody called, if the last move was a discard."""
    return TableAtDraw(tracker.wall_left(), tuple(hand.text() for hand in hands),
                       tuple(tuple(sorted(hand.discards)) for hand in hands),
                       tracker.calls, tracker.kans(),
                       None if last_discard is None else (last_discard[0], last_discard[1][0]))
