"""What a simulation is: its parameters, and which seed and seats each game gets.

A game depends only on its index (:meth:`SimConfig.seed_of`, :meth:`SimConfig.seats_of`),
never on which worker played it or when, so any number of jobs, any backend, and any
interruption give the same records.

Games come in *deals*: one deal is every seating of the run's design (:func:`seatings`),
one game each, all on the same seed. So every agent sits in every seat equally often, and
against the same company in each, and every comparison (between seats, between agents,
between two configurations) is paired on the same shuffles.

    >>> seatings(("greedy", "random"), 2)
    (('greedy', 'random'), ('random', 'greedy'))
    >>> len(seatings(("greedy", "random"), 3))    # greedy twice or once, in every order
    6
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from itertools import permutations
from typing import Any

from muertos.agents import agent as make_agent
from muertos.engine import InvalidOptions, MuertosError, UnknownAgent, game
from muertos.i18n import DEFAULT, message

from .words import said

RECORD_FORMAT = 2
"""Version of the record layout in the Parquet files; part of a run's identity.
2: balanced seatings (:func:`seatings`), a ``seating`` column (1 rotated the list) and
``movers``, the seat that took each action."""

MAX_SEATINGS = 24
"""A deal plays every distinct seating up to this many; beyond, a cyclic (Latin-square)
rotation of each table keeps the balance in fewer games, so deals stay short."""

MAX_GAMES = 10_000_000
"""The most games a run may ask for (``--games``). A run's records, its report and a resume
all hold something per game: ten million is weeks of games on a large machine, and a count
typed with a few zeros too many is refused at once rather than planned for minutes."""

_MASK64 = (1 << 64) - 1


class SimError(MuertosError):
    """A simulation, report or tournament that cannot be run as asked: a sentence of the
    ``sim`` catalogs (``error.<key>``), so the commands say it in the reader's language;
    ``str()`` is the English, for logs and for callers in Python."""

    def __init__(self, key: str, /, **params: Any) -> None:
        self.key, self.params = key, params
        super().__init__(self.said(DEFAULT))

    def said(self, lang: str) -> str:
        """The refusal in ``lang``."""
        return message(f"sim.error.{self.key}", lang, **{k: said(v, lang) for k, v in self.params.items()})

    def __reduce__(self) -> tuple[Any, ...]:
        # A worker's refusal crosses to the parent by pickle, which would call the class with
        # the English sentence as the key.
        return (_rebuild, (type(self), self.key, self.params))


def _rebuild(cls: type[SimError], key: str, params: dict[str, Any]) -> SimError:
    return cls(key, **params)


class AgentRefused(SimError, UnknownAgent):
    """An agent a batch run cannot use (an :class:`UnknownAgent`, in the catalogs' words)."""


class SeedRefused(SimError, InvalidOptions):
    """A seed that is not a non-negative integer (an :class:`InvalidOptions`)."""


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


@cache
def seatings(agents: tuple[str, ...], players: int) -> tuple[tuple[str, ...], ...]:
    """The seatings of one deal: for each table the list fills (the agents repeated to
    ``players`` seats, starting from each agent in turn), every order of its agents, or
    when that makes more than :data:`MAX_SEATINGS` games, its ``players`` cyclic shifts.

    Either set is closed under moving everyone one seat along, so each agent sits in each
    seat equally often and with the same company there: a seat's results are not confounded
    with who sat in it.

    >>> seatings(("a", "b"), 3)
    (('a', 'b', 'a'), ('a', 'a', 'b'), ('b', 'a', 'a'), ('b', 'a', 'b'), ('b', 'b', 'a'), ('a', 'b', 'b'))
    >>> seatings(("a", "b", "c", "d", "e"), 5)[:2]      # 120 orders: the 5 shifts instead
    (('a', 'b', 'c', 'd', 'e'), ('b', 'c', 'd', 'e', 'a'))
    """
    k = len(agents)
    tables: dict[tuple[str, ...], tuple[str, ...]] = {}
    for r in range(k):
        table = tuple(agents[(r + s) % k] for s in range(players))
        tables.setdefault(tuple(sorted(table)), table)
    every = [tuple(dict.fromkeys(permutations(t))) for t in tables.values()]
    if sum(len(orders) for orders in every) > MAX_SEATINGS:
        every = [tuple(dict.fromkeys(t[j:] + t[:j] for j in range(players))) for t in tables.values()]
    return tuple(seating for orders in every for seating in orders)


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
            raise AgentRefused("human_agent")
        out.append(make_agent(name, seed=0).name)
    if not out:
        raise AgentRefused("no_agent")
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
    components: dict[str, Any] = field(default_factory=dict)
    """An overlay on the game's ``components.toml`` (``muertos.engine.components``), checked."""

    @classmethod
    def make(
        cls,
        game_id: str,
        players: int | None,
        agents: str | Sequence[str],
        games: int,
        seed: int = 0,
        options: Mapping[str, Any] | None = None,
        components: Mapping[str, Any] | None = None,
    ) -> SimConfig:
        """A checked configuration: the game exists, the player count and options are allowed,
        every agent is known; options get their defaults filled in."""
        g = game(game_id)
        n = min(max(2, g.min_players), g.max_players) if players is None else players
        opts = g.check_options(n, options)
        names = parse_agents(agents) if isinstance(agents, str) else canonical_agents(agents)
        if not isinstance(games, int) or games < 1:
            raise SimError("games", value=repr(games))
        if games > MAX_GAMES:
            raise SimError("games_most", most=f"{MAX_GAMES:,}", value=repr(games))
        if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
            raise SeedRefused("seed", value=repr(seed))
        return cls(g.id, n, names, games, seed, opts, dict(components or {}))

    @property
    def design(self) -> tuple[tuple[str, ...], ...]:
        """The seatings of every deal (:func:`seatings`)."""
        return seatings(self.agents, self.players)

    def deal(self, index: int) -> int:
        return index // len(self.design)

    def seating(self, index: int) -> int:
        return index % len(self.design)

    def seed_of(self, index: int) -> int:
        return game_seed(self.seed, self.deal(index))

    def seats_of(self, index: int) -> list[str]:
        return list(self.design[self.seating(index)])

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
        } | ({"components": dict(self.components)} if self.components else {})

    @classmethod
    def from_identity(cls, d: Mapping[str, Any]) -> SimConfig:
        return cls(
            str(d["game"]),
            int(d["players"]),
            tuple(str(a) for a in d["agents"]),
            int(d["games"]),
            int(d["seed"]),
            dict(d["options"]),
            dict(d.get("components", {})),
        )

    def describe(self, lang: str = DEFAULT) -> str:
        """The run in one line, in ``lang``: what the report's page says it shows."""
        opts = " ".join(f"{k}={v}" for k, v in self.options.items())
        key = "describe_one" if self.players == 1 else "describe"
        return (
            message(
                f"sim.run.{key}",
                lang,
                game=self.game,
                players=self.players,
                agents=",".join(self.agents),
                games=self.games,
                seed=self.seed,
            )
            + (message("sim.run.describe_options", lang, options=opts) if opts else "")
            + (
                message(
                    "sim.run.describe_components",
                    lang,
                    components=json.dumps(self.components, sort_keys=True),
                )
                if self.components
                else ""
            )
        )
