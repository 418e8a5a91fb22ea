"""What a seat (or a spectator) may know of the Die of the Dead table: the view's shape and
the view. Only the setup dice of 2-4 players are hidden while they are put "simultaneously"
(A-DD22): a seat sees its own, and of the others how many they have put; their supplies
still count them. Everything else (tokens, supplies, the caskets' dice) is public and only
future rolls are unknown, so outside the setup every seat's view is the same."""

from __future__ import annotations

from typing import TYPE_CHECKING, NotRequired  # pydantic reads NotRequired on Python 3.11

from typing_extensions import TypedDict

from muertos.engine.views import BaseView

from .components import COMPONENTS as C
from .notation import COLOURS, ITEM_NAMES, KINDS, die_str, kind_str
from .scoring import INCENSE

if TYPE_CHECKING:
    from .rules import DieOfTheDeadState

NSTEPS = C.step_count
SQUARE_LETTERS = "abcdefgh"[: len(C.squares[0])]


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


HIDDEN = "?"
"""A setup die another seat has put in secret, as a view shows it."""


class Seat(TypedDict):
    """One player's ofrenda board, supply and race position (public but for the setup dice
    put in secret)."""

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
    """Dice in supply by kind (colour and ``*``), only kinds held. While the setup dice are
    put in secret, the viewer's own without the dice it has put; another seat's with them
    (which they are is hidden)."""
    setup_dice: list[str]
    """While the setup dice are put in secret: the dice this seat has put into caskets 1,
    2, ... in order, by kind (``g``), or ``?`` each where the viewer may not see them;
    empty otherwise."""
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
    ``bonus``, ``remove``, ``rest``, ``land``, ``score``, ``discard`` or ``over``."""
    round: int
    starter: int
    """The seat holding the Round Starter (-1 before the start roll, during the setup)."""
    caskets: list[Casket]
    open_casket: int | None
    """The 1-based position of the casket opened this round, if one is."""
    city: dict[str, int]
    """Dice in the City of the Dead by kind, only kinds present."""
    seats: list[Seat]
    held: str | None
    """A die in hand, between taking it and placing it."""
    rating: NotRequired[str]
    """Solo: the rulebook's rating of the score so far."""
    tokens_out_of_game: NotRequired[int]
    """Solo: item tokens spent out of the game."""
    end: NotRequired[str]
    """Once over: why the game ended."""


class DieOfTheDeadView(BaseView, DieOfTheDeadTable):
    """A whole Die of the Dead view: the engine's part and the game's."""


def casket_view(s: DieOfTheDeadState, p: int) -> Casket:
    return {
        "position": p + 1,
        "item": ITEM_NAMES[s.items[p]],
        "open": p == s.open,
        "inside": [die_str(d) for d in sorted(s.inside[p])],
        "lid": [die_str(d) for d in sorted(s.lid[p])],
        "tokens": s.boards[s.items[p]],
    }


def seat_view(s: DieOfTheDeadState, i: int, viewer: int | None = None) -> Seat:
    """Seat ``i`` as ``viewer`` sees it (``None``: a spectator)."""
    urns = C.boards[s.board_of(i)].urns
    t = s.steps[i]
    supply = s.supply[i]
    put = s.puts[i]
    if i == viewer and put:
        supply = [x - put.count(k) for k, x in enumerate(supply)]
    return {
        "colour": C.colour_names[i],
        "steps": t,
        "die_face": 1 + t // NSTEPS,
        "step": t % NSTEPS,
        "square": SQUARE_LETTERS[s.square[i]] if s.square[i] >= 0 else None,
        "tokens": {ITEM_NAMES[x]: s.hands[i][x] for x in range(4)},
        "supply": {kind_str(k): supply[k] for k in KINDS if supply[k]},
        "setup_dice": [kind_str(k) for k in put] if i == viewer else [HIDDEN] * len(put),
        "prep": [die_str(d) for d in sorted(s.prep[i])],
        "ofrenda": [die_str(d) if d >= 0 else None for d in s.ofrenda[i]],
        "sections": {
            ITEM_NAMES[x]: "scored" if s.scored[i][x] else "complete" if s._complete(i, x) else "open"
            for x in range(4)
        },
        "urns": [
            {"cell": C.sections[INCENSE][u.position] + 1, "die": f"{COLOURS[u.colour]}{u.value}"}
            for u in urns
        ],
    }


def view(s: DieOfTheDeadState, seat: int | None) -> DieOfTheDeadTable:
    """The table as ``seat`` sees it: the same for every seat and spectators but for the
    setup dice put in secret."""
    v: DieOfTheDeadTable = {
        "phase": s.phase,
        "round": s.round,
        "starter": s.starter,
        "caskets": [casket_view(s, p) for p in range(C.caskets)],
        "open_casket": s.open + 1 if s.open >= 0 else None,
        "city": {kind_str(k): s.city[k] for k in KINDS if s.city[k]},
        "seats": [seat_view(s, i, seat) for i in range(s.players)],
        "held": die_str(s.held) if s.held >= 0 else None,
    }
    if s.solo:
        v["rating"] = s._rating()
        v["tokens_out_of_game"] = s.spent
    if s.phase == "over":
        v["end"] = s.end
    return v
