"""Strength of the bots: paired matches with 95% intervals, solo scores, search speed.

    python benchmarks/strength.py                         # every game, default budget
    python benchmarks/strength.py ofrenda --pairs 20 --budget 0.5s --jobs 2
    python benchmarks/strength.py --only solo
    python benchmarks/strength.py --players 2 --pairs 4     # 2-seat matches only

Paired matches: each seed is played once per seat rotation, so both sides get the same
deals in every seat. The challenger sits in one seat, the opponent in all the others; a
shared win counts 1/k. Win rates carry a 95% Wilson interval.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from rich.console import Console
from rich.progress import BarColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

import muertos
from muertos.agents import ISMCTSAgent
from muertos.sim.stats import wilson


@dataclass
class Pairing:
    game: str
    players: int
    challenger: str
    opponent: str
    games: int
    win_share: float
    challenger_mean: float
    opponent_mean: float

    @property
    def rate(self) -> float:
        return self.win_share / self.games if self.games else 0.0


def _one_match(args: tuple[str, int, str, str, int, int]) -> tuple[float, float, float]:
    gid, players, challenger, opponent, seed, seat = args
    seats = [opponent] * players
    seats[seat] = challenger
    rec = muertos.play(gid, seats=seats, seed=seed)
    share = 1.0 / len(rec.winners) if seat in rec.winners else 0.0
    others = [s for i, s in enumerate(rec.scores) if i != seat]
    return share, float(rec.scores[seat]), float(statistics.fmean(others))


def _solo(args: tuple[str, str, int]) -> float:
    gid, agent, seed = args
    return float(muertos.play(gid, seats=[agent], seed=seed).scores[0])


def _iterations_per_second(gid: str, players: int, seconds: float) -> tuple[float, float]:
    g = muertos.game(gid)
    s = g.new(players, 1)
    rnd = random.Random(1)
    for _ in range(6):  # a position a few moves in
        if not s.over:
            s.apply(rnd.choice(s.legal_actions()))
    while not s.over and len(s.legal_actions()) < 2:  # ... where there is a choice to search
        s.apply(s.legal_actions()[0])
    seat = s.to_move or 0
    bot = ISMCTSAgent(1, iterations=None, seconds=seconds)
    bot.act(s, seat)
    its = bot.last_iterations / seconds
    t0 = time.perf_counter()
    n = 0
    while time.perf_counter() - t0 < seconds:
        c = s.clone()
        while not c.over:
            legal = c.legal_actions()
            c.apply(legal[rnd.randrange(len(legal))])
        n += 1
    return its, n / (time.perf_counter() - t0)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("games", nargs="*", help="game ids (default: all)")
    ap.add_argument("--pairs", type=int, default=10, help="seeds per pairing (each played in every seat)")
    ap.add_argument("--budget", default="0.5s", help="ISMCTS budget: 0.5s or an iteration count")
    ap.add_argument("--solo-games", type=int, default=20)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--only", choices=["pairs", "solo", "speed"], help="run one part only")
    ap.add_argument(
        "--players", type=int, help="paired matches at this seat count only (default: fewest and most)"
    )
    args = ap.parse_args(argv)
    ids = args.games or muertos.game_ids()
    ismcts = f"ismcts:{args.budget}"
    try:
        muertos.agent(ismcts)
    except muertos.UnknownAgent as e:
        ap.error(str(e))  # exits 2
    console = Console()

    work: list[tuple[str, int, str, str]] = []
    for gid in ids:
        g = muertos.game(gid)
        counts = sorted({max(2, g.min_players), g.max_players})
        if args.players is not None:
            counts = [args.players] if g.min_players <= args.players <= g.max_players else []
        for p in counts:
            work.append((gid, p, "greedy", "random"))
            work.append((gid, p, ismcts, "greedy"))
    solo = [gid for gid in ids if muertos.game(gid).min_players == 1]

    progress = Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        TextColumn("{task.completed}/{task.total}"),
        TimeRemainingColumn(),
        console=console,
    )
    pairings: list[Pairing] = []
    solos: dict[str, list[float]] = {}
    with progress, ProcessPoolExecutor(args.jobs) as pool:
        if args.only in (None, "pairs"):
            for gid, p, ch, op in work:
                jobs = [(gid, p, ch, op, seed, seat) for seed in range(args.pairs) for seat in range(p)]
                task = progress.add_task(f"{gid} ×{p}: {ch} vs {op}", total=len(jobs))
                res = []
                for r in pool.map(_one_match, jobs):
                    res.append(r)
                    progress.advance(task)
                pairings.append(
                    Pairing(
                        gid,
                        p,
                        ch,
                        op,
                        len(res),
                        sum(r[0] for r in res),
                        statistics.fmean(r[1] for r in res),
                        statistics.fmean(r[2] for r in res),
                    )
                )
        if args.only in (None, "solo"):
            for gid in solo:
                jobs2 = [(gid, ismcts, seed) for seed in range(args.solo_games)]
                task = progress.add_task(f"{gid} solo: {ismcts}", total=len(jobs2))
                scores = []
                for sc in pool.map(_solo, jobs2):
                    scores.append(sc)
                    progress.advance(task)
                solos[gid] = scores

    if pairings:
        t = Table(title=f"Paired matches ({args.pairs} seeds × every seat)")
        for col in (
            "game",
            "seats",
            "challenger",
            "opponent",
            "games",
            "win rate",
            "95% interval",
            "mean score (ch / op)",
        ):
            t.add_column(col)
        for pr in pairings:
            lo, hi = wilson(pr.win_share, pr.games)
            t.add_row(
                pr.game,
                str(pr.players),
                pr.challenger,
                pr.opponent,
                str(pr.games),
                f"{pr.rate:.0%}",
                f"{lo:.0%}–{hi:.0%}",
                f"{pr.challenger_mean:.1f} / {pr.opponent_mean:.1f}",
            )
        console.print(t)
    if solos:
        t = Table(title=f"Solo scores with {ismcts}")
        for col in ("game", "games", "median", "mean", "min", "max", "scores"):
            t.add_column(col)
        for gid, got in solos.items():
            t.add_row(
                gid,
                str(len(got)),
                f"{statistics.median(got):g}",
                f"{statistics.fmean(got):.1f}",
                f"{min(got):g}",
                f"{max(got):g}",
                " ".join(f"{x:g}" for x in sorted(got)),
            )
        console.print(t)
    if args.only in (None, "speed"):
        t = Table(title="Search speed (one process, 1 s each)")
        for col in ("game", "seats", "ISMCTS iterations/s", "random playouts/s"):
            t.add_column(col)
        for gid in ids:
            p = max(2, muertos.game(gid).min_players)
            its, rps = _iterations_per_second(gid, p, 1.0)
            t.add_row(gid, str(p), f"{its:,.0f}", f"{rps:,.0f}")
        console.print(t)


if __name__ == "__main__":
    main()
