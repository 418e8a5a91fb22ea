"""What the browser tests share: the server in a thread, tables made over HTTP, the page's
count of drawn moves, and how a game is chosen and played without naming it."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import httpx

import muertos
from muertos.server.browser import serving

try:
    from playwright.sync_api import TimeoutError as PageTimeout
except ImportError:  # pragma: no cover - the dev extra installs it (the browser fixture skips)
    PageTimeout = TimeoutError  # type: ignore[assignment,misc]

HTTP = httpx.Client(timeout=30)
"""One client for the session's requests: a new one for each (``httpx.get``) builds a TLS context
and a connection every time, which cost the browser tests a sixth of their CPU."""

LONG = 60
"""Seat 1's decisions past which a game is too long to play to its end in a browser test."""


def serve(app: Any) -> Iterator[str]:
    """Run ``app`` with uvicorn in a thread on a free port of 127.0.0.1; its base URL."""
    with serving(app) as base:
        yield base


def create(base: str, body: dict[str, Any]) -> dict[str, Any]:
    r = HTTP.post(f"{base}/api/tables", json=body)
    assert r.status_code == 201, r.text
    out: dict[str, Any] = r.json()
    return out


def watch(page: Any) -> list[str]:
    """Record the page's JavaScript errors; its table shows others' moves without pauses."""
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.add_init_script("localStorage.setItem('muertos:pace', '0')")
    return errors


def moves(page: Any) -> int:
    """The number of moves of the table the page has drawn."""
    return int(page.evaluate("Number(document.body.dataset.moves || 0)"))


def wait_moves(page: Any, more_than: int, timeout: float = 10_000) -> None:
    page.wait_for_function(f"Number(document.body.dataset.moves || 0) > {more_than}", timeout=timeout)


def moves_on_server(base: str, table_id: str) -> int:
    return int(HTTP.get(f"{base}/api/tables/{table_id}").json()["moves"])


def seat_counts(gid: str) -> list[int]:
    """The fewest and the most seats a game is played with."""
    g = muertos.game(gid)
    return sorted({g.min_players, g.max_players})


def table_seats(gid: str) -> int:
    """Seats for a table of a person and bots: the fewest, two at least."""
    return max(2, muertos.game(gid).min_players)


def short(gid: str, players: int, seed: int = 7) -> dict[str, Any]:
    """Options for a game short enough to play to its end in a browser: the defaults, unless
    seat 1 decides more than ``LONG`` times there (playing its first legal action, the others
    at random, as these tests do); then each integer option with a lower bound is set one
    above it: such an option bounds a game's length (a round limit, where the rules allow
    endless play)."""
    g = muertos.game(gid)
    s, rnd, mine = g.new(players, seed), random.Random(seed), 0
    while not s.over and mine <= LONG:
        mine += s.to_move == 0
        s.apply(s.legal_actions()[0] if s.to_move == 0 else rnd.choice(s.legal_actions()))
    if mine <= LONG:
        return {}
    return {o.name: o.minimum + 1 for o in g.options if isinstance(o.default, int) and o.minimum is not None}


def button_verbs(gid: str) -> set[str]:
    """The verbs an on-board button may play: those of kinds that name nothing on the table
    (``pass``, ``done``, ``no candle``: no ``<argument>`` in the kind's usage), so no piece
    of the board can stand for them."""
    kinds = muertos.game(gid).state_class.ACTIONS.kinds
    return {k.verb for k in kinds if "<" not in k.usage}
