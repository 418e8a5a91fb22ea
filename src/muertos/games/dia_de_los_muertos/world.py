"""The estimate the Dia de los Muertos bots read (``heuristics.evaluate``), in its own module
because it is compiled: ``setup.py`` builds it with mypyc where a C compiler is at hand (about
a fifth of a greedy game's time less), and it is this same Python where none is.

A seat's estimate is a few table lookups (``_VP_CHANCE``, ``_PROGRESS``, ...) less the threat
of the rivals next to it; what it reads besides its hand and its walk (the "world": figures,
limbs, festivity cards, stock, gravedigger) is shared by most positions a decision leads to
and by the decisions that follow until a figure moves, so each seat's estimate and best walk
are kept in the world (``_World``, remembered by key).

Compiled, a value read from the state as a card (``int``) must be one: a masked state's
hidden card (``engine.masked``) is read only through ``Any`` (``judge``, ``picked``), where it
raises ``HiddenRead`` as it does in Python. The worlds themselves hold public numbers only.
"""

from __future__ import annotations

from collections import deque
from itertools import permutations
from typing import Any

from muertos.engine.memo import Memo

from . import notation as nt
from .components import BOARD, CARDS, FEST_AT_FIELD, FEST_VP, FOOT, HAND, MOVE, PLACE_POINTS
from .rules import GOAL, LANE_OPEN_AT, T_SEAT, T_WALKED, MuertosState, _walk_reach


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
THREAT = 0.4
"""Share of its best festivity card a skeleton counts as lost while a rival with an arm stands
0-1 fields away (Snatching reaches that far, also into the goal from 28). Random play snatches
often: most of the old bot's lost games were a first arrival whose cards had been snatched.
Over seeds 2000-2299 against random, 0.4 won 95.2% of paired games, 0 won 94.2%."""
THREAT_LIMB = 0.25
"""Worth, per limb up to two, of what a skeleton risks while a rival stands 0-1 fields away
(Beating, Kicking, Snatching and Hustle reach that far). Limbs bring a skeleton home, and
without any it scores no place. 0.25 raised the rate above to 96.3%."""


def _mask_table() -> dict[tuple[int, ...], int]:
    """Every festivity hand (a seat holds each kind at most once, in any order) -> its bit set."""
    out: dict[tuple[int, ...], int] = {}
    for n in range(len(_KINDS) + 1):
        for held in permutations(_KINDS, n):
            out[held] = sum(1 << k for k in held)
    return out


def _chance(pos: int, avail: int) -> float:
    """Festivity cards this skeleton could still take (``avail``: a bit per kind not held and
    still on the board), discounted by distance."""
    chance = 0.0
    for f, k in FEST_AT_FIELD.items():
        d = TO_FEST[f][pos]
        if avail >> k & 1 and d < 99:
            chance += FEST_VP[k] * 0.5 / (1 + d)
    return chance


def _remaining(pos: int, avail: int, lane: bool) -> int:
    """Steps still to walk: straight home once the red lane is open, else via a festivity field
    this skeleton can still use (taking cards is what opens the lane)."""
    if lane:
        return TO_GOAL[pos]
    legs = [
        TO_FEST[f][pos] + TO_GOAL[f]
        for f, k in FEST_AT_FIELD.items()
        if avail >> k & 1 and TO_FEST[f][pos] < 99
    ]
    return min(legs) if legs else TO_GOAL[pos] + 4


_KINDS = range(len(FEST_VP))
_SETS = range(1 << len(FEST_VP))
_SIZE = BOARD.size
_FIELDS = range(_SIZE)
_MASK = _mask_table()
_VP = tuple(float(sum(FEST_VP[k] for k in _KINDS if m >> k & 1)) for m in _SETS)
"""Festivity points of a bit set of kinds."""
_VP_CHANCE = tuple(tuple(tuple(_VP[m] + _chance(p, a) for p in _FIELDS) for a in _SETS) for m in _SETS)
"""By kinds held, kinds still to take and field: the points held plus the chance of more."""
_PROGRESS = tuple(
    tuple(tuple(1.0 - min(_remaining(p, a, lane), _FAR) / _FAR for p in _FIELDS) for a in _SETS)
    for lane in (False, True)
)
"""By lane open, kinds still to take and field: the share of the course behind."""
_MOBILITY = tuple(
    tuple(0.4 + 0.6 * ((3 if legs == 2 else 2 if legs == 1 else arms) / 3.0) for legs in range(3))
    for arms in range(3)
)
"""By arms and legs: the share of the place a skeleton may still expect."""
_BEST_LEFT = tuple(PLACE_POINTS[n] if n < len(PLACE_POINTS) else 0 for n in range(nt.MAX_SEATS + 1))
"""By skeletons arrived: the best place left."""
_CARDS = tuple(_CARDS_MAX * n / 8 for n in range(9))
"""By cards in hand (and about to be drawn), at most eight: their worth."""
_HOME = tuple(
    tuple(_VP[m] + PLACE_POINTS[h - 1] + _CARDS_MAX if h else 0.0 for h in range(nt.MAX_SEATS + 1))
    for m in _SETS
)
"""By kinds held and arrival rank: an arrived skeleton's points (its cards counted full)."""
_STEAL = tuple(
    tuple(
        max([0] + [FEST_VP[k] for k in _KINDS if mine >> k & 1 and not theirs >> k & 1]) for theirs in _SETS
    )
    for mine in _SETS
)
"""By one's kinds and a rival's: the best festivity card the rival could snatch."""
_THREAT = tuple(
    tuple(THREAT * steal + THREAT_LIMB * limbs for limbs in range(3)) for steal in range(max(FEST_VP) + 1)
)
"""By the best card at risk and limbs (up to two): what a rival next to a skeleton may take."""


def _walk_key(q: int, steps: int, cards: int, dog: int) -> int:
    """``_World.walks``'s key, an int: a dict of ints and floats is one the garbage collector
    does not track, and the worlds kept (``_WORLDS``) would otherwise make its full passes
    come often and take long (a tuple key is tracked). ``steps`` (1 or more, a card's few
    fields) below 4096, ``cards`` 0-8, ``q`` a seat."""
    return (((dog * 9 + cards) << 12) + steps) * nt.MAX_SEATS + q


class _World:
    """What a seat's estimate reads besides its hand and its walk: positions, limbs, arrivals,
    festivity cards, the stock and the gravedigger, by its key (``_world_key``). Most
    positions a decision leads to share these (a card laid, the dog led, a hand that grows),
    and so do the decisions that follow until a figure moves: each seat's estimate and best
    walk are kept here by the rest of what they read (cards in hand; steps and the dog), so
    each is worked out once."""

    __slots__ = (
        "active",
        "arms",
        "arrived",
        "best_left",
        "estimates",
        "gd",
        "home",
        "key",
        "lane",
        "legs",
        "masks",
        "pos",
        "rank",
        "stock",
        "stocked",
        "walks",
    )

    key: tuple[Any, ...]
    pos: tuple[int, ...]
    arms: tuple[int, ...]
    legs: tuple[int, ...]
    home: tuple[int, ...]
    stock: tuple[int, ...]
    gd: int
    masks: tuple[int, ...]
    lane: bool
    stocked: int
    best_left: int
    rank: int
    active: tuple[tuple[int, int, int, int], ...]
    estimates: list[dict[int, float]]
    """By seat and cards in hand (at most eight): ``estimate``."""
    walks: dict[int, float]
    """By ``_walk_key``: ``walk``."""
    arrived: dict[int, float]

    def __init__(self, key: tuple[Any, ...], players: int, base: _World | None = None, m: int = -1) -> None:
        """The world of ``key`` (``_world_key``) with ``players`` seats, or, given ``base``,
        ``base`` with seat ``m``'s skeleton moved (``moved``)."""
        self.key = key
        if base is not None:
            self._moved_from(base, m)
            return
        n = players
        self.pos, self.arms, self.legs, self.home = (
            key[:n],
            key[n : 2 * n],
            key[2 * n : 3 * n],
            key[3 * n : 4 * n],
        )
        self.stock = stock = key[4 * n : 4 * n + len(_KINDS)]
        self.gd = key[4 * n + len(_KINDS)]
        self.masks = masks = tuple(map(_MASK.__getitem__, key[4 * n + len(_KINDS) + 1 :]))
        self.lane = self.gd >= LANE_OPEN_AT
        self.stocked = sum(1 << k for k in _KINDS if stock[k] > 0)
        home, arms, legs, pos = self.home, self.arms, self.legs, self.pos
        self.best_left = _BEST_LEFT[n - home.count(0)]
        self.rank = max(home) + 1
        self.active = tuple(
            (r, pos[r], arms[r], masks[r]) for r in range(n) if not home[r] and (arms[r] or legs[r])
        )
        self.estimates = [{} for _ in range(n)]
        self.walks = {}
        self.arrived = {}

    def moved(self, m: int, f: int) -> _World:
        """This world with seat ``m``'s skeleton on ``f`` (a walk with nothing else changed)."""
        key = (*self.key[:m], f, *self.key[m + 1 :])
        w = _WORLDS.get(key)
        if w is None:
            w = _WORLDS.keep(key, _World(key, len(self.pos), self, m))
        return w

    def _moved_from(self, base: _World, m: int) -> None:
        """Made from ``base``, seat ``m``'s skeleton moved: all but the positions is the same,
        and the estimates of the seats it neither leaves nor reaches (0-1 fields) are shared."""
        self.pos = pos = self.key[: len(base.pos)]
        self.arms, self.legs, self.home, self.stock, self.gd = (
            base.arms,
            base.legs,
            base.home,
            base.stock,
            base.gd,
        )
        self.masks, self.lane, self.stocked, self.best_left, self.rank = (
            base.masks,
            base.lane,
            base.stocked,
            base.best_left,
            base.rank,
        )
        self.active = tuple([(r, pos[r], arms, held) for r, _p, arms, held in base.active])
        old, f = base.pos[m], pos[m]
        self.estimates = [
            row if q != m and DIST[pos[q]][old] > 1 and DIST[pos[q]][f] > 1 else {}
            for q, row in enumerate(base.estimates)
        ]
        self.walks = {}
        self.arrived = {}

    def value(self, q: int, f: int, held: int, home: int, arms: int, legs: int, cards: int) -> float:
        """The points seat ``q`` may expect at the end, standing on ``f`` with the kinds ``held``,
        arrival rank ``home`` (0: not arrived), ``arms`` and ``legs`` and ``cards`` in hand (at
        most eight), its rivals as they stand: what it has and may still get, less what a rival
        next to it (0-1 fields: Snatching, Beating, Kicking) may take, counted once however many
        rivals stand there (a card is lost only once)."""
        if home:
            own = _HOME[held][home]
        elif arms or legs:
            avail = self.stocked & ~held
            own = (
                _VP_CHANCE[held][avail][f]
                + self.best_left * _PROGRESS[self.lane][avail][f] * _MOBILITY[arms][legs]
                + _CARDS[cards]
            )
        else:
            return _VP[held]  # without limbs it will not arrive (only Follow or a patch can help)
        row = DIST[f]  # the board's distances are symmetric
        steals = _STEAL[held]
        near = False
        steal = 0
        for r, p, rarms, rheld in self.active:
            if row[p] <= 1 and r != q:
                near = True
                if rarms and steals[rheld] > steal:
                    steal = steals[rheld]
        if not near:
            return own
        if home:
            return own - _THREAT[steal][0]
        limbs = arms + legs
        return own - _THREAT[steal][limbs if limbs < 2 else 2]

    def estimate(self, q: int, cards: int) -> float:
        """Seat ``q``'s expected points where it stands, with ``cards`` in hand (at most eight)."""
        row = self.estimates[q]
        v = row.get(cards)
        if v is None:
            v = row[cards] = self.value(
                q, self.pos[q], self.masks[q], self.home[q], self.arms[q], self.legs[q], cards
            )
        return v

    def walk(self, q: int, steps: int, cards: int, dog: int) -> float:
        """Seat ``q``'s estimate after its best walk of at most ``steps`` fields, the dog on
        ``dog`` (a festivity field reached counts its card; the goal counts the place)."""
        if steps <= 0:
            return -1e9
        key = _walk_key(q, steps, cards, dog)
        v = self.walks.get(key)
        if v is not None:
            return v
        best = -1e9
        arrived = self.arrived
        base = q * _SIZE
        for f in _walk_reach(self.pos[q], steps, dog, self.gd):
            at = (base + f) * 9 + cards
            v = arrived.get(at)
            if v is None:
                # the arrival on f: its festivity card taken if it can; the goal, its place
                held = self.masks[q]
                k = FEST_AT_FIELD.get(f, -1)
                if k >= 0 and not held >> k & 1 and self.stock[k] > 0:
                    held |= 1 << k
                v = arrived[at] = self.value(
                    q, f, held, self.rank if f == GOAL else 0, self.arms[q], self.legs[q], cards
                )
            if v > best:
                best = v
        self.walks[key] = best
        return best

    def lose(self, v: int, limb: str, cards: int) -> float:
        """The estimate of ``v`` after losing ``limb`` (when it has one)."""
        arms, legs = self.arms[v], self.legs[v]
        if not (arms if limb == "arm" else legs):
            return self.estimate(v, cards)
        if limb == "arm":
            arms -= 1
        else:
            legs -= 1
        return self.value(v, self.pos[v], self.masks[v], self.home[v], arms, legs, cards)


def _world_key(st: MuertosState) -> tuple[Any, ...]:
    """What ``_World`` reads of a state, flat: positions, arms, legs, arrivals, the stock, the
    gravedigger, then each seat's festivity cards."""
    return (*st.pos, *st.arms, *st.legs, *st.home, *st.stock, st.gd, *map(tuple, st.fest))


_WORLDS: Memo[tuple[Any, ...], _World] = Memo(1 << 9)
"""Worlds by key (``_world_key``), with the values kept in them: a world comes back within a
decision and the next few, not games later, so a few hundred are enough (4096 were slower
by about 3%: more memory walked for nothing)."""


def _world(st: MuertosState) -> _World:
    """The world of ``st``, with what was worked out in it before."""
    key = _world_key(st)
    w = _WORLDS.get(key)
    if w is None:
        w = _WORLDS.keep(key, _World(key, st.players))
    return w


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


_BACK: Any = MOVE
"""``MOVE`` read without a type: a hidden card (a masked state's) raises ``HiddenRead`` there,
where a compiled ``MOVE[card]`` would refuse it as no ``int``."""


def judge(w: _World, st: Any, seat: int) -> float:
    """``evaluate(st, seat)``, ``w`` being ``st``'s world: each seat's estimate with the cards
    it holds and will draw at the end of a turn under way (an action's two), at most eight;
    the seat whose movement is under way and has not walked counts its best walk, and so does
    a card laid face down and not used yet (its back is public); the victim of a random attack
    counts its expected hit, or its worse limb lost when the attacker picks it."""
    stack = st.stack
    cards: list[int] = list(map(len, st.hands))  # no comprehensions: each is a call of its own
    for t in stack:
        if t[0] == "after" and t[2] > 0:
            cards[t[1]] += t[2]
    rows = w.estimates
    est: list[float] = []
    for s in range(len(cards)):
        n = cards[s]
        if n > 8:
            n = cards[s] = 8
        v = rows[s].get(n)
        est.append(w.estimate(s, n) if v is None else v)
    if not st.ended and stack:
        m = -1
        tr = st.turn
        if tr and not tr[T_WALKED]:
            for t in stack[-1:-5:-1]:
                if t[0] == "movement":
                    if tr[T_SEAT] == t[1]:
                        m = t[1]
                        est[m] = max(est[m], w.walk(m, st._allowance(), cards[m], st.dog))
                    break
        home, hands, lay, dog = w.home, st.hands, st.lay, st.dog
        for r in range(len(cards)):
            k = lay[r]
            if k >= 0 and r != m and not home[r] and hands[r]:
                v = w.walk(r, st._limb_cap(r, _BACK[k]), cards[r], dog)
                if v > est[r]:
                    est[r] = v
        t = stack[-1]
        if t[0] == "pick":
            est[t[2]] = picked(w, st, t[2], cards[t[2]], bool(t[3]))
        elif t[0] == "limb":
            victim: int = t[2]
            est[victim] = min(w.lose(victim, "arm", cards[victim]), w.lose(victim, "leg", cards[victim]))
    mine = est.pop(seat)
    return mine - max(est)


def picked(w: _World, st: Any, v: int, cards: int, dog: bool) -> float:
    """Expected estimate of the victim of a random attack whose attacker picks the back
    value that hurts most (backs are public; which card it is, is chance)."""
    here = w.estimate(v, cards)
    miss = here
    if dog and st.fest[v]:
        top = max(FEST_VP[k] for k in st.fest[v])
        miss = here - top
    arm = w.lose(v, "arm", cards) if st.arms[v] else miss
    leg = w.lose(v, "leg", cards) if st.legs[v] else miss
    worst = here
    for b in set(_BACK[c] for c in st.hands[v]) or {1}:
        ph, pf, pb, pn = HIT_ODDS[b]
        val = ph * arm + pf * leg + pb * min(arm, leg) + pn * miss
        worst = min(worst, val)
    return worst
