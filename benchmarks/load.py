"""Load test of the web table: many concurrent tables played by client bots over HTTP and WebSocket.

    python benchmarks/load.py                      # 100 tables of Ofertu, 60 s at most
    python benchmarks/load.py --think 0            # flat out: every client moves at once
    python benchmarks/load.py --tables 20 --game ofrenda --moves 40 --seconds 30
    python benchmarks/load.py --bot-tables 10      # the same twice: without, then with 10 bot tables

Starts its own server (a uvicorn subprocess on 127.0.0.1, a temporary SQLite file) and
opens ``--tables`` tables with two human seats each. For every seat a client subscribes to
``/ws/tables/{id}?token=…``; when a message says it is that seat's turn, the client picks a
random legal action, thinks ``--think`` seconds on average (people and paced bots do;
0 moves at once) and POSTs it (with the move index, as the browser does). A move's
latency is the time of that POST, from sending to the answer (the move is then stored,
bots and subscribers woken). It prints moves per second, the p50/p90/p99/max latency and
the server's CPU time per move (user + system seconds of the server process while the
clients play, from ``/proc/<pid>/stat``, divided by the moves): a figure far less
sensitive than latency to other work on the machine.

With ``--bot-tables N`` the run has two phases on one server, each with fresh human
tables: first the people alone, then the people while N more tables of ``--bot-agent``
bots (``ismcts:2s`` by default) play each other. Bots think in the server's worker
processes, at a lower CPU priority; the two phases' latencies, printed side by side, say
what the bots cost the people.

Bounded: each table stops after ``--moves`` moves or at the game's end, each phase
after ``--seconds``; the server is stopped at the end. The client shares the machine
with the server, so the figures are a floor of what the server alone can do.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from typing import Any

import httpx
import websockets

SERVER = (
    "import sys, logging, uvicorn\n"
    "from muertos.server import create_app\n"
    "uvicorn.run(create_app(sys.argv[1]), host='127.0.0.1', port=int(sys.argv[2]), "
    "log_level='warning', ws_ping_interval=None)\n"
)


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    refused: int = 0
    errors: int = 0
    finished: int = 0
    connected: int = 0
    elapsed: float = 0.0
    cpu_moves: int = 0
    server_cpu: float | None = None
    bot_moves: int = 0


def cpu_seconds(pid: int) -> float | None:
    """User + system CPU seconds of a process so far (Linux ``/proc``; None elsewhere)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
    except OSError:
        return None
    ticks = os.sysconf("SC_CLK_TCK")
    return (int(fields[11]) + int(fields[12])) / ticks  # utime, stime (fields 14, 15)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


async def seat_client(
    http: httpx.AsyncClient,
    ws_base: str,
    tid: str,
    seat: int,
    token: str,
    rng: random.Random,
    stats: Stats,
    max_moves: int,
    stop: asyncio.Event,
    think: float,
) -> None:
    """Play one seat of a table from its WebSocket messages until the table is done."""
    async with websockets.connect(f"{ws_base}/ws/tables/{tid}?token={token}", max_size=None) as ws:
        first = True
        played = -1  # the move index this client last played: later news of it is no turn
        while not stop.is_set():
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=2.0)
            except TimeoutError:
                continue
            msg: dict[str, Any] = json.loads(raw)
            if first:
                stats.connected += 1
                first = False
            view = msg.get("view") or {}
            moves = int(msg.get("moves", 0))
            if view.get("over") or moves >= max_moves:
                if seat == 0:
                    stats.finished += 1
                return
            if view.get("to_move") != seat or not view.get("legal") or moves == played:
                continue  # e.g. a seat was claimed: same move index, already answered
            played = moves
            action = rng.choice(view["legal"])
            if think:
                await asyncio.sleep(rng.expovariate(1 / think))
            t0 = time.perf_counter()
            r = await http.post(
                f"/api/tables/{tid}/actions",
                json={"action": action, "index": moves},
                headers={"X-Seat-Token": token},
            )
            dt = time.perf_counter() - t0
            if r.status_code == 200:
                stats.latencies.append(dt)
            elif r.status_code == 409:
                stats.refused += 1  # a stale message: the next one brings the table as it is
            else:
                stats.errors += 1


async def bot_moves(http: httpx.AsyncClient, ids: list[str]) -> int:
    """Moves made so far at the bot tables."""
    total = 0
    for tid in ids:
        r = await http.get(f"/api/tables/{tid}")
        total += int(r.json()["moves"])
    return total


async def run(args: argparse.Namespace, base: str, server_pid: int, bot_tables: int, first: int) -> Stats:
    stats = Stats()
    stop = asyncio.Event()
    limits = httpx.Limits(max_connections=2 * args.tables, max_keepalive_connections=2 * args.tables)
    async with httpx.AsyncClient(base_url=base, limits=limits, timeout=30) as http:
        bots = []
        for i in range(bot_tables):
            seat = {"kind": "bot", "agent": args.bot_agent}
            r = await http.post(
                "/api/tables", json={"game": args.game, "seats": [seat, seat], "seed": 10_000 + i}
            )
            r.raise_for_status()
            bots.append(r.json()["id"])
        tables = []
        for i in range(args.tables):
            r = await http.post(
                "/api/tables",
                json={"game": args.game, "seats": [{"kind": "human"}, {"kind": "human"}], "seed": first + i},
            )
            r.raise_for_status()
            tables.append(r.json())
        ws_base = base.replace("http://", "ws://")
        rng = random.Random(args.seed)
        tasks = [
            asyncio.create_task(
                seat_client(
                    http,
                    ws_base,
                    t["id"],
                    inv["seat"],
                    inv["token"],
                    random.Random(rng.random()),
                    stats,
                    args.moves,
                    stop,
                    args.think,
                )
            )
            for t in tables
            for inv in t["invites"]
        ]
        t0 = time.perf_counter()
        # The server's CPU is counted once every client has its first message, so that
        # connecting (a one-off) is not charged to the moves.
        while stats.connected < len(tasks) and time.perf_counter() - t0 < args.seconds / 2:
            await asyncio.sleep(0.02)
        cpu0, moves0 = cpu_seconds(server_pid), len(stats.latencies)
        bots0 = await bot_moves(http, bots)
        remaining = max(args.seconds - (time.perf_counter() - t0), 0.0)
        done, pending = await asyncio.wait(tasks, timeout=remaining)
        stop.set()
        for t in pending:
            t.cancel()
        for t in pending:
            with contextlib.suppress(BaseException):
                await t
        for t in done:
            if t.exception() is not None:
                stats.errors += 1
        stats.elapsed = time.perf_counter() - t0
        cpu1 = cpu_seconds(server_pid)
        stats.bot_moves = await bot_moves(http, bots) - bots0
    stats.cpu_moves = len(stats.latencies) - moves0
    stats.server_cpu = None if cpu0 is None or cpu1 is None else cpu1 - cpu0
    return stats


def pct(xs: list[float], q: float) -> float:
    return statistics.quantiles(xs, n=100, method="inclusive")[int(q) - 1] if len(xs) > 1 else xs[0]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tables", type=int, default=100, help="concurrent tables (two client seats each)")
    ap.add_argument("--game", default="ofertu", help="game id (default ofertu)")
    ap.add_argument("--moves", type=int, default=30, help="moves per table at most")
    ap.add_argument("--seconds", type=float, default=60.0, help="the run stops after this long")
    ap.add_argument(
        "--think",
        type=float,
        default=2.0,
        help="mean seconds a client thinks before each move (exponential; 0: move at once)",
    )
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument(
        "--bot-tables", type=int, default=0, help="also run a phase with this many tables of bots"
    )
    ap.add_argument(
        "--bot-agent", default="ismcts:2s", help="the agent of every bot seat (default ismcts:2s)"
    )
    args = ap.parse_args()
    if not 0 <= args.bot_tables <= 100 or not 1 <= args.tables <= 1000:
        raise SystemExit("--tables is 1 to 1000 and --bot-tables 0 to 100")
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as tmp:
        server = subprocess.Popen([sys.executable, "-c", SERVER, f"sqlite:///{tmp}/load.db", str(port)])
        try:
            for _ in range(300):
                try:
                    if httpx.get(f"{base}/healthz", timeout=1).status_code == 200:
                        break
                except httpx.HTTPError:
                    time.sleep(0.1)
            else:
                raise SystemExit("the server did not start")
            phases = [("people alone", 0)] + (
                [(f"with {args.bot_tables} bot tables", args.bot_tables)] if args.bot_tables else []
            )
            results = [
                (label, asyncio.run(run(args, base, server.pid, n, first=k * args.tables)))
                for k, (label, n) in enumerate(phases)
            ]
        finally:
            server.terminate()
            try:
                server.wait(10)
            except subprocess.TimeoutExpired:
                server.kill()
    print(f"game {args.game}: {args.tables} tables of two people, think {args.think:g} s a move")
    rows = []
    for label, stats in results:
        lat = sorted(stats.latencies)
        if not lat:
            raise SystemExit(f"{label}: no move was played")
        print(f"\n{label}: {len(lat)} moves in {stats.elapsed:.1f} s, {len(lat) / stats.elapsed:.1f} moves/s")
        print(
            "  move latency (POST) ms: "
            f"p50 {1000 * pct(lat, 50):.1f}  p90 {1000 * pct(lat, 90):.1f}  "
            f"p99 {1000 * pct(lat, 99):.1f}  max {1000 * lat[-1]:.1f}"
        )
        if stats.server_cpu is not None and stats.cpu_moves > 0:
            print(
                f"  web process CPU {stats.server_cpu:.2f} s for {stats.cpu_moves} moves once all clients "
                f"were connected: {1000 * stats.server_cpu / stats.cpu_moves:.2f} ms a move"
            )
        if stats.bot_moves:
            print(f"  bot moves meanwhile: {stats.bot_moves} ({args.bot_agent})")
        print(
            f"  tables finished {stats.finished}, stale-index refusals {stats.refused}, errors {stats.errors}"
        )
        rows.append((label, pct(lat, 50), pct(lat, 99)))
    if len(rows) == 2:
        (_, a50, a99), (_, b50, b99) = rows
        print(f"\nwith bots / without: p50 ×{b50 / a50:.2f}, p99 ×{b99 / a99:.2f}")


if __name__ == "__main__":
    main()
