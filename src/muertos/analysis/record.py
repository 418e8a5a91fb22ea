"""A whole game judged: every decision of every seat, a summary per seat, and each seat's
estimated win share (solo: expected score) over the game.

Each decision is searched from a seed of its own (the analysis seed and its place in the
game), so analysing one seat, or the game again, gives the same verdicts as the whole.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from muertos.engine import FORMAT, State
from muertos.engine import game as get_game
from muertos.match import MatchRecord

from .position import Budget, Judgement, analyze_position
from .verdicts import THRESHOLDS, VERDICTS, accuracy, score_range

KIND = "muertos.analysis"
"""The ``kind`` of an analysis's JSON, as a match record's is ``muertos.match``."""


def decision_seed(seed: int, index: int) -> int:
    """The search seed of the decision before action ``index``: fixed, distinct per decision."""
    return (seed * 1_000_003 + 104_729 * (index + 1)) & ((1 << 63) - 1)


@dataclass(frozen=True)
class Decision:
    """Action ``index`` of the game (0-based), made by ``seat``; ``judgement`` is None for a
    forced move (the only legal one) and for seats not analysed."""

    index: int
    seat: int
    action: str
    forced: bool
    judgement: Judgement | None

    def to_json(self) -> dict[str, Any]:
        j = {} if self.judgement is None else self.judgement.to_json()
        return {
            **j,
            "index": self.index,
            "move": self.index + 1,
            "seat": self.seat,
            "action": self.action,
            "forced": self.forced,
            "verdict": j.get("verdict"),
        }


@dataclass(frozen=True)
class SeatSummary:
    """A seat's game in numbers: its judged decisions, mean accuracy and loss, the count
    of each verdict."""

    seat: int
    name: str
    judged: int
    accuracy: float | None
    mean_loss: float | None
    counts: dict[str, int]

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "name": self.name,
            "judged": self.judged,
            "accuracy": self.accuracy,
            "mean_loss": self.mean_loss,
            "counts": dict(self.counts),
        }


@dataclass
class Analysis:
    """The analysis of one game; ``to_json`` is what the web's Analysis view reads."""

    game: str
    players: int
    seed: int
    options: dict[str, Any]
    names: list[str]
    budget: Budget
    analysis_seed: int
    decisions: list[Decision]
    over: bool
    scores: list[float]
    winners: list[int]
    seats: list[int] = field(default_factory=list)
    """The seats analysed."""

    @property
    def units(self) -> str:
        """``win_share`` (several seats) or ``score`` (solo): what values are in."""
        return "score" if self.players == 1 else "win_share"

    def summary(self, seat: int) -> SeatSummary:
        judged = [
            d.judgement
            for d in self.decisions
            if d.seat == seat and d.judgement and d.judgement.loss is not None
        ]
        counts = {v: sum(1 for j in judged if j.verdict == v) for v in VERDICTS}
        losses = [j.loss for j in judged if j.loss is not None]
        return SeatSummary(
            seat,
            self.names[seat],
            len(losses),
            sum(map(accuracy, losses)) / len(losses) if losses else None,
            sum(losses) / len(losses) if losses else None,
            counts,
        )

    def curve(self, seat: int) -> list[tuple[int, float]]:
        """``seat``'s estimated value before each of its judged decisions (the best move's
        value, from what it knew then), then its actual result when the game is over:
        (actions played so far, value)."""
        out = [
            (d.index, d.judgement.value_best)
            for d in self.decisions
            if d.seat == seat and d.judgement is not None
        ]
        if self.over:
            if self.players == 1:
                out.append((len(self.decisions), float(self.scores[0])))
            else:
                share = 1.0 / len(self.winners) if seat in self.winners else 0.0
                out.append((len(self.decisions), share))
        return out

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": KIND,
            "format": FORMAT,
            "game": self.game,
            "players": self.players,
            "seed": self.seed,
            "options": self.options,
            "names": self.names,
            "budget": self.budget.to_json(),
            "analysis_seed": self.analysis_seed,
            "units": self.units,
            "score_range": score_range(self.game, self.players),
            "thresholds": dict(THRESHOLDS),
            "verdicts": list(VERDICTS),
            "over": self.over,
            "scores": self.scores,
            "winners": self.winners,
            "seats": self.seats,
            "decisions": [d.to_json() for d in self.decisions],
            "summary": [self.summary(k).to_json() for k in self.seats],
            "curves": {str(k): [[i, v] for i, v in self.curve(k)] for k in self.seats},
        }


@dataclass(frozen=True, slots=True)
class Step:
    """One decision of a recorded game as its analysis needs it: who made it, the move as the
    game spells it, and whether it was the only one. Not the position before it: a long
    game's positions, each with the log so far, took gigabytes (2.5 GB for a game of 15,138 moves
    of Dia de los Muertos, 7.8 MB as steps)."""

    seat: int
    action: str
    forced: bool


def steps_of(record: MatchRecord) -> tuple[list[Step], State]:
    """Each decision of a recorded game, and the position after the last, from one replay.
    Raises the engine's errors (an unknown game, an action that does not replay)."""
    s = get_game(record.game).new(record.players, record.seed, record.options)
    steps: list[Step] = []
    for a in record.actions:
        canonical = s.resolve(a)
        seat = s.to_move
        assert seat is not None  # resolve refuses a move once the game is over
        steps.append(Step(seat, canonical, len(s.legal_actions()) == 1))
        s.apply(canonical)
    return steps, s


def analyze_game(
    record: MatchRecord | State,
    budget: Budget | None = None,
    seed: int = 0,
    progress: Callable[[int, int], None] | None = None,
    seats: Sequence[int] | None = None,
) -> Analysis:
    """Judge every decision of ``seats`` (default: all) in a recorded game, or in a state
    played from ``Game.new`` (its history). ``progress(done, total)`` is called as the
    decisions to search are done."""
    budget = budget or Budget()
    if isinstance(record, State):
        s0 = record
        record = MatchRecord(s0.game.id, s0.players, dict(s0.options), s0.seed, [], list(s0.history))
    steps, final = steps_of(record)
    wanted = seats_of(record, seats)
    todo = to_judge(steps, wanted)
    judged: dict[int, Judgement] = {}
    if progress is not None:
        progress(0, len(todo))
    s = get_game(record.game).new(record.players, record.seed, record.options)
    for n, i in enumerate(todo, 1):
        for step in steps[len(s.history) : i]:  # the game replayed once, up to each decision
            s.apply(step.action)
        judged[i] = analyze_position(
            s.clone(), steps[i].seat, budget, decision_seed(seed, i), steps[i].action
        )
        if progress is not None:
            progress(n, len(todo))
    return assemble(record, steps, final, judged, budget, seed, wanted)


def seats_of(record: MatchRecord, seats: Sequence[int] | None) -> list[int]:
    """The seats to analyse: ``seats`` checked, or every seat."""
    wanted = sorted(set(range(record.players) if seats is None else seats))
    if any(not 0 <= k < record.players for k in wanted):
        raise ValueError(f"seats are 0..{record.players - 1}, not {wanted}")
    return wanted


def to_judge(steps: Sequence[Step], wanted: Sequence[int]) -> list[int]:
    """The decisions a search must judge: those of ``wanted`` seats with a choice to make.
    The web table hands them to its bot workers one at a time."""
    return [i for i, st in enumerate(steps) if st.seat in wanted and not st.forced]


def assemble(
    record: MatchRecord,
    steps: Sequence[Step],
    final: State,
    judged: dict[int, Judgement],
    budget: Budget,
    seed: int,
    wanted: list[int],
) -> Analysis:
    """The analysis of a game from its decisions' judgements, however they were computed."""
    decisions = []
    for i, st in enumerate(steps):
        decisions.append(Decision(i, st.seat, st.action, st.forced, judged.get(i)))
    names = [n or "" for n in record.seats] if len(record.seats) == record.players else [""] * record.players
    return Analysis(
        game=record.game,
        players=record.players,
        seed=record.seed,
        options=dict(record.options),
        names=names,
        budget=budget,
        analysis_seed=seed,
        decisions=decisions,
        over=final.over,
        scores=final.scores() if final.over else [],
        winners=final.winners() if final.over else [],
        seats=wanted,
    )
