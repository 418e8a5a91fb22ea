"""A terminal picture of the Ofertu table, drawn from ``view(seat)`` only.

Built from the view (never from the state's fields) so the picture cannot show more
than ``seat`` may know: the opponent's hand and face-down bids appear as card backs,
your own bids and hand face up. Every card shows its suit letter, so colour is never
the only cue; a back is ``░░░``.
"""

from __future__ import annotations

from typing import cast

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from muertos.engine import State, counted
from muertos.i18n import plural, translate

from .components import BLACK, RED, SUIT_NAME, WHITE, sort_cards
from .scoring import pips
from .views import HIDDEN, OfertuView

STYLE = {RED: "bold white on red3", BLACK: "bold white on grey23", WHITE: "bold black on grey93"}
BACK_STYLE = "bold bright_blue on grey11"
RECENT = 6
"""How many of the latest log lines to show under the table."""


def tr(text: str) -> str:
    """``text`` in the language in force (the catalog's terms and sentences; English as is)."""
    return translate(text, game="ofertu")


def card(c: str) -> Text:
    """One card face (``R7``) or back (``░░░``), three characters wide."""
    if c == HIDDEN:
        return Text("░░░", style=BACK_STYLE)
    return Text(f"{c:>3}", style=STYLE.get(c[0], ""))


def cards(cs: list[str], empty: str = "—") -> Text:
    if not cs:
        return Text(tr(empty), style="dim")
    return Text(" ").join(card(c) for c in cs)


def backs(n: int) -> Text:
    return cards([HIDDEN] * n, empty="none")


def _name(v: OfertuView, p: int, seat: int | None) -> str:
    colour = SUIT_NAME[BLACK if p == v["black"] else WHITE]
    name = f"Player {p + 1} ({colour})"
    return tr(f"{name} — you" if p == seat else name)


def _player_panel(v: OfertuView, p: int, seat: int | None) -> Panel:
    grid = Table.grid(padding=(0, 1))
    grid.add_column(style="bold", no_wrap=True)
    grid.add_column()
    hand = v["hands"][p]
    if isinstance(hand, list):
        grid.add_row(tr("Hand"), cards(hand, "empty"))
    else:
        line = backs(hand)
        if v["red_held"][p]:
            line.append("  " + tr("red cards held (hand or face-down bids):") + " ", style="dim")
            line.append_text(cards(v["red_held"][p]))
        grid.add_row(tr("Hand"), line)
    grid.add_row(tr("Deck"), Text(tr(f"{counted(v['decks'][p], 'card')} face down")))
    disp = v["display"][p]
    line = cards(sort_cards(disp), "empty")
    line.append("  " + plural("ofertu", "= 1 pip", "= {n} pips", pips(disp)), style="bold")
    grid.add_row(tr("Victory display"), line)
    if v["phase"] != "over":
        grid.add_row(
            tr("This round"),
            Text(
                plural("ofertu", "1 won", "{n} won", v["wins"][p])
                + " ("
                + plural("ofertu", "1 pip", "{n} pips", v["won_pips"][p])
                + ")"
            ),
        )
    marks = []
    if v["start"] == p and v["phase"] != "over":
        marks.append(tr("★ start player"))
    if v["to_move"] == p:
        marks.append(tr("▶ to move"))
    title = _name(v, p, seat) + ("  " + "  ".join(marks) if marks else "")
    return Panel(grid, title=title, title_align="left", border_style="green" if p == seat else "white")


def _auction(v: OfertuView, order: list[int], seat: int | None) -> Table:
    t = Table(
        title=tr("Auction row — bids are revealed from position 1, the White player's left"),
        title_justify="left",
        min_width=80,
    )
    t.add_column("", style="bold", no_wrap=True)
    for i in range(len(v["row"])):
        mark = " " + tr("◂ revealing") if v["reveal"] == i + 1 else ""
        t.add_column(f"{i + 1}{mark}", justify="center", no_wrap=True)
    t.add_row(tr("Auction card"), *[card(c) if c else Text(tr("(empty)"), style="dim") for c in v["row"]])
    for p in order:
        label = tr("Your bid" if p == seat else f"Player {p + 1}'s bid")
        t.add_row(label, *[cards(b, "") for b in v["bids"][p]])
    return t


def _piles(v: OfertuView) -> Text:
    t = Text()
    t.append(tr(f"Red deck: {v['red_deck']} face down") + "   " + tr("Red discard:") + " ", style="bold")
    t.append_text(cards(v["red_discard"], "empty"))
    t.append("\n" + tr(f"Out of play (black and white bid cards): {len(v['out'])}") + "  ", style="bold")
    t.append_text(cards(sort_cards(v["out"]), ""))
    return t


def _tiebreak(v: OfertuView, seat: int | None) -> Text:
    t = Text(tr(f"Tie-break at position {v['reveal']}:") + " ", style="bold yellow")
    parts = []
    for p, c in enumerate(v["tiebreak"] or []):
        if c is None:
            parts.append(tr(f"Player {p + 1} {'to choose' if v['to_move'] == p else 'waits to choose'}"))
        elif c == "chosen":
            parts.append(tr(f"Player {p + 1} has chosen (secret)"))
        else:
            parts.append(tr(f"Player {p + 1}: {'pass' if c == 'pass' else 'adds ' + c}"))
    t.append("; ".join(parts))
    return t


def _scores(v: OfertuView, seat: int | None) -> Table:
    t = Table(title=tr("Final scores"))
    t.add_column(tr("Player"))
    t.add_column(tr("Pips"), justify="right")
    t.add_column(tr("Cards"), justify="right")
    t.add_column(tr("Result"))
    for p in range(2):
        result = tr("★ winner") if v["winners"] == [p] else (tr("draw") if len(v["winners"]) == 2 else "")
        t.add_row(_name(v, p, seat), str(v["pips"][p]), str(len(v["display"][p])), result)
    return t


def render(state: State, seat: int | None = None) -> RenderableType:
    """The table as ``seat`` sees it: opponent on top, you at the bottom."""
    v = cast(OfertuView, state.view(seat))
    me = 0 if seat is None else seat
    order = [1 - me, me]
    parts: list[RenderableType] = [
        _player_panel(v, order[0], seat),
        _auction(v, order, seat),
        _piles(v),
    ]
    if v["phase"] == "tiebreak":
        parts.append(_tiebreak(v, seat))
    parts.append(_player_panel(v, order[1], seat))
    if v["over"]:
        parts.append(_scores(v, seat))
    recent = state.log(seat)[-RECENT:]
    if recent:
        parts.append(Text("\n".join(tr(line) for line in recent), style="dim"))
    if v["legal"]:
        parts.append(
            Text(tr("Your options:") + f" {', '.join(v['legal'][:10])}{' …' if len(v['legal']) > 10 else ''}")
        )
    return Panel(
        Group(*parts),
        title=" — ".join(("Ofertu", tr(f"round {v['round']}"), tr(v["status"]))),
        border_style="magenta",
    )
