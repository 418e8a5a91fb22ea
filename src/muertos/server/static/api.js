// The JSON API and the tokens this browser holds (localStorage, per table). Every request
// asks for the page's language, so the server's sentences (status, log, errors) come in it.
import { lang, t } from "./i18n.js";

export class ApiError extends Error {
  constructor(status, code, detail) {
    super(typeof detail === "string" ? detail : JSON.stringify(detail));
    this.status = status;
    this.code = code;
  }
}

export async function api(method, path, body, token) {
  const headers = { "Accept-Language": lang() };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers["X-Seat-Token"] = token;
  const r = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  let data = null;
  try {
    data = await r.json();
  } catch {
    data = null;
  }
  if (!r.ok) throw new ApiError(r.status, data?.code ?? "error", data?.detail ?? r.statusText);
  return data;
}

const KEY = (id) => `muertos:token:${id}`;
const INVITES = (id) => `muertos:invites:${id}`;

export function tokenFor(tableId) {
  return localStorage.getItem(KEY(tableId));
}
/** Keep the token of this browser's seat at a table. A different token kept already is never
 * replaced: the seat it opens would be lost (a token is shown once). Whether it is kept. */
export function saveToken(tableId, token) {
  const held = localStorage.getItem(KEY(tableId));
  if (!token || (held && held !== token)) return false;
  localStorage.setItem(KEY(tableId), token);
  return true;
}
export function forgetToken(tableId) {
  localStorage.removeItem(KEY(tableId));
}
/** The creator's invite links of a table ({seat, name, token, url}); an invite once opened is
 * kept as {seat, name} alone: its link opens nothing any more (table.js drops it). */
export function saveInvites(tableId, invites) {
  localStorage.setItem(INVITES(tableId), JSON.stringify(invites));
}
export function invitesFor(tableId) {
  try {
    return JSON.parse(localStorage.getItem(INVITES(tableId)) || "[]");
  } catch {
    return [];
  }
}

/** Seat names are 0-based in the API, "Player 1" for people. */
export function seatLabel(table, seat) {
  const s = table.seats?.[seat];
  if (!s) return t("seat", { n: seat + 1 });
  return s.kind === "bot" ? `${s.name} ⚙` : s.name;
}
