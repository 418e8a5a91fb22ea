"""The designer's commands: ``simulate``, ``report`` and ``tournament``.

A Typer app, mounted on the main ``muertos`` command (``app.add_typer(sim_app)`` merges
these commands into it). Errors a user can fix are printed as one line and exit with code 2;
heavy libraries are imported inside the commands so ``muertos --help`` stays fast. Every
line they print, and the pages they write, are in the reader's language (``--lang``, else
``LANG``), from the ``sim`` catalogs.
"""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from muertos import i18n
from muertos._cliutil import LangOption, parse_options, reader_language
from muertos._cliutil import fail as _fail
from muertos._cliwords import ReaderGroup, help_text
from muertos.engine import MuertosError, UnknownGame, game_ids

from .plan import MAX_GAMES
from .words import say

app = typer.Typer(help="help.sim.about", no_args_is_help=True, add_completion=False, cls=ReaderGroup)
console = Console()


class Backend(StrEnum):
    process = "process"
    ray = "ray"


GameArg = Annotated[str, typer.Argument(help="help.game", show_default=False)]
PlayersOpt = Annotated[int | None, typer.Option("--players", "-p", help="help.sim.players")]
SeedOpt = Annotated[int, typer.Option(help="help.sim.seed", min=0)]
JobsOpt = Annotated[int, typer.Option("--jobs", "-j", help="help.sim.jobs", min=1)]
OptionOpt = Annotated[list[str] | None, typer.Option("--option", "-o", help="help.option")]
BackendOpt = Annotated[Backend, typer.Option(help="help.sim.backend")]
AddressOpt = Annotated[str | None, typer.Option(help="help.sim.address")]
QuietOpt = Annotated[bool, typer.Option("--quiet", "-q", help="help.quiet")]
ComponentsOpt = Annotated[Path | None, typer.Option("--components", help="help.sim.components")]


def _refused(e: MuertosError, lang: str, game_id: str | None = None) -> typer.Exit:
    """The one-line error for a refusal, in ``lang``: a simulation's own from the ``sim``
    catalogs, the engine's (an unknown option, agent or game) through the game's catalog
    as the other commands translate it."""
    from .plan import SimError

    if isinstance(e, SimError):
        return _fail(e.said(lang))
    if isinstance(e, UnknownGame) and game_id is not None and game_id not in game_ids():
        return _fail(i18n.message("api.unknown_game", lang, game=game_id))
    if game_id in game_ids():
        return _fail(i18n.translate(str(e), lang, game_id))
    return _fail(str(e))


def _tell_set_aside(err: Console, set_aside: list[tuple[Path, Path, Any]], lang: str) -> None:
    """Say which parts a resume could not read and moved aside (their games were played again)."""
    from .words import said

    for part, moved, why in set_aside:
        err.print(
            say("simulate.set_aside", lang, part=part, moved=moved, why=said(why, lang)),
            style="yellow",
            highlight=False,
            soft_wrap=True,
            markup=False,
        )


def _overlay(game_id: str, file: Path | None, lang: str) -> dict[str, Any]:
    """A components overlay file, checked against the game's own components.toml."""
    if file is None:
        return {}
    from muertos.engine import components, game

    try:
        return components.load_overlay(file, components.base_path(game(game_id)))
    except MuertosError as e:
        raise _refused(e, lang, game_id) from None


@app.command("simulate", help="help.simulate.about")
def simulate_cmd(
    game_id: GameArg,
    out: Annotated[Path, typer.Option("--out", help="help.simulate.out")],
    players: PlayersOpt = None,
    agents: Annotated[str, typer.Option(help="help.simulate.agents")] = "random",
    games: Annotated[
        int,
        typer.Option("--games", "-n", help=help_text("help.simulate.games", most=f"{MAX_GAMES:,}"), min=1),
    ] = 1000,
    seed: SeedOpt = 0,
    jobs: JobsOpt = 1,
    option: OptionOpt = None,
    backend: BackendOpt = Backend.process,
    address: AddressOpt = None,
    chunk_size: Annotated[int | None, typer.Option(help="help.simulate.chunk_size", min=1)] = None,
    max_games: Annotated[int | None, typer.Option(help="help.simulate.max_games", min=1)] = None,
    allow_code_change: Annotated[
        bool, typer.Option("--allow-code-change", help="help.simulate.allow_code_change")
    ] = False,
    components: ComponentsOpt = None,
    quiet: QuietOpt = False,
    lang: LangOption = None,
) -> None:
    """Play many games between bots and save one record per game as Parquet under --out.

    Re-running the same command resumes an interrupted run; the records do not depend on
    --jobs or --backend. Example:

        muertos simulate ofrenda -p 3 --agents greedy,random --games 2000 --jobs 2 --out runs/o3
    """
    lang = reader_language(lang)
    with i18n.use_language(lang):
        _simulate(
            game_id,
            out,
            players,
            agents,
            games,
            seed,
            jobs,
            option,
            backend,
            address,
            chunk_size,
            max_games,
            allow_code_change,
            components,
            quiet,
            lang,
        )


def _simulate(
    game_id: str,
    out: Path,
    players: int | None,
    agents: str,
    games: int,
    seed: int,
    jobs: int,
    option: list[str] | None,
    backend: Backend,
    address: str | None,
    chunk_size: int | None,
    max_games: int | None,
    allow_code_change: bool,
    components: Path | None,
    quiet: bool,
    lang: str,
) -> None:
    from .plan import SimConfig
    from .simulation import simulate

    opts = parse_options(option)
    try:
        config = SimConfig.make(
            game_id, players, agents, games, seed, opts, _overlay(game_id, components, lang)
        )
    except MuertosError as e:
        raise _refused(e, lang, game_id) from None
    err = Console(stderr=True)
    size = len(config.design)
    if config.games % size and not quiet:
        err.print(
            say(
                "simulate.partial_deal",
                lang,
                size=size,
                games=config.games,
                whole=-(-config.games // size) * size,
            ),
            highlight=False,
            soft_wrap=True,
            markup=False,
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
            lang=lang,
        )
    except MuertosError as e:
        raise _refused(e, lang, game_id) from None
    except KeyboardInterrupt:
        from . import store

        done = store.games_in(store.done_runs(out))
        err.print(
            say("simulate.interrupted", lang, done=done, total=config.games, out=out),
            style="yellow",
            highlight=False,
            soft_wrap=True,
            markup=False,
        )
        raise typer.Exit(130) from None
    _tell_set_aside(err, res.set_aside, lang)
    rate = (
        say("simulate.rate", lang, rate=f"{res.rate:,.{1 if res.rate >= 1 else 3}f}") if res.written else ""
    )
    if res.complete:
        already = say("simulate.already", lang, before=res.before) if res.before else ""
        console.print(
            say(
                "simulate.saved",
                lang,
                total=res.total,
                out=out,
                written=res.written,
                rate=rate,
                already=already,
            )
            + "\n"
            + say("simulate.next", lang, out=out),
            highlight=False,
            soft_wrap=True,
            markup=False,
        )
    else:
        console.print(
            say(
                "simulate.stopped",
                lang,
                written=res.written,
                rate=rate,
                saved=res.before + res.written,
                total=res.total,
                out=out,
            ),
            highlight=False,
            soft_wrap=True,
            markup=False,
        )


@app.command("report", help="help.report.about")
def report_cmd(
    directory: Annotated[Path, typer.Argument(help="help.report.directory")],
    html: Annotated[Path | None, typer.Option("--html", help="help.report.html")] = None,
    sample: Annotated[int, typer.Option(help="help.report.sample", min=0)] = 200,
    lang: LangOption = None,
) -> None:
    """Write an HTML report (plots embedded) on a simulation and print a short summary."""
    lang = reader_language(lang)
    with i18n.use_language(lang):
        try:
            from .report import make_report

            rep = make_report(directory, html, sample, lang)
        except MuertosError as e:
            raise _refused(e, lang) from None
        console.print(rep.summary, highlight=False, soft_wrap=True, markup=False)
        console.print(
            "\n" + say("report.written", lang, n=len(rep.figures), path=rep.path),
            highlight=False,
            soft_wrap=True,
            markup=False,
        )


@app.command("tournament", help="help.tournament.about")
def tournament_cmd(
    game_id: GameArg,
    agents: Annotated[str, typer.Option(help="help.tournament.agents")] = "random,greedy",
    games: Annotated[int, typer.Option("--games", "-n", help="help.tournament.games", min=1)] = 20,
    players: PlayersOpt = None,
    seed: SeedOpt = 0,
    jobs: JobsOpt = 1,
    option: OptionOpt = None,
    backend: BackendOpt = Backend.process,
    address: AddressOpt = None,
    out: Annotated[Path | None, typer.Option("--out", help="help.tournament.out")] = None,
    quiet: QuietOpt = False,
    lang: LangOption = None,
) -> None:
    """Round robin between agents on paired seeds, ranked by OpenSkill rating (μ ± 2σ).

    Example: muertos tournament ofrenda --agents random,greedy,ismcts:0.2s --games 20 -p 2 --jobs 2
    """
    lang = reader_language(lang)
    with i18n.use_language(lang):
        _tournament(game_id, agents, games, players, seed, jobs, option, backend, address, out, quiet, lang)


def _tournament(
    game_id: str,
    agents: str,
    games: int,
    players: int | None,
    seed: int,
    jobs: int,
    option: list[str] | None,
    backend: Backend,
    address: str | None,
    out: Path | None,
    quiet: bool,
    lang: str,
) -> None:
    from muertos.engine import game

    from .files import check_writable
    from .roundrobin import save, tournament

    opts = parse_options(option)
    try:
        if out is None:  # the default name needs the seat count, which the game settles
            g = game(game_id)
            n = min(max(2, g.min_players), g.max_players) if players is None else players
            out = Path(f"tournament-{g.id}-p{n}-s{seed}.json")
        check_writable(out, "--out", parents=True)  # before the games: their results need a place
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
            lang=lang,
        )
        console.print(res.table(lang))
        console.print(res.pair_table(lang))
        save(res, out)
    except MuertosError as e:
        raise _refused(e, lang, game_id) from None
    console.print(say("tournament.saved", lang, path=out), highlight=False, soft_wrap=True, markup=False)


def _side_options(items: list[str] | None, flag: str, lang: str) -> dict[str, Any]:
    for item in items or []:
        if "=" not in item and not item.strip().startswith("{"):
            raise _fail(say("compare.side_option", lang, flag=flag, item=repr(item)))
    return parse_options(items)


@app.command("compare", help="help.compare.about")
def compare_cmd(
    game_id: GameArg,
    out: Annotated[Path, typer.Option("--out", help="help.compare.out")],
    a: Annotated[list[str] | None, typer.Option("--a", help="help.compare.a")] = None,
    b: Annotated[list[str] | None, typer.Option("--b", help="help.compare.b")] = None,
    players: PlayersOpt = None,
    agents: Annotated[str, typer.Option(help="help.compare.agents")] = "greedy",
    games: Annotated[
        int, typer.Option("--games", "-n", help=help_text("help.compare.games", most=f"{MAX_GAMES:,}"), min=1)
    ] = 600,
    seed: SeedOpt = 0,
    jobs: JobsOpt = 1,
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help="help.compare.option")] = None,
    components: ComponentsOpt = None,
    backend: BackendOpt = Backend.process,
    address: AddressOpt = None,
    quiet: QuietOpt = False,
    lang: LangOption = None,
) -> None:
    """What if? Play the same games (seeds and seatings) under configurations A and B and
    report what changed, each difference paired with its 95% interval.

    Examples:

        muertos compare ofrenda -p 3 --a common_goals=false --b common_goals=true --out runs/goals

        muertos compare patzcuaro -p 3 --components cheap-flips.toml --out runs/flips
    """
    lang = reader_language(lang)
    with i18n.use_language(lang):
        _compare(
            game_id,
            out,
            a,
            b,
            players,
            agents,
            games,
            seed,
            jobs,
            option,
            components,
            backend,
            address,
            quiet,
            lang,
        )


def _compare(
    game_id: str,
    out: Path,
    a: list[str] | None,
    b: list[str] | None,
    players: int | None,
    agents: str,
    games: int,
    seed: int,
    jobs: int,
    option: list[str] | None,
    components: Path | None,
    backend: Backend,
    address: str | None,
    quiet: bool,
    lang: str,
) -> None:
    from .compare import compare
    from .plan import SimConfig

    common = parse_options(option)
    opts_a = {**common, **_side_options(a, "--a", lang)}
    opts_b = {**common, **_side_options(b, "--b", lang)}
    try:
        cfg_a = SimConfig.make(game_id, players, agents, games, seed, opts_a)
        cfg_b = SimConfig.make(
            game_id, players, agents, games, seed, opts_b, _overlay(game_id, components, lang)
        )
        res = compare(
            cfg_a,
            cfg_b,
            out,
            jobs=jobs,
            backend=backend.value,
            address=address,
            quiet=quiet,
            console=Console(stderr=True),
            lang=lang,
        )
    except MuertosError as e:
        raise _refused(e, lang, game_id) from None
    _tell_set_aside(Console(stderr=True), res.set_aside, lang)
    console.print(res.summary, highlight=False, soft_wrap=True, markup=False)
    console.print(
        "\n"
        + say(
            "compare.written",
            lang,
            n=len(res.figures),
            path=res.path,
            seconds=f"{res.seconds:.0f}",
            run=out / "a",
        ),
        highlight=False,
        soft_wrap=True,
        markup=False,
    )


def main() -> None:
    app()


if __name__ == "__main__":
    main()
