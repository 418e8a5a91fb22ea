"""A tap on a phone is not a click: the first tap on a playable piece shows it large with its
action as a button and plays nothing; the button (or a second tap on the piece) plays. A
mouse click still plays at once, and the keyboard plays with Enter."""

from __future__ import annotations

import json
import time
from typing import Any

from .support import create, moves_on_server, watch

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
SINGLE_JS = """() => [...document.querySelectorAll('svg.board [data-actions]')].findIndex(
  (e) => JSON.parse(e.dataset.actions).length === 1 && !e.dataset.select
      && !e.classList.contains('board-button'))"""
"""The first piece that stands for one action and selects nothing (pieces.js)."""


def my_turn(page: Any, base: str, table_id: str) -> tuple[int, Any, str]:
    """Wait until the page shows seat 1 to move with a single-action piece on the board
    (moving with the list of actions until there is one); the table's moves, the piece and
    its action."""
    for _ in range(20):
        page.wait_for_selector("button.action")
        at = moves_on_server(base, table_id)
        page.wait_for_function(f"Number(document.body.dataset.moves || 0) >= {at}")
        k = page.evaluate(SINGLE_JS)
        if k >= 0:
            el = page.locator("svg.board [data-actions]").nth(k)
            (action,) = json.loads(el.get_attribute("data-actions") or "[]")
            return at, el, action
        page.locator("button.action").first.click()
        page.wait_for_function(f"Number(document.body.dataset.moves || 0) > {at}")
    raise AssertionError("no single-action piece on the board")


def test_a_tap_shows_the_piece_and_its_button_plays(server: str, browser: Any) -> None:
    seats = [{"kind": "human", "name": "Ana"}, {"kind": "bot", "agent": "random"}]
    t = create(server, {"game": "ofrenda", "players": 2, "seats": seats, "seed": 5})
    ctx = browser.new_context(**PHONE)
    page = ctx.new_page()
    errors = watch(page)
    page.goto(t["invites"][0]["url"])
    page.wait_for_selector("svg.board")

    # one tap: the detail opens with the action as its button; nothing is played
    at, el, action = my_turn(page, server, t["id"])
    el.tap()
    button = page.locator(".detail:not([hidden]) .detail-actions button.choice")
    button.wait_for()
    assert button.count() == 1 and button.get_attribute("data-action") == action
    assert page.locator(".detail:not([hidden]) .detail-pic").count() == 1
    box = page.locator(".detail").bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 844  # on screen
    time.sleep(0.6)
    assert moves_on_server(server, t["id"]) == at, "a single tap played the move"
    # the detail's button plays it
    button.tap()
    page.wait_for_function(f"Number(document.body.dataset.moves || 0) > {at}")
    assert moves_on_server(server, t["id"]) > at
    assert page.locator(".detail").is_hidden()

    # a second tap on the same piece plays it too
    at, el, action = my_turn(page, server, t["id"])
    el.tap()
    page.locator(".detail:not([hidden]) .detail-actions button.choice").wait_for()
    assert moves_on_server(server, t["id"]) == at
    page.locator(f"svg.board [data-actions='{json.dumps([action])}']").tap()
    page.wait_for_function(f"Number(document.body.dataset.moves || 0) > {at}")

    # the keyboard plays at once, on a touch screen too
    at, el, _ = my_turn(page, server, t["id"])
    el.focus()
    page.keyboard.press("Enter")
    page.wait_for_function(f"Number(document.body.dataset.moves || 0) > {at}")
    assert errors == []
    ctx.close()


def test_a_mouse_click_plays_at_once(server: str, browser: Any) -> None:
    seats = [{"kind": "human", "name": "Ana"}, {"kind": "bot", "agent": "random"}]
    t = create(server, {"game": "ofrenda", "players": 2, "seats": seats, "seed": 5})
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    page = ctx.new_page()
    errors = watch(page)
    page.goto(t["invites"][0]["url"])
    page.wait_for_selector("svg.board")
    at, el, _ = my_turn(page, server, t["id"])
    el.hover()
    page.locator(".detail:not([hidden])").wait_for()  # hover shows the detail, without buttons
    assert page.locator(".detail .detail-actions").count() == 0
    el.click()
    page.wait_for_function(f"Number(document.body.dataset.moves || 0) > {at}")
    assert errors == []
    ctx.close()


def test_a_message_on_a_phone_stands_above_the_bar_of_moves(server: str, browser: Any) -> None:
    """The bar of moves at the bottom of a phone's screen hid the page's messages (a refusal,
    "your move was played"): they are drawn above it, and nothing covers them."""
    seats = [{"kind": "human", "name": "Ana"}, {"kind": "bot", "agent": "random"}]
    t = create(server, {"game": "ofrenda", "players": 2, "seats": seats, "seed": 5})
    ctx = browser.new_context(**PHONE)
    page = ctx.new_page()
    page.goto(t["invites"][0]["url"])
    page.wait_for_selector("button.action")
    page.locator("#typed").fill("take 99")
    page.locator("form.typed button").click()
    toast = page.locator("#toasts .toast.error").first
    toast.wait_for()
    box, bar = toast.bounding_box(), page.locator("#actions").bounding_box()
    assert box is not None and bar is not None and bar["height"] > 0
    assert box["y"] + box["height"] <= bar["y"], (box, bar)  # above the bar
    on_top = page.evaluate(
        "([x, y]) => document.elementFromPoint(x, y)?.closest('#toasts') !== null",
        [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2],
    )
    assert on_top, "something covers the message"
    ctx.close()
