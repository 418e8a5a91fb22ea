"""The designer's report on a simulation directory: one self-contained HTML page.

Plots (PNG, embedded as base64, so the page can be mailed or archived as one file):
scores by seat and by agent, win rates by seat and by agent with 95 % Wilson intervals
(the first-seat advantage), game length in decisions (and in rounds when the game reports
``rounds``), the branching factor over the game, lead changes, final margins and how early
the eventual winner leads, and every numeric ``stats()`` key the game reports. A solo run
(one seat) has no win rates (its one seat always "wins"): the report shows the score's median
with its interval and how the games fall among the game's solo tiers (``result().rating``).
Every word comes from the ``sim`` catalogs, in the reader's language.

The branching factor and the lead are not in the records: they are recomputed by replaying
a sample of games (``muertos.game(id).replay``) and asking the position for its legal
actions and ``scores()`` after every action. Nothing here knows any game's rules; a key a
game adds to ``stats()`` appears in the report without a change here.
"""

from __future__ import annotations

import base64
import html
import io
import json
import math
import random
import re
import statistics
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from matplotlib.figure import Figure

from muertos.engine import IllegalAction, game
from muertos.i18n import DEFAULT, game_catalog, title
from muertos.match import MatchRecord

from . import store
from .files import check_writable, write_text
from .plan import SimConfig, SimError
from .runner import STAT_PREFIX
from .seats import Cell, Played, design_gap, seat_agent_table, seat_effects
from .stats import FEW_DEALS, final_margin, interval_text, median_interval, percent, wilson
from .words import bounds, finite, say, seat

DEDICATED = ("decisions", "rounds")
"""``stats()`` keys with plots of their own (the length plots); the rest go to the grid."""

PLOTS = (
    "score_seat",
    "score_agent",
    "win_seat",
    "win_agent",
    "win_seat_agent",
    "length",
    "rounds",
    "branching",
    "lead_changes",
    "margin",
    "early",
    "solo_tiers",
)
"""The report's plots, each titled by ``report.title.<key>`` of the catalogs."""

TITLES = {k: say(f"report.title.{k}", DEFAULT) for k in PLOTS}
"""The plots' titles in English (tests and scripts look a plot up by it)."""

_COLOURS = ["#b5179e", "#f77f00", "#2a9d8f", "#457b9d", "#e63946", "#6a4c93", "#8d6e63", "#43aa8b"]


@dataclass
class Trace:
    """One replayed game: what the position offered and who led after each action; for a
    solo game, the rating its result gives (``(key, English label)``) and who played it."""

    legal: list[int]
    leaders: list[tuple[int, ...]]
    winners: list[int]
    ok: bool
    rating: tuple[str, str] | None = None
    agent: str = ""
    score: float = math.nan


@dataclass
class Report:
    """A written report: where it is, the text summary, and what it shows."""

    path: Path
    summary: str
    figures: list[str] = field(default_factory=list)
    numbers: dict[str, Any] = field(default_factory=dict)


# ------------------------------------------------------------------ replays
def trace(rec: MatchRecord) -> Trace:
    """Replay a record action by action (from ``Game.replay`` of the empty history)."""
    g = game(rec.game)
    s = g.replay(rec.players, rec.seed, rec.options, [])
    legal: list[int] = []
    curve: list[list[float]] = []
    ok = True
    for a in rec.actions:
        legal.append(len(s.legal_actions()))
        try:
            s.apply(a)
        except IllegalAction:
            ok = False
            break
        curve.append([float(x) for x in s.scores()])
    if ok and [float(x) for x in s.scores()] != [float(x) for x in rec.scores]:
        ok = False
    rating = None
    if ok and rec.players == 1 and s.over:
        r = s.result().rating
        rating = None if r is None else (r.key, r.label)
    return Trace(legal, leaders_of(curve), list(rec.winners), ok, rating, rec.seats[0], float(rec.scores[0]))


def leaders_of(curve: Sequence[Sequence[float]]) -> list[tuple[int, ...]]:
    """The seats with the best score at each point of a game's score curve (several on a tie).

    >>> leaders_of([[0, 0, 0], [2, 0, 1], [2, 3, 3]])
    [(0, 1, 2), (0,), (1, 2)]
    """
    out = []
    for scores in curve:
        best = max(scores)
        out.append(tuple(i for i, v in enumerate(scores) if v == best))
    return out


def lead_changes(leaders: Sequence[tuple[int, ...]]) -> int:
    """How often a different seat took the sole lead (a tie keeps the last sole leader).

    >>> lead_changes([(0, 1), (0,), (0, 1), (1,), (1,), (0,)])
    2
    """
    last: int | None = None
    changes = 0
    for lead in leaders:
        if len(lead) != 1:
            continue
        if last is not None and lead[0] != last:
            changes += 1
        last = lead[0]
    return changes


def winner_leads_at(t: Trace, fraction: float) -> float:
    """Share of the leaders ``fraction`` of the way through the game who end up winning,
    |W∩L|/|L|: a lead tied between k seats counts 1/k for each, so a tie of every seat
    scores the game's own chance, |W|/P (:func:`winner_chance`), never a lead."""
    if not t.leaders:
        return math.nan
    i = max(0, min(len(t.leaders) - 1, math.ceil(fraction * len(t.leaders)) - 1))
    lead = t.leaders[i]
    return sum(1 for s in lead if s in t.winners) / len(lead)


def winner_chance(t: Trace, players: int) -> float:
    """What :func:`winner_leads_at` would give for a seat drawn at random: the winners' share
    of the seats, |W|/P. Not 1/P: when wins are shared, a random seat is a winner more often.

    >>> winner_chance(Trace([], [], [0, 2], True), 4)
    0.5
    """
    return len(set(t.winners)) / players


def early_lead(
    traces: Sequence[Trace], players: int, fractions: Sequence[float]
) -> tuple[list[float], float]:
    """The "how early the winner leads" curve over ``traces`` (the mean of
    :func:`winner_leads_at` at each fraction) and its chance line (the mean of
    :func:`winner_chance`): a curve on the line says no more than a random seat would."""
    if not traces:
        return [], math.nan
    curve = [statistics.fmean(winner_leads_at(t, f) for t in traces) for f in fractions]
    return curve, statistics.fmean(winner_chance(t, players) for t in traces)


# ------------------------------------------------------------------ plotting
def _png(fig: Figure) -> str:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=96, bbox_inches="tight")
    return base64.b64encode(buf.getvalue()).decode()


def _figure(w: float = 7.5, h: float = 4.0) -> tuple[Figure, Any]:
    fig = Figure(figsize=(w, h))
    ax = fig.add_subplot()
    ax.grid(True, alpha=0.3)
    return fig, ax


def _bins(values: Sequence[float]) -> Any:
    """Integer-centred bins for integer data with a modest range, else automatic."""
    if values and all(float(v).is_integer() for v in values):
        lo, hi = int(min(values)), int(max(values))
        if hi - lo <= 80:
            return [x - 0.5 for x in range(lo, hi + 2)]
    return "auto"


def _hist(ax: Any, values: Sequence[float], lang: str, colour: str = _COLOURS[3]) -> None:
    vals = [float(v) for v in values if not math.isnan(float(v))]
    if not vals:
        ax.text(0.5, 0.5, say("report.no_data", lang), ha="center", va="center", transform=ax.transAxes)
        return
    ax.hist(vals, bins=_bins(vals), color=colour, edgecolor="white")
    m = statistics.fmean(vals)
    ax.axvline(
        m, color="black", linestyle="--", linewidth=1, label=say("report.legend.mean", lang, mean=f"{m:.3g}")
    )
    ax.legend(loc="upper right", fontsize=8)


def _boxes(ax: Any, groups: dict[str, list[float]]) -> None:
    labels = list(groups)
    data = [groups[k] or [math.nan] for k in labels]
    bp = ax.boxplot(data, tick_labels=labels, showmeans=True, patch_artist=True)
    for i, box in enumerate(bp["boxes"]):
        box.set_facecolor(_COLOURS[i % len(_COLOURS)])
        box.set_alpha(0.55)


def _rates(
    ax: Any, labels: list[str], wins: list[float], n: list[float], fair: float | None, lang: str = DEFAULT
) -> None:
    rates = [w / k if k else 0.0 for w, k in zip(wins, n, strict=True)]
    ints = [wilson(w, k) for w, k in zip(wins, n, strict=True)]
    lower = [max(0.0, r - lo) for r, (lo, _) in zip(rates, ints, strict=True)]  # rounding at 0 % / 100 %
    upper = [max(0.0, hi - r) for r, (_, hi) in zip(rates, ints, strict=True)]
    xs = list(range(len(labels)))
    ax.bar(xs, rates, color=[_COLOURS[i % len(_COLOURS)] for i in xs], alpha=0.8)
    ax.errorbar(xs, rates, yerr=[lower, upper], fmt="none", ecolor="black", capsize=6)
    _bar_labels(ax, xs, rates, [hi for _, hi in ints])
    if fair is not None:
        ax.axhline(fair, color="black", linestyle="--", linewidth=1, label=_fair_label(fair, lang))
        ax.legend(loc="upper right", fontsize=8)
    ax.set_xticks(xs, labels)
    ax.set_ylim(0, min(1.12, max(hi for _, hi in ints) * 1.15 + 0.06) if ints else 1.0)
    ax.set_ylabel(say("axis.win_rate", lang))


def _fair_label(fair: float, lang: str) -> str:
    return say("report.legend.fair", lang, share=f"{100 * fair:.0f}")


def _bar_labels(
    ax: Any, xs: Sequence[float], rates: Sequence[float], tops: Sequence[float], fontsize: int = 9
) -> None:
    """Each bar's rate just above its interval, in black: inside a short bar, or across the
    fair-share line, a label cannot be read."""
    for x, r, top in zip(xs, rates, tops, strict=True):
        ax.text(x, top + 0.012, f"{100 * r:.1f}%", ha="center", va="bottom", fontsize=fontsize, color="black")


def _seat_agent_rates(ax: Any, cells: Sequence[Cell], players: int, fair: float | None, lang: str) -> None:
    agents = list(dict.fromkeys(c.agent for c in cells))
    width = 0.8 / max(1, len(agents))
    for i, a in enumerate(agents):
        mine = [c for c in cells if c.agent == a]
        xs = [c.seat + (i - (len(agents) - 1) / 2) * width for c in mine]
        rates = [c.win for c in mine]
        lower = [max(0.0, c.win - c.win_interval[0]) for c in mine]
        upper = [max(0.0, c.win_interval[1] - c.win) for c in mine]
        ax.bar(xs, rates, width=width, color=_COLOURS[i % len(_COLOURS)], alpha=0.8, label=a)
        ax.errorbar(xs, rates, yerr=[lower, upper], fmt="none", ecolor="black", capsize=4)
        _bar_labels(ax, xs, rates, [c.win_interval[1] for c in mine], fontsize=8)
    if fair is not None:
        ax.axhline(fair, color="black", linestyle="--", linewidth=1, label=_fair_label(fair, lang))
    ax.legend(loc="upper right", fontsize=8)
    ax.set_xticks(range(players), [seat(s, lang) for s in range(players)])
    ax.set_ylim(0, 1.12)
    ax.set_ylabel(say("axis.win_share", lang))


_FAMILY = re.compile(r"^(.*?)(\d+)(\D*)$")


def stat_families(keys: Sequence[str]) -> tuple[dict[str, list[tuple[int, str]]], list[str]]:
    """Group keys that differ only in one number (``steps_section_1``, ``steps_section_2``;
    ``arrival_p1``, ``arrival_p2``): one plot per family, members side by side.

    >>> stat_families(["won_3", "won_5", "rounds", "won_4"])
    ({'won_#': [(3, 'won_3'), (4, 'won_4'), (5, 'won_5')]}, ['rounds'])
    """
    fam: dict[str, list[tuple[int, str]]] = defaultdict(list)
    for k in keys:
        m = _FAMILY.match(k)
        if m:
            fam[f"{m.group(1)}#{m.group(3)}"].append((int(m.group(2)), k))
    families = {f: sorted(v) for f, v in fam.items() if len(v) >= 2}
    grouped = {k for v in families.values() for _, k in v}
    return dict(sorted(families.items())), [k for k in keys if k not in grouped]


# ------------------------------------------------------------------ the report
class _Page:
    def __init__(self) -> None:
        self.parts: list[str] = []
        self.titles: list[str] = []

    def h2(self, text: str) -> None:
        self.parts.append(f"<h2>{html.escape(text)}</h2>")

    def p(self, text: str) -> None:
        self.parts.append(f"<p>{html.escape(text)}</p>")

    def fig(self, title: str, fig: Figure, caption: str) -> None:
        fig.suptitle(title, fontsize=12, fontweight="bold")
        self.titles.append(title)
        self.parts.append(
            f'<figure><img alt="{html.escape(title)}" src="data:image/png;base64,{_png(fig)}">'
            f"<figcaption><b>{html.escape(title)}.</b> {html.escape(caption)}</figcaption></figure>"
        )

    def table(self, header: Sequence[str], rows: Sequence[Sequence[Any]]) -> None:
        head = "".join(f"<th>{html.escape(str(h))}</th>" for h in header)
        body = "".join(
            "<tr>" + "".join(f"<td>{html.escape(_cell(c))}</td>" for c in r) + "</tr>" for r in rows
        )
        self.parts.append(f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>")


def _cell(v: Any) -> str:
    if isinstance(v, float):
        return "–" if math.isnan(v) else f"{v:.4g}"
    return str(v)


def _numeric(series: Any) -> bool:
    import pandas as pd  # type: ignore[import-untyped]

    return bool(pd.api.types.is_numeric_dtype(series)) and not bool(pd.api.types.is_bool_dtype(series))


def _sample(n: int, k: int, seed: int) -> list[int]:
    if n <= k:
        return list(range(n))
    return sorted(random.Random(seed).sample(range(n), k))


@dataclass
class _Advantage:
    lines: list[str]
    numbers: dict[str, Any]


def _seat_advantage(df: Any, played: list[Played], config: SimConfig, players: int, lang: str) -> _Advantage:
    """The seat advantage from the complete deals, if their design can tell it apart from
    the agents' strength; else the reason it cannot, in words. Intervals are Student-t over
    deals, unbounded (and nothing significant) below two deals, and the lines say when the
    deals are too few to trust them."""
    size = len(config.design)
    deals: dict[int, list[Played]] = defaultdict(list)
    for d, g in zip(df["deal"], played, strict=True):
        deals[int(d)].append(g)
    whole = [deals[d] for d in sorted(deals) if len(deals[d]) == size]
    gap = design_gap(whole, players)
    if gap is not None:
        return _Advantage(
            [say("report.advantage.cannot", lang, problem=gap.said(lang), size=size)],
            {"answerable": False, "reason": gap.said(DEFAULT)},
        )
    mirror = len({a for g in played for a in g.agents}) == 1
    how = "mirror match" if mirror else "adjusted for the agent: each seat against its agent's average"
    effects = seat_effects(whole, players)
    lines = [
        say(
            "report.advantage.head_mirror" if mirror else "report.advantage.head_adjusted",
            lang,
            deals=len(whole),
            size=size,
        )
    ]

    def points(x: float) -> str:
        return f"{100 * x:+.1f}"

    def score(x: float) -> str:
        return f"{x:+.2f}"

    for e in effects:
        lines.append(
            "  "
            + say(
                "report.advantage.seat",
                lang,
                seat=seat(e.seat, lang),
                win=points(e.win),
                win_interval=bounds(*e.win_interval, lang, points),
                score=score(e.score),
                score_interval=bounds(*e.score_interval, lang, score),
            )
        )
    favoured = [
        say(
            "report.advantage.ahead" if e.win > 0 else "report.advantage.behind",
            lang,
            seat=seat(e.seat, lang),
        )
        for e in effects
        if e.significant
    ]
    if favoured:
        lines.append("  " + say("report.advantage.significant", lang, seats=", ".join(favoured)))
    elif len(whole) < 2:
        lines.append("  " + say("report.advantage.one_deal", lang, games=2 * size))
    else:
        lines.append("  " + say("report.advantage.none", lang))
    if 2 <= len(whole) < FEW_DEALS:
        lines.append(
            "  " + say("report.advantage.few", lang, deals=len(whole), few=FEW_DEALS, games=FEW_DEALS * size)
        )
    return _Advantage(
        lines,
        {
            "answerable": True,
            "design": how,
            "deals": len(whole),
            "seats": [
                {
                    "seat": e.seat + 1,
                    "win": e.win,
                    "win_interval": [finite(x) for x in e.win_interval],
                    "score": e.score,
                }
                for e in effects
            ],
        },
    )


def _tier_label(game_id: str, key: str, english: str, lang: str) -> str:
    """A solo rating's label in ``lang``, by its key (as ``i18n.localize_result`` reads it)."""
    if lang == DEFAULT:
        return english
    return game_catalog(game_id, lang).result.get(f"ratings.{key}.label", english)


def solo_tiers(traces: Sequence[Trace]) -> list[tuple[str, str, dict[str, int]]]:
    """How the replayed solo games fall among the game's tiers (its ``result().rating``):
    ``(key, English label, games per agent)``, lowest tier first (by the mean score of its
    games), or nothing when the game rates no solo game."""
    by: dict[str, list[Trace]] = defaultdict(list)
    labels: dict[str, str] = {}
    for t in traces:
        if t.rating is not None:
            by[t.rating[0]].append(t)
            labels[t.rating[0]] = t.rating[1]
    order = sorted(by, key=lambda k: statistics.fmean(t.score for t in by[k]))
    out = []
    for k in order:
        counts: dict[str, int] = defaultdict(int)
        for t in by[k]:
            counts[t.agent] += 1
        out.append((k, labels[k], dict(counts)))
    return out


def make_report(
    out: Path,
    html_path: Path | None = None,
    sample: int = 200,
    lang: str = DEFAULT,
) -> Report:
    """Write ``report.html`` (or ``html_path``) and ``summary.json`` for the run in ``out``,
    in ``lang``. Where they cannot be written is refused before any record is read."""
    out = Path(out)
    if sample < 0:
        raise SimError("sample", value=sample)
    path = Path(html_path) if html_path is not None else out / "report.html"
    config = store.load_config(out)
    check_writable(path, "--html" if html_path is not None else "")
    check_writable(out / "summary.json")
    df = store.load_frame(out)
    n = len(df)
    P = config.players
    solo = P == 1
    seats = [seat(s, lang) for s in range(P)]
    page = _Page()
    numbers: dict[str, Any] = {"run": config.identity(), "games_recorded": n}

    # -------------------------------------------------- per seat and per agent
    seat_scores = {seats[s]: [float(x) for x in df[f"score_{s}"]] for s in range(P)}
    seat_wins = [float(df[f"win_{s}"].sum()) for s in range(P)]
    agent_scores: dict[str, list[float]] = defaultdict(list)
    agent_wins: dict[str, float] = defaultdict(float)
    agent_n: dict[str, int] = defaultdict(int)
    for s in range(P):
        for a, sc, w in zip(df[f"agent_{s}"], df[f"score_{s}"], df[f"win_{s}"], strict=True):
            agent_scores[str(a)].append(float(sc))
            agent_wins[str(a)] += float(w)
            agent_n[str(a)] += 1
    agents = [a for a in dict.fromkeys(config.agents) if a in agent_n]
    fair = 1.0 / P if P > 1 else None

    # -------------------------------------------------- replays
    # A run under a components overlay replays only where the overlay is in force.
    idx = _sample(n, 0 if config.components else sample, config.seed)
    traces = [trace(r) for r in store.frame_to_records(df.iloc[idx])] if idx else []
    good = [t for t in traces if t.ok]
    stale = len(traces) - len(good)

    # -------------------------------------------------- summary text
    opts = (
        say("report.options", lang, options=json.dumps(config.options, sort_keys=True))
        if config.options
        else ""
    )
    lines = [
        say(
            "report.header_one" if solo else "report.header",
            lang,
            game=title(config.game, lang),
            games=n,
            of=config.games,
            players=P,
            agents=", ".join(config.agents),
            seed=config.seed,
            options=opts,
        )
    ]

    def median_text(values: Sequence[float]) -> tuple[str, str, tuple[float, float, float]]:
        m, lo, hi = median_interval(values)
        return f"{m:g}", bounds(lo, hi, lang, lambda x: f"{x:g}"), (m, lo, hi)

    seat_rows: list[list[Any]] = []
    if solo:
        lines.append(say("report.solo_scores", lang))
        sc = seat_scores[seats[0]]
        med, within, (m, lo, hi) = median_text(sc)
        lines.append(
            "  "
            + say(
                "report.solo_seat",
                lang,
                seat=seats[0],
                median=med,
                interval=within,
                mean=f"{statistics.fmean(sc):.2f}",
                sd=f"{statistics.pstdev(sc):.2f}",
            )
        )
        seat_rows.append([seats[0], n, m, within, statistics.fmean(sc), statistics.pstdev(sc)])
        numbers["seats"] = [{"seat": 1, "median": m, "interval": [finite(lo), finite(hi)]}]
    else:
        lines.append(say("report.win_seat_head", lang, fair=percent(fair or 0.0)))
        for s in range(P):
            lo, hi = wilson(seat_wins[s], n)
            sc = seat_scores[seats[s]]
            mean, sd = statistics.fmean(sc), statistics.pstdev(sc)
            lines.append(
                "  "
                + say(
                    "report.win_seat_line",
                    lang,
                    seat=seats[s],
                    rate=percent(seat_wins[s] / n),
                    interval=interval_text(lo, hi),
                    mean=f"{mean:.2f}",
                    sd=f"{sd:.2f}",
                )
            )
            seat_rows.append([seats[s], n, percent(seat_wins[s] / n), interval_text(lo, hi), mean, sd])
        numbers["seats"] = [
            {"seat": s + 1, "win_rate": seat_wins[s] / n, "interval": wilson(seat_wins[s], n)}
            for s in range(P)
        ]
    played = [
        Played(
            tuple(str(df[f"agent_{s}"].iat[i]) for s in range(P)),
            tuple(float(df[f"win_{s}"].iat[i]) for s in range(P)),
            tuple(float(df[f"score_{s}"].iat[i]) for s in range(P)),
        )
        for i in range(n)
    ]
    cells = seat_agent_table(played, P)
    if P > 1:
        advantage = _seat_advantage(df, played, config, P, lang)
        lines.extend(advantage.lines)
        numbers["seat_advantage"] = advantage.numbers
    agent_rows: list[list[Any]] = []
    if agents and solo:
        lines.append(say("report.solo_agents", lang))
        numbers["agents"] = {}
        for a in agents:
            med, within, (m, lo, hi) = median_text(agent_scores[a])
            mean = statistics.fmean(agent_scores[a])
            lines.append(
                "  "
                + say(
                    "report.solo_agent",
                    lang,
                    agent=a,
                    median=med,
                    interval=within,
                    games=agent_n[a],
                    mean=f"{mean:.2f}",
                )
            )
            agent_rows.append([a, agent_n[a], m, within, mean])
            numbers["agents"][a] = {"games": agent_n[a], "median": m, "interval": [finite(lo), finite(hi)]}
    elif agents:
        lines.append(say("report.win_agent_head", lang))
        for a in agents:
            lo, hi = wilson(agent_wins[a], agent_n[a])
            m = statistics.fmean(agent_scores[a])
            lines.append(
                "  "
                + say(
                    "report.win_agent_line",
                    lang,
                    agent=a,
                    rate=percent(agent_wins[a] / agent_n[a]),
                    interval=interval_text(lo, hi),
                    seats=agent_n[a],
                    mean=f"{m:.2f}",
                )
            )
            agent_rows.append([a, agent_n[a], percent(agent_wins[a] / agent_n[a]), interval_text(lo, hi), m])
        numbers["agents"] = {a: {"seats": agent_n[a], "win_rate": agent_wins[a] / agent_n[a]} for a in agents}
    tiers = solo_tiers(good) if solo else []
    if tiers:
        rated = sum(sum(c.values()) for _, _, c in tiers)
        lines.append(say("report.tiers_head", lang, games=rated))
        for key, english, counts in tiers:
            count = sum(counts.values())
            lines.append(
                "  "
                + say(
                    "report.tier_line",
                    lang,
                    tier=_tier_label(config.game, key, english, lang),
                    games=count,
                    share=percent(count / rated),
                    agents=", ".join(f"{a} {counts[a]}" for a in agents if a in counts),
                )
            )
        numbers["solo_tiers"] = {key: counts for key, _, counts in tiers}
    lengths = [float(x) for x in df["length"]]
    length_line = say(
        "report.length",
        lang,
        mean=f"{statistics.fmean(lengths):.1f}",
        median=f"{statistics.median(lengths):g}",
        low=f"{min(lengths):g}",
        high=f"{max(lengths):g}",
    )
    rounds_col = STAT_PREFIX + "rounds"
    has_rounds = rounds_col in df.columns and _numeric(df[rounds_col])
    if has_rounds:
        rounds = [float(x) for x in df[rounds_col].dropna()]
        if rounds:
            length_line += say(
                "report.length_rounds",
                lang,
                mean=f"{statistics.fmean(rounds):.2f}",
                median=f"{statistics.median(rounds):g}",
            )
    lines.append(length_line)
    numbers["length"] = {"mean": statistics.fmean(lengths), "median": statistics.median(lengths)}
    margins = [final_margin(list(x)) for x in df["scores"]] if P > 1 else []
    fractions = [i / 10 for i in range(1, 11)]
    curve, chance = early_lead(good, P, fractions)
    if P > 1:
        ties = sum(1 for w in df["winners"] if len(w) > 1)
        changes = [lead_changes(t.leaders) for t in good]
        lines.append(
            say(
                "report.margin",
                lang,
                mean=f"{statistics.fmean(margins):.2f}",
                median=f"{statistics.median(margins):g}",
                shared=percent(ties / n),
            )
        )
        if changes:
            half = statistics.fmean(winner_leads_at(t, 0.5) for t in good)
            lines.append(
                say(
                    "report.lead_changes",
                    lang,
                    mean=f"{statistics.fmean(changes):.2f}",
                    games=len(good),
                    half=percent(half),
                    chance=percent(chance),
                )
            )
            numbers["lead_changes"] = statistics.fmean(changes)
            numbers["early_lead"] = {"fractions": fractions, "winner_leads": curve, "chance": chance}
        numbers["margin"] = statistics.fmean(margins)
    if good:
        allb = [b for t in good for b in t.legal]
        lines.append(say("report.branching", lang, mean=f"{statistics.fmean(allb):.1f}", most=max(allb)))
        numbers["branching"] = statistics.fmean(allb)
    if stale:
        lines.append(say("report.stale", lang, stale=stale, sampled=len(traces)))
    if config.components:
        lines.append(say("report.no_replays", lang, components=json.dumps(config.components, sort_keys=True)))
    if n < config.games:
        lines.append(say("report.incomplete", lang, games=n, of=config.games))
    summary = "\n".join(lines)

    # -------------------------------------------------- page
    page.h2(say("report.h.summary", lang))
    page.parts.append(f"<pre>{html.escape(summary)}</pre>")
    page.h2(say("report.h.seats", lang))
    seat_cols = (
        ("seat", "games", "median", "interval", "mean_score", "sd")
        if solo
        else ("seat", "games", "win_rate", "interval", "mean_score", "sd")
    )
    page.table([say(f"report.col.{c}", lang) for c in seat_cols], seat_rows)
    fig, ax = _figure()
    _boxes(ax, seat_scores)
    ax.set_ylabel(say("axis.final_score", lang))
    page.fig(say("report.title.score_seat", lang), fig, say("report.caption.score_seat", lang))
    if not solo:
        fig, ax = _figure()
        _rates(ax, seats, seat_wins, [n] * P, fair, lang)
        page.fig(say("report.title.win_seat", lang), fig, say("report.caption.win_seat", lang))
    if P > 1:
        page.h2(say("report.h.seats_by_agent", lang))
        page.table(
            [
                say(f"report.col.{c}", lang)
                for c in ("agent", "seat", "games", "win_share", "interval", "mean_score", "interval")
            ],
            [
                [
                    c.agent,
                    c.seat + 1,
                    c.games,
                    percent(c.win),
                    interval_text(*c.win_interval),
                    c.score,
                    bounds(*c.score_interval, lang, lambda x: f"{x:.4g}"),
                ]
                for c in cells
            ],
        )
        fig, ax = _figure()
        _seat_agent_rates(ax, cells, P, fair, lang)
        page.fig(say("report.title.win_seat_agent", lang), fig, say("report.caption.win_seat_agent", lang))
        numbers["seat_agent"] = [
            {"agent": c.agent, "seat": c.seat + 1, "games": c.games, "win": c.win, "score": c.score}
            for c in cells
        ]
    page.h2(say("report.h.agents", lang))
    agent_cols = (
        ("agent", "games", "median", "interval", "mean_score")
        if solo
        else ("agent", "seats_played", "win_rate", "interval", "mean_score")
    )
    page.table([say(f"report.col.{c}", lang) for c in agent_cols], agent_rows)
    fig, ax = _figure()
    _boxes(ax, {a: agent_scores[a] for a in agents})
    ax.set_ylabel(say("axis.final_score", lang))
    page.fig(say("report.title.score_agent", lang), fig, say("report.caption.score_agent", lang))
    if not solo:
        fig, ax = _figure()
        _rates(ax, agents, [agent_wins[a] for a in agents], [agent_n[a] for a in agents], fair, lang)
        page.fig(say("report.title.win_agent", lang), fig, say("report.caption.win_agent", lang))
    if tiers:
        fig, ax = _figure()
        _tier_bars(ax, tiers, agents, config.game, lang)
        page.fig(
            say("report.title.solo_tiers", lang),
            fig,
            say("report.caption.solo_tiers", lang, games=sum(sum(c.values()) for _, _, c in tiers)),
        )

    page.h2(say("report.h.length", lang))
    fig, ax = _figure()
    _hist(ax, lengths, lang)
    ax.set_xlabel(say("axis.decisions", lang))
    ax.set_ylabel(say("axis.games", lang))
    page.fig(say("report.title.length", lang), fig, say("report.caption.length", lang))
    if has_rounds:
        fig, ax = _figure()
        _hist(ax, [float(x) for x in df[rounds_col].dropna()], lang, _COLOURS[2])
        ax.set_xlabel(say("axis.rounds", lang))
        ax.set_ylabel(say("axis.games", lang))
        page.fig(say("report.title.rounds", lang), fig, say("report.caption.rounds", lang))
    fig, ax = _figure()
    if good:
        longest = max(len(t.legal) for t in good)
        per: list[list[int]] = [[] for _ in range(longest)]
        for t in good:
            for i, b in enumerate(t.legal):
                per[i].append(b)
        keep = [i for i in range(longest) if len(per[i]) >= max(3, len(good) // 10)] or list(range(longest))
        xs = [i + 1 for i in keep]
        means = [statistics.fmean(per[i]) for i in keep]
        q10 = [_quantile(per[i], 0.1) for i in keep]
        q90 = [_quantile(per[i], 0.9) for i in keep]
        ax.fill_between(
            xs, q10, q90, color=_COLOURS[3], alpha=0.2, label=say("report.legend.percentiles", lang)
        )
        ax.plot(xs, means, color=_COLOURS[3], label=say("report.legend.mean_line", lang))
        ax.legend(loc="upper right", fontsize=8)
    ax.set_xlabel(say("axis.decision_number", lang))
    ax.set_ylabel(say("axis.legal_actions", lang))
    page.fig(say("report.title.branching", lang), fig, say("report.caption.branching", lang, games=len(good)))
    if P > 1:
        page.h2(say("report.h.decisiveness", lang))
        fig, ax = _figure()
        _hist(ax, [float(lead_changes(t.leaders)) for t in good], lang, _COLOURS[0])
        ax.set_xlabel(say("axis.lead_changes", lang))
        ax.set_ylabel(say("axis.games", lang))
        page.fig(
            say("report.title.lead_changes", lang),
            fig,
            say("report.caption.lead_changes", lang, games=len(good)),
        )
        fig, ax = _figure()
        _hist(ax, margins, lang, _COLOURS[1])
        ax.set_xlabel(say("axis.margin", lang))
        ax.set_ylabel(say("axis.games", lang))
        page.fig(say("report.title.margin", lang), fig, say("report.caption.margin", lang))
        fig, ax = _figure()
        if good:
            ax.plot([100 * f for f in fractions], curve, marker="o", color=_COLOURS[4])
            ax.axhline(
                chance, color="black", linestyle="--", linewidth=1, label=say("report.legend.chance", lang)
            )
            ax.legend(loc="lower right", fontsize=8)
        ax.set_xlim(0, 100)
        ax.set_ylim(0, 1.05)
        ax.set_xlabel(say("axis.played", lang))
        ax.set_ylabel(say("axis.leader_wins", lang))
        page.fig(say("report.title.early", lang), fig, say("report.caption.early", lang))

    # -------------------------------------------------- component statistics
    stat_cols = store.stat_columns(df)
    numeric = [c for c in stat_cols if _numeric(df[c])]
    text_cols = [c for c in stat_cols if c not in numeric]
    page.h2(say("report.h.components", lang))
    if not stat_cols:
        page.p(say("report.no_stats", lang))
    rows = []
    for c in numeric:
        v = df[c].dropna().astype(float)
        if len(v):
            rows.append(
                [c[len(STAT_PREFIX) :], len(v), v.mean(), v.std(ddof=0), v.min(), v.quantile(0.5), v.max()]
            )
    if rows:
        page.table(
            [
                say(f"report.col.{c}", lang)
                for c in ("stats_key", "games", "mean", "sd", "min", "median", "max")
            ],
            rows,
        )
    numbers["stats"] = {r[0]: {"mean": float(r[2]), "sd": float(r[3])} for r in rows}
    keys = [c[len(STAT_PREFIX) :] for c in numeric if c[len(STAT_PREFIX) :] not in DEDICATED]
    keys = [k for k in keys if df[STAT_PREFIX + k].dropna().nunique() > 1]
    families, singles = stat_families(keys)
    for fam, members in list(families.items())[:16]:
        fig, ax = _figure(max(6.0, 0.6 * len(members) + 2), 4.0)
        _boxes(ax, {str(num): [float(x) for x in df[STAT_PREFIX + k].dropna()] for num, k in members})
        ax.set_xlabel(fam.replace("#", "N") + "  (N)")
        page.fig(
            say("report.title.family", lang, family=fam.replace("#", "N")),
            fig,
            say("report.caption.family", lang),
        )
    for start in range(0, len(singles), 12):
        chunk = singles[start : start + 12]
        cols = min(4, len(chunk))
        rows_n = math.ceil(len(chunk) / cols)
        fig = Figure(figsize=(3.2 * cols, 2.6 * rows_n))
        for i, k in enumerate(chunk):
            ax = fig.add_subplot(rows_n, cols, i + 1)
            _hist(ax, [float(x) for x in df[STAT_PREFIX + k].dropna()], lang, _COLOURS[i % len(_COLOURS)])
            ax.set_title(k, fontsize=9)
            ax.tick_params(labelsize=8)
        fig.tight_layout(rect=(0, 0, 1, 0.94))
        heading = (
            say("report.title.components_part", lang, part=start // 12 + 1)
            if len(singles) > 12
            else say("report.title.components", lang)
        )
        page.fig(heading, fig, say("report.caption.components", lang))
    for c in text_cols:
        counts = df[c].astype(str).value_counts().head(12)
        page.p(say("report.text_stat", lang, key=c[len(STAT_PREFIX) :]))
        page.table(
            [say("report.col.value", lang), say("report.col.games", lang)],
            [[str(k), int(v)] for k, v in counts.items()],
        )

    heading = say(
        "report.page_title_one" if solo else "report.page_title",
        lang,
        game=title(config.game, lang),
        players=P,
        agents=", ".join(config.agents),
    )
    write_text(path, _html_page(lang, heading, config.describe(lang), page))
    write_text(out / "summary.json", json.dumps(numbers, indent=1, default=float))
    return Report(path, summary, page.titles, numbers)


def _tier_bars(
    ax: Any, tiers: Sequence[tuple[str, str, dict[str, int]]], agents: Sequence[str], game_id: str, lang: str
) -> None:
    """Each agent's share of its replayed games at each solo tier, lowest tier first."""
    totals = {a: sum(c.get(a, 0) for _, _, c in tiers) for a in agents}
    shown = [a for a in agents if totals[a]]
    width = 0.8 / max(1, len(shown))
    xs = list(range(len(tiers)))
    for i, a in enumerate(shown):
        pos = [x + (i - (len(shown) - 1) / 2) * width for x in xs]
        shares = [c.get(a, 0) / totals[a] for _, _, c in tiers]
        ax.bar(pos, shares, width=width, color=_COLOURS[i % len(_COLOURS)], alpha=0.8, label=a)
        _bar_labels(ax, pos, shares, shares, fontsize=8)
    ax.set_xticks(xs, [_tier_label(game_id, k, english, lang) for k, english, _ in tiers])
    ax.set_ylim(0, 1.12)
    ax.set_ylabel(say("axis.tier_share", lang))
    ax.legend(loc="upper right", fontsize=8)


def _quantile(values: Sequence[int], q: float) -> float:
    s = sorted(values)
    return float(s[min(len(s) - 1, max(0, round(q * (len(s) - 1))))])


def _html_page(lang: str, heading: str, description: str, page: _Page, compare: bool = False) -> str:
    """The self-contained page of a report or a comparison, declared in ``lang``."""
    left = "td:nth-child(-n+2), th:nth-child(-n+2)" if compare else "td:first-child, th:first-child"
    intro = f"<p>{html.escape(description)}</p>\n" if description else ""
    return f"""<!doctype html>
<html lang="{html.escape(lang)}"><head><meta charset="utf-8">
<title>{html.escape(heading)}</title>
<style>
body {{ font-family: system-ui, sans-serif; max-width: 960px; margin: 2em auto; padding: 0 1em;
       color: #222; }}
h1 {{ color: #b5179e; }} h2 {{ border-bottom: 2px solid #f77f00; padding-bottom: .2em; }}
pre {{ background: #faf3e8; padding: 1em; overflow-x: auto; }}
table {{ border-collapse: collapse; margin: 1em 0; }}
th, td {{ border: 1px solid #ccc; padding: .3em .6em; text-align: right; }}
th {{ background: #faf3e8; }} {left} {{ text-align: left; }}
figure {{ margin: 1.5em 0; }} img {{ max-width: 100%; }}
figcaption {{ font-size: .9em; color: #555; }}
</style></head><body>
<h1>{html.escape(heading)}</h1>
{intro}{chr(10).join(page.parts)}
</body></html>
"""
