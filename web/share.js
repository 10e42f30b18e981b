// The Share dialog: a link to this page at the current position, the same position on
// SudokuWiki (and in its older formats), an <iframe> snippet, SVG/PNG export and printing.
// Links and strings come from Python (api.share_links); this file only shows them. Every value
// goes into the DOM as text or as an attribute, never as markup.
import { el } from "./dom.js";
import { gridSvg, svgToPng, download } from "./export.js";

let dialog = null;

const escapeAttr = (text) => String(text).replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

// The embed's frame sizes, square: the grid with its compact toolbar and pad fills a square frame
// (embed.js), from 300 px up. The second is offered first.
const EMBED_SIZES = [["Small", 300], ["Medium", 420], ["Large", 600]];

/** The <iframe> for `src` at most `side` px square, keeping its square shape at any width: in a
 * column narrower than `side` it shrinks whole (width 100%, height from the aspect) rather than
 * keeping its height and leaving white under the puzzle. */
export function embedSnippet(src, title, side) {
  return `<iframe src="${escapeAttr(src)}" title="${escapeAttr(title)}" width="${side}" height="${side}" `
    + `style="border:0;width:100%;max-width:${side}px;height:auto;aspect-ratio:1/1" loading="lazy"></iframe>`;
}

/** This page at the query `query` (api.share_links's: `bd`, and `fullmarks=1` when a cell holds
 * every digit as a pencil mark), relative to the page's own address (works under any sub-path);
 * so never `embed=1` or a test's `slice=`. */
export function pageLink(query) {
  return new URL("?" + query, location.href).href;
}

/** Copies the text of `field` (an input or textarea); without clipboard access it selects the
 * text so that Ctrl+C / the phone's menu copies it. */
async function copyField(field, note) {
  try {
    await navigator.clipboard.writeText(field.value);
    note.textContent = "Copied.";
  } catch {
    field.focus();
    field.select();
    note.textContent = "Selected: press Ctrl+C (\u2318C on a Mac) to copy.";
  }
}

/** One labelled read-only field with Copy and, for links, Open. */
function copyRow(id, label, value, { testid, open, multiline = false } = {}) {
  const field = multiline
    ? el("textarea", { id, readonly: true, rows: "3", spellcheck: "false", "data-testid": testid })
    : el("input", { id, readonly: true, spellcheck: "false", "data-testid": testid });
  field.value = value;
  field.addEventListener("focus", () => field.select());
  const note = el("span", { class: "copy-note", role: "status" });
  const copy = el("button", { type: "button", "data-action": "copy", "aria-describedby": id }, "Copy");
  copy.addEventListener("click", () => copyField(field, note));
  const head = el("div", { class: "item-head" }, el("label", { for: id }, label));
  if (open) head.append(open);
  return el("div", { class: "share-item" }, head, el("div", { class: "copy-row" }, field, copy), note);
}

function openLink(href, testid, external) {
  const a = el("a", { href, "data-testid": testid, class: "open-link" }, "Open");
  if (external) {
    a.target = "_blank";
    a.rel = "noopener noreferrer";
    a.textContent = "Open \u2197";
  }
  return a;
}

const fileName = (label, ext) => `${label.replace(/\s*\(.*\)$/, "").replace(/[^A-Za-z0-9]+/g, "-").toLowerCase()}.${ext}`;

/** The export and print controls. */
function exportSection(board, label) {
  const marks = el("input", { type: "checkbox", id: "export-marks", "data-testid": "export-marks" });
  // the reader's cell colours (Colour mode): offered when there are some
  const colours = el("input", { type: "checkbox", id: "export-colours", "data-testid": "export-colours" });
  const coloured = board.querySelector("[data-cell][data-colour]") !== null;
  const note = el("span", { class: "copy-note", role: "status" });
  const svg = () => gridSvg(board, { marks: marks.checked, colours: colours.checked, title: label });
  const svgButton = el("button", { type: "button", "data-action": "export-svg" }, "Download SVG");
  svgButton.addEventListener("click", () => {
    download(new Blob([svg()], { type: "image/svg+xml" }), fileName(label, "svg"));
  });
  const pngButton = el("button", { type: "button", "data-action": "export-png" }, "Download PNG");
  pngButton.addEventListener("click", async () => {
    try {
      download(await svgToPng(svg(), 2), fileName(label, "png"));
    } catch (error) {
      note.textContent = `Could not make the picture: ${error.message}`;
    }
  });
  const printButton = el("button", { type: "button", "data-action": "print" }, "Print");
  printButton.addEventListener("click", () => {
    document.body.classList.toggle("print-marks", marks.checked);
    document.body.classList.toggle("print-colours", colours.checked);
    dialog.close();
    window.print();
  });
  return el("fieldset", { class: "share-item export" },
    el("legend", {}, "Picture and print"),
    el("label", { class: "check" }, marks, " Include pencil marks"),
    ...(coloured ? [el("label", { class: "check" }, colours, " Include colours")] : []),
    el("div", { class: "copy-row" }, svgButton, pngButton, printButton), note);
}

/** The embed snippet with its size choice. */
function embedItem(src, label) {
  const item = copyRow("share-embed", "Embed in a web page", embedSnippet(src, label, EMBED_SIZES[1][1]),
    { testid: "embed-code", multiline: true });
  const size = el("select", { id: "embed-size", "data-testid": "embed-size", "aria-label": "Frame size" },
    ...EMBED_SIZES.map(([name, side]) => el("option", { value: String(side) }, `${name}, ${side}\u00d7${side}`)));
  size.value = String(EMBED_SIZES[1][1]);
  const field = item.querySelector("textarea");
  size.addEventListener("change", () => { field.value = embedSnippet(src, label, Number(size.value)); });
  item.querySelector(".item-head").append(size);
  return item;
}

function olderFormats(links) {
  if (!links.older.length) return null;
  const select = el("select", { id: "older-format", "data-testid": "older-format" },
    ...links.older.map((o) => el("option", { value: o.format }, o.label)));
  const item = copyRow("older-url", "SudokuWiki link in this format", links.older[0].link,
    { testid: "older-url", open: openLink(links.older[0].link, "older-link", true) });
  const field = item.querySelector("input");
  const open = item.querySelector("a");
  select.addEventListener("change", () => {
    const chosen = links.older.find((o) => o.format === select.value);
    field.value = chosen.link;
    open.href = chosen.link;
  });
  return el("details", { class: "share-item older" },
    el("summary", {}, "Older SudokuWiki formats"),
    el("label", { for: "older-format" }, "Format"), select, item);
}

function ensureDialog() {
  if (dialog) return dialog;
  dialog = el("dialog", { class: "share-dialog", "data-testid": "share-dialog", "aria-labelledby": "share-title" });
  // printing after the dialog closed: pencil marks again only when asked the next time
  addEventListener("afterprint", () => document.body.classList.remove("print-marks", "print-colours"));
  // a click on the backdrop (outside the dialog's box) closes it, as Escape does
  dialog.addEventListener("click", (event) => {
    if (event.target !== dialog) return;
    const box = dialog.getBoundingClientRect();
    const inside = event.clientX >= box.left && event.clientX <= box.right && event.clientY >= box.top && event.clientY <= box.bottom;
    if (!inside) dialog.close();
  });
  document.body.append(dialog);
  return dialog;
}

/**
 * Opens the Share dialog for `text` (the puzzle's query) at `progress`. `invoke` calls the
 * Python API; `board` is the element holding the drawn grid; `label` names the puzzle.
 */
export function openShareDialog({ invoke, text, progress, board, label }) {
  const box = ensureDialog();
  const links = invoke("share_links", text, progress);
  const close = el("button", { type: "button", class: "close", "data-action": "close", "aria-label": "Close" }, "\u00d7");
  close.addEventListener("click", () => box.close());
  const head = el("div", { class: "share-head" }, el("h2", { id: "share-title" }, "Share this position"), close);
  if (links.error) {
    box.replaceChildren(head, el("p", { class: "share-error", "data-testid": "share-error" },
      `Cannot share this position: ${links.error}`));
  } else {
    const here = pageLink(links.query);
    box.replaceChildren(head,
      copyRow("share-page", "Link to this page, with your progress", here,
        { testid: "share-url", open: openLink(here, "share-link", false) }),
      copyRow("share-sudokuwiki", "The same position on SudokuWiki", links.sudokuwiki,
        { testid: "sudokuwiki-url", open: openLink(links.sudokuwiki, "sudokuwiki-link", true) }),
      olderFormats(links) ?? "",
      embedItem(here + "&embed=1", label),
      exportSection(board, label));
  }
  if (!box.open) box.showModal();
  box.querySelector("input, button")?.focus({ preventScroll: true });
  return box;
}
