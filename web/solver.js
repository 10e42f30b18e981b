// Solve, Check and Cancel. The solver runs on this thread in slices (a worker would need a second
// Python runtime, seconds to start): each solve_step call runs a bounded number of search nodes,
// sized to take 20-40 ms, then the loop yields to the browser so clicks, keys and the Cancel
// button are handled. A search still running after SPLIT_AFTER_MS goes on in Web Workers running
// the bare kernel (search-split.js), and back here if they fail. The hints ask here for the
// solution first (solvedFirst).
import { state } from "./state.js";
import { can, invoke } from "./bridge.js";
import { button, el } from "./dom.js";
import { rewindEl, SLICE_CAP, SOLVE_PAUSE_S, toolbarEl } from "./page.js";
import { isFull, samePosition, withSolution } from "./position.js";
import { count, markPaused, setStatus } from "./status.js";
import { commit, undo } from "./edit.js";
import { refresh, showPlayStatus } from "./view.js";
import { SPLIT_CHECK_MS, startSplit, workersAsked, workersWanted } from "./search-split.js";

/** The calls Solve and Check need. */
export const SOLVER = ["solve_start", "solve_step", "solve_cancel", "check_view"];
const SLICE_MS = [20, 40];
// The node count in the status is said four times a second, not after every slice: a new text
// after each 20-40 ms slice had the browser lay out and paint the page between them, 8% of a long
// solve's time in Chromium (2.2 s of 27 s; 0.6 s so).
const PROGRESS_MS = 250;
// Before a hint: a solve this short holds the page still for no longer than a frame or three, and
// spares the status and the Cancel button a flash.
const QUICK_SOLVE_MS = 50;
const HINT_WAIT_MS = 3000;
/** A frame's paint (or 50 ms, in a tab that paints none), so the status shows before work starts. */
const yieldForPaint = () => new Promise((resolve) => {
  const timer = setTimeout(resolve, 50);
  requestAnimationFrame(() => setTimeout(() => { clearTimeout(timer); resolve(); }, 0));
});
const yieldToBrowser = () => new Promise((resolve) => {
  const channel = new MessageChannel();  // unlike setTimeout(0), not clamped to 4 ms when nested
  channel.port1.onmessage = () => resolve();
  channel.port2.postMessage(null);
});

function setSolvingControls(solving) {
  for (const action of ["solve", "check"]) {
    const b = toolbarEl.querySelector(`[data-action=${action}]`);
    if (b) b.disabled = solving;
  }
  toolbarEl.querySelector("[data-action=cancel]")?.remove();
  toolbarEl.querySelector("[data-action=show-found]")?.remove();
  if (solving) {
    const cancel = button("cancel", "Cancel", "Stop solving", cancelSolve);
    const solve = toolbarEl.querySelector("[data-action=solve]");
    solve ? solve.after(cancel) : toolbarEl.append(cancel);
  }
}

/** Solves the current puzzle in slices; resolves with the finished result, or null when cancelled
 * (or when another puzzle was opened meanwhile). With `giveUpAfterMs`, a solve still running then
 * stops and resolves with {status: "timeout"} (not kept as the puzzle's solution). `running`: the
 * id of a solver already started for this puzzle (solveQuickly's), which goes on from where it is. */
async function solveInSlices(verb, { giveUpAfterMs = Infinity, running = null } = {}) {
  if (state.solution?.text === state.text) return state.solution;
  // Status and Cancel first, painted before the solver's set-up runs, so both show from the
  // click and a Cancel during set-up is honoured as soon as it ends.
  // searched: ms spent searching before the current run (a pause's wait is not counted)
  const job = { id: running, cancelled: false, nodes: 0, t0: performance.now(), searched: 0, resume: null, said: 0 };
  state.solving = job;
  setSolvingControls(true);
  setStatus("solving", `${verb}\u2026`);
  // with `&workers=N` the search is split after its root node (a root contradiction's reason is the page's)
  let slice = workersWanted(0) ? 1 : Math.min(32, SLICE_CAP);
  try {
    await yieldForPaint();
    if (job.cancelled) return null;   // (stopSolving cancelled a solver already running)
    if (job.id === null) {
      const started = invoke("solve_start", state.text);
      if (started.error) {
        setStatus("ready", `Cannot solve this puzzle: ${started.error}`);
        return null;
      }
      job.id = started.id;
    }
    for (;;) {
      await yieldToBrowser();
      if (job.cancelled) {
        invoke("solve_cancel", job.id);  // cancelled during set-up: id was unknown
        return null;
      }
      const t = performance.now();
      const result = invoke("solve_step", job.id, slice);
      const ms = performance.now() - t;
      if (result.error) {
        setStatus("ready", `Solving failed: ${result.error}`);
        return null;
      }
      job.nodes = result.nodes;
      if (result.found && !job.found && verb === "Solving") offerFound(job, result.found);
      if (result.done) {
        state.solution = { text: state.text, ...result };
        return state.solution;
      }
      if (performance.now() - job.t0 > giveUpAfterMs) {
        invoke("solve_cancel", job.id, true);   // the hints go on without it
        return { status: "timeout" };
      }
      const workers = job.split === undefined ? workersWanted(job.searched + performance.now() - job.t0) : 0;
      if (workers && can("solve_network")) {
        const answer = await solveSplit(job, verb, workers, giveUpAfterMs);
        if (answer !== FALLBACK) return answer;
      }
      if (ms < SLICE_MS[0]) slice = Math.min(SLICE_CAP, slice * 2);
      else if (ms > SLICE_MS[1]) slice = Math.max(1, Math.floor(slice / 2));
      if (performance.now() - job.t0 > SOLVE_PAUSE_S * 1000 && !(await keepGoing(job, verb))) return null;
      if (performance.now() - job.said >= PROGRESS_MS) {
        job.said = performance.now();
        sayProgress(job, verb);
      }
    }
  } finally {
    if (state.solving === job) {
      state.solving = null;
      setSolvingControls(false);
    }
  }
}

// Status lines stay within two lines of a 320 px phone (the status has room for three there); the
// rest goes in the details (its title).
function sayProgress(job, verb) {
  const nodes = count(job.nodes, "search node");
  if (job.shown) setStatus("solving", `Filled in; checking for another solution\u2026 ${nodes}`, FOUND_DETAILS);
  else if (job.found) setStatus("solving", `Found a solution; checking for another\u2026 ${nodes}`, FOUND_DETAILS);
  else setStatus("solving", `${verb}\u2026 ${nodes}`);
}

const FOUND_DETAILS = "A solution is found; the search goes on to make sure there is no other.";

/** On the hardest killers the first solution turns up long before the search has made sure there
 * is no other: "Show it" fills it in at once, and the search goes on. */
function offerFound(job, found) {
  job.found = found;
  const show = button("show-found", "Show it", "Fill in the solution found; the solver goes on making sure it is the only one", () => {
    show.remove();
    job.shown = true;
    fillIn(found);
    if (job.sayPaused) job.sayPaused();
    else sayProgress(job, "Solving");
  });
  const cancel = toolbarEl.querySelector("[data-action=cancel]");
  cancel ? cancel.before(show) : toolbarEl.append(show);
  job.said = performance.now();   // said with the button, not up to PROGRESS_MS later
  sayProgress(job, "Solving");
}

/** A long solve (the hardest killers take minutes) pauses every SOLVE_PAUSE_S seconds and asks,
 * rather than running on unasked or giving up: "Keep going" resumes the same search where it
 * stopped, Cancel ends it. Resolves true to go on. */
function keepGoing(job, verb) {
  job.searched += performance.now() - job.t0;
  const seconds = job.searched / 1000;
  const spent = seconds < 10 ? `${seconds.toFixed(1)} s` : seconds < 120 ? `${Math.round(seconds)} s` : `${Math.round(seconds / 60)} min`;
  job.sayPaused = () => {
    setStatus("ready", `${verb} paused after ${spent}, ${count(job.nodes, "search node")}. Keep going, or cancel.`,
      job.found ? FOUND_DETAILS : "The search is not finished.");
    markPaused();
  };
  job.sayPaused();
  const keep = button("continue", "Keep going", "Go on searching from where the solver paused", () => job.resume?.(true));
  const cancel = toolbarEl.querySelector("[data-action=cancel]");
  cancel ? cancel.before(keep) : toolbarEl.append(keep);   // no focus moved: the reader may be playing
  return new Promise((resolve) => {
    job.resume = (go) => {
      job.resume = job.sayPaused = null;
      keep.remove();
      job.t0 = performance.now();
      resolve(go);
    };
  });
}

const FALLBACK = Symbol("search on the page's thread");
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The rest of solveInSlices' search in `workers` Web Workers (search-split.js), with the same
 * progress, Show it, Keep going and Cancel: its answer, null when cancelled, or FALLBACK when the
 * split cannot start or a worker fails (the page's own solver, left where it was, goes on). */
async function solveSplit(job, verb, workers, giveUpAfterMs) {
  const network = invoke("solve_network", state.text);
  job.split = null;   // tried once per solve
  if (network.error) return FALLBACK;
  const split = job.split = startSplit(network, workers);
  const before = { nodes: job.nodes, t: performance.now() };
  const pageRate = job.nodes / Math.max(1, job.searched + performance.now() - job.t0);   // nodes a ms
  let checked = workersAsked();
  try {
    for (;;) {
      const answer = await Promise.race([split.done, pause(PROGRESS_MS)]);
      if (job.cancelled) return null;
      job.nodes = before.nodes + split.nodes;
      if (answer) {
        invoke("solve_cancel", job.id);
        const nodes = count(answer.nodes, "node");
        const seconds = (performance.now() - before.t) / 1000;
        return (state.solution = {
          text: state.text, done: true, status: answer.status, solution: answer.solutions[0] ?? null,
          solutions: answer.solutions, nodes: job.nodes, guesses: answer.guesses, seconds, engine: "kernel", workers,
          reason: answer.status === "none" ? `every branch ends in a contradiction (${nodes} searched over ${workers} workers)` : null,
        });
      }
      if (split.found && !job.found && verb === "Solving") offerFound(job, split.found);
      const ran = performance.now() - before.t;
      if (!checked && ran > SPLIT_CHECK_MS) {
        checked = true;
        if (split.nodes / ran < pageRate) {
          console.info(`The search workers ran ${(split.nodes / ran).toFixed(1)} nodes a ms, the page ${pageRate.toFixed(1)}: solving on the page.`);
          return FALLBACK;
        }
      }
      if (performance.now() - job.t0 > giveUpAfterMs) {
        invoke("solve_cancel", job.id, true);
        return { status: "timeout" };
      }
      if (performance.now() - job.t0 > SOLVE_PAUSE_S * 1000) {
        split.pause();
        if (!(await keepGoing(job, verb))) return null;
        split.resume();
      }
      if (performance.now() - job.said >= PROGRESS_MS) {
        job.said = performance.now();
        sayProgress(job, verb);
      }
    }
  } catch (error) {
    console.warn(`The search workers failed (${error.message}); solving on the page instead.`);
    return FALLBACK;
  } finally {
    split.stop();
  }
}

/** Forgets a solve in progress (Cancel, or another puzzle opened). */
export function stopSolving() {
  const job = state.solving;
  if (!job) return null;
  job.cancelled = true;
  job.resume?.(false);
  job.split?.stop();
  invoke("solve_cancel", job.id);
  state.solving = null;
  setSolvingControls(false);
  return job;
}

function cancelSolve() {
  const job = stopSolving();
  if (job) setStatus("ready", `Solving cancelled after ${job.nodes.toLocaleString("en")} search nodes.`);
}

/** The status for a solve that did not find exactly one solution; null when it did. */
function notUnique(result) {
  if (result.status === "multiple") return "This puzzle has more than one solution, so there is no one solution to show.";
  if (result.status === "none") return `This puzzle has no solution: ${result.reason}.`;
  if (result.status === "unique") return null;
  return `The solver stopped: ${result.reason ?? result.status}.`;
}

const stats = (r) => `${count(r.nodes, "search node")}, ${count(r.guesses, "guess", "guesses")}, ${(r.seconds * 1000).toFixed(0)} ms ${
  r.workers ? `in ${r.workers} workers (nodes and guesses summed over them)` : "of Python"}`;

// The unique solution (sliced solve, or the cached one), or null after saying why there is none
// (or, for a puzzle with several solutions, after calling `whenSeveral` when given).
export async function uniqueSolution(verb, whenSeveral = null) {
  if (!state.view || state.solving) return null;
  const result = await solveInSlices(verb);
  if (!result) return null;
  if (result.status === "multiple" && whenSeveral) {
    whenSeveral();
    return null;
  }
  const trouble = notUnique(result);
  if (trouble) {
    setStatus("ready", trouble);
    return null;
  }
  return result;
}

/** Runs `then` once the solver has answered for this puzzle: at once when it has, or when it
 * answers within QUICK_SOLVE_MS (most puzzles: no status, no Cancel flashing by); else after a
 * solve in slices with its progress and Cancel (not at all if it is cancelled), given up after
 * HINT_WAIT_MS (the hardest killers take a minute or more; the hint then reasons without the
 * solution, as it always did after its own short solve). While another solve runs, `then` runs
 * at once. */
export function solvedFirst(then) {
  const answered = state.solution?.text === state.text || state.hintsGaveUp === state.text;
  const quick = !can(...SOLVER) || state.solving || answered || solveQuickly(QUICK_SOLVE_MS);
  if (quick === true || quick?.done) {
    then();
    return;
  }
  // still running (or it could not start: solveInSlices starts again and says why)
  solveInSlices("Finding the solution", { giveUpAfterMs: HINT_WAIT_MS, running: quick?.running ?? null }).then((result) => {
    if (!result) return;
    if (result.status === "timeout") state.hintsGaveUp = state.text;   // (Solve still solves it)
    showPlayStatus();
    then();
  });
}

/** Starts the solver and runs it on the spot for up to `ms`: its answer (kept as state.solution),
 * or {running: id} when it needs longer (solveInSlices goes on with it), or null when it cannot
 * start or step. */
function solveQuickly(ms) {
  const started = invoke("solve_start", state.text);
  if (started.error) return null;
  const t0 = performance.now();
  for (;;) {
    const result = invoke("solve_step", started.id, 8);   // 8 nodes: 25×25 ones take ms each
    if (result.error) return null;
    if (result.done) return (state.solution = { text: state.text, ...result });
    if (performance.now() - t0 > ms) return { running: started.id };
  }
}

export async function solveClicked() {
  const result = await uniqueSolution("Solving");
  if (!result) return;
  fillIn(result.solution);
  setStatus("solved", "Solved: the solution is filled in.", `The solver took ${stats(result)}.`);
}

/** Fills every open cell with the solution's digit (one undoable change). */
function fillIn(solution) {
  const progress = withSolution(state.progress, solution);
  state.fillingSolution = true;  // the solver's fill is not the reader's win: no celebration
  try {
    if (!samePosition(progress, state.progress)) commit(progress);
  } finally {
    state.fillingSolution = false;
  }
}

export async function check() {
  const result = await uniqueSolution("Checking", can("check_several") ? checkSeveral : null);
  if (!result) return;
  const checked = invoke("check_view", state.text, state.progress, result.solution);
  if (checked.error) {
    setStatus("ready", `Cannot check: ${checked.error}`);
    return;
  }
  state.problems = new Map(checked.problems.map((p) => [p.cell, p.problem]));
  refresh();
  const n = checked.problems.length;
  const wrong = checked.problems.filter((p) => p.problem === "wrong-digit").length;
  if (n) offerRewind(result.solution);
  const done = isFull(state.progress);
  setStatus("ready", n === 0 ? (done ? "Checked: all correct." : "Checked: no mistakes so far.")
    : `Checked: ${count(n, "problem")} marked in red (${[wrong && count(wrong, "wrong digit"),
      n - wrong && `${count(n - wrong, "pencil-mark set")} missing the solution's digit`].filter(Boolean).join(", ")}).`);
}

/** Check for a puzzle with several solutions: whether any of them keeps all the placed digits,
 * and which digit to blame when none does (api.check_several). */
function checkSeveral() {
  const checked = invoke("check_several", state.text, state.progress);
  if (checked.error) {
    setStatus("ready", `Cannot check: ${checked.error}`);
    return;
  }
  state.problems = new Map(checked.problems.map((p) => [p.cell, p.problem]));
  refresh();
  setStatus("ready", checked.reason ?? "Checked: this puzzle has more than one solution, and your digits still fit at least one of them.");
}

/** After a Check that found mistakes: Undo, as many times as it takes, back to the newest position
 * of this game without one (api.back_to_right), offered under the board. Redo goes forward again. */
function offerRewind(solution) {
  if (!can("back_to_right")) return;
  const history = [state.progress, ...state.undo.map((entry) => entry.progress).reverse()];
  const found = invoke("back_to_right", state.text, history, solution);
  if (!(found.back > 0)) return;
  const changes = count(found.back, "change");
  const text = el("span", {}, `Your last position without a mistake is ${changes} back.`);
  const go = button("rewind", "Undo back to it", `Undo ${changes}: back to before the first mistake (Redo brings them back)`, () => {
    for (let i = 0; i < found.back; i++) undo();
    setStatus("ready", `Back ${changes}, before the first mistake. Redo goes forward again.`);
  });
  rewindEl.replaceChildren(text, go);
  rewindEl.hidden = false;
}
