// The lobby: the games (emblem, summary), a form to open a table (options, seat kinds and
// bot strengths), the invite links, and the open / in progress / finished tables.
import { api, invitesFor, saveInvites, saveToken, tokenFor } from "./api.js";
import { emblem } from "./emblems.js";
import { languageSwitch, loadLanguage, translatePage } from "./i18n.js";
import { h } from "./svg.js";

const $ = (id) => document.getElementById(id);
let games = [];
let bots = ["random", "greedy", "ismcts:0.5s"];
let tab = "open";

function toast(msg, kind = "error") {
  const el = h("div", { class: `toast ${kind}`, role: kind === "error" ? "alert" : "status" }, msg);
  $("toasts").append(el);
  setTimeout(() => el.remove(), 6000);
}

const BOT_LABEL = { random: "Bot · random (easy)", greedy: "Bot · greedy (medium)" };
const botLabel = (b) => BOT_LABEL[b] ?? `Bot · ${b} (${b.startsWith("ismcts") ? "strong" : "custom"})`;

function drawGames() {
  $("games").replaceChildren(
    ...games.map((g) =>
      h(
        "article",
        { class: "game-card" },
        emblem(g.id),
        h("div", {}, h("h3", {}, g.title), h("p", { class: "muted" }, g.min_players === g.max_players ? `${g.min_players} players` : `${g.min_players}–${g.max_players} players`), h("p", { class: "summary" }, g.summary || "")),
        h("button", { onclick: () => openForm(g) }, "New table"),
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
  return h("div", { class: "option" }, h("label", { for: id }, input, ` ${o.name.replace(/_/g, " ")}`), h("p", { class: "help" }, o.help));
}

function seatRow(i) {
  const kind = h(
    "select",
    { name: `kind-${i}`, "aria-label": `seat ${i + 1} kind` },
    h("option", { value: "human" }, "Person (invite link)"),
    h("option", { value: "open" }, "Open seat (first come, first served)"),
    ...bots.map((b) => h("option", { value: `bot:${b}`, selected: i > 0 && b === "greedy" }, botLabel(b))),
  );
  const name = h("input", { name: `name-${i}`, placeholder: `Player ${i + 1}`, maxlength: 40, "aria-label": `seat ${i + 1} name` });
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
  const redrawSeats = () => seatsList.replaceChildren(...Array.from({ length: Number(players.value) }, (_, i) => seatRow(i)));
  players.addEventListener("change", redrawSeats);
  redrawSeats();
  const form = h(
    "form",
    { method: "dialog", onsubmit: (e) => create(e, g, form) },
    h("header", {}, emblem(g.id), h("h2", {}, `New table: ${g.title}`)),
    h("label", { for: "players" }, "Players ", players),
    g.options.length ? h("fieldset", {}, h("legend", {}, "Options"), ...g.options.map(optionInput)) : null,
    h("fieldset", {}, h("legend", {}, "Seats (you sit at seat 1 if it is a person)"), seatsList),
    h("div", { class: "buttons" }, h("button", { type: "submit" }, "Create table"), h("button", { type: "button", class: "secondary", onclick: () => dlg.close() }, "Cancel")),
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
    const r = await api("POST", "/api/tables", { game: g.id, players: n, options, seats });
    if (r.creator_token) saveToken(r.id, r.creator_token);
    saveInvites(r.id, r.invites);
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
      h("h2", {}, "Table ready"),
      others.length
        ? h("p", {}, "Send each person their own link: it is their seat's secret key, and only it opens that seat.")
        : h("p", {}, r.table.seats.some((s) => s.kind === "open") ? "Open seats are offered in the lobby: the first to take each sits there." : "Only you and bots: ready to play."),
      h(
        "ul",
        { class: "invites" },
        ...others.map((i) =>
          h("li", {}, h("strong", {}, `${i.seat + 1} ${i.name}: `), h("input", { value: i.url, readonly: true, "aria-label": `invite link for seat ${i.seat + 1}`, onfocus: (e) => e.target.select() }), h("button", { class: "link", onclick: () => navigator.clipboard?.writeText(i.url) }, "copy")),
        ),
      ),
      h("div", { class: "buttons" }, h("a", { class: "button", href: `/table/${r.id}` }, "Go to the table →"), h("button", { class: "secondary", onclick: () => dlg.close() }, "Close")),
    ),
  );
}

async function claim(t, seat) {
  try {
    const r = await api("POST", `/api/tables/${t.id}/seats/${seat}/claim`);
    saveToken(t.id, r.token);
    location.href = `/table/${t.id}`;
  } catch (e) {
    toast(e.message);
    refreshTables();
  }
}

function tableRow(t) {
  const mine = tokenFor(t.id);
  const seats = t.seats.map((s) =>
    h(
      "li",
      { class: `seat seat${s.seat % 6}` },
      h("span", { class: "seat-no" }, `${s.seat + 1}`),
      ` ${s.name}${s.kind === "bot" ? " ⚙ bot" : ""}`,
      s.kind === "open" && !s.claimed && t.status === "open" ? h("button", { class: "link", onclick: () => claim(t, s.seat) }, "take this seat") : null,
      s.kind === "human" && !s.claimed && t.status !== "finished" ? h("span", { class: "muted" }, " (invited)") : null,
    ),
  );
  const open = mine ? "Open my seat" : t.status === "finished" ? "View & replay" : "Watch";
  return h(
    "li",
    { class: "table-row" },
    emblem(t.game),
    h("div", {}, h("strong", {}, t.title), h("span", { class: "muted" }, ` · ${t.moves} moves · ${new Date(t.created_at).toLocaleString()}`), h("ul", { class: "seat-list" }, ...seats)),
    h("a", { class: "button", href: `/table/${t.id}` }, open),
  );
}

async function refreshTables() {
  try {
    const rows = await api("GET", `/api/tables?status=${tab}&limit=50`);
    $("tables").replaceChildren(...(rows.length ? rows.map(tableRow) : [h("li", { class: "muted" }, "No tables here yet.")]));
  } catch (e) {
    toast(e.message);
  }
}

function drawTabs() {
  for (const b of document.querySelectorAll("[data-tab]")) {
    b.setAttribute("aria-selected", String(b.dataset.tab === tab));
    b.onclick = () => {
      tab = b.dataset.tab;
      drawTabs();
      refreshTables();
    };
  }
}

async function start() {
  await loadLanguage();
  translatePage();
  document.querySelector("header.top").prepend(languageSwitch());
  try {
    [games, { bots }] = await Promise.all([api("GET", "/api/games"), api("GET", "/api/agents")]);
  } catch (e) {
    toast(e.message);
  }
  drawGames();
  drawTabs();
  refreshTables();
  setInterval(refreshTables, 5000);
  void invitesFor;
}

start();
