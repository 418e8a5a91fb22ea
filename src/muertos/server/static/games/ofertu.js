// Ofertu: the auction row of five red cards, each player's face-down bids in front of
// them (yours below, the opponent's above), hands, decks and victory displays. Cards carry
// their suit letter and a suit symbol (R ♦ red, B ♠ black, W ◇ white), never colour alone.
// Click a card in your hand, then an auction card, to bid it there; in a tie, click a
// card to add it as your tie-breaker. An auction card on its own offers every bid on it;
// "pass" is a button on the board. On a narrow screen (a phone) the board is drawn narrower,
// not shrunk: each player's victory display and counters go under their hand, the counters
// of the auction row under it, so every word stays readable and nothing is off screen.
import { svg, title } from "../svg.js";
import { begin, finish, piece } from "../pieces.js";
import { t, term, termf, termn } from "../i18n.js";

const CW = 54;
const CH = 76;
const STEP = 110;
const W = 720;
const DISPLAY_X = 520; // room for the label "Display:" / "Zona de victoria:" before the cards
const NARROW = 340; // the board's width on a narrow screen
const NARROW_BELOW = 600; // a board frame narrower than this (CSS px) gets the narrow board
const N_STEP = 64; // the auction row's step on the narrow board
const N_SCALE = 0.9; // bid and display cards on the narrow board: their corner text stays readable
const CARDS_A_LINE = 8; // cards named on one line of the narrow board's lists
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
    g.append(title(termn("ofertu", "{card}: {suit} {rank}, worth 1 pip", "{card}: {suit} {rank}, worth {pips} pips", Number(info?.pips ?? c.slice(1)), { card: c, suit: sname, rank: info?.rank ?? c.slice(1), pips: info?.pips ?? c.slice(1) })));
  }
  return g;
}

let LEGAL = []; // the legal actions in their own spelling

/** The legal actions (own spelling) whose lower-cased form passes ``test``. */
function acts(test) {
  return LEGAL.filter((a) => test(a.toLowerCase()));
}

/** A player's hand at (x, y), `step` apart (closer when there are many to fit `width`);
 * yours to click: a card to bid (then an auction card) or to add as a tie-breaker. */
function handCards(g, view, p, x, y, step, ctx, legal) {
  const hand = view.hands?.[p];
  const cards = Array.isArray(hand) ? hand : Array.from({ length: hand || 0 }, () => "?");
  const mine = view.seat === p;
  cards.forEach((c, i) => {
    const el = card(x + i * step, y, c, { selected: mine && selected === c });
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
  if (!cards.length) g.append(svg("text", { x, y: y + 38, class: "muted" }, term("ofertu", "no cards in hand")));
  return cards.length;
}

/** A player's panel, its name, colour and marks (to move, you). */
function panelOf(view, p, y, width, height, ctx) {
  const g = svg("g", { class: `oft-player seat${p % 6}` + (view.to_move === p ? " to-move" : "") });
  const colour = view.black === p ? `${term("ofertu", "Black")} ♠` : `${term("ofertu", "White")} ◇`;
  const marks = [view.to_move === p ? term("ofertu", "▶ to move") : null, view.seat === p ? term("ofertu", "★ you") : null].filter(Boolean).join(", ");
  g.append(svg("rect", { x: 0, y, width, height, rx: 10, class: "panel" }));
  g.append(svg("text", { x: 12, y: y + 20, class: "panel-label" }, `${ctx.names?.[p] ?? t("seat", { n: p + 1 })} · ${colour}${marks ? ` (${marks})` : ""}`));
  return g;
}

function counters(view, p) {
  const pips = view.pips?.[p] ?? 0;
  return termn("ofertu", "✿ 1 pip · deck {deck} · won this round {won}", "✿ {pips} pips · deck {deck} · won this round {won}", pips, { pips, deck: view.decks?.[p] ?? 0, won: view.wins?.[p] ?? 0 });
}

/** A victory display's card, `scale` of its size. */
function displayCard(p, c, x, y, scale) {
  const el = card(x, y, c);
  el.setAttribute("transform", `translate(${x},${y}) scale(${scale})`);
  el.dataset.k = `disp${p}:${c}`;
  return el;
}

/** Lines of at most CARDS_A_LINE cards: the first in `template` (its {cards}), the rest alone. */
function cardLines(template, cards) {
  if (!cards.length) return [termf("ofertu", template, { cards: term("ofertu", "none") })];
  const lines = [];
  for (let i = 0; i < cards.length; i += CARDS_A_LINE) lines.push(cards.slice(i, i + CARDS_A_LINE).join(" "));
  lines[0] = termf("ofertu", template, { cards: lines[0] });
  return lines;
}

function playerBlock(view, p, y, ctx, legal) {
  const g = panelOf(view, p, y, W, 150, ctx);
  g.append(svg("text", { x: W - 12, y: y + 20, "text-anchor": "end", class: "label" }, counters(view, p)));
  handCards(g, view, p, 14, y + 32, CW + 8, ctx, legal);
  // victory display
  const disp = view.display?.[p] || [];
  g.append(svg("text", { x: 420, y: y + 46, class: "label" }, term("ofertu", "Display:")));
  disp.forEach((c, i) => g.append(displayCard(p, c, DISPLAY_X + i * 22, y + 32, 0.7)));
  if (!disp.length) g.append(svg("text", { x: DISPLAY_X, y: y + 46, class: "muted" }, term("ofertu", "(none)")));
  const held = view.red_held?.[p] || [];
  g.append(svg("text", { x: 420, y: y + 140, class: "label small" }, termf("ofertu", "Red cards held: {cards}", { cards: held.length ? held.join(" ") : term("ofertu", "none") })));
  return g;
}

/** A player's panel on the narrow board: name, counters, hand, then the victory display and
 * the red cards held under it. Returns {node, h}. */
function playerBlockNarrow(view, p, y, ctx, legal) {
  const n = Array.isArray(view.hands?.[p]) ? view.hands[p].length : view.hands?.[p] || 0;
  const step = n > 1 ? Math.min(CW + 8, (NARROW - 24 - CW) / (n - 1)) : CW + 8;
  const disp = view.display?.[p] || [];
  const held = cardLines("Red cards held: {cards}", view.red_held?.[p] || []);
  const dispY = y + 46 + CH + 22; // the label "Display:"; its cards under it
  const heldY = dispY + (disp.length ? 10 + CH * N_SCALE + 16 : 40);
  const height = heldY + 16 * (held.length - 1) + 12 - y;
  const g = panelOf(view, p, y, NARROW, height, ctx);
  g.append(svg("text", { x: 12, y: y + 37, class: "label small" }, counters(view, p)));
  handCards(g, view, p, 12, y + 46, step, ctx, legal);
  g.append(svg("text", { x: 12, y: dispY, class: "label" }, term("ofertu", "Display:")));
  disp.forEach((c, i) => g.append(displayCard(p, c, 12 + i * 34, dispY + 8, N_SCALE)));
  if (!disp.length) g.append(svg("text", { x: 12, y: dispY + 20, class: "muted" }, term("ofertu", "(none)")));
  held.forEach((line, i) => g.append(svg("text", { x: 12, y: heldY + 16 * i, class: "label small" }, line)));
  return { node: g, h: height };
}

/** A player's face-down bids, a stack under each auction position (`at`: x0, step, the
 * cards' scale and how far each card of a stack lies from the one before). */
function bidsRow(view, p, y, at = { x: 150, step: STEP, scale: 0.75, dx: 10, dy: 6 }) {
  const g = svg("g", { class: "oft-bids" });
  (view.bids?.[p] || []).forEach((stack, pos) => {
    const sg = svg("g", { "data-k": `bid${p}:${pos}` });
    g.append(sg);
    stack.forEach((c, k) => {
      const [x, cy] = [at.x + pos * at.step + k * at.dx, y + k * at.dy];
      const el = card(x, cy, c);
      el.setAttribute("transform", `translate(${x},${cy}) scale(${at.scale})`);
      sg.append(el);
    });
  });
  return g;
}

const N_BIDS = { x: 12, step: N_STEP, scale: N_SCALE, dx: 4, dy: 6 };

export function render(view, ctx) {
  begin();
  CAT = ctx.catalog || {};
  LEGAL = view.legal || [];
  const legal = new Set((view.legal || []).map((a) => a.toLowerCase()));
  if (selected && ![...legal].some((a) => a.includes(selected.toLowerCase()))) selected = null;
  const root = svg("svg", { class: "board ofertu", role: "img", "aria-label": term("ofertu", "Ofertu table") });
  return (ctx.width ?? Infinity) < NARROW_BELOW ? drawNarrow(root, view, ctx, legal) : drawWide(root, view, ctx, legal);
}

/** An auction card at `i` of the row at (x, rowY): bids on it, or the selected card's bid. */
function auctionCard(view, ctx, c, i, x, rowY) {
  const el = c ? card(x, rowY, c) : svg("g", { transform: `translate(${x},${rowY})`, class: "oft-empty" }, svg("rect", { width: CW, height: CH, rx: 6 }));
  const here = selected ? acts((a) => a === `bid ${selected} on ${i + 1}`.toLowerCase()) : acts((a) => a.startsWith("bid ") && a.endsWith(` on ${i + 1}`));
  piece(el, here, ctx, selected ? termf("ofertu", "bid {card} on card {n}", { card: selected, n: i + 1 }) : termf("ofertu", "bid on card {n}", { n: i + 1 }));
  el.dataset.k = `row${i}`;
  return el;
}

function position(view, i, x, y) {
  return svg("text", { x: x + CW / 2, y, "text-anchor": "middle", class: "label" }, `${i + 1}` + (view.reveal === i + 1 ? ` ◀ ${term("ofertu", "tie")}` : ""));
}

function drawWide(root, view, ctx, legal) {
  const me = view.seat ?? 0;
  const opp = 1 - me;
  root.append(playerBlock(view, opp, 0, ctx, legal));
  root.append(bidsRow(view, opp, 160));
  // the auction row
  const rowY = 250;
  root.append(svg("rect", { x: 0, y: rowY - 30, width: W, height: CH + 56, rx: 10, class: "board-bg" }));
  root.append(svg("text", { x: 12, y: rowY - 10, class: "section" }, termf("ofertu", "Auction row · round {n}", { n: view.round ?? "?" })));
  (view.row || []).forEach((c, i) => {
    const x = 150 + i * STEP;
    root.append(auctionCard(view, ctx, c, i, x, rowY));
    root.append(position(view, i, x, rowY + CH + 16));
  });
  root.append(svg("text", { x: 12, y: rowY + 30, class: "label" }, termf("ofertu", "Red deck: {n}", { n: view.red_deck ?? 0 })));
  root.append(svg("text", { x: 12, y: rowY + 50, class: "label" }, termf("ofertu", "Red discard: {n}", { n: (view.red_discard || []).length })));
  root.append(svg("text", { x: 12, y: rowY + 70, class: "label small" }, termf("ofertu", "Bids: {placed}/{quota} placed", { placed: view.placed?.[me] ?? 0, quota: view.quota ?? 0 })));
  root.append(bidsRow(view, me, rowY + CH + 26));
  root.append(playerBlock(view, me, rowY + CH + 110, ctx, legal));
  const out = view.out || [];
  root.append(svg("text", { x: 12, y: rowY + CH + 285, class: "label small" }, termf("ofertu", "Out of play: {cards}", { cards: out.length ? out.join(" ") : term("ofertu", "none") })));
  return finish(root, view, ctx, W, rowY + CH + 300);
}

/** The narrow board: the same parts one under another, NARROW units wide. */
function drawNarrow(root, view, ctx, legal) {
  const me = view.seat ?? 0;
  const opp = 1 - me;
  const bidsH = CH * N_SCALE + 2 * N_BIDS.dy + 8;
  const top = playerBlockNarrow(view, opp, 0, ctx, legal);
  root.append(top.node);
  root.append(bidsRow(view, opp, top.h + 8, N_BIDS));
  const rowTop = top.h + 8 + bidsH;
  const rowY = rowTop + 30;
  root.append(svg("rect", { x: 0, y: rowTop, width: NARROW, height: CH + 84, rx: 10, class: "board-bg" }));
  root.append(svg("text", { x: 12, y: rowTop + 20, class: "section" }, termf("ofertu", "Auction row · round {n}", { n: view.round ?? "?" })));
  (view.row || []).forEach((c, i) => {
    const x = 12 + i * N_STEP;
    root.append(auctionCard(view, ctx, c, i, x, rowY));
    root.append(position(view, i, x, rowY + CH + 16));
  });
  root.append(svg("text", { x: 12, y: rowY + CH + 36, class: "label small" }, termf("ofertu", "Red deck: {n}", { n: view.red_deck ?? 0 })));
  root.append(svg("text", { x: NARROW / 2, y: rowY + CH + 36, class: "label small" }, termf("ofertu", "Red discard: {n}", { n: (view.red_discard || []).length })));
  root.append(svg("text", { x: 12, y: rowY + CH + 50, class: "label small" }, termf("ofertu", "Bids: {placed}/{quota} placed", { placed: view.placed?.[me] ?? 0, quota: view.quota ?? 0 })));
  const mineY = rowTop + CH + 84 + 8;
  root.append(bidsRow(view, me, mineY, N_BIDS));
  const mine = playerBlockNarrow(view, me, mineY + bidsH, ctx, legal);
  root.append(mine.node);
  const outY = mineY + bidsH + mine.h + 18;
  const out = cardLines("Out of play: {cards}", view.out || []);
  out.forEach((line, i) => root.append(svg("text", { x: 12, y: outY + 16 * i, class: "label small" }, line)));
  return finish(root, view, ctx, NARROW, outY + 16 * out.length);
}

/** A move that resolves a round's auctions, one stage per auction: the auction row as it
 * stood, the auctions already resolved taken off it, this one marked and told in words
 * (its log lines: what was bid, who won). Built from this seat's view and log only.
 * A tie-break opens the stage of the position the tie stopped at (`before.reveal`). A
 * resolved auction's bids leave the table; its card leaves the row only when won: "the
 * bids for that red card are both discarded" and the card stays (A-O4). */
export function stages(before, events) {
  const out = [];
  let cur = null;
  for (const e of events) {
    const m = e.kind === "reveal" ? /^\D*(\d+)/.exec(e.text) : null; // the position, in any language
    const pos = m ? Number(m[1]) - 1 : e.kind === "tiebreak" && before?.reveal ? before.reveal - 1 : null;
    if (pos !== null) {
      cur = { pos, lines: [e.text], won: false };
      out.push(cur);
    } else if (cur && ["win", "tie", "tiebreak"].includes(e.kind)) {
      cur.lines.push(e.text);
      if (e.kind === "win") cur.won = true;
    } else cur = null;
  }
  if (!before?.row) return [];
  const done = [];
  return out.map((st) => {
    const view = { ...before, legal: [], row: [...before.row], bids: (before.bids || []).map((b) => b.map((stack) => [...stack])) };
    for (const { pos, won } of done) {
      if (won) view.row[pos] = null;
      view.bids.forEach((b) => (b[pos] = []));
    }
    done.push(st);
    return { view, keys: [`row${st.pos}`, `bid0:${st.pos}`, `bid1:${st.pos}`], caption: st.lines.join(" ") };
  });
}
