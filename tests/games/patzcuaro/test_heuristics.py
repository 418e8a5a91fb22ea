"""evaluate(): the seat's lead, from public information and its own hand."""

from __future__ import annotations

import random

from muertos.agents import GreedyAgent
from muertos.games.patzcuaro import GAME
from muertos.games.patzcuaro.heuristics import FUTURE_CARD, LATER, evaluate, fill_gain

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


def test_fill_gain_scores_a_card_by_levels_and_objectives() -> None:
    # Card 28 (yellow: sweet, portrait, candle) on an empty base: 3 types × 1 point, and one
    # set of candle + sweet + portrait for O1-1 (5 points); one yellow card alone makes no
    # four-colour set (O2-A3) and no level has green + bread (O3-2): 3 + 5 = 8.
    objectives = ["O1-1", "O2-A3", "O3-2"]
    assert fill_gain([0] * 9, objectives, [28], 1, sure=1) == 8.0
    # Two placements, the second not sure: 8 for card 28, then card 1 (a candle) adds one
    # base point, weighted LATER.
    assert fill_gain([0] * 9, objectives, [1, 28], 2, sure=1) == 8.0 + LATER * 1
    # No card for a placement: it counts FUTURE_CARD (weighted LATER: it is not sure).
    assert fill_gain([0] * 9, objectives, [], 2) == 2 * LATER * FUTURE_CARD


def test_fill_gain_puts_the_best_card_on_the_level_worth_most() -> None:
    # A full base and one second-level slot open (2a on 1a + 1b): card 33 (three portraits)
    # scores 2 points per portrait there; as the base is full, 2 × 3 = 6, nothing else.
    altar = [1, 2, 9, 15, 0, 0, 0, 0, 0]
    assert fill_gain(altar, ["O1-3", "O2-A1", "O3-5"], [37, 33], 1, sure=1) == 6.0


def test_evaluate_prefers_a_hand_that_fits_the_objectives() -> None:
    # Same position, same hand sizes: cards making objective sets beat unrelated cards.
    objectives = ("O1-1", "O2-A3", "O3-2")
    good = position(2, hands=[[1, 25, 28], [4]], objectives=objectives)
    poor = position(2, hands=[[8, 43, 51], [4]], objectives=objectives)
    assert evaluate(good, 0) > evaluate(poor, 0) + 5


def test_evaluate_counts_the_cards_a_pending_trade_brings() -> None:
    # Moving 1 lands on the bakery's top space (trade a card with bread, then altar): the
    # same move is worth more when the space holds three portraits than a yellow liquor
    # bottle, with objectives that count portraits and punish yellow (O2-C: +8 without).
    objectives = ("O1-4", "O2-C", "O3-2")
    rich = position(2, hands=[[50, 52], [2]], stacks={1: [33]}, objectives=objectives)
    poor = position(2, hands=[[50, 52], [2]], stacks={1: [44]}, objectives=objectives)
    rich.apply("move 1")
    poor.apply("move 1")
    assert evaluate(rich, 0) > evaluate(poor, 0)


def test_greedy_trades_instead_of_flipping_when_it_can() -> None:
    # The flip costs 5 points and draws 2; the trade gives three portrait cards for one
    # with bread, then an altar card. Two cards in hand have bread, so revealing one does
    # not end the trade at once: a one-step look that forgot the cards a trade still
    # brings (the previous evaluation) flipped here every time.
    s = position(2, hands=[[29, 50, 52], [2]], stacks={1: [31, 13, 33]}, objectives=("O1-4", "O2-A1", "O3-1"))
    s.apply("move 1")
    assert s.legal_actions() == ["trade 50", "trade 52", "flip"]
    assert all(GreedyAgent(seed=k).act(s, 0).startswith("trade") for k in range(5))


def test_evaluate_reads_no_hidden_card() -> None:
    s = GAME.new(3, 4)
    rnd = random.Random(0)
    for _ in range(30):
        s.apply(rnd.choice(s.legal_actions()))
    for seat in range(3):
        d = s.determinize(seat, random.Random(1))
        assert evaluate(d, seat) == evaluate(s, seat)
