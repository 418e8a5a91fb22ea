// The fallback board: draws ANY view readably as SVG. Sections per top-level key; lists as
// rows of chips; lists with one entry per player as a panel per player. A chip whose text is
// a word of some legal action is playable: clicking it narrows the action list to the
// actions that mention it (and plays it when only one does).
import { svg, title } from "../svg.js";
import { t as tr } from "../i18n.js";

const META = new Set(["game", "players", "options", "seat", "to_move", "over", "turn", "status", "legal", "scores", "winners"]);
const W = 820;
const CHAR = 7.4;
const LINE = 26;

export function human(key) {
  return String(key).replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase());
}

function textOf(v) {
  if (v === null || v === undefined) return "—";
  if (v === true) return "✓ yes";
  if (v === false) return "✗ no";
  return String(v);
}

function isScalar(v) {
  return v === null || typeof v !== "object";
}

/** The words of the legal actions, to know which chips can be clicked. */
export function actionWords(legal) {
  const words = new Set();
  for (const a of legal || []) for (const w of a.toLowerCase().split(" ")) words.add(w);
  return words;
}

class Layout {
  constructor(view, ctx) {
    this.view = view;
    this.ctx = ctx;
    this.words = actionWords(view.legal);
  }

  chip(x, y, v) {
    const t = textOf(v);
    const w = Math.max(26, t.length * CHAR + 14);
    const playable = typeof v === "string" && this.words.has(v.toLowerCase());
    const g = svg(
      "g",
      {
        class: "chip" + (playable ? " playable" : ""),
        transform: `translate(${x},${y})`,
        tabindex: playable ? 0 : null,
        role: playable ? "button" : null,
        onclick: playable ? () => this.ctx.pick(v) : null,
        onkeydown: playable ? (e) => (e.key === "Enter" || e.key === " ") && this.ctx.pick(v) : null,
      },
      svg("rect", { width: w, height: 20, rx: 5 }),
      svg("text", { x: w / 2, y: 14, "text-anchor": "middle" }, t),
      playable ? title(tr("web.generic.click", { what: t })) : null,
    );
    return { node: g, w };
  }

  /** A value drawn at (x, y) within width; returns the group and its height. */
  block(v, x, y, width, depth) {
    const g = svg("g", {});
    if (isScalar(v)) {
      g.append(this.chip(x, y, v).node);
      return { node: g, h: LINE };
    }
    if (Array.isArray(v)) {
      if (v.length === 0) {
        g.append(svg("text", { x, y: y + 14, class: "muted" }, `(${tr("web.none")})`));
        return { node: g, h: LINE };
      }
      if (v.every(isScalar)) {
        let cx = x;
        let cy = y;
        for (const item of v) {
          const c = this.chip(cx, cy, item);
          if (cx + c.w > x + width && cx > x) {
            cx = x;
            cy += LINE;
            c.node.setAttribute("transform", `translate(${cx},${cy})`);
          }
          g.append(c.node);
          cx += c.w + 6;
        }
        return { node: g, h: cy - y + LINE };
      }
      const perPlayer = v.length === this.view.players && depth === 0;
      if (!perPlayer && v.every((item) => isScalar(item) || (Array.isArray(item) && item.every(isScalar)))) {
        // a list of short lists (stacks, rows, piles): one compact labelled line each
        let cy = y;
        v.forEach((item, i) => {
          g.append(svg("text", { x, y: cy + 14, class: "key" }, `${i + 1}.`));
          const inner = this.block(item, x + 30, cy, width - 30, depth + 1);
          g.append(inner.node);
          cy += inner.h;
        });
        return { node: g, h: cy - y };
      }
      let cy = y;
      v.forEach((item, i) => {
        const label = perPlayer ? this.playerLabel(i) : `#${i + 1}`;
        const inner = this.block(item, x + 14, cy + 24, width - 28, depth + 1);
        const h = inner.h + 32;
        const cls = perPlayer ? `panel seat${i % 6}` + (i === this.view.to_move ? " to-move" : "") : "panel";
        g.append(svg("rect", { x, y: cy, width, height: h, rx: 8, class: cls }));
        g.append(svg("text", { x: x + 10, y: cy + 17, class: "panel-label" }, label));
        g.append(inner.node);
        cy += h + 8;
      });
      return { node: g, h: cy - y };
    }
    // an object: one row per key
    let cy = y;
    for (const [k, item] of Object.entries(v)) {
      const labelW = Math.min(150, k.length * CHAR + 16);
      g.append(svg("text", { x, y: cy + 14, class: "key" }, human(k)));
      if (isScalar(item) || (Array.isArray(item) && item.every(isScalar))) {
        const inner = this.block(item, x + labelW, cy, width - labelW, depth + 1);
        g.append(inner.node);
        cy += inner.h;
      } else {
        const inner = this.block(item, x + 12, cy + LINE - 4, width - 12, depth + 1);
        g.append(inner.node);
        cy += inner.h + LINE;
      }
    }
    return { node: g, h: cy - y };
  }

  playerLabel(i) {
    const marks = [];
    if (i === this.view.to_move) marks.push(`▶ ${tr("web.table.to_move")}`);
    if (i === this.view.seat) marks.push(`★ ${tr("web.table.you")}`);
    const name = this.ctx.names?.[i] ?? tr("seat", { n: i + 1 });
    return `${name}${marks.length ? "  (" + marks.join(", ") + ")" : ""}`;
  }
}

export function render(view, ctx) {
  const L = new Layout(view, ctx);
  const root = svg("svg", { class: "board generic", role: "img", "aria-label": tr("web.generic.table", { game: view.game }) });
  let y = 10;
  for (const [k, v] of Object.entries(view)) {
    if (META.has(k)) continue;
    root.append(svg("text", { x: 10, y: y + 16, class: "section" }, human(k)));
    const b = L.block(v, 10, y + 26, W - 20, 0);
    root.append(b.node);
    y += b.h + 36;
  }
  root.setAttribute("viewBox", `0 0 ${W} ${Math.max(y, 60)}`);
  return root;
}
