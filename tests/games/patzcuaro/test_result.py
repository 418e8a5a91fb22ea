"""The score sheet (``result()``): a row per altar level, per objective (by petals), the
flip; the positions and arithmetic are those of ``test_scoring.py``."""

from __future__ import annotations

from collections.abc import Sequence

from muertos.engine import Result

from .build import position
from .test_scoring import EXAMPLE, EXAMPLE_OBJECTIVES


def sheet(r: Result, seat: int) -> dict[str, float]:
    return {c.key: c.points for c in r.seats[seat].categories}


def test_the_rulebook_69_point_example_row_by_row() -> None:
    # base 10, level 2 14, top 15; O1-1 20, O2-A3 6, O3-1 4; no flip = 69 (flipped: 64)
    s = position(2, altars={0: EXAMPLE}, objectives=EXAMPLE_OBJECTIVES, flipped=[True, False])
    r = s.with_position(phase="over", ended_by="altar").result()
    assert sheet(r, 0) == {
        "level_1": 10,
        "level_2": 14,
        "level_3": 15,
        "objective_1": 20,
        "objective_2": 6,
        "objective_3": 4,
        "flip": -5,
    }
    assert r.seats[0].score == 64
    # an empty altar scores nothing: no icon, no set of colours, no level with pink and a candle
    assert sheet(r, 1) == dict.fromkeys(sheet(r, 1), 0)
    assert [c.label for c in r.seats[0].categories][:3] == ["Altar base", "Altar second level", "Altar top"]
    assert r.winners == (0,) and r.tie_break is None and r.rating is None


def test_the_tie_break_sentences() -> None:
    objectives = ("O1-1", "O2-C", "O3-1")
    # test_scoring: 13 each (base 1 + no yellow 8 + pink & candle 4, against base 3 + level 2 2
    # + no yellow 8); 1 object against 4
    p1 = [1, 0, 0, 0, 0, 0, 0, 0, 0]
    p2 = [30, 22, 43, 0, 23, 0, 0, 0, 0]
    r = (
        position(2, altars={0: p1, 1: p2}, objectives=objectives)
        .with_position(phase="over", ended_by="altar")
        .result()
    )
    assert sheet(r, 1) == {
        "level_1": 3,
        "level_2": 2,
        "level_3": 0,
        "objective_1": 0,
        "objective_2": 8,
        "objective_3": 0,
        "flip": 0,
    }
    assert r.winners == (0,) and r.tie_break is not None
    assert r.tie_break.text == "Tied on 13: fewest objects on the altar decides."
    # 9 each and one object each: the seat latest in turn order
    three: dict[int, Sequence[int]] = {0: [29] + [0] * 8, 1: [30] + [0] * 8, 2: [22] + [0] * 8}
    r = (
        position(3, altars=three, objectives=objectives)
        .with_position(phase="over", ended_by="altar")
        .result()
    )
    assert r.winners == (2,) and r.tie_break is not None
    assert r.tie_break.text == "Tied on 9: the latest place in turn order decides."
