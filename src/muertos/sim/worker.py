"""Imported once by the process pool's fork server so its workers start ready: the games,
the agents and the record writer are loaded before any worker is forked."""

from __future__ import annotations

from muertos.engine import game_ids

from . import runner as runner
from . import store as store

game_ids()
