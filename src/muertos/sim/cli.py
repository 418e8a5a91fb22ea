"""The designer's commands: ``simulate``, ``report`` and ``tournament``.

A Typer app, mounted on the main ``muertos`` command (``app.add_typer(sim_app)`` merges
these commands into it). Errors a user can fix are printed as one line and exit with code 2;
heavy libraries are imported inside the commands so ``muertos --help`` stays fast.
"""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from muertos._cliutil import fail as _fail
from muertos._cliutil import parse_options
from muertos.engine import MuertosError

app = typer.Typer(
    help="Batch simulation, reports and tournaments for game designers.",
    no_args_is_help=True,
    add_completion=False,
)
console = Console()


class Backend(StrEnum):
    process = "process"
    ray = "ray"


GameArg = Annotated[str, typer.Argument(help="a game id, see `muertos games`", show_default=False)]
PlayersOpt = Annotated[
    int | None, typer.Option("--players", "-p", help="seats at the table (default: 2, or the minimum)")
]
SeedOpt = Annotated[int, typer.Option(help="base seed: the same seed gives the same games", min=0)]
JobsOpt = Annotated[int, typer.Option("--jobs", "-j", help="games played in parallel", min=1)]
OptionOpt = Annotated[
    list[str] | None, typer.Option("--option", "-o", help="a game option key=value (repeatable)")
]
BackendOpt = Annotated[
    Backend, typer.Option(help="process: local processes; ray: Ray tasks (local, or --address)")
]
AddressOpt = Annotated[
    str | None, typer.Option(help="Ray cluster to use (e.g. auto, ray://head:10001); default: a local one")
]
QuietOpt = Annotated[bool, typer.Option("--quiet", "-q", help="no progress bar")]
ComponentsOpt = Annotated[
    Path | None,
    typer.Option(
        "--components",
        help="a TOML file of keys of the game's components.toml to change (for compare: B's)",
    ),
]


def _overlay(game_id: str, file: Path | None) -> dict[str, Any]:
    """A components overlay file, checked against the game's own components.toml."""
    if file is None:
        return {}
    from muertos.engine import components, game

    try:
        return components.load_overlay(file, components.base_path(game(game_id)))
    except MuertosError as e:
        raise _fail(str(e)) from None


@app.command("simulate")
def simulate_cmd(
    game_id: GameArg,
    out: Annotated[Path, typer.Option("--out", help="directory for the records (resumable)")],
    players: PlayersOpt = None,
    agents: Annotated[
        str,
        typer.Option(
            help="comma-separated agents; every agent sits in every seat equally often: random, greedy, ismcts:N, …"
        ),
    ] = "random",
    games: Annotated[int, typer.Option("--games", "-n", help="games to play", min=1)] = 1000,
    seed: SeedOpt = 0,
    jobs: JobsOpt = 1,
    option: OptionOpt = None,
    backend: BackendOpt = Backend.process,
    address: AddressOpt = None,
    chunk_size: Annotated[
        int | None, typer.Option(help="games per saved chunk (default: automatic)", min=1)
    ] = None,
    max_games: Annotated[
        int | None,
        typer.Option(help="stop after saving about this many new games; re-run to continue", min=1),
    ] = None,
    allow_code_change: Annotated[
        bool,
        typer.Option(
            "--allow-code-change", help="resume even though the game's code changed since the run began"
        ),
    ] = False,
    components: ComponentsOpt = None,
    quiet: QuietOpt = False,
) -> None:
    """Play many games between bots and save one record per game as Parquet under --out.

    Re-running the same command resumes an interrupted run; the records do not depend on
    --jobs or --backend. Example:

        muertos simulate ofrenda -p 3 --agents greedy,random --games 2000 --jobs 2 --out runs/o3
    """
    from .plan import SimConfig
    from .simulation import simulate

    opts = parse_options(option)
    try:
        config = SimConfig.make(game_id, players, agents, games, seed, opts, _overlay(game_id, components))
    except MuertosError as e:
        raise _fail(str(e)) from None
    err = Console(stderr=True)
    size = len(config.design)
    if config.games % size and not quiet:
        err.print(
            f"note: a deal is {size} games (every agent in every seat); {config.games} games end on a "
            f"partial deal, which the seat advantage leaves out. --games {-(-config.games // size) * size} "
            "would not.",
            highlight=False,
            soft_wrap=True,
        )
    try:
        res = simulate(
            config,
            out,
            jobs=jobs,
            backend=backend.value,
            address=address,
            chunk_size=chunk_size,
            max_games=max_games,
            quiet=quiet,
            console=err,
            allow_code_change=allow_code_change,
        )
    except MuertosError as e:
        raise _fail(str(e)) from None
    except KeyboardInterrupt:
        from . import store

        done = len(store.done_indices(out))
        err.print(
            f"[yellow]Interrupted.[/] {done} of {config.games} games are saved in {out}; "
            "run the same command again to finish.",
            soft_wrap=True,
        )
        raise typer.Exit(130) from None
    rate = f" at {res.rate:,.{1 if res.rate >= 1 else 3}f} games/s" if res.written else ""
    if res.complete:
        already = f"; {res.before} were already there" if res.before else ""
        console.print(
            f"{res.total} games saved in {out} ({res.written} played now{rate}{already}).\n"
            f"Next: muertos report {out}",
            highlight=False,
            soft_wrap=True,
        )
    else:
        console.print(
            f"Stopped after {res.written} new games{rate}: {res.before + res.written} of {res.total} "
            f"are saved in {out}; run the same command again to continue.",
            highlight=False,
            soft_wrap=True,
        )


@app.command("report")
def report_cmd(
    directory: Annotated[Path, typer.Argument(help="a directory written by `muertos simulate`")],
    html: Annotated[
        Path | None, typer.Option("--html", help="where to write it (default DIR/report.html)")
    ] = None,
    sample: Annotated[
        int, typer.Option(help="games replayed for branching factor and lead changes", min=0)
    ] = 200,
) -> None:
    """Write an HTML report (plots embedded) on a simulation and print a short summary."""
    try:
        from .report import make_report

        rep = make_report(directory, html, sample)
    except MuertosError as e:
        raise _fail(str(e)) from None
    console.print(rep.summary, highlight=False, soft_wrap=True, markup=False)
    console.print(f"\nReport with {len(rep.figures)} plots: {rep.path}", highlight=False, soft_wrap=True)


@app.command("tournament")
def tournament_cmd(
    game_id: GameArg,
    agents: Annotated[
        str, typer.Option(help="comma-separated agents, each once: random,greedy,ismcts:0.2s")
    ] = "random,greedy",
    games: Annotated[
        int, typer.Option("--games", "-n", help="games per pair of agents (made even: seats swap)", min=1)
    ] = 20,
    players: PlayersOpt = None,
    seed: SeedOpt = 0,
    jobs: JobsOpt = 1,
    option: OptionOpt = None,
    backend: BackendOpt = Backend.process,
    address: AddressOpt = None,
    out: Annotated[
        Path | None, typer.Option("--out", help="JSON results (default tournament-GAME-pP-sSEED.json)")
    ] = None,
    quiet: QuietOpt = False,
) -> None:
    """Round robin between agents on paired seeds, ranked by OpenSkill rating (μ ± 2σ).

    Example: muertos tournament ofrenda --agents random,greedy,ismcts:0.2s --games 20 -p 2 --jobs 2
    """
    from .roundrobin import save, tournament

    opts = parse_options(option)
    try:
        res = tournament(
            game_id,
            agents,
            games,
            players,
            seed,
            opts,
            jobs=jobs,
            backend=backend.value,
            address=address,
            quiet=quiet,
            console=Console(stderr=True),
        )
    except MuertosError as e:
        raise _fail(str(e)) from None
    console.print(res.table())
    console.print(res.pair_table())
    path = out or Path(f"tournament-{res.game}-p{res.players}-s{res.seed}.json")
    save(res, path)
    console.print(f"Saved {path}", highlight=False, soft_wrap=True)


def _side_options(items: list[str] | None, flag: str) -> dict[str, Any]:
    for item in items or []:
        if "=" not in item and not item.strip().startswith("{"):
            raise _fail(f"{flag} takes key=value (e.g. {flag} common_goals=true), got {item!r}")
    return parse_options(items)


@app.command("compare")
def compare_cmd(
    game_id: GameArg,
    out: Annotated[
        Path, typer.Option("--out", help="directory for both runs and the comparison (resumable)")
    ],
    a: Annotated[
        list[str] | None, typer.Option("--a", help="an option of configuration A, key=value (repeatable)")
    ] = None,
    b: Annotated[
        list[str] | None, typer.Option("--b", help="an option of configuration B, key=value (repeatable)")
    ] = None,
    players: PlayersOpt = None,
    agents: Annotated[
        str, typer.Option(help="comma-separated agents; every agent sits in every seat equally often")
    ] = "greedy",
    games: Annotated[int, typer.Option("--games", "-n", help="games for each configuration", min=1)] = 600,
    seed: SeedOpt = 0,
    jobs: JobsOpt = 1,
    option: Annotated[
        list[str] | None,
        typer.Option("--option", "-o", help="a game option for both, key=value (repeatable)"),
    ] = None,
    components: ComponentsOpt = None,
    backend: BackendOpt = Backend.process,
    address: AddressOpt = None,
    quiet: QuietOpt = False,
) -> None:
    """What if? Play the same games (seeds and seatings) under configurations A and B and
    report what changed, each difference paired with its 95% interval.

    Examples:

        muertos compare ofrenda -p 3 --a common_goals=false --b common_goals=true --out runs/goals

        muertos compare patzcuaro -p 3 --components cheap-flips.toml --out runs/flips
    """
    from .compare import compare
    from .plan import SimConfig

    common = parse_options(option)
    opts_a = {**common, **_side_options(a, "--a")}
    opts_b = {**common, **_side_options(b, "--b")}
    try:
        cfg_a = SimConfig.make(game_id, players, agents, games, seed, opts_a)
        cfg_b = SimConfig.make(game_id, players, agents, games, seed, opts_b, _overlay(game_id, components))
        res = compare(
            cfg_a,
            cfg_b,
            out,
            jobs=jobs,
            backend=backend.value,
            address=address,
            quiet=quiet,
            console=Console(stderr=True),
        )
    except MuertosError as e:
        raise _fail(str(e)) from None
    console.print(res.summary, highlight=False, soft_wrap=True, markup=False)
    console.print(
        f"\nComparison with {len(res.figures)} plots: {res.path} ({res.seconds:.0f} s of simulation; "
        f"each run alone: muertos report {out / 'a'})",
        highlight=False,
        soft_wrap=True,
    )


def main() -> None:
    app()


if __name__ == "__main__":
    main()
