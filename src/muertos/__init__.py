"""muertos: a digital table for five Día de los Muertos tabletop games.

    >>> import muertos
    >>> muertos.games()[:1]
    ['ofrenda']
    >>> s = muertos.game("ofrenda").new(players=2, seed=7)
    >>> rec = muertos.play("ofrenda", seats=["random", "random"], seed=3)

The public face: :func:`game`, :func:`games`, :func:`play`, :func:`agent`,
:class:`IllegalAction` and the other errors, :class:`MatchRecord`.
"""

# Import the games package before binding the function ``games``: a submodule's first
# import sets it as an attribute of its parent and would shadow ``muertos.games()``.
import muertos.games as _games_package  # noqa: F401
from muertos.agents import agent
from muertos.engine import (
    CorruptState,
    Event,
    Game,
    IllegalAction,
    InvalidOptions,
    MatchRecord,
    MuertosError,
    State,
    UnknownAgent,
    UnknownGame,
    game,
    games,
    play,
)

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
    "games",
    "play",
]
