// An inline SVG emblem per game for the lobby; a marigold for any game not drawn here.
import { t } from "./i18n.js";
import { fromMarkup } from "./svg.js";

const EMBLEMS = {
  ofrenda: `<svg viewBox="0 0 100 100" role="img" aria-label="An ofrenda: a three-step altar with candles and marigolds">
    <path d="M10 22 Q20 30 30 22 Q40 30 50 22 Q60 30 70 22 Q80 30 90 22" fill="none" stroke="#d6336c" stroke-width="3"/>
    <rect x="14" y="78" width="72" height="14" fill="#7a4b2a"/>
    <rect x="24" y="62" width="52" height="16" fill="#9c6236"/>
    <rect x="34" y="46" width="32" height="16" fill="#b9783f"/>
    <rect x="44" y="30" width="12" height="10" rx="2" fill="#fff4d6" stroke="#5a3a1e"/>
    <rect x="29" y="68" width="8" height="8" fill="#fff4d6" stroke="#5a3a1e"/>
    <rect x="63" y="68" width="8" height="8" fill="#fff4d6" stroke="#5a3a1e"/>
    <g fill="#f5f0e1" stroke="#5a3a1e"><rect x="38" y="36" width="4" height="10"/><rect x="58" y="36" width="4" height="10"/></g>
    <g fill="#ffb703"><path d="M40 30 q2 3 0 6 q-2 -3 0 -6z"/><path d="M60 30 q2 3 0 6 q-2 -3 0 -6z"/></g>
    <g fill="#f77f00" stroke="#c05600"><circle cx="20" cy="75" r="4"/><circle cx="80" cy="75" r="4"/><circle cx="50" cy="72" r="4"/></g>
  </svg>`,
  "die-of-the-dead": `<svg viewBox="0 0 100 100" role="img" aria-label="A die whose face is a skull">
    <rect x="18" y="18" width="64" height="64" rx="12" fill="#fdfdfd" stroke="#222" stroke-width="3"/>
    <path d="M50 30 c-12 0 -18 8 -18 17 c0 7 4 10 7 12 v7 h22 v-7 c3 -2 7 -5 7 -12 c0 -9 -6 -17 -18 -17z" fill="#fff" stroke="#222" stroke-width="2"/>
    <circle cx="43" cy="48" r="5" fill="#6a4c93"/><circle cx="57" cy="48" r="5" fill="#6a4c93"/>
    <path d="M48 57 l2 -4 l2 4z" fill="#222"/>
    <g stroke="#222" stroke-width="1.5"><path d="M44 61v5M48 61v5M52 61v5M56 61v5"/></g>
    <g fill="#e63946"><circle cx="28" cy="28" r="4"/><circle cx="72" cy="72" r="4"/></g>
  </svg>`,
  patzcuaro: `<svg viewBox="0 0 100 100" role="img" aria-label="Lake Pátzcuaro: a butterfly-net canoe at night">
    <rect x="0" y="0" width="100" height="100" rx="10" fill="#1d3557"/>
    <circle cx="78" cy="20" r="9" fill="#f1faee"/>
    <path d="M0 70 Q25 64 50 70 T100 70 V100 H0z" fill="#457b9d"/>
    <path d="M30 68 h40 l-6 7 h-28z" fill="#8d5524"/>
    <path d="M50 68 V40" stroke="#f1faee" stroke-width="2"/>
    <path d="M50 42 C30 30 24 52 50 60 C76 52 70 30 50 42z" fill="none" stroke="#f1faee" stroke-width="2"/>
    <g fill="#ffb703"><circle cx="15" cy="82" r="2.5"/><circle cx="85" cy="86" r="2.5"/><circle cx="60" cy="90" r="2.5"/></g>
  </svg>`,
  "dia-de-los-muertos": `<svg viewBox="0 0 100 100" role="img" aria-label="A sugar skull">
    <path d="M50 12 c-22 0 -34 15 -34 33 c0 13 7 19 13 23 v14 h42 v-14 c6 -4 13 -10 13 -23 c0 -18 -12 -33 -34 -33z" fill="#fffaf0" stroke="#333" stroke-width="3"/>
    <g fill="#3a86ff" stroke="#333"><circle cx="37" cy="45" r="9"/><circle cx="63" cy="45" r="9"/></g>
    <g fill="#ff006e"><circle cx="37" cy="45" r="3"/><circle cx="63" cy="45" r="3"/></g>
    <path d="M46 60 l4 -7 l4 7z" fill="#333"/>
    <g stroke="#333" stroke-width="2"><path d="M38 70v10M44 70v10M50 70v10M56 70v10M62 70v10"/></g>
    <g fill="#fb5607"><circle cx="50" cy="24" r="3"/><circle cx="42" cy="27" r="2"/><circle cx="58" cy="27" r="2"/></g>
  </svg>`,
  ofertu: `<svg viewBox="0 0 100 100" role="img" aria-label="Two cards offered face down and face up">
    <rect x="18" y="20" width="36" height="54" rx="5" fill="#2a9d8f" stroke="#1b4d46" stroke-width="2" transform="rotate(-10 36 47)"/>
    <rect x="46" y="24" width="36" height="54" rx="5" fill="#fff" stroke="#333" stroke-width="2" transform="rotate(8 64 51)"/>
    <text x="64" y="58" text-anchor="middle" font-size="22" font-family="serif" fill="#e63946" transform="rotate(8 64 51)">7</text>
    <path d="M28 84 h44" stroke="#e9c46a" stroke-width="5" stroke-linecap="round"/>
  </svg>`,
};

const MARIGOLD = `<svg viewBox="0 0 100 100" role="img" aria-label="A marigold">
  <g fill="#f77f00" stroke="#c05600">${Array.from({ length: 12 }, (_, i) => `<ellipse cx="50" cy="26" rx="9" ry="18" transform="rotate(${i * 30} 50 50)"/>`).join("")}</g>
  <circle cx="50" cy="50" r="12" fill="#ffb703" stroke="#c05600"/>
</svg>`;

export function emblem(gameId) {
  const el = fromMarkup(EMBLEMS[gameId] ?? MARIGOLD);
  el.classList.add("emblem");
  el.setAttribute("aria-label", t(`web.emblem.${gameId in EMBLEMS ? gameId : "marigold"}`));
  return el;
}
