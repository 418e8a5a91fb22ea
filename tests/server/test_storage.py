"""Storage on SQLite and PostgreSQL: migrations, restart survival, and races decided by
the UNIQUE(table_id, index) constraint."""

from __future__ import annotations

import asyncio
import threading
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

from muertos.server import create_app
from muertos.server.storage import Conflict, open_store
from muertos.server.tables import TableService

from .conftest import TOY_GAMES, Table, bot, human, make_table, schema_at
from .test_api import local, play_to_end


def test_migrations_create_the_schema_once(db_url: str) -> None:
    store = open_store(db_url)
    store.migrate()
    store.migrate()  # idempotent
    assert store.revision() == "0010"
    store.dispose()


def test_a_database_of_the_first_schema_is_upgraded_with_its_tables(db_url: str) -> None:
    """A server of the previous version left a table; the new one adds the notices column
    (revision 0002) and the table plays on."""
    store = schema_at(db_url, "0001")
    assert store.revision() == "0001"
    with store.engine.begin() as conn:
        conn.exec_driver_sql(
            "INSERT INTO tables (id, game, players, options, seed, created_at)"
            " VALUES ('old1', 'toy', 2, '{\"draw\": true}', 3, '2026-01-01 00:00:00')"
        )
        for seat in (0, 1):
            conn.exec_driver_sql(
                "INSERT INTO seats (table_id, seat, kind, name, token_hash, claimed)"
                f" VALUES ('old1', {seat}, 'human', 'P{seat + 1}', '{seat}' , true)"
            )
    store.dispose()
    with TestClient(create_app(db_url, games=TOY_GAMES)) as c:
        got = c.get("/api/tables/old1")
        assert got.status_code == 200, got.text
        assert got.json()["moves"] == 0 and got.json()["log"] == ["The cards are dealt."]
    assert open_store(db_url).revision() == "0010"


def test_a_restarted_server_continues_every_table_exactly(db_url: str) -> None:
    with TestClient(create_app(db_url, games=TOY_GAMES)) as c1:
        t = make_table(c1, "toy", [human(), human()], seed=31)
        played = []
        for _ in range(3):
            seat = t.get()["view"]["to_move"]
            a = t.get(seat)["view"]["legal"][-1]
            assert t.act(seat, a).status_code == 200
            played.append(a)
        before = [t.get(0), t.get(1), t.get()]
    # the first server is gone (engine disposed); a new one opens the same database
    with TestClient(create_app(db_url, games=TOY_GAMES)) as c2:
        t2 = Table(c2, t.created, t.tokens)
        assert [t2.get(0), t2.get(1), t2.get()] == before
        played += play_to_end(t2)
        final = local(31, played)
        assert t2.get(0)["view"] == final.view(0) and final.over
        assert c2.get(f"/api/tables/{t.id}/result").json()["scores"] == final.scores()


def test_a_restarted_server_lets_its_bots_move_again(db_url: str) -> None:
    app1 = create_app(db_url, games=TOY_GAMES)
    with TestClient(app1) as c1:
        app1.state.bots.closing = True  # this server stops before its bot gets to move
        t = make_table(c1, "toy", [bot("greedy"), human()], seed=5)
        assert t.get(1)["moves"] == 0
    with TestClient(create_app(db_url, games=TOY_GAMES)) as c2:
        t2 = Table(c2, t.created, t.tokens)
        t2.settle()
        got = t2.get(1)
        assert got["moves"] == 1 and got["view"]["to_move"] == 1


def test_two_moves_racing_for_one_index_one_wins_one_gets_409(db_url: str) -> None:
    app = create_app(db_url, games=TOY_GAMES)
    service: TableService = app.state.service
    store = service.store
    real_append = store.append
    barrier = threading.Barrier(2, timeout=10)

    def append(*args: Any, **kw: Any) -> Any:
        barrier.wait()  # both requests have read the table and checked their move
        return real_append(*args, **kw)

    with TestClient(app) as c:
        t = make_table(c, "toy", [human(), human()], seed=7)
        legal = t.get(0)["view"]["legal"]
        store.append = append  # type: ignore[method-assign]
        results: list[Any] = [None, None]

        def go(i: int) -> None:
            results[i] = t.act(0, legal[i], index=0)

        threads = [threading.Thread(target=go, args=(i,)) for i in (0, 1)]
        for th in threads:
            th.start()
        for th in threads:
            th.join(20)
        store.append = real_append  # type: ignore[method-assign]
        codes = sorted(r.status_code for r in results)
        assert codes == [200, 409], [r.text for r in results]
        loser = next(r for r in results if r.status_code == 409)
        assert loser.json()["code"] == "conflict"
        winner = next(r for r in results if r.status_code == 200)
        rows = store.actions(t.id)
        assert [(a.index, a.seat) for a in rows] == [(0, 0)]
        assert rows[0].action in legal
        assert t.get(0)["view"] == winner.json()["table"]["view"]
        assert t.get(0)["moves"] == 1


def test_the_unique_index_refuses_a_second_move_with_the_same_index(db_url: str) -> None:
    store = open_store(db_url)
    store.migrate()
    from muertos.server.storage import NewSeat

    store.create_table("racetable1", "toy", 2, {"draw": True}, 1, [NewSeat("human", None, "A", None)] * 2)
    store.append("racetable1", 0, 0, "draw", finished=False)
    with pytest.raises(Conflict):
        store.append("racetable1", 0, 1, "play 3", finished=False)
    assert [(a.index, a.action) for a in store.actions("racetable1")] == [(0, "draw")]
    store.dispose()


def test_a_move_for_an_index_beyond_the_end_is_refused_and_leaves_no_gap(db_url: str) -> None:
    """An undo takes move 2 back while a client, not yet told, sends its move 3: the move
    must be refused, or the table would hold moves 1 and 3 and replay nonsense."""
    store = open_store(db_url)
    store.migrate()
    from muertos.server.storage import NewSeat

    store.create_table("gaptable01", "toy", 2, {"draw": True}, 1, [NewSeat("human", None, "A", None)] * 2)
    store.append("gaptable01", 0, 0, "draw", finished=False)
    second = store.append("gaptable01", 1, 1, "draw", finished=False)
    store.delete_last("gaptable01", second.id, 1)
    with pytest.raises(Conflict, match="no longer the next move"):
        store.append("gaptable01", 2, 0, "play 3", finished=False)
    with pytest.raises(Conflict, match="no longer the next move"):
        store.append("gaptable01", 5, 0, "play 3", finished=False)
    assert [(a.index, a.action) for a in store.actions("gaptable01")] == [(0, "draw")]
    store.append("gaptable01", 1, 1, "play 3", finished=False)  # the next index still goes in
    assert [(a.index, a.action) for a in store.actions("gaptable01")] == [(0, "draw"), (1, "play 3")]
    store.dispose()


def test_sequential_posts_of_the_same_index_second_is_stale(client: TestClient) -> None:
    t = make_table(client, "toy", [human(), human()], seed=7)
    a = t.get(0)["view"]["legal"][0]
    assert t.act(0, a, index=0).status_code == 200
    r = t.act(0, a, index=0)
    assert r.status_code == 409
    assert t.get()["moves"] == 1


def test_the_fast_reads_give_what_sqlalchemy_core_gives(db_url: str) -> None:
    """The hot path reads and writes with plain SQL and the dialect's type processors:
    tables, seats and actions must come back exactly as Core's queries give them."""
    import secrets

    import sqlalchemy as sa

    from muertos.server.storage import NewSeat
    from muertos.server.storage.sql import actions_t

    store = open_store(db_url)
    store.migrate()
    tid = "fast" + secrets.token_hex(4)
    seats = [NewSeat("human", None, "Ana", "ab" * 32), NewSeat("bot", "random", "Bot 2", None)]
    store.create_table(tid, "toy", 2, {"draw": True, "n": 3}, 2**40 + 5, seats)
    assert store.claim(tid, 0, None, must_be_unclaimed=True)
    rows = [store.append(tid, i, i % 2, f"move {i}", finished=i == 2) for i in range(3)]
    store.create_table(tid + "r", "toy", 2, {}, 1, seats, rematch_of=tid)

    got = store.get_table(tid)
    core = next(t for t in store.list_tables(limit=500) if t.id == tid)  # Core's queries
    assert got == core
    assert got is not None and got.options == {"draw": True, "n": 3} and got.seed == 2**40 + 5
    assert [s.claimed for s in got.seats] == [True, False] and got.seats[0].token_hash == "ab" * 32
    assert got.finished_at == rows[-1].time and got.rematch == tid + "r" and got.actions == 3
    with store.engine.connect() as conn:
        core_actions = [
            (r["id"], r["index"], r["seat"], r["action"], r["time"].replace(tzinfo=None))
            for r in conn.execute(
                sa.select(actions_t).where(actions_t.c.table_id == tid).order_by(actions_t.c.index)
            ).mappings()
        ]
    read = store.read(tid)
    assert read is not None and read[0] == core
    fast = [(a.id, a.index, a.seat, a.action, a.time.replace(tzinfo=None)) for a in read[1]]
    assert fast == core_actions
    assert [(a.id, a.time) for a in read[1]] == [(r.id, r.time) for r in rows]
    assert store.read("nosuchtable") is None and store.get_table("nosuchtable") is None
    store.dispose()


def test_the_wal_is_checkpointed_in_the_background(sqlite_url: str) -> None:
    store = open_store(sqlite_url)
    store.migrate()
    others = set(threading.enumerate())  # a session's server may run a store of its own
    store.start(every=0.02)  # type: ignore[call-arg]
    from muertos.server.storage import NewSeat

    store.create_table("walcheck", "toy", 2, {}, 1, [NewSeat("human", None, "A", None)] * 2)
    for i in range(20):
        store.append("walcheck", i, i % 2, "draw", finished=False)
    for _ in range(500):
        if store.checkpoints >= 2:
            break
        threading.Event().wait(0.01)
    assert store.checkpoints >= 2
    (thread,) = [t for t in threading.enumerate() if t.name == "muertos-wal-checkpoint" and t not in others]
    store.dispose()
    assert not thread.is_alive()
    assert [a.index for a in open_store(sqlite_url).actions("walcheck")] == list(range(20))


@pytest.mark.parametrize("url", ["memory://", "sqlite://"])
def test_every_store_keeps_the_contract_races_and_undo_included(url: str) -> None:
    """The refusals the service relies on, the same in each store (SQL files and
    PostgreSQL are covered above with the db_url fixture)."""
    from muertos.server.storage import Fallback, NewSeat, table_status

    store = open_store(url)
    store.migrate()
    store.create_table(
        "t1",
        "toy",
        2,
        {"draw": True},
        5,
        [NewSeat("human", None, "A", "h0"), NewSeat("open", None, "B", None)],
    )
    with pytest.raises(Conflict):
        store.create_table("t1", "toy", 2, {}, 5, [])
    t = store.get_table("t1")
    assert t is not None and table_status(t) == "open" and t.actions == 0
    assert store.claim("t1", 1, "h1", must_be_unclaimed=True)
    assert not store.claim("t1", 1, "h2", must_be_unclaimed=True)  # first come, first served
    a0 = store.append("t1", 0, 0, "draw", finished=False)
    with pytest.raises(Conflict):
        store.append("t1", 0, 1, "draw", finished=False)  # the index is taken
    with pytest.raises(Conflict):
        store.append("t1", 2, 1, "draw", finished=False)  # a gap
    a1 = store.append("t1", 1, 1, "play 3", finished=True, fallback=Fallback(1, "greedy", ((4, "note"),)))
    got = store.read("t1")
    assert got is not None
    row, actions = got
    assert [a.action for a in actions] == ["draw", "play 3"] and row.finished_at is not None
    assert (
        row.notices == ((4, "note"),) and row.seats[1].agent == "greedy" and row.seats[1].token_hash == "h1"
    )
    with pytest.raises(Conflict):
        store.delete_last("t1", a0.id, a0.index)  # not the last
    store.delete_last("t1", a1.id, a1.index)
    row2 = store.get_table("t1")
    assert row2 is not None and row2.finished_at is None and row2.actions == 1
    # A second take-back of that move, late (two requests that read before either stored),
    # finds the move played again in its place: it must not take that one back. SQLite gave
    # the new row the deleted row's id, and the late delete of (id, index) removed it.
    a2 = store.append("t1", 1, 1, "play 2", finished=False)
    assert a2.id != a1.id
    with pytest.raises(Conflict):
        store.delete_last("t1", a1.id, a1.index)
    got = store.read("t1")
    assert got is not None and [a.action for a in got[1]] == ["draw", "play 2"]
    store.delete_last("t1", a2.id, a2.index)
    assert [r.id for r in store.list_tables("waiting")] == ["t1"] and store.list_tables("in_progress") == []
    assert store.unfinished_ids() == ["t1"]
    store.dispose()


def test_an_unknown_store_url_is_refused() -> None:
    with pytest.raises(ValueError, match="no store for 'mysql://x'"):
        open_store("mysql://x")


def test_a_kept_sqlite_table_is_the_table_as_stored_after_every_kind_of_write(sqlite_url: str) -> None:
    """An SQLite store keeps each table as last read or moved (issue 36): after every kind of
    write a server makes (claim, move, bot move, chat, turn-message settings, presence, undo,
    leave, rematch), what it reads is what a store opened afresh on the file reads."""
    with TestClient(create_app(sqlite_url, games=TOY_GAMES, allow_private_hooks=True)) as c:
        store = c.app.state.store  # type: ignore[attr-defined]
        t = make_table(c, "toy", [human("Ana"), human("Beto"), bot("random")], seed=4)

        def same(what: str) -> None:
            t.settle()
            fresh = open_store(sqlite_url)
            try:
                assert store.read(t.id) == fresh.read(t.id), what
            finally:
                fresh.dispose()

        same("created")
        t.get(1)  # opening an invite link claims the seat
        same("claimed")
        r = t.act(0, t.get(0)["view"]["legal"][0])
        assert r.status_code == 200, r.text
        same("a person's move, then the bot's")
        assert (
            c.post(
                f"/api/tables/{t.id}/chat", json={"text": "hola"}, headers={"X-Seat-Token": t.tokens[0]}
            ).status_code
            == 201
        )
        same("chat")
        notify = {"webhook": "http://127.0.0.1:9/hook"}
        got = c.put(f"/api/tables/{t.id}/notify", json=notify, headers={"X-Seat-Token": t.tokens[1]})
        assert got.status_code == 200, got.text
        same("turn messages set")
        with c.websocket_connect(f"/ws/tables/{t.id}?token={t.tokens[1]}") as ws:
            ws.receive_json()
            same("a seat's person here")
        c.portal.call(c.app.state.hub.renew_presence)  # type: ignore[attr-defined,union-attr]
        same("presence")
        seat = t.get()["view"]["to_move"]
        if seat in (0, 1):
            assert t.act(seat, t.get(seat)["view"]["legal"][0]).status_code == 200
            same("another move")
            if t.undo(seat).status_code == 200:
                same("undo")
        assert c.post(f"/api/tables/{t.id}/leave", headers={"X-Seat-Token": t.tokens[1]}).status_code == 200
        same("left: the seat went to a bot")
        play_to_end(Table(c, {**t.created, "invites": [i for i in t.created["invites"] if i["seat"] == 0]}))
        same("finished")
        assert c.post(f"/api/tables/{t.id}/rematch", headers={"X-Seat-Token": t.tokens[0]}).status_code == 201
        same("rematch")


def _until_marked_away(client: TestClient, table_id: str, seat: int) -> None:
    """Wait until the server has stored that a closed socket's seat went away: that write takes
    the table from those kept while it runs, and a read meanwhile goes to the file (CI saw it)."""
    hub = client.app.state.hub  # type: ignore[attr-defined]

    async def settled() -> bool:
        await asyncio.gather(*hub.tasks, return_exceptions=True)
        return (table_id, seat) not in hub.present and not hub.tasks

    for _ in range(500):
        if client.portal.call(settled):
            return
        time.sleep(0.01)
    raise AssertionError(f"seat {seat} of table {table_id} never marked away")


def test_a_move_at_a_kept_sqlite_table_reads_nothing(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = client.app.state.store  # type: ignore[attr-defined]
    t = make_table(client, "toy", [human(), human()], seed=3)
    t.get(0)
    t.get(1)
    reads: list[str] = []
    real = store._fast.table
    monkeypatch.setattr(store._fast, "table", lambda cur, tid: reads.append(tid) or real(cur, tid))
    with client.websocket_connect(f"/ws/tables/{t.id}?token={t.tokens[0]}") as ws:
        ws.receive_json()
        reads.clear()  # the socket's arrival marked its seat here: a write of presence
        for i in range(4):
            seat = t.get()["view"]["to_move"]
            assert t.act(seat, t.get(seat)["view"]["legal"][0]).status_code == 200
            if i == 1:  # the sweep that renews presence keeps the tables too
                client.portal.call(client.app.state.hub.renew_presence)  # type: ignore[attr-defined,union-attr]
    _until_marked_away(client, t.id, 0)
    assert reads == []
    client.post(f"/api/tables/{t.id}/chat", json={"text": "hola"}, headers={"X-Seat-Token": t.tokens[0]})
    t.get()
    assert reads == [t.id]  # any other write: read again
