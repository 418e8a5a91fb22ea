"""The greedy speed benchmark's instruction counts: read from callgrind, the warm-up taken out."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import pytest

from .scripts import load_benchmark

SRC = Path(__file__).parents[1] / "src"


def _bench() -> ModuleType:
    return load_benchmark("greedy_speed")


def test_the_count_is_read_from_callgrinds_closing_lines() -> None:
    b = _bench()
    assert b.collected("==12== Events    : Ir\n==12== Collected : 123456789\n==12==\n") == 123456789
    with pytest.raises(SystemExit, match="callgrind printed no count"):
        b.collected("valgrind: no such tool\n")


def test_callgrind_counts_what_a_command_runs() -> None:
    """A real callgrind run, on the smallest program that shows the counting: a loop of
    100,000 additions costs millions of instructions more than the same interpreter doing
    nothing, and its output comes back (the greedy worker's own runs, an import of muertos
    and a game each under callgrind, are the benchmark's: ``--instructions``)."""
    import os
    import sys

    b = _bench()
    env = dict(os.environ, PYTHONHASHSEED="0")
    idle, out = b.callgrind([sys.executable, "-S", "-c", "print(0)"], env, "idle")
    busy, out_busy = b.callgrind(
        [sys.executable, "-S", "-c", "print(sum(i for i in range(10**5)))"], env, "a loop"
    )
    assert out == "0\n" and out_busy == f"{sum(range(10**5))}\n"
    assert 1e6 < idle < busy and busy - idle > 1e6  # a generator step costs tens of instructions
    with pytest.raises(SystemExit, match="a failing command failed"):
        b.callgrind([sys.executable, "-S", "-c", "raise SystemExit(3)"], env, "a failing command")


def test_a_games_count_is_the_run_less_the_warm_up(monkeypatch: pytest.MonkeyPatch) -> None:
    """The worker run with the warm-up alone, then with the games: a game's count is the
    second less the first, over the games; the counted worker plays the moves of seed 0 as
    ``muertos.play`` chooses them. The worker runs for real, outside callgrind here, whose
    counts stand for callgrind's: 7 M instructions to start, 3 M a game."""
    import hashlib
    import subprocess

    import muertos

    b = _bench()
    runs: list[list[str]] = []

    def counted(cmd: list[str], env: dict[str, str], what: str) -> tuple[int, str]:
        runs.append(cmd)
        out = subprocess.run(cmd, env=env, capture_output=True, text=True, check=True).stdout
        return 7_000_000 + 3_000_000 * int(cmd[cmd.index("--count") + 1]), out

    monkeypatch.setattr(b, "callgrind", counted)
    cost, got = b.count_instructions(SRC, "ofertu", 2, 2)
    assert cost == 3_000_000
    assert [r[r.index("--count") + 1] for r in runs] == ["0", "2"]
    assert got["games"] == 2
    rec = muertos.play("ofertu", seats=["greedy", "greedy"], seed=0)
    assert got["moves"]["0"] == hashlib.sha256("\n".join(rec.actions).encode()).hexdigest()[:16]  # type: ignore[index]


def test_a_worker_that_imported_another_tree_is_refused(tmp_path: Path) -> None:
    b = _bench()
    reply = '{"games": 1, "package": "%s"}\n' % (SRC / "muertos")
    assert b._reply("warm-up noise\n" + reply, SRC)["games"] == 1
    with pytest.raises(SystemExit, match="imported muertos from"):
        b._reply(reply, tmp_path)


def test_the_worker_names_the_modules_that_ran_compiled() -> None:
    """The table says which modules ran compiled (setup.py's kernels) in each tree measured."""
    from importlib.machinery import EXTENSION_SUFFIXES

    import muertos.games.patzcuaro.heuristics as h

    compiled = _bench()._compiled()
    assert ("muertos.games.patzcuaro.heuristics" in compiled) == str(h.__file__).endswith(
        tuple(EXTENSION_SUFFIXES)
    )
    assert all(name.startswith("muertos") for name in compiled)
