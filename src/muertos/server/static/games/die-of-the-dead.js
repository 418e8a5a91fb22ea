// Die of the Dead (the Ofrenda variant): the four caskets with their dice (inside, or paid on
// the lid), the City of the Dead's power dice, the nine marigold steps with their bonus
// squares and everyone's scoring die, what each section scores, and per player the ofrenda
// board (a frame of 12 cells: Marigold top, Incense right with its urns, Candle bottom, Bread
// left), the preparation board, tokens and supply. A die is a square in its colour WITH its
// colour letter and face (☠ calavera, ★ power die). Click a casket to open it / pay / fill
// it, a die to draft or move it, then a cell (or the preparation board) to put it; a cell or
// the preparation board on its own offers what can go there. The held die offers its
// Bread/Incense changes, a section's name scoring it first, the tokens their discards, a City
// die gaining or removing it; skip, done and pass are buttons on the board.
// Every word shown comes from the game's catalog in the page's language (term); the move
// notation (draft r5 to 7) is the same in every language. Text is at least 14 units high: a
// phone shows the board at 0.8 of its size (style.css), so no word is under 11 px there.
import { svg, title, wrap } from "../svg.js";
import { begin, finish, piece } from "../pieces.js";
import { contracted, inSentence, termf } from "../i18n.js";

const G = "die-of-the-dead";
/** A word or phrase of the game in the page's language, its {placeholders} filled. */
const T = (english, params = {}) => termf(G, english, params);

const HUES = { r: "#e63946", b: "#3a86ff", g: "#40916c", y: "#f4c430", p: "#7b5ea7" };
const GLYPH = { Candle: "♨", Marigold: "✿", Bread: "◒", Incense: "≋" };
const SQUARE_LABEL = { blank: "—", calavera: "☠ die", set_face: "set face", candle: "+Candle", marigold: "+Marigold", bread: "+Bread", incense: "+Incense" };
const PHASE = {
  put: "setup",
  fill: "solo setup",
  open: "opening a casket",
  act: "actions at the open casket",
  hold: "placing the drafted die",
  pay: "paying for the draft",
  gain: "a power die from the City",
  remove: "a die leaves the City",
  rest: "choosing where to rest (no bonus)",
  score: "scoring",
  land: "choosing a square",
  bonus: "step bonus",
  discard: "token sets",
  over: "game over",
};
const D = 30; // die size
const CELL = 46;
const FS = 14; // the smallest text: 11.2 px on a phone
const FL = 15; // labels
const LH = 18; // a line of text
let CAT = {};
let selected = null; // a die (its spelling) chosen for a later cell click

/** SVG text of `size` units (inline: the stylesheet's tiny classes are for other boards). */
function text(x, y, content, size = FS, attrs = {}) {
  const style = `font-size:${size}px` + (attrs.bold ? ";font-weight:bold" : "");
  const { bold, ...rest } = attrs;
  return svg("text", { x, y, style, ...rest }, content);
}

function item(name) {
  return T(name);
}

function die(x, y, spelling, opts = {}) {
  // "r5*", "rx", "b2", "r" (no face), "r*" (power, no face)
  const colour = spelling[0];
  const power = spelling.endsWith("*") || spelling.slice(1) === "x";
  const face = spelling.slice(1).replace("*", "");
  const g = svg("g", { transform: `translate(${x},${y})`, class: "dod-die" + (power ? " power" : "") + (opts.cls || "") });
  g.append(svg("rect", { width: D, height: D, rx: 6, fill: HUES[colour] || "#ccc" }));
  const label = `${colour.toUpperCase()}${face === "x" ? "☠" : face}`;
  g.append(svg("text", { x: D / 2, y: D / 2 + 7, "text-anchor": "middle" }, label));
  if (power) g.append(svg("text", { x: D - 2, y: 8, "text-anchor": "end", class: "star" }, "★"));
  const cname = T((CAT.colours || []).find((c) => c.letter === colour)?.name ?? colour);
  const kind = T(power ? "{colour} power die" : "{colour} die", { colour: cname });
  const shows = face ? " " + (face === "x" ? T("showing its calavera (wild)") : T("showing {n}", { n: face })) : "";
  g.append(title(`${kind}${shows} (${spelling})`));
  return g;
}

/** A setup die put in secret (A-DD22): the viewer's own in its colour with a dashed edge,
 * another seat's as a grey "?" (the view says only that it is there). */
function secretDie(x, y, spelling, whose, seat) {
  const hidden = spelling === "?";
  const g = svg("g", { transform: `translate(${x},${y})`, class: "dod-die secret" });
  g.append(svg("rect", { width: D, height: D, rx: 6, fill: hidden ? "#bbb" : HUES[spelling[0]] || "#ccc", stroke: "#222", "stroke-width": 2, "stroke-dasharray": "4 3" }));
  g.append(svg("text", { x: D / 2, y: D / 2 + 7, "text-anchor": "middle" }, hidden ? "?" : spelling.toUpperCase()));
  g.append(title(hidden ? contracted(T("{name}'s die, put in secret", { name: inSentence(whose, seat) })) : T("your {die} die, put in secret: the others see it when all have put", { die: spelling })));
  return g;
}

const DIE_VERBS = ["draft", "move", "marigold", "face", "calavera"];
let LEGAL = []; // the legal actions in their own spelling

/** The legal actions (own spelling) whose lower-cased form passes ``test``. */
function acts(test) {
  return LEGAL.filter((a) => test(a.toLowerCase()));
}

function dieActions(d) {
  return acts((a) => a.split(" ")[1] === d.toLowerCase() && DIE_VERBS.includes(a.split(" ")[0]));
}

/** A die standing for its actions: when each goes "to" a cell, a click selects the die
 * and the cells play; otherwise it plays or opens a menu. */
function diePiece(dg, d, ctx, label) {
  const mine = dieActions(d);
  const toCells = mine.length > 1 && mine.every((a) => / to \S+$/.test(a));
  const select = () => {
    selected = selected === d ? null : d;
    ctx.pick(selected ? d.toLowerCase() : "");
    ctx.redraw();
  };
  return piece(dg, mine, ctx, label, toCells ? { select } : {});
}

const CW = 200; // casket width
const PER_ROW = 5; // dice in a row inside a casket

/** The caskets and the City of the Dead, `perRow` caskets to a row (2 on a phone). */
function caskets(view, ctx, perRow, names) {
  const g = svg("g", { class: "dod-caskets" });
  const phase = PHASE[view.phase] ? T(PHASE[view.phase]) : view.phase;
  g.append(text(10, 18, T("Caskets · round {n} · {phase}", { n: view.round, phase }), 16, { class: "section" }));
  const list = view.caskets || [];
  // the setup dice put in secret, casket by casket: [seat, spelling] ("?" where hidden)
  const secret = list.map((_, i) => (view.seats || []).flatMap((sv, s) => ((sv.setup_dice || [])[i] ? [[s, sv.setup_dice[i]]] : [])));
  const rows = (dice) => Math.max(1, Math.ceil(dice.length / PER_ROW));
  const R = Math.max(1, ...list.map((c, i) => Math.max(rows([...(c.inside || []), ...secret[i]]), rows(c.lid || []))));
  // the state line sits at the casket's very middle, where a click on the casket lands (the
  // dice above and below are pieces of their own): inside dice above it, the lid's below
  const mid = 57 + R * (D + 4);
  const CH = 2 * mid; // casket height
  list.forEach((c, i) => {
    const x = 10 + (i % perRow) * (CW + 10);
    const y = 28 + Math.floor(i / perRow) * (CH + 10);
    const cg = svg("g", { class: "dod-casket" + (c.open ? " open" : ""), "data-k": `casket${i}` });
    cg.append(svg("rect", { x, y, width: CW, height: CH, rx: 10 }));
    cg.append(text(x + 8, y + 20, `${c.position}. ${GLYPH[c.item] ?? ""} ${item(c.item)}`, FL, { bold: true }));
    cg.append(text(x + 8, y + 38, T("inside:")));
    (c.inside || []).forEach((d, k) => {
      const dg = die(x + 8 + (k % PER_ROW) * (D + 4), y + 44 + Math.floor(k / PER_ROW) * (D + 4), d, { cls: selected === d ? " selected" : "" });
      if (c.open) diePiece(dg, d, ctx, T("die {die}", { die: d }));
      cg.append(dg);
    });
    const at = (c.inside || []).length;
    secret[i].forEach(([s, d], k) => {
      const n = at + k;
      cg.append(secretDie(x + 8 + (n % PER_ROW) * (D + 4), y + 44 + Math.floor(n / PER_ROW) * (D + 4), d, names[s], s));
    });
    cg.append(text(x + 8, y + mid + 5, `${c.open ? T("OPEN") : T("closed")} · ${T("{n} tokens", { n: c.tokens })}`, FS, { bold: c.open }));
    cg.append(text(x + 8, y + mid + 27, T("lid:")));
    (c.lid || []).forEach((d, k) => cg.append(die(x + 8 + (k % PER_ROW) * (D + 4), y + mid + 33 + Math.floor(k / PER_ROW) * (D + 4), d)));
    const n = c.position;
    const isOpen = c.open || view.open_casket === n;
    const here = acts((a) => {
      const w = a.split(" ");
      if (a === `open ${n}` || a.endsWith(` on ${n}`) || a.endsWith(` in ${n}`) || (w[0] === "fill" && w[1] === String(n))) return true;
      if (w[0] === "candle" && (w[1] === String(n) || w[2] === String(n))) return true;
      return isOpen && (w[0] === "take" || w[0] === "ascend");
    });
    piece(cg, here, ctx, T("casket {n}", { n }));
    const nothing = T("nothing");
    cg.append(title(T("casket {n}: {item}; inside {inside}; on the lid {lid}", { n, item: item(c.item), inside: (c.inside || []).join(" ") || nothing, lid: (c.lid || []).join(" ") || nothing })));
    g.append(cg);
  });
  // the City of the Dead, beside the caskets
  const cx = 10 + perRow * (CW + 10);
  const cityRows = Math.ceil(Object.keys(view.city || {}).length / 3);
  const cityH = Math.max(CH, 50 + cityRows * (D + 26));
  g.append(svg("rect", { x: cx, y: 28, width: 150, height: cityH, rx: 10, class: "dod-city" }));
  wrap(T("City of the Dead"), 14).forEach((line, k) => g.append(text(cx + 8, 46 + k * LH, line, FL, { bold: true })));
  Object.entries(view.city || {}).forEach(([d, n], k) => {
    const dx = cx + 8 + (k % 3) * (D + 14);
    const dy = 72 + Math.floor(k / 3) * (D + 26);
    const dg = die(dx, dy, d);
    dg.dataset.k = `city:${d}:${n}`;
    piece(dg, acts((a) => a === `gain ${d.toLowerCase()}` || a === `remove ${d.toLowerCase()}`), ctx, T("City die {die}", { die: d }));
    g.append(dg);
    g.append(text(dx + D / 2, dy + D + 16, `×${n}`, FS, { "text-anchor": "middle" }));
  });
  const rowsOfCaskets = Math.ceil(list.length / perRow);
  return { node: g, w: cx + 160, h: 28 + Math.max(rowsOfCaskets * (CH + 10), cityH + 10) };
}

/** The nine steps as a staircase, step 9 at the top, the foot below: each row its four
 * squares and their bonuses, the scoring dice on the square they rest on. */
function steps(view, ctx, legal, names, width) {
  const g = svg("g", { class: "dod-steps" });
  const rows = CAT.steps || [];
  const letters = CAT.square_letters || "abcd";
  g.append(text(10, 18, T("Marigold steps (scoring dice)"), 16, { class: "section" }));
  const RH = 28; // row height
  const LW = 44; // the step's number
  const SW = Math.floor((width - 10 - LW) / Math.max(1, letters.length)) - 4;
  const top = 46;
  const rowY = (s) => top + (rows.length - 1 - s) * RH; // step s+1
  [...letters].forEach((l, k) => g.append(text(10 + LW + k * (SW + 4) + SW / 2, top - 6, l.toUpperCase(), FL, { "text-anchor": "middle", bold: true })));
  const seats = view.seats || [];
  const mover = view.to_move ?? -1;
  // the step a scoring die lands on (its bonus taken) or rests on (an empty-casket ascension)
  const landing = (view.phase === "land" || view.phase === "rest") && seats[mover] ? (seats[mover].steps - 1) % Math.max(1, rows.length) : -1;
  const marker = (x, y, i, tip) =>
    svg("g", { class: `dod-marker seat${i % 6}` }, svg("circle", { cx: x, cy: y, r: 9 }), text(x, y + 5, `${i + 1}`, 13, { "text-anchor": "middle" }), title(tip));
  rows.forEach((row, s) => {
    const y = rowY(s);
    g.append(text(10 + LW - 8, y + 19, `${s + 1}`, FL, { "text-anchor": "end", bold: true }));
    row.forEach((sq, k) => {
      const x = 10 + LW + k * (SW + 4);
      const el = svg("g", { class: "dod-square", "data-k": `sq${s}:${k}` });
      el.append(svg("rect", { x, y: y + 2, width: SW, height: RH - 4, rx: 4 }));
      el.append(text(x + 6, y + 19, T(SQUARE_LABEL[sq] ?? sq)));
      el.append(title(`${letters[k].toUpperCase()} · ${T("step {n}", { n: s + 1 })}: ${T(SQUARE_LABEL[sq] ?? sq)}`));
      // the dice on this square side by side from its right edge, in seat order (a square is
      // 130 units wide on a phone, 270 on a desktop: five fit), none hiding another, and as
      // few as there are dice, so the square's label stays clear when only two or three share it
      const here = seats.map((sv, i) => i).filter((i) => seats[i].square === letters[k] && seats[i].step === s + 1);
      here.forEach((i, n) => el.append(marker(x + SW - 12 - 20 * n, y + RH / 2, i, contracted(T("{name}'s scoring die", { name: inSentence(names[i], i) })))));
      const a = `square ${letters[k]}`;
      if (legal.has(a) && landing === s) piece(el, [a], ctx, T("{square} of step {n}", { square: a, n: s + 1 }));
      g.append(el);
    });
  });
  // the foot, and dice resting on a step with no square (exclusive squares, none free)
  const footY = top + rows.length * RH;
  g.append(text(10 + LW - 8, footY + 19, T("foot"), FS, { "text-anchor": "end" }));
  seats.forEach((sv, i) => {
    if (sv.square) return; // drawn on its square
    const y = sv.step ? rowY(sv.step - 1) : footY;
    const x = 10 + LW + 14 + i * 22 + (sv.step ? SW / 2 : 0);
    g.append(marker(x, y + RH / 2, i, contracted(T("{name}'s scoring die (face {n})", { name: inSentence(names[i], i), n: sv.die_face }))));
  });
  return { node: g, w: width, h: footY + RH + 6 };
}

/** What each section scores, once for every board (the same on each), wrapped to `width`. */
function scoringKey(width) {
  const g = svg("g", { class: "dod-key" });
  let y = 16;
  g.append(text(10, y, T("What each section scores"), 16, { class: "section" }));
  const chars = Math.max(30, Math.floor((width - 20) / (FS * 0.6)));
  for (const it of CAT.items || []) {
    const lines = wrap(`${GLYPH[it.name] ?? ""} ${item(it.name)} (${it.letter}): ${T(it.text)}`, chars);
    lines.forEach((line, k) => {
      y += LH;
      g.append(text(k ? 26 : 10, y, line));
    });
  }
  y += LH;
  g.append(text(10, y, T("⚱ b2: an urn, scoring +1 holding that die"), FS));
  return { node: g, h: y + 10 };
}

const PW = 560; // an ofrenda panel
const PH = 304;

function ofrendaBoard(view, seat, ctx, legal, names) {
  const sv = view.seats[seat];
  const mine = seat === view.seat;
  const g = svg("g", { class: `dod-seat seat${seat % 6}` });
  g.append(svg("rect", { width: PW, height: PH, rx: 12, class: "panel" + (seat === view.to_move ? " to-move" : "") }));
  const marks = [seat === view.to_move ? T("▶ to move") : "", mine ? T("★ you") : "", seat === view.starter ? T("round starter") : ""].filter(Boolean);
  const colour = T(sv.colour || "?");
  const head = `${names[seat]} · ${colour} (${(sv.colour || "?")[0].toUpperCase()}) · ${T(sv.steps === 1 ? "{n} step" : "{n} steps", { n: sv.steps })}`;
  g.append(text(12, 22, head, FL, { class: "panel-label", bold: true }));
  if (marks.length) g.append(text(12, 40, marks.join(" · ")));
  const ox = 52;
  const oy = 80;
  const mid = 2 * CELL - 2;
  // section labels around the frame: Marigold above, Candle below, Bread and Incense upright
  // beside it (turned, so they fit a phone), each with its state on a line further out
  const side = {
    Marigold: { x: ox + mid, y: oy - 10, rot: 0, out: -LH },
    Candle: { x: ox + mid, y: oy + 4 * CELL + 12, rot: 0, out: LH },
    Bread: { x: ox - 8, y: oy + mid, rot: -90, out: -LH },
    Incense: { x: ox + 4 * CELL + 4, y: oy + mid, rot: 90, out: LH },
  };
  for (const it of CAT.items || []) {
    const p = side[it.name] || { x: 0, y: 0, rot: 0, out: 0 };
    const at = (dx) => (p.rot ? { transform: `translate(${p.x + dx},${p.y}) rotate(${p.rot})` } : { transform: `translate(${p.x},${p.y + dx})` });
    const label = text(0, 0, `${GLYPH[it.name] ?? ""} ${item(it.name)} (${it.letter})`, FS, { "text-anchor": "middle", class: "sec", bold: true, ...at(0) });
    if (mine) piece(label, acts((a) => a === `score ${it.name.toLowerCase()}`), ctx, T("score {item} first", { item: item(it.name) }));
    g.append(label);
    const st = sv.sections?.[it.name] ?? "";
    if (st && st !== "open") g.append(text(0, 0, st === "scored" ? T("✔ scored") : T("● complete"), FS, { "text-anchor": "middle", ...at(p.rot === 0 && p.out < 0 ? -LH + 4 : p.out) }));
  }
  const urns = {};
  for (const u of sv.urns || []) urns[u.cell] = u.die;
  (CAT.cells || []).forEach((c) => {
    const x = ox + c.col * CELL;
    const y = oy + c.row * CELL;
    const d = sv.ofrenda?.[c.cell - 1];
    const el = svg("g", { class: "dod-cell", "data-k": `s${seat}:c${c.cell}` });
    el.append(svg("rect", { x, y, width: CELL - 4, height: CELL - 4, rx: 6 }));
    el.append(text(x + 3, y + 13, `${c.cell}`, 12));
    if (urns[c.cell]) el.append(text(x + CELL - 6, y + CELL - 7, `⚱${urns[c.cell]}`, 13, { "text-anchor": "end", class: "urn" }));
    if (d) {
      const dg = die(x + 6, y + 6, d, { cls: selected === d ? " selected" : "" });
      if (mine) diePiece(dg, d, ctx, T("die {die} on cell {n}", { die: d, n: c.cell }));
      el.append(dg);
    }
    if (mine) {
      const here = selected
        ? acts((a) => a.split(" ")[1] === selected.toLowerCase() && a.endsWith(` to ${c.cell}`))
        : acts((a) => a.endsWith(` to ${c.cell}`) || a === `place ${c.cell}` || a === `calavera ${c.cell}`);
      piece(el, here, ctx, T("cell {n}", { n: c.cell }));
    }
    const urn = urns[c.cell] ? ", " + T("urn asks {die}", { die: urns[c.cell] }) : "";
    el.append(title(`${T("cell {n}", { n: c.cell })}${urn}: ${d || T("empty")}`));
    g.append(el);
  });
  // preparation board, tokens, supply
  const px = ox + 4 * CELL + 40;
  const RY = 62; // the right column's top line
  g.append(text(px, RY, T("Preparation board"), FL, { bold: true }));
  const pg = svg("g", { class: "dod-prep", "data-k": `s${seat}:prep` });
  for (let k = 0; k < (CAT.prep_spaces || 3); k++) {
    pg.append(svg("rect", { x: px + k * (D + 12), y: RY + 8, width: D + 8, height: D + 8, rx: 6 }));
    const d = sv.prep?.[k];
    if (d) {
      const dg = die(px + 4 + k * (D + 12), RY + 12, d, { cls: selected === d ? " selected" : "" });
      if (mine) diePiece(dg, d, ctx, T("die {die} on the preparation board", { die: d }));
      pg.append(dg);
    }
  }
  if (mine) {
    const here = selected
      ? acts((a) => a.split(" ")[1] === selected.toLowerCase() && a.endsWith(" to prep"))
      : acts((a) => a.endsWith(" to prep") || a === "place prep");
    piece(pg, here, ctx, T("the preparation board"));
  }
  g.append(pg);
  const tokens = text(px, RY + 74, T("Tokens"), FL, { bold: true });
  if (mine) piece(tokens, acts((a) => a.startsWith("discard ")), ctx, T("discard tokens"));
  g.append(tokens);
  g.append(text(px + 70, RY + 74, "· " + T("scoring die: {n}", { n: sv.die_face })));
  Object.entries(sv.tokens || {}).forEach(([it, n], k) => g.append(text(px, RY + 92 + k * 16, `${GLYPH[it] ?? ""} ${item(it)}: ${n}`)));
  g.append(text(px, RY + 166, T("Supply"), FL, { bold: true }));
  Object.entries(sv.supply || {}).forEach(([c, n], k) => {
    g.append(die(px + k * (D + 12), RY + 174, c));
    g.append(text(px + k * (D + 12) + D / 2, RY + 222, `×${n}`, FS, { "text-anchor": "middle" }));
  });
  return { node: g, w: PW, h: PH };
}

export function render(view, ctx) {
  begin();
  CAT = ctx.catalog || {};
  LEGAL = view.legal || [];
  const legal = new Set(LEGAL.map((a) => a.toLowerCase()));
  if (selected && !dieActions(selected).length) selected = null;
  const names = (view.seats || []).map((_, i) => ctx.names?.[i] ?? T("Player {n}", { n: i + 1 }));
  const root = svg("svg", { class: "board dod", role: "img", "aria-label": T("Die of the Dead table") });
  const cols = window.innerWidth > 760 ? 2 : 1;
  const width = cols === 2 ? 10 + cols * (PW + 10) : 10 + PW + 10;
  const c = caskets(view, ctx, cols === 2 ? 4 : 2, names);
  root.append(c.node);
  const W = Math.max(width, c.w);
  let y = c.h + 4;
  if (view.held) {
    const held = text(10, y + 14, T("Holding: {die}", { die: typeof view.held === "string" ? view.held : JSON.stringify(view.held) }), FL, { bold: true });
    piece(held, acts((a) => a.startsWith("bread ") || a.startsWith("incense ")), ctx, T("change the held die"));
    root.append(held);
    y += 24;
  }
  const s = steps(view, ctx, legal, names, W);
  s.node.setAttribute("transform", `translate(0,${y})`);
  root.append(s.node);
  y += s.h + 4;
  const order = (view.seats || []).map((_, i) => i);
  if (view.seat !== null && view.seat !== undefined) order.sort((a, b) => (a === view.seat ? -1 : b === view.seat ? 1 : a - b));
  order.forEach((i, k) => {
    const b = ofrendaBoard(view, i, ctx, legal, names);
    b.node.setAttribute("transform", `translate(${10 + (k % cols) * (PW + 10)},${y + Math.floor(k / cols) * (PH + 10)})`);
    root.append(b.node);
  });
  y += Math.ceil(order.length / cols) * (PH + 10);
  const key = scoringKey(W);
  key.node.setAttribute("transform", `translate(0,${y})`);
  root.append(key.node);
  y += key.h;
  return finish(root, view, ctx, W, y);
}
