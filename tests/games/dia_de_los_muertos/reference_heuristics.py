"""The heuristics of Dia de los Muertos as they were before issue 21 (commit 21893c4), kept
unchanged: the reference the faster ``heuristics.py`` must equal, number for number
(``test_heuristics_speed.py``). Its own docstring follows.

A fast estimate of a seat's final standing, for the greedy and search bots.

Reads only public information (positions, limbs, festivity cards, arrivals, hand
sizes and backs, the backs of laid cards), so it is safe on a determinized copy.

A turn is several decisions (lay, then move or act, then walk; an attack, then the
back to draw from), and the greedy bot looks one decision ahead. So a position in the
middle of a turn is judged by what its next decision can still bring: a movement under
way or a laid card counts its best walk, a random attack its expected hit, an action
its two cards to draw. Without this, "reveal" (two cards) always beat "move" (nothing
yet), and the bot walked almost only with the cards it could not reveal.
"""

from __future__ import annotations

import random
from collections import deque
from typing import cast

from muertos.engine import State
from muertos.games.dia_de_los_muertos.components import (
    BOARD,
    CARDS,
    FEST_AT_FIELD,
    FEST_VP,
    FOOT,
    HAND,
    MOVE,
    PLACE_POINTS,
)
from muertos.games.dia_de_los_muertos.rules import GOAL, T_SEAT, T_WALKED, MuertosState


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


DIST = BOARD.dist
TO_GOAL = _steps_to(BOARD.goal)
TO_FEST = {f: _steps_to(f) for f in FEST_AT_FIELD}
_FAR = 25.0  # about the whole course
_CARDS_MAX = 1.2  # worth of a full hand of eight
SCALE = 2.0
"""A lead (points) worth about a 73% chance of winning, for the search bot."""
PLAYOUT = "heuristic"
PLAYOUT_DEPTH: int | None = 40
"""Games are long (about 600 actions): the search bot plays 40 actions, then evaluates."""
THREAT = 0.4
"""Share of its best festivity card a skeleton counts as lost while a rival with an arm stands
0-1 fields away (Snatching reaches that far, also into the goal from 28). Random play snatches
often: most of the old bot's lost games were a first arrival whose cards had been snatched.
Over seeds 2000-2299 against random, 0.4 won 95.2% of paired games, 0 won 94.2%."""
THREAT_LIMB = 0.25
"""Worth, per limb up to two, of what a skeleton risks while a rival stands 0-1 fields away
(Beating, Kicking, Snatching and Hustle reach that far). Limbs bring a skeleton home, and
without any it scores no place. 0.25 raised the rate above to 96.3%."""


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


def _threat(st: MuertosState, s: int) -> float:
    """What a rival next to ``s`` (0-1 fields: Snatching, Beating, Kicking) may take from it;
    counted once, however many rivals stand there (a card is lost only once)."""
    here = st.pos[s]
    steal = 0
    near = False
    for r in range(st.players):
        if r == s or st.home[r] or not (st.arms[r] or st.legs[r]) or DIST[st.pos[r]][here] > 1:
            continue
        near = True
        if st.arms[r]:
            steal = max([steal] + [FEST_VP[k] for k in st.fest[s] if k not in st.fest[r]])
    if not near:
        return 0.0
    limbs = 0 if st.home[s] else min(2, st.arms[s] + st.legs[s])
    return THREAT * steal + THREAT_LIMB * limbs


def _estimate(st: MuertosState, s: int, extra_cards: int = 0) -> float:
    """Points ``s`` may expect at the end; ``extra_cards`` are cards it is about to draw."""
    vp = float(sum(FEST_VP[k] for k in st.fest[s]))
    home = st.home[s]
    if home:
        # cards no longer matter: count them full
        return vp + PLACE_POINTS[home - 1] + _CARDS_MAX - _threat(st, s)
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
    cards = _CARDS_MAX * min(len(st.hands[s]) + extra_cards, 8) / 8
    place = best_left * progress * (0.4 + 0.6 * mobility)
    return vp + chance + place + cards - _threat(st, s)


def _pending_draws(st: MuertosState) -> list[int]:
    """Cards each seat will draw at the end of a turn still under way (the action's two)."""
    out = [0] * st.players
    for t in st.stack:
        if t[0] == "after" and t[2] > 0:
            out[t[1]] += t[2]
    return out


def _walk_value(st: MuertosState, m: int, steps: int, extra: int) -> float:
    """The estimate of ``m`` after its best walk of at most ``steps`` fields (a festivity
    field reached counts its card; the goal counts the place)."""
    best = -1e9
    if steps <= 0:
        return best
    pos, fest, stock = st.pos[m], st.fest[m], st.stock
    for f in st._walk_reach(m, steps):
        st.pos[m] = f
        k = FEST_AT_FIELD.get(f, -1)
        took = k >= 0 and k not in fest and stock[k] > 0
        if took:
            fest.append(k)
            stock[k] -= 1
        if f == GOAL:
            st.home[m] = max(st.home) + 1
        v = _estimate(st, m, extra)
        st.home[m] = 0
        if took:
            fest.pop()
            stock[k] += 1
        best = max(best, v)
    st.pos[m] = pos
    return best


def _hit_odds() -> dict[int, tuple[float, float, float, float]]:
    """Per back value: odds that a random card of that back shows a hand, a foot, both, none."""
    out = {}
    for b in sorted(set(MOVE)):
        cs = [c for c in CARDS if c.move == b]
        n = sum(c.count for c in cs)
        ph, pf, pb, pn = (
            sum(c.count for c in cs if c.symbol == sym) / n for sym in (HAND, FOOT, HAND | FOOT, 0)
        )
        out[b] = (ph, pf, pb, pn)
    return out


HIT_ODDS = _hit_odds()
"""Back value -> odds (hand, foot, hand and foot, nothing) of the card a random attack draws:
the deck's make-up is public, the victim's cards are not."""


def _lose(st: MuertosState, v: int, limb: str, extra: int) -> float:
    """The estimate of ``v`` after losing ``limb`` (when it has one)."""
    limbs = st.arms if limb == "arm" else st.legs
    if not limbs[v]:
        return _estimate(st, v, extra)
    limbs[v] -= 1
    e = _estimate(st, v, extra)
    limbs[v] += 1
    return e


def _picked(st: MuertosState, v: int, extra: int, dog: bool) -> float:
    """Expected estimate of the victim of a random attack whose attacker picks the back value
    that hurts most (backs are public; which card it is, is chance)."""
    here = _estimate(st, v, extra)
    miss = here
    if dog and st.fest[v]:
        top = max(FEST_VP[k] for k in st.fest[v])
        miss = here - top
    arm = _lose(st, v, "arm", extra) if st.arms[v] else miss
    leg = _lose(st, v, "leg", extra) if st.legs[v] else miss
    worst = here
    for b in set(MOVE[c] for c in st.hands[v]) or {1}:
        ph, pf, pb, pn = HIT_ODDS[b]
        val = ph * arm + pf * leg + pb * min(arm, leg) + pn * miss
        worst = min(worst, val)
    return worst


def _movement_seat(st: MuertosState) -> int:
    """The seat whose movement is under way and has not walked yet (-1: none)."""
    mv = next((t for t in reversed(st.stack[-4:]) if t[0] == "movement"), None)
    if mv is None or not st.turn or st.turn[T_SEAT] != mv[1] or st.turn[T_WALKED]:
        return -1
    return int(mv[1])


def evaluate(state: State, seat: int) -> float:
    """Own estimated final score minus the best opponent's (the lead that decides the winner)."""
    st = cast(MuertosState, state)
    extra = _pending_draws(st)
    est = [_estimate(st, s, extra[s]) for s in range(st.players)]
    if not st.ended and st.stack:
        m = _movement_seat(st)
        if m >= 0:
            est[m] = max(est[m], _walk_value(st, m, st._allowance(), extra[m]))
        for r in range(st.players):
            # A card laid face down and not used yet can still be a movement (its back is public).
            k = st.lay[r]
            if k >= 0 and r != m and not st.home[r] and st.hands[r]:
                est[r] = max(est[r], _walk_value(st, r, st._limb_cap(r, MOVE[k]), extra[r]))
        t = st.stack[-1]
        if t[0] == "pick":
            est[t[2]] = _picked(st, t[2], extra[t[2]], bool(t[3]))
        elif t[0] == "limb":
            v = t[2]
            est[v] = min(_lose(st, v, "arm", extra[v]), _lose(st, v, "leg", extra[v]))
    mine = est[seat]
    others = [est[s] for s in range(st.players) if s != seat]
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
