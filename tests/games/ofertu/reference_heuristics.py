"""The heuristics of ofertu as they were before issue 21 (commit 21893c4), kept unchanged:
the reference the faster ``heuristics.py`` must equal, number for number
(``test_heuristics_speed.py``). Its own docstring follows.

A fast estimate of how well a seat stands, for the greedy and search bots.

A seat's value: the pips in its victory display, plus the red cards in hand (the only
way to win a card into the display; public, as each was won openly), plus the auctions
still being bid on, each weighed by how likely the seat is to win it with the bids now
placed (a winning bid with red brings the card's pips, one without red a red card to the
hand). Bots call it on determinized copies, where the face-down bids
they read are guesses, not peeks. Over: the pip lead, with a large bonus for the win.
"""

from __future__ import annotations

from muertos.engine import State
from muertos.games.ofertu.components import PIPS, RED, ROW_SIZE
from muertos.games.ofertu.rules import OfertuState
from muertos.games.ofertu.scoring import final_order, pips

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


def _values(s: OfertuState) -> list[float]:
    out = []
    for p in (0, 1):
        v = float(pips(s.display[p]))
        for c in s.hands[p]:
            if c[0] == RED:
                v += _red_value(c)
        out.append(v)
    if s.phase == "over":
        return out
    more = [s.quota - s.placed[p] for p in (0, 1)] if s.phase == "bid" else [0, 0]
    first = s.reveal if s.reveal >= 0 else 0
    for i in range(first, ROW_SIZE):
        card = s.row[i]
        b = (s.bids[0][i], s.bids[1][i])
        if card is None or not (b[0] or b[1]):
            continue
        bid = (pips(b[0]), pips(b[1]))
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
            gain = PIPS[card] if any(c[0] == RED for c in b[p]) else _red_value(card)
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
