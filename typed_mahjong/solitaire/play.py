"""A game being played (``solitaire play``): the moves so far and a verdict on every
position, computed in the background so that no request waits for the solver.

One ``PlaySession`` holds one deal. Moves, undo and new deals change it at once under a
lock; a worker thread decides the positions of the game that have no verdict yet, the
newest first (the one on the board is what the player is looking at), each within the
budget, and ``state()`` reports what is known so far: ``pending`` where the worker has
not got to a position yet. Clearability only goes one way along a game, so a pending or
undecided step between known ones is settled from them, as in the review (``review``).
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..safe_io import printable
from .deals import random_deal
from .errors import IllegalMove
from .formats import LoadedLayout
from .position import Move, Position
from .report import tile_json
from .review import GameRecord, Review, assemble_review, format_game
from .solver import Solver, Verdict

RANDOM_SEEDS = 1_000_000  # a new deal's seed is drawn below this: short enough to note


def random_seed() -> int:
    """A seed for a deal nobody asked for by number (``solitaire play``, New deal)."""
    return random.SystemRandom().randrange(RANDOM_SEEDS)


# Verdicts kept for positions off the current game (after undo): a client that keeps
# trying moves and taking them back cannot grow the memory without bound.
MAX_REMEMBERED = 5000


@dataclass(frozen=True, slots=True)
class Timed:
    """A verdict and the wall-clock seconds the server spent on it."""

    verdict: Verdict
    seconds: float


class PlaySession:
    """One deal being played: its start, the moves, and the verdicts found so far."""

    def __init__(self, loaded: LoadedLayout, layout_spec: str, seed: int | None,
                 budget: float, *, clock: Callable[[], float] = time.perf_counter) -> None:
        self.loaded = loaded
        self.layout_spec = layout_spec
        self.budget = budget
        self.clock = clock
        self.lock = threading.Condition()
        self.generation = 0
        self.timings: list[float] = []  # seconds of every verdict computed, in order
        self._stopped = False
        self._deal(seed)
        self._worker = threading.Thread(target=self._work, name="verdicts", daemon=True)
        self._worker.start()

    # ------------------------------------------------------------------ changing the game

    def _deal(self, seed: int | None) -> None:
        """Start a deal (lock held or not yet shared): the file's faces when it has them
        and no seed is asked for, else the random deal of ``seed``."""
        layout = self.loaded.layout
        if seed is None and self.loaded.faces is not None:
            self.start = Position(layout, self.loaded.faces)
            self.deal: dict[str, object] = {"kind": "file", "seed": None}
        else:
            seed = 0 if seed is None else seed
            self.start = random_deal(layout, seed)
            self.deal = {"kind": "random", "seed": seed}
        self.moves: list[Move] = []
        self.path: list[Position] = [self.start]
        self.verdicts: dict[int, Timed] = {}
        self.solver: Solver | None = None  # made by the worker, which alone uses it
        self.generation += 1

    def move(self, first: int, second: int) -> None:
        """Remove the pair in slots ``first`` and ``second``; ``IllegalMove`` if the rules
        forbid it (which rule, which tile)."""
        with self.lock:
            size = len(self.start.layout)
            for slot in (first, second):
                if not 0 <= slot < size:
                    raise IllegalMove(f"slot {slot} is not in the layout (0 to {size - 1})")
            after = self.path[-1].remove(Move.of(first, second))
            self.moves.append(Move.of(first, second))
            self.path.append(after)
            self.lock.notify_all()

    def undo(self) -> None:
        """Take the last move back; ``IllegalMove`` when there is none."""
        with self.lock:
            if not self.moves:
                raise IllegalMove("there is no move to undo")
            self.moves.pop()
            self.path.pop()
            self.lock.notify_all()

    def new_deal(self, seed: int | None = None) -> int:
        """Deal again: ``seed``, or one picked at random. Returns the seed dealt."""
        if seed is None:
            seed = random_seed()
        with self.lock:
            self._deal(seed)
            self.lock.notify_all()
        return seed

    def stop(self) -> None:
        with self.lock:
            self._stopped = True
            self.lock.notify_all()
        self._worker.join(timeout=self.budget + 5)

    # --------------------------------------------------------------------- the verdicts

    def _work(self) -> None:
        """The worker: decide the game's positions that have no verdict, newest first."""
        while True:
            with self.lock:
                while not self._stopped and self._next_open() is None:
                    self.lock.wait()
                if self._stopped:
                    return
                at = self._next_open()
                assert at is not None
                generation = self.generation
                if self.solver is None:
                    self.solver = Solver(self.start)
                solver = self.solver
            began = self.clock()
            verdict = solver.solve(at.present, self.budget)
            seconds = self.clock() - began
            with self.lock:
                if generation == self.generation:
                    self._remember(at.present, Timed(verdict, seconds))
                    self.timings.append(seconds)
                    self.lock.notify_all()

    def _next_open(self) -> Position | None:
        for at in reversed(self.path):
            if at.present not in self.verdicts:
                return at
        return None

    def _remember(self, present: int, timed: Timed) -> None:
        if len(self.verdicts) >= MAX_REMEMBERED:
            on_path = {at.present for at in self.path}
            self.verdicts = {p: t for p, t in self.verdicts.items() if p in on_path}
        self.verdicts[present] = timed

    def wait_settled(self, timeout: float) -> bool:
        """Block until every position of the game has its verdict (for tests and the
        benchmark; the server never waits). False if ``timeout`` seconds ran out."""
        deadline = time.monotonic() + timeout
        with self.lock:
            while self._next_open() is not None:
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self.lock.wait(left)
        return True

    # ----------------------------------------------------------------------- reporting

    def review(self) -> Review:
        """The game so far as a review (pending positions count as undecided)."""
        with self.lock:
            path, moves = list(self.path), list(self.moves)
            timed = [self.verdicts.get(at.present) for at in path]
        verdicts = [Verdict("undecided") if t is None else t.verdict for t in timed]
        seconds = sum(t.seconds for t in timed if t is not None)
        return assemble_review(path, moves, verdicts, seconds)

    def record_text(self) -> str:
        """The game in the game-record format (``solitaire review`` reads it)."""
        with self.lock:
            return format_game(self.start, self.moves, self.layout_spec, self.deal)

    def game_record(self) -> GameRecord:
        with self.lock:
            first_move_line = 4 if self.deal["kind"] != "file" else 3
            lines = tuple(range(first_move_line, first_move_line + len(self.moves)))
            return GameRecord(self.start, tuple(self.moves), lines, dict(self.deal),
                              "this game")

    def hint(self) -> dict[str, Any]:
        """A pair that keeps the game clearable, from the current position's verdict (its
        clearing sequence starts with one), or why there is none yet."""
        with self.lock:
            at = self.path[-1]
            timed = self.verdicts.get(at.present)
        if at.is_cleared:
            return {"hint": None, "message": "the board is cleared"}
        if timed is None:
            return {"hint": None, "message": "still deciding this position: ask again"}
        verdict = timed.verdict
        if verdict.status == "solvable" and verdict.moves:
            move = verdict.moves[0]
            return {"hint": [move.first, move.second],
                    "message": f"{at.describe(move.first)} + {at.describe(move.second)} "
                    "keeps the game clearable"}
        if verdict.status == "unsolvable":
            return {"hint": None, "message": "no move can save this position: it is dead"}
        return {"hint": None, "message": "not known within the budget whether any move "
                "keeps the game clearable"}

    def state(self) -> dict[str, Any]:
        """Everything the page shows, as JSON-ready data."""
        with self.lock:
            path, moves = list(self.path), list(self.moves)
            timed = [self.verdicts.get(at.present) for at in path]
            generation = self.generation
            deal = dict(self.deal)
        verdicts = [Verdict("undecided") if t is None else t.verdict for t in timed]
        result = assemble_review(path, moves, verdicts, 0.0)
        start, current = path[0], path[-1]
        layout = start.layout
        steps = []
        for step, known in zip(result.steps, timed, strict=True):
            pending = known is None and not step.inferred and step.status != "cleared"
            steps.append({
                "status": "pending" if pending else step.status,
                "inferred": step.inferred,
                "seconds": None if known is None else round(known.seconds, 4),
                "blocking": list(step.blocking),
                "locked": list(step.locked),
                "links": [{"tile": link.tile, "kind": link.kind, "others": list(link.others),
                           "text": link.text} for link in step.verdict.links],
                "reason": step.verdict.reason,
            })
        return {
            "generation": generation,
            "layout": printable(layout.name),
            "deal": deal,
            "budget": self.budget,
            "tiles": [tile_json(start, index) for index in range(len(layout))],
            "start": [i for i in range(len(layout)) if start.present >> i & 1],
            "moves": [[m.first, m.second] for m in moves],
            "present": current.tiles(),
            "free": current.free_tiles(),
            "available": len(current.available_moves()),
            "steps": steps,
            "fatal": result.fatal,
            "lost_from_the_start": result.lost_from_the_start,
        }


def layout_line(spec: str, loaded: LoadedLayout) -> str:
    """What a saved record's ``layout`` line should say: a shipped layout's name as is, a
    file by its absolute path (the record may be saved anywhere)."""
    path = Path(spec)
    if path.exists():
        return str(path.resolve())
    return loaded.source
