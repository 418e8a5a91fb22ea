"""Who is here (issue 38, item 4): a seat's person is "here" while a live connection of
theirs is open, on any server, and otherwise "away since" a time; nothing more is said.
On every store, with an injected clock; and across two servers on one PostgreSQL."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient

from muertos.server import create_app

from .conftest import TOY_GAMES, human, make_table
from .test_clocks import FakeClock


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def present_client(store_url: str, clock: FakeClock) -> Iterator[TestClient]:
    with TestClient(create_app(store_url, games=TOY_GAMES, clock=clock, watch_tick=None)) as c:
        yield c


def presence(seats: list[dict[str, Any]]) -> list[tuple[Any, Any]]:
    return [(s["here"], s["away_since"]) for s in seats]


def test_here_while_the_table_is_open_then_away_since(present_client: TestClient, clock: FakeClock) -> None:
    """Issue 38: "each seat shows whether its person has the table open now and, if not,
    since when they have been away"."""
    t = make_table(present_client, "toy", [human(), human(), {"kind": "bot", "agent": "random"}], players=3)
    t.get(1)  # seat 2 is taken (its first visit: an update of its own), but nobody is connected
    never = [(False, None), (False, None), (None, None)]  # never seen; a bot: nothing
    assert presence(t.get()["seats"]) == never
    with present_client.websocket_connect(f"/ws/tables/{t.id}?presence=1") as watcher:
        assert watcher.receive_json()["type"] == "table"
        with present_client.websocket_connect(f"/ws/tables/{t.id}"):  # a spectator marks nobody
            pass
        with present_client.websocket_connect(f"/ws/tables/{t.id}?token={t.tokens[1]}") as ws:
            assert ws.receive_json()["type"] == "table"
            came = watcher.receive_json()
            assert came["type"] == "presence" and presence(came["seats"])[1] == (True, None)
            assert set(came["seats"][1]) == {"seat", "here", "away_since"}  # nothing more is said
            with present_client.websocket_connect(f"/ws/tables/{t.id}?token={t.tokens[1]}") as second:
                second.receive_json()
            clock.advance(30)
        went = watcher.receive_json()  # the second tab's closing told nobody: one was still open
        assert went["type"] == "presence" and presence(went["seats"])[1] == (False, clock.t.isoformat())
    assert presence(t.get()["seats"]) == [(False, None), (False, clock.t.isoformat()), (None, None)]


def test_a_seat_is_here_by_the_time_its_first_message_arrives(present_client: TestClient) -> None:
    """The connection marks its seat here before it sends the table: the first message and
    any read after it say so (a read could otherwise see the seat away, and a turn message
    could go to a tab that is open)."""
    t = make_table(present_client, "toy", [human(), human()])
    with present_client.websocket_connect(f"/ws/tables/{t.id}?token={t.tokens[1]}") as ws:
        first = ws.receive_json()
        assert presence(first["seats"])[1] == (True, None)
        assert presence(t.get()["seats"])[1] == (True, None)


def test_a_server_that_went_away_leaves_nobody_here_for_long(
    present_client: TestClient, clock: FakeClock
) -> None:
    """A presence is renewed while its connection lasts; unrenewed, it lapses."""
    t = make_table(present_client, "toy", [human(), human()])
    app: Any = present_client.app
    app.state.service.presence({(t.id, 0): True})  # as a connection would, then never renewed
    assert presence(t.get()["seats"])[0] == (True, None)
    clock.advance(61)
    assert presence(t.get()["seats"])[0] == (False, (clock.t - timedelta(seconds=1)).isoformat())


def test_one_sweep_renews_every_seat_connected_here_in_one_write(
    present_client: TestClient, clock: FakeClock
) -> None:
    """Issue 36: the renewal sweep writes once for all the seats connected here."""
    app: Any = present_client.app
    a = make_table(present_client, "toy", [human(), human()])
    b = make_table(present_client, "toy", [human(), human()])
    store = app.state.store
    writes: list[list[tuple[str, int]]] = []
    write = store.set_presence
    store.set_presence = lambda seats, announce: (
        None if announce else writes.append(sorted((t, s) for t, s, _ in seats)),
        write(seats, announce),
    )
    with (
        present_client.websocket_connect(f"/ws/tables/{a.id}?token={a.tokens[0]}") as w1,
        present_client.websocket_connect(f"/ws/tables/{b.id}?token={b.tokens[1]}") as w2,
    ):
        w1.receive_json()
        w2.receive_json()
        clock.advance(50)
        present_client.portal.call(app.state.hub.renew_presence)
        clock.advance(50)  # 100 s after they came: here only through the renewal
        assert presence(a.get()["seats"]) == [(True, None), (False, None)]
        assert presence(b.get()["seats"])[1] == (True, None)
    assert writes == [sorted([(a.id, 0), (b.id, 1)])]


def test_people_who_come_at_once_are_stored_in_one_write_in_the_order_they_came(
    present_client: TestClient, clock: FakeClock
) -> None:
    """Issue 36: a restarted server has every page come back at once, and a write for each
    arrival held up the moves for seconds at 1,000 tables. Comings and goings made while a
    batch is written are stored together by the next one, and a later mark of a seat is
    never overtaken by an earlier one."""
    app: Any = present_client.app
    hub, store = app.state.hub, app.state.store
    tables = [make_table(present_client, "toy", [human(), human()]) for _ in range(3)]
    writes: list[list[tuple[str, int, bool]]] = []
    write = store.set_presence

    def slow_write(seats: list[Any], announce: bool) -> None:
        time.sleep(0.2)  # a busy database: marks made meanwhile wait for the next batch
        writes.append([(t, s, until > clock.t) for t, s, until in seats])
        write(seats, announce)

    store.set_presence = slow_write

    async def scenario() -> list[bool]:
        everyone = asyncio.gather(*(hub._arrive(t.id, seat) for t in tables for seat in (0, 1)))
        await asyncio.sleep(0.05)  # the first batch is being written
        hub.present.pop((tables[0].id, 0))
        later = asyncio.gather(hub._away(tables[0].id, 0), hub._arrive(tables[1].id, 0))
        return [*await everyone, *await later]

    came = present_client.portal.call(scenario)
    assert came == [True] * 6 + [None, False]  # seat 1 of the second table was already here
    assert writes == [
        [(t.id, seat, True) for t in tables for seat in (0, 1)],  # six arrivals, one write
        [(tables[0].id, 0, False)],  # the going, after the coming it follows
    ]
    assert presence(tables[0].get()["seats"]) == [(False, clock.t.isoformat()), (True, None)]
    assert all(presence(t.get()["seats"]) == [(True, None)] * 2 for t in tables[1:])


def test_presence_is_told_from_another_server(pg_url: str, clock: FakeClock) -> None:
    a = create_app(pg_url, games=TOY_GAMES, clock=clock, watch_tick=None)
    b = create_app(pg_url, games=TOY_GAMES, clock=clock, watch_tick=None)
    with TestClient(a) as ca, TestClient(b) as cb:
        t = make_table(ca, "toy", [human(), human()])
        t.get(1)
        with cb.websocket_connect(f"/ws/tables/{t.id}?presence=1") as watcher:
            watcher.receive_json()
            with ca.websocket_connect(f"/ws/tables/{t.id}?token={t.tokens[1]}") as ws:
                ws.receive_json()
                came = watcher.receive_json()
                assert came["type"] == "presence" and presence(came["seats"])[1] == (True, None)
            went = watcher.receive_json()
            assert presence(went["seats"])[1] == (False, clock.t.isoformat())
