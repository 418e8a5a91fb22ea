"""A count of one takes the singular (issue 35, item 13): "Mazo: 1 retrato", "1 iluminado",
"1 carta (oculta)", never "1 retratos". Read where a player reads it: the Spanish terminal
board and the Spanish log of random games of every game (solo, two and the most seats)."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from rich.console import Console

from muertos.engine.registry import game as get_game
from muertos.engine.registry import game_ids
from muertos.i18n import message, messages, plural, translate, use_language

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


STATIC = Path(__file__).resolve().parents[2] / "src" / "muertos" / "server" / "static"
COUNT_AND_NOUN = re.compile(r"\{n\}(?: \w+)? \w{3,}s\b")
"""A count before its plural noun in a Spanish message: "{n} jugadas", "… y {n} líneas antes"
(not "el asiento {n} es tuyo")."""
ONE_AND_PLURAL_EN = re.compile(
    r"(?<![\d.,–\-/])(?<!Player )\b1 (cards|pips|objects|points|portraits|marigolds|tokens|steps|bones"
    r"|fields|candles|moves|skeletons|spaces|players|dice|actions|lines)\b"
)
"""The count 1 before an English plural of what the games count ("1 cards", "1 objects")."""


def test_a_count_the_pages_show_has_its_own_key_for_one() -> None:
    """A message of the table's pages that counts ("{n} jugadas") has a key for a count of
    one ("1 jugada") in both languages, and the page that shows it names that key too: the
    lobby read "Ofrenda · 1 jugadas". The number of seats of a game is never one on its own
    (a solo game is also played by more), so the lobby's "{n} players" needs none."""
    en, es = messages("en"), messages("es")
    js = "\n".join(p.read_text(encoding="utf-8") for p in STATIC.rglob("*.js"))
    shown = [k for k in en if re.search(rf"""["']{re.escape(k)}["']""", js)]
    counted = [k for k in shown if COUNT_AND_NOUN.search(es[k])]
    assert "web.lobby.moves" in counted and "web.table.earlier" in counted
    assert not any(get_game(g).min_players == get_game(g).max_players == 1 for g in game_ids())
    missing = []
    for key in (k for k in counted if k != "web.lobby.players"):
        one = f"{key}_one"
        if one not in en or f'"{one}"' not in js:
            missing.append(key)
            continue
        for said in (en[one], es[one]):
            assert "{n}" not in said and re.search(r"\b1\b", said), (one, said)
        assert not ONE_AND_PLURAL.search(es[one]) and not ONE_AND_PLURAL_EN.search(en[one]), one
    assert not missing, f"no key for a count of one (KEY_one), or the page does not use it: {missing}"
    assert message("web.lobby.moves_one", "es") == "1 jugada"


def _texts(x: object) -> list[str]:
    if isinstance(x, str):
        return [x]
    if isinstance(x, dict):
        return [t for v in x.values() for t in _texts(v)]
    if isinstance(x, list):
        return [t for v in x for t in _texts(v)]
    return []


@pytest.mark.parametrize("game", game_ids())
def test_a_count_of_one_is_singular_in_the_data_a_board_reads(game: str) -> None:
    """Every text of the game's catalog (``Game.catalog()``: card faces, shop spaces, in each
    language a game writes there) reads a count of one in the singular: Pátzcuaro's board
    read "intercambio: carta con exactamente 1 objetos" while its status said "1 objeto"."""
    texts = _texts(get_game(game).catalog())
    found = [t for t in texts if ONE_AND_PLURAL.search(t) or ONE_AND_PLURAL_EN.search(t)]
    assert not found, found[:5]


def test_a_count_of_one_in_lines_computed_by_hand() -> None:
    """Ofertu's last line counts each seat's pips and cards ("Player 2 (White) 1 pip in 1
    card", "… 16 pips in 3 cards"), in English and in Spanish; Pátzcuaro's condition of
    exactly one object, in both."""
    g = get_game("ofertu")
    s = g.new(2, 20)
    rnd = random.Random(20)
    while not s.over:
        s.apply(rnd.choice(s.legal_actions()))
    assert sorted(len(d) for d in s.display) == [1, 3]  # the position under test
    end = s.log(None)[-1]
    assert "Player 1 (Black) 16 pips in 3 cards; Player 2 (White) 1 pip in 1 card:" in end
    said = translate(end, "es", "ofertu")
    assert "Jugador 1 (Negro): 16 puntos en 3 cartas; Jugador 2 (Blanco): 1 punto en 1 carta:" in said
    assert not ONE_AND_PLURAL.search(said) and not ONE_AND_PLURAL_EN.search(end)

    from muertos.games.patzcuaro import notation
    from muertos.games.patzcuaro.components import Alt

    assert notation.alt_text(Alt("exact", 1)) == "card with exactly 1 object"
    assert notation.alt_text(Alt("exact", 1), "es") == "carta con exactamente 1 objeto"
    assert notation.alt_text(Alt("exact", 2), "es") == "carta con exactamente 2 objetos"
    assert translate("card with exactly 1 object", "es", "patzcuaro") == "carta con exactamente 1 objeto"
