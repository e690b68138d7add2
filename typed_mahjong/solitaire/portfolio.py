"""Running the search strategies side by side on one deal (see ``search``)."""

from __future__ import annotations

from .engine import DeadEnd, Engine, Node, OutOfTime
from .helper import Helper, can_fork
from .search import Outcome, Restarter, Steps, Strategy, probing_lane

# The portfolio (see ``search``): ``quick`` (restarted with jitter on a Luby schedule)
# runs alone for its first QUICK_SOLO units of work, which clears most deals; then the
# two strategies share the work evenly. Work is counted in looser games played (the bulk
# of the time), so the interleaving, and hence every answer, is the same on any machine;
# only where the budget cuts it off depends on speed. The shares were tuned in those
# units on the 102 of Turtle seeds 0-999 that needed more than 2500 of them: a third,
# "cautious" strategy and shrinking the share of a strategy that backtracks a lot both
# decided fewer of them within 9000 units (about 2 s) and needed more work in all.
# Re-measured once nogoods were learnt: giving ``prove`` 0.65 decided 135 instead of 133
# of 140 hard deals within 9000 units, but 992 instead of 994 of seeds 1000-1999 within
# 2 s of wall-clock time: no clear gain, so the shares stay even.
QUICK_SOLO = 300  # looser games (about 0.2 ms each) before ``prove`` joins
SHARES: dict[Strategy, float] = {"quick": 0.5, "prove": 0.5}
# Once ``quick`` has had LATE_AFTER units in the shared phase, ``prove`` gets LATE_SHARES:
# deals still open by then are mostly decided by ``prove`` (10 of the 13 of Turtle seeds
# 0-999 that took more than 3000 units). Measured in units (issue 18): seed 5276 took
# 35,516 units with even shares and 26,367 with these, 9860 52,009 and 37,742, 839
# 9683 and 6823, 863 12,234 and 8690; seeds 0-999 within 6000 units decided 997 instead
# of 998 (seed 21, which ``quick`` decides, went from 4388 to over 6000). Switching at 600
# with 0.85 took 5276 down to 18,115 but left 4 of seeds 0-999 undecided within 6000;
# restarting ``prove`` on a Luby schedule (jittered like ``quick``) left 9860 undecided
# within 60,000.
LATE_AFTER = 1500
LATE_SHARES: dict[Strategy, float] = {"quick": 0.2, "prove": 0.8}
# With ``workers=2`` the helper process starts after this many looser games: half the
# deals are decided within about 100, and forking for them costs more than it saves
# (pages the parent touches get copied while a child lives). Turtle seeds 0-299, each
# solved twice, fastest counted: median 30.5 ms with one process, 38.5 ms forking at
# once, 29.7 ms forking after 150 games.
HELPER_AFTER = 150
# A long search (one process) gives ``quick``'s share to ``narrow`` for a while: from
# NARROW_FROM looser games into the portfolio until NARROW_UNTIL, ``prove`` and ``narrow``
# share the work evenly (each lane's count starting afresh), then ``quick`` and ``prove``
# go back to LATE_SHARES. The two probing strategies fail on different deals (see
# ``helper``). Deals decided within NARROW_FROM are untouched, so the deals it can change
# are those that needed more than that: measured on all 107 of Turtle seeds 0-9999 that
# needed more than 4000 (issue 18), the count over 16,000 fell from 13 to 8, over 20,000
# from 10 to 8, and over 10,000 went from 29 to 30 (1660 24,917 -> 10,777, 5194 38,369 ->
# 10,193; 863 8690 -> 9274, 5276 26,367 -> 28,120). Starting at 4000 cut the count over
# 10,000 to 19 but took 863 (unsolvable) from 8690 to 13,244; keeping the even split
# past NARROW_UNTIL left 9860 (unsolvable, 37,742) undecided at 42,000: unsolvable deals
# are ``prove``'s to decide (see docs/solitaire.md, *A third lane late in the search*).
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
