"""The last decisions of a solo game, searched to the end on every sample.

Near the end of a solo game the tree of what is left is small: a few hundred positions.
There the search need not estimate: :func:`solve` draws ``samples`` determinizations of
what the seat knows (``state.determinize``, never the true state) and, on each, walks every
line of play to the end, taking the best score at each of the seat's decisions. A root
move's value is its mean best final score over the samples. Where nothing unknown is left
to draw, every sample is the same game and the answer is exact; where cards are still
hidden, it is the exact best for each sample (perfect-information Monte Carlo), averaged.

It gives up (None) when one sample's tree has more than ``nodes`` positions, so it costs
at most ``nodes`` positions to find out, and a bounded time when it answers; and, given a
``deadline`` on a ``clock``, once the clock passes it (a bot's budget is kept).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from muertos.engine import State

SAMPLES = 16
"""Determinizations searched to the end."""
NODES = 2000
"""The most positions one sample's tree may hold for the search to walk it."""


class _TooBig(Exception):
    pass


CHECK_EVERY = 64
"""Positions walked between two looks at the clock."""


def _best(d: State, budget: list[int], time_up: Callable[[], bool]) -> float:
    """The best final score from ``d`` (solo), walking every line; ``budget[0]`` counts
    the positions left to visit."""
    budget[0] -= 1
    if budget[0] < 0 or (budget[0] % CHECK_EVERY == 0 and time_up()):
        raise _TooBig
    if d.over:
        return float(d.scores()[0])
    best = -float("inf")
    legal = d.legal_actions()
    for i, a in enumerate(legal):
        c = d if i == len(legal) - 1 else d.clone()
        c.apply(a)
        best = max(best, _best(c, budget, time_up))
    return best


def solve(
    state: State,
    seat: int,
    rng: random.Random,
    samples: int = SAMPLES,
    nodes: int = NODES,
    deadline: float | None = None,
    clock: Callable[[], float] | None = None,
) -> dict[str, float] | None:
    """Each legal move's mean best final score over ``samples`` determinizations, or None
    when the game is not solo, one sample's tree is larger than ``nodes`` or ``clock()``
    passes ``deadline``."""
    if state.players != 1 or state.over:
        return None

    def time_up() -> bool:
        return deadline is not None and clock is not None and clock() >= deadline

    if time_up():
        return None
    legal = state.legal_actions()
    totals = dict.fromkeys(legal, 0.0)
    try:
        for _ in range(samples):
            d = state.determinize(seat, rng)
            budget = [nodes]
            for a in legal:
                c = d.clone()
                c.apply(a)
                totals[a] += _best(c, budget, time_up)
    except _TooBig:
        return None
    return {a: t / samples for a, t in totals.items()}


def best_move(values: dict[str, float]) -> str:
    """The move of the highest value (the first of ties, in the state's order)."""
    return max(values, key=values.__getitem__)
