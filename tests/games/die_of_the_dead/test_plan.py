"""The solo planner for the perfect score (``plan.py``): every way a section scores four,
and whether a whole ofrenda still can, on hand-built positions computed by hand."""

from __future__ import annotations

import random
from collections import Counter

from muertos.games.die_of_the_dead import GAME, DieOfTheDeadState
from muertos.games.die_of_the_dead.components import COMPONENTS
from muertos.games.die_of_the_dead.plan import (
    perfect_plan,
    perfect_quads,
    sections_can_reach_four,
    still_perfect,
)
from muertos.games.die_of_the_dead.scoring import BREAD, CANDLE, INCENSE, MARIGOLD, section_score

from .helpers import D

R, B, G, Y, P = range(5)  # Red, Blue, Green, Yellow, Purple
RED_BOARD = 0
"""The rules' example board: "a Blue 2 urn and a Red 5 urn" on Incense cells 5 and 6."""


def test_the_colours_and_board_are_the_ones_these_positions_were_computed_on() -> None:
    assert COMPONENTS.colour_names == ("Red", "Blue", "Green", "Yellow", "Purple")
    # 0-based cells: Marigold the top, Incense the right, Candle the bottom, Bread the left
    assert COMPONENTS.sections == ((6, 7, 8, 9), (0, 1, 2, 3), (9, 10, 11, 0), (3, 4, 5, 6))
    assert [(u.position, u.colour, u.value) for u in COMPONENTS.boards[RED_BOARD].urns] == [
        (1, B, 2),
        (2, R, 5),
    ]
    assert COMPONENTS.max_per_section == 4 and COMPONENTS.marigold_runs == "ordered"


def test_every_way_a_section_scores_four_counted_by_hand() -> None:
    """ "The most you can ascend for each section is 4 steps." Candles: "all 4 dice are
    different colours, and any two have the same value … If all 4 have the same value,
    ascend 1 step" (2 + 1 + 1): 5·4·3·2 colourings × 6 values. Marigolds: "alternating
    colours (any pair of colours)" and a run of four (2 + 1 + 1): 5·4 pairs × 6 runs (1234,
    2345, 3456 and back). Bread: "the same colour … If the total equals 16, ascend 2 steps"
    (2 + 2; more than 16 only adds 1): 5 colours × the 125 ways four dice make 16. Incense:
    "different colours and values" (2) and both urns' own dice (1 + 1): the two other cells
    take 3·2 colours and 4·3 values."""
    counts = {sec: len(perfect_quads(sec, RED_BOARD)) for sec in (CANDLE, MARIGOLD, BREAD, INCENSE)}
    assert counts == {CANDLE: 720, MARIGOLD: 120, BREAD: 5 * 125, INCENSE: 6 * 12}
    for sec in (CANDLE, MARIGOLD, BREAD, INCENSE):
        urns = COMPONENTS.boards[RED_BOARD].urns if sec == INCENSE else ()
        for quad in perfect_quads(sec, RED_BOARD):
            cols, vals = zip(*quad, strict=True)
            assert section_score(sec, cols, vals, urns) == 4, (sec, quad)


def test_no_way_to_score_four_is_missed() -> None:
    rng = random.Random(3)
    for sec in (CANDLE, MARIGOLD, BREAD, INCENSE):
        urns = COMPONENTS.boards[RED_BOARD].urns if sec == INCENSE else ()
        quads = perfect_quads(sec, RED_BOARD)
        listed = set(quads)
        for _ in range(2000):
            cols = [rng.randrange(5) for _ in range(4)]
            vals = [rng.randrange(1, 7) for _ in range(4)]
            if section_score(sec, cols, vals, urns) == 4:
                assert tuple(zip(cols, vals, strict=True)) in listed
            # and the listed ones near it: the same quad with one die changed
            quad = rng.choice(quads)
            cols, vals = (list(x) for x in zip(*quad, strict=True))
            k = rng.randrange(4)
            vals[k] = rng.randrange(1, 7)
            assert (section_score(sec, cols, vals, urns) == 4) == (
                tuple(zip(cols, vals, strict=True)) in listed
            )


def _ofrenda(**cells: str) -> list[int]:
    """An ofrenda with dice on the named 0-based cells (``c9="g6"``), the rest empty."""
    out = [-1] * COMPONENTS.cells
    for name, die in cells.items():
        out[int(name[1:])] = D(die)
    return out


# Bread (cells 9, 10, 11, 0) all green; Marigold (0, 1, 2, 3) green and yellow, 5 then 4 on
# cells 1 and 2: its only run of four is 6 5 4 3, so cell 0 must be a green 6.
MARIGOLD_DICE = {"c1": "y5", "c2": "g4"}


def test_a_shared_corner_two_sections_need_differently_rules_the_perfect_out() -> None:
    """Bread 6 + 6 + 1 needs a 3 on cell 0 to make 16; the Marigold run needs a 6 there. Each
    section alone can still score four; the ofrenda cannot."""
    ofrenda = _ofrenda(c9="g6", c10="g6", c11="g1", **MARIGOLD_DICE)
    assert sections_can_reach_four(RED_BOARD, ofrenda) == (True, True, True, True)
    assert perfect_plan(RED_BOARD, ofrenda) is None


def test_the_plan_that_keeps_every_die_is_the_only_one_the_rules_allow() -> None:
    """Bread 6 + 3 + 1 needs the 6 the Marigold run needs on cell 0. Then cell 3 is the run's
    yellow 3; Incense (3, 4, 5, 6) takes the urns' blue 2 and red 5 and four different colours
    and values; Candles (6, 7, 8, 9) four 6s, as the green 6 on cell 9: cell 6 a 6 of the
    colour neither Incense nor Candles has yet, purple."""
    ofrenda = _ofrenda(c9="g6", c10="g3", c11="g1", **MARIGOLD_DICE)
    plan = perfect_plan(RED_BOARD, ofrenda)
    assert plan is not None
    assert {c: plan[c] for c in (0, 1, 2, 3, 4, 5, 6, 9, 10, 11)} == {
        0: (G, 6),
        1: (Y, 5),
        2: (G, 4),
        3: (Y, 3),
        4: (B, 2),
        5: (R, 5),
        6: (P, 6),
        9: (G, 6),
        10: (G, 3),
        11: (G, 1),
    }
    assert plan[7][1] == plan[8][1] == 6 and {plan[7][0], plan[8][0]} < {R, B, Y}
    for sec, cells in enumerate(COMPONENTS.sections):
        cols, vals = zip(*(plan[c] for c in cells), strict=True)
        urns = COMPONENTS.boards[RED_BOARD].urns if sec == INCENSE else ()
        assert section_score(sec, cols, vals, urns) == 4


def test_the_dice_still_to_come_must_be_enough() -> None:
    """Seven cells are empty: the City pays a die for each ("If you move a die, remove a die
    from the City"; a draft pays one onto a casket), and they need a green, a yellow, a blue,
    a red, a purple and two more of red, blue and yellow."""
    ofrenda = _ofrenda(c9="g6", c10="g3", c11="g1", **MARIGOLD_DICE)
    enough = Counter({R: 2, B: 2, G: 1, Y: 1, P: 1})
    assert perfect_plan(RED_BOARD, ofrenda, enough, payable=7) is not None
    assert perfect_plan(RED_BOARD, ofrenda, enough, payable=6) is None
    assert perfect_plan(RED_BOARD, ofrenda, enough - Counter({P: 1}), payable=7) is None
    assert perfect_plan(RED_BOARD, ofrenda, enough - Counter({R: 1, B: 1}), payable=7) is None
    # cells 7 and 8 take two of red, blue and yellow: with one red (the urn's) they are blue
    # and yellow, and the yellow 3 of cell 3 leaves no yellow for them
    assert perfect_plan(RED_BOARD, ofrenda, enough - Counter({R: 1}), payable=7) is None
    assert perfect_plan(RED_BOARD, ofrenda, enough - Counter({R: 1}) + Counter({Y: 1}), payable=7) is not None


def test_a_broken_pattern_is_seen_in_its_section_only() -> None:
    """Bread: "If all 4 dice are the same colour": a red die beside a green one ends it."""
    ofrenda = _ofrenda(c10="g3", c11="r1")
    assert sections_can_reach_four(RED_BOARD, ofrenda) == (True, True, False, True)
    assert perfect_plan(RED_BOARD, ofrenda) is None


def _solo_after_the_fill() -> DieOfTheDeadState:
    s = GAME.new(1, 2)
    assert isinstance(s, DieOfTheDeadState)
    for a in ("fill 1 rbg", "fill 2 gyp", "fill 3 rby", "fill 4 bgp"):
        s.apply(a)
    return s


def test_a_solo_game_keeps_its_perfect_until_a_token_leaves_the_game() -> None:
    """Solo: "18 is a perfect score!", and "Tokens are removed from the game when used or
    discarded": without the four different tokens, whose set "ascends 2 steps", 16 is the most."""
    s = _solo_after_the_fill()
    assert still_perfect(s)  # 12 empty cells, 15 City dice, five or six dice of each colour
    before = s.to_json()
    spent = s.clone()
    spent.spent = 1
    assert not still_perfect(spent)
    assert s.to_json() == before  # asking changes nothing
    multi = GAME.new(2, 2)
    assert isinstance(multi, DieOfTheDeadState) and not still_perfect(multi)


def test_a_section_scored_below_four_ends_the_perfect() -> None:
    """A scored section's dice stay on the board, so the plan sees its steps: four purple, red, blue and green 6s
    on the Candles (cells 6 to 9) scored 4, and the rest can still be perfect (a green Bread
    through cell 9, a yellow and green Marigold, the urns' blue 2 and red 5 beside the purple
    6); with a red 1 for the red 6 the Candles scored 3 ("If any 3 have the same value")."""
    s = _solo_after_the_fill()
    s.scored[0][CANDLE] = 1
    for cell, die in zip((6, 7, 8, 9), ("p6", "r6", "b6", "g6"), strict=True):
        s.ofrenda[0][cell] = D(die)
    assert still_perfect(s)
    s.ofrenda[0][7] = D("r1")
    assert not still_perfect(s)


def test_a_solo_game_needs_five_dice_of_one_colour() -> None:
    """Bread: "If all 4 dice are the same colour", and the Marigold's alternate die beside it
    on the shared corner is of that colour too (cells 0 and 2): five dice of one colour. With
    the caskets empty, the City's three of each colour are not enough; two more green dice
    in a casket are (green Bread, yellow and green Marigold, purple and red and blue beside)."""
    s = _solo_after_the_fill()
    s.inside = [[], [], [], []]
    assert s.city == [3, 0] * 5 and not still_perfect(s)
    s.inside[0] = [D("g3"), D("g4")]
    assert still_perfect(s)
    s.city[2 * G] = 0  # green: the two in the casket only
    assert not still_perfect(s)
    s.held = D("g5")  # a green die drafted, its place not yet chosen, is still to come
    s.city[2 * G] = 2
    assert still_perfect(s)
    s.held = -1
    assert not still_perfect(s)
