"""``State.result()`` and the tie-break walk of ``engine.result``, on the toy game and on
made-up numbers."""

from __future__ import annotations

import random

import pytest

from muertos.engine import State, TieRule
from muertos.engine.conformance import ConformanceError, _check_result
from muertos.engine.result import break_tie
from tests.engine.toy import TOY, ToyState

MOST_A = TieRule("a", "most a", (3, 3, 1, 3))
MOST_B = TieRule("b", "most b", (0, 5, 9, 5))


def finished(seed: int) -> State:
    s = TOY.new(2, seed)
    rnd = random.Random(seed)
    while not s.over:
        s.apply(rnd.choice(s.legal_actions()))
    return s


def test_one_best_score_needs_no_tie_break() -> None:
    assert break_tie([4, 9, 2], [MOST_A]) is None


def test_each_rule_narrows_the_tie_in_turn() -> None:
    tb = break_tie([7, 7, 7, 7], [MOST_A, MOST_B])
    assert tb is not None and tb.tied == (0, 1, 2, 3)
    assert tb.decided_by == (MOST_A, MOST_B) and tb.winners == (1, 3)
    assert tb.text == "Tied on 7, and still tied after most a and most b: the victory is shared."
    tb = break_tie([7, 7, 7, 1], [MOST_A, MOST_B])  # a: 0 and 1 left; b: 1
    assert tb is not None and tb.winners == (1,) and tb.text == "Tied on 7: most a, then most b decides."


def test_a_rule_that_does_not_narrow_is_not_named_as_deciding() -> None:
    tb = break_tie([5, 5, 0, 0], [MOST_A, MOST_B])  # a: 3 and 3, b: 0 and 5
    assert tb is not None and tb.decided_by == (MOST_B,) and tb.winners == (1,)
    assert tb.text == "Tied on 5: most b decides."
    shared = break_tie([2.5, 2.5], [])
    assert shared is not None and shared.text == "Tied on 2.5: the victory is shared."


def test_the_default_sheet_is_one_row_of_the_score() -> None:
    s = finished(3)
    r = s.result()
    assert r.over and [x.score for x in r.seats] == s.scores()
    assert [[(c.key, c.points) for c in x.categories] for x in r.seats] == [
        [("score", v)] for v in s.scores()
    ]
    assert list(r.winners) == s.winners() and r.rating is None
    assert (r.tie_break is None) == (s.scores().count(max(s.scores())) == 1)
    fresh = TOY.new(2, 3).result()
    assert not fresh.over and fresh.winners == () and fresh.tie_break is None


def test_the_conformance_check_catches_a_sheet_that_does_not_add_up(monkeypatch: pytest.MonkeyPatch) -> None:
    from muertos.engine import Category

    s = finished(4)
    _check_result(s, "toy")
    monkeypatch.setattr(ToyState, "_categories", lambda self, seat: [Category("score", "Score", 1)])
    with pytest.raises(ConformanceError, match="categories sum to 1"):
        _check_result(s, "toy")
    monkeypatch.undo()
    # a tie-break rule that disagrees with winners(): 1 + 2 + 9 = 3 + 4 + 5 = 12, a shared win
    tie = s.with_position(played=[[1, 2, 9], [3, 4, 5]], hands=[[6], [7]], deck=[8, 10, 11, 12])
    assert tie.scores() == [12, 12] and tie.winners() == [0, 1]
    _check_result(tie, "toy")
    monkeypatch.setattr(ToyState, "_tie_breaks", lambda self: [TieRule("x", "x", (1, 0))])
    with pytest.raises(ConformanceError, match="the tie-break rules leave"):
        _check_result(tie, "toy")
