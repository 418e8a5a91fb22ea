"""Pátzcuaro read in Spanish: every sentence the game writes has Spanish, in the rulebook's
words, the same words the game's own ``language=es`` option writes; the result, the rules
summary and the terminal table too."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from rich.console import Console

from muertos.games.patzcuaro import GAME, scoring
from muertos.games.patzcuaro.components import COMPONENTS as C
from muertos.games.patzcuaro.rules import PatzcuaroState
from muertos.i18n import (
    game_catalog,
    guide,
    localize_result,
    placeholders,
    term,
    translate,
    untranslated,
    use_language,
)
from muertos.i18n.coverage import GARBAGE, missing

from .build import position

A = ("T1A", "T2A", "T3A", "T4A")


def es(text: str) -> str:
    return translate(text, "es", "patzcuaro")


def with_option(s: PatzcuaroState) -> PatzcuaroState:
    """The same position in a game created with ``language=es``."""
    got = GAME.position(s.players, s.position(), options={"language": "es"})
    assert isinstance(got, PatzcuaroState)
    return got


def test_no_sentence_of_random_games_is_left_in_english() -> None:
    assert missing("patzcuaro", "es", games_per_setting=3) == {}


def test_the_catalog_names_things_as_the_rulebook_and_the_spanish_option_do() -> None:
    for colour in C.colours:
        assert term("patzcuaro", colour.en, "es") == colour.es
        assert term("patzcuaro", colour.symbol_en, "es") == colour.symbol_es
    for obj in C.objects:
        assert term("patzcuaro", obj.en, "es") == obj.es
    for shop in C.shops.values():
        assert term("patzcuaro", shop.en, "es") == shop.es
    for space in (C.patzcuaro_top, C.patzcuaro_bottom):
        assert term("patzcuaro", space.en, "es") == space.es
    for pc in C.player_colours:
        assert term("patzcuaro", pc.en, "es") == pc.es


def _lines(s: PatzcuaroState) -> list[str]:
    """The status, the log for every reader and the refusals a reader may meet now."""
    out = [s.status(), *(x for seat in [None, *range(s.players)] for x in s.log(seat))]
    if not s.over:
        out += [s.ACTIONS.why_illegal(s, a) for a in (*GARBAGE, "altar 57 3b", "trade 57", "flip", "pass")]
    return out


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_game_created_in_english_reads_as_the_spanish_option_writes_it(players: int) -> None:
    # The same seed and moves under both options: every line, translated, reads the same;
    # the Spanish option's lines (English sentences, Spanish names) translate wholly too.
    for seed in range(2):
        en, opt = GAME.new(players, seed), GAME.new(players, seed, {"language": "es"})
        rnd = random.Random(seed)
        while True:
            for a, b in zip(_lines(en), _lines(opt), strict=True):  # type: ignore[arg-type]
                assert es(a) == es(b), (a, b)
                assert untranslated(b, "es", "patzcuaro") == [], b
            if en.over:
                break
            move = rnd.choice(en.legal_actions())
            en.apply(move)
            opt.apply(move)


def test_a_turn_in_spanish_written_out_by_hand() -> None:
    # Flower stall (top): trade a card with a marigold, draw 1, reveal to the right.
    s = position(2, tiles=A, hands=[[1, 17], [4]], stacks={2: [9]}, deck=(22, 26))
    o = with_option(s)
    first = "first move your token 1, 2 or 3 spaces clockwise (move 1, move 2 or move 3)"
    assert s.ACTIONS.why_illegal(s, "trade 17") == first
    assert (
        es(first) == "primero avanza tu ficha 1, 2 o 3 espacios en sentido horario (move 1, move 2 o move 3)"
    )
    for x in (s, o):
        x.apply("move 2")
    assert (
        es(s.status())
        == es(o.status())
        == ("Le toca al Jugador 1 intercambiar en Florería (arriba): carta con flor de cempasúchil")
    )
    refusal = s.ACTIONS.why_illegal(s, "trade 1")
    assert (
        refusal == "#1 pink: candle does not meet the condition of Flower stall (top): card with a marigold"
    )
    assert (
        es(refusal)
        == es(o.ACTIONS.why_illegal(o, "trade 1"))
        == ("#1 rosa: vela no cumple la condición de Florería (arriba): carta con flor de cempasúchil")
    )
    for x in (s, o):
        x.apply("trade 17")
        x.apply("take")
    want = [
        "Jugador 1 avanza 2 hasta Florería (arriba).",
        "Jugador 1 descubre #17 rosa: flor de cempasúchil ×2 en Florería (arriba).",
        "Jugador 1 toma #9 rosa: calaverita de azúcar.",
        "Jugador 1 roba #22 verde: dulce.",
        "Se descubre #26 verde: dulce ×3 en Juguetería (arriba).",
    ]
    assert [es(x) for x in s.log(0)[-5:]] == want
    assert [es(x) for x in o.log(0)[-5:]] == want  # the Spanish option's lines, read in Spanish
    assert o.log(0)[-4] == "Player 1 reveals #17 rosa: flor de cempasúchil ×2 at Florería (arriba)."
    assert es(s.log(1)[-2]) == "Jugador 1 roba 1 carta."  # what the other seat reads


def test_the_end_in_spanish() -> None:
    s = position(2, tiles=A, hands=[[33], [41]], altars={0: [1, 5, 12, 47, 24, 26, 52, 31]}, pos=[6, -1])
    s.apply("move 1")
    s.apply("altar 33 3b")
    assert es(s.status()) == "Jugador 2 puede agregar una última carta a su altar"
    assert es(s.ACTIONS.why_illegal(s, "move 1")) == (
        "la partida está terminando: solo puedes agregar una última carta (altar CARTA POSICIÓN) o pasar (pass)"
    )
    s.apply("pass")
    log = [es(x) for x in s.log(None)[-4:]]
    assert log[1:] == [
        "Jugador 1 completa su altar: el resto de los jugadores puede agregar una última carta a su altar.",
        "Jugador 2 no agrega una última carta.",
        "Puntuación final: Jugador 1 69, Jugador 2 0. Gana el Jugador 1.",
    ]


def test_every_result_word_has_spanish() -> None:
    words = game_catalog("patzcuaro", "es").result
    for key in scoring.CATEGORY_LABELS:
        assert words[f"categories.{key}"].strip(), key
    s = GAME.new(3, 1)
    assert isinstance(s, PatzcuaroState)
    for rule in scoring.tie_breaks(s):
        assert words[f"ties.{rule.key}"].strip(), rule.key
    while not s.over:
        s.apply(s.legal_actions()[-1])
    r = localize_result(s.result().to_json(), "es", "patzcuaro")
    assert [c["label"] for c in r["seats"][0]["categories"]][:3] == [
        "Base del altar",
        "Segundo nivel del altar",
        "Tercer nivel del altar",
    ]


def test_the_spanish_guide_keeps_the_notation() -> None:
    text = guide(GAME, "es")
    assert text != GAME.rules() and "Turno. Avanza tu ficha 1, 2 o 3 espacios" in text
    for verb in ("move 2", "trade 17", "take", "altar 17 2b", "flip", "pass", "language=en|es"):
        assert verb in text, verb
    for word in (
        "intercambio",
        "voltea tu carta de jugador",
        "tercer nivel",
        "Panteón",
        "flor de cempasúchil",
    ):
        assert word in text, word
    assert "each other player" not in text and "Ties:" not in text


def _text(s: PatzcuaroState, seat: int | None) -> str:
    c = Console(record=True, width=120, color_system=None)
    c.print(GAME.render(s, seat))
    return c.export_text()


ENGLISH = (
    "Your hand",
    "Objectives",
    "The track",
    "start area",
    "deck:",
    "score now",
    "top",
    "bottom",
    "to move",
)


def test_the_terminal_table_in_the_language_in_force() -> None:
    s = position(3, tiles=A, hands=[[50, 52], [17, 33], [4]], known=[[], [33], []], pos=[-1, 4, 9])
    en = _text(s, 0)
    with use_language("es"):
        spanish = _text(s, 0)
    assert "Your hand (2): 50 Gn pan  52 Ye pan pan" in en and "Player 1 to move 1, 2 or 3 spaces" in en
    assert "Tu mano (2): 50 Ve pan  52 Am pan pan" in spanish
    assert "Le toca al Jugador 1 avanzar 1, 2 o 3 espacios" in spanish
    assert (
        "Panadería [T1A]" in spanish
        and "salida: J1" in spanish
        and "P1" not in spanish
        and "Objetivos" in spanish
    )
    assert "2 cartas (ocultas); conocidas: 33 Ro ret ret ret" in spanish
    assert not [w for w in ENGLISH if w in spanish], [w for w in ENGLISH if w in spanish]
    # A game created in Spanish draws in Spanish whatever the reader's language.
    assert "Tu mano (2)" in _text(with_option(s), 0)


BOARD = Path(__file__).parents[3] / "src/muertos/server/static/games/patzcuaro.js"


def test_every_word_of_the_web_board_has_spanish() -> None:
    # The board shows its own words through tr("English", {params}) (term() of i18n.js):
    # each is a term of the catalog, with the same {placeholders}.
    source = BOARD.read_text(encoding="utf-8")
    words = set(re.findall(r'\btr\("((?:[^"\\]|\\.)*)"', source))
    words |= {"top", "bottom"}  # tr(row ? "bottom" : "top")
    assert len(words) > 20 and "Hand" in words
    terms = game_catalog("patzcuaro", "es").terms
    for w in words:
        assert w in terms, w
        assert placeholders(terms[w]) == placeholders(w), w
    for w in ("Hand", "Objectives", "Track", "player card", "(no card)", "Player"):
        assert source.count(f'"{w}') == source.count(f'tr("{w}'), f"{w} shown without tr()"
