"""Live updates over WebSocket: every subscriber gets its own seat's view and redacted
events; with PostgreSQL, a move through one server process reaches the WebSocket
clients of another (LISTEN/NOTIFY)."""

from __future__ import annotations

import asyncio
import gc
import json
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from .conftest import bot, human, make_table, opened
from .test_api import local

ROOT = Path(__file__).resolve().parents[2]


def until(ws: Any, moves: int) -> dict[str, Any]:
    """The first message showing at least ``moves`` moves (opening an invite link also sends one).

    Updates coalesce: a subscriber woken late sends the latest state once, so a bot's instant
    reply can arrive in the same message as the move it answers. Waiting for an exact count
    could then block for ever on a message that never comes."""
    for _ in range(10):
        m: dict[str, Any] = ws.receive_json()
        if m["moves"] >= moves:
            return m
    raise AssertionError(f"no message with {moves} moves")


def test_each_subscriber_gets_its_own_view_and_events(client: TestClient) -> None:
    t = make_table(client, "toy", [human(), human()], seed=12)
    with (
        client.websocket_connect(f"/ws/tables/{t.id}?token={t.tokens[0]}") as ws0,
        client.websocket_connect(f"/ws/tables/{t.id}?token={t.tokens[1]}") as ws1,
        client.websocket_connect(f"/ws/tables/{t.id}") as spect,
    ):
        s = local(12, [])
        firsts = [ws0.receive_json(), ws1.receive_json(), spect.receive_json()]
        for seat, m in zip([0, 1, None], firsts, strict=True):
            assert m["type"] == "table" and m["you"] == seat
            assert m["view"] == s.view(seat) and m["log"] == s.log(seat)
        a = next(x for x in firsts[0]["view"]["legal"] if x.startswith("play"))
        assert t.act(0, a).status_code == 200
        s = local(12, [a])
        for seat, ws in zip([0, 1, None], [ws0, ws1, spect], strict=True):
            m = until(ws, 1)
            assert m["type"] == "update" and m["reset"] is False
            assert m["view"] == s.view(seat)
            assert m["new_events"] == [{"kind": e.kind, "text": e.text} for e in s.events_for(seat, 1)]
            assert "log" not in m
        card = a.split()[1]
        assert card in json.dumps(ws0_last := s.events_for(0, 1)[0].text)
        assert ws0_last.endswith("face down.")
        # the others were told only that a card went face down
        assert s.events_for(1, 1)[0].text == "Player 1 plays a card face down."


def test_messages_are_the_standard_librarys_json_byte_for_byte(real_client: TestClient) -> None:
    """Issue 36: live messages are encoded with orjson; a reader in either language gets
    the text ``json.dumps`` gave (compact, non-ASCII as is), a clock's seconds included."""
    clock = {"mode": "live", "bank": 600, "increment": 20, "cap": 1200}
    t = make_table(real_client, "ofertu", [human("Ana"), human("José")], seed=3, clock=clock)
    seen: list[str] = []
    with (
        real_client.websocket_connect(f"/ws/tables/{t.id}?token={t.tokens[0]}&lang=es&presence=1") as es,
        real_client.websocket_connect(f"/ws/tables/{t.id}?token={t.tokens[1]}&lang=en") as en,
    ):
        last: dict[int, dict[str, Any]] = {}
        for moves in range(4):
            for ws in (es, en):
                while True:  # the Spanish reader is told who is here too
                    seen.append(ws.receive_text())
                    m = json.loads(seen[-1])
                    if m["type"] != "presence" and m["moves"] == moves:
                        last[m["you"]] = m
                        break
            mover = last[0]["view"]["to_move"]
            assert t.act(mover, last[mover]["view"]["legal"][0]).status_code == 200
    assert any("ñ" in text or "é" in text for text in seen)
    for text in seen:
        assert text == json.dumps(json.loads(text), separators=(",", ":"), ensure_ascii=False)


def test_an_update_is_the_tables_answer_without_its_log_then_the_new_lines(client: TestClient) -> None:
    """The update a seat is sent reads as the table the same seat gets over HTTP at that
    move, its log left out, then ``reset`` and ``new_events`` (the lines it has not read):
    compact JSON, members in that order."""
    t = make_table(client, "toy", [human(), human()], seed=12)
    with client.websocket_connect(f"/ws/tables/{t.id}?token={t.tokens[1]}") as ws:
        first = ws.receive_json()
        a = next(x for x in local(12, []).legal_actions() if x.startswith("play"))
        assert t.act(0, a).status_code == 200
        text = ws.receive_text()
        got = json.loads(text)
        table = client.get(f"/api/tables/{t.id}", headers={"X-Seat-Token": t.tokens[1]}).json()
        assert got["moves"] == table["moves"] == 1
        lines = table.pop("log")
        want = {"type": "update", **table, "reset": False, "new_events": got["new_events"]}
        assert got == want
        assert list(got) == list(want)
        assert [e["text"] for e in got["new_events"]] == lines[len(first["log"]) :]
        assert text == json.dumps(want, ensure_ascii=False, separators=(",", ":"))


def test_a_kept_table_holds_its_payloads_as_bytes_the_collector_never_walks(client: TestClient) -> None:
    """Issue 36: a table's snapshot lives until its next change, and at 2,000 tables the
    collector walked the payloads' dicts and lists in every young collection (up to 290 ms).
    The hub keeps each seat's payload as JSON bytes, and two subscribers of one seat, the
    second served from those bytes, are told the same."""
    t = make_table(client, "toy", [human(), human()], seed=12)
    url = f"/ws/tables/{t.id}?token={t.tokens[1]}"
    with client.websocket_connect(url) as ws, client.websocket_connect(url) as again:
        ws.receive_json(), again.receive_json()
        a = next(x for x in local(12, []).legal_actions() if x.startswith("play"))
        assert t.act(0, a).status_code == 200
        assert ws.receive_text() == again.receive_text()
        snap = client.app.state.hub.snaps[t.id]  # type: ignore[attr-defined]
        assert snap.payloads
        for kept in snap.payloads.values():
            assert all(isinstance(b, bytes) for b in kept)
            assert not any(gc.is_tracked(b) for b in kept)


def test_a_waiting_socket_keeps_no_message_it_sent(client: TestClient) -> None:
    """Issue 36: a socket waits for days between changes, and what it last sent (the seat's
    whole view) stayed alive until the next change, walked by every young collection: at 60
    Ofertu tables a move left 146 objects alive, 75 without it. Once the update is sent, no
    table payload is left in the server."""
    t = make_table(client, "toy", [human(), human()], seed=12)
    with client.websocket_connect(f"/ws/tables/{t.id}?token={t.tokens[1]}") as ws:
        ws.receive_text()
        a = next(x for x in local(12, []).legal_actions() if x.startswith("play"))
        assert t.act(0, a).status_code == 200
        assert '"type":"update"' in ws.receive_text()
        time.sleep(0.2)  # the socket's task goes back to waiting
        gc.collect()
        # type(), not isinstance(): a lazy module's proxies warn when their __class__ is read
        kept = [
            o
            for o in gc.get_objects()
            if type(o) is dict and type(o.get("view")) is dict and type(o.get("moves")) is int
        ]
        assert kept == []


def test_an_undo_resets_the_subscribers_log(client: TestClient) -> None:
    t = make_table(client, "toy", [human(), human()], seed=12)
    with client.websocket_connect(f"/ws/tables/{t.id}?token={t.tokens[1]}") as ws:
        ws.receive_json()
        a = next(x for x in t.get(0)["view"]["legal"] if x.startswith("play"))
        t.act(0, a)
        assert ws.receive_json()["moves"] == 1
        r = t.undo(0, 0)
        assert r.status_code == 200
        m = ws.receive_json()
        assert m["reset"] is True and m["log"] == local(12, []).log(1) and m["moves"] == 0


def test_bot_moves_are_pushed(client: TestClient) -> None:
    t = make_table(client, "toy", [human(), bot("random")], seed=3)
    with client.websocket_connect(f"/ws/tables/{t.id}?token={t.tokens[0]}") as ws:
        first = ws.receive_json()
        t.act(0, first["view"]["legal"][0])
        m = until(ws, 2)  # the bot's reply is pushed, alone or with our move
        assert m["moves"] == 2 and m["view"]["to_move"] == 0


def answer(ws: Any) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The answer to a move sent on ``ws``, and the updates that came before it."""
    before: list[dict[str, Any]] = []
    for _ in range(10):
        m: dict[str, Any] = ws.receive_json()
        if m["type"] == "played" or m.get("re") == "play":
            return m, before
        before.append(m)
    raise AssertionError("no answer to the move")


def test_a_move_sent_on_the_socket_is_played_and_every_seat_told_its_own(client: TestClient) -> None:
    """The page plays on its socket (issue 36): the move is the seat's, as over HTTP, and
    each subscriber is told in its own update."""
    t = make_table(client, "toy", [human(), human()], seed=12)
    with (
        client.websocket_connect(f"/ws/tables/{t.id}?token={t.tokens[0]}") as ws0,
        client.websocket_connect(f"/ws/tables/{t.id}?token={t.tokens[1]}") as ws1,
    ):
        first = ws0.receive_json()
        ws1.receive_json()
        a = next(x for x in first["view"]["legal"] if x.startswith("play"))
        ws0.send_text(json.dumps({"type": "play", "action": a.upper(), "index": 0}))
        got, updates = answer(ws0)
        assert got == {"type": "played", "index": 0}
        s = local(12, [a])
        moved = [m for m in updates if m["moves"] == 1]  # not the claim of seat 2's link
        for seat, m in [(0, moved[0] if moved else until(ws0, 1)), (1, until(ws1, 1))]:
            assert m["type"] == "update" and m["moves"] == 1 and m["view"] == s.view(seat)
            assert m["new_events"] == [{"kind": e.kind, "text": e.text} for e in s.events_for(seat, 1)]
        assert t.get(1)["view"] == s.view(1)


def test_a_move_sent_on_the_socket_is_answered_by_the_tables_bot(client: TestClient) -> None:
    t = make_table(client, "toy", [human(), bot("random")], seed=3)
    with client.websocket_connect(f"/ws/tables/{t.id}?token={t.tokens[0]}") as ws:
        first = ws.receive_json()
        ws.send_text(json.dumps({"type": "play", "action": first["view"]["legal"][0]}))
        assert answer(ws)[0] == {"type": "played", "index": 0}
        m = until(ws, 2)  # the bot's reply is pushed, alone or with our move
        assert m["moves"] == 2 and m["view"]["to_move"] == 0


def test_a_fault_of_the_server_on_a_move_is_said_and_the_socket_stays_open(
    real_client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A move that fails for a reason of the server's (here made up) is answered as the
    request's 500 is, in the socket's language, and the socket stays open."""
    client = real_client
    t = make_table(client, "ofertu", [human(), human()], seed=3)
    service = client.app.state.service  # type: ignore[attr-defined]

    def broken(*args: Any) -> Any:
        raise RuntimeError("a fault of the server")

    monkeypatch.setattr(service, "act", broken)
    me = t.get()["view"]["to_move"]
    with client.websocket_connect(f"/ws/tables/{t.id}?lang=es&token={t.tokens[me]}") as ws:
        first = ws.receive_json()
        ws.send_text(json.dumps({"type": "play", "action": first["view"]["legal"][0]}))
        got, _ = answer(ws)
        assert got["status"] == 500 and got["code"] == "internal" and got["re"] == "play"
        assert got["detail"] == "el servidor falló con esta petición; no se cambió nada"
        ws.send_text("ping")
        assert ws.receive_json() == {"type": "pong"}
    assert t.get()["moves"] == 0


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_move_on_the_socket_is_refused_as_over_http_and_changes_nothing(
    real_client: TestClient, lang: str
) -> None:
    """Each refusal is the one ``POST /api/tables/{id}/actions`` gives for the same move (its
    status, code and sentence, in the socket's language); the table is as it was, and the
    socket stays open."""
    client = real_client
    t = make_table(client, "ofertu", [human("Ana"), human("José")], seed=12)
    before = t.get(0)
    me = before["view"]["to_move"]
    legal = t.get(me)["view"]["legal"]
    wrong = "take 99"

    def http(seat: int | None, body: dict[str, Any]) -> dict[str, Any]:
        headers = {"Accept-Language": lang} | ({"X-Seat-Token": t.tokens[seat]} if seat is not None else {})
        r = client.post(f"/api/tables/{t.id}/actions", json=body, headers=headers)
        assert r.status_code >= 400, r.text
        out: dict[str, Any] = r.json()
        return {"status": r.status_code, "code": out["code"], "detail": out["detail"]}

    cases: list[tuple[int | None, dict[str, Any]]] = [
        (None, {"action": legal[0]}),  # a spectator's socket
        (1 - me, {"action": legal[0]}),  # not the other seat's turn
        (me, {"action": wrong}),  # a move the rules refuse
        (me, {"action": legal[0], "index": 5}),  # stale
        (me, {"action": legal[0], "seat": 1 - me}),  # the token is the other seat's
        (me, {"action": ""}),  # malformed: empty
        (me, {"action": legal[0], "bid": 3}),  # malformed: a field no move has
    ]
    for seat, body in cases:
        q = f"?lang={lang}" + (f"&token={t.tokens[seat]}" if seat is not None else "")
        with client.websocket_connect(f"/ws/tables/{t.id}{q}") as ws:
            ws.receive_json()
            ws.send_text(json.dumps({"type": "play", **body}))
            got, _ = answer(ws)
            assert got == {"type": "error", "re": "play", **http(seat, body)}, body
            ws.send_text("ping")
            assert ws.receive_json() == {"type": "pong"}  # still open
    with client.websocket_connect(f"/ws/tables/{t.id}?lang={lang}&token={t.tokens[me]}") as ws:
        ws.receive_json()
        for raw, problem in [
            ("{not json", "JSON"),
            (json.dumps({"type": "chat", "action": legal[0]}), "'play'"),
            (json.dumps([legal[0]]), ""),
        ]:
            ws.send_text(raw)
            got, _ = answer(ws)
            assert got["status"] == 422 and got["code"] == "malformed" and problem in got["detail"], got
            assert got["detail"].startswith(
                "la petición no es válida" if lang == "es" else "the request is malformed"
            )
    after = t.get(0)
    assert after["moves"] == 0 and after["view"] == before["view"] and after["log"] == before["log"]


@pytest.mark.parametrize(("path", "code"), [("/ws/tables/nope", 4404), ("/ws/tables/{id}?token=bad", 4403)])
def test_websocket_refusals(client: TestClient, path: str, code: int) -> None:
    t = make_table(client, "toy", [human(), human()], seed=1)
    with client.websocket_connect(path.format(id=t.id)) as ws:
        m = ws.receive_json()
        assert m["type"] == "error" and m["status"] == code - 4000
        with pytest.raises(WebSocketDisconnect) as e:
            ws.receive_json()
        assert e.value.code == code


# ------------------------------------------------------------------ two processes
def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Server:
    """A uvicorn subprocess serving the toy game on ``db_url`` at a free port."""

    def __init__(self, db_url: str, log: Path | None = None) -> None:
        """``log``: a file that gets the server's standard error (else the test's own)."""
        self.port = free_port()
        self.addr = f"127.0.0.1:{self.port}"
        env = {**os.environ, "MUERTOS_DB": db_url, "PYTHONPATH": str(ROOT)}
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "uvicorn", "tests.server.asgi_toy:app", "--factory",
             "--host", "127.0.0.1", "--port", str(self.port), "--log-level", "warning"],
            cwd=ROOT, env=env, stderr=None if log is None else log.open("w"),
        )  # fmt: skip

    def wait(self, timeout: float = 60) -> Server:
        deadline = time.monotonic() + timeout
        while True:
            try:
                if httpx.get(f"http://{self.addr}/healthz", timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline or self.proc.poll() is not None:
                self.stop()
                pytest.fail("a test server did not start")
            time.sleep(0.1)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


@pytest.fixture
def two_servers(pg_url: str) -> Iterator[list[str]]:
    """Two uvicorn processes on one PostgreSQL database."""
    servers = [Server(pg_url), Server(pg_url)]
    try:
        yield [s.wait().addr for s in servers]
    finally:
        for s in servers:
            s.stop()


def test_a_killed_server_loses_nothing(sqlite_url: str) -> None:
    """SIGKILL mid-game, start again on the same file: the table continues exactly."""
    srv = Server(sqlite_url).wait()
    try:
        base = f"http://{srv.addr}"
        created = httpx.post(
            f"{base}/api/tables", json={"game": "toy", "seats": [human(), human()], "seed": 6}
        ).json()
        tokens = opened(base, created)
        tid = created["id"]
        played = []
        for _ in range(3):
            seat = httpx.get(f"{base}/api/tables/{tid}").json()["view"]["to_move"]
            legal = httpx.get(f"{base}/api/tables/{tid}", headers={"X-Seat-Token": tokens[seat]}).json()[
                "view"
            ]["legal"]
            r = httpx.post(
                f"{base}/api/tables/{tid}/actions",
                json={"action": legal[0]},
                headers={"X-Seat-Token": tokens[seat]},
            )
            assert r.status_code == 200
            played.append(legal[0])
        srv.proc.kill()  # no shutdown, no goodbye
        srv.proc.wait()
    finally:
        srv.stop()
    again = Server(sqlite_url).wait()
    try:
        base = f"http://{again.addr}"
        s = local(6, played)
        for seat in (0, 1):
            got = httpx.get(f"{base}/api/tables/{tid}", headers={"X-Seat-Token": tokens[seat]}).json()
            assert got["view"] == s.view(seat) and got["log"] == s.log(seat)
        seat = s.to_move
        assert seat is not None
        r = httpx.post(
            f"{base}/api/tables/{tid}/actions", json={"action": s.legal_actions()[0], "index": 3},
            headers={"X-Seat-Token": tokens[seat]},
        )  # fmt: skip
        assert r.status_code == 200 and r.json()["table"]["moves"] == 4
    finally:
        again.stop()


async def arecv_until(ws: Any, moves: int) -> dict[str, Any]:
    for _ in range(10):
        m: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), 10))
        if m["moves"] == moves:
            return m
    raise AssertionError(f"no message with {moves} moves")


def test_a_move_through_one_process_reaches_websockets_of_the_other(two_servers: list[str]) -> None:
    import websockets

    a, b = two_servers

    async def scenario() -> list[dict[str, Any]]:
        async with httpx.AsyncClient(base_url=f"http://{a}") as http:
            r = await http.post("/api/tables", json={"game": "toy", "seats": [human(), human()], "seed": 4})
            created = r.json()
            tid, (tok0, tok1) = created["id"], opened(f"http://{a}", created).values()
            async with (
                websockets.connect(f"ws://{b}/ws/tables/{tid}?token={tok1}") as ws1,
                websockets.connect(f"ws://{b}/ws/tables/{tid}") as spect,
            ):
                got = [json.loads(await asyncio.wait_for(ws1.recv(), 10))]
                await asyncio.wait_for(spect.recv(), 10)
                view = (await http.get(f"/api/tables/{tid}", headers={"X-Seat-Token": tok0})).json()["view"]
                r = await http.post(
                    f"/api/tables/{tid}/actions",
                    json={"action": view["legal"][0]},
                    headers={"X-Seat-Token": tok0},
                )
                assert r.status_code == 200
                got.append(await arecv_until(ws1, 1))
                got.append(await arecv_until(spect, 1))
                got.append(created)
                got.append({"action": view["legal"][0]})
                # A move sent on a socket of one process reaches the sockets of the other.
                async with websockets.connect(f"ws://{a}/ws/tables/{tid}?token={tok0}") as ws0:
                    await asyncio.wait_for(ws0.recv(), 10)
                    legal = got[1]["view"]["legal"]
                    await ws1.send(json.dumps({"type": "play", "action": legal[0], "index": 1}))
                    got.append(await arecv_until(ws0, 2))
                    got.append({"action": legal[0]})
                return got

    # a thread of its own: a session's Playwright (the browser tests) runs a loop in this one
    with ThreadPoolExecutor(1) as pool:
        first, upd, spect_upd, _created, act, upd0, act1 = pool.submit(asyncio.run, scenario()).result()
    assert first["type"] == "table" and first["moves"] == 0
    s = local(4, [act["action"]])
    assert upd["type"] == "update" and upd["moves"] == 1
    assert upd["view"] == s.view(1)
    assert upd["new_events"] == [{"kind": e.kind, "text": e.text} for e in s.events_for(1, 1)]
    assert spect_upd["view"] == s.view(None)
    assert s.to_move == 1 and upd0["moves"] == 2
    assert upd0["view"] == local(4, [act["action"], act1["action"]]).view(0)


def test_after_a_move_here_subscribers_read_the_table_again_only_with_postgresql(db_url: str) -> None:
    """With SQLite this process is the only writer: the table it stored is what subscribers
    get, with no second read. With PostgreSQL another server may have written meanwhile,
    so subscribers read the table again."""
    from muertos.server import create_app

    from .conftest import TOY_GAMES

    with TestClient(create_app(db_url, games=TOY_GAMES)) as client:
        t = make_table(client, "toy", [human(), human()], seed=12)
        t.get(1)  # seat 2 claimed now: no claim (a write) while reads are counted
        store = client.app.state.store  # type: ignore[attr-defined]
        with (
            client.websocket_connect(f"/ws/tables/{t.id}?token={t.tokens[0]}") as ws0,
            client.websocket_connect(f"/ws/tables/{t.id}?token={t.tokens[1]}") as ws1,
        ):
            first = ws0.receive_json()
            ws1.receive_json()
            reads: list[str] = []
            real = store.read

            def counted(table_id: str) -> Any:
                reads.append(table_id)
                return real(table_id)

            store.read = counted
            a = next(x for x in first["view"]["legal"] if x.startswith("play"))
            assert t.act(0, a, index=0).status_code == 200
            s = local(12, [a])
            for seat, ws in ((0, ws0), (1, ws1)):
                m = until(ws, 1)
                assert m["view"] == s.view(seat) and m["moves"] == 1 and m["you"] == seat
                assert m["new_events"] == [{"kind": e.kind, "text": e.text} for e in s.events_for(seat, 1)]
            store.read = real
        if store.shared:
            assert reads.count(t.id) >= 2
        else:
            assert reads == [t.id]  # the move's own read, nothing for the subscribers


def test_sockets_closed_mid_broadcast_are_dropped_quietly(sqlite_url: str, tmp_path: Path) -> None:
    """Clients that vanish while moves are broadcast (no close frame: the TCP connection is
    cut, some before their first message) leave no error in the server's log, and the
    subscribers that stay still get every move (issue 36, item 4)."""
    import websockets

    log = tmp_path / "server.log"
    srv = Server(sqlite_url, log).wait()

    async def scenario() -> tuple[list[dict[str, Any]], int]:
        async with httpx.AsyncClient(base_url=f"http://{srv.addr}") as http:
            r = await http.post("/api/tables", json={"game": "toy", "seats": [human(), human()], "seed": 5})
            created = r.json()
            tid, tokens = created["id"], list(opened(f"http://{srv.addr}", created).values())
            url = f"ws://{srv.addr}/ws/tables/{tid}"
            stay = [await websockets.connect(f"{url}?token={tok}") for tok in tokens]
            stay.append(await websockets.connect(url))
            doomed = [
                await websockets.connect(url if k % 3 else f"{url}?token={tokens[k % 2]}") for k in range(18)
            ]
            for ws in stay + doomed:
                await asyncio.wait_for(ws.recv(), 10)
            moves = 0
            while True:
                view = (await http.get(f"/api/tables/{tid}")).json()["view"]
                if view["over"]:
                    break
                seat = view["to_move"]
                mine = (await http.get(f"/api/tables/{tid}", headers={"X-Seat-Token": tokens[seat]})).json()
                fresh = [await websockets.connect(url) for _ in range(2)]  # gone before their first message
                for ws in fresh:
                    ws.transport.abort()
                move = http.post(
                    f"/api/tables/{tid}/actions",
                    json={"action": mine["view"]["legal"][0], "index": moves},
                    headers={"X-Seat-Token": tokens[seat]},
                )
                cut = [doomed.pop() for _ in range(min(3, len(doomed)))]
                task = asyncio.ensure_future(move)
                await asyncio.sleep(0)
                for ws in cut:  # while the server wakes the subscribers
                    ws.transport.abort()
                assert (await task).status_code == 200
                moves += 1
            for ws in doomed:
                ws.transport.abort()
            got = [await arecv_until(ws, moves) for ws in stay]
            for ws in stay:
                await ws.close()
            return got, moves

    try:
        with ThreadPoolExecutor(1) as pool:
            got, moves = pool.submit(asyncio.run, scenario()).result()
        time.sleep(0.5)  # the server notices the last closes
    finally:
        srv.stop()
    assert moves >= 6
    for m in got:
        assert m["moves"] == moves and m["view"]["over"]
    text = log.read_text()
    assert "ERROR" not in text and "Traceback" not in text, text
