"""Kongs on one's own turn (concealed and added), robbing a kong, and the bots' choices
of kongs and of calls that get them closer to a win."""

from __future__ import annotations

from collections import Counter

import pytest
from test_calls import JUNK
from test_play_table import ask, post
from test_table import rigged_wall

from typed_mahjong import games
from typed_mahjong.games import Game
from typed_mahjong.games.model import Value
from typed_mahjong.table.bots import Bot
from typed_mahjong.table.calls import ADDED_KONG, CONCEALED_KONG, Call, offered, own_kongs
from typed_mahjong.table.match import Match
from typed_mahjong.table.play_server import TableServer
from typed_mahjong.table.round import Event, MoveError, Round
from typed_mahjong.table.simulate import check_wins

FOREST = games.load(games.builtin_path("forest"))
HK = games.load(games.builtin_path("hk-oldstyle"))
MCR = games.load(games.builtin_path("mcr"))
RIICHI = games.load(games.builtin_path("riichi-tanyao"))

RED_KONG = Call(CONCEALED_KONG, "red", ("red",) * 4, ("red",) * 4)


def test_own_kongs_are_offered_where_the_game_allows_kongs() -> None:
    hand = "red red red red 1m 1m 1m 2m 3m 4m 5m 6m 7m 8m".split()
    assert own_kongs(HK, hand, []) == (RED_KONG,)
    # three 1m are a concealed pung, not a kong
    assert [k.tile for k in own_kongs(MCR, hand, [])] == ["red"]
    pung = Call("pung", "9m", ("9m", "9m"), ("9m",) * 3)
    added = Call(ADDED_KONG, "9m", ("9m",), ("9m",) * 4)
    assert own_kongs(HK, ["9m", *hand[4:]], [pung]) == (added,)
    assert own_kongs(HK, hand[4:], [pung]) == ()  # the fourth 9m is not held
    assert RED_KONG.text() == "[red red red red]" and not RED_KONG.claimed
    assert added.text() == "(9m 9m 9m 9m)" and added.claimed
    # forest has no calls (Donjara): four owls are never a kong, nor are wildcards
    assert FOREST.calls == () and own_kongs(FOREST, ["owl"] * 4, []) == ()


def test_a_concealed_kong_draws_a_replacement_and_keeps_the_hand_concealed() -> None:
    # The dealer holds red red red and 1m-9m 5m, and draws the fourth red: a concealed
    # kong, then the replacement 5m completes 123m 456m 789m 55m with the kong.
    events: list[Event] = []
    p0 = "red red red 1m 2m 3m 4m 5m 6m 7m 8m 9m 5m".split()
    wall = rigged_wall([p0, JUNK + ["north"], JUNK + ["north"], JUNK + ["north"]],
                       ["red", "5m", "6p"])
    round_ = Round(HK, wall, 4, 0, "E", events.append)
    assert round_.kong_offers(0) == (RED_KONG,) and round_.kong_offers(1) == ()
    with pytest.raises(MoveError, match="may not declare that kong"):
        round_.declare_kong(0, Call(CONCEALED_KONG, "5m", ("5m",) * 4, ("5m",) * 4))
    round_.declare_kong(0, RED_KONG)
    assert events[-2] == {"event": "kong", "player": 0, "kind": "concealed",
                          "meld": ["red"] * 4}
    assert events[-1] == {"event": "draw", "player": 0, "tile": "5m", "replacement": True}
    assert round_.turn == 0 and round_.replacement and len(round_.hands[0]) == 11
    inputs = round_.inputs(0, True)
    assert inputs["concealed"] is True  # a concealed kong claims nothing
    hand = "[red red red red] 1m 2m 3m 4m 5m 5m 6m 7m 8m 9m 5m"
    score = round_.self_draw_score()
    assert score is not None and round_.hand_text(0, "5m") == hand
    # By hand, from hk-oldstyle's faan: Mixed One Suit 3, Red Dragon 1 (the kong plays a
    # pung), No Flowers 1, Concealed Hand 1 and Self-drawn 1 (won on its own draw, no
    # claimed set): 7 faan, 2^7 = 128 points
    assert dict(score.yaku) == {"Mixed One Suit": 3, "Red Dragon": 1, "No Flowers": 1,
                                "Concealed Hand": 1, "Self-drawn": 1}
    assert score.points == 128 == HK.score(hand, **inputs).points
    win = round_.declare_self_draw(0)
    assert win.hand == hand and win.score.points == 128


def robbing_round(game: Game, events: list[Event]) -> Round:
    """Dealer 0 lets 9m go; player 1 (1m 2m 3m 2m 3m 4m 7m 8m 5m 5m red red red) could
    win on it and passes; player 3 pungs it with its 9m 9m. Each then lets a north go
    until player 3 draws the fourth 9m (the next draw after it is 6p)."""
    p1 = "1m 2m 3m 2m 3m 4m 7m 8m 5m 5m red red red".split()
    p3 = ["9m", "9m", *JUNK[:11]]
    wall = rigged_wall([["9m", *JUNK], p1, ["3p", *JUNK], p3],
                       ["6p", "north", "north", "north", "9m", "6p"])
    round_ = Round(game, wall, 4, 0, "E", events.append)
    round_.discard(0, "9m")
    assert 1 in round_.offers
    round_.answer(1, False)
    pung = Call("pung", "9m", ("9m", "9m"), ("9m",) * 3)
    round_.call(3, pung)
    round_.discard(3, "1p")
    for player in (0, 1, 2):
        assert round_.turn == player and round_.drawn == "north"
        round_.discard(player, "north")
    assert round_.turn == 3 and round_.drawn == "9m"
    return round_


@pytest.mark.parametrize("game", [HK, MCR], ids=["hk-oldstyle", "mcr"])
def test_an_added_kong_may_be_robbed_by_a_player_who_wins_on_its_tile(game: Game) -> None:
    events: list[Event] = []
    round_ = robbing_round(game, events)
    added = Call(ADDED_KONG, "9m", ("9m",), ("9m",) * 4)
    assert round_.kong_offers(3) == (added,)
    round_.declare_kong(3, added)
    assert events[-1] == {"event": "kong", "player": 3, "kind": "added", "meld": ["9m"] * 4}
    # player 1 waits on 6m 9m: the 9m added to the pung is offered to it, as a discard
    assert round_.phase == "claim" and round_.claimants() == [1]
    assert round_.claimed_tile() == (3, "9m") and round_.call_offers == {}
    with pytest.raises(MoveError, match="not offered that call"):
        round_.call(1, Call("chow", "9m", ("7m", "8m"), ("7m", "8m", "9m")))
    round_.answer(1, True)
    win = round_.win
    assert win is not None and win.player == 1 and win.discarder == 3
    hand = "1m 2m 2m 3m 3m 4m 5m 5m 7m 8m red red red 9m"
    inputs = dict(win.inputs)
    assert win.hand == hand and win.score.points == game.score(hand, **inputs).points
    assert check_wins(game, events) == 1
    if game is MCR:
        # MCR declares the input; Robbing The Kong is 8 fan (WMO rules)
        assert inputs["robbing_the_kong"] is True
        assert ("Robbing The Kong", 8) in win.score.yaku
        assert game.score(hand, **{**inputs, "robbing_the_kong": False}).points == (
            win.score.points - 8)
    else:
        # hk-oldstyle declares no such input: scored as a win on a discard. By hand:
        # Mixed One Suit 3, Red Dragon 1, No Flowers 1, Concealed Hand 1: 6 faan, 64
        assert "robbing_the_kong" not in inputs and win.score.points == 64


def test_an_added_kong_nobody_robs_stands_and_draws_a_replacement() -> None:
    events: list[Event] = []
    round_ = robbing_round(HK, events)
    added = Call(ADDED_KONG, "9m", ("9m",), ("9m",) * 4)
    round_.declare_kong(3, added)
    with pytest.raises(MoveError, match="has no discard"):
        round_.answer(2, True)
    round_.answer(1, False)
    assert round_.robbing is None and round_.melds[3] == [added]
    assert round_.turn == 3 and round_.drawn == "6p" and round_.replacement
    assert events[-1] == {"event": "draw", "player": 3, "tile": "6p", "replacement": True}
    assert round_.inputs(3, True)["concealed"] is False
    assert round_.hand_text(3, "6p").startswith("(9m 9m 9m 9m) ")
    assert round_.kong_offers(3) == ()  # the fourth 9m is in the kong now


def test_no_kong_without_a_draw_or_with_the_wall_empty() -> None:
    p0 = "red red red 1m 2m 3m 4m 5m 6m 7m 8m 9m 5m".split()
    wall = rigged_wall([p0, JUNK + ["north"], JUNK + ["north"], JUNK + ["north"]], ["red"])
    round_ = Round(HK, wall, 4, 0, "E", lambda event: None)
    assert round_.wall == [] and round_.kong_offers(0) == ()  # no replacement tile left
    with pytest.raises(MoveError, match="may not declare"):
        round_.declare_kong(0, RED_KONG)


def situation(concealed: bool) -> dict[str, Value]:
    return {"seat": "S", "round": "E", "concealed": concealed}


@pytest.mark.parametrize(("hand", "declared"), [
    # letting a red go waits on 5m (123m 456m 789m red red red + 5m); with the kong the
    # hand waits on 5m the same: no further from a win, and a free replacement draw
    ("red red red red 1m 2m 3m 4m 5m 6m 7m 8m 9m 5m", True),
    # letting a 2m go waits on 2m 5m 9m; with the 2m kong only 5m (3m 4m + 6m 7m 8m
    # 9m 9m red red red): waiting both ways, but on fewer tiles: no kong
    ("2m 2m 2m 2m 3m 4m red red red 6m 7m 8m 9m 9m", False),
    # not waiting: after its best discard (1p) the unpartnered tiles are 5p 9p 1s east
    # south (distance 1 + 5 = 6); with the kong 3m 4m lose their 2m, but 1p is kept too:
    # 1p 5p 9p 1s east south (distance 7): the kong would take it further
    ("2m 2m 2m 2m 3m 4m 1p 5p 9p 6s 7s 1s east south", False),
])
def test_a_bot_declares_a_kong_only_when_it_does_not_hurt_its_distance(
        hand: str, declared: bool) -> None:
    tiles = hand.split()
    bot = Bot(HK)
    kongs = own_kongs(HK, tiles, [])
    assert len(kongs) == 1
    chosen = bot.choose_kong(tiles, [], kongs, Counter(tiles), lambda tsumo: situation(True))
    assert chosen == (kongs[0] if declared else None)


def test_a_bot_calls_to_get_closer_when_a_win_stays_within_reach() -> None:
    bot = Bot(HK)
    # red red 1m-7m 9m 9m 1s 5s: not waiting, 1s and 5s have no partner (distance 3).
    # The red pung and letting 1s go leave 1m-7m 9m 9m 5s (distance 2); drawing 8m and
    # letting 5s go then waits on 6m/9m with Mixed One Suit 3 + Red Dragon 1 + No
    # Flowers 1 = 5 faan, over hk-oldstyle's minimum of 3: the pung is made
    hand = "red red 1m 2m 3m 4m 5m 6m 7m 9m 9m 1s 5s".split()
    calls = offered(HK, hand, "red", from_left=False)
    assert bot.distance(hand, lambda tsumo: situation(True)) == 3
    assert bot.choose_call(hand, "", calls, Counter(hand), lambda tsumo: situation(False),
                           now=lambda tsumo: situation(True)) == calls[0]
    # the same with 9p 9p for 9m 9m: as close, but an open hand of m, p and s tiles with a
    # red pung has 2 faan at most (Red Dragon, No Flowers) without a pung of winds or
    # dragons more, so no draw leaves it waiting on a win: the bot passes
    hand = "red red 1m 2m 3m 4m 5m 6m 7m 9p 9p 1s 5s".split()
    calls = offered(HK, hand, "red", from_left=False)
    assert bot.choose_call(hand, "", calls, Counter(hand), lambda tsumo: situation(False),
                           now=lambda tsumo: situation(True)) is None
    # riichi-tanyao leaves every open hand out of the game: it never calls to get closer
    riichi = Bot(RIICHI)
    hand = "2m 2m 3m 4m 5m 6p 7p 8p 3s 4s 5s 9s 1p".split()
    calls = offered(RIICHI, hand, "2m", from_left=False)
    assert calls and riichi.choose_call(hand, "", calls, Counter(hand),
                                        lambda tsumo: {}) is None


def test_bot_matches_declare_kongs_and_their_wins_are_the_engines() -> None:
    # seed 1 of hk-oldstyle: a bot declares a concealed kong (found by playing seeds)
    match = Match(HK, 1, rounds=1, human=None)
    match.run()
    kongs = [e for e in match.events if e["event"] == "kong"]
    assert [k["kind"] for k in kongs] == ["concealed"]
    check_wins(HK, match.events)


def person_offered_a_kong() -> Match:
    """An hk-oldstyle match whose first round is rigged: the person (seat 0, the dealer)
    holds red red red and 1m-9m 5m and draws the fourth red."""
    match = Match(HK, 0, rounds=1)
    p0 = "red red red 1m 2m 3m 4m 5m 6m 7m 8m 9m 5m".split()
    wall = rigged_wall([p0, JUNK + ["north"], JUNK + ["north"], JUNK + ["north"]],
                       ["red", "2p", "6p", "6s", "3s"])
    match.round = Round(HK, wall, 4, 0, "E", match.record)
    return match


def test_the_server_offers_kongs_and_refuses_bad_kong_requests() -> None:
    match = person_offered_a_kong()
    offers = match.round.kong_offers(0)
    served = TableServer(match, 0)
    served.serve_in_background()
    try:
        _, before = ask(served, "GET", "/api/state")
        assert before["kongs"] == [k.as_json() for k in offers] and before["can_discard"]
        for body, status in (({"kong": len(offers)}, 409), ({"kong": -1}, 400),
                             ({"kong": "0"}, 400), ({"kong": True}, 400), ({}, 400)):
            assert post(served, "/api/kong", body)[0] == status, body
        status, _ = ask(served, "POST", "/api/kong", b'{"kong": 0}',
                        {"Origin": "http://evil.example"})
        assert status == 403
        _, after = ask(served, "GET", "/api/state")
        assert after == before
        status, state = post(served, "/api/kong", {"kong": 0})
        assert status == 200
        assert offers == (RED_KONG,)
        assert state["melds"][0] == [["red"] * 4]
        assert state["meld_kinds"][0] == [CONCEALED_KONG]
        # the replacement tile 2p is drawn: the person's turn again, with no kong left
        assert state["turn"] == 0 and state["can_discard"] and state["drawn"] == "2p"
        assert state["kongs"] == [] and post(served, "/api/kong", {"kong": 0})[0] == 409
    finally:
        served.shutdown()
        served.server_close()
