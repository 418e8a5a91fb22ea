"""What a seat (or a spectator) may know of the Ofrenda table: the view's shape, the view,
and the redraw of everything else for a bot's determinization."""

from __future__ import annotations

from typing import NotRequired  # pydantic reads it on Python 3.11

from typing_extensions import TypedDict

from muertos.engine.views import BaseView


class MarketSpace(TypedDict):
    """A space of the market: its portrait (None once taken and not refilled) and the
    marigolds piled on it."""

    portrait: str | None
    marigolds: int


class Placed(TypedDict):
    """A portrait on an Ofrenda slot, and whether it is lit."""

    portrait: str
    lit: bool


class CandleToken(TypedDict):
    """A candle on a token space of an Ofrenda, and whether its objective holds light."""

    candle: str
    lit: bool


class GoalToken(TypedDict):
    """A common goal a seat has claimed, and the token's value."""

    goal: str
    value: int


class Score(TypedDict):
    """Points of one seat by source, as its Ofrenda stands (final once over)."""

    portraits: int
    marigolds: int
    candles: int
    goals: int
    total: int


class Family(TypedDict):
    """One seat's Family board: its Ofrenda, supplies and what the table knows of its hand."""

    turns: int
    """Turns taken."""
    marigolds: int
    """Marigolds in supply."""
    candles: list[str]
    """Candles stored, waiting to be placed."""
    hand: list[str]
    """Its own hand for the viewer; for another seat only the portraits taken openly."""
    hand_hidden: int
    """Portraits of the hand the viewer cannot see (dealt face down)."""
    discards: list[str]
    ofrenda: dict[str, Placed | None]
    """By slot (``S1``–``S12``)."""
    tokens: dict[str, CandleToken | str | None]
    """By token space (``J1``–``J12``): a candle, ``"marigold"``, or None if empty."""
    goal_tokens: list[GoalToken]
    lit_portraits: int
    score: Score


class Goal(TypedDict):
    """A common goal in play and its stack of tokens (the next one to claim first)."""

    goal: str
    stack: list[int]


class DeckTop(TypedDict):
    """The back of the deck's top card, shown with the ``reveal_top`` option."""

    colour: str
    offering: str


class Tier(TypedDict):
    """Solo: the rulebook's tier for the score."""

    range: str
    low: int
    high: int
    text: str


class OfrendaTable(TypedDict):
    """Ofrenda's part of a view (``OfrendaState._view``). Seats are 0-based."""

    phase: str
    """The step of the turn: ``take``, ``candle``, ``play``, ``token`` or ``over``."""
    market: list[MarketSpace]
    market_candles: list[str | None]
    """The candles on offer at the market (None once the bag could not refill a space)."""
    deck: int
    """Portraits left in the deck."""
    bag: int
    """Candles left in the bag."""
    taken_space: int | None
    """The market space (1-based) of the portrait taken this turn, if one was."""
    pending: list[str]
    """Token spaces surrounded this turn, still to fill."""
    seats: list[Family]
    deck_top: NotRequired[DeckTop]
    """With the ``reveal_top`` option, while the deck has cards."""
    goals: NotRequired[list[Goal]]
    """With the ``common_goals`` option."""
    removed: NotRequired[int]
    """Solo: portraits put back in the box."""
    abuela_discards: NotRequired[list[str]]
    """Solo: the portraits Abuela has discarded."""
    abuela_candles: NotRequired[list[str]]
    """Solo: the candles Abuela has taken."""
    tier: NotRequired[Tier]
    """Solo: the rulebook's tier for the score so far (final once over)."""


class OfrendaView(BaseView, OfrendaTable):
    """A whole Ofrenda view: the engine's part and the game's."""
