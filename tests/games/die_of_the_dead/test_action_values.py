"""The greedy bot's question answered the game's own faster way (issue 21): ``action_values``
gives, for every action, exactly ``evaluate(state.after(a), seat)``, in every position of
whole games (greedy and random moves, every seat count, solo too) for the seat deciding and
for another; and it leaves the state as it found it."""

from __future__ import annotations

import random

import pytest

from muertos.games.die_of_the_dead import GAME
from muertos.games.die_of_the_dead.heuristics import action_values
from tests.agents.test_greedy_speed import positions, snapshot


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_action_values_are_the_evaluations_after_each_action(players: int) -> None:
    rnd = random.Random(players)
    for seed in range(3):
        for s in positions(GAME, players, seed):
            if s.over:
                continue
            d = s.determinize(s.to_move, rnd)
            legal, before = d.legal_actions(), snapshot(d)
            for who in {d.to_move or 0, players - 1}:
                assert action_values(d, who, legal) == [GAME.evaluate(d.after(a), who) for a in legal]
            assert snapshot(d) == before, "action_values changed the state it was asked about"
