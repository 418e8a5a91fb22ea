"""Bots on the server: each move computed in a worker process, under a hard deadline,
with tables served in turn.

Why processes: a search bot is CPU-bound Python. Inside the web process it would hold the
GIL and slow every person's request. Workers also run at a lower CPU priority (``nice``),
so whenever a person's request needs a core the web process gets it at once.

Why a hard deadline: an agent is not trusted to stop itself. A move that runs past its
budget plus a margin (:func:`deadline_for`) is stopped by killing its worker, which is
replaced. The move's clock starts once the worker has the position and the agent is
ready (the network of the learned evaluation loaded, torch imported at a first move):
that loading has a deadline of its own (:data:`LOAD_SECONDS`), so a slow import on a
busy machine does not cost the seat its bot, and an agent stuck loading is killed all the
same. Either way the seat then plays as a cheaper agent for the rest of the game
(:func:`cheaper`: ``ismcts`` → ``greedy`` → ``random``), and the table's log says so.
A worker that dies (killed from outside, out of memory) is replaced and the move asked
again, once, before the seat falls back in the same way.

Why a queue: tables wait for a worker in one first-in, first-out queue, and a table
holds at most one place in it. After a bot moves, its table goes to the back of the
queue; so a table whose bots think long cannot starve the others, and each table waits
at most one move of every other waiting table.

The pool and the queue live in the web process; a worker knows nothing of storage:
it gets a :class:`BotTask` (what fixes the position, the seat and the agent) and
answers with an action, which the web process checks against the rules before storing.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import signal
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Any

from .storage import TableRow

log = logging.getLogger("muertos.server")

MOVE_MARGIN = 2.0
"""Seconds a move may run past its budget before its worker is killed (a busy machine,
the answer's way back; for an analysis's decision, which has no step of getting ready,
also the replay of its position: ``analysis.JudgeTask.deadline``)."""
LOAD_SECONDS = 120.0
"""Seconds a worker may take to get ready for a move before it is killed: to start, to
replay the table's position, and to load what the agent needs (``prepare``: the learned
evaluation imports torch and reads its network, seconds on a busy machine)."""
UNTIMED_SECONDS = 10.0
"""The deadline of an agent without a time budget (random, greedy, an iteration budget)."""
WORKER_NICE = 10
"""How much lower a worker's CPU priority is than the web process's."""
WORKER_CACHE = 64
"""Positions a worker keeps, so the next move at a table replays only the new actions."""


@dataclass(frozen=True)
class Position:
    """Everything that fixes a table's position: what a worker replays (and caches) for
    a task."""

    table_id: str
    game: str
    players: int
    seed: int
    options: dict[str, Any]
    history: tuple[str, ...]


@dataclass(frozen=True)
class BotTask(Position):
    """One bot move: the position, whose move it is, and who plays it."""

    seat: int
    agent: str
    agent_seed: int


class BotFailed(Exception):
    """A move not made: ``reason`` says why (it went into the log)."""

    def __init__(self, reason: str, timed_out: bool = False) -> None:
        super().__init__(reason)
        self.reason = reason
        self.timed_out = timed_out


def default_workers() -> int:
    """One worker per core the process may use (at least one)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not Linux
        return max(1, os.cpu_count() or 1)


def deadline_for(agent: str) -> float:
    """Seconds a move of ``agent`` may think before its worker is killed: a time budget
    plus half of it and :data:`MOVE_MARGIN`; otherwise :data:`UNTIMED_SECONDS`. (Getting
    ready has :data:`LOAD_SECONDS`.)"""
    import muertos

    budget = getattr(muertos.agent(agent, seed=0), "seconds", None)
    if not isinstance(budget, (int, float)):
        return UNTIMED_SECONDS
    return float(budget) * 1.5 + MOVE_MARGIN


def cheaper(agent: str) -> str | None:
    """The agent a seat falls back to when ``agent`` failed: search → greedy → random."""
    kind = agent.split(":", 1)[0]
    if kind == "random":
        return None
    if kind == "greedy":
        return "random"
    return "greedy"


# ---------------------------------------------------------------------- the worker side
def _worker_main(conn: Connection, game_classes: Mapping[str, tuple[type, Any]] | None, nice: int) -> None:
    """A worker's loop: a task in, an action (or an error) out, until the pipe closes."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C stops the server, which stops us
    with contextlib.suppress(OSError):
        os.nice(nice)
    import muertos
    from muertos.engine import Game, State

    games: dict[str, Game] = {gid: cls(parts) for gid, (cls, parts) in (game_classes or {}).items()}
    cache: OrderedDict[str, State] = OrderedDict()

    def position(task: Position) -> State:
        hist = list(task.history)
        st = cache.get(task.table_id)
        if (
            st is None
            or st.game.id != task.game
            or st.seed != task.seed
            or len(st.history) > len(hist)
            or st.history != hist[: len(st.history)]
        ):
            g = games[task.game] if task.game in games else muertos.game(task.game)
            st = g.replay(task.players, task.seed, task.options, hist)
        else:
            for a in hist[len(st.history) :]:
                st.apply(a)
        cache[task.table_id] = st
        cache.move_to_end(task.table_id)
        while len(cache) > WORKER_CACHE:
            cache.popitem(last=False)
        return st

    while True:
        try:
            task = conn.recv()
        except (EOFError, OSError):
            return
        if task is None:
            return
        try:
            st = position(task)
            if isinstance(task, BotTask):
                bot = muertos.agent(task.agent, seed=task.agent_seed)
                prepare = getattr(bot, "prepare", None)
                if prepare is not None:
                    prepare(st)
                conn.send(("ready", None))  # the move's clock starts
                value = bot.act(st.clone(), task.seat)
            else:  # other work on a table's position (an analysis's decision): it runs itself
                value = task.run(st.clone())
            conn.send(("ok", value))
        except Exception as e:  # reported, not fatal: the next task may be fine
            cache.pop(task.table_id, None)
            conn.send(("error", f"{type(e).__name__}: {e}"))


# ---------------------------------------------------------------------- the server side
class Worker:
    """One worker process and its pipe; :meth:`run` is blocking (call it in a thread)."""

    def __init__(self, ctx: Any, game_classes: Mapping[str, tuple[type, Any]] | None, nice: int) -> None:
        self._ctx = ctx
        self._classes = dict(game_classes) if game_classes is not None else None
        self._nice = nice
        self.process: Any = None
        self._conn: Connection | None = None

    @property
    def pid(self) -> int | None:
        return None if self.process is None else int(self.process.pid)

    def start(self) -> None:
        parent, child = self._ctx.Pipe()
        p = self._ctx.Process(
            target=_worker_main, args=(child, self._classes, self._nice), name="muertos-bot", daemon=True
        )
        p.start()
        child.close()
        self.process, self._conn = p, parent

    def run(self, task: BotTask, timeout: float, load: float = LOAD_SECONDS) -> str:
        """The action the worker chose; :class:`BotFailed` if it erred, died, took longer
        than ``load`` seconds to get ready or then ``timeout`` seconds to choose (then it is
        killed: the next call starts a new one)."""
        value = self.call(task, timeout, load)
        if not isinstance(value, str):
            raise BotFailed(f"failed: {value}")
        return value

    def call(self, task: Position, timeout: float, load: float = LOAD_SECONDS) -> Any:
        """What the worker answers to ``task``: a :class:`BotTask`'s action, or what another
        task's ``run(state)`` returns (it names the position as a BotTask does); the same
        refusals as :meth:`run`. Only a BotTask's worker says when it is ready to think."""
        if self.process is None or not self.process.is_alive():
            self.kill()
            self.start()
        conn = self._conn
        assert conn is not None
        try:
            conn.send(task)
            if isinstance(task, BotTask):
                if not conn.poll(load):
                    self.kill()
                    raise BotFailed(f"took more than {load:g} s to get ready", timed_out=True)
                status, value = conn.recv()
                if status != "ready":
                    raise BotFailed(f"failed: {value}")
            if not conn.poll(timeout):
                self.kill()
                raise BotFailed(f"ran past its deadline of {timeout:g} s", timed_out=True)
            status, value = conn.recv()
        except (EOFError, OSError, BrokenPipeError):
            self.kill()
            raise BotFailed("its worker process died") from None
        if status != "ok":
            raise BotFailed(f"failed: {value}")
        return value

    def kill(self) -> None:
        if self._conn is not None:
            with contextlib.suppress(OSError):
                self._conn.close()
            self._conn = None
        if self.process is not None:
            with contextlib.suppress(Exception):
                self.process.kill()
                self.process.join(5)
            self.process = None


class BotPool:
    """A fixed number of worker processes, started when first needed."""

    def __init__(
        self, size: int | None = None, games: Mapping[str, Any] | None = None, nice: int = WORKER_NICE
    ) -> None:
        self.size = size if size is not None else default_workers()
        if not 1 <= self.size <= 64:
            raise ValueError(f"a bot pool has 1 to 64 workers, not {self.size}")
        # Workers import the registered games; any other they rebuild from its class (which
        # pickles by reference) and its declared parts (which must pickle).
        import muertos

        known = muertos.game_ids()
        classes = (
            {
                gid: (type(g), g.parts)
                for gid, g in games.items()
                if gid not in known or muertos.game(gid) is not g
            }
            if games is not None
            else None
        )
        ctx = multiprocessing.get_context("forkserver")
        with contextlib.suppress(ValueError):  # importing the engine once, in the fork server
            ctx.set_forkserver_preload(["muertos.server.bots", "muertos.agents", "muertos.games"])
        self.workers = [Worker(ctx, classes, nice) for _ in range(self.size)]
        self._idle: deque[Worker] = deque(self.workers)
        self._lock = threading.Lock()

    def take(self) -> Worker:
        with self._lock:
            return self._idle.popleft()

    def give_back(self, w: Worker) -> None:
        with self._lock:
            self._idle.append(w)

    def close(self) -> None:
        for w in self.workers:
            w.kill()


class BotScheduler:
    """Bot moves of every table, one at a time per table, tables served first come first.

    ``read`` gives a table's due bot move (or None); ``store`` stores a chosen action, or
    a random legal one for None, with the note for the log when the seat fell back (False
    when the table moved on meanwhile); both are blocking and run in threads. ``store``
    raises :class:`BotFailed` for an action the rules refuse.
    """

    def __init__(
        self,
        read: Callable[[str], BotTask | None],
        store: Callable[[BotTask, str | None, str | None], bool],
        pool: BotPool,
        delay: float = 0.0,
    ) -> None:
        self.read = read
        self.store = store
        self.pool = pool
        self.delay = delay
        self.queue: asyncio.Queue[str] = asyncio.Queue()
        self.waiting: set[str] = set()
        """Tables queued or due to be (after the pause before a bot move)."""
        self.running: set[str] = set()
        self.again: set[str] = set()
        """Tables asked for while their bot was thinking: looked at again after the move."""
        self.deadline: Callable[[str], float] = deadline_for
        self.load_seconds = LOAD_SECONDS
        self.jobs: dict[str, Callable[[Worker], Awaitable[bool]]] = {}
        """Other work for the workers (see :meth:`submit`), by its key in the queue."""
        self.fallbacks = 0
        self.closing = False
        self._tasks: list[asyncio.Task[None]] = []
        self._timers: set[asyncio.TimerHandle] = set()

    def start(self) -> None:
        loop = asyncio.get_running_loop()
        self._tasks = [loop.create_task(self._serve(i)) for i in range(self.pool.size)]

    async def close(self) -> None:
        self.closing = True
        for h in self._timers:
            h.cancel()
        for t in self._tasks:
            t.cancel()
        for t in self._tasks:
            with contextlib.suppress(BaseException):
                await t
        await asyncio.to_thread(self.pool.close)

    def answer(self, table: TableRow) -> None:
        """A person moved at ``table``: its bots, if it has any, answer (call on the event
        loop). One place for the moves of both ways in, HTTP and the table's socket."""
        if any(s.kind == "bot" for s in table.seats):
            self.schedule(table.id)

    def schedule(self, table_id: str, delay: float | None = None) -> None:
        """Let the bots of a table play until a person is to move (call on the event loop)."""
        if self.closing:
            return
        if table_id in self.running:
            self.again.add(table_id)
            return
        if table_id in self.waiting:
            return
        self.waiting.add(table_id)
        pause = self.delay if delay is None else delay
        if pause > 0:
            handle: asyncio.TimerHandle | None = None

            def due() -> None:
                self._timers.discard(handle)  # type: ignore[arg-type]
                self.queue.put_nowait(table_id)

            handle = asyncio.get_running_loop().call_later(pause, due)
            self._timers.add(handle)
        else:
            self.queue.put_nowait(table_id)

    def submit(self, key: str, step: Callable[[Worker], Awaitable[bool]]) -> None:
        """Queue other work among the tables (an analysis, one decision a step): ``step``
        does one piece with a worker and says whether more remains; the key then goes to
        the back of the queue like a table whose bot moved, so live play waits at most
        one piece (call on the event loop)."""
        self.jobs[key] = step
        self.schedule(key, 0)

    @property
    def busy(self) -> bool:
        return bool(self.waiting or self.running)

    async def idle(self, timeout: float = 30.0) -> None:
        """Wait until no bot is thinking or due (tests use it instead of sleeping)."""
        end = time.monotonic() + timeout
        while self.busy and time.monotonic() < end:
            await asyncio.sleep(0.01)

    async def _serve(self, _: int) -> None:
        while True:
            table_id = await self.queue.get()
            self.waiting.discard(table_id)
            self.running.add(table_id)
            moved = False
            try:
                moved = await (self._job(table_id) if table_id in self.jobs else self._one_move(table_id))
            except asyncio.CancelledError:
                raise
            except Exception:  # a failure must not stop the scheduler; the table waits
                log.exception("bot move failed at table %s", table_id)
            finally:
                self.running.discard(table_id)
            again = table_id in self.again
            self.again.discard(table_id)
            if moved or again:
                self.schedule(table_id)  # to the back of the queue: the others go first

    async def _job(self, key: str) -> bool:
        worker = self.pool.take()
        more = False
        try:
            more = await self.jobs[key](worker)
        finally:
            self.pool.give_back(worker)
            if not more:
                self.jobs.pop(key, None)
        return more

    async def _one_move(self, table_id: str) -> bool:
        task = await asyncio.to_thread(self.read, table_id)
        if task is None:
            return False
        notes: list[str] = []
        agent: str | None = task.agent
        crashed = False
        while agent is not None:
            t = task if agent == task.agent else _with_agent(task, agent)
            action: str | None = None  # random: chosen by ``store`` itself, in no time
            if agent != "random":
                worker = self.pool.take()
                try:
                    action = await asyncio.to_thread(worker.run, t, self.deadline(agent), self.load_seconds)
                except BotFailed as e:
                    log.warning("bot %s at table %s seat %d %s", agent, table_id, task.seat + 1, e.reason)
                    if not e.timed_out and not crashed:
                        crashed = True  # a worker's death may not be the agent's fault: once more
                        continue
                    notes.append(e.reason)
                    agent = cheaper(agent)
                    crashed = False
                    continue
                finally:
                    self.pool.give_back(worker)
            note = None
            if agent != task.agent:
                self.fallbacks += 1
                note = (
                    f"The bot {task.agent} {'; then '.join(notes)}: it plays as {agent} "
                    "for the rest of the game."
                )
            try:
                return await asyncio.to_thread(self.store, t, action, note)
            except BotFailed as e:
                notes.append(e.reason)
                agent = cheaper(agent)
        log.error("no bot could move at table %s: %s", table_id, "; ".join(notes))
        return False


def _with_agent(task: BotTask, agent: str) -> BotTask:
    return BotTask(
        task.table_id,
        task.game,
        task.players,
        task.seed,
        task.options,
        task.history,
        task.seat,
        agent,
        task.agent_seed,
    )
