"""How strong the table's bots are, and how long a bot turn takes.

    python benchmarks/bench_table.py [MATCHES] [GAME ...]

Plays MATCHES seeded bot-only matches (seeds 0, 1, ...) of each game (default: every
shipped game) with the game's own players and rounds, re-scoring every win with
``Game.score`` (simulate.check_wins), and prints per game: rounds, rounds won (and by
self-draw), the mean points of a win, the bot turn's median, p99 and slowest time, and
the median time of one ``Game.score`` call on the winning hands, side by side, and the
engine calls (``Game.waits`` + ``Game.score``) a bot turn made: median, p99 and mean, a
count that does not depend on the machine.
"""

from __future__ import annotations

import statistics
import sys
import time
from typing import TypeVar

from typed_mahjong import games
from typed_mahjong.build import build_info
from typed_mahjong.table.match import Match
from typed_mahjong.table.simulate import simulate

T = TypeVar("T", int, float)


def score_ms(game: games.Game, seeds: range) -> float:
    """Median milliseconds of Game.score over the winning hands of a few matches."""
    hands = []
    for seed in seeds[:3]:
        match = Match(game, seed, human=None)
        match.run()
        hands += [(e["hand"], e["inputs"]) for e in match.events if e["event"] == "win"]
    times = []
    for hand, inputs in hands:
        began = time.perf_counter()
        game.score(hand, **inputs)
        times.append(time.perf_counter() - began)
    return statistics.median(times) * 1000 if times else float("nan")


def percentile(ordered: list[T], fraction: float) -> T:
    """The value ``fraction`` of the way up a sorted list (its last for 1.0)."""
    return ordered[min(len(ordered) - 1, int(len(ordered) * fraction))]


def main(argv: list[str]) -> int:
    matches = int(argv[0]) if argv else 20
    names = argv[1:] or list(games.builtin_names())
    print(f"build: {build_info()}")
    print(f"{'game':<14} {'rounds':>6} {'won':>5} {'win%':>6} {'tsumo':>5} {'mean pts':>9} "
          f"{'turn p50':>9} {'p99':>7} {'max':>7} {'score':>7}  (ms)  "
          f"{'calls p50':>9} {'p99':>5} {'mean':>6}")
    for name in names:
        game = games.load(games.builtin_path(name))
        seeds = range(matches)
        summary = simulate(game, seeds)
        turns = sorted(summary.turn_seconds)
        p99 = percentile(turns, 0.99) * 1000
        calls = sorted(summary.turn_calls)
        print(f"{name:<14} {summary.rounds:>6} {summary.wins:>5} "
              f"{100 * summary.win_rate:>5.1f}% {summary.self_draws:>5} "
              f"{summary.mean_points:>9.1f} {statistics.median(turns) * 1000:>9.2f} "
              f"{p99:>7.2f} {turns[-1] * 1000:>7.1f} {score_ms(game, seeds):>7.2f}       "
              f"{percentile(calls, 0.5):>9} {percentile(calls, 0.99):>5} "
              f"{statistics.fmean(calls):>6.1f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
