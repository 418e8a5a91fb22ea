"""A fast estimate of how well a seat stands, for the greedy and search bots.

A seat's value: the pips in its victory display, plus the red cards in hand (the only
way to win a card into the display; public, as each was won openly), plus the auctions
still being bid on, each weighed by how likely the seat is to win it with the bids now
placed (a winning bid with red brings the card's pips, one without red a red card to the
hand). Bots call it on determinized copies, where the face-down bids
they read are guesses, not peeks. Over: the pip lead, with a large bonus for the win.
"""

from __future__ import annotations

from collections.abc import Sequence

from muertos.engine import State

from . import notation
from .components import PIPS, RED, ROW_SIZE
from .rules import OfertuState
from .scoring import final_order, pips

RED_KEY = 3.0
"""Worth of a red card held: it is the only way to win a card into the display (about
half an average auction card's pips, as each red card is spent by the bid that uses it)."""
RED_PIP = 0.1
"""Extra worth per pip of a held red card (its strength as a bid)."""
LEAD_SURE = 0.85
"""Chance that a bid now ahead wins when the rival can still add cards this round."""
WIN = 100.0
"""Bonus (or malus) once the game is over, so a won game beats any margin."""
SCALE = 4.0
"""A pip lead worth about a 73% chance of winning, for the search bot."""
PLAYOUT = "random"
PLAYOUT_DEPTH: int | None = None


def _red_value(c: str) -> float:
    return RED_KEY + RED_PIP * PIPS[c]


_RED_VALUE = {c: _red_value(c) for c in PIPS if c[0] == RED}
"""``_red_value`` of each red card, worked out once."""


def _values(s: OfertuState) -> list[float]:
    out = []
    for p in (0, 1):
        v = float(sum([PIPS[c] for c in s.display[p]]))
        for c in s.hands[p]:
            r = _RED_VALUE.get(c)
            if r is not None:
                v += r
        out.append(v)
    if s.phase == "over":
        return out
    more = [s.quota - s.placed[p] for p in (0, 1)] if s.phase == "bid" else [0, 0]
    first = s.reveal if s.reveal >= 0 else 0
    row, bids0, bids1 = s.row, s.bids[0], s.bids[1]
    for i in range(first, ROW_SIZE):
        card = row[i]
        b = (bids0[i], bids1[i])
        if card is None or not (b[0] or b[1]):
            continue
        bid = (sum([PIPS[c] for c in b[0]]), sum([PIPS[c] for c in b[1]]))
        for p in (0, 1):
            if not b[p]:
                continue
            o = 1 - p
            if bid[p] > bid[o]:
                chance = LEAD_SURE if more[o] else 1.0
            elif bid[p] == bid[o]:
                chance = 0.5
            else:
                chance = 1.0 - LEAD_SURE if more[p] else 0.0
            gain = PIPS[card] if any(c[0] == RED for c in b[p]) else _RED_VALUE[card]
            out[p] += chance * gain
    return out


def evaluate(state: State, seat: int) -> float:
    """Estimated lead over the other seat (positive: ahead); over: the pip lead ± WIN."""
    assert isinstance(state, OfertuState)
    other = 1 - seat
    if state.over:
        lead = float(pips(state.display[seat]) - pips(state.display[other]))
        w = final_order(state.display)
        return lead + (0.0 if len(w) == 2 else WIN if w == [seat] else -WIN)
    v = _values(state)
    return v[seat] - v[other]


_BIDS = {text: key for key, text in notation.BID.items()}
"""A bid's spelling -> (card, position)."""


def action_values(state: State, seat: int, actions: Sequence[str]) -> list[float]:
    """``evaluate(state.after(a), seat)`` for each listed action, the same numbers found
    faster: a bid that does not close the bidding only moves a card from the hand onto the
    row and passes the turn, so it is played on ``state`` itself, evaluated and taken back;
    the bid that closes the bidding (the reveal follows) and the tie-break choices are
    played on a copy."""
    assert isinstance(state, OfertuState)
    s = state
    me = s.turn
    simple = s.phase == "bid" and not (s.placed[me] + 1 == s.quota and s.placed[1 - me] == s.quota)
    listed = set(s.legal_actions())
    out = []
    for a in actions:
        bid = _BIDS.get(a) if simple and a in listed else None
        if bid is None:
            out.append(evaluate(s.after(a), seat))
            continue
        card, i = bid
        hand, row_bid = s.hands[me], s.bids[me][i]
        k = hand.index(card)
        del hand[k]
        row_bid.append(card)
        s.placed[me] += 1
        s.turn = 1 - me
        try:
            out.append(evaluate(s, seat))
        finally:
            s.turn = me
            s.placed[me] -= 1
            row_bid.pop()
            hand.insert(k, card)
    return out
