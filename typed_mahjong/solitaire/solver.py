"""Deciding whether a Shanghai position can be cleared, and hints for the next move.

``solve`` answers *solvable* (with a clearing sequence, checked by replaying it through the
rules in ``position``), *unsolvable* (with a reason: a short proof when the position is
dead on its face, else a note that the search was exhaustive) or *undecided* when the
caller's time (or work) budget ran out first. How the search works: ``search`` and
``portfolio`` (strategies), ``engine`` with ``settling``, ``cycles`` and ``looser``
(inference).
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, replace
from typing import Literal

from .engine import Engine, OutOfTime
from .explain import Link, explain_with_links
from .layout import iter_bits
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
    when it rests on the exhaustive search. ``nodes`` counts search nodes, ``work`` the
    looser games played (see ``Solver.solve``); ``seconds`` is the wall time spent.
    ``blocking``: when ``proof`` is ``"dead"``, the tiles (slot indices) its argument is
    about: tiles that hold each other on the board whatever is played (or the copies of
    a group no pairing can clear). The source article's *blocking tiles* are the free
    ones among them: free, yet never removable. ``links``: that argument step by step,
    tile by tile (what holds each tile), when it is about single tiles.
    """

    status: Status
    moves: tuple[Move, ...] = ()
    reason: str | None = None
    proof: Literal["dead", "search"] | None = None
    nodes: int = 0
    seconds: float = 0.0
    work: int = 0
    blocking: tuple[int, ...] = ()
    links: tuple[Link, ...] = ()


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

    def solve(
        self,
        present: int | None = None,
        budget: float | None = None,
        *,
        work: int | None = None,
        workers: int = 1,
        started: float | None = None,
    ) -> Verdict:
        """Decide the position with the tiles in ``present`` (default: the solver's own
        position) on the board, giving up after ``budget`` seconds (a finite number
        >= 0; None for no limit), counted from ``started`` (a ``time.perf_counter()``
        reading; default now) so a caller's setup can count against it too.

        ``work`` instead gives up once more than that many looser games were played (the
        search's unit of work; docs/solitaire.md gives its cost in time): a budget that
        gives the same answer, node for node, on any machine and under any load, for
        reproducible measurements. Give one budget or the other, not both.

        ``workers=2`` lets a deal that is not decided quickly use a second process (a
        forked helper running another strategy, see ``helper``; where the platform
        cannot fork, the search runs alone). Which process answers first depends on
        timing, so this does not combine with ``work``. The verdict's ``nodes`` and
        ``work`` include the helper's when it gave the answer.
        """
        start = time.perf_counter() if started is None else started
        if budget is not None and work is not None:
            raise ValueError("give a time budget (budget=) or a work budget (work=), not both")
        check_workers(workers)
        if workers > 1 and work is not None:
            raise ValueError(
                "workers=2 answers with whichever process decides first, which a work "
                "budget cannot make reproducible: use budget= (seconds) with it"
            )
        check_budget(budget)
        if work is not None and (isinstance(work, bool) or not isinstance(work, int) or work < 0):
            raise ValueError(f"work must be a whole number of looser games >= 0, got {work!r}")
        engine = self.engine
        begun = (start, engine.work)  # for the verdict's seconds and work
        if work is None:
            engine.clock = time.perf_counter
            engine.deadline = float("inf") if budget is None else start + budget
        else:
            engine.clock = engine.work_done
            engine.deadline = engine.work + work
        engine.nodes = 0
        engine.forget_nogoods()
        if present is None:
            # The solver's own position, already checked: rebuilding it would count the
            # groups again.
            at = self.position
        else:
            at = Position(self.position.layout, self.position.faces, present)
        root_present = at.present
        try:
            node, dead = engine.root(root_present)
            if dead is not None:
                reason, links = explain_with_links(engine, at, node, dead)
                blocking = dead.tiles & node.present or node.present
                verdict = self._verdict(UNSOLVABLE, begun, reason=reason, proof="dead")
                return replace(verdict, blocking=tuple(iter_bits(blocking)), links=links)
            found = run_portfolio(engine, node, workers)
        except OutOfTime:
            return self._verdict(UNDECIDED, begun)
        if not isinstance(found, list):
            reason = (
                "exhaustive search: no way of pairing the remaining tiles clears the board "
                f"({engine.nodes} search nodes)"
            )
            return self._verdict(UNSOLVABLE, begun, reason=reason, proof="search")
        moves = tuple(Move.of(a, b) for a, b in found)
        end = replay(at, moves)
        if not end.is_cleared:
            raise IllegalMove(f"solver bug: its sequence leaves {end.tile_count} tiles")
        return self._verdict(SOLVABLE, begun, moves=moves)

    def _verdict(
        self,
        status: Status,
        begun: tuple[float, int],
        *,
        moves: tuple[Move, ...] = (),
        reason: str | None = None,
        proof: Literal["dead", "search"] | None = None,
    ) -> Verdict:
        start, first_work = begun
        seconds = time.perf_counter() - start
        work = self.engine.work - first_work
        return Verdict(status, moves, reason, proof, self.engine.nodes, seconds, work)


def solve(
    position: Position,
    budget: float | None = None,
    *,
    work: int | None = None,
    workers: int = 1,
) -> Verdict:
    """Decide whether ``position`` can be cleared, within ``budget`` seconds if given (or
    ``work`` looser games; ``workers=2`` for a second process: see ``Solver.solve``).
    The budget covers setting up the solver's tables too."""
    started = time.perf_counter()
    check_budget(budget)
    return Solver(position).solve(budget=budget, work=work, workers=workers, started=started)


def hints(
    position: Position,
    budget: float | None = None,
    *,
    workers: int = 1,
    started: float | None = None,
) -> list[Hint]:
    """Every pair removable now, each with the verdict on the position it leaves.

    The pairs whose verdict is solvable are the ones that keep the position clearable.
    ``budget`` covers the whole call; pairs still unexamined when it runs out come back
    undecided. ``workers`` and ``started`` as for ``Solver.solve``.
    """
    started = time.perf_counter() if started is None else started
    check_budget(budget)
    check_workers(workers)
    solver = Solver(position)
    deadline = None if budget is None else started + budget
    found: list[Hint] = []
    for move in position.available_moves():
        remaining = None if deadline is None else deadline - time.perf_counter()
        if remaining is not None and remaining <= 0:
            # Out of time: the pairs left are undecided without asking the solver, whose
            # every call costs setting up the position (thousands of pairs on a big board).
            found.append(Hint(move, Verdict(UNDECIDED)))
            continue
        after = position.present & ~(1 << move.first | 1 << move.second)
        found.append(Hint(move, solver.solve(after, remaining, workers=workers)))
    return found


def check_budget(budget: float | None) -> None:
    """Refuse a time budget that is not a finite number of seconds >= 0 (NaN would
    never run out, or always; infinity is spelt None)."""
    if budget is None:
        return
    if isinstance(budget, bool) or not isinstance(budget, (int, float)):
        raise ValueError(f"budget must be a finite number of seconds >= 0, got {budget!r}")
    if not (math.isfinite(budget) and budget >= 0):
        raise ValueError(f"budget must be a finite number of seconds >= 0, got {budget!r}")


def check_workers(workers: int) -> None:
    """Refuse a number of processes the solver cannot use."""
    if workers not in (1, 2):
        raise ValueError(f"workers must be 1 or 2, got {workers!r}")
