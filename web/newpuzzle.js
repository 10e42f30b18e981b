// The New puzzle dialog (issue 45): the reader picks a kind, a size the kind can have and a
// grade; a new puzzle is made in a worker (generate-worker.mjs: a Python of its own, so the page
// never freezes and Cancel really stops it, by ending the worker) and opens as any link does: the
// address becomes the puzzle's own query, so it can be shared, embedded, and Back goes to the
// puzzle before. What the dialog offers and every message come from Python (api.generate_options,
// api.generate_view); this file only shows them. It looks like the Share dialog (share.js).
// Its Set your own button opens the setter (setter.js, `?set=KIND&size=N`) at the kind and size
// chosen, where the setter has them (api.setter_open's sizes).
import { el } from "./dom.js";

let dialog = null;
let worker = null;        // started when the dialog opens: Python starts while the reader chooses
let workerReady = false;
let job = null;           // {started, text(), timer} while a puzzle is being made
let choice = null;        // the last kind, size and grade asked for (this visit)
let onMade = null;        // opens the query of a puzzle made (app.js's open)
let onSet = null;         // opens the setter's query (app.js's setOwn)
let showSettable = () => {};   // Set your own enabled where the setter has the kind and size chosen

// Test-only: `&generate_seconds=S` gives the search S seconds instead of api's budget (the test
// of the out-of-budget message).
const SECONDS = Number(new URLSearchParams(location.search).get("generate_seconds")) || null;

const GRADE_WORDS = { gentle: "Gentle", moderate: "Moderate", tough: "Tough", diabolical: "Diabolical", extreme: "Extreme" };

const $ = (selector) => dialog.querySelector(selector);

/** The worker, carrying this build's `?v=` as the page's modules do (build.py), so that one page
 * runs one build. */
function startWorker() {
  if (worker) return;
  workerReady = false;
  worker = new Worker(new URL("./generate-worker.mjs" + new URL(import.meta.url).search, import.meta.url), { type: "module" });
  worker.onmessage = ({ data }) => heard(data);
  worker.onerror = (event) => {
    event.preventDefault?.();
    heard({ failed: event.message || "the worker could not start" });
  };
}

function stopWorker() {
  worker?.terminate();
  worker = null;
  workerReady = false;
}

function heard(data) {
  if (data.stage === "ready") {
    workerReady = true;
    if (job) say(job.text());
  } else if (data.failed) {
    stopWorker();
    finish();
    showError(`Python could not start for making puzzles here: ${data.failed}`);
  } else if (data.made) {
    const made = data.made;
    finish();
    if (made.error) {
      stopWorker();   // a fresh Python for the next try, as after Cancel
      showError(made.error);
      startWorker();
      return;
    }
    dialog.dataset.state = "made";
    dialog.close();
    onMade(made.query, made);
  }
}

// ---- the dialog's states: choosing, making (with the time so far), and a message ----------

function say(text) {
  const seconds = job ? Math.floor((performance.now() - job.started) / 1000) : 0;
  $("[data-testid=new-progress]").textContent = job ? `${text} ${seconds} s` : text;
}

function setMaking(making) {
  for (const field of dialog.querySelectorAll("select")) field.disabled = making;
  $("[data-action=make]").disabled = making;
  showSettable();
  $("[data-action=cancel-make]").hidden = !making;
  $("progress").hidden = !making;
  dialog.dataset.state = making ? "making" : "choosing";
}

function showError(message) {
  $("[data-testid=new-error]").textContent = message;
  $("[data-testid=new-progress]").textContent = "";
  dialog.dataset.state = "error";
}

/** Back to choosing; the clock stops. */
function finish() {
  if (job) clearInterval(job.timer);
  job = null;
  setMaking(false);
}

function make({ kind, size, grade, name }) {
  choice = { kind, size, grade };
  startWorker();
  const what = `${grade === "extreme" ? "an" : "a"}${grade ? ` ${grade}` : ""} ${size}\u00d7${size} ${name}`;
  job = {
    started: performance.now(),
    text: () => (workerReady ? `Making ${what}…` : "Starting Python to make it…"),
    timer: setInterval(() => say(job.text()), 1000),
  };
  $("[data-testid=new-error]").textContent = "";
  setMaking(true);
  say(job.text());
  $("[data-action=cancel-make]").focus();
  worker.postMessage({ kind, size, grade, seconds: SECONDS });
}

/** Cancel: the worker ends at once, whatever Python is doing; a fresh one starts for the next try. */
function cancel() {
  if (!job) return;
  stopWorker();
  finish();
  $("[data-testid=new-progress]").textContent = "Stopped.";
  startWorker();
  $("[data-action=make]").focus();
}

// ---- building it --------------------------------------------------------------------------

function field(id, label, select) {
  return el("div", { class: "new-field" }, el("label", { for: id }, label), select);
}

/** The size list for `kind`, keeping `size` when the kind has it, else the nearest at most 9. */
function fillSizes(select, kind, size) {
  const sizes = kind.sizes;
  select.replaceChildren(...sizes.map((n) => el("option", { value: String(n) }, `${n}\u00d7${n}`)));
  const kept = sizes.includes(size) ? size : sizes.filter((n) => n <= 9).pop() ?? sizes[0];
  select.value = String(kept);
}

/** The grade list for `kind` at `size` (a 4×4 reaches only the easy grades), keeping `grade`
 * when offered, else the easiest; Any grade always. */
function fillGrades(select, kind, size, grade) {
  const offered = kind.grades?.[String(size)] ?? Object.keys(GRADE_WORDS);
  select.replaceChildren(...offered.map((g) => el("option", { value: g }, GRADE_WORDS[g] ?? g)),
    el("option", { value: "" }, "Any grade"));
  select.value = grade === "" || offered.includes(grade) ? grade : offered[0];
}

function build(options) {
  dialog = el("dialog", { class: "share-dialog new-dialog", "data-testid": "new-dialog", "aria-labelledby": "new-title" });
  const close = el("button", { type: "button", class: "close", "data-action": "close", "aria-label": "Close" }, "\u00d7");
  close.addEventListener("click", () => dialog.close());
  const kinds = el("select", { id: "new-kind", "data-testid": "new-kind" },
    ...options.kinds.map((k) => el("option", { value: k.kind }, k.name)));
  const sizes = el("select", { id: "new-size", "data-testid": "new-size" });
  const grades = el("select", { id: "new-grade", "data-testid": "new-grade" });
  const kindOf = (name) => options.kinds.find((k) => k.kind === name);
  const setButton = el("button", { type: "button", "data-action": "set-own-puzzle", "data-testid": "new-set-own",
                                   title: "Draw this kind and size yourself: cages, regions, givens" }, "Set your own");
  // the setter's sizes differ a little from the generator's (no 16×16; a 3×3 KenKen)
  const settable = () => (options.setterSizes[kinds.value] ?? []).includes(Number(sizes.value));
  showSettable = () => { setButton.disabled = !settable() || job !== null; };
  kinds.addEventListener("change", () => {
    fillSizes(sizes, kindOf(kinds.value), Number(sizes.value));
    sizes.dispatchEvent(new Event("change"));
  });
  sizes.addEventListener("change", () => {
    fillGrades(grades, kindOf(kinds.value), Number(sizes.value), grades.value);
    showSettable();
  });
  setButton.addEventListener("click", () => {
    if (!settable() || job) return;
    const query = `set=${encodeURIComponent(kinds.value)}&size=${Number(sizes.value)}`;
    dialog.close();
    onSet(query);
  });
  const makeButton = el("button", { type: "submit", class: "primary", "data-action": "make" }, "Make puzzle");
  const cancelButton = el("button", { type: "button", "data-action": "cancel-make", hidden: true }, "Cancel");
  cancelButton.addEventListener("click", cancel);
  const form = el("form", { class: "new-form" },
    el("div", { class: "new-fields" }, field("new-kind", "Kind", kinds), field("new-size", "Size", sizes), field("new-grade", "Grade", grades)),
    el("div", { class: "new-actions" }, makeButton, cancelButton,
      el("progress", { "aria-label": "Making the puzzle", hidden: true }), setButton),
    el("p", { class: "new-progress", "data-testid": "new-progress", role: "status", "aria-live": "polite" }),
    el("p", { class: "share-error", "data-testid": "new-error", role: "alert" }),
    el("p", { class: "new-help" }, "Every puzzle made here has exactly one solution, and the hints' logic grades it. "
      + "It opens as a link of its own: share it, embed it, or go Back to the puzzle before."));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (job) return;
    const kind = kindOf(kinds.value);
    make({ kind: kind.kind, size: Number(sizes.value), grade: grades.value || null, name: kind.name });
  });
  dialog.append(el("div", { class: "share-head" }, el("h2", { id: "new-title" }, "New puzzle"), close), form);
  // leaving the dialog (×, Escape, the backdrop) stops a puzzle being made, and frees the worker's memory
  dialog.addEventListener("close", () => {
    if (job) finish();
    stopWorker();
  });
  dialog.addEventListener("click", (event) => {
    if (event.target !== dialog) return;
    const box = dialog.getBoundingClientRect();
    const inside = event.clientX >= box.left && event.clientX <= box.right && event.clientY >= box.top && event.clientY <= box.bottom;
    if (!inside) dialog.close();
  });
  document.body.append(dialog);
}

/**
 * Opens the New puzzle dialog. `invoke` calls the page's Python (for what can be made);
 * `open(query, made)` opens a puzzle made; `set(query)` opens the setter's `set=KIND&size=N`;
 * `current` is the puzzle on the page (its view), whose kind and size are offered first.
 */
export function openNewPuzzle({ invoke, open, set, current }) {
  onMade = open;
  onSet = set;
  if (!dialog) {
    const options = invoke("generate_options");
    if (options.error) throw new Error(options.error);
    const setter = invoke("setter_open", "set=sudoku&size=9");
    options.setterSizes = setter.error || !set ? {} : setter.sizes;
    build(options);
  }
  const kinds = $("#new-kind");
  const wanted = choice ?? (current ? { kind: current.kind, size: current.size, grade: "gentle" } : { kind: "sudoku", size: 9, grade: "gentle" });
  kinds.value = [...kinds.options].some((o) => o.value === wanted.kind) ? wanted.kind : "sudoku";
  kinds.dispatchEvent(new Event("change"));   // its sizes
  $("#new-size").value = [...$("#new-size").options].some((o) => o.value === String(wanted.size)) ? String(wanted.size) : $("#new-size").value;
  $("#new-size").dispatchEvent(new Event("change"));   // its grades
  const grade = wanted.grade ?? "";
  if ([...$("#new-grade").options].some((o) => o.value === grade)) $("#new-grade").value = grade;
  $("[data-testid=new-error]").textContent = "";
  $("[data-testid=new-progress]").textContent = "";
  setMaking(false);
  startWorker();
  if (!dialog.open) dialog.showModal();
  kinds.focus();
  return dialog;
}
