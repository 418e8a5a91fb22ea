"""A fast estimate of how a seat will stand at the end, for greedy and search bots.

It reads only what ``seat`` may know: altars, hand sizes and the objectives are public.
Each player's value is the score their altar has now plus a little for every card in
hand that could still go on it (a card placed adds about two points on average), and
the estimate is the seat's lead over the best other player.
"""

from __future__ import annotations

from typing import cast

from muertos.engine import State

from . import scoring
from .rules import PatzcuaroState

CARD_POTENTIAL = 2.0
"""Points a card in hand is worth while the altar has room for it."""
SCALE = 5.0
"""A lead (points) worth about a 73% chance of winning, for the search bot."""
PLAYOUT = "random"
PLAYOUT_DEPTH: int | None = 10
"""The search bot plays 10 random actions below its tree, then evaluates."""


def _value(state: PatzcuaroState, seat: int) -> float:
    altar = state.altars[seat]
    now = scoring.total(altar, state.objectives, state.flipped[seat])
    if state.over:
        return float(now)
    room = min(altar.count(0), len(state.hands[seat]))
    if state.phase == "last":  # the end is triggered: at most one more card each
        room = min(room, 1) if seat in state.final else 0
    return now + CARD_POTENTIAL * room


def evaluate(state: State, seat: int) -> float:
    """The seat's expected lead over its strongest rival (positive is good); at the end,
    the final margin, with half a point for winning a tie-break."""
    state = cast(PatzcuaroState, state)
    mine = _value(state, seat)
    others = [_value(state, s) for s in range(state.players) if s != seat]
    lead = mine - max(others)
    if state.over and seat in state.winners():
        lead += 0.5
    return lead
