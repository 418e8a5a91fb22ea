"""The search constants Die of the Dead chooses for its solo game: after a casket is opened
the dice are rolled anew on every visit of the search, so a node there must expand the best
draft of this roll, not a random one (``SOLO_EXPAND``)."""

from __future__ import annotations

import pytest

from muertos.agents import ISMCTSAgent
from muertos.engine import State
from muertos.games.die_of_the_dead import GAME, heuristics


def _at_first_open(players: int, seed: int) -> State:
    """A new game played up to its first Round Starter's choice of a casket (the solo
    set-up's fills, the multiplayer puts, by their first listed move)."""
    s = GAME.new(players, seed)
    while s.phase != "open":  # type: ignore[attr-defined]
        s.apply(s.legal_actions()[0])
    return s


def test_solo_search_expands_the_best_draft_after_a_roll(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[list[str]] = []
    real = ISMCTSAgent._greedy

    def spy(self: ISMCTSAgent, d: State, mover: int, legal: list[str] | None = None) -> str:
        asked.append(list(legal or d.legal_actions()))
        return real(self, d, mover, legal)

    monkeypatch.setattr(ISMCTSAgent, "_greedy", spy)
    assert GAME.parts.tuning("SOLO_EXPAND", "random") == heuristics.SOLO_EXPAND == "best"
    s = _at_first_open(1, 4)
    ISMCTSAgent(2, iterations=200).act(s, 0)
    # The untried moves below an opened casket were chosen among by the evaluation: drafts
    # of the dice just rolled.
    assert any(any(a.startswith("draft") for a in legal) for legal in asked)


def test_multiplayer_search_keeps_random_expansion(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[int] = []
    monkeypatch.setattr(ISMCTSAgent, "_greedy", lambda self, d, mover, legal=None: asked.append(1) or "")
    assert GAME.parts.tuning("EXPAND", "random") == "random"
    s = _at_first_open(2, 4)
    ISMCTSAgent(2, iterations=100).act(s, s.to_move or 0)
    assert not asked
