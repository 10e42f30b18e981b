// The toolbar (Undo, Redo, Pencil, Auto, Fill, Clear, Reset; the hint's buttons; Check, Solve,
// Share) and the pad under the board (the digits with their counts still to place, or in Colour
// mode the colours). A button shows only when the Python call behind it is there (bridge.js's can).
import { state } from "./state.js";
import { can, invoke } from "./bridge.js";
import { button, el } from "./dom.js";
import { boardEl, embed, padEl, toolbarEl } from "./page.js";
import { COLOUR_NAMES } from "./render.js";
import { digitChar } from "./position.js";
import { openShareDialog } from "./share.js";
import { asOpened, clearMarks, enter, fillCandidates, paint, redo, reset, toggleAuto, undo } from "./edit.js";
import { deselect, highlightDigit, picking } from "./select.js";
import { check, solveClicked, SOLVER } from "./solver.js";
import { hints, refresh } from "./view.js";

export function buildToolbar() {
  const pencil = button("pencil", "Pencil", "Pencil-mark mode: digits toggle candidates (Space; Shift+digit for one mark)", togglePencil);
  pencil.setAttribute("aria-pressed", String(state.pencil));
  toolbarEl.replaceChildren(...[
    button("undo", "Undo", "Undo the last change (Ctrl+Z)", undo, "\u21b6"),
    button("redo", "Redo", "Redo (Ctrl+Y)", redo, "\u21b7"),
    pencil,
    can("play_view") && button("auto-candidates", "Auto", "Pencil in the candidates the rules allow, less every one eliminated, and keep them so as digits go in", toggleAuto),
    can("fill_candidates") && button("fill-candidates", "Fill candidates", "Pencil in the candidates the rules allow where a cell has no marks", fillCandidates, "Fill"),
    button("clear-marks", "Clear marks", "Remove every pencil mark (in Colour mode, every colour)", clearMarks, "Clear"),
    button("reset", "Reset", "Back to the position the link opened with, the clock at 0 (Undo takes it back)", reset),
    el("span", { class: "toolbar-break" }),  // phones: entering, then reasoning
    ...(can("hint_view") ? hints.buttons() : []),
    can(...SOLVER) && button("check", "Check", "Mark digits and pencil marks that disagree with the solution", check),
    can(...SOLVER) && button("solve", "Solve", "Fill in the solution", solveClicked),
    button("share", "Share", "Links to this position, embed code, pictures and printing", share),
  ].filter(Boolean));
  buildPad();
}

/** The toolbar's buttons as the state has them: Auto pressed or not, Undo, Redo and Reset
 * disabled when they have nothing to do. */
export function showToolbarState() {
  toolbarEl.querySelector("[data-action=auto-candidates]")?.setAttribute("aria-pressed", String(state.auto));
  for (const [action, stack] of [["undo", state.undo], ["redo", state.redo]]) {
    const b = toolbarEl.querySelector(`[data-action=${action}]`);
    if (b) b.disabled = stack.length === 0;
  }
  const resetButton = toolbarEl.querySelector("[data-action=reset]");
  if (resetButton) resetButton.disabled = asOpened();
}

/** The digit pad, or in Colour mode the colours (a swatch each, with its key's number), and the
 * key that switches between them (not in an embed, whose frame has room for the digits only). */
function buildPad() {
  const pad = [];
  if (state.colouring) {
    COLOUR_NAMES.forEach((name, i) => {
      const b = button("colour-key", "", `Colour the selected cells ${name} (${i + 1})`, () => padColour(String(i + 1)));
      b.dataset.colour = String(i + 1);
      b.setAttribute("aria-label", `${name[0].toUpperCase()}${name.slice(1)} (${i + 1})`);
      b.append(el("span", { class: "swatch", "aria-hidden": "true" }, String(i + 1)));
      pad.push(b);
    });
  } else {
    for (let d = 1; d <= state.view.size; d++) {
      const b = button("digit", digitChar(d), `Enter ${digitChar(d).toUpperCase()}`, () => padDigit(digitChar(d)));
      b.dataset.digit = digitChar(d);
      b.append(el("span", { class: "left", "aria-hidden": "true" }));
      pad.push(b);
    }
  }
  const what = state.colouring ? "Clear the colour" : "Clear the cell";
  const erase = button("erase", "\u232b", what, () => (state.colouring ? paint("0") : enter("")));
  erase.setAttribute("aria-label", what);
  pad.push(erase);
  if (!embed) {
    const mode = button("colour", "", "Colour mode (V): the pad's colours (or keys 1\u20139) colour the selected cells, Backspace clears; press again for digits", toggleColouring);
    mode.setAttribute("aria-label", "Colour mode");
    mode.setAttribute("aria-pressed", String(state.colouring));
    mode.append(el("span", { class: "palette", "aria-hidden": "true" }, ...["2", "4", "5", "7"].map((c) => el("span", { "data-colour": c }))));
    pad.push(mode);
  }
  padEl.replaceChildren(...pad);
  padEl.style.setProperty("--pad-columns", String(padColumns(pad.length)));
  showRemaining();
}

/** A phone's pad is rows of equal keys across the width (style.css): at most six a row, so
 * every key stays 44 px wide on a 320 px screen, and the rows as even as the count allows
 * (11 keys of a 9×9 grid: 6 and 5, not 7 and 4). */
const padColumns = (keys) => Math.ceil(keys / Math.ceil(keys / 6));

/** Each pad key counts the copies of its digit still to place (play_view's `remaining`), and a
 * digit placed everywhere fades, as in puzzle apps: it is still a key (a wrong copy may need
 * moving), so it stays enabled. */
export function showRemaining() {
  const remaining = state.play?.remaining;
  for (const [i, key] of padEl.querySelectorAll("[data-digit]").entries()) {   // 1, 2, … in order
    const left = remaining?.[i];
    const name = key.dataset.digit.toUpperCase();
    key.setAttribute("aria-pressed", String(state.selected < 0 && key.dataset.digit === state.highlight));
    key.querySelector(".left").textContent = left ? String(left) : "";
    key.classList.toggle("placed-all", left === 0);
    key.setAttribute("aria-label", left === undefined ? name
      : left ? `${name}, ${left} to place` : `${name}, all placed`);
  }
  for (const key of padEl.querySelectorAll("[data-action=colour-key]")) {
    key.setAttribute("aria-pressed", String(picking() && key.dataset.colour === state.brush));
  }
}

/** A pad key: a digit into the selected cells; with Digit first (settings), the digit to enter
 * with the taps that follow (the selection goes: the taps say where). */
function padDigit(ch) {
  if (!state.settings.digitFirst) {
    enter(ch);
    return;
  }
  if (state.selected >= 0) deselect();
  highlightDigit(ch);
}

/** A colour key: the selected cells take the colour; with Digit first, the colour the taps that
 * follow put on (the selection goes: the taps say where), and the same key again puts it down. */
export function padColour(colour) {
  if (!state.settings.digitFirst) {
    paint(colour);
    return;
  }
  if (state.selected >= 0) deselect();
  state.brush = colour === state.brush ? "" : colour;
  refresh();
}

export function togglePencil() {
  setModes(!state.pencil, false);
}

export function toggleColouring() {
  setModes(false, !state.colouring);
}

/** Pencil and Colour modes, one at most. */
function setModes(pencil, colouring) {
  state.pencil = pencil;
  toolbarEl.querySelector("[data-action=pencil]")?.setAttribute("aria-pressed", String(pencil));
  if (colouring !== state.colouring) {
    state.colouring = colouring;
    state.brush = "";
    if (state.view) buildPad();
  }
}

function share() {
  // web/share.js: the dialog with links, the embed snippet, export and print
  openShareDialog({ invoke, text: state.text, progress: state.progress, board: boardEl, label: state.label });
}
