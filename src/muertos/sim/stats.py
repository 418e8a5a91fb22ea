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
from functools import lru_cache

Z95 = 1.959963984540054
"""The two-sided 95% quantile of the normal distribution."""

FEW_DEALS = 30
"""Below this many deals (the independent unit of a run) intervals over deals are rough:
the report and the comparison say so."""


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


def _betacf(a: float, b: float, x: float) -> float:
    """The continued fraction of the incomplete beta function (modified Lentz)."""
    tiny = 1e-300
    qab, qap, qam = a + b, a + 1.0, a - 1.0
    c, d = 1.0, 1.0 - qab * x / qap
    d = 1.0 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 400):
        m2 = 2 * m
        for aa in (
            m * (b - m) * x / ((qam + m2) * (a + m2)),
            -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2)),
        ):
            d = 1.0 + aa * d
            d = 1.0 / (d if abs(d) > tiny else tiny)
            c = 1.0 + aa / c
            c = c if abs(c) > tiny else tiny
            h *= d * c
        if abs(d * c - 1.0) < 1e-16:
            break
    return h


def _betainc(a: float, b: float, x: float) -> float:
    """The regularized incomplete beta function I_x(a, b), for the t distribution."""
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    front = math.exp(
        math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x)
    )
    if x < (a + 1.0) / (a + b + 2.0):
        return front * _betacf(a, b, x) / a
    return 1.0 - front * _betacf(b, a, 1.0 - x) / b


def t_cdf(t: float, df: int) -> float:
    """P(T <= t) for Student's t with ``df`` degrees of freedom.

    >>> t_cdf(0.0, 3), round(t_cdf(1.0, 1), 6)  # the Cauchy law at 1: 3/4
    (0.5, 0.75)
    """
    tail = 0.5 * _betainc(df / 2.0, 0.5, df / (df + t * t))
    return 1.0 - tail if t > 0 else tail


@lru_cache(maxsize=256)
def t_quantile(p: float, df: int) -> float:
    """The ``p`` quantile of Student's t with ``df`` degrees of freedom, by bisection on
    :func:`t_cdf` (the standard library has no t law, and the ``sim`` extra no SciPy): the
    interval of a mean of ``n`` values needs it with ``n - 1``, where the normal z is too
    narrow (at 3 values 1.96 where t says 4.30).

    >>> round(t_quantile(0.975, 2), 4), round(t_quantile(0.975, 30), 4)
    (4.3027, 2.0423)
    """
    if not 0.0 < p < 1.0 or df < 1:
        raise ValueError(f"t_quantile needs 0 < p < 1 and df >= 1, got p={p}, df={df}")
    if p < 0.5:
        return -t_quantile(1.0 - p, df)
    lo, hi = 0.0, 1.0
    while t_cdf(hi, df) < p:
        lo, hi = hi, 2.0 * hi
    for _ in range(200):
        mid = (lo + hi) / 2
        if mid in (lo, hi):
            break
        if t_cdf(mid, df) < p:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def mean_interval(values: Sequence[float], confidence: float = 0.95) -> tuple[float, float, float]:
    """Mean and its Student-t interval ``(mean, low, high)`` at ``confidence`` (two-sided).

    Fewer than two values say nothing of the spread, so the interval is unbounded. So is a
    spread of zero from too few values: ``n`` equal values are what a fair coin gives
    with probability 2^(1-n) (the exact sign test), so they bound the mean only once that
    falls to ``1 - confidence`` (6 values at 95%); a t interval would have no width.

    >>> mean_interval([4.0])
    (4.0, -inf, inf)
    >>> mean_interval([0.5, 0.5, 0.5])
    (0.5, -inf, inf)
    >>> [round(x, 3) for x in mean_interval([1.0, 2.0, 3.0])]
    [2.0, -0.484, 4.484]
    """
    if not values:
        return (math.nan, math.nan, math.nan)
    m = statistics.fmean(values)
    n = len(values)
    if n < 2:
        return (m, -math.inf, math.inf)
    sd = statistics.stdev(values)
    if sd <= 1e-12 * max(1.0, abs(m)):
        if 2.0 ** (1 - n) > 1.0 - confidence:
            return (m, -math.inf, math.inf)
        return (m, m, m)
    half = t_quantile(1.0 - (1.0 - confidence) / 2, n - 1) * sd / math.sqrt(n)
    return (m, m - half, m + half)


def unbounded(interval: tuple[float, float]) -> bool:
    """Whether an interval has an infinite end: too few values to bound it."""
    return any(math.isinf(x) for x in interval)


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
