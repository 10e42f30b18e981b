// The reader's input on the board: mouse, touch and keys. The gesture's flags are this module's
// own. What a gesture does goes through select.js (the selection), edit.js (the changes) and
// toolbar.js (the modes).
import { state } from "./state.js";
import { boardEl, embed, toolbarEl } from "./page.js";
import { DIGITS, digitChar } from "./position.js";
import { enter, paint, placeAt, redo, startStroke, strokeOver, undo } from "./edit.js";
import { deselect, highlightDigit, picking, select, selectSameDigit } from "./select.js";
import { padColour, toggleColouring, togglePencil } from "./toolbar.js";

// The grid is one tab stop (roving tabindex): the selected cell, or A1 before any selection.
// Focusing a cell selects it, so Tab lands on a selected cell and the keys below act on it.
// Ctrl (Cmd) or Shift with a click adds a cell to the selection (again, takes it out); a mouse
// drag over the grid selects the cells it passes. Touch: a long press starts a new selection of
// several cells (the one cell a tap selected is not kept in it) or, once one is begun, adds a cell
// to it, as a phone has no Ctrl; the finger then slid on adds the cells it passes (the page does
// not scroll under it); a finger that moves first is scrolling, a plain tap selects one cell,
// and a double tap (a double click) on a digit every cell holding it. With Digit first and a
// digit picked, the same gestures enter the digit instead (startStroke).
const LONG_PRESS_MS = 450;
let dragging = false;      // a mouse button held down since a press on a cell
let longPress = null;      // {timer, x, y} while a finger rests on a cell
let sliding = false;       // a long press happened and that finger is still down
let pressed = false;       // that press selected already: its click has nothing left to do
let stroke = null;         // Digit first: the press entering the picked digit (startStroke)
let pointerKind = "mouse"; // of the last press on the board
let lastTap = null;        // {index, time} of the last plain tap on a cell, for a double tap
let gathered = -1;         // the cell a long press selected: further long presses add to it
const DOUBLE_TAP_MS = 400;
boardEl.addEventListener("pointerdown", (event) => {
  pressed = false;   // a press released off the board never clicked: its flag must not linger
  pointerKind = event.pointerType;
  const cell = event.target.closest(".cell");
  if (!cell || !state.view) return;
  const index = Number(cell.dataset.index);
  if (event.pointerType !== "mouse") {
    clearTimeout(longPress?.timer);
    longPress = {
      x: event.clientX, y: event.clientY,
      timer: setTimeout(() => {
        longPress = null;
        const before = state.progress;
        if (placeAt(index)) stroke = startStroke(index, before);
        else longPressed(index);
        pressed = sliding = true;
      }, LONG_PRESS_MS),
    };
    return;
  }
  if (event.button !== 0) return;
  const before = state.progress;
  if (placeAt(index)) {
    stroke = startStroke(index, before);
    pressed = true;
    event.preventDefault();   // no focus, so no selection by focusin either
    return;
  }
  if (event.ctrlKey || event.metaKey || event.shiftKey) select(index, { toggle: event.ctrlKey || event.metaKey, extend: event.shiftKey });
  else select(index);
  dragging = pressed = true;
  cell.focus({ preventScroll: true });
  event.preventDefault();   // no text selection while dragging
});
/** A long press on cell `index`: it joins (or leaves) a selection of several begun by a long
 * press; else it starts one. */
function longPressed(index) {
  const gathering = state.also.size > 0 || (state.selected >= 0 && state.selected === gathered);
  if (gathering) select(index, { toggle: true });
  else select(index);
  gathered = state.selected;
}
/** A cell a mouse drag or a finger's slide passes joins the selection; false if it was in it. */
function passOver(cell) {
  const index = Number(cell.dataset.index);
  if (index === state.selected || state.also.has(index)) return false;
  select(index, { extend: true });
  return true;
}
boardEl.addEventListener("pointerover", (event) => {
  const cell = event.target.closest(".cell");
  if (stroke && cell && state.view && event.pointerType === "mouse") strokeOver(stroke, Number(cell.dataset.index));
  if (dragging && cell && state.view && passOver(cell)) cell.focus({ preventScroll: true });
});
boardEl.addEventListener("pointermove", (event) => {
  if (longPress && Math.hypot(event.clientX - longPress.x, event.clientY - longPress.y) > 10) endPress();
  if (!sliding) return;
  // A touch pointer stays with the element it went down on: look under the finger instead.
  const cell = document.elementFromPoint(event.clientX, event.clientY)?.closest(".cell");
  if (cell && boardEl.contains(cell)) stroke ? strokeOver(stroke, Number(cell.dataset.index)) : passOver(cell);
});
// Once a long press has selected, the finger's slide selects rather than scrolls.
boardEl.addEventListener("touchmove", (event) => { if (sliding) event.preventDefault(); }, { passive: false });
function endPress() {
  dragging = sliding = false;
  stroke = null;
  clearTimeout(longPress?.timer);
  longPress = null;
}
addEventListener("pointerup", endPress);
addEventListener("pointercancel", endPress);
boardEl.addEventListener("contextmenu", (event) => {
  if (event.target.closest(".cell")) event.preventDefault();   // a long press is ours, not a menu
});

boardEl.addEventListener("click", (event) => {
  const cell = event.target.closest(".cell");
  if (pressed) {
    pressed = false;
    return;
  }
  if (!cell || !state.view || placeAt(Number(cell.dataset.index))) return;
  const index = Number(cell.dataset.index);
  // A touch screen's own double tap zooms (iOS) or is not reported as a dblclick: count taps.
  const touch = pointerKind !== "mouse";
  if (touch && lastTap?.index === index && event.timeStamp - lastTap.time < DOUBLE_TAP_MS) {
    lastTap = null;
    selectSameDigit(index);
    return;
  }
  lastTap = touch ? { index, time: event.timeStamp } : null;
  gathered = -1;
  select(index);
  cell.focus({ preventScroll: true });
});

// A double click (a double tap) on a digit selects every cell holding it.
boardEl.addEventListener("dblclick", (event) => {
  const cell = event.target.closest(".cell");
  if (cell && state.view) selectSameDigit(Number(cell.dataset.index));
});

boardEl.addEventListener("focusin", (event) => {
  const cell = event.target.closest(".cell");
  // (a tap that enters a picked digit focuses the cell before its click: that is not a selection)
  if (cell && state.view && Number(cell.dataset.index) !== state.selected && !dragging && !picking()) select(Number(cell.dataset.index));
});

/** Keys typed into a field, a dialog or on a link or button are theirs, not the grid's. */
const keyBelongsElsewhere = (target) =>
  target.closest?.("input, textarea, select, [contenteditable], dialog, .hint-panel, .share-dialog") != null;

addEventListener("keydown", (event) => {
  if (!state.view || state.paused || keyBelongsElsewhere(event.target) || event.altKey || event.metaKey) return;
  const key = event.key;
  const n = state.view.size;
  // Shift or Ctrl with a digit key: a pencil mark (event.code, as Shift+5 types "%")
  const codeDigit = /^(?:Digit|Numpad)([1-9])$/.exec(event.code)?.[1];
  if (event.ctrlKey) {
    if (key === "z" || key === "Z") (event.shiftKey ? redo : undo)();
    else if (key === "y") redo();
    else if (codeDigit && Number(codeDigit) <= n && state.selected >= 0) enter(codeDigit, true);
    else return;
    event.preventDefault();
    return;
  }
  const moves = { ArrowUp: -n, ArrowDown: n, ArrowLeft: -1, ArrowRight: 1 };
  if (key in moves) {
    const from = state.selected < 0 ? 0 : state.selected;
    const to = from + moves[key];
    const sameRow = Math.abs(moves[key]) !== 1 || Math.floor(to / n) === Math.floor(from / n);
    if (to >= 0 && to < n * n && sameRow) {
      select(to, { extend: event.shiftKey });
      if (document.activeElement?.closest?.(".cell")) state.board.cells[to].focus();
    }
    event.preventDefault();
    return;
  }
  const onControl = event.target.closest?.("button, a, summary");
  const pKey = (key === "p" || key === "P") && n < 25;  // p is the digit 25 in a 25×25 grid
  if ((key === " " && !onControl) || pKey) {
    togglePencil();
    event.preventDefault();
    return;
  }
  if ((key === "v" || key === "V") && !embed) {   // as in SudokuPad; no grid has v as a digit
    toggleColouring();
    event.preventDefault();
    return;
  }
  // H as the Hint button (pressed again, it says more); h is a digit in a 25×25 grid only
  const hint = (key === "h" || key === "H") && n < 25 && toolbarEl.querySelector("[data-action=hint]");
  if (hint) {
    hint.click();
    event.preventDefault();
    return;
  }
  const d = DIGITS.indexOf(key.toLowerCase());
  if (state.selected < 0) {   // no cell: a digit key shows where the digit is, Escape stops that
    if (state.colouring && state.settings.digitFirst && /^[1-9]$/.test(key)) padColour(key);
    else if (key.length === 1 && d >= 1 && d <= n) highlightDigit(digitChar(d));
    else if (key === "Escape" && (state.highlight || state.brush)) {
      state.brush = "";
      highlightDigit("");
    }
    else return;
    event.preventDefault();
    return;
  }
  if (key === "Escape") {
    if (state.also.size) select(state.selected);   // back to one cell
    else deselect();                               // then to none (a digit key then shows where it is)
    event.preventDefault();
    return;
  }
  if (event.shiftKey && codeDigit && Number(codeDigit) <= n) enter(codeDigit, true);
  else if (state.colouring && /^[0-9]$/.test(key)) paint(key);
  else if (state.colouring && (key === "Backspace" || key === "Delete" || key === ".")) paint("0");
  else if (key.length === 1 && d >= 1 && d <= n) enter(digitChar(d), (event.shiftKey && key !== key.toLowerCase()) || state.pencil);
  else if (key === "Backspace" || key === "Delete" || key === "0" || key === ".") enter("");
  else return;
  event.preventDefault();
});
