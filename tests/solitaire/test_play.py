"""``solitaire play``: the game session (verdicts in the background), the loopback web
server and its refusals, and the command line. The browser test is test_play_browser.py.
"""

from __future__ import annotations

import http.client
import json
import signal
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from local_servers import ask, serving
from test_solitaire_cli import TRAP, run

from typed_mahjong.solitaire import IllegalMove, load_layout, parse_game, solve
from typed_mahjong.solitaire.layout import slot
from typed_mahjong.solitaire.play import PlaySession
from typed_mahjong.solitaire.play_server import MAX_BODY, PlayServer
from typed_mahjong.solitaire.position import Move

STATUS = {"solvable": "clearable", "unsolvable": "dead"}


def trap_session(budget: float = 5.0) -> PlaySession:
    return PlaySession(load_layout("trap"), "trap", None, budget)


def slots_of(session: PlaySession, *where: tuple[int, int, int]) -> list[int]:
    layout = session.start.layout
    return [layout.index(slot(*xyz)) for xyz in where]


# ------------------------------------------------------------------------- the session


def test_each_position_gets_the_solvers_verdict() -> None:
    session = trap_session()
    try:
        assert session.wait_settled(30)
        assert session.state()["steps"][0]["status"] == "clearable"
        # The trap's losing first move: the two loose 1m.
        session.move(*slots_of(session, (8, 0, 0), (12, 0, 0)))
        assert session.wait_settled(30)
        state = session.state()
        expected = solve(session.path[-1]).status
        assert state["steps"][1]["status"] == STATUS[expected] == "dead"
        assert state["fatal"] == 1
        blocking = {tuple(session.start.layout.slots[t].__getattribute__(a) for a in "xyz")
                    for t in state["steps"][1]["blocking"]}
        assert blocking == {(0, 0, 1), (4, 0, 1)}
        # Each link names a tile of the argument and the tiles holding it.
        locked = set(state["steps"][1]["locked"])
        for link in state["steps"][1]["links"]:
            assert link["tile"] in locked and set(link["others"]) <= locked
    finally:
        session.stop()


def test_illegal_moves_are_refused_and_change_nothing() -> None:
    session = trap_session()
    try:
        under, over = slots_of(session, (0, 0, 0), (0, 0, 1))
        with pytest.raises(IllegalMove, match="not free|do not match"):
            session.move(under, over)
        with pytest.raises(IllegalMove, match="not in the layout"):
            session.move(0, 99)
        with pytest.raises(IllegalMove, match="no move to undo"):
            session.undo()
        assert session.state()["moves"] == []
    finally:
        session.stop()


def test_undo_brings_back_the_position_and_its_verdict() -> None:
    session = trap_session()
    try:
        session.move(*slots_of(session, (8, 0, 0), (12, 0, 0)))
        session.undo()
        assert session.wait_settled(30)
        state = session.state()
        assert state["moves"] == [] and len(state["present"]) == 6
        assert state["steps"][0]["status"] == "clearable" and state["fatal"] is None
    finally:
        session.stop()


def test_a_hint_keeps_the_game_clearable() -> None:
    session = PlaySession(load_layout("turtle"), "turtle", 7, 5.0)
    try:
        assert session.wait_settled(60)
        for _ in range(5):
            hint = session.hint()["hint"]
            assert hint is not None
            session.move(*hint)
            assert session.wait_settled(60)
            assert solve(session.path[-1]).status == "solvable"
    finally:
        session.stop()


def test_the_saved_record_reads_back_as_the_same_game(tmp_path: Path) -> None:
    session = PlaySession(load_layout("turtle"), "turtle", 7, 5.0)
    try:
        assert session.wait_settled(60)
        for _ in range(3):
            session.move(*session.hint()["hint"])
            assert session.wait_settled(60)
        record = parse_game(session.record_text())
        assert record.position == session.start
        assert list(record.moves) == session.moves
        assert record.deal == {"kind": "random", "seed": 7}
        game = tmp_path / "saved.game"
        game.write_text(session.record_text())
        assert run(["solitaire", "review", str(game)]) == 0  # still clearable
    finally:
        session.stop()


def test_a_layout_file_is_saved_by_its_absolute_path(tmp_path: Path) -> None:
    from typed_mahjong.solitaire.play import layout_line
    assert layout_line(TRAP, load_layout(TRAP)) == str(Path(TRAP).resolve())
    assert layout_line("trap", load_layout("trap")) == "trap"


def test_no_request_waits_for_the_solver(monkeypatch: pytest.MonkeyPatch) -> None:
    """While the worker is busy, the state says pending at once; then the verdict."""
    from typed_mahjong.solitaire import solver as solver_module

    gate = threading.Event()
    real_solve = solver_module.Solver.solve

    def slow_solve(self: Any, *args: Any, **kwargs: Any) -> Any:
        gate.wait(30)
        return real_solve(self, *args, **kwargs)

    monkeypatch.setattr(solver_module.Solver, "solve", slow_solve)
    session = trap_session()
    try:
        assert session.state()["steps"][0]["status"] == "pending"
        assert not session.wait_settled(0.2)
        gate.set()
        assert session.wait_settled(30)
        assert session.state()["steps"][0]["status"] == "clearable"
    finally:
        gate.set()
        session.stop()


# -------------------------------------------------------------------------- the server


@pytest.fixture
def server() -> Iterator[PlayServer]:
    session = trap_session()
    try:
        with serving(PlayServer(session, 0)) as served:
            yield served
    finally:
        session.stop()


def test_the_server_serves_the_page_the_state_and_moves(server: PlayServer) -> None:
    status, page = ask(server, "GET", "/")
    assert status == 200 and page.startswith("<!DOCTYPE html>") and "makeBoard" in page
    status, state = ask(server, "GET", "/api/state")
    assert status == 200 and len(state["tiles"]) == 6
    a, b = slots_of(server.session, (8, 0, 0), (12, 0, 0))
    status, state = ask(server, "POST", "/api/move", json.dumps({"tiles": [a, b]}).encode())
    assert status == 200 and state["moves"] == [[min(a, b), max(a, b)]]
    status, record = ask(server, "GET", "/api/record")
    assert status == 200 and record.startswith("typed-mahjong-game-v1\nlayout trap\n")
    assert server.session.wait_settled(30)
    status, page = ask(server, "GET", "/review")
    assert status == 200 and '"fatal": 1' in page


@pytest.mark.parametrize(("method", "path", "body", "headers", "code", "words"), [
    ("GET", "/nope", None, {}, 404, "no such page"),
    ("POST", "/api/nope", b"{}", {}, 404, "no such action"),
    ("PUT", "/", b"", {}, 405, "method PUT"),
    ("DELETE", "/api/state", None, {}, 405, "method DELETE"),
    ("GET", "/api/state", None, {"Host": "evil.example:80"}, 403, "Host header"),
    ("GET", "/api/state", None, {"Host": "127.0.0.1:1"}, 403, "Host header"),
    ("POST", "/api/undo", b"{}", {"Origin": "http://evil.example"}, 403, "other origins"),
    ("POST", "/api/move", b"{not json", {}, 400, "not JSON"),
    ("POST", "/api/move", b'{"tiles": [NaN, 1]}', {}, 400, "NaN is not allowed"),
    ("POST", "/api/move", b'{"tiles": [Infinity, 1]}', {}, 400, "Infinity"),
    ("POST", "/api/move", b"[1, 2]", {}, 400, "JSON object"),
    ("POST", "/api/move", b'{"tiles": [1]}', {}, 400, "two slot numbers"),
    ("POST", "/api/move", b'{"tiles": [true, 1]}', {}, 400, "whole number"),
    ("POST", "/api/move", b'{"tiles": [1e999, 1]}', {}, 400, "whole number"),
    ("POST", "/api/move", b'{"tiles": [' + b"9" * 5000 + b', 1]}', {}, 413, "over"),
    ("POST", "/api/move", b'{"tiles": [0, 4000]}', {}, 409, "not in the layout"),
    ("POST", "/api/move", b'{"tiles": [1, 2]}', {}, 409, "not free"),
    ("POST", "/api/undo", b"{}", {}, 409, "no move to undo"),
    ("POST", "/api/new", b'{"seed": -1}', {}, 400, "the seed"),
    ("POST", "/api/new", b'{"seed": "7"}', {}, 400, "the seed"),
    ("POST", "/api/move", b"\xff\xfe", {}, 400, "not JSON"),
    ("POST", "/api/move", b"x" * (MAX_BODY + 1), {}, 413, "over"),
])
def test_bad_requests_get_clear_errors_and_the_server_goes_on(
    server: PlayServer, method: str, path: str, body: bytes | None,
    headers: dict[str, str], code: int, words: str,
) -> None:
    status, answer = ask(server, method, path, body, headers)
    assert status == code, answer
    assert words in answer["error"]
    status, state = ask(server, "GET", "/api/state")
    assert status == 200 and state["moves"] == []


def test_a_post_without_a_length_is_refused(server: PlayServer) -> None:
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    try:
        connection.putrequest("POST", "/api/undo")
        connection.endheaders()
        response = connection.getresponse()
        assert response.status == 411
        assert "Content-Length" in json.loads(response.read())["error"]
    finally:
        connection.close()


def test_a_new_deal_starts_over(server: PlayServer) -> None:
    status, state = ask(server, "POST", "/api/new", b'{"seed": 3}')
    assert status == 200 and state["generation"] == 2
    assert state["deal"] == {"kind": "random", "seed": 3} and state["moves"] == []


def test_the_server_listens_on_the_loopback_address_only(server: PlayServer) -> None:
    assert server.server_address[0] == "127.0.0.1"
    assert server.url == f"http://127.0.0.1:{server.port}/"


# ---------------------------------------------------------------------- the command line


def ctrl_c_as_at_a_terminal() -> None:
    """Run in the server's process before it starts: SIGINT back to its default action.

    A shell starts a background job with SIGINT ignored, the job's children inherit that,
    and a Python started so never turns SIGINT into KeyboardInterrupt; a test run that way
    (CI in the background) would wait for a server that cannot hear Ctrl-C. At a terminal
    the server gets SIGINT as set here."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_play_prints_its_url_serves_and_stops_on_ctrl_c() -> None:
    process = subprocess.Popen(
        [sys.executable, "-c", "import sys; from typed_mahjong.cli import main; "
         "sys.exit(main())", "solitaire", "play", "trap"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        preexec_fn=ctrl_c_as_at_a_terminal)
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        assert line.startswith("Playing trap at http://127.0.0.1:"), line
        port = int(line.split("127.0.0.1:")[1].split("/")[0])
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        connection.request("GET", "/api/state")
        assert connection.getresponse().status == 200
        connection.close()
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=30)
        assert process.returncode == 0, err
        assert "stopped" in out and "Traceback" not in err
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()


@pytest.mark.parametrize("options", [["--budget", "nan"], ["--seed", "\u00b2"],
                                     ["--port", "70000"]])
def test_play_refuses_bad_options(options: list[str],
                                  capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["solitaire", "play", "trap", *options]) == 2
    assert options[0] in capsys.readouterr().err


def test_play_refuses_a_bad_layout_before_serving(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["solitaire", "play", "no-such-layout"]) == 2
    assert "no such layout file" in capsys.readouterr().err


def test_moves_api_and_game_moves_agree() -> None:
    session = trap_session()
    try:
        a, b = slots_of(session, (8, 0, 0), (12, 0, 0))
        session.move(b, a)
        assert session.moves == [Move.of(a, b)]
    finally:
        session.stop()


def test_generated_requests_never_break_the_server() -> None:
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    session = trap_session()
    served = PlayServer(session, 0)
    served.serve_in_background()
    values = st.recursive(
        st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
        lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
            st.sampled_from(["tiles", "seed", "x"]), inner, max_size=3),
        max_leaves=10)
    bodies = st.one_of(st.binary(max_size=300), values.map(
        lambda v: json.dumps({"tiles": v} if not isinstance(v, dict) else v).encode()))
    paths = st.sampled_from(["/api/move", "/api/new", "/api/undo", "/api/hint", "/api/x",
                             "/", "/api/state?x=1", "/%00", "/" + "a" * 3000])

    @settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
    @given(method=st.sampled_from(["GET", "POST"]), path=paths, body=bodies)
    def one_request(method: str, path: str, body: bytes) -> None:
        status, answer = ask(served, method, path, body if method == "POST" else None)
        assert status < 500, answer
        if status >= 400:
            assert isinstance(answer, dict) and answer["error"]

    try:
        one_request()
        status, _state = ask(served, "GET", "/api/state")
        assert status == 200
    finally:
        served.shutdown()
        served.server_close()
        session.stop()
