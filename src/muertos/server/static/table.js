// The table page: the board (a game's own SVG renderer, else the generic one), the legal
// actions beside it, the log, final scores, rematch, and a replay viewer. Live over WebSocket.
import { api, ApiError, forgetToken, invitesFor, saveInvites, saveToken, seatLabel, tokenFor } from "./api.js";
import { drawResultPanel } from "./result.js";
import { drawAnalysis, drawHint } from "./analysis.js";
import { drawSeatControls, resignedLine, seatBotTag, seatClock, seatPresence, trackClock } from "./clocks.js";
import { drawChat } from "./chat.js";
import { clipped, fitLabels, h, scrollToEnd } from "./svg.js";
import * as generic from "./render/generic.js";
import { changed, mark, signatures } from "./changes.js";
import { attachDetail } from "./detail.js";
import { beep, soundOn, toggleSound, yourTurn } from "./turn.js";
import { lang, languageSwitch, loadLanguage, t, translatePage } from "./i18n.js";

const BOARD_NAME = 20; // characters of a seat's name drawn on the board (the seat list shows it whole)
const SINCE_LINES = 6; // lines of the "since your turn" summary before it folds

/** Milliseconds each move of the others stays on screen before the next (localStorage
 * muertos:pace; 0 shows the latest position at once). */
function pace() {
  const v = localStorage.getItem("muertos:pace");
  return v !== null && Number.isFinite(Number(v)) ? Number(v) : 700;
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
const params = new URLSearchParams(location.search);
// The link's token (an invite, or a seat's own link) leaves the address bar; openLink() opens it.
let linked = params.get("token");
if (linked) {
  const keep = params.get("lang") ? `?lang=${encodeURIComponent(params.get("lang"))}` : "";
  history.replaceState(null, "", location.pathname + keep);
}
let token = tokenFor(tableId);
let opened = null; // {seat, url}: this page opened an invite: the seat's own link, shown until closed
let table = null;
let log = [];
let renderer = generic;
let catalog = {}; // the game's static component data (card faces, texts): GET /api/games/{id}/catalog
let filter = "";
let replay = null; // {step, steps, view, events} while the replay viewer is open
let socket = null;
let retry = 500;
// Moves sent on the socket, waiting for their answers ({ws, index, timer, resolve, reject}), which
// come in the order the moves went: a move goes on the socket, not as an HTTP request, while it is open.
let sent = [];
// A move or take-back sent and not yet shown ({moves}: the table's moves when it went): clicks
// meanwhile play nothing, so a double click is one request, never a second one refused as stale.
let pending = null;
// The move count at which a move went unanswered: the table, read again, tells whether it landed.
let checking = null;
/** How the page keeps its socket honest, in ms: a ping every `ping` (the server answers
 * "pong"); a socket from which nothing came for `silence` is given up for a new one (a network
 * that dies silently closes nothing); a move with no answer after `answer` is given up too, and
 * the table read again says whether it was played: it is never sent again by itself.
 * localStorage muertos:live ({"ping": 200, "silence": 800, "answer": 600}) shortens them. */
const LIVE = liveTimes({ ping: 15000, silence: 35000, answer: 8000 });

function liveTimes(times) {
  let asked = {};
  try {
    asked = JSON.parse(localStorage.getItem("muertos:live") || "{}") || {};
  } catch {
    asked = {};
  }
  for (const k of Object.keys(times)) if (Number.isFinite(asked[k]) && asked[k] > 0) times[k] = asked[k];
  return times;
}
// What changed: the board shows the table move by move (`shown` moves so far), marks the
// latest move and the moves since this seat's last one, and sums them up in words.
let shown = null; // the moves of the drawn board (null: nothing drawn yet)
let boardSigs = null; // signatures of the drawn board's pieces (changes.js)
let lastKeys = new Set();
let recentKeys = new Set();
let since = []; // [{mover, lines}] the moves since this seat's last one
let lastMover = null;
let stepping = false;
let wasMyTurn = false;
// Moves as the socket told them, one update each ({step, mover, view, events}, as the replay
// route answers): the board steps through them without asking the server again.
const told = new Map();
let toldMoves = null; // the moves of this socket's last update (null: none yet on this socket)

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
/** Send move `index` on the open socket; settled by its answer ("played", or a refusal), or
 * given up after LIVE.answer (the socket with it). */
function playLive(action, index) {
  const ws = socket;
  return new Promise((resolve, reject) => {
    const p = { ws, index, resolve, reject };
    p.timer = setTimeout(() => sent.includes(p) && unanswered(index), LIVE.answer);
    sent.push(p);
    ws.send(JSON.stringify({ type: "play", action, index }));
  });
}

/** The answer to the oldest move sent on `ws`. */
function answered(ws, msg) {
  const i = sent.findIndex((p) => p.ws === ws);
  if (i < 0) return;
  const [p] = sent.splice(i, 1);
  clearTimeout(p.timer);
  if (msg.type === "played") p.resolve(msg);
  else p.reject(new ApiError(msg.status, msg.code, msg.detail));
}

/** Move `index` (null: a take-back) got no answer in time: the socket is given up (its moves
 * refused here with `no_answer`), and the next one's first message, the whole table, tells
 * whether it landed. */
function unanswered(index) {
  if (index !== null) checking = checking === null ? index : Math.min(checking, index);
  if (socket) lost(socket, t("web.table.no_answer"));
}

/** A request over HTTP: its answer, or after LIVE.answer its loss, as a move's on the socket. */
function answerIn(request, index = null) {
  let timer;
  const late = new Promise((_, reject) => {
    timer = setTimeout(() => {
      unanswered(index);
      reject(new Error(t("web.table.no_answer")));
    }, LIVE.answer);
  });
  return Promise.race([request, late]).finally(() => clearTimeout(timer));
}

/** Ignore it (return true) while a move or take-back awaits its answer; else the one awaited now. */
function busy() {
  if (pending) return true;
  pending = { moves: table.moves };
  return false;
}

async function play(action) {
  if (!token) return toast(t("web.table.spectators_cannot_play"));
  if (busy()) return; // a second click of a double click: the first is on its way
  const mine = pending;
  const index = table.moves;
  let done = false;
  try {
    const live = socket && socket.readyState === WebSocket.OPEN;
    if (live) await playLive(action, index); // the socket then brings the new table
    else await answerIn(api("POST", `/api/tables/${tableId}/actions`, { action, index }, token), index);
    done = true;
    filter = "";
    if (typed) typed.input.value = ""; // played: the box is empty for the next move
    drawSide(); // the socket's update may have been drawn with the old filter
    if (!live) await refresh();
  } catch (e) {
    toast(e instanceof Error ? e.message : String(e));
  } finally {
    // played: clicks wait for the table that shows it (accept), unless it is shown already
    if (pending === mine && (!done || table.moves !== index)) pending = null;
  }
}

function pick(word) {
  filter = word || "";
  const matches = (table?.view?.legal || []).filter((a) => a.toLowerCase().split(" ").includes(filter.toLowerCase()));
  if (filter && matches.length === 1) return play(matches[0]);
  drawSide();
}

async function undo() {
  if (busy()) return;
  const mine = pending;
  const moves = table.moves;
  let done = false;
  try {
    // the move it takes back, by its index: sent twice, the second is refused, not a second undo
    await answerIn(api("POST", `/api/tables/${tableId}/undo`, { index: moves - 1 }, token));
    done = true;
    if (!socket || socket.readyState !== WebSocket.OPEN) await refresh();
    toast(t("web.table.taken_back"), "info");
  } catch (e) {
    toast(e.message);
  } finally {
    if (pending === mine && (!done || table.moves !== moves)) pending = null;
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
  $("title").textContent = table.title;
  signalTurn();
  const v = table.view;
  $("status").textContent = v.status + (table.you === null ? ` · ${t("web.table.spectating")}` : "");
  const seats = $("seats");
  seats.replaceChildren(
    ...table.seats.map((s, i) =>
      h(
        "li",
        { class: `seat seat${i % 6}` + (v.to_move === i ? " to-move" : "") + (table.you === i ? " you" : "") + (lastMover === i && !replay ? " moved" : "") },
        h("span", { class: "seat-no" }, `${i + 1}`),
        ` ${s.name}`,
        seatClock(table, i),
        seatPresence(table, s),
        seatBotTag(s) ??
          (s.kind === "bot" ? h("span", { class: "tag", title: t("web.table.bot_agent", { agent: s.agent }) }, ` ⚙ ${t("web.table.bot_agent", { agent: s.agent })}`) : null),
        v.to_move === i ? h("span", { class: "tag" }, ` ▶ ${t("web.table.to_move")}`) : null,
        table.you === i ? h("span", { class: "tag" }, ` ★ ${t("web.table.you")}`) : null,
        v.over && v.winners?.includes(i) ? h("span", { class: "tag win" }, ` ♛ ${t("web.table.winner")}`) : null,
      ),
    ),
  );
}

let drawnWidth = null; // the board frame's inner width when the board was last drawn
let frameWidth = null; // the board frame's inner width as the ResizeObserver last told it

/** The board frame's inner width: told by the ResizeObserver once it has seen the frame, so a
 * board drawn while the page changes around it does not lay the page out first. */
function boardWidth() {
  if (frameWidth === null) {
    const frame = $("board");
    const pad = parseFloat(getComputedStyle(frame).paddingLeft) + parseFloat(getComputedStyle(frame).paddingRight);
    frameWidth = frame.clientWidth - pad;
  }
  drawnWidth = frameWidth;
  return frameWidth;
}

/** The board of `view`; its pieces play only on the live table's latest position. */
function boardOf(view, live) {
  const idle = () => {};
  const seatNames = (table?.seats || []).map((s) => s.name); // as the log and status call them
  // width: the board frame's inner width in CSS px, so a renderer can choose a narrow layout
  const ctx = { catalog, names: names().map((n) => clipped(n, BOARD_NAME)), seatNames, width: boardWidth(), play: live ? play : idle, pick: live ? pick : idle, redraw: drawBoard };
  try {
    return renderer.render(view, ctx);
  } catch (e) {
    console.error("game renderer failed; using the generic board", e);
    return generic.render(view, ctx);
  }
}

let drawnKey = null; // liveKey() of the live board on screen, null while another is shown

/** What the live board is drawn from: a message that changes none of it (a chat line, a
 * clock, the socket's first snapshot of a table the page already has) leaves the board, and
 * so an open choice menu or a selected piece, as it is. */
function liveKey() {
  return JSON.stringify([table.moves, table.view, names(), (table.seats || []).map((s) => s.name)]);
}

function drawBoard() {
  if (replay) {
    drawnKey = null;
    $("board").replaceChildren(boardOf(replay.view, false));
    fitLabels($("board"));
    return;
  }
  showBoard(boardOf(table.view, true), table.moves);
  drawnKey = liveKey();
}

/** Put a drawn board on the page as the table after `moves` moves, with its marks (`sigs`:
 * its signatures, when already taken). */
function showBoard(el, moves, caption, sigs = null) {
  mark(el, lastKeys, recentKeys);
  drawnKey = null;
  const nodes = [el];
  if (caption) nodes.unshift(h("p", { class: "stage-caption", role: "status" }, caption));
  $("board").replaceChildren(...nodes);
  fitLabels(el);
  attachDetail(el);
  boardSigs = sigs ?? signatures(el);
  document.body.dataset.moves = String(moves); // the moves of the drawn board (tests wait on it)
}

/** Step the board through the moves it has not shown yet, one by one: each as this seat saw
 * it then (the replay route), marked, held on screen a moment; a move the renderer splits
 * into stages (Ofertu's auctions of a round) shows each stage over the position before. */
async function catchUp() {
  if (stepping) return;
  stepping = true;
  try {
    while (!replay && shown !== null && shown < table.moves) {
      const k = shown + 1;
      const step = told.get(k) ?? (await api("GET", `/api/tables/${tableId}/replay/${k}`, undefined, token).catch(() => null));
      told.delete(k);
      if (replay) break;
      if (!step) break;
      const mine = table.you !== null && step.mover === table.you;
      if (renderer.stages && pace() > 0 && beforeView) {
        for (const st of renderer.stages(beforeView, step.events)) {
          lastKeys = new Set(st.keys);
          showBoard(boardOf(st.view ?? beforeView, false), shown, st.caption);
          await sleep(pace());
        }
      }
      noteStep(step, mine);
      const live = k === table.moves;
      const el = boardOf(live ? table.view : step.view, live);
      const sigs = signatures(el);
      lastKeys = changed(boardSigs, sigs);
      if (!mine) for (const key of lastKeys) recentKeys.add(key);
      shown = k;
      drawHeader();
      showBoard(el, k, undefined, sigs);
      drawSince();
      if (!live && !mine && pace() > 0) await sleep(pace());
    }
  } finally {
    stepping = false;
  }
  if (!replay && shown !== table.moves) {
    shown = table.moves;
    drawBoard();
  }
}

let beforeView = null; // the view of the position the board shows (stages are drawn over it)

function noteStep(step, mine) {
  lastMover = step.mover;
  if (mine) {
    since = [];
    recentKeys = new Set();
  } else since.push({ mover: step.mover, lines: step.events.map((e) => e.text) });
  beforeView = step.view;
}

/** On opening the page: the moves since this seat's last one (at most ten), read back
 * through the replay route, to mark on the board and sum up. */
async function backfill() {
  const at = table.moves;
  const get = (k) => api("GET", `/api/tables/${tableId}/replay/${k}`, undefined, token).catch(() => null);
  const steps = [];
  for (let k = at; k >= 1 && steps.length < 10; k--) {
    const step = await get(k);
    if (!step) break;
    steps.unshift(step);
    if (table.you !== null && step.mover === table.you) break;
  }
  const first = steps.length ? await get(steps[0].step - 1) : null;
  if (!first || replay || shown !== at || table.moves !== at) return;
  let sigs = signatures(boardOf(first.view, false));
  for (const step of steps) {
    const mine = table.you !== null && step.mover === table.you;
    const next = signatures(boardOf(step.view, false));
    lastKeys = changed(sigs, next);
    if (!mine) for (const key of lastKeys) recentKeys.add(key);
    noteStep(step, mine);
    sigs = next;
  }
  drawHeader();
  drawBoard();
  drawSince();
}

/** "Since your turn": the log lines of the others' moves since this seat's last one. */
function drawSince() {
  const box = $("since");
  if (replay || !since.length) {
    box.hidden = true;
    return;
  }
  const lines = since.flatMap((s) => s.lines);
  const last = lines.slice(-SINCE_LINES);
  const more = lines.length - last.length;
  box.hidden = false;
  box.replaceChildren(
    h("strong", {}, t(table.you === null ? "web.table.last_moves" : "web.table.since")),
    h("ul", {}, more ? h("li", { class: "muted" }, t(more === 1 ? "web.table.earlier_one" : "web.table.earlier", { n: more })) : null, ...last.map((l) => h("li", {}, l))),
  );
}

/** The box a move is typed in. Built once per language and kept across redraws: an update
 * that came while a player typed (the socket's first table, a clock, a chat's mute) used to
 * draw a fresh, empty box, and the move they were typing was lost. */
let typed = null; // {lang, form, input}
function typedBox() {
  if (typed?.lang === lang()) return typed.form;
  const input = h("input", { id: "typed", placeholder: t("web.table.type_placeholder"), autocomplete: "off", "aria-label": t("web.table.type_label") });
  const form = h(
    "form",
    { class: "typed", onsubmit: (e) => (e.preventDefault(), input.value.trim() && play(input.value.trim())) },
    input,
    h("button", { type: "submit" }, t("web.table.play")),
  );
  typed = { lang: lang(), form, input };
  return form;
}

/** Where the caret stood in the box, if the player was typing (taken before a redraw). */
function typingNow() {
  const input = typed?.input;
  return input && document.activeElement === input ? { start: input.selectionStart, end: input.selectionEnd } : null;
}

function restoreTyping({ start, end }) {
  typed.input.focus();
  typed.input.setSelectionRange(start, end);
}

function drawSide() {
  const v = table.view;
  const side = $("actions");
  const typing = typingNow(); // the box leaves the page for a moment, and with it the focus
  side.replaceChildren();
  if (replay) return;
  if (v.legal.length) {
    let shown = filter ? v.legal.filter((a) => a.toLowerCase().split(" ").includes(filter.toLowerCase())) : v.legal;
    if (!shown.length) [filter, shown] = ["", v.legal]; // a stale filter never hides every move
    side.append(h("h2", {}, t("web.table.your_move")));
    if (filter) side.append(h("p", { class: "muted" }, t("web.table.actions_with", { word: filter }), " ", h("button", { class: "link", onclick: () => pick("") }, t("web.table.show_all"))));
    side.append(h("ul", { class: "legal" }, ...shown.map((a) => h("li", {}, h("button", { class: "action", onclick: () => play(a) }, a)))));
    side.append(typedBox());
    if (typing) restoreTyping(typing);
    drawHint({ table, tableId, token, side, redraw: drawSide });
  } else if (table.resigned !== null && table.resigned !== undefined) {
    side.append(resignedLine(table));
  } else if (!v.over) {
    side.append(h("p", { class: "waiting" }, t(table.you === null ? "web.table.watching" : "web.table.waiting")));
  }
  if (table.can_undo) side.append(h("button", { class: "secondary", onclick: undo }, `↶ ${t("web.table.undo")}`));
  drawSeatControls({ table, tableId, token, side, toast, accept: (got) => accept({ ...got, type: "table" }) });
  drawResult(side);
  drawInvites(side);
  drawOpened();
}

function drawResult(side) {
  const v = table.view;
  if (!v.over && table.status !== "finished") return;
  if (table.rematch) side.append(h("a", { class: "button", href: `/table/${table.rematch}` }, t("web.table.go_rematch")));
  else if (table.you !== null) side.append(h("button", { onclick: rematch }, t("web.table.rematch")));
  side.append(h("button", { class: "secondary", onclick: openReplay }, `▶ ${t("web.table.replay")}`));
}

/** The creator's invite links: one opened is spent (it opens nothing any more, its person got
 * a link of their own), so its token leaves this browser and the seat shows "joined". */
function drawInvites(side) {
  const kept = invitesFor(tableId);
  const spent = (i) => Boolean(table.seats[i.seat]?.claimed);
  if (kept.some((i) => spent(i) && i.token)) saveInvites(tableId, kept.map((i) => (spent(i) ? { seat: i.seat, name: i.name } : i)));
  const invites = kept.filter((i) => i.seat !== table.you);
  if (!invites.length || table.status === "finished") return;
  side.append(h("h2", {}, t("web.table.invite_links")));
  side.append(
    h(
      "ul",
      { class: "invites" },
      ...invites.map((i) =>
        h(
          "li",
          {},
          `${i.seat + 1} ${table.seats[i.seat]?.name ?? i.name} `,
          spent(i)
            ? h("span", { class: "muted" }, `✓ ${t("web.table.joined")}`)
            : h("button", { class: "link", onclick: () => navigator.clipboard?.writeText(i.url).then(() => toast(t("web.table.copied"), "info")) }, t("web.table.copy_link")),
        ),
      ),
    ),
  );
}

/** Open the link this page came with: an invite is exchanged for the seat's own token (once:
 * it opens nothing afterwards), a seat's own link is kept as it is. A seat this browser holds
 * at the table already stays: the link is then left unused (an invite opened would be spent). */
async function openLink() {
  const link = linked;
  linked = null; // opened once, even if the page starts again as a spectator
  if (!link || link === token) return;
  if (token) {
    const held = await api("GET", `/api/tables/${tableId}`, undefined, token).then((r) => r.you, () => null);
    if (held !== null) return toast(t("web.invite.other_seat", { n: held + 1 }));
    forgetToken(tableId); // it opens no seat here any more
    token = null;
  }
  try {
    const r = await api("POST", `/api/tables/${tableId}/join`, undefined, link);
    saveToken(tableId, r.token);
    token = r.token;
    if (r.joined) opened = { seat: r.seat, url: `${location.origin}/table/${encodeURIComponent(tableId)}?token=${encodeURIComponent(r.token)}` };
  } catch (e) {
    if (!(e instanceof ApiError) || e.status !== 403) throw e;
    const el = $("seat-lost"); // the link opens nothing: say so plainly (it stays), then watch
    el.replaceChildren(h("strong", {}, t("web.table.seat_lost"), " "), t(e.code === "invite_used" ? "web.invite.used_detail" : "web.table.seat_lost_detail", { detail: e.message }));
    el.hidden = false;
  }
}

/** The invitee's own link, right after the invite was opened: to come back on another device. */
function drawOpened() {
  const shown = document.querySelector(".opened-link");
  if (opened && table?.you === opened.seat) {
    if (shown) return;
  } else return shown?.remove();
  const close = () => ((opened = null), drawOpened());
  $("seat-lost").after(
    h(
      "div",
      { class: "banner my-link opened-link", role: "status" },
      h("strong", {}, t("web.invite.joined", { n: opened.seat + 1 })),
      h("p", {}, t("web.invite.keep")),
      h("input", { value: opened.url, readonly: true, "aria-label": t("clocks.web.my_link"), onfocus: (e) => e.target.select() }),
      h("button", { class: "link", onclick: () => navigator.clipboard?.writeText(opened.url).then(() => toast(t("web.table.copied"), "info")) }, t("web.table.copy_link")),
      " ",
      h("button", { class: "link", onclick: close }, t("web.lobby.close")),
    ),
  );
}

let logDrawn = null; // the lines the log list shows

function drawLog() {
  const list = $("log");
  const lines = replay ? replay.events.map((e) => e.text) : log;
  const n = logDrawn?.length ?? -1;
  if (n >= 0 && lines.length >= n && logDrawn.every((l, i) => l === lines[i])) {
    // the lines shown and more: only the new ones are added (a long game's log is not rebuilt)
    if (lines.length > n) {
      list.append(...lines.slice(n).map((l) => h("li", {}, l)));
      scrollToEnd(list);
    }
  } else {
    list.replaceChildren(...lines.map((l) => h("li", {}, l)));
    scrollToEnd(list);
  }
  logDrawn = lines;
  $("log-title").textContent = replay ? t("web.table.step_of", { step: replay.step, steps: replay.steps }) : t("web.table.log");
}

function draw() {
  if (!table) return;
  drawHeader();
  drawSide();
  drawResultPanel(table, tableId); // the score sheet above the board once the game is over
  drawAnalysis({ table, tableId, replay, showStep }); // in the replay viewer of a finished game
  drawLog();
  drawChat({ table, tableId, token, replay, toast, redraw: draw });
  drawReplayBar();
  if (replay) {
    drawBoard();
    drawSince();
  } else if (shown === null || table.moves < shown) {
    // the first drawing, or a move taken back: the table as it stands, then what led to it
    shown = table.moves;
    [lastKeys, recentKeys, since, lastMover, beforeView] = [new Set(), new Set(), [], null, null];
    told.clear();
    drawBoard();
    drawSince();
    backfill();
  } else if (table.moves > shown) catchUp();
  else if (!stepping && liveKey() !== drawnKey) drawBoard();
}

// ------------------------------------------------------------------ your turn
/** Your turn, told when the tab is in the background (title, favicon) and, if chosen, by
 * a beep; the sound toggle is remembered in this browser. */
function signalTurn() {
  const mine = !!table && !replay && table.you !== null && (table.view.legal || []).length > 0;
  if (mine && !wasMyTurn && soundOn()) beep();
  wasMyTurn = mine;
  yourTurn(mine && document.hidden, table?.title ?? "");
}

function drawSound() {
  const b = $("sound");
  b.textContent = `♪ ${t(soundOn() ? "web.table.sound_on" : "web.table.sound_off")}`;
  b.setAttribute("aria-pressed", String(soundOn()));
  b.title = t("web.table.sound_help");
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
  const slider = h("input", { type: "range", min: 0, max: replay.steps, value: replay.step, "aria-label": t("web.replay.step"), onchange: (e) => showStep(Number(e.target.value)) });
  bar.replaceChildren(
    h("button", { onclick: () => showStep(0), "aria-label": t("web.replay.first") }, "|◀"),
    h("button", { onclick: () => showStep(Math.max(0, replay.step - 1)), "aria-label": t("web.replay.previous") }, "◀"),
    slider,
    h("button", { onclick: () => showStep(Math.min(replay.steps, replay.step + 1)), "aria-label": t("web.replay.next") }, "▶"),
    h("button", { onclick: () => showStep(replay.steps), "aria-label": t("web.replay.last") }, "▶|"),
    h("span", {}, ` ${t("web.replay.position", { step: replay.step, steps: replay.steps })} `),
    h("button", { class: "secondary", onclick: () => ((replay = null), draw()) }, `✕ ${t("web.replay.close")}`),
  );
}

// ------------------------------------------------------------------ live
/** The link's token opens no seat: say so plainly (it stays on screen), then watch. */
function seatLost(detail) {
  forgetToken(tableId);
  token = null;
  const el = $("seat-lost");
  el.replaceChildren(
    h("strong", {}, t("web.table.seat_lost"), " "),
    t("web.table.seat_lost_detail", { detail }),
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
  if (msg.type === "presence") {
    // Who is here (issue 38, item 4): only the seats' here / away since change.
    if (!table) return;
    const by = new Map(msg.seats.map((s) => [s.seat, s]));
    table = { ...table, seats: table.seats.map((s) => ({ ...s, ...(by.get(s.seat) ?? {}) })) };
    drawHeader();
    return;
  }
  // Log lines come in order on one socket: a full log first (or after a take-back), then
  // only the new events of each change.
  if (msg.type === "table" || msg.reset) log = msg.log || [];
  else log = log.concat((msg.new_events || []).map((e) => e.text));
  table = msg;
  if (pending && table.moves !== pending.moves) pending = null; // the move (or take-back) is shown
  trackClock(table, () => drawSide()); // a clock that runs out here shows the choice at once
  draw();
}

/** Keep the move a socket update brings when it brings exactly one: its new events are then
 * that move's (a socket's first message is the whole table; a take-back starts the log anew). */
function noteTold(msg) {
  if (msg.type === "table") toldMoves = msg.moves;
  if (msg.type !== "update") return;
  if (msg.reset) told.clear();
  else if (toldMoves !== null && msg.moves === toldMoves + 1 && msg.last_mover !== null && msg.last_mover !== undefined) {
    const events = (msg.new_events || []).filter((e) => e.kind !== "notice");
    told.set(msg.moves, { step: msg.moves, mover: msg.last_mover, view: msg.view, events });
  }
  toldMoves = msg.moves;
}

function connect() {
  if (socket) retire(socket, t("web.table.offline"));
  toldMoves = null;
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const q = `?lang=${lang()}&presence=1` + (token ? `&token=${encodeURIComponent(token)}` : "");
  const ws = new WebSocket(`${proto}://${location.host}/ws/tables/${tableId}${q}`);
  socket = ws;
  heard(ws); // a socket that never opens is given up too
  ws.pinger = setInterval(() => ping(ws), LIVE.ping);
  ws.onmessage = (e) => {
    retry = 500;
    heard(ws);
    const msg = JSON.parse(e.data);
    if (msg.type === "pong") return;
    if (msg.type === "played" || msg.re === "play") return answered(ws, msg);
    if (socket === ws) noteTold(msg); // a closed socket's last message is not this socket's
    accept(msg);
    if (msg.type === "table" && checking !== null) {
      // the table read again after a move went unanswered: did it land?
      toast(t(msg.moves > checking ? "web.table.move_played" : "web.table.move_not_played"), "info");
      checking = null;
    }
  };
  ws.onclose = (e) => {
    if (e.code === 4404) {
      retire(ws, t("web.table.offline"));
      socket = null;
      $("live").textContent = `⚠ ${t("web.table.offline")}`;
      return toast(t("web.table.no_table"));
    }
    lost(ws, t("web.table.offline"));
  };
  ws.onopen = () => ($("live").textContent = `● ${t("web.table.live")}`);
}

/** Something came on `ws`: the watch for silence starts again. */
function heard(ws) {
  clearTimeout(ws.quiet);
  ws.asked = null;
  ws.quiet = setTimeout(() => quiet(ws), LIVE.silence);
}

function ping(ws) {
  if (ws.readyState !== WebSocket.OPEN) return;
  ws.asked ??= Date.now(); // the first ping since anything came
  ws.send("ping");
}

/** Nothing came on `ws` for LIVE.silence. A background tab's timers may have slept (no ping
 * went out): one goes now, and the socket is judged once it has had its time to answer. */
function quiet(ws) {
  const waited = ws.asked === null ? 0 : Date.now() - ws.asked;
  const due = LIVE.silence - LIVE.ping;
  if (ws.readyState === WebSocket.OPEN && waited < due) {
    ping(ws);
    ws.quiet = setTimeout(() => quiet(ws), due - waited);
    return;
  }
  lost(ws, t("web.table.offline"));
}

/** Forget `ws`: no handler or timer of it runs again, and its moves still unanswered are
 * refused here with `why` (the table, read again, tells whether they landed). */
function retire(ws, why) {
  ws.onopen = ws.onmessage = ws.onclose = null;
  clearInterval(ws.pinger);
  clearTimeout(ws.quiet);
  for (const p of sent.filter((p) => p.ws === ws)) {
    clearTimeout(p.timer);
    checking = checking === null ? p.index : Math.min(checking, p.index);
    p.reject(new Error(why));
  }
  sent = sent.filter((p) => p.ws !== ws);
  try {
    ws.close(); // on a dead network no close ever comes back: nothing waits for it
  } catch {
    /* closed already */
  }
}

/** `ws` closed, went silent or left a move unanswered: say so, and open another. */
function lost(ws, why) {
  retire(ws, why);
  if (socket !== ws) return;
  socket = null;
  $("live").textContent = `⚠ ${t("web.table.offline")}`;
  setTimeout(connect, retry);
  retry = Math.min(retry * 2, 10000);
}

async function refresh() {
  accept({ ...(await api("GET", `/api/tables/${tableId}`, undefined, token)), type: "table" });
}

async function start() {
  try {
    await openLink();
    const first = await api("GET", `/api/tables/${tableId}`, undefined, token);
    [renderer, catalog] = await Promise.all([
      loadRenderer(first.game),
      api("GET", `/api/games/${encodeURIComponent(first.game)}/catalog`).catch(() => ({})),
    ]);
    accept({ ...first, type: "table" });
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

document.addEventListener("visibilitychange", () => table && signalTurn());
$("sound").addEventListener("click", () => {
  toggleSound();
  drawSound();
});
await loadLanguage();
translatePage();
document.querySelector("header.top").prepend(languageSwitch());
drawSound();
// On a phone the moves sit in a bar at the bottom: the page keeps room for it. --bar is not
// inherited (style.css): set on <main>, it restyles <main> alone, not the whole board below it.
let bar = null;
new ResizeObserver(() => {
  const px = `${$("actions").offsetHeight}px`;
  if (px === bar) return;
  document.querySelector("main").style.setProperty("--bar", (bar = px));
  $("toasts").style.setProperty("--bar", px); // its messages stand above the bar, not behind it
}).observe($("actions"));
// A board frame that changes width (a phone turned, a window resized) gets its board drawn again.
new ResizeObserver(([entry]) => {
  frameWidth = entry.contentRect.width;
  if (table && !stepping && drawnWidth !== null && Math.abs(frameWidth - drawnWidth) > 2) drawBoard();
}).observe($("board"));
// The log folds away on a phone; it starts open where there is room for it.
if (window.matchMedia("(min-width: 801px)").matches) $("log-box").open = $("chat-box").open = true;
start();
