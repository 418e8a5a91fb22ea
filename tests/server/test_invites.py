"""Invite links are opened once (the audit's invite_peek.py): opening one gives its seat a
token of its own, and the invite, which the table's creator keeps, opens nothing any more —
on every store, across restarts and servers, for tables stored before the change too. And
the lobby's claim gives no second seat to a caller who shows they sit at the table
(claim_twice.py)."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from muertos.server import create_app
from muertos.server.storage import hash_token, open_store

from .conftest import TOY_GAMES, human, make_table, schema_at


def join(c: TestClient, table_id: str, token: str, lang: str = "en") -> Any:
    return c.post(f"/api/tables/{table_id}/join?lang={lang}", headers={"X-Seat-Token": token})


def created(c: TestClient, seats: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    r = c.post(
        "/api/tables", json={"game": "toy", "seats": seats or [human("Ana"), human("Beto")], "seed": 3}
    )
    assert r.status_code == 201, r.text
    out: dict[str, Any] = r.json()
    return out


def test_an_opened_invite_opens_nothing_and_the_seats_own_token_opens_the_seat(client: TestClient) -> None:
    made = created(client)
    tid, ana, invite = made["id"], made["creator_token"], made["invites"][1]["token"]
    r = join(client, tid, invite)
    assert r.status_code == 200, r.text
    own = r.json()["token"]
    assert r.json()["seat"] == 1 and r.json()["joined"] is True and own != invite
    assert r.json()["url"].endswith(f"/table/{tid}?token={own}")
    beto = client.get(f"/api/tables/{tid}", headers={"X-Seat-Token": own}).json()
    assert beto["you"] == 1 and isinstance(beto["view"]["hands"][1], list)  # his hand, his alone
    # Seat 2's person is to move, so that a move with the invite would be one to make.
    if beto["view"]["to_move"] == 0:
        legal = client.get(f"/api/tables/{tid}", headers={"X-Seat-Token": ana}).json()["view"]["legal"]
        assert client.post(
            f"/api/tables/{tid}/actions", json={"action": legal[0]}, headers={"X-Seat-Token": ana}
        )
    beto = client.get(f"/api/tables/{tid}", headers={"X-Seat-Token": own}).json()
    assert beto["view"]["to_move"] == 1 and beto["view"]["legal"]
    before = client.get(f"/api/tables/{tid}").json()

    # What the creator kept opens nothing: no view, no log, no move, no socket.
    h = {"X-Seat-Token": invite}
    refused = {
        "view": client.get(f"/api/tables/{tid}", headers=h),
        "log": client.get(f"/api/tables/{tid}/log", headers=h),
        "replay": client.get(f"/api/tables/{tid}/replay/0", headers=h),
        "move": client.post(
            f"/api/tables/{tid}/actions", json={"action": beto["view"]["legal"][0]}, headers=h
        ),
        "undo": client.post(f"/api/tables/{tid}/undo", json={"index": before["moves"]}, headers=h),
        "leave": client.post(f"/api/tables/{tid}/leave", headers=h),
        "chat": client.post(f"/api/tables/{tid}/chat", json={"text": "hola"}, headers=h),
        "turn messages": client.get(f"/api/tables/{tid}/notify", headers=h),
        "join again": join(client, tid, invite),
    }
    for what, got in refused.items():
        assert got.status_code == 403 and got.json()["code"] == "invite_used", (what, got.text)
    assert "this invite link was opened already: seat 2 is taken by whoever opened it" in refused["view"].text
    es = join(client, tid, invite, "es").json()["detail"]
    assert es.startswith("este enlace de invitación ya se abrió: el asiento 2 es de quien lo abrió")
    with client.websocket_connect(f"/ws/tables/{tid}?token={invite}") as ws:
        m = ws.receive_json()
        assert m["type"] == "error" and m["code"] == "invite_used" and "view" not in m
        with pytest.raises(WebSocketDisconnect) as e:
            ws.receive_json()
        assert e.value.code == 4403
    after = client.get(f"/api/tables/{tid}").json()
    assert after["moves"] == before["moves"] and after["chat"] == before["chat"]
    assert [s["kind"] for s in after["seats"]] == ["human", "human"]  # nobody left for Beto

    # The seat's own token: its link opens it on any device, and plays.
    again = join(client, tid, own)
    assert again.status_code == 200 and again.json() == {**r.json(), "joined": False}
    played = client.post(
        f"/api/tables/{tid}/actions", json={"action": beto["view"]["legal"][0]}, headers={"X-Seat-Token": own}
    )
    assert played.status_code == 200, played.text
    assert join(client, tid, ana).json()["joined"] is False  # the creator's token is seat 1's own


def test_an_invite_not_yet_opened_opens_nothing_but_its_seat(client: TestClient) -> None:
    """Whoever holds an invite cannot peek with it and leave the seat waiting: it must open
    it, which spends it (its person would find their link used)."""
    made = created(client)
    tid, invite = made["id"], made["invites"][1]["token"]
    for lang, words in (
        ("en", "not opened yet: open it first"),
        ("es", "todavía no se abre: ábrelo primero"),
    ):
        r = client.get(f"/api/tables/{tid}?lang={lang}", headers={"X-Seat-Token": invite})
        assert r.status_code == 403 and r.json()["code"] == "invite_unopened" and words in r.json()["detail"]
        assert f"/api/tables/{tid}/join" in r.json()["detail"]
    with client.websocket_connect(f"/ws/tables/{tid}?token={invite}") as ws:
        assert ws.receive_json()["code"] == "invite_unopened"
    seats = client.get(f"/api/tables/{tid}").json()
    assert seats["status"] == "waiting" and [s["claimed"] for s in seats["seats"]] == [True, False]
    assert join(client, tid, invite).json()["joined"] is True


def test_an_opened_invite_is_kept_across_a_restart(db_url: str) -> None:
    with TestClient(create_app(db_url, games=TOY_GAMES)) as c1:
        made = created(c1)
        tid, invite = made["id"], made["invites"][1]["token"]
        own = join(c1, tid, invite).json()["token"]
    with TestClient(create_app(db_url, games=TOY_GAMES)) as c2:  # the server started again
        assert c2.get(f"/api/tables/{tid}", headers={"X-Seat-Token": own}).json()["you"] == 1
        r = c2.get(f"/api/tables/{tid}", headers={"X-Seat-Token": invite})
        assert r.status_code == 403 and r.json()["code"] == "invite_used"
        assert join(c2, tid, own).json() == {
            "seat": 1,
            "token": own,
            "url": f"http://testserver/table/{tid}?token={own}",
            "joined": False,
        }


def test_two_people_opening_one_invite_at_once_on_two_servers_one_gets_the_seat(db_url: str) -> None:
    """Both servers read the seat as not yet opened before either writes: the conditional
    write gives it to one; the other is told the invite was used."""
    apps = [create_app(db_url, games=TOY_GAMES) for _ in range(2)]
    barrier = threading.Barrier(2, timeout=20)
    for app in apps:
        store = app.state.store
        real = store.take_invite

        def take(*args: Any, _real: Any = real, **kw: Any) -> Any:
            barrier.wait()  # both have found the invite unopened
            return _real(*args, **kw)

        store.take_invite = take
    with TestClient(apps[0]) as a, TestClient(apps[1]) as b:
        for _ in range(3):
            made = created(a)
            tid, invite = made["id"], made["invites"][1]["token"]
            results: list[Any] = [None, None]

            def go(i: int, c: TestClient) -> None:
                results[i] = join(c, tid, invite)  # noqa: B023

            threads = [threading.Thread(target=go, args=(i, c)) for i, c in enumerate((a, b))]
            for th in threads:
                th.start()
            for th in threads:
                th.join(30)
            assert sorted(r.status_code for r in results) == [200, 403], [r.text for r in results]
            won = next(r for r in results if r.status_code == 200).json()
            lost = next(r for r in results if r.status_code == 403).json()
            assert won["joined"] is True and lost["code"] == "invite_used"
            for c in (a, b):
                assert c.get(f"/api/tables/{tid}", headers={"X-Seat-Token": won["token"]}).json()["you"] == 1
                assert c.get(f"/api/tables/{tid}", headers={"X-Seat-Token": invite}).status_code == 403


def test_every_store_opens_an_invite_once(store_url: str) -> None:
    from muertos.server.storage import NewSeat

    store = open_store(store_url)
    store.migrate()
    tid = "inv" + hash_token(store_url)[:8] + hash_token(str(threading.get_ident()))[:4]
    seats = [NewSeat("human", None, "Ana", hash_token("a")), NewSeat("human", None, "Beto", hash_token("i"))]
    store.create_table(tid, "toy", 2, {}, 1, seats)
    assert store.claim(tid, 0, None, must_be_unclaimed=False)
    assert not store.take_invite(tid, 1, hash_token("x"), hash_token("own"))  # not its invite
    assert not store.take_invite(tid, 0, hash_token("a"), hash_token("own"))  # a seat taken already
    assert store.take_invite(tid, 1, hash_token("i"), hash_token("own"))
    assert not store.take_invite(tid, 1, hash_token("i"), hash_token("other"))  # once
    t = store.get_table(tid)
    assert t is not None and t.started_at is not None  # the last person seated starts it
    s = t.seats[1]
    assert (s.claimed, s.token_hash, s.invite_hash) == (True, hash_token("own"), hash_token("i"))
    assert t.seats[0].invite_hash is None
    if store_url != "memory://":
        core = next(x for x in store.list_tables(limit=500) if x.id == tid)  # Core's queries
        assert core.seats == t.seats
    store.dispose()


def test_tables_stored_before_invites_were_opened_once_keep_working(db_url: str) -> None:
    """A database of the previous schema (0008): an invite not yet opened there is opened
    once like a new one; a seat whose person sat down before keeps its token."""
    store = schema_at(db_url, "0008")
    with store.engine.begin() as conn:
        for tid in ("waits", "sat"):
            conn.exec_driver_sql(
                "INSERT INTO tables (id, game, players, options, seed, created_at)"
                f" VALUES ('{tid}', 'toy', 2, '{{}}', 3, '2026-01-01 00:00:00')"
            )
        for tid, seat, token, claimed in (
            ("waits", 0, "ana", "true"),
            ("waits", 1, "invite", "false"),
            ("sat", 0, "cruz", "true"),
            ("sat", 1, "old-invite", "true"),
        ):
            conn.exec_driver_sql(
                "INSERT INTO seats (table_id, seat, kind, name, token_hash, claimed)"
                f" VALUES ('{tid}', {seat}, 'human', 'P{seat + 1}', '{hash_token(token)}', {claimed})"
            )
    store.dispose()
    with TestClient(create_app(db_url, games=TOY_GAMES)) as c:
        assert open_store(db_url).revision() == "0010"
        assert c.get("/api/tables/waits", headers={"X-Seat-Token": "ana"}).json()["you"] == 0
        own = join(c, "waits", "invite").json()
        assert own["joined"] is True and own["seat"] == 1
        assert c.get("/api/tables/waits", headers={"X-Seat-Token": own["token"]}).json()["you"] == 1
        assert c.get("/api/tables/waits", headers={"X-Seat-Token": "invite"}).json()["code"] == "invite_used"
        # Opened before the upgrade: its person's browser holds that very token, which stays theirs.
        assert c.get("/api/tables/sat", headers={"X-Seat-Token": "old-invite"}).json()["you"] == 1
        assert join(c, "sat", "old-invite").json()["joined"] is False


def test_the_lobby_claim_gives_no_second_seat_to_whoever_shows_a_seat_here(db_client: TestClient) -> None:
    """The server cannot tell people apart, but a caller who sends a token of this table (the
    lobby page would) already sits here and is refused another seat; nothing changes."""
    c = db_client
    t = make_table(c, "toy", [human("Lupita"), {"kind": "open"}, {"kind": "open"}], seed=2)
    first = c.post(f"/api/tables/{t.id}/seats/1/claim")
    assert first.status_code == 200
    mine = first.json()["token"]
    for lang, words in (
        ("en", "you already sit at this table (seat 2)"),
        ("es", "ya tienes un asiento en esta mesa (el 2)"),
    ):
        r = c.post(f"/api/tables/{t.id}/seats/2/claim?lang={lang}", headers={"X-Seat-Token": mine})
        assert r.status_code == 409 and r.json()["code"] == "already_seated" and words in r.json()["detail"]
    creator = c.post(f"/api/tables/{t.id}/seats/2/claim", headers={"X-Seat-Token": t.tokens[0]})
    assert creator.status_code == 409 and creator.json()["code"] == "already_seated"
    assert [s["claimed"] for s in t.get()["seats"]] == [True, True, False]  # seat 3 still free
    assert c.get(f"/api/tables/{t.id}", headers={"X-Seat-Token": mine}).json()["you"] == 1
    # A token of another table is nobody here: the newcomer sits down.
    other = make_table(c, "toy", [human(), human()], seed=2)
    r = c.post(f"/api/tables/{t.id}/seats/2/claim", headers={"X-Seat-Token": other.tokens[0]})
    assert r.status_code == 200, r.text
