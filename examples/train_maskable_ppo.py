"""Train sb3-contrib's MaskablePPO (CPU torch) on Ofrenda solo against Abuela, plot its learning
curve, and compare it with the random and greedy bots on the same held-out deals.

    pip install -e '.[rl,train]'
    python examples/train_maskable_ppo.py                      # 12 minutes of training, 15 in all
    python examples/train_maskable_ppo.py --minutes 2 --eval 50 --plot curve.png

The environment is the registered ``gymnasium.make("muertos/Ofrenda-v0", players=1)``:
a ``Discrete`` action space with a legal-action mask, which MaskablePPO reads through
the environment's ``action_masks()``, so the policy only ever samples legal moves. The
policy sees the ``observation`` vector (what the seat may know, every number in [0, 1]);
the reward is the final score, paid at the end of the game. Training stops at the time
limit (or ``--timesteps``); then the deterministic policy, the ``random`` bot and the
``greedy`` bot (one step ahead by the game's heuristic) play the same held-out seeds
and the script prints each one's mean score with a 95% interval.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from typing import Any

import gymnasium as gym
import numpy as np

import muertos
import muertos.rl

HELD_OUT = 10**9
"""First held-out seed: training deals are drawn from a different stream."""


class VectorOnly(gym.ObservationWrapper[np.ndarray, np.int64, dict[str, np.ndarray]]):
    """The observation vector alone: the mask reaches MaskablePPO through ``action_masks()``."""

    def __init__(self, env: gym.Env[dict[str, np.ndarray], np.int64]) -> None:
        super().__init__(env)
        self.observation_space = env.observation_space["observation"]  # type: ignore[index]

    def observation(self, observation: dict[str, np.ndarray]) -> np.ndarray:
        return observation["observation"]


def make_env(game: str, players: int) -> gym.Env[np.ndarray, np.int64]:
    return VectorOnly(gym.make(muertos.rl.GYM_IDS[game], players=players))


def mean_ci(xs: list[float]) -> tuple[float, float]:
    m = statistics.fmean(xs)
    return m, (1.96 * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else math.inf)


def play_policy(model: Any, game: str, players: int, seeds: range) -> list[float]:
    """The trained policy's final scores, arg-max over legal moves, one game per seed."""
    env = make_env(game, players)
    out = []
    for seed in seeds:
        obs, _ = env.reset(seed=seed)
        done, total = False, 0.0
        while not done:
            mask = env.get_wrapper_attr("action_masks")()
            action, _ = model.predict(obs, action_masks=mask, deterministic=True)
            obs, r, term, trunc, _ = env.step(int(action))
            total += float(r)
            done = term or trunc
        out.append(total)
    return out


def play_bot(name: str, game: str, players: int, seeds: range) -> list[float]:
    """A muertos bot's solo scores on the environment's deals for the same seeds."""
    env = gym.make(muertos.rl.GYM_IDS[game], players=players)
    out = []
    for seed in seeds:
        env.reset(seed=seed)
        s = env.unwrapped.muertos_state  # type: ignore[attr-defined]
        bot = muertos.agent(name, seed=seed)
        while not s.over:
            s.apply(bot.act(s, s.to_move))
        out.append(float(s.scores()[0]))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument(
        "--game", default="ofrenda", choices=[g for g in muertos.game_ids() if g in muertos.rl.GYM_IDS]
    )
    ap.add_argument("--players", type=int, default=1, help="1: solo against the game's automa")
    ap.add_argument("--minutes", type=float, default=12.0, help="training time limit")
    ap.add_argument("--timesteps", type=int, default=10**9, help="training step limit")
    ap.add_argument("--envs", type=int, default=8, help="environments stepped together (one process)")
    ap.add_argument("--n-steps", type=int, default=256, help="steps per environment between updates")
    ap.add_argument("--eval", type=int, default=100, help="held-out games for each player")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--plot", default="maskable_ppo_ofrenda.png", help="learning curve (PNG)")
    a = ap.parse_args()

    import torch
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.callbacks import BaseCallback
    from stable_baselines3.common.monitor import Monitor
    from stable_baselines3.common.vec_env import DummyVecEnv

    torch.set_num_threads(1)

    class Clock(BaseCallback):
        """Stops training at the time limit and records each finished episode's score."""

        def __init__(self, deadline: float) -> None:
            super().__init__()
            self.deadline = deadline
            self.curve: list[tuple[int, float]] = []

        def _on_step(self) -> bool:
            for info in self.locals["infos"]:
                if "episode" in info:
                    self.curve.append((self.num_timesteps, float(info["episode"]["r"])))
            return time.monotonic() < self.deadline

    venv = DummyVecEnv([lambda: Monitor(make_env(a.game, a.players)) for _ in range(a.envs)])
    venv.seed(a.seed)
    model = MaskablePPO(
        "MlpPolicy",
        venv,
        n_steps=a.n_steps,
        batch_size=min(256, a.n_steps * a.envs),
        n_epochs=4,
        learning_rate=3e-4,
        gamma=1.0,  # the score comes once, at the end: no reason to discount it
        ent_coef=0.01,
        policy_kwargs={"net_arch": [128, 128]},
        seed=a.seed,
        device="cpu",
    )
    clock = Clock(time.monotonic() + 60 * a.minutes)
    t0 = time.monotonic()
    model.learn(total_timesteps=a.timesteps, callback=clock)
    trained_minutes = (time.monotonic() - t0) / 60
    episodes = len(clock.curve)
    print(f"trained {trained_minutes:.1f} min: {model.num_timesteps} steps, {episodes} games")

    seeds = range(HELD_OUT, HELD_OUT + a.eval)
    results = {
        "MaskablePPO": play_policy(model, a.game, a.players, seeds),
        "random": play_bot("random", a.game, a.players, seeds),
        "greedy": play_bot("greedy", a.game, a.players, seeds),
    }
    for name, scores in results.items():
        m, h = mean_ci(scores)
        if not math.isfinite(m):
            raise SystemExit(f"{name}: a non-finite mean score {m}")
        print(f"{name:12s} mean score {m:6.2f} ± {h:.2f} over {a.eval} held-out games")

    if a.plot:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        fig, ax = plt.subplots(figsize=(8, 4.5))
        if clock.curve:
            steps, scores = np.array(clock.curve).T
            window = max(1, min(200, len(scores) // 10))
            smooth = np.convolve(scores, np.ones(window) / window, mode="valid")
            ax.plot(steps, scores, ".", alpha=0.08, color="tab:blue", label="training game")
            ax.plot(steps[window - 1 :], smooth, color="tab:blue", label=f"mean of {window} games")
        for name, colour in (("random", "tab:gray"), ("greedy", "tab:red"), ("MaskablePPO", "tab:green")):
            ax.axhline(statistics.fmean(results[name]), color=colour, ls="--", label=f"{name}, held-out mean")
        ax.set_xlabel("environment steps")
        ax.set_ylabel("final score")
        ax.set_title(
            f"MaskablePPO on {muertos.game(a.game).title}, {a.players} player(s), {trained_minutes:.0f} min"
        )
        ax.legend(loc="upper left", fontsize=8)
        fig.tight_layout()
        fig.savefig(a.plot, dpi=100)
        print(f"learning curve: {a.plot}")


if __name__ == "__main__":
    main()
