{# The play page's own script (after board.js): the game comes from /api/state. #}
"use strict";
const colours = {{ colours | safe }};
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
  cleared: "cleared", pending: "deciding\u2026"};
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
  if (s.seconds !== null) text += " \u2014 decided in " + Math.round(s.seconds * 1000) + " ms";
  if (fatal !== null) text += fatal === n ? " \u2014 this was the fatal move" :
    " \u2014 the fatal move was move " + fatal;
  if (state.lost_from_the_start) text += " \u2014 the deal could not be cleared from the start";
  if (s.status !== "cleared" && state.available === 0) text += " \u2014 no pair left to take";
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
  if (waiting && polling === null) polling = setTimeout(refresh, {{ poll_ms }});
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
