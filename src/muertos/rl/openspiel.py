"""Every muertos game as an OpenSpiel Python game (``muertos.rl.register_openspiel``).

Short names are ``muertos_<id>`` with underscores (``muertos_ofrenda``,
``muertos_die_of_the_dead``). Parameters: ``players`` (default 2, or 1 where that is the
smallest count), ``seed``, ``deals`` and each rulebook option of the game under its own
name.

**Chance.** All of a game's randomness comes from its seed: the deal and every later roll
are drawn from the state's own generator, which travels inside the state (it is part of
its JSON). So the game is modelled as it is: with ``seed=-1`` (the default) the initial
state is one explicit *chance node*, the deal, whose ``deals`` outcomes (default 65,536)
are equally likely seeds; every later transition is a function of the state and the action
(chance mode ``EXPLICIT_STOCHASTIC``). With ``seed`` ≥ 0 there is no chance node at all:
every game is that deal (``DETERMINISTIC``). The game object itself holds no random
generator, so there is no game RNG state to save: OpenSpiel's ``GetRNGState``, which a
Python game cannot implement, is never needed, and a state's generator round-trips with
the state.

**Serialization.** ``state.serialize()`` / ``game.deserialize_state(text)`` (and so
``pyspiel.serialize_game_and_state``) carry the state as its exact JSON; games and states
pickle (in a fresh process too: unpickling registers the games) and ``copy.deepcopy``.

**Utility.** At 2+ seats the returns are the zero-sum ``outcome`` rewards of
:func:`muertos.rl.rewards.final_rewards` (a sole winner +1, a 2-player loser -1, a draw 0;
the winners' shares and the losers' ``-1/(n-1)`` always add up to 0), declared
``ZERO_SUM``. Solo the return is the final score, declared ``GENERAL_SUM`` (one player:
no sum to keep).

**Observations.** The observation tensor is the game encoding's vector of what the seat
sees (``codec.observe``: built only from ``state.view(seat)``); the observation string is
that view as JSON. The *information-state* tensor is what the seat knows: the same
observation, then ``own_decisions`` (how many times the seat chose each action index so
far) and ``last_decision`` (a one-hot of its latest choice). It is built from the view and
the seat's own past actions only, so two states that differ only in what the seat cannot
see give it the same tensor; it summarises the order of the seat's own choices (by counts
and the last one) rather than keeping all of it. The information-state string is the view
plus the seat's own redacted log (everything it has been told so far). A *public*
observation (``private_info=NONE``, without perfect recall) is built from the spectator's
view instead, the same for every seat; observations of all players' private information
are not provided (``ValueError``). Actions are the
indices of the encoding's fixed action space; ``action_to_string`` gives the notation.
"""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np

import muertos
from muertos.engine import Game, State

from .codec import Codec, codec, max_game_length
from .rewards import final_rewards

PREFIX = "muertos_"
SOLO_BOUND = 1000.0
"""|final score| bound used as the utility range of solo games."""
DEALS = 1 << 16
"""Outcomes of the deal's chance node by default: that many seeds, equally likely."""


def short_name(game_id: str) -> str:
    return PREFIX + muertos.game(game_id).id.replace("-", "_")


def _default_players(g: Game) -> int:
    return max(g.min_players, min(2, g.max_players))


def _game_type(pyspiel: Any, g: Game, players: int, seed: int) -> Any:
    """The type of one configuration: the chance mode and utility depend on the parameters."""
    spec: dict[str, Any] = {"players": _default_players(g), "seed": -1, "deals": DEALS}
    for o in g.options:
        spec[o.name] = o.default
    chance = pyspiel.GameType.ChanceMode
    utility = pyspiel.GameType.Utility
    return pyspiel.GameType(
        short_name=short_name(g.id),
        long_name=f"muertos: {g.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=chance.DETERMINISTIC if seed >= 0 else chance.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility.ZERO_SUM if players >= 2 else utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=g.max_players,
        min_num_players=g.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=spec,
    )


def _make(game_id: str) -> tuple[Any, type]:
    import pyspiel  # type: ignore[import-untyped,import-not-found,unused-ignore]  # here: the module loads without it

    g = muertos.game(game_id)
    registered = _game_type(pyspiel, g, _default_players(g), -1)
    spec: dict[str, Any] = dict(registered.parameter_specification)

    class MuertosGame(pyspiel.Game):  # type: ignore[misc]
        """An OpenSpiel view of one muertos game."""

        def __init__(self, params: dict[str, Any] | None = None) -> None:
            p = {**spec, **(params or {})}
            self.params = p
            self.players = int(p["players"])
            self.seed = int(p["seed"])
            self.deals = int(p["deals"])
            if self.seed < 0 and self.deals < 1:
                raise ValueError(f"deals must be at least 1, got {self.deals}")
            self.codec: Codec = codec(g.id, self.players, {o.name: p[o.name] for o in g.options})
            solo = self.players == 1
            info = pyspiel.GameInfo(
                num_distinct_actions=self.codec.num_actions,
                max_chance_outcomes=self.deals if self.seed < 0 else 0,
                num_players=self.players,
                min_utility=-SOLO_BOUND if solo else -1.0,
                max_utility=SOLO_BOUND if solo else 1.0,
                utility_sum=None if solo else 0.0,
                max_game_length=max_game_length(self.codec),
            )
            super().__init__(_game_type(pyspiel, g, self.players, self.seed), info, p)
            self._shared = _Shared(g.id, p)

        def new_initial_state(self) -> MuertosState:
            # cheap: OpenSpiel's clone() calls this and then overwrites the state
            return MuertosState(self, _Box(None, self.seed if self.seed >= 0 else None))

        def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> MuertosObserver:
            t = iig_obs_type
            if t is None:
                return MuertosObserver(self.codec, False, False)
            private = pyspiel.PrivateInfoType
            if not t.public_info or t.private_info == private.ALL_PLAYERS:
                raise ValueError("muertos observes the public information, with the seat's own or without it")
            public_only = t.private_info == private.NONE
            if public_only and t.perfect_recall:
                raise ValueError("a public observation with perfect recall is not provided")
            return MuertosObserver(self.codec, bool(t.perfect_recall), public_only)

        def __reduce__(self) -> tuple[Any, ...]:
            return (load_game, (g.id, dict(self.params)))

        def __deepcopy__(self, memo: Any) -> MuertosGame:
            return self  # games are immutable

    class MuertosState(pyspiel.State):  # type: ignore[misc]
        """A muertos state behind OpenSpiel's State API (before the deal: a chance node)."""

        def __init__(self, game: MuertosGame, box: _Box) -> None:
            super().__init__(game)
            self._box = box
            self._shared = game._shared

        @property
        def ms(self) -> State:
            """The muertos state (``RuntimeError`` at the chance node: nothing is dealt yet)."""
            b = self._box
            if b.state is None:
                if b.deal is None:
                    raise RuntimeError("this is the deal's chance node: nothing is dealt yet")
                sh = self._shared
                b.state = sh.game.new(sh.players, b.deal, sh.options)
            return b.state

        @property
        def codec(self) -> Codec:
            return self._shared.codec

        def _dealt(self) -> bool:
            return self._box.state is not None or self._box.deal is not None

        def current_player(self) -> int:
            if not self._dealt():
                return int(pyspiel.PlayerId.CHANCE)
            tm = self.ms.to_move
            return int(pyspiel.PlayerId.TERMINAL) if tm is None else tm

        def chance_outcomes(self) -> list[tuple[int, float]]:
            return self._shared.outcomes() if not self._dealt() else []

        def _legal_actions(self, player: int) -> list[int]:
            if not self._dealt() or self.ms.to_move != player:
                return []
            return sorted(self.codec.legal_indices(self.ms))

        def _apply_action(self, action: int) -> None:
            if not self._dealt():
                deals = self._shared.deals
                if not 0 <= action < deals:  # OpenSpiel passes any integer on
                    raise ValueError(f"the deal is one of 0..{deals - 1}, got {action}")
                self._box = _Box(None, action)
            else:
                self.ms.apply(self.codec.actions[self.codec.checked_index(action)])

        def _action_to_string(self, player: int, action: int) -> str:
            if player == pyspiel.PlayerId.CHANCE:
                return f"deal {action}"
            return self.codec.actions[action]

        def is_terminal(self) -> bool:
            return self._dealt() and self.ms.over

        def returns(self) -> list[float]:
            if not self.is_terminal():
                return [0.0] * self._shared.players
            return final_rewards(self.ms, "outcome")

        def own_decisions(self, player: int) -> list[int]:
            """The action indices ``player`` chose so far, in order."""
            return [pa.action for pa in self.full_history() if pa.player == player]

        def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> MuertosState:
            """A state ``player_id`` cannot tell from this one (``State.determinize``)."""
            c: MuertosState = self.clone()
            if self._dealt():
                rng = random.Random(int(probability_sampler() * 2**52))
                c._box = _Box(self.ms.determinize(player_id, rng), None)
            return c

        def __str__(self) -> str:
            if not self._dealt():
                return "(the deal)"
            return json.dumps(self.ms.view(None), sort_keys=True, ensure_ascii=False)

        def __reduce__(self) -> tuple[Any, ...]:
            return (_load_state, (g.id, dict(self._shared.params), self.serialize()))

        def __deepcopy__(self, memo: Any) -> MuertosState:
            return self.clone()  # type: ignore[no-any-return]

    class MuertosObserver:
        """Observation and information-state tensors and strings (see the module's docstring)."""

        def __init__(self, c: Codec, perfect_recall: bool, public_only: bool) -> None:
            self.codec = c
            self.perfect_recall = perfect_recall
            self.public_only = public_only  # what a spectator sees: no seat's hidden cards
            n, k = c.observation_size, c.num_actions
            self.tensor = np.zeros(n + 2 * k if perfect_recall else n, np.float32)
            self.dict = {"observation": self.tensor[:n]}
            if perfect_recall:
                self.dict["own_decisions"] = self.tensor[n : n + k]
                self.dict["last_decision"] = self.tensor[n + k :]

        def set_from(self, state: MuertosState, player: int) -> None:
            self.tensor.fill(0.0)
            if not state._dealt():
                return  # before the deal nobody knows anything
            view = state.ms.view(None if self.public_only else player)
            self.dict["observation"][:] = self.codec.observe_view(view, player)
            if self.perfect_recall:
                mine = state.own_decisions(player)
                np.add.at(self.dict["own_decisions"], mine, 1.0)
                if mine:
                    self.dict["last_decision"][mine[-1]] = 1.0

        def string_from(self, state: MuertosState, player: int) -> str:
            if not state._dealt():
                return ""
            view = state.ms.view(None if self.public_only else player)
            text = json.dumps(view, sort_keys=True, ensure_ascii=False)
            if self.perfect_recall:
                text += "\n" + "\n".join(state.ms.log(player))
            return text

    return registered, MuertosGame


class _Shared:
    """What every state of one game shares; OpenSpiel deep-copies and pickles a state's
    ``__dict__``, so this copies as itself and pickles as the configuration that rebuilds it."""

    def __init__(self, game_id: str, params: dict[str, Any]) -> None:
        self.game = muertos.game(game_id)
        self.params = params
        self.players = int(params["players"])
        self.deals = int(params["deals"])
        self.codec = codec(game_id, self.players, {o.name: params[o.name] for o in self.game.options})
        self.options = self.codec.options
        self._outcomes: list[tuple[int, float]] | None = None

    def outcomes(self) -> list[tuple[int, float]]:
        if self._outcomes is None:
            p = 1.0 / self.deals
            self._outcomes = [(k, p) for k in range(self.deals)]
        return list(self._outcomes)  # the caller's own: one that shuffles it changes no other state

    def __deepcopy__(self, memo: Any) -> _Shared:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (_Shared, (self.game.id, self.params))


class _Box:
    """Holds the muertos state, or the seed still to deal; a deep copy is the engine's
    cheap ``clone`` and a pickle is the state's exact JSON."""

    __slots__ = ("deal", "state")

    def __init__(self, state: State | None, deal: int | None) -> None:
        self.state = state
        self.deal = deal

    def __deepcopy__(self, memo: Any) -> _Box:
        return _Box(None if self.state is None else self.state.clone(), self.deal)

    def __reduce__(self) -> tuple[Any, ...]:
        text = None if self.state is None else json.dumps(self.state.to_json())
        return (_unbox, (text, self.deal))


def _unbox(text: str | None, deal: int | None) -> _Box:
    if text is None:
        return _Box(None, deal)
    d = json.loads(text)
    return _Box(muertos.game(d["game"]).from_json(d), deal)


def load_game(game_id: str, params: dict[str, Any] | None = None) -> Any:
    """``pyspiel.load_game`` of a muertos game by its muertos id, registering the games first."""
    import pyspiel  # type: ignore[import-untyped,import-not-found,unused-ignore]

    register_openspiel()
    return pyspiel.load_game(short_name(game_id), dict(params or {}))


def _load_state(game_id: str, params: dict[str, Any], text: str) -> Any:
    return load_game(game_id, params).deserialize_state(text)


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
