"""A terminal picture of the Ofrenda table, drawn from ``view(seat)`` only.

Built from the view (never from the state's fields), so the picture cannot show more
than ``seat`` may know: another player's dealt card shows its lit side as the table sees
it, ``▒▒▒ B≈`` (colour letter and offering symbol; its id and objective unseen), or a
bare back ``▒▒▒`` with the ``hidden_hands`` option; the deck's top shows its lit side too.
Every portrait shows its colour letter (B G P V Y) and offering symbol
(☠ ≈ ∴ ● ▦) besides its colour, and ``★`` when lit, ``☆`` when not, so colour is
never the only cue. Golden slots are marked ``✦x2``, pay-1 slots ``-1✿``, gain-1
slots ``+1✿``; a placed candle shows ``K12★`` (lit) or ``K12☆``, a marigold ``✿``.

Words come from :func:`tr` in the language in force (``muertos.i18n.use_language``); the
game's log and status lines are translated as they are shown. In English nothing changes.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from muertos import i18n
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
QUANTIFIER = {"ALL_ANY": "all", "AT_LEAST_2": "2+", "NONE_OF": "no"}
"""A portrait objective's first word: all, two or more, or none of its neighbours."""


def tr(english: str, /, **params: object) -> str:
    """``english`` (a term of locale/es.toml, maybe with ``{placeholders}``) in the
    language in force, its placeholders filled."""
    text = i18n.term("ofrenda", english)
    return text.format(**params) if params else text


def unit() -> int:
    """Characters per board unit: ``W``, widened when the language's objective words are
    longer than English's three letters (so the portrait cells are never cut)."""
    longest = max(len(tr(q)) for q in QUANTIFIER.values())
    return W + max(0, longest - 3)


def seat_name(i: int) -> str:
    """Seat ``i`` (0-based) as the language in force writes it."""
    return i18n.seats(f"Player {i + 1}", i18n.active())


def feature_name(name: str) -> str:
    """A colour or an offering by name (``PAPEL_PICADO``), in words (``papel picado``), in
    the language."""
    return tr(name.lower().replace("_", " "))


def feat(name: str) -> str:
    """A feature's one-character cue: colour letter or offering symbol."""
    return FEATURES[FEATURE_INDEX[name]].symbol


def style_of(colour: str) -> str:
    return FEATURES[FEATURE_INDEX[colour]].style


def objective_text(pid: str) -> str:
    p = CARD[pid]
    fs = "/".join(feat(f) for f in p.features)
    q = QUANTIFIER.get(p.objective)
    return (tr(q) if q else "?") + " " + fs


def candle_text(kid: str) -> str:
    k = CANDLE[kid]
    o = k.objective
    if o == "FOUR_OF":
        t = f"{k.n}+{feat(k.features[0])}"
    elif o == "TWO_EACH":
        t = f"{k.n}+{feat(k.features[0])}&{feat(k.features[1])}"
    elif o == "FULL_SET":
        t = tr("5 colours") if k.set == "colours" else tr("5 offerings")
    elif o == "MARIGOLDS_ON_OFRENDA":
        t = tr("{n}+✿ placed", n=k.n)
    elif o == "MARIGOLDS_IN_STORAGE":
        t = tr("{n}+✿ stored", n=k.n)
    elif o == "MAJORITY_FEATURE":
        t = tr("most {f}", f=feat(k.features[0]))
    else:
        t = tr("most ✿ placed")
    return t + (" ⌚" if k.end_only else "")


def goal_text(gid: str) -> str:
    g = GOAL[gid]
    if g.kind == "FEATURE_COUNT":
        return tr(
            "{n}+ portraits {f} ({name})", n=g.n, f=feat(g.features[0]), name=feature_name(g.features[0])
        )
    if g.kind == "SURROUNDED_SLOTS":
        return tr("{n}+ candle/marigold slots surrounded", n=g.n)
    return tr("pattern {names}", names=tr(" or ").join(_shape(n) for n in g.names))


def _shape(name: str) -> str:
    """A goal's pattern (``TRAP_3OVER2``): its own id in English, its words elsewhere."""
    key = name.lower().replace("_", " ")
    word = tr(key)
    return name if word == key else word


def portrait(pid: str, lit: bool | None = None, width: int | None = None) -> Text:
    """``★B☠ all B/G``: lit mark, colour letter, offering symbol, objective."""
    p = CARD[pid]
    mark = "" if lit is None else ("★" if lit else "☆")
    face = f"{mark}{feat(p.colour)}{feat(p.offering)}"
    style = style_of(p.colour)
    t = Text()
    t.append(face, style=f"bold {style}" if lit or lit is None else f"{style}")
    t.append(" " + objective_text(pid), style="bold" if lit else ("dim" if lit is False else ""))
    width = unit() - 1 if width is None else width
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


def face_chip(face: dict[str, str]) -> Text:
    """Another player's dealt card as the table sees it: a back for what is unseen (its id
    and objective) and its lit side's colour letter and offering symbol."""
    t = Text(BACK, style="bold bright_blue")
    t.append(" " + feat(face["colour"]) + feat(face["offering"]), style=f"bold {style_of(face['colour'])}")
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
    w = unit()
    empty = Text(f"·{tr('empty').center(w - 3)}·", style="dim")
    for r in sorted(rows):
        head: list[tuple[int, Text]] = []
        body: list[tuple[int, Text]] = []
        for s in rows[r]:
            col = round(s.x * w)
            h = Text(s.id, style="bold")
            mark = KIND_MARK[s.kind]
            if mark:
                h.append(" " + mark, style="bold gold1" if s.kind == "golden" else "dim")
            head.append((col, h))
            cell = ofrenda[s.id]
            body.append((col, portrait(cell["portrait"], cell["lit"], w - 1) if cell else empty.copy()))
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
                parts.append((round(xc * w + (w - 1) / 2 - txt.cell_len / 2), txt))
            lines.append(_place(parts))
    return Text("\n").join(lines)


def family_board(v: dict[str, Any]) -> Table:
    t = Table(title=tr("Family board"), title_justify="left", show_lines=True, expand=False)
    t.add_column("", style="bold", no_wrap=True)
    for i in range(len(v["market"])):
        t.add_column(tr("space {n}", n=i + 1) + (tr(" (free)") if i == 0 else f" ({i}✿)"), no_wrap=True)
    gone = tr("— empty —")
    t.add_row(
        tr("Candle"),
        *[Text(f"{k} {candle_text(k)}") if k else Text(gone, style="dim") for k in v["market_candles"]],
    )
    t.add_row(
        tr("Portrait"),
        *[
            portrait(m["portrait"], None, 14 + unit() - W) if m["portrait"] else Text(gone, style="dim")
            for m in v["market"]
        ],
    )
    t.add_row("", *[Text(m["portrait"] or "", style="dim") for m in v["market"]])
    t.add_row(
        tr("Marigolds"),
        *[Text("✿" * m["marigolds"] if m["marigolds"] else "·", style="bold orange1") for m in v["market"]],
    )
    return t


def seat_panel(v: dict[str, Any], i: int, seat: int | None) -> Panel:
    sv = v["seats"][i]
    grid = Table.grid(padding=(0, 1))
    grid.add_column(style="bold", no_wrap=True)
    grid.add_column()
    faces = sv.get("hand_faces") or []
    hand = [card_chip(c) for c in sv["hand"]] + [face_chip(f) for f in faces]
    hand += [Text(BACK, style="bold bright_blue")] * (sv["hand_hidden"] - len(faces))
    grid.add_row(tr("Hand"), Text("   ").join(hand) if hand else Text(tr("empty"), style="dim"))
    store = Text(i18n.plural("ofrenda", "✿ 1 marigold", "✿ {n} marigolds", sv["marigolds"]), style="orange1")
    store.append(tr("   candles: "))
    store.append(", ".join(f"{k} {candle_text(k)}" for k in sv["candles"]) or tr("none"))
    grid.add_row(tr("Storage"), store)
    if sv["discards"]:
        grid.add_row(tr("Discards"), Text(", ".join(sv["discards"])))
    if sv["goal_tokens"]:
        grid.add_row(
            tr("Goal tokens"), Text(", ".join(f"{g['goal']}: {g['value']}" for g in sv["goal_tokens"]))
        )
    sc = sv["score"]
    label = tr("Score") if v["over"] else tr("Score now")
    parts = tr(
        "portraits {p}, marigolds {m}, candles {c}", p=sc["portraits"], m=sc["marigolds"], c=sc["candles"]
    )
    if "goals" in v:
        parts += tr(", goals {g}", g=sc["goals"])
    grid.add_row(
        label,
        Text(
            f"{sc['total']}  ({parts}; "
            + i18n.plural("ofrenda", "1 lit", "{n} lit", sv["lit_portraits"])
            + ")",
            style="bold" if v["over"] else "",
        ),
    )
    body = Group(altar(sv), Text(""), grid)
    marks = [tr("turn {k}/12", k=min(sv["turns"] + (0 if v["over"] else 1), 12))]
    if v["to_move"] == i:
        marks.append(tr("▶ to move"))
    if v["over"] and i in v.get("winners", []) and v["players"] > 1:
        marks.append(tr("★ winner"))
    you = tr(" — you") if i == seat else ""
    return Panel(
        body,
        title=f"{seat_name(i)}{you}  " + "  ".join(marks),
        title_align="left",
        border_style="green" if i == seat else "white",
    )


def render(state: State, seat: int | None = None) -> RenderableType:
    v = state.view(seat)
    parts: list[RenderableType] = [Text(i18n.translate(v["status"], game="ofrenda"), style="bold")]
    parts.append(family_board(v))
    info = Text(
        i18n.plural(
            "ofrenda", "Deck: 1 portrait (lit side up)", "Deck: {n} portraits (lit side up)", v["deck"]
        )
    )
    if "deck_top" in v:
        top = v["deck_top"]
        info.append(
            tr(
                ", top shows {cue} ({colour} {offering})",
                cue=feat(top["colour"]) + feat(top["offering"]),
                colour=feature_name(top["colour"]),
                offering=feature_name(top["offering"]),
            )
        )
    info.append(tr("   Candle bag: {n}", n=v["bag"]))
    if v["pending"]:
        info.append(tr("   Surrounded this turn: ") + ", ".join(v["pending"]), style="bold")
    parts.append(info)
    if "goals" in v:
        g = Table(title=tr("Common goals"), title_justify="left")
        g.add_column(tr("goal"))
        g.add_column(tr("requirement"))
        g.add_column(tr("tokens left (top first)"))
        for goal in v["goals"]:
            g.add_row(goal["goal"], goal_text(goal["goal"]), " ".join(map(str, goal["stack"])) or tr("none"))
        parts.append(g)
    if v["players"] == 1:
        parts.append(
            Text(
                i18n.plural(
                    "ofrenda",
                    "Abuela has discarded 1 portrait ({cards}) and candles {candles}; {removed} portraits removed unseen.",
                    "Abuela has discarded {n} portraits ({cards}) and candles {candles}; {removed} portraits removed unseen.",
                    len(v["abuela_discards"]),
                ).format(
                    cards=", ".join(v["abuela_discards"]) or "—",
                    candles=", ".join(v["abuela_candles"]) or "—",
                    removed=v["removed"],
                ),
                style="dim",
            )
        )
    order = list(range(v["players"]))
    if seat is not None:
        order = order[seat:] + order[:seat]
    parts += [seat_panel(v, i, seat) for i in order]
    if v["over"]:
        scores = ", ".join(f"{seat_name(i)}: {int(s)}" for i, s in enumerate(v["scores"]))
        line = Text(tr("Final scores — {scores}", scores=scores), style="bold")
        if v.get("tier"):
            tier = v["tier"]
            line.append("\n" + tr("Solo tier {range}: {text}", range=tier["range"], text=tr(tier["text"])))
        parts.append(Panel(line, border_style="gold1"))
    log = i18n.localize(state.log(seat)[-RECENT:], i18n.active(), "ofrenda")
    if log:
        parts.append(Text("\n".join(log), style="dim"))
    return Group(*parts)
