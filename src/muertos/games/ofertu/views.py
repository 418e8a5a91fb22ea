"""What a seat (or a spectator) may know of the Ofertu table: the view's shape, the view,
and the redraw of everything else for a bot's determinization (A-O11)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from typing_extensions import TypedDict

from muertos.engine import Rng
from muertos.engine.views import BaseView

from .components import RED, ROW_SIZE, sort_cards
from .scoring import pips

if TYPE_CHECKING:
    from .rules import OfertuState

HIDDEN = "?"
"""What a face-down bid card looks like to a seat that may not see it."""


class OfertuTable(TypedDict):
    """Ofertu's part of a view (``OfertuState._view``). Seats are 0-based; positions of
    the auction row 0-4 (players count them 1-5 from the White player's left)."""

    round: int
    phase: str
    """``bid``, ``tiebreak`` or ``over``."""
    black: int
    """The seat holding the black deck."""
    start: int
    row: list[str | None]
    """The auction row; None where no red card could refill a position."""
    red_deck: int
    """Cards left in the red deck."""
    red_discard: list[str]
    out: list[str]
    """Black and white bid cards out of play."""
    decks: list[int]
    """Cards left in each personal deck."""
    hands: list[list[str] | int]
    """The viewer's own hand; the number of cards for the other seat."""
    red_held: list[list[str]]
    """Red cards each seat holds in hand or in face-down bids (public: each was won openly)."""
    bids: list[list[list[str]]]
    """``bids[seat][position]``: the cards, or ``"?"`` for each face-down card the viewer may not see."""
    display: list[list[str]]
    pips: list[int]
    quota: int
    """Cards each player bids this round."""
    placed: list[int]
    reveal: int | None
    """The 1-based position whose tie is being broken, in a tie-break."""
    tiebreak: list[str | None] | None
    """Each seat's tie-break choice: the viewer's own, ``"chosen"`` for the other's, None if still to choose."""
    wins: list[int]
    won_pips: list[int]


class OfertuView(BaseView, OfertuTable):
    """A whole Ofertu view: the engine's part and the game's."""


def first_hidden(s: OfertuState) -> int:
    """Bids at this position and beyond are face down (still unrevealed)."""
    return s.reveal + 1 if s.phase == "tiebreak" else 0


def red_held(s: OfertuState, p: int) -> list[str]:
    """Red cards in ``p``'s hand or face-down bids: public, as every one was won openly (A-O11)."""
    f = s.first_hidden()
    cards = [c for c in s.hands[p] if c[0] == RED]
    for i in range(f, ROW_SIZE):
        cards += [c for c in s.bids[p][i] if c[0] == RED]
    return sort_cards(cards)


def view(s: OfertuState, seat: int | None) -> OfertuTable:
    f = s.first_hidden()
    bids = [
        [list(b) if (seat == p or i < f) else [HIDDEN] * len(b) for i, b in enumerate(s.bids[p])]
        for p in (0, 1)
    ]
    choices: list[str | None] = [
        None if c is None else (c if seat == p else "chosen") for p, c in enumerate(s.choices)
    ]
    return OfertuTable(
        round=s.round,
        phase=s.phase,
        black=s.black,
        start=s.start,
        row=list(s.row),
        red_deck=len(s.red_deck),
        red_discard=list(s.red_discard),
        out=list(s.out),
        decks=[len(d) for d in s.decks],
        hands=[list(h) if seat == p else len(h) for p, h in enumerate(s.hands)],
        red_held=[s.red_held(0), s.red_held(1)],
        bids=bids,
        display=[list(d) for d in s.display],
        pips=[pips(d) for d in s.display],
        quota=s.quota,
        placed=list(s.placed),
        reveal=s.reveal + 1 if s.phase == "tiebreak" else None,
        tiebreak=choices if s.phase == "tiebreak" else None,
        wins=list(s.wins),
        won_pips=list(s.won_pips),
    )


def redraw_hidden(s: OfertuState, seat: int | None, rng: Rng) -> None:
    """Redraw deck orders, the other hands, face-down bids and secret choices.

    What stays fixed is all ``seat`` can know: its own hand and bids, every
    revealed card, the counts of each pile, hand and bid, and which red cards each
    player holds (every red card in a hand was won in the open, A-O11). The
    opponent's unseen colour cards (hand + face-down bids + deck) are pooled and
    dealt again. A red card won into the hand during this reveal stays in the hand:
    the bids were placed before it was won ("Once six player cards are placed, the
    bids are revealed one by one").
    """
    # Every pool is sorted before it is shuffled, so the result depends only on
    # what ``seat`` sees and on ``rng``, never on the true hidden order.
    s.red_deck = sort_cards(s.red_deck)
    rng.shuffle(s.red_deck)
    f = s.first_hidden()
    for p in (0, 1):
        if p == seat:
            s.decks[p] = sort_cards(s.decks[p])
            rng.shuffle(s.decks[p])
            continue
        hand, bids = s.hands[p], s.bids[p]
        kept = s.won_to_hand[p]
        loose = list(hand)
        for c in kept:
            loose.remove(c)
        held = loose + [c for i in range(f, ROW_SIZE) for c in bids[i]]
        reds = sort_cards([c for c in held if c[0] == RED])
        pool = sort_cards([c for c in held if c[0] != RED] + s.decks[p])
        rng.shuffle(pool)
        n = len(held) - len(reds)
        held = reds + pool[:n]
        s.decks[p] = pool[n:]
        rng.shuffle(held)
        k = len(loose)
        s.hands[p] = sort_cards(kept + held[:k])
        for i in range(f, ROW_SIZE):
            m = len(bids[i])
            bids[i] = held[k : k + m]
            k += m
        if s.choices[p] is not None:
            options = [*s.hands[p], "pass"]
            s.choices[p] = options[rng.randrange(len(options))]
