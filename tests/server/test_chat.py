"""Chat at the table (issue 38, item 7) on every store, with an injected clock for the
rate limit: seats and spectators write, the limits hold, the replay keeps each message
at its step, and a refused message changes nothing."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from muertos.server import create_app

from .conftest import TOY_GAMES, Table, human, make_table
from .test_clocks import FakeClock


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def chat_client(store_url: str, clock: FakeClock) -> Iterator[TestClient]:
    with TestClient(create_app(store_url, games=TOY_GAMES, clock=clock, watch_tick=None)) as c:
        yield c


def say(t: Table, text: str, seat: int | None = None, **extra: Any) -> Any:
    headers = {"X-Seat-Token": t.tokens[seat]} if seat is not None else {}
    return t.client.post(f"/api/tables/{t.id}/chat", json={"text": text, **extra}, headers=headers)


def test_seats_and_spectators_write_and_everyone_reads(chat_client: TestClient) -> None:
    """Issue 38: "seats and spectators write short messages … stored with the table"."""
    t = make_table(chat_client, "toy", [human("Ana"), human("Bo")], seed=1)
    r = say(t, "  ¡hola! <b>x</b>  ", 0)
    assert r.status_code == 201, r.text
    assert r.json()["seat"] == 0 and r.json()["name"] == "Ana" and r.json()["text"] == "¡hola! <b>x</b>"
    assert say(t, "good luck", name="Cleo").status_code == 201
    assert say(t, "anonymous").json()["name"] == ""
    got = chat_client.get(f"/api/tables/{t.id}/chat").json()
    assert [(m["seat"], m["name"], m["text"]) for m in got] == [
        (0, "Ana", "¡hola! <b>x</b>"),
        (None, "Cleo", "good luck"),
        (None, "", "anonymous"),
    ]
    assert [m["text"] for m in t.get(1)["chat"]] == [m["text"] for m in got]  # in the table's payload
    assert t.get()["chat"] == got  # the same for a spectator: chat carries nothing hidden


@pytest.mark.parametrize(
    ("body", "key"),
    [
        ({"text": "   "}, "empty"),
        ({"text": "x" * 301}, "too_long"),
        ({"text": "a\u202eb"}, "unprintable"),
        ({"text": "a\x00b"}, "unprintable"),
        ({"text": "hi", "name": "n\u200bame"}, "unprintable"),
        ({"text": "hi", "name": "n" * 41}, "name_too_long"),
    ],
)
def test_a_message_that_cannot_be_kept_is_refused_and_nothing_is_kept(
    chat_client: TestClient, body: dict[str, Any], key: str
) -> None:
    t = make_table(chat_client, "toy", [human(), human()])
    r = chat_client.post(f"/api/tables/{t.id}/chat", json=body)
    assert r.status_code == 422 and r.json()["code"] == "bad_chat", r.text
    es = chat_client.post(f"/api/tables/{t.id}/chat?lang=es", json=body)
    assert es.json()["detail"] != r.json()["detail"]
    assert chat_client.get(f"/api/tables/{t.id}/chat").json() == []


def test_a_wrong_token_or_table_is_refused(chat_client: TestClient) -> None:
    t = make_table(chat_client, "toy", [human(), human()])
    other = make_table(chat_client, "toy", [human(), human()])
    r = chat_client.post(
        f"/api/tables/{t.id}/chat", json={"text": "hi"}, headers={"X-Seat-Token": other.tokens[1]}
    )
    assert r.status_code == 403 and r.json()["code"] == "bad_token"
    assert chat_client.post("/api/tables/nosuch/chat", json={"text": "hi"}).status_code == 404
    too_big = chat_client.post(f"/api/tables/{t.id}/chat", json={"text": "x" * 5000})
    assert too_big.status_code in (413, 422)
    assert chat_client.get(f"/api/tables/{t.id}/chat").json() == []


def test_the_rate_is_limited_per_seat_and_for_the_spectators(
    chat_client: TestClient, clock: FakeClock
) -> None:
    t = make_table(chat_client, "toy", [human(), human()])
    for i in range(5):
        assert say(t, f"m{i}", 0).status_code == 201
    r = say(t, "one too many", 0)
    assert r.status_code == 429 and r.json()["code"] == "chat_rate", r.text
    assert say(t, "the other seat may", 1).status_code == 201
    for i in range(10):
        assert say(t, f"s{i}", name=f"fan {i}").status_code == 201
    assert say(t, "spectators share a limit", name="late fan").status_code == 429
    clock.advance(10.5)
    assert say(t, "again", 0).status_code == 201
    assert len(chat_client.get(f"/api/tables/{t.id}/chat?limit=500").json()) == 5 + 1 + 10 + 1


def test_the_replay_shows_each_message_at_its_step(chat_client: TestClient) -> None:
    t = make_table(chat_client, "toy", [human(), human()], seed=4)
    assert say(t, "before any move", 1).status_code == 201
    seat = t.get()["view"]["to_move"]
    assert t.act(seat, t.get(seat)["view"]["legal"][0]).status_code == 200
    assert say(t, "after the first move", 0).status_code == 201
    step0 = chat_client.get(f"/api/tables/{t.id}/replay/0").json()["chat"]
    step1 = chat_client.get(f"/api/tables/{t.id}/replay/1").json()["chat"]
    assert [m["text"] for m in step0] == ["before any move"]
    assert [m["text"] for m in step1] == ["after the first move"]


def test_a_message_reaches_the_table_live(chat_client: TestClient) -> None:
    t = make_table(chat_client, "toy", [human(), human()])
    with chat_client.websocket_connect(f"/ws/tables/{t.id}") as ws:
        assert ws.receive_json()["chat"] == []
        assert say(t, "live!", 0).status_code == 201
        update = ws.receive_json()
        assert update["type"] == "update" and [m["text"] for m in update["chat"]] == ["live!"]


def test_a_cancelled_table_takes_its_chat_with_it(chat_client: TestClient) -> None:
    t = make_table(chat_client, "toy", [human(), human()])
    assert say(t, "bye", 0).status_code == 201
    assert chat_client.delete(f"/api/tables/{t.id}", headers={"X-Seat-Token": t.tokens[0]}).status_code == 204
    assert chat_client.get(f"/api/tables/{t.id}/chat").status_code == 404


def test_a_message_another_server_kept_is_in_the_next_answer(chat_client: TestClient) -> None:
    """The payload's messages are kept between reads (issue 36) and read again when the
    table's count of messages moves, as when another server (here: the store written
    directly, with no word to this one) keeps one."""
    t = make_table(chat_client, "toy", [human("Ana"), human("Bo")], seed=1)
    assert t.get(0)["chat"] == []
    assert say(t, "uno", 0).status_code == 201
    assert [m["text"] for m in t.get(0)["chat"]] == ["uno"]
    assert [m["text"] for m in t.get(1)["chat"]] == ["uno"]
    store = chat_client.app.state.store  # type: ignore[attr-defined]
    assert store.add_chat(t.id, 1, "Bo", "dos", 0, 10, 60.0) is not None
    assert [m["text"] for m in t.get(0)["chat"]] == ["uno", "dos"]


def test_a_message_reaches_the_table_live_with_nothing_read_again(
    chat_client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where this server is the only writer, a message grows the messages kept here and
    its subscribers get the table as it now stands: neither the table nor its last
    messages are read again (issue 38: each message read both for every subscriber)."""
    t = make_table(chat_client, "toy", [human("Ana"), human("Bo")], seed=1)
    app: Any = chat_client.app
    service, store = app.state.service, app.state.store
    with chat_client.websocket_connect(f"/ws/tables/{t.id}?token={t.tokens[1]}") as ws:
        assert ws.receive_json()["chat"] == []
        assert say(t, "uno", 0).status_code == 201
        assert [m["text"] for m in ws.receive_json()["chat"]] == ["uno"]
        reads: list[str] = []
        for name in ("chat", "read", "get_table"):
            real = getattr(store, name)
            monkeypatch.setattr(
                store, name, lambda *a, _r=real, _n=name, **k: reads.append(_n) or _r(*a, **k)
            )
        assert say(t, "dos", 0).status_code == 201
        update = ws.receive_json()
        assert update["type"] == "update" and [m["text"] for m in update["chat"]] == ["uno", "dos"]
        if service.exact_seeds:  # the message's own request reads the table; nothing else does
            assert reads == ["read"]
        else:  # PostgreSQL: another server may have written meanwhile, so subscribers read
            assert "chat" in reads
    monkeypatch.undo()
    assert [m["text"] for m in t.get(1)["chat"]] == ["uno", "dos"]  # as stored
