"""Section scoring: the rules' conditions on hand-picked dice (the strict Marigold runs of
A-DD3, the wild dice of A-DD10, the urns of B-DD3) and the rules' worked example."""

from __future__ import annotations

import pytest

from muertos.games.die_of_the_dead.components import CALAVERA, COMPONENTS
from muertos.games.die_of_the_dead.notation import COLOURS, colour_of, face_of
from muertos.games.die_of_the_dead.scoring import (
    BREAD,
    CANDLE,
    INCENSE,
    MARIGOLD,
    WILD,
    section_score,
)

from .helpers import arrange, fill, opened, table

RED_URNS = COMPONENTS.boards[0].urns  # Blue 2 on cell 5, Red 5 on cell 6 (incense positions 1, 2)


def _parse(text: str) -> tuple[list[int], list[int]]:
    """'G3 G2 G4 G★' -> colours and values (★ = wild)."""
    cols, vals = [], []
    for t in text.lower().split():
        cols.append(COLOURS.index(t[0]))
        vals.append(WILD if t[1] == "★" else int(t[1]))
    return cols, vals


VECTORS = [
    (BREAD, "G3 G2 G4 G3", 2),  # same colour, 12 > 10
    (BREAD, "G6 G5 G3 G2", 4),  # same colour > 10 (2) + total = 16 (2)
    (BREAD, "R6 B6 G5 Y1", 1),  # 18 > 16
    (BREAD, "G6 G5 G3 G★", 4),  # the wild die is a 2: 16
    (CANDLE, "R4 R4 B4 G1", 1),  # three equal; colours not all different
    (CANDLE, "R3 B3 G3 Y3", 4),  # 2 + 1 + 1
    (CANDLE, "R2 B2 G5 Y6", 2),
    (INCENSE, "Y1 B2 R5 G6", 4),  # all different 2 + Blue 2 urn + Red 5 urn
    (INCENSE, "Y1 B3 R5 G6", 3),  # 2 + Red 5 urn
    (MARIGOLD, "R2 B3 R4 B1", 3),  # alternating + pair 2, run 2-3-4 1
    (MARIGOLD, "R1 B2 R3 B4", 4),
    (MARIGOLD, "R4 B3 R2 B1", 4),  # descending runs count
    (MARIGOLD, "R6 B1 R6 B1", 0),  # 6-1 is not consecutive
    (MARIGOLD, "R2 B3 R2 B3", 2),  # 2-3-2 is no run
]


@pytest.mark.parametrize(("item", "text", "expected"), VECTORS)
def test_section_scoring_vectors(item: int, text: str, expected: int) -> None:
    cols, vals = _parse(text)
    assert section_score(item, cols, vals, RED_URNS if item == INCENSE else ()) == expected


def test_scores_are_capped_at_four_and_wilds_take_their_best_value() -> None:
    # Candle with four wilds of four colours: all equal -> 2 + 1 + 1 = 4 (never more)
    assert section_score(CANDLE, [0, 1, 2, 3], [WILD] * 4) == 4
    # Bread G6 G6 G6 G★: 18+w > 16 -> same colour 2 + >16 1 = 3 at best (16 impossible)
    assert section_score(BREAD, [2, 2, 2, 2], [6, 6, 6, WILD]) == 3
    # Incense Y1 B★ R5 G6: the wild becomes a 2 for the Blue urn: 2 + 1 + 1
    assert section_score(INCENSE, [3, 1, 0, 2], [1, WILD, 5, 6], RED_URNS) == 4
    # a wild die keeps its colour: Y★ on the Blue 2 urn cannot match it -> 2 + Red 5 = 3
    assert section_score(INCENSE, [3, 3, 0, 2], [1, WILD, 5, 6], RED_URNS) == 1 + 0
    # Marigold R1 B★ R3 B★: wilds 2 and 4 make 1-2-3-4 alternating: 4
    assert section_score(MARIGOLD, [0, 1, 0, 1], [1, WILD, 3, WILD]) == 4


def board_value(cells: list[int], item: int) -> int:
    """What a complete section of the Red player's board scores."""
    dice = [cells[c] for c in COMPONENTS.sections[item]]
    vals = [WILD if face_of(d) == CALAVERA else face_of(d) for d in dice]
    return section_score(item, [colour_of(d) for d in dice], vals, RED_URNS if item == INCENSE else ())


def test_rules_worked_example_on_a_whole_board() -> None:
    """The rules' example: Bread 2 (same colour, > 10), Candles 1 (three equal values),
    Incense 4 (2 + Red 5 + Blue 2), Marigolds 3 (alternating + pair, run 2-3-4).

    Built on the Red player's board (urns Blue 2 in cell 5, Red 5 in cell 6):
      Marigold cells 1-4: Y2 G3 Y4 G6  -> alt Y/G, 2-3 consecutive: 2; run 2-3-4: 1; = 3
      Incense  cells 4-7: G6 B2 R5 P1  -> 4 colours, 4 values: 2; B2 urn 1; R5 urn 1; = 4
      Candle   cells 7-10: P1 P1 B1 Y4 -> three 1s: 1 (colours P P B Y not all different)
      Bread    cells 10-1: Y4 Y3 Y3 Y2 -> all yellow, 12 > 10: 2 (not > 16, not 16)
    Total 10 steps, scored in the order Marigold, Incense, Candle, Bread.
    """
    s = fill(
        table(2),
        0,
        {
            1: "y2",
            2: "g3",
            3: "y4",
            4: "g6",
            5: "b2",
            6: "r5",
            7: "p1",
            8: "p1",
            9: "b1",
            10: "y4",
            11: "y3",
            12: "y3",
        },
    )
    assert [board_value(s.ofrenda[0], i) for i in (BREAD, CANDLE, INCENSE, MARIGOLD)] == [2, 1, 4, 3]
    # score them through the scoring phase, choosing the order and blank/any squares; the
    # Candle casket is open and empty, its board too (its five tokens are held, 4 and 1)
    s = opened(s, 1, "", actor=1)
    s = arrange(s, boards=[0, 5, 5, 5], hands=[[4, 0, 0, 0], [1, 0, 0, 0]])
    s.apply("ascend")  # Player 2 closes the round: +1 step for Player 2,
    s.apply("square a")  # resting on square A of step 1 (no bonus)
    assert s.phase == "score" and s.actor == 0
    assert s.legal_actions() == ["score candle", "score marigold", "score bread", "score incense"]
    steps = []
    for sec in ("marigold", "incense", "candle"):
        s.apply(f"score {sec}")
        steps.append(s.steps[0])
        while s.phase in ("land", "bonus"):
            s.apply(s.legal_actions()[-1])  # last square / skip
    # the last section left scores without a choice
    assert steps == [3, 7, 8] and s.steps[0] == 10
    assert s.scored[0] == [1, 1, 1, 1] and s.over


def test_marigold_run_reading_is_data(monkeypatch: pytest.MonkeyPatch) -> None:
    """R3 B1 R2 B4: alternating with 1-2 neighbours -> 2. Strict (default) runs need +-1 at
    each step: 3,1,2 and 1,2,4 are none -> 2. The looser "set" reading of A-DD3 counts
    3,1,2 (a run of three) and 3,1,2,4 (a run of four) -> 2 + 1 + 1 = 4."""
    import dataclasses

    from muertos.games.die_of_the_dead import scoring

    cols, vals = _parse("R3 B1 R2 B4")
    assert section_score(MARIGOLD, cols, vals) == 2
    monkeypatch.setattr(scoring, "COMPONENTS", dataclasses.replace(COMPONENTS, marigold_runs="set"))
    assert section_score(MARIGOLD, cols, vals) == 4
