"""Taking a move back: offered exactly when the server takes it back (one rule: the payload's
``can_undo`` asks the check that refuses an undo), and naming the move it takes back, so that
a request sent twice (a double click, a second tab, a retry) takes back one move."""

from __future__ import annotations

import random
import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from fastapi.testclient import TestClient

from muertos import i18n
from muertos.engine import game_ids as all_games
from muertos.server import create_app
from muertos.server.errors import NotNow
from muertos.server.tables import TableService

from .conftest import Table, human, make_table


@pytest.mark.parametrize("game", all_games())
def test_undo_is_offered_exactly_when_the_server_takes_it_back(real_client: TestClient, game: str) -> None:
    """Whole random games at two seats: after every move each seat is offered the take-back
    (``can_undo``, as the page reads it) exactly when the server then grants it; granted, the
    move is played again. Through the service, as the routes call it: HTTP would cost a
    long game (Dia de los Muertos, about 600 moves) many seconds and check nothing more."""
    service: TableService = real_client.app.state.service  # type: ignore[attr-defined]
    t = make_table(real_client, game, [human(), human()], seed=5)
    rnd = random.Random(game)
    granted = refused = 0
    for _ in range(5000):
        lo = service.load(t.id, None)
        if lo.state.over:
            break
        mover = lo.state.to_move
        assert mover is not None
        action = rnd.choice(lo.state.legal_actions())
        service.act(t.id, t.tokens[mover], action, len(lo.actions), None)
        for seat in (0, 1):
            seen = service.load(t.id, t.tokens[seat])
            offered = service.payload(seen).can_undo
            index = len(seen.actions) - 1
            try:
                service.undo(t.id, t.tokens[seat], index)
            except NotNow as e:
                assert not offered and e.code == "undo_refused", (seat, action, e.message)
                refused += 1
            else:
                assert offered, (seat, action)
                granted += 1
                service.act(t.id, t.tokens[seat], action, index, None)
    else:
        raise AssertionError(f"{game} did not end")
    assert granted > 0 and refused > 0


@pytest.fixture(params=["sqlite", "postgresql"])
def games_client(request: pytest.FixtureRequest, sqlite_url: str) -> Iterator[TestClient]:
    """The server with every game, on SQLite and on a PostgreSQL database of its own."""
    url = sqlite_url if request.param == "sqlite" else request.getfixturevalue("own_pg_url")
    with TestClient(create_app(url)) as c:
        yield c


def two_own_moves(client: TestClient) -> Table:
    """Die of the Dead's setup: seat 1 puts two dice in secret, one move each, both of which
    it may take back (the second, then the first)."""
    t = make_table(client, "die-of-the-dead", [human(), human()], seed=0)
    for i, action in enumerate(["put r in 1", "put r in 2"]):
        assert t.act(0, action, index=i).status_code == 200
    assert t.get(0)["can_undo"]
    return t


@pytest.mark.parametrize("order", ["one_reads_after_the_other_stored", "both_read_before_either_stores"])
def test_two_undos_sent_at_once_take_back_one_move(
    games_client: TestClient, monkeypatch: pytest.MonkeyPatch, order: str
) -> None:
    """Both requests are sent before either is answered; each interleaving is forced: the
    second reads the table once the first took its move back (the index refuses it), or
    both read it first and then both store (the store refuses the second)."""
    t = two_own_moves(games_client)
    service = games_client.app.state.service  # type: ignore[attr-defined]
    store = games_client.app.state.store  # type: ignore[attr-defined]
    load, delete_last = service.load, store.delete_last
    deleted, first, both = threading.Event(), threading.Lock(), threading.Barrier(2, timeout=10)
    two_reads = threading.Semaphore(2)

    def reading(table_id: str, token: str | None) -> Any:
        if order == "one_reads_after_the_other_stored" and not first.acquire(blocking=False):
            assert deleted.wait(10)
        lo = load(table_id, token)
        if order == "both_read_before_either_stores" and two_reads.acquire(blocking=False):
            both.wait()  # the requests' first reads wait for each other (later ones, not)
        return lo

    def storing(*args: Any) -> None:
        try:
            delete_last(*args)
        finally:
            deleted.set()

    monkeypatch.setattr(service, "load", reading)
    monkeypatch.setattr(store, "delete_last", storing)
    start = threading.Barrier(2)

    def undo() -> Any:
        start.wait()
        url = f"/api/tables/{t.id}/undo?lang=es"
        return games_client.post(url, json={"index": 1}, headers={"X-Seat-Token": t.tokens[0]})

    with ThreadPoolExecutor(2) as pool:
        answers = [f.result() for f in [pool.submit(undo), pool.submit(undo)]]
    monkeypatch.undo()
    assert sorted(r.status_code for r in answers) == [200, 409]
    [refused] = [r.json() for r in answers if r.status_code == 409]
    if order == "one_reads_after_the_other_stored":
        assert refused == {"code": "stale", "detail": i18n.message("api.undo_stale", "es", move=2, moves=1)}
    else:
        assert refused == {"code": "conflict", "detail": i18n.message("api.undo_conflict", "es")}
    assert t.get()["moves"] == 1
    assert t.get(0)["can_undo"]  # the first move could be taken back too: only the index kept it


def test_an_undo_sent_again_is_refused_as_stale_in_the_readers_language(games_client: TestClient) -> None:
    t = two_own_moves(games_client)
    assert t.undo(0, 1).status_code == 200
    again = games_client.post(
        f"/api/tables/{t.id}/undo?lang=es", json={"index": 1}, headers={"X-Seat-Token": t.tokens[0]}
    )
    assert again.status_code == 409
    assert again.json() == {"code": "stale", "detail": i18n.message("api.undo_stale", "es", move=2, moves=1)}
    assert "la jugada 2 ya no es la última" in again.json()["detail"]
    assert t.get()["moves"] == 1


def test_an_undo_must_name_its_move(client: TestClient) -> None:
    t = make_table(client, "toy", [human(), human()], seed=21)
    play = next(a for a in t.get(0)["view"]["legal"] if a.startswith("play"))
    assert t.act(0, play).status_code == 200
    headers = {"X-Seat-Token": t.tokens[0]}
    assert client.post(f"/api/tables/{t.id}/undo", headers=headers).status_code == 422
    assert client.post(f"/api/tables/{t.id}/undo", json={}, headers=headers).status_code == 422
    assert t.undo(0, 1).json()["code"] == "stale"  # a move not made yet
    assert t.get()["moves"] == 1
    assert t.undo(0, 0).status_code == 200
