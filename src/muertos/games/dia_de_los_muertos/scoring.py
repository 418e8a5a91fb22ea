"""Scoring (RB 'Evaluation' and 'Play victory').

Place points by arrival (1st 7, 2nd 5, 3rd 3, 4th 2, 5th 1, 6th 0) plus the festivity
cards' victory points. Skeletons that never arrived score no place points and tie
among themselves for the arrival tie-break (rules map A-D20).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from muertos.engine import Category, State, TieRule

from .components import FEST_PER_FIELD, FEST_PER_FIELD_TWO, FEST_VP, FESTIVITY, PLACE_POINTS

if TYPE_CHECKING:
    from .rules import MuertosState


def place_points(rank: int) -> int:
    """Points for arriving ``rank``-th (1-based); 0 when not arrived."""
    if rank <= 0 or rank > len(PLACE_POINTS):
        return 0
    return PLACE_POINTS[rank - 1]


def festivity_points(cards: list[int]) -> int:
    return sum(FEST_VP[k] for k in cards)


def final_scores(home: list[int], fest: list[list[int]]) -> list[float]:
    return [float(place_points(h) + festivity_points(f)) for h, f in zip(home, fest, strict=True)]


def final_winners(home: list[int], fest: list[list[int]]) -> list[int]:
    """Highest score; among equal scores, whoever reached the goal first (RB)."""
    sc = final_scores(home, fest)
    best = max(sc)
    tied = [i for i, v in enumerate(sc) if v == best]
    arrived = [i for i in tied if home[i] > 0]
    if not arrived:
        return tied
    first = min(home[i] for i in arrived)
    return [i for i in arrived if home[i] == first]


# ------------------------------------------------------------------ the final result
CATEGORY_LABELS = {"place": "Place of arrival", "festivity": "Festivity cards"}
"""The score sheet's rows (RB 'Evaluation')."""


def categories(s: MuertosState, seat: int) -> list[Category]:
    rows = [("place", place_points(s.home[seat])), ("festivity", festivity_points(s.fest[seat]))]
    return [Category(k, CATEGORY_LABELS[k], v) for k, v in rows]


def tie_breaks(s: MuertosState) -> list[TieRule]:
    """RB: whoever reached the goal first; one that never arrived comes after every
    arrival (A-D20, ``final_winners``)."""
    first = tuple(-h if h > 0 else -math.inf for h in s.home)
    return [TieRule("first_home", "reaching the goal first", first)]


def stats(s: MuertosState) -> dict[str, float | int | str]:
    """Designer numbers: rounds, arrivals, festivity cards taken, limbs left, the gravedigger."""
    per = FEST_PER_FIELD_TWO if s.players == 2 else FEST_PER_FIELD
    out = State.stats(s)
    out.update(
        {
            "rounds": s.round,
            "arrived": sum(1 for h in s.home if h),
            "festivity_taken": per * len(FESTIVITY) - sum(s.stock),
            "limbs_left": sum(s.arms) + sum(s.legs),
            "gravedigger_steps": s.gd,
            "round_limit_reached": int(s.ended and not s._game_done()),
        }
    )
    return out
