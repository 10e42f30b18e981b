// The setter's mode (issue 45 §2): `?set=KIND&size=N` opens an empty grid of that kind; the setter
// drags (or Shift+clicks, or Shift+arrows and Enter) to draw cages and jigsaw regions, types cage
// totals and operators and the givens; Undo and Redo; the address keeps the draft and the device
// keeps it too (stored.js's draft record), so a reload loses nothing. After each change pycore's
// setter_check says, live, whether the draft has no solution (its first contradiction's cells
// marked), more than one (two side by side, where they differ, a given or a cage split that settles
// it, one click to apply) or exactly one (then setter_grade: explain's grade and hardest step).
// Done opens the finished puzzle as a normal link with the Share dialog over it.
// The checks run in a Python of their own (generate-worker.mjs, as New puzzle's search does): a
// count of solutions or explain's grade can take seconds, and typing and drawing must never wait
// for one. A check answered for a draft changed since is dropped, and the newest draft is checked.
// No puzzle logic here: the draft's address, every check and the finished string come from Python.
import { invoke } from "./bridge.js";
import { button, el, svgEl } from "./dom.js";
import { boardEl, padEl, pageUrl, toolbarEl } from "./page.js";
import { setStatus } from "./status.js";
import { SCHEMA, dropped, readDraft, readItem, removeItem, writeItem } from "./stored.js";
import { cellAt, clueOf, drawDraft, solutionSvg } from "./setter-draw.js";
import { ask, startChecker, stopChecker } from "./setter-check.js";

const DRAFT_PREFIX = "puzzle-viewer:draft:";
const CHECK_DELAY_MS = 350;   // typing a total's digits makes one check, not one a digit
const HISTORY_CAP = 200;
const OPERATOR_KEYS = { "+": "+", "-": "-", x: "x", X: "x", "*": "x", "/": "/" };
const MODE_NAMES = { cage: "Cages", region: "Regions", given: "Givens" };

let setter = null;   // the open setter: {draft, name, mode, cursor, selection, …}; null when closed

const caged = (draft) => ["killer", "killer-jigsaw", "kenken", "kendoku"].includes(draft.kind);
const arithmetic = (draft) => draft.kind === "kenken" || draft.kind === "kendoku";
const copy = (draft) => JSON.parse(JSON.stringify(draft));
const cellName = (cell, n) => `${n <= 9 ? "ABCDEFGHI"[Math.floor(cell / n)] : `R${Math.floor(cell / n) + 1}C`}${(cell % n) + 1}`;

/** Opens the setter for the address's draft; `done(query)` opens a finished puzzle's query as a
 * normal link (app.js's open) and `share()` then opens the Share dialog for it. */
export function openSetter({ done, share }) {
  const opened = invoke("setter_open", location.search);
  if (opened.error) {
    setStatus("error", opened.error);
    return;
  }
  let { draft } = opened;
  const key = `${DRAFT_PREFIX}${draft.kind}-${draft.size}`;
  let restored = "";
  if (!/[?&](g|r|c)=/.test(location.search)) {   // a bare set=…: the draft kept on this device, if any
    const kept = readItem("local", key);
    const read = kept === undefined ? null : readDraft(kept);
    if (read?.problem) dropped("local", key, read.problem);
    const again = read?.query ? invoke("setter_open", read.query) : null;
    if (again && !again.error && JSON.stringify(again.draft) !== JSON.stringify(draft)) {
      draft = again.draft;
      restored = `Your draft kept on this device (${new Date(read.saved).toLocaleString()}) is back; Start afresh clears it.`;
    }
  }
  setter = {
    draft, key, name: opened.name, boxShape: opened.box_shape, extra: opened.extra_units, done, share,
    mode: caged(draft) ? "cage" : draft.regions ? "region" : "given", brush: 1,
    cursor: 0, selection: new Set(), drag: null, undo: [], redo: [], report: null, grade: null, timer: 0,
  };
  startChecker();
  addEventListener("keydown", keyDown);
  document.body.classList.add("setting");
  document.title = `Set your own: ${opened.name}`;
  build();
  changed();
  if (restored) setter.note = restored;
}

/** Closes the setter (another puzzle or the start page takes the page). */
export function closeSetter() {
  if (!setter) return;
  removeEventListener("keydown", keyDown);
  clearTimeout(setter.timer);
  setter.panel?.remove();
  setter = null;
  stopChecker();
  document.body.classList.remove("setting");
}

// ---- the page's parts ---------------------------------------------------------------------------

function build() {
  const s = setter;
  s.svg = svgEl("svg", { class: "setter-grid", "data-testid": "setter-grid", tabindex: "0", role: "application",
                         "aria-label": `${s.name}: set your own. Arrows move, Shift+arrows select, Enter draws, digits type` });
  s.svg.addEventListener("pointerdown", pointerDown);
  s.svg.addEventListener("pointermove", pointerMove);
  s.svg.addEventListener("pointerup", pointerUp);
  s.svg.addEventListener("pointercancel", () => { s.drag = null; });
  boardEl.replaceChildren(el("div", { class: "setter-wrap" }, s.svg));
  const modes = Object.keys(MODE_NAMES).filter((m) => (m === "cage" ? caged(s.draft) : m === "region" ? s.draft.regions : true));
  s.modeButtons = modes.map((mode) => {
    const b = button(`mode-${mode}`, MODE_NAMES[mode], `Draw ${MODE_NAMES[mode].toLowerCase()} (key ${mode[0].toUpperCase()})`, () => setMode(mode));
    b.setAttribute("aria-pressed", "false");
    return b;
  });
  s.undoButton = button("undo", "Undo", "Undo (Ctrl+Z)", () => history(-1));
  s.redoButton = button("redo", "Redo", "Redo (Ctrl+Y)", () => history(1));
  toolbarEl.replaceChildren(...s.modeButtons, s.undoButton, s.redoButton,
    button("clear", "Start afresh", "An empty grid of this kind (Undo brings the draft back)", () => edit((d) => {
      d.givens.fill(0);
      if (d.regions) d.regions.fill(0);
      d.cages = [];
    })),
    button("done", "Done", "Share the finished puzzle: link, SudokuWiki link, embed, picture", finish));
  s.panel = el("section", { class: "setter-panel", "data-testid": "setter-panel", "aria-live": "polite" });
  padEl.after(s.panel);   // the pad stays right under the grid; the status line says the outcome
  buildPad();
  setMode(s.mode);
  s.svg.focus({ preventScroll: true });
}

/** The pad under the grid (a phone has no keyboard): digits, the operators, the drawing keys. */
function buildPad() {
  const s = setter;
  const n = s.draft.size;
  const keys = [];
  for (let d = 1; d <= Math.min(n, 9); d++) keys.push([String(d), String(d)]);
  keys.push(["0", "0"]);
  if (arithmetic(s.draft)) for (const [key, label] of [["+", "+"], ["-", "\u2212"], ["x", "\u00d7"], ["/", "\u00f7"]]) keys.push([key, label]);
  keys.push(["Enter", "Draw"], ["Backspace", "\u232b"], ["Delete", "Remove"]);
  padEl.replaceChildren(...keys.map(([key, label]) => {
    const b = el("button", { type: "button", class: "pad-key", "data-key": key, "aria-label": key === "Enter" ? "Draw the selection" : key === "Delete" ? "Remove" : label }, label);
    b.addEventListener("click", () => act(key, {}));
    return b;
  }));
}

function setMode(mode) {
  setter.mode = mode;
  for (const b of setter.modeButtons) b.setAttribute("aria-pressed", String(b.dataset.action === `mode-${mode}`));
  render();
}

// ---- editing ------------------------------------------------------------------------------------

/** One undoable change of the draft: `change(draft)` edits a copy in place. */
function edit(change) {
  const s = setter;
  const before = JSON.stringify(s.draft);
  const draft = copy(s.draft);
  change(draft);
  if (JSON.stringify(draft) === before) return;
  s.undo.push(before);
  if (s.undo.length > HISTORY_CAP) s.undo.shift();
  s.redo = [];
  s.draft = draft;
  changed();
}

function history(step) {
  const s = setter;
  const [from, to] = step < 0 ? [s.undo, s.redo] : [s.redo, s.undo];
  if (!from.length) return;
  to.push(JSON.stringify(s.draft));
  s.draft = JSON.parse(from.pop());
  changed();
}

/** The draft changed: the address and the device keep it, the grid is drawn, a check is due. */
function changed() {
  const s = setter;
  const answer = invoke("setter_query", s.draft);
  if (!answer.error) {
    window.history.replaceState(null, "", pageUrl(answer.query));
    writeItem("local", s.key, { v: SCHEMA, query: answer.query, saved: Date.now() });
  }
  s.report = null;
  s.grade = null;
  render();
  showChecking();
  clearTimeout(s.timer);
  s.timer = setTimeout(runCheck, CHECK_DELAY_MS);
}

const cageIndexOf = (cell) => setter.draft.cages.findIndex((cage) => cage.cells.includes(cell));

/** The selection made one cage (its cells leave the cages they were in); the cursor goes to it. */
function drawCage(cells) {
  if (!cells.length) return;
  edit((d) => {
    const taken = new Set(cells);
    d.cages = d.cages.map((cage) => ({ ...cage, cells: cage.cells.filter((c) => !taken.has(c)) }))
      .filter((cage) => cage.cells.length);
    d.cages.push({ cells: [...taken].sort((a, b) => a - b), total: 0, op: "" });
  });
  setter.cursor = Math.min(...cells);
  setter.selection = new Set();
  render();
}

function paintRegion(cells, region) {
  edit((d) => { for (const cell of cells) d.regions[cell] = region; });
}

/** A key (typed, or the pad's) in the current mode. */
function act(key, { shift = false } = {}) {
  const s = setter;
  const n = s.draft.size;
  const digit = /^[0-9]$/.test(key) ? Number(key) : -1;
  const target = s.selection.size ? [...s.selection] : [s.cursor];
  const cage = cageIndexOf(s.cursor);
  if (key === "Enter" || (key === " " && s.mode !== "given")) {
    if (s.mode === "cage") drawCage(target);
    else if (s.mode === "region") paintRegion(target, s.brush);
    return true;
  }
  if (s.mode === "cage") {
    if (digit >= 0 && cage >= 0) edit((d) => { d.cages[cage].total = Math.min(9999, d.cages[cage].total * 10 + digit); });
    else if (OPERATOR_KEYS[key] && cage >= 0 && arithmetic(s.draft)) edit((d) => { d.cages[cage].op = OPERATOR_KEYS[key]; });
    else if (key === "Backspace" && cage >= 0) edit((d) => { d.cages[cage].total = Math.floor(d.cages[cage].total / 10); });
    else if (key === "Delete" && cage >= 0) edit((d) => { d.cages.splice(cage, 1); });
    else return false;
    return true;
  }
  if (s.mode === "region") {
    if (digit >= 1 && digit <= n) {
      s.brush = digit;
      if (shift) paintRegion(target, digit);
      render();
    } else if (key === "Backspace" || key === "Delete" || digit === 0) paintRegion(target, 0);
    else return false;
    return true;
  }
  if (digit >= 0 && digit <= n) edit((d) => { for (const cell of target) d.givens[cell] = digit; });
  else if (key === "Backspace" || key === "Delete") edit((d) => { for (const cell of target) d.givens[cell] = 0; });
  else return false;
  return true;
}

/** Keys typed into a field or a dialog are theirs; Enter and Space on a button press it. */
const keyBelongsElsewhere = (event) => event.target.closest?.("input, textarea, select, [contenteditable], dialog") != null
  || ((event.key === "Enter" || event.key === " ") && event.target.closest?.("button, a, summary") != null);

function keyDown(event) {
  const s = setter;
  if (!s || event.altKey || event.metaKey || keyBelongsElsewhere(event)) return;
  const n = s.draft.size;
  const key = event.key;
  if (event.ctrlKey) {
    if (key === "z" || key === "Z") history(event.shiftKey ? 1 : -1);
    else if (key === "y") history(1);
    else return;
    event.preventDefault();
    return;
  }
  const moves = { ArrowUp: -n, ArrowDown: n, ArrowLeft: -1, ArrowRight: 1 };
  if (key in moves) {
    const to = s.cursor + moves[key];
    const sameRow = Math.abs(moves[key]) !== 1 || Math.floor(to / n) === Math.floor(s.cursor / n);
    if (to >= 0 && to < n * n && sameRow) {
      if (event.shiftKey) {
        if (!s.selection.size) s.selection.add(s.cursor);
        s.selection.add(to);
      } else s.selection = new Set();
      s.cursor = to;
      render();
    }
    event.preventDefault();
    return;
  }
  const mode = { c: "cage", g: "given", r: "region" }[key.toLowerCase()];
  if (mode && s.modeButtons.some((b) => b.dataset.action === `mode-${mode}`)) {
    setMode(mode);
    event.preventDefault();
    return;
  }
  if (key === "Escape" && s.selection.size) {
    s.selection = new Set();
    render();
    event.preventDefault();
    return;
  }
  // Shift+digit in Regions paints (event.code: Shift+5 types "%")
  const codeDigit = /^(?:Digit|Numpad)([0-9])$/.exec(event.code)?.[1];
  const typed = event.shiftKey && codeDigit && s.mode === "region" ? codeDigit : key;
  if (act(typed, { shift: event.shiftKey })) event.preventDefault();
}

// ---- the pointer: a drag draws ------------------------------------------------------------------

function pointerDown(event) {
  const s = setter;
  const cell = cellAt(s.svg, s.draft.size, event.clientX, event.clientY);
  if (cell < 0) return;
  s.svg.focus({ preventScroll: true });
  if (event.shiftKey || event.ctrlKey) {   // add to the selection, then Enter (or Draw) draws it
    if (!s.selection.size) s.selection.add(s.cursor);
    s.selection.add(cell);
    s.cursor = cell;
    render();
    return;
  }
  s.svg.setPointerCapture?.(event.pointerId);
  s.drag = { cells: [cell], last: [event.clientX, event.clientY], before: s.selection };
  s.cursor = cell;
  s.selection = new Set([cell]);
  render();
}

function pointerMove(event) {
  const s = setter;
  if (!s?.drag) return;
  // every cell on the way from the last point (a quick drag skips cells between events)
  const [x0, y0] = s.drag.last;
  const steps = Math.max(1, Math.ceil(Math.hypot(event.clientX - x0, event.clientY - y0) / 6));
  for (let i = 1; i <= steps; i++) {
    const cell = cellAt(s.svg, s.draft.size, x0 + ((event.clientX - x0) * i) / steps, y0 + ((event.clientY - y0) * i) / steps);
    if (cell >= 0 && !s.drag.cells.includes(cell)) s.drag.cells.push(cell);
  }
  s.drag.last = [event.clientX, event.clientY];
  s.selection = new Set(s.drag.cells);
  render();
}

function pointerUp() {
  const s = setter;
  const drag = s?.drag;
  if (!drag) return;
  s.drag = null;
  const [first] = drag.cells;
  if (s.mode === "cage" && drag.cells.length > 1) drawCage(drag.cells);
  else if (s.mode === "region") {
    paintRegion(drag.cells, s.brush);
    s.selection = new Set();
  } else if (s.mode === "cage") {
    // a tap on a cell in no cage adds it to the cells to draw (again: takes it out), as a phone
    // has no Shift: Draw (Enter) then makes them a cage; a tap on a caged cell picks that cage
    const chosen = new Set(drag.before);
    if (cageIndexOf(first) >= 0) chosen.clear();
    else if (chosen.has(first) && chosen.size > 1) chosen.delete(first);
    else chosen.add(first);
    s.selection = chosen;
    s.cursor = first;
  }
  render();
}

// ---- drawing and the checks ---------------------------------------------------------------------

function render() {
  const s = setter;
  if (!s) return;
  const report = s.report;
  drawDraft(s.svg, s.draft, {
    selection: s.selection, cursor: s.cursor, boxShape: s.boxShape, extra: s.extra,
    bad: new Set(report?.status === "none" ? report.cells : []),
    differ: new Set(report?.status === "multiple" ? report.differ : []),
    activeCage: s.mode === "cage" ? cageIndexOf(s.cursor) : -1,
  });
  s.undoButton.disabled = !s.undo.length;
  s.redoButton.disabled = !s.redo.length;
  for (const b of padEl.querySelectorAll("[data-key]")) {
    b.classList.toggle("brush", s.mode === "region" && b.dataset.key === String(s.brush));
  }
  const cage = cageIndexOf(s.cursor);
  const where = cellName(s.cursor, s.draft.size);
  s.svg.setAttribute("aria-description", cage >= 0
    ? `${where}, in the cage ${clueOf(s.draft.cages[cage], arithmetic(s.draft))}`
    : `${where}${s.draft.givens[s.cursor] ? `, given ${s.draft.givens[s.cursor]}` : ""}`);
}

function showChecking() {
  setStatus("ready", `${setter.name}: set your own (${MODE_NAMES[setter.mode]})`);
  setter.panel.dataset.state = "checking";
  const status = setter.panel.querySelector("[data-testid=setter-status]");
  if (status) status.dataset.state = "checking";
}

/** The check of the draft as it is now; one at a time: a change while one runs asks again once it
 * is answered (the answer for the older draft is dropped). */
function runCheck() {
  const s = setter;
  if (!s) return;
  if (s.checking) {
    s.checkDue = true;
    return;
  }
  const draft = s.draft;
  s.checking = true;
  s.checkDue = false;
  ask("setter_check", [draft]).then((report) => {
    s.checking = false;
    if (setter !== s) return;
    if (s.draft !== draft) {   // changed meanwhile: its own check is due, or its timer is running
      if (s.checkDue) runCheck();
      return;
    }
    s.report = report;
    render();
    showReport();
    if (report.status === "unique" && report.complete) runGrade(s, draft, report);
  });
}

/** Explain's grade of a unique draft (a second or more): the status shows first, the grade after. */
function runGrade(s, draft, report) {
  ask("setter_grade", [draft, report.solution]).then((grade) => {
    if (setter !== s || s.draft !== draft || s.report !== report) return;
    s.grade = grade;
    showReport();
  });
}

function showReport() {
  const s = setter;
  const report = s.report;
  const parts = [];
  const state = report.error ? "error" : report.status;
  parts.push(el("p", { class: "setter-status", "data-testid": "setter-status", "data-state": state }, report.error ?? report.text));
  if (s.note) {
    parts.push(el("p", { class: "setter-note" }, s.note));
    s.note = "";
  }
  if (report.left?.length && report.status !== "open") {
    parts.push(el("p", { class: "setter-left", "data-testid": "setter-left" }, `Still to draw: ${report.left.join("; ")}.`));
  }
  if (report.status === "multiple") parts.push(twoSolutions(report));
  if (report.status === "unique" && report.complete) {
    const g = s.grade;
    parts.push(el("p", { class: "setter-grade", "data-testid": "setter-grade" }, g ? (g.error ?? g.text) : "Grading by logic\u2026"));
    if (g?.step) parts.push(el("p", { class: "setter-step", "data-testid": "setter-step" }, `That step: ${g.step}`));
  }
  s.panel.dataset.state = state;
  s.panel.replaceChildren(...parts);
  setStatus(report.error ? "error" : "ready", report.error ?? report.text, `${s.name}: set your own`);
}

/** Two solutions side by side, where they differ marked, and what would settle it. */
function twoSolutions(report) {
  const n = setter.draft.size;
  const differ = new Set(report.differ);
  const grids = el("div", { class: "setter-solutions", "data-testid": "setter-solutions" },
    ...report.solutions.map((digits, i) => el("figure", {}, solutionSvg(n, digits, differ, `Solution ${i + 1}`),
      el("figcaption", {}, `Solution ${i + 1}`))));
  const offers = report.suggestions.map((suggestion) => {
    const apply = button("apply-suggestion", "Apply", suggestion.text, () => applySuggestion(suggestion));
    return el("li", { "data-testid": "setter-suggestion" }, `${suggestion.text} `, apply);
  });
  return el("div", {}, grids, offers.length ? el("ul", { class: "setter-suggestions" }, ...offers) : "");
}

function applySuggestion(suggestion) {
  edit((d) => {
    if (suggestion.kind === "given") d.givens[suggestion.cells[0]] = suggestion.digit;
    else {
      const key = JSON.stringify(suggestion.cells);
      d.cages = d.cages.filter((cage) => JSON.stringify(cage.cells) !== key).concat(suggestion.cages);
    }
  });
}

/** Done: the finished puzzle opens as a link of its own, the Share dialog over it. */
function finish() {
  const s = setter;
  clearTimeout(s.timer);
  const answer = invoke("setter_finish", s.draft);
  if (answer.error) {
    s.report = { ...(s.report ?? invoke("setter_check", s.draft)) };
    showReport();
    s.panel.prepend(el("p", { class: "setter-error", "data-testid": "setter-error", role: "alert" }, `Not done yet: ${answer.error}`));
    return;
  }
  s.report ??= invoke("setter_check", s.draft);
  if (s.report.status !== "unique" && !confirm("This puzzle does not have exactly one solution yet. Share it anyway?")) return;
  const { done, share, key } = s;
  removeItem("local", key);   // finished: it lives on as a link (and as a game once played)
  done(answer.query);
  share();
}
