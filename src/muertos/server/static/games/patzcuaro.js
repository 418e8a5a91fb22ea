// Pátzcuaro: the track of shops (two rows, clockwise: Pátzcuaro top, the shops' top spaces
// left to right, their bottom spaces right to left, Pátzcuaro bottom), each space with its
// actions, its face-up top card and the players' tokens; the three common objectives; each
// player's 4–3–2 altar pyramid; your hand. Every card shows its colour as a band WITH the
// colour's code and symbol, and its objects as words. Click a space to move there, a hand
// card to trade it (or select it), then an altar slot to place it (an altar slot on its
// own offers the cards that can go there); your token's space to take the revealed cards,
// your player card to flip it; "pass" is a button on the board.
import { svg, title, wrap } from "../svg.js";
import { begin, finish, piece } from "../pieces.js";

const HUES = { pink: "#ff5d8f", green: "#40916c", purple: "#7b5ea7", yellow: "#f4c430" };
const GLYPH = { pink: "✿", green: "⚱", purple: "✝", yellow: "❦" };
const CW = 86;
const CH = 62;
const SW = 190; // space width
const SH = 150;
let CAT = {};
let LANG = "en";
let selected = null; // a hand card chosen for an altar slot

function cardInfo(cid) {
  const c = CAT.cards?.[String(cid)];
  if (!c) return null;
  const col = CAT.colours[c.colour];
  return { col, objs: c.objects.map((o) => CAT.objects[o]), text: c.text?.[LANG] ?? `#${cid}` };
}

function card(x, y, cid, opts = {}) {
  const g = svg("g", { transform: `translate(${x},${y})`, class: "ptz-card" + (opts.cls || "") });
  const info = cardInfo(cid);
  g.append(svg("rect", { width: CW, height: CH, rx: 6, class: "face" }));
  if (!info) {
    g.append(svg("text", { x: CW / 2, y: CH / 2 + 4, "text-anchor": "middle" }, `#${cid}`));
    return g;
  }
  const id = info.col.id;
  g.append(svg("rect", { x: 2, y: 2, width: CW - 4, height: 16, rx: 4, fill: HUES[id] || "#999", class: "band" }));
  g.append(svg("text", { x: 6, y: 14, class: "code" }, `${GLYPH[id] || ""} ${info.col.code[LANG]}`));
  g.append(svg("text", { x: CW - 5, y: 14, "text-anchor": "end", class: "code" }, `#${cid}`));
  info.objs.forEach((o, k) => g.append(svg("text", { x: 6, y: 31 + k * 11, class: "obj" }, `• ${o[LANG]}`)));
  g.append(title(`${info.text} (${info.col[LANG]}, ${info.col.symbol[LANG]})`));
  return g;
}

function back(x, y, label) {
  return svg("g", { transform: `translate(${x},${y})`, class: "ptz-back" }, svg("rect", { width: CW, height: CH, rx: 6 }), svg("text", { x: CW / 2, y: CH / 2 + 5, "text-anchor": "middle" }, label), title("a face-down card"));
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
  let sp;
  if (col === 0) sp = row ? CAT.patzcuaro?.bottom : CAT.patzcuaro?.top;
  else sp = row ? CAT.shops?.[view.tiles[col - 1]]?.bottom : CAT.shops?.[view.tiles[col - 1]]?.top;
  return { col, row, sp };
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

function track(view, ctx, legal) {
  const g = svg("g", { class: "ptz-track" });
  const moves = {};
  if (view.seat !== null && view.seat !== undefined) {
    for (const k of [1, 2, 3]) if (legal.has(`move ${k}`)) moves[destination(view, view.seat, k)] = `move ${k}`;
  }
  view.stacks.forEach((stack, i) => {
    const { col, row, sp } = spaceInfo(view, i);
    const x = 10 + col * (SW + 10);
    const y = 36 + row * (SH + 10);
    const sg = svg("g", { class: "ptz-space" + (col === 0 ? " plaza" : ""), "data-k": `sp${i}` });
    sg.append(svg("rect", { x, y, width: SW, height: SH, rx: 10 }));
    sg.append(svg("text", { x: x + 8, y: y + 16, class: "sname" }, `${i + 1}. ${view.track[i]}`.slice(0, 26)));
    const steps = sp?.steps?.[LANG] ?? [];
    steps.slice(0, 3).forEach((t, k) => sg.append(svg("text", { x: x + 8, y: y + 30 + k * 11, class: "tiny" }, t.length > 30 ? t.slice(0, 29) + "…" : t)));
    if (stack.length) {
      sg.append(card(x + 8, y + 64, stack[stack.length - 1]));
      sg.append(svg("text", { x: x + 8 + CW + 6, y: y + 78, class: "tiny" }, `${stack.length} card${stack.length > 1 ? "s" : ""}`));
    } else if (col !== 0) sg.append(svg("text", { x: x + 8, y: y + 90, class: "muted" }, "(no card)"));
    // tokens
    view.positions.forEach((p, s) => {
      if (p !== i) return;
      const tx = x + SW - 22;
      const ty = y + 80 + s * 0; // one token per space (tokens never share a space)
      sg.append(svg("g", { class: `ptz-token seat${s % 6}` }, svg("circle", { cx: tx, cy: ty, r: 13 }), svg("text", { x: tx, y: ty + 4, "text-anchor": "middle" }, `P${s + 1}`), title(`Player ${s + 1}'s token`)));
    });
    sg.append(title(`${view.track[i]}: ${steps.join(" → ")}`));
    if (moves[i]) piece(sg, [moves[i]], ctx, `${moves[i]}: to ${view.track[i]}`);
    else if (view.seat !== null && view.seat !== undefined && view.positions[view.seat] === i)
      piece(sg, acts((a) => a === "take"), ctx, `take the cards revealed at ${view.track[i]}`);
    g.append(sg);
  });
  const waiting = view.positions.map((p, s) => (p < 0 ? `P${s + 1}` : null)).filter(Boolean);
  const w = 10 + (view.tiles.length + 1) * (SW + 10);
  g.append(svg("text", { x: 10, y: 24, class: "section" }, `Track · deck ${view.deck}` + (waiting.length ? ` · start area: ${waiting.join(" ")}` : "") + (view.removed_tile ? ` · tile ${view.removed_tile} unused` : "")));
  return { node: g, w, h: 36 + 2 * (SH + 10) };
}

function objectives(view) {
  const g = svg("g", { class: "ptz-objectives" });
  g.append(svg("text", { x: 10, y: 14, class: "section" }, "Objectives"));
  (view.objectives || []).forEach((oid, i) => {
    const o = CAT.objectives?.[oid];
    const x = 10 + i * 250;
    const chip = svg("g", { class: "ptz-objective", "data-k": `obj${i}` });
    chip.append(svg("rect", { x, y: 22, width: 240, height: 62, rx: 8, class: "chipbox" }));
    chip.append(svg("text", { x: x + 8, y: 37, class: "small" }, `${"✿".repeat(o?.petal ?? 1)} ${oid}`));
    wrap(o?.text?.[LANG] ?? oid, 38).slice(0, 3).forEach((l, k) => chip.append(svg("text", { x: x + 8, y: 50 + k * 11, class: "tiny" }, l)));
    chip.append(title(`${oid}: ${o?.text?.[LANG] ?? ""}`));
    g.append(chip);
  });
  return g;
}

const PYR = [
  { names: ["3a", "3b"], off: 1 },
  { names: ["2a", "2b", "2c"], off: 0.5 },
  { names: ["1a", "1b", "1c", "1d"], off: 0 },
];
const SLOT_INDEX = { "1a": 0, "1b": 1, "1c": 2, "1d": 3, "2a": 4, "2b": 5, "2c": 6, "3a": 7, "3b": 8 };

function altarPanel(view, seat, ctx, legal, w) {
  const mine = seat === view.seat;
  const g = svg("g", { class: `ptz-seat seat${seat % 6}` });
  const handRows = Array.isArray(view.hands[seat]) ? Math.max(1, Math.ceil(view.hands[seat].length / 7)) : 0;
  const H = 3 * (CH + 8) + 40 + (handRows ? handRows * (CH + 6) + 24 : 30);
  g.append(svg("rect", { width: w, height: H, rx: 12, class: "panel" + (seat === view.active ? " to-move" : "") }));
  const name = ctx.names?.[seat] ?? `Player ${seat + 1}`;
  const marks = [seat === view.to_move ? "▶ to move" : "", mine ? "★ you" : "", view.flipped?.[seat] ? "card flipped (−5)" : ""].filter(Boolean);
  g.append(svg("text", { x: 12, y: 20, class: "panel-label" }, `${name}${marks.length ? " · " + marks.join(" · ") : ""}`));
  const altar = view.altars[seat];
  // the player card: flipped once (−5) instead of a space's actions, to draw 2
  const pc = svg("g", { transform: `translate(${w - 142},6)`, class: "pile" }, svg("rect", { width: 130, height: 22, rx: 6 }), svg("text", { x: 65, y: 15, "text-anchor": "middle", class: "small" }, view.flipped?.[seat] ? "player card ✗ flipped" : "player card"), title("the player card: flip it instead of the space's actions and draw 2 (−5 at the end)"));
  if (mine) piece(pc, acts((a) => a === "flip"), ctx, "flip your player card and draw 2");
  g.append(pc);
  PYR.forEach((row, r) => {
    row.names.forEach((sn, i) => {
      const x = 12 + (row.off + i) * (CW + 8);
      const y = 30 + r * (CH + 8);
      const cid = altar[SLOT_INDEX[sn]];
      let el;
      if (cid) el = card(x, y, cid);
      else {
        el = svg("g", { transform: `translate(${x},${y})`, class: "ptz-slot" }, svg("rect", { width: CW, height: CH, rx: 6 }), svg("text", { x: CW / 2, y: CH / 2 + 4, "text-anchor": "middle" }, sn), title(`altar slot ${sn}`));
      }
      el.dataset.k = `alt${seat}:${sn}`;
      if (mine && selected && legal.has(`altar ${selected} ${sn}`)) piece(el, [`altar ${selected} ${sn}`], ctx, `put card ${selected} on ${sn}`);
      else if (mine && !selected) piece(el, acts((a) => a.startsWith("altar ") && a.endsWith(` ${sn}`)), ctx, `put a card on ${sn}`);
      g.append(el);
    });
  });
  let y = 30 + 3 * (CH + 8) + 6;
  const hand = view.hands[seat];
  if (Array.isArray(hand)) {
    g.append(svg("text", { x: 12, y: y + 10, class: "label" }, `Hand (${hand.length})`));
    hand.forEach((cid, k) => {
      const x = 12 + (k % 7) * (CW + 6);
      const c = card(x, y + 16 + Math.floor(k / 7) * (CH + 6), cid, { cls: mine && selected === cid ? " selected" : "" });
      c.dataset.k = `hand${seat}:${cid}`;
      if (mine) {
        if (legal.has(`trade ${cid}`)) piece(c, [`trade ${cid}`], ctx, `trade card ${cid}`);
        else {
          const select = () => ((selected = selected === cid ? null : cid), ctx.redraw());
          piece(c, acts((a) => a.startsWith(`altar ${cid} `)), ctx, `choose card ${cid} for the altar`, { select });
        }
      }
      g.append(c);
    });
  } else {
    const known = view.known?.[seat] || [];
    g.append(svg("text", { x: 12, y: y + 12, class: "label", "data-k": `hand${seat}` }, `Hand: ${hand} card${hand === 1 ? "" : "s"}` + (known.length ? ` · known: ${known.map((c) => "#" + c).join(" ")}` : "")));
  }
  return { node: g, h: H };
}

export function render(view, ctx) {
  begin();
  CAT = ctx.catalog || {};
  LEGAL = view.legal || [];
  LANG = view.options?.language === "es" ? "es" : "en";
  const legal = new Set((view.legal || []).map((a) => a.toLowerCase()));
  if (selected && ![...legal].some((a) => a.startsWith(`altar ${selected} `))) selected = null;
  const root = svg("svg", { class: "board patzcuaro", role: "img", "aria-label": "Pátzcuaro table" });
  const t = track(view, ctx, legal);
  root.append(t.node);
  let y = t.h + 10;
  const offered = view.offered || [];
  if (offered.length) {
    const og = svg("g", { transform: `translate(10,${y})` });
    og.append(svg("text", { x: 0, y: 14, class: "section" }, "Revealed for the trade"));
    offered.forEach((cid, k) => og.append(piece(card(200 + k * (CW + 6), 0, cid), acts((a) => a === "take"), ctx, "take the revealed cards")));
    root.append(og);
    y += CH + 10;
  }
  const obj = objectives(view);
  obj.setAttribute("transform", `translate(0,${y})`);
  root.append(obj);
  y += 96;
  const seats = view.altars.map((_, i) => i);
  if (view.seat !== null && view.seat !== undefined) seats.sort((a, b) => (a === view.seat ? -1 : b === view.seat ? 1 : a - b));
  const pw = Math.max(4 * (CW + 8) + 16, 7 * (CW + 6) + 20);
  const cols = window.innerWidth > 760 ? 2 : 1;
  let rowH = 0;
  seats.forEach((s, k) => {
    const p = altarPanel(view, s, ctx, legal, pw);
    p.node.setAttribute("transform", `translate(${10 + (k % cols) * (pw + 10)},${y})`);
    rowH = Math.max(rowH, p.h);
    root.append(p.node);
    if (k % cols === cols - 1 || k === seats.length - 1) {
      y += rowH + 10;
      rowH = 0;
    }
  });
  const width = Math.max(t.w, 10 + cols * (pw + 10), 770);
  return finish(root, view, ctx, width, y);
}
