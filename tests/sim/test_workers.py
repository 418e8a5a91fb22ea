"""Worker processes end with the simulation that started them, even after ``kill -9``."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from .conftest import GID

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="finds processes in /proc")


def _processes() -> dict[int, tuple[int, str]]:
    """Every process as pid → (parent pid, state letter)."""
    out = {}
    for d in os.listdir("/proc"):
        if not d.isdigit():
            continue
        try:
            stat = Path(f"/proc/{d}/stat").read_text()
        except OSError:
            continue
        rest = stat[stat.rindex(")") + 2 :].split()
        out[int(d)] = (int(rest[1]), rest[0])
    return out


def _descendants(pid: int) -> set[int]:
    procs = _processes()
    found: set[int] = set()
    todo = [pid]
    while todo:
        p = todo.pop()
        kids = {c for c, (parent, _) in procs.items() if parent == p and c not in found}
        found |= kids
        todo.extend(kids)
    return found


def _running(pids: set[int]) -> set[int]:
    procs = _processes()
    return {p for p in pids if p in procs and procs[p][1] not in "ZX"}  # a zombie has ended


def test_sigkill_of_the_parent_leaves_no_worker(tmp_path: Path) -> None:
    out = tmp_path / "run"
    cmd = [sys.executable, "-m", "muertos.cli", "simulate", GID, "--agents", "random", "--games", "100000"]
    cmd += ["--jobs", "2", "--chunk-size", "20", "--quiet", "--out", str(out)]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    workers: set[int] = set()
    try:
        deadline = time.monotonic() + 60
        # Both workers exist and play once a part is saved (and the pool has its 2 workers).
        while time.monotonic() < deadline and proc.poll() is None:
            workers = _descendants(proc.pid)
            if len(workers) >= 2 and any((out / "records").glob("part-*.parquet")):
                break
            time.sleep(0.05)
        assert proc.poll() is None and len(workers) >= 2, "the simulation never got going"
    finally:
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
    deadline = time.monotonic() + 10
    while _running(workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    left = _running(workers)
    for p in left:  # do not leave them behind for the next test either
        os.kill(p, signal.SIGKILL)
    assert not left, f"{len(left)} of {len(workers)} worker processes outlived their parent"
