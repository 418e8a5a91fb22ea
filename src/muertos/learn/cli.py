"""``muertos train GAME``: the command over :func:`muertos.learn.train.train` (needs the
``train`` extra: torch). Mounted on the main command by ``app.add_typer``."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from muertos._cliutil import fail as _fail
from muertos._cliutil import reader_language

app = typer.Typer(add_completion=False)
console = Console()


def _hidden(text: str) -> list[int]:
    """``--hidden`` read as the layers' sizes, each a whole number of 1 or more, when the
    option is read: a size of 0 or -5 would fail only once the games had been played."""
    sizes = [h.strip() for h in text.split(",") if h.strip()]
    if not all(h.isascii() and h.isdigit() and len(h) <= 9 and int(h) >= 1 for h in sizes):
        from muertos import i18n

        lang = reader_language(None)
        raise _fail(i18n.message("cli.train_hidden", lang, value=text), lang)
    return [int(h) for h in sizes]


@app.command("train")
def train_cmd(
    game_id: Annotated[str, typer.Argument(help="a game id, see `muertos games`", show_default=False)],
    players: Annotated[int, typer.Option("--players", "-p", help="seats at the table (1: solo)", min=1)] = 1,
    games: Annotated[int, typer.Option(help="games played for the data", min=1)] = 2000,
    agents: Annotated[
        str,
        typer.Option(help="agents of the games, comma-separated, drawn per seat (solo: in turn)"),
    ] = "greedy,ismcts:100",
    keep: Annotated[float, typer.Option(help="share of the positions kept", min=0.001, max=1.0)] = 0.3,
    search_share: Annotated[
        float,
        typer.Option(
            help="share of a searched move's target that is the search's own value of it", min=0.0, max=1.0
        ),
    ] = 0.0,
    steps: Annotated[int, typer.Option(help="training steps", min=1)] = 4000,
    hidden: Annotated[str, typer.Option(help="hidden layers' sizes, comma-separated")] = "64,64",
    seed: Annotated[int, typer.Option(help="the seed of games, samples and network", min=0)] = 0,
    jobs: Annotated[
        int,
        typer.Option(
            help="chunks of games played at once, a process each (the data is the same)", min=1, max=64
        ),
    ] = 1,
    work: Annotated[
        Path | None,
        typer.Option(help="folder of the games and checkpoints (a rerun resumes); default runs/train-GAME-N"),
    ] = None,
    out: Annotated[
        Path | None, typer.Option(help="folder the weights go to (default: the package's own)")
    ] = None,
    also: Annotated[
        list[Path] | None,
        typer.Option(
            help="an earlier run's folder (same game and seats, every game played) whose games are "
            "learned from too; repeatable",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Learn a value network from games (greedy, search, self-play) and write its weights."""
    layers = _hidden(hidden)
    try:
        from rich.progress import BarColumn, Progress, TextColumn, TimeRemainingColumn

        from muertos.engine import MuertosError, game
        from muertos.learn.train import Config, train
    except ImportError as e:
        from muertos import i18n

        lang = reader_language(None)
        raise _fail(i18n.message("cli.train_needs_torch", lang, why=e), lang) from None
    try:
        g = game(game_id)
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
        g.check_options(players, {})
    except (MuertosError, ValueError) as e:
        raise _fail(str(e)) from None
    folder = work or Path("runs") / f"train-{g.id}-{players}"
    command = "muertos " + " ".join(shlex.quote(a) for a in sys.argv[1:])
    with Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        TextColumn("{task.completed}/{task.total}"),
        TimeRemainingColumn(),
        console=console,
    ) as bar:
        tasks = {"games": bar.add_task("games", total=games), "steps": bar.add_task("steps", total=steps)}

        def progress(phase: str, done: int, total: int) -> None:
            bar.update(tasks[phase], completed=done, total=total)

        try:
            record = train(cfg, folder, out, progress, command, jobs)
        except ValueError as e:
            raise _fail(str(e)) from None
    fig = record["figures"]
    cpu = record["cpu_seconds"]
    console.print(
        f"held-out error {fig.get('held_out_rmse', float('nan'))} "
        f"(answering the mean: {fig.get('held_out_rmse_of_mean', float('nan'))}); "
        f"CPU {cpu['games'] / 60:.1f} min of games, {cpu['training'] / 60:.1f} min of training",
        highlight=False,
    )
