"""A fast estimate of how well a seat stands, for the greedy and search bots.

Value of a seat = steps ascended + what is on the way: a completed section not yet scored
counts its exact score (it scores at the end of the round), an unfinished one a little per
die plus a little per pattern already begun (same colour for Bread, equal values for
Candles, neighbouring consecutive values for Marigolds, urns matched for Incense); tokens
(three different ones buy a step) and prepared dice count a little. Multiplayer: the seat's
value minus the best rival's; solo: the value itself. Everything read is public.
"""

from __future__ import annotations

from itertools import pairwise

from .components import CALAVERA, COMPONENTS
from .rules import SECTIONS, DieOfTheDeadState
from .scoring import BREAD, CANDLE, INCENSE, MARIGOLD

CELL = 0.3
"""Worth of a die in a section that has not scored yet."""
PATTERN = 0.25
"""Worth of each step of a pattern begun in an unfinished section."""
URN = 0.6
"""Worth of an urn already holding its printed die."""
TOKEN = 0.3
"""Worth of a token in hand (3 different ones buy 1 step)."""
PREPARED = 0.1
"""Worth of a die waiting on the preparation board."""
SCALE = 2.0
"""A lead (steps) worth about a 73% chance of winning, for the search bot."""
PLAYOUT = "random"
PLAYOUT_DEPTH: int | None = 10
"""The search bot plays 10 random actions below its tree, then evaluates."""


def _unfinished(st: DieOfTheDeadState, s: int, sec: int, dice: list[int]) -> float:
    filled = [d for d in dice if d >= 0]
    v = CELL * len(filled)
    if len(filled) < 2 and sec != INCENSE:
        return v
    cols = [d >> 4 for d in filled]
    vals = [d & 7 for d in filled]
    if sec == BREAD:
        if len(set(cols)) == 1:
            v += PATTERN * (len(filled) - 1)
    elif sec == CANDLE:
        wild = vals.count(CALAVERA)
        same = max(vals.count(x) for x in vals if x != CALAVERA) if wild < len(vals) else 0
        v += PATTERN * (same + wild - 1)
    elif sec == MARIGOLD:
        for a, b in pairwise(dice):
            if a >= 0 and b >= 0 and (CALAVERA in (a & 7, b & 7) or abs((a & 7) - (b & 7)) == 1):
                v += PATTERN
    else:
        board = COMPONENTS.boards[0 if st.options["same_urns"] else s]
        for u in board.urns:
            d = dice[u.position]
            if d >= 0 and d >> 4 == u.colour and (d & 7) in (u.value, CALAVERA):
                v += URN
    return v


def _value(st: DieOfTheDeadState, s: int) -> float:
    v = float(st.steps[s])
    if st.over:
        return v + 0.01 * sum(st.hands[s])  # tie-break: most tokens
    cells = st.ofrenda[s]
    reach = 1.0
    if st.players == 1:
        # Solo: every die still to place costs a City die, and the game ends when the City
        # is empty, so unfinished sections count only as far as the City can fill them.
        empty = {c for sec in range(4) if not st.scored[s][sec] for c in SECTIONS[sec] if cells[c] < 0}
        if empty:
            reach = min(1.0, sum(st.city) / len(empty))
    for sec in range(4):
        if st.scored[s][sec]:
            continue
        dice = [cells[c] for c in SECTIONS[sec]]
        if min(dice) >= 0:
            v += st._section_value(s, sec)  # scores at the end of this round
        else:
            v += reach * _unfinished(st, s, sec, dice)
    v += TOKEN * sum(st.hands[s]) + PREPARED * len(st.prep[s])
    return v


def evaluate(state: DieOfTheDeadState, seat: int) -> float:
    mine = _value(state, seat)
    if state.players == 1:
        return mine
    return mine - max(_value(state, s) for s in range(state.players) if s != seat)
