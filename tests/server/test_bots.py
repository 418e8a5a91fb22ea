"""Bots on the server: worker processes, a hard deadline with a cheaper fallback, a killed
worker replaced with nothing lost, tables served in turn, and budgets checked."""

from __future__ import annotations

import itertools
import os
import signal
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from muertos.server import create_app
from muertos.server.bots import BotScheduler, cheaper, deadline_for
from muertos.server.tables import BOT_CHOICES, TableService

from .conftest import TOY_GAMES, Table, bot, human, make_table
from .test_api import local


def bots_of(c: TestClient) -> BotScheduler:
    b: BotScheduler = c.app.state.bots  # type: ignore[attr-defined]
    return b


@pytest.fixture
def one_worker(store_url: str) -> Iterator[TestClient]:
    """One bot worker, on each store in turn."""
    with TestClient(create_app(store_url, games=TOY_GAMES, bot_workers=1)) as c:
        yield c


def moves_of(t: Table) -> list[str]:
    """The table's moves as a spectator's log cannot show them: replayed from the stored rows."""
    service: TableService = t.client.app.state.service  # type: ignore[attr-defined]
    return [a.action for a in service.store.actions(t.id)]


def test_bots_think_in_worker_processes_and_play_to_the_end(one_worker: TestClient) -> None:
    t = make_table(one_worker, "toy", [bot("greedy"), bot("ismcts:50")], seed=4)
    t.settle()
    got = t.get()
    assert got["status"] == "finished"
    pids = [w.pid for w in bots_of(one_worker).pool.workers]
    assert pids[0] is not None and pids[0] != os.getpid()
    # the moves are the agents' own, as they would choose them in this process
    assert local(4, moves_of(t)).over


def test_the_search_with_the_learned_evaluation_plays_a_whole_game_in_a_worker(sqlite_url: str) -> None:
    """A seat may name ``ismcts+net``: its worker imports torch at its first move and plays
    every move itself, and no seat falls back to a cheaper bot. It is the lobby's strongest
    level (the network asked only where it was measured to help, ``tests/learn``)."""
    assert BOT_CHOICES[-1] == "ismcts+net:2s"
    with TestClient(create_app(sqlite_url, bot_workers=1)) as c:
        t = make_table(c, "ofertu", [bot("ismcts+net:40"), bot("greedy")], seed=5)
        t.settle()
        got = t.get()
        assert got["status"] == "finished" and bots_of(c).fallbacks == 0
        assert [s["agent"] for s in got["seats"]] == ["ismcts+net:40", "greedy"]


def test_a_move_is_timed_once_the_network_is_loaded(sqlite_url: str) -> None:
    """The worker imports torch and loads Ofertu's network (seconds) before the move's clock
    starts: a deadline of 1 s a move is enough for 40 iterations. Getting ready has a deadline
    of its own, and a bot past it plays cheaper, as one past its move's deadline does."""
    with TestClient(create_app(sqlite_url, bot_workers=1)) as c:
        bots = bots_of(c)
        bots.deadline = lambda agent: 1.0
        t = make_table(c, "ofertu", [bot("ismcts+net:40"), human()], seed=6)  # seat 1 bids first
        t.settle()
        got = t.get(1)
        assert got["moves"] == 1 and bots.fallbacks == 0
        assert got["seats"][0]["agent"] == "ismcts+net:40"
    with TestClient(create_app(sqlite_url, bot_workers=1)) as c:
        bots = bots_of(c)
        bots.load_seconds = 0.2  # a fresh worker, torch not imported: more than that
        t = make_table(c, "ofertu", [bot("ismcts+net:40"), human()], seed=6)
        t.settle()
        got = t.get(1)
        assert got["moves"] == 1 and bots.fallbacks == 1
        notice = next(line for line in got["log"] if "for the rest of the game" in line)
        assert notice.startswith("The bot ismcts+net:40 took more than 0.2 s to get ready"), notice


def test_a_bot_past_its_deadline_is_killed_and_plays_cheaper_for_the_rest_of_the_game(
    one_worker: TestClient,
) -> None:
    bots = bots_of(one_worker)
    bots.deadline = lambda agent: 0.3 if agent.startswith("ismcts") else deadline_for(agent)
    t = make_table(one_worker, "toy", [bot("ismcts:3s"), human()], seed=8)
    t.settle()
    got = t.get(1)
    assert got["moves"] == 1 and got["view"]["to_move"] == 1  # the bot moved, cheaper
    assert got["seats"][0]["agent"] == "greedy"
    notice = [line for line in got["log"] if "plays as greedy" in line]
    assert notice == [
        "The bot ismcts:3s ran past its deadline of 0.3 s: it plays as greedy for the rest of the game."
    ]
    assert got["log"].index(notice[0]) == 1  # after the deal, before the bot's move
    assert bots.fallbacks == 1
    # the spectator's log says it too, and the live log gets it as a new event
    assert notice[0] in t.get()["log"]
    # the fallback is stored: the next bot move uses greedy at once, also after a restart
    legal = got["view"]["legal"]
    assert t.act(1, legal[0]).status_code == 200
    t.settle()
    again = t.get(1)
    assert again["moves"] == 3 and again["log"].count(notice[0]) == 1


def test_a_worker_killed_in_the_middle_of_a_move_is_replaced_and_nothing_is_lost(
    one_worker: TestClient,
) -> None:
    bots = bots_of(one_worker)
    t = make_table(one_worker, "toy", [bot("ismcts:0.4s"), bot("ismcts:0.4s")], seed=12)
    killed: list[int] = []
    deadline = time.monotonic() + 20
    while not killed and time.monotonic() < deadline:  # wait for a move in flight
        w = bots.pool.workers[0]
        if bots.running and w.pid is not None:
            time.sleep(0.1)
            os.kill(w.pid, signal.SIGKILL)
            killed.append(w.pid)
        time.sleep(0.02)
    assert killed, "no bot move was seen in flight"
    t.settle()
    got = t.get()
    assert got["status"] == "finished"
    actions = moves_of(t)
    final = local(12, actions)  # every stored move replays: nothing doubled, nothing lost
    assert final.over and got["view"]["scores"] == final.scores() and got["moves"] == len(actions)
    assert bots.pool.workers[0].pid not in (None, killed[0])
    assert [s["agent"] for s in got["seats"]] == ["ismcts:0.4s", "ismcts:0.4s"]  # a crash is retried


def test_a_table_with_slow_bots_does_not_starve_the_others(one_worker: TestClient) -> None:
    service: TableService = one_worker.app.state.service  # type: ignore[attr-defined]
    order: list[str] = []
    real = service.bot_store

    def store(task: Any, action: str | None, note: str | None) -> bool:
        order.append(task.table_id)
        return real(task, action, note)

    bots_of(one_worker).store = store
    slow = make_table(one_worker, "toy", [bot("ismcts:0.2s"), bot("ismcts:0.2s")], seed=1)
    fast = make_table(one_worker, "toy", [bot("random"), bot("random")], seed=2)
    slow.settle()
    fast.settle()
    assert slow.get()["status"] == fast.get()["status"] == "finished"
    # with one worker, the tables take turns: never two slow moves in a row while the fast
    # table still had moves to make
    last_fast = max(i for i, tid in enumerate(order) if tid == fast.id)
    head = order[: last_fast + 1]
    assert not any(a == b == slow.id for a, b in itertools.pairwise(head)), order


def test_a_stored_agent_the_server_no_longer_accepts_plays_as_random(sqlite_url: str) -> None:
    app = create_app(sqlite_url, games=TOY_GAMES)
    service: TableService = app.state.service
    with TestClient(app) as c:
        bots_of(c).closing = True  # no bot moves while the row is edited
        t = make_table(c, "toy", [bot("greedy"), human()], seed=3)
        with service.store.engine.begin() as conn:
            conn.exec_driver_sql(f"UPDATE seats SET agent = 'ismcts:nans' WHERE table_id = '{t.id}'")
        task = service.bot_task(t.id)
        assert task is not None and task.agent == "random"


def test_a_bot_move_chosen_before_a_take_back_is_not_stored_on_the_new_position(sqlite_url: str) -> None:
    """A person plays, the bot starts thinking, the person takes the move back and plays
    another: the table has as many moves as the bot saw, but not the same ones. The answer
    to the first position is dropped (else a player could show the bot one move and play
    another), and the bot is asked again."""
    app = create_app(sqlite_url, games=TOY_GAMES)
    service: TableService = app.state.service
    with TestClient(app) as c:
        bots_of(c).closing = True  # the test plays the bot's part
        t = make_table(c, "toy", [human(), bot("random")], seed=21)
        first, second = [a for a in t.get(0)["view"]["legal"] if a.startswith("play")][:2]
        assert t.act(0, first).status_code == 200
        task = service.bot_task(t.id)
        assert task is not None and task.history == (first,)
        r = t.undo(0, 0)
        assert r.status_code == 200, r.text
        assert t.act(0, second).status_code == 200
        assert service.bot_store(task, None) is False  # a move legal here, chosen for there
        assert moves_of(t) == [second]
        again = service.bot_task(t.id)
        assert again is not None and again.history == (second,)
        assert service.bot_store(again, None) is True and len(moves_of(t)) == 2


@pytest.mark.parametrize(
    ("agent", "problem"),
    [
        ("ismcts:nans", "nan"),
        ("ismcts:infs", "inf"),
        ("ismcts:1e400s", "inf"),
        ("ismcts:-1s", "-1"),
        ("ismcts:0s", "0"),
        ("ismcts:6s", "at most 5 s"),
        ("ismcts:0", "0"),
        ("ismcts:99999999", "iterations"),
        ("ismcts:30000", "at most 20000 iterations a move here, not 30000"),
        ("ismcts:nan", "nan"),
    ],
)
def test_a_bot_budget_that_is_not_finite_positive_and_in_range_is_refused(
    client: TestClient, agent: str, problem: str
) -> None:
    r = client.post("/api/tables", json={"game": "toy", "seats": [human(), bot(agent)]})
    assert r.status_code == 422, r.text
    assert r.json()["code"] == "bad_seat" and problem in r.json()["detail"].lower(), r.text
    assert client.get("/api/tables").json() == []


def test_deadlines_and_fallbacks() -> None:
    assert deadline_for("ismcts:2s") == pytest.approx(2 * 1.5 + 2.0)
    # the learned evaluation loads its network before its clock starts (LOAD_SECONDS)
    assert deadline_for("ismcts+net:2s") == deadline_for("ismcts+endgame:2s") == deadline_for("ismcts:2s")
    assert deadline_for("ismcts:500") == deadline_for("ismcts+net:500") == deadline_for("greedy") == 10.0
    assert deadline_for("random") == 10.0
    assert [cheaper(a) for a in ("ismcts:2s", "ismcts", "greedy", "random")] == [
        "greedy",
        "greedy",
        "random",
        None,
    ]


def test_bot_moves_do_not_run_on_the_web_process_threads(one_worker: TestClient) -> None:
    """A search bot's move is computed elsewhere: no thread of this process runs the agent."""
    import muertos.agents.ismcts as ismcts

    seen: list[str] = []
    real = ismcts.ISMCTSAgent.act

    def act(self: Any, state: Any, seat: int) -> str:
        seen.append(threading.current_thread().name)
        return real(self, state, seat)

    ismcts.ISMCTSAgent.act = act  # type: ignore[method-assign]
    try:
        t = make_table(one_worker, "toy", [bot("ismcts:30"), human()], seed=5)
        t.settle()
        assert t.get(1)["moves"] == 1
    finally:
        ismcts.ISMCTSAgent.act = real  # type: ignore[method-assign]
    assert seen == []
