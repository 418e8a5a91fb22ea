"""A fast estimate of a seat's final standing, for greedy and search bots.

Each portrait gets a chance of ending lit: 1 when lit, 0 when surrounded and unlit
(final, spec c.4), otherwise a guess from its objective on the occupied neighbours and
the empty neighbour slots likely to be filled in the turns left. "All…"/"none…"
objectives already broken by a neighbour can never hold; "2+" objectives already met
by two neighbours can never fail. Empty slots likely to be filled count as future
portraits of average promise, so keeping a slot open (rather than discarding) has a
value. The score is then estimated with these chances the way the rulebook scores
(p.9), plus small values for marigolds and candles still in storage. Over: the score.
Multiplayer: the seat's lead over the best other seat; solo: the estimate itself.
Reads only public information (boards, storage), so it is safe on determinizations.
"""

from __future__ import annotations

from muertos.engine import State

from .components import (
    ADJ,
    CARD_MASK,
    GOLDEN,
    NSLOTS,
    NTOK,
    OBJ_AT_LEAST_2,
    OBJ_KIND,
    OBJ_MASK,
    OBJ_NONE_OF,
    TOKEN_CARDS,
    TOKEN_IS_CANDLE,
    TURNS,
)
from .rules import OfrendaState
from .scoring import breakdown, candle_ok, feature_counts, marigolds_on

FUTURE_LIT = 0.35
"""Chance that a portrait yet to be placed ends lit."""
NEIGHBOUR_MATCH = 0.3
"""Chance that a future neighbour has a wanted feature (2 of 10 features on 5+5 cards)."""
ALL_ANY_KEEP = 0.55
"""Chance that a future neighbour keeps an "all…" objective (one of two features)."""
NONE_OF_KEEP = 0.65
MARIGOLD_VALUE = 0.45
CANDLE_VALUE = 1.2
SCALE = 6.0
"""A lead (points) worth about a 73% chance of winning, for the search bot."""
PLAYOUT = "random"
EXPLORATION = 0.4
"""UCB constant of the search bot: below the usual 0.7 (tried with 2 seats: 0.25-0.4 did better)."""
PLAYOUT_DEPTH: int | None = 8
"""The search bot plays 8 random actions below its tree, then evaluates (random play to the
end says little about a well-built Ofrenda)."""


def _seat(s: OfrendaState, p: int, counts: list[list[int]], on: list[int]) -> float:
    board, lit = s.board, s.lit
    base, bt = p * NSLOTS, p * NTOK
    empties = [i for i in range(NSLOTS) if board[base + i] < 0]
    left = TURNS - s.turns[p] - (1 if s.phase in ("play", "token") and s.current == p else 0)
    fill = min(1.0, left / len(empties)) if empties else 0.0
    prob = [0.0] * NSLOTS
    for i in range(NSLOTS):
        c = board[base + i]
        if c < 0:
            prob[i] = FUTURE_LIT * fill
            continue
        if lit[base + i]:
            prob[i] = 1.0
            continue
        hits = 0
        seen = 0
        free = 0
        for n in ADJ[i]:
            cn = board[base + n]
            if cn < 0:
                free += 1
            else:
                seen += 1
                if CARD_MASK[cn] & OBJ_MASK[c]:
                    hits += 1
        if free == 0:
            continue  # surrounded and unlit: final
        m = free * fill  # neighbours still to come
        kind = OBJ_KIND[c]
        if kind == OBJ_AT_LEAST_2:
            if hits >= 2:
                prob[i] = 1.0
            elif hits == 1:
                prob[i] = 1.0 - (1.0 - NEIGHBOUR_MATCH) ** m
            else:
                prob[i] = min(1.0, NEIGHBOUR_MATCH**2 * m * (m - 1) / 2) if m > 1 else 0.0
        elif kind == OBJ_NONE_OF:
            prob[i] = 0.0 if hits else NONE_OF_KEEP**m
        else:
            prob[i] = 0.0 if hits < seen else ALL_ANY_KEEP**m
    pts = 0.0
    for i in range(NSLOTS):
        pi = prob[i]
        if pi == 0.0:
            continue
        v = 0.0
        for n in ADJ[i]:
            if board[base + n] >= 0:
                v += 1.0 + prob[n]
            else:
                v += fill * (1.0 + FUTURE_LIT)
        if board[base + i] < 0:
            pi = FUTURE_LIT * fill
        pts += pi * v * (2.0 if GOLDEN[i] else 1.0)
    tokens, clit = s.tokens, s.clit
    for j in range(NTOK):
        t = tokens[bt + j]
        if t < 0:
            continue
        a, b, c = TOKEN_CARDS[j]
        near = prob[a] + prob[b] + prob[c]
        if TOKEN_IS_CANDLE[j]:
            ok = 1.0 if clit[bt + j] or candle_ok(t, p, counts, on, s.mg) else 0.3
            pts += 2.0 * ok * near
        else:
            pts += near
    ng = len(s.goals)
    goals = sum(s.claims[p * ng : p * ng + ng]) if ng else 0
    return pts + goals + MARIGOLD_VALUE * s.mg[p] + CANDLE_VALUE * len(s.stored[p]) * fill


def estimates(state: State) -> list[float]:
    """Every seat's estimated final score."""
    s = state
    if not isinstance(s, OfrendaState):
        raise TypeError(f"not an Ofrenda state: {s!r}")
    P = s.players
    if s.over:
        return [
            float(sum(breakdown(s.board, s.lit, s.tokens, s.clit, p * NSLOTS, p * NTOK))) + _goals(s, p)
            for p in range(P)
        ]
    counts = [feature_counts(s.board, p * NSLOTS) for p in range(P)]
    on = [marigolds_on(s.tokens, p * NTOK) for p in range(P)]
    return [_seat(s, p, counts, on) for p in range(P)]


def _goals(s: OfrendaState, p: int) -> int:
    ng = len(s.goals)
    return sum(s.claims[p * ng : p * ng + ng]) if ng else 0


def evaluate(state: State, seat: int) -> float:
    """The seat's estimated lead (multiplayer) or estimated score (solo)."""
    est = estimates(state)
    if len(est) == 1:
        return est[0]
    return est[seat] - max(v for i, v in enumerate(est) if i != seat)
