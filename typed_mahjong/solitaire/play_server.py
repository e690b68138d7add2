"""The local web server of ``solitaire play``: its routes on the product's one local
server base (``typed_mahjong.localweb``: the loopback binding, Host/Origin checks, body
limits, JSON reading).

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
does not name the loopback address, a POST from another origin, a body over
``MAX_BODY`` bytes or without a length, malformed JSON (``NaN`` and ``Infinity``
included), a wrong field, an illegal move, an unknown path or method.
"""

from __future__ import annotations

from http import HTTPStatus
from typing import Any

from ..localweb import LOOPBACK, MAX_BODY, BadRequest, LocalHandler, LocalServer, whole
from .deals import MAX_SEED
from .play import PlaySession
from .play_page import play_page
from .review_html import review_page

__all__ = ["LOOPBACK", "MAX_BODY", "BadRequest", "PlayHandler", "PlayServer"]


class PlayServer(LocalServer):
    """The server: one ``PlaySession``, on the loopback address."""

    def __init__(self, session: PlaySession, port: int = 0) -> None:
        super().__init__(PlayHandler, port)
        self.session = session
        self.page = play_page()


class PlayHandler(LocalHandler):
    server: PlayServer
    server_version = "typed-mahjong-play"

    def route_get(self, path: str) -> None:
        session = self.server.session
        if path == "/":
            self.send_html(self.server.page)
        elif path == "/api/state":
            self.send_json(session.state())
        elif path == "/api/record":
            self.send(session.record_text().encode("utf-8"), "text/plain; charset=utf-8",
                      {"Content-Disposition": 'attachment; filename="shanghai.game"'})
        elif path == "/review":
            self.send_html(review_page(session.game_record(), session.review()))
        else:
            raise self.not_found("page")

    def route_post(self, path: str) -> None:
        session = self.server.session
        if path not in ("/api/move", "/api/undo", "/api/hint", "/api/new"):
            raise self.not_found("action")
        self.check_origin()
        body = self.json_body()
        if path == "/api/move":
            first, second = _pair(body)
            session.move(first, second)
        elif path == "/api/undo":
            session.undo()
        elif path == "/api/hint":
            self.send_json(session.hint())
            return
        else:
            session.new_deal(_seed(body))
        self.send_json(session.state())


def _pair(body: dict[str, Any]) -> tuple[int, int]:
    tiles = body.get("tiles")
    if not isinstance(tiles, list) or len(tiles) != 2:
        raise BadRequest(HTTPStatus.BAD_REQUEST,
                         'a move is {"tiles": [SLOT, SLOT]}: two slot numbers')
    first, second = (whole(tile, 0, 1_000_000, "a slot") for tile in tiles)
    return first, second


def _seed(body: dict[str, Any]) -> int | None:
    seed = body.get("seed")
    return None if seed is None else whole(seed, 0, MAX_SEED, "the seed")
