// The page's start: waits for Python (bridge.js), opens the puzzle in the address (show), and
// follows the address as the reader pastes a link, opens an example or goes Back. The rest of the
// page is in modules of its own (web/README.md has the map): the state (state.js), drawing it
// (view.js, render.js), editing (edit.js, select.js, input.js), the toolbar and pad (toolbar.js),
// the solver (solver.js), hints (hint.js) and keeping the work (keep.js).
// No puzzle logic here: decoding and encoding are Python calls.
import { state } from "./state.js";
import { bridgeReady, can, invoke, pythonUp } from "./bridge.js";
import {
  boardEl, cageHelpEl, embed, formEl, gamesEl, hasPuzzle, inputEl, introEl, padEl, pageUrl, puzzleQuery, queryFor,
  resumeEl, rewindEl, shareEl, toolbarEl,
} from "./page.js";
import { count, setStatus, statusKind } from "./status.js";
import { renderBoard } from "./render.js";
import { setUpEmbed } from "./embed.js";
import { noColours } from "./colours.js";
import { bindSettings } from "./settings.js";
import { clock, hints, refresh, setPaused, showPlayStatus, runClock } from "./view.js";
import { buildToolbar } from "./toolbar.js";
import { stopSolving } from "./solver.js";
import { keepHistory, offerSavedGame, saveNow } from "./keep.js";
import "./input.js";

const TITLE = "Puzzle link viewer";
const KIND_NAMES = {
  sudoku: "Sudoku", "sudoku-x": "Sudoku X", windoku: "Windoku", jigsaw: "Jigsaw Sudoku",
  killer: "Killer Sudoku", "killer-jigsaw": "Killer Jigsaw", kenken: "KenKen", kendoku: "KenDoku",
};

// web/embed.js: fit the frame (the hint panel included: view.js has put it in place), link out
if (embed) setUpEmbed({ boardEl, toolbarEl, padEl });

// ---- showing a puzzle --------------------------------------------------------------------------

/** No puzzle on the page (none in the link, or one that could not be read). */
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
  document.title = TITLE;   // not the first paint's guess at a puzzle that is not there
}

/** Opens the puzzle of `query` (the address's, without the page's own parameters): the grid
 * drawn, the toolbar and pad built, a saved game offered or (after a reload) put back. */
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
  const view = invoke("decode_view", query);
  if (view.error) {
    clearPuzzle();
    setStatus("error", view.error);
    return;
  }
  stopSolving();
  setPaused(false);
  Object.assign(state, {
    text: query, view, solution: null, problems: null,
    undo: [], redo: [], selected: -1, also: new Set(), highlight: "", brush: "",
  });
  // SudokuWiki writes every digit as a pencil mark in a cell nobody has narrowed: read as none.
  const opening = can("opening_progress") ? invoke("opening_progress", query, view.progress) : {};
  state.progress = (opening.progress ?? view.progress).slice();
  state.opened = state.progress.slice();
  state.colours = noColours(view.size);
  document.body.classList.toggle("big-grid", view.size > 9);
  cageHelpEl.hidden = embed || !view.cages.length || !can("cage_view");
  state.board = renderBoard(view, boardEl);
  hints.reset();
  buildToolbar();
  refresh();
  state.label = `${KIND_NAMES[view.kind] ?? view.kind} ${view.size}\u00d7${view.size}`;
  state.details = `Read from a ${view.format} string.`;
  document.title = `${state.label} \u2014 ${TITLE}`;
  state.board.grid.setAttribute("aria-label", `${state.label} grid`);
  showPlayStatus();
  performance.mark("grid-rendered"); // bench/page_bench.py reads this
  const bare = invoke("share", query, view.progress.map((note) => (note[0] === "g" ? note : ".")));
  state.gameKey = bare.error ? null : bare.bd;
  clock.set(0);   // (refresh() above has started it)
  const reloaded = offerSavedGame();
  if (keepHistory() || reloaded) refresh();   // the colours or the undo buttons changed
}

/** The saved games on the start page (games.js, loaded only then: a link to a puzzle never waits
 * for it). */
async function showGames() {
  gamesEl.hidden = true;
  if (embed) return;
  const { listGames } = await import("./games.js");
  if (state.view) return;   // a puzzle opened meanwhile
  listGames(gamesEl, { invoke, linkTo: pageUrl, kindName: (kind) => KIND_NAMES[kind] ?? kind, count });
}

/** Opens what was pasted: the page URL becomes ?bd=… (plus jigmap/shape) and the grid is drawn. */
function open(text) {
  let query = queryFor(text);
  // A bare 81-digit string from a SudokuX page, say, needs the page name to be read as Sudoku X:
  // when the query alone would read as another kind, link to the versioned (kind-carrying) string.
  const pasted = invoke("decode_view", text);
  if (!pasted.error) {
    const alone = invoke("decode_view", query);
    if (alone.error || alone.kind !== pasted.kind) {
      const shared = invoke("share", text, pasted.progress);
      if (!shared.error) query = "bd=" + encodeURIComponent(shared.bd);
    }
  }
  history.pushState(null, "", pageUrl(query));
  show(query);
}

bindSettings(state.settings, () => {
  refresh();
  if (state.view && !state.solving && statusKind() !== "error") showPlayStatus();
});

document.addEventListener("visibilitychange", () => {
  if (document.hidden) saveNow();
  runClock();
});
addEventListener("pagehide", saveNow);

// ---- navigation -----------------------------------------------------------------------------
formEl.addEventListener("submit", (event) => {
  event.preventDefault();
  const text = inputEl.value.trim();
  if (!text) return;
  if (!pythonUp()) {
    setStatus("loading", "Still loading the Python runtime; your puzzle opens as soon as it is ready…");
    bridgeReady.then(() => open(text), () => {});
    return;
  }
  open(text);
});

introEl.addEventListener("click", (event) => {
  const link = event.target.closest("a[href^='?']");
  if (!link || !pythonUp() || event.ctrlKey || event.metaKey || event.shiftKey) return;
  event.preventDefault();
  history.pushState(null, "", pageUrl(puzzleQuery(link.getAttribute("href"))));
  show(puzzleQuery());
});

addEventListener("popstate", () => pythonUp() && show(puzzleQuery()));

// ---- start -----------------------------------------------------------------------------------
addEventListener("py:progress", (event) => {
  if (statusKind() === "loading" && typeof event.detail === "string") {
    setStatus("loading", `${event.detail.replace(/\.*$/, "")}…`);
  }
});

bridgeReady.then(
  (bridge) => {
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

// For tests and embedding pages: the Python runtime's facts, a direct decode or call, the state.
window.puzzleViewer = {
  ready: bridgeReady.then((bridge) => bridge.info),
  decode: async (text) => (await bridgeReady).invoke("decode_view", text),
  call: async (name, ...args) => (await bridgeReady).invoke(name, ...args),
  get state() { return state; },
};
