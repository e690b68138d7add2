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

from .board_view import BOARD_SCRIPT, BOARD_STYLE
from .review_html import SUIT_COLOURS

POLL_MS = 150  # how often the page asks while a verdict is pending


def play_page() -> str:
    """The page's full text (the game itself comes from ``/api/state``)."""
    colours = "".join(f'"{key}": "{value}", ' for key, value in SUIT_COLOURS.items())
    return (PAGE.replace("@STYLE@", BOARD_STYLE + STYLE)
            .replace("@SCRIPT@", BOARD_SCRIPT + SCRIPT)
            .replace("@COLOURS@", "{" + colours.rstrip(", ") + "}")
            .replace("@POLL@", str(POLL_MS)))


PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Shanghai: play</title>
<style>@STYLE@</style>
</head>
<body data-moves="0" data-status="" data-fatal="" data-generation="">
<header>
  <h1 id="title">Shanghai</h1>
  <div id="controls">
    <button id="undo" title="take the last move back">Undo</button>
    <button id="hint" title="show a pair that keeps the game clearable">Hint</button>
    <button id="new" title="deal again">New deal</button>
    <button id="save" title="download the game record (solitaire review reads it)"
      >Save game</button>
    <button id="review" title="the whole game, move by move">Review</button>
    <span id="where"></span>
  </div>
  <div id="status" role="status" aria-live="polite"></div>
  <div id="message"></div>
</header>
<main>
  <div id="board"></div>
  <aside id="side">
    <div id="reason"></div>
    <ul id="why" class="why"></ul>
  </aside>
</main>
<footer>
  Click a free tile, then a matching free one. One panel per layer. Raised, solid border:
  free tiles; hatched, dashed border: blocked. Cross badge: blocking tiles (free, yet never
  removable); dotted outline: the other tiles that hold them. Point at one to see what
  holds it. Double outline: the hint.
</footer>
<script>@SCRIPT@</script>
</body>
</html>
"""

STYLE = """
body { font-family: system-ui, sans-serif; margin: 1em; background: #f4f1ea; color: #222; }
h1 { font-size: 1.1em; margin: 0 0 .4em; }
#controls { display: flex; gap: .4em; align-items: center; flex-wrap: wrap; }
#status { margin: .5em 0 .2em; font-weight: bold; padding: .3em .6em; border-radius: 4px; }
#status.clearable, #status.cleared { background: #dcfce7; }
#status.dead { background: #fee2e2; }
#status.undecided, #status.pending { background: #fef9c3; }
#status.fatal { background: #dc2626; color: white; }
#message { font-size: .9em; min-height: 1.2em; color: #1e3a8a; }
#reason { font-size: .85em; color: #555; }
main { display: flex; gap: 1em; align-items: flex-start; margin-top: .5em; }
#board { flex: 1 1 auto; min-width: 0; }
#side { flex: 0 0 21em; max-height: 42em; overflow-y: auto; }
footer { margin-top: 1em; font-size: .8em; color: #555; }
"""

SCRIPT = """
"use strict";
const colours = @COLOURS@;
let game = null, board = null, selected = null, hint = new Set(), polling = null;
const $ = id => document.getElementById(id);
function say(text) { $("message").textContent = text; }
async function call(method, path, body) {
  const init = {method, headers: {}};
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const response = await fetch(path, init);
  const data = await response.json();
  if (!response.ok) throw new Error(data.error || ("HTTP " + response.status));
  return data;
}
const labels = {clearable: "clearable", dead: "dead", undecided: "undecided (the budget ran out)",
  cleared: "cleared", pending: "deciding\\u2026"};
function render(state) {
  if (!game || game.generation !== state.generation) {
    board = makeBoard($("board"), state.tiles, colours);
    board.els.forEach((el, i) => el.addEventListener("click", () => pick(i)));
    selected = null;
  }
  game = state;
  const steps = state.steps, n = state.moves.length, s = steps[n];
  const present = new Set(state.present), free = new Set(state.free);
  const dead = s.status === "dead";
  const last = n ? state.moves[n - 1] : [];
  if (selected !== null && !free.has(selected)) selected = null;
  board.show({present, free, removed: new Set(last), selected, hint,
    blocking: new Set(dead ? s.blocking : []), locked: new Set(dead ? s.locked : []),
    links: dead ? s.links : [], whyList: $("why")});
  const fatal = state.fatal;
  let text = (n ? "After move " + n : "Start") + ": " + labels[s.status] +
    (s.inferred ? " (follows from the other moves)" : "");
  if (s.seconds !== null) text += " \\u2014 decided in " + Math.round(s.seconds * 1000) + " ms";
  if (fatal !== null) text += fatal === n ? " \\u2014 this was the fatal move" :
    " \\u2014 the fatal move was move " + fatal;
  if (state.lost_from_the_start) text += " \\u2014 the deal could not be cleared from the start";
  if (s.status !== "cleared" && state.available === 0) text += " \\u2014 no pair left to take";
  $("status").className = fatal === n && n ? "fatal" : s.status;
  $("status").textContent = text;
  $("reason").textContent = dead && s.reason ?
    (s.links.length ? "Why: these tiles hold each other on the board whatever is played:" :
     "Why: " + s.reason) : "";
  const deal = state.deal.kind === "file" ? "faces from the file" : "seed " + state.deal.seed;
  $("title").textContent = "Shanghai: " + state.layout + " (" + deal + ")";
  $("where").textContent = present.size + " tiles left, " + free.size + " free, " +
    state.available + " pairs to take";
  $("undo").disabled = n === 0;
  document.body.dataset.moves = String(n);
  document.body.dataset.status = s.status;
  document.body.dataset.fatal = fatal === null ? "" : String(fatal);
  document.body.dataset.generation = String(state.generation);
  const waiting = steps.some(step => step.status === "pending");
  if (waiting && polling === null) polling = setTimeout(refresh, @POLL@);
  if (state.available === 0 && !waiting) say("The game is over: Review shows it move by move.");
}
async function refresh() {
  polling = null;
  try { render(await call("GET", "/api/state")); } catch (e) { say(e.message); }
}
async function act(method, path, body) {
  hint = new Set();
  try { render(await call(method, path, body)); say(""); } catch (e) { say(e.message); }
}
function pick(i) {
  if (!game) return;
  const free = new Set(game.free);
  if (!free.has(i)) {
    say(game.present.includes(i) ? "That tile is not free." : "");
    return;
  }
  if (selected === null || selected === i) {
    selected = selected === i ? null : i;
    render(game);
    return;
  }
  const a = game.tiles[selected], b = game.tiles[i];
  const group = t => t.face[0] === "F" || t.face[0] === "S" ? t.face[0] : t.face;
  if (group(a) !== group(b)) {
    selected = i;
    render(game);
    say(a.face + " and " + b.face + " do not match.");
    return;
  }
  const first = selected;
  selected = null;
  act("POST", "/api/move", {tiles: [first, i]});
}
$("undo").addEventListener("click", () => act("POST", "/api/undo", {}));
$("new").addEventListener("click", () => act("POST", "/api/new", {}));
$("hint").addEventListener("click", async () => {
  try {
    const answer = await call("POST", "/api/hint", {});
    hint = new Set(answer.hint || []);
    render(game);
    say(answer.message);
  } catch (e) { say(e.message); }
});
$("save").addEventListener("click", () => {
  const a = document.createElement("a");
  a.download = "shanghai.game";
  a.href = "/api/record";
  a.click();
});
$("review").addEventListener("click", () => window.open("/review", "_blank"));
refresh();
"""
