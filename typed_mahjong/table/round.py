"""One round (one deal) at the table: draw and discard until a win or an empty wall.

A round is always in one of three phases:

* ``discard``: the player whose turn it is holds ``hand_size`` tiles (the drawn one
  last) and must discard one, or win by self-draw when the engine says the hand wins;
* ``claim``: a discard lies on the table and some players may win on it or call it
  (calls.py: pung, kong, chow, as the game's ``rules.calls`` allows); each of them
  answers (win, a call, or pass) before play goes on. A win beats any call, and when
  several win, the first after the discarder in turn order takes it; then a pung or kong
  beats a chow. The caller shows the meld, then discards (after a kong, it first draws a
  replacement tile). On their own turn, after a draw, a player may also declare a kong
  (calls.py ``own_kongs``: a concealed kong, or a tile added to a called pung) where the
  game allows kongs, and then draws a replacement tile. An added kong's tile may be
  robbed: the others who win on it are offered it (``claim`` again, a win or a pass
  only, the ``robbing_the_kong`` input true for a game that declares it); if nobody
  takes it, the kong stands;
* ``over``: someone won, or the wall ran out (an exhaustive draw).

A player's hand is its concealed tiles (``hands``) and the melds it called
(``melds``); the hand text scored writes each meld ``( … )``, so the engine sees the
tiles ``claimed`` and the table gives ``concealed`` false; a concealed kong is written
``[ … ]`` and leaves the hand concealed.

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
from .calls import CONCEALED_KONG, PRIORITY, Call, offered, own_kongs
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
        self.call_offers: dict[int, tuple[Call, ...]] = {}  # players who may call it
        self.answers: dict[int, bool | Call] = {}  # True: win, False: pass, or a call
        self.melds: list[list[Call]] = [[] for _ in range(players)]
        self.replacement = False  # the turn player's drawn tile replaced a kong
        self.robbing: tuple[int, Call] | None = None  # an added kong the others may rob
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

    def inputs(self, player: int, tsumo: bool, called: bool = False) -> dict[str, Value]:
        """The situation inputs the table knows, for those the game declares: ``tsumo``,
        ``concealed`` (no meld called), ``seat`` and ``round`` (winds E S W N),
        ``last_tile_draw`` / ``last_tile_claim`` (won with the wall empty),
        ``replacement_tile`` (self-drawn on a kong's replacement tile),
        ``robbing_the_kong`` (won on the tile of another's added kong). ``called``: as
        they would be once the player has called a meld (a bot weighing a call)."""
        known: dict[str, Value] = {
            "tsumo": tsumo,
            "concealed": not any(call.claimed for call in self.melds[player]) and not called,
            "seat": self.seat_wind(player), "round": self.round_wind,
            "last_tile_draw": tsumo and not self.wall,
            "last_tile_claim": not tsumo and not self.wall,
            "replacement_tile": tsumo and self.replacement and player == self.turn,
            "robbing_the_kong": not tsumo and self.robbing is not None}
        given: dict[str, Value] = {}
        for spec in self.game.inputs:
            value = known.get(spec.name)
            if value is None or (spec.type == "bool") != isinstance(value, bool):
                continue
            if spec.type == "str" and (spec.values is None or value not in spec.values):
                continue
            given[spec.name] = value
        return given

    def meld_text(self, player: int) -> str:
        """The player's called melds as a hand writes them, ``(4p 4p 4p) (1m 2m 3m)``."""
        return " ".join(call.text() for call in self.melds[player])

    def hand_text(self, player: int, winning: str) -> str:
        """The hand as ``Game.score`` reads it: the melds ``( … )``, the held tiles in
        display order, then the winning tile."""
        held = list(self.hands[player])
        # a meld plays a group of 3 of the structure (a kong too, with a tile more)
        if len(held) + 3 * len(self.melds[player]) == self.game.hand_size:
            held.remove(winning)  # self-draw: the drawn tile is held
        melds = [call.text() for call in self.melds[player]]
        return " ".join([*melds, *sort_tiles(self.game, held), winning])

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
        self.replacement = False
        self.last_discard = (player, tile)
        self.record({"event": "discard", "player": player, "tile": tile})
        self.offers, self.call_offers, self.answers = {}, {}, {}
        for step in range(1, self.players):
            other = (player + step) % self.players
            score = self._score(other, tile, tsumo=False)
            if score is not None:
                self.offers[other] = score
            # the last discard (the wall empty) is claimed for a win only, as MCR and
            # riichi rule; a kong could not draw its replacement anyway
            if self.wall:
                calls = offered(self.game, self.hands[other], tile, from_left=step == 1)
                if calls:
                    self.call_offers[other] = calls
        if self.offers or self.call_offers:
            self.phase = "claim"
        else:
            self._next_turn()

    def claimed_tile(self) -> tuple[int, str] | None:
        """The tile the others may claim now and whose it is: an added kong's tile
        while it may be robbed, else the last discard."""
        if self.robbing is not None:
            return self.robbing[0], self.robbing[1].tile
        return self.last_discard

    def kong_offers(self, player: int) -> tuple[Call, ...]:
        """The kongs ``player`` may declare now: on their turn, after a draw, with a
        tile left in the wall for the replacement (calls.py ``own_kongs``)."""
        if (self.phase != "discard" or player != self.turn or self.drawn is None
                or not self.wall):
            return ()
        return own_kongs(self.game, self.hands[player], self.melds[player])

    def declare_kong(self, player: int, kong: Call) -> None:
        """The turn player declares a kong offered by ``kong_offers``: a concealed kong
        draws its replacement at once; an added kong's tile is first offered to the
        players who would win on it (robbing the kong)."""
        self._expect("discard", player)
        if kong not in self.kong_offers(player):
            raise MoveError(f"player {player} may not declare that kong now")
        for tile in kong.used:
            self.hands[player].remove(tile)
        self._self_draw = None
        self.record({"event": "kong", "player": player,
                     "kind": "concealed" if kong.kind == CONCEALED_KONG else "added",
                     "meld": list(kong.meld)})
        if kong.kind == CONCEALED_KONG:
            self.melds[player].append(kong)
            self._draw(player, replacement=True)
            return
        self.robbing = (player, kong)
        self.offers, self.call_offers, self.answers = {}, {}, {}
        for step in range(1, self.players):
            other = (player + step) % self.players
            score = self._score(other, kong.tile, tsumo=False)
            if score is not None:
                self.offers[other] = score
        if self.offers:
            self.phase = "claim"
        else:
            self._complete_kong()

    def _complete_kong(self) -> None:
        """Nobody robbed the added kong: it replaces its pung, and a replacement tile
        is drawn."""
        assert self.robbing is not None
        player, kong = self.robbing
        self.robbing = None
        self.offers, self.call_offers, self.answers = {}, {}, {}
        melds = self.melds[player]
        index = next(i for i, call in enumerate(melds)
                     if call.kind == "pung" and call.tile == kong.tile)
        melds[index] = kong
        self._draw(player, replacement=True)

    def claimants(self) -> list[int]:
        """The players offered something on the discard (or the added kong's tile), in
        turn order after its player."""
        claimed = self.claimed_tile()
        if claimed is None:
            return []
        discarder = claimed[0]
        return [(discarder + step) % self.players for step in range(1, self.players)
                if (discarder + step) % self.players in self.offers
                or (discarder + step) % self.players in self.call_offers]

    def declare_self_draw(self, player: int) -> Win:
        self._expect("discard", player)
        score = self._self_draw
        if score is None or self.drawn is None:
            raise MoveError(f"player {player}'s hand does not win: nothing to declare")
        return self._finish(player, None, self.drawn, score, tsumo=True)

    def answer(self, player: int, win: bool) -> None:
        """A player offered the discard wins on it (``win``) or passes."""
        if self.phase != "claim" or player not in self.claimants():
            raise MoveError(f"player {player} has no discard to win on or call now")
        if win and player not in self.offers:
            raise MoveError(f"player {player}'s hand does not win on this discard")
        self._answered(player, win)

    def call(self, player: int, call: Call) -> None:
        """A player offered ``call`` on the discard claims it (it takes effect when
        everyone offered something has answered, unless a win or a stronger call beats
        it)."""
        if self.phase != "claim" or call not in self.call_offers.get(player, ()):
            raise MoveError(f"player {player} is not offered that call now")
        self._answered(player, call)

    def _answered(self, player: int, answer: bool | Call) -> None:
        if player in self.answers:
            raise MoveError(f"player {player} has answered already")
        self.answers[player] = answer
        order = self.claimants()
        if len(self.answers) < len(order):
            return
        claimed = self.claimed_tile()
        assert claimed is not None
        discarder, tile = claimed
        for other in order:  # a win first; the first after the discarder takes it
            if self.answers[other] is True:
                self._finish(other, discarder, tile, self.offers[other], tsumo=False)
                return
        if self.robbing is not None:  # nobody robs the kong: it stands
            self._complete_kong()
            return
        claims = [(PRIORITY[a.kind], order.index(p), p, a) for p, a in self.answers.items()
                  if isinstance(a, Call)]
        self.offers, self.call_offers, self.answers = {}, {}, {}
        if claims:
            _, _, caller, call = min(claims, key=lambda claim: claim[:2])
            self._make_call(caller, discarder, call)
        else:
            self._next_turn()

    def _make_call(self, player: int, discarder: int, call: Call) -> None:
        """The meld goes to the caller, who discards next (after a kong's replacement
        draw)."""
        for tile in call.used:
            self.hands[player].remove(tile)
        taken = self.discards[discarder].pop()  # the claimed tile leaves the pile
        assert taken == call.tile
        self.melds[player].append(call)
        self.record({"event": "call", "player": player, "from": discarder,
                     "kind": call.kind, "meld": list(call.meld)})
        if call.kind == "kong":
            self._draw(player, replacement=True)
        else:
            self.turn, self.drawn, self.phase = player, None, "discard"

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

    def _draw(self, player: int, replacement: bool = False) -> None:
        if not self.wall:
            self.phase = "over"
            self.record({"event": "exhausted"})
            return
        tile = self.wall.pop()
        self.hands[player].append(tile)
        self.turn, self.drawn, self.phase = player, tile, "discard"
        self.replacement = replacement
        event: Event = {"event": "draw", "player": player, "tile": tile}
        if replacement:
            event["replacement"] = True
        self.record(event)
        self._self_draw = self._score(player, tile, tsumo=True)

    def _finish(self, player: int, discarder: int | None, tile: str, score: GameScore,
                tsumo: bool) -> Win:
        hand = self.hand_text(player, tile)
        inputs = self.inputs(player, tsumo)
        payments = self.game.payment.settle(score.points, player, discarder, self.players)
        self.win = Win(player, discarder, hand, tuple(inputs.items()), score,
                       tuple(payments))
        self.phase = "over"
        self.offers, self.call_offers, self.answers = {}, {}, {}
        self.record({"event": "win", "player": player, "from": discarder, "hand": hand,
                     "inputs": inputs, "points": score.points,
                     "yaku": [[name, value] for name, value in score.yaku],
                     "payments": payments})
        return self.win
