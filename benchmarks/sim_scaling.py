"""Throughput of `muertos simulate` with 1 job against 2 (goal: at least 1.8× with 2).

    python benchmarks/sim_scaling.py                        # first game, greedy vs random, 1000 games
    python benchmarks/sim_scaling.py ofertu --games 2000 --agents random --jobs 1,2,4
    python benchmarks/sim_scaling.py --jobs 1,2,1,2          # repeat to see the spread
    python benchmarks/sim_scaling.py --backend ray

Each run writes to a fresh temporary directory and is timed end to end (starting the
workers, playing, writing the Parquet parts). The runs must give identical records: the
benchmark checks that too. The default of 1000 games is a designer's run, long enough that
the workers' start (about 0.6 s: the fork server imports the games once) is not the figure.

On a shared machine other processes take cores away, and the wall-clock speed-up says
more about them than about the simulator. (With Linux's autogroup scheduling, all the
processes of one terminal session share that session's fair share of the CPUs: while other
sessions keep the cores busy, two jobs get no more CPU than one.) So just before each run the benchmark also
times a trivially parallel loop (no I/O, no shared state) in as many processes as the run
has jobs: its speed-up is what the machine offers at that moment, and "efficiency" is the
simulator's speed-up divided by it (1.0: the simulator scales as well as the machine lets
anything scale).

The records also hold each game's CPU time. If games cost as much CPU with n jobs as with
one, n free cores give n times the throughput (less the workers' start, well under a
second); the last column, n × CPU per game with 1 job / CPU per game with n jobs, is that
estimate.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import tempfile
import time
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from muertos.engine import game, game_ids
from muertos.sim import SimConfig, load_frame, simulate
from muertos.sim.store import TIMING

_LOOP = 6_000_000


def _loop(n: int, ready: Any, out: Any) -> None:
    ready.wait()  # every process is started and imported before any clock runs
    t0 = time.perf_counter()
    x = 0
    for i in range(n):
        x += i * i % 7
    out.put(time.perf_counter() - t0)


def _machine_rate(jobs: int) -> float:
    """Loop iterations per second that ``jobs`` processes achieve together right now.

    Each process times its own loop after a barrier: a pool could hand every loop to the
    worker that happened to start first, and measure one core instead of ``jobs``."""
    ctx = multiprocessing.get_context("spawn")
    ready, out = ctx.Barrier(jobs), ctx.Queue()
    procs = [ctx.Process(target=_loop, args=(_LOOP, ready, out)) for _ in range(jobs)]
    for p in procs:
        p.start()
    slowest = max(out.get() for _ in procs)
    for p in procs:
        p.join()
    return jobs * _LOOP / slowest


def _autogroup() -> bool:
    try:
        return Path("/proc/sys/kernel/sched_autogroup_enabled").read_text().strip() == "1"
    except OSError:
        return False


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("game", nargs="?", help="game id (default: the first game)")
    ap.add_argument("--players", type=int)
    ap.add_argument("--agents", default="greedy,random")
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--jobs", default="1,2", help="comma-separated job counts, run in this order")
    ap.add_argument("--backend", default="process", choices=["process", "ray"])
    args = ap.parse_args(argv)
    gid = args.game or game_ids()[0]
    g = game(gid)
    players = args.players or min(max(2, g.min_players), g.max_players)
    config = SimConfig.make(gid, players, args.agents, args.games, args.seed)
    console = Console()
    console.print(f"{config.describe()}; backend {args.backend}; {os.cpu_count()} CPUs")
    results: list[tuple[int, float, float, float]] = []
    frames = []
    with tempfile.TemporaryDirectory() as tmp:
        for run, jobs in enumerate(int(j) for j in args.jobs.split(",")):
            out = Path(tmp) / f"run{run}-jobs{jobs}"
            machine = _machine_rate(jobs)
            load = os.getloadavg()[0]
            t0 = time.perf_counter()
            simulate(config, out, jobs=jobs, backend=args.backend, quiet=True)
            seconds = time.perf_counter() - t0
            df = load_frame(out)
            results.append((jobs, seconds, machine, float(df["cpu_seconds"].mean())))
            frames.append(df.drop(columns=list(TIMING)))
            console.print(f"  {jobs} job(s): {seconds:.1f} s (load average before: {load:.1f})")
    same = all(f.equals(frames[0]) for f in frames[1:])
    t = Table(title=f"simulate throughput, {args.games} games of {gid}")
    for col in (
        "jobs",
        "seconds",
        "games/s",
        "speed-up",
        "machine's speed-up",
        "efficiency",
        "CPU ms/game",
        "on free cores",
    ):
        t.add_column(col, justify="right")
    ones = [r for r in results if r[0] == 1] or results[:1]
    base = min(r[1] for r in ones)
    base_machine = max(r[2] for r in ones)
    base_cpu = min(r[3] for r in ones)
    for jobs, seconds, machine, cpu in results:
        speedup, offered = base / seconds, machine / base_machine
        t.add_row(
            str(jobs),
            f"{seconds:.1f}",
            f"{args.games / seconds:,.1f}",
            f"{speedup:.2f}×",
            f"{offered:.2f}×",
            f"{speedup / offered:.2f}",
            f"{1000 * cpu:.1f}",
            f"{jobs * base_cpu / cpu:.2f}×",
        )
    console.print(t)
    console.print(
        "speed-up: against the fastest 1-job run; machine's speed-up: the trivially parallel loop "
        "with as many processes, timed just before the run; on free cores: jobs × CPU per game "
        "with 1 job / CPU per game with this many"
    )
    if _autogroup() and max(os.getloadavg()[0], load) > (os.cpu_count() or 1):
        console.print(
            "[yellow]note:[/] the machine is busy and the kernel shares CPU per session (autogroup): "
            "the wall-clock speed-up is not meaningful now; see the last column"
        )
    console.print("records identical across runs: " + ("yes" if same else "[bold red]NO[/]"))
    if not same:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
