"""Final scoring (rulebook, "Fin de juego y puntuación"; B-P11).

An altar is a list of 9 card ids by slot (``0`` = empty): slots 0–3 are the base,
4–6 the second level, 7–8 the top. Each level scores its best choice of object types
(3 types at 1 point per icon on the base, 2 at 2 points on level 2, 1 at 3 points on
top), chosen independently per level (A-P12), then the three objectives,
then −5 for a flipped player card.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from muertos.engine import Category, State, TieRule
from muertos.engine.memo import Memo

from .components import COMPONENTS as C
from .components import Objective

if TYPE_CHECKING:
    from .rules import PatzcuaroState

LEVEL_SLOTS: tuple[tuple[int, ...], ...] = ((0, 1, 2, 3), (4, 5, 6), (7, 8))
"""The altar's slots level by level, base first."""

N_OBJECTS = len(C.objects)
N_COLOURS = len(C.colours)

CARD_COUNTS: tuple[tuple[int, ...], ...] = tuple(
    tuple(card.objects.count(o) for o in range(N_OBJECTS)) for card in C.cards
)
"""Per card id: how many icons of each object type it shows."""

CARD_COLOUR: tuple[int, ...] = tuple(card.colour for card in C.cards)
CARD_ICONS: tuple[int, ...] = tuple(len(card.objects) for card in C.cards)


def level_counts(altar: list[int], level: int) -> list[int]:
    """Icons of each object type on one level."""
    counts = [0] * N_OBJECTS
    for slot in LEVEL_SLOTS[level]:
        cid = altar[slot]
        if cid:
            for o, n in enumerate(CARD_COUNTS[cid]):
                counts[o] += n
    return counts


def level_score(altar: list[int], level: int) -> int:
    """The level's points with the best choice of object types for the player."""
    best = sorted(level_counts(altar, level), reverse=True)[: C.level_choose[level]]
    return sum(best) * C.level_points[level]


def objective_score(obj: Objective, altar: list[int]) -> int:
    """The points one objective card gives this altar (objectives are not races)."""
    cards = [c for c in altar if c]
    if obj.petal == 1:
        # Sets of the 3 objects, counting icons over the whole altar (A-P13).
        totals = [0] * N_OBJECTS
        for c in cards:
            for o, n in enumerate(CARD_COUNTS[c]):
                totals[o] += n
        return C.set_points * min(totals[o] for o in obj.objects)
    if obj.petal == 2:
        by_colour = [0] * N_COLOURS
        for c in cards:
            by_colour[CARD_COLOUR[c]] += 1
        if obj.kind == "sets":  # A: each card in one set only
            return obj.points * min(by_colour[x] for x in obj.colours)
        if obj.kind == "per_colour":  # B: −3 per yellow card
            return obj.points * sum(by_colour[x] for x in obj.colours)
        # C: +8 when the altar has no yellow card
        return obj.points if not any(by_colour[x] for x in obj.colours) else 0
    # 3 petals: levels holding a card of the colour and a card with the object (one card may do both).
    met = 0
    for slots in LEVEL_SLOTS:
        level = [altar[s] for s in slots if altar[s]]
        if any(CARD_COLOUR[c] == obj.colour for c in level) and any(
            CARD_COUNTS[c][obj.object] for c in level
        ):
            met += 1
    return C.petal3_points[met]


def breakdown(altar: list[int], objectives: list[str], flipped: bool) -> dict[str, int]:
    """Each part of a player's score, and the total."""
    parts = {f"level {lv + 1}": level_score(altar, lv) for lv in range(3)}
    for oid in objectives:
        parts[oid] = objective_score(C.objectives[oid], altar)
    parts["flip"] = -C.flip_penalty if flipped else 0
    parts["total"] = sum(parts.values())
    return parts


_TOTALS: Memo[tuple[tuple[int, ...], tuple[str, ...], bool], int] = Memo(1 << 14)
"""``total`` by what it reads: the bots judge the end of a game again and again (each last
card tried, then the winner), the same altars each time."""


def total(altar: list[int], objectives: list[str], flipped: bool) -> int:
    """A player's score."""
    key = (tuple(altar), tuple(objectives), flipped)
    got = _TOTALS.get(key)
    if got is None:
        got = _TOTALS.keep(key, breakdown(altar, objectives, flipped)["total"])
    return got


def objects_on(altar: list[int]) -> int:
    """Object icons on the altar: the first tie-break (fewest wins)."""
    return sum(CARD_ICONS[c] for c in altar if c)


def stats(s: PatzcuaroState) -> dict[str, float | int | str]:
    """Designer figures: turns taken, how the game ended, flips, altar sizes."""
    out = State.stats(s)
    turns = sum(1 for a in s.history if a.startswith("move"))
    out["turns"] = turns
    out["rounds"] = -(-turns // s.players)
    if s.over:
        out["end"] = s.ended_by
    out["flips"] = sum(s.flipped)
    out["altar_cards"] = sum(1 for a in s.altars for c in a if c) / s.players
    out["deck_left"] = len(s.deck)
    return out


# ------------------------------------------------------------------ the final result
CATEGORY_LABELS = {
    "level_1": "Altar base",
    "level_2": "Altar second level",
    "level_3": "Altar top",
    "objective_1": "1-petal objective",
    "objective_2": "2-petal objective",
    "objective_3": "3-petal objective",
    "flip": "Flipped player card",
}
"""The score sheet's rows: the rulebook's order of scoring (B-P11); the objectives are
one of each petal type, so a row per petal type names them in every game."""


def categories(s: PatzcuaroState, seat: int) -> list[Category]:
    """One seat's rows of ``breakdown``, whose total ``scores`` gives."""
    parts = breakdown(s.altars[seat], s.objectives, s.flipped[seat])
    rows = [(f"level_{lv + 1}", parts[f"level {lv + 1}"]) for lv in range(len(LEVEL_SLOTS))]
    rows += [(f"objective_{C.objectives[oid].petal}", parts[oid]) for oid in s.objectives]
    rows.append(("flip", parts["flip"]))
    return [Category(k, CATEGORY_LABELS[k], v) for k, v in rows]


def tie_breaks(s: PatzcuaroState) -> list[TieRule]:
    """A-P17: fewest objects on the altar, then the seat latest in turn order (``winners``)."""
    return [
        TieRule("fewest_objects", "fewest objects on the altar", tuple(-objects_on(a) for a in s.altars)),
        TieRule("turn_order", "the latest place in turn order", tuple(range(s.players))),
    ]
