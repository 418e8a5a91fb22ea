"""Ofertu's notation: three kinds of action, each with one spelling.

- ``bid B7 on 2`` — place the card B7 from your hand face down in front of the auction
  card at position 2 (positions 1-5, counted from the White player's left);
- ``tiebreak W4`` — in a tie, secretly add W4 from your hand to your bid;
- ``pass`` — in a tie, secretly add nothing.

Cards are written with the suit letter and the rank (``R7``, ``B10``); keywords are
lowercase. The engine accepts any case and spacing (``BID b7 ON 2``).
"""

from __future__ import annotations

from .components import ALL_CARDS, COMPONENTS, ORDER

PASS = "pass"
BID = {(c, i): f"bid {c} on {i + 1}" for c in ALL_CARDS for i in range(COMPONENTS.auction_row)}
"""Spelling of a bid by card and 0-based position (built once: playouts list these constantly)."""
TIEBREAK = {c: f"tiebreak {c}" for c in ALL_CARDS}
USAGE = "an action is 'bid <card> on <position>' (e.g. 'bid B7 on 2'), 'tiebreak <card>' or 'pass'"


def bid(card: str, position: int) -> str:
    """The spelling of a bid; ``position`` is 1-based as players say it."""
    return BID[card, position - 1]


def tiebreak(card: str) -> str:
    return TIEBREAK[card]


def parse(action: str) -> tuple[str, str | None, int | None]:
    """``(kind, card, 0-based position)`` of a canonical action: ``("bid", "B7", 1)``."""
    words = action.split()
    if words[0] == "bid":
        return "bid", words[1], int(words[3]) - 1
    if words[0] == "tiebreak":
        return "tiebreak", words[1], None
    return PASS, None, None


def card(word: str) -> str | None:
    """The card a player typed (any case), or None if the deck has no such card."""
    c = word.upper()
    return c if c in ORDER else None
