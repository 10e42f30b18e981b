// Draws the state: refresh() after any change of it (the board through render.js, the toolbar's
// and pad's states, the cage line, the clock), changed() after a change of position (and what
// goes stale with one: Check's marks, the status, the address, a hint); the status while playing;
// the clock and its pause; and the hint panel (hint.js), wired to the page here.
import { state } from "./state.js";
import { can, invoke } from "./bridge.js";
import { boardEl, cageHelpEl, cageNewsEl, embed, padEl, rewindEl, statusRowEl, toolbarEl } from "./page.js";
import { count, setStatus, statusKind } from "./status.js";
import { clockText, createClock } from "./clock.js";
import { createHints } from "./hint.js";
import { offForHints } from "./settings.js";
import { commit, undo } from "./edit.js";
import { solveClicked, solvedFirst, uniqueSolution } from "./solver.js";
import { showRemaining, showToolbarState } from "./toolbar.js";
import { keepInAddress } from "./keep.js";

// The time spent on the puzzle (clock.js), beside the status; not in an embed, whose frame is the grid's.
export const clock = createClock(() => setPaused(!state.paused));
clock.element.hidden = true;
statusRowEl.append(clock.element);

// Hints (hint.js): the next logical step, in stages; it reaches the page's state only through this.
export const hints = createHints({
  invoke,
  current: () => ({ text: state.text, progress: state.progress }),
  commit: (progress) => commit(progress),
  undo: () => undo(),
  inHistory: (key, keyOf) => state.undo.some(({ progress }) => keyOf({ text: state.text, progress }) === key),
  board: () => state.board,
  cages: () => state.view?.cages ?? [],
  solution: () => (state.solution?.text === state.text && state.solution.status === "unique" ? state.solution.solution : null),
  findSolution: async () => (await uniqueSolution("Finding the solution"))?.solution ?? null,
  solvedFirst: (then) => solvedFirst(then),
  selected: () => state.selected,
  off: () => offForHints(state.strategiesOff, () => (can("strategy_families") ? invoke("strategy_families") : null)),
  afterStuck: () => solveClicked(),
});
cageHelpEl.after(hints.panel);   // the explanation right under the grid it speaks of

/** Redraws everything from the state (play_view asked again for the position's conflicts,
 * candidates and counts). */
export function refresh() {
  state.play = state.view && can("play_view") ? invoke("play_view", state.text, state.progress) : null;
  if (state.play?.error) state.play = null;
  state.board?.update(state.progress, state.selected, state.problems, {
    also: state.also,
    colours: state.colours,
    conflicts: state.settings.conflicts ? state.play?.conflicts ?? [] : [],
    highlight: state.highlight,
  });
  showToolbarState();
  showRemaining();
  showCageHelp();
  runClock();
}

/** After any change to the position, Check's marks and a "solved"/"checked" message are stale. */
export function changed() {
  state.problems = null;
  rewindEl.hidden = true;
  refresh();
  if (!state.solving && statusKind() !== "error") showPlayStatus();
  keepInAddress();
  hints.onChange();
}

/** The status while playing: solved (celebrated once), the first broken rule, or the puzzle's name. */
export function showPlayStatus() {
  const play = state.play;
  const wasSolved = statusKind() === "solved";
  if (play?.solved) {
    const time = state.fillingSolution || !state.settings.clock ? "" : ` in ${clockText(clock.seconds())}`;
    setStatus("solved", `Solved${time} \u2014 every digit is right. Well done!`, state.details);
    if (!wasSolved && !state.fillingSolution) state.board?.celebrate();
  } else if (play?.clashes?.length && state.settings.conflicts) {
    const reason = play.clashes[0].reason;
    const more = play.clashes.length - 1;
    setStatus("ready", `${reason[0].toUpperCase()}${reason.slice(1)}${more ? ` (and ${more} more)` : ""}.`, state.details);
  } else {
    setStatus("ready", state.label, state.details);
  }
  boardEl.classList.toggle("complete", Boolean(play?.solved));
}

/** The clock runs while the reader can play: a puzzle open and not solved, not paused, the page
 * in sight (a tab in the background or a phone's locked screen is not time on the puzzle). */
export function runClock() {
  const solved = Boolean(state.play?.solved);
  clock.element.hidden = !state.view || embed || !state.settings.clock;
  clock.element.disabled = solved;   // nothing to pause: the time stays as the puzzle's
  clock.run(Boolean(state.view) && !embed && !solved && !state.paused && !document.hidden);
}

/** Pausing covers the board and takes its input away (the buttons and the pad too), as a puzzle
 * app's pause does: the clock stops, and the puzzle cannot be studied on the side. */
export function setPaused(paused) {
  if (paused && (!state.view || state.play?.solved)) return;
  state.paused = paused;
  clock.showPaused(paused);
  for (const part of [toolbarEl, padEl, hints.panel]) part.inert = paused;
  hints.pause(paused);   // the hint goes with the board: it says where to look
  state.board?.pause(paused, () => setPaused(false));
  runClock();
}

let cageHelpFor = -1;   // the cell the cage line was last written for

/** Caged puzzles: the selected cell's cage and the digits that can still fill it, narrowed by the
 * placed digits only (cage_view), as a killer player's table of combinations. One line of fixed
 * height under the board, so nothing moves as the selection does (the whole list in its title). */
function showCageHelp() {
  if (cageHelpEl.hidden) return;
  const cage = state.view && state.selected >= 0 ? invoke("cage_view", state.text, state.progress, state.selected) : {};
  // Screen readers hear the line as the selected cell's description.
  state.board?.describe(cage.clue ? state.selected : -1, "cage-help");
  if (!cage.clue) {
    cageHelpFor = state.selected;
    cageHelpEl.textContent = state.selected >= 0 ? "This cell is in no cage."
      : "Select a cell to list the combinations its cage can hold.";
    cageHelpEl.title = "";
    return;
  }
  const list = cage.combinations === null ? "too many ways to list"
    : cage.combinations.length ? cage.combinations.join(" ") : "none fits the placed digits";
  const left = cage.left ? `, ${cage.left[0]} left in ${count(cage.left[1], "cell")}` : "";
  const line = `${cage.clue} in ${count(cage.cells, "cell")}${left}: ${list}`;
  // The line describes the selected cell, which screen readers read when the selection moves;
  // a digit placed without moving changes it silently: say the new line then.
  if (cageHelpFor === state.selected && cageHelpEl.textContent !== line) {
    cageNewsEl.textContent = line;
  }
  cageHelpFor = state.selected;
  cageHelpEl.textContent = line;
  cageHelpEl.title = line;
}
