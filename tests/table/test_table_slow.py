"""More seeded bot-only matches of each shipped game (``-m slow``), under a time cap."""

from __future__ import annotations

import time

import pytest

from typed_mahjong import games
from typed_mahjong.table.simulate import simulate

MATCHES = 20
CAP_SECONDS = 600.0  # a whole game's matches; pure Python, the slowest game (mcr)


@pytest.mark.slow
@pytest.mark.parametrize("name", ["forest", "hk-oldstyle", "mcr", "riichi-tanyao"])
def test_many_seeded_bot_matches_finish_with_the_engines_points(name: str) -> None:
    game = games.load(games.builtin_path(name))
    began = time.monotonic()
    summary = simulate(game, range(1000, 1000 + MATCHES))  # check_wins re-scores each
    assert summary.matches == MATCHES and summary.rounds == MATCHES * game.rounds
    assert time.monotonic() - began < CAP_SECONDS
