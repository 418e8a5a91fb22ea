"""The table as one seat sees it: the track of shops with tokens, each shop space's cards
(top first) and condition, every altar as a pyramid, the seat's hand (other hands show only
their size and the cards known to all), the objectives, and the scores at the end.

Colours always come with a code (``Pk`` pink, ``Gn`` green, …; Spanish ``Ro``, ``Ve``, …)
and tokens with ``P1``–``P4``, so colour is never the only cue.
"""

from __future__ import annotations

from functools import cache

from rich.align import Align
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from muertos import i18n

from . import notation as N
from . import scoring
from .components import COMPONENTS as C
from .rules import START, TRACKS, PatzcuaroState

GAME_ID = "patzcuaro"

WORDS = {
    "track": "The track (clockwise: top row left to right, bottom row right to left)",
    "start": "start area",
    "deck": "deck",
    "cards": "cards",
    "hand": "Your hand",
    "hidden": "hidden",
    "known": "known",
    "objectives": "Objectives",
    "altar": "altar",
    "flipped": "player card flipped (−5)",
    "score": "score now",
    "final": "Final scores",
    "winner": "winner",
    "objects": "objects",
    "obj": "obj.",
    "player": "Player",
    "total": "total",
    "level": "L",
    "caption": "L1–L3: altar levels; objectives by id; obj.: objects on the altar (first tie-break)",
    "flip": "flip",
    "empty": "no cards",
    "offered": "Revealed in the trade under way",
    "removed": "back in the box",
    "under": "under it",
    "last": "Last placements to come",
    "open": "open",
    "card": "card",
    "top": "top",
    "bottom": "bottom",
}
"""The picture's own words in English; another language's are the game catalog's terms
(``locale/es.toml``), so the Spanish lives beside the log's and reads the same."""


@cache
def words(lang: str) -> dict[str, str]:
    """:data:`WORDS` in ``lang``."""
    return {k: i18n.term(GAME_ID, v, lang) for k, v in WORDS.items()}


def language(state: PatzcuaroState, lang: str | None = None) -> str:
    """The picture's language: ``lang`` if given; else the game's own ``language`` option
    when it chose Spanish (the game writes its names so); else the language in force."""
    if lang is not None and lang in i18n.LANGUAGES:
        return lang
    own = str(state.options.get("language", i18n.DEFAULT))
    return own if own != i18n.DEFAULT else i18n.active()


CELL = 22
"""Width of an altar slot on screen (the longest card, ``[1a 28 Ye swt prt cnd]``)."""

PETALS = {1: "✿", 2: "✿✿", 3: "✿✿✿"}


def _card(cid: int, lang: str) -> Text:
    return Text(N.card_short(cid, lang), style=C.colours[C.cards[cid].colour].style)


def mark(seat: int, lang: str) -> str:
    """A seat's short mark on the board ("P1"; the rulebook's Spanish writes "J1")."""
    return i18n.term(GAME_ID, "P{n}", lang).replace("{n}", str(seat + 1))


def _token(seat: int, lang: str) -> Text:
    pc = C.player_colours[seat]
    return Text(mark(seat, lang), style=f"{pc.style} reverse")


def _space_cell(s: PatzcuaroState, idx: int, lang: str) -> Text:
    w = words(lang)
    space = s.spaces()[idx]
    out = Text()
    col, row = TRACKS[s.shop_count][idx]
    out.append(f"{idx + 1:>2} ", style="dim")
    out.append(space.name(lang) if col == 0 else w["bottom" if row else "top"], style="bold")
    out.append("\n")
    tokens = [seat for seat, p in enumerate(s.pos) if p == idx]
    for seat in tokens:
        out.append_text(_token(seat, lang))
        out.append(" ")
    if tokens:
        out.append("\n")
    stack = s.stacks[idx]
    if stack:
        # Every card of a shop space is face up and a trade takes them all (spec B.5.4): each
        # is listed, the top card first (the one "≠ top" compares with), then those under it.
        out.append_text(_card(stack[-1], lang))
        out.append("\n")
        if len(stack) > 1:
            out.append(f"{w['under']}:\n", style="dim")
            for c in reversed(stack[:-1]):
                out.append_text(_card(c, lang))
                out.append("\n")
    out.append("\n→ ".join(N.step_text(st, lang, short=True) for st in space.steps), style="italic")
    return out


def _track(s: PatzcuaroState, lang: str) -> RenderableType:
    w = words(lang)
    shops = s.shop_count
    track = TRACKS[shops]
    where = {cr: i for i, cr in enumerate(track)}
    table = Table(show_header=True, header_style="bold", expand=False, padding=(0, 1))
    table.add_column(C.patzcuaro.name(lang), min_width=12)
    for t in s.tiles[:shops]:
        table.add_column(f"{C.shops[t].name(lang)} [{t}]", min_width=12)
    for row in (0, 1):
        table.add_row(*[_space_cell(s, where[(col, row)], lang) for col in range(shops + 1)])
    waiting = [seat for seat, p in enumerate(s.pos) if p == START]
    foot = Text(f"{w['start']}: ")
    for seat in waiting:
        foot.append_text(_token(seat, lang))
        foot.append(" ")
    foot.append(f"   {w['deck']}: " + i18n.plural(GAME_ID, "1 card", "{n} cards", len(s.deck), lang))
    if shops < len(s.tiles):
        foot.append(f"   {s.tiles[-1]} {w['removed']}", style="dim")
    return Panel(Group(table, foot), title=w["track"], title_align="left")


def _pyramid(s: PatzcuaroState, seat: int, lang: str) -> RenderableType:
    """Top level first, each level a centred row of slots over the one below; open slots
    marked. Cells shrink and wrap on narrow terminals while the rows stay centred."""
    w = words(lang)
    altar = s.altars[seat]
    open_slots = set(s.open_slots(seat))
    rows: list[RenderableType] = []
    for level in (2, 1, 0):
        grid = Table.grid(padding=(0, 1))
        cells = []
        for slot in scoring.LEVEL_SLOTS[level]:
            grid.add_column(width=CELL, overflow="fold")
            name = N.SLOT_NAMES[slot]
            cid = altar[slot]
            if cid:
                cell = Text(f"[{name} ", style="dim")
                cell.append_text(_card(cid, lang))
                cell.append("]", style="dim")
            elif slot in open_slots:
                cell = Text(f"[ {name} {w['open']} ]", style="green")
            else:
                cell = Text(f"  {name} ·", style="dim")
            cells.append(cell)
        grid.add_row(*cells)
        rows.append(Align.center(grid))
    return Group(*rows)


def _altar_panel(s: PatzcuaroState, seat: int, viewer: int | None, lang: str) -> Panel:
    w = words(lang)
    pc = C.player_colours[seat]
    hand = s.hands[seat]
    if seat == viewer:
        line = Text(f"{w['hand']} ({len(hand)}): ", style="bold")
        for c in hand:
            line.append_text(_card(c, lang))
            line.append("  ")
    else:
        line = Text(i18n.plural(GAME_ID, "1 card (hidden)", "{n} cards (hidden)", len(hand), lang))
        if s.known[seat]:
            line.append(f"; {w['known']}: ")
            for c in s.known[seat]:
                line.append_text(_card(c, lang))
                line.append("  ")
    score = scoring.total(s.altars[seat], s.objectives, s.flipped[seat])
    foot = Text(f"{w['score']}: {score}   {w['objects']}: {scoring.objects_on(s.altars[seat])}")
    if s.flipped[seat]:
        foot.append(f"   ⟲ {w['flipped']}", style="bold red")
    title = Text()
    title.append_text(_token(seat, lang))
    title.append(f" {w['player']} {seat + 1} ({pc.name(lang)}) — {w['altar']}")
    if seat == s.to_move:
        title.append("  ◀", style="bold")
    return Panel(Group(_pyramid(s, seat, lang), line, foot), title=title, title_align="left")


def _objectives(s: PatzcuaroState, lang: str) -> RenderableType:
    out = Text()
    for oid in s.objectives:
        obj = C.objectives[oid]
        out.append(f"{PETALS[obj.petal]:<4}", style="bold magenta")
        out.append(f"{oid}: {N.objective_text(obj, lang)}\n")
    out.rstrip()
    return Panel(out, title=words(lang)["objectives"], title_align="left")


def _scores(s: PatzcuaroState, lang: str) -> RenderableType:
    w = words(lang)
    table = Table(title=w["final"], header_style="bold", caption=w["caption"])
    table.add_column("")
    for lv in (1, 2, 3):
        table.add_column(f"{w['level']}{lv}", justify="right")
    for oid in s.objectives:
        table.add_column(oid, justify="right")
    table.add_column(w["flip"], justify="right")
    table.add_column(w["total"], justify="right", style="bold")
    table.add_column(w["obj"], justify="right")
    table.add_column("", no_wrap=True)
    winners = s.winners()
    for seat in range(s.players):
        parts = scoring.breakdown(s.altars[seat], s.objectives, s.flipped[seat])
        table.add_row(
            _token(seat, lang),
            *[str(parts[f"level {lv}"]) for lv in (1, 2, 3)],
            *[str(parts[o]) for o in s.objectives],
            str(parts["flip"]),
            str(parts["total"]),
            str(scoring.objects_on(s.altars[seat])),
            f"★ {w['winner']}" if seat in winners else "",
        )
    return table


def render(state: PatzcuaroState, seat: int | None = None, lang: str | None = None) -> RenderableType:
    """The table as ``seat`` may see it (``None``: a spectator); ``lang`` ``"en"`` or
    ``"es"`` overrides the game's ``language`` option and the language in force."""
    lang = language(state, lang)
    w = words(lang)
    parts: list[RenderableType] = [
        Text(i18n.translate(state.status(), lang, GAME_ID), style="bold"),
        _objectives(state, lang),
        _track(state, lang),
    ]
    if state.offered:
        line = Text(f"{w['offered']}: ")
        for c in state.offered:
            line.append_text(_card(c, lang))
            line.append("  ")
        parts.append(line)
    if state.final:
        parts.append(Text(f"{w['last']}: " + ", ".join(mark(x, lang) for x in state.final)))
    parts += [_altar_panel(state, p, seat, lang) for p in range(state.players)]
    if state.over:
        parts.append(_scores(state, lang))
    return Group(*parts)
