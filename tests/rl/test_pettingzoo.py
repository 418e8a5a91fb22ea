"""PettingZoo AEC environments pass PettingZoo's own API and seed tests."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest

import muertos
import muertos.rl

from .conftest import configs

pz_test = pytest.importorskip("pettingzoo.test")


@pytest.fixture(autouse=True)
def _quiet() -> Any:
    with warnings.catch_warnings():
        # PettingZoo warns about every dict observation with an action mask (as for its own chess)
        warnings.filterwarnings("ignore", message="Observation space for each agent probably")
        warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
        yield


@pytest.mark.parametrize(("gid", "n", "opts"), configs(), ids=lambda x: str(x))
def test_api(gid: str, n: int, opts: dict[str, Any]) -> None:
    pz_test.api_test(muertos.rl.aec_env(gid, players=n, options=opts), num_cycles=300)


@pytest.mark.parametrize(("gid", "n", "opts"), configs(), ids=lambda x: str(x))
def test_seed(gid: str, n: int, opts: dict[str, Any]) -> None:
    pz_test.seed_test(lambda: muertos.rl.aec_env(gid, players=n, options=opts), num_cycles=100)


@pytest.mark.parametrize(("gid", "n", "opts"), configs(largest=False), ids=lambda x: str(x))
def test_full_game_rewards_and_replay(gid: str, n: int, opts: dict[str, Any]) -> None:
    """A whole game through the AEC loop: zero-sum end rewards, the same game as the engine's."""
    env = muertos.rl.aec_env(gid, players=n, options=opts)
    env.reset(seed=11)
    rng = np.random.default_rng(0)
    total: dict[str, float] = {a: 0.0 for a in env.possible_agents}
    for agent in env.agent_iter(max_iter=100_000):
        obs, reward, term, trunc, _ = env.last()
        total[agent] += float(reward)
        if term or trunc:
            env.step(None)
            continue
        assert obs["observation"].dtype == np.float32 and obs["action_mask"].dtype == np.int8
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    s = env.muertos_state
    assert s.over
    assert abs(sum(total.values())) < 1e-9
    for w in s.winners():
        assert total[f"player_{w}"] > 0 or len(s.winners()) == n
    again = muertos.game(gid).replay(s.players, s.seed, s.options, s.history)
    assert again.to_json() == s.to_json()


def test_seeding_is_reproducible_and_unseeded_resets_differ() -> None:
    a = muertos.rl.aec_env("ofertu")
    b = muertos.rl.aec_env("ofertu")
    a.reset(seed=3)
    b.reset(seed=3)
    assert a.muertos_state.seed == b.muertos_state.seed
    first = a.muertos_state.seed
    a.reset()
    assert a.muertos_state.seed != first


def test_illegal_index_is_refused() -> None:
    env = muertos.rl.aec_env("ofertu")
    env.reset(seed=1)
    obs = env.observe(env.agent_selection)
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.raises(ValueError, match="not legal"):
        env.step(bad)
    assert env.action_name(0) == "bid R1 on 1"


@pytest.mark.parametrize("action", [50.7, "50", -131, None])
def test_an_action_that_is_no_index_of_the_space_is_refused_and_changes_nothing(action: Any) -> None:
    """50.7 was played as index 50, and -131 as the index it wraps around to."""
    env = muertos.rl.aec_env("ofertu")
    env.reset(seed=1)
    before = env.muertos_state.to_json()
    with pytest.raises((TypeError, ValueError), match=r"integer index|outside 0\.\.180"):
        env.step(action)
    assert env.muertos_state.to_json() == before


def test_an_unknown_reward_is_refused_when_the_environment_is_made() -> None:
    """It was noticed at the last move, which left the game over and no agent terminated."""
    with pytest.raises(ValueError, match="reward must be one of outcome, score, margin; got 'win'"):
        muertos.rl.aec_env("ofertu", reward="win")
