"""Deciding whether a Shanghai position can be cleared, and hints for the next move.

``solve`` answers *solvable* (with a clearing sequence, checked by replaying it through the
rules in ``position``), *unsolvable* (with a reason: a short proof when the position is
dead on its face, else a note that the search was exhaustive) or *undecided* when the
caller's time budget ran out first. How the search works: ``search`` and ``portfolio``
(strategies), ``engine`` with ``settling``, ``cycles`` and ``looser`` (inference).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Literal

from .engine import Engine, OutOfTime
from .explain import explain
from .portfolio import run_portfolio
from .position import IllegalMove, Move, Position, replay

Status = Literal["solvable", "unsolvable", "undecided"]
SOLVABLE: Status = "solvable"
UNSOLVABLE: Status = "unsolvable"
UNDECIDED: Status = "undecided"


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
        engine.forget_nogoods()
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
