"""What a seat (or a spectator) may know of the Pátzcuaro table: the view's shape, the
view, and the redraw of everything else for a bot's determinization."""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

from typing_extensions import TypedDict

from muertos.engine import Rng
from muertos.engine.views import BaseView

if TYPE_CHECKING:
    from .rules import PatzcuaroState


class PatzcuaroTable(TypedDict):
    """Pátzcuaro's part of a view (``PatzcuaroState._view``). Seats are 0-based; cards are
    their numbers 1–57; spaces of the track are indexed from 0 clockwise."""

    tiles: list[str]
    """The shop tiles in play, in row order (``"T3B"``: tile 3, side B)."""
    removed_tile: str | None
    """With 2 players the fourth tile, back in the box; None otherwise."""
    track: list[str]
    """The label of each space of the track, in order."""
    stacks: list[list[int]]
    """The cards face up on each space, bottom first (the top card is the last)."""
    positions: list[int]
    """Each seat's space; -1 in the start area."""
    deck: int
    """Cards left face down in the deck."""
    hands: list[list[int] | int]
    """The viewer's own hand; the number of cards for every other seat."""
    known: list[list[int]]
    """Cards each hand is publicly known to hold (taken from a space in view of all)."""
    altars: list[list[int]]
    """Each seat's altar, nine slots (1a–1d, 2a–2c, 3a–3b); 0 where a slot is empty."""
    flipped: list[bool]
    """Whether each seat has flipped its player card (once a game)."""
    objectives: list[str]
    """The objective cards in play."""
    active: int
    """The seat whose turn it is."""
    phase: str
    """``move``, ``act`` (the space's actions), ``last`` (last altar cards) or ``over``."""
    step: int
    """Index of the current action of the space the active seat stands on."""
    offered: list[int]
    """Cards revealed so far in the trade under way."""
    final: list[int]
    """After the end is triggered: the seats still to add their last altar card, in order."""


class PatzcuaroView(BaseView, PatzcuaroTable):
    """A whole Pátzcuaro view: the engine's part and the game's."""


def view(s: PatzcuaroState, seat: int | None) -> PatzcuaroTable:
    n = s.shop_count
    return {
        "tiles": s.tiles[:n],
        "removed_tile": s.tiles[n] if n < len(s.tiles) else None,
        "track": [s.space_label(i) for i in range(len(s.stacks))],
        "stacks": [list(stack) for stack in s.stacks],
        "positions": list(s.pos),
        "deck": len(s.deck),
        "hands": [list(h) if i == seat else len(h) for i, h in enumerate(s.hands)],
        "known": [list(k) for k in s.known],
        "altars": [list(a) for a in s.altars],
        "flipped": list(s.flipped),
        "objectives": list(s.objectives),
        "active": s.turn,
        "phase": s.phase,
        "step": s.step,
        "offered": list(s.offered),
        "final": list(s.final),
    }


def redraw_hidden(s: PatzcuaroState, seat: int | None, rng: Rng) -> None:
    """Redraw the deck order and every card of the other hands not publicly known.

    One thing more is known about the active player's hand: a flipped player only
    stops where the trade can be met, and a trade under way with several icons can be
    finished. Redraws breaking that are refused (a few tries), then one is built.
    """
    hidden = [i for i in range(s.players) if i != seat]
    pool = sorted(s.deck + [c for i in hidden for c in s.hands[i] if c not in s.known[i]])
    unknown = {i: len(s.hands[i]) - len(s.known[i]) for i in hidden}
    check = s._hand_check() if s.turn in hidden else None
    for _ in range(20):
        rest = list(pool)
        rng.shuffle(rest)
        hands = {i: sorted(s.known[i] + [rest.pop() for _ in range(unknown[i])]) for i in hidden}
        if check is None or check(hands[s.turn]):
            break
    else:
        assert check is not None
        me = s.turn
        known = s.known[me]
        sets: list[tuple[int, ...]] = []
        for r in range(1, unknown[me] + 1):
            sets = [c for c in combinations(pool, r) if check(sorted(known + list(c)))]
            if sets:
                break
        chosen = rng.choice(sets)
        rest = [c for c in pool if c not in chosen]
        rng.shuffle(rest)
        hands = {me: sorted(known + list(chosen) + [rest.pop() for _ in range(unknown[me] - len(chosen))])}
        for i in hidden:
            if i != me:
                hands[i] = sorted(s.known[i] + [rest.pop() for _ in range(unknown[i])])
    for i in hidden:
        s.hands[i] = hands[i]
    s.deck = rest
