// The post-game analysis of a finished table (issue 20), in its replay viewer: started with
// a button, judged in the server's bot workers (a progress bar while it runs), then a chart
// of each seat's estimated win share (solo: expected score) over the game, a summary per
// seat (accuracy, verdicts) and every decision with its verdict and the better move;
// clicking one shows the position before it. And the hint at a table against bots.
// table.js only calls drawAnalysis (on every draw) and drawHint (beside the legal actions).
import { api } from "./api.js";
import { t } from "./i18n.js";
import { h, svg } from "./svg.js";

const POLL_MS = 800;
/** A verdict's mark, so it never rests on colour alone (lichess's ?! ? ??). */
const MARKS = { best: "★", good: "✓", inaccuracy: "?!", mistake: "?", blunder: "??" };
const W = 320; // the chart's drawing size (it scales to its box)
const H = 150;
const PAD = { l: 30, r: 8, t: 8, b: 18 };

let shown = null; // {tableId, deep, status, done, total, analysis, detail}
let last = null; // the latest drawAnalysis context (the replay's step moves on while polling)
let timer = null;
let hint = null; // {tableId, moves, action, text} once a hint has come, or {…, pending}

/** Load analysis.css once: the panel's look stays beside its code. */
function styles() {
  if (document.getElementById("analysis-css")) return;
  document.head.append(h("link", { id: "analysis-css", rel: "stylesheet", href: "/static/analysis.css" }));
}

/** The analysis panel in the replay viewer of a finished table (removed anywhere else).
 * `ctx`: {table, tableId, replay, showStep(step)}. */
export function drawAnalysis(ctx) {
  let panel = document.getElementById("analysis");
  if (!ctx.table?.view?.over || !ctx.replay) {
    panel?.remove();
    return;
  }
  styles();
  last = ctx;
  if (!panel) {
    panel = h("section", { id: "analysis", class: "analysis-panel", "aria-label": t("analysis.web.title") });
    document.querySelector("aside.side")?.prepend(panel);
  }
  if (shown?.tableId !== ctx.table.id) {
    shown = { tableId: ctx.table.id, deep: false, status: "none" };
    ask(ctx, "GET");
  }
  panel.replaceChildren(...content(ctx));
  panel.querySelector(".an-decisions .current")?.scrollIntoView({ block: "nearest" });
}

async function ask(ctx, method, deep = shown.deep) {
  clearTimeout(timer);
  const id = encodeURIComponent(ctx.tableId);
  try {
    const r = method === "POST" ? await api("POST", `/api/tables/${id}/analysis`, { deep }) : await api("GET", `/api/tables/${id}/analysis?deep=${deep}`);
    if (shown?.tableId !== ctx.table.id) return;
    shown = { ...shown, ...r, deep };
  } catch (e) {
    shown = { ...shown, status: "failed", detail: e.message };
  }
  if (document.getElementById("analysis")) drawAnalysis(last);
  if (shown.status === "queued" || shown.status === "running") timer = setTimeout(() => ask(last, "GET"), POLL_MS);
}

function content(ctx) {
  const out = [h("h2", {}, t("analysis.web.title"))];
  const s = shown;
  if (s.status === "none" || s.status === "failed") {
    if (s.status === "failed") out.push(h("p", { class: "an-failed", role: "alert" }, t("analysis.web.failed", { why: s.detail ?? "" })));
    out.push(
      h(
        "p",
        { class: "an-start" },
        h("button", { class: "an-go", onclick: () => ask(ctx, "POST", false) }, `⚖ ${t("analysis.web.button")}`),
        " ",
        h("button", { class: "secondary an-deep", onclick: () => ask(ctx, "POST", true) }, t("analysis.web.deep")),
      ),
    );
    return out;
  }
  if (s.status !== "done") {
    const words = s.status === "queued" ? t("analysis.web.queued") : t("analysis.web.running", { done: s.done, total: s.total });
    out.push(h("progress", { class: "an-progress", max: Math.max(1, s.total), value: s.done, "aria-label": t("analysis.web.progress") }), h("p", { class: "muted", role: "status" }, words));
    return out;
  }
  const a = s.analysis;
  out.push(h("p", { class: "muted an-budget" }, t("analysis.web.budget", { iterations: a.budget.iterations })));
  out.push(chart(a, ctx), summary(a), decisions(a, ctx));
  return out;
}

// ------------------------------------------------------------------ the chart
function chart(a, ctx) {
  const n = Math.max(1, a.decisions.length);
  const solo = a.units === "score";
  const values = Object.values(a.curves).flat().map(([, v]) => v);
  const top = solo ? Math.max(a.score_range || 1, ...values) : 1;
  const x = (i) => PAD.l + ((W - PAD.l - PAD.r) * i) / n;
  const y = (v) => PAD.t + (H - PAD.t - PAD.b) * (1 - v / top);
  const label = (v) => (solo ? String(Math.round(v)) : `${Math.round(v * 100)}%`);
  const grid = [0, 0.5, 1].map((f) => [
    svg("line", { class: "an-grid", x1: PAD.l, x2: W - PAD.r, y1: y(f * top), y2: y(f * top) }),
    svg("text", { class: "an-axis", x: PAD.l - 3, y: y(f * top) + 3, "text-anchor": "end" }, label(f * top)),
  ]);
  const lines = a.seats.map((seat) => {
    const pts = a.curves[String(seat)] || [];
    const d = pts.map(([i, v], k) => `${k ? "L" : "M"}${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" ");
    return svg("path", { class: `an-line s${seat % 6}`, d }, svg("title", {}, a.names[seat]));
  });
  // the mistakes and blunders, each a dot on its seat's line, marked as in the list
  const dots = a.decisions
    .filter((d) => d.verdict === "mistake" || d.verdict === "blunder")
    .map((d) =>
      svg(
        "g",
        { class: `an-dot ${d.verdict}`, onclick: () => ctx.showStep(d.index) },
        svg("circle", { cx: x(d.index), cy: y(d.value_best), r: 4 }),
        svg("title", {}, `${t("analysis.web.move", { n: d.move })} ${MARKS[d.verdict]} ${t(`analysis.verdict.${d.verdict}`)}`),
      ),
    );
  const at = svg("line", { class: "an-now", x1: x(ctx.replay.step), x2: x(ctx.replay.step), y1: PAD.t, y2: H - PAD.b });
  const axis = svg("text", { class: "an-axis", x: (W + PAD.l) / 2, y: H - 4, "text-anchor": "middle" }, t("analysis.axis_actions"));
  const pick = (e) => {
    const box = e.currentTarget.getBoundingClientRect();
    const i = Math.round((((e.clientX - box.left) / box.width) * W - PAD.l) * (n / (W - PAD.l - PAD.r)));
    ctx.showStep(Math.min(n, Math.max(0, i)));
  };
  const name = t(solo ? "analysis.web.chart_score" : "analysis.web.chart");
  const legend = h("ul", { class: "an-legend" }, ...a.seats.map((seat) => h("li", { class: `s${seat % 6}` }, h("span", { class: "an-swatch" }), a.names[seat])));
  return h(
    "figure",
    { class: "an-chart" },
    svg("svg", { viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": name, onclick: pick }, svg("title", {}, name), ...grid.flat(), ...lines, at, ...dots, axis),
    h("figcaption", {}, name),
    legend,
  );
}

// ------------------------------------------------------------------ the summary
function summary(a) {
  const rows = a.summary.map((s) =>
    h(
      "tr",
      {},
      h("th", { scope: "row", class: `s${s.seat % 6}` }, h("span", { class: "an-swatch" }), a.names[s.seat]),
      h("td", { class: "an-accuracy" }, s.accuracy === null ? "–" : `${Math.round(s.accuracy)}%`),
      ...a.verdicts.map((v) => h("td", { class: `an-count ${v}`, title: t(`analysis.verdict.${v}`) }, String(s.counts[v] ?? 0))),
    ),
  );
  const head = h(
    "tr",
    {},
    h("th", { scope: "col" }, t("analysis.col_seat")),
    h("th", { scope: "col" }, t("analysis.col_accuracy")),
    ...a.verdicts.map((v) => h("th", { scope: "col", class: `an-count ${v}`, title: t(`analysis.verdict.${v}`) }, h("span", { class: "an-mark" }, MARKS[v]), h("span", { class: "an-word" }, ` ${t(`analysis.verdict.${v}`)}`))),
  );
  return h("div", { class: "an-summary" }, h("table", { "aria-label": t("analysis.web.summary") }, h("thead", {}, head), h("tbody", {}, ...rows)));
}

// ------------------------------------------------------------------ the decisions
function decisions(a, ctx) {
  const lost = (d) => {
    if (!d.loss) return null;
    if (a.units === "score") return t("analysis.web.lost_points", { value: (d.value_best - d.value_action).toFixed(1) });
    return t("analysis.web.lost_share", { value: `${Math.round(d.loss * 100)}%` });
  };
  const items = a.decisions.map((d) => {
    const bad = d.verdict && d.verdict !== "best" && d.verdict !== "good";
    return h(
      "li",
      { class: [d.verdict ?? "unjudged", d.index === ctx.replay.step ? "current" : null].filter(Boolean).join(" "), "data-verdict": d.verdict ?? "" },
      h(
        "button",
        { class: "link an-jump", title: t("analysis.web.jump", { n: d.move }), onclick: () => ctx.showStep(d.index) },
        h("span", { class: "an-n" }, String(d.move)),
        h("span", { class: `an-who s${d.seat % 6}` }, h("span", { class: "an-swatch" })),
        h("span", { class: "an-action" }, d.action),
        d.verdict ? h("span", { class: "an-mark", "aria-label": t(`analysis.verdict.${d.verdict}`), title: t(`analysis.verdict.${d.verdict}`) }, MARKS[d.verdict]) : null,
        d.forced ? h("span", { class: "muted" }, ` ${t("analysis.web.forced")}`) : null,
      ),
      bad ? h("div", { class: "an-better" }, t("analysis.web.better", { move: d.best }), lost(d) ? ` (${lost(d)})` : "") : null,
    );
  });
  return h("div", { class: "an-decisions-box" }, h("h3", {}, t("analysis.web.decisions")), h("ol", { class: "an-decisions" }, ...items));
}

// ------------------------------------------------------------------ the hint
/** A hint button beside the legal actions (the caller's move, a table of bots only), and
 * the hint once it came; the suggested action is marked among the actions. `ctx`:
 * {table, tableId, token, side}. */
export function drawHint(ctx) {
  const { table, side } = ctx;
  const others = table.seats.filter((s, i) => i !== table.you);
  if (table.you === null || table.view.over || !table.view.legal?.length || !others.every((s) => s.kind === "bot")) return;
  styles();
  const mine = hint?.tableId === table.id && hint.moves === table.moves ? hint : null;
  const box = h(
    "p",
    { class: "an-hint" },
    h("button", { class: "secondary an-hint-button", disabled: mine?.pending, onclick: () => askHint(ctx) }, `💡 ${t("analysis.web.hint")}`),
    mine ? h("span", { class: "an-hint-text", role: "status" }, " ", mine.pending ? t("analysis.web.hint_thinking") : mine.text) : null,
  );
  side.append(box);
  if (mine?.action) for (const b of side.querySelectorAll("button.action")) b.classList.toggle("hinted", b.textContent === mine.action);
}

async function askHint(ctx) {
  const { table, tableId, token } = ctx;
  hint = { tableId: table.id, moves: table.moves, pending: true };
  ctx.redraw();
  try {
    const r = await api("GET", `/api/tables/${encodeURIComponent(tableId)}/hint`, undefined, token);
    const value = r.units === "score" ? t("analysis.web.hint_value_score", { value: r.value.toFixed(1) }) : t("analysis.web.hint_value", { value: Math.round(r.value * 100) });
    hint = { tableId: table.id, moves: r.moves, action: r.action, text: `${t("analysis.web.hint_says", { action: r.action })} ${value}` };
  } catch (e) {
    hint = { tableId: table.id, moves: table.moves, text: e.message };
  }
  ctx.redraw();
}
