"""Running the search strategies side by side on one deal (see ``search``)."""

from __future__ import annotations

from .engine import DeadEnd, Engine, Node, OutOfTime
from .helper import Helper, can_fork
from .search import Outcome, Restarter, Steps, Strategy, probing_lane

# The portfolio (see ``search``): ``quick`` (restarted with jitter on a Luby schedule)
# runs alone for its first QUICK_SOLO units of work, which clears most deals; then the
# two strategies share the work evenly. Work is counted in looser games played (the bulk
# of the time), so the interleaving, and hence every answer, is the same on any machine;
# only where the budget cuts it off depends on speed. These constants were tuned in those
# units on the hardest Turtle deals; the measurements and the schedules tried and dropped
# are in docs/solitaire.md, *Where the solver's constants come from*.
QUICK_SOLO = 300  # looser games before ``prove`` joins
SHARES: dict[Strategy, float] = {"quick": 0.5, "prove": 0.5}
# Once ``quick`` has had LATE_AFTER units in the shared phase, ``prove`` gets LATE_SHARES:
# the deals still open by then are mostly ones ``prove`` decides.
LATE_AFTER = 1500
LATE_SHARES: dict[Strategy, float] = {"quick": 0.2, "prove": 0.8}
# With ``workers=2`` the helper process starts after HELPER_AFTER looser games: most
# deals are decided before that, and for them forking costs more than it saves (pages
# the parent touches get copied while a child lives).
HELPER_AFTER = 150
# A long search (one process) gives ``quick``'s share to ``narrow`` for a while: from
# NARROW_FROM looser games into the portfolio until NARROW_UNTIL, ``prove`` and ``narrow``
# share the work evenly (each lane's count starting afresh), then ``quick`` and ``prove``
# go back to LATE_SHARES. The two probing strategies fail on different deals (see
# ``helper``). Deals decided within NARROW_FROM are untouched; starting earlier slowed
# unsolvable deals, and keeping ``narrow`` on for good starves ``prove``, whose deals
# the unsolvable ones are.
NARROW_FROM = 8000
NARROW_UNTIL = 16_000
NARROW_SHARES: dict[Strategy, float] = {"prove": 0.5, "narrow": 0.5}
RESTART_BASE = 60  # nodes per unit of the Luby sequence for the restarting quick lane


def run_portfolio(engine: Engine, root: Node, workers: int = 1) -> Outcome:
    """Interleave the strategies one node at a time until one of them decides.

    ``quick`` runs alone first; the root's probe is then run once and handed to
    ``prove``. Each step goes to the strategy that has used the least of its share of
    the work so far (``prove``'s share grows once ``quick`` has had LATE_AFTER). Both
    share the engine's memo of dead positions. With ``workers=2``
    a forked helper process (see ``helper``) runs ``prove`` alone once the deal has
    taken HELPER_AFTER looser games, this process takes ``narrow`` in ``prove``'s
    place, and the first answer wins.
    Raises OutOfTime when the engine's deadline passes.
    """
    helper = None
    if workers > 1 and can_fork():
        helper = Helper(engine, root, start_at=engine.work + HELPER_AFTER)
    try:
        return interleave(engine, root, helper)
    finally:
        if helper is not None:
            helper.stop()


def interleave(engine: Engine, root: Node, helper: Helper | None) -> Outcome:
    """``run_portfolio`` in this process, taking ``helper``'s answer if it comes first."""
    clock = engine.clock
    begun = engine.work
    quick_lane = Restarter(engine, "quick", RESTART_BASE)
    quick = quick_lane.run(root)
    solo_until = engine.work + QUICK_SOLO
    while engine.work < solo_until:
        if clock() > engine.deadline:
            raise OutOfTime
        answer = None if helper is None else helper.answer()
        if answer is not None:
            return answer
        try:
            next(quick)
        except StopIteration as finished:
            outcome: Outcome = finished.value
            return outcome
    # With a helper running ``prove``, this process's probing lane takes ``narrow``.
    prove = probing_lane(engine, root, "prove" if helper is None else "narrow")
    if isinstance(prove, DeadEnd):
        return prove.conflict
    lanes: list[tuple[Steps, float]] = [(quick, SHARES["quick"]), (prove, SHARES["prove"])]
    late_lanes = [(quick, LATE_SHARES["quick"]), (prove, LATE_SHARES["prove"])]
    used = [0] * len(lanes)
    late = False
    # Without a helper: 0 before NARROW_FROM, 1 while ``narrow`` runs, 2 after.
    phase = 0 if helper is None else 2
    while True:
        if phase < 2:
            done = engine.work - begun
            if phase == 0 and done >= NARROW_FROM:
                phase, late = 1, True
                narrow = probing_lane(engine, root, "narrow")
                if isinstance(narrow, DeadEnd):
                    return narrow.conflict
                lanes = [(prove, NARROW_SHARES["prove"]), (narrow, NARROW_SHARES["narrow"])]
                used = [0] * len(lanes)
            elif phase == 1 and done >= NARROW_UNTIL:
                phase = 2
                lanes = late_lanes
                used = [0] * len(lanes)
        if not late and used[0] >= LATE_AFTER:
            late = True
            lanes = late_lanes
        if clock() > engine.deadline:
            raise OutOfTime
        answer = None if helper is None else helper.answer()
        if answer is not None:
            return answer
        pick = min(range(len(lanes)), key=lambda i: used[i] / lanes[i][1])
        began = engine.work
        try:
            next(lanes[pick][0])
        except StopIteration as finished:
            outcome = finished.value
            return outcome
        finally:
            used[pick] += engine.work - began + 1
