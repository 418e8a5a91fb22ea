"""The end of a game as the players read it: each seat's points by category, the winners,
which tie-break gave them the win, and a solo game's rating from the rulebook.

``State.result()`` builds it from three hooks a game defines in its ``scoring.py``
(``_categories``, ``_tie_breaks``, ``_solo_rating``), so the terminal, the web table and
``GET /api/tables/{id}/result`` all show the one breakdown the game computes. Keys are
stable names (``lit_portraits``, ``marigolds``…); the English words beside them come from
one table per game, and a translation looks them up by key, never by the English.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Category:
    """Points one seat scored from one source."""

    key: str
    label: str
    points: float


@dataclass(frozen=True)
class SeatResult:
    seat: int
    score: float
    categories: tuple[Category, ...]
    """Every seat lists the same keys in the same order; their points sum to ``score``."""


@dataclass(frozen=True)
class TieRule:
    """One tie-break of the rulebook: among seats tied so far, the highest value wins."""

    key: str
    rule: str
    """Its words, to follow "decides": "most lit portraits"."""
    values: tuple[float, ...]
    """One per seat; a "fewest" rule gives negated counts."""


@dataclass(frozen=True)
class TieBreak:
    """How a tie on the best score was settled."""

    score: float
    tied: tuple[int, ...]
    """The seats that shared the best score."""
    rules: tuple[TieRule, ...]
    """Every tie-break of the game, in the rulebook's order."""
    decided_by: tuple[TieRule, ...]
    """The rules that narrowed the tie, in order; empty when none could."""
    winners: tuple[int, ...]
    """The seats left once every rule was applied: several share the victory."""

    @property
    def text(self) -> str:
        """The engine's English sentence, like a game's log line; a reader's language gets
        it from the catalogs (``muertos.i18n.localize_result``), built from the keys."""
        score = f"{self.score:g}"
        if len(self.winners) == 1:
            return f"Tied on {score}: {', then '.join(r.rule for r in self.decided_by)} decides."
        if self.rules:
            tried = " and ".join(r.rule for r in self.rules)
            return f"Tied on {score}, and still tied after {tried}: the victory is shared."
        return f"Tied on {score}: the victory is shared."


@dataclass(frozen=True)
class Rating:
    """A solo game's verdict on the score, as the rulebook words it."""

    key: str
    label: str
    text: str


@dataclass(frozen=True)
class Result:
    over: bool
    seats: tuple[SeatResult, ...]
    winners: tuple[int, ...]
    tie_break: TieBreak | None
    rating: Rating | None

    def to_json(self) -> dict[str, Any]:
        tb = self.tie_break
        return {
            "over": self.over,
            "seats": [
                {
                    "seat": s.seat,
                    "score": s.score,
                    "categories": [
                        {"key": c.key, "label": c.label, "points": c.points} for c in s.categories
                    ],
                }
                for s in self.seats
            ],
            "winners": list(self.winners),
            "tie_break": None
            if tb is None
            else {
                "score": tb.score,
                "tied": list(tb.tied),
                "rules": [r.key for r in tb.rules],
                "decided_by": [r.key for r in tb.decided_by],
                "winners": list(tb.winners),
                "text": tb.text,
            },
            "rating": None
            if self.rating is None
            else {"key": self.rating.key, "label": self.rating.label, "text": self.rating.text},
        }


def break_tie(scores: Sequence[float], rules: Sequence[TieRule]) -> TieBreak | None:
    """The tie on the best score and the rules that settle it, in the rulebook's order;
    ``None`` when one seat has the best score alone."""
    best = max(scores)
    tied = tuple(p for p, v in enumerate(scores) if v == best)
    if len(tied) < 2:
        return None
    left = tied
    used: list[TieRule] = []
    for r in rules:
        top = max(r.values[p] for p in left)
        narrower = tuple(p for p in left if r.values[p] == top)
        if len(narrower) < len(left):
            used.append(r)
            left = narrower
        if len(left) == 1:
            break
    return TieBreak(best, tied, tuple(rules), tuple(used), left)
