"""Learnt nogoods: sets of pairings that cannot all be played in one solution.

Every dead-end proof's blame names the pairs it assumes played, chosen or forced (see
``tables``); they form a *nogood*: every play from the root that pairs them all is dead,
in whatever branch, by whatever route. The memo of dead positions only recognises the
same position again; a nogood also cuts positions that differ in everything it does not
name. A node holding every pair of a nogood is dead; a node holding all but one has that
one struck out (unit propagation), blamed on the held pairs.
"""

from __future__ import annotations

from typing import Final

from .cycles import CycleRules
from .layout import bit_indices
from .tables import PAIRS_SHIFT, DeadEnd, Node, Nogood, tile_flags

MAX_NOGOOD_PAIRS: Final = 32  # longer nogoods rarely fire again; not worth indexing
# ``int.bit_count`` called as a function: mypyc has no native ``bit_count``, and compiles
# ``missing.bit_count()`` to a generic method call that looks the name up every time;
# this calls the descriptor.
bit_count: Final = int.bit_count
# How ``check_nogoods`` skips the nogoods two or more pairs short of a node. Compiled
# (mypyc), it reads the node's pairs as one byte each (``tile_flags``) and counts a
# nogood's missing pairs, highest numbers first, only until there are two: a few native
# reads a nogood, while ``bit_count(nogood & unheld)`` on ints of one bit per pair
# allocates for every candidate. Interpreted, that one C-level ``&`` and ``bit_count``
# beat a loop over the pairs. Both skip exactly the same nogoods; ``SCAN_PAIRS`` picks
# the reader by build.
SCAN_PAIRS: Final = not __file__.endswith(".py")


class NogoodRules(CycleRules):
    def forget_nogoods(self) -> None:
        """Nogoods hold for plays from one root; a new root starts afresh."""
        self.nogoods.clear()
        self.learnt.clear()
        self.strikes = 0
        self.watch.clear()

    def learn(self, pairs: int) -> None:
        """Remember that no solution pairs all of ``pairs`` (a mask of pair bits)."""
        if not pairs or pairs in self.nogoods or pairs.bit_count() > MAX_NOGOOD_PAIRS:
            return
        if len(self.learnt) >= self.max_learnt:
            return  # memory cap (see ``Tables``): a nogood not kept is only a lost shortcut
        numbers = bit_indices(pairs)  # lowest first
        nogood = Nogood(pairs, tuple(reversed(numbers)))  # highest first: see ``Nogood``
        self.nogoods.add(pairs)
        self.learnt.append(nogood)
        for number in numbers:
            self.watch.setdefault(1 << number, []).append(nogood)

    def check_nogoods(self, node: Node, pending: list[tuple[int, int]]) -> DeadEnd | None:
        """Apply the nogoods that involve a pair fixed since the last check, and those
        learnt since: a dead end when one is fully held, else strike out the last pair
        of those held but for one. Pairs this forces are added to ``pending``."""
        fresh = node.held & ~node.checked
        node.checked = node.held
        since, node.seen = node.seen, len(self.learnt)
        if not fresh and since == node.seen:
            return None
        candidates = self.learnt[since:]
        while fresh:
            low = fresh & -fresh
            fresh ^= low
            candidates += self.watch.get(low, ())
        # A nogood may come up twice; checking it again is harmless (and cheaper than
        # telling the repeats apart). Nearly all are two or more pairs short: skip them
        # fast. ``unheld`` is kept positive (the pairs not held, rather
        # than ``~node.held``): ``&`` with a negative int first makes a two's-complement
        # copy of it.
        count, every = self.pairs.count, self.pairs.every
        held_pairs = node.held
        unheld = every ^ held_pairs
        held = tile_flags(held_pairs, count) if SCAN_PAIRS else b""
        for nogood in candidates:
            if SCAN_PAIRS:
                short = 0
                for number in nogood.numbers:
                    if not held[number]:
                        short += 1
                        if short > 1:
                            break
                if short > 1:
                    continue
            elif bit_count(nogood.pairs & unheld) > 1:
                continue
            pairs = nogood.pairs
            missing = pairs & unheld
            if not missing:
                levels = self.held_levels(node, nogood.numbers, -1)
                return DeadEnd("nogood", levels | pairs << PAIRS_SHIFT, 0)
            rest = pairs ^ missing
            levels = self.held_levels(node, nogood.numbers, missing.bit_length() - 1)
            dead = self.strike(node, missing, levels | rest << PAIRS_SHIFT, pending)
            if dead is not None:
                return dead
            if node.held != held_pairs:  # the strike forced a pairing
                held_pairs = node.held
                unheld = every ^ held_pairs
                if SCAN_PAIRS:
                    held = tile_flags(held_pairs, count)
        return None

    def held_levels(self, node: Node, numbers: tuple[int, ...], skip: int) -> int:
        """The levels the node's own fixing of the pairs numbered ``numbers`` (but
        ``skip``) rests on."""
        levels = 0
        tiles = self.pairs.tiles
        for number in numbers:
            if number != skip:
                a, _b = tiles(number)
                levels |= node.reason[a]
        return levels

    def strike(
        self, node: Node, pair_bit: int, blame: int, pending: list[tuple[int, int]]
    ) -> DeadEnd | None:
        """Strike out one pairing (and, in a group of four, its complement), if still
        allowed; then recheck the group (see ``refilter``)."""
        a, b = self.pairs.tiles(pair_bit.bit_length() - 1)
        group = self.group_of[a]
        allowed = node.options.get(group)
        pair = 1 << a | 1 << b
        if allowed is None or pair not in allowed:
            return None
        gone = {pair}
        undecided = self.group_masks[group] & node.present & ~node.committed
        if undecided.bit_count() == 4:
            gone.add(undecided & ~pair)
        for struck in gone:
            node.pair_blame[struck] = blame
        node.options[group] = tuple(p for p in allowed if p not in gone)
        self.strikes += 1
        node.pruned[group] = node.pruned.get(group, 0) | blame
        return self.refilter(node, group, pending)
