"""Every muertos game as an OpenSpiel Python game (``muertos.rl.register_openspiel``).

Short names are ``muertos_<id>`` with underscores (``muertos_ofrenda``,
``muertos_die_of_the_dead``). Parameters: ``players`` (default 2), ``seed`` (-1: a fresh
deal for every initial state; otherwise that seed, so every initial state is the same
deal) and each rulebook option of the game under its own name.

The games are sequential, imperfect-information and *sampled stochastic*: shuffles and
dice come from the state's own seeded generator, never from explicit chance nodes, and
``resample_from_infostate`` redraws all a player cannot see (``State.determinize``), which
is what OpenSpiel's ISMCTS needs. Actions are the indices of the game encoding's fixed
action space; ``action_to_string`` gives the notation. Returns are zero-sum (a sole winner
+1, a 2-player loser -1, a draw 0; see :func:`muertos.rl.rewards.final_rewards`); with one
player the return is the final score. Observation tensors are the encoding's vector;
observation strings are the seat's view as JSON, and the information-state string adds
the seat's own redacted log (all it has learnt so far).
"""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np

import muertos
from muertos.engine import State

from .codec import Codec, codec, max_game_length
from .rewards import final_rewards

PREFIX = "muertos_"
SOLO_BOUND = 1000.0
"""|final score| bound used as the utility range of solo games."""


def short_name(game_id: str) -> str:
    return PREFIX + muertos.game(game_id).id.replace("-", "_")


def _make(game_id: str) -> tuple[Any, type]:
    import pyspiel  # type: ignore[import-untyped,import-not-found,unused-ignore]  # here: the module loads without it

    g = muertos.game(game_id)
    default_players = max(g.min_players, min(2, g.max_players))
    zero_sum = g.min_players >= 2
    spec: dict[str, Any] = {"players": default_players, "seed": -1}
    for o in g.options:
        spec[o.name] = o.default
    game_type = pyspiel.GameType(
        short_name=short_name(g.id),
        long_name=f"muertos: {g.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=(pyspiel.GameType.Utility.ZERO_SUM if zero_sum else pyspiel.GameType.Utility.GENERAL_SUM),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=g.max_players,
        min_num_players=g.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=spec,
    )

    class MuertosGame(pyspiel.Game):  # type: ignore[misc]
        """An OpenSpiel view of one muertos game."""

        def __init__(self, params: dict[str, Any] | None = None) -> None:
            p = {**spec, **(params or {})}
            self.players = int(p["players"])
            self.seed = int(p["seed"])
            self.codec: Codec = codec(g.id, self.players, {o.name: p[o.name] for o in g.options})
            solo = self.players == 1
            info = pyspiel.GameInfo(
                num_distinct_actions=self.codec.num_actions,
                max_chance_outcomes=0,
                num_players=self.players,
                min_utility=-SOLO_BOUND if solo else -1.0,
                max_utility=SOLO_BOUND if solo else 1.0,
                utility_sum=0.0 if zero_sum else None,  # the type says general-sum for 1-4 seats
                max_game_length=max_game_length(self.codec),
            )
            super().__init__(game_type, info, p)
            self._seeds = random.Random(self.seed if self.seed >= 0 else None)

        def new_initial_state(self) -> MuertosState:
            seed = self.seed if self.seed >= 0 else self._seeds.getrandbits(48)
            return MuertosState(self, g.new(self.players, seed, self.codec.options))

        def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> MuertosObserver:
            perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
            return MuertosObserver(self.codec, perfect_recall)

    class MuertosState(pyspiel.State):  # type: ignore[misc]
        """A muertos state behind OpenSpiel's State API."""

        def __init__(self, game: MuertosGame, state: State) -> None:
            super().__init__(game)
            self._box = _Box(state)
            self._shared = _Shared(game.codec)

        @property
        def ms(self) -> State:
            """The muertos state."""
            return self._box.state

        @property
        def codec(self) -> Codec:
            return self._shared.value  # type: ignore[no-any-return]

        def current_player(self) -> int:
            tm = self.ms.to_move
            return int(pyspiel.PlayerId.TERMINAL) if tm is None else tm

        def _legal_actions(self, player: int) -> list[int]:
            if self.ms.to_move != player:
                return []
            return sorted(self.codec.legal_indices(self.ms))

        def _apply_action(self, action: int) -> None:
            self.ms.apply(self.codec.actions[action])

        def _action_to_string(self, player: int, action: int) -> str:
            return self.codec.actions[action]

        def is_terminal(self) -> bool:
            return self.ms.over

        def returns(self) -> list[float]:
            if not self.ms.over:
                return [0.0] * self.ms.players
            return final_rewards(self.ms, "outcome")

        def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> MuertosState:
            rng = random.Random(int(probability_sampler() * 2**52))
            c: MuertosState = self.clone()
            c._box = _Box(self.ms.determinize(player_id, rng))
            return c

        def __str__(self) -> str:
            return json.dumps(self.ms.view(None), sort_keys=True, ensure_ascii=False)

    class MuertosObserver:
        """Observation tensor (the encoding) and strings (the view as JSON, plus the log)."""

        def __init__(self, c: Codec, perfect_recall: bool) -> None:
            self.codec = c
            self.perfect_recall = perfect_recall
            self.tensor = np.zeros(c.observation_size, np.float32)
            self.dict = {"observation": self.tensor}

        def set_from(self, state: MuertosState, player: int) -> None:
            self.tensor[:] = self.codec.observe(state.ms, player)

        def string_from(self, state: MuertosState, player: int) -> str:
            text = json.dumps(state.ms.view(player), sort_keys=True, ensure_ascii=False)
            if self.perfect_recall:
                text += "\n" + "\n".join(state.ms.log(player))
            return text

    return game_type, MuertosGame


class _Shared:
    """Holds what states share (the codec): OpenSpiel deep-copies a state's ``__dict__``."""

    def __init__(self, value: Any) -> None:
        self.value = value

    def __deepcopy__(self, memo: Any) -> _Shared:
        return self


class _Box:
    """Holds the muertos state; a deep copy is the engine's cheap ``clone``."""

    def __init__(self, state: State) -> None:
        self.state = state

    def __deepcopy__(self, memo: Any) -> _Box:
        return _Box(self.state.clone())


_REGISTERED: dict[str, type] = {}


def register_openspiel() -> list[str]:
    """Register every muertos game with OpenSpiel (idempotent); returns the short names.

    Then ``pyspiel.load_game("muertos_ofertu")`` or, with parameters,
    ``pyspiel.load_game("muertos_ofrenda", {"players": 3, "common_goals": True})``.
    """
    import pyspiel  # type: ignore[import-untyped,import-not-found,unused-ignore]

    for gid in muertos.game_ids():
        name = short_name(gid)
        if name not in _REGISTERED:
            game_type, cls = _make(gid)
            pyspiel.register_game(game_type, cls)
            _REGISTERED[name] = cls
    return list(_REGISTERED)
