"""A whole game judged: repeatable, one seat as in the whole, JSON for the web."""

from __future__ import annotations

import json

import pytest

import muertos
from muertos.analysis import KIND, VERDICTS, Analysis, Budget, analyze_game, hint
from muertos.match import MatchRecord

BUDGET = Budget(25)


@pytest.fixture(scope="module")
def record() -> MatchRecord:
    return muertos.play("ofertu", seats=["greedy", "random"], seed=4)


@pytest.fixture(scope="module")
def analysis(record: MatchRecord) -> Analysis:
    return analyze_game(record, BUDGET, seed=2)


def test_every_decision_is_judged_and_the_same_seed_gives_the_same_analysis(
    record: MatchRecord, analysis: Analysis
) -> None:
    assert [d.action for d in analysis.decisions] == record.actions
    assert all((d.judgement is None) == d.forced for d in analysis.decisions)
    assert analyze_game(record, BUDGET, seed=2).to_json() == analysis.to_json()


def test_one_seat_is_judged_as_in_the_whole_game(record: MatchRecord, analysis: Analysis) -> None:
    seen: list[tuple[int, int]] = []
    alone = analyze_game(
        record, BUDGET, seed=2, seats=[1], progress=lambda done, total: seen.append((done, total))
    )
    assert alone.seats == [1]
    for d, e in zip(analysis.decisions, alone.decisions, strict=True):
        assert e.judgement == (d.judgement if d.seat == 1 else None)
    judged = sum(1 for d in alone.decisions if d.judgement)
    assert seen == [(n, judged) for n in range(judged + 1)]
    assert alone.summary(1) == analysis.summary(1)


def test_summary_curve_and_json(analysis: Analysis) -> None:
    for seat in (0, 1):
        s = analysis.summary(seat)
        assert sum(s.counts.values()) == s.judged > 0
        assert s.accuracy is not None and 0 <= s.accuracy <= 100
        curve = analysis.curve(seat)
        assert curve[-1] == (len(analysis.decisions), 1.0 if analysis.winners == [seat] else 0.0)
        assert all(0.0 <= v <= 1.0 for _, v in curve)
    data = json.loads(json.dumps(analysis.to_json()))
    assert data["kind"] == KIND and data["units"] == "win_share" and data["verdicts"] == list(VERDICTS)
    assert {d["verdict"] for d in data["decisions"]} <= {*VERDICTS, None}
    assert set(data["curves"]) == {"0", "1"}
    first = next(d for d in data["decisions"] if not d["forced"])
    assert first["best"] in [c["action"] for c in first["candidates"]]


def test_a_solo_game_is_judged_in_points() -> None:
    rec = muertos.play("die-of-the-dead", seats=["greedy"], seed=1)
    a = analyze_game(rec, Budget(6), seats=[0])
    data = a.to_json()
    assert data["units"] == "score" and data["score_range"] == 18.0
    assert a.curve(0)[-1] == (len(rec.actions), rec.scores[0])


def test_a_hint_is_the_best_move_found() -> None:
    s = muertos.game("ofertu").new(2, 3)
    assert s.to_move is not None
    h = hint(s, s.to_move, Budget(30), seed=1)
    assert h.action is None and h.verdict is None
    assert h.best in s.legal_actions() and h.best == h.candidates[0].action


@pytest.mark.parametrize(
    ("iterations", "seconds"),
    [(0, 30.0), (-5, 30.0), (10**9, 30.0), (10, float("nan")), (10, float("inf")), (10, 0)],
)
def test_a_bad_budget_is_refused(iterations: int, seconds: float) -> None:
    with pytest.raises(ValueError, match=r"budget|time cap"):
        Budget(iterations, seconds)


def test_a_decision_that_is_not_the_seats_is_refused() -> None:
    from muertos.analysis import analyze_position

    s = muertos.game("ofertu").new(2, 3)
    assert s.to_move is not None
    with pytest.raises(ValueError, match="no decision"):
        analyze_position(s, 1 - s.to_move, BUDGET)
