// Chat at the table (issue 38, item 7): the table's messages (they come with the table,
// live), a box to write one (as your seat, or as a spectator with a name), and muting a
// seat or the spectators, for yourself only (remembered in this browser). Messages are
// drawn as text, never as markup. In the replay, the messages written at that step.
import { api } from "./api.js";
import { t } from "./i18n.js";
import { h, scrollToEnd } from "./svg.js";

const MUTE = (id) => `muertos:mute:${id}`;
let built = null; // {tableId, list, form, input, name, mutes}

function muted(tableId) {
  try {
    return new Set(JSON.parse(localStorage.getItem(MUTE(tableId)) || "[]"));
  } catch {
    return new Set();
  }
}

function toggle(tableId, key) {
  const set = muted(tableId);
  if (set.has(key)) set.delete(key);
  else set.add(key);
  localStorage.setItem(MUTE(tableId), JSON.stringify([...set]));
}

const keyOf = (m) => (m.seat === null ? "spectators" : `seat${m.seat}`);

function build({ tableId, token, toast, redraw }) {
  const box = document.getElementById("chat");
  const list = h("ol", { class: "chat-list", "aria-live": "polite" });
  const input = h("input", { id: "chat-text", maxlength: 300, autocomplete: "off", placeholder: t("chat.web.placeholder"), "aria-label": t("chat.web.label") });
  const name = h("input", { id: "chat-name", maxlength: 40, autocomplete: "nickname", placeholder: t("chat.web.your_name"), "aria-label": t("chat.web.your_name") });
  const send = async (e) => {
    e.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    try {
      const body = { text };
      if (!token && name.value.trim()) body.name = name.value.trim();
      await api("POST", `/api/tables/${tableId}/chat`, body, token);
      input.value = "";
    } catch (err) {
      toast(err.message);
    }
  };
  const form = h("form", { class: "chat-form", onsubmit: send }, token ? null : name, input, h("button", { type: "submit" }, t("chat.web.send")));
  const mutes = h("p", { class: "chat-mutes muted" });
  box.replaceChildren(list, form, mutes);
  built = { tableId, list, form, mutes, redraw };
  return built;
}

/** Draw the chat of ``table`` (or of the replay's step). */
export function drawChat({ table, tableId, token, replay, toast, redraw }) {
  const b = built?.tableId === tableId ? built : build({ tableId, token, toast, redraw });
  const off = muted(tableId);
  const messages = (replay ? replay.chat || [] : table.chat || []).filter((m) => !off.has(keyOf(m)));
  const who = (m) => (m.seat === null ? `${m.name || t("chat.web.spectator")} (${t("chat.web.spectator")})` : m.name);
  // the list is rebuilt (and scrolled to its end) only when what it shows changed: a move
  // redraws the page, and the same list drawn again would lay the page out for nothing
  const key = JSON.stringify([!!replay, messages.map((m) => [m.seat, m.name, m.text])]);
  if (key !== b.shown) {
    b.shown = key;
    b.list.replaceChildren(
      ...(messages.length
        ? messages.map((m) => h("li", { class: ["chat-msg", m.seat === null ? "spectator" : `seat${m.seat % 6}`].join(" ") }, h("strong", {}, `${who(m)}: `), m.text))
        : [h("li", { class: "muted" }, t(replay ? "chat.web.at_step" : "chat.web.nothing"))]),
    );
    scrollToEnd(b.list);
  }
  b.form.hidden = !!replay;
  document.getElementById("chat-count").textContent = table.chat?.length ? `(${table.chat.length})` : "";
  // Mute any seat but yours, or the spectators: for you only.
  const keys = [...table.seats.filter((s) => s.seat !== table.you).map((s) => [`seat${s.seat}`, s.name]), ["spectators", t("chat.web.spectators")]];
  b.mutes.replaceChildren(
    `${t("chat.web.mute_label")}: `,
    ...keys.map(([key, label]) =>
      h(
        "button",
        {
          class: "link chat-mute",
          "aria-pressed": String(off.has(key)),
          "data-key": key,
          title: t(off.has(key) ? "chat.web.unmute" : "chat.web.mute", { name: label }),
          onclick: () => {
            toggle(tableId, key);
            b.redraw();
          },
        },
        off.has(key) ? `(${label})` : label,
      ),
    ),
  );
}
