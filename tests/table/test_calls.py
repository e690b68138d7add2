"""Calls at the table: offered exactly when the game allows the meld, wins first, pung
over chow, a kong's replacement draw, bots' calls, and a win after a call scored as
``Game.score`` and ``game score`` score its hand text."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
from test_play_table import ask, post
from test_table import rigged_wall

from typed_mahjong import games
from typed_mahjong.cli import main
from typed_mahjong.games import Game, GameError
from typed_mahjong.games.model import Value
from typed_mahjong.table.bots import Bot
from typed_mahjong.table.calls import Call, offered
from typed_mahjong.table.match import Match
from typed_mahjong.table.play_server import TableServer
from typed_mahjong.table.record import dumps, replay
from typed_mahjong.table.round import Event, MoveError, Round
from typed_mahjong.table.simulate import check_wins

FOREST = games.load(games.builtin_path("forest"))
HK = games.load(games.builtin_path("hk-oldstyle"))
MCR = games.load(games.builtin_path("mcr"))
RIICHI = games.load(games.builtin_path("riichi-tanyao"))

# Tiles that make no call or win on the discards below (no red, north or man tiles;
# p and s tiles three apart and lone honours), 12 of them: a hand of 13 with one more.
JUNK = ["1p", "4p", "7p", "2s", "5s", "8s", "east", "south", "west", "green", "white", "9s"]


def test_the_shipped_games_say_which_calls_they_offer() -> None:
    assert FOREST.calls == ()
    assert HK.calls == MCR.calls == RIICHI.calls == ("pung", "kong", "chow")


def test_a_game_with_bracketed_tile_names_cannot_offer_calls() -> None:
    text = ("name: B\nrules: {hand_size: 3, structure: '3', calls: [pung]}\n"
            "tiles: {'(x)': {n: 1}}\nyaku: {Any: {when: true, points: 1}}\n")
    with pytest.raises(GameError, match=r"rules\.calls: a tile's name holds a bracket"):
        games.loads(text)


@pytest.mark.parametrize(("tile", "from_left", "expected"), [
    # chows are runs of one suit (the sets rule): 3m 4m and 4m 6m make one with 5m
    ("5m", True, [("chow", "3m 4m 5m"), ("chow", "4m 5m 6m")]),
    ("5m", False, []),  # the same discard from a player not on the left: no chow
    # two 8m held: a pung; 6m 7m? no 7m held, so no chow of 8m
    ("8m", True, [("pung", "8m 8m 8m")]),
    # three east held: pung and kong, from anyone; honours make no chow
    ("east", False, [("pung", "east east east"), ("kong", "east east east east")]),
    ("north", True, []),
    ("9p", True, [("pung", "9p 9p 9p")]),  # 9p 9p held; 7p 8p not held: no chow
])
def test_a_call_is_offered_exactly_when_the_game_accepts_the_meld(
        tile: str, from_left: bool, expected: list[tuple[str, str]]) -> None:
    hand = "1m 2m 3m 4m 6m 8m 8m east east east 9p 9p 1s".split()
    for game in (HK, MCR):
        calls = offered(game, hand, tile, from_left)
        assert [(c.kind, " ".join(c.meld)) for c in calls] == expected
        assert all(game.valid_meld(c.meld) for c in calls)
    assert not HK.valid_meld(("1m", "2m", "4m")) and not HK.valid_meld(("9m", "1p", "2p"))


def test_forest_offers_no_call_though_its_sets_would_be_valid_melds() -> None:
    # fox vixen kit is a set of one colour, and two owls with a third make three of a
    # kind: valid melds, but Donjara has no calls (rules.calls left out)
    assert FOREST.valid_meld(("fox", "vixen", "kit")) and FOREST.valid_meld(("owl",) * 3)
    assert offered(FOREST, ["owl", "owl", "fox", "vixen"], "owl", True) == ()
    junk = ["frog", "toad", "heron", "bee", "bat", "robin", "eagle_owl", "tadpole"]
    holder = ["owl", "owl", "fox", "vixen", "bear", "cub", "frog", "toad"]
    wall = rigged_wall([["owl", *junk[1:]], holder, junk, junk], ["grizzly", "fox"])
    round_ = Round(FOREST, wall, 4, 0, "E", lambda event: None)
    round_.discard(0, "owl")
    assert round_.call_offers == {} and round_.phase == "discard" and round_.turn == 1


def hk_round(events: list[Event], player2: list[str] | None = None,
             player3: list[str] | None = None) -> Round:
    """hk-oldstyle, dealer 0. Player 1 holds red red 1m 2m 3m 2m 3m 4m 6m 7m 8m 9m
    north: a pung of the dealer's red, then north let go, waits on 9m. Player 2 holds
    9m (or ``player2``), player 3 ``player3`` or nothing that calls."""
    p1 = ["red", "red", "1m", "2m", "3m", "2m", "3m", "4m", "6m", "7m", "8m", "9m", "north"]
    p0 = ["red", *JUNK]
    p2 = player2 or ["9m", *JUNK]
    p3 = player3 or ["3p", *JUNK]
    wall = rigged_wall([p0, p1, p2, p3], ["6p", "6s", "3s", "2p", "2p"])
    return Round(HK, wall, 4, 0, "E", events.append)


def test_a_win_after_a_pung_scores_what_game_score_and_the_cli_give(
        capsys: pytest.CaptureFixture[str]) -> None:
    events: list[Event] = []
    round_ = hk_round(events)
    round_.discard(0, "red")
    pung = Call("pung", "red", ("red", "red"), ("red", "red", "red"))
    assert round_.phase == "claim" and round_.call_offers == {1: (pung,)}
    assert round_.offers == {}
    with pytest.raises(MoveError, match="not offered that call"):
        round_.call(2, pung)
    with pytest.raises(MoveError, match="does not win"):
        round_.answer(1, True)
    round_.call(1, pung)
    assert round_.turn == 1 and round_.phase == "discard" and round_.drawn is None
    assert round_.melds[1] == [pung] and round_.discards[0] == []  # the red left the pile
    assert len(round_.hands[1]) == 11 and round_.self_draw_score() is None
    assert round_.inputs(1, False)["concealed"] is False
    assert round_.inputs(2, False)["concealed"] is True  # player 2 called nothing
    round_.discard(1, "north")
    assert round_.turn == 2
    round_.discard(2, "9m")
    hand = "(red red red) 1m 2m 2m 3m 3m 4m 6m 7m 8m 9m 9m"
    # By hand, from hk-oldstyle's faan: Mixed One Suit 3 (man and honours), Red Dragon 1
    # (the claimed pung), No Flowers 1 (bonus); not Concealed Hand (a pung was claimed).
    # 4 faan reach the minimum of 3; 5 faan are 2^5 = 32 points.
    assert set(round_.offers) == {1} and round_.offers[1].points == 32
    round_.answer(1, True)
    win = round_.win
    assert win is not None and win.hand == hand and win.score.points == 32
    inputs = dict(win.inputs)
    assert inputs["concealed"] is False and inputs["seat"] == "S"
    assert win.score.points == HK.score(hand, **inputs).points
    assert main(["game", "score", "hk-oldstyle", hand, "--seat", "S", "--round", "E"]) == 0
    found = re.search(r"total\s+(\d+) points", capsys.readouterr().out)
    assert found is not None and int(found.group(1)) == 32
    assert [e["event"] for e in events].count("call") == 1
    call_event = next(e for e in events if e["event"] == "call")
    assert call_event == {"event": "call", "player": 1, "from": 0, "kind": "pung",
                          "meld": ["red", "red", "red"]}


def test_replay_scores_a_win_with_a_meld_again(tmp_path: Path) -> None:
    events: list[Event] = [{"event": "game", "format": 1, "game": HK.name,
                            "source": "hk-oldstyle", "fingerprint": HK.fingerprint,
                            "seed": 0, "players": 4, "rounds": 1}]
    round_ = hk_round(events)
    round_.discard(0, "red")
    round_.call(1, round_.call_offers[1][0])
    round_.discard(1, "north")
    round_.discard(2, "9m")
    round_.answer(1, True)
    record = tmp_path / "match.jsonl"
    record.write_text(dumps(events))
    _, _, wins = replay(record)
    assert [(w.hand, w.points, w.agrees) for w in wins] == [
        ("(red red red) 1m 2m 2m 3m 3m 4m 6m 7m 8m 9m 9m", 32, True)]


def test_a_pung_beats_a_chow() -> None:
    # After the red pung player 1 lets 9m go: player 2 (just after it) holds 7m 8m for a
    # chow, player 3 holds 9m 9m for a pung. Both claim; the pung takes the tile.
    round_ = hk_round([], player2=["7m", "8m", *JUNK[:11]], player3=["9m", "9m", *JUNK[:11]])
    round_.discard(0, "red")
    round_.call(1, round_.call_offers[1][0])
    round_.discard(1, "9m")
    chow = Call("chow", "9m", ("7m", "8m"), ("7m", "8m", "9m"))
    pung = Call("pung", "9m", ("9m", "9m"), ("9m", "9m", "9m"))
    assert round_.call_offers == {2: (chow,), 3: (pung,)} and round_.offers == {}
    round_.call(2, chow)
    assert round_.phase == "claim"  # player 3 has not answered
    with pytest.raises(MoveError, match="answered already"):
        round_.answer(2, False)
    round_.call(3, pung)
    assert round_.turn == 3 and round_.melds[3] == [pung] and round_.melds[2] == []
    assert sorted(round_.hands[2]) == sorted(["7m", "8m", *JUNK[:11]])  # it keeps them


@pytest.mark.parametrize("win_first", [True, False])
def test_a_win_on_the_discard_beats_a_call(win_first: bool) -> None:
    # Player 1 waits on 9m (the pung test's hand); player 2 discards 9m and player 3,
    # just after it, could pung it with its 9m 9m. Whoever answers first, the win takes it.
    round_ = hk_round([], player3=["9m", "9m", *JUNK[:11]])
    round_.discard(0, "red")
    round_.call(1, round_.call_offers[1][0])
    round_.discard(1, "north")
    round_.discard(2, "9m")
    assert set(round_.offers) == {1} and [c.kind for c in round_.call_offers[3]] == ["pung"]
    if win_first:
        round_.answer(1, True)
        round_.call(3, round_.call_offers[3][0])
    else:
        round_.call(3, round_.call_offers[3][0])
        round_.answer(1, True)
    assert round_.win is not None and round_.win.player == 1 and round_.melds[3] == []


def test_a_kong_draws_a_replacement_tile() -> None:
    # Player 1 holds three north and the dealer discards north: player 1 may pung or
    # kong it; the kong draws the next wall tile, 5m.
    events: list[Event] = []
    p1 = ["north", "north", "north", "1m", "2m", "3m", "2m", "3m", "4m", "6m", "7m", "8m",
          "9m"]
    wall = rigged_wall([["north", *JUNK], p1, ["3p", *JUNK], ["3p", *JUNK]],
                       ["6p", "5m", "6s"])
    round_ = Round(HK, wall, 4, 0, "E", events.append)
    round_.discard(0, "north")
    kinds = [c.kind for c in round_.call_offers[1]]
    assert kinds == ["pung", "kong"]
    round_.call(1, round_.call_offers[1][1])
    assert round_.turn == 1 and round_.drawn == "5m" and round_.replacement
    assert events[-1] == {"event": "draw", "player": 1, "tile": "5m", "replacement": True}
    assert round_.hand_text(1, "5m") == ("(north north north north) 1m 2m 2m 3m 3m 4m 6m 7m "
                                         "8m 9m 5m")
    # 10 concealed tiles and a kong: 14 + 1 tiles, as the engine counts a kong
    assert len(round_.hands[1]) == 11


def test_bots_call_when_the_call_leaves_them_waiting_on_a_win() -> None:
    bot = Bot(HK)
    hand = ["red", "red", "1m", "2m", "3m", "2m", "3m", "4m", "6m", "7m", "8m", "9m",
            "north"]
    calls = offered(HK, hand, "red", from_left=False)
    situation: dict[str, Value] = {"concealed": False, "seat": "S", "round": "E"}
    # the pung leaves 1m 2m 3m 2m 3m 4m 6m 7m 8m 9m north: letting north go waits on 9m
    # for 32 points (the pung test above)
    assert bot.choose_call(hand, "", calls, Counter(hand), lambda tsumo: situation) == calls[0]
    far = ["red", "red", "1m", "5m", "9m", "2p", "6p", "1s", "5s", "9s", "east", "south",
           "west"]
    calls = offered(HK, far, "red", from_left=False)
    assert calls and bot.choose_call(far, "", calls, Counter(far), lambda tsumo: situation) is None
    # riichi-tanyao leaves an open hand out of the game: a pung that would leave the hand
    # waiting on 3s or 6s is no use, and the bot passes
    riichi = Bot(RIICHI)
    hand = "2m 2m 3m 4m 5m 6p 7p 8p 3s 4s 5s 6s 7p".split()
    calls = offered(RIICHI, hand, "2m", from_left=False)
    assert [c.kind for c in calls] == ["pung"]
    assert RIICHI.waits("3m 4m 5m 6p 7p 8p 3s 4s 5s 6s (2m 2m 2m)") == ("3s", "6s")
    assert riichi.choose_call(hand, "", calls, Counter(hand), lambda tsumo: {}) is None


def person_offered_a_call(game: Game, tries: int = 40) -> Match:
    """A match of ``game`` stopped where the person (seat 0, letting each drawn tile go)
    is first offered a call on a discard nobody can win on."""
    for seed in range(tries):
        match = Match(game, seed, rounds=1)
        match.advance()
        while match.round.phase != "over":
            current = match.round
            if current.phase == "claim":
                if 0 in current.call_offers and not current.offers:
                    return match
                break
            assert current.drawn is not None
            match.discard(current.drawn)
    raise AssertionError("no seed in range offers the person a call")


def test_the_server_offers_calls_and_refuses_bad_call_requests() -> None:
    match = person_offered_a_call(HK)
    offers = match.round.call_offers[0]
    assert match.round.claimants() == [0]
    served = TableServer(match, 0)
    served.serve_in_background()
    try:
        _, before = ask(served, "GET", "/api/state")
        assert before["calls"] == [c.as_json() for c in offers] and before["can_pass"]
        assert before["offer"] is None and not before["can_discard"]
        for body, status in (({"call": len(offers)}, 409), ({"call": -1}, 400),
                             ({"call": "0"}, 400), ({"call": True}, 400), ({}, 400),
                             ({"call": 10**30}, 400)):
            assert post(served, "/api/call", body)[0] == status, body
        assert post(served, "/api/discard", {"tile": before["hand"][0]})[0] == 409
        assert post(served, "/api/win", {})[0] == 409  # no win offered: a call only
        status, _ = ask(served, "POST", "/api/call", b'{"call": 0}',
                        {"Origin": "http://evil.example"})
        assert status == 403
        _, after = ask(served, "GET", "/api/state")
        assert after == before
        status, state = post(served, "/api/call", {"call": 0})
        assert status == 200
        # the person was the only one offered anything: the call takes the tile
        assert state["melds"][0] == [list(offers[0].meld)] and state["can_discard"]
        assert state["turn"] == 0 and state["drawn"] is None
        assert post(served, "/api/call", {"call": 0})[0] == 409  # nothing offered now
    finally:
        served.shutdown()
        served.server_close()


def test_a_bot_match_calls_and_its_win_with_a_meld_is_the_engines() -> None:
    # seed 37: player 1 chows 4m 5m 6m from player 0 and later wins with the chow
    match = Match(HK, 37, rounds=1, human=None)
    match.run()
    calls = [e for e in match.events if e["event"] == "call"]
    assert calls and all(HK.valid_meld(tuple(e["meld"])) for e in calls)
    assert all(e["kind"] != "chow" or e["player"] == (e["from"] + 1) % 4 for e in calls)
    wins = [e for e in match.events if e["event"] == "win"]
    assert check_wins(HK, match.events) == 1 and wins[0]["hand"].startswith("(")
    assert wins[0]["inputs"]["concealed"] is False
