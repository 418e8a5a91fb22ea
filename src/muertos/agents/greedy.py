"""The greedy agent: one step ahead, by the game's own evaluation of a position."""

from __future__ import annotations

import random
from collections.abc import Sequence

from muertos.engine import State


def one_step_values(state: State, seat: int, actions: Sequence[str]) -> list[float]:
    """The game's evaluation for ``seat`` after each of ``actions``, each tried on a copy
    (``Game.action_values``: ``evaluate(state.after(a), seat)``, or the game's faster way
    to the same numbers)."""
    return state.game.action_values(state, seat, actions)


def bot_moves(state: State, seat: int) -> list[str]:
    """The legal moves a bot chooses among: all of them, or the ones the game's heuristics
    make urgent (``Parts.urgent``: in Die of the Dead, a die for the ofrenda after a long
    stall). Analysis judges every legal move; only a bot's own choice is narrowed."""
    legal = state.legal_actions()
    urgent = state.game.parts.urgent()
    if urgent is None or len(legal) == 1:
        return legal
    return urgent(state, seat, legal) or legal


class GreedyAgent:
    """Tries every legal action on a determinization of what it knows and keeps the best.

    It looks through ``determinize`` so that a card it would draw is a guess, not a peek
    (``Game.determinized_values``: a game may skip redrawing what its values do not read);
    ties are broken at random from its own seed.
    """

    name = "greedy"

    def __init__(self, seed: int = 0, samples: int = 1) -> None:
        self.rng = random.Random(seed)
        self.samples = max(1, samples)

    def act(self, state: State, seat: int) -> str:
        legal = bot_moves(state, seat)
        if len(legal) == 1:
            return legal[0]
        values = state.game.determinized_values
        totals = list(values(state, seat, legal, self.rng))
        for _ in range(1, self.samples):
            for i, v in enumerate(values(state, seat, legal, self.rng)):
                totals[i] += v
        best = max(totals)
        choices = [a for a, v in zip(legal, totals, strict=True) if v >= best - 1e-9]
        return choices[self.rng.randrange(len(choices))]
