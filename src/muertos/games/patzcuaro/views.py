"""What a seat (or a spectator) may know of the Pátzcuaro table: the view's shape, the
view, and the redraw of everything else for a bot's determinization."""

from __future__ import annotations

from typing_extensions import TypedDict

from muertos.engine.views import BaseView


class PatzcuaroTable(TypedDict):
    """Pátzcuaro's part of a view (``PatzcuaroState._view``). Seats are 0-based; cards are
    their numbers 1–56; spaces of the track are indexed from 0 clockwise."""

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
