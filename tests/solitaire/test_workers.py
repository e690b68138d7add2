"""A second process (``workers=2``) and the strategies it runs must give the same answers
as one process, and bad requests are refused."""

import multiprocessing
import os
import random
import subprocess
import sys
import time
from typing import Any

import pytest
from test_solver import brute_force, stacked_position

from typed_mahjong.solitaire import helper as helper_module
from typed_mahjong.solitaire import portfolio
from typed_mahjong.solitaire.deals import random_deal
from typed_mahjong.solitaire.engine import Engine
from typed_mahjong.solitaire.helper import Helper, can_fork, run_helper, search_alone
from typed_mahjong.solitaire.layout import turtle
from typed_mahjong.solitaire.position import Move, Position, replay
from typed_mahjong.solitaire.search import Strategy
from typed_mahjong.solitaire.solver import hints, solve

needs_fork = pytest.mark.skipif(not can_fork(), reason="this platform cannot fork")


@pytest.mark.parametrize("workers", [0, 3, -1])
def test_only_one_or_two_workers_are_accepted(workers: int) -> None:
    position = random_deal(turtle(), 3)
    with pytest.raises(ValueError, match=f"workers must be 1 or 2, got {workers}"):
        solve(position, workers=workers)
    with pytest.raises(ValueError, match=f"workers must be 1 or 2, got {workers}"):
        hints(position, workers=workers)


def test_two_workers_do_not_take_a_work_budget() -> None:
    with pytest.raises(ValueError, match="use budget= "):
        solve(random_deal(turtle(), 3), work=100, workers=2)


def verdict_alone(position: Position, strategy: Strategy) -> str:
    """One probing strategy from the root, without the portfolio."""
    engine = Engine(position)
    root, dead = engine.root(position.present)
    if dead is not None:
        return "unsolvable"
    found = search_alone(engine, root, strategy)
    if not isinstance(found, list):
        return "unsolvable"
    moves = tuple(Move.of(a, b) for a, b in found)
    assert replay(position, moves).is_cleared
    return "solvable"


@pytest.mark.parametrize("strategy", ["prove", "narrow"])
def test_each_probing_strategy_alone_agrees_with_exhaustive_search(strategy: Strategy) -> None:
    # In the portfolio ``quick`` decides most small positions before the probing lanes
    # get far; alone, each must still be right on its own.
    for seed in range(150):
        position = stacked_position(random.Random(seed))
        expected = "solvable" if brute_force(position) else "unsolvable"
        assert verdict_alone(position, strategy) == expected, f"seed {seed}"


@pytest.fixture
def helper_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Fork the helper at the start even on deals decided in a few looser games."""
    monkeypatch.setattr(portfolio, "HELPER_AFTER", 0)


@needs_fork
@pytest.mark.usefixtures("helper_at_once")
def test_two_workers_agree_with_exhaustive_search() -> None:
    for seed in range(100, 160):
        position = stacked_position(random.Random(seed))
        verdict = solve(position, workers=2)
        expected = "solvable" if brute_force(position) else "unsolvable"
        assert verdict.status == expected, f"seed {seed}"
        if verdict.status == "solvable":
            assert replay(position, verdict.moves).is_cleared


@needs_fork
@pytest.mark.usefixtures("helper_at_once")
@pytest.mark.parametrize(("seed", "status"), [(7, "solvable"), (95, "unsolvable")])
def test_two_workers_on_turtle_deals(seed: int, status: str) -> None:
    # Seed 95 is unsolvable, but not on its face: the search has to prove it.
    verdict = solve(random_deal(turtle(), seed), budget=120, workers=2)
    assert verdict.status == status
    assert verdict.proof == (None if status == "solvable" else "search")


def helper_outcome(position: Position, timeout: float = 120.0) -> Any:
    """Start a helper on the position's root and wait for its answer."""
    engine = Engine(position)
    root, dead = engine.root(position.present)
    assert dead is None
    engine.deadline = time.perf_counter() + timeout
    helper = Helper(engine, root)
    try:
        while time.perf_counter() < engine.deadline:
            answer = helper.answer()
            if answer is not None or helper.done:
                return answer
            time.sleep(0.005)
    finally:
        helper.stop()
    raise AssertionError("the helper never answered")


@needs_fork
def test_the_helper_process_sends_back_a_clearing_sequence() -> None:
    position = random_deal(turtle(), 7)
    found = helper_outcome(position)
    assert isinstance(found, list)
    assert replay(position, tuple(Move.of(a, b) for a, b in found)).is_cleared


@needs_fork
def test_a_failing_helper_leaves_the_search_to_the_caller(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    class Broken:
        def __init__(self, *args: object) -> None:
            raise RuntimeError("broken on purpose")

    # The fork copies the patched module, so the helper fails; the caller carries on.
    monkeypatch.setattr(helper_module, "probing_lane", Broken)
    position = random_deal(turtle(), 95)
    assert helper_outcome(position) is None
    assert solve(position, budget=120, workers=2).status == "unsolvable"


def helper_message(position: Position, deadline: float) -> Any:
    """What run_helper sends, run in this process (no fork)."""
    engine = Engine(position)
    root, _dead = engine.root(position.present)
    engine.deadline = deadline
    receiver, sender = multiprocessing.Pipe(duplex=False)
    run_helper(engine, root, sender)
    return receiver.recv()


def test_the_helper_sends_one_message_whatever_happens(monkeypatch: pytest.MonkeyPatch) -> None:
    position = random_deal(turtle(), 7)
    kind, found, nodes, work = helper_message(position, float("inf"))
    assert kind == "decided" and isinstance(found, list) and nodes > 0 and work > 0
    assert helper_message(position, -1.0) == ("undecided", None, 0, 0)

    def broken(*args: object) -> None:
        raise RuntimeError("broken on purpose")

    monkeypatch.setattr(helper_module, "probing_lane", broken)
    assert helper_message(position, float("inf")) == (
        "failed",
        "RuntimeError('broken on purpose')",
        0,
        0,
    )


@needs_fork
def test_output_buffered_before_the_fork_is_written_once() -> None:
    # A forked child inherits unflushed output and would write it again on exit.
    script = (
        "import sys\n"
        "from typed_mahjong.solitaire.deals import random_deal\n"
        "from typed_mahjong.solitaire.layout import turtle\n"
        "from typed_mahjong.solitaire.solver import solve\n"
        "sys.stdout.write('before\\n')\n"
        "solve(random_deal(turtle(), 95), budget=120, workers=2)\n"
        "sys.stdout.write('after\\n')\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, env=env, check=True
    )
    assert done.stdout == "before\nafter\n"
