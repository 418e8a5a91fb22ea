"""The shared statistics and the report's game-agnostic measures."""

from __future__ import annotations

import math
from collections import Counter

import pytest

from muertos.sim.plan import MAX_SEATINGS, game_seed, seatings
from muertos.sim.report import Trace, lead_changes, stat_families, winner_leads_at
from muertos.sim.stats import final_margin, mean_interval, wilson, win_shares


def test_wilson_matches_the_textbook_values() -> None:
    # Wilson 95% interval for 50/100: 0.5 ± 1.96·sqrt(0.25/100 + 1.96²/40000)/(1 + 1.96²/100)
    lo, hi = wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-4) and hi == pytest.approx(0.5962, abs=1e-4)
    # 0 of 10: the lower end is 0, the upper z²/(n + z²) = 3.8415/13.8415
    lo, hi = wilson(0, 10)
    assert lo == 0.0 and hi == pytest.approx(0.2775, abs=1e-4)
    assert wilson(10, 10)[1] == 1.0 and wilson(0, 3)[0] == 0.0
    for n in range(1, 40):  # the interval always holds the observed rate
        for w in range(n + 1):
            lo, hi = wilson(w, n)
            assert 0.0 <= lo <= w / n <= hi <= 1.0
    assert wilson(0, 0) == (0.0, 1.0)
    lo, hi = wilson(7.5, 20)  # fractional (shared) wins are allowed
    assert lo < 7.5 / 20 < hi


def test_win_shares_margin_and_mean() -> None:
    assert win_shares([1], 3) == [0.0, 1.0, 0.0]
    assert win_shares([0, 1], 2) == [0.5, 0.5]
    assert win_shares([], 2) == [0.0, 0.0]
    assert final_margin([3, 9, 7]) == 2.0
    assert final_margin([5, 5]) == 0.0
    assert math.isnan(final_margin([4]))
    m, lo, hi = mean_interval([1.0, 2.0, 3.0])
    assert m == 2.0 and lo < 2.0 < hi


@pytest.mark.parametrize(
    ("agents", "players", "size"),
    [
        (("a", "b"), 2, 2),
        (("a", "b"), 3, 6),  # the case: a twice or once, each table in every order
        (("a", "b", "c"), 2, 6),
        (("a", "b", "c", "d"), 4, 24),
        (("a", "b", "c"), 5, 15),  # 90 orders: 3 tables × 5 cyclic shifts
        (("a", "b", "c", "d", "e"), 5, 5),
        (("a",), 4, 1),
        (("a", "b"), 1, 2),
    ],
)
def test_seatings_put_every_agent_in_every_seat_with_the_same_company(
    agents: tuple[str, ...], players: int, size: int
) -> None:
    design = seatings(agents, players)
    assert len(design) == size <= MAX_SEATINGS and len(set(design)) == size
    assert all(len(t) == players for t in design)
    by_company: dict[tuple[str, ...], Counter[tuple[int, str]]] = {}
    for t in design:
        by_company.setdefault(tuple(sorted(t)), Counter()).update(enumerate(t))
    for company, counts in by_company.items():
        for name in set(company):
            assert len({counts[(s, name)] for s in range(players)}) == 1, (company, counts)
    # Moving everyone one seat along gives a seating of the design again.
    assert {t[1:] + t[:1] for t in design} == set(design)


def test_game_seeds_are_distinct_and_repeatable() -> None:
    seeds = {game_seed(7, d) for d in range(1000)}
    assert len(seeds) == 1000
    assert game_seed(7, 3) == game_seed(7, 3)
    assert not seeds & {game_seed(8, d) for d in range(1000)}
    assert all(0 <= s < 2**48 for s in seeds)


def test_lead_changes_and_early_leader() -> None:
    assert lead_changes([(0,), (1,), (0, 1), (1,), (0,)]) == 2
    assert lead_changes([(0, 1), (0, 1)]) == 0
    t = Trace(legal=[3, 3, 3, 3], leaders=[(1,), (1,), (0, 1), (0,)], winners=[0], ok=True)
    assert winner_leads_at(t, 0.25) == 0.0
    assert winner_leads_at(t, 0.75) == 0.5
    assert winner_leads_at(t, 1.0) == 1.0


def test_stat_families_group_keys_that_differ_in_one_number() -> None:
    fams, singles = stat_families(
        ["steps_1", "steps_2", "steps_10", "seat1_lit", "seat2_lit", "rounds", "x_3"]
    )
    assert fams == {
        "seat#_lit": [(1, "seat1_lit"), (2, "seat2_lit")],
        "steps_#": [(1, "steps_1"), (2, "steps_2"), (10, "steps_10")],
    }
    assert singles == ["rounds", "x_3"]
