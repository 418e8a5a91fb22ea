"""Dia de los Muertos' round order on the web board: each seat's panel shows its order card,
as the physical table does (RB: "The start player turns his order-card on One, then the
next player turns his card on Two etc."), at a desktop's width in English and a phone's in
Spanish."""

from __future__ import annotations

from typing import Any

import pytest

from muertos.games.dia_de_los_muertos import GAME
from muertos.i18n import game_catalog

from ..conftest import opened
from .support import HTTP, create, watch

DDM = "dia-de-los-muertos"
SIZES: dict[str, dict[str, Any]] = {
    "desktop": {"viewport": {"width": 1280, "height": 900}},
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
}
HEAD_JS = """(i) => document.querySelector(`#board [data-k="panel${i}"] text.panel-label`).textContent"""


@pytest.mark.parametrize(("size", "lang"), [("desktop", "en"), ("phone", "es")])
def test_each_panel_shows_its_order_card_and_the_seat_its_cards_by_name(
    server: str, browser: Any, size: str, lang: str
) -> None:
    # Seed 1 with four seats: the order is Player 2, Player 1, Player 4, Player 3.
    assert GAME.new(4, 1).view(None)["order"] == [1, 0, 3, 2]
    t = create(server, {"game": DDM, "seats": [{"kind": "human"}] * 4, "seed": 1})
    tokens = opened(server, t)
    view = HTTP.get(f"{server}/api/tables/{t['id']}", headers={"X-Seat-Token": tokens[0]}).json()["view"]
    assert view["order"] == [1, 0, 3, 2]
    word = "order {n}" if lang == "en" else (game_catalog(DDM, "es").term("order {n}") or "?")
    ctx = browser.new_context(**SIZES[size])
    page = ctx.new_page()
    errors = watch(page)
    page.goto(f"{server}/table/{t['id']}?token={tokens[0]}&lang={lang}")
    page.wait_for_selector('#board [data-k="panel3"] text.panel-label')
    for nth, seat in enumerate(view["order"]):
        head = page.evaluate(HEAD_JS, seat)
        assert word.format(n=nth + 1) in head, head
    # the seat's own cards by their names in the reader's language (a Spanish page said
    # "tus cartas: snatch, hold, …"), each with the word a move types for it
    panel = page.evaluate("document.querySelector('#board [data-k=\"panel0\"]').textContent")
    cards = GAME.catalog()["cards"]
    for key in view["skeletons"][0]["hand"]:
        name = cards[key]["name"] if lang == "en" else game_catalog(DDM, "es").term(cards[key]["name"])
        assert name and name in panel, (key, name, panel)
    ctx.close()
    assert not errors, errors
