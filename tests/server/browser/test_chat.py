"""Chat at the table in a real browser (issue 38, item 7): a seat writes, the other seat
and a spectator read it live as text (never markup), in English and Spanish; muting a
seat hides its messages for the one who muted, and only for them. And who is here
(item 4): a seat's person shows as here while their page is open, then as away."""

from __future__ import annotations

from typing import Any

from ..conftest import opened
from .support import HTTP
from .test_clocks import SkewedClock, chromium, clocked  # noqa: F401  (fixtures)


def page_for(chromium: Any, url: str, errors: list[str], size: dict[str, int] | None = None) -> Any:  # noqa: F811
    ctx = chromium.new_context(viewport=size or {"width": 1280, "height": 900})
    page = ctx.new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.add_init_script("localStorage.setItem('muertos:pace', '0')")
    page.goto(url)
    page.wait_for_selector("svg.board")
    return page


def test_a_message_reaches_the_others_as_text_and_a_mute_hides_it(
    clocked: tuple[str, SkewedClock],  # noqa: F811
    chromium: Any,  # noqa: F811
) -> None:
    base, _ = clocked
    r = HTTP.post(
        f"{base}/api/tables",
        json={
            "game": "ofertu",
            "seats": [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bea"}],
            "seed": 2,
        },
    )
    assert r.status_code == 201, r.text
    created = r.json()
    tid = created["id"]
    tokens = opened(base, created)
    errors: list[str] = []
    ana = page_for(chromium, f"{base}/table/{tid}?token={tokens[0]}", errors)
    bea = page_for(chromium, f"{base}/table/{tid}?token={tokens[1]}&lang=es", errors)
    fan = page_for(chromium, f"{base}/table/{tid}", errors)
    ana.fill("#chat-text", "<b>¡suerte!</b>")
    ana.press("#chat-text", "Enter")
    for page in (ana, bea, fan):
        page.locator(".chat-msg", has_text="¡suerte!").wait_for(timeout=10_000)
        assert page.locator(".chat-list b").count() == 0  # shown as text
        assert "<b>¡suerte!</b>" in page.locator(".chat-list").inner_text()
    assert (
        bea.locator("#chat-box h2").inner_text() == "Chat"
        and bea.locator("#chat-text").get_attribute("placeholder") == "Di algo a la mesa"
    )
    fan.fill("#chat-name", "Cleo")
    fan.fill("#chat-text", "go Bea")
    fan.locator(".chat-form button").click()
    bea.locator(".chat-msg", has_text="go Bea").wait_for(timeout=10_000)
    assert "Cleo (espectador)" in bea.locator(".chat-msg", has_text="go Bea").inner_text()
    bea.locator('.chat-mute[data-key="seat0"]').click()  # Bea mutes Ana, for herself
    assert bea.locator(".chat-msg", has_text="¡suerte!").count() == 0
    assert bea.locator(".chat-msg", has_text="go Bea").count() == 1
    assert fan.locator(".chat-msg", has_text="¡suerte!").count() == 1
    # Who is here (item 4): Bea sees Ana here, then away once Ana's page is closed.
    bea.locator(".presence.here").wait_for(timeout=10_000)
    assert "aquí" in bea.locator(".presence.here").inner_text()
    ana.context.close()
    bea.locator(".presence.away").wait_for(timeout=10_000)
    assert "ausente" in bea.locator(".presence.away").inner_text()
    assert not errors, errors
    for page in (bea, fan):
        page.context.close()
