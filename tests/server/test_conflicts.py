"""A race lost between reading a table and storing (another tab's move, the same take-back
sent twice) is refused with a sentence in the reader's language, over HTTP and on the
socket, never with the storage layer's English."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from muertos import i18n
from muertos.server.storage import Conflict

from .conftest import human, make_table

ENGLISH = ("no longer the next move", "already taken back", "made meanwhile", "of table")


def spanish(detail: str, key: str) -> None:
    assert detail == i18n.message(key, "es")
    assert detail != i18n.message(key, "en") and not any(w in detail for w in ENGLISH)


def another_move_first(client: TestClient, monkeypatch: pytest.MonkeyPatch, other: str) -> None:
    """The next move stored is preceded by ``other`` at the same index, as if another tab of
    the seat (or another server) got in between the service's read and its write."""
    store = client.app.state.store  # type: ignore[attr-defined]
    append = store.append

    def raced(table_id: str, index: int, seat: int, action: str, *args: Any, **kw: Any) -> Any:
        monkeypatch.setattr(store, "append", append)
        append(table_id, index, seat, other, False)
        return append(table_id, index, seat, action, *args, **kw)

    monkeypatch.setattr(store, "append", raced)


def test_a_move_that_lost_a_race_is_refused_in_spanish_over_http(
    real_client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    client = real_client
    t = make_table(client, "ofrenda", [human(), human()], seed=21)
    first, second = t.get(0)["view"]["legal"][:2]
    another_move_first(client, monkeypatch, first)
    r = client.post(
        f"/api/tables/{t.id}/actions?lang=es",
        json={"action": second, "index": 0},
        headers={"X-Seat-Token": t.tokens[0]},
    )
    assert r.status_code == 409 and r.json()["code"] == "conflict"
    spanish(r.json()["detail"], "api.move_conflict")
    assert t.get()["moves"] == 1  # the other move, once


def test_a_move_that_lost_a_race_is_refused_in_spanish_on_the_socket(
    real_client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    client = real_client
    t = make_table(client, "ofrenda", [human(), human()], seed=21)
    first, second = t.get(0)["view"]["legal"][:2]
    with client.websocket_connect(f"/ws/tables/{t.id}?token={t.tokens[0]}&lang=es") as ws:
        assert ws.receive_json()["type"] == "table"
        another_move_first(client, monkeypatch, first)
        ws.send_json({"type": "play", "action": second, "index": 0})
        answer = next(m for m in iter(ws.receive_json, None) if m.get("re") == "play")
    assert answer["type"] == "error" and answer["status"] == 409 and answer["code"] == "conflict"
    spanish(answer["detail"], "api.move_conflict")
    assert t.get()["moves"] == 1


def test_the_same_take_back_stored_first_elsewhere_is_refused_in_spanish(
    real_client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    client = real_client
    t = make_table(client, "die-of-the-dead", [human(), human()], seed=0)
    assert t.act(0, "put r in 1", index=0).status_code == 200
    assert t.get(0)["can_undo"]
    store = client.app.state.store  # type: ignore[attr-defined]
    delete_last = store.delete_last

    def twice(table_id: str, action_id: int, index: int) -> None:
        delete_last(table_id, action_id, index)  # another tab's identical take-back got in first
        delete_last(table_id, action_id, index)

    monkeypatch.setattr(store, "delete_last", twice)
    r = client.post(
        f"/api/tables/{t.id}/undo?lang=es", json={"index": 0}, headers={"X-Seat-Token": t.tokens[0]}
    )
    assert r.status_code == 409 and r.json()["code"] == "conflict"
    spanish(r.json()["detail"], "api.undo_conflict")
    assert t.get()["moves"] == 0  # taken back once


def test_a_race_the_service_does_not_name_is_said_in_spanish_too(
    real_client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Any other storage conflict that reaches the boundary: the generic sentence."""
    client = real_client
    t = make_table(client, "ofrenda", [human(), human()], seed=21)
    play = t.get(0)["view"]["legal"][0]
    service = client.app.state.service  # type: ignore[attr-defined]

    def lost(*_: Any) -> Any:
        raise Conflict(f"move 1 of table {t.id} is no longer the next move")

    monkeypatch.setattr(service, "act", lost)
    r = client.post(
        f"/api/tables/{t.id}/actions",
        json={"action": play},
        headers={"X-Seat-Token": t.tokens[0], "Accept-Language": "es"},
    )
    assert r.status_code == 409 and r.json()["code"] == "conflict"
    spanish(r.json()["detail"], "api.conflict")
    with client.websocket_connect(f"/ws/tables/{t.id}?token={t.tokens[0]}&lang=es") as ws:
        ws.receive_json()
        ws.send_json({"type": "play", "action": play, "index": 0})
        answer = next(m for m in iter(ws.receive_json, None) if m.get("re") == "play")
    assert answer["code"] == "conflict"
    spanish(answer["detail"], "api.conflict")
