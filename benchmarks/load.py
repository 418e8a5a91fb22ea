"""Load test of the web table: many concurrent tables played by client bots over HTTP and WebSocket.

    python benchmarks/load.py                      # 100 tables of Ofertu, 60 s at most
    python benchmarks/load.py --think 0            # flat out: every client moves at once
    python benchmarks/load.py --tables 20 --game ofrenda --moves 40 --seconds 30
    python benchmarks/load.py --bot-tables 10      # the same twice: without, then with 10 bot tables
    python benchmarks/load.py --baseline /tmp/base/src --rounds 2 --lang both   # beside another tree
    python benchmarks/load.py --tables 1000 --think 10 --clients-procs 2
    python benchmarks/load.py --clock live --chat-every 10        # clocks ticking, chat at every table
    python benchmarks/load.py --profile /tmp/prof.txt             # py-spy on the server meanwhile
    python benchmarks/load.py --db postgresql://… --workers 1,2 --think 0   # 1 web process, then 2

Starts its own server (a uvicorn subprocess on 127.0.0.1, a temporary SQLite file, or
``--db postgresql://…``) and opens ``--tables`` tables with two human seats each. For
every seat a client subscribes to ``/ws/tables/{id}?token=…``; when a message says it is
that seat's turn, the client picks a random legal action, thinks ``--think`` seconds on
average (people and paced bots do; 0 moves at once) and sends it with the move index, as the
tree's page does: on the socket (``{"type": "play"}``) where the tree takes moves there, else
as a POST (``--moves-over http``: always a POST). A move's latency is the time from sending
it to its answer (the move is then stored, bots and subscribers woken). It prints moves per second, the
p50/p90/p99/max latency and the server's CPU time per move (user + system seconds of the
server process while the clients play, from ``/proc/<pid>/stat``, divided by the moves
answered meanwhile): a figure far less sensitive than latency to other work on the machine.
The window opens once every client's socket is open: moves sent before, while a thousand
sockets were still opening, are counted apart ("before the window"), and where the slow moves
of the window fell is printed by second, beside the clients' own garbage collections. At the
deadline the clients stop playing; the window closes once every move sent before it is
answered, and only then do the sockets close (all at once: a departure, not play).

The clients read ``--lang`` (``en``, ``es``, or ``both``: seat 1 English, seat 2 Spanish).
``--clock live|turn`` gives every table a time limit (a 10-minute bank +20 s a move, or a
day a move), ``--chat-every S`` has each table write one chat message every S seconds
(seat 1, at a random phase from when its socket opened; the chat's latency is printed apart).

The clients run in ``--clients-procs`` processes (tables split between them; default one
per core), each an asyncio loop; the output gives the share of the machine's CPU the
clients used (their processes' CPU over the wall time × the cores), beside the server's,
so that a run can tell whether the client was the bottleneck. Every WebSocket should stay
open until its table is done: ``closed early`` counts those that did not.

With ``--baseline SRC`` every phase runs also against a server importing muertos from
``SRC`` (another tree's ``src``, e.g. a ``git worktree`` of an older commit), interleaved
(``--rounds`` times: this tree, the baseline, this tree, …) so that the machine's load
weighs on both alike, and the ratio of their CPU a move is printed.

With ``--bot-tables N`` the run has two phases on one server, each with fresh human
tables: first the people alone, then the people while N more tables of ``--bot-agent``
bots (``ismcts:2s`` by default) play each other. Bots think in the server's worker
processes, at a lower CPU priority; the two phases' latencies, printed side by side, say
what the bots cost the people.

With ``--workers 1,2`` (a PostgreSQL ``--db``) every phase runs once with each number of
web processes behind the port (``muertos serve --workers N``), interleaved as the trees
are; the server's CPU is then that of every web process.

Bounded: each table stops after ``--moves`` moves or at the game's end, each phase
after ``--seconds``; the server is stopped at the end. The client shares the machine
with the server, so the figures are a floor of what the server alone can do.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import contextlib
import gc
import json
import multiprocessing as mp
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import httpx
import websockets

SERVER = (
    "import sys, logging, uvicorn\n"
    "from muertos.server import create_app, live\n"
    "try:\n    from muertos.server import processes\nexcept ImportError:  # a tree older than --workers\n    processes = None\n"
    "app = create_app(sys.argv[1])\n"
    "getattr(processes, 'tune_gc', lambda: None)()\n"
    f"sys.path.insert(0, {os.path.dirname(os.path.abspath(__file__))!r})\n"
    "from load import watch_collections\n"
    "watch_collections(lambda at, took, gen: print(f'garbage collection (generation {gen}) {1000 * took:.0f} ms at monotonic {at:.1f}', "
    "file=sys.stderr, flush=True))\n"
    "uvicorn.run(app, host='127.0.0.1', port=int(sys.argv[2]), "
    "log_level='warning', ws_ping_interval=None, backlog=4096, **getattr(live, 'SOCKETS', {}))\n"
)
"""The server as ``muertos serve`` runs it, with the tree's own WebSocket settings
(``live.SOCKETS``; a tree older than them gets uvicorn's defaults)."""
SERVER_PROCESSES = (
    "import os, sys, uvicorn\n"
    "from muertos.server import live, processes\n"
    "db, port, n = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])\n"
    "os.environ.update(processes.environment(db, n, None, None, None, f'http://127.0.0.1:{port}'))\n"
    "uvicorn.run(processes.FACTORY, factory=True, workers=n, host='127.0.0.1', port=port, "
    "log_level='warning', ws_ping_interval=None, backlog=4096, **getattr(live, 'SOCKETS', {}))\n"
)
"""``muertos serve --workers N``: uvicorn's supervisor and N web processes (``--workers``)."""
CLOCKS = {
    "none": None,
    "live": {"mode": "live", "bank": 600, "increment": 20, "cap": 1200},
    "turn": {"mode": "turn", "per_move": 86400},
}


@dataclass
class Stats:
    """What the clients saw; latencies as (monotonic time answered, seconds)."""

    latencies: list[tuple[float, float]] = field(default_factory=list)
    chats: list[tuple[float, float]] = field(default_factory=list)
    refused: int = 0
    errors: int = 0
    finished: int = 0
    closed_early: int = 0
    failures: list[str] = field(default_factory=list)
    """What ended a seat's client with an exception (each is also an error)."""
    pauses: list[tuple[float, float]] = field(default_factory=list)
    """The client processes' own garbage collections over 50 ms: (monotonic start,
    seconds). A move answered during one is measured slow by the client, not the server."""
    on_socket: bool = False
    """The moves went on the tables' sockets (else as HTTP requests)."""

    def add(self, other: Stats) -> None:
        self.on_socket |= other.on_socket
        self.latencies += other.latencies
        self.pauses += other.pauses
        self.chats += other.chats
        self.refused += other.refused
        self.errors += other.errors
        self.finished += other.finished
        self.closed_early += other.closed_early
        self.failures += other.failures


@dataclass
class Window:
    """The measured part of a phase: the moves sent from every client connected to the last
    move answered of those sent before the deadline (the sockets close after it)."""

    seconds: float = 0.0
    server_cpu: float | None = None
    client_cpu: float | None = None
    machine_busy: float | None = None
    """Busy CPU seconds of the whole machine (every core) meanwhile."""
    cores: int = os.cpu_count() or 1
    bot_moves: int = 0
    opening: list[float] = field(default_factory=list)
    """Latencies of the moves sent before every client was connected, sorted."""
    overtime: float = 0.0
    """Seconds from the deadline to the window's close (the last move in flight answered)."""


def cpu_seconds(pid: int) -> float | None:
    """User + system CPU seconds of a process so far (Linux ``/proc``; None elsewhere)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
    except OSError:
        return None
    ticks = os.sysconf("SC_CLK_TCK")
    return (int(fields[11]) + int(fields[12])) / ticks  # utime, stime (fields 14, 15)


def server_cpu(pid: int) -> float | None:
    """CPU seconds of the server and its children: the web processes under a supervisor
    (``--workers``), or a lone web process's bots' fork server (bot workers are its
    grandchildren, not counted)."""
    kids = []
    for d in os.listdir("/proc") if os.path.isdir("/proc") else []:
        with contextlib.suppress(OSError, IndexError), open(f"/proc/{d}/stat") as f:
            if d.isdigit() and int(f.read().rsplit(")", 1)[1].split()[1]) == pid:
                kids.append(int(d))
    got = [cpu_seconds(p) for p in [pid, *kids]]
    return None if got[0] is None else sum(c for c in got if c is not None)


def machine_busy() -> float | None:
    """Busy CPU seconds of the machine so far, every core (``/proc/stat``: all but idle)."""
    try:
        with open("/proc/stat") as f:
            ticks = [int(x) for x in f.readline().split()[1:]]
    except OSError:
        return None
    idle = ticks[3] + (ticks[4] if len(ticks) > 4 else 0)  # idle, iowait
    return (sum(ticks[:8]) - idle) / os.sysconf("SC_CLK_TCK")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


# ---------------------------------------------------------------- the clients (in their processes)
@dataclass(frozen=True)
class Share:
    """One client process's tables and what it needs to play them."""

    base: str
    tables: list[dict[str, Any]]
    langs: tuple[str, str]
    max_moves: int
    think: float
    chat_every: float
    seed: float
    deadline: float
    """``time.monotonic()`` (the same clock in every process) at which to stop playing."""
    start: float = 0.0
    """``time.monotonic()`` at which the phase began."""
    ramp: float = 0.0
    """Seconds over which the tables' sockets open, spread evenly from ``start``."""
    on_socket: bool = False
    """Moves go on the table's socket (``{"type": "play"}``), else as HTTP requests."""


LINGER = 120.0
"""Seconds past the deadline a seat keeps its socket at most, waiting for ``Signals.closing``."""


@dataclass(frozen=True)
class Signals:
    """Counters the client processes share with the main one (``multiprocessing.Value``)."""

    connected: Any
    """Seats whose socket brought its first message."""
    playing: Any
    """Seats still playing: a seat stops at its table's end or the deadline, once its move in
    flight is answered."""
    closing: Any
    """Set by the main process once no seat plays (the window closed): the sockets close."""


@dataclass
class Seat:
    """One seat a client plays: its table, token and dice, and its table's events."""

    tid: str
    seat: int
    token: str
    lang: str
    rng: random.Random
    done: asyncio.Event
    """Set when the table is over (or at its last move)."""
    opened: asyncio.Event
    """Set when the seat's socket brought its first message."""
    arrive: float = 0.0
    """Seconds after the phase began that the seat's socket opens (``Share.ramp``)."""


async def seat_client(
    http: httpx.AsyncClient, share: Share, stats: Stats, signals: Signals, me: Seat
) -> None:
    """Play one seat of a table from its WebSocket messages until the table is done or the
    deadline. At the deadline the seat stops playing but keeps its socket until no seat
    plays any more (the window is closed by then): 2,000 sockets closing at once are a
    departure, not play, and the moves still in flight waited behind them."""
    ws_base = share.base.replace("http://", "ws://")
    await asyncio.sleep(max(0.0, share.start + me.arrive - time.monotonic()))
    # An invite is opened once, as the page opens it: the seat plays with its own token (a
    # tree from before invites were opened once has no such route: its invite is the seat's).
    joined = await http.post(f"/api/tables/{me.tid}/join", headers={"X-Seat-Token": me.token})
    if joined.status_code != 404:
        joined.raise_for_status()
        me.token = joined.json()["token"]
    url = f"{ws_base}/ws/tables/{me.tid}?token={me.token}&lang={me.lang}"
    stopped = False

    def stop() -> None:
        nonlocal stopped
        if not stopped:
            stopped = True
            with signals.playing.get_lock():
                signals.playing.value -= 1

    try:
        async with websockets.connect(url, max_size=None, ping_interval=None, open_timeout=60) as ws:
            await play_seat(ws, http, share, stats, signals, me)
            stop()
            while (
                not (signals.closing.value or me.done.is_set()) and time.monotonic() < share.deadline + LINGER
            ):
                await asyncio.sleep(0.1)
    finally:
        stop()  # a socket that failed stops its seat too


async def play_seat(
    ws: Any, http: httpx.AsyncClient, share: Share, stats: Stats, signals: Signals, me: Seat
) -> None:
    """A seat's moves, each as its socket's news says it is the seat's turn."""
    first = True
    played = -1  # the move index this client last played: later news of it is no turn
    backlog: collections.deque[str | bytes] = collections.deque()  # news read while a move was answered
    while True:
        left = share.deadline - time.monotonic()
        if left <= 0:
            return
        try:
            raw = backlog.popleft() if backlog else await asyncio.wait_for(ws.recv(), timeout=min(left, 5.0))
        except TimeoutError:
            continue
        except websockets.ConnectionClosed:
            stats.closed_early += 1
            return
        msg: dict[str, Any] = json.loads(raw)
        if first:
            with signals.connected.get_lock():
                signals.connected.value += 1
            first = False
            me.opened.set()
        if msg.get("type") not in ("table", "update"):
            continue
        view = msg.get("view") or {}
        moves = int(msg.get("moves", 0))
        if view.get("over") or moves >= share.max_moves:
            if me.seat == 0:
                stats.finished += 1
                me.done.set()
            return
        if view.get("to_move") != me.seat or not view.get("legal") or moves == played:
            continue  # e.g. a seat was claimed: same move index, already answered
        played = moves
        action = me.rng.choice(view["legal"])
        if share.think:
            thought = me.rng.expovariate(1 / share.think)
            await asyncio.sleep(min(thought, max(0.0, share.deadline - time.monotonic())))
            if time.monotonic() >= share.deadline:
                return  # still thinking at the deadline: the move is not played
        t0 = time.monotonic()
        if share.on_socket:  # as the tree's page: on the socket, answered there
            await ws.send(json.dumps({"type": "play", "action": action, "index": moves}))
            try:
                status = await socket_answer(ws, backlog)
            except websockets.ConnectionClosed:
                stats.closed_early += 1
                return
        else:
            r = await http.post(
                f"/api/tables/{me.tid}/actions?lang={me.lang}",
                json={"action": action, "index": moves},
                headers={"X-Seat-Token": me.token},
            )
            status = r.status_code
        t1 = time.monotonic()
        if status == 200:
            stats.latencies.append((t1, t1 - t0))
        elif status == 409:
            stats.refused += 1  # a stale message: the next one brings the table as it is
        else:
            stats.errors += 1


async def socket_answer(ws: Any, backlog: collections.deque[str | bytes]) -> int:
    """The answer to the move just sent on ``ws``, as an HTTP status (200: played); the news
    that came before it goes to ``backlog``, in order."""
    while True:
        raw = await ws.recv()
        msg = json.loads(raw)
        if msg.get("type") == "played":
            return 200
        if msg.get("re") == "play":
            return int(msg.get("status", 500))
        backlog.append(raw)


def plays_on_socket(src: str | None) -> bool:
    """Whether the tree (``src``; None: this one) takes moves on the table's socket, as its
    page sends them; an older tree's page, and so this client, POSTs them."""
    root = src or os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src")
    with open(os.path.join(root, "muertos", "server", "schemas.py")) as f:
        return "class PlayIn(" in f.read()


async def chatter(
    http: httpx.AsyncClient,
    share: Share,
    tid: str,
    token: str,
    rng: random.Random,
    stats: Stats,
    done: asyncio.Event,
    opened: asyncio.Event,
) -> None:
    """Seat 1 writes a message every ``chat_every`` seconds until its table is done, from
    when its seat is open (as a person writes once the table is on screen: messages sent
    while 200 sockets opened at once measured that storm, not chat, issue 38)."""
    await opened.wait()
    await asyncio.sleep(rng.uniform(0, share.chat_every))
    n = 0
    while not done.is_set() and time.monotonic() < share.deadline:
        n += 1
        t0 = time.monotonic()
        r = await http.post(
            f"/api/tables/{tid}/chat", json={"text": f"message {n}"}, headers={"X-Seat-Token": token}
        )
        t1 = time.monotonic()
        if r.status_code == 201:
            stats.chats.append((t1, t1 - t0))
        else:
            stats.errors += 1
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(done.wait(), share.chat_every)


async def play_share(share: Share, signals: Signals) -> Stats:
    stats = Stats(on_socket=share.on_socket)
    n = 2 * len(share.tables)
    limits = httpx.Limits(max_connections=n, max_keepalive_connections=n)
    rng = random.Random(share.seed)
    async with httpx.AsyncClient(base_url=share.base, limits=limits, timeout=60) as http:
        tasks = []
        for i, t in enumerate(share.tables):
            arrive = share.ramp * i / len(share.tables)
            done = asyncio.Event()
            opened = {inv["seat"]: asyncio.Event() for inv in t["invites"]}
            for inv in t["invites"]:
                r = random.Random(rng.random())
                lang = share.langs[inv["seat"] % 2]
                seated = Seat(t["id"], inv["seat"], inv["token"], lang, r, done, opened[inv["seat"]], arrive)
                tasks.append(seat_client(http, share, stats, signals, seated))
            if share.chat_every:
                first = t["invites"][0]
                tasks.append(
                    chatter(
                        http,
                        share,
                        t["id"],
                        first["token"],
                        random.Random(rng.random()),
                        stats,
                        done,
                        opened[first["seat"]],
                    )
                )
        for got in await asyncio.gather(*tasks, return_exceptions=True):
            if isinstance(got, BaseException):
                stats.errors += 1
                stats.closed_early += 1
                stats.failures.append(f"{type(got).__name__}: {got}"[:200])
    return stats


def watch_collections(seen: Callable[[float, float, int], None], over: float = 0.05) -> None:
    """Call ``seen(monotonic start, seconds, generation)`` after each of this process's garbage
    collections longer than ``over`` seconds (the server's and each client process's): a
    young one that walks many objects pauses a process as long as a full one."""
    began = [0.0]

    def collected(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            began[0] = time.monotonic()
        elif time.monotonic() - began[0] > over:
            seen(began[0], time.monotonic() - began[0], info["generation"])

    gc.callbacks.append(collected)


def client_process(share: Share, signals: Signals, out: Any) -> None:
    pauses: list[tuple[float, float]] = []
    watch_collections(lambda at, took, _generation: pauses.append((at, took)))
    # A client is a stopwatch: a collection pausing it adds to every latency it is timing
    # (up to 327 ms, eight or nine a run at 1,000 tables, young collections included). Its
    # garbage in cycles (httpx's responses, some 3,000 objects a second) is kept until the
    # phase ends: at 1,000 tables over 90 s no process of the run passed 295 MB.
    gc.freeze()
    gc.disable()
    stats = asyncio.run(play_share(share, signals))
    stats.pauses = pauses
    out.put(stats)


# ---------------------------------------------------------------- a phase (in the main process)
def start_server(db: str, port: int, src: str | None, workers: int = 1) -> subprocess.Popen[bytes]:
    env = dict(os.environ)
    if src is not None:
        env["PYTHONPATH"] = src
    code = SERVER if workers == 1 else SERVER_PROCESSES
    return subprocess.Popen([sys.executable, "-c", code, db, str(port), str(workers)], env=env)


def wait_up(base: str, server: subprocess.Popen[bytes]) -> None:
    for _ in range(600):
        if server.poll() is not None:
            raise SystemExit("the server stopped")
        try:
            if httpx.get(f"{base}/healthz", timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            time.sleep(0.1)
    raise SystemExit("the server did not start")


def create_tables(
    args: argparse.Namespace, base: str, bot_tables: int, first: int
) -> tuple[list[str], list[Any]]:
    with httpx.Client(base_url=base, timeout=60) as http:
        bots = []
        for i in range(bot_tables):
            seat = {"kind": "bot", "agent": args.bot_agent}
            r = http.post("/api/tables", json={"game": args.game, "seats": [seat, seat], "seed": 10_000 + i})
            r.raise_for_status()
            bots.append(r.json()["id"])
        tables = []
        body: dict[str, Any] = {"game": args.game, "seats": [{"kind": "human"}, {"kind": "human"}]}
        if CLOCKS[args.clock] is not None:
            body["clock"] = CLOCKS[args.clock]
        for i in range(args.tables):
            r = http.post("/api/tables", json={**body, "seed": first + i})
            r.raise_for_status()
            tables.append(r.json())
    return bots, tables


def bot_moves(base: str, ids: list[str]) -> int:
    """Moves made so far at the bot tables."""
    with httpx.Client(base_url=base, timeout=60) as http:
        return sum(int(http.get(f"/api/tables/{tid}").json()["moves"]) for tid in ids)


class Profiler:
    """py-spy recording the server while the clients play (``--profile``)."""

    def __init__(self, pid: int, raw: str) -> None:
        self.raw = raw
        self.proc = subprocess.Popen(
            [spy if os.path.exists(spy := os.path.join(os.path.dirname(sys.executable), "py-spy")) else "py-spy", "record", "--pid", str(pid), "--format", "raw", "--output", raw, "--rate", "200",
             "--threads", "--nonblocking"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip

    def stop(self) -> None:
        self.proc.send_signal(2)  # py-spy writes its file on SIGINT
        try:
            self.proc.wait(30)
        except subprocess.TimeoutExpired:
            self.proc.kill()


def summarize_profile(raw: str, top: int = 80) -> str:
    """The functions of a py-spy raw profile with most samples, inclusive and self."""
    total = 0
    inclusive: collections.Counter[str] = collections.Counter()
    own: collections.Counter[str] = collections.Counter()
    idle = 0
    with open(raw) as f:
        for line in f:
            stack, _, n = line.rstrip("\n").rpartition(" ")
            count = int(n)
            # "function (file:line)": one function, whatever the line
            frames = [fr.rsplit(":", 1)[0] + ")" for fr in stack.split(";") if not fr.startswith("thread ")]
            if (
                not frames
                or "select" in frames[-1]
                or "_worker (concurrent/futures" in frames[-1]
                or ("wait (threading.py" in frames[-1])
            ):
                idle += count
                continue
            total += count
            for fr in set(frames):
                inclusive[fr] += count
            own[frames[-1]] += count
    lines = [f"samples busy {total} (idle/waiting {idle}); share of busy samples:", "", "inclusive:"]
    lines += [f"{100 * n / total:6.1f}%  {fr}" for fr, n in inclusive.most_common(top)]
    lines += ["", "self:"]
    lines += [f"{100 * n / total:6.1f}%  {fr}" for fr, n in own.most_common(top)]
    return "\n".join(lines) + "\n"


def run_phase(
    args: argparse.Namespace,
    base: str,
    server_pid: int,
    bot_tables: int,
    first: int,
    profile: str | None,
    on_socket: bool = False,
) -> tuple[Stats, Window]:
    bots, tables = create_tables(args, base, bot_tables, first)
    procs = max(1, min(args.clients_procs, len(tables)))
    langs = {"en": ("en", "en"), "es": ("es", "es"), "both": ("en", "es")}[args.lang]
    ctx = mp.get_context("spawn")
    seats = 2 * len(tables)
    signals = Signals(ctx.Value("i", 0), ctx.Value("i", seats), ctx.Value("i", 0))
    out = ctx.Queue()
    start = time.monotonic()
    deadline = start + args.ramp + args.seconds
    children = []
    for k in range(procs):
        share = Share(
            base,
            tables[k::procs],
            langs,
            args.moves,
            args.think,
            args.chat_every,
            args.seed * 1000 + k,
            deadline,
            start,
            args.ramp,
            on_socket,
        )
        p = ctx.Process(target=client_process, args=(share, signals, out), daemon=True)
        p.start()
        children.append(p)
    # The CPU is counted once every client has its first message, so that connecting (a
    # one-off) is not charged to the moves.
    while signals.connected.value < seats and time.monotonic() - start < args.ramp + args.seconds / 2:
        time.sleep(0.02)
    pids = [os.getpid()] + [p.pid for p in children if p.pid is not None]

    def sample() -> tuple[float, float | None, float | None, float | None]:
        clients = [cpu_seconds(pid) for pid in pids]
        known = None if any(c is None for c in clients) else sum(c for c in clients if c is not None)
        return time.monotonic(), server_cpu(server_pid), known, machine_busy()

    w0 = sample()
    bots0 = bot_moves(base, bots)
    prof = Profiler(server_pid, profile) if profile else None
    # The window closes when no seat plays any more: the deadline, and every move sent before
    # it answered; only then may the sockets close (``seat_client``).
    while signals.playing.value > 0 and time.monotonic() < deadline + LINGER:
        time.sleep(0.02)
    w1 = sample()
    signals.closing.value = 1
    results: list[Stats] = []
    while len(results) < procs:
        try:
            results.append(out.get(timeout=max(deadline - time.monotonic(), 0) + LINGER))
        except Exception:
            break
    if prof is not None:
        prof.stop()
    for p in children:
        p.join(10)
        if p.is_alive():
            p.kill()
    stats = Stats()
    for r in results:
        stats.add(r)
    window = Window(seconds=w1[0] - w0[0], bot_moves=bot_moves(base, bots) - bots0, overtime=w1[0] - deadline)
    if w0[1] is not None and w1[1] is not None:
        window.server_cpu = w1[1] - w0[1]
    if w0[2] is not None and w1[2] is not None:
        window.client_cpu = w1[2] - w0[2]
    if w0[3] is not None and w1[3] is not None:
        window.machine_busy = w1[3] - w0[3]
    # A move belongs to the window it was sent in: one sent while sockets were still opening
    # waited behind that storm, and is reported apart (``Window.opening``).
    window.opening = sorted(lat for t, lat in stats.latencies if t - lat < w0[0])
    stats.latencies = [(t, lat) for t, lat in stats.latencies if w0[0] <= t - lat and t <= w1[0]]
    return stats, window


def pct(xs: list[float], q: float) -> float:
    return statistics.quantiles(xs, n=100, method="inclusive")[int(q) - 1] if len(xs) > 1 else xs[0]


def stalls(latencies: list[tuple[float, float]], over: float = 0.1, worst: int = 5) -> list[str]:
    """Where the slow moves fell: a stall of the whole server (a long pause) shows as many in
    one second, a slow table as a few spread over the run. ``"s12: 40"``: 40 moves answered
    in the window's 12th second took more than ``over`` seconds."""
    if not latencies:
        return []
    t0 = min(t for t, _ in latencies)
    by: dict[int, int] = {}
    for t, lat in latencies:
        if lat > over:
            by[int(t - t0)] = by.get(int(t - t0), 0) + 1
    if not by:
        return []
    top = sorted(by.items(), key=lambda kv: -kv[1])[:worst]
    return [f"s{sec}: {n}" for sec, n in sorted(top)] + [f"(s0 is monotonic {t0:.1f})"]


def report(label: str, stats: Stats, w: Window) -> tuple[float, float, float | None] | None:
    lat = sorted(x for _, x in stats.latencies)
    if not lat:
        print(f"\n{label}: no move was played")
        return None
    print(
        f"\n{label}: {len(lat)} moves in {w.seconds:.1f} s, {len(lat) / w.seconds:.1f} moves/s "
        f"(the last answered {w.overtime:.1f} s after the deadline)"
    )
    print(
        f"  move latency ({'on the socket' if stats.on_socket else 'POST'}) ms: "
        f"p50 {1000 * pct(lat, 50):.1f}  p90 {1000 * pct(lat, 90):.1f}  "
        f"p99 {1000 * pct(lat, 99):.1f}  max {1000 * lat[-1]:.1f}"
    )
    if w.opening:
        print(
            f"  before the window, while sockets were opening: {len(w.opening)} moves, "
            f"p50 {1000 * pct(w.opening, 50):.1f}  p99 {1000 * pct(w.opening, 99):.1f}  max {1000 * w.opening[-1]:.1f} ms"
        )
    slow = stalls(stats.latencies)
    if slow:
        print("  moves over 100 ms, by second of the window (the worst five): " + ", ".join(slow))
    if stats.pauses:
        longest = max(d for _, d in stats.pauses)
        print(
            f"  the clients' garbage collections over 50 ms: {len(stats.pauses)}, the longest "
            f"{1000 * longest:.0f} ms, at monotonic " + ", ".join(f"{t:.1f}" for t, _ in sorted(stats.pauses))
        )
    if stats.chats:
        chats = sorted(x for _, x in stats.chats)
        print(
            f"  chat messages {len(chats)}, latency ms: p50 {1000 * pct(chats, 50):.1f}  p99 {1000 * pct(chats, 99):.1f}"
        )
    per_move = None
    if w.server_cpu is not None:
        per_move = 1000 * w.server_cpu / len(lat)
        print(f"  web process CPU {w.server_cpu:.2f} s for {len(lat)} moves: {per_move:.2f} ms a move")
    if w.client_cpu is not None and w.machine_busy is not None and w.seconds > 0:
        room = w.seconds * w.cores
        server = f", the server {100 * w.server_cpu / room:.0f}%" if w.server_cpu is not None else ""
        print(
            f"  machine ({w.cores} cores) busy {100 * w.machine_busy / room:.0f}%: "
            f"the clients {100 * w.client_cpu / room:.0f}%{server}"
        )
    if w.bot_moves:
        print(f"  bot moves meanwhile: {w.bot_moves}")
    print(
        f"  tables finished {stats.finished}, stale-index refusals {stats.refused}, errors {stats.errors}, "
        f"WebSockets closed early {stats.closed_early}"
    )
    for why, n in collections.Counter(stats.failures).most_common(5):
        print(f"  a client failed {n} time(s): {why}")
    return pct(lat, 50), pct(lat, 99), per_move


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tables", type=int, default=100, help="concurrent tables (two client seats each)")
    ap.add_argument("--game", default="ofertu", help="game id (default ofertu)")
    ap.add_argument("--moves", type=int, default=30, help="moves per table at most")
    ap.add_argument(
        "--seconds", type=float, default=60.0, help="each phase stops after this long (after its --ramp)"
    )
    ap.add_argument(
        "--ramp",
        type=float,
        default=0.0,
        help="seconds over which the tables' sockets open, evenly (0: all at once)",
    )
    ap.add_argument(
        "--think",
        type=float,
        default=2.0,
        help="mean seconds a client thinks before each move (exponential; 0: move at once)",
    )
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--lang", choices=["en", "es", "both"], default="en", help="the clients' language")
    ap.add_argument("--clock", choices=list(CLOCKS), default="none", help="every table's time limit")
    ap.add_argument("--chat-every", type=float, default=0.0, help="seconds between a table's chat messages")
    ap.add_argument("--clients-procs", type=int, default=os.cpu_count() or 1, help="client processes")
    ap.add_argument("--db", default=None, help="the server's database URL (default: a temporary SQLite file)")
    ap.add_argument(
        "--workers",
        default="1",
        help="web processes of the server (needs a PostgreSQL --db above 1); a list, 1,2, runs each in turn",
    )
    ap.add_argument(
        "--moves-over",
        choices=["socket", "http"],
        default="socket",
        help="where the clients send moves: on the table's socket where the tree takes them there "
        "(as its page does; an older tree's page POSTs them), or always as HTTP requests",
    )
    ap.add_argument("--baseline", default=None, help="another tree's src: run every phase against it too")
    ap.add_argument("--rounds", type=int, default=1, help="with --baseline: alternations of the two trees")
    ap.add_argument("--profile", default=None, help="write the server's py-spy profile summary here")
    ap.add_argument(
        "--bot-tables", type=int, default=0, help="also run a phase with this many tables of bots"
    )
    ap.add_argument(
        "--bot-agent", default="ismcts:2s", help="the agent of every bot seat (default ismcts:2s)"
    )
    args = ap.parse_args()
    if not 0 <= args.bot_tables <= 100 or not 1 <= args.tables <= 5000:
        raise SystemExit("--tables is 1 to 5000 and --bot-tables 0 to 100")
    trees: list[tuple[str, str | None]] = [("this tree", None)]
    if args.baseline:
        trees = [("this tree", None), ("baseline", args.baseline)] * args.rounds
    counts = [int(n) for n in args.workers.split(",")]
    if len(counts) > 1 and not args.baseline:
        trees *= args.rounds
    if max(counts) > 1 and not (args.db or "").startswith("postgresql"):
        raise SystemExit("--workers above 1 needs a PostgreSQL --db")
    runs = [(tree, src, n) for tree, src in trees for n in counts]
    rates: dict[int, list[float]] = {}
    phases = [("people alone", 0)] + (
        [(f"with {args.bot_tables} bot tables", args.bot_tables)] if args.bot_tables else []
    )
    print(
        f"game {args.game}: {args.tables} tables of two people, think {args.think:g} s a move, "
        f"lang {args.lang}, clock {args.clock}, chat every {args.chat_every:g} s, "
        f"{args.clients_procs} client processes"
    )
    rows: dict[tuple[str, str], list[tuple[float, float, float | None]]] = {}
    for r, (name, src, workers) in enumerate(runs):
        tree = name if len(counts) == 1 else f"{name}, {workers} process{'es' if workers > 1 else ''}"
        with tempfile.TemporaryDirectory() as tmp:
            db = args.db or f"sqlite:///{tmp}/load.db"
            port = free_port()
            base = f"http://127.0.0.1:{port}"
            server = start_server(db, port, src, workers)
            try:
                wait_up(base, server)
                for k, (label, n) in enumerate(phases):
                    raw = f"{tmp}/profile.raw" if args.profile and src is None else None
                    on_socket = args.moves_over == "socket" and plays_on_socket(src)
                    stats, w = run_phase(
                        args, base, server.pid, n, 100_000 * r + k * args.tables, raw, on_socket
                    )
                    got = report(f"{tree}, {label}", stats, w)
                    if got is not None:
                        rows.setdefault((tree, label), []).append(got)
                        if src is None and k == 0:
                            rates.setdefault(workers, []).append(len(stats.latencies) / w.seconds)
                    if raw is not None and os.path.exists(raw):
                        with open(args.profile, "w") as f:
                            f.write(f"py-spy of the web process: {' '.join(sys.argv)}\n")
                            f.write(summarize_profile(raw))
            finally:
                server.terminate()
                try:
                    server.wait(10)
                except subprocess.TimeoutExpired:
                    server.kill()
    for label, _ in phases:
        a, b = rows.get(("this tree", label)), rows.get(("baseline", label))
        if a and b:
            cpu_a = [x[2] for x in a if x[2] is not None]
            cpu_b = [x[2] for x in b if x[2] is not None]
            if cpu_a and cpu_b:
                ma, mb = statistics.median(cpu_a), statistics.median(cpu_b)
                print(
                    f"\n{label}: CPU a move, median of {len(cpu_a)} rounds: this tree {ma:.2f} ms, "
                    f"baseline {mb:.2f} ms: ×{mb / ma:.2f} less"
                )
    if len(counts) > 1:
        med = {n: statistics.median(xs) for n, xs in rates.items()}
        print("\nmoves a second, median of the rounds: " + ", ".join(
            f"{n} process{'es' if n > 1 else ''} {m:.1f} (×{m / med[counts[0]]:.2f})" for n, m in med.items()
        ))  # fmt: skip
    got_bots = [rows.get(("this tree", label)) for label, _ in phases]
    if len(phases) == 2 and all(got_bots):
        (a50, a99, _), (b50, b99, _) = got_bots[0][0], got_bots[1][0]  # type: ignore[index]
        print(f"\nwith bots / without: p50 ×{b50 / a50:.2f}, p99 ×{b99 / a99:.2f}")


if __name__ == "__main__":
    main()
