"""The engine's conformance checks, for Ofertu's one player count (2) and no options."""

from __future__ import annotations

from muertos.engine.conformance import check_game, check_with_hypothesis
from muertos.games.ofertu import GAME


def test_conformance_200_seeds() -> None:
    check_game(GAME, 2, {}, seeds=200, deep=3)


def test_conformance_more_deep_seeds() -> None:
    # Tie-breaks and reshuffles are rare in the first three games: check more positions deeply.
    check_game(GAME, 2, {}, seeds=12, deep=12, first_seed=1000)


def test_conformance_hypothesis() -> None:
    check_with_hypothesis(GAME, 2, {}, max_examples=20)
