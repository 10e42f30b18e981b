// Pure edits of a position: the per-cell notes the page keeps ("g5" a given, "s5" a digit placed,
// "c125" pencil marks, "." nothing), as pycore.api writes them. No DOM and no state here, so these
// run (and are tested) in Node as well as on the page: tests/web/position.test.mjs.

/** The digits' characters: 1-9, then a-p for 16×16 and 25×25 grids (their digits above 9). */
export const DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz";

export const digitChar = (d) => DIGITS[d];

/** How many changes Undo (and Redo) keep, in memory as on the device (saved.js keeps as many). */
export const HISTORY_CAP = 300;

/** Whether two positions are the same. */
export const samePosition = (a, b) => a?.length === b?.length && a.every((note, i) => note === b[i]);

/** `progress` with cell `i`'s note replaced. */
export const withNote = (progress, i, note) => progress.map((old, j) => (j === i ? note : old));

const isGiven = (note) => note[0] === "g";
const isPlaced = (note) => note[0] === "s";

/** A cell's pencil marks (a Set of digit characters), and the note that holds a set of them. */
export const marksOf = (note) => new Set(note[0] === "c" ? note.slice(1) : "");
export const marksNote = (marks) => (marks.size ? "c" + [...marks].sort((a, b) => DIGITS.indexOf(a) - DIGITS.indexOf(b)).join("") : ".");

/** A digit placed with nothing else changed; the page may pass instead a placing that also takes
 * the digit out of its peers' marks (pycore's place_digit). */
export const placeOnly = (progress, i, ch) => withNote(progress, i, "s" + ch);

/** Digit `ch` (or "" to clear) typed into `cells`: each open cell takes it, placed with `place`;
 * when every open one holds `ch` already, it leaves them all (the same digit again takes it out). */
export function withEntry(progress, cells, ch, place = placeOnly) {
  const open = cells.filter((i) => !isGiven(progress[i]));
  const again = ch !== "" && open.length > 0 && open.every((i) => progress[i] === "s" + ch);
  let next = progress;
  for (const i of open) {
    if (ch === "" || again) next = withNote(next, i, ".");
    else if (next[i] !== "s" + ch) next = place(next, i, ch);
  }
  return next;
}

/** Pencil mark `ch` toggled in `cells` (given and placed digits keep theirs): it goes into all of
 * them, or leaves all of them when all have it already. */
export function withMarkToggled(progress, cells, ch) {
  const marked = cells.filter((i) => !isGiven(progress[i]) && !isPlaced(progress[i]));
  const remove = marked.length > 0 && marked.every((i) => marksOf(progress[i]).has(ch));
  let next = progress;
  for (const i of marked) {
    const marks = marksOf(progress[i]);
    if (remove) marks.delete(ch);
    else marks.add(ch);
    next = withNote(next, i, marksNote(marks));
  }
  return next;
}

/** What a Digit first stroke ({ch, pencil, adding}) does to one more cell it passes: the digit or
 * the mark put in (`adding`) or taken out, as the stroke did to its first cell. */
export function withStroke(progress, i, { ch, pencil, adding }, place = placeOnly) {
  const note = progress[i];
  if (isGiven(note)) return progress;
  if (pencil) {
    if (isPlaced(note)) return progress;
    const marks = marksOf(note);
    if (adding) marks.add(ch);
    else marks.delete(ch);
    return withNote(progress, i, marksNote(marks));
  }
  if (adding && note !== "s" + ch) return place(progress, i, ch);
  if (!adding && note === "s" + ch) return withNote(progress, i, ".");
  return progress;
}

/** Whether a stroke's first press left `ch` in cell `note` (as a mark in Pencil mode): what the
 * stroke then does to the cells it passes. */
export const strokeHolds = (note, ch, pencil) => (pencil ? note[0] === "c" && note.includes(ch) : note === "s" + ch);

/** Every open cell filled with the solution's digit (`solution`: digits, row-major). */
export const withSolution = (progress, solution) => progress.map((note, i) => (isGiven(note) ? note : "s" + DIGITS[solution[i]]));

/** Every pencil mark taken out. */
export const withoutMarks = (progress) => progress.map((note) => (note[0] === "c" ? "." : note));

/** Whether every cell holds a digit. */
export const isFull = (progress) => progress.every((note) => isGiven(note) || isPlaced(note));

/** The cells holding the same digit as cell `i` (given or placed), `i` first; [] for a cell
 * without a digit. */
export function sameDigitCells(progress, i) {
  const note = progress[i];
  if (!isGiven(note) && !isPlaced(note)) return [];
  const others = [];
  progress.forEach((other, j) => { if (j !== i && other[0] !== "c" && other.slice(1) === note.slice(1)) others.push(j); });
  return [i, ...others];
}

/** `stack` with `entry` pushed, its oldest entries dropped past `cap` (Undo's memory). */
export const pushCapped = (stack, entry, cap = HISTORY_CAP) => [...stack, entry].slice(-cap);

/** How many digits are placed, and cells pencil-marked, in a position (the saved game's offer). */
export const tally = (progress) => ({
  placed: progress.filter(isPlaced).length,
  marked: progress.filter((note) => note[0] === "c").length,
});
