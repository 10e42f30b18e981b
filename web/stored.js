// What the page keeps in the browser, read back through one gate. localStorage holds the saved
// games (saved.js) and the settings (settings.js); sessionStorage the tab's undo history. All of a
// user's GitHub Pages project sites share one origin and so one storage: a record may come from
// another site, an older or newer build of this one, or a hand in devtools. Every record is
// checked here against the form this build writes (SCHEMA, versioned) or the older forms it still
// reads; one that does not fit is dropped, said quietly on the console, and never reaches the
// board. A record of a newer SCHEMA is left alone (a newer build at another path may be using it).
//
// Every storage call may throw (opaque origins, storage denied or partitioned away, a full quota):
// each is caught here and the page goes on without it, playing but not remembering.
import { readColours } from "./colours.js";
import { DIGITS } from "./position.js";

/** The version of the records this build writes; records with no `v` are version 1. */
export const SCHEMA = 2;

/** localStorage or sessionStorage ("local", "session"), or null where the browser denies it
 * (the getter itself throws in a sandboxed frame). */
function area(name) {
  try {
    return name === "session" ? globalThis.sessionStorage ?? null : globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** The JSON value stored under `key` in `where` ("local" or "session"); undefined when there is
 * none, the storage is denied, or the text is not JSON. */
export function readItem(where, key) {
  try {
    const text = area(where)?.getItem(key);
    return text == null ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Stores `value` as JSON; false when the storage is denied or full. */
export function writeItem(where, key, value) {
  try {
    const storage = area(where);
    if (!storage) return false;
    storage.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

export function removeItem(where, key) {
  try {
    area(where)?.removeItem(key);
  } catch {
    // denied: nothing was kept to remove
  }
}

/** The names of the entries of `where` that start with `prefix` ([] when denied). */
export function itemKeys(where, prefix) {
  try {
    const storage = area(where);
    const keys = [];
    for (let i = 0; i < (storage?.length ?? 0); i++) {
      const key = storage.key(i);
      if (typeof key === "string" && key.startsWith(prefix)) keys.push(key);
    }
    return keys;
  } catch {
    return [];
  }
}

/** Says, quietly, that a stored record was dropped and why. */
export function dropped(where, key, why) {
  removeItem(where, key);
  console.info(`Puzzle link viewer: a kept record (${key}) did not fit and was dropped: ${why}`);
}

// ---- the records' forms ------------------------------------------------------------------------

/** The grid's side for `cells` cells (81 -> 9), or 0 when that is no grid the page opens. */
function sideOf(cells) {
  const n = Math.round(Math.sqrt(cells));
  return n * n === cells && n >= 1 && n < DIGITS.length ? n : 0;
}

/** Whether `note` is a cell's note as the page writes it for an n×n grid: "." open, "gD" a
 * given, "sD" a placed digit, "cDDD" pencil marks (each digit once), D in 1…n ("a"… above 9). */
function isNote(note, n) {
  if (note === ".") return true;
  if (typeof note !== "string" || note.length < 2 || !"gsc".includes(note[0])) return false;
  const digits = [...note.slice(1)];
  if (note[0] !== "c" && digits.length !== 1) return false;
  const inRange = digits.every((d) => { const v = DIGITS.indexOf(d); return v >= 1 && v <= n; });
  return inRange && new Set(digits).size === digits.length;
}

/** `value` when it is a position's progress (a note for every cell of a square grid), else null. */
export function readProgress(value) {
  if (!Array.isArray(value)) return null;
  const n = sideOf(value.length);
  return n && value.every((note) => isNote(note, n)) ? value : null;
}

/** Whether `progress` can be a position of the puzzle that opened as `opened`: as many cells,
 * and its givens exactly the puzzle's (a saved note "g7" must not make a cell a given). */
export function fitsPuzzle(progress, opened) {
  if (!opened) return true;
  if (progress.length !== opened.length) return false;
  return progress.every((note, i) => (note[0] === "g" || opened[i][0] === "g" ? note === opened[i] : true));
}

/** Colours kept with `progress`: one entry a cell, or none (a game saved before colours); null
 * when they are something else (numbers, the wrong count). */
function coloursFor(value, progress) {
  if (value === undefined) return [];
  const colours = readColours(value);
  if (!colours) return null;
  return colours.length === progress.length || colours.length === 0 ? colours : null;
}

/** Why a record of version `v` cannot be read, or "" when it can: a newer one is not ours. */
const newer = (record) => Number.isInteger(record?.v) && record.v > SCHEMA;

/** A saved game's record read back: {progress, saved, seconds, colours, paused, tab, solver}, or
 * {newer: true} for a newer build's record, or {problem: why} for one that does not fit. */
export function readGame(record) {
  if (newer(record)) return { newer: true };
  if (!record || typeof record !== "object" || Array.isArray(record)) return { problem: "not a game" };
  const progress = readProgress(record.progress);
  if (!progress) return { problem: "its position is not one" };
  if (!Number.isFinite(record.saved)) return { problem: "no time saved" };
  const colours = coloursFor(record.colours, progress);
  if (!colours) return { problem: "its colours are not colours" };
  return {
    progress,
    saved: record.saved,
    seconds: Number.isFinite(record.seconds) && record.seconds > 0 ? Math.floor(record.seconds) : 0,
    colours,
    paused: record.paused === true,
    tab: typeof record.tab === "string" ? record.tab : "",
    solver: record.solver === true,   // Solve filled the grid in, not the player
  };
}

/** One undo or redo entry ({progress, colours}) read back, or null. */
function readEntry(entry, opened) {
  const progress = readProgress(entry?.progress);
  if (!progress || !fitsPuzzle(progress, opened)) return null;
  const colours = readColours(entry.colours);
  return colours && colours.length === progress.length ? { progress, colours } : null;
}

/** A tab's undo history read back: {at, undo, redo}, each entry {progress, colours} of the
 * puzzle opened as `opened`; or {problem: why}. */
export function readHistory(record, opened) {
  if (newer(record)) return { newer: true };
  if (!record || !Array.isArray(record.undo) || !Array.isArray(record.redo)) return { problem: "not a history" };
  const at = readEntry(record.at, opened);
  if (!at) return { problem: "its position is not one of this puzzle" };
  // every entry has the givens of the position it leads to
  const undo = record.undo.map((entry) => readEntry(entry, opened ?? at.progress));
  const redo = record.redo.map((entry) => readEntry(entry, opened ?? at.progress));
  if (undo.includes(null) || redo.includes(null)) return { problem: "an entry is not a position of this puzzle" };
  const cells = at.progress.length;
  if ([...undo, ...redo].some((entry) => entry.progress.length !== cells)) return { problem: "its positions differ in size" };
  return { at, undo, redo };
}

/** A setter's draft kept on the device (setter.js): {query, saved}, the draft's address
 * ("set=KIND&size=N…", which pycore reads and checks again) and when it was kept; or {newer: true},
 * or {problem: why}. */
export function readDraft(record) {
  if (newer(record)) return { newer: true };
  if (!record || typeof record !== "object" || Array.isArray(record)) return { problem: "not a draft" };
  const { query } = record;
  if (typeof query !== "string" || !/^set=[a-z-]+&size=\d+(&[a-z]=[0-9a-z._]*)*$/.test(query) || query.length > 2000) {
    return { problem: "its address is not a draft's" };
  }
  if (!Number.isFinite(record.saved)) return { problem: "no time saved" };
  return { query, saved: record.saved };
}

/** The settings: `defaults` with what `record` holds of the same names and types over them. */
export function readSettings(record, defaults) {
  const chosen = record && typeof record === "object" && !Array.isArray(record)
    ? Object.entries(record).filter(([name, on]) => Object.hasOwn(defaults, name) && typeof on === typeof defaults[name])
    : [];
  return { ...defaults, ...Object.fromEntries(chosen) };
}

// ---- the browser's other stores --------------------------------------------------------------

// PyScript keeps a small key-value store in IndexedDB (its packages cache, which it opens and
// waits for at every start even with no packages; and one for pyscript.fs). Where IndexedDB is
// denied (a sandboxed frame, a frame in a local file's page, blocked third-party storage) the open
// throws, or fails and PyScript re-dispatches the failing event from inside its own handler ("The
// event is already being dispatched"): Python never started. So an open that cannot succeed
// succeeds in memory instead: a database of one store with the calls PyScript's store makes,
// kept for this visit only. This module is imported (through saved.js) by app.js, which the page
// loads before PyScript, so the guard is in place first.

/** A request that succeeds with `result` as soon as its opener has set its handlers. */
function answered(result) {
  const request = { result, readyState: "done", error: null };
  queueMicrotask(() => request.onsuccess?.({ type: "success", target: request }));
  return request;
}

/** An IndexedDB database in memory, whatever store is asked for (one Map holds them all). */
function databaseInMemory() {
  const data = new Map();
  const store = {
    get: (key) => answered(data.get(key)),
    getKey: (key) => answered(data.has(key) ? key : undefined),
    getAll: () => answered([...data.values()]),
    getAllKeys: () => answered([...data.keys()]),
    count: () => answered(data.size),
    put: (value, key) => { data.set(key, value); return answered(key); },
    add: (value, key) => { data.set(key, value); return answered(key); },
    delete: (key) => { data.delete(key); return answered(undefined); },
    clear: () => { data.clear(); return answered(undefined); },
  };
  return {
    objectStoreNames: { length: 1, contains: () => true, item: () => "entries" },
    createObjectStore: () => store,
    transaction: () => ({ objectStore: () => store, commit() {}, abort() {} }),
    close() {},
  };
}

/** `open` (IndexedDB's, or one that throws) made to fall back on a database in memory. The
 * request returned is a stand-in that passes the real request's events on, unless it fails. */
function openOrInMemory(open) {
  return (...args) => {
    let fallback = null, request = null;
    const stand = {
      get result() { return fallback ?? request?.result; },
      get error() { return fallback ? null : request?.error; },
      get readyState() { return fallback ? "done" : request?.readyState; },
      get transaction() { return fallback ? null : request?.transaction; },
    };
    const inMemory = (why) => {
      console.info("Puzzle link viewer: IndexedDB is denied here; this visit keeps its data in memory:", why?.message ?? why);
      fallback = databaseInMemory();
      queueMicrotask(() => stand.onsuccess?.({ type: "success", target: stand }));
    };
    try {
      request = open(...args);
    } catch (error) {
      inMemory(error);
      return stand;
    }
    request.onupgradeneeded = (event) => stand.onupgradeneeded?.call(stand, event);
    request.onsuccess = (event) => stand.onsuccess?.call(stand, event);
    request.onblocked = (event) => stand.onblocked?.call(stand, event);
    request.onerror = (event) => {
      event.preventDefault();
      inMemory(request.error ?? "denied");
    };
    return stand;
  };
}

function guardIndexedDB() {
  let factory;
  try {
    factory = globalThis.indexedDB;
  } catch {
    factory = null;   // the getter throws: denied
  }
  try {
    if (factory) {
      factory.open = openOrInMemory(factory.open.bind(factory));
    } else {
      const denied = () => { throw new DOMException("IndexedDB is not available", "SecurityError"); };
      const memory = { open: openOrInMemory(denied), deleteDatabase: () => answered(undefined), cmp: (a, b) => (a < b ? -1 : a > b ? 1 : 0) };
      Object.defineProperty(globalThis, "indexedDB", { value: memory, configurable: true, writable: true });
    }
  } catch {
    // a factory we cannot wrap: leave it
  }
}
guardIndexedDB();

/** Registers the offline service worker where the browser allows one; never throws (a sandboxed
 * frame's `navigator.serviceWorker` throws on access, a file:// page has none). */
export function registerServiceWorker(url) {
  try {
    if (!location.protocol.startsWith("http") || !("serviceWorker" in navigator)) return;
    navigator.serviceWorker.register(url).catch(() => { /* offline use is a bonus */ });
  } catch {
    // storage denied: no offline copy, the page works online
  }
}
