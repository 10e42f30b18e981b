// Embed mode (`&embed=1`, the page in another site's <iframe>): the grid, a compact toolbar and
// the digit pad, sized so that all of it fits the frame without scrolling, from 300×300 up.
// Tall or square frames stack grid, toolbar and pad; wide frames put toolbar and pad beside the
// grid (body.embed-wide). A "Full page" link opens this position on its own, without embed=1.

const GAP = 4;             // px between the stacked parts, as in style.css
const EDGE = 4;            // px of padding around everything
const SIDE_MIN = 116;      // px: the narrowest side column that holds a 3-wide digit pad
const BOARD_MIN = 120;     // px: below this the frame is simply too small; the page scrolls
const TOTAL_MIN_PX = 10;   // px: a cage total's text box at least this tall (a 9×9 killer at 300×300)
const TOTAL_MAX_SHARE = 0.42;  // of a cell: no taller, or it crowds the cell's digit (16×16 in a small frame)

/** This page's address without its embed-only parameters (embed, slice): the full page. */
export function fullPageHref(href = location.href) {
  const url = new URL(href);
  const query = url.search.replace(/^\?/, "").split("&").filter((part) => part && !/^(embed|slice)=/.test(part)).join("&");
  url.search = query ? "?" + query : "";
  return url.href;
}

function fullPageLink() {
  const link = document.createElement("a");
  link.className = "full-page";
  link.dataset.testid = "full-page";
  link.target = "_blank";
  link.rel = "noopener";
  const words = document.createElement("span");
  words.className = "words";
  words.textContent = "Full page ";
  link.append(words, "\u2197");
  link.title = "Open this puzzle on its own page, with your progress";
  // the address follows the position (replaceState), so read it when the link is used
  const update = () => { link.href = fullPageHref(); };
  for (const type of ["pointerdown", "focus", "mouseenter", "click"]) link.addEventListener(type, update);
  update();
  return link;
}

/** Heights of everything stacked with the board (toolbar, pad, a visible status…), gaps included;
 *  not `left` (the hint, in a wide frame, measured on its own). */
function stackedHeight(main, boardWrap, left = null) {
  let total = 0;
  for (const child of main.children) {
    if (child === boardWrap || child === left || child.offsetParent === null) continue;
    total += child.getBoundingClientRect().height + GAP;
  }
  return total;
}

/** Whether a wide frame's side column holds the hint above the toolbar and pad: its content's
 *  height (not its box's, which is capped once it lies over them, so this never flip-flops). */
function hintFits(main, boardWrap, height) {
  const hint = main.querySelector("[data-testid=hint]");
  return !hint || hint.hidden || stackedHeight(main, boardWrap, hint) + hint.scrollHeight <= height;
}

/** How much the cage totals must grow to be TOTAL_MIN_PX tall on a board `side` px wide (within
 *  TOTAL_MAX_SHARE of a cell): 1 when they already are (render.js sizes them to the cell, which a
 *  small frame makes too small). */
function totalScale(boardEl, side) {
  const total = boardEl.querySelector("svg.lines .cage-total");
  if (!total) return 1;
  const cell = side / total.ownerSVGElement.viewBox.baseVal.width;   // the viewBox is one unit a cell
  const height = total.getBBox().height * cell;                      // its own box, before any scaling
  return height > 0 ? Math.max(1, Math.min(TOTAL_MIN_PX, TOTAL_MAX_SHARE * cell) / height) : 1;
}

export function setUpEmbed({ boardEl, toolbarEl, padEl }) {
  const body = document.body;
  const main = boardEl.parentElement;
  const link = fullPageLink();
  let fitting = false;

  function fit() {
    if (fitting) return;
    fitting = true;
    try {
      const width = document.documentElement.clientWidth - 2 * EDGE;
      const height = window.innerHeight - 2 * EDGE;
      const wide = width - height >= SIDE_MIN * 0.9;
      body.classList.toggle("embed-wide", wide);
      body.classList.toggle("embed-hint-over", wide && !hintFits(main, boardEl, height));
      let side;
      if (wide) {
        side = Math.min(height, width - SIDE_MIN - GAP);
      } else {
        side = Math.min(width, height - stackedHeight(main, boardEl)); // the rest spans the width
      }
      side = Math.max(BOARD_MIN, Math.floor(side));
      body.style.setProperty("--embed-board", `${side}px`);
      const scale = totalScale(boardEl, side);
      body.style.setProperty("--embed-total-scale", scale.toFixed(3));
      body.classList.toggle("embed-totals-up", scale > 1);
      // a stacked frame's hint lies under the grid, over the toolbar and pad, never over the cells
      const board = boardEl.querySelector(".board");
      if (board) body.style.setProperty("--embed-below", `${Math.ceil(board.getBoundingClientRect().bottom) + GAP}px`);
    } finally {
      fitting = false;
    }
  }

  // toolbar rebuilt for each puzzle (and Cancel coming and going): keep the link in it
  const keepLink = () => {
    if (toolbarEl.childElementCount && link.parentNode !== toolbarEl) toolbarEl.append(link);
    fit();
  };
  new MutationObserver(keepLink).observe(toolbarEl, { childList: true });
  // a new grid drawn (its cage totals to size): refit; fitting never changes the board's children
  new MutationObserver(() => fit()).observe(boardEl, { childList: true });
  // whatever is stacked with the board changing height (toolbar wrapping, a status line): refit;
  // the board itself is not observed, so fitting never feeds back into itself
  const resized = new ResizeObserver(() => fit());
  for (const part of main.children) if (part !== boardEl) resized.observe(part);
  addEventListener("resize", fit);
  keepLink();
}
