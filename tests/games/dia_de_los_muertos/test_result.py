"""The score sheet (``result()``): place points and festivity cards, and the arrival
tie-break; the positions and arithmetic are those of ``test_round.py``."""

from __future__ import annotations

from muertos.engine import Result

from .test_round import _arrive


def sheet(r: Result) -> list[tuple[float, float]]:
    return [(x.categories[0].points, x.categories[1].points) for x in r.seats]


def arrive(fest: list[list[str]]) -> Result:
    """``test_round``'s end: Player 2 home first, Player 3 without body parts, Player 1
    walking in 2nd, with these festivity cards."""
    return _arrive(fest).result()


def test_place_and_festivity_rows() -> None:
    # P1 2nd: 5 + Music 1 + Dance 2 + Banquet 3 = 11; P2 1st: 7 + Music 1 = 8; P3 not home: 0
    r = arrive([["music", "dance", "banquet"], ["music"], []])
    assert sheet(r) == [(5, 6), (7, 1), (0, 0)]
    assert [c.key for c in r.seats[0].categories] == ["place", "festivity"]
    assert r.winners == (0,) and r.tie_break is None and r.rating is None


def test_a_tie_goes_to_the_first_home() -> None:
    # P1: 5 + 1 + 2 = 8; P2: 7 + 1 = 8, and P2 reached the goal first
    r = arrive([["music", "dance"], ["music"], []])
    assert sheet(r) == [(5, 3), (7, 1), (0, 0)]
    assert r.winners == (1,) and r.tie_break is not None
    assert r.tie_break.text == "Tied on 8: reaching the goal first decides."
