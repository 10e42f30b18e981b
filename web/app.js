// Event glue between the page and pycore (Python, run by PyScript on the local Pyodide).
// No puzzle logic here: decoding and encoding are Python calls; render.js draws the result.
import { button, el } from "./dom.js";
import { COLOUR_NAMES, renderBoard, digitChar } from "./render.js";
import { createHints } from "./hint.js";
import { openShareDialog } from "./share.js";
import { setUpEmbed } from "./embed.js";
import { saveGame, savedGame, saveHistory, savedHistory } from "./saved.js";
import { isColoured, noColours, readColours, sameColours, withColour } from "./colours.js";
import { clockText, createClock } from "./clock.js";
import { bindSettings, loadSettings } from "./settings.js";

const START_TIMEOUT_MS = 120000;
const KIND_NAMES = {
  sudoku: "Sudoku", "sudoku-x": "Sudoku X", windoku: "Windoku", jigsaw: "Jigsaw Sudoku",
  killer: "Killer Sudoku", "killer-jigsaw": "Killer Jigsaw", kenken: "KenKen", kendoku: "KenDoku",
};
const DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz";

const $ = (selector) => document.querySelector(selector);
const statusEl = $("[data-testid=status]");
const boardEl = $("#board");
const toolbarEl = $("#toolbar");
const padEl = $("#pad");
const shareEl = $("#share");
const resumeEl = $("#resume");
const rewindEl = $("#rewind");
const cageHelpEl = $("#cage-help");
const cageNewsEl = $("#cage-news");
const introEl = $("#intro");
const gamesEl = $("#games");
const form = $("#open-form");
const input = $("#puzzle-input");
const embed = /[?&]embed=1(&|$)/.test(location.search);
document.body.classList.toggle("embed", embed);

const statusHelpEl = $("#status-help");

/** The status line: `text` for people; `details` (figures, formats, the decoder's own words) as
 * its tooltip. The line has a fixed height, so the full text is in the tooltip too. */
function setStatus(state, text, details = "") {
  statusEl.dataset.state = state;
  statusEl.classList.remove("paused");
  statusEl.textContent = text;
  statusEl.title = details ? `${text}\n${details}` : text;
  if (statusHelpEl) {
    statusHelpEl.textContent = state === "error" && state !== "loading" ? errorHelp(text) : "";
  }
}

/** A sentence for people about a decoder or start-up message (the message stays in the status). */
function errorHelp(message) {
  if (/^The Python runtime/.test(message)) return "The page could not start its puzzle engine. Reload the page to try again.";
  const help = window.puzzleViewer?.state?.bridge?.invoke("error_help", message);
  return typeof help === "string" ? help : "";
}

// ---- the Python side -------------------------------------------------------------------------
// PyScript runs main.py on the local Pyodide (./pyodide/, set in pyscript.json) after unpacking
// the pycore wheel (`files`); main.py calls window.pycoreRegister(call, infoJson).
let resolveBridge, rejectBridge;
const bridgeReady = new Promise((resolve, reject) => { resolveBridge = resolve; rejectBridge = reject; });
window.pycoreRegister = (call, infoJson) => {
  const info = JSON.parse(infoJson);
  const invoke = (name, ...args) => JSON.parse(call(name, JSON.stringify(args)));
  if (info.import_error) rejectBridge(new Error(`pycore could not be imported: ${info.import_error}`));
  else resolveBridge({ info, invoke });
};

// PyScript may fail to start without a word: report script errors, rejected promises, PyScript's
// own error boxes (.py-error) and a start that never finishes, so the page never hangs on
// "loading". Once the bridge is up these no longer matter (a settled promise ignores them).
const startFailed = (message) => rejectBridge(new Error(message));
addEventListener("error", (event) => startFailed(`The Python runtime failed to start: ${event.message}`));
addEventListener("unhandledrejection", (event) => startFailed(`The Python runtime failed to start: ${event.reason?.message ?? event.reason}`));
const errorBoxes = new MutationObserver(() => {
  const box = document.querySelector(".py-error");
  if (box) startFailed(`The Python runtime failed to start: ${box.textContent.trim().split("\n").pop()}`);
});
errorBoxes.observe(document.documentElement, { childList: true, subtree: true });
bridgeReady.finally(() => errorBoxes.disconnect()).catch(() => {});
setTimeout(() => startFailed("The Python runtime did not start within two minutes; reload the page to try again."), START_TIMEOUT_MS);

// ---- state -----------------------------------------------------------------------------------
const state = {
  text: "", view: null, board: null, progress: [], opened: [],
  undo: [], redo: [], selected: -1, pencil: false, bridge: null,
  // undo and redo hold {progress, colours}: a colour is a change the reader can take back too
  colours: [],        // the reader's cell colours (colours.js): per cell "" or its colours, "1"-"9" (COLOUR_NAMES)
  colouring: false,   // Colour mode: the pad and the digit keys colour the selected cells
  brush: "",          // Digit first in Colour mode: the colour ("1"-"9") the taps that follow put on
  also: new Set(),    // cells selected with the selected one (Ctrl/Shift+click, a mouse drag, Shift+arrows)
  label: "",          // the status text for a ready puzzle ("Killer Sudoku 9×9 (L9B)")
  solution: null,     // the last finished solve of this puzzle: {status, solution, reason, …}
  solving: null,      // the solve in progress: {id, cancelled}
  hintsGaveUp: "",    // the puzzle (text) whose solve the hints stopped waiting for (solvedFirst)
  problems: null,     // what Check found: Map cell index -> problem, until the next change
  auto: false,        // show the candidates the rules allow instead of the pencil marks
  play: null,         // pycore play_view of the current position: conflicts, auto candidates, solved
  gameKey: null,      // the puzzle's string without progress: where its game is saved (saved.js)
  paused: false,      // the reader paused the clock: the board is covered and takes no input
  highlight: "",      // a digit pressed with no cell selected: shown everywhere, until pressed again
  settings: loadSettings(),   // the reader's choices (settings.js): clock, conflicts, tidy marks, digit first
};
// The time spent on the puzzle (clock.js), beside the status; not in an embed, whose frame is the grid's.
const clock = createClock(() => setPaused(!state.paused));
clock.element.hidden = true;
$("#status-row").append(clock.element);
// Hints (hint.js): the next logical step, in stages; it reaches the page's state only through this.
const hints = createHints({
  invoke: (name, ...args) => state.bridge.invoke(name, ...args),
  current: () => ({ text: state.text, progress: state.progress }),
  commit: (progress) => commit(progress),
  undo: () => undo(),
  inHistory: (key, keyOf) => state.undo.some(({ progress }) => keyOf({ text: state.text, progress }) === key),
  cells: () => state.board?.cells ?? [],
  cages: () => state.view?.cages ?? [],
  size: () => state.view?.size ?? 9,
  solution: () => (state.solution?.text === state.text && state.solution.status === "unique" ? state.solution.solution : null),
  findSolution: async () => (await uniqueSolution("Finding the solution"))?.solution ?? null,
  solvedFirst,
  selected: () => state.selected,
  afterStuck: () => solveClicked(),
});
cageHelpEl.after(hints.panel);   // the explanation right under the grid it speaks of
// web/embed.js: fit the frame (the hint panel included, once it is in place), link out
if (embed) setUpEmbed({ boardEl, toolbarEl, padEl });
// Test-only: `&slice=N` caps a solve slice at N search nodes (slow, long solves for the cancel
// test); `&pause=S` pauses a long solve after S seconds instead of a minute.
const SLICE_CAP = Number(new URLSearchParams(location.search).get("slice")) || Infinity;
const SOLVE_PAUSE_S = Number(new URLSearchParams(location.search).get("pause")) || 60;

/** The page's query without its own parameters (embed), exactly as written: what the decoder reads. */
function puzzleQuery(search = location.search) {
  return search.replace(/^\?/, "").split("&").filter((part) => part && !/^(embed|slice|pause)=/.test(part)).join("&");
}

const hasPuzzle = (query) => /(^|&)bd=./.test(query);

/** Whether two positions (per-cell notes) are the same. */
const samePosition = (a, b) => a?.length === b.length && a.every((note, i) => note === b[i]);

/** A pasted string or link as this page's query: a link's bd/jigmap/shape, or bd=<string>. */
function queryFor(text) {
  const at = text.indexOf("?");
  const query = at >= 0 ? text.slice(at + 1).split("#")[0] : text;
  if (hasPuzzle(query)) return query.split("&").filter((part) => /^(bd|jigmap|shape)=/i.test(part)).join("&");
  return "bd=" + encodeURIComponent(text).replace(/%2C/gi, ",");
}

function pageUrl(query) {
  return "?" + query + (embed ? "&embed=1" : "") + (SLICE_CAP < Infinity ? `&slice=${SLICE_CAP}` : "");
}

// ---- showing a puzzle --------------------------------------------------------------------------
function clearPuzzle() {
  stopSolving();
  state.view = null;
  state.board = null;
  boardEl.replaceChildren();
  toolbarEl.replaceChildren();
  padEl.replaceChildren();
  shareEl.replaceChildren();
  resumeEl.hidden = rewindEl.hidden = true;
  setPaused(false);   // which runs the clock, or here stops it
}

function show(query) {
  saveNow();   // the puzzle on the board, before another takes its place (Back may bring it again)
  shareEl.replaceChildren();
  resumeEl.hidden = rewindEl.hidden = true;
  if (!hasPuzzle(query)) {
    clearPuzzle();
    introEl.hidden = false;
    showGames();
    setStatus("ready", "No puzzle in the link: paste a puzzle string or link above, or open an example.");
    return;
  }
  introEl.hidden = true;
  const view = state.bridge.invoke("decode_view", query);
  if (view.error) {
    clearPuzzle();
    setStatus("error", view.error);
    return;
  }
  stopSolving();
  setPaused(false);
  state.text = query;
  state.view = view;
  state.solution = null;
  state.problems = null;
  // SudokuWiki writes every digit as a pencil mark in a cell nobody has narrowed: read as none.
  const opening = can("opening_progress") ? state.bridge.invoke("opening_progress", query, view.progress) : {};
  state.progress = (opening.progress ?? view.progress).slice();
  state.opened = state.progress.slice();
  state.colours = noColours(view.size);
  state.undo = [];
  state.redo = [];
  state.selected = -1;
  state.also = new Set();
  state.highlight = state.brush = "";
  document.body.classList.toggle("big-grid", view.size > 9);
  cageHelpEl.hidden = embed || !view.cages.length || !can("cage_view");
  state.board = renderBoard(view, boardEl);
  hints.reset();
  buildToolbar();
  refresh();
  const name = KIND_NAMES[view.kind] ?? view.kind;
  state.label = `${name} ${view.size}\u00d7${view.size}`;
  state.details = `Read from a ${view.format} string.`;
  document.title = `${state.label} \u2014 Puzzle link viewer`;
  state.board.grid.setAttribute("aria-label", `${state.label} grid`);
  showPlayStatus();
  performance.mark("grid-rendered"); // bench/page_bench.py reads this
  const bare = state.bridge.invoke("share", query, view.progress.map((note) => (note[0] === "g" ? note : ".")));
  state.gameKey = bare.error ? null : bare.bd;
  clock.set(0);   // (refresh() above has started it)
  const reloaded = offerSavedGame();
  if (keepHistory() || reloaded) refresh();   // the colours or the undo buttons changed
}

/** A game of this puzzle saved on this device that differs from the position just opened: offered
 * under the board (Resume puts it on the board as one undoable change). Not in an embed, whose
 * frame has room for the grid and its buttons only. True when the saved game is the position just
 * opened (a reload): its clock, colours and pause are put back, and the caller redraws. */
function offerSavedGame() {
  const game = state.gameKey && !embed ? savedGame(state.gameKey) : null;
  if (!game || game.progress.length !== state.progress.length) return false;
  const colours = game.colours.length === state.colours.length ? game.colours : state.colours;
  if (samePosition(game.progress, state.progress)) {
    // a reload (the address keeps the game): the clock, the colours and a pause go on too
    clock.set(game.seconds);
    state.colours = colours;
    if (game.paused) setPaused(true);
    return true;
  }
  const placed = game.progress.filter((note) => note[0] === "s").length;
  const marked = game.progress.filter((note) => note[0] === "c").length;
  const painted = colours.filter(Boolean).length;
  const what = [placed && count(placed, "digit") + " placed", marked && count(marked, "cell") + " pencil-marked",
    painted && count(painted, "cell") + " coloured",
    game.seconds && clockText(game.seconds) + " on the clock"].filter(Boolean).join(", ") || "no digits";
  const when = new Date(game.saved).toLocaleString([], { dateStyle: "medium", timeStyle: "short" });
  const text = el("span", {}, `You have a game of this puzzle saved on this device (${what}; ${when}).`);
  const resume = button("resume-game", "Resume", "Put the saved game on the board (Undo takes it back)", () => {
    resumeEl.hidden = true;
    clock.set(game.seconds);
    commit(game.progress.slice(), colours);
  });
  const dismiss = button("dismiss-game", "Start afresh",
    "Keep the position the link opened with (the saved game is replaced once you play)", () => { resumeEl.hidden = true; });
  resumeEl.replaceChildren(text, resume, dismiss);
  resumeEl.hidden = false;
  return false;
}

/** The saved games on the start page (games.js, loaded only then: a link to a puzzle never waits
 * for it). */
async function showGames() {
  gamesEl.hidden = true;
  if (embed) return;
  const { listGames } = await import("./games.js");
  if (state.view) return;   // a puzzle opened meanwhile
  listGames(gamesEl, { invoke: state.bridge.invoke, linkTo: pageUrl, kindName: (kind) => KIND_NAMES[kind] ?? kind, count });
}

const can = (...names) => names.every((name) => state.bridge?.info.functions.includes(name));

function refresh() {
  state.play = state.view && can("play_view") ? state.bridge.invoke("play_view", state.text, state.progress) : null;
  if (state.play?.error) state.play = null;
  state.board?.update(state.progress, state.selected, state.problems, {
    also: state.also,
    colours: state.colours,
    conflicts: state.settings.conflicts ? state.play?.conflicts ?? [] : [],
    shown: state.auto && state.play ? state.play.candidates : null,
    highlight: state.highlight,
  });
  const auto = toolbarEl.querySelector("[data-action=auto-candidates]");
  if (auto) auto.setAttribute("aria-pressed", String(state.auto));
  for (const [action, stack] of [["undo", state.undo], ["redo", state.redo]]) {
    const button = toolbarEl.querySelector(`[data-action=${action}]`);
    if (button) button.disabled = stack.length === 0;
  }
  const reset = toolbarEl.querySelector("[data-action=reset]");
  if (reset) reset.disabled = asOpened();
  showRemaining();
  showCageHelp();
  runClock();
}

/** The clock runs while the reader can play: a puzzle open and not solved, not paused, the page
 * in sight (a tab in the background or a phone's locked screen is not time on the puzzle). */
function runClock() {
  const solved = Boolean(state.play?.solved);
  clock.element.hidden = !state.view || embed || !state.settings.clock;
  clock.element.disabled = solved;   // nothing to pause: the time stays as the puzzle's
  clock.run(Boolean(state.view) && !embed && !solved && !state.paused && !document.hidden);
}

/** Pausing covers the board and takes its input away (the buttons and the pad too), as a puzzle
 * app's pause does: the clock stops, and the puzzle cannot be studied on the side. */
function setPaused(paused) {
  if (paused && (!state.view || state.play?.solved)) return;
  state.paused = paused;
  clock.showPaused(paused);
  for (const part of [toolbarEl, padEl, hints.panel]) part.inert = paused;
  const board = boardEl.querySelector(".board");
  board?.classList.toggle("paused", paused);
  board?.querySelector(".pause-cover")?.remove();
  if (paused && board) {
    const cover = button("go-on", "", "The clock is stopped; press to go on", () => setPaused(false));
    cover.className = "pause-cover";
    // the words stay in sight on a grid wider than the screen (sticky within the scrolled board)
    cover.append(el("span", {}, "Paused \u2014 press to go on"));
    board.append(cover);
    cover.focus();
  }
  runClock();
}

/** The game as saved.js keeps it. */
const currentGame = (paused) => ({ progress: state.progress, seconds: clock.seconds(), colours: state.colours, paused });

/** Whether the board is as the link opened it: the same position, nothing coloured. */
const asOpened = () => samePosition(state.progress, state.opened) && !isColoured(state.colours);

/** After a reload: this tab's undo and redo history of the game, if it was kept at this very
 * position (saveNow). True if it was. */
function keepHistory() {
  const history = state.gameKey && !embed ? savedHistory(state.gameKey) : null;
  const at = history?.at;
  if (!at || !samePosition(at.progress, state.progress) || !sameColours(readColours(at.colours), state.colours)) return false;
  // (a history an older page kept holds its colours one character a cell)
  const entries = [...history.undo, ...history.redo].map((entry) => ({ progress: entry?.progress, colours: readColours(entry?.colours) }));
  if (!entries.every((entry) => entry.progress?.length === state.progress.length && entry.colours?.length === state.colours.length)) return false;
  state.undo = entries.slice(0, history.undo.length);
  state.redo = entries.slice(history.undo.length);
  return true;
}

/** The game and its clock, saved when the page goes out of sight (the last change saved the
 * game already, but not the minutes spent thinking since). */
function saveNow() {
  if (!state.view || !state.gameKey || embed) return;
  saveHistory(state.gameKey, { at: here(), undo: state.undo, redo: state.redo });
  // as it opened: saved only as the saved game's new time (after a reload, which opens the game)
  if (asOpened() && !samePosition(savedGame(state.gameKey)?.progress, state.progress)) return;
  saveGame(state.gameKey, currentGame(state.paused));
}
bindSettings(state.settings, () => {
  refresh();
  if (state.view && !state.solving && statusEl.dataset.state !== "error") showPlayStatus();
});

document.addEventListener("visibilitychange", () => {
  if (document.hidden) saveNow();
  runClock();
});
addEventListener("pagehide", saveNow);

/** Each pad key counts the copies of its digit still to place (play_view's `remaining`), and a
 * digit placed everywhere fades, as in puzzle apps: it is still a key (a wrong copy may need
 * moving), so it stays enabled. */
function showRemaining() {
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

let cageHelpFor = -1;   // the cell the cage line was last written for

/** Caged puzzles: the selected cell's cage and the digits that can still fill it, narrowed by the
 * placed digits only (cage_view), as a killer player's table of combinations. One line of fixed
 * height under the board, so nothing moves as the selection does (the whole list in its title). */
function showCageHelp() {
  if (cageHelpEl.hidden) return;
  const cage = state.view && state.selected >= 0
    ? state.bridge.invoke("cage_view", state.text, state.progress, state.selected) : {};
  // Screen readers hear the line as the selected cell's description.
  for (const [i, cell] of (state.board?.cells ?? []).entries()) {
    if (i === state.selected && cage.clue) cell.setAttribute("aria-describedby", "cage-help");
    else cell.removeAttribute("aria-describedby");
  }
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

/** Opens what was pasted: the page URL becomes ?bd=… (plus jigmap/shape) and the grid is drawn. */
function open(text) {
  let query = queryFor(text);
  // A bare 81-digit string from a SudokuX page, say, needs the page name to be read as Sudoku X:
  // when the query alone would read as another kind, link to the versioned (kind-carrying) string.
  const pasted = state.bridge.invoke("decode_view", text);
  if (!pasted.error) {
    const alone = state.bridge.invoke("decode_view", query);
    if (alone.error || alone.kind !== pasted.kind) {
      const shared = state.bridge.invoke("share", text, pasted.progress);
      if (!shared.error) query = "bd=" + encodeURIComponent(shared.bd);
    }
  }
  history.pushState(null, "", pageUrl(query));
  show(query);
}

// ---- toolbar, playing on -----------------------------------------------------------------------
function buildToolbar() {
  const pencil = button("pencil", "Pencil", "Pencil-mark mode: digits toggle candidates (Space; Shift+digit for one mark)", togglePencil);
  pencil.setAttribute("aria-pressed", String(state.pencil));
  const can = (...names) => names.every((name) => state.bridge.info.functions.includes(name));
  toolbarEl.replaceChildren(...[
    button("undo", "Undo", "Undo the last change (Ctrl+Z)", undo, "\u21b6"),
    button("redo", "Redo", "Redo (Ctrl+Y)", redo, "\u21b7"),
    pencil,
    can("play_view") && button("auto-candidates", "Auto", "Show the candidates the rules allow instead of the pencil marks", toggleAuto),
    can("fill_candidates") && button("fill-candidates", "Fill candidates", "Pencil in every candidate the rules allow", fillCandidates, "Fill"),
    button("clear-marks", "Clear marks", "Remove every pencil mark (in Colour mode, every colour)", clearMarks, "Clear"),
    button("reset", "Reset", "Back to the position the link opened with", reset),
    el("span", { class: "toolbar-break" }),  // phones: entering, then reasoning
    ...(can("hint_view") ? hints.buttons() : []),
    can(...SOLVER) && button("check", "Check", "Mark digits and pencil marks that disagree with the solution", check),
    can(...SOLVER) && button("solve", "Solve", "Fill in the solution", solveClicked),
    button("share", "Share", "Links to this position, embed code, pictures and printing", share),
  ].filter(Boolean));
  buildPad();
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

/** After any change to the position, Check's marks and a "solved"/"checked" message are stale. */
function changed() {
  state.problems = null;
  rewindEl.hidden = true;
  refresh();
  if (!state.solving && statusEl.dataset.state !== "error") showPlayStatus();
  keepInAddress();
  hints.onChange();
}

/** The status while playing: solved (celebrated once), the first broken rule, or the puzzle's name. */
function showPlayStatus() {
  const play = state.play;
  const wasSolved = statusEl.dataset.state === "solved";
  if (play?.solved) {
    const time = state.fillingSolution || !state.settings.clock ? "" : ` in ${clockText(clock.seconds())}`;
    setStatus("solved", `Solved${time} \u2014 every digit is right. Well done!`, state.details);
    if (!wasSolved && !state.fillingSolution) celebrate();
  } else if (play?.clashes?.length && state.settings.conflicts) {
    const reason = play.clashes[0].reason;
    const more = play.clashes.length - 1;
    setStatus("ready", `${reason[0].toUpperCase()}${reason.slice(1)}${more ? ` (and ${more} more)` : ""}.`, state.details);
  } else {
    setStatus("ready", state.label, state.details);
  }
  boardEl.classList.toggle("complete", Boolean(play?.solved));
}

/** A short glow over the board (none when the reader asks for less motion: see style.css). */
function celebrate() {
  const board = boardEl.querySelector(".board");
  if (!board) return;
  board.classList.remove("celebrate");
  void board.offsetWidth; // restart the animation
  board.classList.add("celebrate");
}

/** Every change of position goes into the address (replaceState, no new history entry), so a
 * reload or a copied address keeps the work: the link as opened while nothing has changed, else
 * a version B/C string with the progress. */
function keepInAddress() {
  if (!state.view) return;
  const unchanged = samePosition(state.progress, state.opened);
  let query = state.text;
  if (!unchanged) {
    const shared = state.bridge.invoke("share", state.text, state.progress);
    if (shared.error) return;
    query = "bd=" + encodeURIComponent(shared.bd);
  }
  const url = pageUrl(query);
  if (location.search !== url) history.replaceState(history.state, "", url);
  if (state.gameKey) saveGame(state.gameKey, asOpened() ? null : currentGame(false));
}

/** What Undo and Redo go back and forth between: the position and the cell colours. */
const here = () => ({ progress: state.progress, colours: state.colours });
function goTo({ progress, colours }) {
  state.progress = progress;
  state.colours = colours;
}

function commit(progress, colours = state.colours) {
  state.undo.push(here());
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

function undo() {
  if (!state.undo.length) return;
  state.redo.push(here());
  goTo(state.undo.pop());
  changed();
}

function redo() {
  if (!state.redo.length) return;
  state.undo.push(here());
  goTo(state.redo.pop());
  changed();
}

// ---- solve, check, cancel ----------------------------------------------------------------------
// The solver runs on this thread in slices (a worker would need a second Python runtime, seconds
// to start): each solve_step call runs a bounded number of search nodes, sized to take 20-40 ms,
// then the loop yields to the browser so clicks, keys and the Cancel button are handled.
const SOLVER = ["solve_start", "solve_step", "solve_cancel", "check_view"];
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
  let slice = Math.min(32, SLICE_CAP);
  try {
    await yieldForPaint();
    if (job.cancelled) return null;   // (stopSolving cancelled a solver already running)
    if (job.id === null) {
      const started = state.bridge.invoke("solve_start", state.text);
      if (started.error) {
        setStatus("ready", `Cannot solve this puzzle: ${started.error}`);
        return null;
      }
      job.id = started.id;
    }
    for (;;) {
      await yieldToBrowser();
      if (job.cancelled) {
        state.bridge.invoke("solve_cancel", job.id);  // cancelled during set-up: id was unknown
        return null;
      }
      const t = performance.now();
      const result = state.bridge.invoke("solve_step", job.id, slice);
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
        state.bridge.invoke("solve_cancel", job.id, true);   // the hints go on without it
        return { status: "timeout" };
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
    statusEl.classList.add("paused");   // shown in an embed too, which hides the other "ready" texts
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

/** Forgets a solve in progress (Cancel, or another puzzle opened). */
function stopSolving() {
  const job = state.solving;
  if (!job) return null;
  job.cancelled = true;
  job.resume?.(false);
  state.bridge.invoke("solve_cancel", job.id);
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

const count = (n, one, many = one + "s") => `${n.toLocaleString("en")} ${n === 1 ? one : many}`;
const stats = (r) => `${count(r.nodes, "search node")}, ${count(r.guesses, "guess", "guesses")}, ${(r.seconds * 1000).toFixed(0)} ms of Python`;

// The unique solution (sliced solve, or the cached one), or null after saying why there is none
// (or, for a puzzle with several solutions, after calling `whenSeveral` when given).
async function uniqueSolution(verb, whenSeveral = null) {
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
function solvedFirst(then) {
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
  const started = state.bridge.invoke("solve_start", state.text);
  if (started.error) return null;
  const t0 = performance.now();
  for (;;) {
    const result = state.bridge.invoke("solve_step", started.id, 8);   // 8 nodes: 25×25 ones take ms each
    if (result.error) return null;
    if (result.done) return (state.solution = { text: state.text, ...result });
    if (performance.now() - t0 > ms) return { running: started.id };
  }
}

async function solveClicked() {
  const result = await uniqueSolution("Solving");
  if (!result) return;
  fillIn(result.solution);
  setStatus("solved", "Solved: the solution is filled in.", `The solver took ${stats(result)}.`);
}

/** Fills every open cell with the solution's digit (one undoable change). */
function fillIn(solution) {
  const progress = state.progress.map((note, i) => (note[0] === "g" ? note : "s" + DIGITS[solution[i]]));
  state.fillingSolution = true;  // the solver's fill is not the reader's win: no celebration
  try {
    if (!samePosition(progress, state.progress)) commit(progress);
  } finally {
    state.fillingSolution = false;
  }
}

async function check() {
  const result = await uniqueSolution("Checking", can("check_several") ? checkSeveral : null);
  if (!result) return;
  const checked = state.bridge.invoke("check_view", state.text, state.progress, result.solution);
  if (checked.error) {
    setStatus("ready", `Cannot check: ${checked.error}`);
    return;
  }
  state.problems = new Map(checked.problems.map((p) => [p.cell, p.problem]));
  refresh();
  const n = checked.problems.length;
  const wrong = checked.problems.filter((p) => p.problem === "wrong-digit").length;
  if (n) offerRewind(result.solution);
  const done = state.progress.every((note) => note[0] === "g" || note[0] === "s");
  setStatus("ready", n === 0 ? (done ? "Checked: all correct." : "Checked: no mistakes so far.")
    : `Checked: ${count(n, "problem")} marked in red (${[wrong && count(wrong, "wrong digit"),
      n - wrong && `${count(n - wrong, "pencil-mark set")} missing the solution's digit`].filter(Boolean).join(", ")}).`);
}

/** Check for a puzzle with several solutions: whether any of them keeps all the placed digits,
 * and which digit to blame when none does (api.check_several). */
function checkSeveral() {
  const checked = state.bridge.invoke("check_several", state.text, state.progress);
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
  const found = state.bridge.invoke("back_to_right", state.text, history, solution);
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

function reset() {
  if (asOpened()) return;
  commit(state.opened.slice(), noColours(state.view.size));
  clock.set(0);   // starting over: the clock does too
}

/** Types `ch` (a digit character, or "" to clear) into `cells` (the selected ones unless given):
 * a digit (removed from its peers' pencil marks in the same change), or with `pencil` a pencil
 * mark toggled. Several cells change together, as one undoable change: a mark goes into all of
 * them unless all have it already, when it leaves all of them. With no cell, the digit is shown
 * everywhere instead (highlightDigit). */
function enter(ch, pencil = state.pencil, cells = selection()) {
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
  let progress = state.progress;
  const again = ch !== "" && open.every((i) => progress[i] === "s" + ch);
  for (const i of open) {
    if (ch === "" || again) {
      progress = withNote(progress, i, ".");   // the same digit again takes it out
    } else if (progress[i] !== "s" + ch) {
      progress = withDigit(progress, i, ch);
    }
  }
  if (samePosition(progress, state.progress)) return;
  const before = new Set((state.play?.finished ?? []).map(String));
  commit(progress);
  // houses and cages this entry finished glow a moment (the whole grid solved is celebrated instead)
  const now = (state.play?.finished ?? []).filter((group) => !before.has(String(group)));
  if (now.length && !state.play.solved) state.board.flash(new Set(now.flat()));
}

/** With no cell selected, a digit's key shows where that digit is (placed, and among the marks),
 * as puzzle apps do for scanning; the same key again, Escape or selecting a cell ends it. */
function highlightDigit(ch) {
  state.highlight = ch === "" || ch === state.highlight ? "" : ch;
  refresh();
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
function padColour(colour) {
  if (!state.settings.digitFirst) {
    paint(colour);
    return;
  }
  if (state.selected >= 0) deselect();
  state.brush = colour === state.brush ? "" : colour;
  refresh();
}

/** Digit first, a digit picked: a tap on a cell enters it there (a mark in Pencil mode; the same
 * digit again takes it out) instead of selecting the cell; in Colour mode, a colour picked, the
 * tap colours the cell (or takes that colour off it). True if it did. */
function placeAt(index) {
  if (!picking()) return false;
  if (state.colouring) paint(state.brush, [index]);
  else enter(state.highlight, state.pencil, [index]);
  return true;
}

/** Digit first: a press that entered the picked digit goes on over the cells a mouse drag (or a
 * finger after a long press) passes, doing to each what it did to the first (putting the digit
 * or mark in, or taking it out), all one undoable change. */
function startStroke(index, before) {
  if (state.colouring) return { colour: state.brush, adding: state.colours[index].includes(state.brush), done: new Set([index]) };
  const ch = state.highlight, pencil = state.pencil, note = state.progress[index];
  const changed = state.progress !== before;
  // what the press did to its cell (nothing, in a given or a placed digit under Pencil: adding)
  const holds = pencil ? note[0] === "c" && note.includes(ch) : note === "s" + ch;
  const adding = !changed || holds;
  return { ch, pencil, adding, done: new Set([index]), changed };
}

function strokeOver(stroke, index) {
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
  const { ch, pencil, adding } = stroke;
  const note = state.progress[index];
  let progress = state.progress;
  if (note[0] === "g") return;
  if (pencil) {
    if (note[0] === "s") return;
    const marks = marksOf(note);
    if (adding) marks.add(ch);
    else marks.delete(ch);
    progress = withNote(progress, index, marksNote(marks));
  } else if (adding && note !== "s" + ch) {
    progress = withDigit(progress, index, ch);
  } else if (!adding && note === "s" + ch) {
    progress = withNote(progress, index, ".");
  }
  if (samePosition(progress, state.progress)) return;
  if (stroke.changed) amend(progress);
  else commit(progress);
  stroke.changed = true;
}

/** Digit first with a digit picked (in Colour mode, a colour): taps put it in cells. */
const picking = () => state.settings.digitFirst && state.selected < 0 && Boolean(state.colouring ? state.brush : state.highlight);

/** The selected cell, then the others selected with it, in grid order. */
const selection = () => (state.selected < 0 ? [] : [state.selected, ...[...state.also].sort((a, b) => a - b)]);

const withNote = (progress, i, note) => progress.map((old, j) => (j === i ? note : old));

/** `progress` with digit `ch` placed in cell `i` (and, with tidy marks, out of its peers' marks). */
function withDigit(progress, i, ch) {
  const placed = state.settings.tidyMarks && can("place_digit") ? state.bridge.invoke("place_digit", state.text, progress, i, DIGITS.indexOf(ch)) : {};
  return placed.progress ?? withNote(progress, i, "s" + ch);
}

/** Toggles pencil mark `ch` in `cells` (cells holding a digit keep it). With automatic
 * candidates shown, those become the pencil marks first (in the same change), so the mark toggled
 * is the one on screen. */
function toggleMarks(cells, ch) {
  let base = state.progress;
  if (state.auto) {
    const filled = state.bridge.invoke("fill_candidates", state.text, state.progress);
    if (filled.progress) base = filled.progress;
    state.auto = false;
  }
  const marked = cells.filter((i) => base[i][0] !== "s");
  if (!marked.length) return;
  const remove = marked.every((i) => marksOf(base[i]).has(ch));
  let progress = base;
  for (const i of marked) {
    const marks = marksOf(base[i]);
    if (remove) marks.delete(ch);
    else marks.add(ch);
    progress = withNote(progress, i, marksNote(marks));
  }
  commit(progress);
}

/** A cell's pencil marks (a Set of digit characters), and the note that holds a set of them. */
const marksOf = (note) => new Set(note[0] === "c" ? note.slice(1) : "");
const marksNote = (marks) => (marks.size ? "c" + [...marks].sort((a, b) => DIGITS.indexOf(a) - DIGITS.indexOf(b)).join("") : ".");

function toggleAuto() {
  state.auto = !state.auto;
  refresh();
}

function fillCandidates() {
  const filled = state.bridge.invoke("fill_candidates", state.text, state.progress);
  if (filled.progress && !samePosition(filled.progress, state.progress)) commit(filled.progress);
}

function clearMarks() {
  if (state.colouring) {
    if (isColoured(state.colours)) commit(state.progress, noColours(state.view.size));
    return;
  }
  state.auto = false;
  const cleared = state.progress.map((note) => (note[0] === "c" ? "." : note));
  if (!samePosition(cleared, state.progress)) commit(cleared);
  else refresh();
}

function togglePencil() {
  setModes(!state.pencil, false);
}

function toggleColouring() {
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

/** Puts `colour` ("1"-"9") on `cells` (the selected ones) beside the colours they have, one
 * undoable change; when all of them have it already, it leaves them all (as a pencil mark does).
 * "0" takes every colour off them. Givens take colours too: colouring is about cells, not digits. */
function paint(colour, cells = selection()) {
  if (!state.view || !cells.length) return;
  const on = colour !== "0" && !cells.every((i) => state.colours[i].includes(colour));
  const colours = state.colours.slice();
  for (const i of cells) colours[i] = colour === "0" ? "" : withColour(colours[i], colour, on);
  if (!sameColours(colours, state.colours)) commit(state.progress, colours);
}

/** Selects one cell; with `extend`, the cell joins the selection (the one selected before stays
 * in it), and with `toggle` a cell already in it leaves it. */
function select(index, { extend = false, toggle = false } = {}) {
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

function deselect() {
  state.selected = -1;
  state.also.clear();
  refresh();
}

function share() {
  // web/share.js: the dialog with links, the embed snippet, export and print
  openShareDialog({ invoke: state.bridge.invoke, text: state.text, progress: state.progress, board: boardEl, label: state.label });
}

// The grid is one tab stop (roving tabindex): the selected cell, or A1 before any selection.
// Focusing a cell selects it, so Tab lands on a selected cell and the keys below act on it.
// Ctrl (Cmd) or Shift with a click adds a cell to the selection (again, takes it out); a mouse
// drag over the grid selects the cells it passes. Touch: a long press adds a cell, as a phone has
// no Ctrl, and the finger then slid on adds the cells it passes (the page does not scroll under
// it); a finger that moves first is scrolling, a plain tap selects one cell, and a double tap (a
// double click) on a digit every cell holding it. With Digit first and a digit picked, the same
// gestures enter the digit instead (startStroke).
const LONG_PRESS_MS = 450;
let dragging = false;      // a mouse button held down since a press on a cell
let longPress = null;      // {timer, x, y} while a finger rests on a cell
let sliding = false;       // a long press happened and that finger is still down
let pressed = false;       // that press selected already: its click has nothing left to do
let stroke = null;         // Digit first: the press entering the picked digit (startStroke)
let pointerKind = "mouse"; // of the last press on the board
let lastTap = null;        // {index, time} of the last plain tap on a cell, for a double tap
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
        else select(index, { toggle: true });
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
  select(index);
  cell.focus({ preventScroll: true });
});

// A double click (a double tap) on a digit selects every cell holding it, to colour them or to
// mark them all.
boardEl.addEventListener("dblclick", (event) => {
  const cell = event.target.closest(".cell");
  if (cell && state.view) selectSameDigit(Number(cell.dataset.index));
});
function selectSameDigit(index) {
  const note = state.progress[index];
  if (picking() || (note[0] !== "g" && note[0] !== "s")) return;
  select(index);
  state.progress.forEach((other, i) => { if (i !== index && other.slice(1) === note.slice(1) && other[0] !== "c") state.also.add(i); });
  refresh();
}

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

// ---- navigation -----------------------------------------------------------------------------
form.addEventListener("submit", (event) => {
  event.preventDefault();
  const text = input.value.trim();
  if (!text) return;
  if (!state.bridge) {
    setStatus("loading", "Still loading the Python runtime; your puzzle opens as soon as it is ready…");
    bridgeReady.then(() => open(text), () => {});
    return;
  }
  open(text);
});

introEl.addEventListener("click", (event) => {
  const link = event.target.closest("a[href^='?']");
  if (!link || !state.bridge || event.ctrlKey || event.metaKey || event.shiftKey) return;
  event.preventDefault();
  history.pushState(null, "", pageUrl(puzzleQuery(link.getAttribute("href"))));
  show(puzzleQuery());
});

addEventListener("popstate", () => state.bridge && show(puzzleQuery()));

// ---- start -----------------------------------------------------------------------------------
addEventListener("py:progress", (event) => {
  if (statusEl.dataset.state === "loading" && typeof event.detail === "string") {
    setStatus("loading", `${event.detail.replace(/\.*$/, "")}…`);
  }
});

bridgeReady.then(
  (bridge) => {
    state.bridge = bridge;
    show(puzzleQuery());
    window.dispatchEvent(new CustomEvent("viewer:ready", { detail: bridge.info }));
    if ("serviceWorker" in navigator && location.protocol.startsWith("http")) {
      navigator.serviceWorker.register("./sw.js").catch(() => { /* offline use is a bonus */ });
    }
  },
  (error) => {
    clearPuzzle();
    setStatus("error", error.message);
  },
);

// For tests and embedding pages: the Python runtime's facts and a direct decode.
window.puzzleViewer = {
  ready: bridgeReady.then((bridge) => bridge.info),
  decode: async (text) => (await bridgeReady).invoke("decode_view", text),
  call: async (name, ...args) => (await bridgeReady).invoke(name, ...args),
  get state() { return state; },
};
