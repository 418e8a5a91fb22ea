"""The shape of Ofertu's view: what a seat (or a spectator) may know of the table."""

from __future__ import annotations

from typing_extensions import TypedDict

from muertos.engine.views import BaseView


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
