"""A live table's clock in a real browser (issue 38): each seat's time on the board, the
clock running out (a short bank, and the server's injected clock moved on), the other
person handing the seat to a bot from the page, and the game finishing.

Self-contained (its own server, whose clock the test moves, and its own browser), so it
runs beside the other browser tests whatever they share.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from muertos.server.browser import CHROMIUM_PATH

from ..conftest import opened
from .support import HTTP, serve

_missing = None if Path(CHROMIUM_PATH).exists() else f"no browser at {CHROMIUM_PATH}"
try:
    from playwright import sync_api
except ImportError:  # pragma: no cover - the dev extra installs it
    sync_api = None  # type: ignore[assignment]
    _missing = _missing or "playwright is not installed"
if _missing and os.environ.get("CI"):
    raise RuntimeError(f"browser tests cannot run under CI: {_missing}")


class SkewedClock:
    """Real time moved on by ``skew``: the page's clocks tick as the server's do, and a
    test jumps to a deadline without waiting for it."""

    def __init__(self) -> None:
        self.skew = timedelta(0)

    def __call__(self) -> datetime:
        return datetime.now(UTC) + self.skew


@pytest.fixture(scope="module")
def clocked(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, SkewedClock]]:
    """Every game on a fresh SQLite file, on 127.0.0.1 only, living in a clock the test moves."""
    from muertos.server import create_app

    clock = SkewedClock()
    db = tmp_path_factory.mktemp("clocks") / "muertos.db"
    running = serve(create_app(f"sqlite:///{db}", clock=clock, watch_tick=0.2, bot_workers=1))
    yield next(running), clock
    next(running, None)  # stops the server


@pytest.fixture
def chromium(browser: Any) -> Any:
    """The session's browser (conftest.py): one Playwright a process, whose loop a second
    one would find running."""
    return browser


def test_the_clock_runs_out_and_the_other_hands_the_seat_to_a_bot(
    clocked: tuple[str, SkewedClock], chromium: Any
) -> None:
    """Issue 38: "a live table's clock runs out (injected short bank) and the other hands the seat
    to a bot and the game finishes"."""
    base, clock = clocked
    r = HTTP.post(
        f"{base}/api/tables",
        json={
            "game": "ofertu",
            "seats": [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bea"}],
            "seed": 3,
            "clock": {"mode": "live", "bank": 30, "increment": 0, "cap": 30},
        },
    )
    assert r.status_code == 201, r.text
    created = r.json()
    tid = created["id"]
    tokens = opened(base, created)
    ctx = chromium.new_context(viewport={"width": 1280, "height": 900})
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("dialog", lambda d: d.accept())
    page.add_init_script("localStorage.setItem('muertos:pace', '0')")
    page.goto(f"{base}/table/{tid}?token={tokens[1]}")  # Bea opens her link: the table starts
    page.wait_for_selector("svg.board")
    running = HTTP.get(f"{base}/api/tables/{tid}").json()["clock"]["running"]
    me = 1
    if running == me:  # Bea is to move first: she plays, so that Ana's clock is the one that runs
        legal = HTTP.get(f"{base}/api/tables/{tid}", headers={"X-Seat-Token": tokens[1]}).json()["view"][
            "legal"
        ]
        assert (
            HTTP.post(
                f"{base}/api/tables/{tid}/actions",
                json={"action": legal[0]},
                headers={"X-Seat-Token": tokens[1]},
            ).status_code
            == 200
        )
    other = 1 - me
    clocks = page.locator(".clock[role=timer]")
    clocks.first.wait_for()
    assert clocks.count() == 2
    assert ":" in page.locator(f'.clock[data-seat="{other}"]').inner_text()  # 0:29
    clock.skew += timedelta(seconds=31)  # Ana's 30 s are gone
    box = page.locator(".clock-out")
    box.wait_for(timeout=10_000)
    assert "Ana" in box.inner_text()
    assert page.locator(f'.clock.out[data-seat="{other}"]').count() == 1
    assert "null" not in box.inner_text()
    page.locator("button.vote-bot").click()
    page.locator(".bot-from").wait_for(timeout=10_000)
    log = HTTP.get(f"{base}/api/tables/{tid}/log", headers={"X-Seat-Token": tokens[1]}).json()["lines"]
    assert any("Time ran out for Ana" in line for line in log)
    # Bea plays on (her clock too: keep it from running out) until the bot and she finish.
    for _ in range(200):
        t = HTTP.get(f"{base}/api/tables/{tid}", headers={"X-Seat-Token": tokens[1]}).json()
        if t["status"] == "finished":
            break
        if t["view"]["legal"]:
            got = HTTP.post(
                f"{base}/api/tables/{tid}/actions",
                json={"action": t["view"]["legal"][0], "index": t["moves"]},
                headers={"X-Seat-Token": tokens[1]},
            )
            assert got.status_code in (200, 409), got.text
        else:
            time.sleep(0.05)
    else:
        raise AssertionError("the game did not finish")
    page.wait_for_selector("#result td[data-total]", timeout=15_000)
    result = HTTP.get(f"{base}/api/tables/{tid}/result").json()
    assert result["over"] and list(result["bots_from"]) == [str(other)]
    # The score panel says so too (issue 38: "the result marks the seat").
    said = page.locator("#result .result-bot-from").inner_text()
    assert said == f"Ana: played by a bot from move {result['bots_from'][str(other)]} (time ran out)"
    assert page.locator(".clock-out").count() == 0
    assert not errors, errors
    ctx.close()
