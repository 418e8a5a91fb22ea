"""Ofrenda's board takes its layout from the game's data: the card slots' places and kinds and
the candle and marigold slots' places and types are in ``components.toml`` (their number,
types and places are RECONSTRUCTED, B-OF2), so the page draws whatever the catalog says and
a corrected board needs only the data file. The page's module had them written in."""

from __future__ import annotations

import copy
from typing import Any

from muertos.games.ofrenda import GAME

from .support import watch

DRAW_JS = """async ([view, catalog]) => {
  const { render } = await import('/static/games/ofrenda.js');
  const idle = () => {};
  const board = render(view, { catalog, names: ['Ana', 'Beto'], width: 1200, play: idle, pick: idle, redraw: idle });
  document.body.append(board);
  const slot = (id) => {
    const el = board.querySelector(`[data-k="s0:${id}"]`);
    const box = el.getBoundingClientRect();
    return { cls: el.getAttribute('class'), text: el.textContent, x: box.x + box.width / 2, y: box.y + box.height / 2 };
  };
  return Object.fromEntries(['S1', 'S2', 'S5', 'S8', 'J1', 'J2', 'J6'].map((id) => [id, slot(id)]));
}"""


def drawn(server: str, browser: Any, catalog: dict[str, Any]) -> dict[str, dict[str, Any]]:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors = watch(page)
    page.goto(f"{server}/")
    view = GAME.new(2, 3).view(0)
    out: dict[str, dict[str, Any]] = page.evaluate(DRAW_JS, [view, catalog])
    page.close()
    assert errors == []
    return out


def test_the_slots_kinds_and_places_come_from_the_catalog(server: str, browser: Any) -> None:
    catalog = GAME.catalog()
    real = drawn(server, browser, catalog)
    assert "golden" in real["S2"]["cls"] and "★ ×2" in real["S2"]["text"]
    assert "golden" not in real["S1"]["cls"] and "−1✿" in real["S5"]["text"] and "+1✿" in real["S8"]["text"]
    assert " c" in real["J1"]["cls"] and " m" in real["J2"]["cls"]  # candle, marigold
    # J1 lies between S1 (row 0) and S4, S5 (row 1): below S1, between the rows
    assert real["S1"]["y"] < real["J1"]["y"] < real["S5"]["y"]
    assert real["J1"]["x"] < real["J2"]["x"]

    swapped = copy.deepcopy(catalog)
    swapped["slots"]["S1"]["kind"], swapped["slots"]["S2"]["kind"] = "golden", "plain"
    swapped["token_slots"]["J1"]["type"], swapped["token_slots"]["J2"]["type"] = "marigold", "candle"
    swapped["token_slots"]["J6"]["cards"] = ["S1", "S2", "S5"]  # drawn where J2 is
    got = drawn(server, browser, swapped)
    assert "golden" in got["S1"]["cls"] and "★ ×2" in got["S1"]["text"]
    assert "golden" not in got["S2"]["cls"] and "★" not in got["S2"]["text"]
    assert " m" in got["J1"]["cls"] and " c" in got["J2"]["cls"]
    assert (got["J6"]["x"], got["J6"]["y"]) == (got["J2"]["x"], got["J2"]["y"])
