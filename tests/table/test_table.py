"""The table: wall, deal, turns, wins offered by the engine, payments, bot matches."""

from __future__ import annotations

from collections import Counter

import pytest

from typed_mahjong import games
from typed_mahjong.games.payment import Payment
from typed_mahjong.table.match import Match, MatchError
from typed_mahjong.table.round import MoveError, Round
from typed_mahjong.table.simulate import simulate
from typed_mahjong.table.wall import build_wall

FOREST = games.load(games.builtin_path("forest"))


def rigged_wall(hands: list[list[str]], draws: list[str], dealer: int = 0) -> list[str]:
    """A wall that deals ``hands`` (seat by seat, dealer first) and then gives ``draws``
    in order: tiles are taken from the end, one a seat a turn of the deal."""
    players = len(hands)
    taken: list[str] = []
    for i in range(len(hands[0])):
        for seat in range(players):
            taken.append(hands[(dealer + seat) % players][i])
    taken.extend(draws)
    return list(reversed(taken))


def test_the_wall_holds_every_copy_of_every_tile_wildcards_included() -> None:
    import random

    wall = build_wall(FOREST, random.Random(1))
    assert Counter(wall) == {tile.name: tile.copies for tile in FOREST.tiles}
    assert Counter(wall)["moon"] == 2


def test_a_deal_gives_hand_size_minus_one_and_the_dealer_draws() -> None:
    match = Match(FOREST, 3, human=None)
    hands = match.round.hands
    dealer = match.round.dealer
    assert [len(h) for h in hands] == [9 if seat == dealer else 8 for seat in range(4)]
    assert match.round.turn == dealer and match.round.phase == "discard"


def test_a_win_on_a_discard_is_offered_exactly_when_the_engine_scores_it() -> None:
    # Player 1 waits on bear, cub or grizzly (three sets of one colour with fox vixen kit
    # and owl owl owl); player 0 discards grizzly first.
    waiting = ["fox", "vixen", "kit", "owl", "owl", "owl", "bear", "cub"]
    junk = [["frog", "toad", "heron", "bee", "bat", "robin", "eagle_owl", "tadpole"],
            ["frog", "toad", "heron", "bee", "bat", "robin", "eagle_owl", "tadpole"],
            ["frog", "toad", "heron", "bee", "bat", "robin", "eagle_owl", "tadpole"]]
    events: list[dict[str, object]] = []
    wall = rigged_wall([junk[0], waiting, junk[1], junk[2]], ["grizzly", "fox", "kit"])
    round_ = Round(FOREST, wall, 4, 0, "E", events.append)
    with pytest.raises(MoveError, match="player 0's turn"):
        round_.discard(1, "fox")
    with pytest.raises(MoveError, match="holds no"):
        round_.discard(0, "moon")
    round_.discard(0, "grizzly")
    expected = FOREST.score("fox vixen kit owl owl owl bear cub grizzly")
    assert expected.won and round_.phase == "claim" and set(round_.offers) == {1}
    assert round_.offers[1].points == expected.points
    round_.answer(1, True)
    assert round_.win is not None and round_.win.score.points == expected.points
    assert list(round_.win.payments) == [-expected.points, expected.points, 0, 0]
    assert events[-1]["event"] == "win" and events[-1]["points"] == expected.points


def test_a_pass_lets_play_go_on_to_the_next_player() -> None:
    waiting = ["fox", "vixen", "kit", "owl", "owl", "owl", "bear", "cub"]
    junk = ["frog", "toad", "heron", "bee", "bat", "robin", "eagle_owl", "tadpole"]
    wall = rigged_wall([junk, waiting, junk, junk], ["grizzly", "fox", "kit"])
    round_ = Round(FOREST, wall, 4, 0, "E", lambda event: None)
    round_.discard(0, "grizzly")
    round_.answer(1, False)
    assert round_.phase == "discard" and round_.turn == 1 and round_.win is None
    assert round_.hands[1][-1] == "fox"  # the next tile of the wall


@pytest.mark.parametrize(("payment", "points", "discarder", "expected"), [
    (Payment(), 300, 2, [0, 300, -300, 0]),
    (Payment(), 300, None, [-300, 900, -300, -300]),
    (Payment(discard="everyone"), 300, 2, [-300, 900, -300, -300]),
    (Payment(self_draw="split"), 1300, None, [-434, 1302, -434, -434]),  # 1300/3 up
    # Chinese Official: 8 from everyone, the fan from the discarder or from each
    (Payment(base=8), 10, 2, [-8, 34, -18, -8]),
    (Payment(base=8), 10, None, [-18, 54, -18, -18]),
])
def test_payments_follow_the_payment_section(payment: Payment, points: int,
                                             discarder: int | None,
                                             expected: list[int]) -> None:
    delta = payment.settle(points, 1, discarder, 4)
    assert delta == expected and sum(delta) == 0


def test_the_shipped_games_say_who_pays() -> None:
    mcr = games.load(games.builtin_path("mcr"))
    assert mcr.payment == Payment(discard="discarder", self_draw="each", base=8)
    riichi = games.load(games.builtin_path("riichi-tanyao"))
    assert riichi.payment.self_draw == "split"


@pytest.mark.parametrize("bad", [{"players": 1}, {"rounds": 0}, {"players": 9}])
def test_a_match_refuses_impossible_tables(bad: dict[str, int]) -> None:
    with pytest.raises(MatchError):
        Match(FOREST, 1, human=None, **bad)


# Seeded bot-only matches (small here; tests/table/test_table_slow.py runs more).
SMALL = {"forest": (range(4), None), "riichi-tanyao": (range(1), 2),
         "hk-oldstyle": (range(1), 2), "mcr": (range(1), 1)}


@pytest.mark.parametrize("name", sorted(SMALL))
def test_seeded_bot_matches_finish_and_every_win_is_the_engines(name: str) -> None:
    game = games.load(games.builtin_path(name))
    seeds, rounds = SMALL[name]
    for seed in seeds:
        match = Match(game, seed, human=None, rounds=rounds)
        match.run()
        assert match.finished and len(match.results) == match.rounds
        # zero-sum: every payment moves points from one player to another
        assert sum(match.scores) == match.players * game.starting_points
        wins = [e for e in match.events if e["event"] == "win"]
        assert len(wins) == sum(r is not None for r in match.results)
        for event in wins:
            score = game.score(event["hand"], **event["inputs"])
            assert score.won and score.points == event["points"]
            assert sum(event["payments"]) == 0
        # the record holds each player's moves: every discarded tile was drawn or dealt
        for player in range(match.players):
            got = Counter[str]()
            for e in match.events:
                if e.get("player") == player and e["event"] in ("deal", "draw"):
                    got.update(e["tiles"] if e["event"] == "deal" else [e["tile"]])
            gone = Counter(e["tile"] for e in match.events
                           if e["event"] == "discard" and e["player"] == player)
            assert not gone - got


def test_bots_win_forest_rounds() -> None:
    summary = simulate(FOREST, range(4))
    assert summary.rounds == 16 and summary.wins > 0
    assert all(points >= 100 for points in summary.points)  # Forest Walk: any win


def test_a_bot_asks_the_engine_once_per_hand_it_has_not_seen() -> None:
    from typed_mahjong.table.bots import Bot

    bot = Bot(FOREST)
    hand = ["fox", "vixen", "kit", "owl", "owl", "owl", "bear", "cub", "bee"]
    seen = Counter(hand)

    def inputs(tsumo: bool) -> dict[str, games.model.Value]:
        return {}  # forest declares no inputs

    first = bot.choose_discard(hand, seen, inputs)
    # one Game.waits call for each distinct tile it could let go: 7 (owl held thrice)
    assert bot.calls.waits == 7
    asked = (bot.calls.waits, bot.calls.scores)
    assert bot.choose_discard(hand, seen, inputs) == first
    assert (bot.calls.waits, bot.calls.scores) == asked  # all remembered
    # the next turn's hand after discarding the drawn tile is one already asked about
    rest = list(hand)
    rest.remove(first)
    assert bot.waits(rest)[0] == FOREST.waits(" ".join(rest)) and bot.calls.waits == 7
