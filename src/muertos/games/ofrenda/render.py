"""A terminal picture of the Ofrenda table, drawn from ``view(seat)`` only.

Built from the view (never from the state's fields), so the picture cannot show more
than ``seat`` may know: other players' unseen (dealt) cards appear as backs ``▒▒▒``.
Every portrait shows its colour letter (B G P V Y) and offering symbol
(☠ ≈ ∴ ● ▦) besides its colour, and ``★`` when lit, ``☆`` when not, so colour is
never the only cue. Golden slots are marked ``✦x2``, pay-1 slots ``-1✿``, gain-1
slots ``+1✿``; a placed candle shows ``K12★`` (lit) or ``K12☆``, a marigold ``✿``.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from muertos.engine import State

from .components import DATA, FEATURE_INDEX, FEATURES

CARD = {p.id: p for p in DATA.portraits}
CANDLE = {k.id: k for k in DATA.candles}
GOAL = {g.id: g for g in DATA.goals}
SLOT = {s.id: s for s in DATA.slots}
W = 12
"""Characters per board unit: a card cell is W-1 wide, half-offset rows stagger by W/2."""
RECENT = 6
KIND_MARK = {"golden": "✦x2", "cost": "-1✿", "gain": "+1✿", "plain": ""}
BACK = "▒▒▒"


def feat(name: str) -> str:
    """A feature's one-character cue: colour letter or offering symbol."""
    return FEATURES[FEATURE_INDEX[name]].symbol


def style_of(colour: str) -> str:
    return FEATURES[FEATURE_INDEX[colour]].style


def objective_text(pid: str) -> str:
    p = CARD[pid]
    fs = "/".join(feat(f) for f in p.features)
    return {"ALL_ANY": "all ", "AT_LEAST_2": "2+ ", "NONE_OF": "no "}.get(p.objective, "?") + fs


def candle_text(kid: str) -> str:
    k = CANDLE[kid]
    o = k.objective
    if o == "FOUR_OF":
        t = f"{k.n}+{feat(k.features[0])}"
    elif o == "TWO_EACH":
        t = f"{k.n}+{feat(k.features[0])}&{feat(k.features[1])}"
    elif o == "FULL_SET":
        t = "5 colours" if k.set == "colours" else "5 offerings"
    elif o == "MARIGOLDS_ON_OFRENDA":
        t = f"{k.n}+✿ placed"
    elif o == "MARIGOLDS_IN_STORAGE":
        t = f"{k.n}+✿ stored"
    elif o == "MAJORITY_FEATURE":
        t = f"most {feat(k.features[0])}"
    else:
        t = "most ✿ placed"
    return t + (" ⌚" if k.end_only else "")


def goal_text(gid: str) -> str:
    g = GOAL[gid]
    if g.kind == "FEATURE_COUNT":
        return f"{g.n}+ portraits {feat(g.features[0])} ({g.features[0].lower()})"
    if g.kind == "SURROUNDED_SLOTS":
        return f"{g.n}+ candle/marigold slots surrounded"
    return "pattern " + " or ".join(g.names)


def portrait(pid: str, lit: bool | None = None, width: int = W - 1) -> Text:
    """``★B☠ all B/G``: lit mark, colour letter, offering symbol, objective."""
    p = CARD[pid]
    mark = "" if lit is None else ("★" if lit else "☆")
    face = f"{mark}{feat(p.colour)}{feat(p.offering)}"
    style = style_of(p.colour)
    t = Text()
    t.append(face, style=f"bold {style}" if lit or lit is None else f"{style}")
    t.append(" " + objective_text(pid), style="bold" if lit else ("dim" if lit is False else ""))
    t.truncate(width)
    t.pad_right(width - t.cell_len)
    return t


def card_chip(pid: str) -> Text:
    """A hand card: id, colour letter + offering symbol, objective."""
    p = CARD[pid]
    t = Text(f"{pid} ", style="bold")
    t.append(f"{feat(p.colour)}{feat(p.offering)}", style=f"bold {style_of(p.colour)}")
    t.append(" " + objective_text(pid))
    return t


def _place(parts: list[tuple[int, Text]]) -> Text:
    """One line with each Text starting at its column."""
    line = Text()
    for col, t in sorted(parts, key=lambda x: x[0]):
        if col > line.cell_len:
            line.append(" " * (col - line.cell_len))
        line.append_text(t)
    return line


def altar(seat_view: dict[str, Any]) -> Text:
    """The staggered 3-4-5 altar, with Candle/Marigold slots between the rows."""
    ofrenda = seat_view["ofrenda"]
    tokens = seat_view["tokens"]
    rows: dict[int, list[Any]] = {}
    for s in DATA.slots:
        rows.setdefault(s.row, []).append(s)
    trows: dict[int, list[Any]] = {}
    for j in DATA.token_slots:
        top = min(DATA.slots[c].row for c in j.cards)
        trows.setdefault(top, []).append(j)
    lines: list[Text] = []
    for r in sorted(rows):
        head: list[tuple[int, Text]] = []
        body: list[tuple[int, Text]] = []
        for s in rows[r]:
            col = round(s.x * W)
            h = Text(s.id, style="bold")
            mark = KIND_MARK[s.kind]
            if mark:
                h.append(" " + mark, style="bold gold1" if s.kind == "golden" else "dim")
            head.append((col, h))
            cell = ofrenda[s.id]
            body.append(
                (col, portrait(cell["portrait"], cell["lit"]) if cell else Text("·  empty  ·", style="dim"))
            )
        lines += [_place(head), _place(body)]
        if r in trows:
            parts = []
            for j in trows[r]:
                xc = sum(DATA.slots[c].x for c in j.cards) / 3
                t = tokens[j.id]
                if t is None:
                    txt = Text(f"({j.id})" if j.type == "candle" else f"<{j.id}>", style="dim")
                elif t == "marigold":
                    txt = Text(f"✿{j.id}", style="bold orange1")
                else:
                    txt = Text(
                        t["candle"] + ("★" if t["lit"] else "☆"), style="bold yellow" if t["lit"] else ""
                    )
                parts.append((round(xc * W + (W - 1) / 2 - txt.cell_len / 2), txt))
            lines.append(_place(parts))
    return Text("\n").join(lines)


def family_board(v: dict[str, Any]) -> Table:
    t = Table(title="Family board", title_justify="left", show_lines=True, expand=False)
    t.add_column("", style="bold", no_wrap=True)
    for i in range(len(v["market"])):
        t.add_column(f"space {i + 1}" + (" (free)" if i == 0 else f" ({i}✿)"), no_wrap=True)
    t.add_row(
        "Candle",
        *[
            Text(f"{k} {candle_text(k)}") if k else Text("— empty —", style="dim")
            for k in v["market_candles"]
        ],
    )
    t.add_row(
        "Portrait",
        *[
            portrait(m["portrait"], None, 14) if m["portrait"] else Text("— empty —", style="dim")
            for m in v["market"]
        ],
    )
    t.add_row("", *[Text(m["portrait"] or "", style="dim") for m in v["market"]])
    t.add_row(
        "Marigolds",
        *[Text("✿" * m["marigolds"] if m["marigolds"] else "·", style="bold orange1") for m in v["market"]],
    )
    return t


def seat_panel(v: dict[str, Any], i: int, seat: int | None) -> Panel:
    sv = v["seats"][i]
    grid = Table.grid(padding=(0, 1))
    grid.add_column(style="bold", no_wrap=True)
    grid.add_column()
    hand = [card_chip(c) for c in sv["hand"]] + [Text(BACK, style="bold bright_blue")] * sv["hand_hidden"]
    grid.add_row("Hand", Text("   ").join(hand) if hand else Text("empty", style="dim"))
    store = Text(f"✿ {sv['marigolds']} marigolds", style="orange1")
    store.append("   candles: ")
    store.append(", ".join(f"{k} {candle_text(k)}" for k in sv["candles"]) or "none")
    grid.add_row("Storage", store)
    if sv["discards"]:
        grid.add_row("Discards", Text(", ".join(sv["discards"])))
    if sv["goal_tokens"]:
        grid.add_row("Goal tokens", Text(", ".join(f"{g['goal']}: {g['value']}" for g in sv["goal_tokens"])))
    sc = sv["score"]
    label = "Score" if v["over"] else "Score now"
    grid.add_row(
        label,
        Text(
            f"{sc['total']}  (portraits {sc['portraits']}, marigolds {sc['marigolds']}, candles {sc['candles']}"
            + (f", goals {sc['goals']}" if "goals" in v else "")
            + f"; {sv['lit_portraits']} lit)",
            style="bold" if v["over"] else "",
        ),
    )
    body = Group(altar(sv), Text(""), grid)
    marks = [f"turn {min(sv['turns'] + (0 if v['over'] else 1), 12)}/12"]
    if v["to_move"] == i:
        marks.append("▶ to move")
    if v["over"] and i in v.get("winners", []) and v["players"] > 1:
        marks.append("★ winner")
    you = " — you" if i == seat else ""
    return Panel(
        body,
        title=f"Player {i + 1}{you}  " + "  ".join(marks),
        title_align="left",
        border_style="green" if i == seat else "white",
    )


def render(state: State, seat: int | None = None) -> RenderableType:
    v = state.view(seat)
    parts: list[RenderableType] = [Text(v["status"], style="bold")]
    parts.append(family_board(v))
    info = Text(f"Deck: {v['deck']} portraits (lit side up)")
    if "deck_top" in v:
        top = v["deck_top"]
        info.append(
            f", top shows {feat(top['colour'])}{feat(top['offering'])} ({top['colour'].lower()} "
            f"{top['offering'].lower()})"
        )
    info.append(f"   Candle bag: {v['bag']}")
    if v["pending"]:
        info.append("   Surrounded this turn: " + ", ".join(v["pending"]), style="bold")
    parts.append(info)
    if "goals" in v:
        g = Table(title="Common goals", title_justify="left")
        g.add_column("goal")
        g.add_column("requirement")
        g.add_column("tokens left (top first)")
        for goal in v["goals"]:
            g.add_row(goal["goal"], goal_text(goal["goal"]), " ".join(map(str, goal["stack"])) or "none")
        parts.append(g)
    if v["players"] == 1:
        parts.append(
            Text(
                f"Abuela has discarded {len(v['abuela_discards'])} portraits ({', '.join(v['abuela_discards']) or '—'}) "
                f"and candles {', '.join(v['abuela_candles']) or '—'}; {v['removed']} portraits removed unseen.",
                style="dim",
            )
        )
    order = list(range(v["players"]))
    if seat is not None:
        order = order[seat:] + order[:seat]
    parts += [seat_panel(v, i, seat) for i in order]
    if v["over"]:
        scores = ", ".join(f"Player {i + 1}: {int(s)}" for i, s in enumerate(v["scores"]))
        line = Text(f"Final scores — {scores}", style="bold")
        if v.get("tier"):
            line.append(f"\nSolo tier {v['tier']['range']}: {v['tier']['text']}")
        parts.append(Panel(line, border_style="gold1"))
    log = state.log(seat)[-RECENT:]
    if log:
        parts.append(Text("\n".join(log), style="dim"))
    return Group(*parts)
