"""``game play``'s server, without a browser: state, moves, hostile requests; and the
record with ``game replay``."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from local_servers import ask, serving
from table_helpers import person_moves, seed_the_person_wins

from typed_mahjong import games
from typed_mahjong.cli import main
from typed_mahjong.table.match import Match
from typed_mahjong.table.play_server import MAX_BODY, TableServer
from typed_mahjong.table.record import dumps, fixture_line, replay

FOREST = games.load(games.builtin_path("forest"))


@pytest.fixture
def server() -> Iterator[TableServer]:
    with serving(TableServer(Match(FOREST, 5, source="forest", rounds=2), 0)) as served:
        yield served


def post(server: TableServer, path: str, body: dict[str, Any]) -> tuple[int, Any]:
    return ask(server, "POST", path, json.dumps(body).encode(),
               {"Content-Type": "application/json"})


def test_the_page_and_the_state_show_the_persons_hand_in_display_order(
        server: TableServer) -> None:
    status, page = ask(server, "GET", "/")
    assert status == 200 and page.startswith("<!DOCTYPE html>") and "/api/discard" in page
    status, state = ask(server, "GET", "/api/state")
    assert status == 200
    rank = {name: i for i, name in enumerate(FOREST.tile_names)}
    assert state["hand"] == sorted(state["hand"], key=rank.__getitem__)
    held = len(state["hand"]) + (state["drawn"] is not None)
    assert held == (FOREST.hand_size if state["can_discard"] else FOREST.hand_size - 1)
    faces = {face["name"]: face["text"] for face in state["faces"]}
    assert faces["moon"] == "wildcard" and "colour red" in faces["fox"]


def test_hostile_requests_are_refused_and_change_nothing(server: TableServer) -> None:
    _, before = ask(server, "GET", "/api/state")
    held = set(before["hand"]) | {before["drawn"]}
    absent = next(name for name in FOREST.tile_names if name not in held)
    status, reply = post(server, "/api/discard", {"tile": absent})
    assert status == 409 and "holds no" in reply["error"]
    status, reply = post(server, "/api/discard", {"tile": ["fox"]})
    assert status == 400
    status, reply = post(server, "/api/win", {})  # no win offered
    assert status == 409
    status, reply = post(server, "/api/next", {})  # the round is not over
    assert status == 409 and "not over" in reply["error"]
    status, reply = ask(server, "POST", "/api/discard", b'{"tile": "fox"}',
                        {"Origin": "http://evil.example"})
    assert status == 403
    status, reply = ask(server, "POST", "/api/discard", b"x" * (MAX_BODY + 1))
    assert status == 413
    status, reply = ask(server, "POST", "/api/discard", b'{"tile": NaN}')
    assert status == 400
    status, reply = ask(server, "GET", "/api/state", headers={"Host": "evil.example"})
    assert status == 403
    status, reply = ask(server, "DELETE", "/api/state")
    assert status == 405
    _, after = ask(server, "GET", "/api/state")
    assert after == before


def test_moves_out_of_turn_are_refused() -> None:
    match = Match(FOREST, 5, rounds=1)
    match.advance()
    # play the person's turns until a bot's turn stops us: none can come between our
    # requests (the bots move inside them), so an out-of-turn move is one while a
    # discard is offered to us or after the round
    served = TableServer(match, 0)
    served.serve_in_background()
    try:
        while match.round.phase != "over":
            _, state = ask(served, "GET", "/api/state")
            if state["offer"] is not None:
                status, reply = post(served, "/api/discard", {"tile": state["hand"][0]})
                assert status == 409
                post(served, "/api/win", {})
                continue
            tile = state["drawn"]
            status, _ = post(served, "/api/discard", {"tile": tile})
            assert status == 200
        status, reply = post(served, "/api/pass", {})
        assert status == 409
    finally:
        served.shutdown()
        served.server_close()


def test_a_played_match_replays_with_the_engines_points(tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]
                                                          ) -> None:
    seed = seed_the_person_wins(FOREST)
    _, match = person_moves(FOREST, seed, source="forest")
    record = tmp_path / "match.jsonl"
    record.write_text(dumps(match.events))
    game, source, wins = replay(record)
    assert wins and all(win.agrees for win in wins)
    assert [w.points for w in wins] == [FOREST.score(w.hand).points for w in wins]
    fixtures = tmp_path / "fixtures.py"
    assert main(["game", "replay", str(record), "--fixtures", str(fixtures)]) == 0
    text = fixtures.read_text()
    assert fixture_line(game, "forest", wins[0]) in text
    assert f'Game["forest"], Hand["{wins[0].hand}"]] = {wins[0].points}' in text
    # a tampered win is caught: the record says one point more than the engine
    tampered = [dict(e) for e in match.events]
    for event in tampered:
        if event["event"] == "win":
            event["points"] += 1
    record.write_text(dumps(tampered))
    assert main(["game", "replay", str(record)]) == 1
    assert "DIFFERS" in capsys.readouterr().out


@pytest.mark.parametrize(("text", "message"), [
    ("", "starts with its game line"),
    ("[1]\n", "an object with"),
    ('{"event": "game", "source": "forest", "fingerprint": "0"}\n', "sha256 differs"),
    ('{"event": "game", "source": "forest", "fingerprint": "F"}\n{"event": "win", '
     '"hand": 5}\n', '"hand"'),
    ('{"event": "game", "source": "forest", "fingerprint": "F"}\n' + "x" * 20000 + "\n",
     "over 16384 characters"),
    ('{"event": NaN}\n', "not JSON"),
    # deep JSON under the line limit: Python's decoder would recurse past its limit
    ('{"event": "game", "source": "forest", "fingerprint": "F"}\n{"event": "win", '
     '"hand": ' + "[" * 3000 + "]" * 3000 + "}\n", "nests JSON deeper than 8 levels"),
])
def test_bad_records_are_refused_with_their_line(tmp_path: Path, text: str, message: str,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "bad.jsonl"
    record.write_text(text.replace('"F"', json.dumps(FOREST.fingerprint)))
    assert main(["game", "replay", str(record)]) == 2
    assert message in capsys.readouterr().err
