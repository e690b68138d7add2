{# The review page's own script (after board.js): the game is the JSON of #game-data. #}
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
    (fatal ? " \u2014 the fatal move: from here the game can no longer be cleared" : "") +
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
  const m = /^#(step|next)=(\d+)$/.exec(location.hash);
  if (!m) return false;
  if (m[1] === "step") show(Number(m[2]));
  else for (let k = 0; k < Number(m[2]); k++) document.getElementById("next").click();
  return true;
}
window.addEventListener("hashchange", fromFragment);
show(0);
fromFragment();
