// A card or tile, large and readable: on hover (a mouse) beside the pointer, on a tap (a
// touch screen) in a panel at the top or bottom of the screen, away from the piece. The
// detail is the piece itself drawn again at a readable size, with its description (the
// piece's <title>) in words. On a touch
// screen a playable piece's first tap shows its detail with its actions as buttons (a finger
// cannot hover to look before it plays); a button, or a second tap on the piece, plays.
import { h, svg } from "./svg.js";

import { t } from "./i18n.js";

const MIN_SIDE = 18; // pieces smaller than this (in board units) are labels, not cards

let box = null;
let offered = null; // the actions (data-actions) of the piece whose detail offers them

function panel() {
  if (!box) {
    box = h("div", { class: "detail", role: "dialog", "aria-label": t("web.detail.label"), hidden: true });
    document.body.append(box);
  }
  return box;
}

export function hideDetail() {
  if (box) box.hidden = true;
  offered = null;
}

/** The piece under `target`: the nearest group of the board with a description. */
function pieceAt(target, root) {
  for (let el = target; el && el !== root; el = el.parentNode) {
    if (el.tagName === "g" && [...el.children].some((c) => c.tagName === "title")) {
      const b = el.getBBox();
      if (b.width >= MIN_SIDE && b.height >= MIN_SIDE) return el;
    }
  }
  return null;
}

/** Show `el` large; with `offer` ({actions, play}) its actions as buttons that play. */
function show(el, root, x, y, touch, offer = null) {
  const b = el.getBBox();
  const pad = 4;
  const copy = el.cloneNode(true);
  copy.removeAttribute("transform");
  copy.classList.remove("hl-last", "hl-recent");
  for (const t of copy.querySelectorAll("title")) t.remove();
  // a picture, not a second piece: nothing in it plays, selects or takes the focus
  for (const e of [copy, ...copy.querySelectorAll("*")]) {
    for (const a of ["data-actions", "data-select", "tabindex", "role"]) e.removeAttribute(a);
  }
  const scale = Math.min(4, 300 / (b.width + 2 * pad), 260 / (b.height + 2 * pad));
  const pic = svg(
    "svg",
    { class: root.getAttribute("class") + " detail-pic", viewBox: `${b.x - pad} ${b.y - pad} ${b.width + 2 * pad} ${b.height + 2 * pad}`, width: (b.width + 2 * pad) * scale, height: (b.height + 2 * pad) * scale, "aria-hidden": "true" },
    copy,
  );
  const words = [...el.children].find((c) => c.tagName === "title")?.textContent ?? offer?.label ?? "";
  const buttons = (offer?.actions || []).map((a) =>
    h("button", { class: "choice", "data-action": a, onclick: () => (hideDetail(), offer.play(a)) }, a),
  );
  const p = panel();
  const close = touch ? h("button", { class: "secondary", onclick: hideDetail }, t("web.detail.close")) : null;
  p.replaceChildren(pic, h("p", {}, words), buttons.length || close ? h("div", { class: "detail-actions" }, ...buttons, close) : null);
  p.classList.toggle("docked", touch);
  // docked above a phone's bar of moves (--bar, not inherited: each element that uses it sets it)
  p.style.setProperty("--bar", `${document.getElementById("actions")?.offsetHeight ?? 0}px`);
  const r = el.getBoundingClientRect(); // docked on the half of the screen the piece is not on
  p.classList.toggle("top", touch && r.top + r.height / 2 > window.innerHeight / 2);
  p.hidden = false;
  if (!touch) {
    const w = p.offsetWidth;
    const ht = p.offsetHeight;
    const left = x + 18 + w > window.innerWidth ? Math.max(4, x - w - 18) : x + 18;
    const top = Math.max(4, Math.min(y + 12, window.innerHeight - ht - 4));
    p.style.left = `${left}px`;
    p.style.top = `${top}px`;
  } else {
    p.style.left = "";
    p.style.top = "";
  }
}

/**
 * A tap on the playable piece `el` (its `actions`, its `label`), on the element `target`:
 * the first shows the piece large with its actions as buttons and answers true (nothing is
 * played); the next tap on the same piece while it shows answers false: the tap plays.
 */
export function offerOnTap(el, target, actions, label, play) {
  const key = el.dataset.actions;
  if (offered === key && box && !box.hidden) {
    hideDetail();
    return false;
  }
  const root = el.closest("svg.board") || el.ownerSVGElement;
  const inner = pieceAt(target, root);
  show(inner && el.contains(inner) ? inner : el, root, 0, 0, true, { actions, label, play });
  offered = key;
  return true;
}

/** Give the pieces of a drawn board their large detail. An offer stays open while the new
 * board still has a piece standing for its actions (a redraw of the same position). */
export function attachDetail(root) {
  if (!offered || ![...root.querySelectorAll("[data-actions]")].some((e) => e.dataset.actions === offered)) hideDetail();
  let current = null;
  root.addEventListener("pointermove", (e) => {
    if (e.pointerType !== "mouse") return;
    const el = pieceAt(e.target, root);
    if (!el) {
      current = null;
      return hideDetail();
    }
    if (el !== current) show(el, root, e.clientX, e.clientY, false);
    current = el;
  });
  root.addEventListener("pointerleave", (e) => {
    if (e.pointerType !== "mouse") return; // a finger leaves when it lifts: the tap's detail stays
    current = null;
    hideDetail();
  });
  root.addEventListener("pointerdown", (e) => {
    if (e.pointerType === "mouse") return;
    if (e.target.closest(".playable:not([data-select])")) return; // its tap offers its actions (offerOnTap)
    const el = pieceAt(e.target, root);
    if (el) show(el, root, 0, 0, true);
    else hideDetail();
  });
}
