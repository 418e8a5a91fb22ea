"""Each seat's estimated win share (solo: expected score) over the game, as a PNG figure.

matplotlib's object API (``Figure``, no pyplot), as the simulation reports draw, so nothing
global is touched and no display is needed."""

from __future__ import annotations

from matplotlib.figure import Figure

from muertos.i18n import message, title

from .record import Analysis

COLOURS = ["#b5179e", "#f77f00", "#2a9d8f", "#457b9d", "#e63946", "#6a4c93"]
"""One colour a seat (six at most, the games' largest table)."""


def curve_figure(analysis: Analysis, names: dict[int, str], lang: str) -> Figure:
    """The seats' curves: a point before each of a seat's judged decisions (its value from
    what it knew then), its result at the end; a cross marks a mistake or a blunder."""
    fig = Figure(figsize=(8, 4))
    ax = fig.add_subplot()
    solo = analysis.players == 1
    for k in analysis.seats:
        points = analysis.curve(k)
        if not points:
            continue
        colour = COLOURS[k % len(COLOURS)]
        xs = [i for i, _ in points]
        ys = [v if solo else 100.0 * v for _, v in points]
        ax.plot(xs, ys, color=colour, label=names[k], linewidth=1.5, marker=".", markersize=4)
        bad = [
            (d.index, d.judgement.value_best)
            for d in analysis.decisions
            if d.seat == k and d.judgement is not None and d.judgement.verdict in ("mistake", "blunder")
        ]
        if bad:
            ax.scatter(
                [i for i, _ in bad],
                [v if solo else 100.0 * v for _, v in bad],
                color=colour,
                marker="x",
                s=40,
                zorder=3,
            )
    if not solo:
        ax.set_ylim(-2, 102)
        ax.axhline(100.0 / analysis.players, color="#999999", linewidth=0.8, linestyle="--")
    ax.set_xlabel(message("analysis.axis_actions", lang))
    ax.set_ylabel(message("analysis.axis_score" if solo else "analysis.axis_share", lang))
    ax.set_title(message("analysis.plot_title", lang, game=title(analysis.game, lang)))
    ax.grid(alpha=0.3)
    ax.legend(loc="best", fontsize="small")
    fig.tight_layout()
    return fig
