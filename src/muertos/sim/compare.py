"""What-if comparisons: the same games under two configurations, and what changed.

Both configurations play the same run (game, seats, agents, games, seed), so game ``i`` has
the same seed and seating in both; only the options (or, for B, the components) differ.
Every difference is therefore *paired*: per game, B's value minus A's, averaged over the
deals (the games of a deal share a seed, so a deal is the independent unit) with a 95%
interval. What is compared is game-agnostic: each seat's win share, each agent's, the score
spread, the game length, every numeric ``stats()`` key, and *picks* — every action's verb
and object (``place P16``: a portrait placed; ``candle K31``: a candle), how often it is
taken and what share of those who took it won.

Each configuration is an ordinary simulation directory (``DIR/a``, ``DIR/b``): resumable,
and ``muertos report DIR/a`` reports on it alone.
"""

from __future__ import annotations

import html
import json
import math
import statistics
import time
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich.console import Console

from muertos.i18n import DEFAULT, title

from . import store
from .files import check_writable, write_text
from .plan import SimConfig, SimError
from .report import _COLOURS, _bar_labels, _figure, _html_page, _Page
from .simulation import overlay_environment, simulate
from .stats import FEW_DEALS, mean_interval, unbounded
from .words import Phrase, bounds, finite, say

BOOTSTRAP = 1000
"""Resamples of the deals for the intervals of ratios (a pick's winners' share)."""

MIN_PICKS = 10
"""A pick taken fewer times than this in both configurations is left out: too rare to say."""


@dataclass(frozen=True)
class Difference:
    """A's value, B's, and the paired difference B − A with its 95% interval (unbounded
    below two deals). ``metric`` is the measure's stable English name (``compare.json``);
    ``words`` its catalog key (``compare.metric.<words>``, with ``subject``) when it has
    words, else the name is a ``stats()`` key or a pick, which read the same in every
    language."""

    group: str
    metric: str
    a: float
    b: float
    diff: float
    low: float
    high: float
    words: str | None = None
    subject: str = ""

    @property
    def significant(self) -> bool:
        return self.low > 0 or self.high < 0

    def label(self, lang: str) -> str:
        """The measure's name for a reader of ``lang``."""
        if self.words is None:
            return self.metric
        return say(f"compare.metric.{self.words}", lang, subject=self.subject)

    def to_json(self) -> dict[str, Any]:
        return {
            "group": self.group,
            "metric": self.metric,
            "a": self.a,
            "b": self.b,
            "diff": self.diff,
            "interval": [finite(self.low), finite(self.high)],
        }


@dataclass
class Comparison:
    """A finished comparison: its runs, the differences, the page and the summary."""

    out: Path
    a: SimConfig
    b: SimConfig
    labels: tuple[str, str]
    games: int
    deals: int
    differences: list[Difference]
    seconds: float
    path: Path
    summary: str = ""
    figures: list[str] = field(default_factory=list)
    lang: str = DEFAULT
    set_aside: list[tuple[Path, Path, str | Phrase]] = field(default_factory=list)
    """Parts of either run that could not be read, moved aside and played again."""

    def by_group(self, group: str) -> list[Difference]:
        return [d for d in self.differences if d.group == group]


def describe(
    options: Mapping[str, Any], base: Mapping[str, Any], components: Mapping[str, Any], lang: str = DEFAULT
) -> str:
    """A configuration in a few words: the options where it departs from the other's, and
    the component keys it changes (or that it is the game as shipped, in ``lang``)."""
    changed = [
        f"{k}={json.dumps(v) if not isinstance(v, str) else v}"
        for k, v in options.items()
        if base.get(k) != v
    ]
    changed += [f"{key}={json.dumps(v)}" for key, v in _leaves(components)]
    return ", ".join(changed) or say("compare.as_shipped", lang)


def _leaves(table: Mapping[str, Any], where: str = "") -> list[tuple[str, Any]]:
    out: list[tuple[str, Any]] = []
    for k, v in table.items():
        at = f"{where}.{k}" if where else k
        out += _leaves(v, at) if isinstance(v, dict) else [(at, v)]
    return out


def compare(
    a: SimConfig,
    b: SimConfig,
    out: Path,
    *,
    labels: tuple[str, str] | None = None,
    jobs: int = 1,
    backend: str = "process",
    address: str | None = None,
    quiet: bool = False,
    console: Console | None = None,
    lang: str = DEFAULT,
) -> Comparison:
    """Simulate both configurations into ``out/a`` and ``out/b`` (resuming either) and write
    ``out/compare.html`` and ``out/compare.json``, in ``lang``."""
    same_run = (a.game, a.players, a.agents, a.games, a.seed) == (
        b.game,
        b.players,
        b.agents,
        b.games,
        b.seed,
    )
    if not same_run:
        raise SimError("not_same_run")
    if a.identity() == b.identity():
        raise SimError("same_configuration")
    for cfg in (a, b):
        overlay_environment(cfg)  # a broken overlay is refused before either run starts
    out = Path(out)
    for name in ("compare.html", "compare.json"):  # refused now, not after every game
        check_writable(out / name, "--out", parents=True)
    t0 = time.perf_counter()
    set_aside = []
    for cfg, name in ((a, "a"), (b, "b")):
        set_aside += simulate(
            cfg,
            out / name,
            jobs=jobs,
            backend=backend,
            address=address,
            quiet=quiet,
            console=console,
            lang=lang,
        ).set_aside
    seconds = time.perf_counter() - t0
    labels = labels or (
        describe(a.options, b.options, a.components, lang),
        describe(b.options, a.options, b.components, lang),
    )
    comp = make_comparison(out, a, b, labels, seconds, lang)
    comp.set_aside = set_aside
    return comp


# ------------------------------------------------------------------ per-game values
WORDS = {
    "mean score": "mean_score",
    "score spread (sd at the table)": "spread",
    "winning margin": "margin",
    "length (decisions)": "length",
}
"""The catalog key (``compare.metric.<key>``) of each measure of the game as a whole."""


def _words(group: str, metric: str) -> tuple[str | None, str]:
    """A measure's catalog key and subject (a seat's number, an agent): a ``stats()`` key
    and a pick have none, being the game's own identifiers."""
    if group == "seats":
        return "seat_win", metric.split()[1]
    if group == "agents":
        return "agent_win", metric.removesuffix(" win share")
    return WORDS.get(metric) if group == "game" else None, ""


def _per_game(df: Any, players: int) -> dict[tuple[str, str], list[float]]:
    """Every compared quantity of every game, keyed by (group, metric), in game order."""
    out: dict[tuple[str, str], list[float]] = {}
    for s in range(players):
        out[("seats", f"seat {s + 1} win share")] = [float(x) for x in df[f"win_{s}"]]
    agents = sorted({str(a) for s in range(players) for a in df[f"agent_{s}"]})
    if len(agents) > 1:
        for ag in agents:
            vals = []
            for i in range(len(df)):
                mine = [float(df[f"win_{s}"].iat[i]) for s in range(players) if df[f"agent_{s}"].iat[i] == ag]
                vals.append(statistics.fmean(mine) if mine else math.nan)
            out[("agents", f"{ag} win share")] = vals
    scores = [[float(x) for x in sc] for sc in df["scores"]]
    out[("game", "mean score")] = [statistics.fmean(sc) for sc in scores]
    if players > 1:
        out[("game", "score spread (sd at the table)")] = [statistics.pstdev(sc) for sc in scores]
        out[("game", "winning margin")] = [sorted(sc)[-1] - sorted(sc)[-2] for sc in scores]
    out[("game", "length (decisions)")] = [float(x) for x in df["length"]]
    for c in store.stat_columns(df):
        key = c[len("stat_") :]
        if key == "decisions" or not _is_number(df[c]):
            continue
        out[("stats", key)] = [float(x) for x in df[c]]
    return out


def _is_number(series: Any) -> bool:
    import pandas as pd  # type: ignore[import-untyped]

    return bool(pd.api.types.is_numeric_dtype(series)) and not bool(pd.api.types.is_bool_dtype(series))


def pick_key(action: str) -> str | None:
    """What an action picks: its verb and first object, or None if it names none.

    >>> pick_key("candle K31 J9"), pick_key("place P16 S6"), pick_key("flip")
    ('candle K31', 'place P16', None)
    """
    words = action.split()
    return f"{words[0]} {words[1]}" if len(words) >= 2 else None


def _picks(df: Any, players: int) -> tuple[dict[str, list[float]], dict[str, list[float]]]:
    """Per game and pick: how often it was taken, and the takers' win shares summed."""
    taken: dict[str, list[float]] = defaultdict(lambda: [0.0] * len(df))
    won: dict[str, list[float]] = defaultdict(lambda: [0.0] * len(df))
    if "movers" not in df.columns:
        return {}, {}
    for i, (actions, movers) in enumerate(zip(df["actions"], df["movers"], strict=True)):
        shares = [float(df[f"win_{s}"].iat[i]) for s in range(players)]
        for action, seat in zip(actions, movers, strict=True):
            key = pick_key(str(action))
            if key is not None:
                taken[key][i] += 1
                won[key][i] += shares[int(seat)]
    return dict(taken), dict(won)


# ------------------------------------------------------------------ paired statistics
def _deal_means(values: Sequence[float], deals: Sequence[int]) -> list[float]:
    groups: dict[int, list[float]] = defaultdict(list)
    for v, d in zip(values, deals, strict=True):
        if not math.isnan(v):
            groups[d].append(v)
    return [statistics.fmean(g) for _, g in sorted(groups.items())]


def paired(
    group: str, metric: str, a: Sequence[float], b: Sequence[float], deals: Sequence[int]
) -> Difference:
    """Means of A and B and the 95% interval of the mean paired difference, over deals
    (Student-t; unbounded below two deals, :func:`~.stats.mean_interval`)."""
    diffs = [y - x for x, y in zip(a, b, strict=True)]
    mean_d, lo, hi = mean_interval(_deal_means(diffs, deals))
    words, subject = _words(group, metric)
    return Difference(group, metric, _mean(a), _mean(b), mean_d, lo, hi, words, subject)


def _mean(values: Sequence[float]) -> float:
    kept = [v for v in values if not math.isnan(v)]
    return statistics.fmean(kept) if kept else math.nan


def _ratio_differences(
    keys: Sequence[str],
    num: tuple[Mapping[str, Sequence[float]], Mapping[str, Sequence[float]]],
    den: tuple[Mapping[str, Sequence[float]], Mapping[str, Sequence[float]]],
    deals: Sequence[int],
    seed: int,
) -> list[Difference]:
    """Σnum/Σden in A and B (a pick's winners' share), the difference's interval from
    resampling whole deals; unbounded from one deal, which resamples to itself."""
    import numpy as np

    order = sorted(set(deals))
    index = {d: j for j, d in enumerate(order)}
    cols = np.array([index[d] for d in deals])

    def by_deal(m: Mapping[str, Sequence[float]]) -> Any:
        out = np.zeros((len(order), len(keys)))
        for k, key in enumerate(keys):
            np.add.at(out[:, k], cols, np.asarray(m.get(key, [0.0] * len(deals)), dtype=float))
        return out

    na, nb, da, db = by_deal(num[0]), by_deal(num[1]), by_deal(den[0]), by_deal(den[1])
    rng = np.random.default_rng(seed)
    w = rng.multinomial(len(order), [1 / len(order)] * len(order), size=BOOTSTRAP)
    with np.errstate(invalid="ignore", divide="ignore"):
        ra, rb = na.sum(0) / da.sum(0), nb.sum(0) / db.sum(0)
        boot = (w @ nb) / (w @ db) - (w @ na) / (w @ da)
        lo, hi = np.nanpercentile(boot, [2.5, 97.5], axis=0)
    if len(order) < 2:
        lo, hi = np.full(len(keys), -np.inf), np.full(len(keys), np.inf)
    return [
        Difference(
            "winners", key, float(ra[k]), float(rb[k]), float(rb[k] - ra[k]), float(lo[k]), float(hi[k])
        )
        for k, key in enumerate(keys)
    ]


# ------------------------------------------------------------------ the comparison
def make_comparison(
    out: Path, a: SimConfig, b: SimConfig, labels: tuple[str, str], seconds: float, lang: str = DEFAULT
) -> Comparison:
    """The differences between the runs in ``out/a`` and ``out/b``, as a page and a summary
    in ``lang``."""
    fa, fb = store.load_frame(out / "a"), store.load_frame(out / "b")
    common = sorted(set(fa["game_index"]) & set(fb["game_index"]))
    if not common:
        raise SimError("nothing_in_common", a=out / "a", b=out / "b")
    fa = fa[fa["game_index"].isin(common)].reset_index(drop=True)
    fb = fb[fb["game_index"].isin(common)].reset_index(drop=True)
    if list(fa["seed"]) != list(fb["seed"]) or [list(x) for x in fa["seats"]] != [
        list(x) for x in fb["seats"]
    ]:
        raise SimError("not_paired", a=out / "a", b=out / "b")
    P = a.players
    deals = [int(d) for d in fa["deal"]]
    va, vb = _per_game(fa, P), _per_game(fb, P)
    diffs = [
        paired(g, m, va[(g, m)], vb.get((g, m), [math.nan] * len(common)), deals)
        for g, m in va
        if (g, m) in vb
    ]
    ta, wa = _picks(fa, P)
    tb, wb = _picks(fb, P)
    keys = sorted(k for k in set(ta) | set(tb) if max(sum(ta.get(k, [])), sum(tb.get(k, []))) >= MIN_PICKS)
    zeros = [0.0] * len(common)
    diffs += [paired("picks", k, ta.get(k, zeros), tb.get(k, zeros), deals) for k in keys]
    diffs += _ratio_differences(keys, (wa, wb), (ta, tb), deals, a.seed)
    comp = Comparison(
        out, a, b, labels, len(common), len(set(deals)), diffs, seconds, out / "compare.html", lang=lang
    )
    comp.summary = _summary(comp)
    _write(comp)
    return comp


def _show(d: Difference, percent: bool, lang: str) -> str:
    def clean(x: float) -> float:
        return 0.0 if abs(x) < 1e-9 else x  # rounding noise in a mean of zeros

    def value(x: float) -> str:
        x = clean(x)
        return f"{100 * x:.1f}%" if percent else f"{x:.3g}"

    def change(x: float) -> str:
        x = clean(x)
        return f"{100 * x:+.1f}" if percent else f"{x:+.3g}"

    mark = "  *" if d.significant else ""
    return f"{value(d.a)} → {value(d.b)}: {change(d.diff)} ({bounds(d.low, d.high, lang, change)}){mark}"


TOP_PICKS = 8
"""Picks printed in the summary: those whose pick rate or winners' share changed most."""


def _summary(c: Comparison) -> str:
    lang = c.lang
    lines = [
        say(
            "compare.header",
            lang,
            game=title(c.a.game, lang),
            players=c.a.players,
            agents=", ".join(c.a.agents),
            games=c.games,
            deals=c.deals,
            seatings=len(c.a.design),
            seed=c.a.seed,
        ),
        say("compare.a", lang, label=c.labels[0]),
        say("compare.b", lang, label=c.labels[1]),
        say("compare.paired", lang),
    ]
    for d in c.by_group("seats") + c.by_group("agents"):
        lines.append(f"  {d.label(lang)}: {_show(d, True, lang)}")
    for d in c.by_group("game") + c.by_group("stats"):
        lines.append(f"  {d.label(lang)}: {_show(d, False, lang)}")
    picks = {d.metric: d for d in c.by_group("picks")}
    winners = {d.metric: d for d in c.by_group("winners")}
    ranked = sorted(picks, key=lambda k: -_strength(picks[k], winners.get(k)))
    if ranked:
        lines.append(say("compare.picks_head", lang))
        for k in ranked[:TOP_PICKS]:
            w = winners.get(k)
            lines.append(
                f"  {k}: {_show(picks[k], False, lang)}"
                + (
                    say("compare.winners", lang, show=_show(w, True, lang))
                    if w and not math.isnan(w.a + w.b)
                    else ""
                )
            )
    if c.deals < 2:
        lines.append(say("compare.one_deal", lang, games=2 * len(c.a.design)))
    elif c.deals < FEW_DEALS:
        lines.append(
            say("compare.few_deals", lang, deals=c.deals, few=FEW_DEALS, games=FEW_DEALS * len(c.a.design))
        )
    measured = [d for d in c.differences if d.group != "winners"]
    changed = [d for d in measured if d.significant]
    lines.append(
        say(
            "compare.changed",
            lang,
            changed=len(changed),
            measured=len(measured),
            chance=f"{len(measured) / 20:.0f}",
        )
    )
    return "\n".join(lines)


def _strength(d: Difference, w: Difference | None) -> float:
    """How clearly a pick changed: the larger of its two differences over their half-widths."""

    def z(x: Difference | None) -> float:
        if x is None or math.isnan(x.low) or math.isnan(x.high) or math.isnan(x.diff):
            return 0.0
        half = (x.high - x.low) / 2
        return abs(x.diff) / half if half > 0 else 0.0

    return max(z(d), z(w))


# ------------------------------------------------------------------ the page
def _write(c: Comparison) -> None:
    lang = c.lang
    page = _Page()
    page.h2(say("compare.h_summary", lang))
    page.parts.append(f"<pre>{html.escape(c.summary)}</pre>")
    seats = c.by_group("seats")
    fig, ax = _figure()
    _pair_bars(ax, seats, c.labels, lang)
    ax.set_ylabel(say("axis.win_share", lang))
    page.fig(say("compare.title.seats", lang), fig, say("compare.caption.seats", lang))
    measures = c.by_group("game") + c.by_group("stats")
    shown = [d for d in measures if abs(d.a) > 1e-9]
    fig, ax = _figure(7.5, max(2.5, 0.42 * len(shown) + 1))
    _forest(ax, shown, lang, relative=True)
    ax.set_xlabel(say("compare.axis.relative", lang))
    zero = [d.label(lang) for d in measures if abs(d.a) <= 1e-9]
    page.fig(
        say("compare.title.measures", lang),
        fig,
        say("compare.caption.measures", lang)
        + (say("compare.caption.zero", lang, measures=", ".join(zero)) if zero else "")
        + (say("compare.caption.unbounded", lang) if any(unbounded((d.low, d.high)) for d in shown) else ""),
    )
    picks = {d.metric: d for d in c.by_group("picks")}
    winners = {d.metric: d for d in c.by_group("winners")}
    top = sorted(picks, key=lambda k: -_strength(picks[k], winners.get(k)))[:20]
    if top:
        fig, ax = _figure(7.5, 0.42 * len(top) + 1.5)
        _forest(ax, [picks[k] for k in top], lang, relative=False)
        ax.set_xlabel(say("compare.axis.taken", lang))
        page.fig(say("compare.title.picks", lang), fig, say("compare.caption.picks", lang))
        ws = [winners[k] for k in top if k in winners and not math.isnan(winners[k].a + winners[k].b)]
        fig, ax = _figure(7.5, 0.42 * len(ws) + 1.5)
        _forest(ax, ws, lang, relative=False, scale=100)
        ax.set_xlabel(say("compare.axis.takers", lang))
        page.fig(say("compare.title.takers", lang), fig, say("compare.caption.takers", lang))
    rows = [
        [
            say(f"compare.group.{d.group}", lang),
            d.label(lang),
            d.a,
            d.b,
            d.diff,
            bounds(d.low, d.high, lang, lambda x: f"{x:+.4g}"),
            say("compare.yes", lang) if d.significant else "",
        ]
        for d in c.differences
    ]
    page.h2(say("compare.h_every", lang))
    page.table(
        [
            say(f"compare.col.{k}", lang)
            for k in ("group", "measure", "a", "b", "diff", "interval", "changed")
        ],
        rows,
    )
    c.figures = page.titles
    heading = say("compare.page_title", lang, game=title(c.a.game, lang), a=c.labels[0], b=c.labels[1])
    write_text(c.path, _html_page(lang, heading, "", page, compare=True))
    write_text(
        c.out / "compare.json",
        json.dumps(
            {
                "kind": "muertos.comparison",
                "a": {"label": c.labels[0], "run": c.a.identity()},
                "b": {"label": c.labels[1], "run": c.b.identity()},
                "games": c.games,
                "deals": c.deals,
                "seconds": c.seconds,
                "differences": [d.to_json() for d in c.differences],
            },
            indent=1,
        ),
    )


def _pair_bars(ax: Any, ds: Sequence[Difference], labels: tuple[str, str], lang: str) -> None:
    xs = list(range(len(ds)))
    for j, (name, vals) in enumerate((("a", [d.a for d in ds]), ("b", [d.b for d in ds]))):
        pos = [x + (j - 0.5) * 0.38 for x in xs]
        ax.bar(
            pos,
            vals,
            width=0.38,
            color=_COLOURS[j],
            alpha=0.8,
            label=say(f"compare.{name}", lang, label=labels[j]),
        )
        _bar_labels(ax, pos, vals, vals, fontsize=8)
    ax.set_xticks(xs, [say("seat", lang, n=d.subject) for d in ds])
    ax.set_ylim(0, min(1.12, max([d.b for d in ds] + [d.a for d in ds] + [0.1]) * 1.25))
    ax.legend(loc="upper right", fontsize=8)


def _forest(ax: Any, ds: Sequence[Difference], lang: str, relative: bool, scale: float = 1.0) -> None:
    """One row per measure: the difference and its interval, red when it excludes 0; an
    unbounded interval (one deal) is its point alone, with an open circle."""
    ys = list(range(len(ds)))[::-1]
    for y, d in zip(ys, ds, strict=True):
        base = abs(d.a) if relative else 1.0
        lo, mid, hi = (d.low / base, d.diff / base, d.high / base)
        colour = _COLOURS[4] if d.significant else _COLOURS[3]
        if unbounded((lo, hi)):
            ax.plot([scale * mid], [y], "o", color=colour, fillstyle="none")
            continue
        ax.plot([scale * lo, scale * hi], [y, y], color=colour, linewidth=2)
        ax.plot([scale * mid], [y], "o", color=colour)
    ax.axvline(0, color="black", linewidth=1)
    ax.set_yticks(ys, [d.label(lang) for d in ds], fontsize=9)
    if relative:
        ax.xaxis.set_major_formatter(lambda v, _: f"{100 * v:+.0f}%")
