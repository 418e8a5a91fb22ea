"""Shared configurations of the RL tests: every game at 2 seats and at its largest count."""

from __future__ import annotations

from typing import Any

import muertos

SOLO = [gid for gid in muertos.game_ids() if muertos.game(gid).min_players == 1]


def configs(largest: bool = True) -> list[tuple[str, int, dict[str, Any]]]:
    """(game, players, options): 2 seats for every game, and the largest count."""
    out: list[tuple[str, int, dict[str, Any]]] = []
    for gid in muertos.game_ids():
        g = muertos.game(gid)
        counts = sorted({max(2, g.min_players), g.max_players} if largest else {max(2, g.min_players)})
        for n in counts:
            # the skeleton race with six is long; a round limit keeps the test quick
            opts = {"round_limit": 12} if gid == "dia-de-los-muertos" and n > 2 else {}
            out.append((gid, n, opts))
    return out


def every_seat_count() -> list[tuple[str, int, dict[str, Any]]]:
    """(game, players, options) for every game at every seat count it allows (18 in all)."""
    out: list[tuple[str, int, dict[str, Any]]] = []
    for gid in muertos.game_ids():
        g = muertos.game(gid)
        for n in range(g.min_players, g.max_players + 1):
            # the skeleton race with many seats is long; a round limit keeps the test quick
            opts = {"round_limit": 6} if gid == "dia-de-los-muertos" and n > 2 else {}
            out.append((gid, n, opts))
    return out
