"""The search's options that model the table: greedy rivals, a greedy prior at the root, and
expansion of the best untried move first (each a game's choice in its ``heuristics``)."""

from __future__ import annotations

from typing import Any

import pytest

from muertos.agents import ISMCTSAgent
from muertos.agents.ismcts import RIVAL, _Node
from muertos.engine import State
from tests.engine.toy import TOY


def _deal(seed: int) -> State:
    """A toy deal: the greedy bot plays its highest card (a draw scores nothing at once)."""
    return TOY.new(2, seed)


def _tuned(monkeypatch: pytest.MonkeyPatch, **constants: Any) -> None:
    """Give the toy game (which has no heuristics) search constants, as a game would."""
    monkeypatch.setattr(type(TOY.parts), "tuning", lambda self, name, default: constants.get(name, default))


def test_greedy_rivals_play_the_greedy_move_in_the_tree_and_in_playouts(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seen: list[tuple[list[int], str]] = []
    real = ISMCTSAgent._greedy

    def spy(self: ISMCTSAgent, d: State, mover: int, legal: list[str] | None = None) -> str:
        a = real(self, d, mover, legal)
        seen.append((list(d.hands[mover]), a))  # type: ignore[attr-defined]
        return a

    monkeypatch.setattr(ISMCTSAgent, "_greedy", spy)
    s = _deal(4)
    bot = ISMCTSAgent(3, iterations=120, opponents="greedy")
    root = bot._search(s, 0, s.legal_actions())
    assert seen and all(a == (f"play {max(hand)}" if hand else "draw") for hand, a in seen)
    # The searcher branches on its own moves; below each, the rival's move (whichever its
    # hidden hand made it) leads to one node, and the tree goes on to the searcher's next move.
    assert len(root.children) == len(s.legal_actions())
    for mine in root.children.values():
        assert set(mine.children) <= {RIVAL}
    deeper = [a for mine in root.children.values() for r in mine.children.values() for a in r.children]
    assert deeper and set(deeper) <= {*(f"play {c}" for c in range(1, 13)), "draw"}


@pytest.mark.parametrize("model", ["greedy", "policy"])
def test_modelled_rivals_never_branch(model: str) -> None:
    s = _deal(6)
    root = ISMCTSAgent(1, iterations=200, opponents=model)._search(s, 0, s.legal_actions())
    stack, depth = [(root, 0)], 0
    while stack:
        node, ply = stack.pop()
        depth = max(depth, ply)
        # Where a rival moves, its moves never split the tree.
        assert RIVAL not in node.children or set(node.children) == {RIVAL}
        stack.extend((ch, ply + 1) for ch in node.children.values())
    assert any(RIVAL in mine.children for mine in root.children.values())
    assert depth >= 3  # the searcher's second move was reached


def test_rivals_are_searched_unless_a_game_or_the_caller_says_otherwise(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    s = _deal(4)
    root = ISMCTSAgent(3, iterations=200)._search(s, 0, s.legal_actions())
    assert any(len(mine.children) > 1 for mine in root.children.values())  # rivals branch
    _tuned(monkeypatch, OPPONENTS="policy")
    root = ISMCTSAgent(3, iterations=200)._search(s, 0, s.legal_actions())
    assert all(set(mine.children) <= {RIVAL} for mine in root.children.values())
    _tuned(monkeypatch, OPPONENTS="psychic")
    with pytest.raises(ValueError, match="OPPONENTS"):
        ISMCTSAgent(3, iterations=10).act(s, 0)
    with pytest.raises(ValueError, match="opponents"):
        ISMCTSAgent(3, opponents="psychic")


def test_a_strong_prior_keeps_the_search_on_the_greedy_move() -> None:
    s = _deal(9)
    best = f"play {max(s.hands[0])}"  # type: ignore[attr-defined]
    # Without exploration a prior worth a million visits decides alone once each move was
    # tried: every later iteration goes to the greedy bot's move.
    bot = ISMCTSAgent(2, iterations=60, prior=1e6, widen=None, exploration=0.0)
    root = bot._search(s, 0, s.legal_actions())
    visits = {a: ch.visits for a, ch in root.children.items()}
    assert visits[best] == 60 - (len(visits) - 1)
    # The prior is not a visit: what analysis quotes counts only real searches.
    assert sum(v for v, _ in bot.root_values(s, 0).values()) == 60


def test_no_prior_is_the_search_as_it_was() -> None:
    s = _deal(9)
    plain = ISMCTSAgent(2, iterations=80)._search(s, 0, s.legal_actions())
    zero = ISMCTSAgent(2, iterations=80, prior=0.0)._search(s, 0, s.legal_actions())

    def stats(n: _Node) -> dict[str, tuple[int, float]]:
        return {a: (ch.visits, ch.reward) for a, ch in n.children.items()}

    assert stats(plain) == stats(zero)


def test_expanding_the_best_untried_move_first(monkeypatch: pytest.MonkeyPatch) -> None:
    s = _deal(9)
    best = f"play {max(s.hands[0])}"  # type: ignore[attr-defined]
    _tuned(monkeypatch, EXPAND="best")
    root = ISMCTSAgent(2, iterations=1, widen=None)._search(s, 0, s.legal_actions())
    assert list(root.children) == [best]
    _tuned(monkeypatch, EXPAND="sideways")
    with pytest.raises(ValueError, match="EXPAND"):
        ISMCTSAgent(2, iterations=1).act(s, 0)


def test_a_node_whose_moves_change_between_visits_is_known_as_varying() -> None:
    node = _Node()
    assert not ISMCTSAgent._varies(node, ["a", "b"])  # first visit: remembered
    assert not ISMCTSAgent._varies(node, ["b", "a"])  # the same moves
    assert ISMCTSAgent._varies(node, ["a", "c"])  # a roll changed them
    assert not ISMCTSAgent._varies(node, ["a"])  # varying, but one move is no choice
    assert ISMCTSAgent._varies(node, ["a", "b"])


def test_ranked_moves_are_best_first_and_narrowed_with_ties_kept() -> None:
    s = _deal(9)
    hand = sorted(s.hands[0], reverse=True)  # type: ignore[attr-defined]
    ranked = ISMCTSAgent._ranked(s, 0, s.legal_actions(), None)
    assert ranked[: len(hand)] == [f"play {c}" for c in hand]  # a higher card is worth more now
    assert ISMCTSAgent._ranked(s, 0, s.legal_actions(), 1) == [f"play {hand[0]}"]


def test_chance_aware_expansion_ranks_where_a_draw_changed_the_moves(monkeypatch: pytest.MonkeyPatch) -> None:
    s = _deal(2)
    _tuned(monkeypatch, EXPAND="chance")
    root = ISMCTSAgent(5, iterations=300, widen=None)._search(s, 0, s.legal_actions())
    again = ISMCTSAgent(5, iterations=300, widen=None)._search(s, 0, s.legal_actions())
    assert {a: ch.visits for a, ch in root.children.items()} == {
        a: ch.visits for a, ch in again.children.items()
    }
    nodes, varying = [root], 0
    while nodes:
        node = nodes.pop()
        varying += node.varying
        nodes.extend(node.children.values())
    assert varying  # after a draw (or the rival's hidden hand) the moves differ by determinization
