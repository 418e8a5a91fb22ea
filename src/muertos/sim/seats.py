"""Seat effects that are not the agents' strength in disguise.

A seat's raw win rate mixes the seat with who sat in it: with ``greedy,random`` at three
seats, a seat where greedy always sat alone against two randoms looks strong. So the
report tabulates every (agent, seat) pair, and measures a seat's advantage *adjusted for
the agent*: each seat's result minus the same agent's average over all seats. That
difference means something only when every agent met the same company in every seat,
which :func:`design_problem` checks; a mirror match (one agent everywhere) is the simplest
such design.

Standard library only, like :mod:`.stats`.

    >>> g = Played(("a", "b"), (1.0, 0.0), (9.0, 4.0))
    >>> print(design_problem([[g]], 2))
    agent a sat in seat 1 but never in seat 2 with the same company (a, b)
"""

from __future__ import annotations

import statistics
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

from muertos.i18n import DEFAULT

from .stats import mean_interval, wilson
from .words import Phrase


@dataclass(frozen=True)
class Played:
    """One game as the seat analysis sees it: the agent, win share and score of each seat."""

    agents: tuple[str, ...]
    wins: tuple[float, ...]
    scores: tuple[float, ...]


@dataclass(frozen=True)
class Cell:
    """An agent in a seat: how often it sat there, its win share and mean score there."""

    agent: str
    seat: int
    games: int
    win: float
    win_interval: tuple[float, float]
    score: float
    score_interval: tuple[float, float]


def simultaneous_confidence(k: int) -> float:
    """The confidence of each of ``k`` intervals that hold together at 95% (Bonferroni):
    with five seats, five 95% intervals would flag a fair seat one report in four.

    >>> simultaneous_confidence(1), simultaneous_confidence(2)
    (0.95, 0.975)
    """
    return 1 - 0.05 / max(1, k)


@dataclass(frozen=True)
class SeatEffect:
    """A seat's win share and score minus those of the agents that sat in it, averaged over
    their seats; intervals over deals (the games of a deal share a seed, so are not
    independent), Student-t, 95% for all seats together (:func:`simultaneous_confidence`),
    unbounded below two deals."""

    seat: int
    win: float
    win_interval: tuple[float, float]
    score: float
    score_interval: tuple[float, float]

    @property
    def significant(self) -> bool:
        lo, hi = self.win_interval
        return lo > 0 or hi < 0


def seat_agent_table(games: Sequence[Played], players: int) -> list[Cell]:
    """Every (agent, seat) pair that occurred, agent by agent in order of appearance."""
    wins: dict[tuple[str, int], list[float]] = defaultdict(list)
    scores: dict[tuple[str, int], list[float]] = defaultdict(list)
    for g in games:
        for s in range(players):
            wins[(g.agents[s], s)].append(g.wins[s])
            scores[(g.agents[s], s)].append(g.scores[s])
    agents = list(dict.fromkeys(a for a, _ in sorted(wins, key=lambda k: k[1])))
    out = []
    for a in agents:
        for s in range(players):
            w = wins.get((a, s))
            if not w:
                continue
            m, lo, hi = mean_interval(scores[(a, s)])
            out.append(Cell(a, s, len(w), statistics.fmean(w), wilson(sum(w), len(w)), m, (lo, hi)))
    return out


def design_problem(deals: Sequence[Sequence[Played]], players: int) -> str | None:
    """Why these deals cannot separate the seats from the agents in them, or None if they can:
    every agent must sit in every seat equally often with each company it keeps. In
    English (``summary.json``); :func:`design_gap` says it in any language."""
    gap = design_gap(deals, players)
    return None if gap is None else gap.said(DEFAULT)


def design_gap(deals: Sequence[Sequence[Played]], players: int) -> Phrase | None:
    """:func:`design_problem`'s reason as words of the ``sim`` catalogs, or None."""
    if players < 2:
        return Phrase("report.advantage.solo")
    if not any(deals):
        return Phrase("report.advantage.no_deal")
    seen: Counter[tuple[str, tuple[str, ...], int]] = Counter()
    for deal in deals:
        for g in deal:
            company = tuple(sorted(g.agents))
            for s in range(players):
                seen[(g.agents[s], company, s)] += 1
    for (agent, company, seat), n in sorted(seen.items()):
        for other in range(players):
            if seen[(agent, company, other)] != n:
                key = "never" if not seen[(agent, company, other)] else "unequal"
                return Phrase(
                    f"report.advantage.{key}",
                    (
                        ("agent", agent),
                        ("seat", seat + 1),
                        ("other", other + 1),
                        ("company", ", ".join(company)),
                    ),
                )
    return None


def seat_effects(deals: Sequence[Sequence[Played]], players: int) -> list[SeatEffect]:
    """Each seat's advantage adjusted for the agent in it (see the module's docstring); only
    meaningful when :func:`design_problem` finds none."""
    win_by: dict[tuple[str, int], list[float]] = defaultdict(list)
    score_by: dict[tuple[str, int], list[float]] = defaultdict(list)
    for deal in deals:
        for g in deal:
            for s in range(players):
                win_by[(g.agents[s], s)].append(g.wins[s])
                score_by[(g.agents[s], s)].append(g.scores[s])

    def average(by: dict[tuple[str, int], list[float]]) -> dict[str, float]:
        per: dict[str, list[float]] = defaultdict(list)
        for (a, _), v in by.items():
            per[a].append(statistics.fmean(v))
        return {a: statistics.fmean(v) for a, v in per.items()}

    win_avg, score_avg = average(win_by), average(score_by)
    level = simultaneous_confidence(players)
    out = []
    for s in range(players):
        dw = [statistics.fmean(g.wins[s] - win_avg[g.agents[s]] for g in d) for d in deals if d]
        ds = [statistics.fmean(g.scores[s] - score_avg[g.agents[s]] for g in d) for d in deals if d]
        w, wlo, whi = mean_interval(dw, level)
        m, slo, shi = mean_interval(ds, level)
        out.append(SeatEffect(s, w, (wlo, whi), m, (slo, shi)))
    return out
