"""Who pays a win: a game file's ``payment`` section (docs/games.md "Playing a game").

Scoring gives a hand's points; settling them between the players is the table's
business, and games differ in it. The section says it in three keys:

* ``discard``: on a win on a discard, ``discarder`` (the default: the player who
  discarded pays the points) or ``everyone`` (each other player pays them);
* ``self_draw``: on a self-drawn win, ``each`` (the default: each other player pays the
  points) or ``split`` (the others share the points, each paying the rounded-up share);
* ``base``: a fixed sum every other player pays the winner on top, however the hand was
  won (Chinese Official's 8; default 0).
"""

from __future__ import annotations

from dataclasses import dataclass

DISCARD_PAYERS = ("discarder", "everyone")
SELF_DRAW_PAYERS = ("each", "split")


@dataclass(frozen=True, slots=True)
class Payment:
    """A game's payment rules (defaults: the discarder pays; on a self-draw, everyone)."""

    discard: str = "discarder"
    self_draw: str = "each"
    base: int = 0

    def settle(self, points: int, winner: int, discarder: int | None,
               players: int) -> list[int]:
        """The change of each player's score for a win worth ``points`` by ``winner``, on
        the discard of ``discarder`` (None: self-drawn). The changes sum to zero."""
        delta = [0] * players
        others = [p for p in range(players) if p != winner]
        for payer in others:
            owed = self.base
            if discarder is None:
                share = points if self.self_draw == "each" else -(-points // len(others))
                owed += share
            elif self.discard == "everyone" or payer == discarder:
                owed += points
            delta[payer] -= owed
            delta[winner] += owed
        return delta
