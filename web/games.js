// The start page's list of the games saved on this device (saved.js), newest first: a small
// picture of each position, so that two sudokus tell apart at a glance, a link to it and Forget.
// A game whose link is lost (the tab closed, the e-mail deleted) is not lost with it; two tabs'
// games of one puzzle are two entries.
import { button, el, svgEl } from "./dom.js";
import { clockText } from "./clock.js";
import { forgetGame, savedGames } from "./saved.js";
import { fitsPuzzle } from "./stored.js";
import { wedges } from "./colours.js";

/** The region (box or jigsaw piece) of every cell, or null for grids without (KenKen). */
function regionsOf(view) {
  if (view.region_of) return view.region_of;
  if (!view.box_shape) return null;
  const n = view.size, [rows, cols] = view.box_shape;
  return Array.from({ length: n * n }, (_, i) => Math.floor(Math.floor(i / n) / rows) * rows + Math.floor((i % n) / cols));
}

/** A thumbnail of the position: the grid's lines (regions, or KenKen's cages, thick), killer cages
 * dashed, the reader's cell colours and the digits (givens in ink, the player's in blue). */
export function thumbnail(view, progress, colours = []) {
  const n = view.size;
  const regions = regionsOf(view);
  const cageOf = new Array(n * n).fill(-1);
  view.cages.forEach((cage, k) => cage.cells.forEach((i) => { cageOf[i] = k; }));
  const walls = regions ?? cageOf;   // KenKen and KenDoku: the cages are the walls
  let thick = "", dashed = "", thin = "";
  const border = (i, j, line) => {
    if (walls[i] !== walls[j]) thick += line;
    else if (regions && cageOf[i] !== cageOf[j]) dashed += line;
    else if (n <= 9) thin += line;   // (16×16 and 25×25 pictures would be all lines)
  };
  for (let i = 0; i < n * n; i++) {
    const r = Math.floor(i / n), c = i % n;
    if (c < n - 1) border(i, i + 1, `M${c + 1} ${r}v1`);
    if (r < n - 1) border(i, i + n, `M${c} ${r + 1}h1`);
  }
  const svg = svgEl("svg", { viewBox: `-0.1 -0.1 ${n + 0.2} ${n + 0.2}`, class: "game-thumb", "aria-hidden": "true" });
  svg.append(svgEl("rect", { x: 0, y: 0, width: n, height: n, class: "paper" }));
  (colours.length === n * n ? colours : []).forEach((cell, i) => {
    const x = i % n, y = Math.floor(i / n);
    for (const [colour, points] of cell ? wedges(cell, x, y) : []) svg.append(svgEl("polygon", { points, "data-colour": colour }));
  });
  if (thin) svg.append(svgEl("path", { d: thin, class: "thin" }));
  if (dashed) svg.append(svgEl("path", { d: dashed, class: "cage" }));
  if (thick) svg.append(svgEl("path", { d: thick, class: "wall" }));
  svg.append(svgEl("rect", { x: 0, y: 0, width: n, height: n, class: "frame" }));
  progress.forEach((note, i) => {
    if (note[0] !== "g" && note[0] !== "s") return;
    const text = svgEl("text", { x: (i % n) + 0.5, y: Math.floor(i / n) + 0.54, "font-size": 0.72, "text-anchor": "middle",
      "dominant-baseline": "central", class: note[0] === "g" ? "given" : "solved" });
    text.textContent = note[1].toUpperCase();
    svg.append(text);
  });
  return svg;
}

/** Fills `container` with the saved games (hidden when there are none). `invoke` calls pycore;
 * `linkTo(query)` is this page's address for a puzzle query. */
export function listGames(container, { invoke, linkTo, count }) {
  const items = [];
  for (const game of savedGames()) {
    const query = "bd=" + encodeURIComponent(game.key);
    const opened = invoke("open_view", query);
    const view = opened.view ?? opened;   // (pycore's open_view: the view and the puzzle's name, or its error)
    // (saved.js has checked the record's form; only the puzzle knows its givens)
    if (view.error || !fitsPuzzle(game.progress, view.progress)) continue;
    const shared = invoke("share", query, game.progress);
    if (shared.error) continue;
    const open = game.progress.filter((note) => note[0] !== "g").length;
    const placed = game.progress.filter((note) => note[0] === "s").length;
    const filled = game.solver ? "solved by the solver" : placed === open ? "every cell filled"
      : `${placed} of ${count(open, "open cell")} filled`;
    const what = [filled,
      game.seconds && clockText(game.seconds) + " on the clock",
      new Date(game.saved).toLocaleString([], { dateStyle: "medium", timeStyle: "short" })].filter(Boolean).join(", ");
    const href = linkTo(shared.query);   // the page's own query: full pencil marks kept
    const name = opened.name;
    const forget = button("forget-game", "Forget", "Forget this game (it is kept on this device only)", () => {
      forgetGame(game.name);
      listGames(container, { invoke, linkTo, count });
    });
    items.push(el("li", {},
      el("a", { href, class: "game-picture", tabindex: "-1", "aria-hidden": "true" }, thumbnail(view, game.progress, game.colours)),
      el("div", { class: "game-words" },
        el("div", { class: "game-head" }, el("a", { href }, name), forget),
        el("div", { class: "game-what" }, what))));
  }
  container.replaceChildren(el("h2", {}, "Your games on this device"), el("ul", {}, ...items));
  container.hidden = !items.length;
}
