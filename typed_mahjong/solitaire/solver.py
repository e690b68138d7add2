"""Deciding whether a Shanghai position can be cleared, and hints for the next move.

``solve`` answers *solvable* (with a clearing sequence, checked by replaying it through the
rules in ``position``), *unsolvable* (with a reason: a short proof when the position is
dead on its face, else a note that the search was exhaustive) or *undecided* when the
caller's time budget ran out first. How the search works is described in ``engine``.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Literal

from .engine import DeadEnd, Engine, Fact, Node, OutOfTime
from .layout import iter_bits
from .position import IllegalMove, Move, Position, replay
from .search import Outcome, Restarter, Searcher, Steps, Strategy

Status = Literal["solvable", "unsolvable", "undecided"]
SOLVABLE: Status = "solvable"
UNSOLVABLE: Status = "unsolvable"
UNDECIDED: Status = "undecided"

# The portfolio (see ``search``): ``quick`` runs alone for its first QUICK_SOLO seconds,
# which clears most deals; then the strategies share the time. A strategy's share is its
# SHARES entry while it has opened fewer than its PATIENCE nodes, then shrinks in
# proportion: a strategy that has to backtrack a lot is usually in a bad subtree, and
# another strategy usually gets there sooner.
QUICK_SOLO = 0.12
SHARES: dict[Strategy, float] = {"quick": 0.05, "solve": 0.45, "prove": 0.5}
PATIENCE: dict[Strategy, int] = {"quick": 150, "solve": 45, "prove": 60}
RESTART_SHARES: dict[Strategy, float] = {}
RESTART_BASE = 30
MAX_FACTS = 8  # longer tile-by-tile proofs give way to "no two free tiles match" when true


@dataclass(frozen=True, slots=True)
class Verdict:
    """The answer about one position.

    ``moves``: a full clearing sequence when solvable (already checked by replay).
    ``reason``: why an unsolvable position is unsolvable. ``proof`` is ``"dead"`` when
    that reason is a self-contained argument about the position itself, ``"search"``
    when it rests on the exhaustive search. ``nodes`` counts search nodes; ``seconds``
    is the wall time spent.
    """

    status: Status
    moves: tuple[Move, ...] = ()
    reason: str | None = None
    proof: Literal["dead", "search"] | None = None
    nodes: int = 0
    seconds: float = 0.0


@dataclass(frozen=True, slots=True)
class Hint:
    """A pair that can be removed now, and the verdict on the position it leaves."""

    move: Move
    verdict: Verdict


class Solver:
    """A solver bound to one deal. Positions it proves dead are remembered, so asking
    about several positions of the same deal (as ``hints`` does) gets cheaper."""

    def __init__(self, position: Position) -> None:
        self.position = position
        self.engine = Engine(position)

    def solve(self, present: int | None = None, budget: float | None = None) -> Verdict:
        """Decide the position with the tiles in ``present`` (default: the solver's own
        position) on the board, giving up after ``budget`` seconds."""
        engine = self.engine
        start = time.perf_counter()
        engine.deadline = float("inf") if budget is None else start + budget
        engine.nodes = 0
        root_present = self.position.present if present is None else present
        at = Position(self.position.layout, self.position.faces, root_present)
        try:
            node, dead = engine.root(root_present)
            if dead is not None:
                reason = explain(engine, at, node, dead)
                return self._verdict(UNSOLVABLE, start, reason=reason, proof="dead")
            found = run_portfolio(engine, node)
        except OutOfTime:
            return self._verdict(UNDECIDED, start)
        if not isinstance(found, list):
            reason = (
                "exhaustive search: no way of pairing the remaining tiles clears the board "
                f"({engine.nodes} search nodes)"
            )
            return self._verdict(UNSOLVABLE, start, reason=reason, proof="search")
        moves = tuple(Move.of(a, b) for a, b in found)
        end = replay(at, moves)
        if not end.is_cleared:
            raise IllegalMove(f"solver bug: its sequence leaves {end.tile_count} tiles")
        return self._verdict(SOLVABLE, start, moves=moves)

    def _verdict(
        self,
        status: Status,
        start: float,
        *,
        moves: tuple[Move, ...] = (),
        reason: str | None = None,
        proof: Literal["dead", "search"] | None = None,
    ) -> Verdict:
        seconds = time.perf_counter() - start
        return Verdict(status, moves, reason, proof, self.engine.nodes, seconds)


def run_portfolio(engine: Engine, root: Node) -> Outcome:
    """Interleave the strategies one node at a time until one of them decides.

    ``quick`` runs alone first; the root's probe is then run once and handed to the
    probing strategies. Each step goes to the strategy that has used the least of its
    share of the time so far. All of them share the engine's memo of dead positions.
    Raises OutOfTime when the engine's deadline passes.
    """
    clock = engine.clock
    quick_searcher = Searcher(engine, "quick")
    quick = quick_searcher.run(root.copy())
    spent = 0.0
    while spent < QUICK_SOLO:
        if clock() > engine.deadline:
            raise OutOfTime
        began = clock()
        try:
            next(quick)
        except StopIteration as finished:
            outcome: Outcome = finished.value
            return outcome
        spent += clock() - began
    probed_root = root.copy()
    probe = engine.probe(probed_root, 1)
    if isinstance(probe, DeadEnd):
        return probe.conflict
    lanes: list[tuple[Steps, Searcher | Restarter, float, int]] = [
        (quick, quick_searcher, SHARES["quick"], PATIENCE["quick"])
    ]
    for strategy in ("solve", "prove"):
        searcher = Searcher(engine, strategy)
        steps = searcher.run(probed_root.copy(), prepared=probe)
        lanes.append((steps, searcher, SHARES[strategy], PATIENCE[strategy]))
    for strategy, share in RESTART_SHARES.items():
        restarter = Restarter(engine, strategy, RESTART_BASE)
        lanes.append((restarter.run(probed_root, probe), restarter, share, 0))
    used = [0.0] * len(lanes)
    while True:
        if clock() > engine.deadline:
            raise OutOfTime
        pick = min(range(len(lanes)), key=lambda i: used[i] / weight(*lanes[i][1:]))
        began = clock()
        try:
            next(lanes[pick][0])
        except StopIteration as finished:
            outcome = finished.value
            return outcome
        finally:
            used[pick] += clock() - began


def weight(counter: Searcher | Restarter, share: float, patience: int) -> float:
    """A lane's current share of the time (see SHARES and PATIENCE; 0: no decay)."""
    if not patience:
        return share
    return share * min(1.0, patience / max(1, counter.nodes))


def solve(position: Position, budget: float | None = None) -> Verdict:
    """Decide whether ``position`` can be cleared, within ``budget`` seconds if given."""
    return Solver(position).solve(budget=budget)


def hints(position: Position, budget: float | None = None) -> list[Hint]:
    """Every pair removable now, each with the verdict on the position it leaves.

    The pairs whose verdict is solvable are the ones that keep the position clearable.
    ``budget`` covers the whole call; pairs still unexamined when it runs out come back
    undecided.
    """
    solver = Solver(position)
    deadline = None if budget is None else time.perf_counter() + budget
    found: list[Hint] = []
    for move in position.available_moves():
        remaining = None if deadline is None else max(0.0, deadline - time.perf_counter())
        after = position.present & ~(1 << move.first | 1 << move.second)
        found.append(Hint(move, solver.solve(after, remaining)))
    return found


# ---------------------------------------------------------------------------- explanations


def explain(engine: Engine, position: Position, node: Node, dead: DeadEnd) -> str:
    """A short, checkable argument that the position at ``node`` cannot be cleared."""
    name = position.describe
    prefix = ""
    if node.moves:
        prefix = (
            f"after the {len(node.moves)} removals that are always safe (groups whose "
            "copies are all free), "
        )
    if dead.kind == "no-pairing":
        return prefix + _explain_pairings(engine, position, dead.tiles)
    if not node.free & node.present:
        return prefix + "no tile is free"
    stacked = _stacked_pair(engine, node, dead.tiles)
    if stacked is not None:
        upper, lower = stacked
        return prefix + (
            f"the last two {position.faces[upper].name} are stacked: {name(upper)} lies on "
            f"{name(lower)}, so they are never free together"
        )
    facts: list[Fact] = []
    stuck, free = engine.relax(node)
    starts = [t for t in iter_bits(free & stuck)]
    start = next(
        (t for t in starts if engine.closure(node, t, stuck, free, None)[1] == dead.tiles),
        starts[0] if starts else -1,
    )
    if start >= 0:
        engine.closure(node, start, stuck, free, facts)
    no_move = not any(
        engine.group_of[a] == engine.group_of[b]
        for a in iter_bits(node.free)
        for b in iter_bits(node.free & ~((1 << (a + 1)) - 1))
    )
    if no_move and (not facts or len(facts) > MAX_FACTS):
        listed = ", ".join(name(t) for t in iter_bits(node.free))
        return prefix + f"no two free tiles match (free: {listed})"
    steps = "; ".join(_fact_text(position, fact) for fact in facts)
    return prefix + f"these tiles hold each other on the board whatever is played: {steps}"


def _stacked_pair(engine: Engine, node: Node, tiles: int) -> tuple[int, int] | None:
    if tiles.bit_count() != 2:
        return None
    a, b = iter_bits(tiles)
    if node.partner[a] != b:
        return None
    if engine.above[b] >> a & 1:
        return a, b
    if engine.above[a] >> b & 1:
        return b, a
    return None


def _fact_text(position: Position, fact: Fact) -> str:
    name = position.describe
    tile = name(fact.tile)
    others = [name(t) for t in fact.others]
    if fact.kind == "covered":
        return f"{tile} lies under {others[0]}"
    if fact.kind == "flanked":
        return f"{tile} is flanked by {others[0]} and {others[1]}"
    if fact.kind == "partner":
        how = " (the only pairing left)" if fact.forced else ""
        return f"{tile} must leave with {others[0]}{how}"
    return f"{tile} can only pair with {' or '.join(others)}"


def _explain_pairings(engine: Engine, position: Position, tiles: int) -> str:
    copies = list(iter_bits(tiles))
    name = position.describe
    face = position.faces[copies[0]].name
    if len(copies) != 4:
        return f"no pairing of the {len(copies)} remaining {face} can be cleared"
    a = copies[0]
    failures = []
    for b in copies[1:]:
        c, d = (t for t in copies if t not in (a, b))
        failures.append(_pairing_failure(engine, name, (a, b), (c, d)))
    return f"every way to pair the four {face} fails: " + "; ".join(failures)


def _pairing_failure(
    engine: Engine, name: object, first: tuple[int, int], second: tuple[int, int]
) -> str:
    describe = name if callable(name) else str
    lies_on = engine.above  # lies_on[x] >> y: y lies on x

    def on(upper: int, lower: int) -> bool:
        return bool(lies_on[lower] >> upper & 1)

    for x, y in (first, second):
        for upper, lower in ((x, y), (y, x)):
            if on(upper, lower):
                return (
                    f"{describe(upper)} + {describe(lower)} is impossible ({describe(upper)} "
                    f"lies on {describe(lower)})"
                )
    for (p, q), (r, s) in ((first, second), (second, first)):
        for upper1, lower1 in ((p, r), (p, s), (q, r), (q, s)):
            if not on(upper1, lower1):
                continue
            for upper2, lower2 in ((r, p), (r, q), (s, p), (s, q)):
                if on(upper2, lower2):
                    return (
                        f"{describe(p)} + {describe(q)} with {describe(r)} + {describe(s)} "
                        f"is impossible ({describe(upper1)} lies on {describe(lower1)} and "
                        f"{describe(upper2)} lies on {describe(lower2)}: each pair must go "
                        "first)"
                    )
    return (
        f"{describe(first[0])} + {describe(first[1])} with {describe(second[0])} + "
        f"{describe(second[1])} would make some pair wait for itself"
    )
