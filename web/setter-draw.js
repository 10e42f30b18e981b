// Draws a setter's draft (setter.js) as one SVG: cells (region tints, the selection, the cells a
// check names), the cell and box lines, region borders, cages (a killer's dashed outlines, KenKen's
// bold walls) with their clues, the givens and the cursor; and the small grids of two solutions
// side by side. No puzzle logic here: the draft and the check's report say everything.
import { svgEl } from "./dom.js";
import { edgePath as edges } from "./render.js";

const INSET = 0.08;   // of a cell: a killer cage's outline sits inside the cell borders
const SIGNS = { "+": "+", "-": "\u2212", x: "\u00d7", "/": "\u00f7", "": "" };
const DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz";

/** A cage's clue as drawn: "15", "12×", "?" before its total is typed. */
export function clueOf(cage, arithmetic) {
  const total = cage.total ? String(cage.total) : "?";
  return arithmetic && cage.cells.length > 1 ? total + (SIGNS[cage.op] || "?") : total;
}

/** A killer cage's outline, inset: each cell's sides that face out of the cage. */
function insetOutline(n, cells) {
  const inCage = new Set(cells);
  const has = (r, c) => r >= 0 && c >= 0 && r < n && c < n && inCage.has(r * n + c);
  const k = INSET;
  let d = "";
  for (const cell of cells) {
    const r = Math.floor(cell / n), c = cell % n;
    const x0 = has(r, c - 1) ? c : c + k, x1 = has(r, c + 1) ? c + 1 : c + 1 - k;
    const y0 = has(r - 1, c) ? r : r + k, y1 = has(r + 1, c) ? r + 1 : r + 1 - k;
    if (!has(r - 1, c)) d += `M${x0} ${r + k}H${x1}`;
    if (!has(r + 1, c)) d += `M${x0} ${r + 1 - k}H${x1}`;
    if (!has(r, c - 1)) d += `M${c + k} ${y0}V${y1}`;
    if (!has(r, c + 1)) d += `M${c + 1 - k} ${y0}V${y1}`;
  }
  return d;
}

/** Fills `svg` with the draft. `look`: {selection: Set, cursor, bad: Set, differ: Set,
 * boxShape, extra: [[cells]], activeCage: index or -1}. */
export function drawDraft(svg, draft, look) {
  const n = draft.size;
  const arithmetic = draft.kind === "kenken" || draft.kind === "kendoku";
  svg.setAttribute("viewBox", `-0.04 -0.04 ${n + 0.08} ${n + 0.08}`);
  const shaded = new Set(look.extra.flat());
  const cageOf = new Map();
  draft.cages.forEach((cage, i) => cage.cells.forEach((cell) => cageOf.set(cell, i)));
  const parts = [];
  for (let cell = 0; cell < n * n; cell++) {
    const classes = ["sc"];
    const region = draft.regions?.[cell];
    if (region) classes.push(`tint-${region % 9}`);
    if (shaded.has(cell)) classes.push("shaded");
    if (cageOf.has(cell) && cageOf.get(cell) === look.activeCage) classes.push("active");
    if (look.differ.has(cell)) classes.push("differ");
    if (look.bad.has(cell)) classes.push("bad");
    if (look.selection.has(cell)) classes.push("sel");
    parts.push(svgEl("rect", { class: classes.join(" "), x: cell % n, y: Math.floor(cell / n), width: 1, height: 1 }));
  }
  parts.push(svgEl("path", { class: "thin", d: edges(n, () => true) }));
  if (look.boxShape) {
    const [rows, cols] = look.boxShape;
    const box = (cell) => Math.floor(Math.floor(cell / n) / rows) * n + Math.floor((cell % n) / cols);
    parts.push(svgEl("path", { class: "thick", d: edges(n, (a, b) => box(a) !== box(b)) }));
  }
  if (draft.regions) {
    parts.push(svgEl("path", { class: "thick", d: edges(n, (a, b) => draft.regions[a] !== draft.regions[b]) }));
  }
  draft.cages.forEach((cage, i) => {
    const d = arithmetic ? edges(n, (a, b) => (cageOf.get(a) === i) !== (cageOf.get(b) === i)) : insetOutline(n, cage.cells);
    parts.push(svgEl("path", { class: arithmetic ? "wall" : "cage", d }));
    const first = Math.min(...cage.cells);
    const label = svgEl("text", { class: `clue${cage.total ? "" : " missing"}`, x: (first % n) + 0.1, y: Math.floor(first / n) + 0.3 });
    label.textContent = clueOf(cage, arithmetic);
    parts.push(label);
  });
  draft.givens.forEach((digit, cell) => {
    if (!digit) return;
    const text = svgEl("text", { class: "given", x: (cell % n) + 0.5, y: Math.floor(cell / n) + 0.72 });
    text.textContent = DIGITS[digit].toUpperCase();
    parts.push(text);
  });
  parts.push(svgEl("rect", { class: "outer", x: 0, y: 0, width: n, height: n }));
  if (look.cursor >= 0) {
    parts.push(svgEl("rect", { class: "cursor", x: (look.cursor % n) + 0.04, y: Math.floor(look.cursor / n) + 0.04, width: 0.92, height: 0.92 }));
  }
  svg.replaceChildren(...parts);
}

/** A small grid of one solution's digits, the cells where the two solutions differ marked. */
export function solutionSvg(n, digits, differ, label) {
  const svg = svgEl("svg", { class: "setter-solution", viewBox: `-0.04 -0.04 ${n + 0.08} ${n + 0.08}`, role: "img", "aria-label": label });
  const parts = [];
  digits.forEach((digit, cell) => {
    const x = cell % n, y = Math.floor(cell / n);
    parts.push(svgEl("rect", { class: differ.has(cell) ? "sc differ" : "sc", x, y, width: 1, height: 1 }));
    const text = svgEl("text", { class: differ.has(cell) ? "given strong" : "given", x: x + 0.5, y: y + 0.72 });
    text.textContent = DIGITS[digit].toUpperCase();
    parts.push(text);
  });
  parts.push(svgEl("path", { class: "thin", d: edges(n, () => true) }),
             svgEl("rect", { class: "outer", x: 0, y: 0, width: n, height: n }));
  svg.replaceChildren(...parts);
  return svg;
}

/** The cell under a pointer at (x, y) on `svg` for an n×n draft, or -1. */
export function cellAt(svg, n, x, y) {
  const box = svg.getBoundingClientRect();
  const span = n + 0.08;
  const col = Math.floor(((x - box.left) / box.width) * span - 0.04);
  const row = Math.floor(((y - box.top) / box.height) * span - 0.04);
  return row >= 0 && col >= 0 && row < n && col < n ? row * n + col : -1;
}
