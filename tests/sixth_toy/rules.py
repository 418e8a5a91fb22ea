"""The sixth toy's rules: the engine toy's, in classes of this package's own (a ``Game``
binds its state class, so the two games cannot share one)."""

from __future__ import annotations

from muertos.engine.views import BaseView
from tests.engine.toy import ToyGame, ToyState


class SixthToyView(BaseView):
    """What a seat sees: its own hand and face-down cards; of the others only how many."""

    deck: int
    hands: list[list[int] | int]
    played: list[list[int] | int]


class SixthToyState(ToyState):
    """The toy's rules, unchanged."""


class SixthToyGame(ToyGame):
    id = "sixth-toy"
    title = "Sixth toy"
    state_class = SixthToyState
    view_type = SixthToyView
    summary = (
        "A throwaway test game: draw a card or play one face down; after three cards each, "
        "the highest total wins."
    )
