"""Where chunks of games run: in this process, in a local process pool, or on Ray.

Every backend runs the same function on the same chunks; only the order in which chunks
finish differs, and nothing downstream depends on that order.
"""

from __future__ import annotations

import ctypes
import logging
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any, Protocol, TypeVar

from .plan import SimError

BACKENDS = ("process", "ray")


class _Chunk(Protocol):
    def __len__(self) -> int: ...


C = TypeVar("C", bound=_Chunk)
R = TypeVar("R")


def check(jobs: int, backend: str, address: str | None) -> None:
    """Refuse a bad combination before anything is started or written."""
    if jobs < 1:
        raise SimError("at_least_1", flag="--jobs", value=jobs)
    if backend not in BACKENDS:
        raise SimError("backend", backend=repr(backend), backends=", ".join(BACKENDS))
    if address is not None and backend != "ray":
        raise SimError("address")


@contextmanager
def session(backend: str, jobs: int, address: str | None) -> Iterator[None]:
    """Connect to Ray (or start a local instance) for the length of a run, before the
    progress display starts; leave it as it was found. Nothing to do for processes."""
    check(jobs, backend, address)
    if backend != "ray":
        yield
        return
    ray = _ray()
    started = _ray_connect(ray, jobs, address)
    try:
        yield
    finally:
        if started:
            ray.shutdown()


def run_chunks(
    fn: Callable[..., R],
    chunks: Sequence[C],
    on_result: Callable[[C, R], bool],
    *,
    jobs: int = 1,
    backend: str = "process",
    address: str | None = None,
    on_game: Callable[[], None] | None = None,
    env: Mapping[str, str] | None = None,
) -> bool:
    """Run ``fn(chunk)`` for every chunk and hand each result to ``on_result(chunk, result)``
    as it arrives; ``on_result`` returns False to stop the run early, and then so does this.

    ``process`` with one job plays in this process (and reports each game to ``on_game``);
    with more it uses a pool of ``jobs`` worker processes (see :func:`_context`). ``ray``
    sends each chunk as a Ray task to the cluster at ``address``, or to a local instance
    with ``jobs`` CPUs (inside :func:`session`, to the one it opened).

    ``env`` is set in every worker before it imports anything (a components overlay): the
    chunks then run in fresh interpreters, never in this process, even with one job.
    """
    check(jobs, backend, address)
    if not chunks:
        return True
    if backend == "ray":
        with session(backend, jobs, address):
            return _run_ray(fn, chunks, on_result, env)
    if jobs == 1 and env is None:
        return all(on_result(c, fn(c, on_game)) for c in chunks)
    return _run_pool(fn, chunks, on_result, jobs, env)


def _context(fresh: bool = False) -> Any:
    """Fresh interpreters, not forks of this one (a fork would copy the progress display's
    thread and locks). Where it exists, a fork server does the imports once for all
    workers: with cheap games, each worker importing the games itself costs more than a
    few hundred of them. ``fresh``: each worker imports the games itself (an overlay in its
    environment must be in force before they load, and the fork server loaded them already)."""
    if fresh or "forkserver" not in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("spawn")
    ctx = multiprocessing.get_context("forkserver")
    ctx.set_forkserver_preload(["muertos.sim.worker"])
    return ctx


_PR_SET_PDEATHSIG = 1
WATCH_SECONDS = 0.25
"""How often a worker checks that the process it works for is still there."""


def _start_worker(parent: int) -> None:
    """Run first in every pool worker. Ctrl-C goes to the whole process group; the parent
    decides what stops (see below). And the worker ends with the parent, however the parent
    ends: a pool's workers otherwise wait for work forever after a ``kill -9``."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _die_with(parent)


def _die_with(parent: int) -> None:
    """End this process when ``parent`` ends. On Linux the kernel sends SIGKILL when the
    process that started this one dies (``PR_SET_PDEATHSIG``): immediate, but it is the fork
    server's death it sees, not the parent's; so a watchdog thread also looks for the parent
    itself every :data:`WATCH_SECONDS`, which works everywhere."""
    if sys.platform.startswith("linux"):
        with suppress(OSError, AttributeError):
            ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)
    starter = os.getppid()

    def watch() -> None:
        while os.getppid() == starter and _alive(parent):
            time.sleep(WATCH_SECONDS)
        os._exit(1)

    threading.Thread(target=watch, name="muertos-watch-parent", daemon=True).start()


def _alive(pid: int) -> bool:
    """Whether ``pid`` runs (a killed process not yet reaped by its own parent is dead)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return True  # no /proc: the signal test above is all there is
    return stat[stat.rindex(")") + 2] not in "ZX"


@contextmanager
def _environment(env: Mapping[str, str] | None) -> Iterator[None]:
    """``env`` in this process's environment while workers start (they inherit it)."""
    saved = {k: os.environ.get(k) for k in env or {}}
    os.environ.update(env or {})
    try:
        yield
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


def _run_pool(
    fn: Callable[..., R],
    chunks: Sequence[C],
    on_result: Callable[[C, R], bool],
    jobs: int,
    env: Mapping[str, str] | None = None,
) -> bool:
    ctx = _context(fresh=env is not None)
    pool = ProcessPoolExecutor(
        max_workers=min(jobs, len(chunks)), mp_context=ctx, initializer=_start_worker, initargs=(os.getpid(),)
    )
    finished = False
    try:
        with _environment(env):  # submitting starts the workers
            pending: dict[Future[R], C] = {pool.submit(fn, c): c for c in chunks}
        while pending:
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            for f in done:
                c = pending.pop(f)
                if not on_result(c, f.result()):
                    return False
        finished = True
        return True
    finally:
        if not finished:
            # Stopped early, interrupted or failed: chunks still running are not wanted, and
            # waiting for them could take long with slow agents, so end the workers now.
            procs = getattr(pool, "_processes", None) or {}
            for proc in list(procs.values()):
                proc.terminate()
        pool.shutdown(wait=True, cancel_futures=True)


def _ray() -> Any:
    try:
        import ray
    except ImportError:
        raise SimError("no_ray") from None
    return ray


def _ray_connect(ray: Any, jobs: int, address: str | None) -> bool:
    """Initialise Ray unless it already is; True if this call did (and must shut it down)."""
    if ray.is_initialized():
        return False
    if address:
        import muertos

        # Ship this package to the cluster so its workers play exactly this code.
        code = str(Path(muertos.__file__).parent)
        try:
            ray.init(address=address, runtime_env={"py_modules": [code]}, logging_level=logging.WARNING)
        except ConnectionError as e:
            raise SimError("ray_unreachable", address=repr(address), why=e) from None
    else:
        ray.init(num_cpus=jobs, include_dashboard=False, logging_level=logging.WARNING)
    return True


def _run_ray(
    fn: Callable[..., R],
    chunks: Sequence[C],
    on_result: Callable[[C, R], bool],
    env: Mapping[str, str] | None = None,
) -> bool:
    ray = _ray()
    task = ray.remote(num_cpus=1, max_retries=2)(fn)
    if env:
        task = task.options(runtime_env={"env_vars": dict(env)})
    refs = {task.remote(c): c for c in chunks}
    pending = list(refs)
    while pending:
        done, pending = ray.wait(pending, num_returns=1)
        for ref in done:
            if not on_result(refs[ref], ray.get(ref)):
                for p in pending:
                    ray.cancel(p, force=True)
                return False
    return True
