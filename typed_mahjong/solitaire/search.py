"""Depth-first search over pairings, written as generators so a scheduler can interleave
several strategies on one deal (see ``portfolio``).

Every strategy branches on one undecided group at a time, over the pairs its pivot copy
may take (for a group of four: its three pairings). They differ in which group they pick:

* ``quick``: no look-ahead; the group with the fewest pairings left whose playable pair
  keeps back the free copies that block the fewest tiles. Cheap per node; clears most
  deals on its first descent.
* ``prove``: tries every pairing of every group one step deep first (``Engine.probe``),
  which strikes out dead pairings and forces lone ones, then branches on the group whose
  *best* pairing delays the looser game most: the most likely culprit when the position
  is dead, so refutations stay short, and the group that most needs care when it is not.
  Its pairings are tried best first.
* ``narrow``: ``prove``, but among the groups with the fewest pairings left. It fails on
  other deals than ``prove`` does, so when a second process runs ``prove`` (``helper``)
  this one runs ``narrow``.

``Restarter`` reruns a strategy with jittered costs on a Luby schedule, for the heavy
tail of deals where the first descent goes wrong early. All of them remember dead
positions in the engine's shared memo and jump back past decisions that a dead end's
proof does not involve (conflict-directed backjumping).
"""

from __future__ import annotations

import random
from collections.abc import Generator
from typing import Literal

from .engine import PAIRS_SHIFT, DeadEnd, Engine, Node, OutOfTime, Probe, Trial
from .layout import bit_indices

Strategy = Literal["quick", "prove", "narrow"]
Outcome = list[tuple[int, int]] | int  # the clearing moves, or a refutation's blame
Steps = Generator[None, None, Outcome]
# Most a restarted strategy adds to a cost, so restarts take other paths. ``quick``'s
# costs count tiles kept waiting (a few to a few dozen), so 40 reorders playable pairs
# freely: with learnt nogoods carried over, such varied restarts need less work on hard
# deals than a smaller jitter (docs/solitaire.md).
JITTER = 40.0


class Searcher:
    """One strategy's depth-first search; ``run`` yields once per node it opens."""

    def __init__(
        self, engine: Engine, strategy: Strategy, shuffle: random.Random | None = None
    ) -> None:
        self.engine = engine
        self.strategy = strategy
        # With ``shuffle``, costs are jittered (by up to JITTER) before ranking, so
        # a restarted search takes other paths through near-ties.
        self.shuffle = shuffle
        self.probing = strategy != "quick"
        self.nodes = 0

    def run(
        self,
        node: Node,
        inherited: tuple[Probe, int] | None = None,
        prepared: Probe | None = None,
    ) -> Steps:
        """Search below ``node``: the clearing moves, or the conflict that kills it.

        ``inherited``: the parent's probe and what the step here changed (see
        ``Engine.probe``). ``prepared``: this node's probe, already run (by the caller,
        shared between strategies); its trial children are copied, never changed.
        """
        engine = self.engine
        yield
        if engine.clock() > engine.deadline:
            raise OutOfTime
        self.nodes += 1
        engine.nodes += 1
        if node.present == 0:
            return node.moves
        key = node.present | node.code << engine.size
        level = 1 << node.depth
        if key in engine.dead:
            return engine.everything(node, level - 1)  # proved dead elsewhere
        if node.seen < len(engine.learnt):
            # Nogoods learnt since this node was settled (in its siblings' subtrees, say)
            # may strike out pairings here or kill it.
            dead = engine.recheck(node)
            if dead is not None:
                return self.refuted(key, dead.conflict)
            if node.present == 0:
                return node.moves  # what they forced cleared the board
        tried: dict[int, dict[int, Trial]] = {}
        probed: Probe | None = None
        if self.probing:
            result = prepared if prepared is not None else engine.probe(node, level, inherited)
            if isinstance(result, DeadEnd):
                return self.refuted(key, result.conflict)
            if node.present == 0:
                return node.moves
            probed = result
            tried = result.trials
        choice = self.choose(node, tried)
        if choice is None:
            return self.refuted(key, engine.everything(node, level - 1))
        group, pairs = choice
        conflict = node.pruned.get(group, 0)
        children: list[tuple[int, int, Node]] = []
        for pair in pairs:
            trial = tried.get(group, {}).get(pair)
            child = None if trial is None or trial.child is None else trial.child.copy()
            if child is None:
                child = node.copy()
                dead = engine.apply_option(child, group, pair, level)
                if dead is not None:
                    if not dead.conflict & level:
                        return self.refuted(key, dead.conflict)
                    engine.learn(dead.conflict >> PAIRS_SHIFT)
                    conflict |= engine.without(node, dead.conflict & ~level, pair)
                    continue
            children.append((child.cost, pair, child))
        children.sort(key=lambda item: item[:2])
        for _cost, pair, child in children:
            child.depth = node.depth + 1
            passed = None if probed is None else (probed, engine.changed_rounds(node, child))
            outcome = yield from self.run(child, passed)
            if isinstance(outcome, list):
                return outcome
            if not outcome & level:
                # This decision played no part: jump past it.
                return self.refuted(key, outcome)
            conflict |= engine.without(node, outcome & ~level, pair)
        return self.refuted(key, conflict)

    def refuted(self, key: int, conflict: int) -> int:
        """Record a refuted node: its position in the memo, and the pairs its refutation
        assumed among the engine's nogoods. Returns ``conflict``."""
        engine = self.engine
        if len(engine.dead) < engine.max_dead:
            engine.dead.add(key)
        engine.learn(conflict >> PAIRS_SHIFT)
        return conflict

    def choose(
        self, node: Node, tried: dict[int, dict[int, Trial]]
    ) -> tuple[int, list[int]] | None:
        """The group to branch on and the pairs to try; None when nothing is playable."""
        if tried:
            return self.choose_probed(node, tried)
        return self.choose_static(node)

    def choose_probed(
        self, node: Node, tried: dict[int, dict[int, Trial]]
    ) -> tuple[int, list[int]] | None:
        """Every pairing has been tried one step deep: rank groups by those trials.

        ``prove``: the group whose best trial delays the looser game most, however many
        pairings it has left. ``narrow``: the same among the groups with the fewest
        pairings left. (``narrow`` decides fewer deals than ``prove`` in its place, so it
        runs beside a helper and for a while in long searches: see ``portfolio``.)
        Groups of other sizes fall back to ``choose_static``.
        """
        engine = self.engine
        narrow = self.strategy == "narrow"
        best: tuple[tuple[int, float], int, list[int]] | None = None
        open_tiles = node.present & ~node.committed  # once (see ``choose_static``)
        for group, trials in tried.items():
            undecided = engine.group_masks[group] & open_tiles
            if undecided.bit_count() != 4:
                continue
            ranked = sorted((self.jitter(trial.cost), pair) for pair, trial in trials.items())
            rank = (len(ranked) if narrow else 0, -ranked[0][0])
            if best is None or rank < best[0]:
                best = (rank, group, [pair for _cost, pair in ranked])
        if best is None:
            return self.choose_static(node)
        return best[1], best[2]

    def jitter(self, cost: int) -> float:
        return cost if self.shuffle is None else cost + JITTER * self.shuffle.random()

    def choose_static(self, node: Node) -> tuple[int, list[int]] | None:
        """Without trials: among groups with a pair playable now, the one with the fewest
        pairings left, preferring the pairing that keeps back the free copies blocking
        the fewest other tiles. The pivot is a free copy, so its allowed pairs cover
        every way the group can be played. Returning None declares the node dead, so a
        group counts as playable whenever any allowed pair of it is free (in a group of
        six or eight that pair need not hold the pivot)."""
        engine = self.engine
        best: tuple[tuple[int, float], int, list[int]] | None = None
        present, free = node.present, node.free
        weight = engine.weight
        # The undecided tiles once, not per group: each operation on masks as wide as
        # the layout allocates a new int in the compiled build.
        open_tiles = present & ~node.committed
        for group, allowed in node.options.items():
            undecided = engine.group_masks[group] & open_tiles
            loose_free = undecided & free
            if loose_free & (loose_free - 1) == 0:
                continue  # fewer than two free copies: nothing to play in this group yet
            four = undecided.bit_count() == 4
            pivot = pick_pivot(allowed, loose_free)
            scored: list[tuple[float, int]] = []
            playable = False
            for pair in allowed:
                if not pair & pivot:
                    continue
                rest = undecided & ~pair if four else 0
                now = (pair if pair & free == pair else 0) | (rest if rest & free == rest else 0)
                playable = playable or bool(now)
                waiting = sum(weight[t] for t in bit_indices(loose_free & ~now))
                scored.append((self.jitter(waiting + (0 if now else 1000)), pair))
            if not playable and not four:
                # Beyond four copies a free pair need not include the pivot.
                playable = any(pair & free == pair for pair in allowed)
            if not playable:
                continue
            rank = (len(scored), min(cost for cost, _pair in scored))
            if best is None or rank < best[0]:
                scored.sort()
                best = (rank, group, [pair for _cost, pair in scored])
        if best is None:
            return None
        return best[1], best[2]


def pick_pivot(allowed: tuple[int, ...], loose_free: int) -> int:
    """The free copy (as a bit) with the fewest allowed pairs, lowest index on ties."""
    best_bit, best_count = 0, 1 << 30
    for t in bit_indices(loose_free):
        bit = 1 << t
        count = sum(1 for pair in allowed if pair & bit)
        if count < best_count:
            best_bit, best_count = bit, count
    return best_bit


class Restarter:
    """A strategy restarted from the root whenever an attempt has opened ``base`` times
    the next Luby number of nodes (1, 1, 2, 1, 1, 2, 4, ...); the first attempt is the
    plain strategy, later ones jitter its costs. The engine's memo of dead positions
    carries over between attempts, and an attempt that finishes (solution or full
    refutation) ends it."""

    def __init__(self, engine: Engine, strategy: Strategy, base: int) -> None:
        self.engine = engine
        self.strategy = strategy
        self.base = base

    def run(self, root: Node, probe: Probe | None = None) -> Steps:
        attempt = 0
        while True:
            attempt += 1
            shuffle = None if attempt == 1 else random.Random(attempt)
            searcher = Searcher(self.engine, self.strategy, shuffle)
            limit = self.base * luby(attempt)
            steps = searcher.run(root.copy(), prepared=probe)
            try:
                while searcher.nodes < limit:
                    next(steps)
                    yield
            except StopIteration as finished:
                outcome: Outcome = finished.value
                return outcome


def luby(index: int) -> int:
    """The Luby sequence 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, ... (1-based)."""
    size, power = 1, 0
    while size < index:
        power += 1
        size = 2 * size + 1
    while size != index:
        size //= 2
        power -= 1
        if index > size:
            index -= size
    return 1 << power


def probing_lane(engine: Engine, root: Node, strategy: Strategy) -> Steps | DeadEnd:
    """A lane of a probing strategy (``prove``, ``narrow``) from ``root``, the root probed
    now (with the nogoods learnt so far); the root's dead end if the probe finds one."""
    probed = root.copy()
    probe = engine.probe(probed, 1)
    if isinstance(probe, DeadEnd):
        return probe
    return Searcher(engine, strategy).run(probed.copy(), prepared=probe)
