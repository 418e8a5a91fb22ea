"""Section scoring, as printed beside each section of the ofrenda board.

A section is four dice read in the section's cell order. Each scoring part adds steps;
parts are cumulative and the total is capped at 4 (RULES). A die showing its calavera
is wild: it takes whichever value 1-6 gives the section its best score, chosen
independently in each section it belongs to (A-DD10); its colour stays its own.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product
from typing import TYPE_CHECKING

from muertos.engine import Category, Rating, State, TieRule

from .components import COMPONENTS, Urn

if TYPE_CHECKING:
    from .rules import DieOfTheDeadState

CANDLE, MARIGOLD, BREAD, INCENSE = range(4)
WILD = 0
"""Value given to a wild die in the lists these functions take."""
TOKEN_SET_STEPS = (0, 0, 0, 1, 2)
"""Steps a set of so many different tokens ascends (RULES: 3 different buy 1, 4 buy 2)."""


def bread(cols: Sequence[int], vals: Sequence[int]) -> int:
    """Same colour and total > 10: 2; total > 16: 1; total = 16: 2."""
    s = 0
    t = sum(vals)
    if t > 10 and cols[0] == cols[1] == cols[2] == cols[3]:
        s += 2
    if t > 16:
        s += 1
    elif t == 16:
        s += 2
    return s


def candle(cols: Sequence[int], vals: Sequence[int]) -> int:
    """All colours different and a pair of equal values: 2; three equal: 1; four equal: 1."""
    m = max(vals.count(v) for v in vals)
    s = 0
    if m >= 2 and len(set(cols)) == 4:
        s += 2
    if m >= 3:
        s += 1
    if m == 4:
        s += 1
    return s


def _run(vals: Sequence[int], start: int, length: int) -> bool:
    """Adjacent dice whose values climb or fall by exactly 1 each step (A-DD3)."""
    part = vals[start : start + length]
    if COMPONENTS.marigold_runs == "set":
        return len(set(part)) == length and max(part) - min(part) == length - 1
    diffs = {part[j + 1] - part[j] for j in range(length - 1)}
    return diffs in ({1}, {-1})


def marigold(cols: Sequence[int], vals: Sequence[int]) -> int:
    """Alternating pair of colours and two adjacent consecutive values: 2; a run of three: 1;
    a run of four: 1. 1 and 6 are not consecutive (|1-6| is 5, so no special case)."""
    s = 0
    if (
        cols[0] == cols[2]
        and cols[1] == cols[3]
        and cols[0] != cols[1]
        and any(abs(vals[i + 1] - vals[i]) == 1 for i in range(3))
    ):
        s += 2
    if _run(vals, 0, 3) or _run(vals, 1, 3):
        s += 1
    if _run(vals, 0, 4):
        s += 1
    return s


def incense(cols: Sequence[int], vals: Sequence[int], urns: Sequence[Urn]) -> int:
    """All colours and all values different: 2; each urn holding its printed die: 1."""
    s = 0
    if len(set(cols)) == 4 and len(set(vals)) == 4:
        s += 2
    for u in urns:
        if cols[u.position] == u.colour and vals[u.position] == u.value:
            s += 1
    return s


def section_score(item: int, cols: Sequence[int], vals: Sequence[int], urns: Sequence[Urn] = ()) -> int:
    """Steps a complete section ascends: the best over the values of its wild dice, capped."""
    cap = COMPONENTS.max_per_section
    wild = [i for i, v in enumerate(vals) if v == WILD]
    best = 0
    for choice in product(range(1, 7), repeat=len(wild)):
        vs = list(vals)
        for i, v in zip(wild, choice, strict=True):
            vs[i] = v
        if item == BREAD:
            s = bread(cols, vs)
        elif item == CANDLE:
            s = candle(cols, vs)
        elif item == MARIGOLD:
            s = marigold(cols, vs)
        else:
            s = incense(cols, vs, urns)
        if s > best:
            best = s
            if best >= cap:
                return cap
    return best


# ------------------------------------------------------------------ the final result
CATEGORY_LABELS = {
    "candle_section": "Candle section",
    "marigold_section": "Marigold section",
    "bread_section": "Bread section",
    "incense_section": "Incense section",
    "other_steps": "Token sets and empty caskets",
}
"""The score sheet's rows: steps from each section (in item order), then the rest."""

SECTION_KEYS = ("candle_section", "marigold_section", "bread_section", "incense_section")
"""Row key of each section, by item index (``CANDLE``, ``MARIGOLD``, ``BREAD``, ``INCENSE``)."""

RATING_LABELS = {"perfect": "A perfect score", "good": "A good score", "below_good": "Below a good score"}


def section_steps(s: DieOfTheDeadState, seat: int) -> list[int]:
    """Steps each scored section gave ``seat``, as they were when it scored
    (``scored_steps``: a calavera may turn a scored section's die later)."""
    return list(s.scored_steps[seat])


def categories(s: DieOfTheDeadState, seat: int) -> list[Category]:
    """Steps by section, and the steps from anywhere else: token sets and empty-casket
    ascensions, which the state does not tell apart (the step total is all it keeps)."""
    by_section = section_steps(s, seat)
    rows = [*zip(SECTION_KEYS, by_section, strict=True), ("other_steps", s.steps[seat] - sum(by_section))]
    return [Category(k, CATEGORY_LABELS[k], v) for k, v in rows]


def tie_breaks(s: DieOfTheDeadState) -> list[TieRule]:
    """RULES: most tokens in hand (``winners``)."""
    return [TieRule("tokens_in_hand", "most tokens in hand", tuple(sum(h) for h in s.hands))]


def solo_tier(steps: int) -> str:
    """RULES: the solo tier of ``steps`` ascended (a ``RATING_LABELS`` key)."""
    if steps >= COMPONENTS.solo_perfect:
        return "perfect"
    if steps >= COMPONENTS.solo_good:
        return "good"
    return "below_good"


def solo_rating(s: DieOfTheDeadState) -> Rating | None:
    """RULES: 18 steps is a perfect score, 12 a good one (``solo_tier``)."""
    if not s.solo:
        return None
    t = s.steps[0]
    key = solo_tier(t)
    text = f"{t} steps: {COMPONENTS.solo_perfect} is perfect, {COMPONENTS.solo_good} is good."
    return Rating(key, RATING_LABELS[key], text)


def stats(s: DieOfTheDeadState) -> dict[str, float | int | str]:
    """Per-player averages for designers: steps from each section type (``section_steps``),
    from other sources (token sets, ...), and sections scored."""
    out = State.stats(s)
    n = s.players
    out["rounds"] = s.round
    out["steps"] = sum(s.steps) / n
    by_seat = [section_steps(s, p) for p in range(n)]
    for sec, name in enumerate(COMPONENTS.item_names):
        out[f"steps_{name.lower()}"] = sum(b[sec] for b in by_seat) / n
    out["steps_other"] = (sum(s.steps) - sum(map(sum, by_seat))) / n
    out["sections_scored"] = sum(map(sum, s.scored)) / n
    return out
