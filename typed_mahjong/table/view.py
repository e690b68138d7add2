"""What the page shows the person: the match from their seat, as JSON-ready data.

Only the person's own tiles are shown; the others' hands are counts. Each tile kind
comes with its ``display`` attributes (``rules.display``; all of them when the game names
none) so the page shows readable text, and the hand is in the game's display order. A
win the person may take comes with the engine's yaku and points, shown before accepting;
the tenpai indicator is ``Game.waits``: the waits of the held hand, and on the person's
turn the tiles whose discard leaves it waiting. Calls offered to the person (calls.py)
are listed in the table's order, which ``/api/call`` names by index, and the kongs the
person may declare on their turn (``kongs``) in the order ``/api/kong`` names them; every
player's melds are public (a concealed kong too, as its kind says).
"""

from __future__ import annotations

from typing import Any

from ..games import Game, GameError, GameScore
from .match import Match
from .wall import sort_tiles


def tile_faces(game: Game) -> list[dict[str, Any]]:
    """Each tile kind in display order: its name and the attributes to show."""
    faces = []
    for tile in game.tiles:
        # a true flag reads as its name (night), a false one is left out
        shown = [key if value is True else f"{key} {value}" for key, value in tile.attributes
                 if (not game.display or key in game.display) and value is not False]
        faces.append({"name": tile.name, "wildcard": tile.wildcard,
                      "text": "wildcard" if tile.wildcard else ", ".join(shown)})
    return faces


def _waits(game: Game, tiles: list[str], melds: str) -> list[str]:
    try:
        return list(game.waits(" ".join([melds, *tiles] if melds else tiles)))
    except GameError:  # over the work budget: the indicator says nothing
        return []


def state(match: Match) -> dict[str, Any]:
    """The match as the person's page shows it."""
    game, current = match.game, match.round
    person = match.human if match.human is not None else 0
    hand = list(current.hands[person])
    drawn = current.drawn if current.turn == person and current.phase == "discard" else None
    held = list(hand)
    if drawn is not None:
        held.remove(drawn)
    offer = None
    can_discard = current.phase == "discard" and current.turn == person
    own = current.self_draw_score()
    if can_discard and own is not None and drawn is not None:
        offer = _offer(own, current.hand_text(person, drawn), "self-draw")
    claimed = current.claimed_tile()
    if current.phase == "claim" and person in current.offers and person not in current.answers:
        assert claimed is not None
        offer = _offer(current.offers[person], current.hand_text(person, claimed[1]),
                       "robbing the kong" if current.robbing is not None else "discard")
    calls = []
    if current.phase == "claim" and person not in current.answers:
        calls = [call.as_json() for call in current.call_offers.get(person, ())]
    melds = current.meld_text(person)
    waiting: dict[str, list[str]] = {}
    if can_discard:
        for tile in sort_tiles(game, set(hand)):
            rest = list(hand)
            rest.remove(tile)
            found = _waits(game, rest, melds)
            if found:
                waiting[tile] = found
    # a meld plays a group of 3 of the structure (a kong too)
    size = game.hand_size - 1 - 3 * len(current.melds[person])
    waits = _waits(game, held, melds) if len(held) == size and not can_discard else []
    win = current.win
    return {
        "game": game.name, "unit": game.unit, "seed": match.seed, "players": match.players,
        "person": person, "rounds": match.rounds, "round": match.number,
        "wind": current.round_wind, "dealer": current.dealer, "phase": current.phase,
        "turn": current.turn, "wall": len(current.wall), "moves": len(match.events),
        "hand": sort_tiles(game, held), "drawn": drawn,
        "others": [len(h) for h in current.hands],
        "discards": [list(pile) for pile in current.discards],
        "last_discard": None if current.last_discard is None else list(current.last_discard),
        "scores": list(match.scores), "faces": tile_faces(game),
        "can_discard": can_discard, "offer": offer, "calls": calls,
        "kongs": [kong.as_json() for kong in current.kong_offers(person)],
        "robbing": None if current.robbing is None else {
            "player": current.robbing[0], "tile": current.robbing[1].tile},
        "can_pass": current.phase == "claim" and person in current.claimants()
        and person not in current.answers,
        "melds": [[list(call.meld) for call in player] for player in current.melds],
        "meld_kinds": [[call.kind for call in player] for player in current.melds],
        "can_next": current.phase == "over" and not match.finished,
        "waits": waits, "discard_waits": waiting,
        "result": None if current.phase != "over" else (
            {"kind": "draw"} if win is None else
            {"kind": "win", "player": win.player, "from": win.discarder, "hand": win.hand,
             "points": win.score.points,
             "yaku": [[n, v] for n, v in win.score.yaku], "payments": list(win.payments)}),
        "finished": match.finished,
        "standings": match.standings() if match.finished else None,
    }


def _offer(score: GameScore, hand: str, kind: str) -> dict[str, Any]:
    return {"kind": kind, "hand": hand, "points": score.points,
            "yaku": [[n, v] for n, v in score.yaku]}
