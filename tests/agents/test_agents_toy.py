"""Agents on the engine's toy game, where the best play is known."""

from __future__ import annotations

import random

import pytest

from muertos.agents import GreedyAgent, ISMCTSAgent, RandomAgent, agent
from muertos.engine import UnknownAgent
from tests.engine.toy import TOY


def _play(agents: list[object], seed: int) -> list[float]:
    s = TOY.new(2, seed)
    while not s.over:
        seat = s.to_move
        assert seat is not None
        s.apply(agents[seat].act(s, seat))  # type: ignore[attr-defined]
    return s.scores()


def test_agent_names() -> None:
    assert agent("random", 1).name == "random"
    assert agent("greedy", 1).name == "greedy"
    assert agent("ismcts", 1).name == "ismcts:1000"
    assert agent("ISMCTS:2000").name == "ismcts:2000"
    assert agent("ismcts:1.5s").name == "ismcts:1.5s"
    assert agent("ismcts:0.5s:heuristic").name == "ismcts:0.5s:heuristic"
    for bad in ("ismcts:fast", "ismcts:-3", "ismcts:0s", "wizard"):
        with pytest.raises(UnknownAgent):
            agent(bad)


def test_greedy_plays_its_highest_card() -> None:
    # Without a heuristics module the toy is judged by its score: the sum of played cards.
    s = TOY.new(2, 3, options={"draw": False})
    hand = sorted(s.hands[0])  # type: ignore[attr-defined]
    assert GreedyAgent(1).act(s, 0) == f"play {hand[-1]}"


def test_ismcts_is_deterministic_by_seed_and_blind_to_hidden_information() -> None:
    s = TOY.new(2, 8)
    s.apply(s.legal_actions()[0])
    a = ISMCTSAgent(5, iterations=200).act(s, 1)
    assert ISMCTSAgent(5, iterations=200).act(s, 1) == a
    # Same view for seat 1, different hidden cards: the same choice.
    for k in range(3):
        other = s.determinize(1, random.Random(k))
        assert other.to_json()["data"] != s.to_json()["data"] or k > 0
        assert ISMCTSAgent(5, iterations=200).act(other, 1) == a


def test_ismcts_outscores_random_on_the_toy() -> None:
    # The toy is mostly luck (greedy is no better than random), so compare mean scores over
    # the same deals with seats swapped; strength on the real games is in benchmarks/strength.py.
    mine = theirs = 0.0
    for seed in range(15):
        sc = _play([ISMCTSAgent(seed, iterations=60), RandomAgent(seed)], seed)
        mine, theirs = mine + sc[0], theirs + sc[1]
        sc = _play([RandomAgent(seed), ISMCTSAgent(seed, iterations=60)], seed)
        mine, theirs = mine + sc[1], theirs + sc[0]
    assert mine > theirs, (mine, theirs)


def test_ismcts_finds_the_winning_draw() -> None:
    # Seat 0 holds 1 and 2 and has played 11 and 12 ... built by hand: the deck's last card is
    # unknown to it, but every unseen card beats its hand, so drawing is clearly best.
    s = TOY.new(2, 1).with_position(deck=[9, 10], hands=[[1, 2], [3, 4, 5, 6, 7, 8]], played=[[], [11, 12]])
    assert ISMCTSAgent(2, iterations=600).act(s, 0) == "draw"


def test_a_game_rollout_without_an_opinion_falls_back_to_the_generic_heuristic_playout(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A game's ``rollout`` may answer None (Ofrenda's does with several seats): the
    search's generic heuristic playout then plays, exactly as for a game without one."""
    s = TOY.new(2, 8)
    s.apply(s.legal_actions()[0])
    generic = [ISMCTSAgent(seed, iterations=150, rollout="heuristic").act(s, 1) for seed in range(6)]
    asked: list[int] = []

    def no_opinion(state: object, rng: random.Random) -> None:
        asked.append(1)

    monkeypatch.setattr(type(TOY), "rollout_policy", lambda self: no_opinion)
    silent = [ISMCTSAgent(seed, iterations=150, rollout="heuristic").act(s, 1) for seed in range(6)]
    assert asked  # the game's policy was asked
    assert silent == generic
