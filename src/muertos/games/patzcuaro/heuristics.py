"""A fast estimate of how a seat will stand at the end, for greedy and search bots.

It reads only what ``seat`` may know: altars, stacks, hand sizes, the cards each hand is
publicly known to hold and the objectives are public; only the seat's own hand is read
card by card. Each player's value is the score their altar has now plus what the cards
they will still place should add:

- the game is short (about 11 rounds) and ends when the first altar is full, so a player
  places about as many more cards as the altar closest to full has room for, plus the
  last card every other player may add;
- the seat's own hand is valued by filling its altar greedily, one card at a time, with
  the card and level that add the most (levels, objectives and sets all count, so a card
  that completes an objective or matches a level's objects is worth more than a stray);
  cards placed now are certain, later ones are discounted;
- a rival's unknown cards, and placements no held card can fill yet, count a flat
  average;
- the actions still pending on the active player's space count: a trade brings the
  space's stack into the hand, a pending draw a card, a pending altar action a sure
  placement; a space the seat's hand cannot complete counts as the flip it forces;
- a flipped player card costs its 5 points and a little more while play goes on.

The estimate is the seat's lead over the best other player.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import cast

from muertos.engine import State
from muertos.engine.memo import Memo

from . import scoring
from .components import COMPONENTS as C
from .rules import SUPPORT, PatzcuaroState

HELD_CARD = 2.0
"""Points a card in a rival's hand (not publicly known) is worth when placed."""
FUTURE_CARD = 1.5
"""Points a placement is worth when no card for it is held yet (it must be found first)."""
LATER = 0.85
"""Weight of a placement still to come, against one the player is sure to make now."""
FLIPPED = 3.0
"""Cost, while play goes on, of a flipped player card beyond its 5 points: a flipped player
may stop only on spaces it can complete. It also keeps one-step bots from flipping for two
lucky cards of a determinization."""
SCALE = 5.0
"""A lead (points) worth about a 73% chance of winning, for the search bot."""
PLAYOUT = "random"
PLAYOUT_DEPTH: int | None = 10
"""The search bot plays 10 random actions below its tree, then evaluates."""

_N_OBJ = scoring.N_OBJECTS
_N_COL = scoring.N_COLOURS
_COUNTS = scoring.CARD_COUNTS
_COLOUR = scoring.CARD_COLOUR
_ICONS: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((o, n) for o, n in enumerate(counts) if n) for counts in _COUNTS
)
"""Per card id: (object, icons) for each object type it shows."""
_LEVEL_OF = tuple(lv for lv, slots in enumerate(scoring.LEVEL_SLOTS) for _ in slots)
"""The level of each altar slot."""

Model = tuple[list[list[int]], list[list[int]]]
"""An altar as icon counts per level and object, and card counts per level and colour."""
Scorer = Callable[[list[list[int]], list[list[int]]], int]


def _model(altar: list[int]) -> Model:
    """The counts the score is made of, so that a card can be tried without a new list."""
    objs = [[0] * _N_OBJ for _ in range(3)]
    cols = [[0] * _N_COL for _ in range(3)]
    for slot, cid in enumerate(altar):
        if cid:
            _add(objs, cols, cid, _LEVEL_OF[slot], 1)
    return objs, cols


def _add(objs: list[list[int]], cols: list[list[int]], cid: int, level: int, sign: int) -> None:
    row = objs[level]
    for o, n in _ICONS[cid]:
        row[o] += sign * n
    cols[level][_COLOUR[cid]] += sign


@cache
def _scorer(objectives: tuple[str, ...]) -> Scorer:
    """The altar score of a model for these objectives (same result as ``scoring.total``
    without the flip), built once per set of objectives."""
    choose, points = C.level_choose, C.level_points
    o1 = o2 = o3 = None
    for oid in objectives:
        ob = C.objectives[oid]
        if ob.petal == 1:
            o1 = ob
        elif ob.petal == 2:
            o2 = ob
        else:
            o3 = ob

    def score(objs: list[list[int]], cols: list[list[int]]) -> int:
        total = 0
        for lv in range(3):
            total += sum(sorted(objs[lv], reverse=True)[: choose[lv]]) * points[lv]
        if o1 is not None:
            total += C.set_points * min(objs[0][o] + objs[1][o] + objs[2][o] for o in o1.objects)
        if o2 is not None:
            by = [cols[0][x] + cols[1][x] + cols[2][x] for x in o2.colours]
            if o2.kind == "sets":
                total += o2.points * min(by)
            elif o2.kind == "per_colour":
                total += o2.points * sum(by)
            elif not any(by):
                total += o2.points
        if o3 is not None:
            met = sum(1 for lv in range(3) if cols[lv][o3.colour] and objs[lv][o3.object])
            total += C.petal3_points[met]
        return total

    return score


Gainer = Callable[[list[list[int]], list[list[int]], int, int], int]


@cache
def _gainer(objectives: tuple[str, ...]) -> Gainer:
    """What adding one card to one level of a model adds to the score, for these
    objectives: the same as the difference of two ``_scorer`` results, but touching only
    the level and the objectives the card can change (the bots call it very often)."""
    choose, points = C.level_choose, C.level_points
    obs = [C.objectives[oid] for oid in objectives]
    o1 = next((ob.objects for ob in obs if ob.petal == 1), ())
    o2 = next((ob for ob in obs if ob.petal == 2), None)
    o3 = next((ob for ob in obs if ob.petal == 3), None)
    set_points, p3 = C.set_points, C.petal3_points

    def gain(objs: list[list[int]], cols: list[list[int]], lv: int, cid: int) -> int:
        cnt = _COUNTS[cid]
        colour = _COLOUR[cid]
        row = objs[lv]
        k = choose[lv]
        grown = row[:]
        for o, n in _ICONS[cid]:
            grown[o] += n
        grown.sort(reverse=True)
        d = (sum(grown[:k]) - sum(sorted(row, reverse=True)[:k])) * points[lv]
        if o1 and any(cnt[o] for o in o1):
            t = [objs[0][o] + objs[1][o] + objs[2][o] for o in o1]
            d += set_points * (min(x + cnt[o] for x, o in zip(t, o1, strict=True)) - min(t))
        if o2 is not None and colour in o2.colours:
            by = [cols[0][x] + cols[1][x] + cols[2][x] for x in o2.colours]
            if o2.kind == "sets":
                after = [n + (x == colour) for n, x in zip(by, o2.colours, strict=True)]
                d += o2.points * (min(after) - min(by))
            elif o2.kind == "per_colour":
                d += o2.points
            elif not any(by):
                d -= o2.points
        if o3 is not None:
            c3, b3 = o3.colour, o3.object
            had = bool(cols[lv][c3] and row[b3])
            if not had and (cols[lv][c3] or colour == c3) and (row[b3] or cnt[b3]):
                met = sum(1 for x in range(3) if cols[x][c3] and objs[x][b3])
                d += p3[met + 1] - p3[met]
        return d

    return gain


def _open_levels(filled: list[bool]) -> list[tuple[int, int]]:
    """(level, slot) for the first open slot of each level of a virtual altar."""
    out: list[tuple[int, int]] = []
    seen: set[int] = set()
    for slot in range(9):
        lv = _LEVEL_OF[slot]
        if filled[slot] or lv in seen:
            continue
        if slot >= 4:
            a, b = SUPPORT[slot]
            if not (filled[a] and filled[b]):
                continue
        seen.add(lv)
        out.append((lv, slot))
    return out


_OPEN_LEVELS = tuple(_open_levels([bool(mask >> slot & 1) for slot in range(9)]) for mask in range(1 << 9))
"""``_open_levels`` of every altar, by the bit mask of its filled slots."""


def fill_gain(altar: list[int], objectives: list[str], cards: list[int], places: int, sure: int = 0) -> float:
    """What placing up to ``places`` of ``cards`` adds, greedily, one card at a time on the
    level where it adds most; the first ``sure`` placements count in full, later ones
    ``LATER``. Placements the cards cannot fill count ``FUTURE_CARD``. A card adding
    nothing is still placed if room is left (an empty slot helps nobody)."""
    objs, cols = _model(altar)
    return _fill(tuple(objectives), objs, cols, [bool(c) for c in altar], cards, places, sure)


Terms = tuple[tuple[int, ...], tuple[tuple[int, ...], str, int] | None, tuple[int, int] | None]


@cache
def _terms(objectives: tuple[str, ...]) -> Terms:
    """The objectives as ``_fill`` reads them: petal 1's objects; petal 2's colours, kind
    and points; petal 3's colour and object."""
    obs = [C.objectives[oid] for oid in objectives]
    o1 = next((tuple(ob.objects) for ob in obs if ob.petal == 1), ())
    o2 = next(((tuple(ob.colours), ob.kind, ob.points) for ob in obs if ob.petal == 2), None)
    o3 = next(((ob.colour, ob.object) for ob in obs if ob.petal == 3), None)
    return o1, o2, o3


def _fill(
    objectives: tuple[str, ...],
    objs: list[list[int]],
    cols: list[list[int]],
    filled: list[bool],
    cards: list[int],
    places: int,
    sure: int,
) -> float:
    """``fill_gain`` on a model (changed in place).

    Each step tries every card of the pool on every open level and keeps the first best by
    ``_gainer``'s gain (an integer), found here in parts: what the card adds to the level's
    best objects and whether it can meet petal 3 there (kept from step to step until a card
    goes to that level), and what it adds to petals 1 and 2 over the whole altar (once per
    card and step). Both kinds of part are remembered by what they read (``_top_gains``,
    ``_common_gains``: a level's icon counts, the altar's totals for petals 1 and 2), which
    come back in filling after filling. The sums are ``_gainer``'s, so the choices and
    numbers are the same."""
    o1, o2, o3 = _terms(objectives)
    p3 = C.petal3_points
    counts, colour_of = _COUNTS, _COLOUR
    places = min(places, filled.count(False))
    mask = sum(1 << slot for slot, f in enumerate(filled) if f)
    pool = list(cards)
    gain = 0.0
    tops: dict[int, list[int]] = {}  # level -> what each pool card adds to its best objects
    thirds: dict[int, list[bool]] = {}  # level -> whether each pool card would meet petal 3 there
    c3 = b3 = 0
    if o3 is not None:
        c3, b3 = o3
    for k in range(places):
        weight = 1.0 if k < sure else LATER
        if not pool:
            gain += weight * FUTURE_CARD * (places - k)
            break
        common = _common_gains(o1, o2, objs, cols, pool)
        p3_gain = 0
        if o3 is not None:
            met = sum(1 for x in range(3) if cols[x][c3] and objs[x][b3])
            if met + 1 < len(p3):
                p3_gain = p3[met + 1] - p3[met]
        best = None
        best_v = -1e9
        for lv, slot in _OPEN_LEVELS[mask]:
            top = tops.get(lv)
            if top is None:
                row = objs[lv]
                top = tops[lv] = _top_gains(lv, row, pool)
                if o3 is not None:
                    has_c = cols[lv][c3]
                    if has_c and row[b3]:
                        thirds[lv] = [False] * len(pool)
                    else:
                        thirds[lv] = [
                            bool((has_c or colour_of[cid] == c3) and (row[b3] or counts[cid][b3]))
                            for cid in pool
                        ]
            third = thirds.get(lv)
            for i in range(len(pool)):
                v = top[i] + common[i]
                if third is not None and third[i]:
                    v += p3_gain
                if v > best_v:
                    best_v, best = v, (i, lv, slot)
        if best is None:
            break
        i, lv, slot = best
        _add(objs, cols, pool.pop(i), lv, 1)
        filled[slot] = True
        mask |= 1 << slot
        gain += weight * best_v
        tops.pop(lv, None)
        thirds.pop(lv, None)
        for top in tops.values():
            del top[i]
        for third in thirds.values():
            del third[i]
    return gain


_FILLS_LIMIT = 1 << 16
"""Entries each of the altar memos below keeps before it empties and starts again."""

_COMMONS: Memo[tuple[object, ...], dict[int, int]] = Memo(_FILLS_LIMIT)
"""What a card adds to petals 1 and 2, by the petals and the altar's totals they read."""


def _common_gains(
    o1: tuple[int, ...],
    o2: tuple[tuple[int, ...], str, int] | None,
    objs: list[list[int]],
    cols: list[list[int]],
    pool: list[int],
) -> list[int]:
    """What each card of ``pool`` adds to petal 1 (one more set of its objects) and petal 2
    (its colours) wherever it goes, remembered in ``_COMMONS`` by what the sums read: the
    altar's totals of petal 1's objects and of petal 2's colours."""
    t = [objs[0][o] + objs[1][o] + objs[2][o] for o in o1]
    by = [] if o2 is None else [cols[0][x] + cols[1][x] + cols[2][x] for x in o2[0]]
    key = (o1, o2, *t, -1, *by)
    known = _COMMONS.get(key)
    if known is None:
        known = _COMMONS.keep(key, {})
    out = []
    for cid in pool:
        gain = known.get(cid)
        if gain is None:
            gain = 0
            if o1:
                cnt = _COUNTS[cid]
                if any(cnt[o] for o in o1):
                    gain += C.set_points * (min(x + cnt[o] for x, o in zip(t, o1, strict=True)) - min(t))
            if o2 is not None:
                colours, kind, pts = o2
                colour = _COLOUR[cid]
                if colour in colours:
                    if kind == "sets":
                        after = [n + (x == colour) for n, x in zip(by, colours, strict=True)]
                        gain += pts * (min(after) - min(by))
                    elif kind == "per_colour":
                        gain += pts
                    elif not any(by):
                        gain -= pts
            known[cid] = gain
        out.append(gain)
    return out


_TOPS: Memo[tuple[int, tuple[int, ...]], dict[int, int]] = Memo(_FILLS_LIMIT)
"""What a card adds to a level's best objects, by the level, its icon counts and the card:
the same few rows come back in every filling of every altar."""


def _top_gains(level: int, row: list[int], pool: list[int]) -> list[int]:
    """What each card of ``pool`` adds to the level's score through its best objects
    (``level_choose`` of them, times ``level_points``), remembered in ``_TOPS``."""
    key = (level, tuple(row))
    known = _TOPS.get(key)
    if known is None:
        known = _TOPS.keep(key, {})
    out = []
    for cid in pool:
        gain = known.get(cid)
        if gain is None:
            n_top = C.level_choose[level]
            grown = row.copy()
            for o, n in _ICONS[cid]:
                grown[o] += n
            grown.sort(reverse=True)
            gain = known[cid] = (
                sum(grown[:n_top]) - sum(sorted(row, reverse=True)[:n_top])
            ) * C.level_points[level]
        out.append(gain)
    return out


_FILLS: Memo[tuple[tuple[str, ...], tuple[int, ...], tuple[int, ...], int, int], float] = Memo(_FILLS_LIMIT)
"""``_fill`` results by everything they depend on: the objectives, the altar, the cards in
order, the placements and the sure ones. A bot asks the same question over and over (the
rivals' altars do not change while it tries its own moves), and a cached answer is the very
number the filling computes."""


def _filled_gain(
    objectives: tuple[str, ...], altar: list[int], cards: list[int], places: int, sure: int
) -> float:
    """``_fill`` for the altar as it stands, remembered (see ``_FILLS``)."""
    key = (objectives, tuple(altar), tuple(cards), places, sure)
    got = _FILLS.get(key)
    if got is None:
        objs, cols = _model(altar)
        got = _FILLS.keep(key, _fill(objectives, objs, cols, [bool(c) for c in altar], cards, places, sure))
    return got


_SCORES: Memo[tuple[tuple[str, ...], tuple[int, ...]], int] = Memo(_FILLS_LIMIT)
"""The score of an altar (without the flip) by objectives and cards, remembered likewise."""


def _altar_score(objectives: tuple[str, ...], altar: list[int]) -> int:
    key = (objectives, tuple(altar))
    got = _SCORES.get(key)
    if got is None:
        got = _SCORES.keep(key, _scorer(objectives)(*_model(altar)))
    return got


def _pending(state: PatzcuaroState) -> tuple[list[int], int, int]:
    """For the active player: cards the space still brings (a trade's stack), pending draws
    and pending altar actions."""
    if state.phase != "act":
        return [], 0, 0
    steps = state.spaces()[state.pos[state.turn]].steps
    incoming: list[int] = []
    draws = altars = 0
    for i in range(state.step, len(steps)):
        kind = steps[i].kind
        if kind == "trade":
            incoming = list(state.stacks[state.pos[state.turn]])
        elif kind == "draw":
            draws += 1
        elif kind == "altar":
            altars += 1
    return incoming, draws, altars


def _must_flip(state: PatzcuaroState) -> bool:
    """Is the flip the active player's only choice (its hand cannot complete the space)?"""
    me = state.turn
    return (
        state.step == 0
        and not state.offered
        and not state.flipped[me]
        and state.why_not_performable(me, state.pos[me]) is not None
    )


def _value(state: PatzcuaroState, seat: int, viewer: int, horizon: int) -> float:
    """Score now plus the expected gain of the placements to come (see the module notes)."""
    altar = state.altars[seat]
    objectives = tuple(state.objectives)
    now: float = _altar_score(objectives, altar) - (C.flip_penalty if state.flipped[seat] else 0)
    if state.over:
        return float(now)
    if state.flipped[seat]:
        now -= FLIPPED
    room = altar.count(0)
    if state.phase == "last":  # the end is triggered: at most one more card each
        places = 1 if seat in state.final else 0
    else:
        # The player closest to a full altar ends the game; the others get one last card.
        places = room if room == horizon else min(room, horizon + 1)
    if not places:
        return float(now)
    hand = state.hands[seat]
    incoming: list[int] = []
    draws = sure = 0
    if state.phase == "act" and seat == state.turn:
        if seat == viewer and _must_flip(state):
            # The space cannot be completed: the flip is the only way on (−5, draw 2).
            now -= C.flip_penalty + FLIPPED
            draws = 2
        else:
            incoming, draws, sure = _pending(state)
            places = max(places, min(room, sure))
    if state.phase == "last":
        sure = 1
    if seat == viewer:
        cards = hand + incoming
        gain = _filled_gain(objectives, altar, cards, places, sure)
        extra = min(draws, max(0, places - len(cards)))  # drawn cards fill placements otherwise open
        return now + gain + extra * LATER * (HELD_CARD - FUTURE_CARD)
    known = state.known[seat] + incoming
    gain = _filled_gain(objectives, altar, known, min(places, len(known)), sure)
    unknown = min(len(hand) - len(state.known[seat]) + draws, places - min(places, len(known)))
    rest = places - min(places, len(known)) - unknown
    return now + gain + LATER * (HELD_CARD * unknown + FUTURE_CARD * rest)


def evaluate(state: State, seat: int) -> float:
    """The seat's expected lead over its strongest rival (positive is good); at the end,
    the final margin, with half a point for winning a tie-break."""
    state = cast(PatzcuaroState, state)
    horizon = min(a.count(0) for a in state.altars)
    mine = _value(state, seat, seat, horizon)
    others = [_value(state, s, seat, horizon) for s in range(state.players) if s != seat]
    lead = mine - max(others)
    if state.over and seat in state.winners():
        lead += 0.5
    return lead
