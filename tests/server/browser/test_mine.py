"""Coming back (issue 38, item 5): the lobby's "My tables" lists every table where this
browser holds a seat, "your turn" first, with whose turn it is and how long ago the last
move was; a seat's page offers its own link, which opens that seat (and only it)."""

from __future__ import annotations

from typing import Any

from ..conftest import opened
from .support import HTTP
from .test_clocks import SkewedClock, chromium, clocked  # noqa: F401  (fixtures)


def table(base: str, names: list[str]) -> tuple[str, dict[int, str]]:
    r = HTTP.post(
        f"{base}/api/tables",
        json={"game": "ofertu", "seats": [{"kind": "human", "name": n} for n in names], "seed": 5},
    )
    assert r.status_code == 201, r.text
    return r.json()["id"], opened(base, r.json())


def _held_within(page: Any, held: list[Any], seconds: float) -> bool:
    """Whether a request the test holds back was made within ``seconds``: the lobby asks only
    once its language has loaded, and the test's click must come after."""
    for _ in range(int(seconds / 0.025)):
        if held:
            return True
        page.wait_for_timeout(25)
    return bool(held)


def test_my_tables_put_my_turn_first_and_my_link_opens_my_seat(
    clocked: tuple[str, SkewedClock],  # noqa: F811
    chromium: Any,  # noqa: F811
) -> None:
    base, _ = clocked
    waiting_id, waiting = table(base, ["Ana", "Bea"])
    turn_id, mine = table(base, ["Ana", "Cruz"])
    # At the first table it is Bea's turn (Ana moves first if she is to); at the second it
    # is Ana's (Cruz moves first if he is to).
    for tid, tokens in ((waiting_id, waiting), (turn_id, mine)):
        first = HTTP.get(f"{base}/api/tables/{tid}", headers={"X-Seat-Token": tokens[0]}).json()
        if tid == waiting_id and first["view"]["legal"]:
            r = HTTP.post(
                f"{base}/api/tables/{tid}/actions",
                json={"action": first["view"]["legal"][0]},
                headers={"X-Seat-Token": tokens[0]},
            )
            assert r.status_code == 200
        elif tid == turn_id and not first["view"]["legal"]:
            other = HTTP.get(f"{base}/api/tables/{tid}", headers={"X-Seat-Token": tokens[1]}).json()
            HTTP.post(
                f"{base}/api/tables/{tid}/actions",
                json={"action": other["view"]["legal"][0]},
                headers={"X-Seat-Token": tokens[1]},
            )
    ctx = chromium.new_context(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    ctx.add_init_script(
        f"localStorage.setItem('muertos:token:{waiting_id}', '{waiting[0]}');"
        f"localStorage.setItem('muertos:token:{turn_id}', '{mine[0]}');"
    )
    page = ctx.new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{base}/")
    page.locator('[data-tab="mine"]').click()
    rows = page.locator("#tables .table-row")
    rows.nth(1).wait_for(timeout=10_000)
    assert rows.count() == 2
    assert "your turn" in rows.nth(0).inner_text() and f"/table/{turn_id}" in rows.nth(0).inner_html()
    assert "last move" in rows.nth(0).inner_text()  # Cruz moved first there
    assert "Bea to move" in rows.nth(1).inner_text()
    # The seat's own link: on another device (a fresh context) it opens Ana's seat.
    page.goto(f"{base}/table/{turn_id}")
    page.wait_for_selector("svg.board")
    link = page.locator(".my-link input").input_value()
    assert link.endswith(f"/table/{turn_id}?token={mine[0]}")
    # Turn messages (item 6): a webhook that is not public http is refused, in words.
    page.locator(".turn-messages summary").click()
    assert page.locator(".turn-messages .email-row").is_hidden()  # this server sends no e-mail
    page.fill(".turn-messages input.webhook", "http://127.0.0.1:9/hook")
    page.locator(".turn-messages button").click()
    page.locator(".toast", has_text="private address").wait_for(timeout=5_000)
    page.fill(".turn-messages input.webhook", "")
    page.locator(".turn-messages button").click()
    page.locator(".toast", has_text="Turn messages off.").wait_for(timeout=5_000)
    other = chromium.new_context(viewport={"width": 1280, "height": 900})
    away = other.new_page()
    away.goto(link)
    away.wait_for_selector("svg.board")
    assert (
        "★" in away.locator("#seats .you").inner_text() and "Ana" in away.locator("#seats .you").inner_text()
    )
    assert not errors, errors
    ctx.close()
    other.close()


def test_resigning_from_the_page_ends_the_game_for_both(
    clocked: tuple[str, SkewedClock],  # noqa: F811
    chromium: Any,  # noqa: F811
) -> None:
    """Issue 38: "A 2-seat game may simply be resigned (the other wins)", from the page."""
    base, _ = clocked
    tid, tokens = table(base, ["Ana", "Bea"])
    ctx = chromium.new_context(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    ana = ctx.new_page()
    ana.on("pageerror", lambda e: errors.append(str(e)))
    ana.on("dialog", lambda d: d.accept())
    ana.goto(f"{base}/table/{tid}?token={tokens[0]}")
    ana.wait_for_selector("svg.board")
    other = chromium.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    bea = other.new_page()
    bea.on("pageerror", lambda e: errors.append(str(e)))
    bea.goto(f"{base}/table/{tid}?token={tokens[1]}&lang=es")
    bea.wait_for_selector("svg.board")
    ana.locator("button.resign").click()
    ana.locator(".resigned").wait_for(timeout=10_000)
    assert ana.locator(".resigned").inner_text() == "Ana resigned: Bea wins."
    bea.locator(".resigned").wait_for(timeout=10_000)
    assert bea.locator(".resigned").inner_text() == "Ana se rindió: gana Bea."
    assert bea.locator("button.action").count() == 0 and bea.locator("button.resign").count() == 0
    assert not errors, errors
    ctx.close()
    other.close()


def test_a_tab_chosen_while_the_lobby_loads_is_the_tab_it_shows(server: str, browser: Any) -> None:
    """A click on "My tables" before the lobby has its language and games is not lost: the
    lobby's answer to ``/api/agents`` is held back until after the click (under a busy
    machine's load that is how long it took), and the page still shows this browser's
    table, not the open ones."""
    tid, tokens = table(server, ["Ana", "Bea"])
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    ctx.add_init_script(f"localStorage.setItem('muertos:token:{tid}', '{tokens[0]}');")
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    held: list[Any] = []
    page.route("**/api/agents", lambda route: held.append(route))
    page.goto(f"{server}/")
    assert _held_within(page, held, 5.0), "the lobby never asked for its bots"
    page.locator('[data-tab="mine"]').click()
    assert page.locator('[data-tab="mine"]').get_attribute("aria-selected") == "true"
    held[0].continue_()
    page.locator("#tables .table-row").first.wait_for(timeout=10_000)
    assert page.locator("#tables .table-row").count() == 1
    assert f"/table/{tid}" in page.locator("#tables .table-row").inner_html()
    assert not errors, errors
    ctx.close()


def test_a_late_answer_for_the_tab_left_does_not_replace_my_tables(
    clocked: tuple[str, SkewedClock],  # noqa: F811
    chromium: Any,  # noqa: F811
) -> None:
    """The lobby opens on the open tables; the reader turns to "My tables" before that list has
    come. When it comes, it is for a tab no longer shown: the reader's tables stay."""
    base, _ = clocked
    tid, tokens = table(base, ["Ana", "Bea"])
    ctx = chromium.new_context(viewport={"width": 1280, "height": 900})
    ctx.add_init_script(f"localStorage.setItem('muertos:token:{tid}', '{tokens[0]}');")
    page = ctx.new_page()
    held: list[Any] = []
    page.route("**/api/tables?status=*", lambda route: held.append(route))  # the answer kept back
    page.goto(f"{base}/")
    assert _held_within(page, held, 10.0), "the lobby never asked for the open tables"
    page.locator('[data-tab="mine"]').click()
    rows = page.locator("#tables .table-row")
    rows.first.wait_for(timeout=10_000)
    with page.expect_response("**/api/tables?status=*"):
        for route in held:
            route.continue_()
    page.wait_for_timeout(500)  # room for the late answer to be drawn, were it drawn
    assert rows.count() == 1 and f"/table/{tid}" in rows.first.inner_html()
    ctx.close()


def test_the_timed_refresh_waits_for_my_tables_still_coming(
    clocked: tuple[str, SkewedClock],  # noqa: F811
    chromium: Any,  # noqa: F811
) -> None:
    """The lobby refreshes its list every 5 s; where the last answer is slower than that, the
    timer waits for it instead of asking again, so a slow list is drawn, not overtaken forever."""
    base, _ = clocked
    tid, tokens = table(base, ["Ana", "Bea"])
    ctx = chromium.new_context(viewport={"width": 1280, "height": 900})
    ctx.add_init_script(f"localStorage.setItem('muertos:token:{tid}', '{tokens[0]}');")
    page = ctx.new_page()
    page.clock.install()
    page.goto(f"{base}/")
    page.locator("#tables").wait_for()
    held: list[Any] = []
    page.route(f"**/api/tables/{tid}", lambda route: held.append(route))  # my table's answer, kept back
    page.locator('[data-tab="mine"]').click()
    page.clock.run_for(16_000)  # the timer's turn comes three times
    assert len(held) == 1, "the timer asked again while the first answer was coming"
    held[0].continue_()
    rows = page.locator("#tables .table-row")
    rows.first.wait_for(timeout=10_000)
    assert f"/table/{tid}" in rows.first.inner_html()
    ctx.close()
