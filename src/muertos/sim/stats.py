"""Statistics shared by the simulator, the report, tournaments and the benchmarks.

Standard library only, so ``benchmarks/strength.py`` can import it without the ``sim`` extra.

    >>> lo, hi = wilson(50, 100)
    >>> round(lo, 3), round(hi, 3)
    (0.404, 0.596)
    >>> wilson(0, 0)
    (0.0, 1.0)
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence

Z95 = 1.959963984540054
"""The two-sided 95% quantile of the normal distribution."""


def wilson(wins: float, n: float, z: float = Z95) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion ``wins / n``.

    Shared wins may count fractionally (a two-way tie is half a win). Unlike the normal
    approximation it stays inside [0, 1] and behaves near 0 % and 100 %.
    """
    if n <= 0:
        return (0.0, 1.0)
    p = min(1.0, max(0.0, wins / n))
    den = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    # The interval always holds p; clamping also removes rounding noise at 0 % and 100 %.
    return (max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half)))


def mean_interval(values: Sequence[float], z: float = Z95) -> tuple[float, float, float]:
    """Mean and its 95% normal-approximation interval ``(mean, low, high)``."""
    if not values:
        return (math.nan, math.nan, math.nan)
    m = statistics.fmean(values)
    if len(values) < 2:
        return (m, m, m)
    half = z * statistics.stdev(values) / math.sqrt(len(values))
    return (m, m - half, m + half)


def median_interval(values: Sequence[float], confidence: float = 0.95) -> tuple[float, float, float]:
    """Median and a distribution-free interval ``(median, low, high)`` holding the true median
    with at least ``confidence``: order statistics chosen by the binomial law, no assumption
    on the shape of the scores (a solo score is bounded and skewed).

    >>> median_interval(list(range(1, 101)))  # the 40th and 61st of 100
    (50.5, 40.0, 61.0)
    >>> median_interval([3.0, 1.0])  # two values cannot bound a median at 95%
    (2.0, -inf, inf)
    """
    xs = sorted(float(v) for v in values)
    n = len(xs)
    if not n:
        return (math.nan, math.nan, math.nan)
    tail = (1.0 - confidence) / 2
    below = 0.0  # P(Binomial(n, 1/2) <= j - 1)
    j = 0
    for i in range(n):
        below += math.comb(n, i) / 2.0**n
        if below > tail:
            break
        j = i + 1
    if j == 0:
        return (statistics.median(xs), -math.inf, math.inf)
    return (statistics.median(xs), xs[j - 1], xs[n - j])


def win_shares(winners: Sequence[int], players: int) -> list[float]:
    """Each seat's share of the win: 1 for a sole winner, 1/k for each of k tied winners.

    >>> win_shares([0, 2], 3)
    [0.5, 0.0, 0.5]
    """
    out = [0.0] * players
    for w in winners:
        out[w] += 1.0 / len(winners)
    return out


def final_margin(scores: Sequence[float]) -> float:
    """The winner's lead over the runner-up at the end (0 for a tie, nan for one seat).

    >>> final_margin([10, 14, 9])
    4.0
    """
    if len(scores) < 2:
        return math.nan
    top = sorted((float(s) for s in scores), reverse=True)
    return top[0] - top[1]


def percent(p: float) -> str:
    return f"{100 * p:.1f}%"


def interval_text(lo: float, hi: float) -> str:
    return f"{100 * lo:.1f}–{100 * hi:.1f}%"
