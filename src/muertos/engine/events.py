"""Events: what an action caused, and who may read it.

Every line of a game's log is an :class:`Event`. An event seen by some seats only
(a card drawn into a hand) carries the full text for them and, optionally, a
redacted line for everyone else ("Player 2 draws a card"), so ``state.log(seat)``
is built from the same events for every seat without leaking anything.

A game's text names a seat only by :func:`seat_ref` ("Player 2"). That is a reference,
not the final wording: :func:`name_seats` renders it with the names a table gave its seats
("Ana", "Bot 2 (greedy)"), so log, status and errors call a person by one name everywhere.
Without names it stays "Player 2", the text games are pinned by (``tests/golden``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .errors import CorruptState

SEAT_REF = re.compile(r"\bPlayer ([1-9][0-9]?)\b")
"""A seat reference as :func:`seat_ref` writes it, found in any text of a game."""


def seat_ref(seat: int) -> str:
    """How a game's text names ``seat`` (0-based): a reference :func:`name_seats` renders.

    A game's own marks go after it ("Player 2 (White)"); they stay as secondary marks
    beside the name ("Ana (White)")."""
    return f"Player {seat + 1}"


def counted(n: int, word: str, words: str | None = None) -> str:
    """``1 card``, ``2 cards``: a count in a game's English sentence. The catalogs translate
    the sentence of one and the sentence of many each as a whole ("1 marigolds" was read).

    >>> counted(1, "marigold"), counted(0, "marigold"), counted(2, "step"), counted(3, "die", "dice")
    ('1 marigold', '0 marigolds', '2 steps', '3 dice')
    """
    return f"{n} {word}" if n == 1 else f"{n} {words or word + 's'}"


def name_seats(text: str, names: Sequence[str] | None) -> str:
    """``text`` with each seat reference replaced by that seat's name (one pass, so a name
    that itself reads "Player 3" is never replaced again); unchanged without names."""
    if not names:
        return text

    def name(m: re.Match[str]) -> str:
        k = int(m.group(1)) - 1
        return names[k] if 0 <= k < len(names) and names[k] else m.group(0)

    return SEAT_REF.sub(name, text)


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

    def redacted(self, seat: int | None, names: Sequence[str] | None = None) -> Event | None:
        """This event as ``seat`` may see it (seats called by ``names``, if given), or
        ``None`` when it is wholly hidden."""
        line = self.line_for(seat)
        if line is None:
            return None
        if line is self.text and not names:
            return self
        return Event(self.kind, name_seats(line, names))

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
