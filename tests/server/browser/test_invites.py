"""Invite links in the browser (the audit's invite_peek.py and claim_twice.py): the invitee's
page opens the invite once and keeps the seat's own link, which opens the seat on another
device; the creator's page forgets the spent invite and shows the seat joined; the lobby
offers no second seat of a table where the browser sits."""

from __future__ import annotations

import json
import secrets
from typing import Any

from .support import HTTP, create, watch

KEPT = "Object.fromEntries(Object.entries(localStorage).filter(([k]) => /^muertos:(token|invites):/.test(k)))"
"""What the page keeps of the tables (tokens, invites)."""


def test_an_invite_opened_is_the_invitees_alone_and_their_link_opens_it_on_another_device(
    server: str, browser: Any
) -> None:
    # Ana opens a table of Ofertu in the lobby, Beto invited to seat 2.
    ana_ctx = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-US")
    ana = ana_ctx.new_page()
    errors = watch(ana)
    ana.goto(f"{server}/?lang=en")
    ana.locator("article.game-card", has_text="Ofertu").get_by_role("button").click()
    ana.locator("select[name=kind-1]").select_option("human")
    ana.locator("input[name=name-0]").fill("Ana")
    ana.locator("input[name=name-1]").fill("Beto")
    ana.locator("dialog form button[type=submit]").click()
    invite_url = ana.locator(".invites-dialog input").input_value()
    tid, invite = invite_url.split("/table/")[1].split("?token=")
    assert json.loads(ana.evaluate(KEPT)[f"muertos:invites:{tid}"])[0]["token"] == invite

    # Beto opens it on his phone: the seat is his, with a link of its own.
    beto_ctx = browser.new_context(viewport={"width": 390, "height": 844}, locale="en-US")
    beto = beto_ctx.new_page()
    errors += watch(beto)
    beto.goto(invite_url)
    beto.locator(".opened-link").wait_for(timeout=10_000)
    assert "Seat 2 is yours." in beto.locator(".opened-link").inner_text()
    own_url = beto.locator(".opened-link input").input_value()
    own = own_url.split("?token=")[1]
    assert own != invite and own_url == f"{server}/table/{tid}?token={own}"
    assert beto.evaluate(KEPT) == {f"muertos:token:{tid}": own}
    assert "token" not in beto.url  # nor in the address bar
    mine = HTTP.get(f"{server}/api/tables/{tid}", headers={"X-Seat-Token": own}).json()
    assert mine["you"] == 1

    # Ana's page: Beto joined, no link any more, and the invite gone from her browser.
    ana.goto(f"{server}/table/{tid}")
    ana.locator("ul.invites li", has_text="Beto").wait_for(timeout=10_000)
    seat2 = ana.locator("ul.invites li", has_text="Beto")
    assert "✓ joined" in seat2.inner_text() and seat2.locator("button").count() == 0
    assert invite not in json.dumps(ana.evaluate(KEPT))
    # … and what she could have copied before opens nothing.
    peek = HTTP.get(f"{server}/api/tables/{tid}", headers={"X-Seat-Token": invite})
    assert peek.status_code == 403 and peek.json()["code"] == "invite_used"
    assert "hands" not in json.dumps(peek.json())

    # Another device of Beto's (nothing kept in it): his own link opens his seat there.
    other_ctx = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-US")
    other = other_ctx.new_page()
    errors += watch(other)
    other.goto(own_url)
    other.locator(".my-link input").wait_for(state="attached", timeout=10_000)
    assert other.locator(".my-link input").input_value() == own_url
    assert other.evaluate(KEPT) == {f"muertos:token:{tid}": own}
    assert other.locator(".opened-link").count() == 0 and other.locator("#seat-lost").is_hidden()
    assert "you" in other.locator("#seats li", has_text="Beto").inner_text()

    # The invite opened again, anywhere: it says it was used, and the page only watches.
    late_ctx = browser.new_context(viewport={"width": 1280, "height": 900}, locale="es-MX")
    late = late_ctx.new_page()
    errors += watch(late)
    late.goto(f"{invite_url}&lang=es")
    late.locator("#seat-lost").wait_for(timeout=10_000)
    assert "este enlace de invitación ya se abrió" in late.locator("#seat-lost").inner_text()
    late.wait_for_selector("svg.board")
    assert late.evaluate(KEPT) == {}
    assert not errors, errors
    for ctx in (ana_ctx, beto_ctx, other_ctx, late_ctx):
        ctx.close()


def test_the_lobby_offers_no_second_seat_of_a_table_where_the_browser_sits(server: str, browser: Any) -> None:
    mark = secrets.token_hex(3)
    t = create(
        server,
        {
            "game": "patzcuaro",
            "players": 3,
            "seats": [
                {"kind": "human", "name": "Lupita"},
                {"kind": "open", "name": f"A{mark}"},
                {"kind": "open", "name": f"B{mark}"},
            ],
        },
    )
    ctx = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-US")
    page = ctx.new_page()
    errors = watch(page)
    page.add_init_script("window.setInterval = () => 0")  # the rows stay as first drawn

    def row() -> Any:
        page.goto(f"{server}/?lang=en")
        page.locator("article.game-card").first.wait_for()
        page.locator("[data-tab=open]").click()
        got = page.locator("li.table-row", has_text=f"A{mark}")
        got.wait_for(timeout=10_000)
        # the tab's click may ask for the open tables again: the rows are drawn as they stay
        # only once every request has been answered (else a later draw reads localStorage anew)
        page.wait_for_load_state("networkidle")
        return got

    take = row().locator("li.seat", has_text=f"A{mark}").get_by_role("button", name="take this seat")
    take.click()
    page.wait_for_url(f"**/table/{t['id']}")
    page.wait_for_selector("svg.board")
    first = page.evaluate(f"localStorage.getItem('muertos:token:{t['id']}')")
    assert HTTP.get(f"{server}/api/tables/{t['id']}", headers={"X-Seat-Token": first}).json()["you"] == 1

    again = row()
    assert again.get_by_role("button", name="take this seat").count() == 0  # seat B is not offered
    assert again.get_by_role("link", name="Open my seat").count() == 1

    # A row drawn before this browser sat down elsewhere (another tab) still shows the seat:
    # taking it is refused here, and the seat kept stays.
    page.evaluate(f"localStorage.removeItem('muertos:token:{t['id']}')")
    drawn = row()
    page.evaluate(f"localStorage.setItem('muertos:token:{t['id']}', {json.dumps(first)})")
    drawn.locator("li.seat", has_text=f"B{mark}").get_by_role("button", name="take this seat").click()
    page.locator(".toast", has_text="This browser already sits at this table").wait_for(timeout=5_000)
    assert page.evaluate(f"localStorage.getItem('muertos:token:{t['id']}')") == first
    seats = HTTP.get(f"{server}/api/tables/{t['id']}").json()["seats"]
    assert [s["claimed"] for s in seats] == [True, True, False]
    assert not errors, errors
    ctx.close()


def test_the_lobby_keeps_the_seats_filled_in_when_the_number_of_players_changes(
    server: str, browser: Any
) -> None:
    """Changing the number of players drew every seat's row anew: the names typed and the
    kinds chosen were lost. Rows already made are kept."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-US")
    page = ctx.new_page()
    errors = watch(page)
    page.goto(f"{server}/?lang=en")
    page.locator("article.game-card", has_text="Ofrenda").first.get_by_role("button").click()
    page.locator("#players").select_option("2")
    page.locator("input[name=name-0]").fill("Ana")
    page.locator("select[name=kind-1]").select_option("human")
    page.locator("input[name=name-1]").fill("Beto")
    page.locator("#players").select_option("4")
    assert page.locator("input[name=name-0]").input_value() == "Ana"
    assert page.locator("input[name=name-1]").input_value() == "Beto"
    assert page.locator("select[name=kind-1]").input_value() == "human"
    assert page.locator("input[name=name-3]").input_value() == ""
    page.locator("#players").select_option("2")  # and back: seats 3 and 4 are gone
    assert page.locator(".seats-form li").count() == 2
    page.locator("dialog form button[type=submit]").click()
    tid = page.locator(".invites-dialog input").first.input_value().split("/table/")[1].split("?")[0]
    seats = HTTP.get(f"{server}/api/tables/{tid}").json()["seats"]
    assert [(s["name"], s["kind"]) for s in seats] == [("Ana", "human"), ("Beto", "human")]
    assert errors == []
    ctx.close()
