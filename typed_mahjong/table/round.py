"""One round (one deal) at the table: draw and discard until a win or an empty wall.

A round is always in one of three phases:

* ``discard``: the player whose turn it is holds ``hand_size`` tiles (the drawn one
  last) and must discard one, or win by self-draw when the engine says the hand wins;
* ``claim``: a discard lies on the table and some players may win on it; each of them
  answers (win or pass) before play goes on; when several win, the first after the
  discarder in turn order takes it;
* ``over``: someone won, or the wall ran out (an exhaustive draw).

A win is offered exactly when ``Game.score`` of the hand gives points (the game's
``minimum`` is the engine's business). Every step goes to ``record`` as a JSON-ready
event, the win with the engine's score and the inputs it was scored with.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..errors import MahjongError
from ..games import Game, GameScore
from ..games.model import Value
from .wall import sort_tiles

WINDS = ("E", "S", "W", "N")
Event = dict[str, Any]


class MoveError(MahjongError):
    """A move the rules of the table do not allow now (out of turn, a tile not held)."""


@dataclass(frozen=True, slots=True)
class Win:
    """A finished round's win: who, on whose discard (None: self-drawn), the hand as
    scored (the winning tile last), the inputs, the engine's score and the payments."""

    player: int
    discarder: int | None
    hand: str
    inputs: tuple[tuple[str, Value], ...]
    score: GameScore
    payments: tuple[int, ...]


class Round:
    """One deal of a match (see the module's docstring for its phases)."""

    def __init__(self, game: Game, wall: list[str], players: int, dealer: int,
                 round_wind: str, record: Callable[[Event], None]) -> None:
        self.game = game
        self.wall = wall
        self.players = players
        self.dealer = dealer
        self.round_wind = round_wind
        self.record = record
        self.hands: list[list[str]] = [[] for _ in range(players)]
        self.discards: list[list[str]] = [[] for _ in range(players)]
        self.turn = dealer
        self.phase = "discard"
        self.drawn: str | None = None
        self.last_discard: tuple[int, str] | None = None
        self.offers: dict[int, GameScore] = {}  # players who may win on the discard
        self.answers: dict[int, bool] = {}
        self.win: Win | None = None
        self._self_draw: GameScore | None = None
        for _ in range(game.hand_size - 1):
            for seat in range(players):
                self.hands[(dealer + seat) % players].append(self.wall.pop())
        for seat in range(players):
            record({"event": "deal", "player": seat,
                    "tiles": sort_tiles(game, self.hands[seat])})
        self._draw(dealer)

    # ------------------------------------------------------------------------ situation

    def seat_wind(self, player: int) -> str:
        return WINDS[(player - self.dealer) % self.players % len(WINDS)]

    def inputs(self, player: int, tsumo: bool) -> dict[str, Value]:
        """The situation inputs the table knows, for those the game declares: ``tsumo``,
        ``concealed`` (always: no call is made), ``seat`` and ``round`` (winds E S W N),
        ``last_tile_draw`` / ``last_tile_claim`` (won with the wall empty)."""
        known: dict[str, Value] = {
            "tsumo": tsumo, "concealed": True, "seat": self.seat_wind(player),
            "round": self.round_wind, "last_tile_draw": tsumo and not self.wall,
            "last_tile_claim": not tsumo and not self.wall}
        given: dict[str, Value] = {}
        for spec in self.game.inputs:
            value = known.get(spec.name)
            if value is None or (spec.type == "bool") != isinstance(value, bool):
                continue
            if spec.type == "str" and (spec.values is None or value not in spec.values):
                continue
            given[spec.name] = value
        return given

    def hand_text(self, player: int, winning: str) -> str:
        """The hand as ``Game.score`` reads it: the held tiles in display order, then the
        winning tile."""
        held = list(self.hands[player])
        if len(held) == self.game.hand_size:  # self-draw: the drawn tile is held
            held.remove(winning)
        return " ".join([*sort_tiles(self.game, held), winning])

    # --------------------------------------------------------------------------- moves

    def self_draw_score(self) -> GameScore | None:
        """The engine's score of the turn player's hand when it wins by self-draw now."""
        return self._self_draw

    def discard(self, player: int, tile: str) -> None:
        self._expect("discard", player)
        if tile not in self.hands[player]:
            raise MoveError(f"player {player} holds no {tile!r} to discard")
        self.hands[player].remove(tile)
        self.discards[player].append(tile)
        self.drawn = None
        self._self_draw = None
        self.last_discard = (player, tile)
        self.record({"event": "discard", "player": player, "tile": tile})
        self.offers = {}
        self.answers = {}
        for step in range(1, self.players):
            other = (player + step) % self.players
            score = self._score(other, tile, tsumo=False)
            if score is not None:
                self.offers[other] = score
        if self.offers:
            self.phase = "claim"
        else:
            self._next_turn()

    def declare_self_draw(self, player: int) -> Win:
        self._expect("discard", player)
        score = self._self_draw
        if score is None or self.drawn is None:
            raise MoveError(f"player {player}'s hand does not win: nothing to declare")
        return self._finish(player, None, self.drawn, score, tsumo=True)

    def answer(self, player: int, win: bool) -> None:
        """A player offered the discard wins on it (``win``) or passes."""
        if self.phase != "claim" or player not in self.offers:
            raise MoveError(f"player {player} has no discard to win on now")
        if player in self.answers:
            raise MoveError(f"player {player} has answered already")
        self.answers[player] = win
        if len(self.answers) < len(self.offers):
            return
        assert self.last_discard is not None
        discarder, tile = self.last_discard
        for step in range(1, self.players):  # the first after the discarder takes it
            other = (discarder + step) % self.players
            if self.answers.get(other):
                self._finish(other, discarder, tile, self.offers[other], tsumo=False)
                return
        self.offers, self.answers = {}, {}
        self._next_turn()

    # ------------------------------------------------------------------------ internals

    def _expect(self, phase: str, player: int) -> None:
        if self.phase == "over":
            raise MoveError("the round is over")
        if self.phase != phase:
            raise MoveError("not now: the round waits for answers to a discard"
                            if self.phase == "claim" else "not now: a tile must be discarded")
        if player != self.turn:
            raise MoveError(f"it is player {self.turn}'s turn, not player {player}'s")

    def _score(self, player: int, tile: str, tsumo: bool) -> GameScore | None:
        """The engine's score of ``player``'s hand won on ``tile``, if it wins."""
        hand = self.hand_text(player, tile)
        score = self.game.score(hand, **self.inputs(player, tsumo))
        return score if score.won else None

    def _next_turn(self) -> None:
        assert self.last_discard is not None
        self._draw((self.last_discard[0] + 1) % self.players)

    def _draw(self, player: int) -> None:
        if not self.wall:
            self.phase = "over"
            self.record({"event": "exhausted"})
            return
        tile = self.wall.pop()
        self.hands[player].append(tile)
        self.turn, self.drawn, self.phase = player, tile, "discard"
        self.record({"event": "draw", "player": player, "tile": tile})
        self._self_draw = self._score(player, tile, tsumo=True)

    def _finish(self, player: int, discarder: int | None, tile: str, score: GameScore,
                tsumo: bool) -> Win:
        hand = self.hand_text(player, tile)
        inputs = self.inputs(player, tsumo)
        payments = self.game.payment.settle(score.points, player, discarder, self.players)
        self.win = Win(player, discarder, hand, tuple(inputs.items()), score,
                       tuple(payments))
        self.phase = "over"
        self.offers, self.answers = {}, {}
        self.record({"event": "win", "player": player, "from": discarder, "hand": hand,
                     "inputs": inputs, "points": score.points,
                     "yaku": [[name, value] for name, value in score.yaku],
                     "payments": payments})
        return self.win
