"""A fast estimate of a seat's final standing, for the greedy and search bots.

Reads only public information (positions, limbs, festivity cards, arrivals, hand
sizes), so it is safe on a determinized copy.
"""

from __future__ import annotations

import random
from collections import deque
from typing import cast

from muertos.engine import State

from .components import BOARD, FEST_AT_FIELD, FEST_VP, PLACE_POINTS
from .rules import MuertosState


def _steps_to(target: int) -> tuple[int, ...]:
    """Directed steps from every field to ``target`` on the bare board (figures ignored)."""
    rev: list[list[int]] = [[] for _ in range(BOARD.size)]
    for u in range(BOARD.size):
        for v in BOARD.skel_out[u]:
            rev[v].append(u)
    d = [99] * BOARD.size
    d[target] = 0
    q = deque([target])
    while q:
        u = q.popleft()
        for w in rev[u]:
            if d[w] == 99:
                d[w] = d[u] + 1
                q.append(w)
    return tuple(d)


TO_GOAL = _steps_to(BOARD.goal)
TO_FEST = {f: _steps_to(f) for f in FEST_AT_FIELD}
_FAR = 25.0  # about the whole course
_CARDS_MAX = 1.2  # worth of a full hand of eight
SCALE = 2.0
"""A lead (points) worth about a 73% chance of winning, for the search bot."""
PLAYOUT = "heuristic"
PLAYOUT_DEPTH: int | None = 40
"""Games are long (about 600 actions): the search bot plays 40 actions, then evaluates."""


def _remaining(st: MuertosState, s: int) -> int:
    """Steps still to walk: straight home once the red lane is open, else via a festivity field
    this skeleton can still use (taking cards is what opens the lane)."""
    pos = st.pos[s]
    if st._lane_open():
        return TO_GOAL[pos]
    legs = [
        TO_FEST[f][pos] + TO_GOAL[f]
        for f, k in FEST_AT_FIELD.items()
        if k not in st.fest[s] and st.stock[k] > 0 and TO_FEST[f][pos] < 99
    ]
    return min(legs) if legs else TO_GOAL[pos] + 4


def _estimate(st: MuertosState, s: int) -> float:
    vp = float(sum(FEST_VP[k] for k in st.fest[s]))
    home = st.home[s]
    if home:
        return vp + PLACE_POINTS[home - 1] + _CARDS_MAX  # cards no longer matter: count them full
    arms, legs = st.arms[s], st.legs[s]
    if arms + legs == 0:
        return vp  # without limbs it will not arrive (only Follow or a patch can help)
    progress = 1.0 - min(_remaining(st, s), _FAR) / _FAR
    mobility = (3 if legs == 2 else 2 if legs == 1 else arms) / 3.0
    arrived = sum(1 for h in st.home if h)
    best_left = PLACE_POINTS[arrived] if arrived < len(PLACE_POINTS) else 0
    # Festivity cards still on the board that this skeleton could take, discounted by distance.
    chance = 0.0
    for f, k in FEST_AT_FIELD.items():
        d = TO_FEST[f][st.pos[s]]
        if k not in st.fest[s] and st.stock[k] > 0 and d < 99:
            chance += FEST_VP[k] * 0.5 / (1 + d)
    cards = _CARDS_MAX * min(len(st.hands[s]), 8) / 8
    return vp + chance + best_left * progress * (0.4 + 0.6 * mobility) + cards


def evaluate(state: State, seat: int) -> float:
    """Own estimated final score minus the best opponent's (the lead that decides the winner)."""
    st = cast(MuertosState, state)
    mine = _estimate(st, seat)
    others = [_estimate(st, s) for s in range(st.players) if s != seat]
    return mine - max(others) if others else mine


def rollout(state: State, rng: random.Random) -> str:
    """A cheap playout policy: random, but never trades cards away at the end of a round."""
    legal = state.legal_actions()
    if legal and legal[0] == "keep":
        return "keep"
    walks = [a for a in legal if a.startswith("walk ")]
    if walks and rng.random() < 0.7:
        st = cast(MuertosState, state)
        pos = st.pos[st.to_move or 0]
        return min(walks, key=lambda a: (TO_GOAL[int(a[5:])] - TO_GOAL[pos], rng.random()))
    return legal[rng.randrange(len(legal))]
