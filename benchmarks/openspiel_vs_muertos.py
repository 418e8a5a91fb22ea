"""Our ISMCTS against OpenSpiel's, at equal time per move: two labelled comparisons.

    python benchmarks/openspiel_vs_muertos.py                       # Ofrenda, Ofertu, Pátzcuaro
    python benchmarks/openspiel_vs_muertos.py ofertu --pairs 5 --seconds 0.05

Each game is played through OpenSpiel (``muertos.rl.register_openspiel``, a fixed deal per
seed, two seats). OpenSpiel's side is its Python ``ISMCTSBot``: random-rollout evaluator
(one playout to the end), UCT constant 2 on its [-1, 1] returns, observation-string keys,
inconsistent action sets allowed, resampling through ``resample_from_infostate``
(``State.determinize``). It is the strongest OpenSpiel bot that runs on these games
without seeing hidden cards: the C++ ``ISMCTSBot`` cannot resample a Python game, and
``MCTSBot`` searches the true state.

- **same algorithm**: our ``ISMCTSAgent`` set to what OpenSpiel's does: uniformly random
  playouts to the end (``rollout="random", rollout_depth=None``), every move searched
  (``widen=None``), UCB constant 1 on our [0, 1] rewards (OpenSpiel's 2 on [-1, 1]).
  What still differs: our reward adds a squashed score margin to the win (see
  ``muertos.agents.ismcts.outcome``); a node counts its availability (OpenSpiel's counts
  its parent's visits).
- **best against best**: our tuned bot (``ISMCTSAgent`` with the game's defaults: its
  heuristics' playouts, cut-offs and narrowing) against the same OpenSpiel bot.

Both sides get the same wall-clock budget per decision (OpenSpiel's search loop is given
a deadline instead of a simulation count); a decision with one legal action costs neither
anything. Every seed is played twice with the seats swapped. Reported per comparison and
game: our win rate (a draw counts 1/2) with a 95% Wilson interval, and each side's search
iterations per CPU second over all its searched decisions (CPU time, so that other work
on a shared machine does not distort the rate; the budget itself is wall-clock time).
"""

from __future__ import annotations

import argparse
import json
import math
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import numpy as np

import muertos
import muertos.rl
from muertos.agents import ISMCTSAgent
from muertos.rl.openspiel import load_game

GAMES = ["ofrenda", "ofertu", "patzcuaro"]
COMPARISONS = {
    "same algorithm": {"rollout": "random", "rollout_depth": None, "widen": None, "exploration": 1.0},
    "best against best": {},
}


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    den = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return (max(0.0, centre - half), min(1.0, centre + half))


def _openspiel_bot(game: Any, seconds: float, seed: int) -> Any:
    from open_spiel.python.algorithms import ismcts, mcts

    class TimedISMCTS(ismcts.ISMCTSBot):  # type: ignore[misc]
        """OpenSpiel's ISMCTS with a deadline instead of a simulation count."""

        def __init__(self) -> None:
            super().__init__(
                game,
                mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(seed)),
                uct_c=2.0,
                max_simulations=10**9,
                random_state=np.random.RandomState(seed + 1),
                use_observation_string=True,
                allow_inconsistent_action_sets=True,
            )
            self.sims = 0
            self.busy = 0.0

        def run_search(self, state: Any) -> Any:
            self.reset()
            legal = state.legal_actions()
            if len(legal) == 1:
                return [(legal[0], 1.0)]
            start, cpu = time.perf_counter(), time.process_time()
            self._root_node = self.create_new_node(state)
            n = 0
            while n == 0 or time.perf_counter() - start < seconds:
                self.run_simulation(self.sample_root_state(state))
                n += 1
            self.sims += n
            self.busy += time.process_time() - cpu
            node = self.filter_illegals(self._root_node, legal)
            if node.total_visits <= 0:  # too slow for even one expanded simulation: a random move
                return [(a, 1.0 / len(legal)) for a in legal]
            return self.get_final_policy(state, node)

    return TimedISMCTS()


def play(args: tuple[str, str, int, int, float]) -> dict[str, float]:
    """One game: our ISMCTS (configured for ``comparison``) in seat ``ours``, OpenSpiel's in the other."""
    comparison, gid, seed, ours, seconds = args
    game = load_game(gid, {"players": 2, "seed": seed})
    state = game.new_initial_state()
    codec = muertos.rl.codec(gid, 2)
    us = ISMCTSAgent(seed=seed, iterations=None, seconds=seconds, **COMPARISONS[comparison])  # type: ignore[arg-type]
    them = _openspiel_bot(game, seconds, seed)
    our_iters, our_busy = 0, 0.0
    while not state.is_terminal():
        p = state.current_player()
        if p == ours:
            legal = state.legal_actions()
            cpu = time.process_time()
            action = us.act(state.ms, p)
            if len(legal) > 1:
                our_busy += time.process_time() - cpu
                our_iters += us.last_iterations
            state.apply_action(codec.action_index(action))
        else:
            state.apply_action(them.step(state))
    winners = state.ms.winners()
    return {
        "share": 1.0 / len(winners) if ours in winners else 0.0,
        "draw": float(len(winners) != 1),
        "our_iters": our_iters,
        "our_busy": our_busy,
        "os_iters": them.sims,
        "os_busy": them.busy,
    }


def summarize(comparison: str, gid: str, results: list[dict[str, float]], minutes: float) -> dict[str, Any]:
    n = len(results)
    wins = sum(r["share"] for r in results)
    lo, hi = wilson(wins, n)
    ours = sum(r["our_iters"] for r in results) / max(sum(r["our_busy"] for r in results), 1e-9)
    theirs = sum(r["os_iters"] for r in results) / max(sum(r["os_busy"] for r in results), 1e-9)
    return {
        "comparison": comparison,
        "game": gid,
        "games": n,
        "draws": int(sum(r["draw"] for r in results)),
        "win_rate": wins / n,
        "ci95": [lo, hi],
        "ours_iter_per_s": ours,
        "openspiel_iter_per_s": theirs,
        "speed_ratio": ours / theirs if theirs else math.inf,
        "minutes": minutes,
    }


def table(rows: list[dict[str, Any]], comparison: str) -> str:
    out = [
        f"**{comparison}**",
        "",
        "| game | games (draws) | our win rate [95% CI] | iterations/s ours | OpenSpiel | ratio |",
        "|---|---|---|---|---|---|",
    ]
    for r in rows:
        if r["comparison"] == comparison:
            lo, hi = r["ci95"]
            out.append(
                f"| {r['game']} | {r['games']} ({r['draws']}) | {r['win_rate']:.0%} [{lo:.0%}, {hi:.0%}] "
                f"| {r['ours_iter_per_s']:,.0f} | {r['openspiel_iter_per_s']:,.0f} | {r['speed_ratio']:.1f}× |"
            )
    return "\n".join(out)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("games", nargs="*", default=GAMES)
    ap.add_argument("--pairs", type=int, default=23, help="seeds per game, each played in both seats")
    ap.add_argument("--seconds", type=float, default=0.1, help="search time per decision, both bots")
    ap.add_argument("--jobs", type=int, default=1, help="games at once (one core each)")
    ap.add_argument("--json", default="", help="also write the results to this file")
    a = ap.parse_args()
    rows = []
    start = time.perf_counter()
    with ProcessPoolExecutor(a.jobs) as pool:
        for comparison in COMPARISONS:
            for gid in a.games:
                t0 = time.perf_counter()
                jobs = [
                    (comparison, gid, 1000 + k, seat, a.seconds) for k in range(a.pairs) for seat in (0, 1)
                ]
                results = list(pool.map(play, jobs)) if a.jobs > 1 else [play(j) for j in jobs]
                row = summarize(comparison, gid, results, (time.perf_counter() - t0) / 60)
                rows.append(row)
                lo, hi = row["ci95"]
                print(
                    f"{comparison:17s} {gid:10s} {row['games']:3d} games ({row['draws']} drawn)  "
                    f"ours wins {row['win_rate']:6.1%} [{lo:5.1%}, {hi:5.1%}]  iter/s ours "
                    f"{row['ours_iter_per_s']:8.0f}  OpenSpiel {row['openspiel_iter_per_s']:7.0f}  "
                    f"({row['minutes']:.1f} min)",
                    flush=True,
                )
    print(
        f"\n{a.seconds:g} s a move for both bots, {(time.perf_counter() - start) / 60:.0f} minutes in all\n"
    )
    for comparison in COMPARISONS:
        print(table(rows, comparison) + "\n")
    if a.json:
        with open(a.json, "w", encoding="utf-8") as f:
            json.dump({"seconds": a.seconds, "rows": rows}, f, indent=2)


if __name__ == "__main__":
    main()
