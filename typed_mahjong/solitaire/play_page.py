"""The page of ``solitaire play``: the board to play on with the mouse, and the verdict
after every move.

Free tiles are raised (see ``board_view``); a click on one selects it, a click on a
matching free tile removes the pair (``POST /api/move``). The page then asks for the
state (``GET /api/state``) until the server has decided the new position (``pending``
meanwhile, so the page never waits on the solver), and shows clearable / dead /
undecided, the fatal move once there is one, and for a dead position its blocking tiles
and what holds them. Undo, Hint and New deal are buttons; Save downloads the game
record; Review opens the whole game as the review page.

For scripted checks the body carries ``data-moves`` (moves played), ``data-status`` (the
current position's status, ``pending`` until decided), ``data-fatal`` (the fatal move's
number, or empty) and ``data-generation`` (the deal's number).
"""

from __future__ import annotations

import json

from .pages import render
from .review_html import SUIT_COLOURS

POLL_MS = 150  # how often the page asks while a verdict is pending


def play_page() -> str:
    """The page's full text (the game itself comes from ``/api/state``)."""
    return render("play.html", colours=json.dumps(SUIT_COLOURS), poll_ms=POLL_MS)
