// The end-of-game result panel: each seat's points by category (the game's own score
// sheet, from GET /api/tables/{id}/result), the totals, the winners, the tie-break that
// decided and a solo game's rating. Drawn above the board once the game is over.
import { api, seatLabel } from "./api.js";
import { inSentence, t } from "./i18n.js";
import { h } from "./svg.js";

let fetched = null; // {tableId, result} once the finished table's result has come
let asked = null; // the table whose result is on its way

const num = (x) => String(Number(x));

/** Show the panel when the table's game is over (and nothing otherwise); call it on every draw. */
export function drawResultPanel(table, tableId) {
  const grid = document.querySelector("main.table-grid");
  let panel = document.getElementById("result");
  if (!table?.view?.over || !grid) {
    panel?.remove();
    return;
  }
  if (!panel) {
    panel = h("section", { id: "result", class: "result-panel", "aria-label": t("web.result.label") });
    grid.prepend(panel);
  }
  if (fetched?.tableId === tableId) {
    panel.replaceChildren(...content(fetched.result, table));
    return;
  }
  if (asked === tableId) return;
  asked = tableId;
  panel.replaceChildren(h("h2", {}, t("web.result.title")), h("p", { class: "muted" }, t("web.result.counting")));
  api("GET", `/api/tables/${encodeURIComponent(tableId)}/result`)
    .then((result) => {
      fetched = { tableId, result };
      panel.replaceChildren(...content(result, table));
    })
    .catch((e) => panel.replaceChildren(h("h2", {}, t("web.result.title")), h("p", {}, t("web.result.failed", { why: e.message }))))
    .finally(() => (asked = null));
}

function content(result, table) {
  const seats = result.seats || [];
  const names = seats.map((s) => seatLabel(table, s.seat));
  const out = [
    h("h2", {}, t("web.result.title")),
    h("p", { class: "result-winners" }, winnersLine(result, names)),
    h("div", { class: "result-scroll" }, sheet(result, names)),
    ...botLines(result, table),
  ];
  if (result.tie_break) out.push(h("p", { class: "result-tie" }, result.tie_break.text));
  if (result.rating) out.push(h("p", { class: "result-rating" }, h("strong", {}, result.rating.label), " — ", result.rating.text));
  return out;
}

/** The score sheet: a column per seat and a row per category, as on a paper pad; turned
 * the other way when there are more seats than rows (six skeletons, two categories), so
 * that the narrower side runs across the screen. Every cell names its seat and row. */
function sheet(result, names) {
  const seats = result.seats;
  const won = new Set(result.winners);
  const rows = [...seats[0].categories.map((c) => ({ key: c.key, label: c.label })), { key: null, label: t("web.result.total") }];
  const across = seats.length > rows.length;
  const win = (seat) => (won.has(seat) ? "win" : null);
  // the seat's numbered chip, as in the seat list above, then its name (a phone keeps only
  // the chip when four or more seats share its width)
  const seatHead = (s) =>
    h(
      "th",
      { scope: across ? "row" : "col", class: win(s.seat), "data-seat": s.seat, title: names[s.seat] },
      h("span", { class: `seat${s.seat % 6}` }, h("span", { class: "seat-no" }, String(s.seat + 1))),
      " ",
      h("span", { class: "seat-name" }, won.has(s.seat) ? "♛ " : "", names[s.seat]),
    );
  const cell = (s, r, i) =>
    r.key === null
      ? h("td", { class: ["total", win(s.seat)].filter(Boolean).join(" "), "data-seat": s.seat, "data-total": num(s.score) }, num(s.score))
      : h("td", { class: win(s.seat), "data-seat": s.seat, "data-key": r.key }, num(s.categories[i].points));
  const corner = h("th", { scope: "col" }, h("span", { class: "sr-only" }, t(across ? "web.result.seat" : "web.result.category")));
  if (across) {
    const head = h("tr", {}, corner, ...rows.map((r) => h("th", { scope: "col", class: r.key === null ? "total" : null }, r.label)));
    const body = seats.map((s) => h("tr", {}, seatHead(s), ...rows.map((r, i) => cell(s, r, i))));
    return h("table", { class: "result-table across" }, h("thead", {}, head), h("tbody", {}, ...body));
  }
  const head = h("tr", {}, corner, ...seats.map(seatHead));
  const body = rows.map((r, i) => h("tr", { class: r.key === null ? "total" : null }, h("th", { scope: "row" }, r.label), ...seats.map((s) => cell(s, r, i))));
  return h("table", { class: seats.length >= 4 ? "result-table many" : "result-table" }, h("thead", {}, head), h("tbody", {}, ...body));
}

/** "Ana: played by a bot from move 7 (left)" for each seat a bot finished for its person. */
function botLines(result, table) {
  return Object.entries(result.bots_from || {}).map(([seat, move]) => {
    const s = table.seats?.[Number(seat)];
    const why = t(s?.bot_why === "left" ? "clocks.web.why_left" : "clocks.web.why_timeout");
    return h("p", { class: "result-bot-from" }, t("clocks.web.played_by_bot", { name: s?.name ?? t("seat", { n: Number(seat) + 1 }), move, why }));
  });
}

function winnersLine(result, names) {
  const who = result.winners.map((s) => names[s]);
  if (result.seats.length === 1) return t("web.result.solo", { name: who[0], points: num(result.seats[0].score) });
  if (who.length === 1) return t("web.result.wins", { name: inSentence(who[0], result.winners[0]) });
  if (who.length === result.seats.length && who.length > 2) return t("web.result.all_share", { n: who.length });
  return t("web.result.share", { names: who.join(t("web.and")) });
}
