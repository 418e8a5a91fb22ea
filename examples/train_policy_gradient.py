"""Train a small policy on Ofrenda solo (against Abuela) with plain policy gradient, numpy only.

    python examples/train_policy_gradient.py                  # about three minutes on one CPU
    python examples/train_policy_gradient.py --minutes 1 --game ofertu --players 2

The environment is ``muertos.rl.gym_env``: a fixed ``Discrete`` action space with an action
mask, and a fixed-length observation of what the seat may see. The policy is linear
softmax over the legal actions (``logits = W @ obs + b``, illegal actions masked out),
trained by REINFORCE with a running-mean baseline on the final reward (Ofrenda solo: the
score; two-player games: +1 win, -1 loss against the ``random`` bot). At the end the
greedy (arg-max) policy and the random agent play the same held-out seeds and the script
reports both means with 95% intervals, and whether the trained policy beats random.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time

import numpy as np

import muertos.rl


class LinearPolicy:
    """Softmax over legal actions of ``W @ obs + b``."""

    def __init__(self, n_obs: int, n_act: int, rng: np.random.Generator) -> None:
        self.W = np.zeros((n_act, n_obs), dtype=np.float64)
        self.b = np.zeros(n_act, dtype=np.float64)
        self.rng = rng

    def probs(self, obs: np.ndarray, legal: np.ndarray) -> np.ndarray:
        z = self.W[legal] @ obs + self.b[legal]
        z -= z.max()
        p = np.exp(z)
        return p / p.sum()  # type: ignore[no-any-return]

    def sample(self, obs: np.ndarray, legal: np.ndarray) -> tuple[int, np.ndarray]:
        p = self.probs(obs, legal)
        return int(self.rng.choice(len(legal), p=p)), p

    def best(self, obs: np.ndarray, legal: np.ndarray) -> int:
        return int(legal[int(np.argmax(self.W[legal] @ obs + self.b[legal]))])


def episode(env: object, policy: LinearPolicy | None, seed: int, greedy: bool = False) -> tuple[float, list]:
    """Play one game; returns the final reward and the (obs, legal, choice, probs) steps."""
    obs, _ = env.reset(seed=seed)  # type: ignore[attr-defined]
    rng = np.random.default_rng(seed)
    steps = []
    done, reward = False, 0.0
    while not done:
        legal = np.flatnonzero(obs["action_mask"])
        x = obs["observation"].astype(np.float64)
        x /= max(float(np.linalg.norm(x)), 1e-9)  # unit length: steps of one size in every state
        if policy is None:
            a = int(rng.choice(legal))
        elif greedy:
            a = policy.best(x, legal)
        else:
            k, p = policy.sample(x, legal)
            steps.append((x, legal, k, p))
            a = int(legal[k])
        obs, r, done, _, _ = env.step(a)  # type: ignore[attr-defined]
        reward += float(r)
    return reward, steps


def mean_ci(xs: list[float]) -> tuple[float, float]:
    m = statistics.fmean(xs)
    half = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else math.inf
    return m, half


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", default="ofrenda")
    ap.add_argument("--players", type=int, default=1)
    ap.add_argument("--minutes", type=float, default=3.0, help="training time")
    ap.add_argument("--lr", type=float, default=0.1)
    ap.add_argument("--eval", type=int, default=100, help="held-out games for each side")
    ap.add_argument("--seed", type=int, default=0)
    a = ap.parse_args()

    env = muertos.rl.gym_env(a.game, players=a.players, opponents="random")
    n_obs = env.observation_space["observation"].shape[0]
    n_act = int(env.action_space.n)
    policy = LinearPolicy(n_obs, n_act, np.random.default_rng(a.seed))
    scale = 1.0
    baseline, episodes = None, 0
    deadline = time.monotonic() + 60 * a.minutes
    recent: list[float] = []
    while time.monotonic() < deadline:
        reward, steps = episode(env, policy, seed=a.seed * 1_000_003 + episodes)
        baseline = reward if baseline is None else 0.98 * baseline + 0.02 * reward
        scale = 0.98 * scale + 0.02 * abs(reward - baseline) if episodes else max(abs(reward), 1.0)
        adv = (reward - baseline) / max(scale, 1e-6)
        for x, legal, k, p in steps:
            g = -p
            g[k] += 1.0  # d log pi(k) / d logits over the legal actions
            policy.W[legal] += a.lr * adv * np.outer(g, x)
            policy.b[legal] += a.lr * adv * g
        episodes += 1
        recent.append(reward)
        if episodes % 200 == 0:
            print(
                f"episode {episodes:5d}  mean reward of the last 200: {statistics.fmean(recent[-200:]):7.2f}"
            )

    held_out = range(10**9, 10**9 + a.eval)
    trained = [episode(env, policy, s, greedy=True)[0] for s in held_out]
    rand = [episode(env, None, s)[0] for s in held_out]
    (tm, th), (rm, rh) = mean_ci(trained), mean_ci(rand)
    print(f"trained for {a.minutes:g} min, {episodes} episodes")
    print(f"trained policy: mean reward {tm:.2f} ± {th:.2f} over {a.eval} held-out games")
    print(f"random agent:   mean reward {rm:.2f} ± {rh:.2f} on the same seeds")
    print(
        "the trained policy BEATS the random agent" if tm - th > rm + rh else "no clear win over random yet"
    )


if __name__ == "__main__":
    main()
