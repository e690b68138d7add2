"""The looser game: a relaxation of Shanghai that greedy play decides exactly.

In the looser game a committed pair still leaves together, when both tiles are free, but
an undecided copy may leave alone once it is free and a copy it may still pair with is
free or already gone. Every real play is a play of the looser game, and the looser game
only gains moves as tiles leave, so playing it greedily to the end decides it: if even it
cannot clear the board, the real game cannot either. The tiles it leaves behind contain a
*closure*: tiles that hold each other down whatever is played, which is both the proof
shown to users and the source of the levels a dead end rests on.
"""

from __future__ import annotations

from .layout import iter_bits
from .tables import ALL_LEVELS, Fact, Node, Tables

CLOSURE_TRIES = 4  # self-blocking sets compared per dead end (more: sharper, slower)


class LooserGame(Tables):
    def allowed_partners(self, node: Node, t: int) -> int:
        """Copies an undecided tile may still pair with, given the struck-out pairs."""
        bit = 1 << t
        mask = 0
        for pair in node.options.get(self.group_of[t], ()):
            if pair & bit:
                mask |= pair
        return mask & ~bit

    def partners(self, allowed: tuple[int, ...]) -> dict[int, tuple[int, tuple[int, ...]]]:
        """For allowed pairs, each copy's allowed partners (cached by the pairs)."""
        table = self.partner_table.get(allowed)
        if table is None:
            masks: dict[int, int] = {}
            for pair in allowed:
                for bit in (pair & -pair, pair & (pair - 1)):
                    index = bit.bit_length() - 1
                    masks[index] = masks.get(index, 0) | pair & ~bit
            table = {t: (mask, tuple(iter_bits(mask))) for t, mask in masks.items()}
            self.partner_table[allowed] = table
        return table

    def relax(self, node: Node, schedule: list[int] | None = None) -> tuple[int, int]:
        """Play the looser game greedily; return the tiles it cannot clear and which of
        them are free.

        In the looser game a committed pair leaves when both tiles are free, and an
        undecided tile leaves alone once it is free and a copy it may still pair with is
        free or already gone. Every real play is a play of the looser game, and the looser
        game only gains moves as tiles leave, so greedy play decides it: tiles it cannot
        clear can never be cleared. ``schedule``, if given, receives the tiles removed in
        each round. (Hot loop: bit tricks are inlined on purpose.)
        """
        self.work += 1
        present, free, committed, partner = node.present, node.free, node.committed, node.partner
        above, left, right, dependents = self.above, self.left, self.right, self.dependents
        group_of, group_masks, options = self.group_of, self.group_masks, node.options
        allowed: dict[int, int] = {}
        gone = 0
        pending = free
        while pending:
            removable = 0
            todo = pending
            while todo:
                low = todo & -todo
                todo ^= low
                t = low.bit_length() - 1
                if committed & low:
                    p = partner[t]
                    if free >> p & 1:
                        removable |= low | 1 << p
                    continue
                mask = allowed.get(t)
                if mask is None:
                    entry = self.partners(options.get(group_of[t], ())).get(t)
                    mask = allowed[t] = 0 if entry is None else entry[0]
                if mask & (free | gone):
                    removable |= low
            if not removable:
                break
            gone |= removable
            present &= ~removable
            if schedule is not None:
                schedule.append(removable)
            touched = 0
            wake = 0
            todo = removable
            while todo:
                low = todo & -todo
                todo ^= low
                t = low.bit_length() - 1
                touched |= dependents[t]
                if not committed & low:
                    wake |= group_masks[group_of[t]]  # its copies may now pair with "gone"
            candidates = touched & present & ~free
            newly = 0
            while candidates:
                low = candidates & -candidates
                candidates ^= low
                t = low.bit_length() - 1
                if not above[t] & present and (not left[t] & present or not right[t] & present):
                    newly |= low
                    if committed & low:
                        wake |= 1 << partner[t]
                    else:
                        wake |= group_masks[group_of[t]]
            free = (free & ~removable) | newly
            pending = (wake | newly) & free & present
        return present, free & present

    def best_closure(self, node: Node, stuck: int, free: int) -> tuple[int, int]:
        """Among a few self-blocking tile sets inside ``stuck``, the one resting on the
        oldest decisions; returns (levels, tiles)."""
        best: tuple[int, int] | None = None
        covered = 0
        tries = CLOSURE_TRIES
        for t in iter_bits(free & stuck):
            if covered >> t & 1:
                continue
            levels, tiles = self.closure(node, t, stuck, free, None)
            covered |= tiles
            if best is None or (levels.bit_length(), levels.bit_count()) < (
                best[0].bit_length(),
                best[0].bit_count(),
            ):
                best = (levels, tiles)
            tries -= 1
            if not tries:
                break
        if best is None:
            return ALL_LEVELS, stuck  # no free tile to start from: blame everything
        return best

    def struck_levels(self, node: Node, t: int, allowed: int, stuck: int, free: int) -> int:
        """Levels behind the struck-out pairs that would have let free, undecided ``t``
        leave: those with a copy that is free, or that the looser game removed."""
        group = self.group_of[t]
        copies = self.group_masks[group] & node.present & ~node.committed & ~allowed
        copies &= ~(1 << t) & (free | ~stuck)
        fallback = node.pruned.get(group, 0)
        levels = 0
        while copies:
            low = copies & -copies
            copies ^= low
            levels |= node.pair_blame.get(low | 1 << t, fallback)
        return levels

    def closure(
        self, node: Node, start: int, stuck: int, free: int, facts: list[Fact] | None
    ) -> tuple[int, int]:
        """Tiles that, from ``start``, keep each other on the board whatever is played:
        each is covered or flanked by one of them, or is free but can only pair with one
        of them. Returns the levels of the pairings used, and the tiles."""
        levels = 0
        tiles = 0
        todo = [start]
        while todo:
            t = todo.pop()
            if tiles >> t & 1:
                continue
            tiles |= 1 << t
            if free >> t & 1:
                if node.committed >> t & 1:
                    p = node.partner[t]
                    levels |= node.reason[t]
                    todo.append(p)
                    if facts is not None:
                        facts.append(Fact("partner", t, (p,), bool(node.reason[t])))
                else:
                    copies = self.allowed_partners(node, t)
                    levels |= self.struck_levels(node, t, copies, stuck, free)
                    todo.extend(iter_bits(copies))
                    if facts is not None:
                        facts.append(Fact("copies", t, tuple(iter_bits(copies))))
                continue
            over = self.above[t] & stuck
            if over:
                u = (over & -over).bit_length() - 1
                todo.append(u)
                if facts is not None:
                    facts.append(Fact("covered", t, (u,)))
            else:
                lside, rside = self.left[t] & stuck, self.right[t] & stuck
                lt = (lside & -lside).bit_length() - 1
                rt = (rside & -rside).bit_length() - 1
                todo.extend((lt, rt))
                if facts is not None:
                    facts.append(Fact("flanked", t, (lt, rt)))
        return levels, tiles
