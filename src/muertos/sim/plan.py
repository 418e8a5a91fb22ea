"""What a simulation is: its parameters, and which seed and seats each game gets.

A game depends only on its index through :func:`game_seed` and :func:`seats_for`, never on
which worker played it or when, so any number of jobs, any backend, and any interruption
give the same records.

Games come in *deals* of ``k`` consecutive games (``k`` = the number of agents listed):
the games of a deal share one seed and rotate the agents one seat along each time, so each
agent sits in each seat equally often and every comparison between agents is paired on the
same shuffles.

    >>> seats_for(("greedy", "random"), 2, 1)
    ['random', 'greedy']
    >>> seats_for(("greedy", "random"), 3, 0)
    ['greedy', 'random', 'greedy']
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from muertos.agents import agent as make_agent
from muertos.engine import InvalidOptions, MuertosError, UnknownAgent, game

RECORD_FORMAT = 1
"""Version of the record layout in the Parquet files; part of a run's identity."""

_MASK64 = (1 << 64) - 1


class SimError(MuertosError):
    """A simulation, report or tournament that cannot be run as asked."""


def _splitmix64(x: int) -> int:
    x = (x + 0x9E3779B97F4A7C15) & _MASK64
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK64
    return x ^ (x >> 31)


def game_seed(seed: int, deal: int) -> int:
    """The seed of deal ``deal`` of a run seeded ``seed``: well mixed, so runs with nearby
    seeds share no deals, and below 2**48 so it survives JSON and JavaScript intact.

    >>> game_seed(1, 0) == game_seed(1, 0) != game_seed(2, 0)
    True
    """
    return _splitmix64((seed & _MASK64) ^ _splitmix64(deal)) >> 16


def seats_for(agents: Sequence[str], players: int, rotation: int) -> list[str]:
    """The agent in each seat for the ``rotation``-th game of a deal: the list turned by one
    seat per game and repeated to fill the table."""
    k = len(agents)
    return [agents[(rotation + s) % k] for s in range(players)]


def canonical_agents(names: Iterable[str]) -> tuple[str, ...]:
    """Agent names as the agents call themselves (``ismcts`` → ``ismcts:1000``), checked.

    ``human`` is refused: a batch run has no one at the keyboard.
    """
    out = []
    for raw in names:
        name = raw.strip()
        if not name:
            continue
        if name.lower().partition(":")[0] == "human":
            raise UnknownAgent("the human agent cannot play in a batch run; use random, greedy or ismcts")
        out.append(make_agent(name, seed=0).name)
    if not out:
        raise UnknownAgent("name at least one agent (e.g. --agents greedy,random)")
    return tuple(out)


def parse_agents(spec: str) -> tuple[str, ...]:
    return canonical_agents(spec.split(","))


def options_key(options: Mapping[str, Any]) -> str:
    """Options as a canonical JSON string (the records' ``options`` column)."""
    return json.dumps(dict(options), sort_keys=True, separators=(",", ":"))


@dataclass(frozen=True)
class SimConfig:
    """The parameters that decide a simulation's records (jobs and backend do not)."""

    game: str
    players: int
    agents: tuple[str, ...]
    games: int
    seed: int = 0
    options: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def make(
        cls,
        game_id: str,
        players: int | None,
        agents: str | Sequence[str],
        games: int,
        seed: int = 0,
        options: Mapping[str, Any] | None = None,
    ) -> SimConfig:
        """A checked configuration: the game exists, the player count and options are allowed,
        every agent is known; options get their defaults filled in."""
        g = game(game_id)
        n = min(max(2, g.min_players), g.max_players) if players is None else players
        opts = g.check_options(n, options)
        names = parse_agents(agents) if isinstance(agents, str) else canonical_agents(agents)
        if not isinstance(games, int) or games < 1:
            raise SimError(f"the number of games must be at least 1, got {games!r}")
        if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
            raise InvalidOptions(f"the seed must be a non-negative integer, got {seed!r}")
        return cls(g.id, n, names, games, seed, opts)

    @property
    def rotations(self) -> int:
        return len(self.agents)

    def deal(self, index: int) -> int:
        return index // self.rotations

    def rotation(self, index: int) -> int:
        return index % self.rotations

    def seed_of(self, index: int) -> int:
        return game_seed(self.seed, self.deal(index))

    def seats_of(self, index: int) -> list[str]:
        return seats_for(self.agents, self.players, self.rotation(index))

    def identity(self) -> dict[str, Any]:
        """What must match for a directory's records to belong to this run."""
        return {
            "format": RECORD_FORMAT,
            "game": self.game,
            "players": self.players,
            "agents": list(self.agents),
            "games": self.games,
            "seed": self.seed,
            "options": dict(self.options),
        }

    @classmethod
    def from_identity(cls, d: Mapping[str, Any]) -> SimConfig:
        return cls(
            str(d["game"]),
            int(d["players"]),
            tuple(str(a) for a in d["agents"]),
            int(d["games"]),
            int(d["seed"]),
            dict(d["options"]),
        )

    def describe(self) -> str:
        opts = " ".join(f"{k}={v}" for k, v in self.options.items())
        return (
            f"{self.game}, {self.players} player{'s' if self.players != 1 else ''}, agents {','.join(self.agents)}, "
            f"{self.games} games, seed {self.seed}" + (f", options {opts}" if opts else "")
        )
