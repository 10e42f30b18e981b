// web/position.js in Node (node --test): the page's pure edits of a position, run by
// tests/web/test_web_units.py so the suite runs them.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";

// web/ has no package.json of its own (its files ship as they are): load the module as ESM source.
const source = await readFile(new URL("../../web/position.js", import.meta.url), "utf8");
const position = await import("data:text/javascript;base64," + Buffer.from(source).toString("base64"));
const {
  DIGITS, HISTORY_CAP, isFull, marksNote, marksOf, pushCapped, sameDigitCells, samePosition, strokeHolds, tally,
  withEntry, withMarkToggled, withNote, withSolution, withStroke, withoutMarks,
} = position;

test("marks read and written in digit order, letters after 9", () => {
  assert.deepEqual([...marksOf("c159")], ["1", "5", "9"]);
  assert.equal(marksOf("s5").size, 0);
  assert.equal(marksOf(".").size, 0);
  assert.equal(marksNote(new Set(["a", "9", "1"])), "c19a");
  assert.equal(marksNote(new Set()), ".");
  assert.equal(DIGITS.indexOf("p"), 25);
});

test("a digit typed into open cells, the same again takes it out, givens stay", () => {
  const start = ["g1", ".", "c23", "s4"];
  assert.deepEqual(withEntry(start, [0, 1, 2], "5"), ["g1", "s5", "s5", "s4"]);
  assert.deepEqual(withEntry(["g1", "s5", "s5", "s4"], [1, 2], "5"), ["g1", ".", ".", "s4"]);
  assert.deepEqual(withEntry(start, [2, 3], ""), ["g1", ".", ".", "."]);
  assert.equal(withEntry(start, [0], "5"), start);   // a given alone: nothing changes
});

test("a digit typed goes through the placing given (pycore's place_digit on the page)", () => {
  const tidy = (progress, i, ch) => withNote(withoutMarks(progress), i, "s" + ch);
  assert.deepEqual(withEntry([".", "c57"], [0], "5", tidy), ["s5", "."]);
});

test("a pencil mark goes into all cells, or leaves all when all have it", () => {
  const start = ["c1", "c12", ".", "s3", "g4"];
  assert.deepEqual(withMarkToggled(start, [0, 1, 2, 3, 4], "2"), ["c12", "c12", "c2", "s3", "g4"]);
  assert.deepEqual(withMarkToggled(start, [0, 1], "1"), [".", "c2", ".", "s3", "g4"]);
  assert.equal(withMarkToggled(start, [3, 4], "1"), start);
});

test("a stroke does to each cell it passes what it did to the first", () => {
  const start = [".", "c3", "s5", "g2"];
  assert.deepEqual(withStroke(start, 1, { ch: "4", pencil: true, adding: true }), [".", "c34", "s5", "g2"]);
  assert.deepEqual(withStroke(start, 1, { ch: "3", pencil: true, adding: false }), [".", ".", "s5", "g2"]);
  assert.equal(withStroke(start, 2, { ch: "3", pencil: true, adding: true }), start);   // a digit keeps it
  assert.deepEqual(withStroke(start, 0, { ch: "5", pencil: false, adding: true }), ["s5", "c3", "s5", "g2"]);
  assert.deepEqual(withStroke(start, 2, { ch: "5", pencil: false, adding: false }), [".", "c3", ".", "g2"]);
  assert.equal(withStroke(start, 3, { ch: "2", pencil: false, adding: false }), start);
  assert.ok(strokeHolds("c34", "4", true) && !strokeHolds("c34", "5", true));
  assert.ok(strokeHolds("s4", "4", false) && !strokeHolds("c4", "4", false));
});

test("the solution fills the open cells; Clear marks empties marked ones", () => {
  assert.deepEqual(withSolution(["g1", ".", "c23"], [1, 2, 3]), ["g1", "s2", "s3"]);
  assert.deepEqual(withSolution([".", "."], [10, 25]), ["sa", "sp"]);
  assert.deepEqual(withoutMarks(["c1", "s2", "g3", "."]), [".", "s2", "g3", "."]);
  assert.ok(isFull(["g1", "s2"]) && !isFull(["g1", "c2"]));
});

test("cells holding the same digit, the cell first", () => {
  assert.deepEqual(sameDigitCells(["s5", "g5", "c5", "s4", "s5"], 4), [4, 0, 1]);
  assert.deepEqual(sameDigitCells(["c5", "s5"], 0), []);
});

test("positions compare by their notes", () => {
  assert.ok(samePosition(["s1", "."], ["s1", "."]));
  assert.ok(!samePosition(["s1", "."], ["s1", "c2"]));
  assert.ok(!samePosition(undefined, ["s1"]));
  assert.deepEqual(tally(["s1", "c2", "c3", "g4", "."]), { placed: 1, marked: 2 });
});

test("Undo's memory keeps the newest HISTORY_CAP changes", () => {
  assert.equal(HISTORY_CAP, 300);
  let stack = [];
  for (let i = 0; i < 1000; i++) stack = pushCapped(stack, i);
  assert.equal(stack.length, 300);
  assert.equal(stack[0], 700);
  assert.equal(stack.at(-1), 999);
});
