"""A match: ``rounds`` deals at a table of ``players``, the scores from
``starting_points`` moved by each win's payments, and the final standings.

One seat may be a person's (``human``); the others are bots (bots.py), which
``advance()`` plays until the person must act or the round is over. A match with no
person plays itself out with ``run()``. The whole match is kept as events (record.py
writes them as JSON lines): the seed, every deal, draw, discard and call, and every win
with the engine's score.

The dealer moves one seat each round; the round wind is East for the first ``players``
rounds, then South, and so on. A round's wall comes from one generator seeded with the
match's seed, so a seed and the same moves give the same match.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from ..errors import MahjongError
from ..games import Game
from ..games.model import Value
from .bots import Bot
from .calls import Call
from .round import WINDS, Event, MoveError, Round, Win
from .wall import build_wall

RECORD_FORMAT = 1
MAX_PLAYERS = 8
MAX_ROUNDS = 64


class MatchError(MahjongError):
    """A match that cannot be set up as asked (players, rounds)."""


class Match:
    """A match being played (see the module's docstring)."""

    def __init__(self, game: Game, seed: int, *, source: str | None = None,
                 players: int | None = None, rounds: int | None = None,
                 human: int | None = 0) -> None:
        self.game = game
        self.seed = seed
        self.players = game.players if players is None else players
        self.rounds = game.rounds if rounds is None else rounds
        if not 2 <= self.players <= MAX_PLAYERS:
            raise MatchError(f"a table has 2 to {MAX_PLAYERS} players, not {self.players}")
        if not 1 <= self.rounds <= MAX_ROUNDS:
            raise MatchError(f"a match has 1 to {MAX_ROUNDS} rounds, not {self.rounds}")
        need = self.players * (game.hand_size - 1) + 1
        wall = sum(tile.copies for tile in game.tiles)
        if wall < need:
            raise MatchError(f"{self.players} players need {need} tiles to deal and draw; "
                             f"the game has {wall}")
        if human is not None and not 0 <= human < self.players:
            raise MatchError(f"the person's seat must be 0 to {self.players - 1}")
        self.human = human
        self.rng = random.Random(seed)
        self.scores = [game.starting_points] * self.players
        self.events: list[Event] = []
        bot = Bot(game)  # no state of its own between turns: one serves every seat
        self.bots = {seat: bot for seat in range(self.players) if seat != human}
        self.results: list[Win | None] = []
        self.number = 0  # rounds started
        self.finished = False
        self.record({"event": "game", "format": RECORD_FORMAT, "game": game.name,
                     "source": source or game.filename, "fingerprint": game.fingerprint,
                     "seed": seed, "players": self.players, "rounds": self.rounds})
        self.round = self._start_round()  # the bots move at the first advance()

    def record(self, event: Event) -> None:
        self.events.append(event)

    # --------------------------------------------------------------------------- course

    def _start_round(self) -> Round:
        dealer = self.number % self.players
        wind = WINDS[(self.number // self.players) % len(WINDS)]
        self.number += 1
        self.record({"event": "round", "number": self.number, "dealer": dealer,
                     "wind": wind, "scores": list(self.scores)})
        return Round(self.game, build_wall(self.game, self.rng), self.players, dealer,
                     wind, self.record)

    def next_round(self, advance: bool = True) -> None:
        """Deal the next round once this one is over (and let the bots move, unless
        ``advance`` is false)."""
        if self.finished:
            raise MoveError("the match is over")
        if self.round.phase != "over":
            raise MoveError("the round is not over yet")
        self.round = self._start_round()
        if advance:
            self.advance()

    def advance(self) -> None:
        """Let the bots act until a person must, or the round is over (then settle)."""
        while self.round.phase != "over" and self.advance_one():
            pass
        if self.round.phase == "over" and len(self.results) < self.number:
            self._settle(self.round)

    def advance_one(self) -> bool:
        """One bot's move, when a bot must move; False when none must."""
        current = self.round
        if current.phase == "discard" and current.turn in self.bots:
            self._bot_turn(current.turn)
            return True
        if current.phase == "claim":
            bots = [p for p in current.claimants()
                    if p not in current.answers and p in self.bots]
            if bots:
                self._bot_claim(bots[0])
                return True
        return False

    def _bot_claim(self, player: int) -> None:
        """A bot answers the discard: a win it wants, else a call that helps, else
        pass."""
        current = self.round
        bot = self.bots[player]
        offer = current.offers.get(player)
        if offer is not None and bot.wants_win(offer.points):
            current.answer(player, True)
            return
        calls = current.call_offers.get(player, ())
        call = bot.choose_call(current.hands[player], current.meld_text(player), calls,
                               self.seen(player),
                               lambda tsumo: current.inputs(player, tsumo, called=True),
                               now=lambda tsumo: current.inputs(player, tsumo)
                               ) if calls else None
        if call is None:
            current.answer(player, False)
        else:
            current.call(player, call)

    def _bot_turn(self, player: int) -> None:
        current = self.round
        bot = self.bots[player]
        score = current.self_draw_score()
        if score is not None and bot.wants_win(score.points):
            current.declare_self_draw(player)
            return
        kongs = current.kong_offers(player)
        if kongs:
            kong = bot.choose_kong(current.hands[player], current.melds[player], kongs,
                                   self.seen(player),
                                   lambda tsumo: current.inputs(player, tsumo))
            if kong is not None:
                current.declare_kong(player, kong)
                return
        tile = bot.choose_discard(current.hands[player], self.seen(player),
                                  lambda tsumo: current.inputs(player, tsumo),
                                  current.meld_text(player))
        current.discard(player, tile)

    def seen(self, player: int) -> Counter[str]:
        """The tiles ``player`` can see: its hand, every discard and every meld."""
        seen = Counter(self.round.hands[player])
        for pile in self.round.discards:
            seen.update(pile)
        for melds in self.round.melds:
            for call in melds:
                seen.update(call.meld)
        return seen

    def _settle(self, current: Round) -> None:
        win = current.win
        self.results.append(win)
        if win is not None:
            self.scores = [s + d for s, d in zip(self.scores, win.payments, strict=True)]
        if self.number >= self.rounds:
            self.finished = True
            self.record({"event": "end", "scores": list(self.scores),
                         "standings": self.standings()})

    def run(self) -> None:
        """Play the match to its end (bots only)."""
        if self.human is not None:
            raise MoveError("a match with a person is played move by move")
        while not self.finished:
            self.advance()
            if not self.finished:
                self.next_round()

    # ----------------------------------------------------------------- the person's moves

    def discard(self, tile: str) -> None:
        self.round.discard(self._person(), tile)
        self.advance()

    def win(self) -> None:
        """The person wins: by self-draw on their turn, or on the discard offered."""
        player = self._person()
        if self.round.phase == "claim":
            self.round.answer(player, True)
        else:
            self.round.declare_self_draw(player)
        self.advance()

    def pass_discard(self) -> None:
        self.round.answer(self._person(), False)
        self.advance()

    def call(self, index: int) -> None:
        """The person makes the call numbered ``index`` of those offered to them
        (``Round.call_offers``, in the order the page lists them)."""
        player = self._person()
        offered = self.round.call_offers.get(player, ())
        if self.round.phase != "claim" or not offered:
            raise MoveError("no call is offered to you now")
        if not 0 <= index < len(offered):
            raise MoveError(f"there are {len(offered)} calls offered: choose 0 to "
                            f"{len(offered) - 1}")
        chosen: Call = offered[index]
        self.round.call(player, chosen)
        self.advance()

    def kong(self, index: int) -> None:
        """The person declares the kong numbered ``index`` of those offered to them on
        their turn (``Round.kong_offers``, in the order the page lists them)."""
        player = self._person()
        offered = self.round.kong_offers(player)
        if not offered:
            raise MoveError("no kong may be declared now")
        if not 0 <= index < len(offered):
            raise MoveError(f"there are {len(offered)} kongs offered: choose 0 to "
                            f"{len(offered) - 1}")
        self.round.declare_kong(player, offered[index])
        self.advance()

    def _person(self) -> int:
        if self.human is None:
            raise MoveError("no seat is a person's")
        return self.human

    # ---------------------------------------------------------------------- reporting

    def standings(self) -> list[dict[str, Any]]:
        """Players by score, highest first (ties: the lower seat first)."""
        order = sorted(range(self.players), key=lambda p: (-self.scores[p], p))
        return [{"place": place, "player": p, "score": self.scores[p]}
                for place, p in enumerate(order, start=1)]

    def person_inputs(self, tsumo: bool) -> dict[str, Value]:
        return self.round.inputs(self._person(), tsumo)
