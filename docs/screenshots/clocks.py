"""Screenshots of the clocks (issue 38) for the README: ``python docs/screenshots/clocks.py``.

Runs the web table in this process (uvicorn in a thread, a temporary SQLite file) with a
clock the script moves on, so a live table's short bank runs out at once. Saves, in
English and Spanish, at desktop and phone size:

- ``clocks[-es][-phone].png``: an Ofertu table as Bea sees it when Ana's time ran out:
  both clocks on the seats, the choice (hand the seat to a bot, or wait), the buttons
  to resign or leave, and the chat (a seat's message and a spectator's);
- ``lobby-clock[-es][-phone].png``: the new-table form with the time limit set to live.
"""

from __future__ import annotations

import tempfile
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import sync_playwright

from muertos.server.browser import CHROMIUM_ARGS, CHROMIUM_PATH, serving

HERE = Path(__file__).parent
SIZES: list[tuple[str, str, dict[str, int], bool]] = [
    ("en", "", {"width": 1400, "height": 1000}, True),
    ("en", "-phone", {"width": 390, "height": 844}, False),
    ("es", "-es", {"width": 1280, "height": 800}, True),
    ("es", "-es-phone", {"width": 390, "height": 844}, False),
]


class SkewedClock:
    def __init__(self) -> None:
        self.skew = timedelta(0)

    def __call__(self) -> datetime:
        return datetime.now(UTC) + self.skew


def main() -> None:
    from muertos.server import create_app

    clock = SkewedClock()
    with tempfile.TemporaryDirectory() as tmp:
        app = create_app(f"sqlite:///{tmp}/shots.db", clock=clock, watch_tick=0.2, bot_workers=1)
        with serving(app) as base, sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM_PATH, args=list(CHROMIUM_ARGS))
            for lang, suffix, size, full in SIZES:
                phone = suffix.endswith("phone")
                table(browser, base, clock, lang, suffix, size, full, phone)
                lobby(browser, base, lang, suffix, size, phone)
            browser.close()


def table(
    browser: Any,
    base: str,
    clock: SkewedClock,
    lang: str,
    suffix: str,
    size: dict[str, int],
    full: bool,
    phone: bool,
) -> None:
    r = httpx.post(
        f"{base}/api/tables",
        json={
            "game": "ofertu",
            "seats": [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bea"}],
            "seed": 3,
            "clock": {"mode": "live", "bank": 300, "increment": 20, "cap": 600},
        },
    )
    r.raise_for_status()
    created = r.json()
    tid = created["id"]
    tokens = {i["seat"]: i["token"] for i in created["invites"]}
    ctx = browser.new_context(viewport=size, is_mobile=phone, has_touch=phone)
    page = ctx.new_page()
    page.add_init_script("localStorage.setItem('muertos:pace', '0')")
    page.goto(f"{base}/table/{tid}?token={tokens[1]}&lang={lang}")
    page.wait_for_selector("svg.board")
    t = httpx.get(f"{base}/api/tables/{tid}", headers={"X-Seat-Token": tokens[1]}).json()
    if t["clock"]["running"] == 1:  # Bea moves first: then it is Ana's clock that runs out
        httpx.post(
            f"{base}/api/tables/{tid}/actions",
            json={"action": t["view"]["legal"][0]},
            headers={"X-Seat-Token": tokens[1]},
        )
    said = {"en": ("brb, phone call!", "Come on Ana!"), "es": ("¡vuelvo enseguida!", "¡Vamos, Ana!")}[lang]
    httpx.post(f"{base}/api/tables/{tid}/chat", json={"text": said[0]}, headers={"X-Seat-Token": tokens[0]})
    httpx.post(f"{base}/api/tables/{tid}/chat", json={"text": said[1], "name": "Cleo"})
    clock.skew += timedelta(seconds=301)
    page.locator(".clock-out").wait_for(timeout=10_000)
    page.wait_for_timeout(800)
    if not full:
        page.locator(".clock-out").scroll_into_view_if_needed()
    out = HERE / f"clocks{suffix}.png"
    page.screenshot(path=str(out), full_page=full)
    print("wrote", out)
    ctx.close()


def lobby(browser: Any, base: str, lang: str, suffix: str, size: dict[str, int], phone: bool) -> None:
    ctx = browser.new_context(viewport=size, is_mobile=phone, has_touch=phone)
    page = ctx.new_page()
    page.goto(f"{base}/?lang={lang}")
    page.locator("article.game-card button").nth(4).click()  # Ofertu
    page.select_option("#clock-mode", "live")
    page.locator(".clock-form").scroll_into_view_if_needed()
    page.wait_for_timeout(300)
    out = HERE / f"lobby-clock{suffix}.png"
    page.screenshot(path=str(out), full_page=False)
    print("wrote", out)
    ctx.close()


if __name__ == "__main__":
    main()
