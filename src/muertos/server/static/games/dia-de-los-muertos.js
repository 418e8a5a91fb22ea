// Dia de los Muertos (the skeleton race): the graveyard as a serpentine track S, 1–32 (the
// red lane 25–28 ▤, hiding places 29–31 ⌂, festivities on 19 ♪ music, 21 ♫ dance,
// 24 ✦ banquet, the goal 32 ⚑), the skeletons as numbered tokens, the dog D and the
// gravedigger G; one panel per skeleton with its bones, festivity cards and hand. Every
// action is on a piece: a hand card (lay, swap, discard it; react with it), a skeleton
// (attack, push, snatch from it), a field (walk, lead the dog, land, go, hide, block
// there; take from your hiding place), your laid card (move, reveal, follow), the bones of
// a panel (patch yours, hit the victim's), the card backs of the victim's hand (pick one).
// A piece plays its only action or opens a menu; end, keep and no reaction are buttons.
import { svg, title, wrap } from "../svg.js";
import { begin, finish, piece } from "../pieces.js";

const FW = 86;
const FH = 64;
const COLS = 8;
const W = COLS * FW + 40;
const FEST = { 19: "♪ music", 21: "♫ dance", 24: "✦ banquet" };
const FIELD_VERBS = ["walk", "dog", "leapfrog", "go", "den", "block", "cartwheel"];
let LEGAL = []; // the legal actions in their own spelling

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
 * The table names seats ("Ana"), a bare state "Player 2": either is found. */
function victim(view, ctx) {
  const status = view.status || "";
  for (const m of status.matchAll(/Player (\d+)/g)) {
    const s = Number(m[1]) - 1;
    if (s !== view.to_move) return s;
  }
  const named = (ctx.seatNames || []).map((n, i) => (n && i !== view.to_move && status.includes(n) ? i : null)).filter((i) => i !== null);
  return named.length === 1 ? named[0] : null;
}

function fieldXY(n) {
  if (n <= 0) return { x: 8, y: 8 };
  const i = n - 1;
  const row = Math.floor(i / COLS);
  const col = row % 2 === 0 ? i % COLS : COLS - 1 - (i % COLS);
  return { x: 20 + col * FW, y: 70 + row * (FH + 18) };
}

function token(x, y, label, cls, tip, k) {
  return svg("g", { class: `ddm-token ${cls}`, "data-k": k }, svg("circle", { cx: x, cy: y, r: 12 }), svg("text", { x, y: y + 4, "text-anchor": "middle" }, label), title(tip));
}

// One action-movement card from the catalog: name, letter, bones on the back, the body part
// it needs, and what it does.
function handCard(x, y, key, cat, ctx) {
  const c = cat.cards?.[key];
  const g = svg("g", { transform: `translate(${x},${y})`, class: "ddm-card" + (c?.kind === "reaction" ? " reaction" : "") });
  g.append(svg("rect", { width: 128, height: 84, rx: 8 }));
  g.append(svg("text", { x: 6, y: 15, class: "cname" }, `${c?.letter ?? "?"} · ${(c?.name ?? key).slice(0, 18)}`));
  g.append(svg("text", { x: 6, y: 29, class: "tiny" }, `${"|".repeat(c?.bones ?? 0)} move ${c?.bones ?? "?"} · needs ${c?.needs ?? "?"}`));
  wrap(c?.text ?? "", 26).slice(0, 4).forEach((l, k) => g.append(svg("text", { x: 6, y: 42 + k * 10, class: "tiny" }, l)));
  g.append(title(`${c?.name ?? key} (${c?.german ?? ""}): ${c?.text ?? ""}; ${c?.bones ?? "?"} bones on the back`));
  const here = acts((w) => (["lay", "discard"].includes(w[0]) && w[1] === key) || (w[0] === "swap" && w.slice(1).includes(key)) || (w.length === 1 && w[0] === key && ["hold", "dodge"].includes(key)));
  piece(g, here, ctx, `${c?.name ?? key}`);
  return g;
}

export function render(view, ctx) {
  const cat = ctx.catalog || {};
  for (const [k, f] of Object.entries(cat.festivities || {})) FEST[f.field] = `${{ music: "♪", dance: "♫", banquet: "✦" }[k] ?? "★"} ${f.vp}VP`;
  begin();
  LEGAL = view.legal || [];
  const me = view.seat !== null && view.seat !== undefined ? view.seat : null;
  const myField = me !== null ? view.skeletons?.[me]?.field : null;
  const root = svg("svg", { class: "board ddm", role: "img", "aria-label": "Dia de los Muertos graveyard" });
  root.append(svg("text", { x: 12, y: 24, class: "section" }, `Graveyard · round ${view.round ?? "?"} · lane ${view.lane_open ? "open" : "closed ✗"} · draw pile ${view.draw_pile ?? "?"}`));
  const stock = view.festivity_stock || {};
  root.append(svg("text", { x: 12, y: 44, class: "label" }, `Festivity cards left: music ${stock.music ?? 0} · dance ${stock.dance ?? 0} · banquet ${stock.banquet ?? 0}`));
  // the start area
  const start = svg("g", { class: "ddm-field start" }, svg("rect", { x: W - 120, y: 8, width: 100, height: 44, rx: 8 }), svg("text", { x: W - 70, y: 26, "text-anchor": "middle" }, "S start"));
  root.append(start);
  for (let n = 1; n <= 32; n++) {
    const { x, y } = fieldXY(n);
    const cls = ["ddm-field"];
    if (n >= 25 && n <= 28) cls.push("lane");
    if (n >= 29 && n <= 31) cls.push("hide");
    if (n === 32) cls.push("goal");
    if (FEST[n]) cls.push("fest");
    const g = svg("g", { class: cls.join(" ") });
    g.append(svg("rect", { x, y, width: FW - 8, height: FH, rx: 8 }));
    const mark = n === 32 ? "⚑ goal" : n >= 29 && n <= 31 ? "⌂ hide" : n >= 25 && n <= 28 ? "▤ lane" : FEST[n] ?? "";
    g.append(svg("text", { x: x + 6, y: y + 14, class: "fno" }, `${n}`));
    if (mark) g.append(svg("text", { x: x + FW - 14, y: y + 14, "text-anchor": "end", class: "fmark" }, mark));
    const hp = view.hiding_places?.[String(n)];
    if (hp && (hp.bones?.length || hp.festivity?.length)) g.append(svg("text", { x: x + 6, y: y + FH - 6, class: "fmark" }, [...(hp.bones || []), ...(hp.festivity || [])].join(" ")));
    piece(g, acts((w) => actionField(w) === n || (w[0] === "take" && myField === n)), ctx, `field ${n}`);
    g.append(title(`field ${n}${mark ? " " + mark : ""}`));
    root.append(g);
  }
  // pieces: skeletons, dog, gravedigger
  const byField = {};
  (view.skeletons || []).forEach((sk, i) => (byField[sk.field] ??= []).push(i));
  for (const [f, seats] of Object.entries(byField)) {
    const n = Number(f);
    const base = n <= 0 ? { x: W - 120, y: 8 } : fieldXY(n);
    seats.forEach((i, k) => {
      const x = base.x + 16 + (k % 3) * 26;
      const y = base.y + 36 + (n <= 0 ? -6 : 0) - Math.floor(k / 3) * 14;
      const el = token(x, y, `${i + 1}`, `seat${i % 6}`, `${ctx.names?.[i] ?? `Player ${i + 1}`}'s skeleton on ${n <= 0 ? "the start" : n}`, `sk${i}`);
      piece(el, acts((w) => w.includes(`p${i + 1}`)), ctx, `skeleton ${i + 1}`);
      root.append(el);
    });
  }
  if (view.dog) {
    const { x, y } = fieldXY(view.dog);
    root.append(token(x + FW - 24, y + 48, "D", "dog", `the dog on ${view.dog}`, "dog"));
  }
  if (view.gravedigger) {
    const { x, y } = fieldXY(view.gravedigger);
    root.append(token(x + FW - 48, y + 48, "G", "digger", `the gravedigger on ${view.gravedigger}`, "digger"));
  }
  // skeleton panels
  let y = 70 + 4 * (FH + 18) + 8;
  const hurt = victim(view, ctx);
  const colW = (W - 30) / 2;
  (view.skeletons || []).forEach((sk, i) => {
    const x = 10 + (i % 2) * (colW + 10);
    const py = y + Math.floor(i / 2) * 118;
    const marks = [view.to_move === i ? "▶ to move" : null, view.seat === i ? "★ you" : null].filter(Boolean).join(", ");
    const g = svg("g", { class: `seat${i % 6}` + (view.to_move === i ? " to-move" : "") });
    g.append(svg("rect", { x, y: py, width: colW, height: 108, rx: 10, class: "panel" + (view.to_move === i ? " to-move" : "") }));
    g.append(svg("text", { x: x + 10, y: py + 18, class: "panel-label" }, `${i + 1} ${ctx.names?.[i] ?? `Player ${i + 1}`}${marks ? ` (${marks})` : ""}${sk.home ? ` · home #${sk.home}` : ""}`));
    const bones = svg("text", { x: x + 10, y: py + 38, class: "label", "data-k": `bones${i}` }, `field ${sk.field <= 0 ? "S" : sk.field} · arms ${sk.arms}/2 · legs ${sk.legs}/2`);
    if (i === me) piece(bones, acts((w) => w[0] === "patch" || (w[0] === "hit" && hurt === null)), ctx, "your bones");
    else if (i === hurt) piece(bones, acts((w) => w[0] === "hit"), ctx, `the bones of skeleton ${i + 1}`);
    g.append(bones);
    const laid = svg("text", { x: x + 10, y: py + 56, class: "label", "data-k": `laid${i}` }, `festivity: ${(sk.festivity || []).join(", ") || "none"} · laid: ${sk.laid === null || sk.laid === undefined ? "—" : typeof sk.laid === "object" ? `face down (${"|".repeat(sk.laid.back)} ${sk.laid.back} bones on the back)` : (cat.cards?.[sk.laid]?.name ?? sk.laid)}`);
    if (i === me) piece(laid, acts((w) => w.length === 1 && ["move", "reveal", "follow"].includes(w[0])), ctx, "your laid card");
    g.append(laid);
    const backs = svg("text", { x: x + 10, y: py + 74, class: "label", "data-k": `backs${i}` }, `hand (bones on backs): ${(sk.hand_backs || []).map((b) => "|".repeat(b)).join(" ") || "empty"}`);
    if (i === (hurt ?? -1) || (hurt === null && i !== me)) piece(backs, acts((w) => w[0] === "pick"), ctx, `pick a card back from skeleton ${i + 1}`);
    g.append(backs);
    if (sk.hand) g.append(svg("text", { x: x + 10, y: py + 94, class: "label" }, `your cards: ${sk.hand.join(", ")}`));
    root.append(g);
  });
  const rows = Math.ceil((view.skeletons || []).length / 2);
  let bottom = y + rows * 118 + 10;
  const mine = view.seat !== null && view.seat !== undefined ? view.skeletons?.[view.seat] : null;
  if (mine?.hand?.length) {
    root.append(svg("text", { x: 12, y: bottom + 14, class: "section" }, "Your cards"));
    mine.hand.forEach((key, k) => root.append(handCard(12 + (k % 5) * 136, bottom + 22 + Math.floor(k / 5) * 92, key, cat, ctx)));
    bottom += 30 + Math.ceil(mine.hand.length / 5) * 92;
  }
  return finish(root, view, ctx, W, bottom);
}
