// The status line over the board (data-testid=status: its data-state and text are the page's
// contract with tests and embedding pages), the help under it after an error, and the counted
// words the status and the offers under the board are written in.
import { can, invoke } from "./bridge.js";
import { statusEl, statusHelpEl } from "./page.js";

/** The status line: `kind` (loading, ready, solving, solved, error) and `text` for people;
 * `details` (figures, formats, the decoder's own words) as its tooltip. The line has a fixed
 * height, so the full text is in the tooltip too. */
export function setStatus(kind, text, details = "") {
  statusEl.dataset.state = kind;
  statusEl.classList.remove("paused");
  statusEl.textContent = text;
  statusEl.title = details ? `${text}\n${details}` : text;
  if (statusHelpEl) statusHelpEl.textContent = kind === "error" ? errorHelp(text) : "";
}

/** The status's kind now (data-state). */
export const statusKind = () => statusEl.dataset.state;

/** A long solve's pause is shown in an embed too, which hides the other "ready" texts. */
export const markPaused = () => statusEl.classList.add("paused");

/** A sentence for people about a decoder or start-up message (the message stays in the status). */
function errorHelp(message) {
  if (/^The Python runtime/.test(message)) return "The page could not start its puzzle engine. Reload the page to try again.";
  const help = can("error_help") ? invoke("error_help", message) : "";
  return typeof help === "string" ? help : "";
}

/** "1 digit", "3 digits", "2 guesses". */
export const count = (n, one, many = one + "s") => `${n.toLocaleString("en")} ${n === 1 ? one : many}`;
