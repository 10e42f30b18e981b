// Hints: the next logical step from the reader's own position, found by pycore.explain
// (hint_view), revealed in stages as HoDoKu and Sudoku Explainer do: where to look, then the
// strategy's name, then the whole step with its cells, eliminations and placements marked; Apply
// makes it one undoable change. "Next step" shows and applies steps one after another (a solve by
// logic you can step through); "Previous" takes the last one back. Under the hint, the whole path
// from the reader's position can be listed, with the puzzle's grade (SudokuWiki's solve path).
// No puzzle logic here.
//
// The glue (app.js) passes what this needs: createHints({ invoke, current, commit, undo, cells,
// solution, findSolution, solvedFirst, selected, afterStuck }) where current() is {text, progress},
// commit(progress) makes one undoable change, undo() takes the last change back, cells() the
// grid's cell elements by index, solution() the solver's answer when the page already has one,
// findSolution() a promise of it (running the solver in slices if need be; null if there is no
// unique one), solvedFirst(then) runs `then` once the solver has answered for this puzzle (at
// once when it has, or within a few ms; else after a solve in slices, not if it is cancelled),
// selected() the selected cell (-1 for none), afterStuck() runs Solve.

import { button, el, svgEl } from "./dom.js";

const STAGES = 3;

/** "cell:digit" → colour of the pattern's candidates the step shows in colour: a candidate it
 * strikes out is shown struck instead (a Nishio step's supposition). */
function coloured(step) {
  const gone = new Set(step.eliminations.map(([c, d]) => `${c}:${d}`));
  return new Map(step.pattern.filter(([c, d]) => !gone.has(`${c}:${d}`)).map(([c, d, colour]) => [`${c}:${d}`, colour]));
}

export function createHints(glue) {
  // Screen readers hear the hint and the path's outcome, not every line added to the lists.
  const text = el("p", { class: "hint-text", "data-testid": "hint-text", "aria-live": "polite" });
  // A forcing chain's easy steps, one a line, to follow with a pencil: a supposition followed to
  // a contradiction (Nishio), or a digit forcing chain's two cases one after the other.
  const chain = el("ol", { class: "hint-chain", "data-testid": "hint-chain" });
  chain.hidden = true;
  // What the drawing over the grid means, under the whole step: its colours and a chain's lines.
  const legend = el("p", { class: "hint-legend", "data-testid": "hint-legend" });
  const LINES_MEAN = "Solid lines are strong links (at least one end is true), dashed lines weak " +
    "links (not both ends); along the chain the two colours alternate.";
  const BOXES_MEAN = " A box holds a group: the digit is in one of its cells.";
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
  pathBox.addEventListener("toggle", () => (pathBox.open ? walkPath() : stopPath()));
  const panel = el("section", { class: "hint-panel", "data-testid": "hint", "aria-label": "Hint" },
                   text, chain, legend, articleLine, actions, stepsBox, pathBox);
  panel.hidden = true;
  let shown = null;      // {key, result, stage}: the hint on screen, for the position `key`
  let applied = [];      // [{before: progress key, text}] steps applied, newest last
  let path = null;       // {key, id, done}: the whole path being listed, for the position `key`

  const keyOf = ({ text: t, progress }) => t + "|" + progress.join(",");

  function ask() {
    const now = glue.current();
    const key = keyOf(now);
    if (shown?.key === key) return shown;
    const result = glue.invoke("hint_view", now.text, now.progress, glue.solution());
    shown = { key, result, stage: 0 };
    return shown;
  }

  function clearMarks() {
    for (const cell of glue.cells()) {
      delete cell.dataset.hint;
      cell.querySelector(".hint-marks")?.remove();
    }
    glue.cells()[0]?.closest(".board")?.querySelector("svg.hint-links")?.remove();
  }

  /** Cells of the units, cages or named cells: where to look (stages 1 and 2). */
  function lookCells(step) {
    const cells = new Set(step.units.flatMap((u) => u.cells));
    const cages = glue.cages();
    for (const index of step.cages) for (const c of cages[index].cells) cells.add(c);
    if (!cells.size) for (const c of step.cells) cells.add(c);
    return cells;
  }

  function mark(result, stage) {
    clearMarks();
    const cells = glue.cells();
    if (result.status === "invalid") {
      for (const p of result.problems) cells[p.cell].dataset.hint = "wrong";
      return;
    }
    if (result.status !== "step") return;
    const step = result.step;
    if (stage < 2) {
      for (const c of lookCells(step)) cells[c].dataset.hint = "focus";
      return;
    }
    for (const c of step.cells) cells[c].dataset.hint = "focus";
    for (const [c] of step.eliminations) cells[c].dataset.hint = "eliminate";
    for (const [c] of step.placements) cells[c].dataset.hint = "place";
    // The candidates the step speaks of, drawn over the cell (the reader may have no pencil
    // marks there): struck where eliminated, ringed where placed, the pattern's in its two colours.
    const colourOf = coloured(step);
    for (const [index, digits] of Object.entries(result.marks)) {
      const cell = cells[Number(index)];
      if (cell.dataset.value) continue;
      const gone = new Set(step.eliminations.filter(([c]) => c === Number(index)).map(([, d]) => d));
      const placed = new Set(step.placements.filter(([c]) => c === Number(index)).map(([, d]) => d));
      const side = Math.ceil(Math.sqrt(glue.size()));
      const overlay = el("span", { class: "marks hint-marks", "aria-hidden": "true" });
      for (const ch of digits) {
        const d = parseInt(ch, 36);
        const colour = colourOf.get(`${index}:${d}`);
        const cls = gone.has(d) ? "gone" : placed.has(d) ? "placed" : colour === undefined ? "" : `pattern-${colour}`;
        overlay.append(el("span", { class: cls, "data-digit": ch,
          style: `grid-area:${Math.floor((d - 1) / side) + 1}/${((d - 1) % side) + 1}` }, ch));
      }
      cell.append(overlay);
    }
    drawLinks(step.links);
  }

  /** A chain's links as lines between its candidates, solid for strong links, dashed for weak
   * ones, in an SVG over the grid in cell units. A group (a digit in one of several cells) is
   * drawn as a rounded box around its candidates, and its lines start at the box's edge. */
  function drawLinks(links) {
    const cells = glue.cells();
    const board = cells[0]?.closest(".board");
    if (!links.length || !board) return;
    const n = glue.size();
    const box = board.querySelector("svg.lines").getBoundingClientRect();
    const unit = box.width / n;
    const svg = svgEl("svg", { class: "hint-links", "data-testid": "hint-links", viewBox: `0 0 ${n} ${n}`, "aria-hidden": "true" });
    const round = (v) => Math.round(v * 1000) / 1000;
    const groups = new Map();
    // A node's middle, and how far its edge is from there along a direction (ux, uy): a
    // candidate's circle, or a group's box.
    const node = (group, digit) => {
      const spans = group.map((c) => [...cells[c].querySelectorAll(".hint-marks > span")]
        .find((span) => parseInt(span.dataset.digit, 36) === digit)?.getBoundingClientRect());
      if (spans.some((r) => !r)) return null;
      if (group.length === 1) {
        const r = spans[0], radius = Math.min(r.width, r.height) / 2 / unit;
        return { x: (r.left + r.width / 2 - box.left) / unit, y: (r.top + r.height / 2 - box.top) / unit, reach: () => radius };
      }
      const pad = 0.04 * unit;
      const [left, top] = [Math.min(...spans.map((r) => r.left)) - pad, Math.min(...spans.map((r) => r.top)) - pad];
      const [right, bottom] = [Math.max(...spans.map((r) => r.right)) + pad, Math.max(...spans.map((r) => r.bottom)) + pad];
      const [hw, hh] = [(right - left) / 2 / unit, (bottom - top) / 2 / unit];
      const [x, y] = [(left - box.left) / unit + hw, (top - box.top) / unit + hh];
      groups.set(`${digit}:${group}`, { x: x - hw, y: y - hh, width: 2 * hw, height: 2 * hh });
      return { x, y, reach: (ux, uy) => Math.min(ux ? hw / Math.abs(ux) : Infinity, uy ? hh / Math.abs(uy) : Infinity) };
    };
    const paths = [];
    for (const link of links) {
      const a = node(link.from, link.fromDigit), b = node(link.to, link.toDigit);
      if (!a || !b) continue;
      const length = Math.hypot(b.x - a.x, b.y - a.y);
      const ux = (b.x - a.x) / length, uy = (b.y - a.y) / length;
      const [ra, rb] = [a.reach(ux, uy), b.reach(ux, uy)];
      if (!(length > ra + rb)) continue;
      // from the edge of one node to the edge of the other, leaving the digits readable, bent a
      // little to the left of the way the chain runs: two links along one row, one each way,
      // bend apart instead of covering each other
      const [x1, y1, x2, y2] = [a.x + ux * ra, a.y + uy * ra, b.x - ux * rb, b.y - uy * rb];
      const bend = Math.min(0.3, length * 0.12);
      const [cx, cy] = [(x1 + x2) / 2 + uy * bend, (y1 + y2) / 2 - ux * bend];
      paths.push(svgEl("path", { class: link.strong ? "strong" : "weak",
        d: `M ${[x1, y1].map(round).join(" ")} Q ${[cx, cy, x2, y2].map(round).join(" ")}` }));
    }
    for (const { x, y, width, height } of groups.values()) {
      svg.append(svgEl("rect", { class: "group", x: round(x), y: round(y), width: round(width), height: round(height),
                                 rx: round(Math.min(width, height) / 2) }));
    }
    svg.append(...paths);
    board.append(svg);
  }

  /** The key to what `step` draws: each colour it shows with what the strategy means by it, and
   * what a chain's lines and boxes are. */
  function explainDrawing(step) {
    const parts = [];
    if (step) {
      const shown = new Set(coloured(step).values());
      (step.colours ?? []).forEach((meaning, k) => {
        if (meaning && shown.has(k)) {
          parts.push(el("span", { class: "key", "data-colour": k }, el("span", { class: `swatch pattern-${k}` }),
                        `${["Blue", "Orange"][k]}: ${meaning}.`), " ");
        }
      });
      if (step.links.length) {
        parts.push(LINES_MEAN + (step.links.some((l) => l.from.length > 1 || l.to.length > 1) ? BOXES_MEAN : ""));
      }
    }
    legend.replaceChildren(...parts);
    legend.hidden = !parts.length;
  }

  function say(result, stage) {
    actions.replaceChildren();
    const whole = stage === STAGES - 1;
    const said = whole ? result.step?.chain ?? [] : [];
    chain.replaceChildren(...said.map((link) => el("li", {}, link)));
    chain.hidden = !said.length;
    explainDrawing(whole && result.status === "step" ? result.step : null);
    const about = stage > 0 && result.status === "step" ? result.step.article : null;
    articleLine.hidden = !about;
    if (about) {
      article.href = about;
      article.textContent = `${result.step.name}, explained on SudokuWiki \u2197`;
    }
    panel.hidden = false;
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
    const close = button("hint-close", "\u00d7", "Hide the hint (Hint shows it again)", hide);
    close.setAttribute("aria-label", "Close the hint");
    actions.append(close);
    panel.dataset.stage = String(stage + 1);
    panel.dataset.status = result.status ?? "error";
    pathBox.hidden = result.status !== "step" && result.status !== "stuck";
    mark(result, stage);
  }

  /** The whole path by logic from the reader's position (path_start/path_step), listed as it is
   * worked out in slices of ~30 ms, so the page stays responsive; closing the list stops it. */
  async function walkPath() {
    const now = glue.current();
    const key = keyOf(now);
    if (path?.key === key) return;   // listed already, or being listed
    stopPath();
    pathSteps.replaceChildren();
    pathCount.textContent = "";
    const started = glue.invoke("path_start", now.text, now.progress, glue.solution());
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
      pathSteps.append(...answer.steps.map((step, i) => pathItem(step, listed + i + 1)));
      if (answer.done) {
        job.done = true;
        pathCount.textContent = answer.count ? "Press a step to play the path up to it." : "";
        pathSummary.textContent = pathOutcome(answer);
        return;
      }
      pathCount.textContent = `${pathSteps.children.length} steps so far`;
      await new Promise((resolve) => setTimeout(resolve, 0));   // let the page draw and react
    }
  }

  function stopPath() {
    if (path?.id) glue.invoke("path_cancel", path.id);
    path = null;
  }

  /** A step of the path: pressing it applies the path up to there (one undoable change). */
  function pathItem(text, count) {
    const go = button("path-go", text, "Apply the path up to this step (Undo or Previous takes it back)",
                      () => followPath(count));
    go.className = "path-go";
    return el("li", {}, go);
  }

  function followPath(count) {
    if (!path?.id) return;
    const answer = glue.invoke("path_progress", path.id, count);
    if (answer.error) return;
    applied.push({ before: path.key, text: count === 1 ? "The path's first step" : `The path's first ${count} steps` });
    glue.commit(answer.progress);   // the position moves on: the path goes (onChange)
    renderLog();
  }

  function pathOutcome({ status, count, grade, reason }) {
    const steps = count === 1 ? "1 step" : `${count} steps`;
    if (status === "invalid") return reason;
    if (status === "solved") {
      return `Solved by logic in ${steps}. Grade: ${grade.level}; the hardest step: ${grade.name}.`;
    }
    if (!count) return "No logical step found from here: Reveal a cell, or Solve.";
    return `The logic this page knows is stuck after ${steps}; the hardest: ${grade.name}. ` +
      "From there, Reveal a cell or Solve.";
  }

  /** A path listed for another position is stale: forget it (and close its list). */
  function forgetPath() {
    stopPath();
    pathBox.open = false;
    pathSteps.replaceChildren();
    pathSummary.textContent = "";
    pathCount.textContent = "";
  }

  /** Close: the panel and its marks go; the next press of Hint shows the same stage again. */
  function hide() {
    if (shown) shown.shownOnce = false;
    forgetPath();
    clearMarks();
    panel.hidden = true;
  }

  /** The Hint button: the first press says where to look, each further press says more. */
  function hint() {
    const current = ask();
    if (current.shownOnce) current.stage = Math.min(current.stage + 1, STAGES - 1);
    current.shownOnce = true;
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
    const shown = glue.invoke("reveal_view", now.text, now.progress, solution, glue.selected());
    if (shown.error) {
      text.textContent = `Nothing to reveal: ${shown.error}`;
      return;
    }
    applied.push({ before: current.key, text: shown.text });
    glue.commit(shown.progress);
    renderLog();
  }

  /** Next step: show the next step whole; pressed again, apply it and show the one after. */
  function next() {
    const current = ask();
    if (current.shownOnce && current.stage === STAGES - 1 && current.result.status === "step") {
      apply();
      const following = ask();
      following.stage = STAGES - 1;
      following.shownOnce = true;
      say(following.result, following.stage);
      return;
    }
    current.stage = STAGES - 1;
    current.shownOnce = true;
    say(current.result, current.stage);
  }

  function previous() {
    if (!applied.length) return;
    glue.undo();   // the glue's onChange drops the step from the log
    const back = ask();
    back.stage = STAGES - 1;
    back.shownOnce = true;
    say(back.result, back.stage);
  }

  function renderLog() {
    steps.replaceChildren(...applied.map((s) => el("li", {}, s.text)));
    stepsBox.hidden = applied.length === 0;
    const back = panel.ownerDocument.querySelector("[data-action=step-back]");
    if (back) back.disabled = applied.length === 0;
  }

  /** Called by the glue after every change of position: a shown hint belongs to the old one. */
  function onChange() {
    const key = keyOf(glue.current());
    while (applied.length && !glue.inHistory(applied[applied.length - 1].before, keyOf)) applied.pop();
    if (shown && shown.key !== key) {
      shown = null;
      clearMarks();
      panel.hidden = true;
    }
    if (path && path.key !== key) forgetPath();
    renderLog();
  }

  function reset() {
    shown = null;
    applied = [];
    clearMarks();
    forgetPath();
    panel.hidden = true;
    renderLog();
  }

  // A hint needs the solution (hint_view never reasons from a wrong position) and would solve
  // for it itself, holding the page still while it does (up to 2 s on the hardest killers): the
  // page's own solver answers first, in slices where it takes long.
  const buttons = () => [
    button("hint", "Hint", "Where to look next, then the strategy, then the whole step", () => glue.solvedFirst(hint)),
    button("step-next", "Next step", "Show the next logical step; press again to apply it", () => glue.solvedFirst(next), "Next"),
    button("step-back", "Previous", "Take back the last step applied", previous, "Back"),
  ];

  return { panel, buttons, hint, next, previous, onChange, reset, redraw: () => shown && mark(shown.result, shown.stage) };
}
