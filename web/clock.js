// The time spent on a puzzle, kept as puzzle apps keep it: it runs only while the reader can play
// (app.js decides: a puzzle open, not solved, not paused, the page visible), and the game saved on
// this device carries it (saved.js), so a reload or a Resume goes on from where it stood.
import { el } from "./dom.js";

/** Whole seconds as a clock: 75 -> "1:15", 3725 -> "1:02:05". */
export function clockText(seconds) {
  const s = Math.max(0, Math.floor(seconds));
  const two = (n) => String(n).padStart(2, "0");
  const h = Math.floor(s / 3600), m = Math.floor(s / 60) % 60;
  return h ? `${h}:${two(m)}:${two(s % 60)}` : `${m}:${two(s % 60)}`;
}

/**
 * The clock's button (its time; pressing it pauses or goes on, through `onToggle`) and its count.
 * `run(on)` starts or stops the count; `set(seconds)` puts it at a time; `seconds()` reads it.
 */
export function createClock(onToggle) {
  const time = el("span", { class: "clock-time" }, "0:00");
  const element = el("button", { type: "button", class: "clock", "data-action": "pause", "data-testid": "clock",
    "aria-pressed": "false" }, el("span", { class: "clock-icon", "aria-hidden": "true" }), time);
  element.addEventListener("click", onToggle);
  let counted = 0;       // ms counted before the current run
  let since = null;      // performance.now() when the current run began; null while stopped
  let tick = null;

  const seconds = () => (counted + (since === null ? 0 : performance.now() - since)) / 1000;
  function draw() {
    const text = clockText(seconds());
    if (time.textContent !== text) time.textContent = text;
    const paused = element.getAttribute("aria-pressed") === "true";
    element.title = paused ? `Paused at ${text}: press to go on` : `Time on this puzzle: ${text} (press to pause)`;
    element.setAttribute("aria-label", paused ? `Paused at ${text}, go on` : `Time ${text}, pause`);
  }
  // Redrawn just after each whole second, so the figure turns over when the second does.
  function schedule() {
    clearTimeout(tick);
    if (since === null) return;
    tick = setTimeout(() => { draw(); schedule(); }, 1000 - ((seconds() * 1000) % 1000) + 5);
  }
  return {
    element,
    seconds,
    set(value) {
      counted = Math.max(0, value) * 1000;
      if (since !== null) since = performance.now();
      draw();
      schedule();
    },
    run(on) {
      if (on === (since !== null)) return;
      if (on) since = performance.now();
      else { counted += performance.now() - since; since = null; }
      draw();
      schedule();
    },
    showPaused(paused) {
      element.setAttribute("aria-pressed", String(paused));
      draw();
    },
  };
}
