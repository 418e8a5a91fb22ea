"""Ofertu's scoring: pips in the victory display, then our tie-break (A-O10).

"Whoever has the most pips on the red cards in their victory display is the winner!"
A tie on pips (A-O10, our choice): more cards in the victory display wins; otherwise
the game is a draw.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from muertos.engine import Category, State, TieRule

if TYPE_CHECKING:
    from .rules import OfertuState

from .components import PIPS


def pips(cards: list[str]) -> int:
    """Pips of some cards: a card is worth its rank ("count the pips"; A-O1 for a bid)."""
    return sum(PIPS[c] for c in cards)


def final_order(displays: list[list[str]]) -> list[int]:
    """The winning seats: most pips, then most cards (A-O10); both on a full tie."""
    keys = [(pips(d), len(d)) for d in displays]
    best = max(keys)
    return [p for p, k in enumerate(keys) if k == best]


def stats(s: OfertuState) -> dict[str, float | int | str]:
    """Designer figures: rounds, how the game ended, ties, reshuffles, cards scored."""
    out = State.stats(s)
    kinds = Counter(e.kind for e in s.events)
    out["rounds"] = s.round
    if s.over:
        last = s.events[-1].text if s.events else ""
        out["end"] = "row" if "cannot refill" in last else "cards"
    out["auctions"] = kinds["win"]
    out["ties"] = kinds["tie"]
    out["tiebreak_reveals"] = kinds["tiebreak"]
    out["reshuffles"] = kinds["reshuffle"]
    out["cards_scored"] = len(s.display[0]) + len(s.display[1])
    out["pip_margin"] = abs(pips(s.display[0]) - pips(s.display[1]))
    return out


# ------------------------------------------------------------------ the final result
CATEGORY_LABELS = {"display_pips": "Pips in the victory display"}
"""The score sheet's one row: the rules count nothing else."""


def categories(s: OfertuState, seat: int) -> list[Category]:
    return [Category("display_pips", CATEGORY_LABELS["display_pips"], pips(s.display[seat]))]


def tie_breaks(s: OfertuState) -> list[TieRule]:
    """A-O10: more cards in the victory display (``final_order``)."""
    return [TieRule("display_cards", "more cards in the victory display", tuple(len(d) for d in s.display))]
