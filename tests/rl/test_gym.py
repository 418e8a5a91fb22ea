"""Gymnasium environments (solo modes, one seat against bots) pass Gymnasium's env checker."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import muertos.rl

from .conftest import SOLO

env_checker = pytest.importorskip("gymnasium.utils.env_checker")

SEAT_VS_BOTS: list[tuple[str, int, int, Any]] = [
    ("ofertu", 2, 1, "greedy"),
    ("patzcuaro", 3, 0, ["random", "greedy"]),
    ("ofrenda", 2, 0, "random"),
]


@pytest.mark.parametrize("gid", SOLO)
def test_solo_passes_check_env(gid: str) -> None:
    env = muertos.rl.gym_env(gid, players=1)
    env_checker.check_env(env, skip_render_check=True)


@pytest.mark.parametrize(("gid", "n", "seat", "opponents"), SEAT_VS_BOTS, ids=lambda x: str(x))
def test_seat_vs_bots_passes_check_env(gid: str, n: int, seat: int, opponents: Any) -> None:
    env = muertos.rl.gym_env(gid, players=n, seat=seat, opponents=opponents)
    env_checker.check_env(env, skip_render_check=True)


@pytest.mark.parametrize(("gid", "n", "seat", "opponents"), [("ofrenda", 1, 0, "random"), *SEAT_VS_BOTS[:1]])
def test_episode_runs_to_the_end(gid: str, n: int, seat: int, opponents: Any) -> None:
    env = muertos.rl.gym_env(gid, players=n, seat=seat, opponents=opponents)
    obs, info = env.reset(seed=4)
    rng = np.random.default_rng(1)
    done, reward, steps = False, 0.0, 0
    while not done:
        assert obs["action_mask"].sum() == len(info["legal_actions"]) > 0
        a = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        assert env.action_name(a) in info["legal_actions"]
        obs, r, done, _trunc, info = env.step(a)
        reward += float(r)
        steps += 1
    s = env.muertos_state
    assert s.over and info["scores"] == s.scores()
    if n == 1:
        assert reward == s.scores()[0]
    else:
        assert reward in (-1.0, 0.0, 1.0)


def test_illegal_action_ends_the_episode_or_raises() -> None:
    env = muertos.rl.gym_env("ofrenda", players=1)
    obs, _ = env.reset(seed=2)
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    before = env.muertos_state.to_json()
    _, r, done, _, info = env.step(bad)
    assert done and r == -1.0 and info["illegal_action"]
    assert env.muertos_state.to_json() == before
    with pytest.raises(RuntimeError):
        env.step(bad)
    strict = muertos.rl.gym_env("ofrenda", players=1, illegal="raise")
    strict.reset(seed=2)
    with pytest.raises(ValueError, match="not legal"):
        strict.step(bad)


def test_wrong_opponent_count_is_refused() -> None:
    with pytest.raises(ValueError, match="one opponent per other seat"):
        muertos.rl.gym_env("patzcuaro", players=3, opponents=["random"])
