// The page's DOM helpers, shared by its modules. Values go in as attributes or text, never as
// markup.

const SVG = "http://www.w3.org/2000/svg";

/** An SVG element with attributes. */
export function svgEl(tag, attrs = {}) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  return node;
}

/** An element with attributes (true: present and empty; false or null: left out) and children. */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === true) node.setAttribute(key, "");
    else if (value !== false && value != null) node.setAttribute(key, value);
  }
  node.append(...children);
  return node;
}

/** A toolbar button; with `short`, narrow screens show that label and the long one is its name. */
export function button(action, label, title, onClick, short = null) {
  const b = short
    ? el("button", { type: "button", "data-action": action, title, "aria-label": label },
         el("span", { class: "label-long" }, label), el("span", { class: "label-short" }, short))
    : el("button", { type: "button", "data-action": action, title }, label);
  b.addEventListener("click", onClick);
  return b;
}
