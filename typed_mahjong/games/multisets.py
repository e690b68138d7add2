"""Multisets the scorer enumerates: the tiles a group may take, and the ways wildcards of
several kinds can share the tiles they stand for.

Both produce each result once, and in time proportional to what they produce (a branch
is entered only if it can still complete): the scorer counts one unit of its work budget
per result, so that count must bound the time spent (issue 30: a hand of twelve alike
wildcards cost 12! steps for one result).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence


def submultisets(counts: list[int], size: int, items: Sequence[int]
                 ) -> Iterator[tuple[int, ...]]:
    """Non-decreasing tuples of ``size`` of ``items`` (ascending item types), each item
    at most ``counts[item]`` times, in ascending order.

    While a tuple is being yielded its items are taken out of ``counts`` (and put back
    after), so the caller can keep splitting the rest of the hand.
    """
    if size <= 1:  # the common case (pairs, and the rest of a triplet's first tile)
        if size == 0:
            yield ()
            return
        for item in items:
            if counts[item]:
                counts[item] -= 1
                yield (item,)
                counts[item] += 1
        return
    # available[k]: copies of items[k:] in counts (before this call takes any)
    available = [0] * (len(items) + 1)
    for k in range(len(items) - 1, -1, -1):
        available[k] = available[k + 1] + counts[items[k]]
    if available[0] >= size:
        yield from _pick(counts, items, available, 0, size)


def _pick(counts: list[int], items: Sequence[int], available: list[int], start: int,
          size: int) -> Iterator[tuple[int, ...]]:
    if size == 0:
        yield ()
        return
    for k in range(start, len(items)):
        item = items[k]
        # What is left of this item (earlier levels may have taken some) and all after it;
        # it only shrinks as k grows, so once too small, nothing further can complete.
        if counts[item] + available[k + 1] < size:
            return
        if counts[item]:
            counts[item] -= 1
            for tail in _pick(counts, items, available, k, size - 1):
                yield (item, *tail)
            counts[item] += 1


def splits(values: Sequence[int], sizes: Sequence[int]) -> Iterator[tuple[tuple[int, ...], ...]]:
    """Every distinct way to deal the multiset ``values`` (sorted) into parts of ``sizes``
    (summing to its length), each part sorted: the ways wildcards of ``len(sizes)`` kinds
    (``sizes[i]`` of kind ``i``) can stand for ``values``. Kinds differ, so two ways differ
    when some kind gets other values; wildcards of one kind are interchangeable.
    """
    distinct: list[int] = []
    have: list[int] = []
    for value in values:
        if distinct and distinct[-1] == value:
            have[-1] += 1
        else:
            distinct.append(value)
            have.append(1)
    yield from _deal(distinct, have, sizes, 0)


def _deal(distinct: list[int], have: list[int], sizes: Sequence[int], part: int
          ) -> Iterator[tuple[tuple[int, ...], ...]]:
    if part == len(sizes) - 1:  # the last kind takes what is left
        yield (tuple(value for value, n in zip(distinct, have, strict=True)
                     for _ in range(n)),)
        return
    for chosen in _choose(distinct, have, sizes[part], 0):
        for rest in _deal(distinct, have, sizes, part + 1):
            yield (chosen, *rest)


def _choose(distinct: list[int], have: list[int], size: int, start: int
            ) -> Iterator[tuple[int, ...]]:
    """Sub-multisets of ``size`` from ``have[start:]``, taken out of ``have`` while
    yielded (as ``_pick`` does)."""
    if size == 0:
        yield ()
        return
    left = sum(have[start:])
    for k in range(start, len(distinct)):
        if left < size:
            return
        left -= have[k]
        if have[k]:
            have[k] -= 1
            for tail in _choose(distinct, have, size - 1, k):
                yield (distinct[k], *tail)
            have[k] += 1
