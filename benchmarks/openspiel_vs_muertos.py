"""Our ISMCTS against OpenSpiel's ISMCTS bot, at the same time per move, on every game.

    python benchmarks/openspiel_vs_muertos.py                        # every game, 2 seats
    python benchmarks/openspiel_vs_muertos.py ofertu --pairs 10 --seconds 0.2 --jobs 2

Each game is played through OpenSpiel (``muertos.rl.register_openspiel``): OpenSpiel's
Python ``ISMCTSBot`` (random-rollout evaluator, observation-string keys, inconsistent
action sets allowed, resampling through ``resample_from_infostate``) against
``muertos.agents.ISMCTSAgent`` reading the same state. Both get the same wall-clock budget
per decision (OpenSpiel's search loop is given a deadline instead of a simulation count);
a decision with one legal action costs neither anything. Every seed is played twice with
the seats swapped. Reported: our win rate (a draw counts 1/2) with a 95% Wilson interval,
and each side's search iterations per second over all its searched decisions.
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
            start = time.perf_counter()
            self._root_node = self.create_new_node(state)
            n = 0
            while n == 0 or time.perf_counter() - start < seconds:
                self.run_simulation(self.sample_root_state(state))
                n += 1
            self.sims += n
            self.busy += time.perf_counter() - start
            node = self.filter_illegals(self._root_node, legal)
            if node.total_visits <= 0:  # too slow for even one expanded simulation: a random move
                return [(a, 1.0 / len(legal)) for a in legal]
            return self.get_final_policy(state, node)

    return TimedISMCTS()


def play(args: tuple[str, int, int, int, float]) -> dict[str, float]:
    """One game: our ISMCTS in seat ``ours``, OpenSpiel's in the other."""
    import pyspiel  # type: ignore[import-untyped]

    gid, players, seed, ours, seconds = args
    muertos.rl.register_openspiel()
    game = pyspiel.load_game(muertos.rl.openspiel.short_name(gid), {"players": players, "seed": seed})
    state = game.new_initial_state()
    codec = muertos.rl.codec(gid, players)
    us = ISMCTSAgent(seed=seed, iterations=None, seconds=seconds)
    them = _openspiel_bot(game, seconds, seed)
    our_iters, our_busy = 0, 0.0
    while not state.is_terminal():
        p = state.current_player()
        if p == ours:
            legal = state.legal_actions()
            t0 = time.perf_counter()
            action = us.act(state.ms, p)
            if len(legal) > 1:
                our_busy += time.perf_counter() - t0
                our_iters += us.last_iterations
            state.apply_action(codec.action_index(action))
        else:
            state.apply_action(them.step(state))
    ms = state.ms
    winners = ms.winners()
    share = 1.0 / len(winners) if ours in winners else 0.0
    return {
        "share": share,
        "our_iters": our_iters,
        "our_busy": our_busy,
        "os_iters": them.sims,
        "os_busy": them.busy,
        "decisions": len(ms.history),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("games", nargs="*", default=muertos.game_ids())
    ap.add_argument("--pairs", type=int, default=6, help="seeds per game, each played in both seats")
    ap.add_argument("--seconds", type=float, default=0.1, help="search time per decision, both bots")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--json", default="", help="also write the results to this file")
    a = ap.parse_args()
    rows = []
    with ProcessPoolExecutor(a.jobs) as pool:
        for gid in a.games:
            g = muertos.game(gid)
            players = max(2, g.min_players)
            t0 = time.perf_counter()
            jobs = [(gid, players, 1000 + k, seat, a.seconds) for k in range(a.pairs) for seat in (0, 1)]
            results = list(pool.map(play, jobs))
            n = len(results)
            wins = sum(r["share"] for r in results)
            lo, hi = wilson(wins, n)
            ours = sum(r["our_iters"] for r in results) / max(sum(r["our_busy"] for r in results), 1e-9)
            theirs = sum(r["os_iters"] for r in results) / max(sum(r["os_busy"] for r in results), 1e-9)
            row = {
                "game": gid,
                "players": players,
                "games": n,
                "win_rate": wins / n,
                "ci95": [lo, hi],
                "ours_iter_per_s": ours,
                "openspiel_iter_per_s": theirs,
                "speed_ratio": ours / theirs if theirs else math.inf,
                "minutes": (time.perf_counter() - t0) / 60,
            }
            rows.append(row)
            print(
                f"{gid:20s} {n:3d} games  ours wins {wins / n:6.1%} [{lo:5.1%}, {hi:5.1%}]  "
                f"iter/s ours {ours:8.0f}  OpenSpiel {theirs:7.0f}  ratio {row['speed_ratio']:6.1f}x  "
                f"({row['minutes']:.1f} min)",
                flush=True,
            )
    if a.json:
        with open(a.json, "w", encoding="utf-8") as f:
            json.dump({"seconds": a.seconds, "rows": rows}, f, indent=2)


if __name__ == "__main__":
    main()
