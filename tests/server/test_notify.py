"""Turn messages (issue 38, item 6): a webhook told once per seat per turn while the tab
is closed, with retries, never to a private address unless allowed, never with hidden
information, stopped in one click; on every store, and once with two servers."""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, HTTPServer
from typing import Any

import pytest
from fastapi.testclient import TestClient

from muertos.server import create_app
from muertos.server.notify import NotifyIn, set_notify

from .conftest import TOY_GAMES, Table, human, make_table


class Hook:
    """A webhook on 127.0.0.1: records what it is sent, answers the statuses it is given."""

    def __init__(self) -> None:
        self.got: list[dict[str, Any]] = []
        self.statuses: list[int] = []
        hook = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers["Content-Length"]))
                hook.got.append(json.loads(body))
                self.send_response(hook.statuses.pop(0) if hook.statuses else 204)
                self.end_headers()

            def log_message(self, *args: Any) -> None:
                pass

        self.server = HTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_port}/hook"
        self.thread = threading.Thread(target=self.server.serve_forever, args=(0.05,), daemon=True)
        self.thread.start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def hook() -> Iterator[Hook]:
    h = Hook()
    yield h
    h.close()


def app_for(url: str) -> Any:
    return create_app(
        url, games=TOY_GAMES, watch_tick=None, allow_private_hooks=True, hook_retries=(0.0, 0.0)
    )


@pytest.fixture
def notify_client(store_url: str) -> Iterator[TestClient]:
    with TestClient(app_for(store_url)) as c:
        yield c


def settle(client: TestClient) -> None:
    """Until the messages under way are sent (the notifier's tasks are awaited, not timed)."""
    client.portal.call(client.app.state.notifier.idle)  # type: ignore[union-attr,attr-defined]


def subscribe(t: Table, seat: int, url: str | None) -> Any:
    return t.client.put(
        f"/api/tables/{t.id}/notify", json={"webhook": url}, headers={"X-Seat-Token": t.tokens[seat]}
    )


def until_here(t: Table, seat: int) -> None:
    """Until the seat shows as here: its connection marks it after sending the table."""
    for _ in range(1000):
        if t.get()["seats"][seat]["here"]:
            return
        t.client.portal.call(asyncio.sleep, 0.005)  # type: ignore[union-attr]
    raise AssertionError(f"seat {seat} never showed as here")


def move(t: Table) -> int:
    """Play the first legal move of the seat to move; the seat to move next."""
    seat = t.get()["view"]["to_move"]
    assert t.act(seat, t.get(seat)["view"]["legal"][0]).status_code == 200
    nxt: int = t.get()["view"]["to_move"]
    return nxt


def test_the_seat_to_move_is_told_once_per_turn(notify_client: TestClient, hook: Hook) -> None:
    """Issue 38: "one per seat per turn … never revealing hidden information"."""
    t = make_table(notify_client, "toy", [human("Ana"), human("Bo")], seed=3)
    r = subscribe(t, 1, hook.url)
    assert r.status_code == 200, r.text
    stop_url = r.json()["stop_url"]
    assert move(t) == 1  # Ana moved: Bo's turn
    settle(notify_client)
    assert len(hook.got) == 1
    body = hook.got[0]
    assert set(body) == {"content", "text"} and body["content"] == body["text"]
    assert (
        body["text"]
        == f"It is your turn at Toy (table {t.id}): http://127.0.0.1:8000/table/{t.id} (to stop these messages: {stop_url})"
    )
    notify_client.post(
        f"/api/tables/{t.id}/chat", json={"text": "hurry up"}, headers={"X-Seat-Token": t.tokens[0]}
    )
    settle(notify_client)
    assert len(hook.got) == 1  # the same turn: not again
    assert move(t) == 0
    assert move(t) == 1
    settle(notify_client)
    assert len(hook.got) == 2  # a new turn: told again


def test_a_table_nobody_wants_messages_from_costs_the_notifier_nothing(
    notify_client: TestClient, hook: Hook
) -> None:
    """Issue 36: where this server knows the table as stored after a move (one writer),
    a table without turn messages is not read again for them; another server's store
    (PostgreSQL) is read."""
    app: Any = notify_client.app
    notifier = app.state.notifier
    looked: list[str] = []
    due = notifier.due
    notifier.due = lambda table_id: (looked.append(table_id), due(table_id))[1]
    quiet = make_table(notify_client, "toy", [human(), human()], seed=3)
    move(quiet)
    settle(notify_client)
    # (the session's PostgreSQL database holds other tests' tables, whose changes it hears too)
    assert (quiet.id in looked) == app.state.store.shared
    assert app.state.store.shared or not looked
    told = make_table(notify_client, "toy", [human(), human()], seed=3)
    assert subscribe(told, 1, hook.url).status_code == 200
    assert move(told) == 1
    settle(notify_client)
    assert told.id in looked and len(hook.got) == 1


def test_a_webhook_set_while_a_move_is_stored_is_told_of_it(notify_client: TestClient, hook: Hook) -> None:
    """The table a move was checked against predates the webhook: it is not taken for
    the table as stored, so the notifier reads the settings afresh."""
    app: Any = notify_client.app
    store, notifier = app.state.store, app.state.notifier
    t = make_table(notify_client, "toy", [human(), human()], seed=3)
    t.get(1)
    append = store.append

    def meanwhile(*args: Any, **kw: Any) -> Any:
        store.append = append
        set_notify(notifier, t.id, t.tokens[1], NotifyIn(webhook=hook.url), "en")
        return append(*args, **kw)

    store.append = meanwhile
    assert move(t) == 1
    settle(notify_client)
    assert len(hook.got) == 1


def test_a_failed_message_is_tried_again(notify_client: TestClient, hook: Hook) -> None:
    t = make_table(notify_client, "toy", [human(), human()], seed=3)
    assert subscribe(t, 1, hook.url).status_code == 200
    hook.statuses = [500, 503]
    move(t)
    settle(notify_client)
    assert len(hook.got) == 3 and notify_client.app.state.notifier.sent == 1  # type: ignore[attr-defined]


def test_nobody_is_told_while_their_tab_is_open(notify_client: TestClient, hook: Hook) -> None:
    t = make_table(notify_client, "toy", [human(), human()], seed=3)
    assert subscribe(t, 1, hook.url).status_code == 200
    with notify_client.websocket_connect(f"/ws/tables/{t.id}?token={t.tokens[1]}") as ws:
        ws.receive_json()
        until_here(t, 1)
        move(t)
        ws.receive_json()
        settle(notify_client)
    assert hook.got == []


def test_the_stop_link_stops_them_in_one_click(notify_client: TestClient, hook: Hook) -> None:
    t = make_table(notify_client, "toy", [human(), human()], seed=3)
    stop_url = subscribe(t, 1, hook.url).json()["stop_url"].replace("http://127.0.0.1:8000", "")
    wrong = notify_client.get(stop_url.replace("key=", "key=0"))
    assert wrong.status_code == 403 and wrong.json()["code"] == "bad_key"
    assert notify_client.get(stop_url).json() == {"stopped": True}
    move(t)
    settle(notify_client)
    assert hook.got == []


@pytest.mark.parametrize(
    ("url", "key"),
    [
        ("ftp://example.com/hook", "scheme"),
        ("javascript:alert(1)", "scheme"),
        ("http://user:pw@example.com/", "credentials"),
        ("http://" + "a" * 600 + ".com/", "too_long"),
        ("http://127.0.0.1:9/hook", "private"),
        ("http://10.1.2.3/hook", "private"),
        ("http://169.254.169.254/latest/meta-data", "private"),
        ("http://[::1]/hook", "private"),
        ("http://no-such-host.invalid/hook", "unresolved"),
    ],
)
def test_a_webhook_must_be_public_http(sqlite_url: str, url: str, key: str) -> None:
    """Issue 38: "webhook targets http/https only and no loopback/private address unless
    the server is started allowing it"."""
    with TestClient(create_app(sqlite_url, games=TOY_GAMES, watch_tick=None)) as c:
        t = make_table(c, "toy", [human(), human()])
        r = subscribe(t, 1, url)
        assert r.status_code == 422, r.text
        assert r.json()["code"] in ("bad_webhook", "malformed")
        if r.json()["code"] == "bad_webhook":
            from muertos.server.notify import NotifyInvalid, check_url

            with pytest.raises(NotifyInvalid) as e:
                check_url(url, allow_private=False)
            assert e.value.key == key


def test_only_the_seats_token_sets_its_messages(notify_client: TestClient, hook: Hook) -> None:
    t = make_table(notify_client, "toy", [human(), human()])
    other = make_table(notify_client, "toy", [human(), human()])
    assert notify_client.put(f"/api/tables/{t.id}/notify", json={"webhook": hook.url}).status_code == 403
    wrong = notify_client.put(
        f"/api/tables/{t.id}/notify", json={"webhook": hook.url}, headers={"X-Seat-Token": other.tokens[1]}
    )
    assert wrong.status_code == 403
    move(t)
    settle(notify_client)
    assert hook.got == []


def test_two_servers_send_one_message(pg_url: str, hook: Hook) -> None:
    with TestClient(app_for(pg_url)) as a, TestClient(app_for(pg_url)) as b:
        t = make_table(a, "toy", [human(), human()], seed=3)
        assert subscribe(t, 1, hook.url).status_code == 200
        move(t)
        settle(a)
        b.portal.call(lambda: None)  # type: ignore[union-attr]
        settle(b)
        settle(a)
        assert len(hook.got) == 1


def test_the_store_claims_a_turn_message_once(store_url: str) -> None:
    """Of several servers, exactly one sends a seat's message for a move."""
    from muertos.server.storage import NewSeat, open_store

    store = open_store(store_url)
    store.migrate()
    try:
        import secrets

        tid = "msg" + secrets.token_hex(4)
        store.create_table(
            tid,
            "toy",
            2,
            {"draw": True},
            1,
            [NewSeat("human", None, "A", "a"), NewSeat("human", None, "B", "b")],
        )
        assert store.claim_turn_message(tid, 1, 1)
        assert not store.claim_turn_message(tid, 1, 1)
        assert store.claim_turn_message(tid, 1, 3)  # another turn
        assert store.set_notify(tid, 1, "https://example.com/hook")
        assert store.get_table(tid).seats[1].notify_url == "https://example.com/hook"  # type: ignore[union-attr]
    finally:
        store.dispose()
