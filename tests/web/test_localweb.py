"""Hostile requests to the local web server base (``typed_mahjong/localweb.py``) that every
page stands on (issue 43, item 13): deep JSON, a body shorter than its length, clients
that reset their connection, many clients at once.

A small page of its own (``Echo``) stands on the base, so these tests hold for
``solitaire play`` and ``game play`` alike; its read timeout is short so that a test of it
is quick (the pages keep ``REQUEST_TIMEOUT``).
"""

from __future__ import annotations

import http.client
import json
import socket
import struct
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from http import HTTPStatus
from typing import Any

import pytest

from typed_mahjong.localweb import MAX_JSON_DEPTH, LocalHandler, LocalServer

SHORT_TIMEOUT = 0.5  # seconds: Echo's read timeout


class Echo(LocalHandler):
    """A page that answers GET / with ``{"ok": true}`` and POST /echo with its body."""

    timeout = SHORT_TIMEOUT

    def route_get(self, path: str) -> None:
        if path != "/":
            raise self.not_found("page")
        self.send_json({"ok": True})

    def route_post(self, path: str) -> None:
        if path != "/echo":
            raise self.not_found("action")
        self.send_json({"body": self.json_body()})


@pytest.fixture
def server() -> Iterator[LocalServer]:
    served = LocalServer(Echo, 0)
    served.serve_in_background()
    try:
        yield served
    finally:
        served.shutdown()
        served.server_close()


def ask(server: LocalServer, method: str, path: str, body: bytes | None = None,
        timeout: float = 30) -> tuple[int, Any]:
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=timeout)
    try:
        connection.request(method, path, body=body)
        response = connection.getresponse()
        return response.status, json.loads(response.read())
    finally:
        connection.close()


def raw_exchange(server: LocalServer, head: bytes, *, half_close: bool = False,
                 timeout: float = 30) -> tuple[int, dict[str, Any], float]:
    """Send ``head`` as is (a request with a short body), keep the connection open (or shut
    its writing side) and read the answer: its status, its JSON body, the seconds taken."""
    started = time.monotonic()
    with socket.create_connection(("127.0.0.1", server.port), timeout=timeout) as client:
        client.sendall(head)
        if half_close:
            client.shutdown(socket.SHUT_WR)
        data = b""
        while chunk := client.recv(65536):
            data += chunk
    header, _, body = data.partition(b"\r\n\r\n")
    return int(header.split()[1]), json.loads(body), time.monotonic() - started


def post_head(server: LocalServer, length: int, body: bytes) -> bytes:
    return (f"POST /echo HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n"
            f"Content-Length: {length}\r\n\r\n").encode() + body


# ------------------------------------------------------------------------------ JSON depth


@pytest.mark.parametrize("depth", [1_000, 2_000])
def test_deep_json_under_the_size_limit_is_a_400(server: LocalServer, depth: int) -> None:
    body = b'{"a": ' + b"[" * depth + b"]" * depth + b"}"
    assert len(body) <= Echo.max_body  # refused for its depth, not its size
    status, answer = ask(server, "POST", "/echo", body)
    assert status == HTTPStatus.BAD_REQUEST, answer  # was 500 RecursionError
    assert f"nested deeper than {MAX_JSON_DEPTH} levels" in answer["error"]
    assert ask(server, "GET", "/")[0] == HTTPStatus.OK


def test_the_depth_limit_is_exact_and_brackets_in_strings_do_not_count(
        server: LocalServer) -> None:
    def nested(depth: int) -> bytes:  # the top object is level 1
        inner = depth - 1
        return b'{"a": ' + b"[" * inner + b"]" * inner + b"}"

    status, answer = ask(server, "POST", "/echo", nested(MAX_JSON_DEPTH))
    assert status == HTTPStatus.OK, answer
    assert ask(server, "POST", "/echo", nested(MAX_JSON_DEPTH + 1))[0] == 400
    text = json.dumps({"a": "[{" * 1000 + '\\"[' * 100}).encode()
    status, answer = ask(server, "POST", "/echo", text)
    assert status == HTTPStatus.OK and answer["body"] == json.loads(text)


# ------------------------------------------------------------------------ a short body


def test_a_body_shorter_than_its_length_is_a_408(server: LocalServer) -> None:
    status, answer, seconds = raw_exchange(server, post_head(server, 100, b'{"a": 1'))
    assert status == HTTPStatus.REQUEST_TIMEOUT, answer  # was 500 TimeoutError
    assert "100 bytes" in answer["error"] and "7" in answer["error"]
    assert seconds < SHORT_TIMEOUT + 5
    assert ask(server, "GET", "/")[0] == HTTPStatus.OK


def test_a_body_cut_short_by_the_client_is_a_400(server: LocalServer) -> None:
    status, answer, _ = raw_exchange(server, post_head(server, 100, b'{"a": 1'),
                                     half_close=True)
    assert status == HTTPStatus.BAD_REQUEST, answer
    assert "ended after 7 of its 100 bytes" in answer["error"]


# ------------------------------------------------------------------ clients that reset


def _reset(client: socket.socket) -> None:
    """Close with an RST instead of a FIN: SO_LINGER on, zero seconds."""
    client.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    client.close()


@pytest.mark.parametrize("sent", [b"GET / HTTP/1.1\r\nHo", b"", "post"])
def test_a_client_that_resets_is_handled_quietly(
        server: LocalServer, capfd: pytest.CaptureFixture[str], sent: bytes | str) -> None:
    for _ in range(5):
        client = socket.create_connection(("127.0.0.1", server.port), timeout=30)
        client.sendall(post_head(server, 100, b"{") if sent == "post" else sent)
        time.sleep(0.05)  # the server is reading when the reset comes
        _reset(client)
    time.sleep(SHORT_TIMEOUT + 0.5)  # every handler thread has met its reset by now
    assert ask(server, "GET", "/")[0] == HTTPStatus.OK
    err = capfd.readouterr().err
    assert "Traceback" not in err and "ConnectionResetError" not in err, err[:3000]


# ------------------------------------------------------------------- many at once


def test_three_hundred_simultaneous_requests_are_all_answered(server: LocalServer) -> None:
    count = 300
    start = threading.Barrier(count)

    def one(_: int) -> int:
        start.wait()
        return ask(server, "GET", "/", timeout=10)[0]

    with ThreadPoolExecutor(count) as pool:
        statuses = list(pool.map(one, range(count)))  # a timeout raises: unanswered
    assert statuses == [HTTPStatus.OK] * count
