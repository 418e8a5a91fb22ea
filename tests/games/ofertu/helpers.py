"""Hand-built Ofertu positions for the tests."""

from __future__ import annotations

import re

from muertos.games.ofertu import GAME
from muertos.games.ofertu.components import ALL_CARDS, RED, ROW_SIZE, sort_cards
from muertos.games.ofertu.rules import OfertuState

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
    data = GAME.new(2, seed=0).position()
    first = black if start is None else start
    row_ = list(row) + [None] * (ROW_SIZE - len(row))
    hands_ = [sort_cards(h) for h in hands]
    decks_ = [list(d) for d in decks] if decks else [[], []]
    display_ = [list(d) for d in display] if display else [[], []]
    deck = list(red_deck) if red_deck is not None else []
    discard = list(red_discard) if red_discard is not None else []
    used = {c for c in row_ if c} | {c for pile in (*hands_, *decks_, *display_) for c in pile}
    used |= set(deck) | set(discard)
    left = [c for c in ALL_CARDS if c not in used]
    reds = [c for c in left if c[0] == RED]
    if red_deck is None:
        deck += reds
    elif red_discard is None:
        discard += reds
    else:
        assert not reds, f"red cards placed nowhere: {reds}"
    data.update(
        black=black,
        start=first,
        turn=first,
        row=row_,
        hands=hands_,
        decks=decks_,
        display=display_,
        bids=[[[] for _ in range(ROW_SIZE)] for _ in range(2)],
        red_deck=deck,
        red_discard=discard,
        out=[c for c in left if c[0] != RED],
        round=1,
        phase="bid",
        quota=min(3, len(hands_[0]), len(hands_[1])),
        placed=[0, 0],
        reveal=-1,
        choices=[None, None],
        wins=[0, 0],
        won_pips=[0, 0],
    )
    s = GAME.position(2, data)
    assert isinstance(s, OfertuState)
    return s


def play(s: OfertuState, *actions: str) -> None:
    for a in actions:
        s.apply(a)
