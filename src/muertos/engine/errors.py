"""The errors of the public API. Each is a ValueError, so callers that only know the
standard library still catch them, and each message names what was wrong."""

from __future__ import annotations


class MuertosError(ValueError):
    """Base of every error muertos raises on purpose."""


class IllegalAction(MuertosError):
    """An action the rules forbid now. The state is left exactly as it was.

    ``action`` is what was asked for, ``rule`` the reason in the rulebook's words.
    """

    def __init__(self, action: str, rule: str) -> None:
        self.action = action
        self.rule = rule
        super().__init__(f"illegal action {action!r}: {rule}")


class UnknownGame(MuertosError):
    """No game has that id."""


class InvalidOptions(MuertosError):
    """Options or a player count the rulebook does not allow."""


class CorruptState(MuertosError):
    """A saved state or record that cannot be read back; nothing was loaded."""


class UnknownAgent(MuertosError):
    """No agent goes by that name."""
