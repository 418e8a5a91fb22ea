"""How deep must a game's conformance test go? Seeded mutations of its action table, and the
first random game of the test's run that catches each.

A mutant changes one kind of action of the game's table (``State.ACTIONS``) in one way, now
and then (one call in ``--rates``, from a seeded stream, so a run repeats exactly):

- ``admit``: its check lets an illegal move through (a rule forgotten in one position);
- ``drop``: its listing leaves a legal move out (a move the table never offers).

Each mutant plays the conformance check's games (``check_random_game``, the first ``--deep``
checked at every position, as ``check_game`` does) until one fails, and the table says at
which game. The seeds a test needs are those that catch every mutant the whole run catches:

    python benchmarks/mutations.py ofrenda --players 4 --seeds 200 --deep 1
    python benchmarks/mutations.py die-of-the-dead --players 5 --seeds 100 --deep 1 --first-seed 3
"""

from __future__ import annotations

import argparse
import copy
import dataclasses
import json
import random
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from typing import Any

import muertos
from muertos.engine.actions import Actions, Kind
from muertos.engine.conformance import check_random_game

FAULTS = ("admit", "drop")


@dataclasses.dataclass(frozen=True)
class Mutant:
    kind: int  # its index in the table
    verb: str
    fault: str
    rate: int  # one call in rate

    @property
    def name(self) -> str:
        return f"{self.verb}#{self.kind} {self.fault} 1/{self.rate}"


def mutated(kind: Kind[Any, Any], fault: str, rate: int, rnd: random.Random) -> Kind[Any, Any]:
    """``kind`` with one fault, made on one call in ``rate``."""
    if fault == "admit":
        check = kind.check

        def lax(state: Any, move: Any) -> str | None:
            why = check(state, move)
            return None if why is not None and rnd.randrange(rate) == 0 else why

        return dataclasses.replace(kind, check=lax)
    listing = kind.legal

    def short(state: Any) -> list[str]:
        got = listing(state)
        if got and rnd.randrange(rate) == 0:
            got = list(got)
            del got[rnd.randrange(len(got))]
        return got

    return dataclasses.replace(kind, legal=short)


@contextmanager
def installed(state_class: type, m: Mutant) -> Iterator[None]:
    """The game's table with the mutant in place of its kind, put back afterwards."""
    old: Actions[Any] = state_class.ACTIONS  # type: ignore[attr-defined]
    kinds = list(old.kinds)
    kinds[m.kind] = mutated(kinds[m.kind], m.fault, m.rate, random.Random(m.name))
    new = copy.copy(old)  # a game's own subclass of the table keeps its own attributes
    Actions.__init__(new, *kinds, phase=old.phase, unread=old.unread)
    state_class.ACTIONS = new  # type: ignore[attr-defined]
    try:
        yield
    finally:
        state_class.ACTIONS = old  # type: ignore[attr-defined]


def caught_at(args: tuple[str, int, dict[str, Any], Mutant, int, int, int]) -> tuple[Mutant, int | None, str]:
    """The index (from the first seed) of the first game that fails with the mutant in place,
    or None, and the failure's first line."""
    gid, players, options, m, first, seeds, deep = args
    g = muertos.game(gid)
    with installed(g.state_class, m):
        for i in range(seeds):
            try:
                check_random_game(g, players, options, first + i, deep=i < deep)
            except Exception as e:  # any failure of the check catches the mutant
                return m, i, str(e).splitlines()[0][:100] if str(e) else type(e).__name__
    return m, None, ""


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("game", choices=muertos.game_ids())
    p.add_argument("--players", type=int, required=True)
    p.add_argument("--options", type=json.loads, default={}, help="the game's options, as JSON")
    p.add_argument("--seeds", type=int, default=200, help="random games at most a mutant (default 200)")
    p.add_argument("--first-seed", type=int, default=0)
    p.add_argument("--deep", type=int, default=1, help="the first games checked at every position")
    p.add_argument("--rates", default="2,30,3000", help="a fault on one call in each of these")
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--out", help="write every mutant's result here (JSON lines)")
    a = p.parse_args(argv)
    g = muertos.game(a.game)
    kinds = g.state_class.ACTIONS.kinds
    rates = [int(r) for r in a.rates.split(",")]
    mutants = [Mutant(i, k.verb, f, r) for i, k in enumerate(kinds) for f in FAULTS for r in rates]
    jobs = [(a.game, a.players, a.options, m, a.first_seed, a.seeds, a.deep) for m in mutants]
    print(
        f"{a.game}, {a.players} players, options {a.options}: {len(mutants)} mutants, games "
        f"{a.first_seed}-{a.first_seed + a.seeds - 1}, the first {a.deep} deep",
        file=sys.stderr,
    )
    start, results = time.monotonic(), []
    with ProcessPoolExecutor(a.jobs) as pool:
        for n, got in enumerate(pool.map(caught_at, jobs), 1):
            results.append(got)
            progress = f"\r{n}/{len(jobs)} mutants, {time.monotonic() - start:.0f} s"
            print(progress, end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    print(f"{'mutant':34} caught at game")
    for m, at, why in results:
        print(f"{m.name:34} {'-' if at is None else at:>5}  {why}")
    caught = [at for _, at, _ in results if at is not None]
    deep = sum(at < a.deep for at in caught)
    print(
        f"\ncaught {len(caught)} of {len(results)}: {deep} by the deep games, the last at game "
        f"{max(caught, default=-1)}; games needed to catch them all: {max(caught, default=-1) + 1}"
    )
    if a.out:
        with open(a.out, "w", encoding="utf-8") as f:
            for m, at, why in results:
                f.write(json.dumps({**dataclasses.asdict(m), "caught_at": at, "why": why}) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
