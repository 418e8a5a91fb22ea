"""The work a worker does: play a chunk of games and return plain rows.

Standard library and ``muertos`` only (no pandas, no pyarrow), so process-pool and Ray
workers start fast and a remote worker needs nothing but the package.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from muertos.engine import State
from muertos.match import play

from .plan import SimConfig, options_key
from .stats import win_shares

Row = dict[str, Any]

STAT_PREFIX = "stat_"


@dataclass(frozen=True)
class SimChunk:
    """Games ``start`` to ``end - 1`` of a simulation."""

    config: SimConfig
    start: int
    end: int

    def __len__(self) -> int:
        return self.end - self.start


def flat_stats(stats: dict[str, Any]) -> dict[str, float | int | str]:
    """``state.stats()`` as record columns: ``stat_<key>``; booleans become 0/1, anything
    that is not a number becomes text, nested values are spelled out as keys."""
    out: dict[str, float | int | str] = {}

    def put(key: str, v: Any) -> None:
        if isinstance(v, dict):
            for k2, v2 in v.items():
                put(f"{key}_{k2}", v2)
        elif isinstance(v, (list, tuple)):
            for i, v2 in enumerate(v):
                put(f"{key}_{i}", v2)
        elif isinstance(v, bool):
            out[STAT_PREFIX + key] = int(v)
        elif isinstance(v, (int, float)):
            out[STAT_PREFIX + key] = v
        else:
            out[STAT_PREFIX + key] = str(v)

    for k, v in stats.items():
        put(str(k), v)
    return out


def play_game(config: SimConfig, index: int) -> Row:
    """Game ``index`` of the run: its seed and seats come from the index alone."""
    seed = config.seed_of(index)
    seats = config.seats_of(index)
    last: list[State] = []
    movers: list[int] = []

    def keep(state: State, seat: int, action: str) -> None:
        movers.append(seat)
        if not last:
            last.append(state)  # the runner mutates one state: this is the final one at the end

    t0, c0 = time.perf_counter(), time.process_time()
    rec = play(config.game, seats, seed=seed, options=config.options, on_action=keep)
    seconds, cpu = time.perf_counter() - t0, time.process_time() - c0
    final = last[0] if last else rec.replay()
    n = config.players
    shares = win_shares(rec.winners, n)
    row: Row = {
        "game_index": index,
        "deal": config.deal(index),
        "seating": config.seating(index),
        "seed": seed,
        "game": rec.game,
        "players": n,
        "options": options_key(rec.options),
        "seats": list(rec.seats),
        "actions": list(rec.actions),
        "movers": movers,
        "scores": [float(x) for x in rec.scores],
        "winners": [int(w) for w in rec.winners],
        "length": len(rec.actions),
        "seconds": seconds,
        "cpu_seconds": cpu,
    }
    for s in range(n):
        row[f"agent_{s}"] = rec.seats[s]
        row[f"score_{s}"] = float(rec.scores[s])
        row[f"win_{s}"] = shares[s]
    row.update(flat_stats(final.stats()))
    return row


def play_chunk(chunk: SimChunk, on_game: Callable[[], None] | None = None) -> list[Row]:
    rows = []
    for i in range(chunk.start, chunk.end):
        rows.append(play_game(chunk.config, i))
        if on_game is not None:
            on_game()
    return rows


# ------------------------------------------------------------------ tournaments
@dataclass(frozen=True)
class Match:
    """One tournament game: ``seats`` names the agent in each seat."""

    pair: int
    deal: int
    side: int
    seed: int
    seats: tuple[str, ...]


@dataclass(frozen=True)
class MatchChunk:
    game: str
    players: int
    options: dict[str, Any]
    matches: tuple[Match, ...]

    def __len__(self) -> int:
        return len(self.matches)


def play_match_chunk(chunk: MatchChunk, on_game: Callable[[], None] | None = None) -> list[Row]:
    rows = []
    for m in chunk.matches:
        rec = play(chunk.game, list(m.seats), seed=m.seed, options=chunk.options, players=chunk.players)
        rows.append(
            {
                "pair": m.pair,
                "deal": m.deal,
                "side": m.side,
                "seed": m.seed,
                "seats": list(m.seats),
                "scores": [float(x) for x in rec.scores],
                "winners": [int(w) for w in rec.winners],
                "length": len(rec.actions),
            }
        )
        if on_game is not None:
            on_game()
    return rows
