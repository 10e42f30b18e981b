// The reader's cell colours (Colour mode): per cell the colours it holds, "" for none or their
// numbers in order ("25": red and green), as SudokuPad lets a cell hold several, so that two
// colourings (two chains, say) can overlap. Kept beside the position (undo, the saved game),
// never in the puzzle string, which has no room for them. A cell of several colours is drawn
// as wedges round its centre, the same on the page (conic-gradient), in the exported picture and
// in the saved games' thumbnails (polygons).

/** No colour anywhere on an n×n grid. */
export const noColours = (n) => new Array(n * n).fill("");

export const isColoured = (colours) => colours.some(Boolean);

export const sameColours = (a, b) => a?.length === b.length && a.every((cell, i) => cell === b[i]);

/** `cell` ("25") with `colour` ("1"-"9") put on (`on`) or taken off. */
export function withColour(cell, colour, on) {
  const rest = cell.replace(colour, "");
  return on ? [...rest + colour].sort().join("") : rest;
}

/** Colours as stored, or as older pages stored them (one character a cell, "0" for none): the
 * per-cell form, or null when `value` is neither (numbers, say, which would reach the board as
 * cells it cannot paint). stored.js checks the count against the position's. */
export function readColours(value) {
  if (Array.isArray(value)) return value.every((cell) => typeof cell === "string" && /^1?2?3?4?5?6?7?8?9?$/.test(cell)) ? value : null;
  if (typeof value === "string" && /^[0-9]*$/.test(value)) return [...value].map((c) => (c === "0" ? "" : c));
  return null;
}

// Wedges start at the top right corner and go round clockwise, so two colours split a cell along
// its diagonal.
const START = 45;

/** The page's paint for a cell of several colours (style.css's --colour-N), as a CSS image. */
export function conicPaint(cell) {
  const step = 360 / cell.length;
  return `conic-gradient(from ${START}deg, ${[...cell].map((c, k) => `var(--colour-${c}) 0 ${(k + 1) * step}deg`).join(", ")})`;
}

/** The point where a ray from the centre of the unit square at `degrees` (0 up, clockwise) leaves it. */
function edgePoint(degrees) {
  const radians = (degrees * Math.PI) / 180;
  const dx = Math.sin(radians), dy = -Math.cos(radians);
  const t = 0.5 / Math.max(Math.abs(dx), Math.abs(dy));
  return [0.5 + dx * t, 0.5 + dy * t];
}

/** The wedges of the cell at column x, row y (a unit square each) as [colour, SVG polygon
 * points] pairs: one square for one colour. */
export const wedges = (cell, x, y) => corners(cell).map(([colour, points]) =>
  [colour, points.map(([a, b]) => `${+(x + a).toFixed(3)},${+(y + b).toFixed(3)}`).join(" ")]);

/** A cell's colours as [colour, corners in the unit square] pairs: the wedges conicPaint draws. */
function corners(cell) {
  if (cell.length === 1) return [[cell, [[0, 0], [1, 0], [1, 1], [0, 1]]]];
  const step = 360 / cell.length;
  return [...cell].map((colour, k) => {
    const from = START + k * step, to = from + step;
    const points = [[0.5, 0.5], edgePoint(from)];
    // the square's corners (at 45°, 135°, 225° and 315°) inside the wedge
    for (let corner = 45; corner <= 405; corner += 90) {
      if (corner > from && corner < to) points.push(edgePoint(corner));
    }
    points.push(edgePoint(to));
    return [colour, points];
  });
}
