"""Ofertu for reinforcement learning: a fixed action enumeration and a numeric observation.

ACTION SPACE (``action_space``; index ↔ action is stable)
  0..149     ``bid <card> on <pos>``: card-major, cards in deck order (red 1-10, black
             1-10, white 1-10), positions 1-5 (index = 5 * card + pos - 1)
  150..179   ``tiebreak <card>``, cards in deck order
  180        ``pass``

OBSERVATION (``observe``; built only from ``state.view(seat)``; every number in [0, 1])
Card sets are 30-long 0/1 vectors in deck order. "Me" is the observing seat, "them" the other.
   2  phase: bid, tiebreak
   3  I am Black; I started this round; round / 30
   4  red deck / 10; my deck / 10; their deck / 10; their hand size / 10
  55  auction row: per position 1-5, 11 numbers: empty, then red rank 1-10 one-hot
  30  red discard          30  out of play (bid black/white cards)
  30  my hand              30  red cards I hold      30  red cards they hold
 150  my bids: per position, the cards I have there (5 x 30)
 155  their bids: per position, the face-down count / 3, then the cards shown (5 x 31)
  60  victory displays: mine, theirs
   2  pips in display / 55: mine, theirs
   3  quota / 3; cards I placed / 3; cards they placed / 3
   6  position being revealed (0 = none, 1-5), one-hot
   5  my tie-break: none, pass, chose a card; their tie-break: none, chosen
  30  the card of my tie-break choice
   4  auctions won this round / 5 and pips won / 55: mine, theirs
   2  game over; I won (only once over)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .components import ALL_CARDS, COMPONENTS, ORDER
from .notation import BID, PASS, TIEBREAK
from .views import OfertuView

NPOS = COMPONENTS.auction_row
NCARD = len(ALL_CARDS)
RANKS = COMPONENTS.ranks
TOTAL_PIPS = float(sum(RANKS))


def action_space(players: int = 2, options: Mapping[str, Any] | None = None) -> list[str]:
    """Every action that can ever be legal, in the documented order."""
    out = [BID[c, i] for c in ALL_CARDS for i in range(NPOS)]
    out += [TIEBREAK[c] for c in ALL_CARDS]
    out.append(PASS)
    return out


def max_game_length(players: int = 2, options: Mapping[str, Any] | None = None) -> int:
    """A safe bound on decisions in one game (bids plus tie-breaks)."""
    return 2000


def _cards(cards: Any) -> list[float]:
    v = [0.0] * NCARD
    if isinstance(cards, list):
        for c in cards:
            i = ORDER.get(c)
            if i is not None:
                v[i] = 1.0
    return v


def _c(x: float, m: float) -> float:
    return max(0.0, min(1.0, x / m))


def observe(view: OfertuView, seat: int, players: int = 2, options: Any = None) -> list[float]:
    """The observation of ``seat`` from its view (layout in the module docstring)."""
    me, them = seat, 1 - seat
    o: list[float] = []
    phase = view.get("phase")
    o += [float(phase == "bid"), float(phase == "tiebreak")]
    o += [float(view["black"] == me), float(view["start"] == me), _c(view["round"], 30)]
    theirs = view["hands"][them]
    their_hand = theirs if isinstance(theirs, int) else len(theirs)
    o += [
        _c(view["red_deck"], 10),
        _c(view["decks"][me], 10),
        _c(view["decks"][them], 10),
        _c(their_hand, 10),
    ]
    for c in view["row"]:
        slot = [0.0] * (len(RANKS) + 1)
        if c is None:
            slot[0] = 1.0
        else:
            slot[1 + RANKS.index(int(c[1:]))] = 1.0
        o += slot
    o += _cards(view["red_discard"]) + _cards(view["out"])
    mine_in_hand = view["hands"][me]
    o += _cards(mine_in_hand if isinstance(mine_in_hand, list) else [])
    o += _cards(view["red_held"][me]) + _cards(view["red_held"][them])
    for pos in view["bids"][me]:
        o += _cards(pos)
    for pos in view["bids"][them]:
        o += [_c(sum(1 for c in pos if c not in ORDER), 3), *_cards(pos)]
    o += _cards(view["display"][me]) + _cards(view["display"][them])
    o += [_c(view["pips"][me], TOTAL_PIPS), _c(view["pips"][them], TOTAL_PIPS)]
    o += [_c(view["quota"], 3), _c(view["placed"][me], 3), _c(view["placed"][them], 3)]
    rev = [0.0] * (NPOS + 1)
    rev[view["reveal"] or 0] = 1.0
    o += rev
    tb = view.get("tiebreak") or [None, None]
    choice, other = tb[me], tb[them]
    o += [float(choice is None), float(choice == "pass"), float(choice in ORDER)]
    o += [float(other is None), float(other is not None)]
    o += _cards([choice] if choice in ORDER else [])
    o += [_c(view["wins"][me], NPOS), _c(view["won_pips"][me], TOTAL_PIPS)]
    o += [_c(view["wins"][them], NPOS), _c(view["won_pips"][them], TOTAL_PIPS)]
    o += [float(bool(view["over"])), float(me in (view.get("winners") or []))]
    return o
