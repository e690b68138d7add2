"""More seeded bot-only matches of each shipped game (``-m slow``), under a time cap."""

from __future__ import annotations

import time

import pytest

from typed_mahjong import games
from typed_mahjong.table.simulate import simulate

# Matches of each game: more where a match is cheap; mcr's scores are the dearest. Sized
# so the four games take about a minute and a half of CPU in the pure build together
# (CI's whole run has a 20-minute budget); benchmarks/bench_table.py plays the thousands.
MATCHES = {"forest": 100, "hk-oldstyle": 20, "riichi-tanyao": 20, "mcr": 5}
CAP_SECONDS = 600.0  # a whole game's matches; pure Python, the slowest game (mcr)


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(MATCHES))
def test_many_seeded_bot_matches_finish_with_the_engines_points(name: str) -> None:
    game = games.load(games.builtin_path(name))
    matches = MATCHES[name]
    began = time.monotonic()
    summary = simulate(game, range(1000, 1000 + matches))  # check_wins re-scores each
    assert summary.matches == matches and summary.rounds == matches * game.rounds
    # a bot turn asks the engine at most once a distinct tile held (waits) and once a
    # wait of each (score): never more than hand_size * (1 + the game's tile kinds)
    assert max(summary.turn_calls) <= game.hand_size * (1 + len(game.tiles))
    assert time.monotonic() - began < CAP_SECONDS
