"""``muertos train GAME``: the command over :func:`muertos.learn.train.train` (needs the
``train`` extra: torch). Mounted on the main command by ``app.add_typer``.

It speaks the reader's language (``--lang``, else ``LANG``), as the other commands do: its
progress, its summary and its refusals are keys of the ``learn`` catalogs
(``i18n/learn.{en,es}.toml``); the weights' JSON record it writes is data and stays as it is.
"""

from __future__ import annotations

import shlex
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from muertos._cliutil import LangOption, os_reason, reader_language
from muertos._cliutil import fail as _fail

app = typer.Typer(add_completion=False)
console = Console()


def _hidden(text: str, lang: str) -> list[int]:
    """``--hidden`` read as the layers' sizes, each a whole number of 1 or more, when the
    option is read: a size of 0 or -5 would fail only once the games had been played."""
    sizes = [h.strip() for h in text.split(",") if h.strip()]
    if not all(h.isascii() and h.isdigit() and len(h) <= 9 and int(h) >= 1 for h in sizes):
        from muertos import i18n

        raise _fail(i18n.message("cli.train_hidden", lang, value=text), lang)
    return [int(h) for h in sizes]


def _refused(e: Exception, lang: str, game_id: str) -> typer.Exit:
    """The one-line error for a refusal, in ``lang``: a training run's own from the
    ``learn`` catalogs, an unknown game as ``play`` says it, the engine's other sentences
    (options, agents, budgets) through the catalog of the game ``game_id``."""
    from muertos import i18n
    from muertos.engine import UnknownGame, game_ids
    from muertos.learn import TrainError

    if isinstance(e, TrainError):
        return _fail(e.said(lang), lang)
    if isinstance(e, UnknownGame):
        games = ", ".join(game_ids())
        return _fail(i18n.message("cli.unknown_game", lang, game=game_id, games=games), lang)
    return _fail(i18n.translate(str(e), lang, game_id), lang)


@app.command("train", help="help.train.about")
def train_cmd(
    game_id: Annotated[str, typer.Argument(help="help.game", show_default=False)],
    players: Annotated[int, typer.Option("--players", "-p", help="help.train.players", min=1)] = 1,
    games: Annotated[int, typer.Option(help="help.train.games", min=1)] = 2000,
    agents: Annotated[str, typer.Option(help="help.train.agents")] = "greedy,ismcts:100",
    keep: Annotated[float, typer.Option(help="help.train.keep", min=0.001, max=1.0)] = 0.3,
    search_share: Annotated[float, typer.Option(help="help.train.search_share", min=0.0, max=1.0)] = 0.0,
    steps: Annotated[int, typer.Option(help="help.train.steps", min=1)] = 4000,
    hidden: Annotated[str, typer.Option(help="help.train.hidden")] = "64,64",
    seed: Annotated[int, typer.Option(help="help.train.seed", min=0)] = 0,
    jobs: Annotated[int, typer.Option(help="help.train.jobs", min=1, max=64)] = 1,
    work: Annotated[Path | None, typer.Option(help="help.train.work")] = None,
    out: Annotated[Path | None, typer.Option(help="help.train.out")] = None,
    also: Annotated[list[Path] | None, typer.Option(help="help.train.also", show_default=False)] = None,
    lang: LangOption = None,
) -> None:
    """Learn a value network from games (greedy, search, self-play) and write its weights.

    Example: muertos train ofertu -p 2 --games 1000 --agents greedy --jobs 2 --lang es
    """
    from muertos import i18n

    lang = reader_language(lang)
    layers = _hidden(hidden, lang)
    try:
        from rich.progress import BarColumn, Progress, TaskID, TextColumn, TimeRemainingColumn

        from muertos.engine import MuertosError, game
        from muertos.learn import weights_file
        from muertos.learn.train import Config, train
    except ImportError as e:
        raise _fail(i18n.message("cli.train_needs_torch", lang, why=e), lang) from None
    try:
        g = game(game_id)
    except MuertosError as e:
        raise _refused(e, lang, game_id) from None
    cfg = Config(
        game=g.id,
        players=players,
        games=games,
        agents=[a.strip() for a in agents.split(",") if a.strip()],
        keep=keep,
        search_share=search_share,
        steps=steps,
        hidden=layers,
        seed=seed,
        also=[str(folder) for folder in also or []],
    )
    folder = work or Path("runs") / f"train-{g.id}-{players}"
    command = "muertos " + " ".join(shlex.quote(a) for a in sys.argv[1:])
    say = {phase: i18n.message(f"learn.progress.{phase}", lang) for phase in ("games", "steps")}
    bar = Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        TextColumn("{task.completed}/{task.total}"),
        TimeRemainingColumn(),
        console=console,
    )
    tasks: dict[str, TaskID] = {}

    def progress(phase: str, done: int, total: int) -> None:
        """The bars, started at the first news of the games: a run refused before them
        (a bad agent, a folder of another run) shows none."""
        if not tasks:
            bar.start()
            tasks.update({p: bar.add_task(say[p], total=n) for p, n in (("games", games), ("steps", steps))})
        bar.update(tasks[phase], completed=done, total=total)

    for flag, where in (("--work", folder), ("--out", out)):
        if where is not None and where.exists() and not where.is_dir():  # found after the games
            raise _fail(i18n.message("learn.error.not_folder", lang, flag=flag, path=where), lang)
    with i18n.use_language(lang):
        try:
            g.check_options(players, {})
            try:
                record = train(cfg, folder, out, progress, command, jobs)
            finally:
                if tasks:
                    bar.stop()
        except ValueError as e:  # TrainError, the engine's (MuertosError) and any other refusal
            raise _refused(e, lang, g.id) from None
        except OSError as e:
            where = e.filename or folder
            raise _fail(
                i18n.message("learn.error.file", lang, path=where, why=os_reason(e, lang)), lang
            ) from None
        except KeyboardInterrupt:
            console.print(
                i18n.message("learn.summary.interrupted", lang, work=folder),
                highlight=False,
                markup=False,
                soft_wrap=True,  # a path is copied whole: never broken across lines
            )
            raise typer.Exit(130) from None
    console.print(_summary(record, lang), highlight=False, markup=False)
    path = weights_file(g.id, players, out)
    console.print(
        i18n.message("learn.summary.written", lang, path=path, record=path.with_suffix(".json")),
        highlight=False,
        markup=False,
        soft_wrap=True,  # a path is copied whole: never broken across lines
    )


def _summary(record: dict[str, Any], lang: str) -> str:
    """How well the weights predict the games held out, against always answering the mean,
    and the CPU time they took, in ``lang``. With no game held out (fewer than ten rounds
    of games) there is nothing to measure on: the line says so rather than "nan"."""
    from muertos import i18n

    fig, cpu = record["figures"], record["cpu_seconds"]
    minutes = {"games": f"{cpu['games'] / 60:.1f}", "training": f"{cpu['training'] / 60:.1f}"}
    if "held_out_rmse" not in fig:
        return i18n.message("learn.summary.none_held_out", lang, **minutes)
    error, mean = f"{fig['held_out_rmse']:g}", f"{fig['held_out_rmse_of_mean']:g}"
    return i18n.message("learn.summary.held_out", lang, error=error, mean=mean, **minutes)
