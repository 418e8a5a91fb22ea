// The table page: the board (a game's own SVG renderer, else the generic one), the legal
// actions beside it, the log, final scores, rematch, and a replay viewer. Live over WebSocket.
import { api, ApiError, forgetToken, invitesFor, saveToken, seatLabel, tokenFor } from "./api.js";
import { h } from "./svg.js";
import * as generic from "./render/generic.js";

const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
const params = new URLSearchParams(location.search);
if (params.get("token")) {
  // The invite link's token moves into this browser's storage and out of the address bar.
  saveToken(tableId, params.get("token"));
  history.replaceState(null, "", location.pathname);
}
let token = tokenFor(tableId);
let table = null;
let log = [];
let renderer = generic;
let catalog = {}; // the game's static component data (card faces, texts): GET /api/games/{id}/catalog
let filter = "";
let replay = null; // {step, steps, view, events} while the replay viewer is open
let socket = null;
let retry = 500;

const $ = (id) => document.getElementById(id);

function toast(msg, kind = "error") {
  const el = h("div", { class: `toast ${kind}`, role: kind === "error" ? "alert" : "status" }, msg);
  $("toasts").append(el);
  setTimeout(() => el.remove(), 6000);
}

async function loadRenderer(game) {
  try {
    return await import(`/static/games/${game}.js`);
  } catch {
    return generic; // no renderer of its own yet: the generic board draws any view
  }
}

function names() {
  return (table?.seats || []).map((s, i) => seatLabel(table, i));
}

// ------------------------------------------------------------------ actions
async function play(action) {
  if (!token) return toast("Spectators cannot play.");
  try {
    await api("POST", `/api/tables/${tableId}/actions`, { action, index: table.moves }, token);
    filter = "";
    drawSide(); // the socket's update may have been drawn with the old filter
    // The socket brings the new table; without one, fetch it.
    if (!socket || socket.readyState !== WebSocket.OPEN) await refresh();
  } catch (e) {
    toast(e instanceof ApiError ? e.message : String(e));
  }
}

function pick(word) {
  filter = word || "";
  const matches = (table?.view?.legal || []).filter((a) => a.toLowerCase().split(" ").includes(filter.toLowerCase()));
  if (filter && matches.length === 1) return play(matches[0]);
  drawSide();
}

async function undo() {
  try {
    await api("POST", `/api/tables/${tableId}/undo`, undefined, token);
    if (!socket || socket.readyState !== WebSocket.OPEN) await refresh();
    toast("Move taken back.", "info");
  } catch (e) {
    toast(e.message);
  }
}

async function rematch() {
  try {
    const r = await api("POST", `/api/tables/${tableId}/rematch`, undefined, token);
    saveToken(r.id, token);
    location.href = `/table/${r.id}`;
  } catch (e) {
    toast(e.message);
  }
}

// ------------------------------------------------------------------ drawing
function drawHeader() {
  document.body.dataset.moves = String(table.moves); // the moves this page has drawn (tests wait on it)
  $("title").textContent = table.title;
  document.title = `${table.title} · muertos`;
  const v = table.view;
  $("status").textContent = v.status + (table.you === null ? " · watching as a spectator" : "");
  const seats = $("seats");
  seats.replaceChildren(
    ...table.seats.map((s, i) =>
      h(
        "li",
        { class: `seat seat${i % 6}` + (v.to_move === i ? " to-move" : "") + (table.you === i ? " you" : "") },
        h("span", { class: "seat-no" }, `${i + 1}`),
        ` ${s.name}`,
        s.kind === "bot" ? h("span", { class: "tag", title: `bot: ${s.agent}` }, ` ⚙ bot: ${s.agent}`) : null,
        v.to_move === i ? h("span", { class: "tag" }, " ▶ to move") : null,
        table.you === i ? h("span", { class: "tag" }, " ★ you") : null,
        v.over && v.winners?.includes(i) ? h("span", { class: "tag win" }, " ♛ winner") : null,
      ),
    ),
  );
}

function drawBoard() {
  const view = replay ? replay.view : table.view;
  const ctx = { catalog, names: names(), play: replay ? () => {} : play, pick: replay ? () => {} : pick, redraw: drawBoard };
  let el;
  try {
    el = renderer.render(view, ctx);
  } catch (e) {
    console.error("game renderer failed; using the generic board", e);
    el = generic.render(view, ctx);
  }
  $("board").replaceChildren(el);
}

function drawSide() {
  const v = table.view;
  const side = $("actions");
  side.replaceChildren();
  if (replay) return;
  if (v.legal.length) {
    let shown = filter ? v.legal.filter((a) => a.toLowerCase().split(" ").includes(filter.toLowerCase())) : v.legal;
    if (!shown.length) [filter, shown] = ["", v.legal]; // a stale filter never hides every move
    side.append(h("h2", {}, "Your move"));
    if (filter) side.append(h("p", { class: "muted" }, `Actions with “${filter}” `, h("button", { class: "link", onclick: () => pick("") }, "show all")));
    side.append(h("ul", { class: "legal" }, ...shown.map((a) => h("li", {}, h("button", { class: "action", onclick: () => play(a) }, a)))));
    const input = h("input", { id: "typed", placeholder: "or type an action", autocomplete: "off", "aria-label": "type an action" });
    side.append(
      h(
        "form",
        { class: "typed", onsubmit: (e) => (e.preventDefault(), input.value.trim() && play(input.value.trim())) },
        input,
        h("button", { type: "submit" }, "Play"),
      ),
    );
  } else if (!v.over) {
    side.append(h("p", { class: "waiting" }, table.you === null ? "Watching." : "Waiting for the others…"));
  }
  if (table.can_undo) side.append(h("button", { class: "secondary", onclick: undo }, "↶ Take back my move"));
  drawResult(side);
  drawInvites(side);
}

function drawResult(side) {
  const v = table.view;
  if (!v.over) return;
  const best = v.winners || [];
  side.append(h("h2", {}, "Final scores"));
  side.append(
    h(
      "table",
      { class: "scores" },
      h("tr", {}, h("th", {}, "Seat"), h("th", {}, "Score"), h("th", {}, "")),
      ...v.scores.map((s, i) =>
        h("tr", { class: best.includes(i) ? "win" : "" }, h("td", {}, `${i + 1} ${table.seats[i].name}`), h("td", {}, `${s}`), h("td", {}, best.includes(i) ? "♛ winner" : "")),
      ),
    ),
  );
  if (table.rematch) side.append(h("a", { class: "button", href: `/table/${table.rematch}` }, "Go to the rematch →"));
  else if (table.you !== null) side.append(h("button", { onclick: rematch }, "Rematch (same seats, new shuffle)"));
  side.append(h("button", { class: "secondary", onclick: openReplay }, "▶ Replay this game"));
}

function drawInvites(side) {
  const invites = invitesFor(tableId).filter((i) => i.seat !== table.you);
  if (!invites.length || table.status === "finished") return;
  side.append(h("h2", {}, "Invite links"));
  side.append(
    h(
      "ul",
      { class: "invites" },
      ...invites.map((i) =>
        h(
          "li",
          {},
          `${i.seat + 1} ${i.name}${table.seats[i.seat]?.claimed ? " ✓ joined" : ""} `,
          h("button", { class: "link", onclick: () => navigator.clipboard?.writeText(i.url).then(() => toast("Link copied.", "info")) }, "copy link"),
        ),
      ),
    ),
  );
}

function drawLog() {
  const list = $("log");
  const lines = replay ? replay.events.map((e) => e.text) : log;
  list.replaceChildren(...lines.map((l) => h("li", {}, l)));
  list.scrollTop = list.scrollHeight;
  $("log-title").textContent = replay ? `Step ${replay.step} of ${replay.steps}` : "Log";
}

function draw() {
  if (!table) return;
  drawHeader();
  drawBoard();
  drawSide();
  drawLog();
  drawReplayBar();
}

// ------------------------------------------------------------------ replay viewer
async function openReplay() {
  await showStep(0);
}

async function showStep(step) {
  try {
    replay = await api("GET", `/api/tables/${tableId}/replay/${step}`, undefined, token);
    draw();
  } catch (e) {
    toast(e.message);
  }
}

function drawReplayBar() {
  const bar = $("replay");
  if (!replay) {
    bar.hidden = true;
    return;
  }
  bar.hidden = false;
  const slider = h("input", { type: "range", min: 0, max: replay.steps, value: replay.step, "aria-label": "step", onchange: (e) => showStep(Number(e.target.value)) });
  bar.replaceChildren(
    h("button", { onclick: () => showStep(0), "aria-label": "first" }, "⏮"),
    h("button", { onclick: () => showStep(Math.max(0, replay.step - 1)), "aria-label": "previous" }, "◀"),
    slider,
    h("button", { onclick: () => showStep(Math.min(replay.steps, replay.step + 1)), "aria-label": "next" }, "▶"),
    h("button", { onclick: () => showStep(replay.steps), "aria-label": "last" }, "⏭"),
    h("span", {}, ` step ${replay.step}/${replay.steps} `),
    h("button", { class: "secondary", onclick: () => ((replay = null), draw()) }, "✕ close replay"),
  );
}

// ------------------------------------------------------------------ live
/** The link's token opens no seat: say so plainly (it stays on screen), then watch. */
function seatLost(detail) {
  forgetToken(tableId);
  token = null;
  const el = $("seat-lost");
  el.replaceChildren(
    h("strong", {}, "This link does not open a seat here. "),
    `The server says: ${detail}. You are watching as a spectator; ask the person who invited you to send their link again.`,
  );
  el.hidden = false;
}

function accept(msg) {
  if (msg.type === "error") {
    if (msg.status === 403) {
      seatLost(msg.detail);
      connect();
    } else toast(msg.detail);
    return;
  }
  // Log lines come in order on one socket: a full log first (or after a take-back), then
  // only the new events of each change.
  if (msg.type === "table" || msg.reset) log = msg.log || [];
  else log = log.concat((msg.new_events || []).map((e) => e.text));
  table = msg;
  draw();
}

function connect() {
  if (socket) socket.close();
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const q = token ? `?token=${encodeURIComponent(token)}` : "";
  const ws = new WebSocket(`${proto}://${location.host}/ws/tables/${tableId}${q}`);
  socket = ws;
  ws.onmessage = (e) => {
    retry = 500;
    accept(JSON.parse(e.data));
  };
  ws.onclose = (e) => {
    if (socket !== ws) return;
    $("live").textContent = "⚠ offline: reconnecting…";
    if (e.code === 4404) return toast("No such table.");
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 10000);
  };
  ws.onopen = () => ($("live").textContent = "● live");
}

async function refresh() {
  accept({ ...(await api("GET", `/api/tables/${tableId}`, undefined, token)), type: "table" });
}

async function start() {
  try {
    const t = await api("GET", `/api/tables/${tableId}`, undefined, token);
    [renderer, catalog] = await Promise.all([
      loadRenderer(t.game),
      api("GET", `/api/games/${encodeURIComponent(t.game)}/catalog`).catch(() => ({})),
    ]);
    accept({ ...t, type: "table" });
  } catch (e) {
    if (e instanceof ApiError && e.status === 403) {
      seatLost(e.message);
      return start();
    }
    $("status").textContent = e.message;
    return;
  }
  connect();
}

start();
