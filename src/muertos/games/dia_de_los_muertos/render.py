"""The graveyard in the terminal: the board, skeletons, dog, gravedigger, cards.

Colour is never the only cue: skeletons are ``P1``..``P6``, the dog ``D``, the
gravedigger ``G``; field kinds carry a letter (``g`` green one-way, ``r`` red lane,
``F`` festivity, ``H`` hiding place). Shows exactly what ``seat`` may see.
"""

from __future__ import annotations

from typing import cast

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from muertos.engine import State

from . import notation as nt
from .components import BOARD, CARDS, FEST_AT_FIELD, FESTIVITY, FOOT, HAND, MOVE, SYMBOL
from .rules import MuertosState
from .scoring import festivity_points, place_points

COLOURS = ("red", "blue", "green", "magenta", "cyan", "yellow")
SYMBOL_TEXT = {0: "-", HAND: "hand", FOOT: "foot", HAND | FOOT: "hand+foot"}


def _skel(s: int) -> Text:
    return Text(f"P{s + 1}", style=f"bold {COLOURS[s % len(COLOURS)]}")


def _field_cell(st: MuertosState, f: int, seat: int | None) -> Text:
    t = Text()
    if f == BOARD.start:
        t.append("S", style="bold")
    elif f == BOARD.goal:
        t.append("32 GOAL", style="bold white on dark_green")
    else:
        style = "green" if f in BOARD.green else "red" if f in BOARD.red else ""
        t.append(f"{f:>2}", style=style)
        if f in BOARD.green:
            t.append("g", style="green")
        elif f in BOARD.red:
            t.append("r", style="red")
        elif f in FEST_AT_FIELD:
            k = FEST_AT_FIELD[f]
            t.append(f"F{FESTIVITY[k].key[0].upper()}{st.stock[k]}", style="bold yellow")
        elif f in BOARD.hiding:
            i = BOARD.hiding.index(f)
            t.append(f"H{len(st.dens[i]) + len(st.den_fest[i])}", style="bold dark_orange")
    occupants = [s for s in range(st.players) if st.pos[s] == f and not st.home[s]]
    for s in occupants:
        t.append(" ")
        t.append_text(_skel(s))
        if s == seat:
            t.append("*")
    if st.dog == f:
        t.append(" D", style="bold dark_orange3")
    if st.gd_field == f:
        t.append(" G", style="bold white on grey30")
    return t


def _board(st: MuertosState, seat: int | None) -> Panel:
    grid = Table.grid(padding=(0, 1))
    per_row = 9
    cells = [_field_cell(st, f, seat) for f in range(BOARD.size)]
    for i in range(0, len(cells), per_row):
        row = [Text("[").append_text(c).append("]") for c in cells[i : i + per_row]]
        grid.add_row(*row)
    exits = Text("Crossings: ", style="dim")
    for u in range(BOARD.size):
        outs = BOARD.skel_out[u]
        if len(BOARD.undirected[u]) >= 3:
            exits.append(f"{nt.field(u)}→{','.join(map(str, outs))}  ", style="dim")
    lane = "open" if st._lane_open() else "closed (the gravedigger is on it)"
    legend = Text(
        "g green one-way · r red lane, " + lane + " · F festivity (kind, cards left) · H hiding place "
        "(items) · D dog · G gravedigger · * you",
        style="dim",
    )
    return Panel(Group(grid, exits, legend), title=f"Graveyard — round {st.round}", border_style="grey50")


def _limbs(n: int, word: str) -> Text:
    style = "green" if n == 2 else "yellow" if n == 1 else "red"
    return Text(f"{word} {'●' * n}{'○' * (2 - n)} {n}", style=style)


def _players(st: MuertosState, seat: int | None) -> Table:
    t = Table(title="Skeletons", expand=False)
    for col in ("", "field", "arms", "legs", "festivity", "home", "hand (backs)", "laid card"):
        t.add_column(col)
    order = {s: i + 1 for i, s in enumerate(st.order)}
    for s in range(st.players):
        name = _skel(s)
        if s in order and not st.home[s]:
            name.append(f" #{order[s]}", style="dim")
        fest = Text(
            " ".join(f"{FESTIVITY[k].name.split()[0]}({FESTIVITY[k].vp})" for k in sorted(st.fest[s])) or "-"
        )
        home = Text(f"stone {st.home[s]}", style="bold green") if st.home[s] else Text("-")
        backs = Text(" ".join(f"[{b}]" for b in st._backs(s)) or "-")
        lay = st.lay[s]
        if lay < 0:
            laid = Text("-")
        elif s == seat:
            laid = Text(CARDS[lay].name, style="bold")
        else:
            laid = Text(f"face down [{MOVE[lay]}]", style="italic")
        t.add_row(
            name,
            Text("goal" if st.home[s] else nt.field(st.pos[s])),
            _limbs(st.arms[s], "A"),
            _limbs(st.legs[s], "L"),
            fest,
            home,
            backs,
            laid,
        )
    return t


def _hand(st: MuertosState, seat: int) -> Panel:
    t = Table(show_header=True, expand=False)
    for col in ("card", "letter", "bones", "needs / hits", "range"):
        t.add_column(col)
    for k in st.hands[seat]:
        c = CARDS[k]
        rng = "-" if c.rmin < 0 else f"{c.rmin}-{c.rmax}"
        style = "dim" if c.reaction else ""
        t.add_row(
            Text(c.name, style=style), c.letter, "🦴" * c.move + f" {c.move}", SYMBOL_TEXT[SYMBOL[k]], rng
        )
    return Panel(t, title=f"Your hand (Player {seat + 1})", border_style=COLOURS[seat % len(COLOURS)])


def _table_info(st: MuertosState) -> Table:
    t = Table.grid(padding=(0, 2))
    stock = ", ".join(f"{f.name} on {f.field}: {st.stock[f.index]}" for f in FESTIVITY)
    t.add_row(Text("Festivity cards", style="bold"), Text(stock))
    for i, f in enumerate(BOARD.hiding):
        items = [f"{CARDS[c].name} ({SYMBOL_TEXT[SYMBOL[c]]})" for c in st.dens[i]]
        items += [FESTIVITY[k].name for k in st.den_fest[i]]
        t.add_row(Text(f"Hiding place {f}", style="bold"), Text(", ".join(items) or "empty"))
    top = CARDS[st.discard[-1]].name if st.discard else "-"
    t.add_row(
        Text("Cards", style="bold"),
        Text(f"draw pile {len(st.draw)} · discard pile {len(st.discard)} (top: {top})"),
    )
    gd = f"on {st.gd_field}" + (" for good" if st.gd >= 6 else f" after {st.gd} step(s)")
    t.add_row(Text("Gravedigger", style="bold"), Text(gd))
    return t


def _scores(st: MuertosState) -> Table:
    t = Table(title="Final scores")
    for col in ("", "arrival", "place pts", "festivity", "total"):
        t.add_column(col)
    win = set(st.winners())
    sc = st.scores()
    for s in range(st.players):
        name = _skel(s)
        if s in win:
            name.append(" WINNER", style="bold green")
        t.add_row(
            name,
            str(st.home[s] or "-"),
            str(place_points(st.home[s])),
            str(festivity_points(st.fest[s])),
            str(int(sc[s])),
        )
    return t


def render(state: State, seat: int | None = None) -> RenderableType:
    """The table as ``seat`` sees it (``None``: a spectator)."""
    st = cast(MuertosState, state)
    parts: list[RenderableType] = [
        Text(f"Dia de los Muertos — {st.status()}", style="bold"),
        _board(st, seat),
        _players(st, seat),
        _table_info(st),
    ]
    if seat is not None and not st.home[seat]:
        parts.append(_hand(st, seat))
    if st.over:
        parts.append(_scores(st))
    return Group(*parts)
