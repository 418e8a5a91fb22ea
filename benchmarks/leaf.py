"""What the learned evaluation costs the search at a leaf, for each shipped network.

    python benchmarks/leaf.py                      # every shipped setting
    python benchmarks/leaf.py ofertu --calls 5000

For mid-game positions of seeded random games: µs of CPU to build every seat's observation
(``Codec.observe``), to run the network on them in numpy (what ``ValueModel.values`` does)
and in torch (the module on one flat buffer, as it was asked before, with its answers as
floats), and for the whole ``values`` call. One
process, one torch thread, CPU time: ratios within a run hold on a busy machine.
"""

from __future__ import annotations

import argparse
import array
import random
import time

import torch
from rich.console import Console
from rich.progress import track
from rich.table import Table

import muertos
from muertos import learn
from muertos.engine import State


def positions(game: str, players: int, count: int = 8) -> list[State]:
    """A position from the middle of each of ``count`` seeded random games."""
    out = []
    for seed in range(count):
        s = muertos.game(game).new(players, seed)
        rng = random.Random(seed)
        history = []
        while not s.over:
            history.append(s.clone())
            legal = s.legal_actions()
            s.apply(legal[rng.randrange(len(legal))])
        out.append(history[len(history) // 2])
    return out


def _tensor(observations: list[list[float]]) -> torch.Tensor:
    """The observations as one float32 tensor, the way the torch model was asked before
    (one flat buffer, no copy)."""
    flat = array.array("f")
    for o in observations:
        flat.extend(o)
    return torch.frombuffer(flat, dtype=torch.float32).view(len(observations), -1)


def per_call(fn: object, calls: int) -> float:
    """µs of CPU a call of ``fn()`` takes."""
    assert callable(fn)
    t = time.process_time()
    for _ in range(calls):
        fn()
    return 1e6 * (time.process_time() - t) / calls


def measure(game: str, players: int, calls: int) -> tuple[float, float, float, float]:
    """µs a call: observing every seat, the network in numpy, in torch, ``values``."""
    model = learn.value_model(game, players)
    assert model is not None
    states = positions(game, players)
    obs = [[model.codec.observe(s, i) for i in range(players)] for s in states]
    k = max(1, calls // len(states))
    observe = sum(
        per_call(lambda s=s: [model.codec.observe(s, i) for i in range(players)], k) for s in states
    )
    numpy = sum(per_call(lambda o=o: model.forward(o), k) for o in obs)
    with torch.inference_mode():
        module = sum(per_call(lambda o=o: [float(v) for v in model.net(_tensor(o))], k) for o in obs)
    values = sum(per_call(lambda s=s: model.values(s), k) for s in states)
    n = len(states)
    return observe / n, numpy / n, module / n, values / n


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("games", nargs="*", help="game ids (default: every shipped network)")
    ap.add_argument("--calls", type=int, default=2000, help="calls timed per setting")
    a = ap.parse_args()
    torch.set_num_threads(1)
    settings = [(g, n) for g, n in learn.shipped() if not a.games or g in a.games]
    table = Table("setting", "observe µs", "numpy µs", "torch µs", "values µs", "torch / numpy")
    for game, players in track(settings, description="networks"):
        observe, numpy, module, values = measure(game, players, a.calls)
        table.add_row(
            f"{game} {players}",
            f"{observe:.0f}",
            f"{numpy:.0f}",
            f"{module:.0f}",
            f"{values:.0f}",
            f"{module / numpy:.1f}",
        )
    Console(width=120).print(table)


if __name__ == "__main__":
    main()
