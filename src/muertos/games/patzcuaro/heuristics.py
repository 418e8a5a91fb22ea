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

import math
from collections.abc import Callable, Iterator, Sequence
from functools import cache, partial
from operator import add
from typing import NamedTuple, cast

from muertos.engine import State
from muertos.engine.memo import Memo
from muertos.engine.rng import Rng

from . import notation as N
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
_LEVEL_SLOTS = scoring.LEVEL_SLOTS
_LEVEL_OF = tuple(lv for lv, slots in enumerate(_LEVEL_SLOTS) for _ in slots)
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
    return _fill(tuple(objectives), altar, cards, places, sure)


class _Petals(NamedTuple):
    """The objectives as ``_fill`` reads them, with per card id what they look at."""

    o1: tuple[int, ...]
    """Petal 1's objects."""
    o2: tuple[tuple[int, ...], str, int] | None
    """Petal 2's colours, kind and points."""
    o3: tuple[int, int] | None
    """Petal 3's colour and object."""
    sets: tuple[tuple[int, ...] | None, ...]
    """Per card: its icons of each of petal 1's objects, None when it shows none."""
    totals: tuple[int, ...]
    """Per card: what it adds to the altar's totals that petals 1 and 2 read, packed (see
    ``_pack``): its icons of each of petal 1's objects, then 1 for each of petal 2's colours
    that is its own."""
    third_colour: frozenset[int]
    """The cards of petal 3's colour (a set: a pool is checked against it at once)."""
    third_object: frozenset[int]
    """The cards that show petal 3's object."""
    third_both: frozenset[int]
    """The cards that do both (each meets petal 3 alone)."""
    commons: Memo[int, _Commons]
    """What a card adds to petals 1 and 2, by the altar's totals they read (``_commons``)."""
    colour_gains: Memo[tuple[int, ...], list[int]]
    """What a card of each colour adds to petal 2, by the altar's totals of its colours."""
    altars: Memo[tuple[int, ...], Levels]
    """``_levels`` by the altar's cards."""


@cache
def _petals(objectives: tuple[str, ...]) -> _Petals:
    """``_Petals`` of these objectives, built once."""
    obs = [C.objectives[oid] for oid in objectives]
    o1 = next((tuple(ob.objects) for ob in obs if ob.petal == 1), ())
    o2 = next(((tuple(ob.colours), ob.kind, ob.points) for ob in obs if ob.petal == 2), None)
    o3 = next(((ob.colour, ob.object) for ob in obs if ob.petal == 3), None)
    cards = range(len(_COUNTS))
    colours = () if o2 is None else o2[0]
    c3, b3 = o3 if o3 is not None else (-1, -1)
    colour = frozenset(c for c in cards if _COLOUR[c] == c3)
    shows = frozenset(c for c in cards if o3 is not None and _COUNTS[c][b3] > 0)
    sets = tuple(tuple(_COUNTS[c][o] for o in o1) for c in cards)
    totals = tuple(_pack([*sets[c], *(int(x == _COLOUR[c]) for x in colours)], _TOTAL_BITS) for c in cards)
    return _Petals(
        o1,
        o2,
        o3,
        tuple(n if any(n) else None for n in sets),
        totals,
        colour,
        shows,
        colour & shows,
        Memo(_FILLS_LIMIT),
        Memo(_FILLS_LIMIT),
        Memo(_FILLS_LIMIT),
    )


_FILLS_LIMIT = 1 << 16
"""Entries each of the altar memos below keeps before it empties and starts again."""

_ROW_BITS = 4
"""Bits per object of a level's icon counts packed in an integer (at most 4 cards of 3 icons)."""
_TOTAL_BITS = 8
"""Bits per total of the altar's totals packed in an integer (at most 9 cards of 3 icons)."""


def _pack(counts: list[int], bits: int) -> int:
    """Counts as one integer, ``bits`` bits each, the first lowest: a card's counts are
    added to an altar's by one addition, and the sum is its own memo key."""
    return sum(n << bits * i for i, n in enumerate(counts))


def _unpack(packed: int, bits: int, n: int) -> list[int]:
    """The ``n`` counts ``_pack`` packed (8 bits each: read as bytes, in C)."""
    if bits == 8:
        return list(packed.to_bytes(n, "little"))
    return [packed >> bits * i & (1 << bits) - 1 for i in range(n)]


_ROWS = tuple(_pack(list(counts), _ROW_BITS) for counts in _COUNTS)
"""Per card id: its icons of each object, packed."""


Levels = tuple[tuple[int, ...], tuple[bool, ...], int, int]
"""An altar as ``_fill`` reads it: each level's icon counts per object (packed), whether
each level holds a card of petal 3's colour, the totals petals 1 and 2 read (packed, see
``_Petals.totals``), and the bit mask of the filled slots."""


def _levels(pe: _Petals, altar: list[int]) -> Levels:
    """The altar as ``_fill`` reads it, remembered in ``pe.altars`` (the others' altars and
    the mover's, while the moves tried do not place a card, come back decision after
    decision)."""
    key = tuple(altar)
    got = pe.altars.get(key)
    if got is not None:
        return got
    deltas, third_colour = pe.totals, pe.third_colour
    rows = []
    coloured = []
    totals = mask = 0
    for slots in _LEVEL_SLOTS:
        row = 0
        colour = False
        for slot in slots:
            cid = altar[slot]
            if cid:
                mask |= 1 << slot
                row += _ROWS[cid]
                totals += deltas[cid]
                colour = colour or cid in third_colour
        rows.append(row)
        coloured.append(colour)
    return pe.altars.keep(key, (tuple(rows), tuple(coloured), totals, mask))


Trace = list[tuple[tuple[int, ...], int]]
"""A fill's course: at each step the open levels and the level the card went to (−1: none
was open)."""


def _fill(
    objectives: tuple[str, ...],
    altar: list[int],
    cards: list[int],
    places: int,
    sure: int,
    trace: Trace | None = None,
    levels: Levels | None = None,
) -> float:
    """``fill_gain`` with the objectives as a tuple; its course written in ``trace`` if given,
    the altar read as ``levels`` if given (a caller that built it from a known one).

    Each step tries every card of the pool on every open level and keeps the first best by
    its gain (an integer: the difference of two ``_scorer`` results), found here in parts:
    what the card adds to the level's best objects and whether it meets petal 3 there
    (``_level_gains``, kept from step to step until a card goes to that level), and what it
    adds to petals 1 and 2 over the whole altar (``_commons``, kept until a card changes
    the totals they read). The altar is read as
    ``_levels`` gives it: counts packed in integers, the filled slots a bit mask. The sums
    are the same as the reference heuristics', and so are the choices."""
    pe = _petals(objectives)
    o3 = pe.o3
    deltas, third_colour = pe.totals, pe.third_colour
    packed, colours, totals, mask = _levels(pe, altar) if levels is None else levels
    rows = list(packed)
    coloured = list(colours)  # level -> holds a card of petal 3's colour
    places = min(places, _FREE[mask])
    p3 = C.petal3_points
    b3 = 0 if o3 is None else o3[1] * _ROW_BITS  # where petal 3's object's count is packed
    met, p3_gain = _third(pe, rows, coloured)
    n_met = met.count(True)
    pool = list(cards)
    gain = 0.0
    # Per level, what each pool card adds there (its best objects, and petal 3 when it
    # meets it there), or None until asked; kept from step to step until a card goes there.
    tops: list[list[int] | None] = [None, None, None]
    common: list[int] | None = None  # what each pool card adds to petals 1 and 2
    last = places - 1
    for k in range(places):
        weight = 1.0 if k < sure else LATER
        if not pool:
            gain += weight * FUTURE_CARD * (places - k)
            break
        if common is None:
            common = _commons(pe, totals, pool)
        best_v = -(1 << 30)
        best_lv = best_slot = -1
        best_vals: list[int] = []
        for lv, slot in _OPEN_LEVELS[mask]:
            top = tops[lv]
            if top is None:
                top = tops[lv] = _level_gains(pe, lv, rows[lv], coloured[lv], met[lv], p3_gain, pool)
            vals = list(map(add, top, common))
            v = max(vals)
            if v > best_v:
                best_v, best_lv, best_slot, best_vals = v, lv, slot, vals
        if trace is not None:
            trace.append((_LEVELS[mask], best_lv))
        if best_lv < 0:
            break
        gain += weight * best_v
        if k == last:
            break  # nothing reads the altar after the last card
        lv = best_lv
        i = best_vals.index(best_v)
        cid = pool.pop(i)
        rows[lv] += _ROWS[cid]
        mask |= 1 << best_slot
        delta = deltas[cid]
        if delta:
            totals += delta
            common = None
        else:
            del common[i]  # type: ignore[union-attr]
        tops[lv] = None
        if not met[lv] and o3 is not None:
            coloured[lv] = coloured[lv] or cid in third_colour
            if coloured[lv] and rows[lv] >> b3 & 15:
                met[lv] = True
                n_met += 1
                p3_gain = p3[n_met + 1] - p3[n_met] if n_met + 1 < len(p3) else 0
                tops = [None, None, None]  # petal 3's gain changed everywhere
        for top in tops:
            if top is not None:
                del top[i]
    return gain


_FREE = tuple(9 - bin(mask).count("1") for mask in range(1 << 9))
"""Empty slots of an altar, by the bit mask of its filled slots."""
_LEVELS = tuple(tuple(lv for lv, _ in open_levels) for open_levels in _OPEN_LEVELS)
"""The open levels of an altar, by the bit mask of its filled slots."""
_FIRST_SLOT = tuple(dict(open_levels) for open_levels in _OPEN_LEVELS)
"""The first open slot of each open level, by the bit mask of the filled slots."""


def _follows(trace: Trace, mask: int) -> bool:
    """Would an altar with these filled slots (and the cards of the one ``trace`` was
    written for) open the same levels at every step of that course? Then its fill is the
    same: the slots filled differ, the choices and gains do not."""
    for levels, lv in trace:
        if _LEVELS[mask] != levels:
            return False
        if lv < 0:
            return True
        mask |= 1 << _FIRST_SLOT[mask][lv]
    return True


Shared = list[tuple[tuple[tuple[int, ...], int, int], Trace, float]]
"""Fills asked for altars that hold the same cards on each level and differ only in their
slots: each one's cards, places and sure placements, course and gain."""


def _shared_fill(
    shared: Shared,
    levels: Levels,
    objectives: tuple[str, ...],
    altar: list[int],
    cards: list[int],
    places: int,
    sure: int,
) -> float:
    """``_fill`` of the altar, read as ``levels``, or the gain of one in ``shared`` that the
    altar's filled slots follow."""
    mask = levels[3]
    asked = (tuple(cards), places, sure)
    for inputs, course, gain in shared:
        if inputs == asked and _follows(course, mask):
            return gain
    trace: Trace = []
    gain = _fill(objectives, altar, cards, places, sure, trace, levels)
    shared.append((asked, trace, gain))
    return gain


def _third(pe: _Petals, rows: Sequence[int], coloured: Sequence[bool]) -> tuple[list[bool], int]:
    """Per level, is petal 3 met there (a card of its colour, its object among the level's
    counts ``rows``); and what meeting it on one more level adds."""
    if pe.o3 is None:
        return [False, False, False], 0
    b3 = pe.o3[1] * _ROW_BITS
    c0, c1, c2 = coloured  # the three levels written out: a comprehension is a call
    r0, r1, r2 = rows
    met = [c0 and r0 >> b3 & 15 > 0, c1 and r1 >> b3 & 15 > 0, c2 and r2 >> b3 & 15 > 0]
    n_met, p3 = met.count(True), C.petal3_points
    return met, p3[n_met + 1] - p3[n_met] if n_met + 1 < len(p3) else 0


def _level_gains(
    pe: _Petals, lv: int, row: int, coloured: bool, met: bool, p3_gain: int, pool: list[int]
) -> list[int]:
    """What each card of ``pool`` adds on level ``lv`` (its counts ``row``, holding a card of
    petal 3's colour or not, petal 3 met there or not), but for petals 1 and 2
    (``_commons``): its best objects (``_Tops``, remembered in ``_TOPS``) and ``p3_gain`` if
    it meets petal 3 there."""
    key = row << 2 | lv
    known = _TOPS.get(key)
    if known is None:
        known = _TOPS.keep(key, _Tops(lv, row))
    top = list(map(known.__getitem__, pool))
    if p3_gain and not met:
        # Meeting petal 3 here takes a card of its colour and one with its object.
        assert pe.o3 is not None
        if coloured:
            third = pe.third_object
        elif row >> pe.o3[1] * _ROW_BITS & 15:
            third = pe.third_colour
        else:
            third = pe.third_both
        if not third.isdisjoint(pool):  # seldom: most pools hold no such card
            for j, cid in enumerate(pool):
                if cid in third:
                    top[j] += p3_gain
    return top


def _commons(pe: _Petals, totals: int, pool: list[int]) -> list[int]:
    """What each card of ``pool`` adds to petal 1 (one more set of its objects) and petal 2
    (its colours) wherever it goes, remembered in ``pe.commons`` by what the sums read: the
    altar's ``totals`` of petal 1's objects and of petal 2's colours."""
    known = pe.commons.get(totals)
    if known is None:
        known = pe.commons.keep(totals, _Commons(pe, totals))
    return list(map(known.__getitem__, pool))


class _Commons(dict[int, int]):
    """What a card adds to petals 1 and 2 (``_commons``), by card, for an altar with these
    totals: each card's found on first asking (``__missing__``), as ``_Tops``' are."""

    __slots__ = ("by_colour", "low", "sets", "totals")

    def __init__(self, pe: _Petals, totals: int) -> None:
        super().__init__()
        n = len(pe.o1)
        unpacked = _unpack(totals, _TOTAL_BITS, n + (0 if pe.o2 is None else len(pe.o2[0])))
        self.sets, self.totals = pe.sets, unpacked[:n]
        self.low = min(self.totals, default=0)
        self.by_colour = _colour_gains(pe, tuple(unpacked[n:]))

    def __missing__(self, cid: int) -> int:
        gain = self.by_colour[_COLOUR[cid]]
        counts = self.sets[cid]
        if counts is not None:
            gain += C.set_points * (min(map(add, self.totals, counts)) - self.low)
        self[cid] = gain
        return gain


def _colour_gains(pe: _Petals, by: tuple[int, ...]) -> list[int]:
    """What a card of each colour adds to petal 2, the altar holding ``by`` cards of each
    of its colours (remembered in ``pe.colour_gains``)."""
    got = pe.colour_gains.get(by)
    if got is not None:
        return got
    out = pe.colour_gains.keep(by, [0] * _N_COL)
    if pe.o2 is not None:
        colours, kind, pts = pe.o2
        for colour in set(colours):
            if kind == "sets":
                after = [n + (x == colour) for n, x in zip(by, colours, strict=True)]
                out[colour] = pts * (min(after) - min(by))
            elif kind == "per_colour":
                out[colour] = pts
            elif not any(by):
                out[colour] = -pts
    return out


class _Tops(dict[int, int]):
    """What a card adds to one level's score through its best objects (``level_choose`` of
    them, times ``level_points``), by card, for the level's icon counts: each card's found
    on first asking (``__missing__``), so that reading a pool's gains
    (``map(known.__getitem__, pool)``) needs no check for a card not asked before (a check
    of the list for ``None`` cost more than the lookups: an int compared with None fails
    only after both sides are asked)."""

    __slots__ = ("best", "now", "points", "row")

    def __init__(self, level: int, packed: int) -> None:
        super().__init__()
        self.row = _unpack(packed, _ROW_BITS, _N_OBJ)
        self.best = -C.level_choose[level]  # the best (at least one): the last counts sorted
        self.points = C.level_points[level]
        self.now = sum(sorted(self.row)[self.best :])

    def __missing__(self, cid: int) -> int:
        grown = list(self.row)
        for o, n in _ICONS[cid]:
            grown[o] += n
        grown.sort()
        gain = self[cid] = (sum(grown[self.best :]) - self.now) * self.points
        return gain


_TOPS: Memo[int, _Tops] = Memo(_FILLS_LIMIT)
"""What a card adds to a level's best objects, by the level, its icon counts and the card:
the same few rows come back in every filling of every altar."""


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
        got = _FILLS.keep(key, _fill(objectives, altar, cards, places, sure))
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


Filler = Callable[[tuple[str, ...], list[int], list[int], int, int], float]
"""How a value finds an altar's fill: ``_filled_gain`` (remembered) or ``_fill``."""


def _value(
    state: PatzcuaroState,
    seat: int,
    viewer: int,
    horizon: int,
    score: int | None = None,
    fill: Filler = _filled_gain,
) -> float:
    """Score now plus the expected gain of the placements to come (see the module notes).
    ``score``, when given, is the altar's score (known to a caller that built the altar);
    ``fill`` finds the fill, remembered unless the caller knows it is asked only once."""
    altar = state.altars[seat]
    objectives = tuple(state.objectives)
    if score is None:
        score = _altar_score(objectives, altar)
    now = float(
        score - (C.flip_penalty if state.flipped[seat] else 0)
    )  # float at once: compiled, a float is no int
    if state.phase == "over":
        return now
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
        gain = fill(objectives, altar, cards, places, sure)
        extra = min(draws, max(0, places - len(cards)))  # drawn cards fill placements otherwise open
        return now + gain + extra * LATER * (HELD_CARD - FUTURE_CARD)
    known = state.known[seat] + incoming
    gain = fill(objectives, altar, known, min(places, len(known)), sure)
    unknown = min(len(hand) - len(state.known[seat]) + draws, places - min(places, len(known)))
    rest = places - min(places, len(known)) - unknown
    return now + gain + LATER * (HELD_CARD * unknown + FUTURE_CARD * rest)


def evaluate(state: State, seat: int) -> float:
    """The seat's expected lead over its strongest rival (positive is good); at the end,
    the final margin, with half a point for winning a tie-break."""
    state = cast(PatzcuaroState, state)
    horizon = min(a.count(0) for a in state.altars)
    lead = _lead([_value(state, s, seat, horizon) for s in range(state.players)], seat)
    if state.over and seat in state.winners():
        lead += 0.5
    return lead


def _lead(values: list[float], seat: int) -> float:
    """The seat's value less the best other seat's (values in seat order)."""
    return values[seat] - max(v for s, v in enumerate(values) if s != seat)


_ALTAR_MOVES = {a.text: (c, slot) for (c, slot), a in N.ALTARS.items()}
"""An altar action's (card, slot), by its spelling."""
_MOVE_STEPS = {m.text: k for k, m in N.MOVES.items()}
"""A move's number of spaces, by its spelling."""
_TRADE_CARDS = {t.text: c for c, t in N.TRADES.items()}
"""A trade's card, by its spelling."""


def action_values(state: State, seat: int, actions: Sequence[str]) -> list[float]:
    """``evaluate(state.after(a), seat)`` for each listed action, the same numbers found
    faster: a move, a card revealed in a trade and an altar card change only the mover's
    value, so each is tried on one copy of the state (``_arrivals``, ``_reveals``,
    ``_placings``) and judged by ``_mover_values``, the others' values worked out once.
    The rest are played on a copy; when that leaves the others' values as they were (a
    flip, a take, a reveal that takes: ``_Rivals.hold``), only the mover's is worked out
    again, else the copy is evaluated whole."""
    s = cast(PatzcuaroState, state)
    rivals: _Rivals | None = None
    if s.phase == "move":
        c = _trial(s)
        rivals = _Rivals(s, seat, s.turn)
        values = _mover_values(c, rivals, _arrivals(c, actions))
    elif s.phase == "act" and s._current_step().kind == "trade":
        c = _trial(s)
        rivals = _Rivals(s, seat, s.turn)
        values = _mover_values(c, rivals, _reveals(c, actions))
    else:
        values = _altar_values(s, seat, actions)
    out = []
    for a in actions:
        v = values.get(a)
        if v is None:
            after = _after(s, a)
            if rivals is None and s.phase == "act":
                rivals = _Rivals(s, seat, s.turn)
            if rivals is not None and rivals.hold(after):
                v = rivals.lead(_value(after, rivals.me, seat, rivals.horizon))
            else:
                v = evaluate(after, seat)
        out.append(v)
    return out


def _trial(s: PatzcuaroState) -> PatzcuaroState:
    """A copy of ``s`` to try actions on, as the evaluation reads it: with no history and
    no log (neither the rules nor the evaluation read them; copying the whole game's log
    for every action tried cost more than the fields) and no listing of the actions."""
    cls = type(s)
    c = cls.__new__(cls)
    c.players, c.seed, c.options = s.players, s.seed, s.options
    c.history, c.events, c._legal = [], [], None
    c.rng = Rng.from_state(s.rng.state)
    c.tiles, c.deck, c.objectives = s.tiles, s.deck.copy(), s.objectives  # never changed in play
    c.hands, c.known = [x.copy() for x in s.hands], [x.copy() for x in s.known]
    c.altars, c.stacks = [x.copy() for x in s.altars], [x.copy() for x in s.stacks]
    c.flipped, c.pos, c.offered, c.final = s.flipped.copy(), s.pos.copy(), s.offered.copy(), s.final.copy()
    c.turn, c.phase, c.step = s.turn, s.phase, s.step
    return c


def _after(s: PatzcuaroState, a: str) -> PatzcuaroState:
    """``s.after(a)`` for an action ``s`` lists, as the evaluation reads it: on a ``_trial``
    copy, without listing the actions again to check it (the bots ask about a
    determinization, which keeps no listing)."""
    c = _trial(s)
    s.ACTIONS.play(c, a)
    return c


class _Rivals:
    """What the evaluation for ``seat`` reads of the seats other than the mover ``me``, in
    ``ref``: the horizon, ``seat``'s value (when it is not the mover) and the best value of
    the seats besides both. An action of the mover that changes neither the horizon nor
    their hands leaves these as they are (it never touches their altars, known cards or
    flips)."""

    __slots__ = ("best", "horizon", "me", "mine", "seat", "sizes")

    def __init__(self, ref: PatzcuaroState, seat: int, me: int) -> None:
        self.seat, self.me = seat, me
        self.horizon = horizon = min(a.count(0) for a in ref.altars)
        self.mine = _value(ref, seat, seat, horizon) if seat != me else 0.0
        others = (_value(ref, r, seat, horizon) for r in range(ref.players) if r not in (seat, me))
        self.best = max(others, default=-math.inf)
        self.sizes = [len(h) for h in ref.hands]

    def lead(self, moved: float) -> float:
        """``_lead`` of the values with the mover's ``moved`` (a float's maximum is the same
        whichever way the values are grouped)."""
        return moved - self.best if self.seat == self.me else self.mine - max(moved, self.best)

    def hold(self, after: PatzcuaroState) -> bool:
        """Are these still the others' values after the mover's action? Play goes on (not
        the last cards, not over: those read who is still to place and the winner), the
        horizon is the same and no other hand has grown (a space where the others draw)."""
        me, sizes = self.me, self.sizes
        return (
            after.phase in ("move", "act")
            and min(a.count(0) for a in after.altars) == self.horizon
            and all(len(h) == sizes[r] for r, h in enumerate(after.hands) if r != me)
        )


Trials = Iterator[tuple[str, int | None, Filler]]
"""Actions tried in turn on one copy of the state, each yielded once the copy is the state
after it, with the mover's altar score when the trial knows it and how to find the mover's
fill (it is asked once: not remembered)."""


def _mover_values(c: PatzcuaroState, rivals: _Rivals, trials: Trials) -> dict[str, float]:
    """The evaluation for ``rivals.seat`` of each state ``trials`` makes of ``c``: only the
    mover's value changes from one to the next (not its altar's room: the horizon is the
    same), the others' are ``rivals``'. The mover's fills are not remembered: each state
    is asked about once."""
    seat, me, horizon, lead = rivals.seat, rivals.me, rivals.horizon, rivals.lead
    return {a: lead(_value(c, me, seat, horizon, score, fill)) for a, score, fill in trials}


def _arrivals(c: PatzcuaroState, actions: Sequence[str]) -> Trials:
    """Each move: the token arrives and the space's first action (a trade or an altar
    card, never an altar action skipped: an altar is never complete while its player still
    moves) waits for the mover. A flipped mover stuck on arrival draws instead: that move
    is left out."""
    me = c.turn
    start = c.pos[me]
    for a in actions:
        k = _MOVE_STEPS.get(a)
        if k is None:
            continue
        c.pos[me] = start
        dest = c.destination(me, k)
        if not c._stuck(dest):
            c._arrive(dest)
            yield a, None, _fill


def _reveals(c: PatzcuaroState, actions: Sequence[str]) -> Trials:
    """Each card revealed in the trade under way: it leaves the hand (and the known cards)
    for the revealed ones. When no further card may be revealed, the take follows at once:
    that card is left out."""
    me = c.turn
    hand, known, offered = c.hands[me], c.known[me], c.offered
    for a in actions:
        cid = _TRADE_CARDS.get(a)
        if cid is None:
            continue
        c.hands[me] = [x for x in hand if x != cid]
        c.known[me] = [x for x in known if x != cid]
        c.offered = [*offered, cid]
        if c._trade_cards():
            yield a, None, _fill


def _altar_values(s: PatzcuaroState, seat: int, actions: Sequence[str]) -> dict[str, float]:
    """The evaluation after each altar card: what follows it (the space's later actions,
    the turn's end) does not depend on which card goes on which slot, so the first is
    played on a copy and the others are that copy with the mover's altar, hand and known
    cards changed (``_placings``). When that ends the game, each is evaluated whole (the
    winner depends on the card)."""
    placed = [(a, p) for a in actions if (p := _ALTAR_MOVES.get(a)) is not None]
    if len(placed) < 2:
        return {}
    me = s.to_move
    assert me is not None
    after = _after(s, placed[0][0])
    trials = _placings(s, after, me, placed)
    if after.over:
        return {a: evaluate(after, seat) for a, _, _ in trials}
    return _mover_values(after, _Rivals(after, seat, me), trials)


def _placings(
    s: PatzcuaroState, after: PatzcuaroState, me: int, placed: list[tuple[str, tuple[int, int]]]
) -> Trials:
    """Each altar action of ``placed`` in turn, ``after`` (the state after the first) made
    the state after it: the mover's altar without the first card and with this one, the
    hand and known cards with the first card back and without this one. The altar's score
    is its score without the card plus the card's gain, what a fill's first step from the
    altar without it finds for the card on that level (``_level_gains``, ``_commons``: once
    per level for the whole hand), and the altar as the fill reads it
    (``_levels``) the one without the card with the card's counts added. The same card on
    slots of the same level leaves the same cards to fill the same levels: those fills are
    shared (``_shared_fill``)."""
    c0, slot0 = placed[0][1]
    empty = after.altars[me].copy()
    empty[slot0] = 0
    objectives = tuple(after.objectives)
    base = _altar_score(objectives, empty)
    gains: dict[tuple[int, int], int] = {}  # (card, level) -> what it adds to the score
    fills: dict[tuple[int, int], Shared] = {}  # (card, level) -> its fills, shared
    pe = _petals(objectives)
    rows, coloured, totals, mask = _levels(pe, empty)
    hand = sorted([*after.hands[me], c0])
    # What each card adds: on its level and to petals 1 and 2, as a fill's first step.
    met, p3_gain = _third(pe, rows, coloured)
    common = _commons(pe, totals, hand)
    on: dict[int, list[int]] = {}  # level -> what each card of the hand adds there
    known = sorted([*after.known[me], c0]) if c0 in s.known[me] else after.known[me]
    for a, (c, slot) in placed:
        after.altars[me] = altar = empty.copy()
        altar[slot] = c
        after.hands[me] = [x for x in hand if x != c]
        after.known[me] = [x for x in known if x != c]
        lv = _LEVEL_OF[slot]
        gain = gains.get((c, lv))
        if gain is None:
            top = on.get(lv)
            if top is None:
                top = on[lv] = _level_gains(pe, lv, rows[lv], coloured[lv], met[lv], p3_gain, hand)
            j = hand.index(c)
            gain = gains[c, lv] = top[j] + common[j]
            fills[c, lv] = []
        grown = list(rows)
        grown[lv] += _ROWS[c]
        third = list(coloured)
        third[lv] = third[lv] or c in pe.third_colour
        levels = (tuple(grown), tuple(third), totals + pe.totals[c], mask | 1 << slot)
        yield a, base + gain, partial(_shared_fill, fills[c, lv], levels)
