"""Batch simulation: many games of one game between agents, saved as Parquet records.

>>> from muertos.engine import game_ids
>>> import tempfile, pathlib
>>> out = pathlib.Path(tempfile.mkdtemp()) / "run"
>>> cfg = SimConfig.make(game_ids()[0], None, "random", games=4, seed=1)
>>> simulate(cfg, out, quiet=True).written
4
>>> simulate(cfg, out, quiet=True).written          # a re-run resumes: nothing left to play
0
"""

from __future__ import annotations

import math
import os
import subprocess
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import nullcontext
from dataclasses import dataclass, field
from itertools import islice
from pathlib import Path

from rich.console import Console

from muertos.engine import components
from muertos.i18n import DEFAULT

from . import store
from .backends import check, run_chunks, session
from .plan import SimConfig, SimError
from .progress import progress_bar
from .runner import SimChunk
from .words import Phrase


@dataclass
class SimResult:
    """How a call to :func:`simulate` went."""

    out: Path
    total: int
    """Games the run asks for."""
    before: int
    """Games already in the directory when the call began."""
    written: int
    """Games played and saved by this call."""
    seconds: float
    stopped: bool
    """True if ``max_games`` ended the call before the run was complete."""
    set_aside: list[tuple[Path, Path, str | Phrase]] = field(default_factory=list)
    """Parts that could not be read, moved aside and played again: (part, moved to, why)."""

    @property
    def complete(self) -> bool:
        return self.before + self.written >= self.total

    @property
    def rate(self) -> float:
        return self.written / self.seconds if self.seconds > 0 else 0.0


def auto_chunk(n: int, jobs: int) -> int:
    """Chunks small enough to keep every job busy to the end and the display moving (about
    twenty a job), large enough that the per-chunk cost (a task, a Parquet file) stays small.

    >>> auto_chunk(2000, 2), auto_chunk(100, 2), auto_chunk(10, 4)
    (50, 3, 1)
    """
    return max(1, min(50, math.ceil(n / (20 * max(1, jobs)))))


WINDOW = 500
"""Chunks handed to the backend at a time, for each job: a process pool or Ray makes a task
of every chunk it is given at once, so ten million games handed over whole would hold
200,000 tasks (about 380 MB) before a game is played. Each window costs a pool's start (a
few tenths of a second) and the wait for its last chunk, beside 500 chunks a job played."""


def missing_runs(total: int, done: Iterable[tuple[int, int]]) -> Iterator[tuple[int, int]]:
    """The runs of game indices in ``0..total-1`` no part holds, from the runs that are done
    (sorted and merged, as ``store.done_runs`` gives them), never from a walk over every game
    (that walk and a list of every chunk took 4.6 s and 580 MB at a hundred million games,
    before the first was played).

    >>> list(missing_runs(10, [(0, 2), (5, 6)]))
    [(2, 5), (6, 10)]
    >>> list(missing_runs(3, []))
    [(0, 3)]
    """
    start = 0
    for a, b in done:
        if a >= total:
            break
        if a > start:
            yield start, a
        start = max(start, b)
    if start < total:
        yield start, total


def plan_chunks(config: SimConfig, runs: Iterable[tuple[int, int]], size: int) -> Iterator[SimChunk]:
    """The chunks of at most ``size`` games that cover ``runs``, made one at a time as they
    are asked for: a run stopped by ``max_games`` makes only those it plays."""
    for a, b in runs:
        for s in range(a, b, size):
            yield SimChunk(config, s, min(b, s + size))


def _window(chunks: Iterator[SimChunk], most: int, games: int | None) -> list[SimChunk]:
    """The next chunks to run: at most ``most``, and no more than cover ``games`` (None: any)."""
    if games is None:
        return list(islice(chunks, most))
    out: list[SimChunk] = []
    if games <= 0:
        return out
    for chunk in islice(chunks, most):
        out.append(chunk)
        games -= len(chunk)
        if games <= 0:
            break
    return out


def overlay_environment(config: SimConfig) -> dict[str, str] | None:
    """The environment that puts the run's components overlay in force in a worker, once a
    fresh interpreter has shown that the game loads with it (its loader's own checks: a
    worker failing on them would say less); None without an overlay."""
    if not config.components:
        return None
    env = components.environment(config.game, config.components)
    probe = subprocess.run(
        [sys.executable, "-c", "import muertos"],
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        timeout=120,
    )
    if probe.returncode:
        last = (probe.stderr.strip().splitlines() or ["(no message)"])[-1]
        raise SimError("components_load", game=config.game, why=last)
    return env


def simulate(
    config: SimConfig,
    out: Path,
    *,
    jobs: int = 1,
    backend: str = "process",
    address: str | None = None,
    chunk_size: int | None = None,
    max_games: int | None = None,
    quiet: bool = False,
    console: Console | None = None,
    on_chunk: Callable[[int, int], None] | None = None,
    allow_code_change: bool = False,
    lang: str = DEFAULT,
) -> SimResult:
    """Play the games of ``config`` that ``out`` does not hold yet and save them there.

    The records do not depend on ``jobs``, ``backend`` or ``chunk_size``. ``max_games``
    stops the call once at least that many new games are saved (whole chunks; a later call
    resumes). ``on_chunk(start, end)`` is told of each part written. Resuming a run whose
    game, engine or agent code changed since it began is refused unless ``allow_code_change``.
    A part that cannot be read is moved aside and its games played again (``set_aside``).
    The progress bar speaks ``lang``.

    With ``jobs > 1`` the worker processes import the caller's main module, so a script
    calling this needs the usual ``if __name__ == "__main__":`` guard.
    """
    out = Path(out)
    if chunk_size is not None and chunk_size < 1:
        raise SimError("at_least_1", flag="--chunk-size", value=chunk_size)
    if max_games is not None and max_games < 1:
        raise SimError("at_least_1", flag="--max-games", value=max_games)
    check(jobs, backend, address)
    env = overlay_environment(config)
    store.claim(out, config, allow_code_change)
    set_aside = store.set_aside_damaged(out)
    done = store.done_runs(out)
    if any(end > config.games for _, end in done):
        raise SimError("beyond", out=out, games=config.games)
    before = store.games_in(done)
    todo = config.games - before
    size = chunk_size or auto_chunk(todo, jobs)
    chunks = plan_chunks(config, missing_runs(config.games, done), size)
    window = WINDOW * jobs
    first = _window(chunks, window, max_games)
    written = 0
    t0 = time.perf_counter()
    bar = progress_bar(console, quiet, lang)
    task = bar.add_task(f"{config.game} ×{config.players}", total=config.games, completed=before, base=before)
    counted_in_process = jobs == 1 and backend == "process" and env is None

    def on_game() -> None:
        bar.advance(task)

    def on_result(chunk: SimChunk, data: bytes) -> bool:
        nonlocal written
        store.write_part(out, chunk.start, chunk.end, data)
        written += len(chunk)
        if not counted_in_process:
            bar.advance(task, len(chunk))
        if on_chunk is not None:
            on_chunk(chunk.start, chunk.end)
        return max_games is None or written < max_games

    finished = True  # False once on_result stops the run (max_games), as run_chunks says
    with session(backend, jobs, address) if first else nullcontext(), bar:
        part = first
        while part and finished:
            finished = run_chunks(
                store.encode_chunk,
                part,
                on_result,
                jobs=jobs,
                backend=backend,
                address=address,
                on_game=on_game if counted_in_process else None,
                env=env,
            )
            left = None if max_games is None else max_games - written
            part = _window(chunks, window, left) if finished else []
    return SimResult(out, config.games, before, written, time.perf_counter() - t0, not finished, set_aside)
