"""The faster heuristics (issue 21) give the numbers the heuristics gave before, exactly:
``evaluate`` against ``reference_heuristics`` (the module as it was) for every seat, on
determinizations along whole games, random and greedy, at every seat count."""

from __future__ import annotations

import pytest

import muertos
from muertos.engine import IllegalAction
from muertos.games.ofertu import heuristics, notation
from tests.agents.test_greedy_speed import check_action_values, check_evaluate_matches

from . import reference_heuristics as reference
from .helpers import build


@pytest.mark.parametrize("players", [2])
def test_evaluate_equals_the_reference_in_every_position(players: int) -> None:
    check_evaluate_matches("ofertu", players, heuristics.evaluate, reference.evaluate)


def test_action_values_equal_the_plain_evaluations_after_each_action() -> None:
    """Bids found without playing them (the closing bid's reveal too) give the numbers of
    clone, apply and evaluate, for both seats, along many whole games."""
    asked = check_action_values(heuristics.action_values, muertos.game("ofertu"), 2, range(40))
    closing = [
        d for d in asked if d.phase == "bid" and d.placed[d.turn] + 1 == d.quota == d.placed[1 - d.turn]
    ]
    assert len(closing) > 100


def test_action_values_refuse_a_bid_the_rules_refuse() -> None:
    """A bid is valued without playing it only when ``_open_bids`` would list it: a card
    not in hand, or a position without an auction card, is refused as ``after`` refuses it."""
    s = muertos.game("ofertu").new(2, 0)
    assert s.phase == "bid"
    me = s.turn
    other = next(c for c in s.hands[1 - me] if c not in s.hands[me])
    for bad in (notation.BID[other, 0], "bid nothing"):
        with pytest.raises(IllegalAction):
            heuristics.action_values(s, me, [bad])
    s = build(row=[None, "R5", "R6"], hands=[["B1", "B2", "B3"], ["W1", "W2", "W3"]])
    me = s.turn
    with pytest.raises(IllegalAction):
        heuristics.action_values(s, me, [notation.BID[s.hands[me][0], 0]])
