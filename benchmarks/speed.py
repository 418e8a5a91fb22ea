"""Speed of every game's engine: random full games per second, µs per apply and per clone.

    python benchmarks/speed.py                    # every game, every player count
    python benchmarks/speed.py ofrenda --seconds 5

One process, pure Python. Random games choose uniformly among the legal actions; the
time of a game includes listing legal actions and applying the choice. ``apply`` is timed
alone (legal actions already listed), and ``clone`` on mid-game positions.
"""

from __future__ import annotations

import argparse
import random
import time
from dataclasses import dataclass

from rich.console import Console
from rich.progress import Progress
from rich.table import Table

import muertos
from muertos.engine import Game, State


@dataclass
class Result:
    game: str
    players: int
    games_per_s: float
    actions_per_game: float
    us_apply: float
    us_clone: float
    us_legal: float


def _random_game(g: Game, players: int, seed: int) -> tuple[int, list[State]]:
    s = g.new(players, seed)
    rnd = random.Random(seed)
    n = 0
    samples: list[State] = []
    while not s.over:
        legal = s.legal_actions()
        s.apply(legal[rnd.randrange(len(legal))])
        n += 1
        if n % 17 == 0 and len(samples) < 8:
            samples.append(s.clone())
    return n, samples


def measure(g: Game, players: int, seconds: float) -> Result:
    _random_game(g, players, 10**6)  # warm-up (imports, caches)
    t0 = time.perf_counter()
    games = actions = 0
    samples: list[State] = []
    while time.perf_counter() - t0 < seconds:
        n, sm = _random_game(g, players, games)
        games += 1
        actions += n
        samples.extend(sm[:2])
    elapsed = time.perf_counter() - t0

    # apply and legal_actions alone, replaying recorded games
    us_apply = us_legal = 0.0
    rnd = random.Random(1)
    plays = 0
    t_apply = t_legal = 0.0
    for seed in range(max(3, min(games, 30))):
        s = g.new(players, seed)
        while not s.over:
            s._legal = None  # time the listing itself, not the cache
            a0 = time.perf_counter()
            legal = s.legal_actions()
            a1 = time.perf_counter()
            s.apply(legal[rnd.randrange(len(legal))])
            a2 = time.perf_counter()
            t_legal += a1 - a0
            t_apply += a2 - a1
            plays += 1
    us_apply = 1e6 * t_apply / plays
    us_legal = 1e6 * t_legal / plays
    reps = 0
    c0 = time.perf_counter()
    while reps < 20_000 and time.perf_counter() - c0 < seconds / 2:
        for st in samples[:20]:
            st.clone()
            reps += 1
    us_clone = 1e6 * (time.perf_counter() - c0) / max(reps, 1)
    return Result(g.id, players, games / elapsed, actions / max(games, 1), us_apply, us_clone, us_legal)


def main(argv: list[str] | None = None) -> list[Result]:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("games", nargs="*", help="game ids (default: all)")
    ap.add_argument("--seconds", type=float, default=2.0, help="time budget per game and player count")
    ap.add_argument("--players", type=int, nargs="*", help="player counts (default: every allowed count)")
    args = ap.parse_args(argv)
    ids = args.games or muertos.game_ids()
    jobs = []
    for gid in ids:
        g = muertos.game(gid)
        for p in args.players or range(g.min_players, g.max_players + 1):
            if g.min_players <= p <= g.max_players:
                jobs.append((g, p))
    results = []
    console = Console()
    with Progress(console=console, transient=True) as progress:
        task = progress.add_task("measuring", total=len(jobs))
        for g, p in jobs:
            progress.update(task, description=f"{g.id} × {p}")
            results.append(measure(g, p, args.seconds))
            progress.advance(task)
    t = Table(title="muertos engine speed (random play, one process)")
    for col in ("game", "players", "games/s", "actions/game", "µs/apply", "µs/legal", "µs/clone"):
        t.add_column(col, justify="right" if col != "game" else "left")
    for r in results:
        t.add_row(
            r.game,
            str(r.players),
            f"{r.games_per_s:,.0f}",
            f"{r.actions_per_game:,.0f}",
            f"{r.us_apply:.1f}",
            f"{r.us_legal:.1f}",
            f"{r.us_clone:.1f}",
        )
    console.print(t)
    return results


if __name__ == "__main__":
    main()
