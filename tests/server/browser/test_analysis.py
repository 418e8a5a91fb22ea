"""The Analysis view and the hint in a real browser: an Ofertu game against a bot, a hint
asked on your move and shown among the actions, then the game finished, its replay opened
and analysed (a tiny budget): the chart, the verdicts, a decision that moves the replay."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from muertos.analysis import Budget

from ..conftest import opened
from .support import HTTP, create, serve, watch


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Every game, the analysis at a tiny budget (the machine is shared)."""
    from muertos.server import create_app
    from muertos.server.analysis import Analyses

    db: Path = tmp_path_factory.mktemp("analysis") / "muertos.db"
    app = create_app(f"sqlite:///{db}", bot_workers=1)
    app.state.analyses = Analyses(app.state.service, app.state.bots, app.state.store)
    app.state.analyses.budgets = {False: Budget(6), True: Budget(12)}
    app.state.analyses.hint_budget = Budget(10, 5.0)
    yield from serve(app)


def finish(base: str, tid: str, token: str) -> None:
    """Play seat 1's first legal action until the game is over (the bot answers)."""
    for _ in range(400):
        t = HTTP.get(f"{base}/api/tables/{tid}", headers={"X-Seat-Token": token}).json()
        if t["view"]["over"]:
            return
        if t["view"]["legal"]:
            HTTP.post(
                f"{base}/api/tables/{tid}/actions",
                json={"action": t["view"]["legal"][0], "index": t["moves"]},
                headers={"X-Seat-Token": token},
            )
        else:
            time.sleep(0.05)  # the bot is thinking
    raise AssertionError("the game did not end")


def test_a_hint_then_the_analysis_of_the_finished_game(server: str, browser: Any) -> None:
    made = create(
        server, {"game": "ofertu", "seats": [{"kind": "human"}, {"kind": "bot", "agent": "random"}]}
    )
    tid, token = made["id"], made["creator_token"]
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    page = ctx.new_page()
    errors = watch(page)
    page.goto(f"{server}/table/{tid}?token={token}&lang=en")
    # the hint, on our move at a table of bots
    page.locator("button.action").first.wait_for(timeout=20_000)
    page.get_by_role("button", name="💡 Hint").click()
    page.wait_for_selector(".an-hint-text:has-text('Suggested:')", timeout=20_000)
    hinted = page.locator("button.action.hinted")
    assert hinted.count() == 1
    said = page.locator(".an-hint-text").inner_text()
    assert hinted.inner_text() in said
    # the game finished, its replay opened, the analysis asked for
    finish(server, tid, token)
    page.wait_for_selector("#result .result-table", timeout=20_000)
    page.get_by_role("button", name="▶ Replay").click()
    page.locator("button.an-go").click()
    page.wait_for_selector(".an-chart svg path.an-line", timeout=60_000)
    assert page.locator(".an-chart svg path.an-line").count() == 2
    assert page.locator(".an-summary tbody tr").count() == 2
    marks = page.locator(".an-decisions li[data-verdict]:not([data-verdict='']) .an-mark")
    assert marks.count() > 0 and marks.first.inner_text() in ("★", "✓", "?!", "?", "??")
    # a decision shows the position before it
    item = page.locator(".an-decisions li").nth(3)
    item.locator("button").click()
    page.wait_for_selector(".an-decisions li.current", timeout=10_000)
    assert "step 3/" in page.locator("#replay").inner_text()
    assert not errors
    ctx.close()


def test_no_hint_button_at_a_table_of_people(server: str, browser: Any) -> None:
    made = create(server, {"game": "ofertu", "seats": [{"kind": "human"}, {"kind": "human"}], "seed": 1})
    tid = made["id"]
    tokens = opened(server, made)
    mover = HTTP.get(f"{server}/api/tables/{tid}").json()["view"]["to_move"]
    page = browser.new_page()
    errors = watch(page)
    page.goto(f"{server}/table/{tid}?token={tokens[mover]}&lang=en")
    page.locator("button.action").first.wait_for(timeout=20_000)
    assert page.locator(".an-hint-button").count() == 0
    assert not errors
    page.close()
