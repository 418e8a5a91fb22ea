"""Each game's hand-built position with one clear blunder: the analysis marks it, and the
winning move as best. Each comment says why (checked by playing every move out)."""

from __future__ import annotations

import pytest

from muertos.analysis import Budget, Judgement, analyze_position
from muertos.engine import State

BUDGET = Budget(120)
BAD = ("mistake", "blunder")


def judge(s: State, action: str, seed: int = 1) -> Judgement:
    seat = s.to_move
    assert seat is not None
    return analyze_position(s, seat, BUDGET, seed, action)


def assert_blunder_marked(s: State, winning: str, losing: str) -> None:
    bad = judge(s, losing)
    assert bad.verdict in BAD, bad
    assert bad.best == winning and bad.loss is not None and bad.loss >= 0.10
    good = judge(s, winning)
    assert good.verdict == "best" and good.loss == 0.0, good


def test_ofrenda_discarding_the_portrait_that_fills_the_board() -> None:
    from tests.games.ofrenda.helpers import arrange, new

    mine = "P15 P24 P25 P09 P07 P23 P02 P03 P05 P08 P17 P31"
    theirs = "P13 P21 P01 P35 P16 P20 P30 P19 P10 P04 P34"
    s = arrange(
        new(2, seed=8),
        boards={
            seat: {f"S{i}": p for i, p in enumerate(cards.split(), 1)}
            for seat, cards in ((0, mine), (1, theirs))
        },
        hands={1: ["P29"]},
        current=1,
        phase="play",
    )
    # Player 2's last turn: P29 in S12 lights its neighbours, 9 to 8; discarding it for
    # 3 marigolds ends the game 6 to 8.
    assert s.legal_actions() == ["place P29 S12", "discard P29"]
    assert_blunder_marked(s, "place P29 S12", "discard P29")


def test_ofertu_a_bid_without_red_throws_the_round_away() -> None:
    from tests.games.ofertu.helpers import build

    s = build(
        row=["R10", "R1"],
        hands=[["R3", "B9"], ["W2"]],
        red_deck=[],
        red_discard=["R2"],
        display=[["R8", "R9"], ["R4", "R5", "R6", "R7"]],
    )
    # The last auction, one card each, 17 to 22: R3 on R10 wins it for the display (27);
    # B9 wins it only into the hand (17 to 22), R3 on R1 only 18.
    assert_blunder_marked(s, "bid R3 on 1", "bid B9 on 1")


def test_patzcuaro_passing_the_last_card() -> None:
    from tests.games.patzcuaro.build import position

    s = position(
        2,
        hands=[[40], [17, 48, 23]],
        altars={0: [51, 45, 55, 42, 34, 2, 30, 16], 1: [50, 4, 11, 8, 24, 31, 46, 25]},
        pos=[6, -1],
        rest_to=1,
    )
    s.apply("move 1")
    s.apply("altar 40 3b")  # Player 1 completes the altar: Player 2 adds one last card
    assert s.to_move == 1 and s.phase == "last"
    # Card 17 on the top slot wins 36 to 31; 23 or 48 make 30, passing 27.
    assert_blunder_marked(s, "altar 17 3b", "pass")


def test_die_of_the_dead_the_wrong_colour_in_the_last_cell() -> None:
    from muertos.games.die_of_the_dead.scoring import BREAD
    from tests.games.die_of_the_dead.helpers import arrange, fill, opened, table

    s = opened(table(2), 2, "g5 r6")
    s = fill(s, 0, {c: "y3" for c in range(2, 10)})
    s = fill(s, 0, {10: "g4", 11: "g4", 12: "g4"})
    s = arrange(s, scored=[[0 if sec == BREAD else 1 for sec in range(4)], s.scored[1]], steps=[5, 7])
    # Cell 1 completes Bread (cells 10 11 12 1) and the ofrenda, which ends the game: g5
    # makes it green with 17, 3 steps (8 to 7); r6 breaks the colour, 1 step (6 to 7).
    assert_blunder_marked(s, "draft g5 to 1", "draft r6 to 1")


def test_dia_de_los_muertos_not_walking_home_in_the_last_round() -> None:
    from tests.games.dia_de_los_muertos.helpers import play, table

    s = table(
        pos=[27, 32, 15],
        home=[0, 1, 0],
        arms=[2, 2, 1],
        legs=[2, 2, 1],
        lay=["kick", None, None],
        hands=[["kick"], [], []],
        gd=6,
        fest=[["music", "banquet"], [], []],
        stock=[0, 0, 1],
        options={"round_limit": 1},  # the game is scored at the end of this round
    )
    play(s, "move")
    # Home now: 9 to Player 2's 7; ending the turn on the path: 4.
    assert_blunder_marked(s, "walk 32", "end")


@pytest.mark.parametrize("seed", [1, 2])
def test_the_same_seed_gives_the_same_judgement(seed: int) -> None:
    from tests.games.ofertu.helpers import build

    s = build(row=["R10", "R1", "R5"], hands=[["R3", "B9", "B2"], ["W2", "W8"]])
    a = analyze_position(s, 0, Budget(40), seed, "bid B2 on 3")
    assert analyze_position(s, 0, Budget(40), seed, "bid B2 on 3") == a
    assert analyze_position(s.clone(), 0, Budget(40), seed, "BID b2 ON 3").to_json() == a.to_json()
