"""What a seat (or a spectator) may know of the Die of the Dead table: the view's shape, the
view, and the redraw of everything else for a bot's determinization."""

from __future__ import annotations

from typing import NotRequired  # pydantic reads it on Python 3.11

from typing_extensions import TypedDict

from muertos.engine.views import BaseView


class Casket(TypedDict):
    """One of the caskets in the middle of the table. Dice are written colour and face
    (``r5``, ``p1``; ``x*`` for a die whose face does not matter)."""

    position: int
    """1-based, in the order the caskets lie."""
    item: str
    """The item it holds tokens of: ``Marigold``, ``Incense``, ``Candle`` or ``Bread``."""
    open: bool
    """Whether it is the casket opened this round."""
    inside: list[str]
    """The dice inside it."""
    lid: list[str]
    """The dice on its lid."""
    tokens: int
    """Item tokens left on its board."""


class Urn(TypedDict):
    """An urn of an ofrenda board: the Incense cell it is on (1-based) and the die it asks for."""

    cell: int
    die: str


class Seat(TypedDict):
    """One player's ofrenda board, supply and race position (all public)."""

    colour: str
    steps: int
    """Steps taken on the race track in all."""
    die_face: int
    """The face of the player's race die (1 + steps // steps per face)."""
    step: int
    """Steps taken on the die's current face."""
    square: str | None
    """The square of the round track the player stands on, if any."""
    tokens: dict[str, int]
    """Item tokens held, by item."""
    supply: dict[str, int]
    """Dice in supply by kind (colour and ``*``), only kinds held."""
    prep: list[str]
    """Dice in the preparation area."""
    ofrenda: list[str | None]
    """The ofrenda's cells in order: the die on each, None if empty."""
    sections: dict[str, str]
    """By item: ``open``, ``complete`` (not yet scored) or ``scored``."""
    urns: list[Urn]


class DieOfTheDeadTable(TypedDict):
    """Die of the Dead's part of a view (``DieOfTheDeadState._view``). Seats are 0-based."""

    phase: str
    """The step of the round: ``fill``, ``put``, ``open``, ``act``, ``hold``, ``pay``, ``gain``,
    ``bonus``, ``remove``, ``land``, ``score``, ``discard`` or ``over``."""
    round: int
    starter: int
    """The seat holding the Round Starter."""
    caskets: list[Casket]
    open_casket: int | None
    """The 1-based position of the casket opened this round, if one is."""
    city: dict[str, int]
    """Dice in the City of the Dead by kind, only kinds present."""
    seats: list[Seat]
    held: str | None
    """A die in hand, between taking it and placing it."""
    idle_rounds: int
    """Rounds in a row in which no die reached any ofrenda (the safety stop counts them)."""
    rating: NotRequired[str]
    """Solo: the rulebook's rating of the score so far."""
    tokens_out_of_game: NotRequired[int]
    """Solo: item tokens spent out of the game."""
    end: NotRequired[str]
    """Once over: why the game ended."""


class DieOfTheDeadView(BaseView, DieOfTheDeadTable):
    """A whole Die of the Dead view: the engine's part and the game's."""
