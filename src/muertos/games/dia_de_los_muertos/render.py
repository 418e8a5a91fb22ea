"""The graveyard in the terminal: the board, skeletons, dog, gravedigger, cards.

Colour is never the only cue: skeletons are ``P1``..``P6``, the dog ``D``, the
gravedigger ``G``; field kinds carry a letter (``g`` green one-way, ``r`` red lane,
``F`` festivity, ``H`` hiding place). Shows exactly what ``seat`` may see. Every word and
letter is asked of the catalog in the language in force (:func:`muertos.i18n.term`), so
the same function draws the table in Spanish; English is the words as written here.
"""

from __future__ import annotations

from typing import cast

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from muertos import i18n
from muertos.engine import State

from . import notation as nt
from .components import BOARD, CARDS, FEST_AT_FIELD, FESTIVITY, FOOT, HAND, MOVE, SYMBOL
from .rules import MuertosState
from .scoring import festivity_points, place_points

COLOURS = ("red", "blue", "green", "magenta", "cyan", "yellow")
SYMBOL_TEXT = {0: "-", HAND: "hand", FOOT: "foot", HAND | FOOT: "hand+foot"}
GAME_ID = "dia-de-los-muertos"


def _t(word: str) -> str:
    """``word`` in the language in force (the catalog's ``[terms]``; English as written)."""
    return i18n.term(GAME_ID, word)


def _symbol(k: int) -> str:
    return _t(SYMBOL_TEXT[SYMBOL[k]])


def _skel(s: int) -> Text:
    return Text(f"P{s + 1}", style=f"bold {COLOURS[s % len(COLOURS)]}")


def _field_cell(st: MuertosState, f: int, seat: int | None) -> Text:
    t = Text()
    if f == BOARD.start:
        t.append("S", style="bold")
    elif f == BOARD.goal:
        t.append(_t("32 GOAL"), style="bold white on dark_green")
    else:
        style = "green" if f in BOARD.green else "red" if f in BOARD.red else ""
        t.append(f"{f:>2}", style=style)
        if f in BOARD.green:
            t.append(_t("g"), style="green")
        elif f in BOARD.red:
            t.append("r", style="red")
        elif f in FEST_AT_FIELD:
            k = FEST_AT_FIELD[f]
            t.append(f"F{_t(FESTIVITY[k].key)[0].upper()}{st.stock[k]}", style="bold yellow")
        elif f in BOARD.hiding:
            i = BOARD.hiding.index(f)
            t.append(f"{_t('H')}{len(st.dens[i]) + len(st.den_fest[i])}", style="bold dark_orange")
    occupants = [s for s in range(st.players) if st.pos[s] == f and not st.home[s]]
    for s in occupants:
        t.append(" ")
        t.append_text(_skel(s))
        if s == seat:
            t.append("*")
    if st.dog == f:
        t.append(" " + _t("D"), style="bold dark_orange3")
    if st.gd_field == f:
        t.append(" " + _t("G"), style="bold white on grey30")
    return t


def _board(st: MuertosState, seat: int | None) -> Panel:
    grid = Table.grid(padding=(0, 1))
    per_row = 9
    cells = [_field_cell(st, f, seat) for f in range(BOARD.size)]
    for i in range(0, len(cells), per_row):
        row = [Text("[").append_text(c).append("]") for c in cells[i : i + per_row]]
        grid.add_row(*row)
    exits = Text(_t("Crossings: "), style="dim")
    for u in range(BOARD.size):
        outs = BOARD.skel_out[u]
        if len(BOARD.undirected[u]) >= 3:
            exits.append(f"{nt.field(u)}→{','.join(map(str, outs))}  ", style="dim")
    lane = _t("open") if st._lane_open() else _t("closed (the gravedigger is on it)")
    legend = Text(
        _t("g green one-way · r red lane, ")
        + lane
        + _t(" · F festivity (kind, cards left) · H hiding place (items) · D dog · G gravedigger · * you"),
        style="dim",
    )
    title = f"{_t('Graveyard')} — {_t('round')} {st.round}"
    return Panel(Group(grid, exits, legend), title=title, border_style="grey50")


def _limbs(n: int) -> Text:
    """A skeleton's arms or legs: its column names which; the cell holds no letter (one would
    read as a seat or the dog in another language: "P" is both the dog and legs in Spanish)."""
    style = "green" if n == 2 else "yellow" if n == 1 else "red"
    return Text(f"{'●' * n}{'○' * (2 - n)} {n}", style=style)


def _players(st: MuertosState, seat: int | None) -> Table:
    t = Table(title=_t("Skeletons"), expand=False)
    for col in ("", "field", "arms", "legs", "festivity", "home", "hand (backs)", "laid card"):
        t.add_column(_t(col) if col else col)
    order = {s: i + 1 for i, s in enumerate(st.order)}
    for s in range(st.players):
        name = _skel(s)
        if s in order and not st.home[s]:
            name.append(f" #{order[s]}", style="dim")
        fest = Text(
            " ".join(f"{_t(FESTIVITY[k].name.split()[0])}({FESTIVITY[k].vp})" for k in sorted(st.fest[s]))
            or "-"
        )
        home = Text(f"{_t('stone')} {st.home[s]}", style="bold green") if st.home[s] else Text("-")
        backs = Text(" ".join(f"[{b}]" for b in st._backs(s)) or "-")
        lay = st.lay[s]
        if lay < 0:
            laid = Text("-")
        elif s == seat:
            laid = Text(_t(CARDS[lay].name), style="bold")
        else:
            laid = Text(f"{_t('face down')} [{MOVE[lay]}]", style="italic")
        t.add_row(
            name,
            Text(_t("goal") if st.home[s] else nt.field(st.pos[s])),
            _limbs(st.arms[s]),
            _limbs(st.legs[s]),
            fest,
            home,
            backs,
            laid,
        )
    return t


def _hand(st: MuertosState, seat: int) -> Panel:
    t = Table(show_header=True, expand=False)
    for col in ("card", "letter", "bones", "needs / hits", "range"):
        t.add_column(_t(col))
    for k in st.hands[seat]:
        c = CARDS[k]
        rng = "-" if c.rmin < 0 else f"{c.rmin}-{c.rmax}"
        style = "dim" if c.reaction else ""
        t.add_row(Text(_t(c.name), style=style), c.letter, "🦴" * c.move + f" {c.move}", _symbol(k), rng)
    title = f"{_t('Your hand')} ({i18n.seats(f'Player {seat + 1}', i18n.active())})"
    return Panel(t, title=title, border_style=COLOURS[seat % len(COLOURS)])


def _table_info(st: MuertosState) -> Table:
    t = Table.grid(padding=(0, 2))
    on = _t("on")
    stock = ", ".join(f"{_t(f.name)} {on} {f.field}: {st.stock[f.index]}" for f in FESTIVITY)
    t.add_row(Text(_t("Festivity cards"), style="bold"), Text(stock))
    for i, f in enumerate(BOARD.hiding):
        items = [f"{_t(CARDS[c].name)} ({_symbol(c)})" for c in st.dens[i]]
        items += [_t(FESTIVITY[k].name) for k in st.den_fest[i]]
        t.add_row(Text(f"{_t('Hiding place')} {f}", style="bold"), Text(", ".join(items) or _t("empty")))
    top = _t(CARDS[st.discard[-1]].name) if st.discard else "-"
    piles = f"{_t('draw pile')} {len(st.draw)} · {_t('discard pile')} {len(st.discard)} ({_t('top')}: {top})"
    t.add_row(Text(_t("Cards"), style="bold"), Text(piles))
    when = _t("for good") if st.gd >= 6 else _t("after {n} step(s)").replace("{n}", str(st.gd))
    t.add_row(Text(_t("Gravedigger"), style="bold"), Text(f"{on} {st.gd_field} {when}"))
    return t


def _scores(st: MuertosState) -> Table:
    t = Table(title=_t("Final scores"))
    for col in ("", "arrival", "place pts", "festivity", "total"):
        t.add_column(_t(col) if col else col)
    win = set(st.winners())
    sc = st.scores()
    for s in range(st.players):
        name = _skel(s)
        if s in win:
            name.append(" " + _t("WINNER"), style="bold green")
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
        Text(f"{_t('Dia de los Muertos')} — {i18n.translate(st.status(), game=GAME_ID)}", style="bold"),
        _board(st, seat),
        _players(st, seat),
        _table_info(st),
    ]
    if seat is not None and not st.home[seat]:
        parts.append(_hand(st, seat))
    if st.over:
        parts.append(_scores(st))
    return Group(*parts)
