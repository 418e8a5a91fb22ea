"""One decision judged: the search's value of every move a seat could make, from its
information set only.

The search is the ISMCTS bot's own (``ISMCTSAgent.root_values``): each iteration draws a
determinization of what the seat knows (``state.determinize(seat, rng)``), so the true
hidden cards are never read, and two states the seat cannot tell apart get the same
judgement. An iteration budget, not a clock, makes a judgement repeatable: the same
position, budget and seed give the same verdict on every machine. A time cap only stops a
search that would run far too long (the judgement then says it was ``capped``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from muertos.agents import ISMCTSAgent
from muertos.agents.ismcts import playout_depth
from muertos.engine import State
from muertos.i18n import message

from .verdicts import accuracy, score_range, verdict

DEFAULT_ITERATIONS = 400
"""Search iterations a decision by default: a whole 2-seat Ofrenda game in well under a
minute on the project's 2-core machine, even shared (``benchmarks/analysis.py``)."""
DEEP_ITERATIONS = 2000
"""``--deep``: five times the default (twice the ISMCTS bot's own budget a move), for
verdicts with less noise; a few minutes a game."""
HINT_ITERATIONS = 100
"""A hint during a game against bots: a second or less."""
MAX_ITERATIONS = 100_000
"""The most a decision may be searched: more would take hours a game."""
CAP_SECONDS = 30.0
"""The hard limit of one decision's search, whatever the budget."""
MIN_PLAYOUT_DEPTH = 8
"""Actions a playout runs at least before the game's evaluation judges it. A bot may judge
at once for speed (Die of the Dead's ``PLAYOUT_DEPTH`` is 0); a judge must see a move's
consequences: a section completed and scored, a game ended."""
SPREAD = 0.5
"""Share of the iterations spread evenly over the moves searched before the search's own
choice (UCB) takes over, so that a move it dislikes still has a value worth quoting."""


@dataclass(frozen=True)
class Budget:
    """Search iterations a decision, and the time cap that stops a runaway search."""

    iterations: int = DEFAULT_ITERATIONS
    seconds: float = CAP_SECONDS

    def __post_init__(self) -> None:
        why = budget_problem(self.iterations, self.seconds)
        if why is not None:
            raise ValueError(message(f"analysis.{why[0]}", "en", **why[1]))

    def to_json(self) -> dict[str, Any]:
        return {"iterations": self.iterations, "seconds": self.seconds}


def budget_problem(iterations: object, seconds: object = CAP_SECONDS) -> tuple[str, dict[str, Any]] | None:
    """Why a budget cannot be run, as a catalog key (``analysis.<key>``) and its values;
    None when it can. NaN, infinity, zero, negatives and sizes past the limits are refused."""
    if (
        isinstance(iterations, bool)
        or not isinstance(iterations, int)
        or not 1 <= iterations <= MAX_ITERATIONS
    ):
        return "budget_iterations", {"most": MAX_ITERATIONS, "value": repr(iterations)}
    if (
        isinstance(seconds, bool)
        or not isinstance(seconds, (int, float))
        or not math.isfinite(seconds)
        or not 0 < seconds <= CAP_SECONDS * 20
    ):
        return "budget_seconds", {"most": CAP_SECONDS * 20, "value": repr(seconds)}
    return None


@dataclass(frozen=True)
class Candidate:
    """A move the search tried at the root: how often, and its mean value for the seat."""

    action: str
    visits: int
    value: float


@dataclass(frozen=True)
class Judgement:
    """A decision judged. Values are in the game's units: win share with several seats,
    points solo; ``loss`` is normalised (``verdicts``), the same scale for every game."""

    seat: int
    best: str
    value_best: float
    candidates: tuple[Candidate, ...]
    """Most visited first: the search's ranking."""
    iterations: int
    capped: bool
    action: str | None = None
    value_action: float | None = None
    loss: float | None = None
    verdict: str | None = None

    @property
    def accuracy(self) -> float | None:
        return None if self.loss is None else accuracy(self.loss)

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "action": self.action,
            "best": self.best,
            "value_best": self.value_best,
            "value_action": self.value_action,
            "loss": self.loss,
            "verdict": self.verdict,
            "accuracy": self.accuracy,
            "iterations": self.iterations,
            "capped": self.capped,
            "candidates": [
                {"action": c.action, "visits": c.visits, "value": c.value} for c in self.candidates
            ],
        }


def analyze_position(
    state: State, seat: int, budget: Budget | None = None, seed: int = 0, action: str | None = None
) -> Judgement:
    """Judge ``seat``'s decision in ``state`` (it must be the seat to move): the value of
    each move by ISMCTS over determinizations of what the seat knows, the best, and, when
    ``action`` (the move made) is given, its value, its loss and its verdict."""
    budget = budget or Budget()
    if state.over or state.to_move != seat:
        raise ValueError(f"seat {seat} has no decision to make in this position (to move: {state.to_move})")
    chosen = None if action is None else state.resolve(action)
    legal = state.legal_actions()
    searched = min(len(legal), 9)  # the bot's usual narrowing to 8 moves, and the move made
    floor = max(1, int(SPREAD * budget.iterations / searched))
    depth = playout_depth(state.game, state.players == 1)
    bot = ISMCTSAgent(
        seed,
        iterations=budget.iterations,
        seconds=budget.seconds,
        rollout_depth=None if depth is None else max(depth, MIN_PLAYOUT_DEPTH),
    )
    values = bot.root_values(state, seat, include=() if chosen is None else (chosen,), floor=floor)
    ranked = sorted(values.items(), key=lambda kv: (-kv[1][0], -kv[1][1], legal.index(kv[0])))
    candidates = tuple(Candidate(a, n, v) for a, (n, v) in ranked)
    best = candidates[0]
    capped = bot.last_iterations < budget.iterations
    if chosen is None:
        return Judgement(seat, best.action, best.value, candidates, bot.last_iterations, capped)
    mine = values.get(chosen)
    if mine is None:  # the time cap stopped the search before it tried the move
        return Judgement(seat, best.action, best.value, candidates, bot.last_iterations, capped, chosen)
    lost = max(0.0, best.value - mine[1])
    scale = score_range(state.game.id, state.players)
    loss = lost / scale if scale else lost
    return Judgement(
        seat,
        best.action,
        best.value,
        candidates,
        bot.last_iterations,
        capped,
        chosen,
        mine[1],
        loss,
        verdict(loss),
    )


def hint(state: State, seat: int, budget: Budget | None = None, seed: int = 0) -> Judgement:
    """The move the analysis would suggest now, at a small budget (a game against bots)."""
    return analyze_position(state, seat, budget or Budget(HINT_ITERATIONS), seed)
