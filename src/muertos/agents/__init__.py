"""Agents by name: ``muertos.agent("random", seed=1)``.

Names: ``random``; ``greedy`` (one step ahead by the game's heuristic); ``ismcts``
(1000 iterations a move), ``ismcts:2000`` (iterations), ``ismcts:1.5s`` (seconds a move),
``ismcts:1.5cpu`` (seconds of this process's CPU time a move, whatever else runs),
optionally ``:heuristic`` or ``:random`` to force the playout policy (default: the
game's own choice, ``ismcts:0.5s:heuristic``); ``human``
(the terminal prompt). ``ismcts+net`` takes the same budgets: the search judged at its
leaves by the game's learned evaluation (``muertos.agents.net``; today's search where
the package has none for the game and seat count, or torch is missing); ``ismcts+endgame``
the same search without the network, solo walking every line to the end once few are left.
"""

from __future__ import annotations

from collections.abc import Callable

from muertos.engine import Agent, UnknownAgent

from .greedy import GreedyAgent
from .ismcts import MAX_ITERATIONS, MAX_SECONDS, ISMCTSAgent, budget_problem
from .net import EndgameISMCTSAgent, NetISMCTSAgent
from .random_agent import RandomAgent


def _ismcts(arg: str, seed: int, cls: type[ISMCTSAgent] = ISMCTSAgent) -> Agent:
    """``ismcts[:BUDGET][:PLAYOUT]``: BUDGET is iterations (digits), seconds (``1.5s``) or
    seconds of CPU time (``1.5cpu``). Its refusals are the engine's English sentences, said
    in Spanish by the templates of ``i18n/shared.es.toml`` (``tests/agents/test_budgets.py``
    keeps the two in step): a new sentence here needs its template there."""
    budget, _, rollout = arg.partition(":")
    budget = budget.strip()
    if rollout not in ("", "heuristic", "random"):
        raise UnknownAgent(f"bad ISMCTS playout {rollout!r}: use :heuristic or :random (or nothing)")
    iterations: int | None = 1000
    seconds: float | None = None
    clock = "cpu" if budget.endswith("cpu") else "wall"
    unit = {"cpu": 3, "wall": 1}[clock]
    if budget.endswith(("s", "cpu")):
        try:
            seconds, iterations = float(budget[:-unit]), None
        except ValueError:
            raise UnknownAgent(f"bad ISMCTS budget {arg!r}: {USAGE}") from None
    elif budget:
        if not budget.isdigit() or not budget.isascii():
            raise UnknownAgent(f"bad ISMCTS budget {arg!r}: {USAGE}")
        iterations = int(budget)
    why = budget_problem(iterations, seconds)
    if why is not None:
        raise UnknownAgent(f"bad ISMCTS budget {arg!r}: {why}")
    return cls(seed, iterations=iterations, seconds=seconds, rollout=rollout or "auto", clock=clock)


USAGE = (
    "use ismcts:2000 (iterations), ismcts:1.5s (seconds) or ismcts:1.5cpu (seconds of CPU time), "
    "optionally :heuristic or :random"
)


_FACTORIES: dict[str, Callable[[str, int], Agent]] = {
    "random": lambda arg, seed: RandomAgent(seed),
    "greedy": lambda arg, seed: GreedyAgent(seed),
    "ismcts": _ismcts,
    "ismcts+net": lambda arg, seed: _ismcts(arg, seed, NetISMCTSAgent),
    "ismcts+endgame": lambda arg, seed: _ismcts(arg, seed, EndgameISMCTSAgent),
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


__all__ = [
    "MAX_ITERATIONS",
    "MAX_SECONDS",
    "Agent",
    "EndgameISMCTSAgent",
    "GreedyAgent",
    "ISMCTSAgent",
    "NetISMCTSAgent",
    "RandomAgent",
    "agent",
    "agent_names",
    "budget_problem",
    "register",
]
