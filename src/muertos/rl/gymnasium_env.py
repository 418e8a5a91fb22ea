"""Gymnasium environments: one learning seat, the other seats played by muertos bots.

For solo modes (``players=1``) there are no bots: the game's own automa (Ofrenda's
Abuela, Die of the Dead's City) lives inside the rules. The observation is a dict,
``observation`` (float32 vector in [0, 1]) and ``action_mask`` (int8); the action is an
index of the game's fixed ``Discrete`` action space. The reward is 0 until the game ends,
then the learner's final reward from the scores (``reward="score"`` by default for solo,
``"outcome"`` otherwise). An illegal index ends the episode with ``illegal_reward`` and
``info["illegal_action"] = True`` (``illegal="raise"`` raises instead).

Registered with Gymnasium when ``muertos.rl`` is imported, one id per game
(``gym.make("muertos/Ofrenda-v0", players=1)``; see ``muertos.rl.GYM_IDS``), taking the
constructor's keywords. ``action_masks()`` is the legal-action mask that sb3-contrib's
``MaskablePPO`` asks for. An environment pickles with plain ``pickle`` (the game state as
its exact JSON, the seed stream, the opponents) and continues where it stood.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, SupportsFloat

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from muertos.agents import agent as make_agent
from muertos.engine import State

from .codec import codec
from .rewards import check_reward, final_rewards


class MuertosGymEnv(gym.Env[dict[str, np.ndarray], np.int64]):
    """A seat of a muertos game as a single-agent Gymnasium environment."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"]}  # noqa: RUF012

    def __init__(
        self,
        game_id: str,
        players: int = 1,
        seat: int = 0,
        opponents: str | Sequence[str] = "random",
        options: Mapping[str, Any] | None = None,
        reward: str | None = None,
        illegal: str = "end",
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
    ) -> None:
        self.codec = codec(game_id, players, options)
        self.game = self.codec.game
        self.players = players
        if not 0 <= seat < players:
            raise ValueError(f"seat must be 0..{players - 1}, got {seat}")
        self.seat = seat
        others = [i for i in range(players) if i != seat]
        names = [opponents] * len(others) if isinstance(opponents, str) else list(opponents)
        if len(names) != len(others):
            raise ValueError(f"give one opponent per other seat ({len(others)}), got {len(names)}")
        self.opponent_names = dict(zip(others, names, strict=True))
        self.reward_mode = check_reward(reward or ("score" if players == 1 else "outcome"))
        if illegal not in ("end", "raise"):
            raise ValueError("illegal must be 'end' or 'raise'")
        self.illegal = illegal
        self.illegal_reward = float(illegal_reward)
        self.render_mode = render_mode
        n, k = self.codec.observation_size, self.codec.num_actions
        self.observation_space = spaces.Dict(  # type: ignore[assignment]
            {
                "observation": spaces.Box(0.0, 1.0, (n,), dtype=np.float32),
                "action_mask": spaces.Box(0, 1, (k,), dtype=np.int8),
            }
        )
        self.action_space = spaces.Discrete(k)
        self.state_: State | None = None
        self._seeds = random.Random()
        self._opponents: dict[int, Any] = {}
        self._done = False

    @property
    def muertos_state(self) -> State:
        if self.state_ is None:
            raise RuntimeError("call reset() first")
        return self.state_

    def _obs(self) -> dict[str, np.ndarray]:
        s = self.muertos_state
        mask = np.zeros(self.codec.num_actions, dtype=np.int8)
        if self._ours(s):
            mask[self.codec.legal_indices(s)] = 1
        return {
            "observation": np.asarray(self.codec.observe(s, self.seat), dtype=np.float32),
            "action_mask": mask,
        }

    def _info(self) -> dict[str, Any]:
        s = self.muertos_state
        info: dict[str, Any] = {"legal_actions": s.legal_actions() if self._ours(s) else []}
        if s.over:
            info["scores"] = s.scores()
            info["winners"] = s.winners()
        return info

    def _ours(self, s: State) -> bool:
        """The learning seat may act: its turn, and the episode not ended by an illegal index."""
        return s.to_move == self.seat and not self._done

    def _play_others(self) -> None:
        s = self.muertos_state
        while s.to_move is not None and s.to_move != self.seat:
            seat = s.to_move
            s.apply(self._opponents[seat].act(s, seat))

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None:
            self._seeds = random.Random(seed)
        self.state_ = self.game.new(
            self.players, seed=self._seeds.getrandbits(48), options=self.codec.options
        )
        self._opponents = {
            seat: make_agent(name, seed=self._seeds.getrandbits(32))
            for seat, name in self.opponent_names.items()
        }
        self._done = False
        self._play_others()
        return self._obs(), self._info()

    def step(self, action: Any) -> tuple[dict[str, np.ndarray], SupportsFloat, bool, bool, dict[str, Any]]:
        s = self.muertos_state
        if s.over or self._done:
            raise RuntimeError("the episode is over: call reset()")
        i = self.codec.checked_index(action)
        legal = self.codec.legal_indices(s)
        if i not in legal:
            if self.illegal == "raise":
                name = self.codec.actions[i]
                raise ValueError(f"action {i} ({name!r}) is not legal now (see action_mask)")
            self._done = True  # the state is unchanged; the episode ends here
            info = self._info()
            info["illegal_action"] = True
            return self._obs(), self.illegal_reward, True, False, info
        s.apply(self.codec.actions[i])
        self._play_others()
        reward = final_rewards(s, self.reward_mode)[self.seat] if s.over else 0.0
        return self._obs(), reward, s.over, False, self._info()

    def action_masks(self) -> np.ndarray:
        """The legal actions of the learning seat now, as booleans (sb3-contrib's MaskablePPO)."""
        mask = np.zeros(self.codec.num_actions, dtype=bool)
        s = self.state_
        if s is not None and self._ours(s):
            mask[self.codec.legal_indices(s)] = True
        return mask

    def action_name(self, index: int) -> str:
        return self.codec.actions[index]

    def __getstate__(self) -> dict[str, Any]:
        # the codec and the game hold their parts' modules, which do not pickle: keep what
        # rebuilds them, and the state as its JSON
        d = dict(self.__dict__)
        d["codec"] = (self.game.id, self.players, self.codec.options)
        del d["game"]
        d["state_"] = None if self.state_ is None else self.state_.to_json()
        return d

    def __setstate__(self, d: dict[str, Any]) -> None:
        gid, players, options = d["codec"]
        c = codec(gid, players, options)
        d.update(codec=c, game=c.game)
        if d["state_"] is not None:
            d["state_"] = c.game.from_json(d["state_"])
        self.__dict__.update(d)

    def render(self) -> str | None:  # type: ignore[override]
        if self.render_mode != "ansi":
            return None
        s = self.muertos_state
        return f"{s.status()}\n" + "\n".join(s.log(self.seat)[-5:])
