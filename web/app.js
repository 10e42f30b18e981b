// Event glue between the page and pycore (Python, run by Pyodide served from ./pyodide/).
// No puzzle logic here: decoding and encoding are Python calls; render.js draws the result.
import { renderBoard, digitChar } from "./render.js";

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
const introEl = $("#intro");
const form = $("#open-form");
const input = $("#puzzle-input");
const embed = /[?&]embed=1(&|$)/.test(location.search);
document.body.classList.toggle("embed", embed);

function setStatus(state, text) {
  statusEl.dataset.state = state;
  statusEl.textContent = text;
}

// ---- the Python side -------------------------------------------------------------------------
// Plain Pyodide from ./pyodide/ (PyScript measured ~20% slower to start: see BENCHMARKS.md). The
// pycore wheel is unpacked into site-packages (no micropip) and main.py, the bridge, calls
// window.pycoreRegister(call, infoJson).
let resolveBridge, rejectBridge;
const bridgeReady = new Promise((resolve, reject) => { resolveBridge = resolve; rejectBridge = reject; });
window.pycoreRegister = (call, infoJson) => {
  const info = JSON.parse(infoJson);
  const invoke = (name, ...args) => JSON.parse(call(name, JSON.stringify(args)));
  if (info.import_error) rejectBridge(new Error(`pycore could not be imported: ${info.import_error}`));
  else resolveBridge({ info, invoke });
};

async function fetchOk(url, as) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response[as]();
}

async function startPython() {
  const wheelUrl = document.getElementById("pycore-wheel").href;
  const { loadPyodide } = await import("./pyodide/pyodide.mjs");
  const [pyodide, wheel, bridge] = await Promise.all([
    loadPyodide({ indexURL: new URL("./pyodide/", location.href).href }),
    fetchOk(wheelUrl, "arrayBuffer"),
    fetchOk("./main.py", "text"),
  ]);
  pyodide.unpackArchive(new Uint8Array(wheel), "wheel");
  pyodide.runPython(bridge, { filename: "main.py" });
}

// Start-up must never hang on "loading" without a word: failures and a start that never ends
// are shown as errors.
const startFailed = (message) => rejectBridge(new Error(message));
startPython().catch((error) => startFailed(`The Python runtime failed to start: ${error?.message ?? error}`));
setTimeout(() => startFailed("The Python runtime did not start within two minutes; reload the page to try again."), START_TIMEOUT_MS);

// ---- state -----------------------------------------------------------------------------------
const state = {
  text: "", view: null, board: null, progress: [], opened: [],
  undo: [], redo: [], selected: -1, pencil: false, bridge: null,
};

/** The page's query without its own parameters (embed), exactly as written: what the decoder reads. */
function puzzleQuery(search = location.search) {
  return search.replace(/^\?/, "").split("&").filter((part) => part && !/^embed=/.test(part)).join("&");
}

const hasPuzzle = (query) => /(^|&)bd=./.test(query);

/** A pasted string or link as this page's query: a link's bd/jigmap/shape, or bd=<string>. */
function queryFor(text) {
  const at = text.indexOf("?");
  const query = at >= 0 ? text.slice(at + 1).split("#")[0] : text;
  if (hasPuzzle(query)) return query.split("&").filter((part) => /^(bd|jigmap|shape)=/i.test(part)).join("&");
  return "bd=" + encodeURIComponent(text).replace(/%2C/gi, ",");
}

function pageUrl(query) {
  return "?" + query + (embed ? "&embed=1" : "");
}

// ---- showing a puzzle --------------------------------------------------------------------------
function clearPuzzle() {
  state.view = null;
  state.board = null;
  boardEl.replaceChildren();
  toolbarEl.replaceChildren();
  padEl.replaceChildren();
  shareEl.replaceChildren();
}

function show(query) {
  shareEl.replaceChildren();
  if (!hasPuzzle(query)) {
    clearPuzzle();
    introEl.hidden = false;
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
  state.text = query;
  state.view = view;
  state.progress = view.progress.slice();
  state.opened = view.progress.slice();
  state.undo = [];
  state.redo = [];
  state.selected = -1;
  document.body.classList.toggle("big-grid", view.size > 9);
  state.board = renderBoard(view, boardEl);
  buildToolbar();
  refresh();
  const name = KIND_NAMES[view.kind] ?? view.kind;
  setStatus("ready", `${name} ${view.size}\u00d7${view.size} (${view.format})`);
  performance.mark("grid-rendered"); // bench/page_bench.py reads this
}

function refresh() {
  state.board?.update(state.progress, state.selected);
  for (const [action, stack] of [["undo", state.undo], ["redo", state.redo]]) {
    const button = toolbarEl.querySelector(`[data-action=${action}]`);
    if (button) button.disabled = stack.length === 0;
  }
  const reset = toolbarEl.querySelector("[data-action=reset]");
  if (reset) reset.disabled = state.progress.every((note, i) => note === state.opened[i]);
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
function button(action, label, title, onClick) {
  const b = document.createElement("button");
  b.type = "button";
  b.dataset.action = action;
  b.textContent = label;
  b.title = title;
  b.addEventListener("click", onClick);
  return b;
}

function buildToolbar() {
  const pencil = button("pencil", "Pencil", "Pencil-mark mode: digits toggle candidates", () => {
    state.pencil = !state.pencil;
    pencil.setAttribute("aria-pressed", String(state.pencil));
  });
  pencil.setAttribute("aria-pressed", String(state.pencil));
  toolbarEl.replaceChildren(
    button("undo", "Undo", "Undo the last change (Ctrl+Z)", undo),
    button("redo", "Redo", "Redo (Ctrl+Y)", redo),
    pencil,
    button("reset", "Reset", "Back to the position the link opened with", reset),
    button("share", "Share", "Copy a link to this puzzle with your progress", share),
  );
  const pad = [];
  for (let d = 1; d <= state.view.size; d++) {
    const b = button("digit", digitChar(d), `Enter ${digitChar(d).toUpperCase()}`, () => enter(digitChar(d)));
    b.dataset.digit = digitChar(d);
    pad.push(b);
  }
  pad.push(button("erase", "\u232b", "Clear the cell", () => enter("")));
  padEl.replaceChildren(...pad);
}

function commit(progress) {
  state.undo.push(state.progress);
  state.redo = [];
  state.progress = progress;
  shareEl.replaceChildren();
  refresh();
}

function undo() {
  if (!state.undo.length) return;
  state.redo.push(state.progress);
  state.progress = state.undo.pop();
  refresh();
}

function redo() {
  if (!state.redo.length) return;
  state.undo.push(state.progress);
  state.progress = state.redo.pop();
  refresh();
}

function reset() {
  if (state.progress.every((note, i) => note === state.opened[i])) return;
  commit(state.opened.slice());
}

/** Types `ch` (a digit character, or "" to clear) into the selected cell. */
function enter(ch) {
  const i = state.selected;
  if (!state.view || i < 0) return;
  const note = state.progress[i];
  if (note[0] === "g") return;
  let next;
  if (ch === "") next = ".";
  else if (state.pencil) {
    if (note[0] === "s") return;
    const marks = new Set(note[0] === "c" ? note.slice(1) : "");
    marks.has(ch) ? marks.delete(ch) : marks.add(ch);
    next = marks.size ? "c" + [...marks].sort((a, b) => DIGITS.indexOf(a) - DIGITS.indexOf(b)).join("") : ".";
  } else next = note === "s" + ch ? "." : "s" + ch;
  if (next === note) return;
  const progress = state.progress.slice();
  progress[i] = next;
  commit(progress);
}

function select(index) {
  state.selected = index;
  refresh();
}

async function share() {
  const result = state.bridge.invoke("share", state.text, state.progress);
  if (result.error) {
    shareEl.textContent = `Cannot share this position: ${result.error}`;
    return;
  }
  const url = new URL(pageUrl("bd=" + encodeURIComponent(result.bd)), location.href).href;
  const link = document.createElement("a");
  link.href = url;
  link.textContent = url;
  link.dataset.testid = "share-link";
  let copied = false;
  try {
    await navigator.clipboard.writeText(url);
    copied = true;
  } catch { /* no clipboard permission: the link is shown to copy by hand */ }
  shareEl.replaceChildren(copied ? "Link copied: " : "Link to this position: ", link);
}

boardEl.addEventListener("click", (event) => {
  const cell = event.target.closest(".cell");
  if (!cell || !state.view) return;
  select(Number(cell.dataset.index));
  state.board.grid.focus({ preventScroll: true });
});

addEventListener("keydown", (event) => {
  if (!state.view || event.target === input || event.altKey || event.metaKey) return;
  const key = event.key;
  if (event.ctrlKey) {
    if (key === "z" || key === "Z") (event.shiftKey ? redo : undo)();
    else if (key === "y") redo();
    else return;
    event.preventDefault();
    return;
  }
  const n = state.view.size;
  const moves = { ArrowUp: -n, ArrowDown: n, ArrowLeft: -1, ArrowRight: 1 };
  if (key in moves) {
    const from = state.selected < 0 ? 0 : state.selected;
    const to = from + moves[key];
    const sameRow = Math.abs(moves[key]) !== 1 || Math.floor(to / n) === Math.floor(from / n);
    if (to >= 0 && to < n * n && sameRow) select(to);
    event.preventDefault();
    return;
  }
  if (state.selected < 0) return;
  const d = DIGITS.indexOf(key.toLowerCase());
  if (key.length === 1 && d >= 1 && d <= n) enter(digitChar(d));
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
  get state() { return state; },
};
