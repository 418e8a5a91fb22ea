// Pátzcuaro: the track of shops (two rows, clockwise: Pátzcuaro top, the shops' top spaces
// left to right, their bottom spaces right to left, Pátzcuaro bottom), each space with its
// actions, its face-up cards (all are in view and a trade takes them all: the top card drawn
// whole, each one under it, top first, as a strip with the same band, number and objects)
// and the players' tokens; the three common objectives; each player's 4–3–2 altar pyramid;
// your hand. Every card shows its colour as a band WITH the colour's code and symbol, and
// its objects as words. Click a space to move there, a hand card to trade it (or select
// it), then an altar slot to place it (an altar slot on its own offers the cards that can go
// there); your token's space to take the revealed cards, your player card to flip it;
// "pass" is a button on the board.
//
// Words: the game's names (objects, colours, shops, conditions, objectives) come from its
// catalog in the game's own language option, else in the reader's (the same words as the
// rulebook); the board's own words are the game's terms (locale/es.toml) through term().
// Text is 14 units or more and wrapped, never cut: a phone shows the board at 0.8 px per
// unit at the least (style.css), so every text stays at 11.2 px or more.
import { svg, title, wrap } from "../svg.js";
import { begin, finish, piece } from "../pieces.js";
import { contracted, inSentence, lang, t, term } from "../i18n.js";

const HUES = { pink: "#ff5d8f", green: "#40916c", purple: "#7b5ea7", yellow: "#f4c430" };
const GLYPH = { pink: "✿", green: "⚱", purple: "✝", yellow: "❦" };
const CW = 180; // card: the longest object line, "calaverita de azúcar ×3", fits at 14
const CH = 76;
const SW = CW + 16; // space width: a card, its stack count and a token below it, the cards under it
const FONT = 14; // every text's size, in board units
const CHAR = 7.4; // a generous character width at that size, for wrapping
const BOLD = 8.4; // the same in bold
let CAT = {};
let LANG = "en";
let selected = null; // a hand card chosen for an altar slot

/** A board word in the reader's language, its {placeholders} filled. */
function tr(english, params = {}) {
  return term("patzcuaro", english).replace(/\{([a-z_]+)\}/g, (m, k) => (k in params ? String(params[k]) : m));
}

/** "1 card" / "5 cards" in the reader's language. */
function nCards(n) {
  return n === 1 ? tr("1 card") : tr("{n} cards", { n });
}

/** Lines of at most ``width`` units (``bold``: of bold text). */
function lines(text, width, bold = false) {
  return wrap(text, Math.max(8, Math.floor(width / (bold ? BOLD : CHAR))));
}

/** A text at the board's size (inline, so it wins over the shared classes' sizes). */
function txt(x, y, attrs, content) {
  return svg("text", { x, y, style: `font-size:${FONT}px`, ...attrs }, content);
}

function cardInfo(cid) {
  const c = CAT.cards?.[String(cid)];
  if (!c) return null;
  const col = CAT.colours[c.colour];
  const counts = new Map();
  for (const o of c.objects) counts.set(o, (counts.get(o) || 0) + 1);
  const objs = [...counts].map(([o, n]) => CAT.objects[o][LANG] + (n > 1 ? ` ×${n}` : ""));
  return { col, objs, text: c.text?.[LANG] ?? `#${cid}` };
}

function card(x, y, cid, opts = {}) {
  const g = svg("g", { transform: `translate(${x},${y})`, class: "ptz-card" + (opts.cls || "") });
  const info = cardInfo(cid);
  g.append(svg("rect", { width: CW, height: CH, rx: 6, class: "face" }));
  if (!info) {
    g.append(txt(CW / 2, CH / 2 + 4, { "text-anchor": "middle" }, `#${cid}`));
    return g;
  }
  band(g, cid, info);
  info.objs.forEach((o, k) => g.append(txt(6, 37 + k * 16, { class: "obj" }, o)));
  return g;
}

/** A card's colour band (its hue, the colour's symbol and code) with its number, and its
 * full name as the tooltip. The hue is a style: a space's own rule for its rectangles
 * would otherwise paint over the attribute. */
function band(g, cid, info) {
  const id = info.col.id;
  const hue = HUES[id] || "#999";
  g.append(svg("rect", { x: 2, y: 2, width: CW - 4, height: 19, rx: 4, fill: hue, style: `fill:${hue}`, class: "band" }));
  g.append(txt(7, 16, { class: "code" }, `${GLYPH[id] || ""} ${info.col.code[LANG]}`));
  g.append(txt(CW - 6, 16, { "text-anchor": "end", class: "code" }, `#${cid}`));
  g.append(title(`${info.text} (${info.col[LANG]}, ${info.col.symbol[LANG]})`));
}

/** The object lines of a card under a space's top card: its objects in one list, wrapped. */
function underLines(cid) {
  const info = cardInfo(cid);
  return info ? lines(info.objs.join(", "), CW - 12) : [`#${cid}`];
}

/** The height of a card drawn under a space's top card (``underCard``). */
function underHeight(cid) {
  return 26 + underLines(cid).length * 16;
}

/** A card under a space's top card: a strip with the top card's band and its objects, so
 * every card of the stack reads as the top one does in little room (spec B.5.4: every
 * card on a shop space is face up and visible to all). */
function underCard(x, y, cid) {
  const g = svg("g", { transform: `translate(${x},${y})`, class: "ptz-card ptz-under" });
  g.append(svg("rect", { width: CW, height: underHeight(cid), rx: 6, class: "face" }));
  const info = cardInfo(cid);
  if (info) band(g, cid, info);
  underLines(cid).forEach((l, k) => g.append(txt(6, 36 + k * 16, { class: "obj" }, l)));
  return g;
}

/** The height the cards under a stack's top card take, each with a gap below it. */
function underStack(stack) {
  return stack.slice(0, -1).reduce((h, cid) => h + underHeight(cid) + 4, 0);
}

let LEGAL = []; // the legal actions in their own spelling

/** The legal actions (own spelling) whose lower-cased form passes ``test``. */
function acts(test) {
  return LEGAL.filter((a) => test(a.toLowerCase()));
}

function spaceInfo(view, i) {
  const n = view.tiles.length;
  const L = 2 * n + 2;
  let col, row;
  if (i === 0) [col, row] = [0, 0];
  else if (i <= n) [col, row] = [i, 0];
  else if (i < L - 1) [col, row] = [L - 1 - i, 1];
  else [col, row] = [0, 1];
  let sp, label;
  if (col === 0) {
    sp = row ? CAT.patzcuaro?.bottom : CAT.patzcuaro?.top;
    label = `${CAT.patzcuaro?.[LANG] ?? "Pátzcuaro"}: ${sp?.[LANG] ?? ""}`;
  } else {
    sp = row ? CAT.shops?.[view.tiles[col - 1]]?.bottom : CAT.shops?.[view.tiles[col - 1]]?.top;
    label = `${CAT.shops?.[view.tiles[col - 1]]?.[LANG] ?? view.tiles[col - 1]} (${tr(row ? "bottom" : "top")})`;
  }
  // the server names spaces in the game's language: its own words when the reader's agree
  if (LANG === "en" || view.options?.language === "es") label = view.track[i];
  return { col, row, sp, label };
}

function destination(view, seat, k) {
  const n = view.stacks.length;
  const taken = new Set(view.positions.filter((p, s) => s !== seat && p >= 0));
  let p = Math.max(view.positions[seat], 0);
  while (k) {
    p = (p + 1) % n;
    if (!taken.has(p)) k -= 1;
  }
  return p;
}

/** A space's name and actions, wrapped to its width: [[text, bold]…]. */
function spaceLines(i, info) {
  const out = lines(`${i + 1}. ${info.label}`, SW - 16, true).map((l) => [l, true]);
  (info.sp?.steps?.[LANG] ?? []).forEach((step, k) => {
    for (const l of lines(k ? `→ ${step}` : step, SW - 16)) out.push([l, false]);
  });
  return out;
}

function track(view, ctx, legal) {
  const g = svg("g", { class: "ptz-track" });
  const moves = {};
  if (view.seat !== null && view.seat !== undefined) {
    for (const k of [1, 2, 3]) if (legal.has(`move ${k}`)) moves[destination(view, view.seat, k)] = `move ${k}`;
  }
  const infos = view.stacks.map((_, i) => spaceInfo(view, i));
  const texts = infos.map((info, i) => spaceLines(i, info));
  const head = Math.max(...texts.map((x) => x.length)) * (FONT + 3);
  // each row as tall as its tallest stack: a card, its count and tokens, the cards under it
  const under = (r) => Math.max(0, ...view.stacks.map((st, i) => (infos[i].row === r && st.length > 1 ? underStack(st) + 6 : 0)));
  const SH = [0, 1].map((r) => 12 + head + 6 + CH + 38 + under(r));
  const rowY = [36, 36 + SH[0] + 10];
  view.stacks.forEach((stack, i) => {
    const { col, row, label } = infos[i];
    const x = 10 + col * (SW + 10);
    const y = rowY[row];
    const sg = svg("g", { class: "ptz-space" + (col === 0 ? " plaza" : ""), "data-k": `sp${i}` });
    sg.append(svg("rect", { x, y, width: SW, height: SH[row], rx: 10 }));
    let ty = y + 4;
    for (const [l, bold] of texts[i]) {
      ty += FONT + 3;
      sg.append(txt(x + 8, ty, bold ? { class: "sname" } : {}, l));
    }
    const cy = y + 12 + head + 6;
    if (stack.length) {
      sg.append(card(x + 8, cy, stack[stack.length - 1]));
      sg.append(txt(x + 8, cy + CH + 24, { class: "muted" }, nCards(stack.length)));
      let uy = cy + CH + 38;
      for (const cid of stack.slice(0, -1).reverse()) {
        sg.append(underCard(x + 8, uy, cid));
        uy += underHeight(cid) + 4;
      }
    } else if (col !== 0) sg.append(txt(x + 8, cy + 20, { class: "muted" }, tr("(no card)")));
    // tokens (one per space: tokens never share a space), under the card on the right
    view.positions.forEach((p, s) => {
      if (p !== i) return;
      const tx = x + SW - 24;
      const ty2 = cy + CH + 19;
      const who = ctx.names?.[s] ?? t("seat", { n: s + 1 });
      sg.append(svg("g", { class: `ptz-token seat${s % 6}` }, svg("circle", { cx: tx, cy: ty2, r: 15 }), txt(tx, ty2 + 5, { "text-anchor": "middle" }, tr("P{n}", { n: s + 1 })), title(contracted(tr("{player}'s token", { player: inSentence(who, s) })))));
    });
    const steps = infos[i].sp?.steps?.[LANG] ?? [];
    sg.append(title(`${label}: ${steps.join(" → ")}`));
    if (moves[i]) piece(sg, [moves[i]], ctx, tr("{move}: to {space}", { move: moves[i], space: label }));
    else if (view.seat !== null && view.seat !== undefined && view.positions[view.seat] === i)
      piece(sg, acts((a) => a === "take"), ctx, tr("take the cards revealed at {space}", { space: label }));
    g.append(sg);
  });
  const waiting = view.positions.map((p, s) => (p < 0 ? tr("P{n}", { n: s + 1 }) : null)).filter(Boolean);
  const w = 10 + (view.tiles.length + 1) * (SW + 10);
  const head2 = [tr("Track"), tr("deck {n}", { n: view.deck })];
  if (waiting.length) head2.push(tr("start area: {tokens}", { tokens: waiting.join(" ") }));
  if (view.removed_tile) head2.push(tr("tile {tile} unused", { tile: view.removed_tile }));
  g.append(svg("text", { x: 10, y: 24, class: "section" }, head2.join(" · ")));
  return { node: g, w, h: rowY[1] + SH[1] + 10 };
}

/** The three objective cards side by side across ``width`` (one under the other on a
 * phone, within what its screen shows), their text wrapped. */
function objectives(view, width, phone) {
  const g = svg("g", { class: "ptz-objectives" });
  g.append(svg("text", { x: 10, y: 16, class: "section" }, tr("Objectives")));
  const ids = view.objectives || [];
  const across = phone ? 1 : Math.max(1, ids.length);
  const cw = Math.floor((width - 10) / across) - 10;
  const texts = ids.map((oid) => lines(CAT.objectives?.[oid]?.text?.[LANG] ?? oid, cw - 16));
  const ch = 30 + Math.max(1, ...texts.map((x) => x.length)) * 17;
  ids.forEach((oid, i) => {
    const o = CAT.objectives?.[oid];
    const x = 10 + (i % across) * (cw + 10);
    const y = 24 + Math.floor(i / across) * (ch + 8);
    const chip = svg("g", { class: "ptz-objective", "data-k": `obj${i}` });
    chip.append(svg("rect", { x, y, width: cw, height: ch, rx: 8, class: "chipbox" }));
    chip.append(txt(x + 8, y + 18, { "font-weight": "bold" }, `${"✿".repeat(o?.petal ?? 1)} ${oid}`));
    texts[i].forEach((l, k) => chip.append(txt(x + 8, y + 36 + k * 17, {}, l)));
    chip.append(title(`${oid}: ${o?.text?.[LANG] ?? ""}`));
    g.append(chip);
  });
  return { node: g, h: 24 + Math.ceil(ids.length / across) * (ch + 8) + 4 };
}

const PYR = [
  { names: ["3a", "3b"], off: 1 },
  { names: ["2a", "2b", "2c"], off: 0.5 },
  { names: ["1a", "1b", "1c", "1d"], off: 0 },
];
const SLOT_INDEX = { "1a": 0, "1b": 1, "1c": 2, "1d": 3, "2a": 4, "2b": 5, "2c": 6, "3a": 7, "3b": 8 };

function altarPanel(view, seat, ctx, legal, w, shown) {
  const mine = seat === view.seat;
  const g = svg("g", { class: `ptz-seat seat${seat % 6}` });
  const perRow = Math.max(1, Math.floor((Math.min(w, shown) - 18) / (CW + 6)));
  const hand = view.hands[seat];
  const name = ctx.names?.[seat] ?? t("seat", { n: seat + 1 });
  const marks = [seat === view.to_move ? tr("▶ to move") : "", mine ? tr("★ you") : "", view.flipped?.[seat] ? tr("card flipped (−5)") : ""].filter(Boolean);
  // the player card at the right of what the screen shows, the name line wrapped left of it
  const pcText = view.flipped?.[seat] ? tr("player card ✗ flipped") : tr("player card");
  const pcw = Math.ceil(pcText.length * CHAR) + 16;
  const right = Math.min(w, shown);
  const nameLines = lines(`${name}${marks.length ? " · " + marks.join(" · ") : ""}`, right - pcw - 40, true);
  const top = 12 + nameLines.length * 18;
  const pyramidH = 3 * (CH + 8);
  let handH;
  let handNote = [];
  if (Array.isArray(hand)) handH = 26 + Math.max(1, Math.ceil(hand.length / perRow)) * (CH + 6);
  else {
    const known = view.known?.[seat] || [];
    const note = tr("Hand: {n}", { n: nCards(hand) }) + (known.length ? ` · ${tr("known: {cards}", { cards: known.map((c) => "#" + c).join(" ") })}` : "");
    handNote = lines(note, w - 24);
    handH = 8 + handNote.length * 18;
  }
  const H = top + pyramidH + 8 + handH + 8;
  g.append(svg("rect", { width: w, height: H, rx: 12, class: "panel" + (seat === view.active ? " to-move" : "") }));
  nameLines.forEach((l, k) => g.append(txt(12, 24 + k * 18, { class: "panel-label" }, l)));
  const altar = view.altars[seat];
  // the player card: flipped once (−5) instead of a space's actions, to draw 2
  const pc = svg("g", { transform: `translate(${right - pcw - 12},8)`, class: "pile" }, svg("rect", { width: pcw, height: 26, rx: 6 }), txt(pcw / 2, 18, { "text-anchor": "middle" }, pcText), title(tr("the player card: flip it instead of the space's actions and draw 2 (−5 at the end)")));
  if (mine) piece(pc, acts((a) => a === "flip"), ctx, tr("flip your player card and draw 2"));
  g.append(pc);
  PYR.forEach((row, r) => {
    row.names.forEach((sn, i) => {
      const x = 12 + (row.off + i) * (CW + 8);
      const y = top + r * (CH + 8);
      const cid = altar[SLOT_INDEX[sn]];
      let el;
      if (cid) el = card(x, y, cid);
      else {
        el = svg("g", { transform: `translate(${x},${y})`, class: "ptz-slot" }, svg("rect", { width: CW, height: CH, rx: 6 }), txt(CW / 2, CH / 2 + 5, { "text-anchor": "middle" }, sn), title(tr("altar slot {slot}", { slot: sn })));
      }
      el.dataset.k = `alt${seat}:${sn}`;
      if (mine && selected && legal.has(`altar ${selected} ${sn}`)) piece(el, [`altar ${selected} ${sn}`], ctx, tr("put card {card} on {slot}", { card: selected, slot: sn }));
      else if (mine && !selected) piece(el, acts((a) => a.startsWith("altar ") && a.endsWith(` ${sn}`)), ctx, tr("put a card on {slot}", { slot: sn }));
      g.append(el);
    });
  });
  const y = top + pyramidH + 8;
  if (Array.isArray(hand)) {
    g.append(txt(12, y + 14, { class: "label" }, `${tr("Hand")} (${hand.length})`));
    hand.forEach((cid, k) => {
      const x = 12 + (k % perRow) * (CW + 6);
      const c = card(x, y + 22 + Math.floor(k / perRow) * (CH + 6), cid, { cls: mine && selected === cid ? " selected" : "" });
      c.dataset.k = `hand${seat}:${cid}`;
      if (mine) {
        if (legal.has(`trade ${cid}`)) piece(c, [`trade ${cid}`], ctx, tr("trade card {card}", { card: cid }));
        else {
          const select = () => ((selected = selected === cid ? null : cid), ctx.redraw());
          piece(c, acts((a) => a.startsWith(`altar ${cid} `)), ctx, tr("choose card {card} for the altar", { card: cid }), { select });
        }
      }
      g.append(c);
    });
  } else {
    const note = svg("g", { "data-k": `hand${seat}` });
    handNote.forEach((l, k) => note.append(txt(12, y + 16 + k * 18, { class: "label" }, l)));
    g.append(note);
  }
  return { node: g, h: H };
}

export function render(view, ctx) {
  begin();
  CAT = ctx.catalog || {};
  LEGAL = view.legal || [];
  // the game's names in its own language option, else in the reader's
  LANG = view.options?.language === "es" || lang() === "es" ? "es" : "en";
  const legal = new Set((view.legal || []).map((a) => a.toLowerCase()));
  if (selected && ![...legal].some((a) => a.startsWith(`altar ${selected} `))) selected = null;
  const root = svg("svg", { class: "board patzcuaro", role: "img", "aria-label": tr("Pátzcuaro table") });
  const trk = track(view, ctx, legal);
  const pyramid = 4 * (CW + 8) + 16;
  const width = Math.max(trk.w, pyramid + 20, 770);
  root.append(trk.node);
  let y = trk.h + 10;
  const offered = view.offered || [];
  if (offered.length) {
    const label = tr("Revealed for the trade");
    const lx = 10 + Math.ceil(label.length * CHAR) + 16;
    const og = svg("g", { transform: `translate(10,${y})` });
    og.append(svg("text", { x: 0, y: 16, class: "section" }, label));
    offered.forEach((cid, k) => og.append(piece(card(lx + k * (CW + 6), 0, cid), acts((a) => a === "take"), ctx, tr("take the revealed cards"))));
    root.append(og);
    y += CH + 10;
  }
  // a phone shows the board at 0.8 px per unit and scrolls it sideways (style.css): the hand
  // and the objectives stay within the part on its screen
  const phone = window.innerWidth <= 800;
  const shown = phone ? Math.max(CW + 40, (window.innerWidth - 30) / 0.8) : width;
  const obj = objectives(view, Math.min(width, shown), phone);
  obj.node.setAttribute("transform", `translate(0,${y})`);
  root.append(obj.node);
  y += obj.h;
  const seats = view.altars.map((_, i) => i);
  if (view.seat !== null && view.seat !== undefined) seats.sort((a, b) => (a === view.seat ? -1 : b === view.seat ? 1 : a - b));
  // panels one under the other, as wide as the board: the hand spreads across it
  const pw = width - 20;
  seats.forEach((s) => {
    const p = altarPanel(view, s, ctx, legal, pw, shown);
    p.node.setAttribute("transform", `translate(10,${y})`);
    root.append(p.node);
    y += p.h + 10;
  });
  return finish(root, view, ctx, width, y);
}
