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
from typing import Any

from muertos.engine import State
from muertos.engine.masked import hidden_cards, unseen
from muertos.engine.memo import Memo

from . import notation as N
from .components import (
    ADJ,
    CANDLE_FEATS,
    CANDLE_KIND,
    CANDLE_N,
    CARD_COLOUR,
    CARD_MASK,
    CARD_OFFERING,
    COST,
    DISCARD_GAIN,
    GAIN,
    GOLDEN,
    K_FOUR_OF,
    K_FULL_SET,
    K_MAJ_FEATURE,
    K_MAJ_MG,
    K_MG_OFRENDA,
    K_MG_STORAGE,
    K_TWO_EACH,
    NCARDS,
    NFEAT,
    NSLOTS,
    NTOK,
    OBJ_AT_LEAST_2,
    OBJ_KIND,
    OBJ_MASK,
    OBJ_NONE_OF,
    TOKEN_CARDS,
    TOKEN_IS_CANDLE,
    TURNS,
    VACUOUS,
)
from .rules import OfrendaState
from .scoring import breakdown, candle_ok, feature_counts, marigolds_on, portrait_ok

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
OPPONENTS = "greedy"
"""With several seats the search bot sees its rivals as the greedy bots they are: their moves
are the greedy move on each determinization, in its tree and its playouts, and lead to one
node whatever they were. Searched rivals (the default) made a new branch for every move of a
hidden hand, so no iteration reached the bot's next turn, and rivals played at random until a
node had 16 visits. 4 seats against 3 greedy bots, 0.5 cpu-s a move, seeds 100-123 paired
(seat = seed mod 4): 54% of 24 games (own score 62.9, lead over the best rival -3.3) where
searched rivals won 33% (56.9, -14.0); 2 seats, seeds 300-318: 19 of 19."""

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
    return _lit_chances(board, lit, base, fill), fill, min(left, len(empties))


def _lit_chances(
    board: list[int],
    lit: list[int],
    base: int,
    fill: float,
    counted: dict[int, tuple[int, int, int]] | None = None,
) -> list[float]:
    """Each card slot's chance of ending lit (see the module notes), ``fill`` the share
    of empty slots likely to be filled; ``counted``, if given, gets each unlit portrait's
    ``_neighbours``."""
    future = FUTURE_LIT * fill
    out = []
    for i in range(NSLOTS):
        c = board[base + i]
        if c < 0:
            out.append(future)
        elif lit[base + i]:
            out.append(1.0)
        else:
            hits, seen, free = _neighbours(board, base, i, OBJ_MASK[c])
            if counted is not None:
                counted[i] = hits, seen, free
            out.append(_objective(OBJ_KIND[c], hits, seen, free, fill))
    return out


def _neighbours(board: list[int], base: int, i: int, wants: int) -> tuple[int, int, int]:
    """Around slot ``i``: the portraits with a feature of ``wants`` (a mask of
    ``OBJ_MASK``), the portraits, the empty slots."""
    hits = 0
    seen = 0
    free = 0
    for n in ADJ[i]:
        cn = board[base + n]
        if cn < 0:
            free += 1
        else:
            seen += 1
            if CARD_MASK[cn] & wants:
                hits += 1
    return hits, seen, free


def _objective(kind: int, hits: int, seen: int, free: int, fill: float) -> float:
    """The chance of an unlit portrait whose objective is of ``kind``, ``hits`` of its
    ``seen`` neighbours meeting it and ``free`` neighbour slots empty (the sum of
    ``_lit_chances``, apart so that a placement can be judged from counts without playing it)."""
    if free == 0:
        return 0.0  # surrounded and unlit: final
    m = free * fill  # neighbours still to come
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


def _written_out() -> Callable[[list[float], list[float]], float]:
    """``points(prob, near)``: the sum over the slots of each one's chance times what its
    neighbours add (``near``) times its weight, written out once from the board's layout,
    without a loop. The additions and products of the loop it stands for, in its order,
    so the same float; a slot of chance 0.0 adds 0.0, which changes no sum of these
    terms (none is negative), so it need not be skipped."""
    terms = []
    for i in range(NSLOTS):
        near = " + ".join(f"n{j}" for j in ADJ[i])
        weight = "" if WEIGHT[i] == 1.0 else f" * {WEIGHT[i]!r}"  # x * 1.0 is x
        terms.append(f"p{i} * ({near}){weight}")
    lines = [
        "def points(p, n):",
        f"    {', '.join(f'p{i}' for i in range(NSLOTS))}, = p",
        f"    {', '.join(f'n{i}' for i in range(NSLOTS))}, = n",
        f"    return {' + '.join(terms)}",
    ]
    scope: dict[str, Callable[[list[float], list[float]], float]] = {}
    exec("\n".join(lines), scope)  # our text, from the layout
    return scope["points"]


_points = _written_out()


def _portrait_points(s: OfrendaState, p: int, prob: list[float], fill: float) -> float:
    """Expected portrait points: each portrait's chance times its score with expected neighbours."""
    board = s.board
    base = p * NSLOTS
    future = fill * (1.0 + FUTURE_LIT)
    # what each slot adds as a neighbour, worked out once (the very sums, read by each of its neighbours)
    near = [1.0 + prob[n] if board[base + n] >= 0 else future for n in range(NSLOTS)]
    return _points(prob, near)


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

Terms = list[tuple[int, int, int, float]]
"""A seat's placed tokens as ``(a, b, c, weight)``: the token's three card slots and what
their chances count for."""


def _seat(
    s: OfrendaState, p: int, counts: list[list[int]], on: list[int], portraits: Portraits | None = None
) -> float:
    """Seat ``p``'s estimate with several seats (``portraits``: its Ofrenda's, when known)."""
    prob, fill, _, pts = _portraits(s, p) if portraits is None else portraits
    return _total(pts, _tokens(s, p, counts, on), prob, _goals(s, p), s.mg[p], len(s.stored[p]), fill)


def _tokens(s: OfrendaState, p: int, counts: list[list[int]], on: list[int]) -> Terms:
    """Seat ``p``'s placed tokens (``Terms``): a marigold counts its portraits' chances
    once, a candle twice when lit or its objective holds now, else 0.3 of that."""
    bt = p * NTOK
    clit, mg = s.clit, s.mg
    out = []
    for j, t in enumerate(s.tokens[bt : bt + NTOK]):
        if t < 0:
            continue
        if not TOKEN_IS_CANDLE[j]:
            out.append(_MARIGOLD_TERM[j])
        elif clit[bt + j] or candle_ok(t, p, counts, on, mg):
            out.append(_CANDLE_TERM[j])
        else:
            out.append(_UNLIKELY_TERM[j])
    return out


_MARIGOLD_TERM = tuple((*TOKEN_CARDS[j], 1.0) for j in range(NTOK))  # 1.0 * x is x: the chances' very sum
_CANDLE_TERM = tuple((*TOKEN_CARDS[j], 2.0 * 1.0) for j in range(NTOK))
_UNLIKELY_TERM = tuple((*TOKEN_CARDS[j], 2.0 * 0.3) for j in range(NTOK))
"""A token's term (``Terms``) by slot: a marigold's, a candle's likely to light, one not."""


def _total(
    pts: float, tokens: Terms, prob: list[float], goals: int, mg: int, stored: int, fill: float
) -> float:
    """A seat's estimate: its portrait points ``pts``, its tokens' worth by its portraits'
    chances ``prob``, its goal tokens, ``mg`` marigolds and ``stored`` candles in storage."""
    for a, b, c, w in tokens:
        pts += w * (prob[a] + prob[b] + prob[c])
    return pts + goals + MARIGOLD_VALUE * mg + CANDLE_VALUE * stored * fill


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
        return [_final(s, p) for p in range(P)]
    counts = [feature_counts(s.board, p * NSLOTS) for p in range(P)]
    on = [marigolds_on(s.tokens, p * NTOK) for p in range(P)]
    if P == 1:
        return [_solo(s, counts[0], on[0])]
    return [_seat(s, p, counts, on) for p in range(P)]


def _final(s: OfrendaState, p: int) -> float:
    """Seat ``p``'s score once the game is over."""
    return float(sum(breakdown(s.board, s.lit, s.tokens, s.clit, p * NSLOTS, p * NTOK))) + _goals(s, p)


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
    if len(est) == 2:
        return est[seat] - est[1 - seat]  # the max of one value
    return est[seat] - max(v for i, v in enumerate(est) if i != seat)


Move = N.Take | N.TakeCandle | N.Decline | N.Place | N.Discard | N.PutCandle | N.PutMarigold | N.Skip
"""A move of the notation, typed."""

_EVERY_MOVE: list[Move] = [
    *N.TAKES,
    *N.TAKE_CANDLES,
    N.DECLINE,
    *(m for row in N.PLACES for m in row),
    *N.DISCARDS,
    *(m for row in N.PUT_CANDLES for m in row),
    *N.PUT_MARIGOLDS,
    *N.SKIPS,
]
_MOVES = {m.text: m for m in _EVERY_MOVE}
"""Every move by its spelling, typed (``notation``)."""


def action_values(state: State, seat: int, actions: Sequence[str]) -> list[float]:
    """``evaluate(state.after(a), seat)`` for each listed action, the same numbers found
    faster, with several seats: a move is judged by what it changes of what the evaluation
    reads (``_judge``), without being played; one that ends the game by the final score
    (``_finals``). Other moves, and solo, are played on a copy."""
    assert isinstance(state, OfrendaState)
    s = state
    P = s.players
    if P == 1 or s.phase == "over":
        return [evaluate(s.after(a), seat) for a in actions]
    last = s.turns[(s.current + 1) % P] >= TURNS  # the turn under way ends the game
    listed = set(s.legal_actions())
    judges, place = _judge(s, last)
    out = [0.0] * len(actions)
    groups: dict[int, list[tuple[int, int]]] = {}  # the placements by slot
    for i, a in enumerate(actions):
        v = None
        if a in listed:
            m = _MOVES[a]
            if type(m) is N.Place:
                groups.setdefault(m.slot, []).append((i, m.card))
                continue
            v = judges[type(m)](m, seat)
        out[i] = evaluate(s.after(a), seat) if v is None else v
    place(groups, seat, out)
    return out


def _finals(s: OfrendaState) -> Callable[[int, int, int, int], float]:
    """``final(card, slot, gain, seat)``: ``evaluate`` once the current player's move ends
    the game, ``card`` placed in ``slot`` (-1: none) and ``gain`` marigolds more (a token
    already on ``s``), without playing it. The end (``_end_game``) lights
    every unlit portrait whose objective holds and every candle whose objective holds, by
    the rules' own checks (``_lit_at_end``, ``_lit_candles_at_end``): what the turn's end
    and the placement would light is among them (the same checks, on the same board), so
    only these are set, on ``s``, scored and put back. The other seats' scores read the
    mover's Ofrenda only through a majority candle (``_watches``)."""
    p = s.current
    P = s.players
    base = p * NSLOTS
    board, lit, clit, mg, tokens = s.board, s.lit, s.clit, s.mg, s.tokens
    watched = any(_watches(s, q) for q in range(P) if q != p)
    theirs: list[list[float]] = []  # the other seats' scores, when they read none of the move

    def score(q: int, counts: list[list[int]], on: list[int]) -> float:
        bq, bt = q * NSLOTS, q * NTOK
        lights = s._lit_at_end(q)
        candles = s._lit_candles_at_end(q, counts, on)
        for i in lights:
            lit[bq + i] = 1
        for j in candles:
            clit[bt + j] = 1
        try:
            return _final(s, q)
        finally:
            for i in lights:
                lit[bq + i] = 0
            for j in candles:
                clit[bt + j] = 0

    def final(c: int, slot: int, gain: int, seat: int) -> float:
        if c >= 0:
            board[base + slot] = c
        mg[p] += gain
        try:
            counts = [feature_counts(board, q * NSLOTS) for q in range(P)]
            on = [marigolds_on(tokens, q * NTOK) for q in range(P)]
            if theirs and not watched:
                est = theirs[0].copy()
            else:
                est = [0.0 if q == p else score(q, counts, on) for q in range(P)]
                if not watched:
                    theirs.append(est.copy())
            est[p] = score(p, counts, on)
            return _lead(est, seat)
        finally:
            if c >= 0:
                board[base + slot] = -1
            mg[p] -= gain

    return final


def _judge(s: OfrendaState, last: bool) -> tuple[dict[type, Callable[[Any, int], float | None]], Placing]:
    """``judges[type(move)](move, seat)``: ``evaluate`` after the current player's ``move``,
    or None for a move it leaves to a copy; and ``place`` for the placements (``Placing``,
    in the play phase). ``last``: the turn under way is the game's last, whose end ends
    the game (``_finals``): a take or a candle does not end a turn, a discard does.

    With several seats the evaluation reads, of the mover, its Ofrenda (``_portraits``,
    whose ``fill`` follows the turns left: one fewer once past the take), its tokens, its
    marigolds and candles in storage and its goal tokens; of every other seat only what is
    its own, and the mover's feature counts and marigolds on its Ofrenda (majority
    candles). So a move's value is the mover's estimate with what the move changes of
    these, found by the rules' own steps, on ``s`` itself and put back:

    - ``take K``: the marigolds paid and collected; the candle step next or not.
    - ``candle J`` (one more candle, its price), ``no candle``: past the take.
    - a placement: see ``_placing``.
    - ``discard``: three marigolds; ``candle K J``, ``marigold J``, ``skip J``: the token.

    The end of the turn a move may bring changes nothing of this: the turns left stay
    (one is counted done once past the take), and a candle flipped lit already counted as
    lit (``_tokens``: its objective holds, read from the same counts). Only goals are
    claimed then: with them, a discard and the token moves go to a copy, and a placement
    claims on copies of the goals' lists (``_placing``). In the game's last turn a
    discard, and a placement or a token move after which no token decision follows, end
    the game: they are scored as it ends (``_finals``; with goals, on a copy).
    """
    p = s.current
    P = s.players
    bt = p * NTOK
    mg, tokens, stored = s.mg, s.tokens, s.stored
    counts = [feature_counts(s.board, q * NSLOTS) for q in range(P)]
    on = [marigolds_on(tokens, q * NTOK) for q in range(P)]
    rivals: dict[int, list[float]] = {}
    ofrenda: dict[str, Portraits] = {}  # the mover's, by the phase after the move (the turns left)
    placed: dict[int, Terms] = {}  # the mover's tokens while they stay, by its marigolds in storage if read
    reads = _reads(s, p)
    discards: dict[int, float] = {}  # by seat: every discard is worth the same (three marigolds)
    watched = any(_watches(s, q) for q in range(P) if q != p)
    goals = _goals(s, p)
    two = P == 2
    finals = _finals(s) if last and not s.goals else None

    def others(now_on: list[int]) -> list[float]:
        """The other seats' estimates (the mover's entry 0.0), by the mover's marigolds on
        its Ofrenda if a majority candle reads them (the feature counts stay)."""
        key = now_on[p] if watched else -1
        est = rivals.get(key)
        if est is None:
            est = rivals[key] = [0.0 if q == p else _seat(s, q, counts, now_on) for q in range(P)]
        return est

    def lead(now_on: list[int], seat: int, moved: bool = False) -> float:
        """The lead after the move, made on ``s``; ``moved``: it moved a token."""
        prob, fill, _, pts = ofrenda.get(s.phase) or ofrenda.setdefault(s.phase, _portraits(s, p))
        terms = None if moved else placed.get(mg[p] if reads else -1)
        if terms is None:
            terms = _tokens(s, p, counts, now_on)
            if not moved:
                placed[mg[p] if reads else -1] = terms
        mine = _total(pts, terms, prob, goals, mg[p], len(stored[p]), fill)
        return _lead_of(others(now_on), p, mine, seat, two)

    def take(m: N.Take, seat: int) -> float:
        gain = s.market_mg[m.space] - s._take_cost(m.space)
        taken = s.taken
        mg[p] += gain
        s.taken = m.space
        try:
            s.phase = "candle" if s._candle_offered() else "play"
            return lead(on, seat)
        finally:
            mg[p] -= gain
            s.taken = taken
            s.phase = "take"

    def candle(m: N.TakeCandle | N.Decline, seat: int) -> float:
        price = s._candle_price(m.space) if isinstance(m, N.TakeCandle) else 0
        held = stored[p]
        if isinstance(m, N.TakeCandle):
            stored[p] = [*held, s.mcandles[m.space]]
        mg[p] -= price
        s.phase = "play"
        try:
            return lead(on, seat)
        finally:
            mg[p] += price
            stored[p] = held
            s.phase = "candle"

    def discard(m: N.Discard, seat: int) -> float:
        got = discards.get(seat)
        if got is None:
            if last:  # the game's end: every discard on the same score (no hand is scored)
                got = finals(-1, -1, DISCARD_GAIN, seat) if finals else evaluate(s.after(m.text), seat)
                discards[seat] = got
                return got
            mg[p] += DISCARD_GAIN
            try:
                got = discards[seat] = lead(on, seat)
            finally:
                mg[p] -= DISCARD_GAIN
        return got

    def ending() -> bool:
        """Whether the token move made on ``s`` ends the game: the game's last turn, and no
        slot left pending that the player can fill (``_next_token``)."""
        return last and not any(s._can_fill(p, j) for j in s.pending[1:])

    def put_candle(m: N.PutCandle, seat: int) -> float:
        held = stored[p]
        tokens[bt + m.token] = m.candle
        stored[p] = [k for k in held if k != m.candle]
        try:
            if finals and ending():
                return finals(-1, -1, 0, seat)
            return lead(on, seat, True)
        finally:
            tokens[bt + m.token] = -1
            stored[p] = held

    def put_marigold(m: N.PutMarigold, seat: int) -> float:
        tokens[bt + m.token] = 1
        mg[p] -= 1
        try:
            if finals and ending():
                return finals(-1, -1, 0, seat)
            return lead([*on[:p], marigolds_on(tokens, bt), *on[p + 1 :]], seat, True)
        finally:
            tokens[bt + m.token] = -1
            mg[p] += 1

    def skip(m: N.Skip, seat: int) -> float:
        if finals and ending():
            return finals(-1, -1, 0, seat)
        return lead(on, seat)

    judges: dict[type, Callable[[Any, int], float | None]] = {
        N.Take: take,
        N.TakeCandle: candle,
        N.Decline: candle,
        N.Discard: discard,
        N.PutCandle: put_candle,
        N.PutMarigold: put_marigold,
        N.Skip: skip,
    }
    if s.goals:  # the turn's end may claim a goal: these go to a copy
        for kind in (
            (N.PutCandle, N.PutMarigold, N.Skip) if last else (N.Discard, N.PutCandle, N.PutMarigold, N.Skip)
        ):
            judges[kind] = _to_a_copy
    if s.phase != "play":
        return judges, _no_placing
    return judges, _placing(s, counts, on, others, watched, last, finals)


def _to_a_copy(m: Move, seat: int) -> None:
    """No judgement: the move is played on a copy."""
    return None


Placing = Callable[[dict[int, list[tuple[int, int]]], int, list[float]], None]
"""``place(groups, seat, out)``: for each slot, the placements there as ``(index in out,
portrait)``; writes each one's value into ``out`` (``_placing``)."""


def _no_placing(groups: dict[int, list[tuple[int, int]]], seat: int, out: list[float]) -> None:
    assert not groups, "a placement outside the play phase"


def _lead_of(est: list[float], p: int, mine: float, seat: int, two: bool) -> float:
    """``_lead`` of ``est`` with seat ``p``'s estimate ``mine`` (``est`` is kept)."""
    if two:
        rival = est[1 - p]
        return mine - rival if seat == p else rival - mine  # the max of one value
    est = est.copy()
    est[p] = mine
    return _lead(est, seat)


_FEATURES = tuple(4 * (NFEAT * CARD_COLOUR[c] + CARD_OFFERING[c]) + 1 for c in range(NCARDS))
"""A portrait's colour and offering as one number, a multiple of 4 plus 1: plus the
marigold paid (-1, 0 or 1), a key for what a placement reads of the portrait."""
_MAJORITY = (K_MAJ_FEATURE, K_MAJ_MG)
_CANDLE_SLOTS = tuple(j for j in range(NTOK) if TOKEN_IS_CANDLE[j])


def _reads(s: OfrendaState, p: int) -> bool:
    """Whether seat ``p``'s tokens (``_tokens``) read its feature counts and marigolds: a
    candle on its Ofrenda, not lit (else each token's term is fixed)."""
    bt = p * NTOK
    tokens, clit = s.tokens, s.clit
    return any(tokens[bt + j] >= 0 and not clit[bt + j] for j in _CANDLE_SLOTS)


def _watches(s: OfrendaState, q: int) -> bool:
    """Whether seat ``q``'s estimate reads the other seats' Ofrendas: a majority candle
    on its own, not lit (``candle_ok``: every other objective reads the seat's own)."""
    bt = q * NTOK
    tokens = s.tokens
    return any(
        tokens[bt + j] >= 0 and not s.clit[bt + j] and CANDLE_KIND[tokens[bt + j]] in _MAJORITY
        for j in _CANDLE_SLOTS
    )


def _placing(
    s: OfrendaState,
    counts: list[list[int]],
    on: list[int],
    others: Callable[[list[int]], list[float]],
    watched: bool,
    last: bool,
    finals: Callable[[int, int, int, int], float] | None,
) -> Placing:
    """``evaluate`` after the current player places portrait ``c`` in ``slot`` (the turn
    it may end not ending the game), without playing it. Only the slot and its neighbours
    change chance (``fill`` is the same for every placement: one empty slot fewer): the
    slot's own from its objective against the portraits around it, a neighbour's from its
    counts with the new portrait matching it or not (both worked out once per neighbour:
    the same whichever empty slot beside it is filled), or, for a portrait surrounded just
    now, 1.0 or 0.0 as the rules light it (``portrait_ok``, the check ``_lighting`` makes;
    for a neighbour, once per portrait meeting its objective or not). The marigold paid or gained
    counts in storage; the mover's tokens read the feature counts the portrait adds, the
    other seats' estimates only through a majority candle (``_watches``), so they are
    worked out once per decision without one, once per colour and offering with one."""
    p = s.current
    P = s.players
    base = p * NSLOTS
    board, lit, mg = s.board, s.lit, s.mg
    empties = sum(1 for i in range(NSLOTS) if board[base + i] < 0) - 1
    left = _left(s, p)
    fill = min(1.0, left / empties) if empties else 0.0
    counted: dict[int, tuple[int, int, int]] = {}
    chances = _lit_chances(board, lit, base, fill, counted)
    future = fill * (1.0 + FUTURE_LIT)
    near0 = [1.0 + x if board[base + i] >= 0 else future for i, x in enumerate(chances)]
    stored = len(s.stored[p])
    held = _goals(s, p)  # the mover's goal tokens
    goals = bool(s.goals)
    unlit: dict[int, tuple[int, float, float]] = {}
    keyed: dict[int, tuple[Terms, list[float]]] = {}  # by _FEATURES[c] + paid
    rivals: dict[int, list[float]] = {}
    two = P == 2
    reads = _reads(s, p)
    same: list[tuple[Terms, list[float]]] = []
    events = s.events

    def neighbour(t: int) -> tuple[int, float, float]:
        """Unlit portrait ``t`` beside the slot filled: ``(objective mask, chance if the new
        portrait misses it, if it meets it)``, both chances -1.0 if it is surrounded now (lit
        or not as the rules check it, ``portrait_ok``). The same whichever of its empty
        neighbours is filled."""
        ct = board[base + t]
        mask = OBJ_MASK[ct]
        hits, seen, free = counted[t]
        if free == 1:
            return mask, -1.0, -1.0
        kind = OBJ_KIND[ct]
        return (
            mask,
            _objective(kind, hits, seen + 1, free - 1, fill),
            _objective(kind, hits + 1, seen + 1, free - 1, fill),
        )

    def around(slot: int) -> tuple[int, list[tuple[int, int, float, float]], list[int], int]:
        """The marigold paid (-1) or gained; the unlit neighbours as ``(t, *neighbour(t))``;
        the features of the portraits around (``CARD_MASK``) and the empty neighbour slots,
        for the slot's own chance."""
        paid = 1 if GAIN[slot] else -1 if COST[slot] else 0
        nb = []
        masks = []
        free = 0
        for t in ADJ[slot]:
            ct = board[base + t]
            if ct < 0:
                free += 1
                continue
            masks.append(CARD_MASK[ct])
            if lit[base + t]:
                continue
            got = unlit.get(t)
            if got is None:
                got = unlit[t] = neighbour(t)
            nb.append((t, *got))
        return paid, nb, masks, free

    def ends(c: int, slot: int, paid: int) -> bool:
        """Whether placing ``c`` in ``slot`` ends the turn: no token decision follows."""
        board[base + slot] = c
        mg[p] += paid
        try:
            return not any(s._can_fill(p, j) for j in s._surrounded(base, slot))
        finally:
            board[base + slot] = -1
            mg[p] -= paid

    def claimed(c: int, slot: int, paid: int) -> int:
        """The mover's goal tokens after the placement: claimed if it ends the turn."""
        if not ends(c, slot, paid):
            return held  # a token decision follows: the turn goes on
        board[base + slot] = c
        try:
            claims, stacks, n_events = s.claims, s.stacks, len(events)
            s.claims, s.stacks = claims.copy(), [x.copy() for x in stacks]
            try:
                s._claim_goals(p)
                return _goals(s, p)
            finally:
                s.claims, s.stacks = claims, stacks
                del events[n_events:]
        finally:
            board[base + slot] = -1

    def judged(c: int, paid: int) -> tuple[Terms, list[float]]:
        """The mover's tokens and the other seats' estimates, with the colour and offering
        of portrait ``c`` counted and ``paid``: the same for every placement when neither
        reads them (no candle of the mover's unlit, no majority candle of another seat's)."""
        if same:
            return same[0]
        colour, offering = CARD_COLOUR[c], CARD_OFFERING[c]
        mine = counts[p].copy()
        mine[colour] += 1
        mine[offering] += 1
        now = [*counts[:p], mine, *counts[p + 1 :]]
        mg[p] += paid
        try:
            terms = _tokens(s, p, now, on)
            if watched:
                est = rivals.get(_FEATURES[c])
                if est is None:
                    est = rivals[_FEATURES[c]] = [0.0 if q == p else _seat(s, q, now, on) for q in range(P)]
            else:
                est = others(on)  # they read none of it
            if not (reads or watched):
                same.append((terms, est))
            return terms, est
        finally:
            mg[p] -= paid

    def values(groups: dict[int, list[tuple[int, int]]], seat: int, out: list[float]) -> None:
        """``out[i]``: the value of placing each ``(i, card)`` of ``groups[slot]`` there."""
        mover = seat == p
        for slot, cards in groups.items():
            paid, nb, masks, free = around(slot)
            if last and ends(cards[0][1], slot, paid):  # the game's end (the same for any portrait)
                for i, c in cards:
                    out[i] = (
                        finals(c, slot, paid, seat) if finals else evaluate(s.after(N.PLACE[c][slot]), seat)
                    )
                continue
            seen = len(masks)
            after = mg[p] + paid
            own: dict[int, float] = {}  # the slot's chance by the portrait's objective and matches
            lit_now: dict[int, float] = {}  # a neighbour surrounded now: 1.0 or 0.0, by t and match
            prob = chances.copy()  # each portrait sets the same entries: the slot's and nb's
            near = near0.copy()
            for i, c in cards:
                if nb:
                    cm = CARD_MASK[c]
                    for t, mask, miss, hit in nb:
                        if miss < 0.0:  # lit now or never (_lighting's check), by its match
                            k = 2 * t + (1 if cm & mask else 0)
                            v = lit_now.get(k, -1.0)
                            if v < 0.0:
                                board[base + slot] = c
                                ok = portrait_ok(board, base, t, board[base + t], VACUOUS)
                                board[base + slot] = -1
                                v = lit_now[k] = 1.0 if ok else 0.0
                        else:
                            v = hit if cm & mask else miss
                        prob[t] = v
                        near[t] = 1.0 + v
                if free:
                    wants = OBJ_MASK[c]
                    hits = 8 * OBJ_KIND[c]
                    for x in masks:
                        if x & wants:
                            hits += 1
                    v = own.get(hits, -1.0)
                    if v < 0.0:
                        v = own[hits] = _objective(OBJ_KIND[c], hits % 8, seen, free, fill)
                else:  # surrounded now: lit now or never
                    v = 1.0 if portrait_ok(board, base, slot, c, VACUOUS) else 0.0
                prob[slot] = v
                near[slot] = 1.0 + v
                key = _FEATURES[c] + paid
                known = keyed.get(key)
                if known is None:
                    known = keyed[key] = judged(c, paid)
                terms, est = known
                mine = _total(
                    _points(prob, near),
                    terms,
                    prob,
                    claimed(c, slot, paid) if goals else held,
                    after,
                    stored,
                    fill,
                )
                if two:  # _lead_of's subtraction
                    out[i] = mine - est[1 - p] if mover else est[1 - p] - mine
                else:
                    out[i] = _lead_of(est, p, mine, seat, two)

    return values


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


def mask(state: State, seat: int) -> bool:
    """Leave on ``state`` (a copy) only what ``seat`` knows, for ``Game.determinized_values``:
    the deck, the solo box and the candle bag by their sizes, the other hands' dealt cards
    as stand-ins (``engine.masked``). Less than the seat knows (the lit sides of the deck's
    top and of those cards, colour and offering, are in its view), never more: the
    evaluation reads neither a rival's hand nor the deck. The values are asked there first:
    with rivals, moves are judged without being played and read no hidden card. Solo, they
    are played on a copy, which draws from the deck: False, a determinization at once (it
    keeps the deck's top card's lit side)."""
    assert isinstance(state, OfrendaState)
    s = state
    if s.players == 1:
        return False
    for i in range(s.players):
        secret = s.secret[i]
        if i != seat and secret:
            s.hands[i] = [c for c in s.hands[i] if c not in secret] + hidden_cards(len(secret))
            s.secret[i] = hidden_cards(len(secret))
    s.deck, s.removed, s.bag = unseen(s.deck), unseen(s.removed), unseen(s.bag)
    return True
