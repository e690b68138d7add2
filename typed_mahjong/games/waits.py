"""Waits: the tiles that complete a hand (docs/games.md "Waits").

A hand is *complete* when it has a reading: for a structure some yaku or exclusion of the
game is written for, each group passing the game's `sets` rule. The *waits* of a hand are
the tiles t such that the hand without its last-named tile, plus t, is complete, t not
breaking its copies limit (the hand's own copies counted: other tiles on a table are
unknown here).

Trying each of the game's tiles would run the reading search once a tile (34 times for
Chinese Official mahjong). Instead one search runs on the waiting hand with a *hidden
wildcard* in the last tile's place: an item type after the game's wildcards, never part of
the game's file, that may stand for every ordinary tile the hand has a copy left of and
reads exactly as that tile would, real and last-named. The tiles it stands for across the
complete readings are the waits. A tile found once is never tried again (each wait costs
the search its first reading), and the search stops when every tile is a wait. The game's
own wildcards may be waits too: one search each, stopping at the first reading.

A hand with melds (melds.py) keeps them as fixed groups of every reading, as ``score``
does: only the tiles outside them are searched, and the meld tiles count against their
copies.

All of it counts against the work budget of the call that asked (``Game.waits``, or the
``score`` call whose yaku read `waits`).
"""

from __future__ import annotations

from collections.abc import Iterator

from . import engine as scoring
from .compiler import NAME
from .engine import Engine, _Search
from .errors import GameError
from .melds import HandMelds


class _Stop(Exception):
    """The search has found all it looks for."""


def waits_of(engine: Engine, hand: str) -> tuple[str, ...]:
    """The waits of a waiting hand (``hand_size - 1`` tiles, one more for each kong), in
    display order."""
    counts, written = engine.read_hand(hand, waiting=True)
    ranks, wild, _, _ = _find(engine, counts, written, 0, 0)
    return tuple(engine.kinds[rank] for rank in ranks) + tuple(
        engine.wildcards[w] for w in wild)


def count_waits(search: _Search) -> int:
    """The built-in `waits` of the hand ``search`` scores: how many tiles complete it
    without its last-named tile (the winning tile among them), its melds kept as they
    are. Its work is the search's."""
    counts, written = search.engine.read_hand(search.text)
    # The last-named tile (ordinary or wildcard) is the one item type with the last bit.
    last = next(item for item, count in enumerate(counts) if count and item & 1)
    counts[last] -= 1
    ranks, wild, search.work, search.entries = _find(search.engine, counts, written,
                                                      search.work, search.entries)
    return len(ranks) + len(wild)


def _find(engine: Engine, counts: list[int], written: HandMelds | None, work: int,
          entries: int) -> tuple[list[int], list[int], int, int]:
    """Display ranks of the ordinary waits and indices of the wildcard waits of a waiting
    hand (item counts without a last-named tile, and its melds), and the work and entries
    spent so far (each search adds its own: the melds it sets up, then its readings)."""
    kinds = len(engine.kinds)
    held = [counts[2 * rank] + counts[2 * rank + 1] for rank in range(kinds)]
    if written is not None:
        rank_of = {name: rank for rank, name in enumerate(engine.kinds)}
        for block in written.blocks:
            for record in block.records:
                held[rank_of[record[NAME]]] += 1
    allowed = [held[rank] < engine.copies[name] for rank, name in enumerate(engine.kinds)]
    waiting = _WaitSearch(engine, counts + [0, 1], allowed, written)
    waiting.work, waiting.entries = waiting.work + work, waiting.entries + entries
    waiting.find()
    ranks = sorted(waiting.found)
    search: _CompleteSearch = waiting  # the last search run: it holds the work so far
    wild = []
    wild_held = sum(counts[2 * kinds:])
    for index, name in enumerate(engine.wildcards):
        item = 2 * kinds + 2 * index
        if (wild_held >= engine.wildcards_per_hand
                or counts[item] + counts[item + 1] >= engine.copies[name]):
            continue
        trial = list(counts)
        trial[item + 1] += 1  # the wildcard as the last-named tile
        complete = _CompleteSearch(engine, trial, written=written)
        complete.work += search.work
        complete.entries += search.entries
        if complete.find():
            wild.append(index)
        search = complete
    return ranks, wild, search.work, search.entries


class _CompleteSearch(_Search):
    """Does the hand have a reading? (stops at the first)"""

    def find(self) -> bool:
        try:
            engine = self.engine
            shapes = engine.shapes if engine.waits_shapes is None else engine.waits_shapes
            for shape in shapes:
                blocks = self.start(shape)  # the melds, if the shape has room for them
                if blocks is not None:
                    self.place(blocks, None)
        except _Stop:
            return True
        return False

    def complete(self, blocks: list[int]) -> None:
        self.readings += 1
        self.spend(len(blocks))
        raise _Stop

    def groups_of(self, items: tuple[int, ...], size: int) -> Iterator[int]:
        """One valid group of these items at most: whether a hand is complete does not
        depend on which tiles its wildcards stand for (each group is checked on its own),
        so the other substitutions would only repeat the same readings."""
        for block in super().groups_of(items, size):
            yield block
            return

    def over_budget(self) -> GameError:
        error = super().over_budget()
        message = str(error).replace(": scoring this hand needs ",
                                     ": finding the waits of this hand needs ", 1)
        return GameError(message, filename=error.filename, kind=error.kind)

    def advice(self) -> str:
        return "most of it goes to the readings of the hand: " + _ADVICE


_ADVICE = ("make the `sets` rules stricter so that fewer groupings are valid, or allow "
           "fewer wildcards in a hand (rules.wildcards_per_hand)")


class _WaitSearch(_CompleteSearch):
    """The reading search over the waiting hand and the hidden wildcard (the last item
    type), collecting the display ranks the hidden wildcard stands for."""

    def __init__(self, engine: Engine, counts: list[int], allowed: list[bool],
                 written: HandMelds | None = None) -> None:
        super().__init__(engine, counts, written=written)
        self.hidden = len(counts) - 1
        self.allowed = allowed
        self.left = sum(allowed)  # tiles not yet found that may still be waits
        self.found: set[int] = set()
        self.stride = len(engine.wildcards) + 1  # record codes per (rank, last)

    def find(self) -> bool:
        if self.left:
            super().find()
        return bool(self.found)

    def complete(self, blocks: list[int]) -> None:
        self.readings += 1
        self.spend(len(blocks))
        for block in blocks:
            for code in self.block_codes[block]:
                if code & 1:  # the one last-named tile: the hidden wildcard, as read
                    rank = (code >> 1) // self.stride
                    if rank not in self.found:
                        self.found.add(rank)
                        self.left -= 1
                        if not self.left:
                            raise _Stop
                    return

    def groups_of(self, items: tuple[int, ...], size: int) -> Iterator[int]:
        if items[-1] != self.hidden:  # the hidden item sorts after every other
            return super().groups_of(items, size)
        return self.hidden_groups(items[:-1], size)

    def hidden_groups(self, others: tuple[int, ...], size: int) -> Iterator[int]:
        """The groups of ``others`` and the hidden wildcard standing for a tile: as that
        tile, real and last-named, so the game's `sets` rule reads it as it would."""
        engine = self.engine
        rule = engine.set_rules.get(size)
        ranks: Iterator[int] | range = range(len(engine.kinds))
        if (rule is not None and rule.completions is not None
                and engine.wildcards_per_hand >= 1
                and all(item < self.first_wild_item for item in others)):
            # The tabulated rule lists the tiles that complete these (a rank each).
            ranks = (wild[0] for wild in
                     rule.completions.get(tuple(item >> 1 for item in others), ()))
        found, allowed = self.found, self.allowed
        for rank in ranks:
            if rank in found or not allowed[rank]:
                continue
            self.work += size  # one tile the wildcard is tried as, as for any wildcard
            if self.work > scoring.WORK_BUDGET:
                raise self.over_budget()
            yield from super().groups_of(tuple(sorted((*others, 2 * rank + 1))), size)

    def advice(self) -> str:
        return "most of it goes to the readings the waiting hand may complete: " + _ADVICE
