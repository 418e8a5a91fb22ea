"""Speed of the greedy bot: greedy-vs-greedy full games per second, per game.

    python benchmarks/greedy_speed.py                         # every game, its default seats
    python benchmarks/greedy_speed.py ofrenda --players 3 --seconds 8
    git worktree add /tmp/pre 21893c4                          # a tree to compare with
    python benchmarks/greedy_speed.py --baseline /tmp/pre/src  # before and after, one run
    python benchmarks/greedy_speed.py --baseline /tmp/pre/src --instructions 3  # counts

Each measurement runs in its own Python process, the ``muertos`` package imported from the
source tree it measures (``--baseline`` and ``--current``, each a ``src`` folder), and plays
whole matches ``muertos.play(game, ["greedy"] * players, seed)`` for seeds 0, 1, 2, … until
its time is up; a match started counts only when it ends, and the rate is matches over the
time they took (after one warm-up match that is not counted). With ``--baseline`` the time
of each game is split into ``--rounds`` rounds, each running the baseline and then the
current tree (A B A B …), so that whatever else loads the machine weighs on both alike; the
table gives each tree's rate and their ratio. Both trees play the same seeds, so it also
says whether they chose the same moves in every match both finished (a hash of the moves).

``--instructions N`` counts instead of timing: each tree plays seeds 0 to N-1 under
valgrind's callgrind, and a game's count is the run's less that of a run with the warm-up
alone. A count does not move with the machine's load (a time moves 10-20% on a busy
2-core machine); a game costs about fifty times its time under valgrind.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from rich.console import Console
from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

HERE = Path(__file__).resolve().parent
CURRENT = HERE.parent / "src"

DEFAULT_SEATS = {
    "ofrenda": 2,
    "die-of-the-dead": 3,
    "patzcuaro": 3,
    "dia-de-los-muertos": 3,
    "ofertu": 2,
}
"""The seat count measured when ``--players`` is not given."""

GAME_IDS = list(DEFAULT_SEATS)


# ------------------------------------------------------------------ the worker
def _moves_hash(actions: list[str]) -> str:
    """A short fingerprint of a match's moves: two trees chose the same moves if these agree."""
    return hashlib.sha256("\n".join(actions).encode()).hexdigest()[:16]


def _compiled() -> list[str]:
    """The modules of the package loaded compiled (setup.py's kernels), by name (not mypyc's
    ``__mypyc`` library beside each)."""
    from importlib.machinery import EXTENSION_SUFFIXES

    return sorted(
        name
        for name, m in list(sys.modules.items())
        if name.startswith("muertos")
        and not name.endswith("__mypyc")
        and str(getattr(m, "__file__", "")).endswith(tuple(EXTENSION_SUFFIXES))
    )


def worker(game: str, players: int, seconds: float, first_seed: int) -> dict[str, object]:
    """Play greedy matches from ``first_seed`` on for ``seconds``, in this process."""
    import muertos

    seats = ["greedy"] * players
    muertos.play(game, seats=seats, seed=10**9 + first_seed)  # warm-up: imports, caches
    games = decisions = 0
    moves: dict[int, str] = {}
    spent = 0.0
    seed = first_seed
    while spent < seconds:
        t0 = time.perf_counter()
        rec = muertos.play(game, seats=seats, seed=seed)
        spent += time.perf_counter() - t0
        games += 1
        decisions += len(rec.actions)
        moves[seed] = _moves_hash(rec.actions)
        seed += 1
    return {
        "games": games,
        "seconds": spent,
        "decisions": decisions,
        "moves": moves,
        "package": str(Path(muertos.__file__).resolve().parent),
        "compiled": _compiled(),
    }


def count_worker(game: str, players: int, games: int) -> dict[str, object]:
    """Play seeds ``0 .. games - 1`` after the warm-up, in this process (counted from outside)."""
    import muertos

    seats = ["greedy"] * players
    muertos.play(game, seats=seats, seed=10**9)
    moves: dict[int, str] = {}
    decisions = 0
    for seed in range(games):
        rec = muertos.play(game, seats=seats, seed=seed)
        decisions += len(rec.actions)
        moves[seed] = _moves_hash(rec.actions)
    return {
        "games": games,
        "decisions": decisions,
        "moves": moves,
        "package": str(Path(muertos.__file__).resolve().parent),
        "compiled": _compiled(),
    }


_COLLECTED = re.compile(r"Collected : (\d+)")


def collected(stderr: str) -> int:
    """The instructions callgrind counted, from its closing lines."""
    m = _COLLECTED.search(stderr)
    if m is None:
        raise SystemExit(f"callgrind printed no count:\n{stderr[-2000:]}")
    return int(m.group(1))


def count_instructions(src: Path, game: str, players: int, games: int) -> tuple[float, dict[str, object]]:
    """Instructions a game of ``src`` costs (the run of ``games`` games less the warm-up's),
    and what the counted run played."""
    env = _env(src)
    env["PYTHONHASHSEED"] = "0"  # the same hashing, so the same dict layouts, in every run
    counts = []
    got: dict[str, object] = {}
    for n in (0, games):
        cmd = [sys.executable, str(Path(__file__).resolve()), "--worker", game, "--players", str(players)]
        cmd += ["--count", str(n)]
        count, stdout = callgrind(cmd, env, f"the counted worker for {game} on {src}")
        counts.append(count)
        got = _reply(stdout, src)
    return (counts[1] - counts[0]) / games, got


def callgrind(cmd: list[str], env: dict[str, str], what: str) -> tuple[int, str]:
    """The instructions ``cmd`` ran under valgrind's callgrind, and its standard output."""
    valgrind = shutil.which("valgrind")
    if valgrind is None:
        raise SystemExit("--instructions needs valgrind (apt-get install valgrind)")
    out = subprocess.run(
        [valgrind, "--tool=callgrind", "--callgrind-out-file=/dev/null", *cmd],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    if out.returncode != 0:
        raise SystemExit(f"{what} failed:\n{out.stderr[-2000:]}")
    return collected(out.stderr), out.stdout


def _env(src: Path) -> dict[str, str]:
    """This environment, with ``src`` first on the path: a worker imports ``muertos`` from it."""
    env = dict(os.environ)
    env["PYTHONPATH"] = str(src) + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    return env


def _reply(stdout: str, src: Path) -> dict[str, object]:
    """A worker's answer (its last line), refused if it imported ``muertos`` from elsewhere."""
    got: dict[str, object] = json.loads(stdout.strip().splitlines()[-1])
    package = Path(str(got["package"]))
    if package.parent != src.resolve():
        raise SystemExit(f"the worker meant to measure {src} imported muertos from {package}")
    return got


def run_worker(src: Path, game: str, players: int, seconds: float, first_seed: int) -> dict[str, object]:
    """:func:`worker` in a fresh interpreter that imports ``muertos`` from ``src``."""
    env = _env(src)
    cmd = [
        sys.executable,
        str(Path(__file__).resolve()),
        "--worker",
        game,
        "--players",
        str(players),
        "--seconds",
        str(seconds),
        "--first-seed",
        str(first_seed),
    ]
    out = subprocess.run(cmd, env=env, capture_output=True, text=True, check=False)
    if out.returncode != 0:
        raise SystemExit(f"the worker for {game} on {src} failed:\n{out.stderr}")
    return _reply(out.stdout, src)


# ------------------------------------------------------------------ the parent
@dataclass
class Tally:
    games: int = 0
    seconds: float = 0.0
    decisions: int = 0
    moves: dict[str, str] = field(default_factory=dict)

    def add(self, got: dict[str, object]) -> None:
        self.games += int(got["games"])  # type: ignore[call-overload]
        self.seconds += float(got["seconds"])  # type: ignore[arg-type]
        self.decisions += int(got["decisions"])  # type: ignore[call-overload]
        self.moves.update({str(k): str(v) for k, v in got["moves"].items()})  # type: ignore[attr-defined]

    @property
    def rate(self) -> float:
        return self.games / self.seconds if self.seconds else 0.0


def _progress(console: Console) -> Progress:
    """The bar shown while the workers run (gone once the table is printed)."""
    return Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        TextColumn("{task.completed}/{task.total}"),
        TimeElapsedColumn(),
        console=console,
        transient=True,
    )


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("games", nargs="*", help=f"game ids (default: all: {', '.join(GAME_IDS)})")
    ap.add_argument("--players", type=int, help="seats (default: per game, " + str(DEFAULT_SEATS) + ")")
    ap.add_argument("--seconds", type=float, default=4.0, help="time per game and tree (default 4)")
    ap.add_argument("--baseline", type=Path, help="a src folder to compare with (e.g. /tmp/pre/src)")
    ap.add_argument("--current", type=Path, default=CURRENT, help="the src folder measured (this tree's)")
    ap.add_argument("--rounds", type=int, default=4, help="A B rounds per game with --baseline (default 4)")
    ap.add_argument(
        "--instructions",
        type=int,
        metavar="N",
        help="count instructions of N games per game and tree under valgrind, instead of timing",
    )
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--count", type=int, help=argparse.SUPPRESS)
    ap.add_argument("--first-seed", type=int, default=0, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)

    if args.worker:
        (game,) = args.games
        if args.count is not None:
            print(json.dumps(count_worker(game, args.players, args.count)))
        else:
            print(json.dumps(worker(game, args.players, args.seconds, args.first_seed)))
        return

    ids = args.games or GAME_IDS
    unknown = [g for g in ids if g not in DEFAULT_SEATS]
    if unknown:
        ap.error(f"no game {unknown[0]!r}; games: {', '.join(GAME_IDS)}")
    trees: list[tuple[str, Path]] = [("current", args.current)]
    if args.baseline is not None:
        if not (args.baseline / "muertos" / "__init__.py").exists():
            ap.error(f"{args.baseline} holds no muertos package (give the src folder)")
        trees.insert(0, ("baseline", args.baseline))
    if args.instructions is not None:
        if not 1 <= args.instructions <= 1000:
            ap.error("--instructions takes a number of games from 1 to 1000")
        counts(ids, trees, args.players, args.instructions)
        return
    rounds = max(1, args.rounds) if args.baseline is not None else 1
    per_run = args.seconds / rounds

    tallies = {(g, name): Tally() for g in ids for name, _ in trees}
    compiled: dict[str, set[str]] = {name: set() for name, _ in trees}
    console = Console(width=max(Console().width, 110))  # the table whole, even in a pipe
    steps = len(ids) * rounds * len(trees)
    with _progress(console) as progress:
        task = progress.add_task("greedy vs greedy", total=steps)
        for g in ids:
            players = args.players or DEFAULT_SEATS[g]
            for r in range(rounds):
                for name, src in trees:
                    progress.update(task, description=f"{g} × {players}, round {r + 1}/{rounds}, {name}")
                    # each round plays its own seeds; both trees play the same ones
                    got = run_worker(src, g, players, per_run, first_seed=1000 * r)
                    tallies[g, name].add(got)
                    compiled[name].update(got["compiled"])  # type: ignore[call-overload]
                    progress.advance(task)

    title = "greedy vs greedy, full games per second"
    t = Table(title=title + (f" ({rounds} interleaved rounds)" if len(trees) > 1 else ""))
    t.add_column("game")
    t.add_column("seats", justify="right")
    for name, _ in trees:
        t.add_column(f"{name} games/s", justify="right")
    t.add_column("decisions/game", justify="right")
    if len(trees) > 1:
        t.add_column("ratio", justify="right")
        t.add_column("same moves", justify="right")
    for g in ids:
        row = [g, str(args.players or DEFAULT_SEATS[g])]
        rates = [tallies[g, name].rate for name, _ in trees]
        row += [f"{r:,.1f}" for r in rates]
        cur = tallies[g, "current"]
        row.append(f"{cur.decisions / max(cur.games, 1):,.0f}")
        if len(trees) > 1:
            base = tallies[g, "baseline"]
            row.append(f"{rates[1] / rates[0]:.2f}×" if rates[0] else "-")
            both = sorted(set(base.moves) & set(cur.moves), key=int)
            same = sum(base.moves[s] == cur.moves[s] for s in both)
            row.append(f"{same}/{len(both)}")
        t.add_row(*row)
    console.print(t)
    _sources(console, trees, compiled)


def _sources(console: Console, trees: list[tuple[str, Path]], compiled: dict[str, set[str]]) -> None:
    """Each tree measured, and its modules that ran compiled (setup.py's kernels)."""
    for name, src in trees:
        kernels = ", ".join(sorted(compiled[name])) or "none"
        console.print(f"{name}: {src} (compiled kernels: {kernels})")


def counts(ids: list[str], trees: list[tuple[str, Path]], players: int | None, games: int) -> None:
    """The ``--instructions`` table: millions of instructions a game per tree, their ratio."""
    console = Console(width=max(Console().width, 110))
    t = Table(title=f"greedy vs greedy, instructions a game (callgrind, seeds 0-{games - 1})")
    t.add_column("game")
    t.add_column("seats", justify="right")
    for name, _ in trees:
        t.add_column(f"{name} M instr./game", justify="right")
    if len(trees) > 1:
        t.add_column("ratio", justify="right")
        t.add_column("same moves", justify="right")
    compiled: dict[str, set[str]] = {name: set() for name, _ in trees}
    with _progress(console) as progress:
        task = progress.add_task("counting", total=len(ids) * len(trees))
        for g in ids:
            n = players or DEFAULT_SEATS[g]
            per: list[float] = []
            played: list[dict[str, object]] = []
            for name, src in trees:
                progress.update(task, description=f"{g} × {n}, {name} under callgrind")
                cost, got = count_instructions(src, g, n, games)
                compiled[name].update(got["compiled"])  # type: ignore[call-overload]
                per.append(cost)
                played.append(got)
                progress.advance(task)
            row = [g, str(n), *(f"{c / 1e6:,.1f}" for c in per)]
            if len(trees) > 1:
                row.append(f"{per[0] / per[1]:.2f}×" if per[1] else "-")
                same = played[0]["moves"] == played[1]["moves"]
                row.append(f"{games}/{games}" if same else "differ")
            t.add_row(*row)
    console.print(t)
    _sources(console, trees, compiled)


if __name__ == "__main__":
    main()
