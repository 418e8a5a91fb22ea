"""The typed shape of a view: what every game's ``view(seat)`` holds before its own part.

A game declares its view as a TypedDict extending :class:`BaseView` (``Game.view_type``);
its ``_view`` returns the game's part, typed, and ``encoding.py``, ``render.py`` and the
front end read that one shape. The server publishes it as JSON Schema
(``GET /api/games/{id}/view-schema``), and the tests check the front end against it.
"""

from __future__ import annotations

from typing import (
    Any,
    NotRequired,  # pydantic reads these on Python 3.11
)

from typing_extensions import TypedDict


class BaseView(TypedDict):
    """What the engine puts in every view (``State.view``)."""

    game: str
    players: int
    options: dict[str, Any]
    seat: int | None
    """The seat whose view this is; None for a spectator."""
    to_move: int | None
    over: bool
    turn: int
    """Decisions taken so far."""
    status: str
    legal: list[str]
    """The legal actions, only for the seat to move (empty otherwise)."""
    scores: NotRequired[list[float]]
    """Once the game is over."""
    winners: NotRequired[list[int]]
