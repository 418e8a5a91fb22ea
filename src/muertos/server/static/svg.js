// Tiny helpers to build SVG and HTML without a framework.
export const SVGNS = "http://www.w3.org/2000/svg";

/** An SVG element: svg("rect", {x: 1, y: 2}, child, "text") */
export function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v);
    else el.setAttribute(k, String(v));
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    el.append(typeof c === "string" || typeof c === "number" ? document.createTextNode(String(c)) : c);
  }
  return el;
}

/** An HTML element: h("button", {class: "x", onclick: f}, "label") */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v);
    else if (k === "html") el.innerHTML = v;
    else if (v === true) el.setAttribute(k, "");
    else el.setAttribute(k, String(v));
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    el.append(typeof c === "string" || typeof c === "number" ? document.createTextNode(String(c)) : c);
  }
  return el;
}

/** `text` cut to `max` characters (whole code points) with an ellipsis: a name drawn in a
 * board's panel, which cannot wrap as the page's seat list does. */
export function clipped(text, max) {
  const chars = Array.from(String(text));
  return chars.length > max ? chars.slice(0, Math.max(1, max - 1)).join("") + "…" : String(text);
}

/** Cut each panel label of `board` (a seat's name and marks) that runs past its panel, with
 * an ellipsis, its whole text kept as its tooltip. Measured once the board is on the page: how
 * wide a name is depends on its letters ("WWW" against "iii") and the reader's font. */
export function fitLabels(board) {
  for (const label of board.querySelectorAll("text.panel-label")) {
    const panel = label.parentElement?.querySelector(":scope > rect.panel");
    if (!panel || label.querySelector("tspan")) continue;
    const room = Number(panel.getAttribute("x") || 0) + Number(panel.getAttribute("width")) - 8 - Number(label.getAttribute("x") || 0);
    if (!(room > 0) || label.getComputedTextLength() <= room) continue;
    const whole = label.textContent;
    const chars = Array.from(whole);
    const cut = (n) => (label.textContent = chars.slice(0, n).join("") + "…");
    let [lo, hi] = [1, chars.length - 1]; // the most characters that fit, by halving
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      cut(mid);
      if (label.getComputedTextLength() <= room) lo = mid;
      else hi = mid - 1;
    }
    cut(lo);
    label.append(title(whole));
  }
}

/** An <svg> element from markup (for the emblems, which are static art). */
export function fromMarkup(markup) {
  const t = document.createElement("template");
  t.innerHTML = markup.trim();
  return t.content.firstElementChild;
}

/** A <title> child: a tooltip, and the accessible name of a piece. */
export function title(text) {
  return svg("title", {}, text);
}

/** Break ``text`` into lines of at most ``width`` characters, at spaces (SVG text does not wrap). */
export function wrap(text, width) {
  const lines = [];
  let cur = "";
  for (const w of text.split(" ")) {
    if (cur && (cur + " " + w).length > width) {
      lines.push(cur);
      cur = w;
    } else cur = cur ? cur + " " + w : w;
  }
  if (cur) lines.push(cur);
  return lines;
}

const toEnd = new Set();

/** Scroll `el` to its end before the next frame is drawn: reading its height then needs no
 * layout of its own (the frame lays out once), and many calls in one frame scroll once. */
export function scrollToEnd(el) {
  if (!toEnd.size)
    requestAnimationFrame(() => {
      for (const e of toEnd) e.scrollTop = e.scrollHeight;
      toEnd.clear();
    });
  toEnd.add(el);
}
