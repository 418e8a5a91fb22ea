"""The sixth toy for reinforcement learning.

ACTION SPACE: ``play 1`` … ``play 12`` (indices 0-11), then ``draw`` (12).

OBSERVATION (from ``view(seat)`` only; every number in [0, 1]): my hand (12, one per card),
my face-down cards (12), then for each seat in order from mine: its hand size / 3 and
its face-down count / 3, then the deck / 12.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

CARDS = range(1, 13)


def action_space(players: int = 2, options: Mapping[str, Any] | None = None) -> list[str]:
    return [f"play {c}" for c in CARDS] + ["draw"]


def max_game_length(players: int = 2, options: Mapping[str, Any] | None = None) -> int:
    """Three plays a seat, and a draw before each at most."""
    return 6 * players


def observe(view: Any, seat: int, players: int = 2, options: Any = None) -> list[float]:
    hand, played = view["hands"][seat], view["played"][seat]
    o = [float(c in hand) for c in CARDS] + [float(c in played) for c in CARDS]
    for k in range(players):
        s = (seat + k) % players
        for pile in (view["hands"][s], view["played"][s]):
            o.append((pile if isinstance(pile, int) else len(pile)) / 3)
    o.append(view["deck"] / 12)
    return o
