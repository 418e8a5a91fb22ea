"""A game's parts beside its rules: how it is drawn, judged by bots, and encoded for agents.

Each game's package declares them when it builds its ``Game`` (``GAME = OfrendaGame(Parts(...))``
in its ``__init__.py``), so the engine, the bots, the RL codec and the simulator reach
them through these typed shapes rather than by importing modules named by convention. A
module can be a part: mypy checks a module against a Protocol, function by function.

- ``render``: the table as a seat sees it, a Rich renderable (the terminal and ``muertos show``).
- ``heuristics``: ``evaluate(state, seat)``, how well a seat stands, for bots; optionally a fast
  playout policy ``rollout(state, rng)``, a faster ``action_values(state, seat, actions)`` (the
  evaluation after each action, for the greedy bot), a faster ``determinized_values`` (those values
  on a determinization, without redrawing what they do not read) or a ``mask`` for it, the moves a
  bot must choose among where a game would stall (``urgent``), and search constants (see
  ``muertos.agents.ismcts``).
- ``encoding``: the fixed action space and the observation vector, for the RL adapters.
- ``guide``: the summary, notation and reconstructed components (``muertos rules``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

if TYPE_CHECKING:
    from .game import State

S = TypeVar("S", bound="State")
S_in = TypeVar("S_in", bound="State", contravariant=True)


class Render(Protocol[S_in]):
    """A game's ``render`` module, for its own state class."""

    def render(self, state: S_in, seat: int | None = None) -> Any: ...


class Heuristics(Protocol[S_in]):
    """A game's ``heuristics`` module: at least an evaluation, read only from what ``seat``
    may know (bots call it on determinized copies)."""

    def evaluate(self, state: S_in, seat: int) -> float: ...


class Encoding(Protocol):
    """A game's ``encoding`` module: one fixed action space and observation per configuration."""

    def action_space(self, players: int = 2, options: Mapping[str, Any] | None = None) -> list[str]: ...

    def max_game_length(self, players: int = 2, options: Mapping[str, Any] | None = None) -> int: ...

    def observe(self, view: Any, seat: int, players: int = 2, options: Any = None) -> list[float]: ...


@dataclass(frozen=True)
class Parts(Generic[S]):
    """What a game declares beside its rules (all but ``guide`` and ``render`` optional),
    typed by the game's state class ``S``: each part must accept it."""

    guide: str
    render: Render[S]
    heuristics: Heuristics[S] | None = None
    encoding: Encoding | None = None

    def rollout(self) -> Callable[[S, random.Random], str | None] | None:
        """The heuristics' fast playout policy, if they have one (it may answer None: no opinion)."""
        return getattr(self.heuristics, "rollout", None)

    def action_values(self) -> Callable[[S, int, Sequence[str]], list[float]] | None:
        """The heuristics' own ``action_values(state, seat, actions)``, if they have one: the
        evaluation after each action, exactly as ``Game.action_values`` computes it, but faster."""
        return getattr(self.heuristics, "action_values", None)

    def determinized_values(self) -> Callable[[S, int, Sequence[str], random.Random], list[float]] | None:
        """The heuristics' own ``determinized_values(state, seat, actions, rng)``, if they have
        one: ``action_values`` on ``state.determinize(seat, rng)``, the same numbers found
        without redrawing what the values do not read."""
        return getattr(self.heuristics, "determinized_values", None)

    def urgent(self) -> Callable[[S, int, Sequence[str]], list[str] | None] | None:
        """The heuristics' ``urgent(state, seat, legal)``, if they have one: the moves a bot
        must choose among where the game would otherwise stall (None: any legal move)."""
        return getattr(self.heuristics, "urgent", None)

    def mask(self) -> Callable[[S, int], bool] | None:
        """The heuristics' ``mask(state, seat)``, if they have one: it leaves on ``state`` (a
        copy) only what ``seat`` knows, hidden cards as ``engine.masked`` stand-ins, for
        ``Game.determinized_values`` to ask the values there first; False where they would
        surely read a hidden card (then a determinization is drawn at once)."""
        return getattr(self.heuristics, "mask", None)

    def tuning(self, name: str, default: Any) -> Any:
        """A search constant the heuristics set (``SCALE``, ``PLAYOUT``, ...), else ``default``."""
        return getattr(self.heuristics, name, default)


__all__ = ["Encoding", "Heuristics", "Parts", "Render"]
