"""The end-of-game result panel in a real browser: every game, played to the end by bots,
shows each seat's points by category, totals equal to GET /result's scores, the winners
marked, the tie-break sentence and a solo game's rating, at desktop and phone width."""

from __future__ import annotations

import time
from typing import Any

import pytest

import muertos

from .support import HTTP, create, seat_counts, short, watch

GAMES: list[tuple[str, int, dict[str, Any]]] = [
    (g, n, short(g, n)) for g in muertos.game_ids() for n in seat_counts(g)
]
"""Every game at its fewest seats (a solo game's rating) and its most (the widest sheet)."""

PANEL_JS = """() => {
  const p = document.querySelector('#result');
  const cells = (sel) => [...p.querySelectorAll(sel)];
  const points = {};
  for (const td of cells('td[data-key]')) (points[td.dataset.key] ??= {})[td.dataset.seat] = Number(td.innerText);
  return {
    rows: [...new Set(cells('td[data-key]').map((td) => td.dataset.key))],
    points,
    totals: cells('td[data-total]').sort((a, b) => a.dataset.seat - b.dataset.seat).map((td) => Number(td.dataset.total)),
    shown: cells('td[data-total]').sort((a, b) => a.dataset.seat - b.dataset.seat).map((td) => Number(td.innerText)),
    winners: cells('th.win[data-seat]').map((th) => Number(th.dataset.seat)),
    tie: p.querySelector('.result-tie')?.innerText ?? null,
    rating: p.querySelector('.result-rating')?.innerText ?? null,
    clipped: cells('th, td, p, h2').filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.innerText),
    hidden: cells('th, td').filter((e) => e.getBoundingClientRect().right > innerWidth).map((e) => e.innerText),
    pageWidth: document.documentElement.scrollWidth,
    panelRight: p.getBoundingClientRect().right,
  };
}"""


def finished_table(base: str, game: str, players: int, options: dict[str, Any]) -> str:
    seats = [{"kind": "bot", "agent": "random"}] * players
    t = create(base, {"game": game, "players": players, "options": options, "seats": seats, "seed": 7})
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if HTTP.get(f"{base}/api/tables/{t['id']}").json()["status"] == "finished":
            return str(t["id"])
        time.sleep(0.2)
    raise AssertionError(f"{game} did not end in time")


@pytest.mark.parametrize(("game", "players", "options"), GAMES)
def test_the_result_panel_shows_results_breakdown(
    server: str,
    browser: Any,
    game: str,
    players: int,
    options: dict[str, Any],
) -> None:
    tid = finished_table(server, game, players, options)
    res = HTTP.get(f"{server}/api/tables/{tid}/result").json()
    for width, height in ((1280, 800), (390, 844)):
        ctx = browser.new_context(viewport={"width": width, "height": height})
        page = ctx.new_page()
        errors = watch(page)
        page.goto(f"{server}/table/{tid}")
        page.wait_for_selector("#result td[data-total]")
        got = page.evaluate(PANEL_JS)
        assert got["totals"] == got["shown"] == res["scores"]
        assert got["rows"] == [c["key"] for c in res["seats"][0]["categories"]]
        for seat, total in enumerate(got["totals"]):
            assert sum(got["points"][k][str(seat)] for k in got["rows"]) == total
        assert got["winners"] == res["winners"]
        assert got["tie"] == (res["tie_break"]["text"] if res["tie_break"] else None)
        if players == 1:
            assert res["rating"]["label"] in got["rating"] and res["rating"]["text"] in got["rating"]
        else:
            assert got["rating"] is None
        assert not got["clipped"] and not got["hidden"], got
        assert got["pageWidth"] <= width + 2 and got["panelRight"] <= width, got
        assert not errors, errors
        ctx.close()
