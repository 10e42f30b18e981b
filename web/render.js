// Draws a decoded puzzle (pycore.api's open_view) as DOM + SVG, and is the only writer of the
// board's elements: the position and selection (update), a finished house's glow (flash), a
// hint's step (showStep/clearStep), the pause cover and the solved glow. No puzzle logic here:
// everything comes from the view (kind, size, cages with their labels and words, region_of,
// extra_units) and from the callers.
//
// Layers, bottom to top: HTML cells (shading, selection, digits, pencil marks) and one SVG with the
// cell lines, region borders, cage outlines and cage totals; a hint's step adds its candidates over
// the cells and its links in an SVG of their own. The SVGs ignore the pointer.
import { button, el, svgEl } from "./dom.js";
import { conicPaint } from "./colours.js";
import { DIGITS } from "./position.js";

const ROW_LETTERS = "ABCDEFGHI";
/** A row as the hints name it (E5 is row E, column 5); grids over 9×9, whose digits above 9 are
 * letters, number their rows (R5C12 is row 5, column 12). pycore.model.row_name says the same. */
export const rowName = (row, n) => (n <= 9 ? ROW_LETTERS[row] : String(row + 1));
const CAGE_INSET = 0.09; // of a cell: cage outlines sit inside the cell borders
const LABEL_SIZE = 0.25; // of a cell: the cage total's font size
const SET_INSET = 0.04; // of a cell: a hint's sets hug the cell borders, clear of the candidates

/** The cell colours of Colour mode, as screen readers say them (style.css draws them). */
export const COLOUR_NAMES = ["grey", "red", "orange", "yellow", "green", "teal", "blue", "purple", "pink"];

/** "red", "red and green", "red, green and blue". */
const listed = (words) => (words.length < 2 ? words.join("") : `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`);

/** Side of the pencil-mark mini-grid: 3×3 for up to 9 digits, 4×4 for 16, 5×5 for 25. */
export const markSide = (size) => Math.ceil(Math.sqrt(size));

/** Where digit character `ch` sits in a cell's mini-grid of `side` (the one pencil-mark layout,
 * for the reader's marks and a hint's alike), as a CSS grid-area. */
const markArea = (ch, side) => {
  const d = DIGITS.indexOf(ch);
  return `grid-area:${Math.floor((d - 1) / side) + 1}/${((d - 1) % side) + 1}`;
};

// ---- the puzzle's lines ------------------------------------------------------------------------

/** Segments "M x y L x y" for every cell edge where `split(a, b)` says the two cells differ. */
export function edgePath(n, split) {
  let d = "";
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const cell = r * n + c;
      if (c + 1 < n && split(cell, cell + 1)) d += `M${c + 1} ${r}V${r + 1}`;
      if (r + 1 < n && split(cell, cell + n)) d += `M${c} ${r + 1}H${c + 1}`;
    }
  }
  return d;
}

/** Dashed outline of one cage, inset inside the cells; concave corners meet cleanly. The first
 * cell's top and left lines stop short of `corner` ({w, h}, in cells): room for the cage total,
 * so neither a line nor a patch behind the total covers anything. */
function cagePath(n, cells, corner = { w: 0, h: 0 }, k = CAGE_INSET) {
  const inCage = new Set(cells);
  const has = (r, c) => r >= 0 && c >= 0 && r < n && c < n && inCage.has(r * n + c);
  let d = "";
  const first = Math.min(...cells);
  for (const cell of cells) {
    const r = Math.floor(cell / n), c = cell % n;
    const w = cell === first ? corner.w : 0, h = cell === first ? corner.h : 0;
    // For each side whose neighbour is outside the cage: a line from end to end, where each end
    // stops short (neighbour along the side outside), meets the cell edge, or runs on by the inset
    // to meet the next cell's line (concave corner).
    const end = (alongR, alongC, outR, outC) =>
      !has(r + alongR, c + alongC) ? -k : has(r + alongR + outR, c + alongC + outC) ? k : 0;
    if (!has(r - 1, c)) d += `M${w ? c + w : c - end(0, -1, -1, 0)} ${r + k}H${c + 1 + end(0, 1, -1, 0)}`;
    if (!has(r + 1, c)) d += `M${c - end(0, -1, 1, 0)} ${r + 1 - k}H${c + 1 + end(0, 1, 1, 0)}`;
    if (!has(r, c - 1)) d += `M${c + k} ${h ? r + h : r - end(-1, 0, 0, -1)}V${r + 1 + end(1, 0, 0, -1)}`;
    if (!has(r, c + 1)) d += `M${c + 1 - k} ${r - end(-1, 0, 0, 1)}V${r + 1 + end(1, 0, 0, 1)}`;
  }
  return d;
}

/** The corner a cage total takes in its first cell, in cells (as the SVG text is laid out). */
function labelCorner(label) {
  return { w: 0.1 + label.length * LABEL_SIZE * 0.6, h: 0.06 + LABEL_SIZE * 1.05 };
}

const isArithmetic = (view) => view.kind === "kenken" || view.kind === "kendoku";

/** The cells, in `role=row` rows of one `role=grid` (display: contents keeps them in one CSS grid). */
function buildCells(view, cageOf) {
  const n = view.size;
  const shaded = new Set(view.extra_units.flat());
  const grid = el("div", {
    "data-testid": "grid",
    role: "grid",
    class: `grid kind-${view.kind}${view.cages.length ? " caged" : ""}`,
    "aria-label": `${view.label} ${n}\u00d7${n}`,
    "aria-multiselectable": "true",
  });
  const cells = [];
  for (let r = 0; r < n; r++) {
    const row = el("div", { class: "row", role: "row" });
    grid.append(row);
    for (let c = 0; c < n; c++) {
      const index = r * n + c;
      const cell = el("div", {
        class: "cell",
        role: "gridcell",
        tabindex: index === 0 ? "0" : "-1",
        "data-cell": `r${r + 1}c${c + 1}`,
        "data-index": String(index),
        "data-value": "",
        "data-candidates": "",
      });
      if (shaded.has(index)) cell.classList.add("shaded");
      if (view.region_of) cell.dataset.region = String(view.region_of[index]);
      if (cageOf.has(index)) cell.dataset.cage = String(cageOf.get(index));
      cells.push(cell);
      row.append(cell);
    }
  }
  return { grid, cells };
}

/** The SVG of lines: cells, regions, cages (dashed outlines, or KenKen's bold walls), the outer
 * frame, and the cage totals last, in the corner each outline leaves free. */
function buildLines(view, cageOf, labelOf) {
  const n = view.size;
  const svg = svgEl("svg", { class: "lines", viewBox: `0 0 ${n} ${n}`, "aria-hidden": "true" });
  svg.append(svgEl("path", { class: "thin", d: edgePath(n, () => true) }));
  const arithmetic = isArithmetic(view);
  if (view.region_of) {
    const region = view.region_of;
    svg.append(svgEl("path", { class: arithmetic ? "thick boxes" : "thick", d: edgePath(n, (a, b) => region[a] !== region[b]) }));
  }
  if (arithmetic) {
    svg.append(svgEl("path", { class: "walls", d: edgePath(n, (a, b) => cageOf.get(a) !== cageOf.get(b)) }));
  } else {
    view.cages.forEach((cage, index) => {
      svg.append(svgEl("path", { class: "cage", d: cagePath(n, cage.cells, labelCorner(labelOf(index))) }));
    });
  }
  svg.append(svgEl("rect", { class: "outer", x: 0, y: 0, width: n, height: n }));
  view.cages.forEach((cage, index) => {
    const first = Math.min(...cage.cells);
    const r = Math.floor(first / n), c = first % n;
    const text = svgEl("text", { class: "cage-total", x: c + 0.07, y: r + 0.04 + LABEL_SIZE * 0.86, "font-size": LABEL_SIZE });
    text.textContent = labelOf(index);
    svg.append(text);
  });
  return svg;
}

/** Row letters (numbers over 9×9) and column numbers beside the grid, as SudokuWiki prints them:
 * the hints name cells this way (E5 is row E, column 5). */
function buildCoords(n) {
  const strip = (kind, labels) => el("div", { class: `coords coords-${kind}`, "aria-hidden": "true" },
    ...labels.map((label) => el("span", {}, label)));
  return {
    rowLabels: strip("rows", Array.from({ length: n }, (_, r) => rowName(r, n))),
    columnLabels: strip("columns", Array.from({ length: n }, (_, c) => String(c + 1))),
  };
}

// ---- one cell ---------------------------------------------------------------------------------

function setFlag(cell, name, on) {
  if (on) cell.setAttribute(name, "true");
  else cell.removeAttribute(name);
}

/** A cell's digit, or its candidates in the mini-grid (the highlighted digit's marked), redrawn
 * only when one of them changed. */
function drawContent(cell, value, candidates, highlight, side) {
  const key = `${value}|${candidates}|${highlight}`;
  if (cell.dataset.drawn === key) return;
  cell.dataset.drawn = key;
  if (value) {
    cell.replaceChildren(el("span", { class: "value" }, value));
  } else if (candidates) {
    const marks = el("span", { class: "marks" });
    for (const ch of candidates) marks.append(el("span", { class: ch === highlight ? "same" : null, style: markArea(ch, side) }, ch));
    cell.replaceChildren(marks);
  } else {
    cell.replaceChildren();
  }
}

/** What Check found wrong in a cell ("wrong-digit", "candidates-exclude-solution" or ""). */
function drawProblem(cell, problem) {
  if ((cell.dataset.problem ?? "") !== problem) {
    if (problem) cell.dataset.problem = problem;
    else delete cell.dataset.problem;
  }
  setFlag(cell, "data-wrong", Boolean(problem));
  setFlag(cell, "aria-invalid", Boolean(problem));
  cell.classList.toggle("wrong", Boolean(problem));
}

/** The reader's colours on a cell (colours.js): data-colour="25", several as wedges. */
function drawColour(cell, colour) {
  if ((cell.dataset.colour ?? "") === colour) return;
  if (colour) cell.dataset.colour = colour;
  else delete cell.dataset.colour;
  if (colour.length > 1) cell.style.setProperty("--paint", conicPaint(colour));
  else cell.style.removeProperty("--paint");
}

/** What a screen reader says of a cell: "row C column 4, 7, cage 15, 3 cells, coloured red". */
function cellWords({ row, column, value, given, candidates, cage, conflict, problem, colour }) {
  const what = value ? `${value.toUpperCase()}${given ? ", given" : ""}`
    : candidates ? `candidates ${[...candidates.toUpperCase()].join(" ")}` : "empty";
  const trouble = conflict ? ", breaks a rule" : problem ? ", marked wrong" : "";
  const painted = colour ? `, coloured ${listed([...colour].map((c) => COLOUR_NAMES[Number(c) - 1]))}` : "";
  return `row ${row} column ${column}, ${what}${cage ? `, ${cage}` : ""}${trouble}${painted}`;
}

// ---- a hint's step over the board ---------------------------------------------------------------

/** A step's candidates over the cells without a digit: `marks` maps a cell index to
 * [[digit character, class]] (the class says struck, ringed or a pattern colour). */
function drawStepMarks(cells, marks, side) {
  for (const [index, digits] of Object.entries(marks)) {
    const cell = cells[Number(index)];
    if (!cell || cell.dataset.value) continue;
    const overlay = el("span", { class: "marks hint-marks", "aria-hidden": "true" });
    for (const [ch, cls] of digits) overlay.append(el("span", { class: cls, "data-digit": ch, style: markArea(ch, side) }, ch));
    cell.append(overlay);
  }
}

/** A chain's links as lines between its candidates (drawn by drawStepMarks), solid for strong
 * links, dashed for weak ones, in an SVG over the grid in cell units. A group (a digit in one of
 * several cells) is drawn as a rounded box around its candidates, and its lines start at the
 * box's edge. A forcing step's `implications` are arrows in the same SVG: each case's in its own
 * colour (`case-K`, K the case's number mod 4), solid into a digit the case places, dashed
 * (`gone`) into a candidate it takes out. */
function drawLinks(board, cells, links, n, implications = []) {
  if (!links.length && !implications.length) return;
  const box = board.querySelector("svg.lines").getBoundingClientRect();
  const unit = box.width / n;
  const svg = svgEl("svg", { class: "hint-links", "data-testid": "hint-links", viewBox: `0 0 ${n} ${n}`, "aria-hidden": "true" });
  const round = (v) => Math.round(v * 1000) / 1000;
  const groups = new Map();
  // A node's middle, and how far its edge is from there along a direction (ux, uy): a
  // candidate's circle, or a group's box.
  const node = (group, digit) => {
    const spans = group.map((c) => [...cells[c].querySelectorAll(".hint-marks > span")]
      .find((span) => parseInt(span.dataset.digit, 36) === digit)?.getBoundingClientRect());
    if (spans.some((r) => !r)) return null;
    if (group.length === 1) {
      const r = spans[0], radius = Math.min(r.width, r.height) / 2 / unit;
      return { x: (r.left + r.width / 2 - box.left) / unit, y: (r.top + r.height / 2 - box.top) / unit, reach: () => radius };
    }
    const pad = 0.04 * unit;
    const [left, top] = [Math.min(...spans.map((r) => r.left)) - pad, Math.min(...spans.map((r) => r.top)) - pad];
    const [right, bottom] = [Math.max(...spans.map((r) => r.right)) + pad, Math.max(...spans.map((r) => r.bottom)) + pad];
    const [hw, hh] = [(right - left) / 2 / unit, (bottom - top) / 2 / unit];
    const [x, y] = [(left - box.left) / unit + hw, (top - box.top) / unit + hh];
    groups.set(`${digit}:${group}`, { x: x - hw, y: y - hh, width: 2 * hw, height: 2 * hh });
    return { x, y, reach: (ux, uy) => Math.min(ux ? hw / Math.abs(ux) : Infinity, uy ? hh / Math.abs(uy) : Infinity) };
  };
  // From the edge of one node to the edge of the other, leaving the digits readable, bent a
  // little to the left of the way the chain runs: two links along one row, one each way, bend
  // apart instead of covering each other. Null when the nodes touch (or one is not shown).
  const curve = (from, fromDigit, to, toDigit) => {
    const a = node(from, fromDigit), b = node(to, toDigit);
    if (!a || !b) return null;
    const length = Math.hypot(b.x - a.x, b.y - a.y);
    const ux = (b.x - a.x) / length, uy = (b.y - a.y) / length;
    const [ra, rb] = [a.reach(ux, uy), b.reach(ux, uy)];
    if (!(length > ra + rb)) return null;
    const [x1, y1, x2, y2] = [a.x + ux * ra, a.y + uy * ra, b.x - ux * rb, b.y - uy * rb];
    const bend = Math.min(0.3, length * 0.12);
    return [x1, y1, (x1 + x2) / 2 + uy * bend, (y1 + y2) / 2 - ux * bend, x2, y2];
  };
  const paths = [];
  for (const link of links) {
    const at = curve(link.from, link.fromDigit, link.to, link.toDigit);
    if (!at) continue;
    paths.push(svgEl("path", { class: link.strong ? "strong" : "weak",
      d: `M ${at.slice(0, 2).map(round).join(" ")} Q ${at.slice(2).map(round).join(" ")}` }));
  }
  for (const arrow of implications) {
    const at = curve([arrow.from], arrow.fromDigit, [arrow.to], arrow.toDigit);
    if (!at) continue;
    const [x1, y1, cx, cy, x2, y2] = at;
    // the head points along the curve's last stretch; the line stops at its base
    const length = Math.hypot(x2 - cx, y2 - cy) || 1;
    const [dx, dy] = [(x2 - cx) / length, (y2 - cy) / length];
    // (an arrow inside one cell is short: its head shrinks to fit)
    const long = Math.min(0.16, 0.7 * Math.hypot(x2 - x1, y2 - y1)), wide = long * 0.45;
    const [bx, by] = [x2 - dx * long, y2 - dy * long];
    const colour = `case-${arrow.case % 4}`;
    paths.push(svgEl("path", { class: `implies ${colour}${arrow.placed ? "" : " gone"}`,
      d: `M ${[x1, y1].map(round).join(" ")} Q ${[cx, cy, bx, by].map(round).join(" ")}` }));
    paths.push(svgEl("path", { class: `head ${colour}`,
      d: `M ${[x2, y2].map(round).join(" ")} L ${[bx - dy * wide, by + dx * wide].map(round).join(" ")} ` +
         `L ${[bx + dy * wide, by - dx * wide].map(round).join(" ")} Z` }));
  }
  for (const { x, y, width, height } of groups.values()) {
    svg.append(svgEl("rect", { class: "group", x: round(x), y: round(y), width: round(width), height: round(height),
                               rx: round(Math.min(width, height) / 2) }));
  }
  svg.append(...paths);
  board.append(svg);
}

/** The sets of cells a step rests on (almost locked sets, a death blossom's petals, Sue de Coq's
 * sets), each outlined in its colour just inside its cells' borders (outside a cage's dashed
 * outline, clear of the candidates), in an SVG over the grid in cell units. */
function drawSets(board, sets, n) {
  if (!sets.length) return;
  const svg = svgEl("svg", { class: "hint-sets", "data-testid": "hint-sets", viewBox: `0 0 ${n} ${n}`, "aria-hidden": "true" });
  for (const { cells, colour } of sets) {
    svg.append(svgEl("path", { class: `set set-${colour}`, "data-cells": cells.join(" "), d: cagePath(n, cells, undefined, SET_INSET) }));
  }
  board.append(svg);
}

// ---- the board ---------------------------------------------------------------------------------
// `b`, below: the board's parts the drawing functions share (renderBoard makes it).

/** Whether `j` shares a row, column, box/region or cage with `i` (what is shaded on selection). */
function sameHouse(b, i, j) {
  const { n, view, cageOf } = b;
  return Math.floor(i / n) === Math.floor(j / n) || i % n === j % n
    || (view.region_of && view.region_of[i] === view.region_of[j])
    || (cageOf.has(i) && cageOf.get(i) === cageOf.get(j));
}

/**
 * Draws `progress` (per-cell notes) with `selected` and its houses shaded. `problems` maps a cell
 * index to what Check found wrong there ("wrong-digit" or "candidates-exclude-solution"):
 * data-wrong="true", aria-invalid and a red style. `play` has `conflicts` (cell indices breaking
 * a rule, data-conflict="true") and `shown` (candidates to show per cell instead of the pencil
 * marks, for automatic candidates; null shows the pencil marks), `also` (a Set of cells
 * selected with `selected`: drawn selected too, the houses shaded stay `selected`'s),
 * `highlight` (a digit to show everywhere, as the selected cell's digit is, when no cell is)
 * and `colours` (the reader's cell colours, colours.js: data-colour="25", several as wedges).
 */
function drawPosition(b, progress, selected = -1, problems = null, play = {}) {
  const { n, cells, cageOf, cageWordsOf } = b;
  const conflicts = new Set(play.conflicts ?? []);
  const also = play.also ?? new Set();   // cells selected with `selected`
  const selectedNote = progress[selected] ?? "";
  // the digit shown everywhere: the selected cell's, or with none selected the one highlighted
  const shownDigit = selected >= 0 ? (selectedNote[0] === "g" || selectedNote[0] === "s" ? selectedNote.slice(1) : "")
    : play.highlight ?? "";
  progress.forEach((note, index) => {
    const cell = cells[index];
    const kind = note[0];
    const digits = note.slice(1);
    const value = kind === "g" || kind === "s" ? digits : "";
    const candidates = value ? "" : play.shown ? play.shown[index] ?? "" : kind === "c" ? digits : "";
    const problem = problems?.get(index) ?? "";
    const colour = play.colours?.[index] ?? "";
    const conflict = conflicts.has(index);
    drawProblem(cell, problem);
    setFlag(cell, "data-conflict", conflict);
    cell.classList.toggle("conflict", conflict);
    cell.dataset.value = value;
    cell.dataset.candidates = candidates;
    cell.classList.toggle("given", kind === "g");
    cell.classList.toggle("solved", kind === "s");
    drawColour(cell, colour);
    const chosen = index === selected || also.has(index);
    cell.classList.toggle("selected", chosen);
    cell.classList.toggle("house", selected >= 0 && !chosen && sameHouse(b, selected, index));
    cell.classList.toggle("same-digit", Boolean(shownDigit) && index !== selected && value === shownDigit);
    cell.setAttribute("aria-selected", chosen ? "true" : "false");
    cell.tabIndex = index === (selected >= 0 ? selected : 0) ? 0 : -1;
    drawContent(cell, value, candidates, shownDigit, b.side);
    cell.setAttribute("aria-label", cellWords({
      row: rowName(Math.floor(index / n), n), column: (index % n) + 1, value, given: kind === "g", candidates,
      cage: cageOf.has(index) ? cageWordsOf[cageOf.get(index)] : "", conflict, problem, colour,
    }));
  });
  // The selected cell's row letter and column number stand out: its name at a glance.
  [...b.rowLabels.children].forEach((label, r) => label.classList.toggle("on", selected >= 0 && r === Math.floor(selected / n)));
  [...b.columnLabels.children].forEach((label, c) => label.classList.toggle("on", selected >= 0 && c === selected % n));
}

/** A short glow over `indices` (a house or cage just finished), as puzzle apps mark one. */
function flash(b, indices) {
  for (const index of indices) {
    const cell = b.cells[index];
    cell.classList.remove("finished");
    void cell.offsetWidth;   // restarts the animation of a cell still glowing from the last
    cell.classList.add("finished");
    cell.addEventListener("animationend", () => cell.classList.remove("finished"), { once: true });
  }
}

/** A hint's step over the board: `focus`, `eliminate`, `place` and `wrong` are cells
 * (data-hint says which, the later winning where a cell is in two), `marks` the candidates it
 * speaks of per cell ([[digit character, class]]), `links` a chain's links between them, `sets`
 * the sets of cells it outlines ([{cells, colour}]), `implications` a forcing step's cases as
 * arrows (Step.implications). */
function showStep(b, { focus = [], eliminate = [], place = [], wrong = [], marks = {}, links = [], sets = [], implications = [] }) {
  clearStep(b);
  for (const [hint, indices] of [["focus", focus], ["eliminate", eliminate], ["place", place], ["wrong", wrong]]) {
    for (const index of indices) b.cells[index].dataset.hint = hint;
  }
  drawStepMarks(b.cells, marks, b.side);
  drawSets(b.board, sets, b.n);
  drawLinks(b.board, b.cells, links, b.n, implications);
}

function clearStep(b) {
  for (const cell of b.cells) {
    delete cell.dataset.hint;
    cell.querySelector(".hint-marks")?.remove();
  }
  b.board.querySelector("svg.hint-links")?.remove();
  b.board.querySelector("svg.hint-sets")?.remove();
}

/** Pausing covers the board (a button: pressing it calls `goOn`), or takes the cover away. */
function pause(b, paused, goOn) {
  b.board.classList.toggle("paused", paused);
  b.board.querySelector(".pause-cover")?.remove();
  if (!paused) return;
  const cover = button("go-on", "", "The clock is stopped; press to go on", goOn);
  cover.className = "pause-cover";
  // the words stay in sight on a grid wider than the screen (sticky within the scrolled board)
  cover.append(el("span", {}, "Paused \u2014 press to go on"));
  b.board.append(cover);
  cover.focus();
}

/** A short glow over the board (none when the reader asks for less motion: see style.css). */
function celebrate(b) {
  b.board.classList.remove("celebrate");
  void b.board.offsetWidth; // restart the animation
  b.board.classList.add("celebrate");
}

/** Cell `index` described by the element `id` for screen readers (-1: no cell is). */
function describe(b, index, id) {
  b.cells.forEach((cell, i) => {
    if (i === index) cell.setAttribute("aria-describedby", id);
    else cell.removeAttribute("aria-describedby");
  });
}

/** The cage's total, operator and label on its first cell (for tests and the pictures). */
function labelCageCells(view, cells, labelOf) {
  view.cages.forEach((cage, index) => {
    const first = cells[Math.min(...cage.cells)];
    first.dataset.cageTotal = String(cage.total);
    first.dataset.cageOp = cage.op;
    first.dataset.cageLabel = labelOf(index);
  });
}

/**
 * Builds the board for `view` inside `container` (replacing what was there). Returns
 * { grid, cells, update, flash, showStep, clearStep, pause, celebrate, describe }: the grid
 * element, its cells by index, and the drawing above bound to this board.
 */
export function renderBoard(view, container) {
  const n = view.size;
  const side = markSide(n);
  const cageOf = new Map();
  view.cages.forEach((cage, index) => cage.cells.forEach((cell) => cageOf.set(cell, index)));
  const labelOf = (index) => view.cages[index].label;
  const { grid, cells } = buildCells(view, cageOf);
  labelCageCells(view, cells, labelOf);
  const { rowLabels, columnLabels } = buildCoords(n);
  const board = el("div", { class: "board", style: `--n:${n};--m:${side}` }, grid, buildLines(view, cageOf, labelOf), rowLabels, columnLabels);
  container.replaceChildren(board);
  const cageWordsOf = view.cages.map((cage) => cage.words);
  const b = { view, n, side, board, cells, cageOf, cageWordsOf, rowLabels, columnLabels };
  return {
    grid,
    cells,
    update: (...args) => drawPosition(b, ...args),
    flash: (indices) => flash(b, indices),
    showStep: (step) => showStep(b, step),
    clearStep: () => clearStep(b),
    pause: (paused, goOn) => pause(b, paused, goOn),
    celebrate: () => celebrate(b),
    describe: (index, id) => describe(b, index, id),
  };
}
