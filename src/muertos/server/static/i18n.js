// The reader's language: the table's messages and every game's terms, from the server's
// catalogs (GET /api/i18n/{lang}). Nothing a person reads is written in a module: it is a
// key here. The language is ?lang= if given, else the one chosen with the switch (kept in
// this browser), else the browser's own order of preference.
import { h } from "./svg.js";

const CHOICE = "muertos:lang";
const FALLBACK = "en";
let data = { lang: FALLBACK, languages: { en: "English", es: "Español" }, messages: {}, terms: {} };

/** The language this page should be in, before the server has said which it has. */
function wanted() {
  const asked = new URLSearchParams(location.search).get("lang");
  const candidates = [asked, localStorage.getItem(CHOICE), ...(navigator.languages || [navigator.language])];
  for (const c of candidates) {
    const two = String(c || "").trim().toLowerCase().slice(0, 2);
    if (two === "en" || two === "es") return two;
  }
  return FALLBACK;
}

/** Fetch the catalogs of the page's language and mark the document with it. */
export async function loadLanguage() {
  const want = wanted();
  try {
    const r = await fetch(`/api/i18n/${want}`);
    if (r.ok) data = await r.json();
  } catch {
    // no catalogs: the keys show, which a test notices; the page still works
  }
  document.documentElement.lang = data.lang;
  return data.lang;
}

/** The page's language ("en", "es"). */
export function lang() {
  return data.lang;
}

/** The message `key` in the page's language, its {placeholders} filled from `params`. */
export function t(key, params = {}) {
  return fill(data.messages[key] ?? key, params);
}

function fill(text, params) {
  return text.replace(/\{([a-z_][a-z0-9_]*)\}/g, (m, name) => (name in params ? String(params[name]) : m));
}

/** A seat's name inside a sentence ("♛ Gana el Jugador 1"): the name a seat gets when
 * nobody typed one takes the article the language gives it (seat_in_sentence), as the
 * server's lines do; a name a person typed stays as typed ("♛ Gana Ana"). */
export function inSentence(name, seat) {
  return name === t("seat", { n: seat + 1 }) ? t("seat_in_sentence", { n: seat + 1 }) : name;
}

/** A phrase with a seat's name put in by inSentence, with the contractions that name's
 * article makes with the word before it (seat_contractions: "esqueleto de el Jugador 1" →
 * "esqueleto del Jugador 1"), as the server's lines read (i18n.seats); a name a person typed
 * has no article and stays as it is ("esqueleto de Ana"). */
export function contracted(phrase) {
  let out = phrase;
  for (const pair of t("seat_contractions").split(";")) {
    const [long, short] = pair.split("→").map((s) => s.trim());
    if (!long || !short) continue;
    const re = new RegExp(`(^|[^\\p{L}\\p{N}])${long.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?=\\s)`, "gu");
    out = out.replace(re, `$1${short}`);
  }
  return out;
}

/** A game's word (a card name, a colour, a board label) in the page's language, or the English. */
export function term(gameId, english) {
  const terms = data.terms[gameId] || {};
  const exact = terms[english];
  if (exact !== undefined) return exact;
  const low = terms[english.charAt(0).toLowerCase() + english.slice(1)];
  if (low !== undefined && english.charAt(0) !== english.charAt(0).toLowerCase()) return low.charAt(0).toUpperCase() + low.slice(1);
  return english;
}

/** A count and its noun in agreement (gettext's ngettext): the game's term `one` (the
 * English singular, "☀ 1 lit") when `n` is 1, else `many` ("☀ {n} lit"), in the page's
 * language, {n} and `params` filled: "☀ 1 iluminado", never "☀ 1 iluminados". */
export function termn(gameId, one, many, n, params = {}) {
  return fill(term(gameId, n === 1 ? one : many), { ...params, n });
}

/** A game's phrase with values: its English template (the catalog's key, "{n} pips")
 * in the page's language, the {placeholders} filled from `params`. */
export function termf(gameId, english, params = {}) {
  return fill(term(gameId, english), params);
}

/** Remember `code` as this browser's language and show the page again in it. */
export function choose(code) {
  localStorage.setItem(CHOICE, code);
  const url = new URL(location.href);
  url.searchParams.delete("lang");
  location.href = url.toString();
}

/** The language switch (EN · ES): the current language marked, the other a button. */
export function languageSwitch() {
  const items = [];
  for (const code of Object.keys(data.languages)) {
    if (items.length) items.push(h("span", { class: "muted", "aria-hidden": "true" }, " · "));
    const current = code === data.lang;
    items.push(
      h(
        "button",
        { type: "button", class: "link lang-choice", lang: code, title: data.languages[code], "aria-pressed": String(current), "data-lang": code, onclick: () => current || choose(code) },
        code.toUpperCase(),
      ),
    );
  }
  return h("nav", { class: "lang-switch", "aria-label": t("web.language") }, ...items);
}

/** Fill the static page's marked elements: data-i18n (text), data-i18n-aria (aria-label),
 * data-i18n-title (the document title). */
export function translatePage(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll("[data-i18n-aria]")) el.setAttribute("aria-label", t(el.dataset.i18nAria));
  const title = document.querySelector("title[data-i18n-title]");
  if (title) document.title = t(title.dataset.i18nTitle);
}
