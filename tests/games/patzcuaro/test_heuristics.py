"""evaluate(): the seat's lead, from public information and its own hand."""

from __future__ import annotations

import random

from muertos.games.patzcuaro import GAME
from muertos.games.patzcuaro.heuristics import evaluate

from .build import position


def test_evaluate_is_the_final_margin_at_the_end() -> None:
    # 69 against 7 (see test_rules): the winner leads by 62 and half a point for winning.
    s = position(
        2,
        tiles=("T1A", "T2A", "T3A", "T4A"),
        hands=[[33], [41]],
        altars={0: [1, 5, 12, 47, 24, 26, 52, 31]},
        pos=[6, -1],
    )
    s.apply("move 1")
    s.apply("altar 33 3b")
    s.apply("altar 41 1a")
    assert s.scores() == [69.0, 7.0]
    assert evaluate(s, 0) == 62.5
    assert evaluate(s, 1) == -62.0


def test_evaluate_counts_cards_that_can_still_be_placed() -> None:
    # Empty altars; Player 1 holds 3 cards, Player 2 one: 3 × 2 − 1 × 2 = 4.
    s = position(2, hands=[[1, 2, 3], [4]], objectives=("O1-1", "O2-A3", "O3-2"))
    assert evaluate(s, 0) == 4.0 and evaluate(s, 1) == -4.0


def test_evaluate_reads_no_hidden_card() -> None:
    s = GAME.new(3, 4)
    rnd = random.Random(0)
    for _ in range(30):
        s.apply(rnd.choice(s.legal_actions()))
    for seat in range(3):
        d = s.determinize(seat, random.Random(1))
        assert evaluate(d, seat) == evaluate(s, seat)
