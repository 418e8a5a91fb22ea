"""PettingZoo AEC environments for every muertos game (``muertos.rl.aec_env``).

Agents are ``player_0`` … ``player_{n-1}`` (seat order). Each observation is a dict:
``observation`` (float32, the game encoding's fixed-length vector of what the seat may
see, every number in [0, 1]) and ``action_mask`` (int8, 1 for each legal index of the
fixed ``Discrete`` action space). Rewards come once, when the game ends, from the scores
(:func:`muertos.rl.rewards.final_rewards`). ``reset(seed=…)`` fixes the deal and every
roll; an unseeded reset draws the next game's seed from the last seeded one.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped,import-not-found,unused-ignore]

from muertos.engine import State

from .codec import Codec, codec
from .rewards import check_reward, final_rewards


class MuertosAECEnv(AECEnv):  # type: ignore[misc]
    """One muertos game as a PettingZoo AEC environment."""

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"], "is_parallelizable": False}  # noqa: RUF012

    def __init__(
        self,
        game_id: str,
        players: int = 2,
        options: Mapping[str, Any] | None = None,
        reward: str = "outcome",
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.codec: Codec = codec(game_id, players, options)
        self.game = self.codec.game
        self.players = players
        self.reward_mode = check_reward(reward)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"muertos_{self.game.id.replace('-', '_')}_v0"}
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self.agent_name_mapping = {a: i for i, a in enumerate(self.possible_agents)}
        n, k = self.codec.observation_size, self.codec.num_actions
        self._observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, 1.0, (n,), dtype=np.float32),
                    "action_mask": spaces.Box(0, 1, (k,), dtype=np.int8),
                }
            )
            for a in self.possible_agents
        }
        self._action_spaces = {a: spaces.Discrete(k) for a in self.possible_agents}
        self._seeds = random.Random()
        self.state_: State | None = None

    # ----------------------------------------------------------------- spaces
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_spaces[agent]

    # ------------------------------------------------------------------- play
    @property
    def muertos_state(self) -> State:
        """The underlying game state (for bots, rendering, debugging)."""
        if self.state_ is None:
            raise RuntimeError("call reset() first")
        return self.state_

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seeds = random.Random(seed)
        self.state_ = self.game.new(
            self.players, seed=self._seeds.getrandbits(48), options=self.codec.options
        )
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def _select(self) -> None:
        s = self.muertos_state
        if s.to_move is not None:
            self.agent_selection = self.possible_agents[s.to_move]
        elif self.agents:
            self.agent_selection = self.agents[0]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self.agent_name_mapping[agent]
        s = self.muertos_state
        obs = np.asarray(self.codec.observe(s, seat), dtype=np.float32)
        mask = np.zeros(self.codec.num_actions, dtype=np.int8)
        if s.to_move == seat:
            mask[self.codec.legal_indices(s)] = 1
        return {"observation": obs, "action_mask": mask}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        s = self.muertos_state
        i = self.codec.checked_index(action)
        name = self.codec.actions[i]
        if self.codec.index.get(name) not in self.codec.legal_indices(s):
            raise ValueError(f"{agent}: action {i} ({name!r}) is not legal now (see action_mask)")
        self._cumulative_rewards[agent] = 0.0
        s.apply(name)
        if s.over:
            for a, r in zip(self.possible_agents, final_rewards(s, self.reward_mode), strict=True):
                self.rewards[a] = r
                self.terminations[a] = True
                self.infos[a] = {"scores": s.scores(), "winners": s.winners()}
        self._select()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    # ----------------------------------------------------------------- extras
    def action_name(self, index: int) -> str:
        """The notation of an action index (``"take 3"``)."""
        return self.codec.actions[index]

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        s = self.muertos_state
        text = f"{s.status()}\n" + "\n".join(s.log(None)[-5:])
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass
