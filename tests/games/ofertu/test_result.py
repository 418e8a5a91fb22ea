"""The score sheet (``result()``): the display's pips, and the cards that break a tie;
the positions are those of ``test_rounds.py::test_final_scores_and_tie_breaks``."""

from __future__ import annotations

from muertos.engine import Result

from .helpers import build


def finished(d0: list[str], d1: list[str]) -> Result:
    return build(row=["R5"], hands=[[], ["W1"]], display=[d0, d1]).with_position(phase="over").result()


def test_the_display_pips_are_the_score() -> None:
    r = finished(["R10", "R1"], ["R9"])  # 10 + 1 = 11 against 9
    assert [[(c.key, c.points) for c in x.categories] for x in r.seats] == [
        [("display_pips", 11)],
        [("display_pips", 9)],
    ]
    assert r.winners == (0,) and r.tie_break is None and r.rating is None


def test_more_cards_break_a_tie_on_pips_else_a_draw() -> None:
    r = finished(["R10"], ["R3", "R7"])  # 10 each; 1 card against 2
    assert r.winners == (1,) and r.tie_break is not None
    assert r.tie_break.text == "Tied on 10: more cards in the victory display decides."
    r = finished(["R1", "R9"], ["R4", "R6"])  # 10 pips and 2 cards each
    assert r.winners == (0, 1) and r.tie_break is not None
    assert r.tie_break.text == (
        "Tied on 10, and still tied after more cards in the victory display: the victory is shared."
    )
