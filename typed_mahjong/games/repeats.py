"""Yaku counted once for each set of groups they are played by (issue 39, F5).

``each: true`` on a yaku whose constraint names groups (``when: pung(a, b, c) and ...``
names g1) makes it count once for every way the reading's groups can play those groups,
no group used twice: a yaku over one group counts each group that satisfies it (Chinese
Official's Pung of Terminals or Honors, three pungs: three times); a yaku over two groups
counts the most pairs it can form from different groups (Pure Double Chow with four equal
chows: twice). Its value is multiplied by that count.

The engine lists every assignment of groups that satisfies the yaku; ``most_disjoint``
finds how many of them can be taken at once without sharing a group.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence


def most_disjoint(assignments: Sequence[Sequence[int]],
                  spend: Callable[[int], None]) -> int:
    """The most assignments (each a tuple of group positions) that share no position.

    ``spend`` is charged a unit a step, so the search stays inside the caller's work
    budget whatever the number of assignments (a reading has a handful of groups).
    """
    masks = sorted({sum(1 << position for position in assignment)
                    for assignment in assignments})
    memo: dict[tuple[int, int], int] = {}

    def best(index: int, used: int) -> int:
        if index == len(masks):
            return 0
        key = (index, used)
        known = memo.get(key)
        if known is None:
            spend(1)
            known = best(index + 1, used)
            if not masks[index] & used:
                known = max(known, 1 + best(index + 1, used | masks[index]))
            memo[key] = known
        return known

    return best(0, 0)
