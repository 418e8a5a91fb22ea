// Die of the Dead (the Ofrenda variant): the four caskets with their dice (inside, or paid on
// the lid), the City of the Dead's power dice, the nine marigold steps with their bonus
// squares and everyone's scoring die, and per player the ofrenda board (a frame of 12 cells:
// Marigold top, Incense right with its urns, Candle bottom, Bread left, each with what it
// scores), the preparation board, tokens and supply. A die is a square in its colour WITH
// its colour letter and face (☠ calavera, ★ power die). Click a casket to open it / pay /
// fill it, a die to draft or move it, then a cell (or the preparation board) to put it; a
// cell or the preparation board on its own offers what can go there. The held die offers
// its Bread/Incense changes, a section's name scoring it first, the tokens their discards,
// a City die gaining or removing it; skip, done and pass are buttons on the board.
import { svg, title, wrap } from "../svg.js";
import { begin, finish, piece } from "../pieces.js";

const HUES = { r: "#e63946", b: "#3a86ff", g: "#40916c", y: "#f4c430", p: "#7b5ea7" };
const GLYPH = { Candle: "♨", Marigold: "✿", Bread: "◒", Incense: "≋" };
const SQUARE_LABEL = { blank: "—", calavera: "☠ die", set_face: "set face", candle: "+Candle", marigold: "+Marigold", bread: "+Bread", incense: "+Incense" };
const D = 30; // die size
const CELL = 46;
let CAT = {};
let selected = null; // a die (its spelling) chosen for a later cell click

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
  const cname = (CAT.colours || []).find((c) => c.letter === colour)?.name ?? colour;
  g.append(title(`${cname} ${power ? "power " : ""}die${face ? (face === "x" ? " showing its calavera (wild)" : ` showing ${face}`) : ""} (${spelling})`));
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

function caskets(view, ctx, legal) {
  const g = svg("g", { class: "dod-caskets" });
  g.append(svg("text", { x: 10, y: 18, class: "section" }, `Caskets · round ${view.round} · ${view.phase}`));
  (view.caskets || []).forEach((c, i) => {
    const x = 10 + i * 190;
    const y = 28;
    const cg = svg("g", { class: "dod-casket" + (c.open ? " open" : ""), "data-k": `casket${i}` });
    cg.append(svg("rect", { x, y, width: 180, height: 118, rx: 10 }));
    cg.append(svg("text", { x: x + 8, y: y + 16, class: "label" }, `${c.position}. ${GLYPH[c.item] ?? ""} ${c.item} ${c.open ? "· OPEN" : "· closed"}`));
    cg.append(svg("text", { x: x + 172, y: y + 34, "text-anchor": "end", class: "tiny" }, `${c.tokens} tokens`));
    cg.append(svg("text", { x: x + 8, y: y + 34, class: "tiny" }, "inside:"));
    (c.inside || []).forEach((d, k) => {
      const dg = die(x + 44 + (k % 4) * (D + 4), y + 22 + Math.floor(k / 4) * (D + 4), d, { cls: selected === d ? " selected" : "" });
      if (c.open) diePiece(dg, d, ctx, `die ${d}`);
      cg.append(dg);
    });
    cg.append(svg("text", { x: x + 8, y: y + 104, class: "tiny" }, "lid:"));
    (c.lid || []).forEach((d, k) => cg.append(die(x + 30 + k * (D + 2), y + 84, d)));
    const n = c.position;
    const isOpen = c.open || view.open_casket === n;
    const here = acts((a) => {
      const w = a.split(" ");
      if (a === `open ${n}` || a.endsWith(` on ${n}`) || a.endsWith(` in ${n}`) || (w[0] === "fill" && w[1] === String(n))) return true;
      if (w[0] === "candle" && (w[1] === String(n) || w[2] === String(n))) return true;
      return isOpen && (w[0] === "take" || w[0] === "ascend");
    });
    piece(cg, here, ctx, `casket ${n}`);
    cg.append(title(`casket ${n}: ${c.item}; inside ${(c.inside || []).join(" ") || "nothing"}; on the lid ${(c.lid || []).join(" ") || "nothing"}`));
    g.append(cg);
  });
  // the City of the Dead
  const cx = 10 + 4 * 190;
  g.append(svg("rect", { x: cx, y: 28, width: 130, height: 118, rx: 10, class: "dod-city" }));
  g.append(svg("text", { x: cx + 8, y: 44, class: "label" }, "City of the Dead"));
  Object.entries(view.city || {}).forEach(([d, n], k) => {
    const dg = die(cx + 8 + (k % 3) * (D + 10), 52 + Math.floor(k / 3) * (D + 14), d);
    dg.dataset.k = `city:${d}:${n}`;
    piece(dg, acts((a) => a === `gain ${d.toLowerCase()}` || a === `remove ${d.toLowerCase()}`), ctx, `City die ${d}`);
    g.append(dg);
    g.append(svg("text", { x: cx + 8 + (k % 3) * (D + 10) + D / 2, y: 52 + Math.floor(k / 3) * (D + 14) + D + 10, "text-anchor": "middle", class: "tiny" }, `×${n}`));
  });
  return { node: g, w: cx + 140, h: 156 };
}

function steps(view, ctx, legal, names) {
  const g = svg("g", { class: "dod-steps" });
  const rows = CAT.steps || [];
  const letters = CAT.square_letters || "abcd";
  g.append(svg("text", { x: 10, y: 16, class: "section" }, "Marigold steps (scoring dice)"));
  const SWd = 98;
  rows.forEach((row, s) => {
    const x = 10 + s * (SWd + 4);
    const base = 26 + (rows.length - 1 - s) * 6;
    g.append(svg("text", { x: x + 4, y: base + 10, class: "label" }, `step ${s + 1}`));
    row.forEach((sq, k) => {
      const y = base + 16 + k * 22;
      const el = svg("g", { class: "dod-square", "data-k": `sq${s}:${k}` });
      el.append(svg("rect", { x, y, width: SWd, height: 20, rx: 4 }));
      el.append(svg("text", { x: x + 4, y: y + 14, class: "tiny" }, `${letters[k]} ${SQUARE_LABEL[sq] ?? sq}`));
      (view.seats || []).forEach((sv, i) => {
        if (sv.step === s && sv.square === letters[k]) {
          el.append(svg("g", { class: `dod-marker seat${i % 6}` }, svg("circle", { cx: x + SWd - 10, cy: y + 10, r: 8 }), svg("text", { x: x + SWd - 10, y: y + 14, "text-anchor": "middle" }, `${i + 1}`), title(`${names[i]}'s scoring die`)));
        }
      });
      const a = `square ${letters[k]}`;
      if (legal.has(a) && view.seats?.[view.to_move]?.step === s) piece(el, [a], ctx, `${a} of step ${s + 1}`);
      g.append(el);
    });
  });
  (view.seats || []).forEach((sv, i) => {
    if (sv.square) return; // drawn on its square
    const x = 10 + sv.step * (SWd + 4) + 60 + i * 9;
    const yy = 26 + (rows.length - 1 - sv.step) * 6 + 6;
    g.append(svg("g", { class: `dod-marker seat${i % 6}` }, svg("circle", { cx: x, cy: yy, r: 7 }), svg("text", { x, y: yy + 4, "text-anchor": "middle" }, `${i + 1}`), title(`${names[i]}'s scoring die (face ${sv.die_face})`)));
  });
  return { node: g, w: 10 + rows.length * (SWd + 4), h: 26 + Math.max(0, rows.length - 1) * 6 + 16 + 4 * 22 + 8 };
}

function ofrendaBoard(view, seat, ctx, legal, names) {
  const sv = view.seats[seat];
  const mine = seat === view.seat;
  const g = svg("g", { class: `dod-seat seat${seat % 6}` });
  const W = 560;
  const H = 320;
  g.append(svg("rect", { width: W, height: H, rx: 12, class: "panel" + (seat === view.to_move ? " to-move" : "") }));
  const marks = [seat === view.to_move ? "▶ to move" : "", mine ? "★ you" : "", seat === view.starter ? "round starter" : ""].filter(Boolean);
  g.append(svg("text", { x: 12, y: 20, class: "panel-label" }, `${names[seat]} · ${sv.colour} (${(sv.colour || "?")[0].toUpperCase()}) · ${sv.steps} steps${marks.length ? " · " + marks.join(" · ") : ""}`));
  const ox = 96;
  const oy = 58;
  // section labels around the frame
  const side = { Marigold: [ox + 2 * CELL, oy - 10, "middle"], Incense: [ox + 4 * CELL + 8, oy + 2 * CELL, "start"], Candle: [ox + 2 * CELL, oy + 4 * CELL + 14, "middle"], Bread: [ox - 8, oy + 2 * CELL, "end"] };
  for (const it of CAT.items || []) {
    const [x, y, anchor] = side[it.name] || [0, 0, "start"];
    const st = sv.sections?.[it.name] ?? "";
    const label = svg("text", { x, y, "text-anchor": anchor, class: "small sec" }, `${GLYPH[it.name] ?? ""} ${it.name} (${it.letter})`);
    if (mine) piece(label, acts((a) => a === `score ${it.name.toLowerCase()}`), ctx, `score ${it.name} first`);
    g.append(label);
    // the section's state on a line of its own, so the side labels stay beside the frame
    if (st && st !== "open") g.append(svg("text", { x, y: y + 13, "text-anchor": anchor, class: "tiny" }, st));
  }
  const urns = {};
  for (const u of sv.urns || []) urns[u.cell] = u.die;
  (CAT.cells || []).forEach((c) => {
    const x = ox + c.col * CELL;
    const y = oy + c.row * CELL;
    const d = sv.ofrenda?.[c.cell - 1];
    const el = svg("g", { class: "dod-cell", "data-k": `s${seat}:c${c.cell}` });
    el.append(svg("rect", { x, y, width: CELL - 4, height: CELL - 4, rx: 6 }));
    el.append(svg("text", { x: x + 3, y: y + 10, class: "tiny" }, `${c.cell}`));
    if (urns[c.cell]) el.append(svg("text", { x: x + CELL - 7, y: y + CELL - 7, "text-anchor": "end", class: "tiny urn" }, `urn ${urns[c.cell]}`));
    if (d) {
      const dg = die(x + 6, y + 10, d, { cls: selected === d ? " selected" : "" });
      if (mine) diePiece(dg, d, ctx, `die ${d} on cell ${c.cell}`);
      el.append(dg);
    }
    if (mine) {
      const here = selected
        ? acts((a) => a.split(" ")[1] === selected.toLowerCase() && a.endsWith(` to ${c.cell}`))
        : acts((a) => a.endsWith(` to ${c.cell}`) || a === `place ${c.cell}` || a === `calavera ${c.cell}`);
      piece(el, here, ctx, `cell ${c.cell}`);
    }
    el.append(title(`cell ${c.cell}${urns[c.cell] ? `, urn asks ${urns[c.cell]}` : ""}${d ? `: ${d}` : ": empty"}`));
    g.append(el);
  });
  // what each section scores
  let ty = oy + 4 * CELL + 30;
  for (const it of CAT.items || []) {
    g.append(svg("text", { x: 12, y: ty, class: "tiny" }, `${GLYPH[it.name] ?? ""} ${it.name}: ${it.text}`.slice(0, 105)));
    ty += 11;
  }
  // preparation board, tokens, supply
  const px = ox + 4 * CELL + 90;
  g.append(svg("text", { x: px, y: 44, class: "label" }, "Preparation board"));
  const pg = svg("g", { class: "dod-prep", "data-k": `s${seat}:prep` });
  for (let k = 0; k < (CAT.prep_spaces || 3); k++) {
    pg.append(svg("rect", { x: px + k * (D + 12), y: 52, width: D + 8, height: D + 8, rx: 6 }));
    const d = sv.prep?.[k];
    if (d) {
      const dg = die(px + 4 + k * (D + 12), 56, d, { cls: selected === d ? " selected" : "" });
      if (mine) diePiece(dg, d, ctx, `die ${d} on the preparation board`);
      pg.append(dg);
    }
  }
  if (mine) {
    const here = selected
      ? acts((a) => a.split(" ")[1] === selected.toLowerCase() && a.endsWith(" to prep"))
      : acts((a) => a.endsWith(" to prep") || a === "place prep");
    piece(pg, here, ctx, "the preparation board");
  }
  g.append(pg);
  g.append(svg("text", { x: px + 70, y: 112, class: "label" }, `· scoring die: ${sv.die_face}`));
  const tokens = svg("text", { x: px, y: 112, class: "label" }, "Tokens");
  if (mine) piece(tokens, acts((a) => a.startsWith("discard ")), ctx, "discard tokens");
  g.append(tokens);
  Object.entries(sv.tokens || {}).forEach(([item, n], k) => g.append(svg("text", { x: px, y: 128 + k * 14, class: "small" }, `${GLYPH[item] ?? ""} ${item}: ${n}`)));
  g.append(svg("text", { x: px, y: 196, class: "label" }, "Supply"));
  Object.entries(sv.supply || {}).forEach(([c, n], k) => {
    g.append(die(px + k * (D + 12), 204, c));
    g.append(svg("text", { x: px + k * (D + 12) + D / 2, y: 248, "text-anchor": "middle", class: "tiny" }, `×${n}`));
  });
  return { node: g, w: W, h: H };
}

export function render(view, ctx) {
  begin();
  CAT = ctx.catalog || {};
  LEGAL = view.legal || [];
  const legal = new Set(LEGAL.map((a) => a.toLowerCase()));
  if (selected && !dieActions(selected).length) selected = null;
  const names = (view.seats || []).map((_, i) => ctx.names?.[i] ?? `Player ${i + 1}`);
  const root = svg("svg", { class: "board dod", role: "img", "aria-label": "Die of the Dead table" });
  const c = caskets(view, ctx, legal);
  root.append(c.node);
  let y = c.h + 8;
  if (view.held) {
    const held = svg("text", { x: 10, y: y + 12, class: "label" }, `Holding: ${typeof view.held === "string" ? view.held : JSON.stringify(view.held)}`);
    piece(held, acts((a) => a.startsWith("bread ") || a.startsWith("incense ")), ctx, "change the held die");
    root.append(held);
    y += 20;
  }
  const s = steps(view, ctx, legal, names);
  s.node.setAttribute("transform", `translate(0,${y})`);
  root.append(s.node);
  y += s.h + 8;
  const order = (view.seats || []).map((_, i) => i);
  if (view.seat !== null && view.seat !== undefined) order.sort((a, b) => (a === view.seat ? -1 : b === view.seat ? 1 : a - b));
  const cols = window.innerWidth > 760 ? 2 : 1;
  order.forEach((i, k) => {
    const b = ofrendaBoard(view, i, ctx, legal, names);
    b.node.setAttribute("transform", `translate(${10 + (k % cols) * 570},${y + Math.floor(k / cols) * 330})`);
    root.append(b.node);
  });
  y += Math.ceil(order.length / cols) * 330;
  return finish(root, view, ctx, Math.max(c.w, s.w, 10 + cols * 570), y);
}
