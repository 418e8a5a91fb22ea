"""Scoring: the rulebook's 69-point example, every objective kind, tie-breaks."""

from __future__ import annotations

from muertos.games.patzcuaro import scoring
from muertos.games.patzcuaro.components import COMPONENTS as C

from .build import position

# The rulebook's example (rules map B-P12): base #1 pink [candle], #5 pink [candle×3],
# #12 yellow [skull×3], #47 purple [liquor×3]; level 2 #24 yellow [sweet×2],
# #26 green [sweet×3], #52 yellow [bread×2]; top #31 purple [portrait×2], #33 pink [portrait×3].
EXAMPLE = [1, 5, 12, 47, 24, 26, 52, 31, 33]
EXAMPLE_OBJECTIVES = ["O1-1", "O2-A3", "O3-1"]


def test_the_rulebook_69_point_example() -> None:
    parts = scoring.breakdown(EXAMPLE, EXAMPLE_OBJECTIVES, flipped=False)
    # Top: 5 portraits × 3 = 15.
    assert parts["level 3"] == 15
    # Level 2: (5 sweets + 2 breads) × 2 = 14.
    assert parts["level 2"] == 14
    # Base: (4 candles + 3 bottles + 3 skulls) × 1 = 10.
    assert parts["level 1"] == 10
    # 1 petal (candle, sweet, portrait): candle 4, sweet 5, portrait 5 → 4 sets × 5 = 20.
    assert parts["O1-1"] == 20
    # 2 petals (one card of each colour, 6 points): pink 3, yellow 3, purple 2, green 1 → 1 set = 6.
    assert parts["O2-A3"] == 6
    # 3 petals (pink card + candle on a level): only the base → 4.
    assert parts["O3-1"] == 4
    assert parts["flip"] == 0
    assert parts["total"] == 69
    # 1+3+3+3 + 2+3+2 + 2+3 = 22 objects (the first tie-break).
    assert scoring.objects_on(EXAMPLE) == 22
    # Flipped, the same altar scores 69 − 5.
    assert scoring.total(EXAMPLE, EXAMPLE_OBJECTIVES, flipped=True) == 64


def test_level_choice_takes_the_best_object_types() -> None:
    # Base with #7 purple [candle, skull, toy], #13 pink [skull×2, portrait], #20 yellow
    # [marigold×2, toy], #45 pink [liquor×2]: skull 3, toy 2, marigold 2, liquor 2, candle 1,
    # portrait 1 → best 3 types: 3 + 2 + 2 = 7 (× 1).
    altar = [7, 13, 20, 45, 0, 0, 0, 0, 0]
    assert scoring.level_counts(altar, 0)[1] == 3
    assert scoring.level_score(altar, 0) == 7
    # Level 2 with #41 pink [toy×2, candle] and #38 green [toy×2]: toy 4, candle 1 → (4+1) × 2 = 10;
    # the same type may score on several levels (A-P12).
    altar = [7, 13, 20, 45, 41, 38, 0, 0, 0]
    assert scoring.level_score(altar, 1) == 10
    # Top with #19 purple [marigold×3] and #28 yellow [sweet, portrait, candle]: 1 type × 3 → 3 × 3 = 9.
    altar = [7, 13, 20, 45, 41, 38, 22, 19, 28]
    assert scoring.level_score(altar, 2) == 9


def test_one_petal_objects_count_icons_over_the_whole_altar() -> None:
    obj = C.objectives["O1-2"]  # sugar skull, marigold, sweet
    # #14 [skull, marigold, liquor], #18 [marigold, sweet], #12 [skull×3]:
    # skull 4, marigold 2, sweet 1 → 1 set → 5.
    assert scoring.objective_score(obj, [14, 18, 12, 0, 0, 0, 0, 0, 0]) == 5
    # Add #26 [sweet×3] on level 2: sweet 4 → min(4, 2, 4) = 2 sets → 10.
    assert scoring.objective_score(obj, [14, 18, 12, 0, 26, 0, 0, 0, 0]) == 10
    assert scoring.objective_score(obj, [0] * 9) == 0


def test_two_petal_colour_objectives() -> None:
    a1, a2, b, c = (C.objectives[x] for x in ("O2-A1", "O2-A2", "O2-B", "O2-C"))
    # Pink #1, #5, #9 and purple #3: sets {pink, purple} = min(3, 1) = 1 → 3 points.
    altar = [1, 5, 9, 3, 0, 0, 0, 0, 0]
    assert scoring.objective_score(a1, altar) == 3
    # Add purple #7 on level 2: min(3, 2) = 2 sets → 6.
    assert scoring.objective_score(a1, [1, 5, 9, 3, 7, 0, 0, 0, 0]) == 6
    # {green, purple, yellow} × 4: green #2, purple #3, yellow #4 and #8 → min(1, 1, 2) = 1 → 4.
    altar = [2, 3, 4, 8, 0, 0, 0, 0, 0]
    assert scoring.objective_score(a2, altar) == 4
    # −3 per yellow card: two yellow → −6; and no +8 with a yellow card.
    assert scoring.objective_score(b, altar) == -6
    assert scoring.objective_score(c, altar) == 0
    # No yellow card: +8, and no penalty.
    assert scoring.objective_score(c, [1, 2, 3, 0, 0, 0, 0, 0, 0]) == 8
    assert scoring.objective_score(b, [1, 2, 3, 0, 0, 0, 0, 0, 0]) == 0


def test_three_petal_levels_4_7_12() -> None:
    obj = C.objectives["O3-2"]  # a green card and a card with bread on a level
    # Base: #46 green [liquor, bread] meets it alone (one card may give both).
    # Level 2: #2 green [candle] and #53 pink [bread, candle] meet it together.
    # Top: #54 green [bread×3].
    base = [46, 1, 3, 5]
    assert scoring.objective_score(obj, [*base, 0, 0, 0, 0, 0]) == 4
    assert scoring.objective_score(obj, [*base, 2, 53, 0, 0, 0]) == 7
    assert scoring.objective_score(obj, [*base, 2, 53, 0, 54, 0]) == 12
    # A green card on one level and bread on another do not count: base #2 green [candle] with
    # #1, #3, #5 (no bread); level 2 #52 yellow [bread×2] (no green) → 0 levels → 0.
    assert scoring.objective_score(obj, [2, 1, 3, 5, 52, 0, 0, 0, 0]) == 0
    assert scoring.objective_score(obj, [0] * 9) == 0


def _finished(altars: dict[int, list[int]], players: int, objectives: tuple[str, str, str]) -> list[int]:
    return (
        position(players, altars=altars, objectives=objectives)
        .with_position(phase="over", ended_by="altar")
        .winners()
    )


def test_tie_break_fewest_objects_then_latest_in_turn_order() -> None:
    objectives = ("O1-1", "O2-C", "O3-1")
    # Player 1: #1 pink [candle] → base 1 + no yellow 8 + pink & candle on the base 4 = 13, 1 object.
    # Player 2: base #30 green [portrait], #22 green [sweet], #43 purple [liquor] (3) + level 2a
    # #23 purple [sweet] (1 × 2) + no yellow 8 = 13, 4 objects.
    p1 = [1, 0, 0, 0, 0, 0, 0, 0, 0]
    p2 = [30, 22, 43, 0, 23, 0, 0, 0, 0]
    assert scoring.total(p1, list(objectives), False) == 13
    assert scoring.total(p2, list(objectives), False) == 13
    # Tied on 13: fewest objects wins, although Player 2 is later in turn order.
    assert _finished({0: p1, 1: p2}, 2, objectives) == [0]
    # Same score and objects: #29 pink [portrait] 1 + 8 = 9, #30 green [portrait] 9, #22 green
    # [sweet] 9 → the player furthest from the starting player (Player 3) wins.
    three = {0: [29] + [0] * 8, 1: [30] + [0] * 8, 2: [22] + [0] * 8}
    assert _finished(three, 3, objectives) == [2]
    assert _finished({0: three[0], 1: three[1]}, 2, objectives) == [1]


def test_highest_score_wins_outright() -> None:
    objectives = ("O1-1", "O2-C", "O3-1")
    # Player 1: 13 (above); Player 2: #29 → 9. Player 1 wins despite being first in turn order.
    assert _finished({0: [1] + [0] * 8, 1: [29] + [0] * 8}, 2, objectives) == [0]
