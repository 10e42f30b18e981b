// Games played on this device, so that opening a puzzle's link again (from the same e-mail or
// forum post, say) offers to go on where the reader stopped: the address keeps their work only
// in the tab they played in. One localStorage entry per puzzle, keyed by the puzzle's string
// without progress; the most recent LIMIT are kept. Storage may be off or full (private
// windows): then nothing is remembered and nothing fails.
import { readColours } from "./colours.js";

const PREFIX = "puzzle-viewer:game:";
const LIMIT = 50;

/** The game saved for `key`: {progress, saved (ms since the epoch), seconds (on its clock; 0 in
 * games saved before the page had a clock), colours (colours.js: per cell its colours; [] in games
 * saved before the page had colours), paused (its clock was paused when the page went)}, or null. */
export function savedGame(key) {
  try {
    const game = JSON.parse(localStorage.getItem(PREFIX + key));
    if (!Array.isArray(game?.progress) || typeof game.saved !== "number") return null;
    return {
      ...game,
      seconds: Number.isFinite(game.seconds) && game.seconds > 0 ? game.seconds : 0,
      colours: readColours(game.colours) ?? [],
      paused: game.paused === true,
    };
  } catch {
    return null;
  }
}

/** Every game saved on this device, the most recently played first: [{key, ...savedGame(key)}]. */
export function savedGames() {
  const games = [];
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const name = localStorage.key(i);
      const game = name.startsWith(PREFIX) ? savedGame(name.slice(PREFIX.length)) : null;
      if (game) games.push({ key: name.slice(PREFIX.length), ...game });
    }
  } catch {
    // storage off: no games
  }
  return games.sort((a, b) => b.saved - a.saved);
}

/** Remembers `game` ({progress, seconds on its clock, colours, paused}) as the game of `key`, or
 * forgets the game when `game` is null. */
export function saveGame(key, game) {
  try {
    if (game === null) {
      localStorage.removeItem(PREFIX + key);
      return;
    }
    const { progress, seconds = 0, colours = [], paused = false } = game;
    localStorage.setItem(PREFIX + key, JSON.stringify({ progress, saved: Date.now(), seconds: Math.floor(seconds), colours, paused }));
    for (const old of savedGames().slice(LIMIT)) localStorage.removeItem(PREFIX + old.key);
  } catch {
    // storage off or full: the game is simply not remembered
  }
}

// The undo and redo history of the game in this tab, for a reload (or a phone bringing a discarded
// tab back) to keep it: sessionStorage, which lives as long as the tab. The newest HISTORY entries.
const HISTORY_PREFIX = "puzzle-viewer:history:";
const HISTORY = 300;

/** Keeps `history` ({at, undo, redo}: the position it belongs to, and the two stacks) for `key`. */
export function saveHistory(key, { at, undo, redo }) {
  try {
    sessionStorage.setItem(HISTORY_PREFIX + key, JSON.stringify({ at, undo: undo.slice(-HISTORY), redo: redo.slice(-HISTORY) }));
  } catch {
    // storage off or full: a reload starts a new history
  }
}

/** The history kept for `key` in this tab, or null. */
export function savedHistory(key) {
  try {
    const history = JSON.parse(sessionStorage.getItem(HISTORY_PREFIX + key));
    return history && Array.isArray(history.undo) && Array.isArray(history.redo) ? history : null;
  } catch {
    return null;
  }
}
