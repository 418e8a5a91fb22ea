"""The engine's conformance checks for every player count and language."""

from __future__ import annotations

import pytest

from muertos.engine.conformance import check_game, check_with_hypothesis
from muertos.games.patzcuaro import GAME


@pytest.mark.parametrize("players", [2, 3, 4])
def test_conformance(players: int) -> None:
    check_game(GAME, players, {"language": "en"}, seeds=200, deep=3)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_conformance_in_spanish(players: int) -> None:
    # The language changes only words: the same seeds play the same games as in English, so
    # 40 of them (each position's listing and action table; the first deeply: JSON, replay,
    # views, determinize) check that the Spanish texts play through. 200 repeated the English
    # run's rules for about 30 s a seat count.
    check_game(GAME, players, {"language": "es"}, seeds=40, deep=1)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_hypothesis(players: int) -> None:
    check_with_hypothesis(GAME, players, None, max_examples=20)
