"""Yaku counted once for each set of groups they are played by (issue 39, F5).

``each: true`` on a yaku whose constraint names groups (``when: pung(a, b, c) and ...``
names g1) makes it count once for every way the reading's groups can play those groups,
no group used twice: a yaku over one group counts each group that satisfies it (Chinese
Official's Pung of Terminals or Honors, three pungs: three times); a yaku over two groups
counts the most pairs it can form from different groups (Pure Double Chow with four equal
chows: twice). Its value is multiplied by that count.

The engine lists every assignment of groups that satisfies the yaku; ``most_disjoint``
finds how many of them can be taken at once without sharing a group.

``account_once: true`` (F6, Chinese Official's account-once principle) on yaku over two
groups each puts them in one family, counted together: a pair of groups counts for one
yaku of the family at most, a group pairs with another only once for the same yaku, and the
pairs counted never close a loop (a set not yet combined may be combined only once with
the sets already combined): with four chows at most three pairs count.
``account_once`` picks the pairs worth the most under those rules.
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


def account_once(families: Sequence[tuple[int, int, Sequence[Sequence[int]]]],
                 spend: Callable[[int], None]) -> dict[int, int]:
    """How many times each yaku of an account-once family counts: ``families`` holds, for
    each yaku, an id, the value of one count and its assignments (pairs of positions).
    The pairs chosen are worth the most in all: no pair of groups twice, no group twice
    for one yaku, no loop among the pairs (checked with a union-find of a few groups)."""
    # By value, then the family's own order (the file's), then the groups: a tie goes the
    # same way on every run.
    edges = sorted({(value, place, tuple(sorted(pair)))
                    for place, (_, value, pairs) in enumerate(families) for pair in pairs
                    if len(set(pair)) == 2 and value > 0},
                   key=lambda edge: (-edge[0], edge[1], edge[2]))
    # A forest over n groups has at most n - 1 pairs.
    most = len({position for _, _, pair in edges for position in pair}) - 1
    best: tuple[int, list[tuple[int, int, tuple[int, ...]]]] = (0, [])

    def root(parent: dict[int, int], node: int) -> int:
        while parent.get(node, node) != node:
            node = parent[node]
        return node

    def search(index: int, chosen: list[tuple[int, int, tuple[int, ...]]], total: int,
               parent: dict[int, int]) -> None:
        nonlocal best
        spend(1)
        if total > best[0]:
            best = (total, list(chosen))
        # What the rest could add at most (the best pairs still open, as many as the
        # forest has room for): no better total can come of this branch.
        room = most - len(chosen)
        if index == len(edges) or room <= 0 or \
                total + sum(edge[0] for edge in edges[index:index + room]) <= best[0]:
            return
        value, ident, pair = edges[index]
        first, second = root(parent, pair[0]), root(parent, pair[1])
        fits = first != second and all(
            pair != other and not (ident == owner and set(pair) & set(other))
            for _, owner, other in chosen)
        if fits:
            chosen.append(edges[index])
            search(index + 1, chosen, total + value, {**parent, first: second})
            chosen.pop()
        search(index + 1, chosen, total, parent)

    search(0, [], 0, {})
    counts: dict[int, int] = {ident: 0 for ident, _, _ in families}
    for _, place, _ in best[1]:
        counts[families[place][0]] += 1
    return counts
