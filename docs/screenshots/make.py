"""Screenshots of every game's table for the README: ``python docs/screenshots/make.py``.

Starts the web table (uvicorn in a thread, a temporary SQLite file) on a free port, opens one table
per game with a human at seat 1 and bots elsewhere, plays a few moves for seat 1 through
the API (the first legal action, so the picture is repeatable), and saves
``docs/screenshots/<id>.png`` (a 1400×1000 desktop) and ``docs/screenshots/<id>-phone.png``
(a 390×844 phone, the screen as seen, with its move bar) from Debian's Chromium through
Playwright.

``--lang es`` takes them in Spanish (the page's language switch set through ``?lang=es``):
``<id>-es.png`` at 1280×800 and ``<id>-es-phone.png``; ``lobby`` among the ids is the
lobby page. ``python docs/screenshots/make.py --lang es ofertu lobby``.

``analysis`` among the ids is the Analysis view of a finished Ofertu game against the greedy
bot, at the default budget, its worst move picked in its list (``analysis.png``,
``analysis-phone.png``, the phone scrolled to the panel).
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import sync_playwright

from muertos.server.browser import CHROMIUM_ARGS, CHROMIUM_PATH, serving

HERE = Path(__file__).parent
# game: (players, options, moves seat 1 plays before the picture)
GAMES: dict[str, tuple[int, dict[str, Any], int]] = {
    "ofrenda": (2, {}, 8),
    "die-of-the-dead": (2, {}, 14),
    "patzcuaro": (2, {}, 4),
    "dia-de-los-muertos": (3, {}, 6),
    "ofertu": (2, {}, 3),
}

LOBBY = "lobby"
"""Not a game: the lobby page."""
ANALYSIS = "analysis"
"""Not a game: the Analysis view of a finished Ofertu game."""

# file suffix, viewport, whole page: the desktop page whole, the phone as its screen shows it
SIZES: dict[str, list[tuple[str, dict[str, int], bool]]] = {
    "en": [("", {"width": 1400, "height": 1000}, True), ("-phone", {"width": 390, "height": 844}, False)],
    "es": [
        ("-es", {"width": 1280, "height": 800}, True),
        ("-es-phone", {"width": 390, "height": 844}, False),
    ],
}


def advance(base: str, tid: str, token: str, moves: int) -> None:
    """Play up to ``moves`` actions for seat 1 (its first legal one), waiting for the bots."""
    done = 0
    deadline = time.monotonic() + 60
    while done < moves and time.monotonic() < deadline:
        t = httpx.get(f"{base}/api/tables/{tid}", headers={"X-Seat-Token": token}).json()
        if t["view"]["over"]:
            return
        if not t["view"]["legal"]:
            time.sleep(0.1)
            continue
        r = httpx.post(
            f"{base}/api/tables/{tid}/actions",
            json={"action": t["view"]["legal"][0], "index": t["moves"]},
            headers={"X-Seat-Token": token},
        )
        if r.status_code == 200:
            done += 1


def page_url(base: str, gid: str, lang: str) -> str:
    """The page to photograph: the lobby, or a new table of ``gid`` as seat 1 sees it after
    a few moves."""
    if gid == LOBBY:
        return f"{base}/?lang={lang}"
    if gid == ANALYSIS:
        return analysed(base, lang)
    players, options, moves = GAMES[gid]
    seats = [{"kind": "human", "name": "Ana"}] + [
        {"kind": "bot", "agent": "random", "name": f"Bot {i + 1}"} for i in range(players - 1)
    ]
    body = {"game": gid, "players": players, "options": options, "seats": seats, "seed": 11}
    t = httpx.post(f"{base}/api/tables", json=body).json()
    advance(base, t["id"], t["creator_token"], moves)
    return f"{t['invites'][0]['url']}&lang={lang}"


def analysed(base: str, lang: str) -> str:
    """A finished Ofertu game of Ana against the greedy bot, analysed (the view then opens
    at once): seat 1's page."""
    seats = [{"kind": "human", "name": "Ana"}, {"kind": "bot", "agent": "greedy", "name": "Bot"}]
    t = httpx.post(f"{base}/api/tables", json={"game": "ofertu", "seats": seats, "seed": 11}).json()
    advance(base, t["id"], t["creator_token"], 500)
    url = f"{base}/api/tables/{t['id']}/analysis"
    httpx.post(url, json={"deep": False})
    deadline = time.monotonic() + 600
    while httpx.get(url).json()["status"] != "done" and time.monotonic() < deadline:
        time.sleep(1)
    return f"{t['invites'][0]['url']}&lang={lang}"


def open_analysis(page: Any, phone: bool) -> None:
    """Open the replay and its analysis, and pick the first mistake (else an inaccuracy)."""
    page.locator("#actions button", has_text="▶").click()
    page.wait_for_selector("button.an-go, .an-chart")  # analysed already: the chart at once
    if not page.locator(".an-chart").count():
        page.locator("button.an-go").click()
    page.wait_for_selector(".an-chart svg path.an-line")
    worst = [page.locator(f".an-decisions li.{v}") for v in ("blunder", "mistake", "inaccuracy")]
    pick = next((w.first for w in worst if w.count()), page.locator(".an-decisions li").nth(4))
    pick.locator("button").click()
    page.wait_for_selector(".an-decisions li.current")
    page.wait_for_timeout(600)
    if phone:
        page.locator("#analysis").scroll_into_view_if_needed()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--lang", choices=sorted(SIZES), default="en")
    ap.add_argument("ids", nargs="*", help=f"games to photograph, or {LOBBY} (default: every game)")
    args = ap.parse_args()
    ids = args.ids or list(GAMES)
    from muertos.server import create_app

    with tempfile.TemporaryDirectory() as tmp:
        app = create_app(f"sqlite:///{tmp}/shots.db")
        with serving(app) as base, sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM_PATH, args=list(CHROMIUM_ARGS))
            for gid in ids:
                url = page_url(base, gid, args.lang)
                for suffix, size, full in SIZES[args.lang]:
                    phone = suffix.endswith("phone")
                    ctx = browser.new_context(viewport=size, is_mobile=phone, has_touch=phone)
                    page = ctx.new_page()
                    page.goto(url)
                    page.wait_for_selector("article.game-card" if gid == LOBBY else "svg.board")
                    page.wait_for_timeout(1200)  # the marks of the last moves come in
                    if gid == ANALYSIS:
                        open_analysis(page, phone)
                    out = HERE / f"{gid}{suffix}.png"
                    page.screenshot(path=str(out), full_page=full)
                    ctx.close()
                    print("wrote", out)
            browser.close()


if __name__ == "__main__":
    main()
