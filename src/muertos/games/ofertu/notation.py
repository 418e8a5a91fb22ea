"""Ofertu's notation: three kinds of action, each with one spelling.

- ``bid B7 on 2`` — place the card B7 from your hand face down in front of the auction
  card at position 2 (positions 1-5, counted from the White player's left);
- ``tiebreak W4`` — in a tie, secretly add W4 from your hand to your bid;
- ``pass`` — in a tie, secretly add nothing.

Cards are written with the suit letter and the rank (``R7``, ``B10``); keywords are
lowercase. The engine accepts any case and spacing (``BID b7 ON 2``).
"""

from __future__ import annotations

from dataclasses import dataclass

from muertos.engine import number

from .components import ALL_CARDS, BLACK, COMPONENTS, ORDER, RED, WHITE

PASS = "pass"
BID = {(c, i): f"bid {c} on {i + 1}" for c in ALL_CARDS for i in range(COMPONENTS.auction_row)}
"""Spelling of a bid by card and 0-based position (built once: playouts list these constantly)."""
TIEBREAK = {c: f"tiebreak {c}" for c in ALL_CARDS}


@dataclass(frozen=True, slots=True)
class Bid:
    """``bid B7 on 2``: a card from hand, face down, in front of an auction card."""

    card: str
    position: int
    """0-based; players count 1-5 from the White player's left."""
    text: str

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class Tiebreak:
    """``tiebreak W4``, or ``pass`` (``card`` None): a secret tie-break choice."""

    card: str | None
    text: str

    def __str__(self) -> str:
        return self.text


BIDS = {(c, i): Bid(c, i, BID[c, i]) for c in ALL_CARDS for i in range(COMPONENTS.auction_row)}
"""Every bid, built once: moves are values, and listing them must be cheap."""
TIEBREAKS = {c: Tiebreak(c, TIEBREAK[c]) for c in ALL_CARDS}
PASSING = Tiebreak(None, PASS)


def _card_or_why(word: str) -> str:
    c = card(word)
    if c is None:
        return f"{word!r} is not a card: a card is a suit letter ({RED}, {BLACK}, {WHITE}) and a rank, e.g. {RED}7"
    return c


def parse_bid(words: list[str]) -> Bid | str:
    """``["b7", "on", "2"]`` → ``Bid("B7", 1)``, or why the words are no bid."""
    if len(words) != 3 or words[1] != "on":
        return "write a bid as 'bid <card> on <position>', e.g. 'bid B7 on 2'"
    c = _card_or_why(words[0])
    if c not in ORDER:
        return c
    n = COMPONENTS.auction_row
    k = number(words[2])
    if k is None or not 1 <= k <= n:
        return f"the auction row has positions 1-{n}, counted from the White player's left"
    return BIDS[c, k - 1]


def parse_tiebreak(words: list[str]) -> Tiebreak | str:
    if len(words) != 1:
        return "write a tie-breaker as 'tiebreak <card>', e.g. 'tiebreak W4', or 'pass'"
    c = _card_or_why(words[0])
    return TIEBREAKS[c] if c in ORDER else c


def parse_pass(words: list[str]) -> Tiebreak | str:
    return "'pass' takes nothing after it" if words else PASSING


def bid(card: str, position: int) -> str:
    """The spelling of a bid; ``position`` is 1-based as players say it."""
    return BID[card, position - 1]


def tiebreak(card: str) -> str:
    return TIEBREAK[card]


def card(word: str) -> str | None:
    """The card a player typed (any case), or None if the deck has no such card."""
    c = word.upper()
    return c if c in ORDER else None
