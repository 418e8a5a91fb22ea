"""A fast estimate of a seat's final standing, for greedy and search bots.

Each portrait gets a chance of ending lit: 1 when lit, 0 when surrounded and unlit
(final, A-OF4), otherwise a guess from its objective on the occupied neighbours and
the empty neighbour slots likely to be filled in the turns left. "All…"/"none…"
objectives already broken by a neighbour can never hold; "2+" objectives already met
by two neighbours can never fail. Empty slots likely to be filled count as future
portraits of average promise, so keeping a slot open (rather than discarding) has a
value. The score is then estimated with these chances the way the rulebook scores
(p.9), plus small values for marigolds and candles still in storage. Over: the score.
Multiplayer: the seat's lead over the best other seat; solo: the estimate itself.

Solo (where the estimate is all that counts, and nothing else competes for the search's
attention) candles and open Candle/Marigold slots are judged more closely: a placed
candle's chance of lighting follows from the portraits still to come (``_candle_chance``),
and a slot not yet surrounded is worth what a token would earn there, times the chance
its portraits all arrive, when there is a token to put in it. The solo search also plays
a cheap heuristic policy below its tree (``rollout``) instead of random moves, which
would scatter portraits and skip tokens and so make every position look poor.
Reads only public information (boards, storage), so it is safe on determinizations.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from math import comb

from muertos.engine import State
from muertos.engine.memo import Memo

from . import notation as N
from .components import (
    ADJ,
    AROUND,
    CANDLE_FEATS,
    CANDLE_KIND,
    CANDLE_N,
    CARD_COLOUR,
    CARD_MASK,
    CARD_OFFERING,
    COST,
    GAIN,
    GOLDEN,
    K_FOUR_OF,
    K_FULL_SET,
    K_MG_OFRENDA,
    K_MG_STORAGE,
    K_TWO_EACH,
    NCARDS,
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
PLAYOUT = "heuristic"
"""The search bot's playouts follow ``rollout`` solo (random playouts scatter portraits and
skip tokens, so every solo position looked poor to the search) and with several seats the
search's generic policy, the best of a sample of moves by this evaluation. With 2 seats, 0.5 s
a move, paired seeds 300-339: 71% of 80 games against greedy, where random playouts won 55% of
40 (depth 0-16 and to the end: 30-55%), and ``rollout``'s placing policy for every seat 50%."""
EXPLORATION = 0.4
"""UCB constant of the search bot: below the usual 0.7 (tried with 2 seats: 0.25-0.4 did better)."""
PLAYOUT_DEPTH: int | None = 8
"""The search bot plays 8 playout actions below its tree, then evaluates (playing to the
end says little about a well-built Ofrenda)."""

# Solo only: candles and open token slots (see the module docstring).
FEATURE_PICK = 0.3
"""Chance that a portrait still to be placed has a feature a candle wants: above the
deck's 1 in 5 because the player chooses among the market and the hand."""
SET_PICK = 0.25
"""The same for a feature missing from a full set (fewer portraits to serve it)."""
MARIGOLD_STEP = 0.7
"""Chance of adding each marigold still missing for the "4 marigolds on the Ofrenda" candle."""
STORAGE_KEEP = (0.25, 0.5, 0.85)
"""Chance of ending with 3+ marigolds in storage, holding 1 or fewer, 2, or 3+ now."""
FUTURE_CANDLE = 0.45
"""Chance of lighting for a candle not yet taken (one per turn, for free, is usual)."""


def _tail(q: float) -> tuple[tuple[float, ...], ...]:
    """``T[m][d]``: chance of at least ``d`` successes in ``m`` tries of chance ``q``."""
    return tuple(
        tuple(sum(comb(m, k) * q**k * (1 - q) ** (m - k) for k in range(d, m + 1)) for d in range(TURNS + 1))
        for m in range(TURNS + 1)
    )


_PICK_TAIL = _tail(FEATURE_PICK)
_SET_TAIL = _tail(SET_PICK)


def _candle_chance(k: int, counts: list[int], on: int, mg: int, m: int, open_mg: int) -> float:
    """Chance that solo candle ``k`` ends lit, with ``m`` portraits still to place,
    ``on`` marigolds on the Ofrenda, ``mg`` in storage, ``open_mg`` marigold slots open."""
    kind = CANDLE_KIND[k]
    feats = CANDLE_FEATS[k]
    if kind in (K_FOUR_OF, K_TWO_EACH):
        p = 1.0
        for f in feats:
            d = CANDLE_N[k] - counts[f]
            if d > 0:
                p *= _PICK_TAIL[m][d] if d <= m else 0.0
        return p
    if kind == K_FULL_SET:
        miss = sum(1 for f in feats if counts[f] < 1)
        if miss > m:
            return 0.0
        return float(_SET_TAIL[m][1] ** miss)
    if kind == K_MG_OFRENDA:
        d = CANDLE_N[k] - on
        if d <= 0:
            return 1.0
        return float(MARIGOLD_STEP**d) if open_mg >= d else 0.0
    if kind == K_MG_STORAGE:
        return STORAGE_KEEP[max(0, min(2, mg - CANDLE_N[k] + 2))]
    return 0.3  # majorities: multiplayer only


def _left(s: OfrendaState, p: int) -> int:
    """Turns left to seat ``p``, the one under way counted as done once it is past its take."""
    return TURNS - s.turns[p] - (1 if s.phase in ("play", "token") and s.current == p else 0)


def _chances(s: OfrendaState, p: int) -> tuple[list[float], float, int]:
    """Each card slot's chance of ending lit, the share of empty slots likely to be
    filled, and the number of portraits still to place (at most one per turn left)."""
    board, lit = s.board, s.lit
    base = p * NSLOTS
    empties = [i for i in range(NSLOTS) if board[base + i] < 0]
    left = _left(s, p)
    fill = min(1.0, left / len(empties)) if empties else 0.0
    prob = [_chance(board, lit, base, i, fill) for i in range(NSLOTS)]
    return prob, fill, min(left, len(empties))


def _chance(board: list[int], lit: list[int], base: int, i: int, fill: float) -> float:
    """Slot ``i``'s chance of ending lit (see the module notes), ``fill`` the share of
    empty slots likely to be filled."""
    c = board[base + i]
    if c < 0:
        return FUTURE_LIT * fill
    if lit[base + i]:
        return 1.0
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
        return 0.0  # surrounded and unlit: final
    m = free * fill  # neighbours still to come
    kind = OBJ_KIND[c]
    if kind == OBJ_AT_LEAST_2:
        if hits >= 2:
            return 1.0
        if hits == 1:
            miss: float = (1.0 - NEIGHBOUR_MATCH) ** m
            return 1.0 - miss
        return min(1.0, NEIGHBOUR_MATCH**2 * m * (m - 1) / 2) if m > 1 else 0.0
    if kind == OBJ_NONE_OF:
        return 0.0 if hits else NONE_OF_KEEP**m
    return 0.0 if hits < seen else ALL_ANY_KEEP**m


WEIGHT = tuple(2.0 if golden else 1.0 for golden in GOLDEN)
"""A portrait's points count twice in a golden slot."""


def _portrait_points(s: OfrendaState, p: int, prob: list[float], fill: float) -> float:
    """Expected portrait points: each portrait's chance times its score with expected neighbours."""
    board = s.board
    base = p * NSLOTS
    future = fill * (1.0 + FUTURE_LIT)
    # what each slot adds as a neighbour, worked out once (the very sums, read by each of its neighbours)
    near = [1.0 + prob[n] if board[base + n] >= 0 else future for n in range(NSLOTS)]
    pts = 0.0
    for i in range(NSLOTS):
        pi = prob[i]
        if pi == 0.0:
            continue
        v = 0.0
        for n in ADJ[i]:
            v += near[n]
        pts += pi * v * WEIGHT[i]
    return pts


_PORTRAITS: Memo[tuple[tuple[int, ...], tuple[int, ...], int], tuple[list[float], float, int, float]] = Memo(
    1 << 16
)
"""``_chances`` and ``_portrait_points`` of one Ofrenda by all they read: its slots, which
are lit and the turns left to its owner. A bot asks again and again about Ofrendas that
its move does not change (the rivals', and its own outside the placing step); the answer
remembered is the very number computed."""


def _portraits(s: OfrendaState, p: int) -> tuple[list[float], float, int, float]:
    """``(prob, fill, to place, portrait points)`` of seat ``p``, remembered (``_PORTRAITS``)."""
    base = p * NSLOTS
    key = (tuple(s.board[base : base + NSLOTS]), tuple(s.lit[base : base + NSLOTS]), _left(s, p))
    got = _PORTRAITS.get(key)
    if got is None:
        prob, fill, m = _chances(s, p)
        got = _PORTRAITS.keep(key, (prob, fill, m, _portrait_points(s, p, prob, fill)))
    return got


Portraits = tuple[list[float], float, int, float]
"""``(prob, fill, to place, portrait points)`` of one Ofrenda."""


def _seat(
    s: OfrendaState, p: int, counts: list[list[int]], on: list[int], portraits: Portraits | None = None
) -> float:
    """Seat ``p``'s estimate with several seats (``portraits``: its Ofrenda's, when known)."""
    prob, fill, _, pts = _portraits(s, p) if portraits is None else portraits
    bt = p * NTOK
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


def _solo(s: OfrendaState, counts: list[int], on: int) -> float:
    """The solo estimate: portraits as with several seats; tokens placed, open slots and
    the tokens in storage that could fill them, judged with ``_candle_chance``."""
    prob, fill, m, pts = _portraits(s, 0)
    board, tokens, clit = s.board, s.tokens, s.clit
    mg = s.mg[0]
    open_candle: list[float] = []
    open_mg: list[float] = []
    placed: list[tuple[int, float]] = []  # unlit candles on the Ofrenda, with their neighbours' promise
    for j in range(NTOK):
        t = tokens[j]
        cards = TOKEN_CARDS[j]
        if t >= 0:
            near = prob[cards[0]] + prob[cards[1]] + prob[cards[2]]
            if not TOKEN_IS_CANDLE[j] or clit[j]:
                pts += 2.0 * near if TOKEN_IS_CANDLE[j] else near
            else:
                placed.append((t, near))
            continue
        missing = 0
        arrive = 1.0  # chance that its missing portraits all arrive
        near = 0.0  # expected lit portraits around it once they have
        for x in cards:
            if board[x] < 0:
                missing += 1
                arrive *= fill
                near += FUTURE_LIT
            else:
                near += prob[x]
        if not missing and j not in s.pending:
            continue  # surrounded on an earlier turn and left empty: lost for good
        (open_candle if TOKEN_IS_CANDLE[j] else open_mg).append(arrive * near)
    for k, near in placed:
        pts += 2.0 * _candle_chance(k, counts, on, mg, m, len(open_mg)) * near
    open_mg.sort(reverse=True)
    for i in range(mg):  # a stored marigold: a slot to fill, or currency
        pts += max(open_mg[i], MARIGOLD_VALUE) if i < len(open_mg) else MARIGOLD_VALUE
    open_candle.sort(reverse=True)
    held = sorted((_candle_chance(k, counts, on, mg, m, len(open_mg)) for k in s.stored[0]), reverse=True)
    for i, v in enumerate(open_candle):  # the best candles held go to the best slots
        pts += 2.0 * (held[i] if i < len(held) else FUTURE_CANDLE * fill) * v
    return pts


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
    if P == 1:
        return [_solo(s, counts[0], on[0])]
    return [_seat(s, p, counts, on) for p in range(P)]


def _goals(s: OfrendaState, p: int) -> int:
    ng = len(s.goals)
    return sum(s.claims[p * ng : p * ng + ng]) if ng else 0


def evaluate(state: State, seat: int) -> float:
    """The seat's estimated lead (multiplayer) or estimated score (solo)."""
    return _lead(estimates(state), seat)


def _lead(est: list[float], seat: int) -> float:
    """Solo the estimate; else the seat's estimate less the best other one."""
    if len(est) == 1:
        return est[0]
    return est[seat] - max(v for i, v in enumerate(est) if i != seat)


_TRIAL_LISTS = ("board", "lit", "tokens", "clit", "mg", "turns", "pending", "claims")
_TRIAL_MARKET = ("market", "market_mg", "mcandles", "bag", "deck")
_TRIAL_NESTED = ("hands", "secret", "discards", "stored", "stacks")
_TRIAL_SCALARS = ("phase", "taken", "current")
"""What any move of a turn may change when the turn it ends does not end the game: taking a
portrait or a candle (``_take``, ``_take_candle``, ``_replenish_portraits``, with
``_TRIAL_MARKET``), playing a portrait or a token (``_place``, ``_discard``, the token
moves, ``_end_turn`` of a game of several players)."""
_TRIAL_PHASES = {"take": _TRIAL_LISTS + _TRIAL_MARKET, "candle": _TRIAL_LISTS + _TRIAL_MARKET}
"""The flat lists copied for a trial, by phase (``_TRIAL_LISTS`` when not listed): the
market's only in the phases that take from it."""


def action_values(state: State, seat: int, actions: Sequence[str]) -> list[float]:
    """``evaluate(state.after(a), seat)`` for each listed action, the same numbers found
    faster. Taking a portrait or a candle, playing a portrait or a token, when the turn it
    may end does not end the game, changes only the fields of ``_TRIAL_*``: the move is played by the rules themselves on
    ``state`` with fresh copies of those, evaluated, and the originals put back (with the
    log, the generator and the listing). Other moves, and solo, are played on a copy."""
    assert isinstance(state, OfrendaState)
    s = state
    P = s.players
    if P == 1 or s.phase not in ("take", "candle", "play", "token") or s.turns[(s.current + 1) % P] >= TURNS:
        return [evaluate(s.after(a), seat) for a in actions]
    listed = set(s.legal_actions())
    flat = _TRIAL_PHASES.get(s.phase, _TRIAL_LISTS)
    place = _placing(s) if s.phase == "play" else None
    play = s.ACTIONS.play
    d = s.__dict__
    events = s.events
    out = []
    for a in actions:
        if a not in listed:
            out.append(evaluate(s.after(a), seat))
            continue
        where = _PLACES.get(a) if place is not None else None
        if where is not None and place is not None:
            out.append(place(*where, seat))
            continue
        saved = {f: d[f] for f in flat + _TRIAL_NESTED + _TRIAL_SCALARS}
        for f in flat:
            d[f] = saved[f].copy()
        for f in _TRIAL_NESTED:
            d[f] = [x.copy() for x in saved[f]]
        n_events, legal, rng = len(events), s._legal, s.rng.state
        s._legal = None
        try:
            play(s, a)
            out.append(evaluate(s, seat))
        finally:
            d.update(saved)
            del events[n_events:]
            s._legal, s.rng.state = legal, rng
    return out


_PLACES = {N.PLACE[c][slot]: (c, slot) for c in range(NCARDS) for slot in range(NSLOTS)}
"""A placement's spelling -> (portrait, slot)."""


def _placing(s: OfrendaState) -> Callable[[int, int, int], float]:
    """``evaluate`` after the current player places a portrait (the turn it may end not
    ending the game), without playing the move: the slot is filled, the marigold paid or
    gained and the portraits lit by the rules' own steps (``_lighting``, ``_surrounded``,
    ``_can_fill``; if no token decision follows, the turn's end: ``_flip_candles`` and
    ``_claim_goals``) on ``s`` itself, evaluated, and taken back. The turn's end does not
    move ``turns``, ``current`` and ``phase``: the evaluation reads them only for the
    turns left (``_left``), the same before the turn ends and after it. Worked out once
    for every placement: each slot's chance on the board as it stands with one empty slot
    fewer (only the slot placed and its neighbours change), and the other seats'
    estimates by what they read of the mover's move (the features it adds)."""
    p = s.current
    P = s.players
    base, bt = p * NSLOTS, p * NTOK
    board, lit, mg, clit = s.board, s.lit, s.mg, s.clit
    empties = sum(1 for i in range(NSLOTS) if board[base + i] < 0) - 1
    left = _left(s, p)
    fill = min(1.0, left / empties) if empties else 0.0
    to_place = min(left, empties)
    chances = [_chance(board, lit, base, i, fill) for i in range(NSLOTS)]
    counts = [feature_counts(board, q * NSLOTS) for q in range(P)]
    on = [marigolds_on(s.tokens, q * NTOK) for q in range(P)]
    others: dict[tuple[int, int, int], list[float]] = {}
    events = s.events

    def value(c: int, slot: int, seat: int) -> float:
        board[base + slot] = c
        paid = 1 if GAIN[slot] else -1 if COST[slot] else 0
        mg[p] += paid
        lights = s._lighting(base, slot)
        for t in lights:
            lit[base + t] = 1
        ends = not any(s._can_fill(p, j) for j in s._surrounded(base, slot))
        kept = (clit[bt : bt + NTOK], s.claims, [x.copy() for x in s.stacks], len(events)) if ends else None
        try:
            if ends:
                s.claims = s.claims.copy()
                s._flip_candles(p)
                if s.goals:
                    s._claim_goals(p)
            mine = counts[p].copy()
            mine[CARD_COLOUR[c]] += 1
            mine[CARD_OFFERING[c]] += 1
            now = [*counts[:p], mine, *counts[p + 1 :]]
            key = (CARD_COLOUR[c], CARD_OFFERING[c], paid)
            est = others.get(key)
            if est is None:
                est = others[key] = [0.0 if q == p else _seat(s, q, now, on) for q in range(P)]
            prob = chances.copy()
            for t in AROUND[slot]:
                prob[t] = _chance(board, lit, base, t, fill)
            est = est.copy()
            est[p] = _seat(s, p, now, on, (prob, fill, to_place, _portrait_points(s, p, prob, fill)))
            return _lead(est, seat)
        finally:
            board[base + slot] = -1
            mg[p] -= paid
            for t in lights:
                lit[base + t] = 0
            if kept is not None:
                clit[bt : bt + NTOK], s.claims, s.stacks = kept[0], kept[1], kept[2]
                del events[kept[3] :]

    return value


def _fit(objective: int, mask: int, neighbour: int) -> float:
    """How a neighbour's features sit with an objective: a "2+" match helps, a broken
    "all…" or "none…" costs most (it can never be mended), a kept one helps a little."""
    hit = CARD_MASK[neighbour] & mask
    if objective == OBJ_AT_LEAST_2:
        return 0.5 if hit else 0.0
    if objective == OBJ_NONE_OF:
        return -1.0 if hit else 0.2
    return 0.3 if hit else -1.0


def placement_fit(s: OfrendaState, p: int, card: int, slot: int) -> float:
    """A quick local score of ``card`` in ``slot``: its own objective against the portraits
    already around, and theirs (those not yet lit) against it."""
    board, lit = s.board, s.lit
    base = p * NSLOTS
    own, mask = OBJ_KIND[card], OBJ_MASK[card]
    v = 0.0
    for n in ADJ[slot]:
        cn = board[base + n]
        if cn < 0:
            continue
        v += _fit(own, mask, cn)
        if not lit[base + n]:
            v += _fit(OBJ_KIND[cn], OBJ_MASK[cn], card)
    return v


def rollout(state: State, rng: random.Random) -> str | None:
    """The search bot's playout policy. Solo: always fill a surrounded slot, take the free
    candle, place a random portrait of the hand where it fits best (discard only when no
    slot is open to it); other decisions at random. Several seats: None, no opinion (the
    search's generic heuristic playout decides)."""
    if not isinstance(state, OfrendaState) or state.players != 1:
        return None
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    s = state
    ph = s.phase
    if ph == "token":  # the token actions, then the skip, come last
        return legal[rng.randrange(len(legal) - 1)]
    if ph == "candle":
        free = N.CANDLE[s.taken]
        return free if free in legal else N.NO_CANDLE
    if ph == "play":
        hand = s.hands[0]
        card = hand[rng.randrange(len(hand))]
        board = s.board
        broke = s.mg[0] == 0
        best, best_v = -1, -1e9
        for slot in range(NSLOTS):
            if board[slot] >= 0 or (broke and COST[slot]):
                continue
            v = placement_fit(s, 0, card, slot) + 0.3 * rng.random()
            if v > best_v:
                best, best_v = slot, v
        return N.PLACE[card][best] if best >= 0 else N.DISCARD[card]
    return legal[rng.randrange(len(legal))]
