"""Ofrenda in Spanish: every sentence the game writes has a translation, a few of them
checked word for word, the result's words by their keys, the rules summary, and the
terminal picture in the language in force."""

from __future__ import annotations

import io
import re
import tomllib
from pathlib import Path

import pytest
from rich.console import Console

from muertos import i18n
from muertos.games import ofrenda
from muertos.games.ofrenda import GAME
from muertos.games.ofrenda.components import DATA
from muertos.games.ofrenda.scoring import CATEGORY_LABELS, tie_breaks
from muertos.i18n.coverage import missing

from .helpers import arrange, finish, new


def es(text: str) -> str:
    return i18n.translate(text, "es", "ofrenda")


def test_every_sentence_of_random_games_has_spanish() -> None:
    gaps = missing("ofrenda", "es", games_per_setting=3)
    assert gaps == {}, f"{len(gaps)} sentences not covered, e.g. {list(gaps.items())[:5]}"


def test_lines_of_a_real_game_translated_by_hand() -> None:
    s = new(2, seed=1)
    assert es(s.log(None)[0]) == (
        "Tablero de la familia: P11 (verde, sal), P29 (amarillo, calavera), P13 (verde, fruta), "
        "P08 (verde, calavera); veladoras K03, K28, K11, K15."
    )
    s.apply("take 4")
    assert (
        es(s.log(None)[-1])
        == "Jugador 1 toma P08 (verde, calavera) del espacio 4, paga 3 y recoge 0 cempasúchiles."
    )
    assert es(s.ACTIONS.why_illegal(s, "take 1")) == (
        "tomas un retrato por turno, al empezarlo; ahora: Jugador 1 puede tomar una veladora (turno 1 de 12)"
    )
    solo = new(1, seed=5)
    assert es(solo.log(None)[3]) == (
        "La Abuela saca un 5: descarta P34 (amarillo, fruta) del espacio 3 y pone un cempasúchil "
        "de la reserva general en cada uno de los espacios 1–2."
    )
    assert es(solo.log(None)[4]) == (
        "La Abuela saca un 4: descarta la veladora K02 del espacio 2 y pone un cempasúchil "
        "de la reserva general en el espacio 2."
    )


@pytest.mark.parametrize(
    ("english", "spanish"),
    [
        (
            "Player 2 takes candle K15 from space 2, free.",
            "Jugador 2 toma gratis la veladora K15 del espacio 2.",
        ),
        (
            "Player 1 places P25 (purple salt) in S12, gaining 1 marigold.",
            "Jugador 1 coloca P25 (morado, sal) en S12 y gana 1 cempasúchil.",
        ),
        (
            "J6 is surrounded, but Player 3 has no marigold to place.",
            "J6 queda rodeada, pero el Jugador 3 no tiene ningún cempasúchil que poner.",
        ),
        (
            "Final scores: Player 1 8, Player 2 32, Player 3 32. Player 2 and Player 3 share the victory.",
            "Puntuaciones finales: Jugador 1 8, Jugador 2 32, Jugador 3 32. Jugador 2 y Jugador 3 comparten la victoria.",
        ),
        ("write the portrait as P05", "escribe el retrato como P05"),
        ("Q1 is not a portrait (they are P01–P65)", "Q1 no es un retrato (son P01–P65)"),
    ],
)
def test_sentences_translated_by_hand(english: str, spanish: str) -> None:
    assert es(english) == spanish
    assert i18n.translate(english, "en", "ofrenda") == english


def test_refusals_of_badly_written_moves_have_spanish() -> None:
    s = new(2, seed=1)
    for bad in (
        "candle",
        "no",
        "discard",
        "skip",
        "marigold",
        "take 9",
        "place q1 s1",
        "place P05 s99",
        "skip x",
        "hola",
    ):
        why = s.ACTIONS.why_illegal(s, bad)
        assert i18n.untranslated(why, "es", "ofrenda") == [], why


def test_every_result_key_of_the_score_sheet_has_spanish() -> None:
    words = i18n.game_catalog("ofrenda", "es").result
    for key, english in CATEGORY_LABELS.items():
        assert words[f"categories.{key}"] != english, key
    for rule in tie_breaks(new(2, seed=0)):
        assert words[f"ties.{rule.key}"] != rule.rule, rule.key
    for t in DATA.tiers:
        assert words[f"ratings.tier_{t.low}.label"] == f"Nivel {t.label()}"
        assert words[f"ratings.tier_{t.low}.text"] == i18n.term("ofrenda", t.text, "es") != t.text


def test_a_solo_result_reads_in_spanish() -> None:
    s = finish(arrange(new(1, seed=4), boards={0: {"S1": "P15", "S2": "P16"}}))
    r = i18n.localize_result(s.result().to_json(), "es", "ofrenda")
    assert [c["label"] for c in r["seats"][0]["categories"]] == [
        "Retratos iluminados",
        "Cempasúchiles",
        "Veladoras encendidas",
    ]
    tier = s.tier()
    assert tier is not None
    assert r["rating"]["label"] == f"Nivel {tier['range']}"
    assert r["rating"]["text"] == i18n.term("ofrenda", tier["text"], "es") != tier["text"]


def test_the_guide_is_spanish_and_keeps_the_notation() -> None:
    text = i18n.guide(GAME, "es")
    assert text != GAME.rules()
    assert "retrato" in text and "veladora" in text and "cempasúchil" in text
    for move in (
        "take 3",
        "candle 1",
        "no candle",
        "place P17 S5",
        "discard P17",
        "candle K12 J3",
        "marigold J2",
        "skip J3",
    ):
        assert f"    {move} " in text, move
    assert "common_goals=true" in text and "hidden_hands=true" in text


def _picture(seat: int | None, lang: str) -> str:
    s = new(3, seed=4, common_goals=True)
    s.apply("take 1")
    c = Console(record=True, width=120, color_system=None, file=io.StringIO())
    with i18n.use_language(lang):
        c.print(GAME.render(s, seat))
    return c.export_text()


def test_the_terminal_draws_in_spanish_inside_use_language() -> None:
    out = _picture(0, "es")
    for word in ("Tablero de la familia", "espacio 1 (gratis)", "Veladora", "Retrato", "Cempasúchiles"):
        assert word in out, word
    for word in (
        "Objetivos comunes",
        "Mano",
        "Reserva",
        "Puntos ahora",
        "Jugador 1 — tú",
        "▶ le toca",
        "vacía",
    ):
        assert word in out, word
    assert "Jugador 1 puede tomar una veladora (turno 1 de 12)" in out  # the status line
    assert "Jugador 1 toma " in out  # the log
    for english in ("Family board", "Portrait", "Storage", "Score now", "— you", "empty", "Player 1"):
        assert english not in out, english


def test_the_terminal_in_english_is_unchanged_by_the_catalog() -> None:
    out = _picture(0, "en")
    assert out == _picture(0, i18n.DEFAULT)
    assert "Family board" in out and "space 1 (free)" in out and "Player 1 — you" in out
    assert "Tablero" not in out and "Jugador" not in out


BOARD = Path(__file__).resolve().parents[3] / "src" / "muertos" / "server" / "static" / "games" / "ofrenda.js"
LITERAL = r'"((?:[^"\\\n]|\\.)*)"'


def board_phrases() -> set[str]:
    """Every phrase the board passes to ``tr``: directly, through a ternary, or from its
    tables of objective words and slot kinds."""
    code = BOARD.read_text()
    found = set(re.findall(r"\btr\(\s*" + LITERAL, code))
    for m in re.finditer(r"\btr\([^()\"]*\?\s*" + LITERAL + r"\s*:\s*" + LITERAL, code):
        found.update(m.groups())
    for m in re.finditer(r"(?s)const (?:QUANTIFIER|OBJECTIVE) = \{(.*?)\};", code):
        found.update(re.findall(r":\s*" + LITERAL, m.group(1)))
    for m in re.finditer(r"(?m)^\s*const kind = (.*)$", code):
        found.update(x for x in re.findall(LITERAL, m.group(1)) if x)
    return found


def test_every_phrase_of_the_board_has_spanish() -> None:
    phrases = board_phrases()
    assert {
        "Family board",
        "every adjacent portrait has {f}",
        "no",
        "No candle",
        "{slot}: candle slot",
    } <= phrases
    assert "pay 1 marigold to place a portrait here" in phrases and len(phrases) > 50
    terms = i18n.game_catalog("ofrenda", "es").terms
    missing_words = sorted(p for p in phrases if p not in terms and p != "2+")
    assert not missing_words, missing_words
    for p in phrases:
        assert i18n.placeholders(terms.get(p, p)) == i18n.placeholders(p), p


def test_every_candle_and_goal_text_of_the_catalog_has_spanish() -> None:
    catalog = GAME.catalog()
    texts = [k["text"] for k in catalog["candles"].values()] + [g["text"] for g in catalog["goals"].values()]
    for text in texts:
        spanish = i18n.term("ofrenda", text, "es")
        assert spanish != text and "portrait" not in spanish and "marigold" not in spanish, text
    assert i18n.term("ofrenda", catalog["candles"]["K29"]["text"], "es") == (
        "nadie tiene más retratos con B azul que tú, y tienes al menos 1 (solo se revisa al final ⌚)"
    )


def test_a_majority_reads_as_nobody_has_more_ties_included() -> None:
    """ "You are among the players with the majority of Portraits with the depicted feature":
    every player tied for the highest count qualifies, with a count of at least 1 (A-OF8).
    "La mayoría de" reads in Spanish as more than half, and "más … que nadie" as more than
    everyone else, so a tie would read as unlit (an audit found the engine lighting it):
    every phrase of "most" says "nadie con más" / "nadie tiene más … que tú", in the rules'
    texts and the terminal's labels, and the English says "no one has more; at least 1"."""
    catalog = tomllib.loads((Path(ofrenda.__file__).parent / "locale" / "es.toml").read_text("utf-8"))
    most = {
        en: es_
        for table in (catalog, *(v for v in catalog.values() if isinstance(v, dict)))
        for en, es_ in table.items()
        if isinstance(es_, str) and re.search(r"\bmost\b", en)
    }
    assert len(most) >= 8, most
    for en, text in most.items():
        assert "nadie con más" in text or "nadie tiene más" in text, (en, text)
        assert "mayoría" not in text and "que nadie" not in text, (en, text)
        if "(" in en:  # the rules' texts, not the terminal's labels
            assert "no one has more; at least 1" in en and "al menos 1" in text, (en, text)
    assert es("most ✿ placed") == "nadie con más ✿ puestos"
