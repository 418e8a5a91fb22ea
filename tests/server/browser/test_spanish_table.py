"""What the table shows, as the physical table shows it and as Spanish says it, in a real
browser: Dia de los Muertos' face-up discard pile (its count, its top card, the whole pile on
demand); a count of one in the lobby ("1 jugada"); a seat named inside a board's phrase
("esqueleto del Jugador 1"); a piece's menu named in the page's language; and 40-character
names without a space that leave a phone's page as wide as its screen, the clocks on it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import muertos
from muertos.i18n import game_catalog

from .support import HTTP, create, watch

DESKTOP = {"viewport": {"width": 1280, "height": 800}}
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
DDM = "dia-de-los-muertos"


def open_page(browser: Any, size: dict[str, Any], url: str) -> tuple[Any, Any, list[str]]:
    ctx = browser.new_context(locale="es-MX", **size)
    page = ctx.new_page()
    errors = watch(page)
    page.goto(url)
    return ctx, page, errors


def play_until(base: str, table: dict[str, Any], done: Any, most: int = 300) -> dict[str, Any]:
    """Seat 1 plays its first legal action, the bots theirs on the server, until ``done(view)``
    holds at seat 1's turn (the bots then wait, so the page and the test read one position)."""
    tid, token = table["id"], table["creator_token"]
    for _ in range(most * 20):
        t = HTTP.get(f"{base}/api/tables/{tid}", headers={"X-Seat-Token": token}).json()
        if t["status"] == "finished":
            break
        if t["view"]["to_move"] != 0:
            HTTP.get(f"{base}/healthz")  # let the bots think
            continue
        if done(t["view"]):
            return dict(t["view"])
        r = HTTP.post(
            f"{base}/api/tables/{tid}/actions",
            json={"action": t["view"]["legal"][0], "index": t["moves"]},
            headers={"X-Seat-Token": token},
        )
        assert r.status_code == 200, r.text
    raise AssertionError("the position under test never came")


def lines_of(page: Any, selector: str) -> str:
    """The words of an SVG group, its lines joined as they were wrapped (at spaces)."""
    return str(
        page.evaluate(
            f"[...document.querySelectorAll('{selector} text')].map((t) => t.textContent).join(' ')"
        )
    )


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_discard_pile_on_the_board_is_the_views(server: str, browser: Any, size: dict[str, Any]) -> None:
    """The discard pile lies face up (rules map A-D28): the board shows its count and its top
    card by the catalog's name, and a click lays out the whole pile, top card first, as the
    view has it; another click folds it."""
    table = create(
        server,
        {
            "game": DDM,
            "players": 3,
            "seed": 1,
            "seats": [
                {"kind": "human"},
                {"kind": "bot", "agent": "random"},
                {"kind": "bot", "agent": "random"},
            ],
        },
    )
    view = play_until(server, table, lambda v: len(v["discard_pile"]) >= 3)
    cards = muertos.game(DDM).catalog()["cards"]
    es = game_catalog(DDM, "es")
    names = [es.term(cards[k]["name"]) or cards[k]["name"] for k in reversed(view["discard_pile"])]
    assert len(set(names)) > 1  # a pile whose order can be told
    ctx, page, errors = open_page(
        browser, size, f"{server}/table/{table['id']}?token={table['creator_token']}&lang=es"
    )
    pile = page.locator("#board [data-k=discard]")
    pile.wait_for()
    assert pile.get_attribute("data-count") == str(len(view["discard_pile"]))
    assert lines_of(page, "#board [data-k=discard]").startswith(
        f"descarte {len(view['discard_pile'])} · arriba: {names[0]} "
    )
    assert page.locator("#board [data-k=discard-list]").count() == 0
    assert pile.get_attribute("aria-expanded") == "false"
    pile.click()
    page.locator("#board [data-k=discard-list]").wait_for()
    assert lines_of(page, "#board [data-k=discard-list]") == (
        "descarte, de la carta de arriba a la de abajo: " + ", ".join(names)
    )
    pile = page.locator("#board [data-k=discard]")
    assert pile.get_attribute("aria-expanded") == "true"
    pile.click()
    page.wait_for_function("!document.querySelector('#board [data-k=discard-list]')")
    assert page.evaluate("document.documentElement.scrollWidth") <= size["viewport"]["width"]
    assert errors == []
    ctx.close()


def test_the_lobby_counts_one_move_in_the_singular(server: str, browser: Any) -> None:
    """The lobby reads "Ofrenda · 1 jugada", never "1 jugadas"; a table without a move still
    reads "0 jugadas"."""
    seats = [{"kind": "human", "name": "Lupita"}, {"kind": "human", "name": "Beto"}]
    one = create(server, {"game": "ofrenda", "seats": seats})
    create(server, {"game": "ofrenda", "seats": [{"kind": "human", "name": "Chabela"}, *seats[1:]]})
    token = one["creator_token"]
    t = HTTP.get(f"{server}/api/tables/{one['id']}", headers={"X-Seat-Token": token}).json()
    r = HTTP.post(
        f"{server}/api/tables/{one['id']}/actions",
        json={"action": t["view"]["legal"][0], "index": 0},
        headers={"X-Seat-Token": token},
    )
    assert r.status_code == 200, r.text
    ctx, page, errors = open_page(browser, DESKTOP, f"{server}/?lang=es")
    page.locator("article.game-card").first.wait_for()
    said = {}
    for tab in ("waiting", "in_progress", "open"):
        page.locator(f"[data-tab={tab}]").click()
        page.wait_for_timeout(600)
        for who in ("Lupita", "Chabela"):
            row = page.locator("li.table-row", has_text=who)
            if who not in said and row.count():
                said[who] = row.first.inner_text()
    assert "Ofrenda · 1 jugada ·" in said["Lupita"], said
    assert "Ofrenda · 0 jugadas ·" in said["Chabela"], said
    assert errors == []
    ctx.close()


@pytest.mark.parametrize(
    ("game", "phrase"),
    [
        (DDM, "esqueleto del Jugador 1 en la salida"),
        ("die-of-the-dead", "dado marcador del Jugador 1 (cara "),
        ("patzcuaro", "ficha del Jugador 1"),
    ],
)
def test_a_board_names_a_seat_in_a_phrase_with_its_article(
    server: str, browser: Any, game: str, phrase: str
) -> None:
    """A seat nobody named is "el Jugador 1" inside a board's phrase, as in the status line
    ("le toca al Jugador 1"), contracted after "de": "esqueleto del Jugador 1", never
    "esqueleto de Jugador 1"; a name a person typed takes no article ("… de Ana")."""
    n = max(2, muertos.game(game).min_players)
    typed = phrase.replace("del Jugador 1", "de Ana")
    for first, want in (({"kind": "human"}, phrase), ({"kind": "human", "name": "Ana"}, typed)):
        table = create(
            server, {"game": game, "seats": [first] + [{"kind": "bot", "agent": "random"}] * (n - 1)}
        )
        play_until(server, table, lambda v: v.get("positions", [0])[0] >= 0)  # Pátzcuaro: on the track
        url = f"{server}/table/{table['id']}?token={table['creator_token']}&lang=es"
        ctx, page, errors = open_page(browser, DESKTOP, url)
        page.wait_for_selector("svg.board")
        page.wait_for_function("document.querySelectorAll('#board svg.board title').length > 5")
        said = page.evaluate(
            "[...document.querySelectorAll('#board svg.board title')].map((t) => t.textContent)"
        )
        assert any(want in s for s in said), (want, [s for s in said if "Jugador" in s or "Ana" in s][:8])
        assert not [s for s in said if "de Jugador" in s or "de el " in s], said
        assert errors == []
        ctx.close()


def test_a_piece_without_a_label_is_named_in_the_pages_language(server: str, browser: Any) -> None:
    """A piece standing for several actions that its board gave no name reads "Elige una
    acción" in Spanish (pieces.js wrote "3 actions" in every language)."""
    table = create(
        server, {"game": "ofertu", "seats": [{"kind": "human"}, {"kind": "bot", "agent": "random"}]}
    )
    ctx, page, errors = open_page(
        browser, DESKTOP, f"{server}/table/{table['id']}?token={table['creator_token']}&lang=es"
    )
    page.wait_for_selector("svg.board")
    label = page.evaluate(
        """async () => {
          const { piece } = await import('/static/pieces.js');
          const el = document.createElementNS('http://www.w3.org/2000/svg', 'g');
          piece(el, ['a', 'b', 'c'], { play: () => {} });
          return el.getAttribute('aria-label');
        }"""
    )
    assert label == "Elige una acción"
    assert errors == []
    ctx.close()


@pytest.mark.parametrize("game", muertos.game_ids())
def test_a_long_name_stays_on_the_screen_and_inside_its_panel(server: str, browser: Any, game: str) -> None:
    """Two people named with 40 characters and no space, a live clock, at 390×844: the page
    is no wider than the screen (it was 722 px) and each seat's clock is on it. On the phone
    and at 1280 px, each name drawn on the board stays inside its panel (in Ofrenda, Ofertu
    and Die of the Dead it ran past it), cut with an ellipsis."""
    n = max(2, muertos.game(game).min_players)
    names = ["W" * 40, "M" * 40, "Q" * 40, "X" * 40][:n]
    table = create(
        server,
        {
            "game": game,
            "seats": [{"kind": "human", "name": x} for x in names],
            "clock": {"mode": "live", "bank": 600, "increment": 20, "cap": 1200},
        },
    )
    url = f"{server}/table/{table['id']}?token={table['creator_token']}&lang=es"
    ctx, page, errors = open_page(browser, PHONE, url)
    page.wait_for_selector("svg.board")
    page.wait_for_function(f"document.querySelectorAll('#seats .clock').length >= {n}")
    assert page.evaluate("document.scrollingElement.scrollWidth") <= 390
    clocks = page.evaluate(
        "[...document.querySelectorAll('#seats .clock')].map((c) => c.getBoundingClientRect().right)"
    )
    assert clocks and all(0 < right <= 390 for right in clocks), clocks
    assert names[0] in page.locator("#seats").inner_text().replace("\n", "")
    own_board = (Path(muertos.__file__).parent / "server" / "static" / "games" / f"{game}.js").exists()
    for size in (PHONE, DESKTOP):  # and on the board, each name stays inside its panel
        if size is DESKTOP:
            ctx.close()
            ctx, page, errors = open_page(browser, DESKTOP, url)
            page.wait_for_selector("svg.board")
        drawn = page.evaluate(NAMES_IN_PANELS, [x[:8] for x in names])
        assert all(d["inside"] for d in drawn), drawn
        assert drawn or not own_board, "no name drawn on the board"  # the generic board has no panels
    assert errors == []
    ctx.close()


NAMES_IN_PANELS = """(parts) => [...document.querySelectorAll('svg.board text')]
  .filter((t) => parts.some((p) => t.textContent.includes(p)))
  .map((t) => {
    let g = t.parentElement;
    while (g && !(g.tagName === 'g' && g.querySelector(':scope > rect.panel'))) g = g.parentElement;
    if (!g) return null;
    const [r, b] = [g.querySelector(':scope > rect.panel').getBoundingClientRect(), t.getBoundingClientRect()];
    return { text: t.textContent, inside: b.left >= r.left - 1 && b.right <= r.right + 1 };
  })
  .filter(Boolean)"""
"""Each text of the board that shows a seat's name, and whether it lies inside the panel it is
drawn on (a name drawn elsewhere, as a mark on a track, is not checked here)."""
