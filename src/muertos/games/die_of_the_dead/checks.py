"""Die of the Dead's integrity: every die and token in exactly one place (the census the
conformance check compares), and the checks that refuse a corrupt saved state."""

from __future__ import annotations

from itertools import chain
from typing import TYPE_CHECKING

from muertos.engine import CorruptState

from .components import COMPONENTS as C
from .notation import KINDS, kind_str

if TYPE_CHECKING:
    from .rules import DieOfTheDeadState

CENSUS_KEYS = [f"dice {kind_str(k)}" for k in KINDS]

PHASE_ORDER = (
    "put",
    "fill",
    "open",
    "act",
    "hold",
    "pay",
    "gain",
    "remove",
    "rest",
    "score",
    "land",
    "bonus",
    "discard",
    "over",
)
"""Every phase a state may be in, in the order the RL observation lists them
(``encoding.PHASES``: all but ``over``)."""
PHASES = frozenset(PHASE_ORDER)


def census(s: DieOfTheDeadState) -> dict[str, int]:
    counts = [*s.city, 0]  # slot 10 soaks up empty cells: -1 >> 3 == -1
    for k, x in enumerate(s.removed):
        counts[k] += x
    for p in range(s.players):
        counts[2 * p] += 1  # the scoring die
        for k, x in enumerate(s.supply[p]):
            counts[k] += x
    for dice in chain(s.prep, s.ofrenda, s.inside, s.lid):
        for d in dice:
            counts[d >> 3] += 1  # d >> 3 is the die's kind
    counts[s.held >> 3] += 1
    out = dict(zip(CENSUS_KEYS, counts, strict=False))
    out["tokens"] = sum(s.boards) + sum(map(sum, s.hands)) + s.spent
    return out


def validate(s: DieOfTheDeadState) -> None:
    n = s.players
    if s.phase not in PHASES:
        raise CorruptState(f"unknown phase {s.phase!r}")
    if sorted(s.items) != [0, 1, 2, 3]:
        raise CorruptState("the four token boards must be one of each item")
    for name, val in (("hands", s.hands), ("prep", s.prep), ("ofrenda", s.ofrenda)):
        if len(val) != n:
            raise CorruptState(f"{name} must have one entry per player")
    if any(len(o) != C.cells for o in s.ofrenda) or any(len(p) > C.prep_spaces for p in s.prep):
        raise CorruptState("an ofrenda has 12 cells and a preparation board 3 spaces")
    if any(x < 0 for row in s.hands for x in row) or any(sum(h) > C.hand_limit for h in s.hands):
        raise CorruptState("a hand holds 0 to 4 tokens")
    cen = census(s)
    normal = C.dice_per_colour - C.power_per_colour
    for k in KINDS:
        want = C.power_per_colour if k & 1 else normal
        if cen[f"dice {kind_str(k)}"] != want:
            raise CorruptState(f"there must be {want} {kind_str(k)} dice, found {cen[f'dice {kind_str(k)}']}")
    tokens = 4 * (C.solo_tokens_per_type if n == 1 else C.tokens_per_type)
    if cen["tokens"] != tokens:
        raise CorruptState(f"there must be {tokens} tokens, found {cen['tokens']}")
    if s.phase != "over" and not 0 <= s.actor < n:
        raise CorruptState(f"no seat {s.actor} to move")
    if len(s.scored) != n or len(s.scored_steps) != n:
        raise CorruptState("scored and scored_steps must have one entry per player")
    for i in range(n):
        flags, got = s.scored[i], s.scored_steps[i]
        if len(flags) != 4 or len(got) != 4 or any(x not in (0, 1) for x in flags):
            raise CorruptState(f"player {i + 1}'s scored sections: four flags and four step counts")
        if any(not 0 <= k <= C.max_per_section or (k and not f) for f, k in zip(flags, got, strict=True)):
            raise CorruptState(f"player {i + 1}: a section gives 0 to {C.max_per_section} steps, once scored")
        if sum(got) > s.steps[i]:
            raise CorruptState(f"player {i + 1} has climbed fewer steps than its scored sections gave")
    if len(s.puts) != n or any(len(p) > C.caskets for p in s.puts):
        raise CorruptState("the setup dice put in secret: one list of at most 4 per player")
    for i, put in enumerate(s.puts):
        if put and s.phase != "put":
            raise CorruptState("setup dice are put in secret only during the setup")
        if any(k not in KINDS or k % 2 or put.count(k) > s.supply[i][k] for k in put):
            raise CorruptState(f"player {i + 1} has put setup dice in secret that its supply does not hold")
