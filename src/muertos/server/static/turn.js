// "Your turn" when the tab is in the background: the title and the favicon change (and back
// when the tab is seen again); an optional beep (WebAudio, no sound file), off by default,
// the choice remembered in this browser.

import { t } from "./i18n.js";

const SOUND = "muertos:sound";
const ICON = "/static/favicon.svg";
const TURN_ICON = "/static/favicon-turn.svg";

export function soundOn() {
  return localStorage.getItem(SOUND) === "on";
}

export function toggleSound() {
  localStorage.setItem(SOUND, soundOn() ? "off" : "on");
  if (soundOn()) beep();
}

let audio = null;

/** A short two-note beep. */
export function beep() {
  try {
    audio ??= new AudioContext();
    const t = audio.currentTime;
    for (const [freq, at] of [
      [660, 0],
      [880, 0.12],
    ]) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, t + at);
      gain.gain.exponentialRampToValueAtTime(0.2, t + at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, t + at + 0.11);
      osc.connect(gain).connect(audio.destination);
      osc.start(t + at);
      osc.stop(t + at + 0.12);
    }
  } catch {
    // no audio device (or not allowed before a click): the title and icon still tell
  }
}

/** Title and favicon: the turn's (`on`) or the game's. */
export function yourTurn(on, game) {
  document.title = t(on ? "web.turn.title" : "web.turn.idle", { game });
  document.body.classList.toggle("your-turn-away", on);
  const link = document.querySelector("link[rel=icon]");
  if (link) link.href = on ? TURN_ICON : ICON;
}
