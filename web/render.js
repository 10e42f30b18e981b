// Draws a decoded puzzle (the dict of pycore.api.decode_view) as DOM + SVG. No puzzle logic here:
// everything comes from the view (kind, size, givens, cages, progress, region_of, extra_units).
//
// Layers, bottom to top: HTML cells (shading, selection, digits, pencil marks) and one SVG with the
// cell lines, region borders, cage outlines and cage totals. The SVG ignores the pointer.
import { el, svgEl } from "./dom.js";
import { conicPaint } from "./colours.js";

const DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz";
const ROW_LETTERS = "ABCDEFGHI";
/** A row as the hints name it (E5 is row E, column 5); grids over 9×9, whose digits above 9 are
 * letters, number their rows (R5C12 is row 5, column 12). pycore.model.row_name says the same. */
export const rowName = (row, n) => (n <= 9 ? ROW_LETTERS[row] : String(row + 1));
const OPERATOR_SIGNS = { "+": "+", "-": "\u2212", x: "\u00d7", "/": "\u00f7" };
const CAGE_INSET = 0.09; // of a cell: cage outlines sit inside the cell borders

export const digitChar = (d) => DIGITS[d];
/** The cell colours of Colour mode, as screen readers say them (style.css draws them). */
export const COLOUR_NAMES = ["grey", "red", "orange", "yellow", "green", "teal", "blue", "purple", "pink"];

/** "red", "red and green", "red, green and blue". */
const listed = (words) => (words.length < 2 ? words.join("") : `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`);

/** Side of the pencil-mark mini-grid: 3×3 for up to 9 digits, 4×4 for 16, 5×5 for 25. */
export const markSide = (size) => Math.ceil(Math.sqrt(size));

/** Segments "M x y L x y" for every cell edge where `split(a, b)` says the two cells differ. */
function edgePath(n, split) {
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
function cagePath(n, cells, corner = { w: 0, h: 0 }) {
  const inCage = new Set(cells);
  const has = (r, c) => r >= 0 && c >= 0 && r < n && c < n && inCage.has(r * n + c);
  const k = CAGE_INSET;
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

const OPERATOR_WORDS = { "+": "add", "-": "subtract", x: "multiply", "/": "divide" };

/** How a screen reader says a cage: "cage 15, 3 cells", "cage 12, multiply, 3 cells". */
export function cageWords(kind, cage) {
  const arithmetic = kind === "kenken" || kind === "kendoku";
  const op = arithmetic && cage.cells.length > 1 ? `, ${OPERATOR_WORDS[cage.op] ?? cage.op}` : "";
  const k = cage.cells.length;
  return `cage ${cage.total}${op}, ${k} cell${k === 1 ? "" : "s"}`;
}

const LABEL_SIZE = 0.25; // of a cell: the cage total's font size

/** The corner a cage total takes in its first cell, in cells (as the SVG text is laid out). */
function labelCorner(label) {
  return { w: 0.1 + label.length * LABEL_SIZE * 0.6, h: 0.06 + LABEL_SIZE * 1.05 };
}

export function cageLabel(kind, cage) {
  const arithmetic = kind === "kenken" || kind === "kendoku";
  const sign = arithmetic && cage.cells.length > 1 ? OPERATOR_SIGNS[cage.op] ?? cage.op : "";
  return `${cage.total}${sign}`;
}

/**
 * Builds the board for `view` inside `container` (replacing what was there). Returns
 * { grid, cells, update(progress, selected, problems) }.
 */
export function renderBoard(view, container) {
  const n = view.size;
  const side = markSide(n);
  const caged = view.cages.length > 0;
  const shaded = new Set(view.extra_units.flat());
  const cageOf = new Map();
  view.cages.forEach((cage, index) => cage.cells.forEach((cell) => cageOf.set(cell, index)));

  const grid = el("div", {
    "data-testid": "grid",
    role: "grid",
    class: `grid kind-${view.kind}${caged ? " caged" : ""}`,
    "aria-label": `${view.label ?? view.kind} ${n}\u00d7${n}`,
    "aria-multiselectable": "true",
  });
  const arithmetic = view.kind === "kenken" || view.kind === "kendoku";
  const cells = [];
  for (let r = 0; r < n; r++) {
    // A row for assistive technology; display: contents keeps the cells in the one CSS grid.
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

  const svg = svgEl("svg", { class: "lines", viewBox: `0 0 ${n} ${n}`, "aria-hidden": "true" });
  svg.append(svgEl("path", { class: "thin", d: edgePath(n, () => true) }));
  if (view.region_of) {
    const region = view.region_of;
    svg.append(svgEl("path", { class: arithmetic ? "thick boxes" : "thick", d: edgePath(n, (a, b) => region[a] !== region[b]) }));
  }
  if (arithmetic) {
    // KenKen draws its cages as bold walls on the cell lines, not as dashed killer outlines.
    svg.append(svgEl("path", { class: "walls", d: edgePath(n, (a, b) => cageOf.get(a) !== cageOf.get(b)) }));
  } else {
    for (const cage of view.cages) {
      const corner = labelCorner(cageLabel(view.kind, cage));
      svg.append(svgEl("path", { class: "cage", d: cagePath(n, cage.cells, corner) }));
    }
  }
  svg.append(svgEl("rect", { class: "outer", x: 0, y: 0, width: n, height: n }));
  // cage totals last, in the corner the cage outline leaves free (no patch: nothing is covered)
  const cageWordsOf = new Map();
  view.cages.forEach((cage, index) => {
    const first = Math.min(...cage.cells);
    const label = cageLabel(view.kind, cage);
    const r = Math.floor(first / n), c = first % n;
    const text = svgEl("text", { class: "cage-total", x: c + 0.07, y: r + 0.04 + LABEL_SIZE * 0.86, "font-size": LABEL_SIZE });
    text.textContent = label;
    cells[first].dataset.cageTotal = String(cage.total);
    cells[first].dataset.cageOp = cage.op;
    cells[first].dataset.cageLabel = label;
    cageWordsOf.set(index, cageWords(view.kind, cage));
    svg.append(text);
  });

  // Row letters (numbers over 9×9) and column numbers beside the grid, as SudokuWiki prints them:
  // the hints name cells this way (E5 is row E, column 5).
  const coords = (kind, labels) => el("div", { class: `coords coords-${kind}`, "aria-hidden": "true" },
    ...labels.map((label) => el("span", {}, label)));
  const rowLabels = coords("rows", Array.from({ length: n }, (_, r) => rowName(r, n)));
  const columnLabels = coords("columns", Array.from({ length: n }, (_, c) => String(c + 1)));
  const board = el("div", { class: "board", style: `--n:${n};--m:${side}` }, grid, svg, rowLabels, columnLabels);
  container.replaceChildren(board);

  const rowOf = (i) => Math.floor(i / n), colOf = (i) => i % n;
  /** Whether `b` shares a row, column, box/region or cage with `a` (what is shaded on selection). */
  const sameHouse = (a, b) => rowOf(a) === rowOf(b) || colOf(a) === colOf(b)
    || (view.region_of && view.region_of[a] === view.region_of[b])
    || (cageOf.has(a) && cageOf.get(a) === cageOf.get(b));

  function setFlag(cell, name, on) {
    if (on) cell.setAttribute(name, "true");
    else cell.removeAttribute(name);
  }

  function drawContent(cell, value, candidates, highlight) {
    const key = `${value}|${candidates}|${highlight}`;
    if (cell.dataset.drawn === key) return;
    cell.dataset.drawn = key;
    if (value) {
      cell.replaceChildren(el("span", { class: "value" }, value));
    } else if (candidates) {
      const marks = el("span", { class: "marks" });
      for (const ch of candidates) {
        const d = DIGITS.indexOf(ch);
        const mark = el("span", { style: `grid-area:${Math.floor((d - 1) / side) + 1}/${((d - 1) % side) + 1}` }, ch);
        if (ch === highlight) mark.className = "same";
        marks.append(mark);
      }
      cell.replaceChildren(marks);
    } else {
      cell.replaceChildren();
    }
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
  function update(progress, selected = -1, problems = null, play = {}) {
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
      if ((cell.dataset.problem ?? "") !== problem) {
        if (problem) cell.dataset.problem = problem;
        else delete cell.dataset.problem;
      }
      setFlag(cell, "data-wrong", Boolean(problem));
      setFlag(cell, "aria-invalid", Boolean(problem));
      setFlag(cell, "data-conflict", conflicts.has(index));
      cell.classList.toggle("wrong", Boolean(problem));
      cell.classList.toggle("conflict", conflicts.has(index));
      cell.dataset.value = value;
      cell.dataset.candidates = candidates;
      cell.classList.toggle("given", kind === "g");
      cell.classList.toggle("solved", kind === "s");
      const colour = play.colours?.[index] ?? "";
      if ((cell.dataset.colour ?? "") !== colour) {
        if (colour) cell.dataset.colour = colour;
        else delete cell.dataset.colour;
        if (colour.length > 1) cell.style.setProperty("--paint", conicPaint(colour));
        else cell.style.removeProperty("--paint");
      }
      const chosen = index === selected || also.has(index);
      cell.classList.toggle("selected", chosen);
      cell.classList.toggle("house", selected >= 0 && !chosen && sameHouse(selected, index));
      cell.classList.toggle("same-digit", Boolean(shownDigit) && index !== selected && value === shownDigit);
      cell.setAttribute("aria-selected", chosen ? "true" : "false");
      cell.tabIndex = index === (selected >= 0 ? selected : 0) ? 0 : -1;
      drawContent(cell, value, candidates, shownDigit);
      const what = value ? `${value.toUpperCase()}${kind === "g" ? ", given" : ""}`
        : candidates ? `candidates ${[...candidates.toUpperCase()].join(" ")}` : "empty";
      const cage = cageOf.has(index) ? `, ${cageWordsOf.get(cageOf.get(index))}` : "";
      const trouble = conflicts.has(index) ? ", breaks a rule" : problem ? ", marked wrong" : "";
      const painted = colour ? `, coloured ${listed([...colour].map((c) => COLOUR_NAMES[Number(c) - 1]))}` : "";
      cell.setAttribute("aria-label", `row ${rowName(rowOf(index), n)} column ${colOf(index) + 1}, ${what}${cage}${trouble}${painted}`);
    });
    // The selected cell's row letter and column number stand out: its name at a glance.
    [...rowLabels.children].forEach((label, r) => label.classList.toggle("on", selected >= 0 && r === rowOf(selected)));
    [...columnLabels.children].forEach((label, c) => label.classList.toggle("on", selected >= 0 && c === colOf(selected)));
  }

  /** A short glow over `indices` (a house or cage just finished), as puzzle apps mark one. */
  function flash(indices) {
    for (const index of indices) {
      const cell = cells[index];
      cell.classList.remove("finished");
      void cell.offsetWidth;   // restarts the animation of a cell still glowing from the last
      cell.classList.add("finished");
      cell.addEventListener("animationend", () => cell.classList.remove("finished"), { once: true });
    }
  }

  return { grid, cells, update, flash };
}
