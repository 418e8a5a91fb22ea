"""The ``muertos`` command: list games, read their rules, play in the terminal, replay."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from muertos._cliutil import fail as _fail
from muertos._cliutil import parse_options
from muertos.agents import agent as make_agent
from muertos.engine import (
    Agent,
    CorruptState,
    Game,
    MuertosError,
    Result,
    State,
    game,
    game_ids,
)
from muertos.match import MatchRecord, seat_seed
from muertos.sim.cli import app as sim_app

app = typer.Typer(
    help="muertos: a digital table for five Día de los Muertos tabletop games.",
    no_args_is_help=True,
    add_completion=False,
)
app.add_typer(sim_app)  # simulate, report, tournament (heavy libraries load inside the commands)
console = Console()


def _game(game_id: str) -> Game:
    try:
        return game(game_id)
    except MuertosError as e:
        raise _fail(str(e)) from None


@app.command("games")
def games_cmd() -> None:
    """List the games, their player counts and options."""
    t = Table(title="muertos games", show_lines=True)
    t.add_column("id", style="bold")
    t.add_column("game")
    t.add_column("players", justify="center")
    t.add_column("options")
    for gid in game_ids():
        g = game(gid)
        opts = "\n".join(f"{o.name} (default {o.default}): {o.help}" for o in g.options) or "—"
        t.add_row(g.id, f"{g.title}\n[dim]{g.summary}[/]", f"{g.min_players}–{g.max_players}", opts)
    console.print(t)


@app.command("rules")
def rules_cmd(game_id: Annotated[str, typer.Argument(help="a game id, see `muertos games`")]) -> None:
    """A game's summary, notation with examples, options and reconstructed components."""
    g = _game(game_id)
    console.print(g.rules(), markup=False, highlight=False)
    rec = g.reconstructed()
    if rec:
        console.print(
            "\n[bold]Reconstructed components[/] (our own choices where the published data is unknown):"
        )
        for line in rec:
            console.print(f"  • {line}", markup=False, highlight=False)


def _seats(spec: str | None, players: int | None, min_players: int) -> list[str]:
    if spec:
        names = [s.strip() for s in spec.split(",") if s.strip()]
        if players is not None and players != len(names):
            raise _fail(f"--players {players} but --seats names {len(names)} seats")
        return names
    n = players if players is not None else max(2, min_players)
    return ["human"] + ["random"] * (n - 1)


def _print_events(state: State, seat: int | None, start: int) -> None:
    for e in state.events_for(seat, start):
        console.print(f"  [dim]·[/] {e.text}", highlight=False)


def _final(state: State, seat: int | None, agents: list[str]) -> None:
    console.print(state.game.render(state, seat))
    console.print(f"[bold]{state.status()}[/]")
    result = state.result()
    names = [f"Player {i + 1} ({a})" for i, a in enumerate(agents)]
    console.print(result_table(result, names))
    if result.tie_break is not None:
        console.print(result.tie_break.text, highlight=False)
    if result.rating is not None:
        console.print(f"[bold]{result.rating.label}[/]: {result.rating.text}", highlight=False)


def result_table(result: Result, names: list[str]) -> Table:
    """The score sheet the web table shows too: a row per category, a column per seat,
    the totals, the winners starred."""
    won = set(result.winners)
    table = Table(title="Final result", title_justify="left")
    table.add_column("")
    for x in result.seats:
        star = "★ " if x.seat in won else ""
        table.add_column(star + names[x.seat], justify="right", style="bold" if x.seat in won else None)
    for row, c in enumerate(result.seats[0].categories):
        table.add_row(c.label, *[f"{x.categories[row].points:g}" for x in result.seats])
    table.add_section()
    table.add_row("Total", *[f"{x.score:g}" for x in result.seats], style="bold")
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
) -> None:
    """Play a game in the terminal against bots or at one keyboard.

    Example: muertos play ofrenda --players 2 --seats human,random --seed 5
    """
    g = _game(game_id)
    names = _seats(seats, players, g.min_players)
    if seed is None:
        import secrets

        seed = secrets.randbelow(10**9)
    try:
        agents: list[Agent] = [make_agent(n, seed=seat_seed(seed, i)) for i, n in enumerate(names)]
        state = g.new(len(names), seed, parse_options(option))
    except MuertosError as e:
        raise _fail(str(e)) from None
    humans = [i for i, a in enumerate(agents) if a.name == "human"]
    # One human sees the table from their chair; several share a screen, so show only what is public.
    viewer = humans[0] if len(humans) == 1 else None
    console.print(f"[bold]{g.title}[/] — seed {seed}, seats: {', '.join(names)}")
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
        console.print("\n[yellow]Game stopped.[/]")
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
            console.print(f"Saved the record to {save} (replay it with `muertos replay {save}`).")
    if state.over:
        _final(state, viewer, names)


def _load_record(path: Path) -> MatchRecord:
    try:
        text = path.read_text()
    except OSError as e:
        raise _fail(f"cannot read {path}: {e.strerror}") from None
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
) -> None:
    """Step through a saved game: Enter for the next action, b back, a number to jump, q to quit."""
    rec = _load_record(file)
    g = _game(rec.game)
    viewer = None if seat is None else seat - 1
    if viewer is not None and not 0 <= viewer < rec.players:
        raise _fail(f"--seat must be 1..{rec.players}")
    try:
        states = [g.new(rec.players, rec.seed, rec.options)]
        for a in rec.actions:
            s = states[-1].clone()
            s.apply(a)
            states.append(s)
    except MuertosError as e:
        raise _fail(f"{file}: the record does not replay at action {len(states)}: {e}") from None
    last = len(states) - 1
    pos = last if to is None else max(0, min(to, last))
    interactive = to is None and sys.stdin.isatty()
    if not interactive:
        _show(states, pos, viewer, rec)
        return
    pos = 0
    while True:
        _show(states, pos, viewer, rec)
        cmd = console.input(f"[dim]{pos}/{last}[/] (Enter next, b back, N jump, q quit) > ").strip().lower()
        if cmd in ("q", "quit"):
            return
        if cmd == "b":
            pos = max(0, pos - 1)
        elif cmd.isdigit():
            pos = min(int(cmd), last)
        else:
            pos = min(pos + 1, last)


def _show(states: list[State], pos: int, viewer: int | None, rec: MatchRecord) -> None:
    s = states[pos]
    console.rule(f"{s.game.title} — action {pos} of {len(states) - 1}")
    if pos:
        prev = states[pos - 1]
        console.print(f"[bold]Player {(prev.to_move or 0) + 1}:[/] {rec.actions[pos - 1]}", highlight=False)
        _print_events(s, viewer, len(prev.events))
    if s.over:
        _final(s, viewer, rec.seats)
    else:
        console.print(s.game.render(s, viewer))
        console.print(s.status())


@app.command("serve")
def serve_cmd(
    db: Annotated[
        str, typer.Option(help="database URL: sqlite:///file.db or postgresql://…")
    ] = "sqlite:///muertos.db",
    host: Annotated[str, typer.Option(help="address to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="port to listen on", min=1, max=65535)] = 8000,
    bot_workers: Annotated[
        int | None,
        typer.Option(help="processes bots think in (default: one per core)", min=1, max=64),
    ] = None,
) -> None:
    """Serve the web table: lobby, tables, bots, live updates (needs the `web` extra)."""
    try:
        from muertos.server import serve
    except ImportError as e:
        raise _fail(f"the web table needs the web extra: pip install -e '.[web]' ({e})") from None
    console.print(f"muertos web table on http://{host}:{port}/  (database {db})")
    serve(db, host, port, bot_workers=bot_workers)


def main() -> None:
    app()


if __name__ == "__main__":
    main()
