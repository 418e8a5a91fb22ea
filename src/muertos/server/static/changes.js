// What changed on the board: each game's renderer names its pieces with `data-k` (a stable
// place: "row3", "s1:S4", "f12"); a piece whose drawing differs from the last drawing of the
// same place (a card arrived, a candle lit, a token moved) is marked. Built from the views
// this seat received, so a mark can never show what the seat may not know.

const VOLATILE = ["class", "tabindex", "role", "aria-label", "data-actions", "data-select", "data-k"];
const TRANSIENT = new Set(["playable", "selected", "hl-last", "hl-recent", "to-move"]);

/** The drawing of one piece, without what changes with whose turn it is (clickability). */
function signature(el) {
  const c = el.cloneNode(true);
  for (const e of [c, ...c.querySelectorAll("*")]) {
    const kept = [...e.classList].filter((x) => !TRANSIENT.has(x)).join(" ");
    for (const a of VOLATILE) e.removeAttribute(a);
    if (kept) e.setAttribute("class", kept);
  }
  return c.outerHTML;
}

/** {place: signature} of every named piece of a drawn board. */
export function signatures(root) {
  const out = new Map();
  for (const el of root.querySelectorAll("[data-k]")) out.set(el.dataset.k, signature(el));
  return out;
}

/** The places whose drawing differs between two boards' signatures (new places included;
 * places that vanished cannot be marked on the new board and are left out). */
export function changed(before, after) {
  const out = new Set();
  if (!before) return out;
  for (const [k, sig] of after) if (before.get(k) !== sig) out.add(k);
  return out;
}

/** Mark the pieces of `root`: `last` (the latest move) strongly, `recent` (the moves since
 * the seat's own last turn) softly. */
export function mark(root, last, recent) {
  for (const el of root.querySelectorAll("[data-k]")) {
    const k = el.dataset.k;
    if (last.has(k)) el.classList.add("hl-last");
    else if (recent.has(k)) el.classList.add("hl-recent");
  }
}
