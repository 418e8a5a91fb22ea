"""The solo planner for the perfect score: can the ofrenda still score four steps in every
section, with every token kept for the set of four?

RULES (solo): "18 is a perfect score!" — four sections at the most a section ascends ("The
most you can ascend for each section is 4 steps") and the two steps of "4 different tokens"
(A-DD11). The sections share their corner cells (B-DD2), so each section's own best
(``heuristics.potential``) can ask a corner for a value another section's best rules out;
this module answers for the whole ofrenda at once.

Each board's *perfect sections* are listed once: every (colour, value) of a section's four
cells that scores the cap, read by ``scoring.section_score`` itself. A position can still be
perfect when one choice of them, one a section, agrees on every shared cell, keeps every die
already placed, needs no more dice of a colour than can still come (in or on a casket, in
the City, on the preparation board) nor more dice than the City can still pay for, and no
token has been used or discarded (solo, they leave the game). The test is optimistic where
the dice are still to roll: a die of the right colour may yet show the value.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import cache, lru_cache
from itertools import product
from typing import TYPE_CHECKING

from .components import CALAVERA, COMPONENTS
from .notation import colour_of, face_of, kind_die
from .scoring import BREAD, INCENSE, MARIGOLD, section_score

if TYPE_CHECKING:
    from .rules import DieOfTheDeadState

Cell = tuple[int, int]
"""A cell of a plan: (colour, value 1-6)."""
Quad = tuple[Cell, Cell, Cell, Cell]
"""A section's four cells of a plan, in the section's reading order."""

COLOURS = range(len(COMPONENTS.colour_names))
VALUES = range(1, 7)
CAP = COMPONENTS.max_per_section


def _best_colours(sec: int, board: int) -> tuple[int, ...]:
    """Colours that give a section's colour part whatever its values (Bread one colour,
    Marigold two alternating, Candles and Incense four different, the urns' own on the
    urns): a section's score with them bounds its score with any other colours, since the
    colour parts only ever add."""
    if sec == BREAD:
        return (0, 0, 0, 0)
    if sec == MARIGOLD:
        return (0, 1, 0, 1)
    cols = [-1, -1, -1, -1]
    if sec == INCENSE:
        for u in COMPONENTS.boards[board].urns:
            cols[u.position] = u.colour
    spare = iter(c for c in COLOURS if c not in cols)
    return tuple(c if c >= 0 else next(spare) for c in cols)


@cache
def perfect_quads(sec: int, board: int) -> tuple[Quad, ...]:
    """Every way a section scores the cap on ``board``, no die wild: the values that can
    (with the best colours), then each colouring of them that does."""
    urns = COMPONENTS.boards[board].urns if sec == INCENSE else ()
    best = _best_colours(sec, board)
    out: list[Quad] = []
    for vals in product(VALUES, repeat=4):
        if section_score(sec, best, vals, urns) < CAP:
            continue
        for cols in product(COLOURS, repeat=4):
            if section_score(sec, cols, vals, urns) >= CAP:
                a, b, c, d = zip(cols, vals, strict=True)
                out.append((a, b, c, d))
    return tuple(out)


def _fits(quad: Quad, placed: Sequence[int]) -> bool:
    """The dice placed in a section's cells (-1 empty) are the plan's: same colour, same
    value (a calavera face, wild, takes any)."""
    for (c, v), d in zip(quad, placed, strict=True):
        if d >= 0 and (colour_of(d) != c or (face_of(d) != v and face_of(d) != CALAVERA)):
            return False
    return True


@lru_cache(maxsize=1 << 14)
def _plans(board: int, ofrenda: tuple[int, ...]) -> tuple[tuple[Quad, ...], ...]:
    """Each section's perfect quads that keep the dice placed on ``ofrenda``."""
    return tuple(
        tuple(q for q in perfect_quads(sec, board) if _fits(q, [ofrenda[c] for c in cells]))
        for sec, cells in enumerate(COMPONENTS.sections)
    )


def sections_can_reach_four(board: int, ofrenda: Sequence[int]) -> tuple[bool, ...]:
    """Which sections, each on its own, can still score the cap with the dice placed."""
    return tuple(bool(qs) for qs in _plans(board, tuple(ofrenda)))


def perfect_plan(
    board: int, ofrenda: Sequence[int], available: Counter[int] | None = None, payable: int | None = None
) -> dict[int, Cell] | None:
    """A whole perfect ofrenda (cell -> (colour, value)) that keeps the dice placed, or
    None. ``available``: the dice of each colour that can still come (None: any number);
    ``payable``: the cells the City can still pay for (None: all)."""
    placed = tuple(ofrenda)
    plans = _plans(board, placed)
    if not all(plans):
        return None
    if payable is not None and placed.count(-1) > payable:
        return None
    order = sorted(range(len(plans)), key=lambda s: len(plans[s]))  # the most constrained first
    chosen: dict[int, Cell] = {}
    need: Counter[int] = Counter()  # dice of each colour the empty cells chosen so far take

    def walk(k: int) -> bool:
        if k == len(order):
            return True
        sec = order[k]
        cells = COMPONENTS.sections[sec]
        for quad in plans[sec]:
            if any(c in chosen and chosen[c] != cell for c, cell in zip(cells, quad, strict=True)):
                continue
            new = [(c, cell) for c, cell in zip(cells, quad, strict=True) if c not in chosen]
            for c, cell in new:
                chosen[c] = cell
                if placed[c] < 0:
                    need[cell[0]] += 1
            if (available is None or all(need[col] <= available[col] for col in need)) and walk(k + 1):
                return True
            for c, cell in new:
                del chosen[c]
                if placed[c] < 0:
                    need[cell[0]] -= 1
        return False

    return dict(sorted(chosen.items())) if walk(0) else None


def still_perfect(st: DieOfTheDeadState, seat: int = 0) -> bool:
    """Solo: can this game still end on the perfect score? No token used or discarded, and
    a perfect plan of the seat's ofrenda that the dice still to come can fill (in or on a
    casket, in the City, on the preparation board, or drafted and not yet placed)."""
    if not st.solo or st.spent:
        return False  # a section scored below the most keeps its dice: they fit no plan
    from .heuristics import city_left

    available: Counter[int] = Counter()
    for dice in (*st.inside, *st.lid, st.prep[seat], [st.held] if st.held >= 0 else []):
        available.update(colour_of(d) for d in dice)
    for kind, n in enumerate(st.city):
        available[colour_of(kind_die(kind))] += n
    return _possible(
        st.board_of(seat), tuple(st.ofrenda[seat]), tuple(available[c] for c in COLOURS), city_left(st)
    )


@lru_cache(maxsize=1 << 16)
def _possible(board: int, ofrenda: tuple[int, ...], available: tuple[int, ...], payable: int) -> bool:
    """``perfect_plan`` answered once a position: a search asks again and again."""
    return perfect_plan(board, ofrenda, Counter(dict(enumerate(available))), payable) is not None
