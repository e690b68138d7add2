"""A self-contained HTML page to step through a reviewed game (``review --html FILE``).

One file, no network: the game's data is inlined as JSON, the script and styles inline.
The page shows the board after each move: tiles still on it, the free ones lit, the
pair just removed outlined where it stood, and for a dead position its blocking tiles
(free, yet never removable) marked red and the other tiles holding them outlined. The
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
        .replace("@STYLE@", STYLE)
        .replace("@SCRIPT@", SCRIPT)
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
  <div id="reason"></div>
</header>
<main>
  <div id="board"></div>
  <ol id="moves" start="0"></ol>
</main>
<footer>
  Lit: free tiles. Dashed: the pair just removed. Red: blocking tiles (free, yet never
  removable). Orange outline: the other tiles that hold them on the board.
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
#reason { font-size: .85em; color: #555; max-width: 70em; min-height: 1.2em; }
main { display: flex; gap: 1.5em; align-items: flex-start; margin-top: .5em; }
#board { position: relative; flex: none; }
.tile { position: absolute; box-sizing: border-box; width: 30px; height: 38px;
  border: 1px solid #777; border-radius: 4px; background: #d6d3cb; font: bold 13px/36px
  system-ui, sans-serif; text-align: center; box-shadow: 2px 2px 0 #8b8579; }
.tile.free { background: #fffdf6; border-color: #333; }
.tile.locked { outline: 2px solid #f59e0b; }
.tile.blocking { background: #fecaca; outline: 3px solid #dc2626; }
.tile.removed { background: transparent; border: 2px dashed #2563eb; box-shadow: none;
  color: transparent; }
#moves { max-height: 32em; overflow-y: auto; font-size: .85em; margin: 0; padding-left: 3em; }
#moves li { cursor: pointer; }
#moves li.current { background: #e0e7ff; }
#moves li.dead { color: #b91c1c; }
#moves li.fatal { font-weight: bold; background: #fecaca; }
footer { margin-top: 1em; font-size: .8em; color: #555; }
"""

SCRIPT = """
"use strict";
const game = JSON.parse(document.getElementById("game-data").textContent);
const X = 15, Y = 19, LIFT = 4;  // px per half tile; shift per layer
const board = document.getElementById("board");
const slider = document.getElementById("slider");
const last = game.steps.length - 1;
slider.max = String(last);
let width = 0, height = 0;
const tiles = game.tiles.map((t, i) => {
  const el = document.createElement("div");
  el.className = "tile";
  el.dataset.slot = String(i);
  el.textContent = t.face;
  el.style.color = game.colours[t.face.slice(-1)] || game.colours[t.face[0]] || "#222";
  el.style.left = (t.x * X - t.z * LIFT + 8 * LIFT) + "px";
  el.style.top = (t.y * Y - t.z * LIFT + 8 * LIFT) + "px";
  el.title = t.face + " (" + t.x + "," + t.y + "," + t.z + ")";
  width = Math.max(width, t.x * X + 60);
  height = Math.max(height, t.y * Y + 80);
  board.appendChild(el);
  return el;
});
board.style.width = width + "px";
board.style.height = height + "px";
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
  const free = new Set(s.free), blocking = new Set(s.blocking), locked = new Set(s.locked);
  const removed = new Set(s.move || []);
  tiles.forEach((el, i) => {
    const on = present.has(i);
    el.style.display = on || removed.has(i) ? "" : "none";
    el.classList.toggle("removed", removed.has(i));
    el.classList.toggle("free", on && free.has(i));
    el.classList.toggle("blocking", on && blocking.has(i));
    el.classList.toggle("locked", on && locked.has(i) && !blocking.has(i));
  });
  const status = document.getElementById("status");
  const fatal = n === game.fatal;
  status.className = fatal ? "fatal" : s.status;
  status.textContent = (n === 0 ? "Start" : "After move " + n) + ": " + s.label +
    (fatal ? " \\u2014 the fatal move: from here the game can no longer be cleared" : "") +
    " (" + present.size + " tiles left, " + s.free.length + " free)";
  document.getElementById("reason").textContent = s.status === "dead" && s.reason ?
    "Why: " + s.reason : "";
  document.getElementById("where").textContent = n + " / " + last;
  slider.value = String(n);
  document.body.dataset.step = String(n);
  document.body.dataset.status = s.status;
  moveList.querySelectorAll("li").forEach((li, k) => li.classList.toggle("current", k === n));
  moveList.children[n].scrollIntoView({block: "nearest"});
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
