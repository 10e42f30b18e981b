// The reader's choices for playing, kept on this device (one localStorage entry, read through
// stored.js; where storage is off or denied the defaults stay, and a choice lasts for the visit).
// Each is a checkbox under the page: index.html's `[data-setting]` inputs, named as the keys below.
// The Strategies list beside them (issue 44) holds the strategies the reader switched off, as
// SudokuWiki's and HoDoKu's solvers let one untick them: Hint, Next step and the path leave them
// out. It is its own entry, a list of the registry's slugs; its checkboxes are drawn from Python's
// strategy_families the first time the list is opened (the page knows no strategy itself).
import { el } from "./dom.js";
import { SCHEMA, readItem, readSettings, writeItem } from "./stored.js";

const KEY = "puzzle-viewer:settings";
const DEFAULTS = {
  clock: true,       // the clock beside the status (it keeps counting while hidden)
  conflicts: true,   // a digit that breaks a rule turns red, and the status says which rule
  tidyMarks: true,   // placing a digit takes it out of the pencil marks of the cells it sees
  digitFirst: false, // a pad digit is picked first, then every cell tapped takes it
};

/** The settings: the defaults, with what the reader chose over them (only known names, each a
 * true or false). */
export function loadSettings() {
  return readSettings(readItem("local", KEY), DEFAULTS);
}

/** Shows `settings` in the page's checkboxes and calls `onChange(settings)` (saved first) when
 * the reader changes one. */
export function bindSettings(settings, onChange) {
  for (const box of document.querySelectorAll("input[data-setting]")) {
    const name = box.dataset.setting;
    box.checked = settings[name];
    box.addEventListener("change", () => {
      settings[name] = box.checked;
      writeItem("local", KEY, { ...settings, v: SCHEMA });
      onChange(settings);
    });
  }
}

const OFF_KEY = "puzzle-viewer:strategies-off";

/** The slugs of the strategies switched off ([] for none): only well-formed slugs are read back
 * (a slug this build does not know is dropped by Python's answer, never sent: see bindStrategies). */
export function loadStrategiesOff() {
  const record = readItem("local", OFF_KEY);
  const off = Array.isArray(record?.off) ? record.off : [];
  return off.filter((slug) => typeof slug === "string" && /^[a-z0-9-]{1,40}$/.test(slug)).slice(0, 100);
}

/** Takes out of `off` (in place) the slugs strategy_families' `answer` does not list (switched
 * off by another build of the page: nothing this one can leave out); true when it took any. */
function dropUnknown(off, answer) {
  const known = new Set(answer.families.flatMap((f) => f.strategies.map((s) => s.slug)));
  const kept = off.filter((slug) => known.has(slug));
  if (kept.length === off.length) return false;
  off.splice(0, off.length, ...kept);
  return true;
}

/** `off` as a hint may send it: checked once against `families()` (strategy_families' answer)
 * the first time it is not empty, so that a slug of another build is not an error. */
export function offForHints(off, families) {
  if (off.length && !checkedOnce) {
    const answer = families();
    if (answer?.families) {
      checkedOnce = true;
      if (dropUnknown(off, answer)) writeItem("local", OFF_KEY, { off: [...off], v: SCHEMA });
    }
  }
  return off;
}
let checkedOnce = false;

/** Fills the Strategies list (`[data-strategies]` inside `details[data-testid=strategies]`) when it
 * is first opened, from `families()` (strategy_families' answer, or null before Python is there),
 * grouped by family, each strategy a checkbox (checked: on); "All on" switches every one back on.
 * `off` (an array) is changed in place and saved; `onChange(off)` follows every change. */
export function bindStrategies(off, families, onChange) {
  const box = document.querySelector("details[data-testid=strategies]");
  const list = box?.querySelector("[data-strategies]");
  if (!list) return;
  const summary = box.querySelector("summary");
  const told = () => {
    summary.textContent = off.length ? `Strategies (${off.length} off)` : "Strategies";
  };
  const save = () => {
    writeItem("local", OFF_KEY, { off: [...off], v: SCHEMA });
    told();
    onChange(off);
  };
  told();
  box.addEventListener("toggle", () => {
    if (!box.open || list.childElementCount) return;
    const answer = families();
    if (!answer?.families) return;   // Python not there yet: the next opening tries again
    if (dropUnknown(off, answer)) save();
    const boxes = [];
    for (const family of answer.families) {
      const items = family.strategies.map((strategy) => {
        const input = el("input", { type: "checkbox", "data-strategy": strategy.slug });
        input.checked = !off.includes(strategy.slug);
        if (strategy.stays_on) {
          input.disabled = true;   // the singles place the digits every other step reasons from
        } else {
          boxes.push(input);
          input.addEventListener("change", () => {
            const at = off.indexOf(strategy.slug);
            if (input.checked && at >= 0) off.splice(at, 1);
            if (!input.checked && at < 0) off.push(strategy.slug);
            save();
          });
        }
        return el("label", strategy.stays_on ? { title: "Always on: the other steps reason from the digits the singles place" } : {},
          input, " " + strategy.name);
      });
      list.append(el("fieldset", { "data-family": family.family }, el("legend", {}, family.name), ...items));
    }
    const allOn = el("button", { type: "button", "data-testid": "strategies-all-on" }, "All on");
    allOn.addEventListener("click", () => {
      for (const input of boxes) input.checked = true;
      off.splice(0, off.length);
      save();
    });
    list.append(allOn);
  });
}
