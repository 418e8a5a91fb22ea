"""The bots' evaluation: its caches give the numbers the plain computation gives."""

from __future__ import annotations

import random
from itertools import product

import muertos
from muertos.games.die_of_the_dead import heuristics as h
from muertos.games.die_of_the_dead.rules import DieOfTheDeadState


def test_spread_is_every_completion_of_the_free_cells() -> None:
    rnd = random.Random(3)
    for _ in range(300):
        sec = rnd.randrange(4)
        vals = tuple(rnd.choice((0, 0, 1, 2, 3, 4, 5, 6)) for _ in range(4))
        pattern = rnd.random() < 0.5
        urns = ((0, 2, rnd.random() < 0.5, rnd.random() < 0.5), (3, 5, True, rnd.random() < 0.5))
        free = [i for i in range(4) if vals[i] == 0]
        scores = []
        for choice in product(range(1, 7), repeat=len(free)):
            vs = list(vals)
            for i, v in zip(free, choice, strict=True):
                vs[i] = v
            scores.append(h._score(sec, tuple(vs), pattern, urns))
        assert h._spread(sec, vals, pattern, urns) == (max(scores), sum(scores), len(scores))


def test_remembered_values_are_the_computed_ones() -> None:
    g = muertos.game("die-of-the-dead")
    for players in (2, 3, 5):
        s = g.new(players, seed=players)
        rnd = random.Random(players)
        while True:
            assert isinstance(s, DieOfTheDeadState)
            for seat in range(players):
                assert h._value(s, seat) == h._value_of(s, seat)
            if s.over:
                break
            legal = s.legal_actions()
            s.apply(legal[rnd.randrange(len(legal))])
