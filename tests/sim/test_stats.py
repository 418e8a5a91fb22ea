"""The shared statistics and the report's game-agnostic measures."""

from __future__ import annotations

import math
import random
from collections import Counter

import pytest

from muertos.sim.plan import MAX_SEATINGS, game_seed, seatings
from muertos.sim.report import Trace, early_lead, lead_changes, leaders_of, stat_families, winner_leads_at
from muertos.sim.stats import final_margin, mean_interval, t_quantile, wilson, win_shares


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
    ("p", "df", "table"),
    [  # Student's t table (two-sided 95%: p = 0.975; 99%: p = 0.995)
        (0.975, 1, 12.7062),
        (0.975, 2, 4.30265),
        (0.975, 3, 3.18245),
        (0.975, 9, 2.26216),
        (0.975, 10, 2.22814),
        (0.975, 30, 2.04227),
        (0.995, 1, 63.6567),
        (0.995, 10, 3.16927),
        (0.95, 5, 2.01505),
    ],
)
def test_t_quantiles_match_the_table(p: float, df: int, table: float) -> None:
    assert t_quantile(p, df) == pytest.approx(table, abs=1e-4)
    assert t_quantile(1 - p, df) == pytest.approx(-table, abs=1e-4)


def test_t_quantiles_match_the_closed_forms() -> None:
    """One and two degrees of freedom have exact quantiles: Cauchy's tan(π(p − ½)), and
    (2p − 1)/√(2p(1 − p)); many degrees of freedom tend to the normal's."""
    for p in (0.51, 0.6, 0.75, 0.9, 0.975, 0.99, 0.9975):
        assert t_quantile(p, 1) == pytest.approx(math.tan(math.pi * (p - 0.5)), rel=1e-9)
        assert t_quantile(p, 2) == pytest.approx((2 * p - 1) / math.sqrt(2 * p * (1 - p)), rel=1e-9)
    assert t_quantile(0.975, 100_000) == pytest.approx(1.959964, abs=1e-4)
    with pytest.raises(ValueError):
        t_quantile(0.975, 0)


def test_few_values_give_wide_or_unbounded_intervals() -> None:
    """Finding 1: one value gave a zero-width interval, and a few values the normal z's,
    far too narrow (one deal made every seat "significant")."""
    assert mean_interval([0.5]) == (0.5, -math.inf, math.inf)
    # Equal values say as little as a fair coin landing alike: 2^(1-n) must fall below 5%.
    assert mean_interval([0.5] * 5)[1:] == (-math.inf, math.inf)
    assert mean_interval([0.5] * 6) == (0.5, 0.5, 0.5)
    assert mean_interval([0.5] * 6, 0.975)[1:] == (-math.inf, math.inf)  # 2/64 > 2.5%
    # 1, 2, 3: sd 1, t(0.975, 2) = 4.30265 -> 2 ± 4.30265/√3
    _, lo, hi = mean_interval([1.0, 2.0, 3.0])
    assert (lo, hi) == (
        pytest.approx(2 - 4.30265 / math.sqrt(3), abs=1e-4),
        pytest.approx(2 + 4.30265 / math.sqrt(3), abs=1e-4),
    )


@pytest.mark.parametrize("n", [2, 3, 10])
def test_the_mean_interval_holds_the_mean_95_times_in_100(n: int) -> None:
    """With normal values the t interval holds the true mean 95% of the time at any n (the
    normal z held it 70% of the time at n = 2, 80% at n = 3)."""
    rng = random.Random(n)
    trials = 4000
    held = 0
    for _ in range(trials):
        _, lo, hi = mean_interval([rng.gauss(10.0, 3.0) for _ in range(n)])
        held += lo <= 10.0 <= hi
    assert held / trials == pytest.approx(0.95, abs=0.012)


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


def test_a_tie_for_the_lead_counts_as_chance_not_as_the_winner_leading() -> None:
    """Finding 2, on score curves worked by hand (4 seats; a point at 25%, 50%, 75%, 100%).

    Game A: every seat level all game, and all four share the win. Game B: all level at
    first, then seat 2 ahead, then seats 1 and 2 level; seat 1 wins alone.
    Leaders of A: everyone at every point, |W∩L|/|L| = 4/4 = 1; chance |W|/P = 1.
    Leaders of B: everyone (1/4), seat 2 (0), seats 1 and 2 (1/2), seat 1 (1); chance 1/4.
    Curve: (1 + 1/4)/2, (1 + 0)/2, (1 + 1/2)/2, (1 + 1)/2; chance (1 + 1/4)/2 = 0.625, not 1/4:
    where every seat is tied the curve sits on the chance line, as no lead should."""
    a = Trace(
        [1] * 4, leaders_of([[0, 0, 0, 0], [0, 0, 0, 0], [1, 1, 1, 1], [2, 2, 2, 2]]), [0, 1, 2, 3], True
    )
    b = Trace([1] * 4, leaders_of([[0, 0, 0, 0], [0, 3, 0, 0], [3, 3, 1, 0], [5, 3, 1, 0]]), [0], True)
    assert b.leaders == [(0, 1, 2, 3), (1,), (0, 1), (0,)]
    curve, chance = early_lead([a, b], 4, [0.25, 0.5, 0.75, 1.0])
    assert curve == [0.625, 0.5, 0.75, 1.0]
    assert chance == 0.625 == curve[0]
    # Alone, game B's tie of everyone is exactly its own chance: a quarter.
    curve, chance = early_lead([b], 4, [0.25, 1.0])
    assert curve == [0.25, 1.0] and chance == 0.25


def test_stat_families_group_keys_that_differ_in_one_number() -> None:
    fams, singles = stat_families(
        ["steps_1", "steps_2", "steps_10", "seat1_lit", "seat2_lit", "rounds", "x_3"]
    )
    assert fams == {
        "seat#_lit": [(1, "seat1_lit"), (2, "seat2_lit")],
        "steps_#": [(1, "steps_1"), (2, "steps_2"), (10, "steps_10")],
    }
    assert singles == ["rounds", "x_3"]
