"""Matches: agents in seats, a game played to the end, and the record that replays it.

It sits above the engine and the agents (it builds agents by name), so neither imports it.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from muertos.agents import agent as make_agent
from muertos.engine import FORMAT, Agent, CorruptState, InvalidOptions, State
from muertos.engine import game as get_game


def seat_seed(seed: int, seat: int) -> int:
    """The seed of the agent in ``seat`` of a match seeded ``seed``: fixed, distinct per seat."""
    return (seed * 1_000_003 + 7919 * (seat + 1)) & ((1 << 63) - 1)


def play(
    game: str,
    seats: Sequence[str | Agent],
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    players: int | None = None,
    on_action: Callable[[State, int, str], None] | None = None,
    max_actions: int = 100_000,
) -> MatchRecord:
    """Play a whole match and return its record.

    ``seats`` holds one agent (or agent name, e.g. ``"random"``, ``"ismcts:2000"``) per
    seat; ``players`` defaults to ``len(seats)``. ``on_action(state, seat, action)`` is
    called after each action, for progress displays.

        >>> import muertos
        >>> rec = muertos.play("ofrenda", seats=["random", "random"], seed=3)
        >>> len(rec.winners) >= 1
        True
    """
    g = get_game(game)
    n = len(seats) if players is None else players
    if len(seats) != n:
        raise InvalidOptions(f"{n} players need {n} seats, got {len(seats)}")
    agents = [
        make_agent(a, seed=seat_seed(seed, i)) if isinstance(a, str) else a for i, a in enumerate(seats)
    ]
    state = g.new(n, seed, options)
    for _ in range(max_actions):
        seat = state.to_move
        if seat is None:
            break
        action = agents[seat].act(state, seat)
        state.apply(action)
        if on_action is not None:
            on_action(state, seat, action)
    else:
        raise RuntimeError(f"{g.id}: no end after {max_actions} actions")
    return MatchRecord(
        game=g.id,
        players=n,
        options=dict(state.options),
        seed=seed,
        seats=[a.name for a in agents],
        actions=list(state.history),
        scores=state.scores(),
        winners=state.winners(),
    )


@dataclass
class MatchRecord:
    """A finished (or abandoned) match: enough to replay it exactly."""

    game: str
    players: int
    options: dict[str, Any]
    seed: int
    seats: list[str]
    actions: list[str] = field(default_factory=list)
    scores: list[float] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": "muertos.match",
            "format": FORMAT,
            "game": self.game,
            "players": self.players,
            "options": self.options,
            "seed": self.seed,
            "seats": self.seats,
            "actions": self.actions,
            "scores": self.scores,
            "winners": self.winners,
        }

    @classmethod
    def from_json(cls, d: Mapping[str, Any] | str) -> MatchRecord:
        if isinstance(d, (str, bytes)):
            try:
                d = json.loads(d)
            except json.JSONDecodeError as e:
                raise CorruptState(f"not a match record, not JSON: {e}") from None
        if not isinstance(d, Mapping) or d.get("kind") != "muertos.match":
            raise CorruptState("not a muertos match record (kind must be 'muertos.match')")
        try:
            rec = cls(
                game=d["game"],
                players=d["players"],
                options=dict(d["options"]),
                seed=d["seed"],
                seats=list(d["seats"]),
                actions=list(d["actions"]),
                scores=list(d["scores"]),
                winners=list(d["winners"]),
            )
        except (KeyError, TypeError) as e:
            raise CorruptState(f"match record is missing or mangles {e}") from None
        if not all(isinstance(a, str) for a in rec.actions):
            raise CorruptState("match record actions must be strings")
        return rec

    def replay(self) -> State:
        """The final state, rebuilt from the seed and actions."""
        return get_game(self.game).replay(self.players, self.seed, self.options, self.actions)
