"""Running the search strategies side by side on one deal (see ``search``)."""

from __future__ import annotations

from .engine import DeadEnd, Engine, Node, OutOfTime
from .search import Outcome, Restarter, Searcher, Steps, Strategy

# The portfolio (see ``search``): ``quick`` (restarted with jitter on a Luby schedule)
# runs alone for its first QUICK_SOLO units of work, which clears most deals; then the
# strategies share the work. Work is counted in looser games played (the bulk of the
# time), so the interleaving, and hence every answer, is the same on any machine; only
# where the budget cuts it off depends on speed. A strategy's share is its SHARES entry
# while it has opened fewer than its PATIENCE nodes (0: always), then shrinks in
# proportion: a strategy that has backtracked a lot is usually stuck in a bad subtree.
QUICK_SOLO = 300  # looser games (about 0.25 ms each) before the other strategies join
SHARES: dict[Strategy, float] = {"quick": 0.3, "solve": 0.3, "prove": 0.4}
PATIENCE: dict[Strategy, int] = {"quick": 0, "solve": 45, "prove": 60}
RESTART_BASE = 60  # nodes per unit of the Luby sequence for the restarting quick lane


def run_portfolio(engine: Engine, root: Node) -> Outcome:
    """Interleave the strategies one node at a time until one of them decides.

    ``quick`` runs alone first; the root's probe is then run once and handed to the
    probing strategies. Each step goes to the strategy that has used the least of its
    share of the time so far. All of them share the engine's memo of dead positions.
    Raises OutOfTime when the engine's deadline passes.
    """
    clock = engine.clock
    quick_lane = Restarter(engine, "quick", RESTART_BASE)
    quick = quick_lane.run(root)
    solo_until = engine.work + QUICK_SOLO
    while engine.work < solo_until:
        if clock() > engine.deadline:
            raise OutOfTime
        try:
            next(quick)
        except StopIteration as finished:
            outcome: Outcome = finished.value
            return outcome
    probed_root = root.copy()
    probe = engine.probe(probed_root, 1)
    if isinstance(probe, DeadEnd):
        return probe.conflict
    lanes: list[tuple[Steps, Searcher | Restarter, float, int]] = [
        (quick, quick_lane, SHARES["quick"], PATIENCE["quick"])
    ]
    for strategy in ("solve", "prove"):
        searcher = Searcher(engine, strategy)
        steps = searcher.run(probed_root.copy(), prepared=probe)
        lanes.append((steps, searcher, SHARES[strategy], PATIENCE[strategy]))
    used = [0] * len(lanes)
    while True:
        if clock() > engine.deadline:
            raise OutOfTime
        pick = min(range(len(lanes)), key=lambda i: used[i] / weight(*lanes[i][1:]))
        began = engine.work
        try:
            next(lanes[pick][0])
        except StopIteration as finished:
            outcome = finished.value
            return outcome
        finally:
            used[pick] += engine.work - began + 1


def weight(counter: Searcher | Restarter, share: float, patience: int) -> float:
    """A lane's current share of the time (see SHARES and PATIENCE; 0: no decay)."""
    if not patience:
        return share
    return share * min(1.0, patience / max(1, counter.nodes))
