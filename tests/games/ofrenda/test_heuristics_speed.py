"""The faster heuristics (issue 21) give the numbers the heuristics gave before, exactly:
``evaluate`` against ``reference_heuristics`` (the module as it was) for every seat, on
determinizations along whole games, random and greedy, at every seat count."""

from __future__ import annotations

import pytest

import muertos
from muertos.games.ofrenda import heuristics
from muertos.games.ofrenda.components import TURNS
from tests.agents.test_greedy_speed import check_action_values, check_evaluate_matches

from . import reference_heuristics as reference


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_evaluate_equals_the_reference_in_every_position(players: int) -> None:
    check_evaluate_matches("ofrenda", players, heuristics.evaluate, reference.evaluate)


@pytest.mark.parametrize(("players", "goals"), [(2, False), (2, True), (3, True), (4, False)])
def test_action_values_equal_the_plain_evaluations_after_each_action(players: int, goals: bool) -> None:
    """Every move judged without playing it (``_judge``: taking a portrait or a candle, a
    placement, a discard, a token; in the game's last turn those that end it scored as it
    ends, ``_finals``) gives the numbers of clone, apply and evaluate for every seat, and
    leaves the state as it was; with the goals variant too, where a placement that ends the
    turn claims and the token moves and discards go to a copy."""
    g = muertos.game("ofrenda")
    asked = check_action_values(heuristics.action_values, g, players, range(6), {"common_goals": goals})
    assert sum(d.phase == "play" for d in asked) > 50
    assert sum(d.phase == "take" for d in asked) > 20
    assert sum(d.phase == "token" for d in asked) > 10
    assert any(d.phase == "candle" for d in asked)
    last = [d for d in asked if d.turns[(d.current + 1) % players] >= TURNS]  # the game's last turn
    assert sum(d.phase == "play" for d in last) >= 6
