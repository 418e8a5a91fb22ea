"""The faster heuristics (issue 21) give the numbers the heuristics gave before, exactly:
``evaluate`` against ``reference_heuristics`` (the module as it was) for every seat, on
determinizations along whole games, random and greedy, at every seat count."""

from __future__ import annotations

import random

import pytest

import muertos
from muertos.games.ofertu import heuristics
from tests.agents.test_greedy_speed import check_action_values

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


def test_action_values_equal_the_plain_evaluations_after_each_action() -> None:
    """Bids found without playing them (the closing bid's reveal too) give the numbers of
    clone, apply and evaluate, for both seats, along many whole games."""
    asked = check_action_values(heuristics.action_values, muertos.game("ofertu"), 2, range(40))
    closing = [
        d for d in asked if d.phase == "bid" and d.placed[d.turn] + 1 == d.quota == d.placed[1 - d.turn]
    ]
    assert len(closing) > 100
