"""Games played for training: each seat's observations along the way, and its outcome.

Pure Python (no torch): a game is played by ``muertos.play`` with the agents named, and
after some actions (a share ``keep`` of them, chosen by a seeded coin) every seat's
observation of the position is kept with that seat's final outcome: the score solo, the
share of the win at a table (a tie shares it). Each seat's observation is built from its
own view only (``Codec.observe``), as the network will see it in play.

With a ``search_share``, the mover's target after a move its search chose blends that
share of the search's own judgement of the move (``ISMCTSAgent.last_value``: the mean
reward of the move played, over hundreds of continuations) with the rest of the outcome,
one continuation: a target of less noise, what AlphaZero's successors call a search-value
target. At two seats the rival's reward is the rest of the mover's (the win's shares and
the squashed margins of the two seats add to one), so its target blends that.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

import muertos
from muertos.engine import State
from muertos.match import seat_seed
from muertos.rl.codec import codec
from muertos.sim.stats import win_shares


@dataclass
class Samples:
    """Observations, one a row, and the outcome each should predict."""

    obs: list[list[float]] = field(default_factory=list)
    target: list[float] = field(default_factory=list)
    games: int = 0

    def extend(self, other: Samples) -> None:
        self.obs += other.obs
        self.target += other.target
        self.games += other.games


def outcome_of(scores: Sequence[float], winners: Sequence[int], players: int) -> list[float]:
    """What the network learns to predict for each seat: solo the final score, at a table
    the share of the win."""
    if players == 1:
        return [float(scores[0])]
    return [float(x) for x in win_shares(list(winners), players)]


def record_game(
    game_id: str,
    seats: Sequence[str],
    seed: int,
    keep: float = 1.0,
    options: dict[str, object] | None = None,
    search_share: float = 0.0,
) -> Samples:
    """Play one game with the agents ``seats`` from ``seed``; keep every seat's observation
    after a share ``keep`` of the actions (those that do not end the game), to learn its
    outcome (blended with the search's judgement by ``search_share``, see the module)."""
    players = len(seats)
    c = codec(game_id, players, options)
    coin = random.Random(seed * 7919 + 17)
    agents = [muertos.agent(name, seed=seat_seed(seed, i)) for i, name in enumerate(seats)]
    rows: list[list[float]] = []
    owners: list[int] = []
    judged: list[tuple[int, int, float]] = []  # (first row, mover, the search's value)

    def on_action(state: State, seat: int, action: str) -> None:
        if state.over or coin.random() >= keep:
            return
        value = getattr(agents[seat], "last_value", None)
        if search_share > 0 and value is not None:
            judged.append((len(rows), seat, float(value)))
        for i in range(players):
            rows.append(c.observe(state, i))
            owners.append(i)

    rec = muertos.play(game_id, seats=agents, seed=seed, options=c.options, on_action=on_action)
    out = outcome_of(rec.scores, rec.winners, players)
    target = [out[i] for i in owners]
    for first, mover, value in judged:
        target[first + mover] = search_share * value + (1 - search_share) * out[mover]
        if players == 2:
            rival = 1 - mover
            target[first + rival] = search_share * (1 - value) + (1 - search_share) * out[rival]
    return Samples(rows, target, 1)


def seats_for(pool: Sequence[str], players: int, game_index: int, seed: int) -> list[str]:
    """The agents of one training game, drawn from ``pool`` by a seeded coin (solo: the
    pool in turn), so the data mixes greedy, search and self-play games."""
    if players == 1:
        return [pool[game_index % len(pool)]]
    rng = random.Random(seed * 1_000_003 + game_index)
    return [pool[rng.randrange(len(pool))] for _ in range(players)]
