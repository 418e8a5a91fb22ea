"""The web table's post-game analysis and hints: a finished Ofertu table analysed in the bot
workers at a tiny budget, kept in each store and served from there, refused before the
end; hints only for the seat to move at a table of bots."""

from __future__ import annotations

import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from fastapi.testclient import TestClient

from muertos.analysis import Budget
from muertos.server import analysis, create_app
from muertos.server.analysis import Analyses

from .conftest import Table, bot, human, make_table

TINY = {False: Budget(3), True: Budget(6)}


def tiny(c: TestClient) -> Analyses:
    """The app's analyses at a tiny budget (the machine is shared)."""
    state = c.app.state  # type: ignore[attr-defined]
    state.analyses = Analyses(state.service, state.bots, state.store)
    state.analyses.budgets = dict(TINY)
    state.analyses.hint_budget = Budget(5, 5.0)
    found: Analyses = state.analyses
    return found


@pytest.fixture
def app_on(store_url: str) -> Iterator[TestClient]:
    """The server with every game, on each store in turn, its bots thinking in 1 worker."""
    with TestClient(create_app(store_url, bot_workers=1)) as c:
        tiny(c)
        yield c


def finished_ofertu(c: TestClient, seed: int = 4) -> Table:
    t = make_table(c, "ofertu", [bot(), bot()], seed=seed)
    t.settle()
    assert t.get()["view"]["over"]
    return t


def wait_done(c: TestClient, table_id: str, deep: bool = False) -> list[dict[str, Any]]:
    """Poll the analysis until it is done; every answer seen."""
    seen = []
    end = time.monotonic() + 120
    while time.monotonic() < end:
        r = c.get(f"/api/tables/{table_id}/analysis", params={"deep": deep})
        assert r.status_code == 200, r.text
        seen.append(r.json())
        if seen[-1]["status"] in ("done", "failed"):
            return seen
        time.sleep(0.05)
    raise AssertionError(f"the analysis did not end: {seen[-1]}")


def test_a_finished_table_is_analysed_once_and_kept(app_on: TestClient) -> None:
    c = app_on
    t = finished_ofertu(c)
    moves = t.get()["moves"]
    assert c.get(f"/api/tables/{t.id}/analysis").json()["status"] == "none"
    first = c.post(f"/api/tables/{t.id}/analysis", json={"deep": False})
    assert first.status_code == 200, first.text
    started = first.json()
    # progress: decisions judged of all, from the start
    assert started["status"] in ("queued", "running") and started["done"] == 0 and started["total"] > 0
    seen = wait_done(c, t.id)
    assert seen[-1]["status"] == "done", seen[-1]
    assert all(0 <= s["done"] <= s["total"] == started["total"] for s in seen[:-1])
    a = seen[-1]["analysis"]
    assert a["kind"] == "muertos.analysis" and a["game"] == "ofertu" and a["units"] == "win_share"
    assert a["budget"]["iterations"] == 3 and a["over"]
    assert [d["move"] for d in a["decisions"]] == list(range(1, moves + 1))
    judged = [d for d in a["decisions"] if not d["forced"]]
    assert len(judged) == started["total"] and all(d["best"] for d in judged)
    assert any(d["verdict"] in a["verdicts"] for d in judged)
    assert [s["seat"] for s in a["summary"]] == [0, 1] and set(a["curves"]) == {"0", "1"}
    analyses: Analyses = c.app.state.analyses  # type: ignore[attr-defined]
    assert analyses.started == 1
    # asked again (started or read): the kept analysis, no second job
    again = c.post(f"/api/tables/{t.id}/analysis", json={})
    assert again.json()["status"] == "done" and again.json()["analysis"]["decisions"] == a["decisions"]
    assert analyses.started == 1 and not analyses.jobs
    # the reader's language names the seats; the verdicts stay
    es = c.get(f"/api/tables/{t.id}/analysis", params={"lang": "es"}).json()["analysis"]
    assert es["decisions"] == a["decisions"]


def test_an_unfinished_table_is_not_analysed(app_on: TestClient) -> None:
    t = make_table(app_on, "ofertu", [human(), human()], seed=2)
    for method in ("GET", "POST"):
        r = app_on.request(method, f"/api/tables/{t.id}/analysis", params={"lang": "es"})
        assert r.status_code == 409 and r.json()["code"] == "game_not_over"
        assert "no ha terminado" in r.json()["detail"]
    assert app_on.get("/api/tables/nope/analysis").status_code == 404


def test_the_analysis_survives_a_restart(sqlite_url: str) -> None:
    with TestClient(create_app(sqlite_url, bot_workers=1)) as c:
        tiny(c)
        t = finished_ofertu(c, seed=7)
        c.post(f"/api/tables/{t.id}/analysis")
        done = wait_done(c, t.id)[-1]
        assert done["status"] == "done"
    with TestClient(create_app(sqlite_url, bot_workers=1)) as c2:
        analyses = tiny(c2)
        r = c2.get(f"/api/tables/{t.id}/analysis").json()
        assert r["status"] == "done" and r["analysis"] == done["analysis"]
        assert c2.post(f"/api/tables/{t.id}/analysis").json()["status"] == "done"
        assert analyses.started == 0
        # the deep budget is another analysis
        assert c2.get(f"/api/tables/{t.id}/analysis", params={"deep": True}).json()["status"] == "none"


def test_a_job_past_its_time_limit_fails_and_says_so(sqlite_url: str) -> None:
    with TestClient(create_app(sqlite_url, bot_workers=1)) as c:
        analyses = tiny(c)
        analyses.job_seconds = 0.0
        t = finished_ofertu(c, seed=5)
        c.post(f"/api/tables/{t.id}/analysis")
        last = wait_done(c, t.id)[-1]
        assert last["status"] == "failed" and "limit" in last["detail"]
        # only the reason is kept: a failed job holds no game (nor counts against MAX_JOBS)
        assert not analyses.jobs and len(analyses.failures) == 1
        again = c.post(f"/api/tables/{t.id}/analysis").json()  # asking again starts again
        assert again["status"] in ("queued", "running") and analyses.started == 2


def test_requests_at_the_same_moment_cannot_pass_the_limit_of_jobs(
    sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A job's set-up (a replay of the game, in a thread) counts against ``MAX_JOBS``: two
    requests for two analyses at the same moment, with room for one, start one; two for the
    same analysis start it once."""
    real = analysis._new_job

    def slow(*args: Any) -> Any:
        time.sleep(0.5)  # both requests are in the set-up at once
        return real(*args)

    monkeypatch.setattr(analysis, "_new_job", slow)
    monkeypatch.setattr(analysis, "MAX_JOBS", 1)
    with TestClient(create_app(sqlite_url, bot_workers=1)) as c:
        analyses = tiny(c)
        t = finished_ofertu(c, seed=5)

        def ask(deep: bool) -> Any:
            return c.post(f"/api/tables/{t.id}/analysis", json={"deep": deep})

        with ThreadPoolExecutor(2) as pool:
            got = list(pool.map(ask, [False, True]))
        assert sorted(r.status_code for r in got) == [200, 409], [r.text for r in got]
        assert analyses.started == 1
        wait_done(c, t.id, deep=got[0].status_code != 200)
        with ThreadPoolExecutor(2) as pool:
            got = list(pool.map(ask, [got[0].status_code == 200] * 2))
        assert [r.status_code for r in got] == [200, 200] and analyses.started == 2


def bot_table(c: TestClient, seed: int = 1) -> tuple[Table, int]:
    """An Ofertu table of a person and a bot where the person is to move; their seat."""
    t0 = make_table(c, "ofertu", [human(), bot()], seed=seed)
    t0.settle()
    me = 0
    if t0.get()["view"]["to_move"] != me:
        t0 = make_table(c, "ofertu", [bot(), human()], seed=seed)
        t0.settle()
        me = 1
    assert t0.get()["view"]["to_move"] == me
    return t0, me


def test_a_hint_for_the_seat_to_move_at_a_bot_table(app_on: TestClient) -> None:
    t, me = bot_table(app_on)
    r = app_on.get(f"/api/tables/{t.id}/hint", headers={"X-Seat-Token": t.tokens[me]})
    assert r.status_code == 200, r.text
    h = r.json()
    assert h["action"] in t.get(me)["view"]["legal"] and h["units"] == "win_share"
    assert 0 <= h["value"] <= 1 and h["moves"] == t.get()["moves"]


def test_hints_are_refused_without_a_seat_and_between_people(real_client: TestClient) -> None:
    t, _ = bot_table(real_client)
    r = real_client.get(f"/api/tables/{t.id}/hint")
    assert r.status_code == 403 and r.json()["code"] == "seat_required"
    bad = real_client.get(f"/api/tables/{t.id}/hint", headers={"X-Seat-Token": "wrong"})
    assert bad.status_code == 403
    people = make_table(real_client, "ofertu", [human(), human()], seed=3)
    mover = people.get()["view"]["to_move"]
    r = real_client.get(
        f"/api/tables/{people.id}/hint", headers={"X-Seat-Token": people.tokens[mover]}, params={"lang": "es"}
    )
    assert r.status_code == 403 and r.json()["code"] == "people_at_table"
    assert "contra bots" in r.json()["detail"]


def test_a_hint_is_refused_when_it_is_not_your_turn(sqlite_url: str) -> None:
    with TestClient(create_app(sqlite_url, bot_delay=60, bot_workers=1)) as c:
        tiny(c)
        for seats, me in (([bot(), human()], 1), ([human(), bot()], 0)):
            t = make_table(c, "ofertu", seats, seed=1)
            if t.get()["view"]["to_move"] != me:  # the bot waits its minute
                r = c.get(f"/api/tables/{t.id}/hint", headers={"X-Seat-Token": t.tokens[me]})
                assert r.status_code == 409 and r.json()["code"] == "not_your_turn"
                return
    raise AssertionError("no table where the bot is to move")
