// The page's start: waits for Python (bridge.js), opens the puzzle in the address (show), and
// follows the address as the reader pastes a link, opens an example or goes Back. The rest of the
// page is in modules of its own (web/README.md has the map): the state (state.js), drawing it
// (view.js, render.js), editing (edit.js, select.js, input.js), the toolbar and pad (toolbar.js),
// the solver (solver.js), hints (hint.js) and keeping the work (keep.js).
// No puzzle logic here: decoding and encoding are Python calls.
import { state } from "./state.js";
import { bridgeReady, can, invoke, pythonUp } from "./bridge.js";
import {
  boardEl, cageHelpEl, embed, formEl, gamesEl, inputEl, introEl, padEl, pageUrl, resumeEl, rewindEl, shareEl,
  toolbarEl,
} from "./page.js";
import { count, setStatus, statusKind } from "./status.js";
import { renderBoard } from "./render.js";
import { setUpEmbed } from "./embed.js";
import { noColours } from "./colours.js";
import { bindSettings, bindStrategies } from "./settings.js";
import { clock, hints, refresh, setPaused, showPlayStatus, runClock } from "./view.js";
import { buildToolbar } from "./toolbar.js";
import { stopSolving } from "./solver.js";
import { keepHistory, offerSavedGame, saveNow } from "./keep.js";
import "./input.js";
import { registerServiceWorker } from "./stored.js";

const TITLE = "Puzzle link viewer";

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

/** Shows what pycore's open_view read from the address or a pasted link (`opened`): the grid
 * drawn, the toolbar and pad built, a saved game offered or (after a reload) put back; or the
 * start page when there is no puzzle, or the decoder's message when it cannot be read. */
function show(opened) {
  setterModule?.closeSetter();
  saveNow();   // the puzzle on the board, before another takes its place (Back may bring it again)
  shareEl.replaceChildren();
  resumeEl.hidden = rewindEl.hidden = true;
  introEl.hidden = !opened.no_puzzle;
  if (opened.error) {
    clearPuzzle();
    if (!opened.no_puzzle) setStatus("error", opened.error);
    else {
      showGames();
      setStatus("ready", `${opened.error}: paste a puzzle string or link above, or open an example.`);
    }
    return;
  }
  const { view } = opened;
  stopSolving();
  setPaused(false);
  Object.assign(state, {
    text: opened.query, view, solution: null, problems: null, gameKey: opened.save_key,
    progress: opened.progress.slice(), opened: opened.progress.slice(), colours: noColours(view.size),
    undo: [], redo: [], selected: -1, also: new Set(), highlight: "", brush: "", auto: false,
    label: opened.name, details: `Read from a ${view.format} string.`,
  });
  document.body.classList.toggle("big-grid", view.size > 9);
  cageHelpEl.hidden = embed || !view.cages.length || !can("cage_view");
  state.board = renderBoard(view, boardEl);
  state.board.grid.setAttribute("aria-label", `${state.label} grid`);
  hints.reset();
  buildToolbar();
  refresh();
  document.title = `${state.label} \u2014 ${TITLE}`;
  showPlayStatus();
  performance.mark("grid-rendered"); // bench/page_bench.py reads this
  clock.set(0);   // (refresh() above has started it)
  const reloaded = offerSavedGame();
  if (keepHistory() || reloaded) refresh();   // the colours or the undo buttons changed
}

// ---- the setter's mode (setter.js, loaded when the address asks for it) ------------------------
let setterModule = null;
const setting = () => /^\?(.*&)?set=/.test(location.search);

/** `?set=KIND&size=N`: the setter's grid instead of a puzzle; Done opens the finished puzzle
 * (`open`) and its Share dialog. */
async function showSetter() {
  clearPuzzle();
  introEl.hidden = true;
  setterModule ??= await import("./setter.js");
  setterModule.openSetter({ done: open, share: () => toolbarEl.querySelector("[data-action=share]")?.click() });
}

/** The New puzzle dialog's Set your own: the setter at `set=KIND&size=N`, Back returns. */
function setOwn(query) {
  history.pushState(null, "", pageUrl(query));
  showSetter();
}

/** The puzzle in the page's own address. */
const fromAddress = () => invoke("open_view", location.search);

/** The saved games on the start page (games.js, loaded only then: a link to a puzzle never waits
 * for it). */
async function showGames() {
  gamesEl.hidden = true;
  if (embed) return;
  const { listGames } = await import("./games.js");
  if (state.view) return;   // a puzzle opened meanwhile
  listGames(gamesEl, { invoke, linkTo: pageUrl, count });
}

/** Opens what was pasted (or an example's link): the page's address becomes the puzzle's query
 * (pycore's, which carries the kind even where only a link's page name said it) and the grid is
 * drawn. What cannot be read goes into the address as it was pasted, its message on the page. */
function open(text) {
  let opened = invoke("open_view", text);
  // the start page is for an address without a puzzle; a paste without one is an error to show
  if (opened.no_puzzle) opened = { error: opened.error };
  history.pushState(null, "", pageUrl(opened.query ?? "bd=" + encodeURIComponent(text).replace(/%2C/gi, ",")));
  show(opened);
}

bindSettings(state.settings, () => {
  refresh();
  if (state.view && !state.solving && statusKind() !== "error") showPlayStatus();
});

// the Strategies list: a strategy switched on or off makes the hint shown, and the path, stale
bindStrategies(state.strategiesOff, () => (can("strategy_families") ? invoke("strategy_families") : null),
  () => hints.reset());

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
  open(link.getAttribute("href"));
});

addEventListener("popstate", () => pythonUp() && (setting() ? showSetter() : show(fromAddress())));

// New puzzle (the open form's button, the start page's): newpuzzle.js, loaded when first asked for
document.addEventListener("click", async (event) => {
  if (!event.target.closest("[data-action=new-puzzle]") || embed) return;
  if (!pythonUp()) setStatus("loading", "Still loading the Python runtime; New puzzle opens as soon as it is ready…");
  try {
    await bridgeReady;
  } catch {
    return;   // the page says why Python did not start
  }
  const { openNewPuzzle } = await import("./newpuzzle.js");
  try {
    openNewPuzzle({ invoke, open, set: setOwn, current: state.view });
  } catch (error) {
    setStatus("error", `New puzzle cannot open: ${error.message}`);
  }
});

// ---- start -----------------------------------------------------------------------------------
addEventListener("py:progress", (event) => {
  if (statusKind() === "loading" && typeof event.detail === "string") {
    setStatus("loading", `${event.detail.replace(/\.*$/, "")}…`);
  }
});

bridgeReady.then(
  (bridge) => {
    if (setting()) showSetter();
    else show(fromAddress());
    // New puzzle only where its Python calls are there (as the toolbar's buttons)
    for (const b of document.querySelectorAll("[data-action=new-puzzle]")) b.hidden = !can("generate_options", "generate_view");
    window.dispatchEvent(new CustomEvent("viewer:ready", { detail: bridge.info }));
    registerServiceWorker("./sw.js");   // (stored.js: where the browser allows one)
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
