"""A seat in a Spanish sentence (issue 35, item 6): a seat nobody named is "el Jugador 1"
inside a sentence ("le toca al Jugador 1", "gana el Jugador 1", "se agarra del Jugador 2"),
a name a person typed stays as typed and takes no article ("le toca a Ana")."""

from __future__ import annotations

import re

import pytest

from muertos.engine.registry import game_ids
from muertos.i18n import game_catalog, seats, translate
from muertos.server.errors import NotNow, Seat

BARE = re.compile(r"\b(a|de|gana|Gana|con|para|por|entre)\s+Jugador \d")
"""A default seat name right after a word that needs its article: "a Jugador 1"."""


@pytest.mark.parametrize("game", game_ids())
def test_every_log_template_gives_a_default_seat_its_article(game: str) -> None:
    """Every Spanish template of the game (and the engine's shared ones), each of its
    values a default seat: no seat is left bare after a preposition or "gana"."""
    templates = [t for t in game_catalog(game, "es").templates if t.names]
    assert templates
    bare = []
    for tpl in templates:
        line = seats(tpl.target.format(**dict.fromkeys(tpl.names, "Player 1")), "es")
        if BARE.search(line):
            bare.append(line)
    assert not bare, bare[:5]


def test_a_default_name_takes_the_article_and_a_typed_one_does_not() -> None:
    line = "Player 1 to move"
    assert translate(line, "es", "ofertu") == "Le toca al Jugador 1"
    assert translate(line, "es", "ofertu", ["Player 1", "Ana"]) == "Le toca al Jugador 1"
    assert translate(line, "es", "ofertu", ["Jugador 1", "Ana"]) == "Le toca al Jugador 1"
    assert translate(line, "es", "ofertu", ["Ana", "Jugador 2"]) == "Le toca a Ana"
    assert translate(line, "en", "ofertu", ["Ana"]) == "Ana to move"
    assert translate(line, "en", "ofertu") == line


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("Gana Player 1.", "Gana el Jugador 1."),
        ("se agarra de Player 2", "se agarra del Jugador 2"),
        ("Player 1 roba", "Jugador 1 roba"),  # a line's first word: a label, no article
        ("Posición 1: Player 1 puja; Player 2 pasa", "Posición 1: Jugador 1 puja; Jugador 2 pasa"),
        ("entre Player 1 y Player 2", "entre el Jugador 1 y el Jugador 2"),
        ("Player 1, Player 2 y Player 3 comparten", "Jugador 1, Jugador 2 y Jugador 3 comparten"),
    ],
)
def test_where_a_seat_takes_its_article(text: str, want: str) -> None:
    assert seats(text, "es") == want


def test_a_refusal_names_a_default_seat_in_the_readers_language() -> None:
    """A seat created without a name was stored as "Player 1": a Spanish refusal reads
    "le toca al Jugador 1", never "le toca a Player 1"."""
    default = NotNow("not_your_turn", "not_your_turn", name=Seat(0, "Player 1"), seat=1)
    assert default.text("es") == "no es tu turno: le toca al Jugador 1 (asiento 1)"
    assert default.text("en") == "it is not your turn: Player 1 (seat 1) is to move"
    typed = NotNow("not_your_turn", "not_your_turn", name=Seat(1, "Player 7"), seat=2)
    assert typed.text("es") == "no es tu turno: le toca a Player 7 (asiento 2)"  # as typed
