"""The faster heuristics (issue 21) give the numbers the heuristics gave before, exactly:
``evaluate`` against ``reference_heuristics`` (the module as it was) for every seat, on
determinizations along whole games, random and greedy, at every seat count."""

from __future__ import annotations

from typing import cast

import pytest

import muertos
from muertos.games.patzcuaro import heuristics
from muertos.games.patzcuaro.rules import PatzcuaroState
from tests.agents.test_greedy_speed import check_action_values, check_evaluate_matches, positions

from . import reference_heuristics as reference


@pytest.mark.parametrize("players", [2, 3, 4])
def test_evaluate_equals_the_reference_in_every_position(players: int) -> None:
    check_evaluate_matches("patzcuaro", players, heuristics.evaluate, reference.evaluate)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_action_values_are_the_plain_evaluations_in_every_position(players: int) -> None:
    """``action_values`` (moves, reveals and altar cards tried on one copy, the others'
    values worked out once) against clone, apply, evaluate for every seat, in every position
    of whole games; the positions include each shortcut's cases: a mover flipped or not, a
    trade, altar cards in play and ones that end the game."""
    asked = check_action_values(heuristics.action_values, muertos.game("patzcuaro"), players, range(3))
    cases = {_case(cast(PatzcuaroState, s)) for s in asked}
    assert {"move", "flipped move", "trade", "altar", "ending altar"} <= cases


def _case(s: PatzcuaroState) -> str:
    if s.phase == "move":
        return "flipped move" if s.flipped[s.turn] else "move"
    if s.phase == "act" and s._current_step().kind == "trade":
        return "trade"
    altars = [a for a in s.legal_actions() if a.startswith("altar")]
    return "ending altar" if altars and s.after(altars[0]).over else "altar"


def test_plain_actions_include_ones_that_keep_and_change_the_others_values() -> None:
    """The actions ``action_values`` plays on a copy (flips, takes, reveals that take)
    include ones that leave the others' values as they were, judged by the mover's value
    alone, and ones that do not (the game's last cards), evaluated whole: both come up in
    the 4-seat games whose every position the test above checks."""
    held = set()
    for seed in range(3):
        for s in positions(muertos.game("patzcuaro"), 4, seed):
            s = cast(PatzcuaroState, s)
            if s.phase != "act":
                continue
            rivals = heuristics._Rivals(s, s.turn, s.turn)
            for a in s.legal_actions():
                if a.split()[0] in ("flip", "take", "trade"):
                    held.add(rivals.hold(heuristics._after(s, a)))
    assert held == {True, False}
