"""Gymnasium environments (solo modes, one seat against bots) pass Gymnasium's env checker, are
registered on import, give MaskablePPO its action masks and pickle."""

from __future__ import annotations

import pickle
import re
from typing import Any

import numpy as np
import pytest

import muertos
import muertos.rl

from .conftest import SOLO

env_checker = pytest.importorskip("gymnasium.utils.env_checker")

from muertos.rl.gymnasium_env import MuertosGymEnv  # noqa: E402  (needs gymnasium)

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


def test_once_an_illegal_index_ends_the_episode_nothing_is_legal() -> None:
    """The returned mask and ``legal_actions`` say what ``action_masks`` says: the episode
    is over, so no index may be played (they listed the turn's moves)."""
    env = muertos.rl.gym_env("ofrenda", players=1)
    obs, _ = env.reset(seed=2)
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    obs, _, done, _, info = env.step(bad)
    assert done and not obs["action_mask"].any() and info["legal_actions"] == []
    assert not env.action_masks().any()


@pytest.mark.parametrize(
    ("action", "error", "words"),
    [
        (2.9, TypeError, "an action is an integer index, got float 2.9"),
        (np.float32(100.5), TypeError, "got float32"),
        ("100", TypeError, "got str '100'"),
        (float("nan"), TypeError, "got float nan"),
        (None, TypeError, "got NoneType None"),
        (True, TypeError, "got the bool True"),
        (np.array([1, 2]), TypeError, "got ndarray"),
        (-1, ValueError, "action index -1 outside 0..180"),
        (181, ValueError, "action index 181 outside 0..180"),
    ],
)
def test_an_action_that_is_no_index_of_the_space_is_refused_and_changes_nothing(
    action: Any, error: type[Exception], words: str
) -> None:
    """A float was truncated (2.9 played index 2) and -1 played the last action."""
    env = muertos.rl.gym_env("ofertu", players=2, opponents="random", illegal="raise")
    env.reset(seed=4)
    before = env.muertos_state.to_json()
    with pytest.raises(error, match=re.escape(words)):
        env.step(action)
    assert env.muertos_state.to_json() == before
    env.step(np.int64(np.flatnonzero(env.action_masks())[0]))  # NumPy's ints are indices
    assert env.muertos_state.to_json() != before


def test_an_unknown_reward_is_refused_when_the_environment_is_made() -> None:
    """It was noticed only at the episode's last move, after that move was played."""
    with pytest.raises(ValueError, match="reward must be one of outcome, score, margin; got 'win'"):
        muertos.rl.gym_env("ofertu", players=2, reward="win")


def test_wrong_opponent_count_is_refused() -> None:
    with pytest.raises(ValueError, match="one opponent per other seat"):
        muertos.rl.gym_env("patzcuaro", players=3, opponents=["random"])


@pytest.mark.parametrize("gid", muertos.rl.GYM_IDS)
def test_every_game_is_registered_on_import(gid: str) -> None:
    import gymnasium as gym

    env = gym.make(muertos.rl.GYM_IDS[gid])
    inner = env.unwrapped
    assert isinstance(inner, MuertosGymEnv) and inner.game.id == gid
    assert inner.players == muertos.game(gid).min_players
    env_checker.check_env(inner, skip_render_check=True)


def test_make_takes_the_constructor_keywords() -> None:
    import gymnasium as gym

    env = gym.make("muertos/Ofrenda-v0", players=2, seat=1, opponents="greedy")
    inner = env.unwrapped
    assert (inner.players, inner.seat, inner.opponent_names) == (2, 1, {0: "greedy"})


def test_action_masks_are_the_legal_actions_through_the_wrappers() -> None:
    import gymnasium as gym

    env = gym.make("muertos/Ofertu-v0", opponents="random")
    obs, info = env.reset(seed=6)
    rng = np.random.default_rng(0)
    done = False
    while not done:
        mask = env.get_wrapper_attr("action_masks")()
        assert mask.dtype == bool and mask.tolist() == obs["action_mask"].astype(bool).tolist()
        assert [env.unwrapped.action_name(i) for i in np.flatnonzero(mask)] == info["legal_actions"]
        obs, _, done, _, info = env.step(int(rng.choice(np.flatnonzero(mask))))
    assert not env.get_wrapper_attr("action_masks")().any()


def test_a_pickled_environment_continues_the_same_episode() -> None:
    import gymnasium as gym

    env = gym.make("muertos/Patzcuaro-v0", players=3, opponents=["greedy", "random"])
    obs, _ = env.reset(seed=8)
    rng = np.random.default_rng(1)
    for _ in range(5):
        obs, *_ = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    twin = pickle.loads(pickle.dumps(env))
    assert twin.unwrapped.muertos_state.to_json() == env.unwrapped.muertos_state.to_json()
    done, results = False, []
    while not done:
        a = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        step, twin_step = env.step(a), twin.step(a)
        assert np.array_equal(step[0]["observation"], twin_step[0]["observation"])
        assert step[1:4] == twin_step[1:4]
        obs, _, done, _, _ = step
        results.append(step[1])
    assert env.unwrapped.muertos_state.to_json() == twin.unwrapped.muertos_state.to_json()
    # the seed stream and the opponents came along too: the next episodes are the same
    env.reset()
    twin.reset()
    assert env.unwrapped.muertos_state.to_json() == twin.unwrapped.muertos_state.to_json()
