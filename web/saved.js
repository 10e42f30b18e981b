// Games played on this device, so that opening a puzzle's link again (from the same e-mail or
// forum post, say) offers to go on where the reader stopped: the address keeps their work only
// in the tab they played in. One localStorage entry per game, keyed by the puzzle's string
// without progress; the most recent LIMIT are kept. Every record is read through stored.js,
// which drops what does not fit; storage may be off, denied or full: then nothing is remembered
// and nothing fails.
//
// Two tabs on one puzzle: each page remembers which record it read or last wrote (its "slot").
// When it comes to save and finds the record changed by another tab since, it does not write
// over it: it keeps its own game beside it, under a name of its own (the puzzle's key, a line
// break and the tab's id), so both games stay, and the start page lists both.
import { SCHEMA, dropped, fitsPuzzle, itemKeys, readGame, readHistory, readItem, removeItem, writeItem } from "./stored.js";

const PREFIX = "puzzle-viewer:game:";
const ASIDE = "\n";   // never in a puzzle string: the key's end, before another tab's own game
const LIMIT = 50;
// this page's id, on the records it writes
const TAB = Math.random().toString(36).slice(2, 10) + Date.now().toString(36);

const slots = new Map();   // puzzle key -> the entry this page reads and writes its game at
const seen = new Map();    // entry -> the stamp of the record this page last read or wrote there ("" none)

const stamp = (record) => (record ? `${record.saved}:${record.tab}` : "");
const keyOf = (name) => name.slice(PREFIX.length).split(ASIDE)[0];

/** The game stored at entry `name`, checked (and dropped, quietly, when it does not fit the
 * puzzle opened as `opened`, if given); null when none fits. */
function gameAt(name, opened = null) {
  const record = readItem("local", name);
  if (record === undefined) return null;
  const game = readGame(record);
  if (game.newer) return null;
  if (game.problem || !fitsPuzzle(game.progress, opened)) {
    dropped("local", name, game.problem ?? "its givens are not the puzzle's");
    return null;
  }
  return game;
}

/** The entries of `key`'s games: its own, then those other tabs kept beside it. */
const entriesOf = (key) => [PREFIX + key, ...itemKeys("local", PREFIX + key + ASIDE)];

/** The game saved for `key`: {progress, saved (ms since the epoch), seconds (on its clock; 0 in
 * games saved before the page had a clock), colours (colours.js: per cell its colours; [] in games
 * saved before the page had colours), paused (its clock was paused when the page went)}, or null.
 * `opened`, the position the puzzle opened with, rules out games whose givens are not the
 * puzzle's. The first call for a key on a page picks the game this page goes on with: one at
 * exactly the opened position (a reload, or a link from the start page's list), else the most
 * recent; later calls read that game again. */
export function savedGame(key, opened = null) {
  if (!slots.has(key)) {
    const games = entriesOf(key).map((name) => ({ name, game: gameAt(name, opened) })).filter(({ game }) => game);
    const here = opened && games.find(({ game }) => game.progress.every((note, i) => note === opened[i]));
    const latest = games.sort((a, b) => b.game.saved - a.game.saved)[0];
    const chosen = here ?? latest ?? { name: PREFIX + key, game: null };
    slots.set(key, chosen.name);
    seen.set(chosen.name, stamp(chosen.game));
  }
  const game = gameAt(slots.get(key), opened);
  return game && { ...game };
}

/** Every game saved on this device, the most recently played first: [{key, name (its entry, for
 * forgetGame), ...savedGame(key)}]. */
export function savedGames() {
  const games = [];
  for (const name of itemKeys("local", PREFIX)) {
    const game = gameAt(name);
    if (game) games.push({ key: keyOf(name), name, ...game });
  }
  return games.sort((a, b) => b.saved - a.saved);
}

/** Forgets the game kept at entry `name` (savedGames' `name`). */
export function forgetGame(name) {
  removeItem("local", name);
}

/** Remembers `game` ({progress, seconds on its clock, colours, paused, solver: Solve filled it
 * in}) as this page's game of `key`, or forgets it when `game` is null. A record another tab
 * wrote since this page read it is kept: this page's game goes beside it instead. */
export function saveGame(key, game) {
  if (!slots.has(key)) {
    slots.set(key, PREFIX + key);   // never read (an embed): any game already there is another's
    if (!seen.has(PREFIX + key)) seen.set(PREFIX + key, "");
  }
  let name = slots.get(key);
  const stored = readItem("local", name);
  let there = stored === undefined ? null : readGame(stored);
  if (there?.problem) {
    dropped("local", name, there.problem);
    there = null;
  }
  const theirs = there !== null && (there.newer || stamp(there) !== (seen.get(name) ?? ""));
  if (game === null) {
    if (!theirs) removeItem("local", name);
    seen.set(name, "");
    return;
  }
  if (theirs) {
    name = PREFIX + key + ASIDE + TAB;
    slots.set(key, name);
  }
  const { progress, seconds = 0, colours = [], paused = false, solver = false } = game;
  const record = { v: SCHEMA, progress, saved: Date.now(), seconds: Math.floor(seconds), colours, paused, tab: TAB, solver };
  if (!writeItem("local", name, record)) return;   // storage off or full: the game is simply not remembered
  seen.set(name, stamp(record));
  for (const old of savedGames().slice(LIMIT)) removeItem("local", old.name);
}

// The undo and redo history of the game in this tab, for a reload (or a phone bringing a discarded
// tab back) to keep it: sessionStorage, which lives as long as the tab. The newest HISTORY entries.
const HISTORY_PREFIX = "puzzle-viewer:history:";
const HISTORY = 300;

/** Keeps `history` ({at, undo, redo}: the position it belongs to, and the two stacks) for `key`. */
export function saveHistory(key, { at, undo, redo }) {
  // storage off or full: a reload starts a new history
  writeItem("session", HISTORY_PREFIX + key, { v: SCHEMA, at, undo: undo.slice(-HISTORY), redo: redo.slice(-HISTORY) });
}

/** The history kept for `key` in this tab ({at, undo, redo}, every entry {progress, colours} a
 * position of the puzzle opened as `opened`, or of `at`'s puzzle), or null. */
export function savedHistory(key, opened = null) {
  const name = HISTORY_PREFIX + key;
  const record = readItem("session", name);
  if (record === undefined) return null;
  const history = readHistory(record, opened);
  if (history.newer) return null;
  if (history.problem) {
    dropped("session", name, history.problem);
    return null;
  }
  return history;
}
