"""The refusals of the table service, in its own terms.

The service (``tables.py``) knows nothing of HTTP: it refuses with a :class:`TableError`
of the kind that says whose doing the refusal is; ``http.py`` maps the kinds to statuses.
A refusal holds a message key of the ``[api]`` catalog section and its values, not a
sentence, so each reader gets it in their own language (:meth:`TableError.text`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from muertos import i18n
from muertos.engine.events import seat_ref


@dataclass(frozen=True)
class Said:
    """A game's (or the engine's) own English sentence inside a refusal, read through that
    game's catalog: the rule an illegal action breaks, why options are refused."""

    text: str
    game: str | None = None


@dataclass(frozen=True)
class Phrase:
    """Another ``[api]`` message inside a refusal (why a take-back is refused)."""

    key: str


@dataclass(frozen=True)
class Seat:
    """A seat named inside a refusal (0-based ``seat``, its stored ``name``): a name a
    person typed reads as typed, a default one in the reader's words, with the article a
    sentence gives it ("le toca al Jugador 1"), as in the game's own lines."""

    seat: int
    name: str


class TableError(Exception):
    """A refused request: ``code`` is stable (for programs), :meth:`text` is for people.
    Nothing was changed."""

    section = "api"
    """The catalog section of :attr:`key`: a feature may keep its refusals beside its
    other words (``analysis.api``)."""

    def __init__(self, code: str, key: str, /, **params: Any) -> None:
        self.code = code
        self.key = key
        self.params = params
        super().__init__(self.message)

    @property
    def message(self) -> str:
        """The refusal in English (logs, and readers who asked for no language)."""
        return self.text(i18n.DEFAULT)

    def text(self, lang: str) -> str:
        """The refusal in ``lang``."""
        values = {k: _value(v, lang) for k, v in self.params.items()}
        text = i18n.message(f"{self.section}.{self.key}", lang, **values)
        named = {v.seat: v.name for v in self.params.values() if isinstance(v, Seat)}
        if named:
            text = i18n.seats(text, lang, [named.get(k, "") for k in range(max(named) + 1)])
        return text


def _value(v: Any, lang: str) -> Any:
    if isinstance(v, Said):
        return i18n.translate(v.text, lang, v.game)
    if isinstance(v, Phrase):
        return i18n.message(f"api.{v.key}", lang)
    if isinstance(v, Seat):
        return seat_ref(v.seat)
    return v


class Illegal(TableError):
    """The rules of the game forbid the action."""


class NotAllowed(TableError):
    """No token, a wrong one, or a token for another seat."""


class NotFound(TableError):
    """No such table, seat, step or game."""


class NotNow(TableError):
    """The table is not in the state the request assumed: not your turn, over, a stale
    move index, a lost race, an undo that would take back what was shown."""


class Invalid(TableError):
    """A table that cannot be opened as asked: unknown game, bad options, seats or names."""


class TooMany(TableError):
    """Too many requests of one kind in a short time (chat messages): try again shortly."""
