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

import html
import json
from typing import Any

from ..safe_io import printable
from .board_view import BOARD_SCRIPT, BOARD_STYLE
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
    return (
        PAGE.replace("@TITLE@", html.escape(data["title"]))
        .replace("@DATA@", payload)
        .replace("@STYLE@", BOARD_STYLE + STYLE)
        .replace("@SCRIPT@", BOARD_SCRIPT + SCRIPT)
    )


PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>@TITLE@</title>
<style>@STYLE@</style>
</head>
<body data-step="0" data-status="">
<header>
  <h1>@TITLE@</h1>
  <div id="controls">
    <button id="first" title="start (Home)">&#x25C0;&#x25C0; start</button>
    <button id="prev" title="previous move (&#x2190;)">&#x25C0; prev</button>
    <button id="next" title="next move (&#x2192;)">next &#x25B6;</button>
    <button id="last" title="last move (End)">end &#x25B6;&#x25B6;</button>
    <input id="slider" type="range" min="0" value="0" aria-label="move">
    <span id="where"></span>
  </div>
  <div id="status"></div>
</header>
<main>
  <div id="board"></div>
  <aside id="side">
    <div id="reason"></div>
    <ul id="why" class="why"></ul>
    <ol id="moves" start="0"></ol>
  </aside>
</main>
<footer>
  One panel per layer. Raised, solid border: free tiles; hatched, dashed border: blocked.
  Dashed outline: the pair just removed. Cross badge: blocking tiles (free, yet never
  removable); dotted outline: the other tiles that hold them on the board. Point at one of
  them, or at a reason, to see what holds it.
</footer>
<script type="application/json" id="game-data">@DATA@</script>
<script>@SCRIPT@</script>
</body>
</html>
"""

STYLE = """
body { font-family: system-ui, sans-serif; margin: 1em; background: #f4f1ea; color: #222; }
h1 { font-size: 1.1em; margin: 0 0 .4em; }
#controls { display: flex; gap: .4em; align-items: center; flex-wrap: wrap; }
#slider { width: 20em; }
#status { margin: .5em 0 .2em; font-weight: bold; padding: .3em .6em; border-radius: 4px; }
#status.clearable, #status.cleared { background: #dcfce7; }
#status.dead { background: #fee2e2; }
#status.undecided { background: #fef9c3; }
#status.fatal { background: #dc2626; color: white; }
#reason { font-size: .85em; color: #555; }
main { display: flex; gap: 1em; align-items: flex-start; margin-top: .5em; }
#board { flex: 1 1 auto; min-width: 0; }
#side { flex: 0 0 21em; }
#why { max-height: 18em; overflow-y: auto; }
#moves { position: relative; max-height: 24em; overflow-y: auto; font-size: .85em;
  margin: 0; padding-left: 3em; }
#moves li { cursor: pointer; }
#moves li.current { background: #e0e7ff; }
#moves li.dead { color: #b91c1c; }
#moves li.fatal { font-weight: bold; background: #fecaca; }
footer { margin-top: 1em; font-size: .8em; color: #555; }
"""

SCRIPT = """
"use strict";
const game = JSON.parse(document.getElementById("game-data").textContent);
const board = makeBoard(document.getElementById("board"), game.tiles, game.colours);
const slider = document.getElementById("slider");
const last = game.steps.length - 1;
slider.max = String(last);
const moveList = document.getElementById("moves");
game.steps.forEach((s, n) => {
  const li = document.createElement("li");
  const name = i => game.tiles[i].face + " (" + game.tiles[i].x + "," + game.tiles[i].y +
    "," + game.tiles[i].z + ")";
  li.textContent = (s.move ? name(s.move[0]) + " + " + name(s.move[1]) : "start") +
    ": " + s.label;
  if (s.status === "dead") li.classList.add("dead");
  if (n === game.fatal) li.classList.add("fatal");
  li.addEventListener("click", () => show(n));
  moveList.appendChild(li);
});
let current = 0;
function show(n) {
  n = Math.max(0, Math.min(last, n));
  current = n;
  const present = new Set(game.present);
  for (let k = 1; k <= n; k++) game.steps[k].move.forEach(i => present.delete(i));
  const s = game.steps[n];
  const dead = s.status === "dead";
  const why = document.getElementById("why");
  board.show({present, free: new Set(s.free), removed: new Set(s.move || []),
    blocking: new Set(dead ? s.blocking : []), locked: new Set(dead ? s.locked : []),
    selected: null, hint: new Set(), links: dead ? s.links : [], whyList: why});
  const status = document.getElementById("status");
  const fatal = n === game.fatal;
  status.className = fatal ? "fatal" : s.status;
  status.textContent = (n === 0 ? "Start" : "After move " + n) + ": " + s.label +
    (fatal ? " \\u2014 the fatal move: from here the game can no longer be cleared" : "") +
    " (" + present.size + " tiles left, " + s.free.length + " free)";
  document.getElementById("reason").textContent = dead && s.reason ?
    (s.links.length ? "Why: these tiles hold each other on the board whatever is played:" :
     "Why: " + s.reason) : "";
  document.getElementById("where").textContent = n + " / " + last;
  slider.value = String(n);
  document.body.dataset.step = String(n);
  document.body.dataset.status = s.status;
  moveList.querySelectorAll("li").forEach((li, k) => li.classList.toggle("current", k === n));
  // Scroll the list itself, never the page (the board may be above it).
  const item = moveList.children[n];
  moveList.scrollTop = item.offsetTop - moveList.clientHeight / 2;
}
document.getElementById("first").addEventListener("click", () => show(0));
document.getElementById("prev").addEventListener("click", () => show(current - 1));
document.getElementById("next").addEventListener("click", () => show(current + 1));
document.getElementById("last").addEventListener("click", () => show(last));
slider.addEventListener("input", () => show(Number(slider.value)));
document.addEventListener("keydown", e => {
  if (e.key === "ArrowRight") show(current + 1);
  else if (e.key === "ArrowLeft") show(current - 1);
  else if (e.key === "Home") show(0);
  else if (e.key === "End") show(last);
});
function fromFragment() {
  const m = /^#(step|next)=(\\d+)$/.exec(location.hash);
  if (!m) return false;
  if (m[1] === "step") show(Number(m[2]));
  else for (let k = 0; k < Number(m[2]); k++) document.getElementById("next").click();
  return true;
}
window.addEventListener("hashchange", fromFragment);
show(0);
fromFragment();
"""
