// Dia de los Muertos (the skeleton race): the graveyard as a serpentine track S, 1–32 (the
// red lane 25–28 ▤, hiding places 29–31 ⌂, festivities on 19 ♪ music, 21 ♫ dance,
// 24 ✦ banquet, the goal 32 ⚑), the skeletons as numbered tokens, the dog and the
// gravedigger; the face-up discard pile under the heading (its count and top card; a click
// lays the whole pile out); a legend under the track; one panel per skeleton with its
// bones, festivity cards and hand. Every action is on a piece: a hand card (lay, swap, discard it; react
// with it), a skeleton (attack, push, snatch from it), a field (walk, lead the dog, land,
// go, hide, block there; take from your hiding place), your laid card (move, reveal,
// follow), the bones of a panel (patch yours, hit the victim's), the card backs of the
// victim's hand (pick one). A piece plays its only action or opens a menu; end, keep and
// no reaction are buttons.
//
// Every word goes through term()/termf() (the English phrase is the key of the game's
// catalog, locale/es.toml); moves keep their notation. On a phone's width the track has
// four columns and the panels one, so that no text is smaller than 12 board units, which
// the page shows at 11 px or more (it never scales this board below 0.9 there); every
// line is measured and wrapped, Spanish being about a fifth longer.
import { clipped, svg, title, wrap } from "../svg.js";
import { begin, finish, piece } from "../pieces.js";
import { contracted, inSentence, t, term, termf } from "../i18n.js";

const GAME = "dia-de-los-muertos";
const FS = 13; // the board's text size (board units)
const SMALL = 12; // the smallest text it draws
const FEST_SYM = { music: "♪", dance: "♫", banquet: "✦" };
const FEST_FIELD = { 19: "music", 21: "dance", 24: "banquet" }; // the catalog's, when it has them
const FIELD_VERBS = ["walk", "dog", "leapfrog", "go", "den", "block", "cartwheel"];
let LEGAL = []; // the legal actions in their own spelling
let PILE_OPEN = false; // whether the discard pile is laid out (a click on it, for this page)

const tr = (english) => term(GAME, english);
const trf = (english, values) => termf(GAME, english, values);

/** The drawing's measures: eight columns on a wide screen, four on a phone's. */
function layout() {
  const narrow = typeof window !== "undefined" && window.matchMedia?.("(max-width: 800px)").matches;
  const cols = narrow ? 4 : 8;
  const fw = narrow ? 90 : 88;
  const w = cols * fw + 32;
  const cardW = 172;
  return { narrow, cols, fw, fh: 72, gap: 14, w, top: 0, panelCols: narrow ? 1 : 2, cardW, perRow: Math.max(1, Math.floor((w - 16) / (cardW + 6))) };
}

/** How many characters of text of `size` fit in `px` board units (a generous average:
 * the page's sans-serif averages about 0.55 em a character in these phrases). */
function fits(px, size = FS) {
  return Math.max(8, Math.floor(px / (size * 0.6)));
}

function text(x, y, content, cls = "label", size = FS, extra = {}) {
  return svg("text", { x, y, class: cls, style: `font-size:${size}px`, ...extra }, content);
}

/** The legal actions (own spelling) whose lower-cased words pass ``test``. */
function acts(test) {
  return LEGAL.filter((a) => test(a.toLowerCase().split(" ")));
}

/** The field an action leads to: the dog's field (dog 9 bite p3), else the last number. */
function actionField(w) {
  if (!FIELD_VERBS.includes(w[0])) return null;
  if (w[0] === "dog") return Number(w[1]);
  const nums = w.filter((x) => /^\d+$/.test(x));
  return nums.length ? Number(nums[nums.length - 1]) : null;
}

/** The other player the status names (the victim of a pick or a hit), 0-based, or null.
 * The table names seats ("Ana"), a bare state "Player 2" (or the page's word for it). */
function victim(view, ctx) {
  const status = view.status || "";
  const word = t("seat", { n: "\u0000" }); // "Jugador {n}" with a mark where the number goes
  const forms = ["Player (\\d+)"];
  if (word.includes("\u0000")) forms.push(word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace("\u0000", "(\\d+)"));
  const seatRe = new RegExp(forms.map((f) => `(?:${f})`).join("|"), "g");
  for (const m of status.matchAll(seatRe)) {
    const n = m.slice(1).find((x) => x !== undefined);
    const s = Number(n) - 1;
    if (s !== view.to_move) return s;
  }
  const named = (ctx.seatNames || []).map((n, i) => (n && i !== view.to_move && status.includes(n) ? i : null)).filter((i) => i !== null);
  return named.length === 1 ? named[0] : null;
}

function fieldXY(n, L) {
  if (n <= 0) return { x: L.w - 116, y: 6 };
  const i = n - 1;
  const row = Math.floor(i / L.cols);
  const col = row % 2 === 0 ? i % L.cols : L.cols - 1 - (i % L.cols);
  return { x: 16 + col * L.fw, y: L.top + row * (L.fh + L.gap) };
}

function token(x, y, label, cls, tip, k, r) {
  return svg("g", { class: `ddm-token ${cls}`, "data-k": k }, svg("circle", { cx: x, cy: y, r }), text(x, y + 4, label, "", SMALL, { "text-anchor": "middle" }), title(tip));
}

/** Lines of `words` (already in the page's language) joined by " · ", each within `px`. */
function joinLines(words, px, size = FS) {
  const max = fits(px, size);
  const lines = [];
  for (const w of words) {
    const last = lines.length ? lines[lines.length - 1] : null;
    if (last !== null && (last + " · " + w).length <= max) lines[lines.length - 1] = last + " · " + w;
    else lines.push(w);
  }
  return lines;
}

function cardName(cat, key) {
  return tr(cat.cards?.[key]?.name ?? key);
}

function festName(cat, key) {
  const name = cat.festivities?.[key]?.name;
  return name ? tr(name.split(" ")[0]) : tr(key);
}

// One action-movement card from the catalog: letter and name, bones on the back, the body
// part it needs, and what it does (wrapped to the card's width).
function handCard(x, y, key, cat, ctx, L) {
  const c = cat.cards?.[key];
  const inner = L.cardW - 14;
  const name = cardName(cat, key);
  const nameLines = wrap(`${c?.letter ?? "?"} · ${name}`, fits(inner, FS)).slice(0, 2);
  const needs = tr(c?.needs ?? "none");
  const about = wrap(tr(c?.text ?? name), fits(inner, SMALL));
  const bars = "|".repeat(c?.bones ?? 0);
  const lines = [
    ...nameLines.map((l) => ["cname", l, FS]),
    ["", trf("{bars} move {n}", { bars, n: c?.bones ?? "?" }), SMALL],
    ["", trf("needs {what}", { what: needs }), SMALL],
    ...about.map((l) => ["muted", l, SMALL]),
  ];
  const height = 12 + lines.length * 15;
  const g = svg("g", { transform: `translate(${x},${y})`, class: "ddm-card" + (c?.kind === "reaction" ? " reaction" : ""), "data-k": `card-${key}` });
  g.append(svg("rect", { width: L.cardW, height, rx: 8 }));
  lines.forEach(([cls, l, size], k) => g.append(text(7, 18 + k * 15, l, cls, size)));
  const german = c?.german ? ` (${c.german})` : "";
  const about1 = { name, german, text: tr(c?.text ?? ""), n: c?.bones ?? "?" };
  g.append(title(trf(c?.bones === 1 ? "{name}{german}: {text}; 1 bone on the back" : "{name}{german}: {text}; {n} bones on the back", about1)));
  const here = acts((w) => (["lay", "discard"].includes(w[0]) && w[1] === key) || (w[0] === "swap" && w.slice(1).includes(key)) || (w.length === 1 && w[0] === key && ["hold", "dodge"].includes(key)));
  piece(g, here, ctx, name);
  return { node: g, height };
}

/** One field of the track: its number, its kind's sign (with the cards left on a
 * festivity, the items buried in a hiding place), a tooltip saying what it is. */
function field(n, view, cat, ctx, L, myField) {
  const { x, y } = fieldXY(n, L);
  const cls = ["ddm-field"];
  const fest = FEST_FIELD[n];
  let mark = "";
  let what = "";
  if (n >= 25 && n <= 28) {
    cls.push("lane");
    mark = "▤";
    what = tr(view.lane_open ? "red lane, open" : "red lane, closed while the gravedigger is on it");
  } else if (n >= 29 && n <= 31) {
    cls.push("hide");
    const hp = view.hiding_places?.[String(n)] || {};
    const items = [...(hp.bones || []).map((k) => cardName(cat, k)), ...(hp.festivity || []).map((k) => festName(cat, k))];
    mark = items.length ? `⌂${items.length}` : "⌂";
    what = trf("hiding place: {items}", { items: items.length ? items.join(", ") : tr("empty") });
  } else if (n === 32) {
    cls.push("goal");
    mark = "⚑";
    what = tr("the goal");
  } else if (fest) {
    cls.push("fest");
    const left = view.festivity_stock?.[fest] ?? 0;
    mark = `${FEST_SYM[fest]}×${left}`;
    what = trf("{name}: {vp} VP, {n} card(s) left", { name: festName(cat, fest), vp: cat.festivities?.[fest]?.vp ?? "?", n: left });
  }
  const g = svg("g", { class: cls.join(" "), "data-k": `f${n}` });
  g.append(svg("rect", { x, y, width: L.fw - 8, height: L.fh, rx: 8 }));
  g.append(text(x + 6, y + 17, `${n}`, "fno", 14));
  if (mark) g.append(text(x + L.fw - 14, y + 17, mark, "fmark", SMALL, { "text-anchor": "end" }));
  piece(
    g,
    acts((w) => actionField(w) === n || (w[0] === "take" && myField === n)),
    ctx,
    trf("field {n}", { n }),
  );
  g.append(title(what ? `${trf("field {n}", { n })}: ${what}` : trf("field {n}", { n })));
  return g;
}

/** The face-up discard pile (A-D28: open to everyone), under the heading from `y` (the
 * baseline of its first line), within `w`: its count and its top card. A click (or Enter)
 * lays the whole pile out below, top card first, as a player may look through it; another
 * folds it. Returns the drawings and the baseline of the last line. */
function discardPile(view, cat, ctx, L, y, w) {
  const keys = view.discard_pile || [];
  const g = svg("g", { class: "ddm-discard", "data-k": "discard", "data-count": keys.length });
  if (!keys.length) {
    g.append(text(12, y, tr("discard pile: empty")));
    return { nodes: [g], bottom: y };
  }
  const names = keys.map((k) => cardName(cat, k)).reverse(); // top card first
  const head = trf("discard pile {n} · top: {card}", { n: keys.length, card: names[0] });
  const all = trf("discard pile, top card first: {cards}", { cards: names.join(", ") });
  const more = tr(PILE_OPEN ? "▾ hide the discard pile" : "▸ look through the discard pile");
  const lines = [...wrap(head, fits(w - 12)).map((l) => [l, "label", FS]), [more, "more", SMALL]];
  let bottom = y + (lines.length - 1) * 18;
  g.append(svg("rect", { class: "pile", x: 6, y: y - 15, width: w - 4, height: bottom - y + 22, rx: 6 }));
  lines.forEach(([l, cls, size], k) => g.append(text(12, y + k * 18, l, cls, size)));
  g.append(title(all));
  g.setAttribute("role", "button");
  g.setAttribute("tabindex", "0");
  g.setAttribute("aria-expanded", String(PILE_OPEN));
  g.setAttribute("aria-label", `${head}. ${more}`);
  const toggle = (e) => {
    e.stopPropagation();
    e.preventDefault();
    PILE_OPEN = !PILE_OPEN;
    ctx.redraw?.();
    if (e.type === "keydown") document.querySelector('#board [data-k="discard"]')?.focus(); // the keyboard stays on it
  };
  g.addEventListener("click", toggle);
  g.addEventListener("keydown", (e) => (e.key === "Enter" || e.key === " ") && toggle(e));
  if (!PILE_OPEN) return { nodes: [g], bottom };
  // laid out below the start area, the whole width, on a background of its own
  const top = Math.max(bottom + 14, 84);
  const rows = wrap(all, fits(L.w - 36, SMALL));
  const list = svg("g", { class: "ddm-pile", "data-k": "discard-list" });
  list.append(svg("rect", { class: "pile", x: 6, y: top, width: L.w - 12, height: rows.length * 16 + 10, rx: 6 }));
  rows.forEach((l, k) => list.append(text(12, top + 18 + k * 16, l, "", SMALL)));
  return { nodes: [g, list], bottom: top + 18 + (rows.length - 1) * 16 };
}

/** The pieces standing on one field (or the start): up to three a row, then more rows. */
function pieces(items, base, L, isStart) {
  const perRow = isStart ? 4 : 3;
  const step = Math.min(23, (L.fw - 12) / perRow);
  const r = items.length > 6 && !isStart ? 9 : 10;
  return items.map((it, k) => ({ ...it, x: base.x + 15 + (k % perRow) * step, y: base.y + (isStart ? 34 : 39) + Math.floor(k / perRow) * 22, r }));
}

export function render(view, ctx) {
  const cat = ctx.catalog || {};
  const L = layout();
  for (const [k, f] of Object.entries(cat.festivities || {})) FEST_FIELD[f.field] = k;
  begin();
  LEGAL = view.legal || [];
  const me = view.seat !== null && view.seat !== undefined ? view.seat : null;
  const myField = me !== null ? view.skeletons?.[me]?.field : null;
  const nameOf = (i) => ctx.names?.[i] ?? t("seat", { n: i + 1 });
  const root = svg("svg", { class: "board ddm", role: "img", "aria-label": tr("Dia de los Muertos graveyard") });

  // the heading (beside the start area) and the start area
  const headW = L.w - 130;
  root.append(text(12, 22, trf("Graveyard · round {n}", { n: view.round ?? "?" }), "section", 15));
  const state = [tr(view.lane_open ? "lane open" : "lane closed ✗"), trf("draw pile {n}", { n: view.draw_pile ?? "?" })];
  const heads = joinLines(state, headW);
  heads.forEach((l, k) => root.append(text(12, 44 + k * 18, l)));
  const start = svg("g", { class: "ddm-field start", "data-k": "f0" }, svg("rect", { x: L.w - 116, y: 6, width: 104, height: 70, rx: 8 }), text(L.w - 108, 22, tr("S start"), "fno", FS));
  start.append(title(tr("the start area S")));
  root.append(start);
  const pile = discardPile(view, cat, ctx, L, 44 + heads.length * 18 + 6, headW);
  root.append(...pile.nodes);
  L.top = Math.max(88, pile.bottom + 16);

  for (let n = 1; n <= 32; n++) root.append(field(n, view, cat, ctx, L, myField));

  // pieces: skeletons, dog, gravedigger (in one row of each field, so none hides another)
  const byField = {};
  (view.skeletons || []).forEach((sk, i) => {
    if (sk.home) return; // a skeleton in the goal lies on its gravestone (its panel says which)
    (byField[sk.field] ??= []).push({ kind: "skel", i });
  });
  if (view.dog) (byField[view.dog] ??= []).push({ kind: "dog" });
  if (view.gravedigger) (byField[view.gravedigger] ??= []).push({ kind: "digger" });
  for (const [f, items] of Object.entries(byField)) {
    const n = Number(f);
    for (const p of pieces(items, fieldXY(n, L), L, n <= 0)) {
      if (p.kind === "dog") root.append(token(p.x, p.y, tr("D"), "dog", trf("the dog on field {n}", { n }), "dog", p.r));
      else if (p.kind === "digger") root.append(token(p.x, p.y, tr("G"), "digger", trf("the gravedigger on field {n}", { n }), "digger", p.r));
      else {
        const i = p.i;
        const who = inSentence(nameOf(i), i); // "del Jugador 1", "de Ana"
        const tip = contracted(n <= 0 ? trf("{name}'s skeleton on the start", { name: who }) : trf("{name}'s skeleton on field {n}", { name: who, n }));
        const el = token(p.x, p.y, `${i + 1}`, `seat${i % 6}`, tip, `sk${i}`, p.r);
        piece(el, acts((w) => w.includes(`p${i + 1}`)), ctx, trf("skeleton {n}", { n: i + 1 }));
        root.append(el);
      }
    }
  }

  // the legend: what the signs and letters mean
  const rows = Math.ceil(32 / L.cols);
  let y = L.top + rows * (L.fh + L.gap) + 6;
  const fests = Object.entries(cat.festivities || {}).map(([k, f]) => `${FEST_SYM[k] ?? "★"} ${festName(cat, k)} ${trf("{n} VP", { n: f.vp })}`);
  const legend = [...fests, `⌂ ${tr("hiding place")}`, `▤ ${tr("red lane")}`, `⚑ ${tr("goal")}`, `${tr("D")} ${tr("dog")}`, `${tr("G")} ${tr("gravedigger")}`];
  for (const l of joinLines(legend, L.w - 24, SMALL)) {
    root.append(text(12, y + 12, l, "muted", SMALL));
    y += 17;
  }
  y += 8;

  // skeleton panels
  const hurt = victim(view, ctx);
  const colW = (L.w - 10 - L.panelCols * 10) / L.panelCols;
  const max = fits(colW - 20);
  let rowH = 0;
  (view.skeletons || []).forEach((sk, i) => {
    const col = i % L.panelCols;
    if (col === 0 && i > 0) {
      y += rowH + 10;
      rowH = 0;
    }
    const x = 10 + col * (colW + 10);
    const marks = [view.to_move === i ? tr("▶ to move") : null, view.seat === i ? tr("★ you") : null].filter(Boolean).join(", ");
    const home = sk.home ? ` · ${trf("gravestone {n}", { n: sk.home })}` : "";
    // RB: the order cards of the round lie face up (1, 2, … in playing order)
    const nth = sk.home ? -1 : (view.order || []).indexOf(i);
    const order = nth >= 0 ? ` · ${trf("order {n}", { n: nth + 1 })}` : "";
    const head = `${i + 1} ${clipped(nameOf(i), 18)}${order}${marks ? ` (${marks})` : ""}${home}`;
    const where = sk.home ? tr("goal") : sk.field <= 0 ? "S" : sk.field;
    const fest = (sk.festivity || []).map((k) => festName(cat, k));
    let laid;
    if (sk.laid === null || sk.laid === undefined) laid = tr("laid: —");
    else if (typeof sk.laid === "object") laid = trf(sk.laid.back === 1 ? "laid: face down ({bars} 1 bone)" : "laid: face down ({bars} {n} bones)", { bars: "|".repeat(sk.laid.back), n: sk.laid.back });
    else laid = trf("laid: {card}", { card: cardName(cat, sk.laid) });
    const backs = (sk.hand_backs || []).map((b) => "|".repeat(b)).join(" ");
    const lines = [];
    // a line too long for the panel goes on in the next one (the piece is its first line)
    const add = (kind, s) => wrap(s, max).forEach((l, k) => lines.push([k ? "" : kind, l]));
    add("bones", trf("field {f} · arms {a}/2 · legs {l}/2", { f: where, a: sk.arms, l: sk.legs }));
    add("fest", fest.length ? trf("festivity: {cards}", { cards: fest.join(", ") }) : tr("festivity: none"));
    add("laid", laid);
    add("backs", backs ? trf("hand (bones on the backs): {backs}", { backs }) : tr("hand (bones on the backs): empty"));
    // each card by its name in the reader's language, and the word a move types for it
    const named = (k) => ((n) => (n.toLowerCase() === k ? n : `${n} (${k})`))(cardName(cat, k));
    if (sk.hand) add("", trf("your cards: {keys}", { keys: sk.hand.map(named).join(", ") }));
    const h = 30 + lines.length * 19;
    rowH = Math.max(rowH, h);
    const g = svg("g", { class: `seat${i % 6}` + (view.to_move === i ? " to-move" : ""), "data-k": `panel${i}` });
    const rect = svg("rect", { x, y, width: colW, height: h, rx: 10, class: "panel" + (view.to_move === i ? " to-move" : "") });
    g.append(rect);
    g.append(text(x + 10, y + 20, clipped(head, max), "panel-label", FS));
    lines.forEach(([kind, l], k) => {
      const el = text(x + 10, y + 40 + k * 19, l, "label", FS, kind ? { "data-k": `${kind}${i}` } : {});
      if (kind === "bones") {
        if (i === me) piece(el, acts((w) => w[0] === "patch" || (w[0] === "hit" && hurt === null)), ctx, tr("your bones"));
        else if (i === hurt) piece(el, acts((w) => w[0] === "hit"), ctx, trf("the bones of skeleton {n}", { n: i + 1 }));
      } else if (kind === "laid" && i === me) piece(el, acts((w) => w.length === 1 && ["move", "reveal", "follow"].includes(w[0])), ctx, tr("your laid card"));
      else if (kind === "backs" && (i === (hurt ?? -1) || (hurt === null && i !== me))) piece(el, acts((w) => w[0] === "pick"), ctx, trf("pick a card back from skeleton {n}", { n: i + 1 }));
      g.append(el);
    });
    // the panels of a row are as tall as the tallest
    g.dataset.row = String(Math.floor(i / L.panelCols));
    root.append(g);
  });
  // even out the heights of the panels in a row
  for (const rect of root.querySelectorAll("g[data-row] > rect.panel")) {
    const row = rect.parentNode.dataset.row;
    const same = [...root.querySelectorAll(`g[data-row="${row}"] > rect.panel`)].map((r) => Number(r.getAttribute("height")));
    rect.setAttribute("height", String(Math.max(...same)));
  }
  let bottom = y + rowH + 14;

  const mine = me !== null ? view.skeletons?.[me] : null;
  if (mine?.hand?.length) {
    root.append(text(12, bottom + 14, tr("Your cards"), "section", 15));
    let cy = bottom + 24;
    for (let k = 0; k < mine.hand.length; k += L.perRow) {
      const row = mine.hand.slice(k, k + L.perRow).map((key, j) => handCard(12 + j * (L.cardW + 6), cy, key, cat, ctx, L));
      const tallest = Math.max(...row.map((c) => c.height));
      for (const c of row) {
        c.node.querySelector("rect").setAttribute("height", String(tallest));
        root.append(c.node);
      }
      cy += tallest + 8;
    }
    bottom = cy;
  }
  const labels = {
    end: `end · ${tr("stop moving")}`,
    keep: `keep · ${tr("keep your cards")}`,
    "no reaction": `no reaction · ${tr("let it happen")}`,
  };
  return finish(root, view, ctx, L.w, bottom, labels);
}
