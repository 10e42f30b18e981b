// Export of the grid as it is drawn on the page: a standalone SVG (its own colours and fonts as
// attributes, no external references, no classes) and a PNG painted from that SVG on a canvas.
// Read from the rendered DOM so the picture follows render.js and style.css; always in the light,
// printed-paper colours (the page's own light palette), whatever the page's theme.
import { wedges } from "./colours.js";

const SVG_NS = "http://www.w3.org/2000/svg";
const CELL_PX = 60;       // one cell of the exported picture
const MARGIN = 0.25;      // of a cell, around the grid, so the outer border is not cut
// Overlays that belong to playing, not to the puzzle (selection, hints, conflicts): not exported.
const PLAY_OVERLAY = /hint|highlight|select|conflict|focus|peer/;

const escapeXml = (text) => String(text).replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
const round = (x) => Math.round(x * 1000) / 1000;

/** The page's light palette: the custom properties of its top-level `:root` rules (those in no
 * @media block, so not the dark theme's). */
function lightPalette() {
  const palette = [];
  for (const sheet of document.styleSheets) {
    let rules;
    try { rules = sheet.cssRules; } catch { continue; } // another origin's sheet: none here
    for (const rule of rules) {
      if (rule.selectorText !== ":root") continue;
      for (const name of rule.style) if (name.startsWith("--")) palette.push([name, rule.style.getPropertyValue(name)]);
    }
  }
  return palette;
}

/** Puts the light palette on <html> (inline, over a dark theme); returns the undo. (Printing
 * needs none of this: style.css keeps its dark theme for screens.) */
function usePaperColours() {
  const root = document.documentElement;
  const saved = lightPalette().map(([name, value]) => {
    const before = [name, root.style.getPropertyValue(name)];
    root.style.setProperty(name, value);
    return before;
  });
  root.style.setProperty("color-scheme", "light");
  return () => {
    for (const [name, value] of saved) value ? root.style.setProperty(name, value) : root.style.removeProperty(name);
    root.style.removeProperty("color-scheme");
  };
}

/** Reads colours and fonts while the page is in its light palette (no paint happens between). */
function inLightColours(read) {
  const undo = usePaperColours();
  try {
    return read(getComputedStyle(document.documentElement));
  } finally {
    undo();
  }
}

/** Copies one line-layer element (path, rect, text…) with its computed look as attributes;
 * stroke widths and dashes (screen pixels, non-scaling) become cell units. */
function copyLine(node, unitPx) {
  if (PLAY_OVERLAY.test(node.getAttribute("class") ?? "")) return "";
  const style = getComputedStyle(node);
  if (style.display === "none" || style.visibility === "hidden") return "";
  const tag = node.localName;
  const attrs = [];
  for (const { name, value } of node.attributes) {
    if (["class", "style", "vector-effect", "aria-hidden"].includes(name)) continue;
    attrs.push(`${name}="${escapeXml(value)}"`);
  }
  const px = (v) => round(parseFloat(v) / unitPx);
  // a cage total's paper halo (style.css, small embeds) is the screen's: in the picture the total
  // has its own size, which the outline's corner leaves room for
  const stroke = tag === "text" ? "none" : style.stroke;
  attrs.push(`fill="${escapeXml(style.fill)}"`, `stroke="${escapeXml(stroke)}"`);
  if (stroke !== "none") {
    attrs.push(`stroke-width="${px(style.strokeWidth)}"`, `stroke-linecap="${style.strokeLinecap}"`,
      `stroke-linejoin="${style.strokeLinejoin}"`);
    if (style.strokeDasharray && style.strokeDasharray !== "none") {
      attrs.push(`stroke-dasharray="${style.strokeDasharray.split(/[ ,]+/).map(px).join(" ")}"`);
    }
  }
  if (style.opacity !== "1") attrs.push(`opacity="${style.opacity}"`);
  if (tag === "text") {
    attrs.push(`font-family="${escapeXml(style.fontFamily)}"`, `font-weight="${style.fontWeight}"`);
  }
  const inner = tag === "text" ? escapeXml(node.textContent)
    : [...node.children].map((child) => copyLine(child, unitPx)).join("");
  return `<${tag} ${attrs.join(" ")}>${inner}</${tag}>`;
}

/** A text element centred on `span` as it is drawn, in cell units of the board. */
function textAt(span, board, unitPx, fill) {
  const box = span.getBoundingClientRect();
  const style = getComputedStyle(span);
  const x = (box.left + box.width / 2 - board.left) / unitPx;
  const y = (box.top + box.height / 2 - board.top) / unitPx;
  const size = parseFloat(style.fontSize) / unitPx;
  return `<text x="${round(x)}" y="${round(y)}" font-size="${round(size)}" font-family="${escapeXml(style.fontFamily)}" `
    + `font-weight="${style.fontWeight}" fill="${fill}" text-anchor="middle" dominant-baseline="central">`
    + `${escapeXml(span.textContent.toUpperCase())}</text>`;
}

/**
 * The grid inside `container` as a standalone SVG document (a string). `marks`: include pencil
 * marks; `colours`: the reader's cell colours (Colour mode). `title`: the picture's <title>.
 */
export function gridSvg(container, { marks = false, colours = false, title = "Puzzle" } = {}) {
  const boardEl = container.querySelector(".board");
  const cells = [...container.querySelectorAll("[data-cell]")];
  const n = Math.round(Math.sqrt(cells.length));
  if (!boardEl || !n) throw new Error("there is no grid to export");
  return inLightColours((root) => {
    const colour = (name, fallback) => root.getPropertyValue(name).trim() || fallback;
    const paper = colour("--paper", "#fff"), shade = colour("--shade", "#e6e6e6");
    const ink = colour("--ink", "#111"), solved = colour("--solved", "#1c55c4"), pencil = colour("--marks", "#3d3d3d");
    const board = boardEl.getBoundingClientRect();
    const unitPx = board.width / n;
    const shading = cells.filter((cell) => cell.classList.contains("shaded")).map((cell) => {
      const i = Number(cell.dataset.index ?? cells.indexOf(cell));
      return `<rect x="${i % n}" y="${Math.floor(i / n)}" width="1" height="1" fill="${shade}"/>`;
    });
    const painted = !colours ? [] : cells.filter((cell) => cell.dataset.colour).flatMap((cell) => {
      const i = Number(cell.dataset.index ?? cells.indexOf(cell));
      const x = i % n, y = Math.floor(i / n);
      return wedges(cell.dataset.colour, x, y).map(([one, points]) =>
        `<polygon points="${points}" fill="${escapeXml(colour(`--colour-${one}`, "transparent"))}"/>`);
    });
    const digits = [];
    for (const cell of cells) {
      const value = cell.querySelector(".value");
      if (value && cell.dataset.value) {
        digits.push(textAt(value, board, unitPx, cell.classList.contains("given") ? ink : solved));
      } else if (marks && cell.dataset.candidates) {
        for (const mark of cell.querySelectorAll(".marks > *")) digits.push(textAt(mark, board, unitPx, pencil));
      }
    }
    const lines = [...boardEl.querySelectorAll("svg.lines > *")].map((node) => copyLine(node, unitPx));
    const side = n + 2 * MARGIN;
    const px = Math.round(side * CELL_PX);
    return `<?xml version="1.0" encoding="UTF-8"?>\n`
      + `<svg xmlns="${SVG_NS}" width="${px}" height="${px}" viewBox="${-MARGIN} ${-MARGIN} ${side} ${side}">`
      + `<title>${escapeXml(title)}</title>`
      + `<rect x="${-MARGIN}" y="${-MARGIN}" width="${side}" height="${side}" fill="${paper}"/>`
      + `<g class="shading">${shading.join("")}</g>`
      + (painted.length ? `<g class="colours">${painted.join("")}</g>` : "")
      + `<g class="digits">${digits.join("")}</g>`
      + `<g class="lines">${lines.join("")}</g>`
      + `</svg>\n`;
  });
}

/** Paints an SVG document (a string) on a canvas: a PNG Blob, `scale` times its own size. */
export async function svgToPng(svgText, scale = 1) {
  const image = new Image();
  image.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(svgText);
  await image.decode();
  const canvas = document.createElement("canvas");
  canvas.width = Math.round(image.naturalWidth * scale);
  canvas.height = Math.round(image.naturalHeight * scale);
  canvas.getContext("2d").drawImage(image, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("the PNG could not be made"))), "image/png"));
}

/** Offers `blob` as a download named `name`. */
export function download(blob, name) {
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
}
