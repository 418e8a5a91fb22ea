"""The front end in a real browser (Playwright driving Debian's Chromium).

Skipped when /usr/bin/chromium or the playwright package is absent (the lead arranges
Chromium for CI). A uvicorn server with every game runs in a thread on a free port.
"""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

CHROMIUM = "/usr/bin/chromium"
pytestmark = [
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason=f"no browser at {CHROMIUM}"),
]
sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    import uvicorn

    from muertos.server import create_app

    db = tmp_path_factory.mktemp("browser") / "muertos.db"
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    srv = uvicorn.Server(
        uvicorn.Config(create_app(f"sqlite:///{db}"), host="127.0.0.1", port=port, log_level="warning")
    )
    th = threading.Thread(target=srv.run, daemon=True)
    th.start()
    base = f"http://127.0.0.1:{port}"
    for _ in range(200):
        try:
            if httpx.get(f"{base}/healthz", timeout=1).status_code == 200:
                break
        except httpx.HTTPError:
            time.sleep(0.05)
    yield base
    srv.should_exit = True
    th.join(10)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield b
        b.close()


def create(base: str, body: dict[str, Any]) -> dict[str, Any]:
    r = httpx.post(f"{base}/api/tables", json=body)
    assert r.status_code == 201, r.text
    out: dict[str, Any] = r.json()
    return out


def test_lobby_creates_an_ofrenda_table_and_a_click_plays(server: str, browser: Any) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server + "/")
    card = page.locator("article.game-card", has_text="Ofrenda").first
    card.wait_for()
    assert card.locator("svg.emblem").count() == 1
    card.get_by_role("button", name="New table").click()
    page.select_option("#players", "2")
    page.get_by_role("button", name="Create table").click()
    page.get_by_role("link", name="Go to the table →").click()
    page.wait_for_selector("svg.board.ofrenda")
    page.wait_for_selector("button.action")
    assert "★ you" in page.locator("#seats").inner_text()
    # a click on the Family board's first space takes that portrait
    page.locator(".ofr-family .ofr-card.playable").first.click()
    page.wait_for_function("document.querySelector('#log').innerText.includes('Player 1 takes')")
    # decline the candle from the action list, then pick a hand card and click a slot
    no_candle = page.get_by_role("button", name="no candle", exact=True)
    if no_candle.count():  # offered whenever a candle could be taken
        no_candle.click()
    hand = page.locator(".ofr-seat .ofr-card.playable").first
    hand.wait_for()
    hand.click()
    page.locator(".ofr-slot.playable").first.click()
    page.wait_for_function("document.querySelector('#log').innerText.includes('Player 1 places')")
    assert not errors, errors


def test_table_page_fits_a_phone_and_the_action_list_plays(server: str, browser: Any) -> None:
    t = create(
        server,
        {"game": "ofertu", "seats": [{"kind": "human"}, {"kind": "bot", "agent": "random"}], "seed": 3},
    )
    page = browser.new_page(viewport={"width": 390, "height": 844}, is_mobile=True)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(t["invites"][0]["url"])
    page.wait_for_selector("svg.board")
    page.wait_for_selector("button.action")
    assert "token=" not in page.url  # the secret leaves the address bar
    before = page.locator("#log li").count()
    page.locator("button.action").first.click()
    page.wait_for_function(f"document.querySelectorAll('#log li').length > {before}")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 392, width
    assert not errors, errors


def test_spectator_sees_no_moves_and_replay_steps_through_a_finished_game(server: str, browser: Any) -> None:
    t = create(server, {"game": "ofertu", "seats": [{"kind": "bot", "agent": "random"}] * 2, "seed": 4})
    for _ in range(300):
        if httpx.get(f"{server}/api/tables/{t['id']}").json()["status"] == "finished":
            break
        time.sleep(0.1)
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(f"{server}/table/{t['id']}")
    page.wait_for_selector("table.scores")
    assert page.locator("button.action").count() == 0
    assert "♛ winner" in page.inner_text("table.scores")
    page.get_by_role("button", name="▶ Replay this game").click()
    page.wait_for_selector("#replay:not([hidden])")
    page.get_by_role("button", name="next").click()
    page.wait_for_function("document.querySelector('#log-title').innerText.startsWith('Step 1 of')")
