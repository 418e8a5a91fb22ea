"""Agents by name: ``muertos.agent("random", seed=1)``.

Names: ``random``; ``greedy`` (one step ahead by the game's heuristic); ``ismcts``
(1000 iterations a move), ``ismcts:2000`` (iterations), ``ismcts:1.5s`` (seconds a move),
optionally ``:heuristic`` or ``:random`` to force the playout policy (default: the
game's own choice, ``ismcts:0.5s:heuristic``); ``human``
(the terminal prompt).
"""

from __future__ import annotations

from collections.abc import Callable

from muertos.engine import Agent, UnknownAgent

from .greedy import GreedyAgent
from .ismcts import ISMCTSAgent
from .random_agent import RandomAgent


def _ismcts(arg: str, seed: int) -> Agent:
    budget, _, rollout = arg.partition(":")
    budget = budget.strip()
    try:
        if not budget:
            return ISMCTSAgent(seed, iterations=1000, rollout=rollout or "auto")
        if budget.endswith("s"):
            secs = float(budget[:-1])
            if secs <= 0:
                raise ValueError
            return ISMCTSAgent(seed, iterations=None, seconds=secs, rollout=rollout or "auto")
        its = int(budget)
        if its <= 0:
            raise ValueError
        return ISMCTSAgent(seed, iterations=its, rollout=rollout or "auto")
    except ValueError:
        raise UnknownAgent(
            f"bad ISMCTS budget {arg!r}: use ismcts:2000 (iterations), ismcts:1.5s (seconds), "
            "optionally :heuristic or :random"
        ) from None


_FACTORIES: dict[str, Callable[[str, int], Agent]] = {
    "random": lambda arg, seed: RandomAgent(seed),
    "greedy": lambda arg, seed: GreedyAgent(seed),
    "ismcts": _ismcts,
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


__all__ = ["Agent", "GreedyAgent", "ISMCTSAgent", "RandomAgent", "agent", "agent_names", "register"]
