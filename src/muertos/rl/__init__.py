"""Reinforcement-learning adapters: PettingZoo, Gymnasium and OpenSpiel (``pip install 'muertos[rl]'``).

Make an environment in three lines::

    import muertos.rl
    env = muertos.rl.aec_env("ofrenda", players=3)        # PettingZoo AEC, every seat
    env = muertos.rl.gym_env("ofrenda", players=1)        # Gymnasium, solo vs Abuela
    env = muertos.rl.gym_env("ofertu", players=2, opponents="greedy")   # one seat vs bots
    names = muertos.rl.register_openspiel()               # pyspiel.load_game("muertos_ofertu")
    env = gymnasium.make("muertos/Ofrenda-v0", players=1) # registered on import (GYM_IDS)

Each game's package provides ``encoding.py``: ``action_space(players, options)`` (every
action that can ever be legal, in a fixed documented order: index ↔ notation) and
``observe(view, seat, players, options)`` (a fixed-length vector built only from
``state.view(seat)``, so no hidden information can enter). Nothing here knows a game's
rules. The optional libraries are imported only by the function that needs them.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import muertos

from .codec import Codec, codec
from .rewards import final_rewards

if TYPE_CHECKING:
    from types import ModuleType

    from .gymnasium_env import MuertosGymEnv
    from .pettingzoo_env import MuertosAECEnv

__all__ = ["GYM_IDS", "Codec", "aec_env", "codec", "final_rewards", "gym_env", "register_openspiel"]

GYM_IDS = {
    gid: "muertos/" + "".join(w.capitalize() for w in gid.split("-")) + "-v0" for gid in muertos.game_ids()
}
"""The Gymnasium id of each game: ``muertos/Ofrenda-v0``, ``muertos/DieOfTheDead-v0``, …"""


def aec_env(
    game_id: str,
    players: int = 2,
    options: Mapping[str, Any] | None = None,
    reward: str = "outcome",
    render_mode: str | None = None,
) -> MuertosAECEnv:
    """A PettingZoo AEC environment of a game (agents ``player_0`` … in seat order)."""
    from .pettingzoo_env import MuertosAECEnv

    return MuertosAECEnv(game_id, players, options, reward=reward, render_mode=render_mode)


def gym_env(
    game_id: str,
    players: int = 1,
    seat: int = 0,
    opponents: str | Sequence[str] = "random",
    options: Mapping[str, Any] | None = None,
    reward: str | None = None,
    illegal: str = "end",
    render_mode: str | None = None,
) -> MuertosGymEnv:
    """A Gymnasium environment: one seat learns, bots (``muertos.agent`` names) play the rest."""
    from .gymnasium_env import MuertosGymEnv

    return MuertosGymEnv(
        game_id,
        players,
        seat,
        opponents,
        options,
        reward=reward,
        illegal=illegal,
        render_mode=render_mode,
    )


def register_openspiel() -> list[str]:
    """Register every game with OpenSpiel as ``muertos_<id>``; returns the short names."""
    from .openspiel import register_openspiel as _register

    return _register()


def _register_gymnasium() -> None:
    """Make ``gymnasium.make("muertos/<Game>-v0", players=…, …)`` work, if Gymnasium is installed."""
    if importlib.util.find_spec("gymnasium") is None:
        return
    import gymnasium

    for gid, env_id in GYM_IDS.items():
        if env_id not in gymnasium.registry:
            g = muertos.game(gid)
            gymnasium.register(
                id=env_id,
                entry_point="muertos.rl.gymnasium_env:MuertosGymEnv",
                kwargs={"game_id": gid, "players": g.min_players},
            )


_register_gymnasium()


def __getattr__(name: str) -> ModuleType:
    """``muertos.rl.openspiel`` after ``import muertos.rl`` alone (as the README writes
    ``muertos.rl.openspiel.load_game``): the submodule is imported when first named, so
    OpenSpiel's adapter costs nothing to those who never use it."""
    if name == "openspiel":
        import muertos.rl.openspiel  # sets the attribute: this is asked once

        return muertos.rl.openspiel
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
