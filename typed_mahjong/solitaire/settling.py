"""Fixing pairings and settling: safe removals, struck-out pairings, dead-end checks.

*Safe removals*: a group whose remaining copies are all free leaves at once, and so does
a committed pair whose two tiles are free. Neither can spoil a solution: any solution
still works with those tiles gone earlier, since removals never make a tile less free.
"""

from __future__ import annotations

from .layout import bit_indices, two_bits
from .nogoods import NogoodRules
from .tables import NO_PARTNER, Baseline, DeadEnd, Node, OutOfTime


class Settling(NogoodRules):
    def root(self, present: int) -> tuple[Node, DeadEnd | None]:
        """The starting node after safe play and pruning, or the proof that it is dead."""
        size = self.size
        node = Node(present, 0, 0, 0, 0, [NO_PARTNER] * size, [0] * size, {}, {})
        node.free = self.free_mask(present)
        pending: list[tuple[int, int]] = []
        for group, mask in enumerate(self.group_masks):
            members = bit_indices(mask & present)
            if len(members) == 2:
                self.commit(node, members[0], members[1], 0)
                pending.append((members[0], members[1]))
            elif members:
                node.options[group] = tuple(
                    1 << a | 1 << b for n, a in enumerate(members) for b in members[n + 1 :]
                )
        if any(self.cycle_blame(node, [1 << a | 1 << b], 0) is not None for a, b in pending):
            # Dealt pairs already wait for themselves: the looser game shows it plainly
            # (and gives the tiles for the explanation).
            dead = self.locked(node)
            if dead is not None:
                return node, dead
        for group in list(node.options):
            # Big layouts make this setup slow enough to matter: it counts against the
            # caller's budget like the search does.
            if self.clock() > self.deadline:
                raise OutOfTime
            if group in node.options:
                dead = self.refilter(node, group, pending)
                if dead is not None:
                    return node, dead
        return node, self.settle(node, pending)

    def locked(self, node: Node, base: Baseline | None = None) -> DeadEnd | None:
        """Run the looser game; record its schedule length as the node's ``cost``, or
        return the proof that the node is dead. ``base``: the node's game before its
        latest pairings were fixed or struck out, to work the new one out from when no
        tile left meanwhile (``replay``; same result, less work)."""
        if base is not None and base.present == node.present and self.replay(node, base):
            self.work += 1  # the unit the portfolio shares out, as if ``relax`` had run
            return None
        schedule: list[int] = []
        free_round = [0] * self.size
        exit_round = [0] * self.size
        stuck, free = self.relax(node, schedule, free_round, exit_round)
        if not stuck:
            node.cost = sum(n * tiles.bit_count() for n, tiles in enumerate(schedule, start=1))
            node.schedule = schedule
            node.exit_round = exit_round
            node.free_round = free_round
            return None
        conflict, tiles = self.best_closure(node, stuck, free)
        return DeadEnd("locked", conflict, tiles)

    def recheck(self, node: Node) -> DeadEnd | None:
        """Apply the nogoods learnt since ``node`` was settled; settle it again if they
        struck anything out."""
        base = self.baseline(node)
        strikes = self.strikes
        pending: list[tuple[int, int]] = []
        dead = self.check_nogoods(node, pending)
        if dead is not None or (self.strikes == strikes and not pending):
            return dead
        return self.settle(node, pending, base)

    def apply_option(self, node: Node, group: int, pair: int, level: int) -> DeadEnd | None:
        """Fix ``pair`` in ``group`` at decision ``level``, then settle."""
        a, b = two_bits(pair)
        pending: list[tuple[int, int]] = []
        base = self.baseline(node)
        dead = self.commit_pair(node, group, a, b, level, pending)
        if dead is not None:
            return dead
        return self.settle(node, pending, base)

    def commit_pair(
        self, node: Node, group: int, a: int, b: int, reason: int, pending: list[tuple[int, int]]
    ) -> DeadEnd | None:
        """Fix ``a``+``b`` in an undecided group, and whatever that leaves no choice about:
        in a group of four the other two pair up; two copies left always pair up."""
        undecided = self.group_masks[group] & node.present & ~node.committed
        self.commit(node, a, b, reason)
        reason = self.fixed(node, a)  # from here on: its levels and the pair itself
        pending.append((a, b))
        rest = undecided & ~(1 << a | 1 << b)
        allowed = tuple(pair for pair in node.options.pop(group) if not pair & ~rest)
        blame = node.pruned.pop(group, 0)
        if not rest:
            return None
        if rest.bit_count() == 2:
            if rest not in allowed:
                return DeadEnd("no-pairing", blame | reason, rest)
            c, d = two_bits(rest)
            # The last two pair up because every other copy is paired: in a group of
            # more than four that rests on the earlier pairings too (kept in ``blame``).
            paired_off = self.group_masks[group] & ~undecided
            self.commit(node, c, d, reason | (blame if paired_off else 0))
            pending.append((c, d))
            return None
        if rest.bit_count() == 4:
            # In a group of four a pair is only playable together with its complement.
            allowed = tuple(pair for pair in allowed if rest & ~pair in allowed)
        node.options[group] = allowed
        node.pruned[group] = blame | reason
        return self.refilter(node, group, pending)

    def settle(
        self, node: Node, new_pairs: list[tuple[int, int]], base: Baseline | None = None
    ) -> DeadEnd | None:
        """Play safe removals and strike out pairings until nothing changes; then prove
        the node dead if the looser game (``relax``) cannot clear it."""
        pending = list(new_pairs)
        while True:
            while self.sweep(node):
                pass
            if not pending:
                dead = self.check_nogoods(node, pending)
                if dead is not None:
                    return dead
                if not pending:
                    break
            affected = self.affected_groups(node, pending)
            pending = []
            for group in affected:
                if group in node.options:
                    dead = self.refilter(node, group, pending)
                    if dead is not None:
                        return dead
        if not node.present:
            return None
        return self.locked(node, base)

    def sweep(self, node: Node) -> bool:
        """Remove every group whose copies are all free and every free committed pair."""
        present, free, partner = node.present, node.free, node.partner
        # The masks read tile by tile (see ``tile_flags``): testing each group's mask
        # would allocate three ints per group in the compiled build.
        here = self.flags(present)
        loose = self.flags(free & present)
        tied = self.flags(node.committed)
        gone = 0
        for group, members in enumerate(self.pairs.members):
            found = False
            held = False  # a copy on the board but not free
            for t in members:
                if here[t]:
                    found = True
                    if not loose[t]:
                        held = True
                        break
            if not found:
                continue
            if not held:
                mask = self.group_masks[group] & present
                self.take_group(node, group, mask)
                gone |= mask
                continue
            # Free committed pairs, lower copy first (so each pair is taken once).
            for a in members:
                if loose[a] and tied[a]:
                    b = partner[a]
                    if a < b and loose[b]:
                        node.moves.append((a, b))
                        node.code &= ~self.pairs.bit(a, b)
                        gone |= 1 << a | 1 << b
        if not gone:
            return False
        present &= ~gone
        node.present = present
        node.committed &= ~gone
        node.free = self.refresh_free(free & ~gone, present, gone)
        return True

    def take_group(self, node: Node, group: int, here: int) -> None:
        partner = node.partner
        loose: list[int] = []
        for t in bit_indices(here):
            p = partner[t]
            if p == NO_PARTNER:
                loose.append(t)
            elif t < p:
                node.moves.append((t, p))
                node.code &= ~self.pairs.bit(t, p)
        node.moves.extend(zip(loose[0::2], loose[1::2], strict=True))
        node.options.pop(group, None)
        node.pruned.pop(group, None)
