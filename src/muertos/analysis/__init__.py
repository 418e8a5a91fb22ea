"""Post-game analysis (issue 20): every decision judged, the mistakes marked.

For each decision, the ISMCTS search values the seat's moves from its information set only
(determinizations of what it knew then, never the true hidden state): the move made, the
best one found, the value lost and a verdict — best, good, inaccuracy, mistake, blunder —
by one table for every game (:mod:`muertos.analysis.verdicts`). A game's analysis adds a
summary per seat (accuracy, counts) and each seat's estimated win share (solo: expected
score) over the game; ``to_json`` is what the web's Analysis view reads.

    >>> import muertos
    >>> from muertos.analysis import Budget, analyze_game
    >>> rec = muertos.play("ofertu", seats=["greedy", "random"], seed=1)
    >>> a = analyze_game(rec, Budget(20), seed=0)
    >>> sorted(a.summary(0).counts) == sorted(["best", "good", "inaccuracy", "mistake", "blunder"])
    True

Budgets are search iterations (deterministic: the same seed gives the same verdicts), with
a time cap a decision as the hard limit.
"""

from .position import (
    CAP_SECONDS,
    DEEP_ITERATIONS,
    DEFAULT_ITERATIONS,
    HINT_ITERATIONS,
    MAX_ITERATIONS,
    Budget,
    Candidate,
    Judgement,
    analyze_position,
    budget_problem,
    hint,
)
from .record import KIND, Analysis, Decision, SeatSummary, Step, analyze_game, decision_seed, steps_of
from .verdicts import SOLO_RANGE, THRESHOLDS, VERDICTS, accuracy, score_range, verdict

__all__ = [
    "CAP_SECONDS",
    "DEEP_ITERATIONS",
    "DEFAULT_ITERATIONS",
    "HINT_ITERATIONS",
    "KIND",
    "MAX_ITERATIONS",
    "SOLO_RANGE",
    "THRESHOLDS",
    "VERDICTS",
    "Analysis",
    "Budget",
    "Candidate",
    "Decision",
    "Judgement",
    "SeatSummary",
    "Step",
    "accuracy",
    "analyze_game",
    "analyze_position",
    "budget_problem",
    "decision_seed",
    "hint",
    "score_range",
    "steps_of",
    "verdict",
]
