// The sixth toy's board: the deck (a click draws), then a row per seat: its hand (yours face
// up, a click plays the card face down; the others' as backs) and its face-down cards.
// A board module exports render(view, ctx) -> an <svg class="board sixth-toy">; every word
// is term("sixth-toy", "…") or termf("sixth-toy", "…", {…}), the game's id written out.
import { svg, title } from "../svg.js";
import { begin, finish, piece } from "../pieces.js";
import { t, term, termf } from "../i18n.js";

const W = 520;
const CW = 44;
const CH = 60;
const ROW = 90;

function card(x, y, text, faceUp, k) {
  const g = svg("g", { transform: `translate(${x},${y})`, class: "sxt-card" + (faceUp ? "" : " back"), "data-k": k });
  g.append(svg("rect", { width: CW, height: CH, rx: 5 }));
  g.append(svg("text", { x: CW / 2, y: CH / 2 + 6, "text-anchor": "middle" }, faceUp ? String(text) : "?"));
  return g;
}

/** A pile drawn as cards: a list of card numbers (face up) or a count (backs); `k` names
 * its places ("h0", then "h0:1"…) so that a card that arrives or leaves is marked. */
function pile(g, x, y, cards, k) {
  const list = Array.isArray(cards) ? cards : Array.from({ length: cards }, () => null);
  return list.map((c, i) => {
    const el = card(x + i * (CW + 6), y, c, c !== null, `${k}:${i}`);
    g.append(el);
    return [c, el];
  });
}

export function render(view, ctx) {
  begin();
  const legal = view.legal || [];
  const root = svg("svg", { class: "board sixth-toy", role: "img", "aria-label": term("sixth-toy", "Sixth toy") });
  const deck = card(10, 10, view.deck, true, "deck");
  deck.append(title(termf("sixth-toy", "cards in the deck: {n}", { n: view.deck })));
  piece(deck, legal.filter((a) => a === "draw"), ctx, termf("sixth-toy", "cards in the deck: {n}", { n: view.deck }));
  root.append(deck);
  view.hands.forEach((hand, p) => {
    const y = 90 + p * ROW;
    const g = svg("g", { class: `seat${p % 6}` });
    g.append(svg("text", { x: 10, y: y - 6 }, ctx.names?.[p] ?? t("seat", { n: p + 1 })));
    for (const [c, el] of pile(g, 10, y, hand, `h${p}`)) {
      if (c !== null && view.seat === p) {
        el.append(title(term("sixth-toy", "your hand")));
        piece(el, legal.filter((a) => a === `play ${c}`), ctx);
      }
    }
    const played = view.played[p];
    g.append(svg("text", { x: 200, y: y - 6 }, term("sixth-toy", "face down")));
    pile(g, 200, y, played, `p${p}`);
    root.append(g);
  });
  return finish(root, view, ctx, W, 90 + view.hands.length * ROW);
}
