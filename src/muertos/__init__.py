"""muertos: a digital table for five Día de los Muertos tabletop games.

    >>> import muertos
    >>> muertos.game_ids()[:1]
    ['ofrenda']
    >>> s = muertos.game("ofrenda").new(players=2, seed=7)
    >>> rec = muertos.play("ofrenda", seats=["random", "random"], seed=3)

The public face: :func:`game`, :func:`game_ids`, :func:`play`, :func:`agent`,
:class:`IllegalAction` and the other errors, :class:`MatchRecord`.
"""

import muertos.games  # noqa: F401  (registers every game)
from muertos.agents import agent
from muertos.engine import (
    CorruptState,
    Event,
    Game,
    IllegalAction,
    InvalidOptions,
    MuertosError,
    State,
    UnknownAgent,
    UnknownGame,
    game,
    game_ids,
)
from muertos.match import MatchRecord, play, seat_seed

__version__ = "0.1.0"

__all__ = [
    "CorruptState",
    "Event",
    "Game",
    "IllegalAction",
    "InvalidOptions",
    "MatchRecord",
    "MuertosError",
    "State",
    "UnknownAgent",
    "UnknownGame",
    "__version__",
    "agent",
    "game",
    "game_ids",
    "play",
    "seat_seed",
]
