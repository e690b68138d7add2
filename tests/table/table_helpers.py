"""Shared by the table's server and browser tests: a person who plays as the bots do."""

from __future__ import annotations

from functools import partial

from typed_mahjong.games import Game
from typed_mahjong.table.bots import Bot
from typed_mahjong.table.match import Match


def person_moves(game: Game, seed: int, rounds: int = 1, source: str | None = None,
                 whole: bool = False) -> tuple[list[tuple[str, str]], Match]:
    """Play seat 0 of a match with the bots' own choices through the person's moves:
    the moves made ("discard", tile) / ("win", "") / ("call", index) / ("pass", "") /
    ("kong", index) / ("next", "") and the match: its first round, or every round when
    ``whole``."""
    match = Match(game, seed, rounds=rounds, source=source)
    match.advance()
    bot = Bot(game)
    moves: list[tuple[str, str]] = []
    while match.round.phase != "over" or (whole and not match.finished):
        if match.round.phase == "over":
            moves.append(("next", ""))
            match.next_round()
            continue
        current = match.round
        if current.phase == "claim" and 0 in current.offers:
            moves.append(("win", ""))
            match.win()
        elif current.phase == "claim":  # a call is offered: as a bot would
            offered = current.call_offers[0]
            call = bot.choose_call(current.hands[0], current.meld_text(0), offered,
                                   match.seen(0), partial(current.inputs, 0, called=True))
            if call is None:
                moves.append(("pass", ""))
                match.pass_discard()
            else:
                moves.append(("call", str(offered.index(call))))
                match.call(offered.index(call))
        elif current.self_draw_score() is not None:
            moves.append(("win", ""))
            match.win()
        elif (kongs := current.kong_offers(0)) and (kong := bot.choose_kong(
                current.hands[0], current.melds[0], kongs, match.seen(0),
                match.person_inputs)) is not None:
            moves.append(("kong", str(kongs.index(kong))))
            match.kong(kongs.index(kong))
        else:
            tile = bot.choose_discard(current.hands[0], match.seen(0), match.person_inputs,
                                      current.meld_text(0))
            moves.append(("discard", tile))
            match.discard(tile)
    return moves, match


def seed_the_person_wins(game: Game, tries: int = 200) -> int:
    """The first seed whose first round the person (seat 0, playing as a bot) wins."""
    for seed in range(tries):
        _, match = person_moves(game, seed)
        win = match.round.win
        if win is not None and win.player == 0:
            return seed
    raise AssertionError("no seed in range gives the person a win")
