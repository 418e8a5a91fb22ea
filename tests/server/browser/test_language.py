"""The language switch in a real browser: the lobby and an Ofertu table in Spanish (the
page's own words and the server's log lines), and back to English."""

from __future__ import annotations

from typing import Any

from .support import create, watch


def test_the_switch_puts_the_lobby_and_a_table_in_spanish_and_back(server: str, browser: Any) -> None:
    ctx = browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-US")
    page = ctx.new_page()
    errors = watch(page)
    page.goto(server + "/")
    page.locator("article.game-card").first.wait_for()
    assert page.locator("#games-h").inner_text() == "Games"
    with page.expect_navigation():  # the choice loads the page again
        page.locator(".lang-switch button[data-lang=es]").click()
    page.wait_for_function("document.documentElement?.lang === 'es'")
    page.locator("article.game-card").first.wait_for()
    assert page.locator("#games-h").inner_text() == "Juegos"
    assert page.get_by_role("button", name="Nueva mesa").count() == 5
    assert page.get_by_role("tab", name="Asientos libres").count() == 1

    made = create(
        server,
        {
            "game": "ofertu",
            "seats": [{"kind": "human", "name": "Ana"}, {"kind": "bot", "agent": "random"}],
            "seed": 5,
        },
    )
    page.goto(made["invites"][0]["url"])  # the choice is remembered: no ?lang= needed
    page.wait_for_selector("svg.board")
    page.wait_for_function("document.querySelectorAll('#log li').length > 2")
    assert page.locator("#actions h2").first.inner_text() == "Tu jugada"
    log = page.locator("#log").inner_text()
    assert "toma el mazo" in log and "Ronda 1" in log, log
    assert "takes the" not in log
    assert page.locator("#status").inner_text().startswith(("Puja", "Le toca", "Ana elige"))

    with page.expect_navigation():  # the choice loads the page again
        page.locator(".lang-switch button[data-lang=en]").click()
    page.wait_for_function("document.documentElement?.lang === 'en'")
    page.wait_for_function("document.querySelectorAll('#log li').length > 2")
    assert page.locator("#actions h2").first.inner_text() == "Your move"
    assert "takes the" in page.locator("#log").inner_text()
    assert errors == []
    ctx.close()


def test_a_long_seat_label_keeps_the_new_table_form_inside_a_phone_in_spanish(
    server: str, browser: Any
) -> None:
    """A seat's select shortens a long label instead of widening its column past the form at
    390 px (a bot named at length, in Spanish: "Bot · ismcts+net:2s (personalizado)")."""
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = ctx.new_page()
    errors = watch(page)
    page.goto(server + "/?lang=es")
    page.get_by_role("button", name="Nueva mesa").first.click()
    kind = page.locator(".seat-row select").nth(1)
    kind.wait_for()
    long = "Bot · ismcts+net:2s (personalizado)"
    kind.evaluate("(el, text) => el.add(new Option(text, 'bot:ismcts+net:2s', true, true))", long)
    assert kind.evaluate("el => el.selectedOptions[0].text") == long
    frame = page.locator("dialog[open]").bounding_box()
    fields = page.locator(".seat-row select, .seat-row input")
    for i in range(fields.count()):
        box = fields.nth(i).bounding_box()
        assert frame["x"] <= box["x"] and box["x"] + box["width"] <= frame["x"] + frame["width"], (
            i,
            box,
            frame,
        )
    assert errors == []
    ctx.close()
