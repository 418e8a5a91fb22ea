"""The search constants Die of the Dead chooses for its solo game: after a casket is opened
the dice are rolled anew on every visit of the search, so a node there ranks the drafts of
this roll, searches the best of them and expands the best first, instead of random drafts or
the best of an old roll (``SOLO_EXPAND = "chance"``)."""

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


def test_solo_search_ranks_the_drafts_of_each_roll(monkeypatch: pytest.MonkeyPatch) -> None:
    ranked: list[list[str]] = []
    real = ISMCTSAgent._ranked

    def spy(d: State, mover: int, options: list[str], widen: int | None) -> list[str]:
        ranked.append(list(options))
        return real(d, mover, options, widen)

    monkeypatch.setattr(ISMCTSAgent, "_ranked", staticmethod(spy))
    assert GAME.parts.tuning("SOLO_EXPAND", "random") == heuristics.SOLO_EXPAND == "chance"
    s = _at_first_open(1, 4)
    ISMCTSAgent(2, iterations=200).act(s, 0)
    # Below an opened casket the moves change with every roll: each visit ranked that roll's
    # drafts by the evaluation, instead of keeping a set narrowed on one old roll.
    assert any(any(a.startswith("draft") for a in options) for options in ranked)


def test_multiplayer_search_keeps_random_expansion(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[int] = []
    monkeypatch.setattr(ISMCTSAgent, "_ranked", staticmethod(lambda *args: asked.append(1) or []))
    monkeypatch.setattr(ISMCTSAgent, "_greedy", lambda self, d, mover, legal=None: asked.append(1) or "")
    assert GAME.parts.tuning("EXPAND", "random") == "random"
    s = _at_first_open(2, 4)
    ISMCTSAgent(2, iterations=100).act(s, s.to_move or 0)
    assert not asked
