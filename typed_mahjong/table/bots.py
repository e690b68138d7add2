"""Bots that play to win, with the engine as their only judge of hands.

A bot wins whenever the table offers it a win (the engine scored the hand). To discard,
it looks at each tile it could let go:

1. **Waiting.** Without that tile, is the hand one tile from a win? ``Game.waits`` gives
   the tiles that complete it, and ``Game.score`` says what each completion is worth
   (the game's ``minimum`` included). The bot keeps the waiting hand worth most: the
   points of each winning wait times the copies of it it has not seen.
2. **Not waiting.** It lets go the tile that belongs least with the others: a tile's
   worth is how many of the other held tiles it could share a group with, by the game's
   own ``sets`` rules (``Game.valid_group``: a pair of the game's groups of 2, or two of
   a group of 3). Wildcards are kept.

**Calls.** Offered a pung, kong or chow (calls.py), a bot calls when the call leaves
it waiting on a winning tile (for a pung or chow, after its best discard; for a kong,
before the replacement draw): the engine's ``waits`` and ``score`` of the hand with the
meld ``( … )``, in the situation after the call (``concealed`` false), so the game's
``minimum`` is met by a hand the bot can actually complete. It takes the call worth most
(the same waiting value as a discard's). Else it calls **to get closer**: when the call
lowers its ``distance`` (after its discard, as above) and the hand after it can still
score at least the minimum, which the engine confirms one draw ahead: for one of the
``LOOKAHEAD`` unseen tiles that partner most of the hand's tiles, drawing it and letting
the least useful tile go leaves the hand waiting on a win (``Game.waits`` and
``Game.score``, as for a discard). Of several such calls it takes the one leaving the
smallest distance. A hand further than that from waiting is not called for: whether it
could still reach the minimum once open is not something the engine answers for an
incomplete hand.

**Kongs on its own turn.** Offered a concealed kong or an added kong (calls.py
``own_kongs``), a bot declares it when it does not hurt its distance to a win: the
distance of the hand with the kong (before the replacement draw) is no more than that of
its best discard without it, and when both wait, the kong's waiting value is no less
(``choose_kong``): a kong that narrows a wait is left alone.

This is the game's analogue of shanten at its cheapest: distance 0 when waiting
(``distance``), else the count of tiles with no partner in the hand, an estimate of how
many tiles must change. Its cost is one ``waits`` call for each distinct tile held, and a
``score`` call for each wait found.

**Memo.** A bot remembers the engine's answers: the waits of a hand left after a discard
(keyed by its tiles) and what each wait scores (keyed by the hand and the inputs). A
hand repeats across turns (discarding the drawn tile leaves last turn's hand) and across
seats (one bot serves every seat), and the engine's answer for the same tiles and inputs
never changes, so the memo only skips repeated work. It is bounded (``MEMO_LIMIT``
entries, cleared when full). ``calls`` counts the engine calls actually made, the
machine-independent measure of a turn's cost.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from ..games import Game
from ..games.model import Value
from .calls import CONCEALED_KONG, Call
from .wall import sort_tiles

_PARTNERS: dict[str, dict[tuple[str, str], bool]] = {}  # by game fingerprint
# Entries each memo holds before it is cleared: enough for every hand of a few rounds,
# small enough that a long match's memory stays bounded.
MEMO_LIMIT = 20_000
# Draws a bot tries when checking that a call keeps a win within reach (one draw ahead).
LOOKAHEAD = 6


def partners(game: Game) -> dict[tuple[str, str], bool]:
    """For each pair of ordinary tiles (both orders): may they share a group of 2 or 3
    the game's ``sets`` rules accept? Computed once per game file."""
    known = _PARTNERS.get(game.fingerprint)
    if known is not None:
        return known
    names = [tile.name for tile in game.tiles if not tile.wildcard]
    table: dict[tuple[str, str], bool] = {}
    for a, b in itertools.combinations_with_replacement(names, 2):
        table[(a, b)] = table[(b, a)] = False
    for a, b in itertools.combinations_with_replacement(names, 2):
        if game.valid_group((a, b)):
            table[(a, b)] = table[(b, a)] = True
    for a, b, c in itertools.combinations_with_replacement(names, 3):
        if game.valid_group((a, b, c)):
            for x, y in ((a, b), (a, c), (b, c)):
                table[(x, y)] = table[(y, x)] = True
    _PARTNERS[game.fingerprint] = table
    return table


Inputs = Callable[[bool], dict[str, Value]]


@dataclass(slots=True)
class Calls:
    """Engine calls a bot made (the memo's hits not counted) and the work units its
    ``score`` calls spent (``GameScore.work``)."""

    waits: int = 0
    scores: int = 0
    work: int = 0


class Bot:
    """One seat's player: decides discards and wins (see the module's docstring)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.partners = partners(game)
        self.wild = {tile.name for tile in game.tiles if tile.wildcard}
        self.copies = {tile.name: tile.copies for tile in game.tiles}
        self._waits: dict[tuple[str, tuple[str, ...]], tuple[str, ...]] = {}
        self._points: dict[tuple[str, tuple[tuple[str, Value], ...]], int] = {}
        self.calls = Calls()

    def waits(self, rest: list[str], melds: str = "") -> tuple[tuple[str, ...], str]:
        """The waits of ``rest`` with the called ``melds`` (their hand text, ``( … )``)
        (``Game.waits``, remembered) and the hand's text, tiles in display order."""
        ordered = tuple(sort_tiles(self.game, rest))
        text = " ".join([melds, *ordered] if melds else ordered)
        known = self._waits.get((melds, ordered))
        if known is None:
            self.calls.waits += 1
            known = self.game.waits(text)
            if len(self._waits) >= MEMO_LIMIT:
                self._waits.clear()
            self._waits[(melds, ordered)] = known
        return known, text

    def points(self, hand: str, inputs: dict[str, Value]) -> int:
        """``Game.score(hand, **inputs).points``, remembered."""
        key = (hand, tuple(sorted(inputs.items())))
        known = self._points.get(key)
        if known is None:
            self.calls.scores += 1
            score = self.game.score(hand, **inputs)
            self.calls.work += score.work
            known = score.points
            if len(self._points) >= MEMO_LIMIT:
                self._points.clear()
            self._points[key] = known
        return known

    def wants_win(self, points: int) -> bool:
        """Win whenever offered: a win now is worth more than a hoped-for bigger one."""
        return points > 0

    def choose_discard(self, hand: list[str], seen: Counter[str], inputs: Inputs,
                       melds: str = "") -> str:
        """The tile to discard from ``hand`` (the concealed tiles: ``hand_size`` less 3
        for each meld); ``seen`` counts the tiles visible to this player (its hand, all
        discards and melds); ``inputs(tsumo)`` the situation a win would be scored in;
        ``melds`` the called melds' text."""
        return self._best_discard(hand, seen, inputs, melds)[1]

    def _best_discard(self, hand: list[str], seen: Counter[str], inputs: Inputs,
                      melds: str) -> tuple[float, str]:
        """The discard chosen and the waiting value it leaves (0: not waiting)."""
        candidates = sort_tiles(self.game, set(hand))
        best: tuple[float, str] | None = None
        for tile in candidates:
            rest = list(hand)
            rest.remove(tile)
            value = self.waiting_value(rest, seen, inputs, melds)
            if value > 0 and (best is None or value > best[0]):
                best = (value, tile)
        if best is not None:
            return best
        return 0.0, min(candidates, key=lambda tile: (self.worth(tile, hand), -seen[tile]))

    def choose_call(self, hand: list[str], melds: str, calls: tuple[Call, ...],
                    seen: Counter[str], inputs: Inputs, now: Inputs | None = None
                    ) -> Call | None:
        """The call to make of those offered (None: pass): the one leaving the hand
        waiting on a win worth most, else the one that gets it closest to a win that
        can still reach the minimum (see the module's docstring). ``inputs(tsumo)`` is
        the situation after a call (``concealed`` false), ``now(tsumo)`` the situation
        without it (default: ``inputs``)."""
        best: tuple[float, Call] | None = None
        after_calls: list[tuple[Call, list[str], str]] = []
        for call in calls:
            rest = list(hand)
            for tile in call.used:
                rest.remove(tile)
            after = f"{melds} {call.text()}".strip()
            if call.kind == "kong":  # waiting now; the replacement draw comes next
                value = self.waiting_value(rest, seen, inputs, after)
            else:
                value, tile = self._best_discard(rest, seen, inputs, after)
                rest.remove(tile)
            after_calls.append((call, rest, after))
            if value > 0 and (best is None or value > best[0]):
                best = (value, call)
        if best is not None:
            return best[1]
        distance = self.distance(hand, now or inputs, melds)
        closer: tuple[int, Call] | None = None
        for call, rest, after in after_calls:
            moved = self.distance(rest, inputs, after)
            if moved < distance and (closer is None or moved < closer[0]) and \
                    self.win_within_reach(rest, seen, inputs, after):
                closer = (moved, call)
        return None if closer is None else closer[1]

    def win_within_reach(self, rest: list[str], seen: Counter[str], inputs: Inputs,
                         melds: str) -> bool:
        """Whether one draw can leave ``rest`` (a waiting-size hand with its ``melds``)
        waiting on a win: of the ``LOOKAHEAD`` unseen tiles that partner most of its
        tiles (wildcards first), drawing one and letting the least useful tile go."""
        ordinary = [tile for tile in rest if tile not in self.wild]
        ranked = []
        for order, name in enumerate(self.copies):
            if self.copies[name] - seen[name] <= 0:
                continue
            if name in self.wild:
                ranked.append((-len(rest), order, name))
                continue
            partnered = sum(1 for tile in ordinary if self.partners[(name, tile)])
            if partnered:
                ranked.append((-partnered, order, name))
        for _, _, draw in sorted(ranked)[:LOOKAHEAD]:
            held = [*rest, draw]
            let_go = min(sort_tiles(self.game, set(held)),
                         key=lambda tile: (self.worth(tile, held), -seen[tile]))
            held.remove(let_go)
            if self.waiting_value(held, seen, inputs, melds) > 0:
                return True
        return False

    def choose_kong(self, hand: list[str], melds: list[Call], kongs: tuple[Call, ...],
                    seen: Counter[str], inputs: Inputs) -> Call | None:
        """The kong to declare on its own turn of those offered (None: none): one whose
        hand, before the replacement draw, is no further from a win than the hand after
        the best discard without it and, when both wait, worth no less waiting (the
        closest, then the most valuable, of them)."""
        text = " ".join(call.text() for call in melds)
        value, let_go = self._best_discard(hand, seen, inputs, text)
        rest = list(hand)
        rest.remove(let_go)
        now = (self.distance(rest, inputs, text), -value)
        best: tuple[tuple[int, float], Call] | None = None
        for kong in kongs:
            kept = list(hand)
            for tile in kong.used:
                kept.remove(tile)
            if kong.kind == CONCEALED_KONG:
                after = [*melds, kong]
            else:  # the added tile turns its pung into the kong
                after = [kong if call.kind == "pung" and call.tile == kong.tile else call
                         for call in melds]
            after_text = " ".join(call.text() for call in after)
            moved = self.distance(kept, inputs, after_text)
            # waiting either way: the kong must not lower the waiting value
            worth = self.waiting_value(kept, seen, inputs, after_text) if moved == 0 else 0.0
            if (moved, -worth) <= now and (best is None or (moved, -worth) < best[0]):
                best = ((moved, -worth), kong)
        return None if best is None else best[1]

    def waiting_value(self, rest: list[str], seen: Counter[str], inputs: Inputs,
                      melds: str = "") -> float:
        """What a waiting hand (``hand_size - 1`` tiles with its melds) is worth: for
        each tile that completes it into a win, its points times the copies not yet seen
        (0: not waiting on any win)."""
        found, text = self.waits(rest, melds)
        total = 0.0
        situation = inputs(False)
        for wait in found:
            left = self.copies[wait] - seen[wait]
            if left <= 0:
                continue
            total += self.points(f"{text} {wait}", situation) * left
        return total

    def worth(self, tile: str, hand: list[str]) -> int:
        """How many other held tiles ``tile`` could share a group with (wildcards: all)."""
        if tile in self.wild:
            return len(hand)
        others = list(hand)
        others.remove(tile)
        return sum(1 for other in others
                   if other not in self.wild and self.partners[(tile, other)])

    def distance(self, rest: list[str], inputs: Inputs, melds: str = "") -> int:
        """The estimate of how far ``rest`` (``hand_size - 1`` tiles with its melds) is
        from a win: 0 when it waits on a winning tile, else 1 + the tiles without a
        partner in it."""
        found, text = self.waits(rest, melds)
        situation = inputs(False)
        for wait in found:
            if self.points(f"{text} {wait}", situation) > 0:
                return 0
        return 1 + sum(1 for tile in set(rest) if self.worth(tile, rest) == 0)
