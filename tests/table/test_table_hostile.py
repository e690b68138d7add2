"""Seeded hostile inputs for ``game play``'s server and ``game replay``'s records.

The server gets generated requests: moves that may or may not be allowed now (a tile held
or not, out of turn, a win or a call or a kong not offered, the next round too soon),
bodies of the wrong shape (not JSON, not an object, NaN, deep, huge, numbers as text),
a foreign Origin or Host. The rules each must meet: never a 500; a request over the body
limit is a 413, a foreign Origin on a move a 403, a foreign Host a 403, a body that is
not a JSON object of the right shape a 400; a move the table does not allow now a 409;
and a refused request changes nothing (the state after equals the state before). Each
within a second (the bots move within the request that gives them the turn).

Records get generated garbage: a valid record with lines replaced, inserted, cut or
repeated (random bytes, over-long lines, deep JSON, NaN, win fields of the wrong types
or sizes, another game file); ``replay`` either scores the wins or raises a
``MahjongError`` naming the fault, within a second and 64 MiB; some go through the
command itself under ``run_capped`` (exit 0, 1 or 2, no traceback).

A quick set runs by default; a bigger set is ``@pytest.mark.slow``.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hostile import assert_clean, run_capped, within
from local_servers import ask, serving

from typed_mahjong import games
from typed_mahjong.errors import MahjongError
from typed_mahjong.localweb import MAX_JSON_DEPTH
from typed_mahjong.table.match import Match
from typed_mahjong.table.play_server import MAX_BODY, TableServer
from typed_mahjong.table.record import MAX_LINE, dumps, replay

FOREST = games.load(games.builtin_path("forest"))
HK = games.load(games.builtin_path("hk-oldstyle"))
ROUTES = ("/api/discard", "/api/win", "/api/pass", "/api/call", "/api/kong", "/api/next")
REQUEST_SECONDS = 1.0


@pytest.fixture(params=["forest", "hk-oldstyle"])
def server(request: pytest.FixtureRequest) -> Iterator[TableServer]:
    game = FOREST if request.param == "forest" else HK
    with serving(TableServer(Match(game, 3, source=request.param, rounds=2), 0)) as served:
        yield served


def exchange(server: TableServer, method: str, path: str, body: bytes | None,
             headers: dict[str, str]) -> tuple[int, Any]:
    return ask(server, method, path, body, headers, timeout=10, raw=True)


def state_of(server: TableServer) -> dict[str, Any]:
    status, state = exchange(server, "GET", "/api/state", None, {})
    assert status == 200
    assert isinstance(state, dict)
    return state


def generated_move(rng: random.Random, state: dict[str, Any], port: int
                   ) -> tuple[str, bytes, dict[str, str], set[int]]:
    """One POST: its path, body, headers, and the statuses the rules allow for it."""
    path = rng.choice(ROUTES)
    key = {"/api/discard": "tile", "/api/call": "call", "/api/kong": "kong"}.get(path)
    held = [*state["hand"], *([state["drawn"]] if state["drawn"] else [])]
    value: object
    shape = rng.randrange(10)
    if shape < 5:  # a plausible move: allowed now or not
        if key == "tile":
            value = rng.choice(held + list(FOREST.tile_names) + ["1m", "red"])
        elif key is not None:
            value = rng.choice([0, 0, 1, 2])
        else:
            value = None
        payload: object = {} if key is None else {key: value}
        body = json.dumps(payload).encode()
        allowed = {200, 409} if key is None or isinstance(value, (str, int)) else {400}
    elif shape == 5:  # wrong types and sizes
        value = rng.choice([True, None, -1, 10**30, 1.5, "", "x" * 65, ["fox"], {"a": 1},
                            "0", "\u202e", "\x00"])
        body = json.dumps({key or "tile": value}).encode()
        if key is None:
            allowed = {200, 409}  # these moves read no field
        elif key == "tile":
            ok = isinstance(value, str) and 0 < len(value) <= 64
            allowed = {409} if ok else {400}
        else:
            allowed = {400} if isinstance(value, (bool, float, str, list, dict)) or \
                value is None or not 0 <= value <= 1000 else {409}  # type: ignore[operator]
    elif shape == 6:  # not JSON, not an object, a constant, not UTF-8
        body = rng.choice([b"{", b"[1]", b'"fox"', b'{"tile": NaN}', b"\xff\xfe",
                           b'{"tile": "fox"}}', b"null"])
        allowed = {400}
    elif shape == 7:  # deep, under the size limit
        depth = rng.choice([MAX_JSON_DEPTH + 1, 200, 400])
        body = b'{"tile": ' + b"[" * (depth - 1) + b"]" * (depth - 1) + b"}"
        allowed = {400} if len(body) <= MAX_BODY else {413}
    elif shape == 8:  # over the body limit
        body = b'{"tile": "' + b"x" * rng.choice([MAX_BODY, 10 * MAX_BODY]) + b'"}'
        allowed = {413}
    else:  # a well-formed move from a foreign origin
        body = json.dumps({} if key is None else {key: 0 if key != "tile" else held[0]}
                          ).encode()
        headers = {"Content-Type": "application/json",
                   "Origin": rng.choice(["http://evil.example", "null",
                                         f"http://127.0.0.1:{port + 1}"])}
        return path, body, headers, {403}
    headers = {"Content-Type": "application/json"}
    if rng.random() < 0.1:
        headers["Host"] = rng.choice(["evil.example", f"127.0.0.1:{port + 1}"])
        allowed = {403}
    return path, body, headers, allowed


def run_requests(server: TableServer, seeds: range) -> dict[int, int]:
    tally: dict[int, int] = {}
    for seed in seeds:
        rng = random.Random(seed)
        before = state_of(server)
        if before["finished"]:
            break
        path, body, headers, allowed = generated_move(rng, before, server.port)
        started = time.monotonic()
        status, reply = exchange(server, "POST", path, body, headers)
        seconds = time.monotonic() - started
        what = f"seed {seed}: POST {path} {body[:120]!r} {headers}"
        assert status in allowed, f"{status} {str(reply)[:300]}: {what}"
        assert seconds < REQUEST_SECONDS, f"{seconds:.2f} s: {what}"
        if status == 200:
            assert isinstance(reply, dict) and reply["moves"] >= before["moves"], what
        else:
            assert "error" in reply, what
            assert state_of(server) == before, f"a refused request changed the state: {what}"
        tally[status] = tally.get(status, 0) + 1
    return tally


QUICK_REQUESTS = range(60)
SLOW_REQUESTS = range(60, 260)


def test_generated_requests_get_the_status_the_rules_give(
        server: TableServer, capfd: pytest.CaptureFixture[str]) -> None:
    tally = run_requests(server, QUICK_REQUESTS)
    assert {400, 403, 409, 413} <= set(tally), tally
    assert "Traceback" not in capfd.readouterr().err


@pytest.mark.slow
def test_many_generated_requests_get_the_status_the_rules_give(
        server: TableServer, capfd: pytest.CaptureFixture[str]) -> None:
    tally = run_requests(server, SLOW_REQUESTS)
    assert {200, 400, 403, 409, 413} <= set(tally), tally
    assert "Traceback" not in capfd.readouterr().err


# ------------------------------------------------------------------------------ records

def valid_record() -> list[str]:
    """The lines of a whole seeded one-round forest match's record (it has a win)."""
    match = Match(FOREST, 5, source="forest", rounds=1, human=None)
    match.run()
    lines = dumps(match.events).splitlines()
    assert any('"event": "win"' in line for line in lines)
    return lines


def garbage_line(rng: random.Random, lines: list[str]) -> str:
    """A line a record should not hold (or a valid one with one field spoiled)."""
    shape = rng.randrange(9)
    if shape == 0:
        return "".join(chr(rng.randrange(1, 0x3000)) for _ in range(rng.randrange(1, 80)))
    if shape == 1:
        return "x" * rng.choice([MAX_LINE, MAX_LINE + 1, 10 * MAX_LINE])
    if shape == 2:
        depth = rng.choice([50, 1000, MAX_LINE // 2 - 10])
        return '{"event": "win", "hand": ' + "[" * depth + "]" * depth + "}"
    if shape == 3:
        return rng.choice(['{"event": NaN}', '{"event": Infinity}', "[]", '"win"', "null",
                           '{"event": 5}', '{"event": "win"}', "{", '{"event": "game"}'])
    win = json.loads(next(line for line in lines if '"event": "win"' in line))
    field = rng.choice(["hand", "inputs", "points", "yaku", "player"])
    win[field] = rng.choice([
        None, True, 1.5, 10**40, -1, "", "fox " * 2000, "( fox", "[fox fox fox fox]",
        "moon " * 14, {"tsumo": [1]}, {"flowers": 10**9}, {"x" * 100: True},
        {f"k{i}": 1 for i in range(100)}, [["a", True]], [["a", 1, 2]], "\u202e\x1b[2J"])
    return json.dumps(win)


def garbage_record(rng: random.Random, lines: list[str]) -> bytes:
    """A valid record spoiled in a few seeded ways."""
    out = list(lines)
    for _ in range(rng.randrange(1, 4)):
        kind = rng.randrange(6)
        where = rng.randrange(len(out))
        if kind == 0:
            out[where] = garbage_line(rng, lines)
        elif kind == 1:
            out.insert(where, garbage_line(rng, lines))
        elif kind == 2:  # the header names another game, file or fingerprint
            header = json.loads(lines[0])
            header[rng.choice(["source", "fingerprint"])] = rng.choice(
                ["hk-oldstyle", "/dev/null", "/", "no-such-game", "x" * 2000, 7,
                 "0" * 64, None])
            out[0] = json.dumps(header)
        elif kind == 3:
            out = out[:where] or out[:1]
        elif kind == 4:  # many wins: each scored again
            win = next(line for line in lines if '"event": "win"' in line)
            out.extend([win] * rng.choice([10, 50]))
        else:
            out.insert(where, "")
    data = "\n".join(out).encode("utf-8")
    if rng.random() < 0.15:  # bytes that are not UTF-8, a cut in mid-line
        data = data[:rng.randrange(len(data))] + rng.choice([b"\xff", b"\xc3", b"\x00"])
    return data


def replay_records(tmp_path: Path, seeds: range) -> dict[str, int]:
    lines = valid_record()
    tally = {"scored": 0, "refused": 0}
    for seed in seeds:
        rng = random.Random(seed)
        path = tmp_path / f"record-{seed}.jsonl"
        path.write_bytes(garbage_record(rng, lines))
        with within(f"seed {seed}: {path.read_bytes()[:200]!r}"):
            try:
                _, _, wins = replay(path)
            except MahjongError as exc:
                assert str(exc), seed
                tally["refused"] += 1
                continue
        # what replays is scored as the engine scores it: each untouched win agrees
        assert all(win.agrees for win in wins if win.hand != ""), seed
        tally["scored"] += 1
    return tally


def test_generated_records_replay_or_are_refused_cleanly(tmp_path: Path) -> None:
    tally = replay_records(tmp_path, range(24))
    assert tally["scored"] and tally["refused"], tally


@pytest.mark.slow
def test_many_generated_records_replay_or_are_refused_cleanly(tmp_path: Path) -> None:
    tally = replay_records(tmp_path, range(24, 124))
    assert tally["scored"] and tally["refused"], tally


@pytest.mark.parametrize("seed", [11])
def test_garbage_records_end_the_command_cleanly(tmp_path: Path, seed: int) -> None:
    path = tmp_path / "record.jsonl"
    path.write_bytes(garbage_record(random.Random(seed), valid_record()))
    result = run_capped(["game", "replay", str(path)], seconds=30)
    assert_clean(result, codes={0, 1, 2})
