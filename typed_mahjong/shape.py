"""A reading with the winning tile placed: the unit that yaku and fu are decided on.

The same reading can be scored differently depending on which group the winning tile
completed (``23456m`` won on 5m: ryanmen on 345 or the edge of 456?), and a ron-completed
triplet counts as open for fu and for the concealed-triplet yaku. ``win_shapes`` lists every
placement; the scorer keeps the one worth most.
"""

from __future__ import annotations

from dataclasses import dataclass

from .hand import Hand
from .readings import PAIR, RUN, TRIPLET, Reading

RYANMEN, KANCHAN, PENCHAN, SHANPON, TANKI = "ryanmen", "kanchan", "penchan", "shanpon", "tanki"
KOKUSHI_SINGLE, KOKUSHI_THIRTEEN = "kokushi single", "kokushi 13-sided"


@dataclass(frozen=True, slots=True)
class Group:
    kind: str  # RUN or TRIPLET (kans are triplets with kan=True)
    first: int
    called: bool = False  # part of a called meld (chi, pon, open kan)
    kan: bool = False
    concealed: bool = True  # not called and not completed by a ron (for fu and ankou)

    @property
    def tiles(self) -> tuple[int, ...]:
        if self.kind == RUN:
            return (self.first, self.first + 1, self.first + 2)
        return (self.first,) * (4 if self.kan else 3)


@dataclass(frozen=True, slots=True)
class WinShape:
    form: str  # "standard", "chiitoitsu" or "kokushi"
    pair: int  # the pair's tile; -1 for chiitoitsu
    pairs: tuple[int, ...]  # chiitoitsu's seven pairs, else ()
    groups: tuple[Group, ...]  # four groups for the standard form, else ()
    wait: str
    win: int
    closed: bool  # no called melds (closed kans allowed)
    tsumo: bool
    counts: tuple[int, ...]  # all 34 tile counts of the hand, called melds included

    @property
    def runs(self) -> list[int]:
        return [group.first for group in self.groups if group.kind == RUN]

    @property
    def triplets(self) -> list[Group]:
        return [group for group in self.groups if group.kind == TRIPLET]


def called_groups(hand: Hand) -> tuple[Group, ...]:
    return tuple(
        Group(RUN if meld.kind == "chi" else TRIPLET, meld.first, called=meld.is_open,
              kan=meld.is_kan, concealed=not meld.is_open)
        for meld in hand.melds
    )


def all_counts(hand: Hand) -> tuple[int, ...]:
    counts = hand.counts
    for meld in hand.melds:
        for tile in meld.tiles:
            counts[tile] += 1
    return tuple(counts)


def win_shapes(reading: Reading, hand: Hand, win: int, tsumo: bool,
               called: tuple[Group, ...], counts: tuple[int, ...]) -> list[WinShape]:
    closed = hand.is_closed
    if reading.form == "chiitoitsu":
        pairs = tuple(tile for _, tile in reading.groups)
        return [WinShape("chiitoitsu", -1, pairs, (), TANKI, win, closed, tsumo, counts)]
    if reading.form == "kokushi":
        pair = reading.groups[0][1]
        wait = KOKUSHI_THIRTEEN if pair == win else KOKUSHI_SINGLE
        return [WinShape("kokushi", pair, (), (), wait, win, closed, tsumo, counts)]
    pair = reading.groups[0][1]
    concealed = reading.groups[1:]
    shapes = []
    seen: set[tuple[str, int, str]] = set()
    if pair == win:
        shapes.append(_standard(pair, concealed, None, TANKI, win, called, closed, tsumo,
                                counts))
    for index, (kind, first) in enumerate(concealed):
        if kind == TRIPLET and first == win:
            wait = SHANPON
        elif kind == RUN and first <= win <= first + 2:
            wait = _run_wait(first, win)
        else:
            continue
        if (kind, first, wait) in seen:
            continue
        seen.add((kind, first, wait))
        shapes.append(_standard(pair, concealed, index, wait, win, called, closed, tsumo,
                                counts))
    return shapes


def _run_wait(first: int, win: int) -> str:
    if win == first + 1:
        return KANCHAN
    rank = first % 9
    if (rank == 0 and win == first + 2) or (rank == 6 and win == first):
        return PENCHAN
    return RYANMEN


def _standard(pair: int, concealed: tuple[tuple[str, int], ...], completed: int | None,
              wait: str, win: int, called: tuple[Group, ...], closed: bool, tsumo: bool,
              counts: tuple[int, ...]) -> WinShape:
    groups = [
        # A triplet finished by a ron counts as open (minkou), though the hand stays closed.
        Group(kind, first, concealed=not (index == completed and kind == TRIPLET and not tsumo))
        for index, (kind, first) in enumerate(concealed)
        if kind != PAIR
    ]
    return WinShape("standard", pair, (), tuple(groups) + called, wait, win, closed, tsumo,
                    counts)
