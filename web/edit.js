// The reader's changes to the position and the colours, each one undoable change: digits and
// pencil marks typed into the selected cells, colours painted, Digit first's strokes, Fill
// candidates, Auto, Clear marks, Reset (the clock with it); and Undo and Redo themselves. What a change does to the notes
// is position.js's (pure); this module applies it to the state and has view.js redraw.
import { state } from "./state.js";
import { can, invoke } from "./bridge.js";
import { isColoured, noColours, sameColours, withColour } from "./colours.js";
import {
  DIGITS, pushCapped, samePosition, strokeHolds, withEntry, withMarkToggled, withNote, withStroke, withoutMarks,
} from "./position.js";
import { highlightDigit, picking, selection } from "./select.js";
import { changed, clock, refresh } from "./view.js";
import { shareEl } from "./page.js";

// ---- undo and redo -----------------------------------------------------------------------------

/** What Undo and Redo go back and forth between: the position and the cell colours; and, where
 * the change between two entries set them too, the clock's time (Reset starts it over) and
 * whether Auto is on (`clock` and `auto` in the entry, to be put back). */
export const here = () => ({ progress: state.progress, colours: state.colours });

function goTo({ progress, colours, clock: seconds, auto }) {
  state.progress = progress;
  state.colours = colours;
  if (seconds !== undefined) clock.set(seconds);
  if (auto !== undefined) state.auto = auto;
}

/** Where Undo or Redo leaves from, to come back to with the other: with the clock's time and
 * Auto's state when `entry`, the one they go to, has them. */
const leaving = (entry) => ({
  ...here(),
  ...(entry.clock !== undefined && { clock: clock.seconds() }),
  ...(entry.auto !== undefined && { auto: state.auto }),
});

let solverFilled = null;   // the position Solve filled in: while it is on the board, the solver solved it

/** Whether the grid on the board was filled in by Solve, not by the reader (the saved game says
 * so, and the start page lists it as solved by the solver). */
export const solvedBySolver = () => solverFilled !== null && samePosition(state.progress, solverFilled);

/** One undoable change: the position (and the colours) become these; `before` holds what else
 * the change sets that Undo puts back ({clock: seconds before}, {auto: on before}). */
export function commit(progress, colours = state.colours, before = {}) {
  if (state.fillingSolution) solverFilled = progress;
  state.undo = pushCapped(state.undo, { ...here(), ...before });
  state.redo = [];
  goTo({ progress, colours });
  shareEl.replaceChildren();
  changed();
}

/** Changes the position or the colours as part of the last undoable change (a Digit first
 * stroke's later cells). */
function amend(progress, colours = state.colours) {
  goTo({ progress, colours });
  changed();
}

export function undo() {
  if (!state.undo.length) return;
  const entry = state.undo.pop();
  state.redo = pushCapped(state.redo, leaving(entry));
  goTo(entry);
  changed();
}

export function redo() {
  if (!state.redo.length) return;
  const entry = state.redo.pop();
  state.undo = pushCapped(state.undo, leaving(entry));
  goTo(entry);
  changed();
}

/** Whether the board is as the link opened it: the same position, nothing coloured. */
export const asOpened = () => samePosition(state.progress, state.opened) && !isColoured(state.colours);

/** Reset: back to the position the link opened with, the clock at 0 (starting over) and Auto
 * off, as one undoable change: Undo puts back the position, the colours, the time and Auto. */
export function reset() {
  if (asOpened()) return;
  const before = { clock: clock.seconds(), auto: state.auto };
  state.auto = false;
  commit(state.opened.slice(), noColours(state.view.size), before);
  clock.set(0);
}

// ---- digits and marks --------------------------------------------------------------------------

/** Digit `ch` placed in cell `i` of `progress`, and with tidy marks (settings) taken out of its
 * peers' marks (pycore's place_digit). */
function placeDigit(progress, i, ch) {
  const placed = state.settings.tidyMarks && can("place_digit") ? invoke("place_digit", state.text, progress, i, DIGITS.indexOf(ch)) : {};
  return placed.progress ?? withNote(progress, i, "s" + ch);
}

/** Types `ch` (a digit character, or "" to clear) into `cells` (the selected ones unless given):
 * a digit (removed from its peers' pencil marks in the same change), or with `pencil` a pencil
 * mark toggled. Several cells change together, as one undoable change: a mark goes into all of
 * them unless all have it already, when it leaves all of them. With no cell, the digit is shown
 * everywhere instead (highlightDigit). */
export function enter(ch, pencil = state.pencil, cells = selection()) {
  if (!state.view) return;
  if (!cells.length) {
    highlightDigit(ch);
    return;
  }
  const open = cells.filter((i) => state.progress[i][0] !== "g");
  if (!open.length) return;
  if (pencil && ch !== "") {
    toggleMarks(open, ch);
    return;
  }
  const progress = withAuto(withEntry(state.progress, open, ch, placeDigit));
  if (samePosition(progress, state.progress)) return;
  const before = new Set((state.play?.finished ?? []).map(String));
  commit(progress);
  // houses and cages this entry finished glow a moment (the whole grid solved is celebrated instead)
  const now = (state.play?.finished ?? []).filter((group) => !before.has(String(group)));
  if (now.length && !state.play.solved) state.board.flash(new Set(now.flat()));
}

/** With Auto on, `progress` with Auto's candidates pencilled in (pycore's auto_marks: what the
 * rules allow less every elimination made), so a digit placed narrows its peers' marks in the
 * same change; else `progress` itself. */
function withAuto(progress) {
  return (state.auto && invoke("auto_marks", state.text, progress).progress) || progress;
}

/** Auto: on, the candidates the rules allow, less every elimination made so far, pencilled into
 * every open cell (one undoable change, which Undo takes back with Auto itself, even where the
 * marks were so already; the address keeps them) and kept so as digits go in; off, the marks
 * stay as they are. */
export function toggleAuto() {
  state.auto = !state.auto;
  if (state.auto) commit(withAuto(state.progress), state.colours, { auto: false });
  else refresh();
}

/** Toggles pencil mark `ch` in `cells` (cells holding a digit keep it). With Auto on, the
 * candidates on screen become the reader's own marks first (in the same change), and Auto goes
 * off: the marks are the reader's to edit. */
function toggleMarks(cells, ch) {
  const base = withAuto(state.progress);
  state.auto = false;
  if (!cells.some((i) => base[i][0] !== "s")) return;
  commit(withMarkToggled(base, cells, ch));
}

/** Fill candidates: the rules' candidates pencilled into the cells without marks (cells with
 * marks keep theirs, eliminations and all). */
export function fillCandidates() {
  const filled = invoke("fill_candidates", state.text, state.progress);
  if (filled.progress && !samePosition(filled.progress, state.progress)) commit(filled.progress);
}

/** Every pencil mark removed (in Colour mode, every colour). */
export function clearMarks() {
  if (state.colouring) {
    if (isColoured(state.colours)) commit(state.progress, noColours(state.view.size));
    return;
  }
  state.auto = false;
  const cleared = withoutMarks(state.progress);
  if (!samePosition(cleared, state.progress)) commit(cleared);
  else refresh();
}

// ---- colours -----------------------------------------------------------------------------------

/** Puts `colour` ("1"-"9") on `cells` (the selected ones) beside the colours they have, one
 * undoable change; when all of them have it already, it leaves them all (as a pencil mark does).
 * "0" takes every colour off them. Givens take colours too: colouring is about cells, not digits. */
export function paint(colour, cells = selection()) {
  if (!state.view || !cells.length) return;
  const on = colour !== "0" && !cells.every((i) => state.colours[i].includes(colour));
  const colours = state.colours.slice();
  for (const i of cells) colours[i] = colour === "0" ? "" : withColour(colours[i], colour, on);
  if (!sameColours(colours, state.colours)) commit(state.progress, colours);
}

// ---- Digit first -------------------------------------------------------------------------------

/** Digit first, a digit picked: a tap on a cell enters it there (a mark in Pencil mode; the same
 * digit again takes it out) instead of selecting the cell; in Colour mode, a colour picked, the
 * tap colours the cell (or takes that colour off it). True if it did. */
export function placeAt(index) {
  if (!picking()) return false;
  if (state.colouring) paint(state.brush, [index]);
  else enter(state.highlight, state.pencil, [index]);
  return true;
}

/** Digit first: a press that entered the picked digit goes on over the cells a mouse drag (or a
 * finger after a long press) passes, doing to each what it did to the first (putting the digit
 * or mark in, or taking it out), all one undoable change. `before`: the position before the press. */
export function startStroke(index, before) {
  if (state.colouring) return { colour: state.brush, adding: state.colours[index].includes(state.brush), done: new Set([index]) };
  const ch = state.highlight, pencil = state.pencil;
  const changedIt = state.progress !== before;
  // what the press did to its cell (nothing, in a given or a placed digit under Pencil: adding)
  const adding = !changedIt || strokeHolds(state.progress[index], ch, pencil);
  return { ch, pencil, adding, done: new Set([index]), changed: changedIt };
}

/** A stroke passing over cell `index`: it gets what the stroke's first cell got. */
export function strokeOver(stroke, index) {
  if (stroke.done.has(index)) return;
  stroke.done.add(index);
  if (stroke.colour) {   // its first cell changed already: the rest amend that change
    const now = state.colours[index];
    const next = withColour(now, stroke.colour, stroke.adding);
    if (next !== now) {
      const colours = state.colours.slice();
      colours[index] = next;
      amend(state.progress, colours);
    }
    return;
  }
  const progress = withStroke(state.progress, index, stroke, placeDigit);
  if (samePosition(progress, state.progress)) return;
  if (stroke.changed) amend(progress);
  else commit(progress);
  stroke.changed = true;
}
