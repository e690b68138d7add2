"""Playing a game defined in YAML at a table: a wall, turns, wins, payments, rounds.

No web here: ``game play`` serves this through ``typed_mahjong.localweb``; bots and the
seeded simulation drive it directly. Every win is the engine's (``Game.score``): the
table never decides a rule itself.

    match = Match(game, seed=7, players=4, rounds=4, human=None)   # bots only
    match.run()                    # plays to the end
    match.standings()
"""

from __future__ import annotations

from .match import Match, MatchError
from .simulate import simulate

__all__ = ["Match", "MatchError", "simulate"]
