"""``muertos analyze GAME.json``: every decision of a saved game judged, in the terminal.

Mounted on the main command (``app.add_typer``). Every sentence comes from the
``analysis`` catalogs in the reader's language; moves stay in the game's notation.
matplotlib (the ``sim`` extra) is imported only for ``--plot``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table

from muertos._cliutil import LangOption, fail, os_reason, reader_language
from muertos._cliwords import help_text
from muertos.engine import IllegalAction, MuertosError, UnknownGame, game_ids
from muertos.i18n import message, title, translate
from muertos.match import BadRecord, MatchRecord

from .position import CAP_SECONDS, DEEP_ITERATIONS, DEFAULT_ITERATIONS, MAX_ITERATIONS, Budget, budget_problem
from .record import Analysis, analyze_game
from .verdicts import VERDICTS, score_range

app = typer.Typer(add_completion=False)
console = Console()

STYLE = {
    "best": "green",
    "good": "cyan",
    "inaccuracy": "yellow",
    "mistake": "dark_orange",
    "blunder": "bold red",
}


def _budget(text: str | None, deep: bool, lang: str) -> Budget:
    """``--budget`` read as a whole number of iterations (so ``nan``, ``1e9`` and ``-3`` get
    the catalog's sentence, not a parser's), or the default, or ``--deep``'s."""
    if text is None:
        return Budget(DEEP_ITERATIONS if deep else DEFAULT_ITERATIONS)
    raw = text.strip()
    value: object = int(raw) if raw.isascii() and raw.isdigit() and len(raw) <= 12 else raw
    why = budget_problem(value, CAP_SECONDS)
    if why is not None:
        raise fail(message(f"analysis.{why[0]}", lang, **why[1]), lang)
    assert isinstance(value, int)
    return Budget(value)


def _load(path: Path, lang: str) -> MatchRecord:
    try:
        data = path.read_bytes()  # MatchRecord.from_json reads the text: it says what is wrong
    except OSError as e:
        raise fail(message("analysis.unreadable", lang, path=path, why=os_reason(e, lang)), lang) from None
    try:
        return MatchRecord.from_json(data)
    except BadRecord as e:
        raise fail(message("analysis.corrupt", lang, path=path, why=e.text(lang)), lang) from None


def _why(e: MuertosError, game: str, lang: str) -> str:
    """Why a record does not replay, in ``lang``: the engine's English sentence read through
    the game's catalog, an illegal action with the rule it breaks."""
    if isinstance(e, UnknownGame):
        return message("cli.unknown_game", lang, game=game, games=", ".join(game_ids()))
    if isinstance(e, IllegalAction):
        return message("api.illegal_action", lang, action=e.action, rule=translate(e.rule, lang, game))
    return translate(str(e), lang, game)


def _seat_name(analysis: Analysis, seat: int, lang: str) -> str:
    who = message("seat", lang, n=seat + 1)
    agent = analysis.names[seat]
    return message("analysis.seat_agent", lang, seat=who, agent=agent) if agent else who


def _lost(analysis: Analysis, loss: float | None) -> str:
    """A loss in the game's units: points of win share in percent, or points of score solo."""
    if loss is None or loss <= 0:
        return ""
    rng = score_range(analysis.game, analysis.players)
    text = f"{loss * rng:.1f}" if rng else f"{100 * loss:.0f} %"
    return "" if text.startswith(("0.0", "0 ")) else text


def _seat_table(analysis: Analysis, seat: int, lang: str) -> Table:
    t = Table(title=_seat_name(analysis, seat, lang), title_justify="left")
    for key, justify in (
        ("col_move", "right"),
        ("col_action", "left"),
        ("col_verdict", "left"),
        ("col_better", "left"),
        ("col_lost_points" if analysis.players == 1 else "col_lost_share", "right"),
    ):
        t.add_column(message(f"analysis.{key}", lang), justify=justify)  # type: ignore[arg-type]
    for d in analysis.decisions:
        j = d.judgement
        if d.seat != seat or j is None:
            continue
        v = j.verdict
        word = message(f"analysis.verdict.{v}", lang) if v else message("analysis.unjudged", lang)
        better = j.best if v not in (None, "best", "good") else ""
        t.add_row(
            str(d.index + 1),
            escape(d.action),
            f"[{STYLE.get(v or '', 'dim')}]{word}[/]",
            escape(better),
            _lost(analysis, j.loss),
        )
    return t


def _summary(analysis: Analysis, lang: str) -> Table:
    t = Table(title=message("analysis.summary", lang), title_justify="left")
    t.add_column(message("analysis.col_seat", lang))
    t.add_column(message("analysis.col_accuracy", lang), justify="right")
    for v in VERDICTS:
        t.add_column(message(f"analysis.verdict.{v}", lang), justify="right", style=STYLE[v])
    for seat in analysis.seats:
        s = analysis.summary(seat)
        acc = "—" if s.accuracy is None else f"{s.accuracy:.0f}%"
        t.add_row(_seat_name(analysis, seat, lang), acc, *[str(s.counts[v]) for v in VERDICTS])
    return t


def _plot(analysis: Analysis, out: Path, lang: str) -> None:
    try:
        from .plot import curve_figure
    except ImportError:
        raise fail(message("analysis.no_matplotlib", lang), lang) from None
    fig = curve_figure(analysis, {k: _seat_name(analysis, k, lang) for k in analysis.seats}, lang)
    try:
        fig.savefig(out, dpi=120)
    except (OSError, ValueError) as e:
        why = os_reason(e, lang) if isinstance(e, OSError) else str(e)
        raise fail(message("analysis.unwritable", lang, path=out, why=why), lang) from None


@app.command("analyze", help="help.analyze.about")
def analyze_cmd(
    file: Annotated[Path, typer.Argument(help="help.record")],
    budget: Annotated[
        str | None,
        typer.Option(
            help=help_text("help.analyze.budget", default=DEFAULT_ITERATIONS, most=MAX_ITERATIONS),
            show_default=False,
        ),
    ] = None,
    deep: Annotated[
        bool, typer.Option(help=help_text("help.analyze.deep", iterations=DEEP_ITERATIONS))
    ] = False,
    seat: Annotated[int | None, typer.Option(help="help.analyze.seat")] = None,
    seed: Annotated[int, typer.Option(help="help.analyze.seed")] = 0,
    json_out: Annotated[Path | None, typer.Option("--json", help="help.analyze.json")] = None,
    plot: Annotated[Path | None, typer.Option(help="help.analyze.plot")] = None,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="help.quiet")] = False,
    lang: LangOption = None,
) -> None:
    """Judge every move of a saved game: best, good, inaccuracy, mistake or blunder.

    Example: muertos analyze game.json --seat 1 --plot game.png
    """
    lang = reader_language(lang)
    the_budget = _budget(budget, deep, lang)
    record = _load(file, lang)
    if seat is not None and not 1 <= seat <= record.players:
        raise fail(message("analysis.seat_range", lang, players=record.players), lang)
    bar = Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        disable=quiet,
    )
    task = bar.add_task(message("analysis.progress", lang, game=record.game), total=None)

    def step(done: int, total: int) -> None:
        bar.update(task, completed=done, total=total)

    try:
        with bar:
            analysis = analyze_game(record, the_budget, seed, step, None if seat is None else [seat - 1])
    except MuertosError as e:
        why = _why(e, record.game, lang)
        raise fail(message("analysis.no_replay", lang, path=file, why=why), lang) from None
    console.print(
        message(
            "analysis.header",
            lang,
            game=title(record.game, lang),
            players=record.players,
            seed=record.seed,
            iterations=the_budget.iterations,
            analysis_seed=seed,
        ),
        highlight=False,
    )
    for k in analysis.seats:
        console.print(_seat_table(analysis, k, lang))
    console.print(_summary(analysis, lang))
    capped = sum(1 for d in analysis.decisions if d.judgement is not None and d.judgement.capped)
    if capped:
        console.print(message("analysis.capped", lang, n=capped, seconds=the_budget.seconds), highlight=False)
    if json_out is not None:
        try:
            json_out.write_text(
                json.dumps(analysis.to_json(), indent=1, ensure_ascii=False), encoding="utf-8"
            )
        except OSError as e:
            why = os_reason(e, lang)
            raise fail(message("analysis.unwritable", lang, path=json_out, why=why), lang) from None
        console.print(message("analysis.written", lang, path=json_out), highlight=False, soft_wrap=True)
    if plot is not None:
        _plot(analysis, plot, lang)
        console.print(message("analysis.written", lang, path=plot), highlight=False, soft_wrap=True)
