"""Calls: claiming a discard to make a meld (pung, kong, chow), as the game allows.

A game offers the calls its ``rules.calls`` lists (none unless it says so). After a
discard, a player is offered:

* ``pung``: two held copies of the discarded tile, with it three of a kind;
* ``kong``: three held copies, with it four (the caller then draws a replacement tile);
* ``chow``: two held tiles that make, with the discard, any other group of three; from
  the player right after the discarder only (the player before you discarded it).

On their own turn (``own_kongs``), where the game allows kongs, a player holding all four
copies of a tile may declare a **concealed kong** (written ``[ ]``, the hand stays
concealed), and one who called a pung and holds its fourth copy may **add** it to make a
kong (the meld stays claimed, ``( )``); either draws a replacement tile. An added kong's
tile may be **robbed**: a player who wins on it takes it as if it were a discard
(round.py).

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
# Kongs declared on one's own turn (not claims of a discard).
CONCEALED_KONG = "concealed_kong"
ADDED_KONG = "added_kong"
_VALID: dict[tuple[str, tuple[str, ...]], bool] = {}  # (fingerprint, tiles): valid_meld
_VALID_LIMIT = 50_000  # entries before the memo is cleared: bounded memory


@dataclass(frozen=True, slots=True)
class Call:
    """A claim of ``tile`` (the discard) with ``used`` held tiles, making ``meld`` (all
    of them, in display order). For a kong declared on one's own turn (``kind``
    ``concealed_kong`` or ``added_kong``), ``tile`` is the kong's tile and ``used`` the
    held tiles it takes: all four, or the one added to the pung."""

    kind: str
    tile: str
    used: tuple[str, ...]
    meld: tuple[str, ...]

    def text(self) -> str:
        """The meld as a hand writes it: ``(4p 4p 4p)``, a concealed kong ``[5s 5s 5s
        5s]``."""
        inner = " ".join(self.meld)
        return f"[{inner}]" if self.kind == CONCEALED_KONG else f"({inner})"

    @property
    def claimed(self) -> bool:
        """Whether the meld shows tiles claimed from a discard (all but a concealed
        kong): the hand is no longer concealed."""
        return self.kind != CONCEALED_KONG

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


def own_kongs(game: Game, hand: list[str], melds: list[Call]) -> tuple[Call, ...]:
    """The kongs a player may declare on their own turn, holding ``hand`` (its
    concealed tiles, the drawn one included) with the called ``melds``: a concealed
    kong of four held copies, an added kong of a held copy of a called pung's tile;
    only where the game allows kongs, and each only when ``Game.valid_meld`` accepts
    four of the tile."""
    if "kong" not in game.calls:
        return ()
    wild = {t.name for t in game.tiles if t.wildcard}
    held = Counter(name for name in hand if name not in wild)
    found: list[Call] = []
    for tile in sort_tiles(game, held):
        meld = (tile,) * 4
        if held[tile] == 4 and valid(game, meld):
            found.append(Call(CONCEALED_KONG, tile, meld, meld))
    for call in melds:
        meld = (call.tile,) * 4
        if call.kind == "pung" and held[call.tile] >= 1 and valid(game, meld):
            found.append(Call(ADDED_KONG, call.tile, (call.tile,), meld))
    return tuple(found)
