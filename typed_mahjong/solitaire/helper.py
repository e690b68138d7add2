"""A second process searching the same deal (``solve(..., workers=2)``).

The probing strategies fail on different deals: ``prove``, and ``narrow`` (``prove``
branching among the groups with the fewest pairings left), are each slow on hard deals
the other decides quickly, and seldom on the same ones (docs/solitaire.md has the
counts). So with a second core the helper runs ``prove`` alone while the caller's
process runs the portfolio with ``narrow`` in its place; whichever decides first
answers.

The helper is forked once the deal has taken ``quick`` a while (see ``portfolio``), so it
begins with the engine as it is (tables, the settled root, the memo and nogoods so far)
without copying or pickling anything. It obeys the same deadline, sends one message
back and exits. It is only an extra chance: if it fails, dies or cannot be started, the
search goes on alone.
"""

from __future__ import annotations

import multiprocessing
import sys
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

from .engine import DeadEnd, Engine, Node, OutOfTime
from .search import Outcome, Strategy, probing_lane


def can_fork() -> bool:
    """Whether this platform can start a helper (it needs the ``fork`` start method:
    Linux and macOS have it, Windows does not)."""
    return "fork" in multiprocessing.get_all_start_methods()


class Helper:
    """A process running ``prove`` from ``root``, forked once the engine has played
    ``start_at`` looser games (easy deals are decided before that and never pay for a
    fork: while a child lives, each memory page the parent touches is copied)."""

    def __init__(self, engine: Engine, root: Node, start_at: int = 0) -> None:
        self.engine = engine
        self.root = root
        self.start_at = start_at
        self.process: BaseProcess | None = None
        self.receiver: Connection | None = None
        self.done = False

    def start(self) -> None:
        # Output still buffered here would be written a second time by the child.
        for stream in (sys.stdout, sys.stderr):
            if stream is not None:
                stream.flush()
        context = multiprocessing.get_context("fork")
        receiver, sender = context.Pipe(duplex=False)
        self.receiver = receiver
        self.process = context.Process(
            target=run_helper, args=(self.engine, self.root, sender), daemon=True
        )
        self.process.start()
        sender.close()  # the child holds its own end

    def answer(self) -> Outcome | None:
        """Start the helper when due; then its outcome once it has decided (None until
        then, and for good if it ran out of time or failed). Its nodes and work are
        added to the engine's."""
        if self.receiver is None:
            if self.engine.work >= self.start_at:
                self.start()
            return None
        if self.done or not self.receiver.poll():
            return None
        self.done = True
        try:
            kind, outcome, nodes, work = self.receiver.recv()
        except (EOFError, OSError):
            return None  # it died without a word: go on alone
        if kind != "decided":
            return None
        self.engine.nodes += nodes
        self.engine.work += work
        decided: Outcome = outcome
        return decided

    def stop(self) -> None:
        """End the helper if it was started (it may still be searching)."""
        if self.process is not None:
            if self.process.is_alive():
                self.process.kill()
            self.process.join()
        if self.receiver is not None:
            self.receiver.close()


def run_helper(engine: Engine, root: Node, sender: Connection) -> None:
    """The helper process: search, then send ``(kind, outcome, nodes, work)``."""
    nodes, work = engine.nodes, engine.work
    message: tuple[str, Any, int, int]
    try:
        outcome = search_alone(engine, root)
        message = ("decided", outcome, engine.nodes - nodes, engine.work - work)
    except OutOfTime:
        message = ("undecided", None, 0, 0)
    except Exception as error:  # a bug in the helper must not stop the caller
        message = ("failed", repr(error), 0, 0)
    sender.send(message)
    sender.close()


def search_alone(engine: Engine, root: Node, strategy: Strategy = "prove") -> Outcome:
    """One probing strategy from ``root``, without the portfolio, probing the root
    first. Raises OutOfTime at the deadline."""
    steps = probing_lane(engine, root, strategy)
    if isinstance(steps, DeadEnd):
        return steps.conflict
    while True:
        try:
            next(steps)
        except StopIteration as finished:
            outcome: Outcome = finished.value
            return outcome
