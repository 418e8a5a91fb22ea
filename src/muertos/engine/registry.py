"""The games by id. Nothing here names a game or looks for one: ``muertos.games``
registers each game explicitly, so the engine imports nothing above it."""

from __future__ import annotations

from .errors import UnknownGame
from .game import Game

_GAMES: dict[str, Game] = {}


def register(*games: Game) -> None:
    """Make games known by id, in the lobby's order (``Game.order``, then id)."""
    for g in games:
        known = _GAMES.get(g.id)
        if known is not None and known is not g:
            raise ValueError(f"two games with the id {g.id!r}")
        _GAMES[g.id] = g
    ordered = sorted(_GAMES.values(), key=lambda g: (g.order, g.id))
    _GAMES.clear()
    _GAMES.update((g.id, g) for g in ordered)


def game_ids() -> list[str]:
    """The ids of every game, in the lobby's order."""
    return list(_GAMES)


def game(game_id: str) -> Game:
    """The game with that id (``"ofrenda"``, ``"die-of-the-dead"``, …)."""
    key = game_id.strip().lower().replace("_", "-") if isinstance(game_id, str) else game_id
    if key not in _GAMES:
        raise UnknownGame(f"no game {game_id!r}; the games are: {', '.join(_GAMES)}")
    return _GAMES[key]
