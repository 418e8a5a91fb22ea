"""A terminal picture of the table: steps, caskets, City of the Dead, every player's ofrenda,
preparation board, tokens and supply. Every die is written as its letter and face, so the
colour is never the only cue. Only the setup dice put in secret are hidden: a seat sees
its own and how many each other seat has put (as ``views.view``); otherwise every seat sees
the same table (the seat's own area is marked "you"). Its words come from the game's catalog in the
language in force (``muertos.i18n.use_language``); English, the default, is written here."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from muertos.i18n import active, seats, term, translate

from .components import COMPONENTS as C
from .notation import ITEM_NAMES, die_str, kind_die, kind_str
from .rules import NKINDS, NSTEPS, SECTIONS, SQUARE_LETTERS, DieOfTheDeadState
from .scoring import INCENSE

GAME_ID = "die-of-the-dead"
STYLES = ("bold red", "bold blue", "bold green", "bold yellow", "bold magenta")
BONUS_SHORT = {
    "blank": "·",
    "calavera": "Calav",
    "set_face": "Face",
    "candle": "Candl",
    "marigold": "Marig",
    "bread": "Bread",
    "incense": "Incen",
}


def _t(word: str, **values: object) -> str:
    """``word`` in the language in force, its ``{placeholders}`` filled (English as written)."""
    text = term(GAME_ID, word)
    return text.format(**values) if values else text


def _die(d: int) -> Text:
    return Text(die_str(d), style=STYLES[d >> 4])


def _dice(dice: list[int]) -> Text:
    t = Text()
    for i, d in enumerate(sorted(dice)):
        if i:
            t.append(" ")
        t.append_text(_die(d))
    return t if dice else Text("-", style="dim")


def _kinds(counts: list[int]) -> Text:
    t = Text()
    for k in range(NKINDS):
        if counts[k]:
            if t.plain:
                t.append(" ")
            t.append(f"{kind_str(k)}×{counts[k]}", style=STYLES[k >> 1])
    return t if t.plain else Text("-", style="dim")


def _tokens(counts: list[int]) -> str:
    parts = [f"{_t(ITEM_NAMES[i])}×{n}" for i, n in enumerate(counts) if n]
    return ", ".join(parts) if parts else _t("none")


def _steps(st: DieOfTheDeadState) -> Panel:
    t = Table(show_header=True, header_style="bold", box=None, pad_edge=False)
    t.add_column(_t("Step"), justify="right")
    for q in range(len(C.squares[0])):
        t.add_column(SQUARE_LETTERS[q].upper(), justify="center")
    for step in range(NSTEPS, 0, -1):
        row: list[Text | str] = [str(step)]
        for q, sq in enumerate(C.squares[step - 1]):
            cell = Text(_t(BONUS_SHORT[sq]), style="dim" if sq == "blank" else "")
            for s in range(st.players):
                if st.steps[s] % NSTEPS == step and st.square[s] == q:
                    cell.append(" ")
                    cell.append(f"[{C.colour_letters[s]}{1 + st.steps[s] // NSTEPS}]", style=STYLES[s])
            row.append(cell)
        t.add_row(*row)
    foot = Text(_t("foot:") + " ")
    for s in range(st.players):
        if st.steps[s] % NSTEPS == 0:
            foot.append(f"[{C.colour_letters[s]}{1 + st.steps[s] // NSTEPS}] ", style=STYLES[s])
    totals = Text(_t("steps ascended:") + " ")
    for s in range(st.players):
        totals.append(_t("P{n} {steps}", n=s + 1, steps=st.steps[s]) + "  ", style=STYLES[s])
    legend = Text(_t(LEGEND), style="dim")
    return Panel(
        Group(t, foot, totals, legend), title=escape(_t("Marigold steps ([colour face] = a scoring die)"))
    )


LEGEND = (
    "Candl Marig Bread Incen: that token · Calav: a power die to its calavera · "
    "Face: a prepared die to any face · ·: blank"
)


def _caskets(st: DieOfTheDeadState) -> Table:
    row = Table.grid(padding=(0, 1))
    panels = []
    for p in range(C.caskets):
        item = _t(ITEM_NAMES[st.items[p]])
        opened = p == st.open
        body = Text()
        body.append(_t("lid:") + " ")
        body.append_text(_dice(st.lid[p]))
        body.append("\n")
        body.append(_t("rolled:" if opened else "inside:") + " ")
        body.append_text(_dice(st.inside[p]))
        body.append("\n" + _t("tokens: {n}", n=st.boards[st.items[p]]))
        title = _t("Casket {n}", n=p + 1) + f" · {item}" + (" · " + _t("OPEN") if opened else "")
        panels.append(Panel(body, title=title, border_style="bold white" if opened else "dim", width=30))
    row.add_row(*panels)
    return row


def _ofrenda(st: DieOfTheDeadState, s: int) -> Table:
    board = C.boards[st.board_of(s)]
    urn = {SECTIONS[INCENSE][u.position]: f"{C.colour_letters[u.colour]}{u.value}" for u in board.urns}
    grid: list[list[Text]] = [[Text("") for _ in range(4)] for _ in range(4)]
    for c, (r, col) in enumerate(C.grid):
        d = st.ofrenda[s][c]
        cell = _die(d) if d >= 0 else Text(f"{c + 1:>2}", style="dim")
        if c in urn:
            cell.append(" (" + _t("urn {die}", die=urn[c]) + ")", style="italic")
        grid[r][col] = cell
    t = Table.grid(padding=(0, 1))
    for _ in range(4):
        t.add_column(min_width=6)
    for r in range(4):
        t.add_row(*grid[r])
    return t


def _player(st: DieOfTheDeadState, s: int, seat: int | None) -> Panel:
    parts: list[RenderableType] = [_ofrenda(st, s)]
    status = []
    for i in range(4):
        mark = _t("✔ scored") if st.scored[s][i] else (_t("● complete") if st._complete(s, i) else "…")
        cells = "-".join(str(c + 1) for c in SECTIONS[i])
        status.append(f"{_t(ITEM_NAMES[i])} [{cells}] {mark}")
    parts.append(Text("\n".join(status)))
    info = Text()
    info.append(_t("preparation:") + " ")
    info.append_text(_dice(st.prep[s]))
    info.append(f"  ({len(st.prep[s])}/{C.prep_spaces})\n")
    info.append(_t("tokens:") + f" {_tokens(st.hands[s])}\n")
    supply = st.supply[s]
    put = st.puts[s]
    if s == seat and put:  # the viewer's own secret setup dice have left its supply
        supply = [x - put.count(k) for k, x in enumerate(supply)]
    info.append(_t("supply:") + " ")
    info.append_text(_kinds(supply))
    if put:
        info.append("\n" + _t("setup dice put in secret:") + " ")
        for i, k in enumerate(put):  # in casket order, 1 to 4
            info.append(" " if i else "")
            info.append_text(_die(kind_die(k)) if s == seat else Text("?"))
    info.append(
        "\n" + _t("steps: {n} (scoring die shows {face})", n=st.steps[s], face=1 + st.steps[s] // NSTEPS)
    )
    parts.append(info)
    who = seats(f"Player {s + 1}", active()) + f" · {_t(C.colour_names[s])} ({C.colour_letters[s]})"
    if s == seat:
        who += " · " + _t("you")
    if s == st.starter and st.phase != "over":
        who += " · " + _t("Round Starter")
    if st.phase != "over" and s == st.actor:
        who += " · " + _t("to move")
    return Panel(Group(*parts), title=who, border_style=STYLES[s])


def render(state: DieOfTheDeadState, seat: int | None = None) -> RenderableType:
    st = state
    head = Text(f"{_t(st.game.title)} — {_t('round {n}', n=st.round)}\n", style="bold")
    head.append(translate(st.status(), game=GAME_ID))
    if st.held >= 0:
        head.append("  · " + _t("drafted die in hand:") + " ")
        head.append_text(_die(st.held))
    city = Text(_t("City of the Dead") + ": ")
    city.append_text(_kinds(st.city))
    parts: list[RenderableType] = [head, _steps(st), _caskets(st), city]
    players = Table.grid(padding=(0, 1))
    row: list[RenderableType] = []
    for s in range(st.players):
        row.append(_player(st, s, seat))
        if len(row) == 2:
            players.add_row(*row)
            row = []
    if row:
        players.add_row(*row)
    parts.append(players)
    if st.over:
        res = Text(_t("Final:") + " ", style="bold")
        res.append(translate(st._result_line(), game=GAME_ID))
        parts.append(res)
    return Group(*parts)
