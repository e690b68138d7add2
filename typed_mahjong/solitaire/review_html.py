"""A self-contained HTML page to step through a reviewed game (``review --html FILE``).

One file, no network: the game's data is inlined as JSON, the script and styles inline.
The page shows the board after each move (drawn by ``board_view``: one panel per layer,
so every label stays legible): tiles still on it, free and blocked ones told apart, the
pair just removed outlined where it stood, and for a dead position its blocking tiles
(free, yet never removable) marked and the other tiles holding them outlined; pointing at
one shows what holds it, and the reasons are listed one a line. The
fatal move is flagged in the banner and the move list.

Stepping: the buttons, the slider, the move list, the arrow keys, or the URL fragment:
``#step=N`` shows the position after move N; ``#next=N`` presses the Next button N times
after loading (for scripted checks in a headless browser). ``<body data-step data-status>``
always holds the step shown and its status.
"""

from __future__ import annotations

import json
from typing import Any

from ..safe_io import printable
from .pages import render
from .review import GameRecord, Review
from .review_report import step_label

SUIT_COLOURS = {"m": "#b3261e", "p": "#1d4ed8", "s": "#15803d", "z": "#3f3f46", "F": "#a21caf"}


def review_page(record: GameRecord, result: Review) -> str:
    """The page's full text."""
    position = result.position
    layout = position.layout
    data: dict[str, Any] = {
        # Names come from files: their control characters are shown escaped, never obeyed.
        "title": printable(f"{layout.name}: review of {record.source}"),
        "tiles": [
            {"x": s.x, "y": s.y, "z": s.z, "face": position.faces[i].name}
            for i, s in enumerate(layout.slots)
        ],
        "present": [i for i in range(len(layout)) if position.present >> i & 1],
        "fatal": result.fatal,
        "steps": [
            {
                "move": None if step.move is None else [step.move.first, step.move.second],
                "status": step.status,
                "label": step_label(step),
                "free": list(step.free),
                "blocking": list(step.blocking),
                "locked": list(step.locked),
                "reason": step.verdict.reason,
                "links": [{"tile": link.tile, "others": list(link.others), "text": link.text}
                          for link in step.verdict.links],
            }
            for step in result.steps
        ],
        "colours": SUIT_COLOURS,
    }
    # JSON inside <script>: "<" escaped so no text in the data can close the element.
    payload = json.dumps(data, allow_nan=False).replace("<", "\\u003c")
    return render("review.html", title=data["title"], data=payload)
