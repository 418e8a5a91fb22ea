"""A count of one takes the singular (issue 35, item 13): "Mazo: 1 retrato", "1 iluminado",
"1 carta (oculta)", never "1 retratos". Read where a player reads it: the Spanish terminal
board and the Spanish log of random games of every game (solo, two and the most seats)."""

from __future__ import annotations

import random
import re

import pytest
from rich.console import Console

from muertos.engine.registry import game as get_game
from muertos.engine.registry import game_ids
from muertos.i18n import plural, translate, use_language

ONE_AND_PLURAL = re.compile(r"(?<![\d.,–\-/])(?<!Jugador )\b1 ([a-záéíóúñ]+s|carta \(ocultas\))(?![\w-])")
"""The count 1 before a Spanish plural ("1 retratos", "1 carta (ocultas)"); "Jugador 1 es"
is a seat, not a count."""


@pytest.mark.parametrize("game", game_ids())
def test_a_count_of_one_is_singular_on_the_board_and_in_the_log(game: str) -> None:
    g = get_game(game)
    console = Console(width=200, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    found = []
    for players in sorted({g.min_players, 2 if g.max_players >= 2 else 1, g.max_players}):
        s = g.new(players, 3)
        rnd = random.Random(3)
        for step in range(10_000):
            if step % 8 == 0 or s.over:
                with use_language("es"):
                    console.print(g.render(s, s.to_move if s.to_move is not None else 0))
                    found += ONE_AND_PLURAL.findall(console.export_text())
            if s.over:
                break
            s.apply(rnd.choice(s.legal_actions()))
        for line in s.log(0):
            found += [m for m in ONE_AND_PLURAL.findall(translate(line, "es", game))]
    assert not found, sorted(set(found))


def test_the_singular_and_the_plural_computed_by_hand() -> None:
    deck = ("Deck: 1 portrait (lit side up)", "Deck: {n} portraits (lit side up)")
    assert plural("ofrenda", *deck, 1, "es") == "Mazo: 1 retrato (lado iluminado arriba)"
    assert plural("ofrenda", *deck, 2, "es") == "Mazo: 2 retratos (lado iluminado arriba)"
    assert plural("ofrenda", *deck, 1, "en") == "Deck: 1 portrait (lit side up)"
    assert plural("ofrenda", *deck, 0, "en") == "Deck: 0 portraits (lit side up)"
    hidden = ("1 card (hidden)", "{n} cards (hidden)")
    assert plural("patzcuaro", *hidden, 1, "es") == "1 carta (oculta)"
    assert plural("patzcuaro", *hidden, 3, "es") == "3 cartas (ocultas)"
