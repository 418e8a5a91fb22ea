"""benchmarks/perfect.py: where a bot's solo Die of the Dead games lose the perfect 18."""

from __future__ import annotations

import subprocess
import sys

import pytest

import muertos
from muertos.games.die_of_the_dead import DieOfTheDeadState
from muertos.games.die_of_the_dead.plan import still_perfect
from muertos.match import seat_seed

from .games.die_of_the_dead.helpers import D
from .scripts import BENCHMARKS, load_benchmark

SCRIPT = BENCHMARKS / "perfect.py"
WHYS = {"token used or discarded", "die placed", "die placed: dice short", "the caskets' fill"}


def test_each_game_names_the_move_that_lost_the_perfect() -> None:
    perfect = load_benchmark("perfect")
    for seed in range(3):
        steps, dice, rnd, why = perfect.play("greedy", seed)
        final = muertos.play("die-of-the-dead", seats=["greedy"], seed=seed)
        assert steps == final.scores[0]  # the same game as the bot plays it anywhere
        assert dice is not None and 0 <= dice <= 12 and rnd >= 1
        assert why in WHYS or why.isalpha(), why  # else the move's verb: a draft, a pay, a remove


def test_the_perfect_is_told_lost_at_the_move_that_lost_it() -> None:
    perfect = load_benchmark("perfect")
    seed = 1
    _, dice, rnd, _ = perfect.play("greedy", seed)
    agent = muertos.agent("greedy", seed=seat_seed(seed, 0))  # the seat's agent, as muertos.play seeds it
    s = muertos.game("die-of-the-dead").new(1, seed)
    assert isinstance(s, DieOfTheDeadState)
    while s.phase == "fill":
        s.apply(agent.act(s, 0))
    alive = still_perfect(s)
    while alive:
        s.apply(agent.act(s, 0))
        alive = still_perfect(s)
    assert (sum(d >= 0 for d in s.ofrenda[0]), s.round) == (dice, rnd)


def test_the_hope_is_added_at_a_leaf_only_while_the_perfect_can_be_reached() -> None:
    perfect = load_benchmark("perfect")
    agent = perfect.hoping("ismcts:50", 4, 2.0, 1.0)
    s = muertos.game("die-of-the-dead").new(1, 2)
    assert isinstance(s, DieOfTheDeadState)
    for a in ("fill 1 rbg", "fill 2 gyp", "fill 3 rby", "fill 4 bgp"):
        s.apply(a)
    plain = s.game.evaluate(s, 0)
    assert still_perfect(s) and agent.leaf(s) == [plain]  # no die placed yet: 2 × (0 / 12)
    s.ofrenda[0][10] = D("g3")  # a green 3 on the Bread: one die of twelve
    assert still_perfect(s) and agent.leaf(s) == [pytest.approx(s.game.evaluate(s, 0) + 2 / 12)]
    s.spent = 1  # a token gone: no perfect, no hope
    assert agent.leaf(s) == [s.game.evaluate(s, 0)]
    with pytest.raises(ValueError, match="--hope needs an ismcts bot"):
        perfect.hoping("greedy", 0, 1.0, 0.0)


@pytest.mark.parametrize(
    "bad",
    [
        ["--seeds", "0"],
        ["--first-seed", "-1"],
        ["--bot", "nobody"],
        ["--hope", "nan"],
        ["--hope", "3", "--power", "inf"],
        ["--hope", "3", "--bot", "greedy"],
    ],
)
def test_bad_arguments_are_refused_with_exit_2(bad: list[str]) -> None:
    r = subprocess.run([sys.executable, str(SCRIPT), *bad], capture_output=True, text=True, timeout=120)
    assert r.returncode == 2, r.stderr
