// The lobby: the games (emblem, summary), a form to open a table (options, seat kinds and
// bot strengths), the invite links, and the open / in progress / finished tables.
import { api, invitesFor, saveInvites, saveToken, tokenFor } from "./api.js";
import { ago, clockFieldset, clockFrom, limitLabel } from "./clocks.js";
import { emblem } from "./emblems.js";
import { lang, languageSwitch, loadLanguage, t, translatePage } from "./i18n.js";
import { h } from "./svg.js";

const $ = (id) => document.getElementById(id);
let games = [];
let bots = ["random", "greedy", "ismcts:0.5s"];
let tab = "open";
/** Whether the language and the games have loaded: a tab chosen before that is kept, and
 * the first refresh shows it (a click while the page loads is never lost). */
let ready = false;

function toast(msg, kind = "error") {
  const el = h("div", { class: `toast ${kind}`, role: kind === "error" ? "alert" : "status" }, msg);
  $("toasts").append(el);
  setTimeout(() => el.remove(), 6000);
}

const BOT_LEVEL = { random: "web.lobby.easy", greedy: "web.lobby.medium" };
const botLabel = (b) => t("web.lobby.bot", { agent: b, level: t(BOT_LEVEL[b] ?? (b.startsWith("ismcts") ? "web.lobby.strong" : "web.lobby.custom")) });

function drawGames() {
  $("games").replaceChildren(
    ...games.map((g) =>
      h(
        "article",
        { class: "game-card" },
        emblem(g.id),
        h("div", {}, h("h3", {}, g.title), h("p", { class: "muted" }, g.min_players === g.max_players ? t("web.lobby.players", { n: g.min_players }) : t("web.lobby.players_range", { low: g.min_players, high: g.max_players })), h("p", { class: "summary" }, g.summary || "")),
        h("button", { onclick: () => openForm(g) }, t("web.lobby.new_table")),
      ),
    ),
  );
}

function optionInput(o) {
  const id = `opt-${o.name}`;
  let input;
  if (o.choices) input = h("select", { id, name: o.name }, ...o.choices.map((c) => h("option", { value: String(c), selected: c === o.default }, String(c))));
  else if (o.type === "bool") input = h("input", { id, name: o.name, type: "checkbox", checked: o.default === true });
  else if (o.type === "int") input = h("input", { id, name: o.name, type: "number", value: String(o.default), min: o.minimum, max: o.maximum });
  else input = h("input", { id, name: o.name, value: String(o.default) });
  return h("div", { class: "option" }, h("label", { for: id }, input, ` ${o.label || o.name.replace(/_/g, " ")}`), h("p", { class: "help" }, o.help));
}

function seatRow(i) {
  const kind = h(
    "select",
    { name: `kind-${i}`, "aria-label": t("web.lobby.seat_kind", { n: i + 1 }) },
    h("option", { value: "human" }, t("web.lobby.person")),
    h("option", { value: "open" }, t("web.lobby.open_seat")),
    ...bots.map((b) => h("option", { value: `bot:${b}`, selected: i > 0 && b === "greedy" }, botLabel(b))),
  );
  const name = h("input", { name: `name-${i}`, placeholder: t("seat", { n: i + 1 }), maxlength: 40, "aria-label": t("web.lobby.seat_name", { n: i + 1 }) });
  return h("li", { class: `seat-row seat${i % 6}` }, h("span", { class: "seat-no" }, `${i + 1}`), kind, name);
}

function openForm(g) {
  const dlg = $("create");
  const players = h(
    "select",
    { id: "players", name: "players" },
    ...Array.from({ length: g.max_players - g.min_players + 1 }, (_, k) => g.min_players + k).map((n) => h("option", { value: n, selected: n === Math.max(2, g.min_players) && n <= g.max_players }, `${n}`)),
  );
  const seatsList = h("ol", { class: "seats-form" });
  // a seat's row is kept once made: changing the number of players keeps the names and kinds chosen
  const rows = [];
  const redrawSeats = () => seatsList.replaceChildren(...Array.from({ length: Number(players.value) }, (_, i) => (rows[i] ??= seatRow(i))));
  players.addEventListener("change", redrawSeats);
  redrawSeats();
  const form = h(
    "form",
    { method: "dialog", onsubmit: (e) => create(e, g, form) },
    h("header", {}, emblem(g.id), h("h2", {}, t("web.lobby.form_title", { title: g.title }))),
    h("label", { for: "players" }, t("web.lobby.players_label"), " ", players),
    g.options.length ? h("fieldset", {}, h("legend", {}, t("web.lobby.options")), ...g.options.map(optionInput)) : null,
    h("fieldset", {}, h("legend", {}, t("web.lobby.seats")), seatsList),
    clockFieldset(),
    h("div", { class: "buttons" }, h("button", { type: "submit" }, t("web.lobby.create")), h("button", { type: "button", class: "secondary", onclick: () => dlg.close() }, t("web.lobby.cancel"))),
  );
  dlg.replaceChildren(form);
  dlg.showModal();
}

async function create(e, g, form) {
  e.preventDefault();
  const data = new FormData(form);
  const n = Number(data.get("players"));
  const options = {};
  for (const o of g.options) {
    if (o.type === "bool") options[o.name] = form.querySelector(`[name="${o.name}"]`).checked;
    else if (o.type === "int") options[o.name] = Number(data.get(o.name));
    else options[o.name] = o.choices ? o.choices.find((c) => String(c) === data.get(o.name)) ?? data.get(o.name) : data.get(o.name);
  }
  const seats = Array.from({ length: n }, (_, i) => {
    const kind = String(data.get(`kind-${i}`));
    const name = String(data.get(`name-${i}`) || "").trim() || null;
    return kind === "human" || kind === "open" ? { kind, name } : { kind: "bot", agent: kind.slice(4), name };
  });
  try {
    const r = await api("POST", "/api/tables", { game: g.id, players: n, options, seats, clock: clockFrom(form) });
    if (r.creator_token) saveToken(r.id, r.creator_token);
    saveInvites(r.id, r.invites.filter((i) => i.token !== r.creator_token));
    showInvites(r);
    refreshTables();
  } catch (err) {
    toast(err.message);
  }
}

function showInvites(r) {
  const dlg = $("create");
  const others = r.invites.filter((i) => i.seat !== 0);
  dlg.replaceChildren(
    h(
      "div",
      { class: "invites-dialog" },
      h("h2", {}, t("web.lobby.ready")),
      others.length
        ? h("p", {}, t("web.lobby.send_links"))
        : h("p", {}, r.table.seats.some((s) => s.kind === "open") ? t("web.lobby.open_offered") : t("web.lobby.only_bots")),
      h(
        "ul",
        { class: "invites" },
        ...others.map((i) =>
          h("li", {}, h("strong", {}, `${i.seat + 1} ${i.name}: `), h("input", { value: i.url, readonly: true, "aria-label": t("web.lobby.invite_for", { n: i.seat + 1 }), onfocus: (e) => e.target.select() }), h("button", { class: "link", onclick: () => navigator.clipboard?.writeText(i.url) }, t("web.lobby.copy"))),
        ),
      ),
      h("div", { class: "buttons" }, h("a", { class: "button", href: `/table/${r.id}` }, t("web.lobby.go")), h("button", { class: "secondary", onclick: () => dlg.close() }, t("web.lobby.close"))),
    ),
  );
}

async function claim(row, seat) {
  // One seat a table per browser: a row drawn before another tab of it sat down still offers
  // the seat, and a token kept is never overwritten (api.js saveToken).
  if (tokenFor(row.id)) return toast(t("web.invite.already_here"));
  try {
    const r = await api("POST", `/api/tables/${row.id}/seats/${seat}/claim`);
    if (!saveToken(row.id, r.token)) return toast(t("web.invite.already_here"));
    location.href = `/table/${row.id}`;
  } catch (e) {
    toast(e.message);
    refreshTables();
  }
}

function tableRow(row) {
  const mine = tokenFor(row.id);
  const seats = row.seats.map((s) =>
    h(
      "li",
      { class: `seat seat${s.seat % 6}` },
      h("span", { class: "seat-no" }, `${s.seat + 1}`),
      ` ${s.name}${s.kind === "bot" ? ` ⚙ ${t("web.bot")}` : ""}`,
      s.kind === "open" && !s.claimed && row.status === "open" && !mine ? h("button", { class: "link", onclick: () => claim(row, s.seat) }, t("web.lobby.take_seat")) : null,
      s.kind === "human" && !s.claimed && row.status !== "finished" ? h("span", { class: "muted" }, ` (${t("web.lobby.invited")})`) : null,
    ),
  );
  const open = t(mine ? "web.lobby.my_seat" : row.status === "finished" ? "web.lobby.view_replay" : "web.lobby.watch");
  return h(
    "li",
    { class: "table-row" },
    emblem(row.game),
    h("div", {}, h("strong", {}, row.title), h("span", { class: "muted" }, ` · ${t(row.moves === 1 ? "web.lobby.moves_one" : "web.lobby.moves", { n: row.moves })} · ${new Date(row.created_at).toLocaleString(lang())}${row.time_limit ? ` · ⏱ ${limitLabel(row.time_limit)}` : ""}`), h("ul", { class: "seat-list" }, ...seats)),
    h("a", { class: "button", href: `/table/${row.id}` }, open),
  );
}

/** Every table where this browser holds a seat (issue 38, item 5), "your turn" first,
 * then the latest moves: each read with its seat's token, as that seat sees it. */
async function myTables() {
  const ids = Object.keys(localStorage)
    .filter((k) => k.startsWith("muertos:token:"))
    .map((k) => k.slice("muertos:token:".length))
    .slice(0, 50);
  const got = await Promise.all(ids.map((id) => api("GET", `/api/tables/${encodeURIComponent(id)}`, undefined, tokenFor(id)).catch(() => null)));
  const mine = got.filter((r) => r && r.you !== null);
  const turn = (r) => r.status !== "finished" && (r.view?.legal || []).length > 0;
  const when = (r) => Date.parse(r.last_move_at || r.created_at);
  mine.sort((a, b) => Number(turn(b)) - Number(turn(a)) || when(b) - when(a));
  return mine.map((r) => {
    const row = tableRow(r);
    const who = r.view?.to_move ?? null;
    const note = turn(r)
      ? h("strong", { class: "my-turn" }, `▶ ${t("clocks.web.your_turn")}`)
      : r.status === "finished" || who === null
        ? null
        : h("span", { class: "muted" }, t("clocks.web.their_turn", { name: r.seats[who]?.name ?? "" }));
    const last = r.last_move_at ? h("span", { class: "muted" }, ` · ${t("clocks.web.last_move", { ago: ago(r.last_move_at) })}`) : null;
    row.querySelector("div")?.append(h("p", { class: "my-note" }, note, last));
    return row;
  });
}

let refreshes = 0;
let coming = null; // the tab whose tables are on their way

/** Draws the tab's tables. Only the newest refresh draws: the answer for a tab left while it
 * was on its way (or an older one of the same tab) would put back what the reader moved from.
 * The timer's refresh waits for one still coming, so a slow answer is drawn, not overtaken. */
async function refreshTables(timed = false) {
  if (timed && coming === tab) return;
  const ticket = ++refreshes;
  coming = tab;
  try {
    if (tab === "mine") {
      const rows = await myTables();
      if (ticket !== refreshes) return;
      $("tables").replaceChildren(...(rows.length ? rows : [h("li", { class: "muted" }, t("clocks.web.no_mine"))]));
      return;
    }
    const rows = await api("GET", `/api/tables?status=${tab}&limit=50`);
    if (ticket !== refreshes) return;
    $("tables").replaceChildren(...(rows.length ? rows.map(tableRow) : [h("li", { class: "muted" }, t("web.lobby.no_tables"))]));
  } catch (e) {
    if (ticket !== refreshes) return;
    toast(e.message);
  } finally {
    if (ticket === refreshes) coming = null;
  }
}

function drawTabs() {
  for (const b of document.querySelectorAll("[data-tab]")) {
    b.setAttribute("aria-selected", String(b.dataset.tab === tab));
    b.onclick = () => {
      tab = b.dataset.tab;
      drawTabs();
      if (ready) refreshTables();
    };
  }
}

async function start() {
  drawTabs();
  await loadLanguage();
  translatePage();
  document.querySelector("header.top").prepend(languageSwitch());
  try {
    [games, { bots }] = await Promise.all([api("GET", "/api/games"), api("GET", "/api/agents")]);
  } catch (e) {
    toast(e.message);
  }
  ready = true;
  drawGames();
  drawTabs();
  refreshTables();
  setInterval(() => refreshTables(true), 5000);
  void invitesFor;
}

start();
