"""The front end in a real browser: lobby to table, a few moves of every game by clicking,
every legal action on the board, phones, spectators and replays (fixtures: conftest.py)."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

import muertos

from ..conftest import opened
from .support import (
    HTTP,
    PageTimeout,
    button_verbs,
    create,
    moves,
    moves_on_server,
    seat_counts,
    table_seats,
    wait_moves,
    watch,
)

OWN_BOARD = "svg.board:not(.generic)"
"""A game's own board, drawn (the generic board stands in where a renderer fails)."""


def click_board_or_first_action(page: Any, prefer_board: bool) -> None:
    """One move by clicking: a playable board piece when it plays at once, else the first
    legal-action button."""
    if prefer_board:
        # a piece that plays at once stands for one action and selects nothing (pieces.js)
        k = page.evaluate(
            """() => [...document.querySelectorAll('svg.board [data-actions]')].findIndex(
                 (e) => JSON.parse(e.dataset.actions).length === 1 && !e.dataset.select)"""
        )
        if k >= 0:
            page.locator("svg.board [data-actions]").nth(k).click()
            return
    page.locator("button.action").first.click()


def test_two_people_play_ofrenda_to_the_end_by_clicking(server: str, browser: Any) -> None:
    # Ana creates the table in the lobby, with a person at seat 2 …
    ana_ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    ana = ana_ctx.new_page()
    errors = watch(ana)
    # While its socket is open a page sends its moves on it, not as HTTP requests (issue 36).
    posted: list[str] = []
    on_socket: list[str] = []

    def sends_moves(page: Any) -> None:
        page.on(
            "request", lambda r: posted.append(r.url) if r.method == "POST" and "/actions" in r.url else None
        )
        page.on(
            "websocket",
            lambda ws: ws.on("framesent", lambda f: on_socket.append(str(f)) if '"play"' in str(f) else None),
        )

    sends_moves(ana)
    ana.goto(server + "/")
    card = ana.locator("article.game-card", has_text="Ofrenda").first
    card.wait_for()
    assert card.locator("svg.emblem").count() == 1
    card.get_by_role("button", name="New table").click()
    ana.select_option("#players", "2")
    ana.select_option("select[name=kind-1]", "human")
    ana.fill("input[name=name-0]", "Ana")
    ana.fill("input[name=name-1]", "Beto")
    ana.get_by_role("button", name="Create table").click()
    invite = ana.get_by_label("invite link for seat 2").input_value()
    assert "token=" in invite
    ana.get_by_role("link", name="Go to the table →").click()
    ana.wait_for_selector("svg.board.ofrenda")
    # … and Beto opens the invite link in a browser of his own.
    beto_ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    beto = beto_ctx.new_page()
    errors += watch(beto)
    sends_moves(beto)
    beto.goto(invite)
    beto.wait_for_selector("svg.board.ofrenda")
    assert "token=" not in beto.url
    assert "★ you" in beto.locator("#seats li").nth(1).inner_text()
    # the catalog draws card faces: a letter band and the objective text, not only an id
    ana.wait_for_selector(".ofr-family .ofr-card .letter")
    assert ana.locator(".ofr-family .ofr-card .obj").count() >= 1
    # a click on the Family board takes a portrait
    ana.wait_for_selector("button.action")
    ana.locator(".ofr-family .ofr-card.playable").first.click()
    ana.wait_for_function(
        "document.querySelector('#log').innerText.includes('Ana takes') || document.querySelector('#log').innerText.includes('Player 1 takes')"
    )
    pages = {0: ana, 1: beto}
    clicks = 0
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        t = HTTP.get(f"{server}/api/tables/{ana.url.rsplit('/', 1)[-1]}").json()
        if t["status"] == "finished":
            break
        seat = t["view"]["to_move"]
        page = pages[seat]
        page.wait_for_function(f"Number(document.body.dataset.moves || 0) >= {t['moves']}")
        page.wait_for_selector("button.action", timeout=10_000)
        before = moves(page)
        click_board_or_first_action(page, prefer_board=clicks % 3 == 0)
        wait_moves(page, before)
        clicks += 1
    else:
        pytest.fail("the game did not end in time")
    for p in (ana, beto):
        p.wait_for_selector("#result table.result-table")
        assert "♛" in p.inner_text("#result .result-winners")
        assert p.locator("button.action").count() == 0
    assert clicks > 20
    assert not errors, errors
    assert not posted and len(on_socket) > clicks, (posted, len(on_socket), clicks)
    ana_ctx.close()
    beto_ctx.close()


@pytest.mark.parametrize("game", muertos.game_ids())
def test_every_game_plays_several_moves_by_clicking(server: str, browser: Any, game: str) -> None:
    """Up to 12 moves of seat 1 against random bots, by board clicks or the action list, or
    the whole game where it is shorter."""
    players = table_seats(game)
    seats = [{"kind": "human"}] + [{"kind": "bot", "agent": "random"}] * (players - 1)
    t = create(server, {"game": game, "players": players, "seats": seats, "seed": 5})
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors = watch(page)
    page.goto(t["invites"][0]["url"])
    page.wait_for_selector(OWN_BOARD)
    played = 0
    for i in range(12):
        page.wait_for_selector("button.action, #result table.result-table", timeout=15_000)
        if page.locator("#result table.result-table").count():
            break
        before = moves(page)
        click_board_or_first_action(page, prefer_board=i % 2 == 0)
        try:
            wait_moves(page, before, timeout=2_000)
        except PageTimeout:
            if moves_on_server(server, t["id"]) == before:
                # the board click only selected (a card, a die) or filtered the list: play
                # from the (filtered) action list
                page.locator("button.action").first.click()
            wait_moves(page, before)
        played += 1
    assert played == 12 or page.locator("#result table.result-table").count(), played
    assert played >= 1
    assert not errors, errors
    page.close()


def test_catalog_faces_are_drawn_for_each_game(server: str, browser: Any) -> None:
    checks = {
        "patzcuaro": ".ptz-card .band",
        "die-of-the-dead": ".dod-cell",
        "dia-de-los-muertos": ".ddm-card .cname",
    }
    for game, selector in checks.items():
        t = create(server, {"game": game, "players": 2, "seats": [{"kind": "human"}] * 2, "seed": 2})
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        errors = watch(page)
        page.goto(t["invites"][0]["url"])
        page.wait_for_selector(selector)
        assert not errors, errors
        page.close()


def test_table_page_fits_a_phone_and_the_action_list_plays(server: str, browser: Any) -> None:
    for game in ("ofertu", "ofrenda"):
        t = create(
            server,
            {"game": game, "seats": [{"kind": "human"}, {"kind": "bot", "agent": "random"}], "seed": 3},
        )
        ctx = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
        page = ctx.new_page()
        errors = watch(page)
        page.goto(t["invites"][0]["url"])
        page.wait_for_selector("svg.board")
        page.wait_for_selector("button.action")
        assert "token=" not in page.url  # the secret leaves the address bar
        before = moves(page)
        page.locator("button.action").first.click()
        wait_moves(page, before)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 392, width
        # Measured in one script run: the bot's reply may redraw the board meanwhile, and a
        # locator's bounding_box() of the replaced element answers None.
        board_width = page.wait_for_function(
            "() => { const b = document.querySelector('svg.board');"
            " return b && b.getBoundingClientRect().width; }"
        ).json_value()
        # the board keeps its text readable: wider than the phone, it scrolls inside its frame,
        # and the frame (like the page) fits the screen
        frame = page.evaluate("document.getElementById('board').getBoundingClientRect().width")
        assert 0 < frame <= 390 and board_width > 0, (frame, board_width)
        assert not errors, errors
        ctx.close()


def test_spectator_sees_no_moves_and_replay_steps_through_a_finished_game(server: str, browser: Any) -> None:
    t = create(server, {"game": "ofertu", "seats": [{"kind": "bot", "agent": "random"}] * 2, "seed": 4})
    for _ in range(300):
        if HTTP.get(f"{server}/api/tables/{t['id']}").json()["status"] == "finished":
            break
        time.sleep(0.1)
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(f"{server}/table/{t['id']}")
    page.wait_for_selector("#result table.result-table")
    assert page.locator("button.action").count() == 0
    assert "♛" in page.inner_text("#result .result-winners")
    page.get_by_role("button", name="▶ Replay this game").click()
    page.wait_for_selector("#replay:not([hidden])")
    page.get_by_role("button", name="next").click()
    page.wait_for_function("document.querySelector('#log-title').innerText.startsWith('Step 1 of')")


# ------------------------------------------------------------------ every action on the board
# Issue 8: every legal action can be made by clicking the board. Each board piece carries
# the actions it stands for in ``data-actions`` (pieces.js); on-board buttons (``.board-button``)
# are only for actions without a piece of their own: those of kinds that name nothing on the
# table (``support.button_verbs``).

PIECES_JS = """() => [...document.querySelectorAll('#board [data-actions]')].map((e, i) => ({
  i, actions: JSON.parse(e.dataset.actions), select: e.dataset.select === '1',
  button: e.classList.contains('board-button'), selected: e.classList.contains('selected')}))"""


def table_for(base: str, table_id: str, token: str) -> dict[str, Any]:
    out: dict[str, Any] = HTTP.get(f"{base}/api/tables/{table_id}", headers={"X-Seat-Token": token}).json()
    return out


def post_first_legal(base: str, table_id: str, token: str) -> None:
    """The token's seat plays its first legal action over HTTP."""
    seen = table_for(base, table_id, token)
    r = HTTP.post(
        f"{base}/api/tables/{table_id}/actions",
        json={"action": seen["view"]["legal"][0], "index": seen["moves"]},
        headers={"X-Seat-Token": token},
    )
    assert r.status_code == 200, r.text


def board_pieces(page: Any) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = page.evaluate(PIECES_JS)
    return out


def check_board_covers(game: str, legal: list[str], pieces: list[dict[str, Any]]) -> None:
    """Every legal action is on some piece, every piece offers legal actions only, and the
    on-board buttons hold only the game's button verbs."""
    want = {a.lower() for a in legal}
    offered = {a.lower() for p in pieces for a in p["actions"]}
    assert want <= offered, f"{game}: not clickable on the board: {sorted(want - offered)}"
    assert offered <= want, f"{game}: the board offers illegal actions: {sorted(offered - want)}"
    for p in pieces:
        if p["button"]:
            verbs = {a.split()[0].lower() for a in p["actions"]}
            assert verbs <= button_verbs(game), f"{game}: {p['actions']} should be on a piece, not a button"


def click_one_move(page: Any, rng: random.Random) -> str:
    """Make one move by board clicks only: a random piece; a menu's random choice; after a
    selecting piece, a random target of it. Returns what was clicked (for messages)."""
    trail: list[str] = []
    chosen: set[str] | None = None  # the actions of the selecting piece just clicked
    for _ in range(4):
        if page.locator(".choice-menu").count():
            choices = page.locator(".choice-menu button.choice")
            k = rng.randrange(choices.count())
            trail.append("menu:" + choices.nth(k).inner_text())
            choices.nth(k).click()
            return " > ".join(trail)
        pieces = board_pieces(page)
        if chosen is not None:
            pool = [p for p in pieces if not p["select"] and {a.lower() for a in p["actions"]} <= chosen]
        else:
            pool = [p for p in pieces if not p["selected"]]
        assert pool, f"nothing to click after {trail}"
        p = rng.choice(pool)
        trail.append(f"{p['actions'][:3]}{'…' if len(p['actions']) > 3 else ''}")
        page.locator("#board [data-actions]").nth(p["i"]).click()
        if not p["select"]:
            if len(p["actions"]) == 1:
                return " > ".join(trail)
            page.wait_for_selector(".choice-menu", timeout=3_000)
            chosen = None
        else:
            chosen = {a.lower() for a in p["actions"]}
    raise AssertionError(f"no move after {trail}")


@pytest.mark.parametrize(
    ("game", "players", "limit"),
    [
        (g, n, 25 if n == 1 else 40)
        for g in muertos.game_ids()
        for n in sorted({muertos.game(g).min_players, table_seats(g)})
    ],
)
def test_every_legal_action_is_clickable_on_the_board(
    server: str, browser: Any, game: str, players: int, limit: int
) -> None:
    seats = [{"kind": "human"}] + [{"kind": "bot", "agent": "random"}] * (players - 1)
    t = create(server, {"game": game, "players": players, "seats": seats, "seed": 8})
    token = t["invites"][0]["token"]
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors = watch(page)
    page.goto(t["invites"][0]["url"])
    page.wait_for_selector(OWN_BOARD)
    rng = random.Random(f"{game}-{players}")
    played = 0
    finished = False
    deadline = time.monotonic() + 150
    while played < limit and time.monotonic() < deadline:
        state = table_for(server, t["id"], token)
        if state["status"] == "finished":
            finished = True
            break
        if state["view"]["to_move"] != 0:
            time.sleep(0.05)  # the bots' turn
            continue
        page.wait_for_function(
            f"Number(document.body.dataset.moves || 0) === {state['moves']}", timeout=10_000
        )
        check_board_covers(game, state["view"]["legal"], board_pieces(page))
        trail = click_one_move(page, rng)
        try:
            page.wait_for_function(
                f"Number(document.body.dataset.moves || 0) > {state['moves']}", timeout=10_000
            )
        except PageTimeout:
            pytest.fail(f"{game}: clicking {trail} made no move")
        played += 1
    assert played == limit or finished, f"{game}: only {played} moves, and the game goes on"
    assert not errors, errors
    page.close()


def test_a_chat_line_or_the_sockets_snapshot_leaves_an_open_menu_open(server: str, browser: Any) -> None:
    """A message that changes nothing on the board (the socket's first snapshot of the table
    the page has already drawn, a spectator's chat line) must not close the choice menu a
    player has opened: that redraw made the clickable test above fail now and then."""
    t = create(server, {"game": "die-of-the-dead", "players": 1, "seats": [{"kind": "human"}], "seed": 8})
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors = watch(page)
    page.goto(t["invites"][0]["url"])
    page.wait_for_selector("#live:has-text('●')")  # the socket is open: its snapshot came
    menus = [p for p in board_pieces(page) if len(p["actions"]) > 1 and not p["select"]]
    assert menus, "die-of-the-dead's first position has a piece with a menu"
    page.locator("#board [data-actions]").nth(menus[0]["i"]).click()
    page.wait_for_selector(".choice-menu", timeout=3_000)
    r = HTTP.post(f"{server}/api/tables/{t['id']}/chat", json={"text": "¡ánimo!", "name": "Cleo"})
    assert r.status_code == 201, r.text
    page.locator(".chat-msg", has_text="¡ánimo!").wait_for(timeout=10_000)
    assert page.locator(".choice-menu").is_visible()
    page.locator(".choice-menu button.choice").first.click()  # and it still plays
    page.wait_for_function("Number(document.body.dataset.moves || 0) === 1", timeout=10_000)
    assert not errors, errors
    page.close()


RENDER_JS = """async ({game, views, catalog}) => {
  const r = await import(`/static/games/${game}.js`);
  const ctx = {catalog, names: [], play() {}, pick() {}, redraw() {}};
  return views.map((v) => [...r.render(v, ctx).querySelectorAll('[data-actions]')].map((e) => ({
    actions: JSON.parse(e.dataset.actions), button: e.classList.contains('board-button')})));
}"""


@pytest.mark.parametrize(("game", "players"), [(g, n) for g in muertos.game_ids() for n in seat_counts(g)])
def test_the_board_offers_every_legal_action_through_whole_games(
    server: str, browser: Any, game: str, players: int
) -> None:
    """The game's renderer, in the page, draws the view of the seat to move at every step of
    a few whole random games (so the rare phases come up: bonuses, reactions, the end) and
    must put each legal action on a board piece."""
    # any table page: it loads the renderers and pieces.js from the server
    t = create(server, {"game": "ofertu", "seats": [{"kind": "human"}] * 2, "seed": 1})
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors = watch(page)
    page.goto(t["invites"][0]["url"])
    page.wait_for_selector("svg.board")
    catalog = HTTP.get(f"{server}/api/games/{game}/catalog").json()
    g = muertos.game(game)
    checked = drawn_views = 0
    for seed in range(2):
        s, rng = g.new(players=players, seed=seed), random.Random(seed)
        views: list[dict[str, Any]] = []
        while s.to_move is not None and len(views) < 1000:
            views.append(s.view(s.to_move))
            s.apply(rng.choice(s.legal_actions()))
        assert s.over or len(views) == 1000  # the whole game, or its first 1000 decisions
        drawn_views += len(views)
        for k in range(0, len(views), 100):
            batch = views[k : k + 100]
            drawn = page.evaluate(RENDER_JS, {"game": game, "views": batch, "catalog": catalog})
            for v, pieces in zip(batch, drawn, strict=True):
                check_board_covers(game, v["legal"], pieces)
                checked += 1
    assert checked == drawn_views > 0
    assert not errors, errors
    page.close()


def test_a_link_that_opens_no_seat_says_so_and_an_open_seat_is_taken_from_the_lobby(
    server: str, browser: Any
) -> None:
    t = create(server, {"game": "ofertu", "seats": [{"kind": "human", "name": "Ana"}, {"kind": "open"}]})
    # a mangled invite link: the page explains, and stays a spectator's
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors = watch(page)
    page.goto(f"{server}/table/{t['id']}?token=mangled-{t['creator_token'][:8]}")
    banner = page.locator("#seat-lost")
    banner.wait_for(state="visible")
    text = banner.inner_text()
    assert "This link does not open a seat here" in text and "mistyped" in text and "spectator" in text
    page.wait_for_function("document.getElementById('status').innerText.includes('spectator')")
    assert page.evaluate(f"localStorage.getItem('muertos:token:{t['id']}')") is None
    # the open seat is offered in the lobby and taken with one click
    page.goto(server + "/")
    page.get_by_role("tab", name="Open seats").click()
    row = page.locator("li.table-row", has=page.locator(f"a[href='/table/{t['id']}']"))
    row.get_by_role("button", name="take this seat").click()
    page.wait_for_url(f"**/table/{t['id']}")
    page.wait_for_function("document.querySelectorAll('#seats li')[1]?.innerText.includes('★ you')")
    assert page.locator("#seat-lost").is_hidden()
    assert HTTP.get(f"{server}/api/tables/{t['id']}").json()["status"] == "in_progress"
    assert not errors, errors
    page.close()


def test_a_page_shows_the_moves_its_socket_brings_without_asking_the_replay_route(
    server: str, browser: Any
) -> None:
    """Each live update that brings one move carries that move's events and its mover
    (``last_mover``): the page marks it and sums it up from the update, as the replay route
    would have told it, and asks that route nothing (it asked once a move a page before)."""
    t = create(
        server,
        {"game": "ofrenda", "seats": [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Beto"}]},
    )
    ana, beto = opened(server, t).values()
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors = watch(page)
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url) if "/replay/" in r.url else None)
    page.goto(t["invites"][0]["url"])
    page.wait_for_selector("#live:has-text('●')")  # the socket is open
    others = 0
    since: list[str] = []  # the lines of Beto's moves since Ana's last one
    for k in range(1, 9):
        token = (ana, beto)[HTTP.get(f"{server}/api/tables/{t['id']}").json()["view"]["to_move"]]
        post_first_legal(server, t["id"], token)
        page.wait_for_function(f"Number(document.body.dataset.moves || 0) === {k}", timeout=10_000)
        if token == ana:
            since = []
            continue
        # the others' move: summed up as the replay route tells it (the lines since Ana's
        # last move, the latest six of them), and marked
        step = HTTP.get(f"{server}/api/tables/{t['id']}/replay/{k}", headers={"X-Seat-Token": ana}).json()
        assert step["mover"] == 1 and step["events"]
        since += [e["text"] for e in step["events"]]
        assert page.locator("#since li:not(.muted)").all_inner_texts() == since[-6:]
        assert page.locator("#board .hl-last").count() > 0
        others += 1
    assert others >= 2, others
    assert asked == [], asked
    assert not errors, errors
    page.close()


def test_the_latest_move_pulses_unless_the_reader_asked_for_less_motion(server: str, browser: Any) -> None:
    """The latest move is marked for everyone; it pulses only where the system does not ask
    for reduced motion (``prefers-reduced-motion``)."""
    t = create(
        server,
        {"game": "ofrenda", "seats": [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Beto"}]},
    )
    beto = opened(server, t)[1]
    pages = {}
    for motion in ("no-preference", "reduce"):
        ctx = browser.new_context(viewport={"width": 1280, "height": 900}, reduced_motion=motion)
        page = ctx.new_page()
        pages[motion] = (ctx, page, watch(page))
        page.goto(f"{server}/table/{t['id']}?token={beto}")  # Beto's own link, in each context
        page.wait_for_selector("#live:has-text('●')")  # the socket is open
    post_first_legal(server, t["id"], t["invites"][0]["token"])
    for motion, animation in (("no-preference", "hl-pulse"), ("reduce", "none")):
        ctx, page, errors = pages[motion]
        page.wait_for_function("document.querySelectorAll('#board .hl-last').length > 0")
        names = page.evaluate(
            "() => [...document.querySelectorAll('#board .hl-last')].map((e) => getComputedStyle(e).animationName)"
        )
        assert set(names) == {animation}, (motion, names)
        assert not errors, errors
        ctx.close()
