// Ofrenda: the Family board (four portrait spaces, the candles above them, deck and bag) and
// each player's staggered ofrenda of 12 card slots (3 / 4 / 5) with the Candle (square) and
// Marigold (round) slots between them. Lit portraits glow and carry ☀; unlit ones ○. Golden
// slots are marked ★ (score ×2), paying slots −1✿, gaining slots +1✿. Click a Family
// space to take it, a candle to take it, a hand card then a slot to place it, a stored
// candle then a Candle slot to put it there; a slot or a marigold/candle space on its own
// offers what can go there, the discard pile what can be discarded. "No candle" is a
// button on the board.
//
// The table as the rulebook lays it: the deck lies lit side up and hands are held with the
// unlit side to their owner, so the deck's top card and the portraits dealt to the others
// show their lit side, its colour and offering (the view's deck_top and hand_faces), and a
// "?" where the objective is, unseen on the unlit side. With the hidden_hands option those
// hands show backs.
//
// Every word shown goes through term("ofrenda", english) (its Spanish is in the game's
// locale/es.toml); moves keep their notation. Text is never smaller than 14 board units, so
// it reads at 11 px or more on a phone (style.css draws a board at 0.8 px a unit at least),
// and long texts are wrapped in lists below the pieces instead of being squeezed onto them.
import { svg, title, wrap } from "../svg.js";
import { begin, finish, piece } from "../pieces.js";
import { t, term, termn } from "../i18n.js";

const GAME = "ofrenda";
const CW = 82; // card width
const CH = 112; // card height
const GAP = 8;
const STEP = CW + GAP;
const PAD = 8; // inside a panel
const ROW_GAP = 44; // between two rows of an ofrenda: room for the Candle/Marigold slots
/** Slots by kind, from the catalog (`components.toml`): the board's layout, the slots' kinds
 * and the candle/marigold slots' places are the data's (some RECONSTRUCTED), never this file's. */
function slotsOf(kind) {
  return new Set(Object.entries(CAT.slots || {}).filter(([, s]) => s.kind === kind).map(([id]) => id));
}
const PANEL_W = 5 * STEP - GAP + 2 * PAD;
const SMALL = 14; // the smallest text, in board units
const LINE = 18; // a line of SMALL text

let selected = null; // a hand portrait or a stored candle chosen for the next click

/** A phrase of the game in the page's language, its {placeholders} filled from `params`. */
function tr(english, params = {}) {
  return term(GAME, english).replace(/\{([a-z_]+)\}/g, (m, name) => (name in params ? String(params[name]) : m));
}

/** An SVG text of `size` board units (inline, so no stylesheet rule makes it smaller). */
function label(x, y, text, size = SMALL, attrs = {}) {
  const { style = "", ...rest } = attrs;
  return svg("text", { x, y, ...rest, style: `font-size:${size}px;${style}` }, text);
}

/** Lines of `text` that fit `width` board units at `size` (SVG text does not wrap). */
function lines(text, width, size = SMALL) {
  return wrap(text, Math.max(8, Math.floor(width / (size * 0.62))));
}

/** Wrapped text from (x, y) down; returns the y below it. */
function paragraph(g, x, y, text, width, attrs = {}) {
  for (const line of lines(text, width)) {
    g.append(label(x, y, line, SMALL, attrs));
    y += LINE;
  }
  return y;
}

function legalSet(view) {
  return new Set((view.legal || []).map((a) => a.toLowerCase()));
}

/** The legal actions (own spelling) whose lower-cased form passes ``test``. */
function acts(view, test) {
  return (view.legal || []).filter((a) => test(a.toLowerCase()));
}

// Colour of each family branch; the letter and the offering symbol always go with it.
const HUES = { BLUE: "#3a86ff", GREEN: "#40916c", PINK: "#ff5d8f", PURPLE: "#7b5ea7", YELLOW: "#f4c430" };
// A portrait's objective: on the card its first word, in its description the whole sentence.
const QUANTIFIER = { ALL_ANY: "all", AT_LEAST_2: "2+", NONE_OF: "no" };
const OBJECTIVE = {
  ALL_ANY: "every adjacent portrait has {f}",
  AT_LEAST_2: "2 or more adjacent portraits have {f}",
  NONE_OF: "no adjacent portrait has {f}",
};
let CAT = {}; // the catalog of the table being drawn (set by render)

function cue(feature) {
  const c = (CAT.colours || []).find((x) => x.name === feature);
  if (c) return c.letter;
  const o = (CAT.offerings || []).find((x) => x.name === feature);
  return o ? o.symbol : feature;
}

/** A colour or an offering in words: "blue", "papel picado". */
function featureName(feature) {
  return tr(feature.toLowerCase().replace("_", " "));
}

function objectiveText(info) {
  const f = info.features.map((x) => `${cue(x)} ${featureName(x)}`).join(tr(" or "));
  return tr(OBJECTIVE[info.objective] || "{f}", { f });
}

/** A candle's objective from the catalog, in the page's language. Its ⌚ goes: the words
 * say "at the end only", and few fonts have the glyph (it would show as a box). */
function candleText(id) {
  const text = CAT.candles?.[id]?.text;
  return text ? tr(text).replace(/\s*⌚/g, "") : "";
}

function portraitCard(x, y, card, opts = {}) {
  const lit = card && card.lit;
  const pid = card.portrait ?? card;
  const info = CAT.portraits?.[pid];
  const g = svg("g", { transform: `translate(${x},${y})`, class: "ofr-card" + (lit ? " lit" : "") + (opts.cls || "") });
  if (lit) g.append(svg("rect", { x: -4, y: -4, width: CW + 8, height: CH + 8, rx: 10, class: "glow" }));
  g.append(svg("rect", { width: CW, height: CH, rx: 6, class: "face" }));
  const state = lit ? tr("lit ☀") : tr("unlit ○");
  if (info) {
    const hue = HUES[info.colour] || "#999";
    const letter = cue(info.colour);
    const sym = cue(info.offering);
    g.append(svg("rect", { x: 3, y: 3, width: CW - 6, height: 26, rx: 4, fill: hue, class: "band" }));
    g.append(label(8, 22, letter, 17, { class: "letter" }));
    if (opts.golden) g.append(label(CW / 2, 23, "★", 17, { "text-anchor": "middle", class: "mark" }));
    else g.append(svg("circle", { cx: CW / 2, cy: 16, r: 8, class: "head", fill: hue, "fill-opacity": 0.35 }));
    g.append(label(CW - 8, 23, sym, 18, { "text-anchor": "end", class: "offering" }));
    g.append(label(CW / 2, 54, tr(QUANTIFIER[info.objective] || ""), SMALL, { "text-anchor": "middle", class: "obj", style: "fill:#4a3a2a" }));
    g.append(label(CW / 2, 76, info.features.map(cue).join(tr(" or ")), 16, { "text-anchor": "middle", class: "objf", style: "font-weight:bold" }));
    g.append(label(CW / 2, CH - 10, `${pid} ${lit ? "☀" : "○"}`, SMALL, { "text-anchor": "middle", class: "cid" }));
    const words = { pid, colour: featureName(info.colour), letter, offering: featureName(info.offering), sym, objective: objectiveText(info), state };
    g.append(title(tr("{pid}: {colour} ({letter}), {offering} ({sym}); lights when {objective}; {state}", words)));
  } else {
    g.append(svg("circle", { cx: CW / 2, cy: 34, r: 14, class: "head" }));
    g.append(svg("path", { d: `M${CW / 2 - 20} 70 q20 -24 40 0 v6 h-40z`, class: "body" }));
    g.append(label(CW / 2, CH - 10, `${pid} ${lit ? "☀" : "○"}`, SMALL, { "text-anchor": "middle", class: "cid" }));
    g.append(title(`${pid}: ${state}`));
  }
  return g;
}

/** A lit side's words for a sentence: colour and offering, in words and as cues. */
function faceWords(face) {
  return { colour: featureName(face.colour), letter: cue(face.colour), offering: featureName(face.offering), sym: cue(face.offering) };
}

/** The lit side of a portrait the viewer cannot name (a card dealt to another hand, the
 * deck's top): its family colour and offering on the band, the relative lit up, and `caption`
 * below ("?": its objective is on the unlit side, unseen); `what` says it in words. */
function litSide(x, y, face, caption, what) {
  const hue = HUES[face.colour] || "#999";
  const { letter, sym } = faceWords(face);
  const g = svg("g", { transform: `translate(${x},${y})`, class: "ofr-card lit lit-side" });
  g.append(svg("rect", { width: CW, height: CH, rx: 6, class: "face" }));
  g.append(svg("rect", { x: 3, y: 3, width: CW - 6, height: 26, rx: 4, fill: hue, class: "band" }));
  g.append(label(8, 22, letter, 17, { class: "letter" }));
  g.append(label(CW - 8, 23, sym, 18, { "text-anchor": "end", class: "offering" }));
  g.append(svg("circle", { cx: CW / 2, cy: 47, r: 12, class: "head" }));
  g.append(svg("path", { d: `M${CW / 2 - 22} 82 q22 -24 44 0 v4 h-44z`, class: "body" }));
  g.append(label(CW / 2, CH - 8, caption, 16, { "text-anchor": "middle", class: "cid" }));
  g.append(title(what));
  return g;
}

function cardBack(x, y, text) {
  return svg(
    "g",
    { transform: `translate(${x},${y})`, class: "ofr-back" },
    svg("rect", { width: CW, height: CH, rx: 6 }),
    label(CW / 2, CH / 2 + 6, text ?? "?", 16, { "text-anchor": "middle" }),
    title(tr("a face-down portrait")),
  );
}

function candleIcon(x, y, id, lit, extra = {}) {
  const text = candleText(id);
  const what = tr(lit ? "candle {id}: lit (flame)" : "candle {id}: unlit", { id: id ?? "" }) + (text ? tr("; lit when {text}", { text }) : "");
  return svg(
    "g",
    { transform: `translate(${x},${y})`, class: "ofr-candle" + (lit ? " lit" : ""), ...extra },
    svg("rect", { x: -7, y: -6, width: 14, height: 26, rx: 2, class: "wax" }),
    lit ? svg("path", { d: "M0 -19 q7 8 0 13 q-7 -5 0 -13z", class: "flame" }) : svg("path", { d: "M0 -6 v-7", class: "wick" }),
    label(0, 36, id ?? "K", SMALL, { "text-anchor": "middle", class: "cid" }),
    title(what),
  );
}

/** A candle placed in its slot: its id inside the slot's square, a flame above it when lit. */
function placedCandle(x, y, id, lit) {
  const text = candleText(id);
  const what = tr(lit ? "candle {id}: lit (flame)" : "candle {id}: unlit", { id }) + (text ? tr("; lit when {text}", { text }) : "");
  return svg(
    "g",
    { class: "ofr-candle placed" + (lit ? " lit" : "") },
    lit ? svg("path", { d: `M${x} ${y - 17} q6 7 0 11 q-6 -4 0 -11z`, class: "flame" }) : svg("path", { d: `M${x} ${y - 7} v-7`, class: "wick" }),
    label(x, y + 11, id, SMALL, { "text-anchor": "middle", class: "cid" }),
    title(what),
  );
}

function marigoldIcon(x, y, r = 9) {
  const petals = [];
  for (let i = 0; i < 8; i++) petals.push(svg("ellipse", { cx: 0, cy: -r * 0.6, rx: r * 0.38, ry: r * 0.62, transform: `rotate(${i * 45})` }));
  return svg("g", { transform: `translate(${x},${y})`, class: "ofr-marigold" }, ...petals, svg("circle", { r: r * 0.35, class: "heart" }), title(tr("marigold ✿")));
}

/** The Family board, `w` wide: spaces, candles, deck, then the candles' objectives, the
 * goals and a key to the cards, in words (beside the spaces when there is room). */
function familyBoard(view, ctx, legal, w) {
  const g = svg("g", { class: "ofr-family" });
  const bg = svg("rect", { x: 0, y: 0, width: w, height: 100, rx: 10, class: "board-bg" });
  g.append(bg);
  g.append(label(12, 24, tr("Family board"), 17, { class: "section" }));
  const bag = label(5 * STEP, 24, tr("candle bag: {n}", { n: view.bag ?? "?" }), SMALL, { "text-anchor": "end" });
  g.append(bag);
  const cardsY = 112;
  const notes = []; // [text, attrs]: what the board says in words
  (view.market || []).forEach((space, i) => {
    const x = PAD + i * STEP;
    const n = i + 1;
    const cid = view.market_candles?.[i];
    if (cid) {
      const c = candleIcon(x + CW / 2, 56, cid, false, { "data-k": `famc${n}` });
      if (legal.has(`candle ${n}`)) piece(c, [`candle ${n}`], ctx, tr("take candle {id} above space {n}", { id: cid, n }));
      g.append(c);
      notes.push([tr("{id} above space {n}: lit when {text}", { id: cid, n, text: candleText(cid) }), {}]);
    }
    const card = space?.portrait ? portraitCard(x, cardsY, { portrait: space.portrait, lit: false }) : cardBack(x, cardsY, view.taken_space === n ? tr("taken") : "—");
    if (legal.has(`take ${n}`)) piece(card, [`take ${n}`], ctx, tr("take portrait {pid} from space {n}", { pid: space?.portrait, n }));
    card.dataset.k = `fam${n}`;
    g.append(card);
    g.append(label(x + CW / 2, cardsY + CH + 20, `${n}` + (space?.marigolds ? `  ✿×${space.marigolds}` : ""), SMALL, { "text-anchor": "middle" }));
    if (space?.marigolds) g.append(marigoldIcon(x + CW - 6, cardsY + CH + 15, 7)); // beside its count, clear of the card
  });
  const dx = PAD + 4 * STEP;
  const top = view.deck_top;
  if (top && view.deck > 1) g.append(svg("rect", { x: dx + 4, y: cardsY - 4, width: CW, height: CH, rx: 6, fill: "#f3dfa2", stroke: "#5a3a1e" })); // the cards below it
  const deck = top
    ? litSide(dx, cardsY, top, `${view.deck}`, tr("the deck's top card, lit side up: {colour} ({letter}), {offering} ({sym}); its objective is on the unlit side", faceWords(top)))
    : cardBack(dx, cardsY, `${view.deck ?? "?"}`);
  deck.dataset.k = "deck";
  g.append(deck);
  g.append(label(dx + CW / 2, cardsY + CH + 20, tr("deck"), SMALL, { "text-anchor": "middle" }));
  if (view.goals) {
    notes.push([tr("Common goals"), { class: "section", style: "font-weight:bold" }]);
    for (const goal of view.goals) {
      const text = CAT.goals?.[goal.goal]?.text;
      const stack = goal.stack.length ? goal.stack.join("/") : tr("(taken)");
      notes.push([tr("{goal} (tokens {stack}): {text}", { goal: goal.goal, stack, text: text ? tr(text) : "" }), {}]);
    }
  }
  if (view.abuela_discards) {
    const cards = view.abuela_discards.join(", ") || "—";
    const candles = (view.abuela_candles || []).join(", ") || "—";
    const words = { n: view.abuela_discards.length, cards, candles, removed: view.removed ?? 0 };
    notes.push([termn(GAME, "Abuela has discarded 1 portrait ({cards}) and candles {candles}; {removed} portraits removed unseen.", "Abuela has discarded {n} portraits ({cards}) and candles {candles}; {removed} portraits removed unseen.", words.n, words), {}]);
  }
  notes.push([tr("A portrait lights up when its adjacent portraits show the colours or offerings on its card: all, 2+, or no one. ★ ×2: golden slot; −1✿ pay, +1✿ gain a marigold; ■ candle slot, ● marigold slot."), { class: "muted" }]);
  // beside the spaces when the board is wide, else below them
  const side = w - 5 * STEP - PAD >= 300;
  const nx = side ? 5 * STEP + 2 * PAD : 12;
  let y = side ? 52 : cardsY + CH + 48;
  const width = (side ? w - nx : w - 24) - 8;
  if (side) bag.setAttribute("x", w - 12);
  for (const [text, attrs] of notes) y = paragraph(g, nx, y, text, width, attrs) + 4;
  const h = Math.max(cardsY + CH + 32, y + 4);
  bg.setAttribute("height", h);
  return { node: g, w, h };
}

/** Where a card slot is drawn: its (row, x) of the catalog, x in card steps. */
function slotXY(slot) {
  return { x: PAD + slot.x * STEP, y: 56 + slot.row * (CH + ROW_GAP) };
}

/** Where a candle or marigold slot is drawn: between the rows of the cards around it, at their
 * middle (the catalog lists the cards each surrounds). */
function tokenXY(token) {
  const around = token.cards.map((id) => CAT.slots[id]);
  const row = Math.min(...around.map((c) => c.row));
  const x = around.reduce((sum, c) => sum + c.x, 0) / around.length;
  return { x: PAD + x * STEP + CW / 2, y: 56 + (row + 1) * (CH + ROW_GAP) - ROW_GAP / 2 };
}

function altar(view, seatIdx, sv, ctx, legal) {
  const mine = seatIdx === view.seat;
  const g = svg("g", { class: `ofr-seat seat${seatIdx % 6}` + (seatIdx === view.to_move ? " to-move" : "") });
  const bg = svg("rect", { x: 0, y: 0, width: PANEL_W, height: 560, rx: 12, class: "panel" });
  g.append(bg);
  const marks = [];
  if (seatIdx === view.to_move) marks.push(tr("▶ to move"));
  if (mine) marks.push(tr("★ you"));
  const name = ctx.names?.[seatIdx] ?? t("seat", { n: seatIdx + 1 });
  const head = `${name}${marks.length ? " (" + marks.join(", ") + ")" : ""}`;
  g.append(label(12, 24, head, 16, { class: "panel-label" }));
  const sc = sv.score?.total;
  g.append(label(12, 44, termn(GAME, "☀ 1 lit", "☀ {n} lit", sv.lit_portraits ?? 0) + (sc !== undefined ? " · " + tr("{n} points", { n: sc }) : ""), SMALL));
  // card slots
  if (!CAT.slots || !CAT.token_slots) throw new Error("no catalog: the generic board draws the table");
  const [GOLDEN, PAY, GAIN] = ["golden", "cost", "gain"].map(slotsOf);
  Object.entries(CAT.slots).forEach(([slot, at]) => {
    const { x, y } = slotXY(at);
    const card = sv.ofrenda?.[slot];
    let el;
    if (card) el = portraitCard(x, y, card, { golden: GOLDEN.has(slot) });
    else {
      el = svg("g", { transform: `translate(${x},${y})`, class: "ofr-slot" + (GOLDEN.has(slot) ? " golden" : "") });
      el.append(svg("rect", { width: CW, height: CH, rx: 6 }));
      el.append(label(CW / 2, CH / 2 - 4, slot, 16, { "text-anchor": "middle" }));
      const mark = GOLDEN.has(slot) ? "★ ×2" : PAY.has(slot) ? "−1✿" : GAIN.has(slot) ? "+1✿" : "";
      if (mark) el.append(label(CW / 2, CH / 2 + 20, mark, 16, { "text-anchor": "middle", class: "mark" }));
      const kind = GOLDEN.has(slot) ? "golden: the portrait's score counts double" : PAY.has(slot) ? "pay 1 marigold to place a portrait here" : GAIN.has(slot) ? "gain 1 marigold when placing a portrait here" : "";
      el.append(title(tr("slot {slot}", { slot }) + (kind ? ": " + tr(kind) : "")));
    }
    el.dataset.k = `s${seatIdx}:${slot}`;
    if (mine && selected && legal.has(`place ${selected} ${slot}`.toLowerCase())) {
      piece(el, [`place ${selected} ${slot}`], ctx, tr("place {pid} in {slot}", { pid: selected, slot }));
    } else if (mine && !selected) {
      const here = acts(view, (a) => a.startsWith("place ") && a.endsWith(` ${slot.toLowerCase()}`));
      piece(el, here, ctx, tr("place a portrait in {slot}", { slot }));
    }
    g.append(el);
  });
  // candle (square) and marigold (round) slots between the rows
  Object.entries(CAT.token_slots).forEach(([slot, token]) => {
    const { x, y } = tokenXY(token);
    const tok = sv.tokens?.[slot];
    const isCandle = token.type === "candle";
    const el = svg("g", { class: "ofr-jslot" + (isCandle ? " c" : " m"), "data-k": `s${seatIdx}:${slot}` });
    // a candle slot is a square (style.css draws only the round ones: its colours are here)
    const square = isCandle ? svg("rect", { x: x - 18, y: y - 18, width: 36, height: 36, rx: 7, fill: "#f3f5f9", stroke: "#8d99ae", "stroke-width": 1.5 }) : null;
    el.append(square ?? svg("circle", { cx: x, cy: y, r: 19 }));
    if (tok === "marigold") el.append(marigoldIcon(x, y, 12));
    else if (tok && tok.candle) {
      el.append(placedCandle(x, y, tok.candle, tok.lit));
      if (square) square.setAttribute("fill", tok.lit ? "#fff3c4" : "#f5f0e1");
    }
    else el.append(label(x, y + 5, slot, SMALL, { "text-anchor": "middle", class: "jlabel" }));
    const what = tr(isCandle ? "{slot}: candle slot" : "{slot}: marigold slot", { slot });
    el.append(title(what));
    if (mine) {
      const want = selected ? `candle ${selected} ${slot}`.toLowerCase() : null;
      if (want && legal.has(want)) piece(el, [`candle ${selected} ${slot}`], ctx, tr("put candle {id} on {slot}", { id: selected, slot }));
      else piece(el, acts(view, (a) => a.endsWith(` ${slot.toLowerCase()}`)), ctx, what);
    }
    if (square && el.classList.contains("playable")) square.setAttribute("style", "fill:#efe4ff;stroke:var(--purple);stroke-width:3");
    g.append(el);
  });
  // storage: marigolds and candles, the candles' objectives in words
  const rows = Math.max(...Object.values(CAT.slots).map((c) => c.row)) + 1;
  let y = 56 + rows * CH + (rows - 1) * ROW_GAP + 16;
  g.append(marigoldIcon(PAD + 12, y + 10, 10));
  g.append(label(PAD + 28, y + 15, tr("× {n} in storage", { n: sv.marigolds ?? 0 }), SMALL, { "data-k": `s${seatIdx}:store` }));
  let cx = 232;
  (sv.candles || []).forEach((k) => {
    const isSel = mine && selected === k;
    const c = candleIcon(cx, y + 4, k, false, { class: "ofr-candle" + (isSel ? " selected" : ""), "data-k": `s${seatIdx}:cand:${k}` });
    if (mine) {
      const select = () => {
        selected = selected === k ? null : k;
        ctx.redraw();
      };
      piece(c, acts(view, (a) => a.startsWith(`candle ${k.toLowerCase()} `)), ctx, tr("choose candle {id} for a Candle slot", { id: k }), { select });
    }
    g.append(c);
    cx += 48;
  });
  if (!(sv.candles || []).length) g.append(label(232, y + 15, tr("no candles stored"), SMALL, { class: "muted" }));
  y += 58;
  for (const k of sv.candles || []) y = paragraph(g, 12, y, tr("{id}: lit when {text}", { id: k, text: candleText(k) || "?" }), PANEL_W - 24) + 2;
  // the hand, and the discard pile in the fifth column
  g.append(label(12, y + 4, tr("Hand"), SMALL, { style: "font-weight:bold" }));
  y += 14;
  let hx = PAD;
  (sv.hand || []).forEach((p) => {
    const isSel = mine && selected === p;
    const card = portraitCard(hx, y, { portrait: p, lit: false }, { cls: isSel ? " selected" : "" });
    card.dataset.k = `s${seatIdx}:hand:${p}`;
    if (mine) {
      const select = () => {
        selected = selected === p ? null : p;
        ctx.pick(selected ?? "");
        ctx.redraw();
      };
      piece(card, acts(view, (a) => a.split(" ")[1] === p.toLowerCase()), ctx, tr("choose {pid} to place or discard", { pid: p }), { select });
    }
    g.append(card);
    hx += STEP;
  });
  const faces = sv.hand_faces || [];
  for (let i = 0; i < (sv.hand_hidden || 0); i++) {
    const face = faces[i];
    const what = face && tr("a portrait dealt to this hand, its lit side to the table: {colour} ({letter}), {offering} ({sym}); its objective is on the unlit side", faceWords(face));
    g.append(face ? litSide(hx, y, face, "?", what) : cardBack(hx, y, "?"));
    hx += STEP;
  }
  if (!(sv.hand || []).length && !sv.hand_hidden) g.append(label(PAD + 4, y + 24, tr("(empty)"), SMALL, { class: "muted" }));
  const pile = svg("g", { transform: `translate(${PAD + 4 * STEP},${y})`, class: "pile" });
  pile.append(svg("rect", { width: CW, height: CH, rx: 6 }));
  pile.append(label(CW / 2, CH / 2 - 4, tr("discard"), SMALL, { "text-anchor": "middle" }));
  pile.append(label(CW / 2, CH / 2 + 16, `(${(sv.discards || []).length})`, SMALL, { "text-anchor": "middle" }));
  pile.append(title(tr("discard pile")));
  pile.dataset.k = `s${seatIdx}:discard`;
  if (mine) {
    const here = selected ? acts(view, (a) => a === `discard ${selected.toLowerCase()}`) : acts(view, (a) => a.startsWith("discard "));
    piece(pile, here, ctx, selected ? tr("discard {pid}", { pid: selected }) : tr("discard a portrait"));
  }
  g.append(pile);
  y += CH + 24;
  const discards = (sv.discards || []).length ? tr("Discards: {list}", { list: sv.discards.join(" ") }) : tr("Discards: none");
  y = paragraph(g, 12, y, discards, PANEL_W - 24);
  const gt = (sv.goal_tokens || []).map((x) => `${x.goal}:${x.value}`).join(" ");
  if (gt) y = paragraph(g, 12, y, tr("Goal tokens: {list}", { list: gt }), PANEL_W - 24);
  const h = y + 4;
  bg.setAttribute("height", h);
  return { node: g, h };
}

export function render(view, ctx) {
  begin();
  CAT = ctx.catalog || {};
  const legal = legalSet(view);
  if (selected && ![...legal].some((a) => a.includes(selected.toLowerCase()))) selected = null;
  const root = svg("svg", { class: "board ofrenda", role: "img", "aria-label": tr("Ofrenda table") });
  const seats = (view.seats || []).map((sv, i) => i);
  // your own ofrenda first
  if (view.seat !== null && view.seat !== undefined) seats.sort((a, b) => (a === view.seat ? -1 : b === view.seat ? 1 : a - b));
  const wide = window.innerWidth > 760;
  const cols = seats.length > 1 && wide ? 2 : 1; // phones: one ofrenda per row
  const panels = seats.map((i) => altar(view, i, view.seats[i], ctx, legal));
  if (seats.length === 1 && wide) {
    // solo on a wide screen: the Family board beside the one ofrenda, not above it at twice the size
    const fam = familyBoard(view, ctx, legal, PANEL_W);
    fam.node.setAttribute("transform", `translate(${PANEL_W + 16},0)`);
    root.append(panels[0].node, fam.node);
    return finish(root, view, ctx, 2 * PANEL_W + 16, Math.max(fam.h, panels[0].h), { "no candle": tr("No candle") });
  }
  const width = cols * (PANEL_W + 16) - 16;
  const fam = familyBoard(view, ctx, legal, width);
  root.append(fam.node);
  let y = fam.h + 12;
  for (let k = 0; k < panels.length; k += cols) {
    const row = panels.slice(k, k + cols);
    row.forEach((p, c) => p.node.setAttribute("transform", `translate(${c * (PANEL_W + 16)},${y})`));
    root.append(...row.map((p) => p.node));
    y += Math.max(...row.map((p) => p.h)) + 16;
  }
  return finish(root, view, ctx, width, y - 16, { "no candle": tr("No candle") });
}
