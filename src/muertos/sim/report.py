"""The designer's report on a simulation directory: one self-contained HTML page.

Plots (PNG, embedded as base64, so the page can be mailed or archived as one file):
scores by seat and by agent, win rates by seat and by agent with 95 % Wilson intervals
(the first-seat advantage), game length in decisions (and in rounds when the game reports
``rounds``), the branching factor over the game, lead changes, final margins and how early
the eventual winner leads, and every numeric ``stats()`` key the game reports.

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
from muertos.match import MatchRecord

from . import store
from .plan import SimConfig, SimError
from .runner import STAT_PREFIX
from .seats import Cell, Played, design_problem, seat_agent_table, seat_effects
from .stats import final_margin, interval_text, percent, wilson

DEDICATED = ("decisions", "rounds")
"""``stats()`` keys with plots of their own (the length plots); the rest go to the grid."""

TITLES = {
    "score_seat": "Score distribution by seat",
    "score_agent": "Score distribution by agent",
    "win_seat": "Win rate by seat (95% interval)",
    "win_agent": "Win rate by agent (95% interval)",
    "win_seat_agent": "Win rate by seat and agent (95% interval)",
    "length": "Game length in decisions",
    "rounds": "Game length in rounds",
    "branching": "Branching factor over the game",
    "lead_changes": "Lead changes per game",
    "margin": "Final margin (winner minus runner-up)",
    "early": "How early the winner leads",
}

_COLOURS = ["#b5179e", "#f77f00", "#2a9d8f", "#457b9d", "#e63946", "#6a4c93", "#8d6e63", "#43aa8b"]


@dataclass
class Trace:
    """One replayed game: what the position offered and who led after each action."""

    legal: list[int]
    leaders: list[tuple[int, ...]]
    winners: list[int]
    ok: bool


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
    leaders: list[tuple[int, ...]] = []
    ok = True
    for a in rec.actions:
        legal.append(len(s.legal_actions()))
        try:
            s.apply(a)
        except IllegalAction:
            ok = False
            break
        sc = s.scores()
        best = max(sc)
        leaders.append(tuple(i for i, v in enumerate(sc) if v == best))
    if ok and [float(x) for x in s.scores()] != [float(x) for x in rec.scores]:
        ok = False
    return Trace(legal, leaders, list(rec.winners), ok)


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
    """Share of the leaders ``fraction`` of the way through the game who end up winning."""
    if not t.leaders:
        return math.nan
    i = max(0, min(len(t.leaders) - 1, math.ceil(fraction * len(t.leaders)) - 1))
    lead = t.leaders[i]
    return sum(1 for s in lead if s in t.winners) / len(lead)


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


def _hist(ax: Any, values: Sequence[float], colour: str = _COLOURS[3]) -> None:
    vals = [float(v) for v in values if not math.isnan(float(v))]
    if not vals:
        ax.text(0.5, 0.5, "no data", ha="center", va="center", transform=ax.transAxes)
        return
    ax.hist(vals, bins=_bins(vals), color=colour, edgecolor="white")
    m = statistics.fmean(vals)
    ax.axvline(m, color="black", linestyle="--", linewidth=1, label=f"mean {m:.3g}")
    ax.legend(loc="upper right", fontsize=8)


def _boxes(ax: Any, groups: dict[str, list[float]]) -> None:
    labels = list(groups)
    data = [groups[k] or [math.nan] for k in labels]
    bp = ax.boxplot(data, tick_labels=labels, showmeans=True, patch_artist=True)
    for i, box in enumerate(bp["boxes"]):
        box.set_facecolor(_COLOURS[i % len(_COLOURS)])
        box.set_alpha(0.55)


def _rates(ax: Any, labels: list[str], wins: list[float], n: list[float], fair: float | None) -> None:
    rates = [w / k if k else 0.0 for w, k in zip(wins, n, strict=True)]
    ints = [wilson(w, k) for w, k in zip(wins, n, strict=True)]
    lower = [max(0.0, r - lo) for r, (lo, _) in zip(rates, ints, strict=True)]  # rounding at 0 % / 100 %
    upper = [max(0.0, hi - r) for r, (_, hi) in zip(rates, ints, strict=True)]
    xs = list(range(len(labels)))
    ax.bar(xs, rates, color=[_COLOURS[i % len(_COLOURS)] for i in xs], alpha=0.8)
    ax.errorbar(xs, rates, yerr=[lower, upper], fmt="none", ecolor="black", capsize=6)
    _bar_labels(ax, xs, rates, [hi for _, hi in ints])
    if fair is not None:
        ax.axhline(fair, color="black", linestyle="--", linewidth=1, label=f"fair share {100 * fair:.0f}%")
        ax.legend(loc="upper right", fontsize=8)
    ax.set_xticks(xs, labels)
    ax.set_ylim(0, min(1.12, max(hi for _, hi in ints) * 1.15 + 0.06) if ints else 1.0)
    ax.set_ylabel("win rate (shared wins count 1/k)")


def _bar_labels(
    ax: Any, xs: Sequence[float], rates: Sequence[float], tops: Sequence[float], fontsize: int = 9
) -> None:
    """Each bar's rate just above its interval, in black: inside a short bar, or across the
    fair-share line, a label cannot be read."""
    for x, r, top in zip(xs, rates, tops, strict=True):
        ax.text(x, top + 0.012, f"{100 * r:.1f}%", ha="center", va="bottom", fontsize=fontsize, color="black")


def _seat_agent_rates(ax: Any, cells: Sequence[Cell], players: int, fair: float | None) -> None:
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
        ax.axhline(fair, color="black", linestyle="--", linewidth=1, label=f"fair share {100 * fair:.0f}%")
    ax.legend(loc="upper right", fontsize=8)
    ax.set_xticks(range(players), [f"seat {s + 1}" for s in range(players)])
    ax.set_ylim(0, 1.12)
    ax.set_ylabel("win share (shared wins count 1/k)")


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


def _seat_advantage(df: Any, played: list[Played], config: SimConfig, players: int) -> _Advantage:
    """The seat advantage from the complete deals, if their design can tell it apart from
    the agents' strength; else the reason it cannot, in words."""
    size = len(config.design)
    deals: dict[int, list[Played]] = defaultdict(list)
    for d, g in zip(df["deal"], played, strict=True):
        deals[int(d)].append(g)
    whole = [deals[d] for d in sorted(deals) if len(deals[d]) == size]
    problem = design_problem(whole, players)
    if problem is not None:
        return _Advantage(
            [
                f"Seat advantage: this run cannot tell it apart from the agents' strength ({problem}); "
                "the raw seat rates above mix the two. A run with balanced seating can (a whole "
                f"number of deals of {size} games, or one agent in every seat)."
            ],
            {"answerable": False, "reason": problem},
        )
    mirror = len({a for g in played for a in g.agents}) == 1
    how = "mirror match" if mirror else "adjusted for the agent: each seat against its agent's average"
    effects = seat_effects(whole, players)
    lines = [
        f"Seat advantage in win share ({how}; {len(whole)} whole deals of {size} games; "
        "intervals 95% for all seats together):"
    ]
    for e in effects:
        lo, hi = e.win_interval
        lines.append(
            f"  seat {e.seat + 1}: {100 * e.win:+.1f} points ({100 * lo:+.1f} to {100 * hi:+.1f}); "
            f"score {e.score:+.2f} ({e.score_interval[0]:+.2f} to {e.score_interval[1]:+.2f})"
        )
    favoured = [f"seat {e.seat + 1} ({'ahead' if e.win > 0 else 'behind'})" for e in effects if e.significant]
    lines.append(
        "  Significant: " + ", ".join(favoured)
        if favoured
        else "  No seat advantage: every seat's interval holds 0."
    )
    return _Advantage(
        lines,
        {
            "answerable": True,
            "design": how,
            "deals": len(whole),
            "seats": [
                {"seat": e.seat + 1, "win": e.win, "win_interval": e.win_interval, "score": e.score}
                for e in effects
            ],
        },
    )


def make_report(
    out: Path,
    html_path: Path | None = None,
    sample: int = 200,
) -> Report:
    """Write ``report.html`` (or ``html_path``) and ``summary.json`` for the run in ``out``."""
    out = Path(out)
    config = store.load_config(out)
    df = store.load_frame(out)
    if sample < 0:
        raise SimError(f"--sample must be at least 0, got {sample}")
    g = game(config.game)
    n = len(df)
    P = config.players
    seats = [f"seat {s + 1}" for s in range(P)]
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
    lines = [
        f"{g.title} — {n} games recorded of {config.games} "
        f"({P} player{'s' if P != 1 else ''}; agents {', '.join(config.agents)}; seed {config.seed}"
        + (f"; options {json.dumps(config.options, sort_keys=True)}" if config.options else "")
        + ")",
        "Win rate by seat, raw: the seat and whoever sat in it (95% interval"
        + (f"; fair share {percent(fair)})" if fair else ")")
        + ":",
    ]
    seat_rows = []
    for s in range(P):
        lo, hi = wilson(seat_wins[s], n)
        sc = seat_scores[seats[s]]
        mean, sd = statistics.fmean(sc), statistics.pstdev(sc)
        lines.append(
            f"  {seats[s]}: {percent(seat_wins[s] / n)} ({interval_text(lo, hi)}); "
            f"mean score {mean:.2f} (sd {sd:.2f})"
        )
        seat_rows.append([seats[s], n, percent(seat_wins[s] / n), interval_text(lo, hi), mean, sd])
    numbers["seats"] = [
        {"seat": s + 1, "win_rate": seat_wins[s] / n, "interval": wilson(seat_wins[s], n)} for s in range(P)
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
        advantage = _seat_advantage(df, played, config, P)
        lines.extend(advantage.lines)
        numbers["seat_advantage"] = advantage.numbers
    agent_rows = []
    if agents:
        lines.append("Win rate by agent (per seat played):")
        for a in agents:
            lo, hi = wilson(agent_wins[a], agent_n[a])
            m = statistics.fmean(agent_scores[a])
            lines.append(
                f"  {a}: {percent(agent_wins[a] / agent_n[a])} ({interval_text(lo, hi)}) "
                f"over {agent_n[a]} seats; mean score {m:.2f}"
            )
            agent_rows.append([a, agent_n[a], percent(agent_wins[a] / agent_n[a]), interval_text(lo, hi), m])
        numbers["agents"] = {a: {"seats": agent_n[a], "win_rate": agent_wins[a] / agent_n[a]} for a in agents}
    lengths = [float(x) for x in df["length"]]
    length_line = (
        f"Length: {statistics.fmean(lengths):.1f} decisions on average "
        f"(median {statistics.median(lengths):g}, {min(lengths):g}–{max(lengths):g})"
    )
    rounds_col = STAT_PREFIX + "rounds"
    has_rounds = rounds_col in df.columns and _numeric(df[rounds_col])
    if has_rounds:
        rounds = [float(x) for x in df[rounds_col].dropna()]
        if rounds:
            length_line += f"; {statistics.fmean(rounds):.2f} rounds (median {statistics.median(rounds):g})"
    lines.append(length_line)
    numbers["length"] = {"mean": statistics.fmean(lengths), "median": statistics.median(lengths)}
    margins = [final_margin(list(x)) for x in df["scores"]] if P > 1 else []
    if P > 1:
        ties = sum(1 for w in df["winners"] if len(w) > 1)
        changes = [lead_changes(t.leaders) for t in good]
        lines.append(
            f"Final margin: {statistics.fmean(margins):.2f} on average (median "
            f"{statistics.median(margins):g}); shared wins in {percent(ties / n)} of games"
        )
        if changes:
            lines.append(
                f"Lead changes: {statistics.fmean(changes):.2f} per game on average "
                f"(replayed sample of {len(good)}); the eventual winner leads half-way in "
                f"{percent(statistics.fmean(winner_leads_at(t, 0.5) for t in good))} of them"
            )
            numbers["lead_changes"] = statistics.fmean(changes)
        numbers["margin"] = statistics.fmean(margins)
    if good:
        allb = [b for t in good for b in t.legal]
        lines.append(f"Branching: {statistics.fmean(allb):.1f} legal actions per decision (max {max(allb)})")
        numbers["branching"] = statistics.fmean(allb)
    if stale:
        lines.append(
            f"Warning: {stale} of {len(traces)} sampled games no longer replay to their recorded "
            "scores: the game's code changed after this run; re-run it for current figures"
        )
    if config.components:
        lines.append(
            "Note: no replays (branching, lead changes): this run changed the components "
            f"({json.dumps(config.components, sort_keys=True)}), and this process has the game as shipped"
        )
    if n < config.games:
        lines.append(f"Note: the run is incomplete ({n} of {config.games}); re-run its command to finish it")
    summary = "\n".join(lines)

    # -------------------------------------------------- page
    page.h2("Summary")
    page.parts.append(f"<pre>{html.escape(summary)}</pre>")
    page.h2("Seats")
    page.table(["seat", "games", "win rate", "95% interval", "mean score", "sd"], seat_rows)
    fig, ax = _figure()
    _boxes(ax, seat_scores)
    ax.set_ylabel("final score")
    page.fig(TITLES["score_seat"], fig, "Boxes span the middle half, whiskers 1.5 IQR, triangles the mean.")
    fig, ax = _figure()
    _rates(ax, seats, seat_wins, [n] * P, fair)
    page.fig(
        TITLES["win_seat"],
        fig,
        "Share of games each seat won (a shared win counts 1/k); bars are 95% Wilson intervals. "
        "Raw: a seat's rate also depends on who sat in it; the seat advantage in the summary "
        "is adjusted for that.",
    )
    if P > 1:
        page.h2("Seats by agent")
        page.table(
            ["agent", "seat", "games", "win share", "95% interval", "mean score", "95% interval"],
            [
                [
                    c.agent,
                    c.seat + 1,
                    c.games,
                    percent(c.win),
                    interval_text(*c.win_interval),
                    c.score,
                    f"{c.score_interval[0]:.4g}–{c.score_interval[1]:.4g}",
                ]
                for c in cells
            ],
        )
        fig, ax = _figure()
        _seat_agent_rates(ax, cells, P, fair)
        page.fig(
            TITLES["win_seat_agent"],
            fig,
            "Each agent's share of the games in each seat, with 95% Wilson intervals: a seat "
            "advantage shows as the same tilt for every agent.",
        )
        numbers["seat_agent"] = [
            {"agent": c.agent, "seat": c.seat + 1, "games": c.games, "win": c.win, "score": c.score}
            for c in cells
        ]
    page.h2("Agents")
    page.table(["agent", "seats played", "win rate", "95% interval", "mean score"], agent_rows)
    fig, ax = _figure()
    _boxes(ax, {a: agent_scores[a] for a in agents})
    ax.set_ylabel("final score")
    page.fig(TITLES["score_agent"], fig, "Scores of every seat each agent played.")
    fig, ax = _figure()
    _rates(ax, agents, [agent_wins[a] for a in agents], [agent_n[a] for a in agents], fair)
    page.fig(TITLES["win_agent"], fig, "Wins per seat played, with 95% Wilson intervals.")

    page.h2("Length and branching")
    fig, ax = _figure()
    _hist(ax, lengths)
    ax.set_xlabel("decisions in the game")
    ax.set_ylabel("games")
    page.fig(TITLES["length"], fig, "Every decision counts, by any seat (the records' length).")
    if has_rounds:
        fig, ax = _figure()
        _hist(ax, [float(x) for x in df[rounds_col].dropna()], _COLOURS[2])
        ax.set_xlabel("rounds")
        ax.set_ylabel("games")
        page.fig(TITLES["rounds"], fig, "Rounds as the game counts them (its stats()['rounds']).")
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
        ax.fill_between(xs, q10, q90, color=_COLOURS[3], alpha=0.2, label="10–90th percentile")
        ax.plot(xs, means, color=_COLOURS[3], label="mean")
        ax.legend(loc="upper right", fontsize=8)
    ax.set_xlabel("decision number")
    ax.set_ylabel("legal actions")
    page.fig(
        TITLES["branching"],
        fig,
        f"Legal actions at each decision, from {len(good)} replayed games (shown while at least a "
        "tenth of them are still going).",
    )
    if P > 1:
        page.h2("Decisiveness")
        fig, ax = _figure()
        _hist(ax, [float(lead_changes(t.leaders)) for t in good], _COLOURS[0])
        ax.set_xlabel("changes of the sole leader by score()")
        ax.set_ylabel("games")
        page.fig(
            TITLES["lead_changes"],
            fig,
            f"Replayed sample of {len(good)}: the leader is the seat with the highest scores() after "
            "each action; ties keep the previous leader.",
        )
        fig, ax = _figure()
        _hist(ax, margins, _COLOURS[1])
        ax.set_xlabel("winner's score minus the runner-up's")
        ax.set_ylabel("games")
        page.fig(TITLES["margin"], fig, "All recorded games; 0 is a tie at the top.")
        fig, ax = _figure()
        fr = [i / 10 for i in range(1, 11)]
        if good:
            ax.plot(
                [100 * f for f in fr],
                [statistics.fmean(winner_leads_at(t, f) for t in good) for f in fr],
                marker="o",
                color=_COLOURS[4],
            )
        if fair is not None:
            ax.axhline(fair, color="black", linestyle="--", linewidth=1, label="chance")
            ax.legend(loc="lower right", fontsize=8)
        ax.set_xlim(0, 100)
        ax.set_ylim(0, 1.05)
        ax.set_xlabel("% of the game played")
        ax.set_ylabel("leader then is the eventual winner")
        page.fig(
            TITLES["early"],
            fig,
            "How soon the outcome shows: a curve near 1 early means games are decided early "
            "(a runaway leader); near chance until late means a close race.",
        )

    # -------------------------------------------------- component statistics
    stat_cols = store.stat_columns(df)
    numeric = [c for c in stat_cols if _numeric(df[c])]
    text_cols = [c for c in stat_cols if c not in numeric]
    page.h2("Component statistics")
    if not stat_cols:
        page.p("The game reports no stats() keys.")
    rows = []
    for c in numeric:
        v = df[c].dropna().astype(float)
        if len(v):
            rows.append(
                [c[len(STAT_PREFIX) :], len(v), v.mean(), v.std(ddof=0), v.min(), v.quantile(0.5), v.max()]
            )
    if rows:
        page.table(["stats() key", "games", "mean", "sd", "min", "median", "max"], rows)
    numbers["stats"] = {r[0]: {"mean": float(r[2]), "sd": float(r[3])} for r in rows}
    keys = [c[len(STAT_PREFIX) :] for c in numeric if c[len(STAT_PREFIX) :] not in DEDICATED]
    keys = [k for k in keys if df[STAT_PREFIX + k].dropna().nunique() > 1]
    families, singles = stat_families(keys)
    for fam, members in list(families.items())[:16]:
        fig, ax = _figure(max(6.0, 0.6 * len(members) + 2), 4.0)
        _boxes(ax, {str(num): [float(x) for x in df[STAT_PREFIX + k].dropna()] for num, k in members})
        ax.set_xlabel(fam.replace("#", "N") + "  (N)")
        page.fig(f"Component statistics: {fam.replace('#', 'N')}", fig, "One box per value of N.")
    for start in range(0, len(singles), 12):
        chunk = singles[start : start + 12]
        cols = min(4, len(chunk))
        rows_n = math.ceil(len(chunk) / cols)
        fig = Figure(figsize=(3.2 * cols, 2.6 * rows_n))
        for i, k in enumerate(chunk):
            ax = fig.add_subplot(rows_n, cols, i + 1)
            _hist(ax, [float(x) for x in df[STAT_PREFIX + k].dropna()], _COLOURS[i % len(_COLOURS)])
            ax.set_title(k, fontsize=9)
            ax.tick_params(labelsize=8)
        fig.tight_layout(rect=(0, 0, 1, 0.94))
        part = f" ({start // 12 + 1})" if len(singles) > 12 else ""
        page.fig(f"Component statistics{part}", fig, "Distribution of each stats() key over all games.")
    for c in text_cols:
        counts = df[c].astype(str).value_counts().head(12)
        page.p(f"{c[len(STAT_PREFIX) :]} (text):")
        page.table(["value", "games"], [[str(k), int(v)] for k, v in counts.items()])

    path = Path(html_path) if html_path is not None else out / "report.html"
    path.write_text(_html(config, g.title, page))
    (out / "summary.json").write_text(json.dumps(numbers, indent=1, default=float))
    return Report(path, summary, page.titles, numbers)


def _quantile(values: Sequence[int], q: float) -> float:
    s = sorted(values)
    return float(s[min(len(s) - 1, max(0, round(q * (len(s) - 1))))])


def _html(config: SimConfig, title: str, page: _Page) -> str:
    head = f"{title}: {config.players} players, {', '.join(config.agents)}"
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<title>{html.escape(head)}</title>
<style>
body {{ font-family: system-ui, sans-serif; max-width: 960px; margin: 2em auto; padding: 0 1em;
       color: #222; }}
h1 {{ color: #b5179e; }} h2 {{ border-bottom: 2px solid #f77f00; padding-bottom: .2em; }}
pre {{ background: #faf3e8; padding: 1em; overflow-x: auto; }}
table {{ border-collapse: collapse; margin: 1em 0; }}
th, td {{ border: 1px solid #ccc; padding: .3em .6em; text-align: right; }}
th {{ background: #faf3e8; }} td:first-child, th:first-child {{ text-align: left; }}
figure {{ margin: 1.5em 0; }} img {{ max-width: 100%; }}
figcaption {{ font-size: .9em; color: #555; }}
</style></head><body>
<h1>{html.escape(head)}</h1>
<p>{html.escape(config.describe())}</p>
{chr(10).join(page.parts)}
</body></html>
"""
