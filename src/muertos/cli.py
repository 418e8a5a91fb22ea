"""The ``muertos`` command: list games, read their rules, play in the terminal, replay."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from muertos import i18n
from muertos._cliutil import LangOption, parse_options, reader_language
from muertos._cliutil import fail as _fail
from muertos.agents import agent as make_agent
from muertos.analysis.cli import app as analysis_app
from muertos.engine import (
    Agent,
    CorruptState,
    Game,
    MuertosError,
    State,
    game,
    game_ids,
    number,
)
from muertos.learn.cli import app as learn_app
from muertos.match import MatchRecord, seat_seed
from muertos.sim.cli import app as sim_app

app = typer.Typer(
    help="muertos: a digital table for five Día de los Muertos tabletop games.",
    no_args_is_help=True,
    add_completion=False,
)
app.add_typer(sim_app)  # simulate, report, tournament (heavy libraries load inside the commands)
app.add_typer(analysis_app)  # analyze
app.add_typer(learn_app)  # train (torch loads inside the command)
console = Console()


def _game(game_id: str) -> Game:
    try:
        return game(game_id)
    except MuertosError as e:
        raise _fail(str(e)) from None


@app.command("games")
def games_cmd(lang: LangOption = None) -> None:
    """List the games, their player counts and options."""
    lang = reader_language(lang)
    say = {k: i18n.message(f"cli.games.{k}", lang) for k in ("title", "id", "game", "players", "options")}
    t = Table(title=say["title"], show_lines=True)
    t.add_column(say["id"], style="bold")
    t.add_column(say["game"])
    t.add_column(say["players"], justify="center")
    t.add_column(say["options"])
    for gid in game_ids():
        g = game(gid)
        opts = "\n".join(
            escape(
                i18n.message(
                    "cli.games.option",
                    lang,
                    name=o.name,
                    default=i18n.option_value(o.default, lang),
                    help=i18n.whole(o.help, lang, gid),
                )
            )
            for o in g.options
        )
        summary = escape(i18n.whole(g.summary, lang, gid))
        t.add_row(
            g.id,
            f"{escape(i18n.title(gid, lang))}\n[dim]{summary}[/]",
            f"{g.min_players}–{g.max_players}",
            opts or "—",
        )
    console.print(t)


@app.command("rules")
def rules_cmd(
    game_id: Annotated[str, typer.Argument(help="a game id, see `muertos games`")], lang: LangOption = None
) -> None:
    """A game's summary, notation with examples, options and reconstructed components."""
    g = _game(game_id)
    lang = reader_language(lang)
    console.print(i18n.guide(g, lang), markup=False, highlight=False)
    rec = g.reconstructed()
    if rec:
        console.print("\n" + i18n.message("cli.reconstructed", lang, title="[bold]", end="[/]"))
        for line in rec:  # components.toml's words, through the game's catalog
            console.print(f"  • {i18n.whole(line, lang, g.id)}", markup=False, highlight=False)


def _seats(spec: str | None, players: int | None, min_players: int) -> list[str]:
    if spec:
        names = [s.strip() for s in spec.split(",") if s.strip()]
        if players is not None and players != len(names):
            raise _fail(i18n.message("cli.seat_count", i18n.active(), players=players, seats=len(names)))
        return names
    n = players if players is not None else max(2, min_players)
    return ["human"] + ["random"] * (n - 1)


def _said(state: State, text: str) -> str:
    """A game's line in the language in force (the game writes English)."""
    return i18n.translate(text, i18n.active(), state.game.id)


def _print_events(state: State, seat: int | None, start: int) -> None:
    for e in state.events_for(seat, start):
        console.print(f"  [dim]·[/] {escape(_said(state, e.text))}", highlight=False)


def _final(state: State, seat: int | None, agents: list[str]) -> None:
    lang = i18n.active()
    console.print(state.game.render(state, seat))
    console.print(f"[bold]{_said(state, state.status())}[/]")
    result = i18n.localize_result(state.result().to_json(), lang, state.game.id)
    names = [
        i18n.message("cli.seat_agent", lang, seat=i18n.message("seat", lang, n=i + 1), agent=a)
        for i, a in enumerate(agents)
    ]
    console.print(result_table(result, names))
    if result["tie_break"] is not None:
        console.print(result["tie_break"]["text"], highlight=False)
    if result["rating"] is not None:
        console.print(f"[bold]{result['rating']['label']}[/]: {result['rating']['text']}", highlight=False)


def result_table(result: dict[str, Any], names: list[str]) -> Table:
    """The score sheet the web table shows too (``Result.to_json``, its words in the
    reader's language): a row per category, a column per seat, the totals, the winners
    starred."""
    lang = i18n.active()
    won = set(result["winners"])
    seats = result["seats"]
    table = Table(title=i18n.message("cli.final", lang), title_justify="left")
    table.add_column("")
    for x in seats:
        star = "★ " if x["seat"] in won else ""
        table.add_column(star + names[x["seat"]], justify="right", style="bold" if x["seat"] in won else None)
    for row, c in enumerate(seats[0]["categories"]):
        table.add_row(c["label"], *[f"{x['categories'][row]['points']:g}" for x in seats])
    table.add_section()
    table.add_row(i18n.message("cli.total", lang), *[f"{x['score']:g}" for x in seats], style="bold")
    return table


@app.command("play")
def play_cmd(
    game_id: Annotated[str, typer.Argument(help="a game id, see `muertos games`")],
    players: Annotated[int | None, typer.Option("--players", "-p", help="number of players")] = None,
    seats: Annotated[
        str | None,
        typer.Option("--seats", "-s", help="comma-separated agents, one per seat: human, random, …"),
    ] = None,
    seed: Annotated[int | None, typer.Option(help="seed of the shuffle and dice (random if omitted)")] = None,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="a game option key=value (repeatable)")
    ] = None,
    save: Annotated[Path | None, typer.Option(help="write the match record (JSON) to this file")] = None,
    quiet: Annotated[bool, typer.Option(help="do not print each action")] = False,
    lang: LangOption = None,
) -> None:
    """Play a game in the terminal against bots or at one keyboard.

    Example: muertos play ofrenda --players 2 --seats human,random --seed 5 --lang es
    """
    with i18n.use_language(reader_language(lang)):
        _play(game_id, players, seats, seed, option, save, quiet)


def _play(
    game_id: str,
    players: int | None,
    seats: str | None,
    seed: int | None,
    option: list[str] | None,
    save: Path | None,
    quiet: bool,
) -> None:
    lang = i18n.active()
    g = _game(game_id)
    names = _seats(seats, players, g.min_players)
    if seed is None:
        import secrets

        seed = secrets.randbelow(10**9)
    try:
        agents: list[Agent] = [make_agent(n, seed=seat_seed(seed, i)) for i, n in enumerate(names)]
        state = g.new(len(names), seed, parse_options(option))
    except MuertosError as e:
        raise _fail(i18n.translate(str(e), lang, g.id)) from None
    humans = [i for i, a in enumerate(agents) if a.name == "human"]
    # One human sees the table from their chair; several share a screen, so show only what is public.
    viewer = humans[0] if len(humans) == 1 else None
    console.print(
        i18n.message(
            "cli.header",
            lang,
            title=f"[bold]{escape(i18n.title(g.id, lang))}[/]",
            seed=seed,
            seats=", ".join(names),
        )
    )
    if not quiet:
        _print_events(state, viewer, 0)
    seen = len(state.events)
    try:
        while not state.over:
            seat = state.to_move
            assert seat is not None
            action = agents[seat].act(state, seat)
            state.apply(action)
            if not quiet:
                _print_events(state, viewer, seen)
            seen = len(state.events)
    except KeyboardInterrupt:
        console.print(f"\n[yellow]{i18n.message('cli.stopped', lang)}[/]")
    finally:
        if save is not None:
            rec = MatchRecord(
                game=g.id,
                players=state.players,
                options=dict(state.options),
                seed=seed,
                seats=names,
                actions=list(state.history),
                scores=state.scores() if state.over else [],
                winners=state.winners(),
            )
            save.write_text(json.dumps(rec.to_json(), indent=1))
            console.print(i18n.message("cli.saved", lang, path=save))
    if state.over:
        _final(state, viewer, names)


def _load_record(path: Path) -> MatchRecord:
    try:
        text = path.read_text()
    except OSError as e:
        raise _fail(i18n.message("cli.unreadable", i18n.active(), path=path, why=e.strerror)) from None
    try:
        return MatchRecord.from_json(text)
    except CorruptState as e:
        raise _fail(f"{path}: {e}") from None


@app.command("replay")
def replay_cmd(
    file: Annotated[Path, typer.Argument(help="a match record written by `muertos play --save`")],
    seat: Annotated[
        int | None, typer.Option(help="watch from this seat (1-based); default: spectator")
    ] = None,
    to: Annotated[int | None, typer.Option(help="jump to the position after this many actions")] = None,
    lang: LangOption = None,
) -> None:
    """Step through a saved game: Enter for the next action, b back, a number to jump, q to quit."""
    with i18n.use_language(reader_language(lang)):
        _replay(file, seat, to)


def _replay(file: Path, seat: int | None, to: int | None) -> None:
    lang = i18n.active()
    rec = _load_record(file)
    g = _game(rec.game)
    viewer = None if seat is None else seat - 1
    if viewer is not None and not 0 <= viewer < rec.players:
        raise _fail(i18n.message("cli.seat_range", lang, players=rec.players))
    try:
        states = [g.new(rec.players, rec.seed, rec.options)]
        for a in rec.actions:
            s = states[-1].clone()
            s.apply(a)
            states.append(s)
    except MuertosError as e:
        why = i18n.translate(str(e), lang, g.id)
        raise _fail(i18n.message("cli.no_replay", lang, path=file, n=len(states), why=why)) from None
    last = len(states) - 1
    pos = last if to is None else max(0, min(to, last))
    interactive = to is None and sys.stdin.isatty()
    if not interactive:
        _show(states, pos, viewer, rec)
        return
    pos = 0
    while True:
        _show(states, pos, viewer, rec)
        cmd = (
            console.input(f"[dim]{pos}/{last}[/] {i18n.message('cli.replay_prompt', lang)} > ")
            .strip()
            .lower()
        )
        if cmd in ("q", "quit"):
            return
        if cmd == "b":
            pos = max(0, pos - 1)
        elif (n := number(cmd)) is not None:
            pos = min(n, last)
        else:
            pos = min(pos + 1, last)


def _show(states: list[State], pos: int, viewer: int | None, rec: MatchRecord) -> None:
    s = states[pos]
    lang = i18n.active()
    console.rule(
        i18n.message(
            "cli.replay_rule", lang, title=i18n.title(s.game.id, lang), pos=pos, last=len(states) - 1
        )
    )
    if pos:
        prev = states[pos - 1]
        who = i18n.message("seat", lang, n=(prev.to_move or 0) + 1)
        console.print(f"[bold]{who}:[/] {rec.actions[pos - 1]}", highlight=False)
        _print_events(s, viewer, len(prev.events))
    if s.over:
        _final(s, viewer, rec.seats)
    else:
        console.print(s.game.render(s, viewer))
        console.print(_said(s, s.status()), markup=False)


@app.command("serve")
def serve_cmd(
    db: Annotated[
        str, typer.Option(help="database URL: sqlite:///file.db or postgresql://…")
    ] = "sqlite:///muertos.db",
    host: Annotated[str, typer.Option(help="address to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="port to listen on", min=1, max=65535)] = 8000,
    workers: Annotated[
        int,
        typer.Option(
            help="web processes sharing the port (more than one needs PostgreSQL; see docs/deploy.md)",
            min=1,
            max=64,
        ),
    ] = 1,
    bot_workers: Annotated[
        int | None,
        typer.Option(
            help="processes bots think in, shared out among the web processes (default: one per core)",
            min=1,
            max=64,
        ),
    ] = None,
    clock: Annotated[
        str,
        typer.Option(
            help="time limit of tables of two people or more created without one: "
            "none, live:10m+20s (a bank plus an increment a move), turn:24h (a time per move)"
        ),
    ] = "none",
    smtp: Annotated[
        str | None,
        typer.Option(
            help="HOST:PORT of the SMTP server turn messages by e-mail go out through "
            "(none: people can give only a webhook)",
            envvar="MUERTOS_SMTP",
        ),
    ] = None,
    smtp_from: Annotated[
        str | None, typer.Option(help="the address e-mails come from", envvar="MUERTOS_SMTP_FROM")
    ] = None,
    smtp_user: Annotated[
        str | None, typer.Option(help="SMTP user name, if it asks for one", envvar="MUERTOS_SMTP_USER")
    ] = None,
    smtp_password: Annotated[
        str | None,
        typer.Option(
            help="SMTP password (better as the environment variable)",
            envvar="MUERTOS_SMTP_PASSWORD",
            show_default=False,
        ),
    ] = None,
    smtp_starttls: Annotated[
        bool,
        typer.Option(help="switch to TLS with STARTTLS before logging in", envvar="MUERTOS_SMTP_STARTTLS"),
    ] = False,
    public_url: Annotated[
        str | None,
        typer.Option(
            help="the address people reach this server at (https://muertos.example.org behind a proxy), "
            "for the links in turn messages (default: the address it listens on)",
            envvar="MUERTOS_PUBLIC_URL",
        ),
    ] = None,
) -> None:
    """Serve the web table: lobby, tables, bots, live updates (needs the `web` extra)."""
    try:
        from muertos.server import serve
        from muertos.server.clocks import parse_spec
        from muertos.server.notify import Smtp, check_public_url
        from muertos.server.processes import check_workers
    except ImportError as e:
        raise _fail(f"the web table needs the web extra: pip install -e '.[web]' ({e})") from None
    try:
        check_workers(db, workers)
        default_clock = parse_spec(clock)
        mail = None if not smtp else Smtp.parse(smtp, smtp_from, smtp_user, smtp_password, smtp_starttls)
        public = None if not public_url else check_public_url(public_url)
    except ValueError as e:
        raise _fail(str(e)) from None
    console.print(f"muertos web table on http://{host}:{port}/  (database {db})")
    serve(
        db,
        host,
        port,
        bot_workers=bot_workers,
        default_clock=default_clock,
        smtp=mail,
        public_url=public,
        workers=workers,
    )


def main() -> None:
    app()


if __name__ == "__main__":
    main()
