"""The engine behind ``search``: settling (see ``settling``) plus probing.

*Probing* tries every pairing of every undecided group one step deep before the search
branches: dead pairings are struck out, lone survivors forced, and each trial's looser
game (its total delay) ranks the choices. Trials that a step did not disturb are reused
from the parent's probe.
"""

from __future__ import annotations

from .layout import two_bits
from .settling import Settling
from .tables import PAIRS_SHIFT, DeadEnd, Fact, Node, OutOfTime

__all__ = ["PAIRS_SHIFT", "DeadEnd", "Engine", "Fact", "Node", "OutOfTime", "Probe", "Trial"]


class Trial:  # a plain class, like ``Node``: see NATIVE_INIT in ``tables``
    """One pairing tried one step deep from a node: the looser game's total rounds after
    it, the tiles whose round it changed, and the settled child when it is current."""

    __slots__ = ("cost", "disturbance", "child")

    def __init__(self, cost: int, disturbance: int, child: Node | None) -> None:
        self.cost = cost
        self.disturbance = disturbance
        self.child = child


class Probe:  # a plain class: see NATIVE_INIT in ``tables``
    """What ``Engine.probe`` learnt at a node: the trials of every undecided group, and
    each group's undecided copies and allowed pairs at the time (to tell when a child
    may reuse them)."""

    __slots__ = ("trials", "signature", "cost")

    def __init__(
        self,
        trials: dict[int, dict[int, Trial]],
        signature: dict[int, tuple[int, tuple[int, ...]]],
        cost: int,
    ) -> None:
        self.trials = trials
        self.signature = signature
        self.cost = cost


class Engine(Settling):
    """Everything the search needs for one deal; the memo of dead positions persists."""

    def probe(
        self,
        node: Node,
        level: int,
        inherited: tuple[Probe, int] | None = None,
    ) -> DeadEnd | Probe:
        """Try every pairing of every undecided group one step deep (settling only).

        A pairing whose trial is dead is struck out, with the blame its proof rests on;
        a group of four left with one pairing has it forced; a trial that dies for reasons
        not involving the trial itself proves ``node`` dead. Repeats until nothing changes.

        ``inherited`` is the parent's probe and the tiles whose looser-game round the
        step to ``node`` changed. A group whose copies and allowed pairs are unchanged,
        and whose trials changed the rounds of none of those tiles, keeps its trials
        (costs shifted by the step's cost) instead of being tried again: nearly all
        trials succeed, and changes to disjoint tiles rarely combine into a dead end.
        Skipping a trial can only miss a pruning, never make one wrong. (Counting the
        tiles next to the changed ones as changed too re-tries nearly every trial, for
        more work overall: see docs/solitaire.md.)
        Each dead trial is also learnt as a nogood, so other branches strike the pair
        out without trying it.
        """
        if not node.schedule:
            dead = self.locked(node)
            if dead is not None:
                return dead
        signature = {g: self.signature(node, g) for g in node.options}
        kept: dict[int, dict[int, Trial]] = {}
        if inherited is not None:
            before, moved = inherited
            zone = moved
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
        if inherited is not None:
            # Groups whose trials delayed play most are the likeliest to die now: try them
            # first, so a dead node is found before the rest are tried.
            worst = {
                group: min(trial.cost for trial in trials.values())
                for group, trials in inherited[0].trials.items()
            }
            todo.sort(key=lambda g: -worst.get(g, 1 << 30))
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
                    self.learn(dead.conflict >> PAIRS_SHIFT)
                    struck = self.without(node, dead.conflict & ~level, pair)
                    blame |= struck
                    node.pair_blame[pair] = struck
                    if undecided.bit_count() == 4:
                        node.pair_blame[undecided & ~pair] = struck
            if len(alive) == len(pairs):
                kept[group] = alive
                continue
            if not alive:
                return DeadEnd("no-pairing", blame, undecided)
            # Strike out the dead pairings (or force the lone survivor), then re-try the
            # groups whose trials the change may touch.
            old_schedule, old_cost = node.schedule, node.cost
            base = self.baseline(node)
            node.pruned[group] = blame
            four = undecided.bit_count() == 4
            if four and len(alive) == 1:
                a, b = two_bits(next(iter(alive)))
                pending: list[tuple[int, int]] = []
                dead = self.commit_pair(node, group, a, b, blame, pending)
                if dead is None:
                    dead = self.settle(node, pending, base)
            else:
                gone = [pair for pair in pairs if pair not in alive]
                if four:
                    gone += [undecided & ~pair for pair in gone]
                node.options[group] = tuple(p for p in node.options[group] if p not in gone)
                dead = self.locked(node, base)
            if dead is not None:
                return dead
            if not node.present:
                return Probe({}, {}, 0)
            zone = self.changed_rounds_lists(old_schedule, node.schedule, node.present)
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
        return self.changed_rounds_lists(before.schedule, after.schedule, after.present)

    @staticmethod
    def changed_rounds_lists(before: list[int], after: list[int], present: int) -> int:
        """Tiles of ``present`` that the two schedules remove in different rounds."""
        moved = 0
        for old, new in zip(before, after, strict=False):
            moved |= old ^ new
        for rest in before[len(after) :] + after[len(before) :]:
            moved |= rest
        return moved & present
