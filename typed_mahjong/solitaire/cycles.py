"""Ordering cycles: pairings that would make a pair leave strictly after itself.

A tile lying on another must leave strictly before it, and the two tiles of a pair leave
together. If fixing a pairing closes a cycle of these facts (a tile on its own partner;
``5p`` on ``3s`` while the other ``3s`` lies on the other ``5p``; three copies of four in
one stack) the pairing can never be played and is struck out.
"""

from __future__ import annotations

from typing import Final

from .layout import bit_indices, two_bits
from .looser import LooserGame
from .tables import ALL_LEVELS, DeadEnd, Node, OutOfTime

BIG_GROUP: Final = 8  # undecided copies beyond which ``refilter`` watches the clock


# One chain of single inheritance (Tables, LooserGame, CycleRules, NogoodRules, Settling,
# Engine): mypyc compiles no multiple inheritance of native classes.
class CycleRules(LooserGame):
    def refilter(self, node: Node, group: int, pending: list[tuple[int, int]]) -> DeadEnd | None:
        """Strike out pairs of ``group`` that would close an ordering cycle. A group of
        four with one pairing left has it forced; a copy with no partner left is dead."""
        undecided = self.group_masks[group] & node.present & ~node.committed
        blame = node.pruned.get(group, 0)
        kept: list[int] = []
        if undecided.bit_count() == 4:
            low = undecided & -undecided
            for pair in node.options[group]:
                if not pair & low:
                    continue
                other = undecided & ~pair
                levels = self.cycle_blame(node, [pair, other], undecided)
                if levels is None:
                    kept += [pair, other]
                else:
                    blame |= levels
                    node.pair_blame[pair] = node.pair_blame[other] = levels
        else:
            # A big group (dozens of copies: hundreds of pairs) takes long enough to
            # overrun the caller's budget unless the clock is read as it goes.
            big = undecided.bit_count() > BIG_GROUP
            for pair in node.options[group]:
                if big and self.clock() > self.deadline:
                    raise OutOfTime
                levels = self.cycle_blame(node, [pair], undecided)
                if levels is None:
                    kept.append(pair)
                else:
                    blame |= levels
                    node.pair_blame[pair] = levels
        covered = 0
        for pair in kept:
            covered |= pair
        if covered != undecided:
            return DeadEnd("no-pairing", blame, undecided)
        if len(kept) == 2 and undecided.bit_count() == 4:
            del node.options[group]
            node.pruned.pop(group, None)
            for pair in kept:
                a, b = two_bits(pair)
                self.commit(node, a, b, blame)
                pending.append((a, b))
        else:
            node.options[group] = tuple(kept)
            node.pruned[group] = blame
        return None

    def cycle_blame(self, node: Node, pairs: list[int], trial: int) -> int | None:
        """If fixing ``pairs`` (2-bit masks) makes some pair leave strictly after itself,
        the blame of the committed pairs on that cycle; otherwise None. ``trial`` marks
        tiles whose pairing is only being tried (they add no levels)."""
        partner, committed = node.partner, node.committed
        saved = list(partner)
        for pair in pairs:
            a, b = two_bits(pair)
            partner[a], partner[b] = b, a
            node.committed |= pair
        try:
            for pair in pairs:
                if self.later(node, pair) & pair:
                    a, b = two_bits(pair)
                    return self.cycle_path_blame(node, a, b, trial | pair)
            return None
        finally:
            partner[:] = saved
            node.committed = committed

    def later(self, node: Node, start: int) -> int:
        """Tiles that must leave strictly after the tiles of ``start`` (which leave
        together): everything under them, their partners, and so on."""
        return self.ordered(node, start, self.below, self.bits)

    def earlier(self, node: Node, start: int) -> int:
        """Tiles that must leave strictly before the tiles of ``start``."""
        return self.ordered(node, start, self.above, self.bits)

    @staticmethod
    def ordered(node: Node, start: int, step_masks: list[int], bits: list[int]) -> int:
        """Tiles reached from ``start`` by steps along ``step_masks`` (under or over),
        a reached committed tile bringing its partner along. (Hot: bit loops inlined.)"""
        partner, present, committed = node.partner, node.present, node.committed
        reached = 0
        frontier = start
        while frontier:
            step = 0
            while frontier:
                low = frontier & -frontier
                frontier ^= low
                step |= step_masks[low.bit_length() - 1]
            step &= present & ~reached
            todo = step & committed
            while todo:
                low = todo & -todo
                todo ^= low
                step |= bits[partner[low.bit_length() - 1]]
            step &= ~reached
            reached |= step
            frontier = step
        return reached

    def cycle_path_blame(self, node: Node, a: int, b: int, trial: int) -> int:
        """Find one cycle from pair ``a``+``b`` back to itself; the blame of the committed
        pairs whose tiles it jumps between (trial pairs add nothing)."""
        below, partner, present, committed = self.below, node.partner, node.present, node.committed
        start = 1 << a | 1 << b
        own = 0 if trial & start else self.fixed(node, a)
        parent: dict[int, tuple[int, bool]] = {}
        queue = [a, b]
        for s in queue:
            for u in bit_indices(below[s] & present):
                if start >> u & 1:
                    return own | self.path_blame(node, parent, s, trial)
                if u in parent:
                    continue
                parent[u] = (s, False)
                queue.append(u)
                if committed >> u & 1:
                    p = partner[u]
                    if p not in parent and not start >> p & 1:
                        parent[p] = (u, True)
                        queue.append(p)
        # Not reached when ``later`` saw a cycle; blame everything.
        return self.everything(node, ALL_LEVELS)

    def path_blame(
        self, node: Node, parent: dict[int, tuple[int, bool]], end: int, trial: int
    ) -> int:
        levels = 0
        t = end
        while t in parent:
            previous, by_partner = parent[t]
            if by_partner and not trial >> t & 1:
                levels |= self.fixed(node, t)
            t = previous
        return levels

    def affected_groups(self, node: Node, pairs: list[tuple[int, int]]) -> list[int]:
        """Undecided groups whose pairings a new fixed pair could newly block: a new cycle
        through the new pair and a trial pair needs a copy below and a copy above it."""
        spans = []
        for a, b in pairs:
            if node.present >> a & 1:
                pair = 1 << a | 1 << b
                spans.append((self.later(node, pair), self.earlier(node, pair)))
        affected: list[int] = []
        if not spans:
            return affected
        group_masks = self.group_masks
        for group in node.options:
            mask = group_masks[group]
            for later, earlier in spans:
                if mask & later and mask & earlier:
                    affected.append(group)
                    break
        return affected
