"""Seeded bot-only matches: the measure of the bots and the check that play never breaks.

``simulate(game, seeds)`` plays one match per seed with bots in every seat and sums up
what happened: rounds played, rounds won (by self-draw, by discard), the points of each
win, and for every bot turn its wall-clock time (the bot's choice and the table's
checks of the move) and the engine calls the bot made (``Game.waits`` and ``Game.score``,
its memo's hits not counted): the count does not depend on the machine. ``check_wins``
re-scores every win of a match's events with ``Game.score``: the points the table paid out
must be the engine's.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import dataclass, field

from ..games import Game
from .match import Match
from .round import Event


@dataclass(slots=True)
class Summary:
    """What the seeded matches gave (``turn_seconds``: one entry a bot turn)."""

    matches: int = 0
    rounds: int = 0
    wins: int = 0
    self_draws: int = 0
    points: list[int] = field(default_factory=list)
    turn_seconds: list[float] = field(default_factory=list)
    turn_calls: list[int] = field(default_factory=list)

    @property
    def win_rate(self) -> float:
        return self.wins / self.rounds if self.rounds else 0.0

    @property
    def mean_points(self) -> float:
        return sum(self.points) / len(self.points) if self.points else 0.0


def simulate(game: Game, seeds: Iterable[int], *, players: int | None = None,
             rounds: int | None = None, source: str | None = None) -> Summary:
    """Play a bot-only match for each seed; raises whatever a match raises, and
    ``AssertionError`` when a win's points are not ``Game.score``'s."""
    summary = Summary()
    for seed in seeds:
        match = timed_match(game, seed, summary, players=players, rounds=rounds,
                            source=source)
        check_wins(game, match.events)
        summary.matches += 1
        summary.rounds += len(match.results)
        for win in match.results:
            if win is not None:
                summary.wins += 1
                summary.self_draws += win.discarder is None
                summary.points.append(win.score.points)
    return summary


def timed_match(game: Game, seed: int, summary: Summary, *, players: int | None = None,
                rounds: int | None = None, source: str | None = None) -> Match:
    """Play one bot-only match, adding each bot turn's time and engine calls to
    ``summary`` (its other counts are ``simulate``'s business); the match played."""
    match = Match(game, seed, source=source, players=players, rounds=rounds, human=None)
    calls = match.bots[0].calls  # one bot serves every seat
    while not match.finished:
        current = match.round
        while current.phase != "over":
            began = time.perf_counter()
            before = len(match.events)
            engine_calls = calls.waits + calls.scores
            if not match.advance_one():
                break
            if len(match.events) > before:
                summary.turn_seconds.append(time.perf_counter() - began)
                summary.turn_calls.append(calls.waits + calls.scores - engine_calls)
        match.advance()
        if not match.finished:
            match.next_round(advance=False)
    return match


def check_wins(game: Game, events: list[Event]) -> int:
    """Re-score every win of ``events``; the number of wins. AssertionError on the first
    whose points or yaku differ from ``Game.score`` on the same hand and inputs."""
    wins = 0
    for event in events:
        if event.get("event") != "win":
            continue
        score = game.score(event["hand"], **event["inputs"])
        assert score.points == event["points"], (event, score.points)
        assert [[n, v] for n, v in score.yaku] == event["yaku"], (event, score.yaku)
        wins += 1
    return wins
