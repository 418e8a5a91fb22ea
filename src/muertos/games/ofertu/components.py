"""The Ofertu components, read once from ``components.toml``.

The rules name no deck, so the suits' letters and the ranks are data (A-O0 in
docs/rules/ofertu.md, RECONSTRUCTED); only the three suit *roles* (red = auction suit, black and white
= personal decks) come from the rules and are fixed here. A card is a short string,
its suit letter then its rank (``"R7"``, ``"B10"``), so states stay plain JSON.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import resources
from typing import Any

from muertos.engine.components import read

ROLES = ("red", "black", "white")
"""The suit roles the rules name; the data file must give each exactly once."""


@dataclass(frozen=True)
class Suit:
    """One colour suit: its rule role, the letter cards are written with, its name."""

    role: str
    letter: str
    name: str


@dataclass(frozen=True)
class Components:
    """The deck (three suits, one card of every rank each) and the table's sizes."""

    suits: tuple[Suit, ...]
    ranks: tuple[int, ...]
    auction_row: int
    hand_size: int
    bids_per_round: int
    reconstructed: tuple[str, ...]

    def suit(self, role: str) -> Suit:
        for s in self.suits:
            if s.role == role:
                return s
        raise KeyError(role)

    def cards(self, role: str) -> list[str]:
        """Every card of one suit, lowest rank first (``["R1", …, "R10"]``)."""
        letter = self.suit(role).letter
        return [f"{letter}{r}" for r in self.ranks]


def _positive(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool) and x >= 1


def parse(data: dict[str, Any]) -> Components:
    """:class:`Components` from the TOML tables, refusing data the rules cannot use."""
    deck, table = data["deck"], data["table"]
    ranks = tuple(deck["ranks"])
    if not ranks or not all(_positive(r) for r in ranks):
        raise ValueError("deck.ranks must be a non-empty list of positive integers (pips)")
    if len(set(ranks)) != len(ranks):
        raise ValueError("deck.ranks must not repeat a rank: a card is its suit letter and rank")
    suits = tuple(Suit(s["role"], s["letter"], s["name"]) for s in deck["suits"])
    if sorted(s.role for s in suits) != sorted(ROLES):
        raise ValueError(f"deck.suits must give each role {ROLES} exactly once")
    letters = [s.letter for s in suits]
    if len(set(letters)) != 3 or not all(len(x) == 1 and x.isalpha() and x.isupper() for x in letters):
        raise ValueError("each suit letter must be one distinct capital letter")
    sizes = [table[k] for k in ("auction_row", "hand_size", "bids_per_round")]
    if not all(_positive(x) for x in sizes):
        raise ValueError("table sizes must be positive integers")
    if len(ranks) < sizes[0]:
        raise ValueError("the red suit must have enough cards to fill the auction row")
    notes = tuple(
        f"{name}: {data[name]['note']}"
        for name in ("deck", "discard")
        if name in data and data[name].get("reconstructed")
    )
    return Components(suits, ranks, sizes[0], sizes[1], sizes[2], notes)


def load() -> Components:
    return parse(read(resources.files(__package__).joinpath("components.toml")))


COMPONENTS = load()

RED = COMPONENTS.suit("red").letter
BLACK = COMPONENTS.suit("black").letter
WHITE = COMPONENTS.suit("white").letter
SUIT_NAME = {s.letter: s.name for s in COMPONENTS.suits}
ALL_CARDS: tuple[str, ...] = tuple(c for role in ROLES for c in COMPONENTS.cards(role))
ORDER = {c: i for i, c in enumerate(ALL_CARDS)}
"""Sort key of a card: red before black before white, then by rank."""
PIPS = {c: int(c[1:]) for c in ALL_CARDS}
"""A card is worth as many pips as its rank ("count the pips")."""


def sort_cards(cards: list[str]) -> list[str]:
    return sorted(cards, key=ORDER.__getitem__)


def catalog() -> dict[str, Any]:
    """Public static data for front ends: the suits (role, letter, name) and every card."""
    return {
        "suits": [{"role": s.role, "letter": s.letter, "name": s.name} for s in COMPONENTS.suits],
        "ranks": list(COMPONENTS.ranks),
        "cards": {c: {"suit": c[0], "rank": PIPS[c], "pips": PIPS[c]} for c in ALL_CARDS},
        "auction_row": COMPONENTS.auction_row,
        "hand_size": COMPONENTS.hand_size,
        "bids_per_round": COMPONENTS.bids_per_round,
        "reconstructed": list(COMPONENTS.reconstructed),
    }


ROW_SIZE = COMPONENTS.auction_row
"""RULES: "draw five red cards and place them in a row"; "Fill the plateau to 5"."""
HAND_SIZE = COMPONENTS.hand_size
"""RULES: "Each player draws from their personal deck until they have five cards"."""
BIDS_PER_ROUND = COMPONENTS.bids_per_round
"""RULES: "placing a total of three cards from their hand" (each; "six player cards")."""
PHASES = ("bid", "tiebreak", "over")
