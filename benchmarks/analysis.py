"""Time of a whole game's analysis (``muertos analyze``) at the default and the deep budget.

    python benchmarks/analysis.py                    # 2-seat Ofrenda, default then deep
    python benchmarks/analysis.py --no-deep          # the default budget only
    python benchmarks/analysis.py --game ofertu --seeds 1 2 3

The game analysed is ``muertos.play(game, ["greedy", "random"], seed)``: a record like a
person's against a bot, with good moves and bad ones. The time is the wall clock of
``analyze_game`` (every seat, every decision with a choice), with the CPU time beside it:
on a shared machine the wall clock counts what other processes took, the CPU time does
not. The issue's target: the default budget analyses a 2-seat Ofrenda game in under a
minute on the project's 2-core machine.
"""

from __future__ import annotations

import argparse
import time

from rich.console import Console
from rich.table import Table

import muertos
from muertos.analysis import DEEP_ITERATIONS, DEFAULT_ITERATIONS, Analysis, Budget, analyze_game


def measure(game: str, players: int, seed: int, iterations: int) -> tuple[float, float, Analysis]:
    """(wall seconds, CPU seconds, the analysis) of one game's analysis."""
    seats = ["greedy", "random", *["random"] * (players - 2)][:players]
    record = muertos.play(game, seats=seats, seed=seed)
    wall, cpu = time.perf_counter(), time.process_time()
    a = analyze_game(record, Budget(iterations), seed=0)
    return time.perf_counter() - wall, time.process_time() - cpu, a


def verdicts(a: Analysis) -> list[str | None]:
    return [None if d.judgement is None else d.judgement.verdict for d in a.decisions]


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--game", default="ofrenda")
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--seeds", type=int, nargs="+", default=[1])
    p.add_argument("--no-deep", action="store_true", help="skip the deep budget (several minutes)")
    args = p.parse_args()
    budgets = [("default", DEFAULT_ITERATIONS)] + ([] if args.no_deep else [("deep", DEEP_ITERATIONS)])
    t = Table(title=f"analysis of a {args.players}-seat {args.game} game (greedy against random)")
    for col in ("budget", "iterations a decision", "seed", "decisions judged", "wall s", "CPU s", "accuracy"):
        t.add_column(col, justify="left" if col == "budget" else "right")
    console = Console()
    done: dict[tuple[str, int], Analysis] = {}
    for name, iterations in budgets:
        for seed in args.seeds:
            wall, cpu, a = measure(args.game, args.players, seed, iterations)
            done[name, seed] = a
            judged = sum(1 for d in a.decisions if d.judgement is not None)
            acc = " / ".join(f"{a.summary(k).accuracy or 0:.0f}%" for k in a.seats)
            t.add_row(name, str(iterations), str(seed), str(judged), f"{wall:.1f}", f"{cpu:.1f}", acc)
            console.print(f"{name} seed {seed}: {wall:.1f} s wall, {cpu:.1f} s CPU", highlight=False)
    console.print(t)
    for seed in args.seeds if not args.no_deep else []:
        pairs = [
            (x, y)
            for x, y in zip(verdicts(done["default", seed]), verdicts(done["deep", seed]), strict=True)
            if x is not None
        ]
        same = sum(1 for x, y in pairs if x == y)
        bad = ("mistake", "blunder")
        false_alarm = sum(1 for x, y in pairs if x in bad and y in ("best", "good"))
        missed = sum(1 for x, y in pairs if y in bad and x in ("best", "good"))
        console.print(
            f"seed {seed}: the default's verdict is the deep one's in {same} of {len(pairs)} decisions; "
            f"mistakes or blunders the deep search calls best or good: {false_alarm}; "
            f"the other way: {missed}",
            highlight=False,
        )


if __name__ == "__main__":
    main()
