// Ofertu: the auction row of five red cards, each player's face-down bids in front of
// them (yours below, the opponent's above), hands, decks and victory displays. Cards carry
// their suit letter and a suit symbol (R ♦ red, B ♠ black, W ◇ white), never colour alone.
// Click a card in your hand, then an auction card, to bid it there; in a tie, click a
// card to add it as your tie-breaker. An auction card on its own offers every bid on it;
// "pass" is a button on the board.
import { svg, title } from "../svg.js";
import { begin, finish, piece } from "../pieces.js";
import { t, term, termf } from "../i18n.js";

const CW = 54;
const CH = 76;
const STEP = 110;
const W = 720;
const DISPLAY_X = 520; // room for the label "Display:" / "Exhibición:" before the cards
const SUIT = { R: "♦", B: "♠", W: "◇" };
let selected = null;
let CAT = {};

function card(x, y, c, opts = {}) {
  const hidden = c === "?" || c === null || c === undefined;
  const suit = hidden ? "" : c[0];
  const g = svg("g", { transform: `translate(${x},${y})`, class: `oft-card ${hidden ? "back" : "s" + suit}` + (opts.selected ? " selected" : "") });
  g.append(svg("rect", { width: CW, height: CH, rx: 6 }));
  if (hidden) {
    g.append(svg("text", { x: CW / 2, y: CH / 2 + 6, "text-anchor": "middle" }, "?"));
    g.append(title(term("ofertu", "a face-down card")));
  } else {
    g.append(svg("text", { x: 6, y: 16, class: "corner" }, c));
    g.append(svg("text", { x: CW / 2, y: CH / 2 + 14, "text-anchor": "middle", class: "pip" }, SUIT[suit] ?? suit));
    const info = CAT.cards?.[c];
    const sname = term("ofertu", (CAT.suits || []).find((x) => x.letter === suit)?.name ?? { R: "red", B: "black", W: "white" }[suit] ?? suit);
    g.append(svg("text", { x: CW - 5, y: CH - 6, "text-anchor": "end", class: "corner" }, `${info?.pips ?? c.slice(1)}✿`));
    g.append(title(termf("ofertu", "{card}: {suit} {rank}, worth {pips} pips", { card: c, suit: sname, rank: info?.rank ?? c.slice(1), pips: info?.pips ?? c.slice(1) })));
  }
  return g;
}

let LEGAL = []; // the legal actions in their own spelling

/** The legal actions (own spelling) whose lower-cased form passes ``test``. */
function acts(test) {
  return LEGAL.filter((a) => test(a.toLowerCase()));
}

function playerBlock(view, p, y, ctx, legal, below) {
  const g = svg("g", { class: `oft-player seat${p % 6}` + (view.to_move === p ? " to-move" : "") });
  const colour = view.black === p ? `${term("ofertu", "Black")} ♠` : `${term("ofertu", "White")} ◇`;
  const marks = [view.to_move === p ? term("ofertu", "▶ to move") : null, view.seat === p ? term("ofertu", "★ you") : null].filter(Boolean).join(", ");
  g.append(svg("rect", { x: 0, y, width: W, height: 150, rx: 10, class: "panel" }));
  g.append(svg("text", { x: 12, y: y + 20, class: "panel-label" }, `${ctx.names?.[p] ?? t("seat", { n: p + 1 })} · ${colour}${marks ? ` (${marks})` : ""}`));
  g.append(svg("text", { x: W - 12, y: y + 20, "text-anchor": "end", class: "label" }, termf("ofertu", "✿ {pips} pips · deck {deck} · won this round {won}", { pips: view.pips?.[p] ?? 0, deck: view.decks?.[p] ?? 0, won: view.wins?.[p] ?? 0 })));
  const hand = view.hands?.[p];
  const cards = Array.isArray(hand) ? hand : Array.from({ length: hand || 0 }, () => "?");
  const mine = view.seat === p;
  cards.forEach((c, i) => {
    const el = card(14 + i * (CW + 8), y + 32, c, { selected: mine && selected === c });
    el.dataset.k = `hand${p}:${c === "?" ? i : c}`;
    if (mine && c !== "?") {
      const tb = `tiebreak ${c}`.toLowerCase();
      if (legal.has(tb)) piece(el, [`tiebreak ${c}`], ctx, termf("ofertu", "add {card} as a tie-breaker", { card: c }));
      else {
        const select = () => ((selected = selected === c ? null : c), ctx.redraw());
        piece(el, acts((a) => a.startsWith(`bid ${c.toLowerCase()} on `)), ctx, termf("ofertu", "choose {card} to bid", { card: c }), { select });
      }
    }
    g.append(el);
  });
  if (!cards.length) g.append(svg("text", { x: 14, y: y + 70, class: "muted" }, term("ofertu", "no cards in hand")));
  // victory display
  const disp = view.display?.[p] || [];
  g.append(svg("text", { x: 420, y: y + 46, class: "label" }, term("ofertu", "Display:")));
  disp.forEach((c, i) => {
    const el = card(DISPLAY_X + i * 22, y + 32, c);
    el.setAttribute("transform", `translate(${DISPLAY_X + i * 22},${y + 32}) scale(0.7)`);
    el.dataset.k = `disp${p}:${c}`;
    g.append(el);
  });
  if (!disp.length) g.append(svg("text", { x: DISPLAY_X, y: y + 46, class: "muted" }, term("ofertu", "(none)")));
  const held = view.red_held?.[p] || [];
  g.append(svg("text", { x: 420, y: y + 140, class: "label small" }, termf("ofertu", "Red cards held: {cards}", { cards: held.length ? held.join(" ") : term("ofertu", "none") })));
  void below;
  return g;
}

function bidsRow(view, p, y, ctx) {
  const g = svg("g", { class: "oft-bids" });
  (view.bids?.[p] || []).forEach((stack, pos) => {
    const sg = svg("g", { "data-k": `bid${p}:${pos}` });
    g.append(sg);
    stack.forEach((c, k) => {
      const el = card(150 + pos * STEP + k * 10, y + k * 6, c);
      el.setAttribute("transform", `translate(${150 + pos * STEP + k * 10},${y + k * 6}) scale(0.75)`);
      sg.append(el);
    });
  });
  void ctx;
  return g;
}

export function render(view, ctx) {
  begin();
  CAT = ctx.catalog || {};
  LEGAL = view.legal || [];
  const legal = new Set((view.legal || []).map((a) => a.toLowerCase()));
  if (selected && ![...legal].some((a) => a.includes(selected.toLowerCase()))) selected = null;
  const me = view.seat ?? 0;
  const opp = 1 - me;
  const root = svg("svg", { class: "board ofertu", role: "img", "aria-label": term("ofertu", "Ofertu table") });
  root.append(playerBlock(view, opp, 0, ctx, legal, false));
  root.append(bidsRow(view, opp, 160, ctx));
  // the auction row
  const rowY = 250;
  root.append(svg("rect", { x: 0, y: rowY - 30, width: W, height: CH + 56, rx: 10, class: "board-bg" }));
  root.append(svg("text", { x: 12, y: rowY - 10, class: "section" }, termf("ofertu", "Auction row · round {n}", { n: view.round ?? "?" })));
  (view.row || []).forEach((c, i) => {
    const x = 150 + i * STEP;
    const el = c ? card(x, rowY, c) : svg("g", { transform: `translate(${x},${rowY})`, class: "oft-empty" }, svg("rect", { width: CW, height: CH, rx: 6 }));
    const here = selected ? acts((a) => a === `bid ${selected} on ${i + 1}`.toLowerCase()) : acts((a) => a.startsWith("bid ") && a.endsWith(` on ${i + 1}`));
    piece(el, here, ctx, selected ? termf("ofertu", "bid {card} on card {n}", { card: selected, n: i + 1 }) : termf("ofertu", "bid on card {n}", { n: i + 1 }));
    el.dataset.k = `row${i}`;
    root.append(el);
    root.append(svg("text", { x: x + CW / 2, y: rowY + CH + 16, "text-anchor": "middle", class: "label" }, `${i + 1}` + (view.reveal === i + 1 ? ` ◀ ${term("ofertu", "tie")}` : "")));
  });
  root.append(svg("text", { x: 12, y: rowY + 30, class: "label" }, termf("ofertu", "Red deck: {n}", { n: view.red_deck ?? 0 })));
  root.append(svg("text", { x: 12, y: rowY + 50, class: "label" }, termf("ofertu", "Red discard: {n}", { n: (view.red_discard || []).length })));
  root.append(svg("text", { x: 12, y: rowY + 70, class: "label small" }, termf("ofertu", "Bids: {placed}/{quota} placed", { placed: view.placed?.[me] ?? 0, quota: view.quota ?? 0 })));
  root.append(bidsRow(view, me, rowY + CH + 26, ctx));
  root.append(playerBlock(view, me, rowY + CH + 110, ctx, legal, true));
  const out = view.out || [];
  root.append(svg("text", { x: 12, y: rowY + CH + 285, class: "label small" }, termf("ofertu", "Out of play: {cards}", { cards: out.length ? out.join(" ") : term("ofertu", "none") })));
  return finish(root, view, ctx, W, rowY + CH + 300);
}

/** A move that resolves a round's auctions, one stage per auction: the auction row as it
 * stood, the auctions already resolved taken off it, this one marked and told in words
 * (its log lines: what was bid, who won). Built from this seat's view and log only. */
export function stages(before, events) {
  const out = [];
  let cur = null;
  for (const e of events) {
    const m = e.kind === "reveal" ? /^\D*(\d+)/.exec(e.text) : null; // the position, in any language
    if (m) {
      cur = { pos: Number(m[1]) - 1, lines: [e.text] };
      out.push(cur);
    } else if (cur && ["win", "tie", "tiebreak"].includes(e.kind)) cur.lines.push(e.text);
    else cur = null;
  }
  if (!before?.row) return [];
  const done = [];
  return out.map((st) => {
    const view = { ...before, legal: [], row: [...before.row], bids: (before.bids || []).map((b) => b.map((stack) => [...stack])) };
    for (const pos of done) {
      view.row[pos] = null;
      view.bids.forEach((b) => (b[pos] = []));
    }
    done.push(st.pos);
    return { view, keys: [`row${st.pos}`, `bid0:${st.pos}`, `bid1:${st.pos}`], caption: st.lines.join(" ") };
  });
}
