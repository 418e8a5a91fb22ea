"""Index ↔ action and view → numbers, for one game at one seat count and options.

The game's own ``encoding`` module (``muertos.games.<pkg>.encoding``) supplies the two
tables; this module holds no game rules. A :class:`Codec` is what every adapter (PettingZoo,
Gymnasium, OpenSpiel) builds on:

    >>> from muertos.rl.codec import codec
    >>> c = codec("ofertu", players=2)
    >>> c.actions[:2], c.num_actions
    (['bid R1 on 1', 'bid R1 on 2'], 181)
    >>> import muertos
    >>> s = muertos.game("ofertu").new(players=2, seed=1)
    >>> mask = c.mask(s); sum(mask) == len(s.legal_actions())
    True
    >>> len(c.observe(s, 0)) == c.observation_size
    True
"""

from __future__ import annotations

import operator
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from muertos.engine import Encoding, Game, State, game
from muertos.engine.game import normalize


def encoding_module(g: Game) -> Encoding:
    """The encoding the game declares among its parts."""
    if g.parts.encoding is None:
        raise NotImplementedError(f"{g.id} declares no RL encoding")
    return g.parts.encoding


@dataclass
class Codec:
    """The fixed action enumeration and observation encoding of one game configuration."""

    game: Game
    players: int
    options: dict[str, Any]
    actions: list[str]
    observation_size: int
    module: Encoding = field(repr=False)
    index: dict[str, int] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        self.index = {a: i for i, a in enumerate(self.actions)}
        if len(self.index) != len(self.actions):
            raise ValueError(f"{self.game.id}: the action space repeats a spelling")
        for a in self.actions:
            self.index.setdefault(normalize(a), self.index[a])

    @property
    def num_actions(self) -> int:
        return len(self.actions)

    def action_index(self, action: str) -> int:
        """Index of a legal action's spelling; ``KeyError`` if the enumeration lacks it."""
        i = self.index.get(action)
        if i is None:
            i = self.index.get(normalize(action))
        if i is None:
            raise KeyError(f"{self.game.id}: action {action!r} is missing from the action space")
        return i

    def checked_index(self, action: Any) -> int:
        """An agent's action index, refused unless it is an integer of the action space: a
        float, a string or a bool is not silently truncated into some other move."""
        if isinstance(action, bool):  # NumPy's bool has no index either
            raise TypeError(f"an action is an integer index, got the bool {action!r}")
        try:
            i = operator.index(action)  # int, NumPy integers and 0-d integer arrays
        except TypeError:
            raise TypeError(
                f"an action is an integer index, got {type(action).__name__} {action!r}"
            ) from None
        if not 0 <= i < len(self.actions):
            raise ValueError(f"action index {i} outside 0..{len(self.actions) - 1}")
        return i

    def legal_indices(self, state: State) -> list[int]:
        """Indices of the legal actions, in the state's order."""
        return [self.action_index(a) for a in state.legal_actions()]

    def mask(self, state: State) -> list[int]:
        """1 for every legal action's index, 0 elsewhere (all 0 once the game is over)."""
        m = [0] * len(self.actions)
        for i in self.legal_indices(state):
            m[i] = 1
        return m

    def observe(self, state: State, seat: int) -> list[float]:
        """The seat's observation: built only from ``state.view(seat)``."""
        return self.observe_view(state.view(seat), seat)

    def observe_view(self, view: Mapping[str, Any], seat: int) -> list[float]:
        obs = [float(x) for x in self.module.observe(dict(view), seat, self.players, self.options)]
        if len(obs) != self.observation_size:
            raise ValueError(
                f"{self.game.id}: observation has {len(obs)} numbers, expected {self.observation_size}"
            )
        return obs


def _key(options: Mapping[str, Any] | None) -> tuple[tuple[str, Any], ...]:
    return tuple(sorted((options or {}).items()))


@cache
def _codec(game_id: str, players: int, options: tuple[tuple[str, Any], ...]) -> Codec:
    g = game(game_id)
    opts = g.check_options(players, dict(options))
    module = encoding_module(g)
    actions = list(module.action_space(players, opts))
    probe = g.new(players, seed=0, options=opts)
    size = len(module.observe(probe.view(0), 0, players, opts))
    return Codec(g, players, opts, actions, size, module)


def codec(game_id: str, players: int, options: Mapping[str, Any] | None = None) -> Codec:
    """The (cached) :class:`Codec` of a game for a seat count and options."""
    g = game(game_id)
    return _codec(g.id, players, _key(g.check_options(players, options)))


def max_game_length(c: Codec) -> int:
    """An upper bound on the number of decisions in one game (the encoding may state one)."""
    f = getattr(c.module, "max_game_length", None)
    return int(f(c.players, c.options)) if f is not None else 10_000
