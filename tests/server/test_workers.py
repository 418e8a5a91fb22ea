"""``muertos serve --workers 2``: two processes behind one port on one PostgreSQL database.

A table is played through the HTTP API while two WebSocket subscribers, held by different
processes, get every move; the bot seat plays each of its turns once; SIGTERM stops every
process the server started. Which process holds a socket is read from ``/proc`` (the
process whose descriptors hold the server's end of the connection), so this runs on Linux.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest
from typer.testing import CliRunner

import muertos
from muertos.cli import app as cli

from .conftest import bot, human
from .test_live import free_port

pytestmark = pytest.mark.skipif(not Path("/proc/net/tcp").exists(), reason="reads /proc (Linux)")

HUMAN_MOVES = 6


def descendants(root: int) -> set[int]:
    """Every live process under ``root`` (its children, theirs, …)."""
    parents: dict[int, int] = {}
    for d in os.listdir("/proc"):
        if d.isdigit():
            try:
                with open(f"/proc/{d}/stat") as f:
                    after = f.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if after[0] != "Z":
                parents[int(d)] = int(after[1])
    found, todo = set(), [root]
    while todo:
        p = todo.pop()
        kids = [c for c, pp in parents.items() if pp == p]
        found.update(kids)
        todo += kids
    return found


def alive(pid: int) -> bool:
    """Whether ``pid`` runs (an exited process waiting to be reaped does not)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def holder(server_port: int, client_port: int, pids: set[int]) -> int | None:
    """The process among ``pids`` holding the server's end of the TCP connection from
    ``client_port``: its socket's inode in /proc/net/tcp, then the descriptor naming it."""
    inode = None
    with open("/proc/net/tcp") as f:
        for line in f.readlines()[1:]:
            cols = line.split()
            local, remote = cols[1].split(":")[1], cols[2].split(":")[1]
            if int(local, 16) == server_port and int(remote, 16) == client_port:
                inode = cols[9]
    if inode is None:
        return None
    for pid in pids:
        try:
            fds = os.listdir(f"/proc/{pid}/fd")
        except OSError:
            continue
        for fd in fds:
            with_inode = f"socket:[{inode}]"
            try:
                if os.readlink(f"/proc/{pid}/fd/{fd}") == with_inode:
                    return pid
            except OSError:
                continue
    return None


def test_workers_need_postgresql() -> None:
    for db in ("sqlite:///x.db", "memory://"):
        got = CliRunner().invoke(cli, ["serve", "--workers", "2", "--db", db])
        assert got.exit_code != 0 and "PostgreSQL" in got.output and "LISTEN/NOTIFY" in got.output


def test_a_serving_process_freezes_what_it_built_and_collects_the_young_less_often(tmp_path: Path) -> None:
    """Issue 36: a full collection at 1,000 tables stalled every table for 0.4-0.9 s. The app
    as ``muertos serve`` builds it (one process or each of several) leaves what it built out
    of collections and collects the youngest generation every ``YOUNG`` allocations."""
    code = (
        "import gc, sys\n"
        "from muertos.server import processes\n"
        "before = gc.get_threshold()[0], gc.get_freeze_count()\n"
        "processes.from_environment({'MUERTOS_DB': sys.argv[1]})\n"
        "print(*before, gc.get_threshold()[0], gc.get_freeze_count())\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, f"sqlite:///{tmp_path / 'm.db'}"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    young_before, frozen_before, young, frozen = map(int, done.stdout.split())
    from muertos.server.processes import YOUNG

    assert (young_before, frozen_before) == (700, 0)  # Python's defaults, before
    assert young == YOUNG > young_before
    assert frozen > 50_000  # the modules, routes and catalogs the app was built from


@pytest.fixture
def served(own_pg_url: str, tmp_path: Path) -> Iterator[tuple[subprocess.Popen[bytes], int, Path]]:
    """``muertos serve --workers 2`` on a fresh port; its output in a file."""
    port = free_port()
    log = tmp_path / "server.log"
    muertos = Path(sys.executable).parent / "muertos"
    proc = subprocess.Popen(
        [str(muertos), "serve", "--workers", "2", "--bot-workers", "2", "--db", own_pg_url,
         "--host", "127.0.0.1", "--port", str(port)],
        stdout=log.open("w"), stderr=subprocess.STDOUT,  # uvicorn's access lines go to stdout
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                if httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            assert proc.poll() is None and time.monotonic() < deadline, log.read_text()
            time.sleep(0.1)
        yield proc, port, log
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


async def play(port: int, workers: set[int]) -> dict[str, Any]:
    """Open spectators until two are held by different processes, then play the human seat
    of a table against a greedy bot; what each of the two subscribers got, and more."""
    import websockets

    base = f"127.0.0.1:{port}"
    async with httpx.AsyncClient(base_url=f"http://{base}", timeout=10) as http:
        r = await http.post(
            "/api/tables", json={"game": "ofertu", "seats": [human(), bot("greedy")], "seed": 3}
        )
        assert r.status_code == 201, r.text
        tid, token = r.json()["id"], r.json()["invites"][0]["token"]
        sockets: list[Any] = []
        held: dict[int, Any] = {}  # process → its subscriber
        first: dict[int, dict[str, Any]] = {}
        try:
            # The server answered /healthz from one process; the other may still be starting
            # on a busy machine, and then accepts nothing: all 16 sockets of a clean clone's
            # run once went to one process. So keep trying for a while, closing the others.
            tries, deadline = 0, time.monotonic() + 30
            while len(held) < 2:
                assert time.monotonic() < deadline, (
                    f"{tries} sockets in 30 s, all on one process of {workers}"
                )
                ws = await websockets.connect(f"ws://{base}/ws/tables/{tid}")
                tries += 1
                msg = json.loads(await asyncio.wait_for(ws.recv(), 10))
                pid = holder(port, ws.local_address[1], workers)
                if pid is not None and pid not in held:
                    held[pid], first[pid] = ws, msg
                    sockets.append(ws)
                else:
                    await ws.close()
                    await asyncio.sleep(0.05)
            got: dict[int, list[dict[str, Any]]] = {pid: [] for pid in held}

            async def listen(pid: int) -> None:
                async for raw in held[pid]:
                    got[pid].append(json.loads(raw))

            listeners = [asyncio.create_task(listen(pid)) for pid in held]
            mine: dict[int, str] = {}  # move index → the human's action
            headers = {"X-Seat-Token": token}
            while len(mine) < HUMAN_MOVES:
                t = (await http.get(f"/api/tables/{tid}", headers=headers)).json()
                if t["view"]["over"]:
                    break
                if t["view"]["to_move"] != 0:  # the bot's turn: wait for it
                    await asyncio.sleep(0.05)
                    continue
                action = t["view"]["legal"][0]
                r = await http.post(
                    f"/api/tables/{tid}/actions",
                    json={"action": action, "index": t["moves"]},
                    headers=headers,
                )
                assert r.status_code == 200, r.text
                mine[t["moves"]] = action
            deadline = time.monotonic() + 10
            while True:  # the bot's answer to the last move, then every subscriber has it
                final = (await http.get(f"/api/tables/{tid}")).json()
                done = final["view"]["over"] or final["view"]["to_move"] == 0
                if done and all(m and m[-1]["moves"] == final["moves"] for m in got.values()):
                    break
                assert time.monotonic() < deadline, (
                    final["moves"],
                    {p: [m["moves"] for m in ms] for p, ms in got.items()},
                )
                await asyncio.sleep(0.05)
            for task in listeners:
                task.cancel()
            # a seat's token in a URL (an invite link's page, a seat's socket): the log must
            # not keep it, or whoever reads the log may open the seat
            assert (await http.get(f"/table/{tid}", params={"token": token})).status_code == 200
            async with websockets.connect(f"ws://{base}/ws/tables/{tid}?token={token}&lang=es") as ws:
                assert json.loads(await asyncio.wait_for(ws.recv(), 10))["you"] == 0
            return {"id": tid, "first": first, "got": got, "final": final, "mine": mine, "token": token}
        finally:
            for ws in sockets:
                await ws.close()


def test_two_processes_share_a_table_and_stop_on_sigterm(
    served: tuple[subprocess.Popen[bytes], int, Path], own_pg_url: str
) -> None:
    proc, port, log = served
    with ThreadPoolExecutor(1) as pool:  # a thread of its own: see test_live
        out = pool.submit(asyncio.run, play(port, descendants(proc.pid))).result()
    final = out["final"]
    for pid, msgs in out["got"].items():
        news = [e["text"] for m in msgs for e in m.get("new_events", [])]
        assert out["first"][pid]["log"] + news == final["log"], f"the subscriber on process {pid}"
        counts = [out["first"][pid]["moves"]] + [m["moves"] for m in msgs]
        assert counts == sorted(counts) and counts[-1] == final["moves"]

    import psycopg

    with psycopg.connect(own_pg_url) as conn:
        rows = conn.execute(
            'SELECT "index", seat, action FROM actions WHERE table_id = %s ORDER BY "index"', (out["id"],)
        ).fetchall()
    assert [i for i, _, _ in rows] == list(range(final["moves"]))
    assert {i: a for i, seat, a in rows if seat == 0} == out["mine"]
    # Every other move is the bot's, one per turn: the human never waited for a second
    # bot move that was not due, nor did one go missing (the game moved on after each).
    st = muertos.game("ofertu").new(players=2, seed=3)
    for _, seat, action in rows:
        assert st.to_move == seat
        st.apply(action)
    assert sum(seat == 1 for _, seat, _ in rows) >= len(out["mine"]) - 1
    assert not final.get("notices") and "ERROR" not in log.read_text() and "Traceback" not in log.read_text()
    logged = log.read_text()
    assert f"/ws/tables/{out['id']}?token=…&lang=es" in logged and f"/table/{out['id']}?token=…" in logged
    assert out["token"] not in logged

    everyone = descendants(proc.pid)
    assert len(everyone) >= 3  # two web processes and at least a bot worker
    proc.send_signal(signal.SIGTERM)
    proc.wait(15)
    deadline = time.monotonic() + 10
    while any(alive(p) for p in everyone) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not [p for p in everyone if alive(p)], log.read_text()
