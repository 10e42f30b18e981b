// The reader's choices for playing, kept on this device (one localStorage entry, read through
// stored.js; where storage is off or denied the defaults stay, and a choice lasts for the visit).
// Each is a checkbox under the page: index.html's `[data-setting]` inputs, named as the keys below.
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
