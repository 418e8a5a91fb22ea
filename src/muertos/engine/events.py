"""Events: what an action caused, and who may read it.

Every line of a game's log is an :class:`Event`. An event seen by some seats only
(a card drawn into a hand) carries the full text for them and, optionally, a
redacted line for everyone else ("Player 2 draws a card"), so ``state.log(seat)``
is built from the same events for every seat without leaking anything.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .errors import CorruptState


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened.

    ``seats`` is ``None`` when everybody sees ``text``; otherwise only those seats do,
    and the others see ``public`` (or nothing when ``public`` is ``None``).
    """

    kind: str
    text: str
    seats: tuple[int, ...] | None = None
    public: str | None = None

    def line_for(self, seat: int | None) -> str | None:
        """The line ``seat`` may read (``None``: a spectator), or ``None`` if nothing."""
        if self.seats is None or (seat is not None and seat in self.seats):
            return self.text
        return self.public

    def redacted(self, seat: int | None) -> Event | None:
        """This event as ``seat`` may see it, or ``None`` when it is wholly hidden."""
        line = self.line_for(seat)
        if line is None:
            return None
        if line is self.text:
            return self
        return Event(self.kind, line)

    def to_json(self) -> list[Any]:
        return [self.kind, self.text, None if self.seats is None else list(self.seats), self.public]

    @classmethod
    def from_json(cls, d: Any) -> Event:
        try:
            kind, text, seats, public = d
        except (TypeError, ValueError):
            raise CorruptState(f"an event must be [kind, text, seats, public], got {d!r}") from None
        if not isinstance(kind, str) or not isinstance(text, str):
            raise CorruptState(f"event kind and text must be strings, got {d!r}")
        if seats is not None and not (isinstance(seats, list) and all(isinstance(s, int) for s in seats)):
            raise CorruptState(f"event seats must be a list of integers, got {seats!r}")
        if public is not None and not isinstance(public, str):
            raise CorruptState(f"event public line must be a string, got {public!r}")
        return cls(kind, text, None if seats is None else tuple(seats), public)
