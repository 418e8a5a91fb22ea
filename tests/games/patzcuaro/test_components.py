"""The data file: the reconstructed deck keeps the shape set out in the rules map
(docs/rules/patzcuaro.md, B-P2), every reconstructed table is marked, and the rulebook's
own space is there."""

from __future__ import annotations

import tomllib
from collections import Counter
from importlib import resources

import pytest

from muertos.games.patzcuaro import GAME
from muertos.games.patzcuaro.components import COMPONENTS as C
from muertos.games.patzcuaro.components import Alt, DataError, parse
from muertos.games.patzcuaro.notation import card_text, objective_text


def _raw() -> dict:  # type: ignore[type-arg]
    text = resources.files("muertos.games.patzcuaro").joinpath("components.toml").read_text("utf-8")
    return tomllib.loads(text)


def test_the_deck_has_the_reconstructed_shape() -> None:
    cards = C.cards[1:]
    assert len(cards) == 57
    assert Counter(len(c.objects) for c in cards) == {1: 17, 2: 16, 3: 24}
    assert sum(len(c.objects) for c in cards) == 121
    colours = Counter(C.colours[c.colour].id for c in cards)
    assert colours == {"pink": 15, "green": 14, "purple": 14, "yellow": 14}
    icons = Counter(C.objects[o].id for c in cards for o in c.objects)
    assert icons["marigold"] == 16 and all(icons[o.id] == 15 for o in C.objects if o.id != "marigold")
    assert card_text(33) == "#33 pink: portrait ×3"
    assert card_text(17, "es") == "#17 rosa: flor de cempasúchil ×2"


def test_shops_and_the_rulebook_space() -> None:
    assert sorted(C.shops) == ["T1A", "T1B", "T2A", "T2B", "T3A", "T3B", "T4A", "T4B"]
    space = C.shops["T1B"].bottom
    assert [s.kind for s in space.steps] == ["trade", "draw"]
    pink, green = 0, 1
    assert space.steps[0].icons == ((Alt("color", pink),), (Alt("color", green),))
    assert [s.kind for s in C.patzcuaro_bottom.steps] == ["altar", "altar"]
    assert [s.kind for s in C.patzcuaro_top.steps] == ["altar", "draw"]
    assert C.shops["T1A"].name("es") == "Panadería"


def test_objectives_five_of_each_petal() -> None:
    assert [len(C.objectives_of(p)) for p in (1, 2, 3)] == [5, 5, 5]
    assert objective_text(C.objectives["O2-B"]) == "-3 points per yellow card"
    assert objective_text(C.objectives["O2-C"], "es") == "8 puntos si no hay cartas de color amarillo"


def test_every_reconstructed_table_is_marked() -> None:
    raw = _raw()
    for table in ("players", "deck", "patzcuaro", "objectives"):
        assert raw[table]["reconstructed"] is True
    assert all(s["reconstructed"] is True for s in raw["shop"])
    lines = GAME.reconstructed()
    assert len(lines) >= 5 and any("57 cards" in x for x in lines)
    assert "Reconstructed" not in GAME.rules()  # `muertos rules` lists them, once


def test_bad_data_is_refused() -> None:
    raw = _raw()
    raw["shop"][0]["top"] = ["draw", "trade has:bread"]
    with pytest.raises(DataError, match="must begin with a trade or an altar"):
        parse(raw)
    raw = _raw()
    raw["deck"]["cards"] = raw["deck"]["cards"][:-1]
    with pytest.raises(DataError, match="57 altar cards"):
        parse(raw)
    raw = _raw()
    raw["patzcuaro"]["top"]["actions"] = ["trade any"]
    with pytest.raises(DataError, match="never holds cards"):
        parse(raw)
