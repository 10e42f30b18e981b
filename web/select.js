// The selection: one cell, or several (the selected one and those selected with it), and with no
// cell selected the digit shown everywhere (a digit's key pressed, for scanning) or, with Digit
// first, the digit or colour the taps that follow put in.
import { state } from "./state.js";
import { sameDigitCells } from "./position.js";
import { refresh } from "./view.js";

/** The selected cell, then the others selected with it, in grid order. */
export const selection = () => (state.selected < 0 ? [] : [state.selected, ...[...state.also].sort((a, b) => a - b)]);

/** Digit first with a digit picked (in Colour mode, a colour): taps put it in cells. */
export const picking = () => state.settings.digitFirst && state.selected < 0 && Boolean(state.colouring ? state.brush : state.highlight);

/** Selects one cell; with `extend`, the cell joins the selection (the one selected before stays
 * in it), and with `toggle` a cell already in it leaves it. */
export function select(index, { extend = false, toggle = false } = {}) {
  state.highlight = state.brush = "";
  if (!extend && !toggle) {
    state.also.clear();
  } else if (toggle && (index === state.selected || state.also.has(index)) && state.also.size) {
    state.also.delete(index);
    if (index === state.selected) {   // the selected cell leaves: the last one added takes over
      const rest = [...state.also];
      state.selected = rest[rest.length - 1];
      state.also.delete(state.selected);
    }
    refresh();
    return;
  } else if (state.selected >= 0 && state.selected !== index) {
    state.also.add(state.selected);
  }
  state.also.delete(index);
  state.selected = index;
  refresh();
}

export function deselect() {
  state.selected = -1;
  state.also.clear();
  refresh();
}

/** A double click (a double tap) on a digit selects every cell holding it, to colour them or to
 * mark them all. */
export function selectSameDigit(index) {
  const cells = sameDigitCells(state.progress, index);
  if (picking() || !cells.length) return;
  select(index);
  for (const i of cells.slice(1)) state.also.add(i);
  refresh();
}

/** With no cell selected, a digit's key shows where that digit is (placed, and among the marks),
 * as puzzle apps do for scanning; the same key again, Escape or selecting a cell ends it. */
export function highlightDigit(ch) {
  state.highlight = ch === "" || ch === state.highlight ? "" : ch;
  refresh();
}
