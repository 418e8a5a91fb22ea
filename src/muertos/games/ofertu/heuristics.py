"""A fast estimate of how well a seat stands, for the greedy bot.

Uses only what ``seat`` may know (the victory displays and the red cards each player
holds are public, A-O11), so a bot may call it on the real state without cheating.
"""

from __future__ import annotations

from muertos.engine import State

from .components import PIPS
from .rules import OfertuState
from .scoring import final_order, pips

RED_KEY = 3.0
"""Worth of a red card held: it is the only way to win a card into the display (about
half an average auction card's pips, as each red card is spent by the bid that uses it)."""
RED_PIP = 0.1
"""Extra worth per pip of a held red card (its strength as a bid)."""
WIN = 100.0
"""Bonus (or malus) once the game is over, so a won game beats any margin."""


def evaluate(state: State, seat: int) -> float:
    """Pip lead in the victory displays plus the value of the red cards held (positive: ahead)."""
    assert isinstance(state, OfertuState)
    other = 1 - seat
    lead = float(pips(state.display[seat]) - pips(state.display[other]))
    if state.over:
        w = final_order(state.display)
        return lead + (0.0 if len(w) == 2 else WIN if w == [seat] else -WIN)
    for p, sign in ((seat, 1.0), (other, -1.0)):
        held = state.red_held(p)
        lead += sign * (RED_KEY * len(held) + RED_PIP * sum(PIPS[c] for c in held))
    return lead
