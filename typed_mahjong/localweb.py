"""The product's one local web server base: the pages of ``solitaire play`` and
``game play`` both stand on it.

It holds what every local page needs and nothing of any game:

* the standard library's ``ThreadingHTTPServer`` bound to the loopback address only,
  on the port asked for or a free one (``LocalServer``);
* the checks every request passes (``LocalHandler``): a Host header naming this server
  on the loopback address (a page elsewhere reaching us through DNS rebinding is
  refused), no POST from another origin, a body with a length and at most ``max_body``
  bytes, all of it sent within the read timeout (else 408), JSON nested at most
  ``MAX_JSON_DEPTH`` levels, without ``NaN`` or ``Infinity``, an object at the top;
* the replies: JSON ``{"error": ...}`` with a 4xx status for every refusal, never a stop
  of the server (a bug is a 500 that names only the exception's type); a client that
  resets or drops its connection is let go quietly, and a deep listen queue lets
  hundreds of clients connect at once;
* ``serve_until_interrupted``: serve until Ctrl-C or SIGTERM, then close.

A page subclasses ``LocalHandler`` and writes ``route_get`` and ``route_post``; its
errors are ``BadRequest`` (a status and a message) or ``MahjongError`` (the game's own
refusal: 409 Conflict).
"""

from __future__ import annotations

import json
import re
import signal
import sys
import threading
from collections.abc import Callable
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from .errors import MahjongError

LOOPBACK = "127.0.0.1"
MAX_BODY = 4096  # bytes: the default limit; the pages send a few dozen
REQUEST_TIMEOUT = 10.0  # seconds a connection may take to send its request
# Levels of JSON nesting a body may have (the top object is one). The pages send two; the
# standard library's decoder recurses once a level, so a body of a few thousand brackets
# (under MAX_BODY) would end in RecursionError.
MAX_JSON_DEPTH = 64
# Connections the kernel holds until the server accepts them (the standard library's 5
# leaves clients of a burst waiting for SYN retries, some past their own timeouts); the
# kernel caps it at net.core.somaxconn.
LISTEN_BACKLOG = 1024
_HOST = re.compile(r"(127\.0\.0\.1|localhost|\[::1\]):(?P<port>[0-9]{1,5})")


class BadRequest(Exception):
    """A request the server refuses: the status and the message for the client."""

    def __init__(self, status: HTTPStatus, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


class LocalServer(ThreadingHTTPServer):
    """A server on the loopback address; ``port`` 0 picks a free one."""

    daemon_threads = True
    request_queue_size = LISTEN_BACKLOG

    def __init__(self, handler: type[LocalHandler], port: int = 0) -> None:
        super().__init__((LOOPBACK, port), handler)

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A client that went away (reset, broken pipe, a timeout while reading) is no
        fault of ours: let it go without a traceback. Anything else is printed as the
        standard library does."""
        if isinstance(sys.exc_info()[1], (ConnectionError, TimeoutError)):
            return
        super().handle_error(request, client_address)

    @property
    def port(self) -> int:
        return int(self.server_address[1])

    @property
    def url(self) -> str:
        return f"http://{LOOPBACK}:{self.port}/"

    def serve_in_background(self) -> threading.Thread:
        """Serve from a daemon thread (for tests); ``shutdown()`` stops it."""
        thread = threading.Thread(target=self.serve_forever, name="local-server", daemon=True)
        thread.start()
        return thread


class LocalHandler(BaseHTTPRequestHandler):
    """The checks and replies of every local page; subclasses route."""

    server: LocalServer
    server_version = "typed-mahjong-local"
    timeout = REQUEST_TIMEOUT  # a client that sends nothing cannot hold a thread forever
    max_body = MAX_BODY

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the base's name
        """Quiet: the terminal shows the URL and errors, not every request."""

    def route_get(self, path: str) -> None:
        raise self.not_found("page")

    def route_post(self, path: str) -> None:
        raise self.not_found("action")

    def not_found(self, what: str) -> BadRequest:
        """The refusal of a path no route serves (``what``: page or action)."""
        return BadRequest(HTTPStatus.NOT_FOUND, f"no such {what}: {self.shown_path()}")

    # --------------------------------------------------------------------------- routing

    def do_GET(self) -> None:  # noqa: N802 - http.server's naming
        self._handle(lambda: self.route_get(self.path.split("?", 1)[0]))

    def do_POST(self) -> None:  # noqa: N802
        self._handle(lambda: self.route_post(self.path.split("?", 1)[0]))

    def _refuse_method(self) -> None:
        self._handle(self._not_allowed)

    do_PUT = do_DELETE = do_PATCH = do_HEAD = do_OPTIONS = _refuse_method  # noqa: N815

    def _not_allowed(self) -> None:
        raise BadRequest(HTTPStatus.METHOD_NOT_ALLOWED,
                         f"method {self.command} is not served here: use GET or POST")

    def _handle(self, route: Callable[[], None]) -> None:
        try:
            self.check_host()
            route()
        except BadRequest as refused:
            if refused.status == HTTPStatus.REQUEST_TIMEOUT:
                self.close_connection = True  # the rest of the body may still come
            self.send_json({"error": refused.message}, refused.status)
        except ConnectionError:
            self.close_connection = True  # the client went away: nobody to answer
        except MahjongError as exc:  # an illegal move, a bad seed: the game's own errors
            self.send_json({"error": str(exc)}, HTTPStatus.CONFLICT)
        except Exception as exc:  # noqa: BLE001 - a bug must not stop the server
            self.send_json({"error": f"internal error: {type(exc).__name__}"},
                           HTTPStatus.INTERNAL_SERVER_ERROR)

    # --------------------------------------------------------------------------- checks

    def check_host(self) -> None:
        host = self.headers.get("Host", "")
        found = _HOST.fullmatch(host)
        if found is None or int(found.group("port")) != self.server.port:
            raise BadRequest(HTTPStatus.FORBIDDEN, "the Host header must name this server on "
                             f"the loopback address ({LOOPBACK}:{self.server.port})")

    def check_origin(self) -> None:
        """A page from elsewhere may POST to us through the browser: refuse it."""
        origin = self.headers.get("Origin")
        if origin is None:
            return
        own = {f"http://{host}:{self.server.port}" for host in (LOOPBACK, "localhost", "[::1]")}
        if origin not in own:
            raise BadRequest(HTTPStatus.FORBIDDEN, "requests from other origins are refused")

    def json_body(self) -> dict[str, Any]:
        """The request's body: a JSON object of at most ``max_body`` bytes (none: {})."""
        length_text = self.headers.get("Content-Length")
        if length_text is None:
            raise BadRequest(HTTPStatus.LENGTH_REQUIRED, "a POST needs a Content-Length")
        if not re.fullmatch(r"[0-9]{1,9}", length_text.strip()):
            raise BadRequest(HTTPStatus.BAD_REQUEST, "Content-Length is not a number")
        length = int(length_text)
        if length > self.max_body:
            raise BadRequest(HTTPStatus.REQUEST_ENTITY_TOO_LARGE,
                             f"the body is over {self.max_body} bytes")
        raw = self._read_body(length) if length else b"{}"
        try:
            text = raw.decode("utf-8")
            _check_depth(text)
            body = json.loads(text, parse_constant=_no_constant)
        except (UnicodeDecodeError, ValueError) as exc:
            raise BadRequest(HTTPStatus.BAD_REQUEST,
                             f"the body is not JSON: {str(exc)[:80]}") from None
        if not isinstance(body, dict):
            raise BadRequest(HTTPStatus.BAD_REQUEST, "the body must be a JSON object")
        return body

    def _read_body(self, length: int) -> bytes:
        """The body's ``length`` bytes, or BadRequest: 408 if they do not all come within
        the read timeout, 400 if the client ends its side first."""
        chunks: list[bytes] = []
        got = 0
        try:
            while got < length:
                chunk = self.rfile.read1(length - got)
                if not chunk:
                    raise BadRequest(HTTPStatus.BAD_REQUEST, f"the body ended after {got} "
                                     f"of its {length} bytes (Content-Length)")
                chunks.append(chunk)
                got += len(chunk)
        except TimeoutError:
            raise BadRequest(HTTPStatus.REQUEST_TIMEOUT, f"the body's {length} bytes "
                             f"(Content-Length) did not come within {self.timeout:g} s: "
                             f"{got} came") from None
        return b"".join(chunks)

    def shown_path(self) -> str:
        return json.dumps(self.path[:60])

    # ---------------------------------------------------------------------------- replies

    def send(self, data: bytes, content_type: str,
             headers: dict[str, str] | None = None,
             status: HTTPStatus = HTTPStatus.OK) -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(data)

    def send_json(self, data: dict[str, Any], status: HTTPStatus = HTTPStatus.OK) -> None:
        text = json.dumps(data, allow_nan=False)
        self.send(text.encode("utf-8"), "application/json", status=status)

    def send_html(self, page: str) -> None:
        self.send(page.encode("utf-8"), "text/html; charset=utf-8")


def _check_depth(text: str) -> None:
    """Refuse JSON nested deeper than ``MAX_JSON_DEPTH`` (400), before the decoder
    recurses into it."""
    if nested_over(text, MAX_JSON_DEPTH):
        raise BadRequest(HTTPStatus.BAD_REQUEST, "the body is JSON nested deeper "
                         f"than {MAX_JSON_DEPTH} levels")


def nested_over(text: str, limit: int) -> bool:
    """Whether JSON ``text`` nests arrays and objects deeper than ``limit`` levels: one
    pass that skips strings, so brackets in them do not count. Python's decoder recurses
    once a level and raises ``RecursionError`` (not ``ValueError``) past about a
    thousand: check this first."""
    depth = 0
    in_string = escaped = False
    for character in text:
        if in_string:
            if escaped:
                escaped = False
            elif character == "\\":
                escaped = True
            elif character == '"':
                in_string = False
        elif character == '"':
            in_string = True
        elif character in "[{":
            depth += 1
            if depth > limit:
                return True
        elif character in "]}":
            depth -= 1
    return False


def _no_constant(name: str) -> None:
    raise ValueError(f"{name} is not allowed")


def whole(value: object, low: int, high: int, what: str) -> int:
    """``value`` as a whole number from ``low`` to ``high`` (not a bool), or BadRequest."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise BadRequest(HTTPStatus.BAD_REQUEST,
                         f"{what} must be a whole number from {low} to {high}")
    return value


def serve_until_interrupted(server: LocalServer, banner: str,
                            on_stop: Callable[[], None] | None = None) -> None:
    """Print ``banner`` (the URL in it), serve until Ctrl-C or SIGTERM, print ``stopped``,
    close the server and call ``on_stop``."""
    print(banner, flush=True)
    previous = _stop_on_sigterm()
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print("stopped", flush=True)
    finally:
        server.server_close()
        if on_stop is not None:
            on_stop()
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)


def _stop_on_sigterm() -> Any:
    """Make SIGTERM stop the server like Ctrl-C (a service manager's or ``kill``'s way);
    the previous handler, or None where it cannot be set (not the main thread)."""

    def interrupt(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    if threading.current_thread() is not threading.main_thread():
        return None
    return signal.signal(signal.SIGTERM, interrupt)
