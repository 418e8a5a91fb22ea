"""Loads ``components.toml`` once into typed, frozen tables.

Everything the rules do not print (board geometry, urns, step bonuses, counts the variant
leaves to the base game) is data, so that the published components can replace our
reconstruction without touching code.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import resources
from typing import Any

from muertos.engine.components import read

CALAVERA = 7
"""Face code of a power die showing its calavera (wild) face; 1-6 are the numbers."""


@dataclass(frozen=True)
class Urn:
    """An incense urn: the section position (0-3) it sits on and the die it asks for."""

    position: int
    colour: int
    value: int


@dataclass(frozen=True)
class Board:
    """One ofrenda board (board k belongs to colour k)."""

    colour: int
    urns: tuple[Urn, ...]
    reconstructed: bool


@dataclass(frozen=True)
class Components:
    colour_names: tuple[str, ...]
    colour_letters: str
    dice_per_colour: int
    power_per_colour: int
    power_faces: tuple[int, ...]
    caskets: int
    item_names: tuple[str, ...]
    item_letters: str
    hand_limit: int
    tokens_per_type: int
    solo_tokens_per_type: int
    prep_spaces: int
    cells: int
    grid: tuple[tuple[int, int], ...]
    sections: tuple[tuple[int, ...], ...]
    """0-based cells of each item's section, in reading order (index = item)."""
    cell_sections: tuple[tuple[int, ...], ...]
    """The items whose section contains each cell."""
    boards: tuple[Board, ...]
    step_count: int
    squares: tuple[tuple[str, ...], ...]
    max_per_section: int
    marigold_runs: str
    solo_perfect: int
    solo_good: int
    reconstructed: tuple[str, ...]


def _load() -> Components:
    raw: dict[str, Any] = read(resources.files(__package__).joinpath("components.toml"))
    names = tuple(raw["colours"]["names"])
    colour = {n: i for i, n in enumerate(names)}
    items = tuple(raw["items"]["names"])
    sections = tuple(tuple(c - 1 for c in raw["ofrenda"]["sections"][n.lower()]) for n in items)
    ncells = raw["ofrenda"]["cells"]
    cell_sections = tuple(tuple(i for i, sec in enumerate(sections) if c in sec) for c in range(ncells))
    urn_cells = [c - 1 for c in raw["ofrenda"]["urn_cells"]]
    incense = sections[items.index("Incense")]
    boards = []
    for b in raw["ofrenda"]["boards"]:
        urns = tuple(
            Urn(incense.index(cell), colour[c], v) for cell, (c, v) in zip(urn_cells, b["urns"], strict=True)
        )
        boards.append(Board(colour[b["colour"]], urns, bool(b.get("reconstructed", False))))
    faces = tuple(f if f else CALAVERA for f in raw["dice"]["power_faces"])
    notes = [
        str(table["note"])
        for table in (
            raw["colours"],
            raw["tokens"],
            raw["preparation"],
            raw["ofrenda"],
            raw["steps"],
            raw["scoring"],
        )
        if table.get("reconstructed")
    ]
    rec_boards = [names[b.colour] for b in boards if b.reconstructed]
    if rec_boards:
        notes.append("incense-urn targets of the " + ", ".join(rec_boards) + " boards")
    c = Components(
        colour_names=names,
        colour_letters="".join(raw["colours"]["letters"]),
        dice_per_colour=raw["dice"]["per_colour"],
        power_per_colour=raw["dice"]["power_per_colour"],
        power_faces=faces,
        caskets=raw["caskets"]["count"],
        item_names=items,
        item_letters="".join(raw["items"]["letters"]),
        hand_limit=raw["tokens"]["hand_limit"],
        tokens_per_type=raw["tokens"]["per_type"],
        solo_tokens_per_type=raw["tokens"]["solo_per_type"],
        prep_spaces=raw["preparation"]["spaces"],
        cells=ncells,
        grid=tuple((r, col) for r, col in raw["ofrenda"]["grid"]),
        sections=sections,
        cell_sections=cell_sections,
        boards=tuple(boards),
        step_count=raw["steps"]["count"],
        squares=tuple(tuple(row) for row in raw["steps"]["squares"]),
        max_per_section=raw["scoring"]["max_per_section"],
        marigold_runs=raw["scoring"]["marigold_runs"],
        solo_perfect=raw["solo"]["perfect"],
        solo_good=raw["solo"]["good"],
        reconstructed=tuple(notes),
    )
    _check(c)
    return c


def _check(c: Components) -> None:
    """Fail at import on a data file that breaks what the rules fix."""
    assert len(c.colour_names) == len(c.colour_letters) == len(c.boards) == 5
    assert len(c.item_names) == len(c.item_letters) == c.caskets == 4
    assert all(len(s) == 4 for s in c.sections), "each item has 4 spaces"
    assert sorted({x for s in c.sections for x in s}) == list(range(c.cells))
    assert sum(len(s) == 2 for s in c.cell_sections) == 4, "four spaces are shared by two items"
    assert len(c.squares) == c.step_count and all(len(r) == len(c.squares[0]) for r in c.squares)
    kinds = {"blank", "calavera", "set_face", *(n.lower() for n in c.item_names)}
    assert all(sq in kinds for row in c.squares for sq in row), "unknown step bonus"
    assert c.marigold_runs in ("ordered", "set")
    assert len(c.power_faces) == 6 and all(1 <= f <= CALAVERA for f in c.power_faces)


COMPONENTS = _load()


SECTION_TEXT = {
    "Candle": "all colours different + a pair of equal values: 2 steps; three equal: +1; four equal: +1",
    "Marigold": "alternating pair of colours + two adjacent consecutive values: 2; a run of three: +1; of four: +1",
    "Bread": "one colour and total over 10: 2 steps; total over 16: +1; total exactly 16: +2",
    "Incense": "all colours and all values different: 2 steps; each urn holding its printed die: +1",
}
"""What each section of the ofrenda board scores (as printed beside it), for front ends."""


def catalog() -> dict[str, Any]:
    """Public static data for front ends: colours, items, the ofrenda board's cells and
    sections, each colour's urns, the marigold steps' squares and the power die's faces."""
    c = COMPONENTS
    letters = c.colour_letters
    return {
        "colours": [{"name": n, "letter": letters[i]} for i, n in enumerate(c.colour_names)],
        "items": [
            {"name": n, "letter": c.item_letters[i], "text": SECTION_TEXT.get(n, "")}
            for i, n in enumerate(c.item_names)
        ],
        "cells": [{"cell": i + 1, "row": r, "col": col} for i, (r, col) in enumerate(c.grid)],
        "sections": {c.item_names[i]: [x + 1 for x in sec] for i, sec in enumerate(c.sections)},
        "boards": {
            c.colour_names[b.colour]: [
                {
                    "cell": c.sections[c.item_names.index("Incense")][u.position] + 1,
                    "die": f"{letters[u.colour]}{u.value}",
                }
                for u in b.urns
            ]
            for b in c.boards
        },
        "steps": [list(row) for row in c.squares],
        "square_letters": "abcdefgh"[: len(c.squares[0])],
        "power_faces": ["x" if f == CALAVERA else str(f) for f in c.power_faces],
        "prep_spaces": c.prep_spaces,
        "hand_limit": c.hand_limit,
        "max_per_section": c.max_per_section,
        "reconstructed": list(c.reconstructed),
    }
