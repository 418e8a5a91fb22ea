// Clickable board pieces, shared by the game renderers. A piece stands for one or more legal
// actions: a click plays the only one, or opens a small menu of them next to the piece (so
// every legal action can be made on the board, not only from the list beside it). On a touch
// screen the first tap shows the piece large with its actions as buttons (detail.js), and
// a button or a second tap plays: a finger cannot look before it presses. Each
// piece carries its actions in `data-actions` (a JSON list) for tests and assistive tools;
// pieces that only select (a hand card, then a slot) carry the actions they lead to and
// `data-select`. Actions no piece stands for (pass, end, done…) become labelled buttons
// drawn on the board by `buttonBar`.
import { svg, h, title } from "./svg.js";
import { t } from "./i18n.js";
import { offerOnTap } from "./detail.js";

let pointer = "mouse"; // the kind of pointer of the latest press: a click after a touch is a tap
document.addEventListener("pointerdown", (e) => (pointer = e.pointerType), true);

let covered = new Set(); // lower-cased actions some piece of the board being drawn stands for
let menu = null; // the open choice menu, if any

/** Start drawing a board: forget the pieces of the last drawing and close any menu. */
export function begin() {
  covered = new Set();
  closeMenu();
}

export function closeMenu() {
  if (menu) menu.remove();
  menu = null;
  document.removeEventListener("pointerdown", outside, true);
  document.removeEventListener("keydown", onEscape, true);
}

function outside(e) {
  if (menu && !menu.contains(e.target)) closeMenu();
}

function onEscape(e) {
  if (e.key === "Escape") closeMenu();
}

/** A small menu of `actions` (each a legal action) beside `anchor`; a choice plays it. */
export function openMenu(anchor, actions, label, ctx) {
  closeMenu();
  const box = anchor.getBoundingClientRect();
  menu = h(
    "div",
    { class: "choice-menu", role: "menu", "aria-label": label },
    h("div", { class: "choice-title" }, label),
    ...actions.map((a) =>
      h(
        "button",
        {
          class: "choice",
          role: "menuitem",
          "data-action": a,
          onclick: () => {
            closeMenu();
            ctx.play(a);
          },
        },
        a,
      ),
    ),
    h("button", { class: "choice-close link", onclick: closeMenu }, t("web.cancel")),
  );
  document.body.append(menu);
  const mw = menu.offsetWidth;
  const mh = menu.offsetHeight;
  const left = Math.max(4, Math.min(box.left + window.scrollX, window.scrollX + document.documentElement.clientWidth - mw - 4));
  let top = box.bottom + window.scrollY + 4;
  if (box.bottom + mh + 8 > window.innerHeight && box.top - mh - 4 > 0) top = box.top + window.scrollY - mh - 4;
  menu.style.left = `${left}px`;
  menu.style.top = `${top}px`;
  menu.querySelector("button.choice")?.focus();
  // listen from the next event on, so the click that opened the menu does not close it
  setTimeout(() => {
    document.addEventListener("pointerdown", outside, true);
    document.addEventListener("keydown", onEscape, true);
  });
}

/**
 * Make `el` a piece standing for `actions` (legal actions; empty: nothing happens). A click
 * (or Enter) plays the only action or opens a menu of them; a tap first shows the piece's
 * detail with them, unless `opts.button` (a labelled button: its words are its detail).
 * With `opts.select` it calls that instead (a piece chosen for a later click on a target,
 * which then plays the action).
 */
export function piece(el, actions, ctx, label, opts = {}) {
  const acts = [...new Set(actions)];
  if (!acts.length) return el;
  for (const a of acts) covered.add(a.toLowerCase());
  el.classList.add("playable");
  el.setAttribute("tabindex", "0");
  el.setAttribute("role", "button");
  el.dataset.actions = JSON.stringify(acts);
  if (opts.select) el.dataset.select = "1";
  const name = label || (acts.length === 1 ? acts[0] : t("web.table.choose_action"));
  el.setAttribute("aria-label", name);
  const go = (e) => {
    e.stopPropagation();
    e.preventDefault();
    if (opts.select) opts.select();
    else if (e.type === "click" && pointer !== "mouse" && !opts.button && offerOnTap(el, e.target, acts, name, ctx.play)) return;
    else if (acts.length === 1) ctx.play(acts[0]);
    else openMenu(el, acts, name, ctx);
  };
  el.addEventListener("click", go);
  el.addEventListener("keydown", (e) => (e.key === "Enter" || e.key === " ") && go(e));
  return el;
}

/** The legal actions (in their own spelling) that no piece of this drawing stands for. */
export function uncovered(view) {
  return (view.legal || []).filter((a) => !covered.has(a.toLowerCase()));
}

/**
 * A row of labelled buttons on the board for the legal actions no piece stands for (pass,
 * end, done…), at `y`, wrapping within `width`. Returns {node, h} (h = 0 when none).
 */
export function buttonBar(view, ctx, y, width, labels = {}) {
  const left = uncovered(view);
  const g = svg("g", { class: "board-buttons", transform: `translate(0,${y})` });
  if (!left.length) return { node: g, h: 0 };
  let x = 10;
  let row = 0;
  for (const a of left) {
    const text = labels[a.toLowerCase()] ?? a;
    const w = Math.max(70, 9 * text.length + 24);
    if (x + w > width && x > 10) {
      x = 10;
      row += 1;
    }
    const b = svg("g", { class: "board-button" }, svg("rect", { x, y: 6 + row * 40, width: w, height: 32, rx: 8 }), svg("text", { x: x + w / 2, y: 27 + row * 40, "text-anchor": "middle" }, text), title(a));
    piece(b, [a], ctx, text, { button: true });
    g.append(b);
    x += w + 10;
  }
  return { node: g, h: 12 + (row + 1) * 40 };
}

/**
 * Finish a board: the buttons of `buttonBar` go on top (where they are seen first), the
 * drawing of size `width`×`height` below them; sets the viewBox.
 */
export function finish(root, view, ctx, width, height, labels = {}) {
  const bar = buttonBar(view, ctx, 0, width, labels);
  if (bar.h) {
    const body = svg("g", { transform: `translate(0,${bar.h})` });
    body.append(...root.childNodes);
    root.append(bar.node, body);
  }
  root.setAttribute("viewBox", `0 0 ${width} ${height + bar.h}`);
  root.style.setProperty("--vbw", String(width)); // a phone keeps the text readable (style.css)
  return root;
}
