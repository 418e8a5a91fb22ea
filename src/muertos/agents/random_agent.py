"""The random agent: a uniformly random legal action, from its own seeded generator."""

from __future__ import annotations

import random

from muertos.engine import State


class RandomAgent:
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def act(self, state: State, seat: int) -> str:
        legal = state.legal_actions()
        if not legal:
            raise ValueError("the random agent was asked to move in a finished game")
        return legal[self.rng.randrange(len(legal))]
