"""Hostile requests to the local web server base (``typed_mahjong/localweb.py``) that every
page stands on (issue 43, item 13): deep JSON, a body shorter than its length, clients
that reset their connection, many clients at once.

A small page of its own (``Echo``) stands on the base, so these tests hold for
``solitaire play`` and ``game play`` alike; its read timeout is short so that a test of it
is quick (the pages keep ``REQUEST_TIMEOUT``).
"""

from __future__ import annotations

import json
import random
import re
import socket
import struct
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from http import HTTPStatus
from typing import Any

import pytest
from local_servers import ask, serving

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
    with serving(LocalServer(Echo, 0)) as served:
        yield served


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


# ------------------------------------------------------- generated hostile requests
#
# Issue 43: a seeded generator of raw requests (methods, paths, Host and Origin headers,
# Content-Length values, bodies of random JSON, deep JSON, constants, bytes that are not
# UTF-8, short bodies), each sent on its own connection whose writing side is then shut,
# so a short body ends at once. Each request's status follows from the base's rules, in
# the order it applies them (the module docstring of typed_mahjong.localweb): a method
# http.server does not know 501; the Host check 403; any other method 405; a path no route
# serves 404; then the body of POST /echo: no length 411, a length that is no number 400,
# over max_body 413, fewer bytes than said 400, not UTF-8, deeper than MAX_JSON_DEPTH, not
# JSON or not an object 400; else 200 and the body echoed. Never a 500; each within 1 s.

QUICK_REQUESTS = range(40)
CI_REQUESTS = range(40, 2040)


def _json_value(rng: random.Random, depth: int) -> object:
    if depth <= 0 or rng.random() < 0.4:
        return rng.choice([0, -1, 10**30, 1.5, True, None, "", "\x1b[2J", "\u202e",
                           "[{", '"', "x" * rng.randrange(300)])
    if rng.random() < 0.5:
        return [_json_value(rng, depth - 1) for _ in range(rng.randrange(3))]
    return {f"k{index}": _json_value(rng, depth - 1) for index in range(rng.randrange(3))}


def _depth(value: object) -> int:
    """Levels of arrays and objects (the top object is one), without recursing."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, (list, dict)):
            deepest = max(deepest, level)
            stack += [(child, level + 1) for child in
                      (item.values() if isinstance(item, dict) else item)]
    return deepest


def _generated_request(rng: random.Random, port: int) -> tuple[bytes, int, object]:  # noqa: C901
    """One request, its expected status, and for a 200 to POST /echo the echoed body."""
    method = rng.choice(["GET", "GET", "POST", "POST", "POST", "PUT", "DELETE", "HEAD",
                         "OPTIONS", "BREW"])
    path = rng.choice(["/", "/", "/echo", "/echo", "/echo?x=1", "/?a=b", "/nope",
                       "/echo/../echo", "/\xff", "/%00", "/" + "a" * 3000])
    host = rng.choice([f"127.0.0.1:{port}"] * 6 + [
        f"localhost:{port}", f"[::1]:{port}", "127.0.0.1", f"127.0.0.1:{port + 1}",
        f"evil.example:{port}", "", f"127.0.0.1:{port}\xff"])
    headers = [] if host == "" and rng.random() < 0.5 else [f"Host: {host}"]
    if rng.random() < 0.2:
        headers.append("Origin: " + rng.choice(["http://evil.example", "null",
                                                f"http://127.0.0.1:{port}"]))
    shape = rng.randrange(8)
    if shape == 0:  # deep, under the size limit
        depth = rng.choice([MAX_JSON_DEPTH - 1, MAX_JSON_DEPTH, MAX_JSON_DEPTH + 1, 500])
        body = b'{"a": ' + b"[" * (depth - 1) + b"]" * (depth - 1) + b"}"
    elif shape == 1:  # not UTF-8, a constant, broken, not an object
        body = rng.choice([b'{"a": "\xff"}', b'{"a": NaN}', b'{"a": Infinity}', b'{"a": ',
                           b"[1, 2]", b'"text"', b"null", b"\x00", b'{"a": 1}}'])
    else:
        body = json.dumps({"v": _json_value(rng, rng.randrange(6))}).encode()
    length_kind = rng.randrange(10)
    if length_kind == 0:
        length_header = None
    elif length_kind == 1:
        length_header = rng.choice(["-1", "abc", "1e3", "99999999999", " 5", "0x10", "٣"])
    elif length_kind == 2:
        length_header = str(len(body) + rng.randrange(1, 50))  # more than is sent
    elif length_kind == 3:
        body = b"{" * (Echo.max_body + 1)
        length_header = str(len(body))
    else:
        length_header = str(len(body))
    if length_header is not None:
        headers.append(f"Content-Length: {length_header}")
    head = f"{method} {path} HTTP/1.1\r\n" + "".join(f"{line}\r\n" for line in headers)
    request = head.encode("utf-8") + b"\r\n" + body  # a header byte past ASCII: UTF-8
    # The expected status, by the base's rules in order.
    route = path.split("?", 1)[0]
    if method == "BREW":
        return request, 501, None
    if not re.fullmatch(r"(127\.0\.0\.1|localhost|\[::1\]):" + str(port), host) or \
            "Host" not in "".join(headers):
        return request, 403, None
    if method not in ("GET", "POST"):
        return request, 405, None
    if method == "GET":
        return request, 200 if route == "/" else 404, None
    if route != "/echo":
        return request, 404, None
    if length_header is None:
        return request, 411, None
    if not re.fullmatch(r"[0-9]{1,9}", length_header.strip()):
        return request, 400, None
    if int(length_header) > Echo.max_body:
        return request, 413, None
    if int(length_header) > len(body):
        return request, 400, None
    return (request, *_expected_body(body[:int(length_header)]))


def _expected_body(raw: bytes) -> tuple[int, object]:
    """The status of POST /echo with these body bytes, and the body it echoes."""
    if not raw:
        return 200, {}  # no body: {}
    try:
        value = json.loads(raw.decode("utf-8"), parse_constant=_refuse)
    except ValueError:  # UnicodeDecodeError and JSONDecodeError among them
        return 400, None
    if not isinstance(value, dict) or _depth(value) > MAX_JSON_DEPTH:
        return 400, None
    return 200, value


def _refuse(name: str) -> None:
    raise ValueError(name)


def _exchange(port: int, request: bytes) -> tuple[int, bytes]:
    with socket.create_connection(("127.0.0.1", port), timeout=5) as client:
        client.sendall(request)
        client.shutdown(socket.SHUT_WR)
        data = b""
        while chunk := client.recv(65536):
            data += chunk
    return int(data.split(b" ", 2)[1]), data.partition(b"\r\n\r\n")[2]


def _run_requests(server: LocalServer, seeds: range) -> dict[int, int]:
    tally: dict[int, int] = {}
    for seed in seeds:
        request, status, echoed = _generated_request(random.Random(seed), server.port)
        started = time.monotonic()
        got, body = _exchange(server.port, request)
        seconds = time.monotonic() - started
        what = f"seed {seed}: {request[:200]!r}"
        assert seconds < 1.0, f"{seconds:.2f} s: {what}"
        assert got == status, f"{got} (expected {status}) {body[:300]!r}: {what}"
        if status == 200 and echoed is not None:
            assert json.loads(body) == {"body": echoed}, what
        elif got not in (200, 501):  # 501 is http.server's own page; the rest are ours
            assert "error" in json.loads(body), what
        tally[got] = tally.get(got, 0) + 1
    assert ask(server, "GET", "/")[0] == HTTPStatus.OK  # still serving
    return tally


def test_generated_requests_get_the_status_the_rules_give(
        server: LocalServer, capfd: pytest.CaptureFixture[str]) -> None:
    tally = _run_requests(server, QUICK_REQUESTS)
    assert len(tally) >= 5, tally  # the quick set reaches several rules
    err = capfd.readouterr().err
    assert "Traceback" not in err, err[:3000]


@pytest.mark.slow
def test_many_generated_requests_get_the_status_the_rules_give(
        server: LocalServer, capfd: pytest.CaptureFixture[str]) -> None:
    tally = _run_requests(server, CI_REQUESTS)
    assert {200, 400, 403, 404, 405, 411, 413, 501} <= set(tally), tally
    err = capfd.readouterr().err
    assert "Traceback" not in err, err[:3000]
