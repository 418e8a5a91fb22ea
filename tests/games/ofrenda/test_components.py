"""The data file keeps the rulebook's invariants (A-OF1, b.4, b.5)."""

from __future__ import annotations

import random
from collections import Counter

from muertos.games.ofrenda import GAME
from muertos.games.ofrenda.components import ADJ, DATA, NSLOTS, TOKEN_CARDS
from muertos.games.ofrenda.heuristics import estimates, evaluate
from muertos.games.ofrenda.rules import OfrendaState

from .helpers import arrange, finish, new


def test_board_invariants() -> None:
    assert NSLOTS == 12
    degrees = sorted(len(a) for a in ADJ)
    assert degrees[0] >= 2 and degrees[-1] <= 6  # "between two and six other card slots"
    assert sum(degrees) // 2 == 23
    for s in DATA.slots:  # horizontal or diagonal only, never vertical
        for a in s.adjacent:
            t = DATA.slots[a]
            assert (t.row == s.row and abs(t.x - s.x) == 1) or (
                abs(t.row - s.row) == 1 and abs(t.x - s.x) == 0.5
            )
    for a, b, c in TOKEN_CARDS:  # each token slot touches three mutually adjacent card slots
        assert b in ADJ[a] and c in ADJ[a] and c in ADJ[b]
    kinds = Counter(s.kind for s in DATA.slots)
    assert kinds == {"plain": 6, "golden": 2, "cost": 2, "gain": 2}
    assert Counter(j.type for j in DATA.token_slots) == {"candle": 6, "marigold": 6}


def test_component_counts() -> None:
    assert len(DATA.portraits) == 65
    assert Counter(p.mark for p in DATA.portraits) == {"all": 35, "3+": 15, "4": 15}
    assert len(DATA.candles) == 35 and sum(k.multiplayer_only for k in DATA.candles) == 7
    assert len(DATA.goals) == 15 and Counter(g.back for g in DATA.goals) == {"I": 5, "II": 5, "III": 5}
    assert len(DATA.goal_tokens) == 12
    colours = Counter(p.colour for p in DATA.portraits)
    offerings = Counter(p.offering for p in DATA.portraits)
    assert set(colours.values()) == {13} and set(offerings.values()) == {13}


def test_reconstructed_items_are_listed() -> None:
    lines = GAME.reconstructed()
    assert any("board" in line.lower() for line in lines)
    assert any("portrait" in line.lower() for line in lines)
    assert "Reconstructed components" not in GAME.rules()  # `muertos rules` lists them, once
    assert "place P17 S5" in GAME.rules()


def test_heuristic_prefers_the_better_ofrenda() -> None:
    s = arrange(new(2), boards={0: {"S1": "P15", "S2": "P16", "S3": "P17", "S5": "P18"}})
    est = estimates(s)
    assert est[0] > est[1]
    assert evaluate(s, 0) > 0 > evaluate(s, 1)
    s = finish(s)
    assert estimates(s) == [15.0, 0.0]  # 3 + 10 + 2 (test_scoring, without the marigold)
    assert evaluate(s, 0) == 15.0


def test_stats() -> None:
    s = finish(arrange(new(2), boards={0: {"S1": "P15", "S2": "P16", "S3": "P17", "S5": "P18"}}))
    st = s.stats()
    assert st["rounds"] == 12 and st["portraits_placed"] == 2.0 and st["portraits_lit"] == 1.5


def test_one_step_greedy_on_the_heuristic_beats_random_play() -> None:
    for seed in (1, 2):
        s = new(1, seed=seed)
        while not s.over:
            best = max(s.legal_actions(), key=lambda a: evaluate(_after(s, a), 0))
            s.apply(best)
        greedy = s.scores()[0]
        r = new(1, seed=seed)
        rnd = random.Random(seed)
        while not r.over:
            r.apply(rnd.choice(r.legal_actions()))
        assert greedy >= 30 and greedy > r.scores()[0] + 15


def _after(s: OfrendaState, action: str) -> OfrendaState:
    c = s.clone()
    c.apply(action)
    assert isinstance(c, OfrendaState)
    return c
