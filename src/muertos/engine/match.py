"""The match runner: agents in seats, a game played to the end, a record kept."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

from .errors import InvalidOptions
from .game import MatchRecord, State
from .registry import game as get_game


@runtime_checkable
class Agent(Protocol):
    """Anything that picks an action for a seat. It must decide from what that seat may
    know: ``state.view(seat)``, ``state.legal_actions()`` on its own turn, or
    ``state.determinize(seat, rng)``."""

    name: str

    def act(self, state: State, seat: int) -> str: ...


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
    from muertos.agents import agent as make_agent

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
