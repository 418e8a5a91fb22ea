"""The refusals of the table service, in its own terms.

The service (``tables.py``) knows nothing of HTTP: it refuses with a :class:`TableError`
of the kind that says whose doing the refusal is; ``http.py`` maps the kinds to statuses.
"""

from __future__ import annotations


class TableError(Exception):
    """A refused request: ``code`` is stable (for programs), ``message`` is for people.
    Nothing was changed."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


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
