"""Thinking-time clocks (issue 38): the time limits a table is created with, and the
clocks they give, as pure functions of stored times and an injected ``now``.

Nothing here keeps time by itself. A table stores its clock *settings* (never changed
after creation), the time it started (``TableRow.started_at``: the moment every person's
seat was taken) and the time of each move (``ActionRow.time``); every clock — each seat's
bank, the deadline of the seat to move, whether it has run out — is computed from these.
So a restarted server, or a second server on the same PostgreSQL database, computes the
same clocks to the millisecond: the deadlines live with the table's stored times.

Two kinds of limit:

* ``live``: each person has a bank (``bank`` seconds) that runs while it is their turn;
  each move then adds ``increment`` seconds, up to ``cap``. A bank that ran out is not
  taken below zero: a person the others waited for carries on with the increment only.
* ``turn`` (turn-based): each move has ``per_move`` seconds of its own (hours or days).
  A seat that let a second full period pass is handed to a bot by the server itself.

Bots have no clock: the time before a bot's move is nobody's.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from .errors import Invalid, NotAllowed, NotNow, TableError

MODES = ("none", "live", "turn")

LIVE_BANK = (10.0, 3 * 3600.0)
"""Seconds of a live bank: at least 10 s, at most 3 hours."""
LIVE_INCREMENT = (0.0, 600.0)
LIVE_CAP = (10.0, 6 * 3600.0)
TURN_PER_MOVE = (3600.0, 14 * 86400.0)
"""Seconds a turn-based move may take: from one hour to two weeks."""

STAND_IN = "greedy"
"""The bot that plays a seat its person left, or ran out of time at."""

LIVE_DEFAULTS = (600.0, 20.0, 1200.0)
"""A live clock's bank, increment and cap when a request leaves them out."""
TURN_DEFAULT = 86400.0


class ClockInvalid(Invalid):
    """A time limit a table cannot be created with (its words: ``clocks.api``)."""

    section = "clocks.api"


class SeatRefused(TableError):
    """A clock, leave, resign or cancel request the table refuses now (``clocks.api``)."""

    section = "clocks.api"


class SeatConflict(SeatRefused, NotNow):
    """409: the table is not in the state the request needs."""


class SeatNotAllowed(SeatRefused, NotAllowed):
    """403: the request is for a seat or table that is not the caller's."""


@dataclass(frozen=True)
class ClockSettings:
    """A table's time limit; ``mode`` is ``live`` or ``turn`` (no clock: no settings)."""

    mode: str
    bank: float = 0.0
    increment: float = 0.0
    cap: float = 0.0
    per_move: float = 0.0

    def to_json(self) -> dict[str, Any]:
        if self.mode == "live":
            return {"mode": "live", "bank": self.bank, "increment": self.increment, "cap": self.cap}
        return {"mode": "turn", "per_move": self.per_move}

    @classmethod
    def from_json(cls, raw: Mapping[str, Any] | None) -> ClockSettings | None:
        """Settings as stored (already checked when the table was created)."""
        if not raw or raw.get("mode") not in ("live", "turn"):
            return None
        if raw["mode"] == "live":
            return cls("live", float(raw["bank"]), float(raw["increment"]), float(raw["cap"]))
        return cls("turn", per_move=float(raw["per_move"]))


def _number(raw: Mapping[str, Any], key: str, default: float, bounds: tuple[float, float]) -> float:
    v = raw.get(key, default)
    if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v):
        raise ClockInvalid("bad_clock", "not_number", field=key)
    low, high = bounds
    if not low <= v <= high:
        raise ClockInvalid("bad_clock", "out_of_range", field=key, low=f"{low:g}", high=f"{high:g}")
    return float(v)


def check_clock(raw: Mapping[str, Any] | None) -> ClockSettings | None:
    """The settings a client asked for, checked (finite numbers, in range), or None for
    no clock; :class:`ClockInvalid` names what is wrong."""
    if raw is None:
        return None
    mode = raw.get("mode", "none")
    if mode not in MODES:
        raise ClockInvalid("bad_clock", "mode", modes=", ".join(MODES))
    allowed = {"none": {"mode"}, "live": {"mode", "bank", "increment", "cap"}, "turn": {"mode", "per_move"}}
    extra = sorted(set(raw) - allowed[mode])
    if extra:
        raise ClockInvalid("bad_clock", "extra", field=extra[0], mode=mode)
    if mode == "none":
        return None
    if mode == "turn":
        return ClockSettings("turn", per_move=_number(raw, "per_move", TURN_DEFAULT, TURN_PER_MOVE))
    bank = _number(raw, "bank", LIVE_DEFAULTS[0], LIVE_BANK)
    increment = _number(raw, "increment", LIVE_DEFAULTS[1], LIVE_INCREMENT)
    cap = _number(raw, "cap", min(max(LIVE_DEFAULTS[2], 2 * bank), LIVE_CAP[1]), LIVE_CAP)
    if cap < bank:
        raise ClockInvalid("bad_clock", "cap_below_bank", cap=f"{cap:g}", bank=f"{bank:g}")
    return ClockSettings("live", bank, increment, cap)


_UNITS = {"s": 1.0, "m": 60.0, "h": 3600.0, "d": 86400.0}


def _seconds(text: str) -> float:
    text = text.strip().lower()
    unit = _UNITS.get(text[-1:])
    number = text[:-1] if unit is not None else text
    try:
        value = float(number) * (unit or 1.0)
    except ValueError:
        raise ValueError(f"not a duration: {text!r} (write 90s, 10m, 24h or 3d)") from None
    if not math.isfinite(value):
        raise ValueError(f"not a duration: {text!r}")
    return value


def parse_spec(spec: str) -> dict[str, Any] | None:
    """``muertos serve --clock``: ``none``, ``live:10m+20s`` (bank + increment; the cap is
    twice the bank) or ``turn:24h``; checked as a request's clock is (ValueError)."""
    spec = spec.strip().lower()
    if spec in ("", "none"):
        return None
    mode, _, rest = spec.partition(":")
    if mode == "live":
        bank, _, inc = rest.partition("+")
        b = _seconds(bank or "10m")
        cap = max(b, min(2 * b, LIVE_CAP[1]))
        raw: dict[str, Any] = {"mode": "live", "bank": b, "increment": _seconds(inc or "0"), "cap": cap}
    elif mode == "turn":
        raw = {"mode": "turn", "per_move": _seconds(rest or "24h")}
    else:
        raise ValueError(f"--clock is none, live:10m+20s or turn:24h, not {spec!r}")
    try:
        settings = check_clock(raw)
    except ClockInvalid as e:
        raise ValueError(e.message) from None
    return settings.to_json() if settings else None


@dataclass(frozen=True)
class Move:
    """What a clock needs of a stored move: who made it, when, and whether a bot did."""

    seat: int
    time: datetime
    by_bot: bool


@dataclass(frozen=True)
class Clocks:
    """The clocks of a table at ``now``."""

    remaining: list[float | None]
    """Seconds left to each seat (its bank, or the time left of its move); None: no clock
    (a bot). A running clock's value is at ``now``; may be negative once run out."""
    running: int | None
    """The seat whose clock is running (a person to move at a started table)."""
    turn_started: datetime | None
    deadline: datetime | None
    """When the running clock reaches zero."""
    auto_bot_at: datetime | None
    """Turn-based: when the server hands the running seat to a bot by itself."""
    expired: bool


def compute(
    settings: ClockSettings,
    started_at: datetime | None,
    moves: Sequence[Move],
    to_move: int | None,
    people: Sequence[bool],
    now: datetime,
) -> Clocks:
    """Each seat's clock after ``moves`` at ``now``. ``people[i]``: seat i is (still)
    played by a person. A table not started yet (an invited person has not come) runs no
    clock; a move's time counts from the later of the previous move and the start."""
    n = len(people)
    banks = [settings.bank] * n
    prev: datetime | None = None
    if started_at is not None:
        for m in moves:
            begun = started_at if prev is None or prev < started_at else prev
            if settings.mode == "live" and not m.by_bot and 0 <= m.seat < n:
                used = max(0.0, (m.time - begun).total_seconds())
                banks[m.seat] = min(settings.cap, max(0.0, banks[m.seat] - used) + settings.increment)
            prev = m.time
    running = to_move if started_at is not None and to_move is not None and 0 <= to_move < n else None
    if running is not None and not people[running]:
        running = None
    turn_started = None
    deadline = None
    auto = None
    if running is not None:
        assert started_at is not None
        turn_started = started_at if prev is None or prev < started_at else prev
        left = banks[running] if settings.mode == "live" else settings.per_move
        deadline = turn_started + timedelta(seconds=left)
        if settings.mode == "turn":
            auto = turn_started + timedelta(seconds=2 * settings.per_move)
    remaining: list[float | None] = []
    for i in range(n):
        if not people[i]:
            remaining.append(None)
        elif i == running:
            assert deadline is not None
            remaining.append((deadline - now).total_seconds())
        elif settings.mode == "live":
            remaining.append(banks[i])
        else:
            remaining.append(settings.per_move)
    expired = deadline is not None and now >= deadline
    return Clocks(remaining, running, turn_started, deadline, auto, expired)


def majority(votes_for_bot: int, voters: int) -> bool:
    """More than half of the people who may choose want the bot (one of one suffices)."""
    return voters > 0 and 2 * votes_for_bot > voters
