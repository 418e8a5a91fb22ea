"""Ofertu's board on a phone (390×844) in English and Spanish: drawn narrower rather than
shrunk, every word of it is at least 11 px on the screen and none is off the screen."""

from __future__ import annotations

from typing import Any

import pytest

from .support import HTTP, create, watch
from .test_readable import overflow

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
MIN_PX = 11

# Each text of the board: its words, its size on the screen (its font size times the scale
# the board and its groups draw it at) and its box.
TEXTS_JS = """() => [...document.querySelectorAll('#board svg.board text')]
  .filter((t) => t.textContent.trim())
  .map((t) => {
    const r = t.getBoundingClientRect();
    const m = t.getScreenCTM();
    return {text: t.textContent.trim(), px: parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b),
            left: r.left, right: r.right};
  })"""


def advance(base: str, table: dict[str, Any], moves: int) -> None:
    """Seat 1 plays its first legal action `moves` times (the bot answers on the server)."""
    tid, token = table["id"], table["invites"][0]["token"]
    for _ in range(moves):
        for _ in range(200):
            t = HTTP.get(f"{base}/api/tables/{tid}", headers={"X-Seat-Token": token}).json()
            if t["status"] == "finished" or t["view"]["to_move"] == 0:
                break
            HTTP.get(f"{base}/healthz")  # let the bot think
        if t["status"] == "finished":
            return
        action = t["view"]["legal"][0]
        r = HTTP.post(
            f"{base}/api/tables/{tid}/actions", json={"action": action}, headers={"X-Seat-Token": token}
        )
        assert r.status_code == 200, r.text


@pytest.mark.parametrize("lang", ["en", "es"])
def test_ofertu_on_a_phone_is_readable_and_on_screen(server: str, browser: Any, lang: str) -> None:
    t = create(
        server,
        {
            "game": "ofertu",
            "seats": [{"kind": "human", "name": "Ana"}, {"kind": "bot", "agent": "random"}],
            "seed": 9,
        },
    )
    advance(server, t, 7)  # two rounds: cards in hand, in the victory displays and out of play
    ctx = browser.new_context(**PHONE)
    page = ctx.new_page()
    errors = watch(page)
    page.goto(f"{t['invites'][0]['url']}&lang={lang}")
    page.wait_for_selector("svg.board")
    page.wait_for_function("document.querySelectorAll('#board svg.board text').length > 20")
    texts = page.evaluate(TEXTS_JS)
    small = sorted({f"{x['text'][:30]} ({x['px']:.1f} px)" for x in texts if x["px"] < MIN_PX - 0.05})
    assert not small, f"{lang}: text under {MIN_PX} px: {small[:10]}"
    off = sorted({x["text"][:30] for x in texts if x["left"] < 0 or x["right"] > PHONE["viewport"]["width"]})
    assert not off, f"{lang}: text off the screen: {off[:10]}"
    frame = page.evaluate(
        "(() => { const b = document.getElementById('board'); return [b.scrollWidth, b.clientWidth]; })()"
    )
    assert frame[0] <= frame[1] + 1, frame  # the board does not scroll sideways
    words = " ".join(x["text"] for x in texts)
    if lang == "es":
        assert "Zona de victoria:" in words and "Fila de subasta" in words and "Display:" not in words
    else:
        assert "Display:" in words and "Auction row" in words
    assert any(x["text"].startswith(("R", "B", "W")) and x["text"][1:].isdigit() for x in texts)  # cards
    assert not overflow(page), overflow(page)
    assert page.evaluate("document.documentElement.scrollWidth") <= 392
    assert errors == []
    ctx.close()
