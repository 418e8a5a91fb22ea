// Clocks and seats people leave (issue 38): the time limit in the lobby's form, each seat's
// clock on the table page, the choice the others make when a person's time runs out, and
// the buttons to leave, resign or cancel. The server is the clock: this only draws what
// GET /api/tables/{id} says ("clock": remaining seconds at the server's "now"), ticking
// the running seat down between updates.
import { api } from "./api.js";
import { lang, t } from "./i18n.js";
import { h } from "./svg.js";

// ------------------------------------------------------------------ the lobby's form
/** The time-limit fieldset of the new-table form. */
export function clockFieldset() {
  const mode = h(
    "select",
    { id: "clock-mode", name: "clock-mode", "aria-label": t("clocks.web.time_limit") },
    h("option", { value: "none" }, t("clocks.web.mode_none")),
    h("option", { value: "live" }, t("clocks.web.mode_live")),
    h("option", { value: "turn" }, t("clocks.web.mode_turn")),
  );
  const field = (name, label, value, min, max, step) =>
    h("label", { class: `clock-field clock-${name}` }, `${label} `, h("input", { name: `clock-${name}`, type: "number", value: String(value), min, max, step }));
  const live = h("div", { class: "clock-live", hidden: true }, field("bank", t("clocks.web.bank"), 10, 1, 180, 1), " ", field("increment", t("clocks.web.increment"), 20, 0, 600, 1));
  const turn = h("div", { class: "clock-turn", hidden: true }, field("per_move", t("clocks.web.per_move"), 24, 1, 336, 1));
  const show = () => {
    live.hidden = mode.value !== "live";
    turn.hidden = mode.value !== "turn";
  };
  mode.addEventListener("change", show);
  return h("fieldset", { class: "clock-form" }, h("legend", {}, t("clocks.web.time_limit")), mode, live, turn);
}

/** The "clock" of the create request from the form (the server checks the ranges). */
export function clockFrom(form) {
  const data = new FormData(form);
  const mode = String(data.get("clock-mode") || "none");
  if (mode === "live") {
    const bank = Number(data.get("clock-bank")) * 60;
    return { mode, bank, increment: Number(data.get("clock-increment")), cap: Math.min(2 * bank, 21600) };
  }
  if (mode === "turn") return { mode, per_move: Number(data.get("clock-per_move")) * 3600 };
  return { mode: "none" };
}

/** A table's time limit in words, for the lobby's rows. */
export function limitLabel(limit) {
  if (!limit) return "";
  if (limit.mode === "live") return t("clocks.web.limit_live", { bank: duration(limit.bank), increment: duration(limit.increment) });
  return t("clocks.web.limit_turn", { per_move: duration(limit.per_move) });
}

// ------------------------------------------------------------------ time in words
const pad = (n) => String(n).padStart(2, "0");

/** 9:05, 1:02:03, or "2 d 03 h" for a turn-based table's days. */
export function duration(seconds) {
  const s = Math.max(0, Math.floor(seconds));
  if (s >= 86400) return t("clocks.web.days", { d: Math.floor(s / 86400), h: pad(Math.floor((s % 86400) / 3600)) });
  const hh = Math.floor(s / 3600);
  const mm = Math.floor((s % 3600) / 60);
  return hh ? `${hh}:${pad(mm)}:${pad(s % 60)}` : `${mm}:${pad(s % 60)}`;
}

// ------------------------------------------------------------------ the table page
let drawn = null; // {table, offset, received} of the last drawn table
let ticker = null;
let onExpire = null;

/** The server's time now, from the offset measured when the table came. */
function serverNow() {
  return Date.now() + (drawn?.offset ?? 0);
}

/** Seconds left to ``seat`` now (null: no clock). */
function left(seat) {
  const c = drawn?.table?.clock;
  if (!c || c.remaining[seat] === null || c.remaining[seat] === undefined) return null;
  if (c.running !== seat) return c.remaining[seat];
  return (Date.parse(c.deadline) - serverNow()) / 1000;
}

/** Whether the running seat's time is out now (the server said so, or its deadline passed since). */
export function expiredNow(table) {
  const c = table?.clock;
  return !!c && c.running !== null && (c.expired || (c.deadline !== null && serverNow() >= Date.parse(c.deadline)));
}

/** Remember the table just received; ``expire`` is called when the running clock runs out. */
export function trackClock(table, expire) {
  const c = table.clock;
  drawn = { table, offset: c ? Date.parse(c.now) - Date.now() : 0 };
  onExpire = expire;
  if (!ticker) ticker = setInterval(tick, 1000);
}

function tick() {
  const table = drawn?.table;
  if (!table?.clock) return;
  for (const el of document.querySelectorAll(".clock[data-seat]")) paint(el, Number(el.dataset.seat));
  const c = table.clock;
  if (c.running !== null && !c.expired && c.deadline !== null && serverNow() >= Date.parse(c.deadline)) {
    drawn.table = { ...table, clock: { ...c, expired: true } };
    onExpire?.();
  }
}

function paint(el, seat) {
  const s = left(seat);
  if (s === null) return;
  el.textContent = s <= 0 ? t("clocks.web.out") : duration(s);
  el.classList.toggle("out", s <= 0);
  el.classList.toggle("low", s > 0 && s < 60);
}

/** A seat's clock for the seats' list (null: no clock there). */
export function seatClock(table, seat) {
  const c = table.clock;
  if (!c || c.remaining[seat] === null || c.remaining[seat] === undefined) return null;
  const el = h("span", { class: "clock" + (c.running === seat ? " running" : ""), "data-seat": String(seat), role: "timer", "aria-label": t("clocks.web.clock_of", { name: table.seats[seat].name }) });
  paint(el, seat);
  return el;
}

/** How long ago, roughly: "5 min", "3 h", "2 d". */
export function ago(iso) {
  const s = Math.max(0, (serverNow() - Date.parse(iso)) / 1000);
  if (s < 3600) return t("clocks.web.ago_min", { n: Math.max(1, Math.round(s / 60)) });
  if (s < 86400) return t("clocks.web.ago_h", { n: Math.round(s / 3600) });
  return t("clocks.web.ago_d", { n: Math.round(s / 86400) });
}

/** Whether a seat's person has the table open ("here"), else since when they are away
 * (issue 38, item 4): nothing for a bot, for a person never seen, or for yourself. */
export function seatPresence(table, s) {
  if (s.kind === "bot" || s.seat === table.you) return null;
  if (s.here) return h("span", { class: "presence here", title: t("clocks.web.here") }, ` ● ${t("clocks.web.here")}`);
  if (!s.away_since) return null;
  return h("span", { class: "presence away", title: new Date(s.away_since).toLocaleString(lang()) }, ` ○ ${t("clocks.web.away", { ago: ago(s.away_since) })}`);
}

/** "a bot from move N (left)" for a seat its person no longer plays. */
export function seatBotTag(s) {
  if (s.bot_from === null || s.bot_from === undefined) return null;
  const why = s.bot_why === "left" ? "clocks.web.why_left" : "clocks.web.why_timeout";
  return h("span", { class: "tag bot-from" }, ` ⚙ ${t("clocks.web.bot_from", { move: s.bot_from + 1 })} (${t(why)})`);
}

/** The choice about a seat whose time ran out, and the buttons to leave, resign or cancel. */
export function drawSeatControls({ table, tableId, token, side, toast, accept }) {
  const c = table.clock;
  const names = (seats) => seats.map((s) => table.seats[s]?.name ?? String(s + 1)).join(t("web.and"));
  const post = async (method, path, body) => {
    try {
      const got = await api(method, path, body, token);
      if (got) accept(got);
      return got;
    } catch (e) {
      toast(e.message);
      return undefined;
    }
  };
  if (c && c.running !== null && expiredNow(table) && table.you !== null) {
    const who = table.seats[c.running].name;
    const box = h("section", { class: "clock-out", role: "alert", "aria-live": "assertive" });
    if (table.you === c.running) box.append(h("p", {}, h("strong", {}, `⚠ ${t("clocks.web.you_out")}`)));
    else if (c.voters.includes(table.you)) {
      const need = Math.floor(c.voters.length / 2) + 1;
      const parts = [
        h("p", {}, h("strong", {}, `⚠ ${t("clocks.web.expired", { name: who })}`), " ", t("clocks.web.choose")),
        h(
          "div",
          { class: "buttons" },
          h("button", { class: "vote-bot", onclick: () => post("POST", `/api/tables/${tableId}/clock/vote`, { choice: "bot", index: table.moves }) }, `⚙ ${t("clocks.web.to_bot")}`),
          h("button", { class: "secondary vote-wait", onclick: () => post("POST", `/api/tables/${tableId}/clock/vote`, { choice: "wait", index: table.moves }) }, t("clocks.web.wait")),
        ),
        c.voters.length > 1 ? h("p", { class: "muted" }, t("clocks.web.need", { need, of: c.voters.length })) : null,
        c.votes?.bot.length ? h("p", { class: "muted" }, t("clocks.web.chose_bot", { names: names(c.votes.bot) })) : null,
        c.votes?.wait.length ? h("p", { class: "muted" }, t("clocks.web.chose_wait", { names: names(c.votes.wait) })) : null,
      ];
      box.append(...parts.filter(Boolean)); // DOM append writes a null as "null"
    }
    if (c.auto_bot_at) box.append(h("p", { class: "muted" }, t("clocks.web.auto", { when: new Date(c.auto_bot_at).toLocaleString(lang()) })));
    side.append(box);
  }
  const buttons = [];
  if (table.can_resign) {
    buttons.push(h("button", { class: "secondary resign", onclick: () => confirm(t("clocks.web.resign_confirm")) && post("POST", `/api/tables/${tableId}/resign`) }, `⚑ ${t("clocks.web.resign")}`));
  }
  if (table.can_leave) {
    buttons.push(h("button", { class: "secondary leave", onclick: () => confirm(t("clocks.web.leave_confirm")) && post("POST", `/api/tables/${tableId}/leave`) }, `⎋ ${t("clocks.web.leave")}`));
  }
  if (table.can_cancel) {
    buttons.push(
      h(
        "button",
        {
          class: "secondary cancel-table",
          onclick: async () => {
            if (!confirm(t("clocks.web.cancel_confirm"))) return;
            try {
              await api("DELETE", `/api/tables/${tableId}`, undefined, token);
              toast(t("clocks.web.cancelled"), "info");
              setTimeout(() => (location.href = "/"), 800);
            } catch (e) {
              toast(e.message);
            }
          },
        },
        `✕ ${t("clocks.web.cancel")}`,
      ),
    );
  }
  if (buttons.length) side.append(h("div", { class: "seat-controls" }, ...buttons));
  if (token && table.you !== null) side.append(myLink(tableId, token, toast));
  if (token && table.you !== null && table.status !== "finished" && table.seats[table.you]?.kind !== "bot") side.append(turnMessages(tableId, token, toast));
}

/** Turn messages (issue 38, item 6): a webhook (Discord, Slack…) and, where the server
 * sends e-mail, an address, told when it is your turn and this tab is closed; saved empty,
 * they stop. The panel is built once per table and language and kept across redraws, so
 * what is being typed survives a move; the seat's settings are read once (only its token
 * may), and a way that failed and was dropped is said. */
let keptMessages = null;
function turnMessages(tableId, token, toast) {
  const key = `${tableId} ${token} ${lang()}`;
  if (keptMessages?.key === key) return keptMessages.el;
  const webhook = h("input", { class: "webhook", type: "url", maxlength: 500, placeholder: "https://…", "aria-label": t("notify.web.label") });
  const email = h("input", { class: "email", type: "email", maxlength: 254, placeholder: "name@example.org", autocomplete: "email", "aria-label": t("notify.web.email_label") });
  const emailRow = h("div", { class: "email-row", hidden: true }, h("p", { class: "muted" }, t("notify.web.email_help")), email);
  const dropped = h("p", { class: "dropped", role: "status", hidden: true });
  const show = (s) => {
    webhook.value = s.webhook ?? "";
    email.value = s.email ?? "";
    emailRow.hidden = !s.email_available;
    dropped.hidden = !s.dropped;
    dropped.textContent = s.dropped ? t(`notify.web.dropped_${s.dropped}`) : "";
  };
  const save = async (e) => {
    e.preventDefault();
    const body = { webhook: webhook.value.trim() || null, email: emailRow.hidden ? null : email.value.trim() || null };
    try {
      show(await api("PUT", `/api/tables/${tableId}/notify`, body, token));
      toast(t(body.webhook || body.email ? "notify.web.saved" : "notify.web.stopped"), "info");
    } catch (err) {
      toast(err.message);
    }
  };
  const el = h(
    "details",
    { class: "turn-messages" },
    h("summary", {}, t("notify.web.title")),
    dropped,
    h("p", { class: "muted" }, t("notify.web.help")),
    h("form", { onsubmit: save, novalidate: true }, webhook, emailRow, h("button", { type: "submit" }, t("notify.web.save"))),
  );
  api("GET", `/api/tables/${tableId}/notify`, undefined, token).then(
    (s) => {
      show(s);
      if (s.dropped) el.open = true;
    },
    () => {},
  );
  keptMessages = { key, el };
  return el;
}

/** The seat's own link, to come back from another device (or to send again): it opens
 * only this seat, as the invite link did (issue 38, item 5). */
function myLink(tableId, token, toast) {
  const url = `${location.origin}/table/${encodeURIComponent(tableId)}?token=${encodeURIComponent(token)}`;
  return h(
    "details",
    { class: "my-link" },
    h("summary", {}, t("clocks.web.my_link")),
    h("p", { class: "muted" }, t("clocks.web.keep_link")),
    h("input", { value: url, readonly: true, "aria-label": t("clocks.web.my_link"), onfocus: (e) => e.target.select() }),
    h("button", { class: "link", onclick: () => navigator.clipboard?.writeText(url).then(() => toast(t("web.table.copied"), "info")) }, t("web.table.copy_link")),
  );
}

/** "Ana resigned: Bo wins." for the result panel of a resigned table. */
export function resignedLine(table) {
  if (table.resigned === null || table.resigned === undefined) return null;
  const winner = table.seats.find((s) => s.seat !== table.resigned);
  return h("p", { class: "resigned" }, t("clocks.web.resigned", { name: table.seats[table.resigned].name, winner: winner?.name ?? "" }));
}
