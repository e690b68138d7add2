{# The board as the review page and the play page draw it (inlined into each page).

into each page (no network, no files beside it).

Every layer gets its own panel, side by side, so no tile ever hides the label of a tile
under it: the panels are the layers offset from each other by their own width. Free
tiles are raised with a solid border; blocked ones are hatched with a dashed border and
a dimmer label, so the two differ without colour. For a dead position the blocking
tiles carry a cross badge and the other tiles of the argument a dotted outline; pointing
at one of them (or at its line in the chain, folded under the short list of reasons)
outlines the tiles that hold it and shows the reason in words.

The script defines ``makeBoard(container, tiles, colours)``, returning ``{els, show}``:
``show(view)`` takes sets of slot numbers (``present``, ``free``, ``removed``,
``blocking``, ``locked``, ``selected``, ``hint``) and the argument's ``links``, and sets
each tile's classes (``tile free``, ``tile blocked``, ``tile blocking`` ...); each tile
element carries its slot number as ``data-slot``.
#}
function makeBoard(container, tiles, colours) {
  const X = 17, Y = 23;  // px per half tile: a tile is 34 x 46
  const byLayer = new Map();
  tiles.forEach((t, i) => {
    if (!byLayer.has(t.z)) byLayer.set(t.z, []);
    byLayer.get(t.z).push(i);
  });
  const els = new Array(tiles.length);
  const wrap = document.createElement("div");
  wrap.className = "layers";
  [...byLayer.keys()].sort((a, b) => a - b).forEach(z => {
    const ids = byLayer.get(z);
    const xs = ids.map(i => tiles[i].x), ys = ids.map(i => tiles[i].y);
    const minX = Math.min(...xs), minY = Math.min(...ys);
    const panel = document.createElement("div");
    panel.className = "layer";
    panel.dataset.layer = String(z);
    const caption = document.createElement("div");
    caption.className = "caption";
    caption.textContent = "layer " + z + (z === 0 ? " (table)" : "");
    const area = document.createElement("div");
    area.className = "area";
    area.style.width = ((Math.max(...xs) - minX + 2) * X + 4) + "px";
    area.style.height = ((Math.max(...ys) - minY + 2) * Y + 6) + "px";
    ids.forEach(i => {
      const t = tiles[i];
      const el = document.createElement("div");
      el.className = "tile";
      el.dataset.slot = String(i);
      el.textContent = t.face;
      el.style.color = colours[t.face.slice(-1)] || colours[t.face[0]] || "#222";
      el.style.left = ((t.x - minX) * X + 2) + "px";
      el.style.top = ((t.y - minY) * Y + 2) + "px";
      area.appendChild(el);
      els[i] = el;
    });
    panel.appendChild(caption);
    panel.appendChild(area);
    wrap.appendChild(panel);
  });
  container.replaceChildren(wrap);
  const name = i => tiles[i].face + " (" + tiles[i].x + "," + tiles[i].y + "," + tiles[i].z + ")";
  let links = [], whyList = null, chainItems = [];
  function focus(tile, on) {
    links.forEach((link, k) => {
      if (link.tile !== tile) return;
      link.others.forEach(o => els[o].classList.toggle("holder", on));
      if (chainItems[k]) chainItems[k].classList.toggle("focus", on);
    });
    els[tile].classList.toggle("focus", on);
  }
  els.forEach((el, i) => {
    el.addEventListener("mouseenter", () => focus(i, true));
    el.addEventListener("mouseleave", () => focus(i, false));
  });
  function show(view) {
    links = view.links || [];
    whyList = view.whyList || null;
    const held = new Map();
    links.forEach(link => held.set(link.tile, (held.get(link.tile) || []).concat([link.text])));
    els.forEach((el, i) => {
      const on = view.present.has(i), removed = view.removed.has(i);
      const free = on && view.free.has(i);
      el.classList.toggle("gone", !on && !removed);
      el.classList.toggle("removed", removed);
      el.classList.toggle("free", free);
      el.classList.toggle("blocked", on && !free);
      el.classList.toggle("blocking", on && view.blocking.has(i));
      el.classList.toggle("locked", on && view.locked.has(i) && !view.blocking.has(i));
      el.classList.toggle("selected", on && view.selected === i);
      el.classList.toggle("hint", on && view.hint.has(i));
      el.classList.remove("holder", "focus");
      const state = !on ? "removed" : view.blocking.has(i) ? "blocking: free, never removable" :
        free ? "free" : "blocked";
      el.title = [name(i) + ": " + state].concat(held.get(i) || []).join("\n");
    });
    if (whyList) whyList.replaceChildren(...shortList(view));
  }
  // The reasons as a short list: the crossed tiles, how the others hold them, and the
  // whole chain folded away, one line a step (the board shows the same on hover).
  function shortList(view) {
    chainItems = links.map(link => {
      const li = document.createElement("li");
      li.textContent = link.text;
      li.addEventListener("mouseenter", () => focus(link.tile, true));
      li.addEventListener("mouseleave", () => focus(link.tile, false));
      return li;
    });
    if (!links.length) return [];
    const item = text => {
      const li = document.createElement("li");
      li.textContent = text;
      return li;
    };
    const crossed = [...new Set(links.map(link => link.tile))]
      .filter(i => view.blocking.has(i) && view.present.has(i));
    const tiles = new Set(links.flatMap(link => [link.tile, ...link.others]));
    const items = [];
    if (crossed.length) items.push(item("Free, but never removable (✕ on the board): " +
      crossed.map(name).join(", ") + "."));
    items.push(item("The chain has " + tiles.size + " tiles: point at one on the board to " +
      "see what holds it."));
    const details = document.createElement("details");
    const summary = document.createElement("summary");
    summary.textContent = "The whole chain, step by step (" + links.length + ")";
    const chain = document.createElement("ol");
    chain.className = "chain";
    chain.replaceChildren(...chainItems);
    details.append(summary, chain);
    const last = document.createElement("li");
    last.appendChild(details);
    items.push(last);
    return items;
  }
  return {els, show};
}
