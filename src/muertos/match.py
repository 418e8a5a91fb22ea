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


MAX_RECORD_BYTES = 16_000_000
"""The largest match record read (a game of 100,000 actions is a few megabytes)."""
MAX_SEATS = 64
MAX_ACTIONS = 100_000
"""As many actions as :func:`play` lets a match run."""
MAX_TEXT = 200
"""The longest agent name or action a record may hold."""


class BadRecord(CorruptState):
    """A match record that cannot be read, its fault named by a catalog key
    (``cli.record.<key>``) so that each reader gets it in their own language; ``str()``
    is the English, for callers that know nothing of languages."""

    def __init__(self, key: str, /, **params: Any) -> None:
        self.key = key
        self.params = params
        super().__init__(self.text("en"))

    def text(self, lang: str) -> str:
        """The fault in ``lang``."""
        from muertos import i18n

        return i18n.message(f"cli.record.{self.key}", lang, **self.params)


def _shown(value: object) -> str:
    """A value of a record as a person reads it in an error: short, whatever it holds."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):
        text = type(value).__name__
    return text if len(text) <= 40 else text[:39] + "…"


def _whole(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _texts(v: object, most: int) -> bool:
    return (
        isinstance(v, list) and all(isinstance(x, str) and len(x) <= MAX_TEXT for x in v) and len(v) <= most
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
    def from_json(cls, d: Mapping[str, Any] | str | bytes) -> MatchRecord:
        """The record ``to_json`` wrote, every field's type and size checked here, once, so
        that whoever reads a record (replay, analyze, resume) gets :class:`BadRecord`
        naming the fault rather than a crash further on. The rules (a game's player counts
        and options, the actions) are the engine's to check when the record is replayed."""
        try:
            return cls._read(d)
        except RecursionError:
            raise BadRecord("too_deep") from None

    @classmethod
    def _read(cls, d: Mapping[str, Any] | str | bytes) -> MatchRecord:
        if isinstance(d, bytes):
            if len(d) > MAX_RECORD_BYTES:
                raise BadRecord("too_large", most=MAX_RECORD_BYTES)
            try:
                d = d.decode("utf-8")
            except UnicodeDecodeError:
                raise BadRecord("not_text") from None
        if isinstance(d, str):
            if len(d) > MAX_RECORD_BYTES:
                raise BadRecord("too_large", most=MAX_RECORD_BYTES)
            try:
                d = json.loads(d)
            except json.JSONDecodeError as e:
                raise BadRecord("not_json", line=e.lineno, column=e.colno) from None
            except ValueError:  # an integer of thousands of digits
                raise BadRecord("too_long_number") from None
        if not isinstance(d, Mapping) or d.get("kind") != "muertos.match":
            raise BadRecord("kind")
        for name in ("game", "players", "options", "seed", "seats", "actions", "scores", "winners"):
            if name not in d:
                raise BadRecord("missing", field=name)
        game, players, options, seed = d["game"], d["players"], d["options"], d["seed"]
        seats, actions, scores, winners = d["seats"], d["actions"], d["scores"], d["winners"]
        if not isinstance(game, str) or not 0 < len(game) <= MAX_TEXT:
            raise BadRecord("game", value=_shown(game))
        if not _whole(players) or not 1 <= players <= MAX_SEATS:
            raise BadRecord("players", most=MAX_SEATS, value=_shown(players))
        if not isinstance(options, Mapping) or not all(isinstance(k, str) for k in options):
            raise BadRecord("options", value=_shown(options))
        if not _whole(seed) or not -(1 << 64) < seed < 1 << 64:
            raise BadRecord("seed", value=_shown(seed))
        if not _texts(seats, players) or len(seats) != players:
            raise BadRecord("seats", players=players, most=MAX_TEXT, value=_shown(seats))
        if not _texts(actions, MAX_ACTIONS):
            raise BadRecord("actions", most=MAX_ACTIONS, longest=MAX_TEXT)
        if not isinstance(scores, list) or len(scores) not in (0, players):
            raise BadRecord("scores", value=_shown(scores))
        if not all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in scores):
            raise BadRecord("scores", value=_shown(scores))
        if not isinstance(winners, list) or not all(_whole(k) and 0 <= k < players for k in winners):
            raise BadRecord("winners", last=players - 1, value=_shown(winners))
        return cls(
            game=game,
            players=players,
            options=dict(options),
            seed=seed,
            seats=list(seats),
            actions=list(actions),
            scores=list(scores),
            winners=list(winners),
        )

    def replay(self) -> State:
        """The final state, rebuilt from the seed and actions."""
        return get_game(self.game).replay(self.players, self.seed, self.options, self.actions)
