"""Calls: claiming a discard to make a meld (pung, kong, chow), as the game allows.

A game offers the calls its ``rules.calls`` lists (none unless it says so). After a
discard, a player is offered:

* ``pung``: two held copies of the discarded tile, with it three of a kind;
* ``kong``: three held copies, with it four (the caller then draws a replacement tile);
* ``chow``: two held tiles that make, with the discard, any other group of three; from
  the player right after the discarder only (the player before you discarded it).

Each is offered exactly when ``Game.valid_meld`` accepts the group: the engine's own check
of a claimed ``( )`` meld, so a ``sets`` rule decides what a chow is (a run in the
shipped games) and whether it may be claimed. The table never re-derives a rule. Which
claim wins when several players answer is the round's business (round.py).
"""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass

from ..games import Game
from .wall import sort_tiles

# Claims that beat a chow when several players claim one discard (a win beats all).
PRIORITY = {"pung": 1, "kong": 1, "chow": 2}
_VALID: dict[tuple[str, tuple[str, ...]], bool] = {}  # (fingerprint, tiles): valid_meld
_VALID_LIMIT = 50_000  # entries before the memo is cleared: bounded memory


@dataclass(frozen=True, slots=True)
class Call:
    """A claim of ``tile`` (the discard) with ``used`` held tiles, making ``meld`` (all
    of them, in display order)."""

    kind: str
    tile: str
    used: tuple[str, ...]
    meld: tuple[str, ...]

    def text(self) -> str:
        """The meld as a hand writes it: ``(4p 4p 4p)``."""
        return "(" + " ".join(self.meld) + ")"

    def as_json(self) -> dict[str, object]:
        return {"kind": self.kind, "tile": self.tile, "used": list(self.used),
                "meld": list(self.meld)}


def valid(game: Game, tiles: tuple[str, ...]) -> bool:
    """``game.valid_meld(tiles)``, remembered per game file (tiles in display order)."""
    key = (game.fingerprint, tiles)
    known = _VALID.get(key)
    if known is None:
        if len(_VALID) >= _VALID_LIMIT:
            _VALID.clear()
        known = _VALID[key] = game.valid_meld(tiles)
    return known


def offered(game: Game, hand: list[str], tile: str, from_left: bool) -> tuple[Call, ...]:
    """The calls a player holding ``hand`` (its concealed tiles) may make on the
    discard ``tile``; chows only when ``from_left`` (the discarder sat just before)."""
    if not game.calls:
        return ()
    wild = {t.name for t in game.tiles if t.wildcard}
    held = Counter(name for name in hand if name not in wild)
    found: list[Call] = []
    for kind, copies in (("pung", 2), ("kong", 3)):
        if kind in game.calls and held[tile] >= copies:
            meld = (tile,) * (copies + 1)
            if valid(game, meld):
                found.append(Call(kind, tile, (tile,) * copies, meld))
    if "chow" in game.calls and from_left:
        names = sort_tiles(game, held)
        for a, b in itertools.combinations_with_replacement(names, 2):
            if a == b == tile or (a == b and held[a] < 2):
                continue
            meld = tuple(sort_tiles(game, (a, b, tile)))
            if valid(game, meld):
                found.append(Call("chow", tile, (a, b), meld))
    return tuple(found)
