"""Screenshots of the turn messages panel (issue 38, item 6) for the README:
``python docs/screenshots/notify.py``.

Runs the web table in this process (uvicorn in a thread, a temporary SQLite file) with
SMTP settings, so the panel offers an e-mail address beside the webhook (no message is
sent: nobody's turn comes while the pictures are taken). Saves, in English and Spanish,
at desktop (1280×800) and phone (390×844) size, ``notify[-es][-phone].png``: an Ofertu
table as Bea sees it, the "Tell me when it is my turn" panel open with her address in it,
scrolled into view. Run from anywhere: it finds ``clocks.py`` beside it.
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import sync_playwright

from muertos.server.browser import CHROMIUM_ARGS, CHROMIUM_PATH, serving

HERE = Path(__file__).parent
SIZES: list[tuple[str, str, dict[str, int]]] = [
    ("en", "", {"width": 1280, "height": 800}),
    ("en", "-phone", {"width": 390, "height": 844}),
    ("es", "-es", {"width": 1280, "height": 800}),
    ("es", "-es-phone", {"width": 390, "height": 844}),
]


def main() -> None:
    from muertos.server import create_app
    from muertos.server.notify import Smtp

    with tempfile.TemporaryDirectory() as tmp:
        smtp = Smtp("127.0.0.1", 2525, "table@muertos.example")
        app = create_app(f"sqlite:///{tmp}/shots.db", watch_tick=None, bot_workers=1, smtp=smtp)
        with serving(app) as base, sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM_PATH, args=list(CHROMIUM_ARGS))
            for lang, suffix, size in SIZES:
                shot(browser, base, lang, suffix, size)
            browser.close()


def shot(browser: Any, base: str, lang: str, suffix: str, size: dict[str, int]) -> None:
    r = httpx.post(
        f"{base}/api/tables",
        json={
            "game": "ofertu",
            "seats": [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bea"}],
            "seed": 3,
        },
    )
    r.raise_for_status()
    created = r.json()
    tid, token = created["id"], created["invites"][1]["token"]
    httpx.put(
        f"{base}/api/tables/{tid}/notify",
        json={"email": "bea@example.org"},
        headers={"X-Seat-Token": token, "Accept-Language": lang},
    ).raise_for_status()
    phone = suffix.endswith("phone")
    ctx = browser.new_context(viewport=size, is_mobile=phone, has_touch=phone)
    page = ctx.new_page()
    page.add_init_script("localStorage.setItem('muertos:pace', '0')")
    page.goto(f"{base}/table/{tid}?token={token}&lang={lang}")
    page.wait_for_selector("svg.board")
    page.locator(".turn-messages summary").click()
    page.locator(".turn-messages input.email").wait_for(state="visible")
    page.wait_for_function("document.querySelector('.turn-messages input.email').value !== ''")
    page.locator(".turn-messages").evaluate("e => e.scrollIntoView({block: 'end'})")
    page.wait_for_timeout(300)
    out = HERE / f"notify{suffix}.png"
    page.screenshot(path=str(out), full_page=False)
    print("wrote", out)
    ctx.close()


if __name__ == "__main__":
    main()
