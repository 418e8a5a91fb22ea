"""The evaluation used by the greedy and search bots."""

from __future__ import annotations

import random

from muertos.games.dia_de_los_muertos import GAME
from muertos.games.dia_de_los_muertos.heuristics import evaluate, rollout

from .helpers import table


def test_progress_limbs_and_festivity_count() -> None:
    base = table(pos=[10, 10, 10], hands=[["kick"], ["kick"], ["kick"]], stack=[["endround"]])
    assert abs(evaluate(base, 0)) < 1e-9  # everyone equal
    ahead = table(pos=[17, 10, 10], hands=[["kick"], ["kick"], ["kick"]], stack=[["endround"]])
    assert evaluate(ahead, 0) > 0 > evaluate(ahead, 1)
    lame = table(pos=[10, 10, 10], legs=[0, 2, 2], hands=[["kick"], ["kick"], ["kick"]], stack=[["endround"]])
    assert evaluate(lame, 0) < 0
    rich = table(
        pos=[10, 10, 10],
        fest=[["banquet"], [], []],
        hands=[["kick"], ["kick"], ["kick"]],
        stack=[["endround"]],
    )
    assert evaluate(rich, 0) > 2


def test_home_skeleton_counts_its_place() -> None:
    s = table(pos=[10, 32, 10], home=[0, 1, 0], hands=[["kick"], [], ["kick"]], stack=[["endround"]])
    assert evaluate(s, 1) > 4  # 7 place points against far-away rivals


def test_engine_uses_the_heuristic_and_rollout_keeps_cards() -> None:
    s = GAME.new(3, 1)
    assert GAME.evaluate(s, 0) == evaluate(s, 0)
    rnd = random.Random(0)
    while not s.over and s.round < 3:
        a = rollout(s, rnd)
        if s.legal_actions()[0] == "keep":
            assert a == "keep"
        assert a in s.legal_actions()
        s.apply(a)


def test_greedy_players_bring_a_game_home() -> None:
    import muertos

    rec = muertos.play("dia-de-los-muertos", seats=["greedy", "greedy"], seed=0)
    s = rec.replay()
    assert s.over and all(s.home)  # type: ignore[attr-defined]
    assert s.stats()["round_limit_reached"] == 0
    assert sorted(s.home) == [1, 2]  # type: ignore[attr-defined]
