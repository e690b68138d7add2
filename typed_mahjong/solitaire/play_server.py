"""The local web server of ``solitaire play``: the standard library's ``http.server``,
bound to the loopback address only.

Routes (JSON in and out unless said otherwise)::

    GET  /             the page (HTML)
    GET  /api/state    the game: tiles, moves, a verdict per position (``pending`` until
                       the background worker has decided it)
    GET  /api/record   the game record (text; ``solitaire review`` reads it)
    GET  /review       the whole game as the review page (HTML)
    POST /api/move     {"tiles": [SLOT, SLOT]}: remove that pair
    POST /api/undo     take the last move back
    POST /api/hint     a pair that keeps the game clearable, if one is known
    POST /api/new      {"seed": N} (optional): deal again

No request waits for the solver. Every bad request gets a 4xx status and a JSON
``{"error": ...}`` saying what is wrong, and never stops the server: a Host header that
does not name the loopback address (a page elsewhere reaching us through DNS
rebinding), a POST from another origin, a body over ``MAX_BODY`` bytes or without a
length, malformed JSON (``NaN`` and ``Infinity`` included), a wrong field, an illegal
move, an unknown path or method.
"""

from __future__ import annotations

import json
import re
import threading
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from ..errors import MahjongError
from .deals import MAX_SEED
from .play import PlaySession
from .play_page import play_page
from .review_html import review_page

LOOPBACK = "127.0.0.1"
MAX_BODY = 4096  # bytes: the largest request body the page sends is a few dozen
REQUEST_TIMEOUT = 10.0  # seconds a connection may take to send its request
_HOST = re.compile(r"(127\.0\.0\.1|localhost|\[::1\]):(?P<port>[0-9]{1,5})")


class BadRequest(Exception):
    """A request the server refuses: the status and the message for the client."""

    def __init__(self, status: HTTPStatus, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


class PlayServer(ThreadingHTTPServer):
    """The server: one ``PlaySession``, on the loopback address."""

    daemon_threads = True

    def __init__(self, session: PlaySession, port: int = 0) -> None:
        super().__init__((LOOPBACK, port), PlayHandler)
        self.session = session
        self.page = play_page()

    @property
    def port(self) -> int:
        return int(self.server_address[1])

    @property
    def url(self) -> str:
        return f"http://{LOOPBACK}:{self.port}/"

    def serve_in_background(self) -> threading.Thread:
        """Serve from a daemon thread (for tests); ``shutdown()`` stops it."""
        thread = threading.Thread(target=self.serve_forever, name="play-server", daemon=True)
        thread.start()
        return thread


class PlayHandler(BaseHTTPRequestHandler):
    server: PlayServer
    server_version = "typed-mahjong-play"
    timeout = REQUEST_TIMEOUT  # a client that sends nothing cannot hold a thread forever

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the base's name
        """Quiet: the terminal shows the URL and errors, not every request."""

    # --------------------------------------------------------------------------- routing

    def do_GET(self) -> None:  # noqa: N802 - http.server's naming
        self._handle(self._get)

    def do_POST(self) -> None:  # noqa: N802
        self._handle(self._post)

    def _refuse_method(self) -> None:
        self._handle(self._not_allowed)

    do_PUT = do_DELETE = do_PATCH = do_HEAD = do_OPTIONS = _refuse_method  # noqa: N815

    def _not_allowed(self) -> None:
        raise BadRequest(HTTPStatus.METHOD_NOT_ALLOWED,
                         f"method {self.command} is not served here: use GET or POST")

    def _handle(self, route: Any) -> None:
        try:
            self._check_host()
            route()
        except BadRequest as refused:
            self._send_json({"error": refused.message}, refused.status)
        except MahjongError as exc:  # an illegal move, a bad seed: the game's own errors
            self._send_json({"error": str(exc)}, HTTPStatus.CONFLICT)
        except Exception as exc:  # noqa: BLE001 - a bug must not stop the server
            self._send_json({"error": f"internal error: {type(exc).__name__}"},
                            HTTPStatus.INTERNAL_SERVER_ERROR)

    def _get(self) -> None:
        session = self.server.session
        path = self.path.split("?", 1)[0]
        if path == "/":
            self._send(self.server.page.encode("utf-8"), "text/html; charset=utf-8")
        elif path == "/api/state":
            self._send_json(session.state())
        elif path == "/api/record":
            self._send(session.record_text().encode("utf-8"), "text/plain; charset=utf-8",
                       {"Content-Disposition": 'attachment; filename="shanghai.game"'})
        elif path == "/review":
            page = review_page(session.game_record(), session.review())
            self._send(page.encode("utf-8"), "text/html; charset=utf-8")
        else:
            raise BadRequest(HTTPStatus.NOT_FOUND, f"no such page: {self._shown_path()}")

    def _post(self) -> None:
        session = self.server.session
        path = self.path.split("?", 1)[0]
        if path not in ("/api/move", "/api/undo", "/api/hint", "/api/new"):
            raise BadRequest(HTTPStatus.NOT_FOUND, f"no such action: {self._shown_path()}")
        self._check_origin()
        body = self._json_body()
        if path == "/api/move":
            first, second = _pair(body)
            session.move(first, second)
        elif path == "/api/undo":
            session.undo()
        elif path == "/api/hint":
            self._send_json(session.hint())
            return
        else:
            session.new_deal(_seed(body))
        self._send_json(session.state())

    # --------------------------------------------------------------------------- checks

    def _check_host(self) -> None:
        host = self.headers.get("Host", "")
        found = _HOST.fullmatch(host)
        if found is None or int(found.group("port")) != self.server.port:
            raise BadRequest(HTTPStatus.FORBIDDEN, "the Host header must name this server on "
                             f"the loopback address ({LOOPBACK}:{self.server.port})")

    def _check_origin(self) -> None:
        """A page from elsewhere may POST to us through the browser: refuse it."""
        origin = self.headers.get("Origin")
        if origin is None:
            return
        own = {f"http://{host}:{self.server.port}" for host in (LOOPBACK, "localhost", "[::1]")}
        if origin not in own:
            raise BadRequest(HTTPStatus.FORBIDDEN, "requests from other origins are refused")

    def _json_body(self) -> dict[str, Any]:
        length_text = self.headers.get("Content-Length")
        if length_text is None:
            raise BadRequest(HTTPStatus.LENGTH_REQUIRED, "a POST needs a Content-Length")
        if not re.fullmatch(r"[0-9]{1,9}", length_text.strip()):
            raise BadRequest(HTTPStatus.BAD_REQUEST, "Content-Length is not a number")
        length = int(length_text)
        if length > MAX_BODY:
            raise BadRequest(HTTPStatus.REQUEST_ENTITY_TOO_LARGE,
                             f"the body is over {MAX_BODY} bytes")
        raw = self.rfile.read(length) if length else b"{}"
        try:
            body = json.loads(raw.decode("utf-8"), parse_constant=_no_constant)
        except (UnicodeDecodeError, ValueError) as exc:
            raise BadRequest(HTTPStatus.BAD_REQUEST,
                             f"the body is not JSON: {str(exc)[:80]}") from None
        if not isinstance(body, dict):
            raise BadRequest(HTTPStatus.BAD_REQUEST, "the body must be a JSON object")
        return body

    def _shown_path(self) -> str:
        return json.dumps(self.path[:60])

    # ---------------------------------------------------------------------------- replies

    def _send(self, data: bytes, content_type: str,
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

    def _send_json(self, data: dict[str, Any], status: HTTPStatus = HTTPStatus.OK) -> None:
        text = json.dumps(data, allow_nan=False)
        self._send(text.encode("utf-8"), "application/json", status=status)


def _no_constant(name: str) -> None:
    raise ValueError(f"{name} is not allowed")


def _whole(value: object, low: int, high: int, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise BadRequest(HTTPStatus.BAD_REQUEST,
                         f"{what} must be a whole number from {low} to {high}")
    return value


def _pair(body: dict[str, Any]) -> tuple[int, int]:
    tiles = body.get("tiles")
    if not isinstance(tiles, list) or len(tiles) != 2:
        raise BadRequest(HTTPStatus.BAD_REQUEST,
                         'a move is {"tiles": [SLOT, SLOT]}: two slot numbers')
    first, second = (_whole(tile, 0, 1_000_000, "a slot") for tile in tiles)
    return first, second


def _seed(body: dict[str, Any]) -> int | None:
    seed = body.get("seed")
    return None if seed is None else _whole(seed, 0, MAX_SEED, "the seed")
