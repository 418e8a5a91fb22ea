"""Die of the Dead read in Spanish: every sentence the game writes has Spanish, a few real
lines translated by hand, the result's words, the guide and the terminal table."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from rich.console import Console

from muertos.games.die_of_the_dead import GAME, DieOfTheDeadState, scoring
from muertos.i18n import game_catalog, guide, translate, untranslated, use_language
from muertos.i18n.coverage import missing

ID = "die-of-the-dead"


def test_random_games_write_nothing_the_catalog_does_not_cover() -> None:
    gaps = missing(ID, "es", games_per_setting=2)
    assert not gaps, f"{len(gaps)} sentences not covered, e.g. {list(gaps.items())[:5]}"


@pytest.mark.parametrize(
    ("english", "spanish"),
    [
        (
            "Player 2 pays with a purple power die (p*) from the City of the Dead onto casket 4.",
            "Jugador 2 paga con un dado de poder morado (p*) de la Ciudad de los Muertos sobre el ataúd 4.",
        ),
        (
            "Player 1 scores the Bread section (g1 p6* g5 rx): 1 step.",
            "Jugador 1 puntúa la sección de Pan de muerto (g1 p6* g5 rx): 1 escalón.",
        ),
        (
            "Player 3 lands on step 4, square d (Incense token).",
            "Jugador 3 llega al escalón 4, recuadro d (ficha de Copal).",
        ),
        (
            "a drafted die goes to the preparation board or an empty Candle space (cells 7, 8, 9, 10): "
            "draft r5 to prep / draft r5 to N",
            "un dado escogido va al tablero de preparación o a una casilla vacía de Veladora "
            "(casillas 7, 8, 9, 10): draft r5 to prep / draft r5 to N",
        ),
        (
            "Player 1 to draft (Round Starter) at casket 2 (Marigold)",
            "Le toca al Jugador 1 escoger un dado (jugador inicial) en el ataúd 2 (Cempasúchil)",
        ),
        (
            "Game over: Player 1, Player 3 completed 3 sections. Steps: Player 1 9, Player 2 4, "
            "Player 3 9, Player 4 2, Player 5 1. Shared win: Player 1, Player 3",
            "Fin de la partida: Jugador 1, Jugador 3 completaron 3 secciones. Escalones: Jugador 1 9, "
            "Jugador 2 4, Jugador 3 9, Jugador 4 2, Jugador 5 1. Victoria compartida: Jugador 1, Jugador 3",
        ),
    ],
)
def test_lines_translated_by_hand(english: str, spanish: str) -> None:
    assert translate(english, "es", ID) == spanish
    assert translate(english, "en", ID) == english


def test_real_refusals_and_the_log_of_a_game_read_in_spanish() -> None:
    s = GAME.new(2, 3)
    while s.status().endswith("(setup)"):
        s.apply(s.legal_actions()[0])
    assert s.phase == "open"
    why = s.ACTIONS.why_illegal(s, "pass")
    assert why.startswith("the Round Starter first opens a casket (open 1-4)")
    assert untranslated(why, "es", ID) == []
    assert translate(why, "es", ID).startswith(
        "primero el jugador inicial abre un ataúd (open 1-4), quizá después de jugar una ficha de "
        "Veladora (posibles: open "
    )
    bad = s.ACTIONS.why_illegal(s, "draft q9")
    assert translate(bad, "es", ID) == (
        "draft indica un dado del ataúd abierto (draft r5, draft r5 to 7, draft r5 to prep)"
    )
    log = s.log(None)
    assert "Jugador 1 pone un dado" in " ".join(translate(x, "es", ID) for x in log)


def test_every_result_key_of_scoring_has_spanish() -> None:
    words = game_catalog(ID, "es").result
    for key in scoring.CATEGORY_LABELS:
        assert words[f"categories.{key}"] != scoring.CATEGORY_LABELS[key]
    s = GAME.new(2, 1)
    for rule in scoring.tie_breaks(s):  # type: ignore[arg-type]
        assert f"ties.{rule.key}" in words
    for key, label in scoring.RATING_LABELS.items():
        assert words[f"ratings.{key}.label"] != label and words[f"ratings.{key}.text"]


def test_the_spanish_guide_keeps_the_notation() -> None:
    text = guide(GAME, "es")
    for notation in ("draft r5 to 7", "pay cell 9 on 2", "marigold g5 to 7", "discard cmb", "take discard c"):
        assert notation in text
    assert "ataúd" in text and "Ciudad de los Muertos" in text  # the reconstructed parts: `muertos rules`
    assert "each player" not in text and "casket" not in text.replace("Casket", "")


def _picture(s: DieOfTheDeadState, seat: int | None) -> str:
    c = Console(width=120, record=True, color_system=None)
    c.print(GAME.render(s, seat))
    return c.export_text()


def _played(moves: int, seed: int = 4) -> DieOfTheDeadState:
    s = GAME.new(2, seed)
    assert isinstance(s, DieOfTheDeadState)
    rnd = random.Random(seed)
    for _ in range(moves):
        if s.over:
            break
        s.apply(rnd.choice(s.legal_actions()))
    return s


ENGLISH = (
    "Casket",
    "Player",
    "lid:",
    "inside:",
    "tokens:",
    "supply:",
    "Round Starter",
    "City of the Dead",
    "Step",
)


@pytest.mark.parametrize("moves", [40, 10_000])
def test_the_terminal_table_in_spanish(moves: int) -> None:
    s = _played(moves)
    english = _picture(s, 0)
    with use_language("es"):
        spanish = _picture(s, 0)
    assert (
        "Ataúd 1" in spanish and "Jugador 1 · Rojo (r) · tú" in spanish and "Ciudad de los Muertos" in spanish
    )
    assert "Veladora [7-8-9-10]" in spanish and "Escalones de cempasúchil" in spanish
    assert not [w for w in ENGLISH if w in spanish], [w for w in ENGLISH if w in spanish]
    assert "Casket 1" in english and "Player 1 · Red (r) · you" in english and "Ataúd" not in english
    if s.over:
        assert "Fin de la partida" in spanish and "Final:" in spanish


BOARD = Path(__file__).parents[3] / "src/muertos/server/static/games/die-of-the-dead.js"


def test_every_word_the_board_shows_has_spanish() -> None:
    js = BOARD.read_text(encoding="utf-8")
    assert 'from "../i18n.js"' in js
    words = set(re.findall(r'\bT\("((?:[^"\\]|\\.)*)"', js))
    for table in ("SQUARE_LABEL", "PHASE"):
        body = re.search(rf"const {table} = \{{(.*?)\}};", js, re.DOTALL)
        assert body is not None, table
        words |= set(re.findall(r':\s*"([^"]+)"', body.group(1)))
    assert len(words) > 50
    terms = game_catalog(ID, "es").terms
    assert sorted(w for w in words - {"—"} if w not in terms) == []
    catalog = GAME.catalog()
    for it in catalog["items"]:
        assert it["name"] in terms and it["text"] in terms
    for c in catalog["colours"]:
        assert c["name"] in terms


def test_a_kind_of_die_reads_as_its_colour_in_words_and_its_letter_as_notation() -> None:
    """Prose names a die's colour in words; its letter is notation, after it in brackets
    ("paga con un dado amarillo (y)", not "paga con un dado y": issue 35, item 7). Every line
    of random games at every seat count, in Spanish, and in English likewise."""
    letter_as_word = {
        "es": re.compile(r"\bdados? (?:de poder )?[rbgyp]\*?(?=[ .,;:]|$)"),
        "en": re.compile(r"\b(?:a|no) (?:power die )?[rbgyp]\*? die\b"),
    }
    seen = 0
    for players in range(GAME.min_players, GAME.max_players + 1):
        for seed in range(2):
            s = GAME.new(players, seed)
            rng = random.Random(seed)
            while not s.over and len(s.history) < 400:
                s.apply(rng.choice(s.legal_actions()))
            for line in s.log(None) + s.log(0):
                for lang, bad in letter_as_word.items():
                    text = translate(line, lang, ID)
                    assert not bad.search(text), text
                seen += "(" in line and " die (" in line
    assert seen, "no line named a kind of die: the test read nothing it checks"
