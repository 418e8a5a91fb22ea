"""What an agent is, for the engine's contract: anything that picks an action for a seat."""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from .game import State


@runtime_checkable
class Agent(Protocol):
    """Anything that picks an action for a seat. It must decide from what that seat may
    know: ``state.view(seat)``, ``state.legal_actions()`` on its own turn, or
    ``state.determinize(seat, rng)``."""

    name: str

    def act(self, state: State, seat: int) -> str: ...
