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


def test_action_values_equal_the_plain_evaluations_after_each_action() -> None:
    """Bids found without playing them (the closing bid's reveal too) give the numbers of
    clone, apply and evaluate, for both seats, along many whole games."""
    g = muertos.game("ofertu")
    rnd = random.Random(7)
    closing = 0
    for seed in range(40):
        s = g.new(2, seed)
        greedy = muertos.agent("greedy", seed=seed)
        while not s.over:
            seat = s.to_move
            assert seat is not None
            d = s.determinize(seat, rnd)
            legal = d.legal_actions()
            before = d.to_json()
            for who in (seat, 1 - seat):
                plain = []
                for a in legal:
                    c = d.clone()
                    c.apply(a)
                    plain.append(heuristics.evaluate(c, who))
                assert heuristics.action_values(d, who, legal) == plain
            assert d.to_json() == before
            closing += d.phase == "bid" and d.placed[seat] + 1 == d.quota == d.placed[1 - seat]
            s.apply(greedy.act(s, seat) if rnd.random() < 0.5 else legal[rnd.randrange(len(legal))])
    assert closing > 100
