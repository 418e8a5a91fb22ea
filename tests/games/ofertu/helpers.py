"""Hand-built Ofertu positions for the tests."""

from __future__ import annotations

import re

from muertos.games.ofertu import GAME
from muertos.games.ofertu.components import ALL_CARDS, RED, sort_cards
from muertos.games.ofertu.rules import ROW_SIZE, OfertuState

CARD = re.compile(r"\b[RBW]\d+\b")


def tokens(text: str) -> set[str]:
    """The card names in a text (``B1`` is not found inside ``B10``)."""
    return set(CARD.findall(text))


def build(
    *,
    row: list[str | None],
    hands: list[list[str]],
    black: int = 0,
    start: int | None = None,
    decks: list[list[str]] | None = None,
    display: list[list[str]] | None = None,
    red_deck: list[str] | None = None,
    red_discard: list[str] | None = None,
) -> OfertuState:
    """A position at the start of a round's bidding, after the draw.

    Black and white cards not placed anywhere are out of play; red cards not placed go
    to the red deck (in deck order, top last) unless ``red_deck`` is given, then to the
    red discard unless that is given too.
    """
    s = GAME.new(2, seed=0)
    assert isinstance(s, OfertuState)
    s.black = black
    s.start = s.turn = black if start is None else start
    s.row = list(row) + [None] * (ROW_SIZE - len(row))
    s.hands = [sort_cards(h) for h in hands]
    s.decks = [list(d) for d in decks] if decks else [[], []]
    s.display = [list(d) for d in display] if display else [[], []]
    s.bids = [[[] for _ in range(ROW_SIZE)] for _ in range(2)]
    s.red_deck = list(red_deck) if red_deck is not None else []
    s.red_discard = list(red_discard) if red_discard is not None else []
    used = {c for c in s.row if c} | {c for pile in (*s.hands, *s.decks, *s.display) for c in pile}
    used |= set(s.red_deck) | set(s.red_discard)
    left = [c for c in ALL_CARDS if c not in used]
    reds = [c for c in left if c[0] == RED]
    if red_deck is None:
        s.red_deck += reds
    elif red_discard is None:
        s.red_discard += reds
    else:
        assert not reds, f"red cards placed nowhere: {reds}"
    s.out = [c for c in left if c[0] != RED]
    s.round, s.phase = 1, "bid"
    s.quota = min(3, len(s.hands[0]), len(s.hands[1]))
    s.placed, s.reveal, s.choices = [0, 0], -1, [None, None]
    s.wins, s.won_pips = [0, 0], [0, 0]
    s._legal = None
    s.events = []  # the log of the seed-0 setup does not describe this position
    s._validate()
    return s


def play(s: OfertuState, *actions: str) -> None:
    for a in actions:
        s.apply(a)
