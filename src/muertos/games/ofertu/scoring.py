"""Ofertu's scoring: pips in the victory display, then our tie-break (A-O10).

"Whoever has the most pips on the red cards in their victory display is the winner!"
A tie on pips (A-O10, our choice): more cards in the victory display wins; otherwise
the game is a draw.
"""

from __future__ import annotations

from .components import PIPS


def pips(cards: list[str]) -> int:
    """Pips of some cards: a card is worth its rank ("count the pips"; A-O1 for a bid)."""
    return sum(PIPS[c] for c in cards)


def final_order(displays: list[list[str]]) -> list[int]:
    """The winning seats: most pips, then most cards (A-O10); both on a full tie."""
    keys = [(pips(d), len(d)) for d in displays]
    best = max(keys)
    return [p for p, k in enumerate(keys) if k == best]
