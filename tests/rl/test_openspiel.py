"""OpenSpiel: every game and seat count passes OpenSpiel's random-simulation checks with
serialization; games and states pickle, deep-copy and serialize exactly (the generator
too); the declared utility holds; the information-state tensor holds only what the seat
knows; OpenSpiel's ISMCTS and MCTS bots play on it."""

from __future__ import annotations

import copy
import json
import pickle
import random
import subprocess
import sys
from types import SimpleNamespace
from typing import Any

import numpy as np
import pytest

import muertos
import muertos.rl
from muertos.rl.openspiel import load_game

from .conftest import every_seat_count

pyspiel = pytest.importorskip("pyspiel")

UTILITY = pyspiel.GameType.Utility


def _play(state: Any, rng: random.Random, steps: int = 10**9) -> Any:
    """Play random actions (and deals) until the end or ``steps`` decisions."""
    while not state.is_terminal() and steps > 0:
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(actions, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
            steps -= 1
    return state


@pytest.mark.parametrize(("gid", "n", "opts"), every_seat_count(), ids=lambda x: str(x))
def test_random_sim_with_serialization(gid: str, n: int, opts: dict[str, Any]) -> None:
    game = load_game(gid, {"players": n, **opts})
    assert game.num_players() == n
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize(("gid", "n", "opts"), every_seat_count(), ids=lambda x: str(x))
def test_declared_utility_holds_in_random_games(gid: str, n: int, opts: dict[str, Any]) -> None:
    game = load_game(gid, {"players": n, **opts})
    kind = game.get_type().utility
    assert kind == (UTILITY.ZERO_SUM if n >= 2 else UTILITY.GENERAL_SUM)
    rng = random.Random(n)
    for _ in range(3):
        s = _play(game.new_initial_state(), rng)
        r = s.returns()
        assert all(game.min_utility() <= x <= game.max_utility() for x in r)
        if kind == UTILITY.ZERO_SUM:
            assert game.utility_sum() == 0.0 and abs(sum(r)) < 1e-9
        else:
            assert game.utility_sum() is None and r == [float(x) for x in s.ms.scores()]


@pytest.mark.parametrize("n", range(2, 7))
def test_outcome_rewards_are_zero_sum_for_every_number_of_winners(n: int) -> None:
    for k in range(n + 1):
        stub: Any = SimpleNamespace(scores=lambda: [0.0] * n, winners=lambda k=k: list(range(k)))
        r = muertos.rl.final_rewards(stub, "outcome")
        assert abs(sum(r)) < 1e-12
        assert (r[0] > 0) == (0 < k < n)


def test_the_deal_is_a_chance_node_unless_the_seed_is_fixed() -> None:
    game = load_game("ofertu", {"deals": 10})
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    s = game.new_initial_state()
    assert s.is_chance_node() and s.chance_outcomes() == [(k, 0.1) for k in range(10)]
    s.apply_action(7)
    assert s.ms.to_json() == muertos.game("ofertu").new(2, seed=7).to_json()
    fixed = load_game("ofertu", {"seed": 7})
    assert fixed.get_type().chance_mode == pyspiel.GameType.ChanceMode.DETERMINISTIC
    f = fixed.new_initial_state()
    assert not f.is_chance_node() and f.ms.to_json() == s.ms.to_json()


def test_the_deal_takes_only_its_outcomes_and_a_move_only_an_index_of_the_space() -> None:
    """OpenSpiel hands a Python game any integer: 12345 and -3 were dealt, and -131 played
    the action it wraps around to."""
    game = load_game("ofertu", {"deals": 10})
    s = game.new_initial_state()
    for bad in (10, 12345, -3):
        with pytest.raises(ValueError, match=f"the deal is one of 0..9, got {bad}"):
            s.apply_action(bad)
        assert s.is_chance_node() and s.history() == []
    s.apply_action(3)
    before = s.ms.to_json()
    for bad in (-131, 181):
        with pytest.raises(ValueError, match=f"action index {bad} outside 0..180"):
            s.apply_action(bad)
        assert s.ms.to_json() == before and s.history() == [3]


def test_each_chance_node_hands_out_its_own_list_of_outcomes() -> None:
    """One caller that shuffled and popped the list changed every state of the game."""
    game = load_game("ofertu", {"deals": 4})
    taken = game.new_initial_state().chance_outcomes()
    taken.pop()
    assert game.new_initial_state().chance_outcomes() == [(k, 0.25) for k in range(4)]


def test_a_public_observation_holds_no_seats_private_cards() -> None:
    """``private_info=NONE`` is the spectator's view, the same for both seats; the seat's
    own observation still holds its hand, and what is not provided is refused."""
    game = load_game("ofertu", {"seed": 9})
    s = game.new_initial_state()
    hand = muertos.game("ofertu").new(2, seed=9).view(0)["hands"]
    private = pyspiel.PrivateInfoType
    public = game.make_py_observer(pyspiel.IIGObservationType(True, False, private.NONE))
    own = game.make_py_observer(pyspiel.IIGObservationType(True, False, private.SINGLE_PLAYER))
    assert (
        public.string_from(s, 0)
        == public.string_from(s, 1)
        == json.dumps(s.ms.view(None), sort_keys=True, ensure_ascii=False)
    )
    assert json.dumps(hand[0]) not in public.string_from(s, 0)
    assert json.dumps(hand[0]) in own.string_from(s, 0)
    public.set_from(s, 0)
    own.set_from(s, 0)
    assert not np.array_equal(public.tensor, own.tensor)
    for bad in (
        pyspiel.IIGObservationType(True, False, private.ALL_PLAYERS),
        pyspiel.IIGObservationType(False, False, private.SINGLE_PLAYER),
        pyspiel.IIGObservationType(True, True, private.NONE),
    ):
        with pytest.raises(ValueError, match="public"):
            game.make_py_observer(bad)


@pytest.mark.parametrize("gid", ["die-of-the-dead", "ofrenda", "dia-de-los-muertos"])
def test_pickle_deepcopy_and_serialize_keep_the_state_and_its_generator(gid: str) -> None:
    game = load_game(gid, {"players": 2})
    assert str(pickle.loads(pickle.dumps(game))) == str(game)
    assert copy.deepcopy(game).get_parameters() == game.get_parameters()
    s = _play(game.new_initial_state(), random.Random(1), steps=15)
    before = s.ms.to_json()
    copies = [
        pickle.loads(pickle.dumps(s)),
        copy.deepcopy(s),
        game.deserialize_state(s.serialize()),
        pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, s))[1],
    ]
    for c in copies:
        assert c.history() == s.history() and c.ms.to_json() == s.ms.to_json()
    # the same actions from here give the same game: the generator came along (dice, redraws)
    ends = [_play(c, random.Random(2)).ms.to_json() for c in [s.clone(), *copies]]
    assert all(e == ends[0] for e in ends)
    assert s.ms.to_json() == before != ends[0]  # the copies were independent of the original


def test_a_pickled_state_loads_in_a_fresh_process(tmp_path: Any) -> None:
    game = load_game("ofertu", {"seed": 4})
    s = _play(game.new_initial_state(), random.Random(0), steps=5)
    path = tmp_path / "state.pickle"
    path.write_bytes(pickle.dumps(s))
    code = (
        "import pickle, sys; s = pickle.loads(open(sys.argv[1], 'rb').read()); "
        "print(s.get_game()); print(s.history())"
    )
    out = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True, text=True, check=True)
    assert out.stdout.splitlines() == [str(game), str(s.history())]


@pytest.mark.parametrize("gid", [g for g in muertos.game_ids() if muertos.game(g).hidden_information])
def test_information_state_tensor_ignores_what_the_seat_cannot_see(gid: str) -> None:
    game = load_game(gid, {"players": 2})
    size = muertos.rl.codec(gid, 2).observation_size
    k = game.num_distinct_actions()
    assert game.information_state_tensor_shape() == [size + 2 * k]
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    rng = random.Random(3)
    redrawn_elsewhere = 0
    for _ in range(2):
        s = _play(game.new_initial_state(), rng, steps=0)
        for _ in range(30):
            if s.is_terminal():
                break
            for p in range(2):
                r = s.resample_from_infostate(p, sampler)  # State.determinize(p, ·) inside
                assert r.information_state_tensor(p) == s.information_state_tensor(p)
                assert r.observation_tensor(p) == s.observation_tensor(p)
                redrawn_elsewhere += r.observation_tensor(1 - p) != s.observation_tensor(1 - p)
                t = np.asarray(s.information_state_tensor(p))
                mine = s.own_decisions(p)
                assert t[size : size + k].sum() == len(mine)
                assert t[size + k :].sum() == (1 if mine else 0)
                assert t[:size].tolist() == pytest.approx(s.observation_tensor(p))
            _play(s, rng, steps=1)
    assert redrawn_elsewhere > 0  # the pairs really differ in what the other seat holds


def test_registration_is_idempotent_and_lists_every_game() -> None:
    names = muertos.rl.register_openspiel()
    assert muertos.rl.register_openspiel() == names
    assert len(names) == len(muertos.game_ids())
    assert set(names) <= set(pyspiel.registered_names())


def test_notation_and_observer_of_a_fixed_deal() -> None:
    game = load_game("ofertu", {"seed": 9})
    a, b = game.new_initial_state(), game.new_initial_state()
    assert str(a) == str(b)
    act = a.legal_actions()[0]
    assert a.action_to_string(a.current_player(), act) == muertos.rl.codec("ofertu", 2).actions[act]
    obs = game.make_py_observer()
    obs.set_from(a, 0)
    assert obs.tensor.shape == (muertos.rl.codec("ofertu", 2).observation_size,)


def test_resample_keeps_the_information_state() -> None:
    game = load_game("ofrenda", {"players": 2})
    s = _play(game.new_initial_state(), random.Random(0), steps=10)
    p = s.current_player()
    r = s.resample_from_infostate(p, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert r.information_state_string(p) == s.information_state_string(p)
    assert r.legal_actions() == s.legal_actions()
    assert r.history() == s.history()


def test_openspiel_ismcts_and_mcts_bots_play_a_game() -> None:
    from open_spiel.python.algorithms import ismcts, mcts

    game = load_game("ofertu", {"seed": 1})
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
    assert sum(s.returns()) == 0.0 and s.ms.over


def test_the_readmes_openspiel_call_works_after_import_muertos_rl_alone() -> None:
    """The README writes ``muertos.rl.openspiel.load_game(...)`` after ``import muertos.rl``;
    in a fresh process nothing else has imported the submodule (issue 34: AttributeError)."""
    code = (
        "import muertos.rl\n"
        "g = muertos.rl.openspiel.load_game('ofertu', {'seed': 9})\n"
        "print(g.get_type().short_name)\n"
        "try:\n    muertos.rl.no_such_module\nexcept AttributeError as e:\n    print(e)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.splitlines() == ["muertos_ofertu", "module 'muertos.rl' has no attribute 'no_such_module'"]
