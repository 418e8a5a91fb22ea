"""Agents by name: ``muertos.agent("random", seed=1)``.

Names: ``random``; ``human`` (the terminal prompt). Later issues add ``greedy`` and
``ismcts`` (``ismcts:2000`` iterations, ``ismcts:1.5s`` seconds a move).
"""

from __future__ import annotations

from collections.abc import Callable

from muertos.engine import Agent, UnknownAgent

from .random_agent import RandomAgent

_FACTORIES: dict[str, Callable[[str, int], Agent]] = {
    "random": lambda arg, seed: RandomAgent(seed),
}


def register(kind: str, factory: Callable[[str, int], Agent]) -> None:
    """Make ``agent(kind[:arg])`` build ``factory(arg, seed)``."""
    _FACTORIES[kind] = factory


def agent(name: str, seed: int = 0) -> Agent:
    """The agent called ``name`` (``random``, ``human``, …), seeded for repeatable play."""
    kind, _, arg = name.strip().lower().partition(":")
    if kind == "human":
        from .human import HumanAgent

        return HumanAgent()
    if kind not in _FACTORIES:
        known = ", ".join(sorted([*_FACTORIES, "human"]))
        raise UnknownAgent(f"no agent {name!r}; agents: {known}")
    return _FACTORIES[kind](arg, seed)


def agent_names() -> list[str]:
    return sorted([*_FACTORIES, "human"])


__all__ = ["Agent", "RandomAgent", "agent", "agent_names", "register"]
