"""OpenSpiel: every game registers as a Python game and passes OpenSpiel's random-simulation
checks; OpenSpiel's ISMCTS and MCTS bots play on it. Without pyspiel these tests skip, but
only outside CI (tests/conftest.py turns a skip under CI into a failure)."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

import muertos
import muertos.rl

from .conftest import configs

pyspiel = pytest.importorskip("pyspiel")

SIMS = [(gid, n, o) for gid, n, o in configs() if (gid, n) != ("dia-de-los-muertos", 6)]
SIMS += [(gid, 1, {}) for gid in muertos.game_ids() if muertos.game(gid).min_players == 1]


def _load(gid: str, n: int, opts: dict[str, Any]) -> Any:
    muertos.rl.register_openspiel()
    return pyspiel.load_game(muertos.rl.openspiel.short_name(gid), {"players": n, **opts})


@pytest.mark.parametrize(("gid", "n", "opts"), SIMS, ids=lambda x: str(x))
def test_random_sim(gid: str, n: int, opts: dict[str, Any]) -> None:
    game = _load(gid, n, opts)
    assert game.num_players() == n
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


def test_six_skeletons_short_race() -> None:
    game = _load("dia-de-los-muertos", 6, {"round_limit": 4})
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_registration_is_idempotent_and_lists_every_game() -> None:
    names = muertos.rl.register_openspiel()
    assert muertos.rl.register_openspiel() == names
    assert len(names) == len(muertos.game_ids())
    assert set(names) <= set(pyspiel.registered_names())


def test_seed_parameter_fixes_the_deal_and_notation_round_trips() -> None:
    game = _load("ofertu", 2, {"seed": 9})
    a, b = game.new_initial_state(), game.new_initial_state()
    assert str(a) == str(b)
    act = a.legal_actions()[0]
    assert a.action_to_string(a.current_player(), act) == a.ms.legal_actions()[0] or act in a.legal_actions()
    obs = game.make_py_observer() if hasattr(game, "make_py_observer") else None
    assert obs is not None
    obs.set_from(a, 0)
    assert obs.tensor.shape == (muertos.rl.codec("ofertu", 2).observation_size,)


def test_resample_keeps_the_information_state() -> None:
    game = _load("ofrenda", 2, {})
    s = game.new_initial_state()
    rng = random.Random(0)
    for _ in range(10):
        s.apply_action(rng.choice(s.legal_actions()))
    p = s.current_player()
    r = s.resample_from_infostate(p, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert r.information_state_string(p) == s.information_state_string(p)
    assert r.legal_actions() == s.legal_actions()
    assert r.history() == s.history()


def test_openspiel_ismcts_and_mcts_bots_play_a_game() -> None:
    from open_spiel.python.algorithms import ismcts, mcts

    game = _load("ofertu", 2, {"seed": 1})
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(0))
    bots = [
        ismcts.ISMCTSBot(
            game,
            evaluator,
            uct_c=2.0,
            max_simulations=20,
            random_state=np.random.RandomState(1),
            use_observation_string=True,
            allow_inconsistent_action_sets=True,
        ),
        mcts.MCTSBot(game, 2.0, 20, evaluator, random_state=np.random.RandomState(2)),
    ]
    s = game.new_initial_state()
    while not s.is_terminal():
        s.apply_action(bots[s.current_player()].step(s))
    assert sum(s.returns()) == 0.0
