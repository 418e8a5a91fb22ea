"""The faster heuristics (issue 21) give the numbers the heuristics gave before, exactly:
``evaluate`` against ``reference_heuristics`` (the module as it was) for every seat, on
determinizations and their children along whole games, random and greedy, at every seat
count."""

from __future__ import annotations

import pytest

from muertos.games.dia_de_los_muertos import heuristics
from tests.agents.test_greedy_speed import check_evaluate_matches

from . import reference_heuristics as reference


@pytest.mark.parametrize("players", [2, 3, 6])
def test_evaluate_equals_the_reference_in_every_position(players: int) -> None:
    check_evaluate_matches("dia-de-los-muertos", players, heuristics.evaluate, reference.evaluate)
