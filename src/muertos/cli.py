"""The ``muertos`` command: list games, read their rules, play in the terminal, replay."""

from __future__ import annotations

import contextlib
import json
import os
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from muertos import i18n
from muertos._cliutil import LangOption, os_reason, parse_options, reader_language
from muertos._cliutil import fail as _fail
from muertos._cliwords import ReaderGroup
from muertos.agents import agent as make_agent
from muertos.agents import agent_names
from muertos.agents.human import HumanAgent
from muertos.analysis.cli import app as analysis_app
from muertos.engine import (
    Agent,
    Game,
    IllegalAction,
    MuertosError,
    State,
    UnknownAgent,
    UnknownGame,
    game,
    game_ids,
    number,
)
from muertos.learn.cli import app as learn_app
from muertos.match import BadRecord, MatchRecord, seat_seed
from muertos.sim.cli import app as sim_app

app = typer.Typer(help="help.muertos", no_args_is_help=True, add_completion=False, cls=ReaderGroup)
"""Every text of its ``--help`` is a key of ``i18n/help.{en,es}.toml``: ``ReaderGroup`` says it
in the reader's language."""
app.add_typer(sim_app)  # simulate, report, tournament (heavy libraries load inside the commands)
app.add_typer(analysis_app)  # analyze
app.add_typer(learn_app)  # train (torch loads inside the command)
console = Console()


def _game(game_id: str) -> Game:
    """The game, or the catalog's refusal in the language in force."""
    lang = i18n.active()
    try:
        return game(game_id)
    except UnknownGame:
        raise _fail(
            i18n.message("cli.unknown_game", lang, game=game_id, games=", ".join(game_ids()))
        ) from None
    except MuertosError as e:
        raise _fail(i18n.translate(str(e), lang)) from None


@app.command("games", help="help.games.about")
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


@app.command("rules", help="help.rules.about")
def rules_cmd(game_id: Annotated[str, typer.Argument(help="help.game")], lang: LangOption = None) -> None:
    """A game's summary, notation with examples, options and reconstructed components."""
    lang = reader_language(lang)
    with i18n.use_language(lang):
        g = _game(game_id)
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


def _agents(names: list[str], seed: int, g: Game) -> list[Agent]:
    """An agent per seat, seeded from the match's seed. Two people or more share the screen:
    their seats hand it over and wipe it (``HumanAgent.shared``)."""
    lang = i18n.active()
    agents: list[Agent] = []
    for i, n in enumerate(names):
        try:
            agents.append(make_agent(n, seed=seat_seed(seed, i)))
        except UnknownAgent as e:
            if n.strip().lower().partition(":")[0] not in agent_names():
                known = ", ".join(agent_names())
                raise _fail(i18n.message("cli.unknown_agent", lang, name=n, agents=known)) from None
            raise _fail(i18n.translate(str(e), lang, g.id)) from None
    humans = [a for a in agents if isinstance(a, HumanAgent)]
    for a in humans:
        a.console = console
        a.shared = len(humans) > 1
    return agents


def _said(state: State, text: str) -> str:
    """A game's line in the language in force (the game writes English)."""
    return i18n.translate(text, i18n.active(), state.game.id)


def _print_events(state: State, seat: int | None, start: int) -> None:
    for e in state.events_for(seat, start):
        console.print(f"  [dim]·[/] {escape(_said(state, e.text))}", highlight=False)


def _final(state: State, seat: int | None, agents: list[str]) -> None:
    lang = i18n.active()
    console.print(state.game.render(state, seat))
    console.print(f"[bold]{escape(_said(state, state.status()))}[/]")
    result = i18n.localize_result(state.result().to_json(), lang, state.game.id)
    names = [
        i18n.message("cli.seat_agent", lang, seat=i18n.message("seat", lang, n=i + 1), agent=a)
        for i, a in enumerate(agents)
    ]
    console.print(result_table(result, names))
    if result["tie_break"] is not None:
        console.print(result["tie_break"]["text"], highlight=False, markup=False)
    if result["rating"] is not None:
        rating = result["rating"]
        console.print(f"[bold]{escape(rating['label'])}[/]: {escape(rating['text'])}", highlight=False)


def result_table(result: dict[str, Any], names: list[str]) -> Table:
    """The score sheet the web table shows too (``Result.to_json``, its words in the
    reader's language): a row per category, a column per seat, the totals, the winners
    starred. Names come from a record a person may have typed: shown as text, never markup."""
    lang = i18n.active()
    won = set(result["winners"])
    seats = result["seats"]
    table = Table(title=i18n.message("cli.final", lang), title_justify="left")
    table.add_column("")
    for x in seats:
        star = "★ " if x["seat"] in won else ""
        table.add_column(
            star + escape(names[x["seat"]]), justify="right", style="bold" if x["seat"] in won else None
        )
    for row, c in enumerate(seats[0]["categories"]):
        table.add_row(escape(c["label"]), *[f"{x['categories'][row]['points']:g}" for x in seats])
    table.add_section()
    table.add_row(i18n.message("cli.total", lang), *[f"{x['score']:g}" for x in seats], style="bold")
    return table


@app.command("play", help="help.play.about")
def play_cmd(
    game_id: Annotated[str | None, typer.Argument(help="help.play.game", show_default=False)] = None,
    players: Annotated[int | None, typer.Option("--players", "-p", help="help.play.players")] = None,
    seats: Annotated[str | None, typer.Option("--seats", "-s", help="help.play.seats")] = None,
    seed: Annotated[int | None, typer.Option(help="help.play.seed")] = None,
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help="help.option")] = None,
    save: Annotated[Path | None, typer.Option(help="help.play.save")] = None,
    resume: Annotated[Path | None, typer.Option(help="help.play.resume")] = None,
    quiet: Annotated[bool, typer.Option(help="help.play.quiet")] = False,
    lang: LangOption = None,
) -> None:
    """Play a game in the terminal against bots or at one keyboard.

    Example: muertos play ofrenda --players 2 --seats human,random --seed 5 --lang es
    """
    with i18n.use_language(reader_language(lang)):
        _play(game_id, players, seats, seed, option, save, resume, quiet)


def _play(
    game_id: str | None,
    players: int | None,
    seats: str | None,
    seed: int | None,
    option: list[str] | None,
    save: Path | None,
    resume: Path | None,
    quiet: bool,
) -> None:
    lang = i18n.active()
    if resume is not None:
        g, names, seed, state = _resumed(resume, game_id, players, seats, seed, option)
        save = save or resume
    else:
        if game_id is None:
            raise _fail(i18n.message("cli.need_game", lang))
        g = _game(game_id)
        try:
            if players is not None:  # before the seats: 0 or -1 is not a table of one
                g.check_options(players, {})
            names = _seats(seats, players, g.min_players)
            if seed is None:
                import secrets

                seed = secrets.randbelow(10**9)
            state = g.new(len(names), seed, parse_options(option))
        except MuertosError as e:
            raise _fail(i18n.translate(str(e), lang, g.id)) from None
    agents = _agents(names, seed, g)

    def record() -> MatchRecord:
        return MatchRecord(
            game=g.id,
            players=state.players,
            options=dict(state.options),
            seed=state.seed,
            seats=names,
            actions=list(state.history),
            scores=state.scores() if state.over else [],
            winners=state.winners(),
        )

    if save is not None:
        _write_record(save, record())  # a path that cannot be written is refused before any move
    hot_seat = sum(isinstance(a, HumanAgent) for a in agents) > 1
    # One human sees the table from their chair; several share a screen, so show only what is public.
    viewer = (
        next((i for i, a in enumerate(agents) if isinstance(a, HumanAgent)), None) if not hot_seat else None
    )
    title = f"[bold]{escape(i18n.title(g.id, lang))}[/]"
    if hot_seat:  # the seed deals the cards: whoever reads it can rebuild every hand
        console.print(i18n.message("cli.header_hot_seat", lang, title=title, seats=escape(", ".join(names))))
    else:
        console.print(
            i18n.message("cli.header", lang, title=title, seed=seed, seats=escape(", ".join(names)))
        )
    if resume is not None:
        console.print(
            i18n.message("cli.resumed", lang, path=resume, n=len(state.history)), markup=False, soft_wrap=True
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
            if save is not None:
                _write_record(save, record())
            if not quiet:
                _print_events(state, viewer, seen)
            seen = len(state.events)
    except KeyboardInterrupt:
        console.print(f"\n[yellow]{i18n.message('cli.stopped', lang)}[/]")
    if save is not None:
        console.print(i18n.message("cli.saved", lang, path=save), markup=False, soft_wrap=True)
    if state.over:
        _final(state, viewer, names)
        if hot_seat:
            console.print(i18n.message("cli.seed_was", lang, seed=seed), highlight=False)


def _write_record(path: Path, rec: MatchRecord) -> None:
    """Write the record whole or not at all: a file beside it, then ``os.replace``, so a
    terminal closed (or a process killed) mid-write leaves the previous record intact."""
    text = json.dumps(rec.to_json(), indent=1)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        tmp.write_text(text, encoding="utf-8")
        os.replace(tmp, path)
    except BaseException as e:
        with contextlib.suppress(OSError):
            tmp.unlink()
        if isinstance(e, OSError):
            why = os_reason(e, i18n.active())
            raise _fail(i18n.message("cli.unwritable", i18n.active(), path=path, why=why)) from None
        raise


def _resumed(
    path: Path,
    game_id: str | None,
    players: int | None,
    seats: str | None,
    seed: int | None,
    option: list[str] | None,
) -> tuple[Game, list[str], int, State]:
    """The game saved in ``path`` rebuilt through the engine, its seats (or ``--seats``)
    and seed. What makes it that game (players, seed, options) is the record's: a flag that
    would change it is refused, not ignored."""
    lang = i18n.active()
    rec = _load_record(path)
    g = _game(rec.game)
    if game_id is not None and (asked := _game(game_id)) is not g:
        raise _fail(
            i18n.message(
                "cli.resume_other_game", lang, path=path, game=i18n.title(g.id), asked=i18n.title(asked.id)
            )
        )
    state = _rebuild(g, rec, path)[-1]
    try:
        changed = bool(option) and g.check_options(rec.players, parse_options(option)) != state.options
    except MuertosError as e:
        raise _fail(i18n.translate(str(e), lang, g.id)) from None
    for flag, differs in (
        ("--players", players is not None and players != rec.players),
        ("--seed", seed is not None and seed != rec.seed),
        ("--option", changed),
    ):
        if differs:
            raise _fail(i18n.message("cli.resume_fixed", lang, flag=flag, path=path))
    if state.over:
        raise _fail(i18n.message("cli.resume_over", lang, path=path))
    names = _seats(seats, None, g.min_players) if seats else list(rec.seats)
    if len(names) != rec.players:
        raise _fail(i18n.message("cli.resume_seats", lang, path=path, players=rec.players, seats=len(names)))
    return g, names, rec.seed, state


def _load_record(path: Path) -> MatchRecord:
    lang = i18n.active()
    try:
        data = path.read_bytes()  # MatchRecord.from_json reads the text: it says what is wrong
    except OSError as e:
        raise _fail(i18n.message("cli.unreadable", lang, path=path, why=os_reason(e, lang))) from None
    try:
        return MatchRecord.from_json(data)
    except BadRecord as e:
        raise _fail(i18n.message("cli.corrupt", lang, path=path, why=e.text(lang))) from None


def _rebuild(g: Game, rec: MatchRecord, path: Path, every: bool = False) -> list[State]:
    """The record's game replayed through the engine: each position (``every``) or the last
    alone. A record the rules refuse is a clear error naming the action, in the reader's words."""
    lang = i18n.active()
    try:
        s = g.new(rec.players, rec.seed, rec.options)
    except MuertosError as e:
        why = i18n.translate(str(e), lang, g.id)
        raise _fail(i18n.message("cli.no_setup", lang, path=path, why=why)) from None
    states = [s]
    for n, a in enumerate(rec.actions, 1):
        if every:
            s = s.clone()
            states.append(s)
        try:
            s.apply(a)
        except IllegalAction as e:
            rule = i18n.translate(e.rule, lang, g.id)
            why = i18n.message("api.illegal_action", lang, action=e.action, rule=rule)
            raise _fail(i18n.message("cli.no_replay", lang, path=path, n=n, why=why)) from None
    return states if every else [s]


@app.command("replay", help="help.replay.about")
def replay_cmd(
    file: Annotated[Path, typer.Argument(help="help.record")],
    seat: Annotated[int | None, typer.Option(help="help.replay.seat")] = None,
    to: Annotated[int | None, typer.Option(help="help.replay.to")] = None,
    lang: LangOption = None,
) -> None:
    """Step through a saved game: Enter for the next action, b back, a number to jump, q to quit."""
    with i18n.use_language(reader_language(lang)):
        _replay(file, seat, to)


def _at_a_terminal() -> bool:
    """Whether a person types at the replay (else the position is printed once)."""
    return sys.stdin.isatty()


def _replay(file: Path, seat: int | None, to: int | None) -> None:
    lang = i18n.active()
    rec = _load_record(file)
    g = _game(rec.game)
    viewer = None if seat is None else seat - 1
    if viewer is not None and not 0 <= viewer < rec.players:
        raise _fail(i18n.message("cli.seat_range", lang, players=rec.players))
    states = _rebuild(g, rec, file, every=True)
    last = len(states) - 1
    pos = last if to is None else max(0, min(to, last))
    if to is not None or not _at_a_terminal():
        _show(states, pos, viewer, rec)
        return
    pos, shown = 0, -1
    while True:
        if pos != shown:
            _show(states, pos, viewer, rec)
            shown = pos
        try:
            cmd = (
                console.input(f"[dim]{pos}/{last}[/] {i18n.message('cli.replay_prompt', lang)} > ")
                .strip()
                .lower()
            )
        except (EOFError, KeyboardInterrupt):  # Ctrl-D, Ctrl-C: the end, without a word in English
            console.print()
            return
        if cmd in ("q", "quit"):
            return
        if cmd == "":
            pos = min(pos + 1, last)
        elif cmd == "b":
            pos = max(0, pos - 1)
        elif (n := number(cmd)) is not None:
            pos = min(n, last)
        else:
            console.print(
                i18n.message("cli.replay_unknown", lang, command=cmd), markup=False, highlight=False
            )


def _show(states: list[State], pos: int, viewer: int | None, rec: MatchRecord) -> None:
    """The position after ``pos`` actions as ``viewer`` (``None``: a spectator) saw it: the
    move itself only to the seat that made it, else what the seat's redacted events tell."""
    s = states[pos]
    lang = i18n.active()
    console.rule(
        i18n.message(
            "cli.replay_rule", lang, title=i18n.title(s.game.id, lang), pos=pos, last=len(states) - 1
        )
    )
    if pos:
        prev = states[pos - 1]
        mover = prev.to_move
        who = i18n.message("seat", lang, n=(mover or 0) + 1)
        if viewer is not None and viewer == mover:
            console.print(f"[bold]{who}:[/] {escape(rec.actions[pos - 1])}", highlight=False)
        else:
            console.print(f"[bold]{i18n.message('cli.replay_moved', lang, seat=who)}[/]", highlight=False)
        _print_events(s, viewer, len(prev.events))
    if s.over:
        _final(s, viewer, rec.seats)
    else:
        console.print(s.game.render(s, viewer))
        console.print(_said(s, s.status()), markup=False)


@app.command("serve", help="help.serve.about")
def serve_cmd(
    db: Annotated[str, typer.Option(help="help.serve.db")] = "sqlite:///muertos.db",
    host: Annotated[str, typer.Option(help="help.serve.host")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="help.serve.port", min=1, max=65535)] = 8000,
    workers: Annotated[int, typer.Option(help="help.serve.workers", min=1, max=64)] = 1,
    bot_workers: Annotated[int | None, typer.Option(help="help.serve.bot_workers", min=1, max=64)] = None,
    clock: Annotated[str, typer.Option(help="help.serve.clock")] = "none",
    smtp: Annotated[str | None, typer.Option(help="help.serve.smtp", envvar="MUERTOS_SMTP")] = None,
    smtp_from: Annotated[
        str | None, typer.Option(help="help.serve.smtp_from", envvar="MUERTOS_SMTP_FROM")
    ] = None,
    smtp_user: Annotated[
        str | None, typer.Option(help="help.serve.smtp_user", envvar="MUERTOS_SMTP_USER")
    ] = None,
    smtp_password: Annotated[
        str | None,
        typer.Option(help="help.serve.smtp_password", envvar="MUERTOS_SMTP_PASSWORD", show_default=False),
    ] = None,
    smtp_starttls: Annotated[
        bool, typer.Option(help="help.serve.smtp_starttls", envvar="MUERTOS_SMTP_STARTTLS")
    ] = False,
    public_url: Annotated[
        str | None, typer.Option(help="help.serve.public_url", envvar="MUERTOS_PUBLIC_URL")
    ] = None,
) -> None:
    """Serve the web table: lobby, tables, bots, live updates (needs the `web` extra)."""
    lang = reader_language(None)
    try:
        from muertos.server import serve
        from muertos.server.clocks import parse_spec
        from muertos.server.notify import Smtp, check_public_url
        from muertos.server.processes import check_workers
    except ImportError as e:
        raise _fail(i18n.message("cli.needs_web", lang, why=e), lang) from None
    with i18n.use_language(lang):
        try:
            _check_store(db)  # first: the other checks read the URL too
            check_workers(db, workers)
            default_clock = parse_spec(clock)
            mail = None if not smtp else Smtp.parse(smtp, smtp_from, smtp_user, smtp_password, smtp_starttls)
            public = None if not public_url else check_public_url(public_url)
        except ValueError as e:
            raise _fail(str(e)) from None
    console.print(i18n.message("cli.serving", lang, host=host, port=port, db=db), markup=False)
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


def _check_store(db: str) -> None:
    """ValueError, in the language in force, unless ``db`` is a URL of a store the server
    opens (SQLAlchemy's own errors about a URL would reach the person as a traceback)."""
    if db == "memory://":
        return
    from sqlalchemy.exc import ArgumentError

    from muertos.server.storage.sql import backend

    try:
        kind: str | None = backend(db)
    except (ArgumentError, ValueError):
        kind = None
    if kind not in ("sqlite", "postgresql"):
        raise ValueError(i18n.message("cli.bad_db", i18n.active(), url=db))


def main() -> None:
    """The ``muertos`` console script. Its language is settled from ``sys.argv`` (``--lang``,
    else ``LANG``) before Typer reads anything, by ``ReaderGroup``, so a test running ``app``
    goes the same way."""
    app()


if __name__ == "__main__":
    main()
