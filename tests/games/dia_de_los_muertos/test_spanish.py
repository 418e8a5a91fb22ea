"""The skeleton race wholly in Spanish: every sentence it writes, its result's words, its
rules summary and its terminal picture (issue 19); English stays exactly as it was."""

from __future__ import annotations

import re
from importlib.resources import files

from muertos import i18n
from muertos.games.dia_de_los_muertos import GAME
from muertos.games.dia_de_los_muertos.scoring import CATEGORY_LABELS, tie_breaks
from muertos.i18n.coverage import missing

from .helpers import play, table
from .test_render import text

G = GAME.id


def es(text: str) -> str:
    return i18n.translate(text, "es", G)


def test_every_sentence_of_random_games_has_spanish() -> None:
    gaps = missing(G, "es", games_per_setting=2)
    assert not gaps, f"{len(gaps)} sentences not covered, e.g. {list(gaps.items())[:5]}"


def test_a_kick_and_its_refusals_in_spanish() -> None:
    s = table(pos=[10, 10, 11], lay=["kick", None, None], hands=[["cake"], [], []])
    assert es(s.status()) == "Le toca al Jugador 1 usar su carta colocada como movimiento o como acción"
    assert es(s.ACTIONS.why_illegal(s, "beat p2")) == "tu carta colocada es Patada, no 'beat'"
    assert es(s.ACTIONS.why_illegal(s, "walk 99")) == (
        "'99' no es una casilla: las casillas van numeradas del 1 al 32"
    )
    play(s, "kick p3")
    assert [es(x) for x in s.log()[-3:-1]] == [
        "Jugador 1 voltea Patada [T, 2 huesos] y patea al Jugador 3.",
        "Jugador 3 pierde una pierna.",
    ]


def test_what_a_spectator_reads_of_a_draw_in_spanish() -> None:
    s = table(
        pos=[10, 10, 11], lay=["kick", None, None], hands=[["cake"], [], []], draw_top=["dodge", "header"]
    )
    play(s, "kick p3")
    mine = [x for x in s.log(0) if "draws" in x][-1]
    public = [x for x in s.log(None) if "draws" in x][-1]
    assert es(mine) == "Jugador 1 roba Esquive [A, 3 huesos], Clavado [H, 1 hueso]."
    assert es(public) == "Jugador 1 roba 2 cartas (reversos 3, 1)."


def test_sentences_random_games_rarely_write() -> None:
    assert es(
        "The dog runs to its hiding place 29, pushing Player 1 out to 9 and buries Dance of the dead."
    ) == (
        "El perro corre a su guarida 29, sacando al Jugador 1 a la casilla 9 y entierra Danza de los muertos."
    )
    assert es("Player 2 snatches Banquet from Player 1.") == "Jugador 2 le arrebata el Banquete al Jugador 1."
    assert es(
        "Game over. The round limit (100) is reached (spec A-D21). Scores: Player 1 7, Player 2 0."
    ) == ("Fin de la partida. Se alcanzó el límite de 100 rondas. Puntos: Jugador 1 7, Jugador 2 0.")
    assert es("write 'dog <field>' or 'dog <field> bite <player>', e.g. 'dog 9 bite p3'") == (
        "escribe 'dog <casilla>' o 'dog <casilla> bite <jugador>', p. ej. 'dog 9 bite p3'"
    )


def test_an_unknown_sentence_stays_english() -> None:
    assert i18n.untranslated("Player 1 juggles three skulls.", "es", G)


def test_every_result_key_has_spanish() -> None:
    words = i18n.game_catalog(G, "es").result
    s = table(pos=[10, 10, 11])
    for key in CATEGORY_LABELS:
        assert words.get(f"categories.{key}", "").strip(), key
    for rule in tie_breaks(s):
        assert words.get(f"ties.{rule.key}", "").strip(), rule.key
    assert words["categories.place"] == "Lugar de llegada"


def test_the_guide_is_spanish_and_keeps_the_notation() -> None:
    guide = i18n.guide(GAME, "es")
    assert guide != GAME.rules()
    assert "esqueleto" in guide and "enterrador" in guide and "OPCIONES" in guide
    for spelling in re.findall(r"^ {2}(?: {2})?([a-z][a-z0-9 /]+?)(?: {2,}|$)", GAME.rules(), re.MULTILINE):
        assert spelling in guide, spelling


def test_the_terminal_in_spanish_and_english() -> None:
    s = table(
        pos=[10, 19, 10], lay=["kick", "beat", None], hands=[["cake", "skull"], ["patch"], ["dodge"]], dog=22
    )
    english = text(s, 0)
    with i18n.use_language("en"):
        assert text(s, 0) == english
    assert "Graveyard — round 1" in english and "Your hand (Player 1)" in english and "[22 D]" in english
    with i18n.use_language("es"):
        spanish = text(s, 0)
    assert "Panteón — ronda 1" in spanish
    assert "Tu mano (Jugador 1)" in spanish
    assert "Lanzamiento (calavera)" in spanish and "boca abajo [2]" in spanish
    assert "[22 Pe]" in spanish  # the dog is the perro, its own mark (P1-P3 are skeletons)
    # Arms and legs by their columns, no letter in the cells ("P ●●" read as a skeleton).
    assert "brazos" in spanish and "piernas" in spanish and not re.search(r"\b[ABLP] [●○]", spanish)
    assert "Le toca al Jugador 1 usar su carta colocada" in spanish
    for word in ("Graveyard", "Your hand", "Throwing", "face down", "Skeletons"):
        assert word not in spanish, word


def _first_arguments(js: str, names: tuple[str, ...]) -> list[str]:
    """The source of the first argument of every call of ``names`` in ``js``."""
    out = []
    for m in re.finditer(r"\b(" + "|".join(names) + r")\(", js):
        depth, i, quote = 0, m.end(), ""
        while i < len(js):
            ch = js[i]
            if quote:
                if ch == "\\":
                    i += 1
                elif ch == quote:
                    quote = ""
            elif ch in "\"'`":
                quote = ch
            elif ch in "([{":
                depth += 1
            elif ch in ")]}":
                if depth == 0:
                    break
                depth -= 1
            elif ch == "," and depth == 0:
                break
            i += 1
        out.append(js[m.end() : i])
    return out


def test_every_word_the_web_board_draws_has_spanish() -> None:
    js = (files("muertos.server") / "static" / "games" / "dia-de-los-muertos.js").read_text(encoding="utf-8")
    asked = {s for arg in _first_arguments(js, ("tr", "trf")) for s in re.findall(r'"([^"\\]*)"', arg)}
    assert "Graveyard · round {n}" in asked and "{name}{german}: {text}; 1 bone on the back" in asked
    catalog = GAME.catalog()
    for card in catalog["cards"].values():
        asked |= {card["name"], card["text"], card["needs"]}
    for fest in catalog["festivities"].values():
        asked |= {fest["name"], fest["name"].split(" ")[0]}
    terms = i18n.game_catalog(G, "es").terms
    missing_words = sorted(w for w in asked if w.strip() and w not in terms)
    assert not missing_words, missing_words
    for word in asked - {"", "none"}:  # a phrase's placeholders are the same in both languages
        if word in terms:
            assert i18n.placeholders(terms[word]) == i18n.placeholders(word), word
