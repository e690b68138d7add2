"""A reading with the winning tile placed: the unit that yaku and fu are decided on.

The same reading can be scored differently depending on which group the winning tile
completed (``23456m`` won on 5m: ryanmen on 345 or the edge of 456?), and a ron-completed
triplet counts as open for fu and for the concealed-triplet yaku. ``win_shapes`` lists every
placement; the scorer keeps the one worth most.
"""

from __future__ import annotations

from itertools import compress
from typing import NamedTuple

from .hand import Hand
from .readings import RUN, TRIPLET, Reading
from .tiles import TERMINALS_AND_HONOURS

GREEN_TILES = frozenset({19, 20, 21, 23, 25, 32})  # 2s 3s 4s 6s 8s and the green dragon
RYANMEN, KANCHAN, PENCHAN, SHANPON, TANKI = "ryanmen", "kanchan", "penchan", "shanpon", "tanki"
KOKUSHI_SINGLE, KOKUSHI_THIRTEEN = "kokushi single", "kokushi 13-sided"


class Group(NamedTuple):
    kind: str  # RUN or TRIPLET (kans are triplets with kan=True)
    first: int
    called: bool = False  # part of a called meld (chi, pon, open kan)
    kan: bool = False
    concealed: bool = True  # not called and not completed by a ron (for fu and ankou)


class TileFacts(NamedTuple):
    """Facts about all the tiles of a hand, computed once and shared by its shapes."""

    counts: tuple[int, ...]  # all 34 tile counts, called melds included
    kinds: tuple[int, ...]  # the tiles present, in order
    suits: frozenset[int]  # 0, 1, 2 for the number suits present
    has_honour: bool
    all_simple: bool  # 2-8 of the suits only
    all_terminal_or_honour: bool
    all_green: bool  # 2s 3s 4s 6s 8s and the green dragon only

    @staticmethod
    def of(counts: tuple[int, ...]) -> TileFacts:
        kinds = tuple(compress(range(34), counts))
        suits = frozenset(suit for suit in range(3) if any(counts[9 * suit:9 * suit + 9]))
        outside = TERMINALS_AND_HONOURS
        return TileFacts(counts, kinds, suits, kinds[-1] >= 27, outside.isdisjoint(kinds),
                         outside.issuperset(kinds), GREEN_TILES.issuperset(kinds))


class WinShape(NamedTuple):
    form: str  # "standard", "chiitoitsu" or "kokushi"
    pair: int  # the pair's tile; -1 for chiitoitsu
    pairs: tuple[int, ...]  # chiitoitsu's seven pairs, else ()
    groups: tuple[Group, ...]  # four groups for the standard form, else ()
    wait: str
    win: int
    closed: bool  # no called melds (closed kans allowed)
    tsumo: bool
    tiles: TileFacts
    # Derived from groups once, because every yaku predicate asks for them.
    runs: tuple[int, ...] = ()  # first tile of each run
    triplets: tuple[Group, ...] = ()  # triplets and kans
    triplet_tiles: frozenset[int] = frozenset()
    concealed_triplets: int = 0
    kans: int = 0
    run_pairs: int = 0  # pairs of identical runs: 1 for iipeikou, 2 for ryanpeikou

    @property
    def counts(self) -> tuple[int, ...]:
        return self.tiles.counts


def called_groups(hand: Hand) -> tuple[Group, ...]:
    return tuple(
        Group(RUN if meld.kind == "chi" else TRIPLET, meld.first, called=meld.is_open,
              kan=meld.is_kan, concealed=not meld.is_open)
        for meld in hand.melds
    )


def all_counts(hand: Hand, concealed_counts: list[int]) -> TileFacts:
    """Facts over every tile of the hand: the concealed counts plus the called melds."""
    counts = list(concealed_counts)
    for meld in hand.melds:
        for tile in meld.tiles:
            counts[tile] += 1
    return TileFacts.of(tuple(counts))


def win_shapes(reading: Reading, hand: Hand, win: int, tsumo: bool,
               called: tuple[Group, ...], counts: TileFacts) -> list[WinShape]:
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
              counts: TileFacts) -> WinShape:
    groups = tuple(
        # A triplet finished by a ron counts as open (minkou), though the hand stays closed.
        Group(kind, first, concealed=not (index == completed and kind == TRIPLET and not tsumo))
        for index, (kind, first) in enumerate(concealed)
    ) + called
    triplets = tuple(group for group in groups if group.kind == TRIPLET)
    runs = sorted(group.first for group in groups if group.kind == RUN)
    # Identical runs pair up: [a, a, b, b] -> 2, [a, a, a, a] -> 2, [a, a, a] -> 1.
    run_pairs = 0
    index = 0
    while index < len(runs) - 1:
        if runs[index] == runs[index + 1]:
            run_pairs += 1
            index += 2
        else:
            index += 1
    return WinShape(
        "standard", pair, (), groups, wait, win, closed, tsumo, counts,
        runs=tuple(runs), run_pairs=run_pairs,
        triplets=triplets,
        triplet_tiles=frozenset(group.first for group in triplets),
        concealed_triplets=sum(group.concealed for group in triplets),
        kans=sum(group.kan for group in triplets),
    )
