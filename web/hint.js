// Hints: the next logical step from the reader's own position, found by pycore.explain
// (hint_view), revealed in stages as HoDoKu and Sudoku Explainer do: where to look, then the
// strategy's name, then the whole step with its cells, eliminations and placements marked; Apply
// makes it one undoable change. "Next step" shows and applies steps one after another (a solve by
// logic you can step through); "Previous step" takes the last one back. Under the hint, the whole
// path from the reader's position can be listed, with the puzzle's grade (SudokuWiki's solve path).
// Once the reader asks the logic for help (the strategy named, the whole step, Apply, Next step,
// the path), the board shows the candidates the logic reasons from, as SudokuWiki and HoDoKu do:
// they are pencilled in (logic_marks, one undoable change), and every step applied keeps them.
// No puzzle logic here, and no drawing on the board: render.js's showStep draws what
// stepDrawing says.
//
// The glue (view.js) passes what this needs: createHints({ invoke, current, commit, undo,
// inHistory, board, cages, solution, findSolution, solvedFirst, selected, off, afterStuck }) where
// current() is {text, progress}, commit(progress) makes one undoable change, undo() takes the last
// change back, inHistory(key, keyOf) says whether Undo can reach the position `key`, board() is
// render.js's board (null before a puzzle), cages() the puzzle's cages, solution() the solver's
// answer when the page already has one, findSolution() a promise of it (running the solver in
// slices if need be; null if there is no unique one), solvedFirst(then) runs `then` once the
// solver has answered for this puzzle (at once when it has, or within a few ms; else after a
// solve in slices, not if it is cancelled), selected() the selected cell (-1 for none), off() the
// strategies the reader switched off (settings.js's Strategies list: slugs hint_view leaves out),
// afterStuck() runs Solve.

import { button, el, svgEl } from "./dom.js";

const STAGES = 3;
const LINES_MEAN = "Solid lines are strong links (at least one end is true), dashed lines weak " +
  "links (not both ends); along the chain the two colours alternate.";
const BOXES_MEAN = " A box holds a group: the digit is in one of its cells.";
const SETS_MEAN = "An outline goes round each set of cells the step rests on.";
/** What a forcing step's arrows mean, for its `cases` (Nishio has one). */
const arrowsMean = (cases) => (cases > 1 ? "Arrows follow each case from its supposition" : "Arrows follow the supposition") +
  " to what it shows, one easy step each: solid into a digit placed, dashed into a candidate taken out.";
const PICK_CASE = "Show:";
// A step of more cases than this opens with its first case alone: four cases' arrows cross the
// whole grid (a laptop screen of them read as a tangle); two still read side by side.
const CASES_AT_ONCE = 2;
/** What a forcing step calls its cases in the key (its list opens each case so). */
const caseName = (strategy, k) => (strategy === "digit-forcing" ? ["supposed true", "supposed false"][k] : `case ${k + 1}`);

/** "cell:digit" → colour of the pattern's candidates the step shows in colour: a candidate it
 * strikes out is shown struck instead (a Nishio step's supposition). */
function coloured(step) {
  const gone = new Set(step.eliminations.map(([c, d]) => `${c}:${d}`));
  return new Map(step.pattern.filter(([c, d]) => !gone.has(`${c}:${d}`)).map(([c, d, colour]) => [`${c}:${d}`, colour]));
}

/** Cells of the units, cages or named cells: where to look (stages 1 and 2). */
function lookCells(step, cages) {
  const cells = new Set(step.units.flatMap((u) => u.cells));
  for (const index of step.cages) for (const c of cages[index].cells) cells.add(c);
  if (!cells.size) for (const c of step.cells) cells.add(c);
  return [...cells];
}

/** The candidates a whole step speaks of, per cell, as render.js's showStep draws them over the
 * cell (the reader may have no pencil marks there): struck where eliminated, ringed where placed,
 * the pattern's in its two colours. */
function stepMarks(result) {
  const step = result.step;
  const colourOf = coloured(step);
  const marks = {};
  for (const [index, digits] of Object.entries(result.marks)) {
    const cell = Number(index);
    const gone = new Set(step.eliminations.filter(([c]) => c === cell).map(([, d]) => d));
    const placed = new Set(step.placements.filter(([c]) => c === cell).map(([, d]) => d));
    marks[index] = [...digits].map((ch) => {
      const d = parseInt(ch, 36);
      const colour = colourOf.get(`${cell}:${d}`);
      return [ch, gone.has(d) ? "gone" : placed.has(d) ? "placed" : colour === undefined ? "" : `pattern-${colour}`];
    });
  }
  return marks;
}

/** What the board shows of hint_view's `result` at `stage` (render.js's showStep argument), or
 * null for nothing: the wrong cells of a wrong position; where to look; the whole step (of a
 * forcing step's cases, only case `onlyCase` when the reader picked one in the key). */
export function stepDrawing(result, stage, cages, onlyCase = null) {
  if (result.status === "invalid") return { wrong: result.problems.map((p) => p.cell) };
  if (result.status !== "step") return null;
  const step = result.step;
  if (stage < 2) return { focus: lookCells(step, cages) };
  return {
    focus: step.cells,
    eliminate: step.eliminations.map(([c]) => c),
    place: step.placements.map(([c]) => c),
    marks: stepMarks(result),
    links: step.links,
    sets: step.sets ?? [],
    implications: (step.implications ?? []).filter((a) => onlyCase === null || a.case === onlyCase),
  };
}

/** The forcing step's case a hint opens with drawn alone (null: every case): the first, when
 * the step has more than CASES_AT_ONCE. */
export function openingCase(result) {
  const cases = result?.status === "step" ? casesOf(result.step) : [];
  return cases.length > CASES_AT_ONCE ? cases[0] : null;
}

/** The numbers of a forcing step's cases that have arrows, in order. */
const casesOf = (step) => [...new Set((step.implications ?? []).map((a) => a.case))].sort((a, b) => a - b);

/** The key to what `step` draws: each colour it shows with what the strategy means by it, and
 * what a chain's lines and boxes are; a forcing step's cases, each a button in its arrows' colour
 * that shows that case alone (`pick(k)`), and one that shows every case (`pick(null)`), the one
 * for `onlyCase` pressed. */
function legendParts(step, pick = () => {}, onlyCase = null) {
  const parts = [];
  if (!step) return parts;
  // a colour is keyed where it marks cells or outlines a set (a franken fish's cover houses)
  const shown = new Set([...coloured(step).values(), ...(step.sets ?? []).map((set) => set.colour)]);
  (step.colours ?? []).forEach((meaning, k) => {
    if (meaning && shown.has(k)) {
      parts.push(el("span", { class: "key", "data-colour": k }, el("span", { class: `swatch pattern-${k}` }),
                    `${["Blue", "Orange"][k]}: ${meaning}.`), " ");
    }
  });
  if (step.links.length) {
    parts.push(LINES_MEAN + (step.links.some((l) => l.from.length > 1 || l.to.length > 1) ? BOXES_MEAN : ""));
  }
  if (step.sets?.length) parts.push((step.links.length ? " " : "") + SETS_MEAN);
  const cases = casesOf(step);
  if (cases.length) {
    // each case's colour, when there are several (render.js draws case K in `case-K`): a net
    // of four cases crosses the whole grid, so each can be followed alone
    parts.push(arrowsMean(cases.length));
    if (cases.length > 1) {
      parts.push(" " + PICK_CASE);
      for (const k of cases) {
        const swatch = svgEl("svg", { class: `case-key case-${k % 4}`, viewBox: "0 0 14 8", "aria-hidden": "true" });
        swatch.append(svgEl("line", { x1: 0, y1: 4, x2: 9, y2: 4 }), svgEl("path", { d: "M 14 4 L 8 0.5 L 8 7.5 Z", stroke: "none" }));
        const key = el("button", { type: "button", class: "case", "data-case": k, "aria-pressed": String(onlyCase === k),
                                   title: "Show this case's arrows alone" }, swatch, caseName(step.strategy, k));
        key.addEventListener("click", () => pick(k));
        parts.push(" ", key);
      }
      const every = el("button", { type: "button", class: "case", "data-case": "every", "aria-pressed": String(onlyCase === null),
                                   title: "Show every case's arrows at once" }, "every case");
      every.addEventListener("click", () => pick(null));
      parts.push(" ", every);
    }
  }
  return parts;
}

/** What the whole path came to, in a sentence; `switchedOff`, how many strategies the reader
 * switched off (a path stuck with some off may only need them back on). */
export function pathOutcome({ status, count, grade, reason }, switchedOff = 0) {
  const steps = count === 1 ? "1 step" : `${count} steps`;
  if (status === "invalid") return reason;
  if (status === "solved") {
    return `Solved by logic in ${steps}. Grade: ${grade.level}; the hardest step: ${grade.name}.`;
  }
  const off = switchedOff ? ` with the strategies switched on (${switchedOff} off in Settings)` : "";
  if (!count) return `No logical step found from here${off}: Reveal a cell, or Solve.`;
  return `The logic this page knows is stuck after ${steps}${off}; the hardest: ${grade.name}. ` +
    "From there, Reveal a cell or Solve.";
}

const keyOf = ({ text, progress }) => text + "|" + progress.join(",");

/** The panel's parts: the hint's words, a chain's steps, the drawing's key, the strategy's
 * article, the actions, the steps applied and the whole path. */
function buildPanel() {
  // Screen readers hear the hint and the path's outcome, not every line added to the lists.
  const text = el("p", { class: "hint-text", "data-testid": "hint-text", "aria-live": "polite" });
  // A forcing chain's easy steps, one a line, to follow with a pencil: a supposition followed to
  // a contradiction (Nishio), or a digit forcing chain's two cases one after the other.
  const chain = el("ol", { class: "hint-chain", "data-testid": "hint-chain" });
  chain.hidden = true;
  // What the drawing over the grid means, under the whole step: its colours and a chain's lines,
  // a forcing step's case picker; above the step's list, which runs to 30 lines and more and
  // would push the picker out of a laptop's sight.
  const legend = el("p", { class: "hint-legend", "data-testid": "hint-legend" });
  legend.hidden = true;
  // SudokuWiki's article on the strategy, once the hint has named it.
  const article = el("a", { class: "hint-article", "data-testid": "hint-article", target: "_blank", rel: "noopener" });
  const articleLine = el("p", { class: "hint-article-line" }, article);
  articleLine.hidden = true;
  const actions = el("div", { class: "hint-actions" });
  const steps = el("ol", { class: "hint-steps", "data-testid": "hint-steps" });
  const stepsBox = el("details", { class: "hint-log" }, el("summary", {}, "Steps applied"), steps);
  stepsBox.hidden = true;
  const pathSummary = el("p", { class: "path-summary", "data-testid": "path-summary", "aria-live": "polite" });
  const pathCount = el("span", { class: "path-count" });
  const pathSteps = el("ol", { class: "hint-steps", "data-testid": "path-steps" });
  const pathBox = el("details", { class: "hint-log hint-path", "data-testid": "hint-path" },
                     el("summary", {}, "The whole path from here, and its grade"), pathSummary, pathCount, pathSteps);
  pathBox.hidden = true;
  const panel = el("section", { class: "hint-panel", "data-testid": "hint", "aria-label": "Hint" },
                   text, legend, chain, articleLine, actions, stepsBox, pathBox);
  panel.hidden = true;
  return { panel, text, chain, legend, article, articleLine, actions, steps, stepsBox, pathBox, pathSummary, pathCount, pathSteps };
}

/** The whole path by logic from the reader's position (path_start/path_step), listed in the
 * panel's path box as it is worked out in slices of ~30 ms, so the page stays responsive;
 * closing the list stops it. Pressing a step applies the path up to there (`follow`). */
function createPath(glue, { pathBox, pathSummary, pathCount, pathSteps }, follow, showLogicCandidates) {
  let path = null;       // {key, id, done}: the path being listed, for the position `key`

  async function walk() {
    if (path?.key === keyOf(glue.current())) return;   // listed already, or being listed
    stop();
    showLogicCandidates();   // (with no path listed, the change leaves the list open)
    const now = glue.current();
    const key = keyOf(now);
    pathSteps.replaceChildren();
    pathCount.textContent = "";
    const started = glue.invoke("path_start", now.text, now.progress, glue.solution(), glue.off());
    if (!started.id) {
      path = { key, done: true };
      pathSummary.textContent = started.error ? `No path: ${started.error}`
        : started.status === "solved" ? "The grid is complete." : started.reason;
      return;
    }
    const job = { key, id: started.id, done: false };
    path = job;
    pathSummary.textContent = "Working out the steps\u2026";
    while (path === job) {
      const answer = glue.invoke("path_step", job.id, 0.03);
      if (answer.error) {
        job.done = true;
        pathSummary.textContent = `No path: ${answer.error}`;
        return;
      }
      const listed = pathSteps.children.length;
      pathSteps.append(...answer.steps.map((step, i) => item(step, listed + i + 1)));
      if (answer.done) {
        job.done = true;
        pathCount.textContent = answer.count ? "Press a step to play the path up to it." : "";
        pathSummary.textContent = pathOutcome(answer, glue.off().length);
        return;
      }
      pathCount.textContent = `${pathSteps.children.length} steps so far`;
      await new Promise((resolve) => setTimeout(resolve, 0));   // let the page draw and react
    }
  }

  function stop() {
    if (path?.id) glue.invoke("path_cancel", path.id);
    path = null;
  }

  /** A step of the path: pressing it applies the path up to there (one undoable change). */
  function item(text, count) {
    const go = button("path-go", text, "Apply the path up to this step (Undo or Previous step takes it back)", () => goTo(count));
    go.className = "path-go";
    return el("li", {}, go);
  }

  function goTo(count) {
    if (!path?.id) return;
    const answer = glue.invoke("path_progress", path.id, count);
    if (answer.error) return;
    follow(path.key, count === 1 ? "The path's first step" : `The path's first ${count} steps`, answer.progress);
  }

  /** Forgets the path (and closes its list). */
  function forget() {
    stop();
    pathBox.open = false;
    pathSteps.replaceChildren();
    pathSummary.textContent = "";
    pathCount.textContent = "";
  }

  pathBox.addEventListener("toggle", () => (pathBox.open ? walk() : stop()));
  return { forget, isFor: (key) => path === null || path.key === key };
}

export function createHints(glue) {
  const parts = buildPanel();
  const { panel, text, chain, legend, article, articleLine, actions, steps, stepsBox } = parts;
  let shown = null;      // {key, result, stage, onlyCase}: the hint on screen for the position `key`
                         // (onlyCase: the case drawn alone, null: every case)
  let applied = [];      // [{before: progress key, text}] steps applied, newest last
  let backButton = null; // the toolbar's Previous step
  let marking = null;    // the key of the position whose logic candidates are being pencilled in
  let hiddenByPause = false;   // the panel was in sight when the game was paused
  const path = createPath(glue, parts, (before, said, progress) => {
    applied.push({ before, text: said });
    glue.commit(progress);   // the position moves on: the path goes (onChange)
    renderLog();
  }, showLogicCandidates);

  /** The candidates the logic reasons from, pencilled into every open cell (one undoable change,
   * none when they are there already). The logic finds the same from there, so a hint shown
   * stays shown (onChange moves it to the new position). */
  function showLogicCandidates() {
    const now = glue.current();
    const marked = glue.invoke("logic_marks", now.text, now.progress);
    if (!marked.progress || marked.progress.every((note, i) => note === now.progress[i])) return;
    marking = keyOf(now);
    try {
      glue.commit(marked.progress);
    } finally {
      marking = null;
    }
  }

  function ask() {
    const now = glue.current();
    const key = keyOf(now);
    if (shown?.key === key) return shown;
    const result = glue.invoke("hint_view", now.text, now.progress, glue.solution(), glue.off());
    shown = { key, result, stage: 0, onlyCase: openingCase(result) };
    return shown;
  }

  /** The case the reader picked in the key, for the hint on screen only (null: every case). */
  const pickedCase = (result) => (shown?.result === result ? shown.onlyCase ?? null : null);

  function draw(result, stage) {
    const drawing = stepDrawing(result, stage, glue.cages(), pickedCase(result));
    if (drawing) glue.board()?.showStep(drawing);
    else glue.board()?.clearStep();
  }

  /** The hint's words and actions at `stage`: where to look, the strategy, the whole step. */
  function sayText(result, stage) {
    if (result.error) {
      text.textContent = `No hint: ${result.error}`;
    } else if (result.status === "solved") {
      text.textContent = "The grid is complete: there is nothing left to find.";
    } else if (result.status === "invalid") {
      text.textContent = result.reason;
    } else if (result.status === "stuck") {
      text.textContent = result.reason;
      if (result.reveal) {
        actions.append(button("hint-reveal", "Reveal a cell", "Place one digit of the solution", reveal));
      }
      actions.append(button("hint-solve", "Solve", "Show the solution", () => glue.afterStuck()));
    } else {
      text.textContent = result.levels[stage];
      if (stage < STAGES - 1) {
        actions.append(button("hint-more", "More", "Say more about this step", () => hint()));
      }
      actions.append(button("apply-hint", "Apply", "Make this step on the grid", apply));
    }
  }

  function say(result, stage) {
    actions.replaceChildren();
    const whole = stage === STAGES - 1;
    const said = whole ? result.step?.chain ?? [] : [];
    chain.replaceChildren(...said.map((link) => el("li", {}, link)));
    chain.hidden = !said.length;
    const pick = (k) => {
      if (shown?.result !== result) return;
      shown.onlyCase = k;
      for (const b of legend.querySelectorAll("button.case")) {
        b.setAttribute("aria-pressed", String(b.dataset.case === String(k ?? "every")));
      }
      draw(result, stage);
    };
    const key = legendParts(whole && result.status === "step" ? result.step : null, pick, pickedCase(result));
    legend.replaceChildren(...key);
    legend.hidden = !key.length;
    const about = stage > 0 && result.status === "step" ? result.step.article : null;
    articleLine.hidden = !about;
    if (about) {
      article.href = about;
      article.textContent = `${result.step.name}, explained on SudokuWiki \u2197`;
    }
    panel.hidden = false;
    sayText(result, stage);
    const close = button("hint-close", "\u00d7", "Hide the hint (Hint shows it again)", hide);
    close.setAttribute("aria-label", "Close the hint");
    actions.append(close);
    panel.dataset.stage = String(stage + 1);
    panel.dataset.status = result.status ?? "error";
    parts.pathBox.hidden = result.status !== "step" && result.status !== "stuck";
    draw(result, stage);
  }

  /** Close: the panel and its marks go; the next press of Hint shows the same stage again. */
  function hide() {
    if (shown) shown.shownOnce = false;
    path.forget();
    glue.board()?.clearStep();
    panel.hidden = true;
  }

  /** The Hint button: the first press says where to look, each further press says more. */
  function hint() {
    const current = ask();
    if (current.shownOnce) current.stage = Math.min(current.stage + 1, STAGES - 1);
    current.shownOnce = true;
    if (current.stage > 0 && current.result.status === "step") showLogicCandidates();
    say(current.result, current.stage);
  }

  /** Shows the hint for the position now, whole. */
  function sayWhole() {
    const current = ask();
    current.stage = STAGES - 1;
    current.shownOnce = true;
    if (current.result.status === "step") showLogicCandidates();
    say(current.result, current.stage);
  }

  function apply() {
    const current = ask();
    if (current.result.status !== "step") return;
    applied.push({ before: current.key, text: current.result.step.text });
    glue.commit(current.result.progress);
    renderLog();
  }

  /** Where the logic is stuck: the solution's digit in the selected cell (or where the fewest
   * candidates are), as one undoable change in the log. The hardest puzzles' solution may take
   * the solver a while: it runs in slices (Cancel works) before anything is placed. */
  async function reveal() {
    const current = ask();
    if (!current.result.reveal) return;
    const solution = glue.solution() ?? await glue.findSolution();
    if (!solution || ask() !== current) return;   // none, cancelled, or the position moved on
    const now = glue.current();
    const revealed = glue.invoke("reveal_view", now.text, now.progress, solution, glue.selected());
    if (revealed.error) {
      text.textContent = `Nothing to reveal: ${revealed.error}`;
      return;
    }
    applied.push({ before: current.key, text: revealed.text });
    glue.commit(revealed.progress);
    renderLog();
  }

  /** Next step: show the next step whole; pressed again, apply it and show the one after. */
  function next() {
    const current = ask();
    if (current.shownOnce && current.stage === STAGES - 1 && current.result.status === "step") apply();
    sayWhole();
  }

  function previous() {
    if (!applied.length) return;
    glue.undo();   // the glue's onChange drops the step from the log
    sayWhole();
  }

  function renderLog() {
    steps.replaceChildren(...applied.map((s) => el("li", {}, s.text)));
    stepsBox.hidden = applied.length === 0;
    if (backButton) backButton.disabled = applied.length === 0;
  }

  /** Called by the glue after every change of position: a shown hint belongs to the old one. */
  function onChange() {
    const key = keyOf(glue.current());
    while (applied.length && !glue.inHistory(applied[applied.length - 1].before, keyOf)) applied.pop();
    if (shown && shown.key !== key && shown.key === marking) {
      shown.key = key;   // the same hint: only the logic's candidates were pencilled in
    } else if (shown && shown.key !== key) {
      shown = null;
      glue.board()?.clearStep();
      panel.hidden = true;
    }
    if (!path.isFor(key)) path.forget();
    renderLog();
  }

  /** Pausing hides the hint with the board (the puzzle is not to be studied on the side), and
   * going on shows it again as it was. */
  function pause(paused) {
    if (paused && !panel.hidden) {
      panel.hidden = hiddenByPause = true;
    } else if (!paused && hiddenByPause) {
      hiddenByPause = false;
      panel.hidden = !shown;
    }
  }

  function reset() {
    shown = null;
    applied = [];
    glue.board()?.clearStep();
    path.forget();
    panel.hidden = true;
    renderLog();
  }

  // A hint needs the solution (hint_view never reasons from a wrong position) and would solve
  // for it itself, holding the page still while it does (up to 2 s on the hardest killers): the
  // page's own solver answers first, in slices where it takes long.
  function buttons() {
    // (named as Next step is, on phones too: "Back" beside Undo read as Undo's twin)
    backButton = button("step-back", "Previous step", "Take back the last step applied", previous, "Previous");
    return [
      button("hint", "Hint", "Where to look next, then the strategy, then the whole step", () => glue.solvedFirst(hint)),
      button("step-next", "Next step", "Show the next logical step; press again to apply it", () => glue.solvedFirst(next), "Next"),
      backButton,
    ];
  }

  return { panel, buttons, onChange, reset, pause };
}
