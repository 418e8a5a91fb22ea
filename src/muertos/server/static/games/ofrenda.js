// Ofrenda: the Family board (four portrait spaces, the candles above them, deck and bag) and
// each player's staggered ofrenda of 12 card slots (3 / 4 / 5) with the Candle (c) and
// Marigold (m) slots between them. Lit portraits glow and carry ☀; unlit ones ○. Golden
// slots are marked ★ (score ×2), paying slots −1✿, gaining slots +1✿. Click a Family
// space to take it, a candle to take it, a hand card then a slot to place it, a stored
// candle then a Candle slot to put it there; a slot or a marigold/candle space on its own
// offers what can go there, the discard pile what can be discarded. "No candle" is a
// button on the board.
import { svg, title, wrap } from "../svg.js";
import { begin, finish, piece } from "../pieces.js";

const CW = 64; // card width
const CH = 84; // card height
const GAP = 14;
const ROWS = [
  { slots: ["S1", "S2", "S3"], off: 1 },
  { slots: ["S4", "S5", "S6", "S7"], off: 0.5 },
  { slots: ["S8", "S9", "S10", "S11", "S12"], off: 0 },
];
const JROWS = [
  { slots: ["J1", "J2", "J3", "J4", "J5"], off: 1 },
  { slots: ["J6", "J7", "J8", "J9", "J10", "J11", "J12"], off: 0.5 },
];
const GOLDEN = new Set(["S2", "S10"]);
const PAY = new Set(["S5", "S6"]);
const GAIN = new Set(["S8", "S12"]);
const CANDLE_SLOTS = new Set(["J1", "J3", "J5", "J7", "J9", "J11"]);
const STEP = CW + GAP;
const ALTAR_W = 5 * STEP - GAP;
const PANEL_W = ALTAR_W + 40;

let selected = null; // a hand portrait or a stored candle chosen for the next click

function legalSet(view) {
  return new Set((view.legal || []).map((a) => a.toLowerCase()));
}

/** The legal actions (own spelling) whose lower-cased form passes ``test``. */
function acts(view, test) {
  return (view.legal || []).filter((a) => test(a.toLowerCase()));
}

// Colour of each family branch; the letter and the offering symbol always go with it.
const HUES = { BLUE: "#3a86ff", GREEN: "#40916c", PINK: "#ff5d8f", PURPLE: "#7b5ea7", YELLOW: "#f4c430" };
const OBJ_SHORT = { ALL_ANY: "each adj. has", AT_LEAST_2: "2+ adj. have", NONE_OF: "no adj. has" };
let CAT = {}; // the catalog of the table being drawn (set by render)

function cue(feature) {
  const c = (CAT.colours || []).find((x) => x.name === feature);
  if (c) return c.letter;
  const o = (CAT.offerings || []).find((x) => x.name === feature);
  return o ? o.symbol : feature;
}

function portraitCard(x, y, card, opts = {}) {
  const lit = card && card.lit;
  const pid = card.portrait ?? card;
  const info = CAT.portraits?.[pid];
  const g = svg("g", { transform: `translate(${x},${y})`, class: "ofr-card" + (lit ? " lit" : "") + (opts.cls || "") });
  if (lit) g.append(svg("rect", { x: -4, y: -4, width: CW + 8, height: CH + 8, rx: 10, class: "glow" }));
  g.append(svg("rect", { width: CW, height: CH, rx: 6, class: "face" }));
  if (info) {
    const hue = HUES[info.colour] || "#999";
    const letter = cue(info.colour);
    const sym = cue(info.offering);
    g.append(svg("rect", { x: 3, y: 3, width: CW - 6, height: 18, rx: 4, fill: hue, class: "band" }));
    g.append(svg("text", { x: 8, y: 16, class: "letter" }, letter));
    g.append(svg("text", { x: CW - 8, y: 17, "text-anchor": "end", class: "offering" }, sym));
    g.append(svg("circle", { cx: CW / 2, cy: 34, r: 9, class: "head", fill: hue, "fill-opacity": 0.35 }));
    g.append(svg("text", { x: CW / 2, y: 56, "text-anchor": "middle", class: "obj" }, OBJ_SHORT[info.objective] || ""));
    g.append(svg("text", { x: CW / 2, y: 68, "text-anchor": "middle", class: "objf" }, info.features.map(cue).join(" or ")));
    g.append(svg("text", { x: CW / 2, y: CH - 4, "text-anchor": "middle", class: "cid" }, `${pid} ${lit ? "☀" : "○"}`));
    const colourName = info.colour.toLowerCase();
    const offering = info.offering.toLowerCase().replace("_", " ");
    g.append(title(`${pid}: ${colourName} (${letter}), ${offering} (${sym}); lights when ${info.text}; ${lit ? "lit ☀" : "unlit ○"}`));
  } else {
    g.append(svg("circle", { cx: CW / 2, cy: 30, r: 14, class: "head" }));
    g.append(svg("path", { d: `M${CW / 2 - 20} 66 q20 -24 40 0 v6 h-40z`, class: "body" }));
    g.append(svg("text", { x: CW / 2, y: CH - 4, "text-anchor": "middle", class: "cid" }, pid));
    g.append(svg("text", { x: 6, y: 14, class: "litmark" }, lit ? "☀" : "○"));
    g.append(title(`${pid}: ${lit ? "lit ☀" : "unlit ○"}`));
  }
  return g;
}

function cardBack(x, y, label) {
  return svg(
    "g",
    { transform: `translate(${x},${y})`, class: "ofr-back" },
    svg("rect", { width: CW, height: CH, rx: 6 }),
    svg("text", { x: CW / 2, y: CH / 2 + 6, "text-anchor": "middle" }, label ?? "?"),
    title("a face-down portrait"),
  );
}

function candleIcon(x, y, id, lit, extra = {}) {
  return svg(
    "g",
    { transform: `translate(${x},${y})`, class: "ofr-candle" + (lit ? " lit" : ""), ...extra },
    svg("rect", { x: -6, y: -4, width: 12, height: 22, rx: 2, class: "wax" }),
    lit ? svg("path", { d: "M0 -16 q6 7 0 12 q-6 -5 0 -12z", class: "flame" }) : svg("path", { d: "M0 -4 v-6", class: "wick" }),
    svg("text", { x: 0, y: 30, "text-anchor": "middle", class: "cid" }, id ?? "K"),
    title(`candle ${id ?? ""} ${lit ? "lit (flame)" : "unlit"}${CAT.candles?.[id] ? ": lit when " + CAT.candles[id].text : ""}`),
  );
}

function marigoldIcon(x, y, r = 9) {
  const petals = [];
  for (let i = 0; i < 8; i++) petals.push(svg("ellipse", { cx: 0, cy: -r * 0.6, rx: r * 0.38, ry: r * 0.62, transform: `rotate(${i * 45})` }));
  return svg("g", { transform: `translate(${x},${y})`, class: "ofr-marigold" }, ...petals, svg("circle", { r: r * 0.35, class: "heart" }), title("marigold ✿"));
}

function familyBoard(view, ctx, legal) {
  const g = svg("g", { class: "ofr-family" });
  const SP = CW + 84; // a space and its candle's text beside it
  const w = 4 * SP + 150;
  g.append(svg("rect", { x: 0, y: 0, width: w, height: 204, rx: 10, class: "board-bg" }));
  g.append(svg("text", { x: 12, y: 20, class: "section" }, "Family board"));
  (view.market || []).forEach((space, i) => {
    const x = 16 + i * SP;
    const n = i + 1;
    // candle above the space
    const cid = view.market_candles?.[i];
    if (cid) {
      const c = candleIcon(x + CW / 2, 46, cid, false, { "data-k": `famc${n}` });
      if (legal.has(`candle ${n}`)) piece(c, [`candle ${n}`], ctx, `take candle ${cid} above space ${n}`);
      g.append(c);
      wrap(CAT.candles?.[cid]?.text ?? "", 21).slice(0, 5).forEach((line, k) => g.append(svg("text", { x: x + CW / 2 + 16, y: 32 + k * 12, class: "tiny" }, line)));
    }
    const y = 96;
    const card = space?.portrait
      ? portraitCard(x, y, { portrait: space.portrait, lit: false })
      : cardBack(x, y, view.taken_space === n ? "taken" : "—");
    if (legal.has(`take ${n}`)) piece(card, [`take ${n}`], ctx, `take portrait ${space?.portrait} from space ${n}`);
    card.dataset.k = `fam${n}`;
    g.append(card);
    g.append(svg("text", { x: x + CW / 2, y: y + CH + 16, "text-anchor": "middle", class: "label" }, `${n}` + (space?.marigolds ? `  ✿×${space.marigolds}` : "")));
    if (space?.marigolds) g.append(marigoldIcon(x + CW - 4, y + 6, 8));
  });
  const dx = 16 + 4 * SP;
  g.append(cardBack(dx, 96, `${view.deck ?? "?"}`));
  g.append(svg("text", { x: dx + CW / 2, y: 96 + CH + 16, "text-anchor": "middle", class: "label" }, "deck"));
  g.append(svg("text", { x: w - 12, y: 20, "text-anchor": "end", class: "label" }, `candle bag: ${view.bag ?? "?"}`));
  return { node: g, w, h: 204 };
}

function goalsRow(view) {
  if (!view.goals) return null;
  const g = svg("g", { class: "ofr-goals" });
  g.append(svg("text", { x: 0, y: 14, class: "section" }, "Common goals"));
  view.goals.forEach((goal, i) => {
    const x = 140 + i * 170;
    const text = CAT.goals?.[goal.goal]?.text ?? goal.goal;
    g.append(svg("rect", { x, y: 0, width: 160, height: 40, rx: 6, class: "chipbox" }));
    g.append(svg("text", { x: x + 8, y: 15, class: "small" }, `${goal.goal} · tokens ${goal.stack.length ? goal.stack.join(" / ") : "(taken)"}`));
    g.append(svg("text", { x: x + 8, y: 32, class: "small" }, text.length > 30 ? text.slice(0, 29) + "…" : text));
    g.append(title(`${goal.goal}: ${text}`));
  });
  return g;
}

function slotXY(row, i, off) {
  return { x: 20 + (off + i) * STEP, y: 40 + row * (CH + 34) };
}

function altar(view, seatIdx, sv, ctx, legal) {
  const mine = seatIdx === view.seat;
  const g = svg("g", { class: `ofr-seat seat${seatIdx % 6}` + (seatIdx === view.to_move ? " to-move" : "") });
  const marks = [];
  if (seatIdx === view.to_move) marks.push("▶ to move");
  if (mine) marks.push("★ you");
  const name = ctx.names?.[seatIdx] ?? `Player ${seatIdx + 1}`;
  const head = `${name}${marks.length ? " (" + marks.join(", ") + ")" : ""}`;
  g.append(svg("rect", { x: 0, y: 0, width: PANEL_W, height: 560, rx: 12, class: "panel" }));
  g.append(svg("text", { x: 14, y: 24, class: "panel-label" }, head));
  const sc = sv.score?.total;
  g.append(svg("text", { x: PANEL_W - 14, y: 24, "text-anchor": "end", class: "label" }, `☀ ${sv.lit_portraits ?? 0} lit` + (sc !== undefined ? ` · ${sc} pts` : "")));
  // card slots
  ROWS.forEach((row, r) => {
    row.slots.forEach((slot, i) => {
      const { x, y } = slotXY(r, i, row.off);
      const card = sv.ofrenda?.[slot];
      let el;
      if (card) el = portraitCard(x, y, card);
      else {
        el = svg("g", { transform: `translate(${x},${y})`, class: "ofr-slot" + (GOLDEN.has(slot) ? " golden" : "") });
        el.append(svg("rect", { width: CW, height: CH, rx: 6 }));
        el.append(svg("text", { x: CW / 2, y: CH / 2, "text-anchor": "middle" }, slot));
        const mark = GOLDEN.has(slot) ? "★ ×2" : PAY.has(slot) ? "−1✿" : GAIN.has(slot) ? "+1✿" : "";
        if (mark) el.append(svg("text", { x: CW / 2, y: CH / 2 + 18, "text-anchor": "middle", class: "mark" }, mark));
        el.append(title(`slot ${slot}${mark ? " " + mark : ""}`));
      }
      if (card && GOLDEN.has(slot)) el.append(svg("text", { x: 4, y: 38, class: "mark" }, "★"));
      el.dataset.k = `s${seatIdx}:${slot}`;
      if (mine && selected && legal.has(`place ${selected} ${slot}`.toLowerCase())) {
        piece(el, [`place ${selected} ${slot}`], ctx, `place ${selected} in ${slot}`);
      } else if (mine && !selected) {
        const here = acts(view, (a) => a.startsWith("place ") && a.endsWith(` ${slot.toLowerCase()}`));
        piece(el, here, ctx, `place a portrait in ${slot}`);
      }
      g.append(el);
    });
  });
  // candle / marigold slots between the rows
  JROWS.forEach((row, r) => {
    row.slots.forEach((slot, i) => {
      const x = 20 + (row.off + i * 0.5) * STEP + CW / 2;
      const y = 40 + (r + 1) * (CH + 34) - 17;
      const tok = sv.tokens?.[slot];
      const isCandle = CANDLE_SLOTS.has(slot);
      const el = svg("g", { class: "ofr-jslot" + (isCandle ? " c" : " m"), "data-k": `s${seatIdx}:${slot}` });
      el.append(svg("circle", { cx: x, cy: y, r: 15 }));
      if (tok === "marigold") el.append(marigoldIcon(x, y, 11));
      else if (tok && tok.candle) el.append(candleIcon(x, y - 4, tok.candle, tok.lit));
      else el.append(svg("text", { x, y: y + 4, "text-anchor": "middle", class: "jlabel" }, `${slot}${isCandle ? "c" : "m"}`));
      el.append(title(`${slot}: ${isCandle ? "candle" : "marigold"} slot`));
      if (mine) {
        const want = selected ? `candle ${selected} ${slot}`.toLowerCase() : null;
        if (want && legal.has(want)) piece(el, [`candle ${selected} ${slot}`], ctx, `put candle ${selected} on ${slot}`);
        else piece(el, acts(view, (a) => a.endsWith(` ${slot.toLowerCase()}`)), ctx, `${slot}: ${isCandle ? "candle" : "marigold"} slot`);
      }
      g.append(el);
    });
  });
  // storage, hand, discards
  let y = 40 + 3 * (CH + 34) - 6;
  g.append(marigoldIcon(30, y + 10, 10));
  g.append(svg("text", { x: 46, y: y + 15, class: "label", "data-k": `s${seatIdx}:store` }, `× ${sv.marigolds ?? 0} in storage`));
  let cx = 200;
  (sv.candles || []).forEach((k) => {
    const isSel = mine && selected === k;
    const c = candleIcon(cx, y + 8, k, false, { class: "ofr-candle" + (isSel ? " selected" : ""), "data-k": `s${seatIdx}:cand:${k}` });
    if (mine) {
      const select = () => {
        selected = selected === k ? null : k;
        ctx.redraw();
      };
      piece(c, acts(view, (a) => a.startsWith(`candle ${k.toLowerCase()} `)), ctx, `choose candle ${k} for a Candle slot`, { select });
    }
    g.append(c);
    cx += 34;
  });
  if (!(sv.candles || []).length) g.append(svg("text", { x: 200, y: y + 15, class: "muted" }, "no candles stored"));
  else (sv.candles || []).forEach((k, i) => g.append(svg("text", { x: 14, y: 512 + i * 11, class: "tiny" }, `candle ${k}: lit when ${(CAT.candles?.[k]?.text ?? "?").slice(0, 60)}`)));
  y += 44;
  g.append(svg("text", { x: 14, y: y + 12, class: "label" }, "Hand"));
  let hx = 60;
  (sv.hand || []).forEach((p) => {
    const isSel = mine && selected === p;
    const card = portraitCard(hx, y, { portrait: p, lit: false }, { cls: isSel ? " selected" : "" });
    card.setAttribute("transform", `translate(${hx},${y}) scale(0.8)`);
    card.dataset.k = `s${seatIdx}:hand:${p}`;
    if (mine) {
      const select = () => {
        selected = selected === p ? null : p;
        ctx.pick(selected ?? "");
        ctx.redraw();
      };
      piece(card, acts(view, (a) => a.split(" ")[1] === p.toLowerCase()), ctx, `choose ${p} to place or discard`, { select });
    }
    g.append(card);
    hx += CW * 0.8 + 8;
  });
  for (let i = 0; i < (sv.hand_hidden || 0); i++) {
    const b = cardBack(hx, y, "?");
    b.setAttribute("transform", `translate(${hx},${y}) scale(0.8)`);
    g.append(b);
    hx += CW * 0.8 + 8;
  }
  if (!(sv.hand || []).length && !sv.hand_hidden) g.append(svg("text", { x: 60, y: y + 12, class: "muted" }, "(empty)"));
  // the discard pile: a chosen hand portrait goes there, or it offers every discard
  const pile = svg("g", { transform: `translate(${PANEL_W - 14 - CW * 0.8},${y})`, class: "pile" });
  pile.append(svg("rect", { width: CW * 0.8, height: CH * 0.8, rx: 6 }));
  pile.append(svg("text", { x: (CW * 0.8) / 2, y: (CH * 0.8) / 2, "text-anchor": "middle", class: "small" }, "discard"));
  pile.append(svg("text", { x: (CW * 0.8) / 2, y: (CH * 0.8) / 2 + 14, "text-anchor": "middle", class: "small" }, `(${(sv.discards || []).length})`));
  pile.append(title("discard pile"));
  pile.dataset.k = `s${seatIdx}:discard`;
  if (mine) {
    const here = selected ? acts(view, (a) => a === `discard ${selected.toLowerCase()}`) : acts(view, (a) => a.startsWith("discard "));
    piece(pile, here, ctx, selected ? `discard ${selected}` : "discard a portrait");
  }
  g.append(pile);
  const dtext = (sv.discards || []).length ? sv.discards.join(" ") : "none";
  const gt = (sv.goal_tokens || []).map((t) => `${t.goal}:${t.value}`).join(" ");
  g.append(svg("text", { x: 14, y: 548, class: "label small" }, `Discards: ${dtext}` + (gt ? `   Goal tokens: ${gt}` : "")));
  return g;
}

export function render(view, ctx) {
  begin();
  CAT = ctx.catalog || {};
  const legal = legalSet(view);
  if (selected && ![...legal].some((a) => a.includes(selected.toLowerCase()))) selected = null;
  const root = svg("svg", { class: "board ofrenda", role: "img", "aria-label": "Ofrenda table" });
  const fam = familyBoard(view, ctx, legal);
  root.append(fam.node);
  let y = fam.h + 12;
  const goals = goalsRow(view);
  if (goals) {
    goals.setAttribute("transform", `translate(0,${y})`);
    root.append(goals);
    y += 52;
  }
  const seats = (view.seats || []).map((sv, i) => i);
  // your own ofrenda first
  if (view.seat !== null && view.seat !== undefined) seats.sort((a, b) => (a === view.seat ? -1 : b === view.seat ? 1 : a - b));
  const cols = seats.length > 1 && window.innerWidth > 760 ? 2 : 1; // phones: one ofrenda per row
  seats.forEach((i, k) => {
    const a = altar(view, i, view.seats[i], ctx, legal);
    a.setAttribute("transform", `translate(${(k % cols) * (PANEL_W + 16)},${y + Math.floor(k / cols) * 576})`);
    root.append(a);
  });
  const width = Math.max(fam.w, cols * (PANEL_W + 16));
  const height = y + Math.ceil(seats.length / cols) * 576;
  return finish(root, view, ctx, width, height);
}
