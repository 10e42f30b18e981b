// Draws a decoded puzzle (the dict of pycore.api.decode_view) as DOM + SVG. No puzzle logic here:
// everything comes from the view (kind, size, givens, cages, progress, region_of, extra_units).
//
// Layers, bottom to top: HTML cells (shading, selection, digits, pencil marks) and one SVG with the
// cell lines, region borders, cage outlines and cage totals. The SVG ignores the pointer.

const SVG = "http://www.w3.org/2000/svg";
const DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz";
const OPERATOR_SIGNS = { "+": "+", "-": "\u2212", x: "\u00d7", "/": "\u00f7" };
const CAGE_INSET = 0.09; // of a cell: cage outlines sit inside the cell borders

export const digitChar = (d) => DIGITS[d];

/** Side of the pencil-mark mini-grid: 3×3 for up to 9 digits, 4×4 for 16, 5×5 for 25. */
export const markSide = (size) => Math.ceil(Math.sqrt(size));

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  node.append(...children);
  return node;
}

function svgEl(tag, attrs = {}) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  return node;
}

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

/** Dashed outline of one cage, inset inside the cells; concave corners meet cleanly. */
function cagePath(n, cells) {
  const inCage = new Set(cells);
  const has = (r, c) => r >= 0 && c >= 0 && r < n && c < n && inCage.has(r * n + c);
  const k = CAGE_INSET;
  let d = "";
  for (const cell of cells) {
    const r = Math.floor(cell / n), c = cell % n;
    // For each side whose neighbour is outside the cage: a line from end to end, where each end
    // stops short (neighbour along the side outside), meets the cell edge, or runs on by the inset
    // to meet the next cell's line (concave corner).
    const end = (alongR, alongC, outR, outC) =>
      !has(r + alongR, c + alongC) ? -k : has(r + alongR + outR, c + alongC + outC) ? k : 0;
    if (!has(r - 1, c)) d += `M${c - end(0, -1, -1, 0)} ${r + k}H${c + 1 + end(0, 1, -1, 0)}`;
    if (!has(r + 1, c)) d += `M${c - end(0, -1, 1, 0)} ${r + 1 - k}H${c + 1 + end(0, 1, 1, 0)}`;
    if (!has(r, c - 1)) d += `M${c + k} ${r - end(-1, 0, 0, -1)}V${r + 1 + end(1, 0, 0, -1)}`;
    if (!has(r, c + 1)) d += `M${c + 1 - k} ${r - end(-1, 0, 0, 1)}V${r + 1 + end(1, 0, 0, 1)}`;
  }
  return d;
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
    "aria-label": `${view.kind} ${n}\u00d7${n}`,
    tabindex: "0",
  });
  const cells = [];
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const index = r * n + c;
      const cell = el("div", {
        class: "cell",
        role: "gridcell",
        "data-cell": `r${r + 1}c${c + 1}`,
        "data-index": String(index),
        "data-value": "",
        "data-candidates": "",
      });
      if (shaded.has(index)) cell.classList.add("shaded");
      if (view.region_of) cell.dataset.region = String(view.region_of[index]);
      if (cageOf.has(index)) cell.dataset.cage = String(cageOf.get(index));
      cells.push(cell);
      grid.append(cell);
    }
  }

  const svg = svgEl("svg", { class: "lines", viewBox: `0 0 ${n} ${n}`, "aria-hidden": "true" });
  svg.append(svgEl("path", { class: "thin", d: edgePath(n, () => true) }));
  for (const cage of view.cages) svg.append(svgEl("path", { class: "cage", d: cagePath(n, cage.cells) }));
  if (view.region_of) {
    const region = view.region_of;
    svg.append(svgEl("path", { class: "thick", d: edgePath(n, (a, b) => region[a] !== region[b]) }));
  }
  svg.append(svgEl("rect", { class: "outer", x: 0, y: 0, width: n, height: n }));
  // cage totals last, over the dashed corners, each on a small patch of the cell's background
  view.cages.forEach((cage) => {
    const first = Math.min(...cage.cells);
    const label = cageLabel(view.kind, cage);
    const r = Math.floor(first / n), c = first % n;
    const size = 0.27;
    const patch = svgEl("rect", {
      class: shaded.has(first) ? "label-bg shaded" : "label-bg",
      x: c + 0.05, y: r + 0.04, width: 0.08 + label.length * size * 0.58, height: size + 0.04,
    });
    const text = svgEl("text", { class: "cage-total", x: c + 0.08, y: r + 0.05 + size * 0.86, "font-size": size });
    text.textContent = label;
    cells[first].dataset.cageTotal = String(cage.total);
    cells[first].dataset.cageOp = cage.op;
    cells[first].dataset.cageLabel = label;
    svg.append(patch, text);
  });

  const board = el("div", { class: "board", style: `--n:${n};--m:${side}` }, grid, svg);
  container.replaceChildren(board);

  /** Draws `progress` (per-cell notes); `problems` maps a cell index to what Check found wrong
   * there ("wrong-digit" or "candidates-exclude-solution"): data-wrong="true" and a red style. */
  function update(progress, selected = -1, problems = null) {
    progress.forEach((note, index) => {
      const cell = cells[index];
      const kind = note[0];
      const digits = note.slice(1);
      const value = kind === "g" || kind === "s" ? digits : "";
      const candidates = kind === "c" ? digits : "";
      const problem = problems?.get(index) ?? "";
      if ((cell.dataset.problem ?? "") !== problem) {
        if (problem) {
          cell.dataset.wrong = "true";
          cell.dataset.problem = problem;
        } else {
          delete cell.dataset.wrong;
          delete cell.dataset.problem;
        }
        cell.classList.toggle("wrong", Boolean(problem));
      }
      if (cell.dataset.value === value && cell.dataset.candidates === candidates &&
          cell.classList.contains("selected") === (index === selected)) return;
      cell.dataset.value = value;
      cell.dataset.candidates = candidates;
      cell.classList.toggle("given", kind === "g");
      cell.classList.toggle("solved", kind === "s");
      cell.classList.toggle("selected", index === selected);
      cell.setAttribute("aria-selected", index === selected ? "true" : "false");
      if (value) {
        cell.replaceChildren(el("span", { class: "value" }, value));
        cell.setAttribute("aria-label", `r${Math.floor(index / n) + 1}c${(index % n) + 1} ${kind === "g" ? "given" : "solved"} ${value}`);
      } else if (candidates) {
        const marks = el("span", { class: "marks" });
        for (const ch of candidates) {
          const d = DIGITS.indexOf(ch);
          marks.append(el("span", { style: `grid-area:${Math.floor((d - 1) / side) + 1}/${((d - 1) % side) + 1}` }, ch));
        }
        cell.replaceChildren(marks);
        cell.setAttribute("aria-label", `r${Math.floor(index / n) + 1}c${(index % n) + 1} candidates ${candidates}`);
      } else {
        cell.replaceChildren();
        cell.setAttribute("aria-label", `r${Math.floor(index / n) + 1}c${(index % n) + 1} empty`);
      }
    });
  }

  return { grid, cells, update };
}
