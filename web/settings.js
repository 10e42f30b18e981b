// The reader's choices for playing, kept on this device (one localStorage entry; private windows
// with storage off simply keep the defaults). Each is a checkbox under the page: index.html's
// `[data-setting]` inputs, named as the keys below.
const KEY = "puzzle-viewer:settings";
const DEFAULTS = {
  clock: true,       // the clock beside the status (it keeps counting while hidden)
  conflicts: true,   // a digit that breaks a rule turns red, and the status says which rule
  tidyMarks: true,   // placing a digit takes it out of the pencil marks of the cells it sees
  digitFirst: false, // a pad digit is picked first, then every cell tapped takes it
};

/** The settings: the defaults, with what the reader chose over them. */
export function loadSettings() {
  try {
    const saved = JSON.parse(localStorage.getItem(KEY));
    const chosen = Object.entries(saved ?? {}).filter(([name, on]) => name in DEFAULTS && typeof on === "boolean");
    return { ...DEFAULTS, ...Object.fromEntries(chosen) };
  } catch {
    return { ...DEFAULTS };
  }
}

/** Shows `settings` in the page's checkboxes and calls `onChange(settings)` (saved first) when
 * the reader changes one. */
export function bindSettings(settings, onChange) {
  for (const box of document.querySelectorAll("input[data-setting]")) {
    const name = box.dataset.setting;
    box.checked = settings[name];
    box.addEventListener("change", () => {
      settings[name] = box.checked;
      try {
        localStorage.setItem(KEY, JSON.stringify(settings));
      } catch {
        // storage off or full: the choice lasts for this visit
      }
      onChange(settings);
    });
  }
}
