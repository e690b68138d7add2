"""The local web server of ``game play``: its routes on the product's one local server
base (``typed_mahjong.localweb``: loopback only, Host/Origin checks, body limits, JSON).

Routes (JSON in and out unless said otherwise)::

    GET  /             the page (HTML, from the package's templates)
    GET  /api/state    the match from the person's seat (view.py)
    GET  /api/record   the match's record (JSON lines; ``game replay`` reads it)
    POST /api/discard  {"tile": NAME}: discard that tile (the person's turn only)
    POST /api/win      take the win offered (self-draw, or on the discard)
    POST /api/pass     let the discard offered go (no win, no call)
    POST /api/call     {"call": N}: make the call numbered N of those the state offers
    POST /api/kong     {"kong": N}: declare the kong numbered N of the state's ``kongs``
    POST /api/next     deal the next round (when this one is over)

A move the table does not allow now (out of turn, a tile not held, a win not offered)
is 409 with the table's reason; the state is unchanged. The bots move within the
request that gives them the turn, under the server's lock.
"""

from __future__ import annotations

import threading
from http import HTTPStatus
from importlib import resources
from typing import Any

from ..localweb import BadRequest, LocalHandler, LocalServer
from .match import Match
from .record import dumps
from .view import state

MAX_BODY = 1024  # bytes: the largest body the page sends is a tile name
MAX_TILE_NAME = 64
MAX_CALL_INDEX = 1000  # far more calls than a hand can be offered on one discard


def table_page() -> str:
    """The page's text (the match itself comes from ``/api/state``)."""
    return (resources.files(__package__) / "templates" / "table.html").read_text("utf-8")


class TableServer(LocalServer):
    """The server: one ``Match``, on the loopback address."""

    def __init__(self, match: Match, port: int = 0) -> None:
        super().__init__(TableHandler, port)
        self.match = match
        self.lock = threading.Lock()
        self.page = table_page()
        with self.lock:
            match.advance()  # the bots before the person move at once


class TableHandler(LocalHandler):
    server: TableServer
    server_version = "typed-mahjong-game"
    max_body = MAX_BODY

    def route_get(self, path: str) -> None:
        server = self.server
        if path == "/":
            self.send_html(server.page)
        elif path == "/api/state":
            with server.lock:
                self.send_json(state(server.match))
        elif path == "/api/record":
            with server.lock:
                text = dumps(server.match.events)
            self.send(text.encode("utf-8"), "application/x-ndjson",
                      {"Content-Disposition": 'attachment; filename="match.jsonl"'})
        else:
            raise self.not_found("page")

    def route_post(self, path: str) -> None:
        if path not in ("/api/discard", "/api/win", "/api/pass", "/api/call", "/api/kong",
                        "/api/next"):
            raise self.not_found("action")
        self.check_origin()
        body = self.json_body()
        server = self.server
        with server.lock:
            match = server.match
            if path == "/api/discard":
                match.discard(_tile(body))
            elif path == "/api/win":
                match.win()
            elif path == "/api/pass":
                match.pass_discard()
            elif path == "/api/call":
                match.call(_index(body, "call"))
            elif path == "/api/kong":
                match.kong(_index(body, "kong"))
            else:
                match.next_round()
            self.send_json(state(match))


def _tile(body: dict[str, Any]) -> str:
    tile = body.get("tile")
    if not isinstance(tile, str) or not 0 < len(tile) <= MAX_TILE_NAME:
        raise BadRequest(HTTPStatus.BAD_REQUEST,
                         'a discard is {"tile": NAME}: the name of a tile you hold')
    return tile


def _index(body: dict[str, Any], key: str) -> int:
    """The number ``{key: N}`` names: a call or a kong of those the state offers."""
    index = body.get(key)
    # bool is an int in Python: true is not a call number
    if isinstance(index, bool) or not isinstance(index, int) or not (
            0 <= index <= MAX_CALL_INDEX):
        raise BadRequest(HTTPStatus.BAD_REQUEST,
                         f'a {key} is {{"{key}": N}}: the number of a {key} the state '
                         'offers')
    return index
