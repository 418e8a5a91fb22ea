"""What a seat (or a spectator) may know of the skeleton race: the view's shape, the view,
and the redraw of everything else for a bot's determinization."""

from __future__ import annotations

from typing import NotRequired  # pydantic reads it on Python 3.11

from typing_extensions import TypedDict

from muertos.engine.views import BaseView


class LaidBack(TypedDict):
    """Another player's face-down laid card: only the movement value on its back shows."""

    back: int


class Skeleton(TypedDict):
    """One player's skeleton and what the table sees of that player."""

    field: int
    """The field it stands on (0: the start)."""
    arms: int
    legs: int
    festivity: list[str]
    """Festivity cards collected (``dance``, ``music``, ``banquet``)."""
    home: int
    """Its place on arriving at the goal (1st, 2nd, …); 0 while still racing."""
    hand_backs: list[int]
    """The movement values on the backs of the hand's cards, sorted (public)."""
    hand: NotRequired[list[str]]
    """The hand itself: only in the view of its own seat."""
    laid: str | LaidBack | None
    """This round's laid card: its name for its own seat, its back for the others; None if none."""


class HidingPlace(TypedDict):
    """What lies buried at a hiding place, open to all."""

    bones: list[str]
    festivity: list[str]


class MuertosTable(TypedDict):
    """The skeleton race's part of a view (``MuertosState._view``). Seats are 0-based,
    fields numbered as on the board."""

    round: int
    order: list[int]
    """The seats in this round's playing order."""
    skeletons: list[Skeleton]
    dog: int
    """The field the dog stands on."""
    gravedigger: int
    """The field the gravedigger stands on."""
    gravedigger_steps: int
    """The gravedigger's progress: 0–5 along his track, 6 and more once he stays on a final field."""
    lane_open: bool
    """Whether the red lane may be entered (the gravedigger has left it)."""
    festivity_stock: dict[str, int]
    """Festivity cards left in the stock, by kind."""
    hiding_places: dict[str, HidingPlace]
    """By field number (as text, a JSON key)."""
    draw_pile: int
    discard_pile: list[str]
    dog_carries: list[str]
    """What the dog carries in its mouth (bones and festivity cards)."""
    movement: list[int] | None
    """The movement being played, while one is: seat, card value, points, walked, dog walked,
    steps, dog steps, holder, penalty; None otherwise."""


class MuertosView(BaseView, MuertosTable):
    """A whole skeleton-race view: the engine's part and the game's."""
