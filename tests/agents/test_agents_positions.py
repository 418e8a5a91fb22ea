"""ISMCTS finds the obvious winning move in a hand-built position of every game.

Each position is built with the game's own test helpers; the comment says why exactly
one move wins (checked by playing every move out).
"""

from __future__ import annotations

import pytest

from muertos.agents import ISMCTSAgent
from muertos.engine import State

SEEDS = (1, 2, 3)


def choices(s: State, iterations: int) -> set[str]:
    seat = s.to_move
    assert seat is not None
    return {ISMCTSAgent(seed, iterations=iterations).act(s, seat) for seed in SEEDS}


def test_ofrenda_last_placement() -> None:
    from tests.games.ofrenda.helpers import arrange, new

    s = arrange(
        new(2, seed=4),
        boards={
            0: {
                "S1": "P18", "S2": "P34", "S3": "P16", "S4": "P14", "S5": "P29", "S6": "P22",
                "S7": "P19", "S8": "P27", "S9": "P32", "S10": "P31", "S11": "P09",
            },
            1: {
                "S1": "P15", "S2": "P33", "S3": "P30", "S4": "P21", "S6": "P12", "S7": "P03",
                "S8": "P11", "S9": "P04", "S10": "P23", "S11": "P10", "S12": "P35",
            },
        },
        hands={0: ["P06"], 1: ["P01", "P17", "P20"]},
    )  # fmt: skip
    for a in ("take 1", "candle 1", "place P06 S12", "marigold J12", "take 1", "no candle"):
        s.apply(a)
    # Player 2's 12th and last turn: only P05 in the last empty slot S5 wins the game.
    assert s.to_move == 1 and "place P05 S5" in s.legal_actions() and len(s.legal_actions()) == 8
    assert choices(s, 300) == {"place P05 S5"}


def test_die_of_the_dead_completing_bread_scores_and_ends_the_game() -> None:
    from muertos.games.die_of_the_dead.scoring import BREAD
    from tests.games.die_of_the_dead.helpers import arrange, fill, opened, table

    s = opened(table(2), 3, "r2 b5")
    # Player 1's ofrenda lacks only cell 12 (Bread: cells 10 11 12 1, all red 5 so far);
    # the other sections are complete and scored. Steps are level.
    s = fill(s, 0, {c: "p1" for c in range(2, 10)})
    s = fill(s, 0, {1: "r5", 10: "r5", 11: "r5"})
    s = arrange(s, scored=[[0 if sec == BREAD else 1 for sec in range(4)], s.scored[1]], steps=[6, 6])
    # r2 in cell 12: red, total 17 > 16: 3 steps, and the completed ofrenda ends the game
    # after this round with Player 1 ahead. Anything else leaves the race level.
    assert choices(s, 300) == {"draft r2 to 12"}


def test_patzcuaro_last_card_after_the_end_is_triggered() -> None:
    from tests.games.patzcuaro.build import position

    s = position(
        2,
        hands=[[10], [15, 26, 42]],
        altars={0: [8, 2, 20, 25, 22, 27, 51, 13], 1: [17, 7, 49, 33, 14, 39, 28, 56]},
        pos=[6, -1],
        rest_to=1,
    )
    s.apply("move 1")
    s.apply("altar 10 3b")  # Player 1 completes the altar: Player 2 adds one last card
    assert s.to_move == 1 and s.phase == "last"
    # 45 to 35 now; card 26 on the top slot makes 52 to 45, card 42 only 41, card 15 35.
    assert choices(s, 100) == {"altar 26 3b"}


def test_dia_de_los_muertos_walk_home_before_the_round_limit() -> None:
    from tests.games.dia_de_los_muertos.helpers import play, table

    s = table(
        pos=[27, 32, 12],
        home=[0, 1, 0],
        arms=[2, 2, 0],
        legs=[2, 2, 0],
        lay=["kick", None, None],
        hands=[["kick"], [], []],
        gd=6,
        fest=[["dance", "banquet"], ["music"], []],
        stock=[0, 0, 1],
        options={"round_limit": 1},  # the game is scored at the end of this round
    )
    play(s, "move")
    # Home now: 2nd place 5 + 5 festivity = 10 beats Player 2's 8; anywhere else: 5.
    assert "walk 32" in s.legal_actions() and len(s.legal_actions()) > 2
    assert choices(s, 200) == {"walk 32"}


def test_ofertu_bid_red_on_the_ten() -> None:
    from tests.games.ofertu.helpers import build

    s = build(
        row=["R10", "R1"],
        hands=[["R2", "B1", "B5"], ["W1"]],
        red_deck=[],
        red_discard=[],
        display=[["R8", "R9"], ["R3", "R4", "R5", "R6", "R7"]],
    )
    # Last round, one card each. 17 to 25: only R10 won with a red bid (27) wins; Player 2's
    # W1 cannot beat R2, and a bid without red only puts R10 in the hand.
    assert len(s.legal_actions()) == 6
    assert choices(s, 200) == {"bid R2 on 1"}


@pytest.mark.parametrize("iterations", [1, 2])
def test_tiny_budgets_still_answer(iterations: int) -> None:
    from tests.games.ofertu.helpers import build

    s = build(row=["R10", "R1"], hands=[["R2", "B1"], ["W1"]])
    assert ISMCTSAgent(0, iterations=iterations).act(s, 0) in s.legal_actions()
