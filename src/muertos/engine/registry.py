"""Finding games by id. Every package under ``muertos.games`` that exports ``GAME``
is a game; nothing here names one, so adding a game touches no engine code."""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache

from .errors import UnknownGame
from .game import Game


@cache
def _all() -> dict[str, Game]:
    pkg = importlib.import_module("muertos.games")  # not `import … as`: the attribute is the function

    found: list[Game] = []
    for info in pkgutil.iter_modules(pkg.__path__):
        if not info.ispkg or info.name.startswith("_"):
            continue
        module = importlib.import_module(f"muertos.games.{info.name}")
        g = getattr(module, "GAME", None)
        if isinstance(g, Game):
            found.append(g)
    found.sort(key=lambda g: (g.order, g.id))
    return {g.id: g for g in found}


def games() -> list[str]:
    """The ids of every game, in the lobby's order."""
    return list(_all())


def game(game_id: str) -> Game:
    """The game with that id (``"ofrenda"``, ``"die-of-the-dead"``, …)."""
    table = _all()
    key = game_id.strip().lower().replace("_", "-") if isinstance(game_id, str) else game_id
    if key not in table:
        raise UnknownGame(f"no game {game_id!r}; the games are: {', '.join(table)}")
    return table[key]
