// Keeping the reader's work: in the address (every change of position replaces `bd`, so a reload
// or a copied address keeps it), and on this device (saved.js): the game with its clock and
// colours, this tab's Undo and Redo for a reload, and the offer to resume a game saved earlier.
import { state } from "./state.js";
import { invoke } from "./bridge.js";
import { button, el } from "./dom.js";
import { embed, pageUrl, resumeEl } from "./page.js";
import { saveGame, savedGame, saveHistory, savedHistory } from "./saved.js";
import { readColours, sameColours } from "./colours.js";
import { clockText } from "./clock.js";
import { samePosition, tally } from "./position.js";
import { count } from "./status.js";
import { asOpened, commit, here, solvedBySolver } from "./edit.js";
import { clock, setPaused } from "./view.js";

/** The game as saved.js keeps it. */
const currentGame = (paused) => ({ progress: state.progress, seconds: clock.seconds(), colours: state.colours, paused,
  solver: solvedBySolver() });

/** Every change of position goes into the address (replaceState, no new history entry), so a
 * reload or a copied address keeps the work: the link as opened while nothing has changed, else
 * the page's own query for the position (pycore share's `query`: a version B/C string, marked so
 * that a cell holding every digit as a pencil mark reads back as written). */
export function keepInAddress() {
  if (!state.view) return;
  const unchanged = samePosition(state.progress, state.opened);
  let query = state.text;
  if (!unchanged) {
    const shared = invoke("share", state.text, state.progress);
    if (shared.error) return;
    query = shared.query;
  }
  const url = pageUrl(query);
  if (location.search !== url) history.replaceState(history.state, "", url);
  if (state.gameKey) saveGame(state.gameKey, asOpened() ? null : currentGame(false));
}

/** The game and its clock, saved when the page goes out of sight (the last change saved the
 * game already, but not the minutes spent thinking since). */
export function saveNow() {
  if (!state.view || !state.gameKey || embed) return;
  saveHistory(state.gameKey, { at: here(), undo: state.undo, redo: state.redo });
  // as it opened: saved only as the saved game's new time (after a reload, which opens the game)
  if (asOpened() && !samePosition(savedGame(state.gameKey)?.progress, state.progress)) return;
  saveGame(state.gameKey, currentGame(state.paused));
}

/** After a reload: this tab's undo and redo history of the game, if it was kept at this very
 * position (saveNow). True if it was. */
export function keepHistory() {
  const history = state.gameKey && !embed ? savedHistory(state.gameKey, state.opened) : null;
  const at = history?.at;
  if (!at || !samePosition(at.progress, state.progress) || !sameColours(readColours(at.colours), state.colours)) return false;
  // (a history an older page kept holds its colours one character a cell)
  const entries = [...history.undo, ...history.redo].map((entry) => ({ progress: entry?.progress, colours: readColours(entry?.colours) }));
  if (!entries.every((entry) => entry.progress?.length === state.progress.length && entry.colours?.length === state.colours.length)) return false;
  state.undo = entries.slice(0, history.undo.length);
  state.redo = entries.slice(history.undo.length);
  return true;
}

/** What a saved game holds, in words: "3 digits placed, 2 cells coloured, 1:15 on the clock". */
function gameWords(game, colours) {
  const { placed, marked } = tally(game.progress);
  const painted = colours.filter(Boolean).length;
  return [placed && count(placed, "digit") + " placed", marked && count(marked, "cell") + " pencil-marked",
    painted && count(painted, "cell") + " coloured",
    game.seconds && clockText(game.seconds) + " on the clock"].filter(Boolean).join(", ") || "no digits";
}

/** A game of this puzzle saved on this device that differs from the position just opened: offered
 * under the board (Resume puts it on the board as one undoable change). Not in an embed, whose
 * frame has room for the grid and its buttons only. True when the saved game is the position just
 * opened (a reload): its clock, colours and pause are put back, and the caller redraws. */
export function offerSavedGame() {
  // (the opened position: a saved game whose givens are not the puzzle's is dropped)
  const game = state.gameKey && !embed ? savedGame(state.gameKey, state.opened) : null;
  if (!game || game.progress.length !== state.progress.length) return false;
  const colours = game.colours.length === state.colours.length ? game.colours : state.colours;
  if (samePosition(game.progress, state.progress)) {
    // a reload (the address keeps the game): the clock, the colours and a pause go on too
    clock.set(game.seconds);
    state.colours = colours;
    if (game.paused) setPaused(true);
    return true;
  }
  const when = new Date(game.saved).toLocaleString([], { dateStyle: "medium", timeStyle: "short" });
  const text = el("span", {}, `You have a game of this puzzle saved on this device (${gameWords(game, colours)}; ${when}).`);
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
