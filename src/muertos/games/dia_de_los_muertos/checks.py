"""The skeleton race's integrity: every action and festivity card in exactly one place
(the census the conformance check compares), and the checks that refuse a corrupt saved
state."""

from __future__ import annotations

from typing import TYPE_CHECKING

from muertos.engine import CorruptState

from .components import BOARD, CARDS, DECK_SIZE, FEST_BAG, FEST_COPIES, FESTIVITY, GD_FINAL, GD_TRACK

if TYPE_CHECKING:
    from .rules import MuertosState


def census(s: MuertosState) -> dict[str, int]:
    """The action cards and festivity cards wherever they are (the dog's bag included)."""
    cards = (
        len(s.draw)
        + len(s.discard)
        + sum(map(len, s.hands))
        + sum(1 for x in s.lay if x >= 0)
        + sum(map(len, s.dens))
        + sum(1 for x in s.bag if x < FEST_BAG)
    )
    fest = (
        sum(s.stock)
        + sum(map(len, s.fest))
        + sum(map(len, s.den_fest))
        + sum(1 for x in s.bag if x >= FEST_BAG)
        + s.spare
    )
    return {"action_cards": cards, "festivity_cards": fest}


def validate(s: MuertosState) -> None:
    """Refuse a saved state whose lists, counts, cards or task list cannot be."""
    from .rules import DECISIONS  # the turn's own table (rules.py imports this module)

    n = s.players
    for name in ("pos", "arms", "legs", "home", "lay", "fest", "hands"):
        v = getattr(s, name)
        if not isinstance(v, list) or len(v) != n:
            raise CorruptState(f"{name} must be a list of {n} entries")
    if not all(isinstance(x, int) and 0 <= x <= BOARD.goal for x in s.pos):
        raise CorruptState("skeleton fields must be 0..32")
    if not all(x in (0, 1, 2) for x in s.arms + s.legs):
        raise CorruptState("a skeleton has 0, 1 or 2 arms and legs")
    c = s.census()
    if c["action_cards"] != DECK_SIZE:
        raise CorruptState(f"there must be {DECK_SIZE} action cards, found {c['action_cards']}")
    if c["festivity_cards"] != FEST_COPIES * len(FESTIVITY):
        raise CorruptState(f"there must be {FEST_COPIES * len(FESTIVITY)} festivity cards")
    all_cards = s.draw + s.discard + [x for h in s.hands for x in h] + [x for d in s.dens for x in d]
    if not all(isinstance(x, int) and 0 <= x < len(CARDS) for x in all_cards):
        raise CorruptState("unknown action card")
    if not isinstance(s.rebuilt, list) or len(s.rebuilt) > DECK_SIZE:
        raise CorruptState(f"rebuilt must be a list of at most {DECK_SIZE} action cards")
    if not all(isinstance(x, int) and 0 <= x < len(CARDS) for x in s.rebuilt):
        raise CorruptState("unknown action card in rebuilt")
    known = s.not_only_reaction
    if not isinstance(known, list) or len(known) != n or not all(isinstance(x, bool) for x in known):
        raise CorruptState(f"not_only_reaction must be a list of {n} booleans")
    if any(x and not s.hands[p] and s.lay[p] < 0 for p, x in enumerate(known)):
        raise CorruptState("not_only_reaction is set for a seat without cards")
    if not 0 <= s.gd < len(GD_TRACK) + len(GD_FINAL):
        raise CorruptState("bad gravedigger position")
    for t in s.stack:
        if not isinstance(t, list) or not t or not isinstance(t[0], str):
            raise CorruptState(f"bad task {t!r}")
        if t[0] not in DECISIONS and not hasattr(s, "_auto_" + t[0]):
            raise CorruptState(f"unknown task {t[0]!r}")
