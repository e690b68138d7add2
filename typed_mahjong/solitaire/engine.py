"""The search behind ``solver``: pairings, safe removals, dead-end proofs and backjumping.

Vocabulary. A *group* is a match group (the four ``5p``, or the four flowers). A group's
copies still on the board are *undecided* until the search fixes how they pair up; fixed
partners are *committed*. The search decides pairings, not move orders: once every group
is split into fixed pairs, removing any pair whose two tiles are free is always safe
(removals never make a tile less free), so greedy play decides the rest. A group of four
has three pairings, so each decision branches three ways at most.

Each decision gets a *level* (its depth). Every commitment and every struck-out pairing
records the levels it rests on, so a dead end can report which decisions caused it; when
the decision just made is not among them, the search jumps straight back past it
(conflict-directed backjumping) instead of trying its siblings, which would fail the same
way.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

from .layout import iter_bits
from .position import Position

NO_PARTNER = -1
CLOSURE_TRIES = 4  # self-blocking sets compared per dead end (more: sharper, slower)


class OutOfTime(Exception):
    """Raised inside the search when the caller's deadline has passed."""


@dataclass(frozen=True, slots=True)
class Fact:
    """One step of a dead-end proof, about ``tile``.

    ``covered``: ``others[0]`` lies on it. ``flanked``: ``others`` are a left and a right
    neighbour. ``partner``: it is free but must leave with ``others[0]``, which is not.
    ``copies``: it is free but every copy it may still pair with (``others``) is not.
    ``pairing``: group of ``tile`` has no pairing left (``others`` are its copies).
    """

    kind: Literal["covered", "flanked", "partner", "copies", "pairing"]
    tile: int
    others: tuple[int, ...]
    forced: bool = False  # for ``partner``: the pairing was forced, not dealt or chosen


@dataclass(frozen=True, slots=True)
class DeadEnd:
    """A proof that a node cannot be cleared, and the decision levels it rests on.

    ``locked``: ``tiles`` hold each other on the board (see ``Engine.closure``).
    ``no-pairing``: ``tiles`` are the copies of a group that no pairing can clear.
    """

    kind: Literal["locked", "no-pairing"]
    conflict: int
    tiles: int


@dataclass(slots=True)
class Node:
    """Search state; copied before each branch (the lists are short, copies are cheap)."""

    present: int
    free: int
    committed: int  # tiles whose partner is fixed
    code: int  # one bit per committed pair on the board, for the memo key
    depth: int
    partner: list[int]
    reason: list[int]  # for a committed tile: the levels its pairing rests on
    options: dict[int, tuple[int, ...]]  # undecided group -> pairs (2-bit masks) allowed
    pruned: dict[int, int]  # undecided group -> levels behind its struck-out pairings
    moves: list[tuple[int, int]] = field(default_factory=list)
    pair_blame: dict[int, int] = field(default_factory=dict)  # struck-out pair -> its levels
    cost: int = 0  # total looser-game rounds: how much the pairings fixed so far delay play
    rounds: list[int] = field(default_factory=list)  # looser-game round of each tile

    def copy(self) -> Node:
        return Node(
            self.present,
            self.free,
            self.committed,
            self.code,
            self.depth,
            self.partner.copy(),
            self.reason.copy(),
            self.options.copy(),
            self.pruned.copy(),
            self.moves.copy(),
            self.pair_blame.copy(),
            self.cost,
            self.rounds,  # replaced, never changed in place, so sharing is safe
        )


@dataclass(slots=True)
class Trial:
    """One pairing tried one step deep from a node: the looser game's total rounds after
    it, the tiles whose round it changed, and the settled child when it is current."""

    cost: int
    disturbance: int
    child: Node | None


@dataclass(slots=True)
class Probe:
    """What ``Engine.probe`` learnt at a node: the trials of every undecided group, and
    each group's undecided copies and allowed pairs at the time (to tell when a child
    may reuse them)."""

    trials: dict[int, dict[int, Trial]]
    signature: dict[int, tuple[int, tuple[int, ...]]]
    cost: int


class Engine:
    """Static tables for one deal plus the memo of dead positions (kept between calls)."""

    def __init__(self, position: Position) -> None:
        geometry = position.layout.geometry
        self.size = len(position.layout)
        self.above = list(geometry.above)
        self.below = list(geometry.below)
        self.left = list(geometry.left)
        self.right = list(geometry.right)
        self.dependents = list(geometry.dependents)
        dense: dict[int, int] = {}
        self.group_of = [dense.setdefault(g, len(dense)) for g in position.groups]
        self.group_masks = [0] * len(dense)
        for index, group in enumerate(self.group_of):
            self.group_masks[group] |= 1 << index
        self.pair_bit: dict[tuple[int, int], int] = {}
        for mask in self.group_masks:
            members = list(iter_bits(mask))
            for n, a in enumerate(members):
                for b in members[n + 1 :]:
                    self.pair_bit[(a, b)] = 1 << len(self.pair_bit)
        # How many tiles each tile holds down (lies on or flanks): a copy kept waiting
        # costs more when it blocks more.
        self.weight = [
            (self.below[i] | self.left[i] | self.right[i]).bit_count() for i in range(self.size)
        ]
        # allowed pairs -> {tile: (mask of its allowed partners, their indices)}; shared by
        # every node with the same allowed pairs for a group (tuples are immutable)
        self.partner_table: dict[tuple[int, ...], dict[int, tuple[int, tuple[int, ...]]]] = {}
        self.dead: set[int] = set()  # memo keys of positions proved dead
        self.nodes = 0
        self.deadline = float("inf")
        self.clock: Callable[[], float] = time.perf_counter

    # ------------------------------------------------------------------------- the root

    def root(self, present: int) -> tuple[Node, DeadEnd | None]:
        """The starting node after safe play and pruning, or the proof that it is dead."""
        size = self.size
        node = Node(present, 0, 0, 0, 0, [NO_PARTNER] * size, [0] * size, {}, {})
        node.free = self.free_mask(present)
        pending: list[tuple[int, int]] = []
        for group, mask in enumerate(self.group_masks):
            members = list(iter_bits(mask & present))
            if len(members) == 2:
                self.commit(node, members[0], members[1], 0)
                pending.append((members[0], members[1]))
            elif members:
                node.options[group] = tuple(
                    1 << a | 1 << b for n, a in enumerate(members) for b in members[n + 1 :]
                )
        if any(self.cycle_levels(node, [1 << a | 1 << b], 0) is not None for a, b in pending):
            # Dealt pairs already wait for themselves: the looser game shows it plainly.
            return node, self.locked(node)
        for group in list(node.options):
            if group in node.options:
                dead = self.refilter(node, group, pending)
                if dead is not None:
                    return node, dead
        return node, self.settle(node, pending)

    def locked(self, node: Node) -> DeadEnd | None:
        """Run the looser game; record its schedule length as the node's ``cost``, or
        return the proof that the node is dead."""
        rounds = [0] * self.size
        stuck, free = self.relax(node, rounds)
        if not stuck:
            node.cost = sum(rounds)
            node.rounds = rounds
            return None
        conflict, tiles = self.best_closure(node, stuck, free)
        return DeadEnd("locked", conflict, tiles)

    # ------------------------------------------------------------------ trying a pairing

    def apply_option(self, node: Node, group: int, pair: int, level: int) -> DeadEnd | None:
        """Fix ``pair`` in ``group`` at decision ``level``, then settle."""
        a, b = iter_bits(pair)
        pending: list[tuple[int, int]] = []
        dead = self.commit_pair(node, group, a, b, level, pending)
        if dead is not None:
            return dead
        return self.settle(node, pending)

    def commit_pair(
        self, node: Node, group: int, a: int, b: int, reason: int, pending: list[tuple[int, int]]
    ) -> DeadEnd | None:
        """Fix ``a``+``b`` in an undecided group, and whatever that leaves no choice about:
        in a group of four the other two pair up; two copies left always pair up."""
        undecided = self.group_masks[group] & node.present & ~node.committed
        self.commit(node, a, b, reason)
        pending.append((a, b))
        rest = undecided & ~(1 << a | 1 << b)
        allowed = tuple(pair for pair in node.options.pop(group) if not pair & ~rest)
        blame = node.pruned.pop(group, 0)
        if not rest:
            return None
        if rest.bit_count() == 2:
            if rest not in allowed:
                return DeadEnd("no-pairing", blame | reason, rest)
            c, d = iter_bits(rest)
            self.commit(node, c, d, reason)
            pending.append((c, d))
            return None
        if rest.bit_count() == 4:
            # In a group of four a pair is only playable together with its complement.
            allowed = tuple(pair for pair in allowed if rest & ~pair in allowed)
        node.options[group] = allowed
        node.pruned[group] = blame | reason
        return self.refilter(node, group, pending)

    def probe(
        self,
        node: Node,
        level: int,
        inherited: tuple[Probe, int] | None = None,
    ) -> DeadEnd | Probe:
        """Try every pairing of every undecided group one step deep (settling only).

        A pairing whose trial is dead is struck out, with the levels its proof rests on;
        a group of four left with one pairing has it forced; a trial that dies for reasons
        not involving the trial itself proves ``node`` dead. Repeats until nothing changes.

        ``inherited`` is the parent's probe and the tiles whose looser-game round the
        step to ``node`` changed. A group whose copies and allowed pairs are unchanged,
        and whose trials changed rounds only away from those tiles (and their
        neighbours), keeps its trials (costs shifted by the step's cost) instead of
        being tried again: nearly all trials succeed, and distant changes rarely matter.
        Skipping a trial can only miss a pruning, never make one wrong.
        """
        if not node.rounds:
            dead = self.locked(node)
            if dead is not None:
                return dead
        signature = {g: self.signature(node, g) for g in node.options}
        kept: dict[int, dict[int, Trial]] = {}
        if inherited is not None:
            before, moved = inherited
            zone = self.neighbourhood(moved)
            shift = node.cost - before.cost
            for group, trials in before.trials.items():
                if signature.get(group) == before.signature.get(group) and not any(
                    trial.disturbance & zone for trial in trials.values()
                ):
                    kept[group] = {
                        pair: Trial(trial.cost + shift, trial.disturbance, None)
                        for pair, trial in trials.items()
                    }
        todo = [g for g in node.options if g not in kept]
        while todo:
            group = todo.pop(0)
            if group not in node.options:
                continue
            undecided = self.group_masks[group] & node.present & ~node.committed
            low = undecided & -undecided
            pairs = [pair for pair in node.options[group] if pair & low]
            alive: dict[int, Trial] = {}
            blame = node.pruned.get(group, 0)
            for pair in pairs:
                if self.clock() > self.deadline:
                    raise OutOfTime
                child = node.copy()
                dead = self.apply_option(child, group, pair, level)
                if dead is None:
                    alive[pair] = Trial(child.cost, self.changed_rounds(node, child), child)
                elif not dead.conflict & level:
                    return dead
                else:
                    blame |= dead.conflict & ~level
                    node.pair_blame[pair] = dead.conflict & ~level
                    if undecided.bit_count() == 4:
                        node.pair_blame[undecided & ~pair] = dead.conflict & ~level
            if len(alive) == len(pairs):
                kept[group] = alive
                continue
            if not alive:
                return DeadEnd("no-pairing", blame, undecided)
            # Strike out the dead pairings (or force the lone survivor), then re-try the
            # groups whose trials the change may touch.
            old_rounds, old_cost = node.rounds, node.cost
            node.pruned[group] = blame
            four = undecided.bit_count() == 4
            if four and len(alive) == 1:
                a, b = iter_bits(next(iter(alive)))
                pending: list[tuple[int, int]] = []
                dead = self.commit_pair(node, group, a, b, blame, pending)
                if dead is None:
                    dead = self.settle(node, pending)
            else:
                gone = [pair for pair in pairs if pair not in alive]
                if four:
                    gone += [undecided & ~pair for pair in gone]
                node.options[group] = tuple(p for p in node.options[group] if p not in gone)
                dead = self.locked(node)
            if dead is not None:
                return dead
            if not node.present:
                return Probe({}, {}, 0)
            zone = self.neighbourhood(
                self.changed_rounds_lists(old_rounds, node.rounds, node.present)
            )
            shift = node.cost - old_cost
            for other in list(kept):
                trials = kept[other]
                if (
                    other not in node.options
                    or self.signature(node, other) != signature.get(other)
                    or any(trial.disturbance & zone for trial in trials.values())
                ):
                    del kept[other]
                    todo.append(other)
                else:
                    kept[other] = {
                        pair: Trial(trial.cost + shift, trial.disturbance, None)
                        for pair, trial in trials.items()
                    }
            if group in node.options:
                todo.append(group)
            signature = {g: self.signature(node, g) for g in node.options}
        return Probe(kept, signature, node.cost)

    def signature(self, node: Node, group: int) -> tuple[int, tuple[int, ...]]:
        return self.group_masks[group] & node.present & ~node.committed, node.options[group]

    def changed_rounds(self, before: Node, after: Node) -> int:
        return self.changed_rounds_lists(before.rounds, after.rounds, after.present)

    @staticmethod
    def changed_rounds_lists(before: list[int], after: list[int], present: int) -> int:
        moved = 0
        while present:
            low = present & -present
            present ^= low
            t = low.bit_length() - 1
            if before[t] != after[t]:
                moved |= low
        return moved

    def neighbourhood(self, tiles: int) -> int:
        """``tiles`` and every tile touching one of them (above, below or beside)."""
        zone = tiles
        while tiles:
            low = tiles & -tiles
            tiles ^= low
            t = low.bit_length() - 1
            zone |= self.dependents[t] | self.above[t]
        return zone

    # -------------------------------------------------------------------------- settling

    def settle(self, node: Node, new_pairs: list[tuple[int, int]]) -> DeadEnd | None:
        """Play safe removals and strike out pairings until nothing changes; then prove
        the node dead if the looser game (``relax``) cannot clear it."""
        pending = list(new_pairs)
        while True:
            while self.sweep(node):
                pass
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
        return self.locked(node)

    def sweep(self, node: Node) -> bool:
        """Remove every group whose copies are all free and every free committed pair."""
        present, free, committed, partner = node.present, node.free, node.committed, node.partner
        gone = 0
        for group, mask in enumerate(self.group_masks):
            here = mask & present
            if not here:
                continue
            free_here = here & free
            if free_here == here:
                self.take_group(node, group, here)
                gone |= here
                continue
            ready = free_here & committed
            while ready:
                low = ready & -ready
                a = low.bit_length() - 1
                b = partner[a]
                ready ^= low
                if free >> b & 1:
                    ready &= ~(1 << b)
                    node.moves.append((a, b))
                    node.code &= ~self.pair_bit[(min(a, b), max(a, b))]
                    gone |= low | 1 << b
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
        for t in iter_bits(here):
            p = partner[t]
            if p == NO_PARTNER:
                loose.append(t)
            elif t < p:
                node.moves.append((t, p))
                node.code &= ~self.pair_bit[(t, p)]
        node.moves.extend(zip(loose[0::2], loose[1::2], strict=True))
        node.options.pop(group, None)
        node.pruned.pop(group, None)

    def commit(self, node: Node, a: int, b: int, reason: int) -> None:
        node.partner[a], node.partner[b] = b, a
        node.reason[a] = node.reason[b] = reason
        node.committed |= 1 << a | 1 << b
        node.code |= self.pair_bit[(min(a, b), max(a, b))]

    # ---------------------------------------------------------------- pairing cycles

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
                levels = self.cycle_levels(node, [pair, other], undecided)
                if levels is None:
                    kept += [pair, other]
                else:
                    blame |= levels
                    node.pair_blame[pair] = node.pair_blame[other] = levels
        else:
            for pair in node.options[group]:
                levels = self.cycle_levels(node, [pair], undecided)
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
                a, b = iter_bits(pair)
                self.commit(node, a, b, blame)
                pending.append((a, b))
        else:
            node.options[group] = tuple(kept)
            node.pruned[group] = blame
        return None

    def cycle_levels(self, node: Node, pairs: list[int], trial: int) -> int | None:
        """If fixing ``pairs`` (2-bit masks) makes some pair leave strictly after itself,
        the levels of the committed pairs on that cycle; otherwise None. ``trial`` marks
        tiles whose pairing is only being tried (they add no levels)."""
        partner, committed = node.partner, node.committed
        saved = list(partner)
        for pair in pairs:
            a, b = iter_bits(pair)
            partner[a], partner[b] = b, a
            node.committed |= pair
        try:
            for pair in pairs:
                if self.later(node, pair) & pair:
                    a, b = iter_bits(pair)
                    return self.cycle_path_levels(node, a, b, trial | pair)
            return None
        finally:
            partner[:] = saved
            node.committed = committed

    def later(self, node: Node, start: int) -> int:
        """Tiles that must leave strictly after the tiles of ``start`` (which leave
        together): everything under them, their partners, and so on."""
        below, partner = self.below, node.partner
        present, committed = node.present, node.committed
        reached = 0
        frontier = start
        while frontier:
            step = 0
            for t in iter_bits(frontier):
                step |= below[t]
            step &= present & ~reached
            for t in iter_bits(step & committed):
                step |= 1 << partner[t]
            step &= ~reached
            reached |= step
            frontier = step
        return reached

    def earlier(self, node: Node, start: int) -> int:
        """Tiles that must leave strictly before the tiles of ``start``."""
        above, partner = self.above, node.partner
        present, committed = node.present, node.committed
        reached = 0
        frontier = start
        while frontier:
            step = 0
            for t in iter_bits(frontier):
                step |= above[t]
            step &= present & ~reached
            for t in iter_bits(step & committed):
                step |= 1 << partner[t]
            step &= ~reached
            reached |= step
            frontier = step
        return reached

    def cycle_path_levels(self, node: Node, a: int, b: int, trial: int) -> int:
        """Find one cycle from pair ``a``+``b`` back to itself; the levels of the committed
        pairs whose tiles it jumps between (trial pairs add nothing)."""
        below, partner, present, committed = self.below, node.partner, node.present, node.committed
        start = 1 << a | 1 << b
        own = 0 if trial & start else node.reason[a]
        parent: dict[int, tuple[int, bool]] = {}
        queue = [a, b]
        for s in queue:
            for u in iter_bits(below[s] & present):
                if start >> u & 1:
                    return own | self.path_levels(node, parent, s, trial)
                if u in parent:
                    continue
                parent[u] = (s, False)
                queue.append(u)
                if committed >> u & 1:
                    p = partner[u]
                    if p not in parent and not start >> p & 1:
                        parent[p] = (u, True)
                        queue.append(p)
        return (1 << node.depth) - 1  # not reached when ``later`` saw a cycle; blame all

    def path_levels(
        self, node: Node, parent: dict[int, tuple[int, bool]], end: int, trial: int
    ) -> int:
        levels = 0
        t = end
        while t in parent:
            previous, by_partner = parent[t]
            if by_partner and not trial >> t & 1:
                levels |= node.reason[t]
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

    # ------------------------------------------------------------ the looser game

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

    def relax(self, node: Node, rounds: list[int] | None = None) -> tuple[int, int]:
        """Play the looser game greedily; return the tiles it cannot clear and which of
        them are free.

        In the looser game a committed pair leaves when both tiles are free, and an
        undecided tile leaves alone once it is free and a copy it may still pair with is
        free or already gone. Every real play is a play of the looser game, and the looser
        game only gains moves as tiles leave, so greedy play decides it: tiles it cannot
        clear can never be cleared. (Hot loop: bit tricks are inlined on purpose.)
        """
        present, free, committed, partner = node.present, node.free, node.committed, node.partner
        above, left, right, dependents = self.above, self.left, self.right, self.dependents
        group_of, group_masks, options = self.group_of, self.group_masks, node.options
        allowed: dict[int, int] = {}
        gone = 0
        pending = free
        round_number = 0
        while pending:
            round_number += 1
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
            touched = 0
            wake = 0
            todo = removable
            while todo:
                low = todo & -todo
                todo ^= low
                t = low.bit_length() - 1
                if rounds is not None:
                    rounds[t] = round_number
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
            return (1 << node.depth) - 1, stuck
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

    # ------------------------------------------------------------------ freeness helpers

    def refresh_free(self, free: int, present: int, gone: int) -> int:
        above, left, right = self.above, self.left, self.right
        touched = 0
        for t in iter_bits(gone):
            touched |= self.dependents[t]
        for t in iter_bits(touched & present & ~free):
            if not above[t] & present and (not left[t] & present or not right[t] & present):
                free |= 1 << t
        return free

    def free_mask(self, present: int) -> int:
        above, left, right = self.above, self.left, self.right
        free = 0
        for t in iter_bits(present):
            if not above[t] & present and (not left[t] & present or not right[t] & present):
                free |= 1 << t
        return free
