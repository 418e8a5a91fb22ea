"""The catalogs: both languages say the same things, and every game's sentence has Spanish."""

from __future__ import annotations

import gc
import random

import pytest

from muertos.engine.registry import game as get_game
from muertos.engine.registry import game_ids
from muertos.i18n import (
    CatalogError,
    game_catalog,
    language,
    localize_result,
    message,
    messages,
    negotiate,
    placeholders,
    translate,
    untranslated,
)
from muertos.i18n import _compile as compile_template
from muertos.i18n.coverage import missing

TRANSLATED = game_ids()
"""Every game: each has Spanish for every sentence (the tests below prove it by playing)."""


@pytest.mark.parametrize("game", TRANSLATED)
def test_every_game_has_its_spanish_catalog_and_guide(game: str) -> None:
    """``locale/es.toml`` and ``locale/guide.es.txt`` beside the game's rules: without them a
    game would read in English, catalog errors aside, and only the playing tests would say so."""
    cat = game_catalog(game, "es")
    assert cat.terms and cat.guide and cat.guide.strip()


def test_both_languages_have_the_same_messages_with_the_same_placeholders() -> None:
    en, es = messages("en"), messages("es")
    assert set(en) == set(es), sorted(set(en) ^ set(es))
    for key in en:
        assert placeholders(en[key]) == placeholders(es[key]), key
        assert es[key].strip(), key


@pytest.mark.parametrize(
    ("query", "header", "want"),
    [
        (None, "es-MX,es;q=0.9,en;q=0.8", "es"),
        (None, "fr-FR, en;q=0.5, es;q=0.9", "es"),
        (None, "fr-FR, de;q=0.5", "en"),
        (None, "es;q=0, en", "en"),
        (None, "es;q=nan, en;q=0.1", "en"),
        (None, None, "en"),
        ("es", "en", "es"),
        ("EN", "es", "en"),
        ("xx", "es", "es"),
    ],
)
def test_the_readers_language(query: str | None, header: str | None, want: str) -> None:
    assert negotiate(query, header) == want


def test_an_unknown_language_is_english_and_a_message_falls_back_to_it() -> None:
    assert language("klingon") == "en" and language("es-MX") == "es"
    assert message("seat", "es", n=2) == "Jugador 2" and message("seat", "en", n=2) == "Player 2"


def test_a_template_that_does_not_fit_its_translation_is_refused() -> None:
    with pytest.raises(CatalogError, match="other placeholders"):
        compile_template("{seat} draws {card}", "{seat} roba", "test.toml")
    with pytest.raises(CatalogError, match="nothing between"):
        compile_template("{a}{b}", "{a}{b}", "test.toml")


def test_ofertu_lines_computed_by_hand() -> None:
    # "{seat} {why} and starts…" could split at "Player" / "1 (White) won…": the split whose
    # every value is covered wins, so the seat keeps its colour and the reason is translated
    line = "Player 1 (White) won more auctions (3 to 1) and starts the next round."
    assert (
        translate(line, "es", "ofertu")
        == "Jugador 1 (Blanco) ganó más subastas (3 a 1) y empieza la siguiente ronda."
    )
    bids = "Position 1 (R2): Player 1 (White) bids W8 = 8; Player 2 (Black) bids R9 + R6 + R7 = 22."
    assert (
        translate(bids, "es", "ofertu")
        == "Posición 1 (R2): Jugador 1 (Blanco) puja W8 = 8; Jugador 2 (Negro) puja R9 + R6 + R7 = 22."
    )
    assert translate(line, "en", "ofertu") == line


def test_reading_a_line_back_leaves_no_garbage_for_the_collector() -> None:
    """Splitting a line along its templates makes no reference cycle: a server reads every
    line of every payload back this way, and each split left one for the garbage collector
    (16,232 objects in 10 s of a server at 100 tables, issue 36)."""
    lines = [
        "Player 1 (White) won more auctions (3 to 1) and starts the next round.",
        "Position 1 (R2): Player 1 (White) bids W8 = 8; Player 2 (Black) bids R9 + R6 + R7 = 22.",
    ]
    catalog = game_catalog("ofertu", "es")
    gc.collect()
    gc.disable()
    try:
        for line in lines:
            assert catalog.partial(line)[0] != line
        found = gc.collect()
    finally:
        gc.enable()
    assert found == 0, f"{found} objects in reference cycles"


def test_an_uncovered_line_stays_english_and_says_which_part_is_missing() -> None:
    line = "Player 1 (White) juggles W8."
    assert translate(line, "es", "ofertu") == "Jugador 1 (White) juggles W8."
    assert untranslated(line, "es", "ofertu") == [line]
    assert untranslated("Player 1 (White) draws W8.", "es", "ofertu") == []


def test_a_result_reads_in_spanish_by_its_keys() -> None:
    g = get_game("ofertu")
    s = g.new(2, 3)
    while not s.over:
        s.apply(s.legal_actions()[0])
    r = localize_result(s.result().to_json(), "es", "ofertu")
    assert [c["label"] for c in r["seats"][0]["categories"]] == ["Puntos en la zona de victoria"]
    assert localize_result(s.result().to_json(), "en", "ofertu") == s.result().to_json()


def test_a_tie_break_sentence_in_spanish() -> None:
    tb = {
        "score": 12.0,
        "tied": [0, 1],
        "rules": ["display_cards"],
        "decided_by": ["display_cards"],
        "winners": [1],
    }
    result = {"over": True, "seats": [], "winners": [1], "tie_break": tb, "rating": None}
    got = localize_result(result, "es", "ofertu")["tie_break"]["text"]
    assert got == "Empate a 12; desempate: más cartas en la zona de victoria."
    tb_shared = {**tb, "decided_by": [], "winners": [0, 1]}
    got = localize_result({**result, "tie_break": tb_shared}, "es", "ofertu")["tie_break"]["text"]
    assert (
        got
        == "Empate a 12, y el desempate (más cartas en la zona de victoria) no lo rompe: la victoria es compartida."
    )


@pytest.mark.parametrize("game", TRANSLATED)
def test_every_sentence_of_a_game_has_spanish(game: str) -> None:
    gaps = missing(game, "es", games_per_setting=2, seed=1)  # the games own tests play seed 0
    assert not gaps, f"{len(gaps)} sentences not covered, e.g. {list(gaps.items())[:5]}"


@pytest.mark.parametrize("game", TRANSLATED)
def test_the_first_template_that_may_read_a_line_is_found_in_one_pass(game: str) -> None:
    """The catalog's one pattern finds, for any line, the first template (most specific first)
    whose own pattern matches it, and then only templates after it are tried."""
    cat = game_catalog(game, "es")
    g = get_game(game)
    s = g.new(g.max_players, 3)
    rnd = random.Random(3)
    lines = []
    while not s.over and len(lines) < 300:
        s.apply(rnd.choice(s.legal_actions()))
        lines += s.log(None)[-3:]
    lines += [t.english for t in cat.templates] + ["nothing a template reads", ""]
    for line in lines:
        first = next(
            (i for i, t in enumerate(cat.templates) if t.pattern.fullmatch(line)), len(cat.templates)
        )
        assert cat._readers(line) == cat.templates[first:], line


@pytest.mark.parametrize("game", TRANSLATED)
def test_every_result_word_of_a_game_has_spanish(game: str) -> None:
    g = get_game(game)
    s = g.new(g.min_players, 1)
    while not s.over:
        s.apply(s.legal_actions()[-1])
    words = game_catalog(game, "es").result
    for c in s.result().seats[0].categories:
        assert f"categories.{c.key}" in words, c.key


def test_the_language_in_force_is_read_at_each_call_not_cached() -> None:
    from muertos.i18n import use_language

    assert translate("round 2", game="ofertu") == "round 2"
    with use_language("es"):
        assert translate("round 2", game="ofertu") == "ronda 2"
    assert translate("round 2", game="ofertu") == "round 2"


def test_a_line_that_ran_out_of_depth_inside_another_is_still_translated_alone() -> None:
    cat = game_catalog("ofertu", "es")
    deep = "Player 2 (White) draws B9, W9, R9."  # a line no game writes, so nothing remembers it
    assert cat.full(deep, depth=99) is None  # no depth left: no answer, and not remembered
    assert cat.full(deep) == "Player 2 (Blanco) roba B9, W9, R9."


@pytest.mark.parametrize("game", TRANSLATED)
def test_the_lobby_reads_every_game_summary_and_option_in_spanish(game: str) -> None:
    g = get_game(game)
    for text in [g.summary, *(o.help for o in g.options)]:
        assert untranslated(text, "es", game) == [], text


def test_messages_that_said_something_else_than_the_english() -> None:
    """Issue 35, items 10 and 11: the hint's refusal points at the seat, not the hint; the
    replay is watched ("Ver la repetición"), not played again beside the rematch button."""
    assert message("analysis.api.hint_seat", "es") == (
        "Las pistas son para quien ocupa un asiento: abre el tuyo con tu enlace de invitación."
    )
    assert message("web.table.replay", "es") == "Ver la repetición de esta partida"
    assert message("web.lobby.view_replay", "es") == "Ver repetición"
    assert message("web.table.rematch", "es").startswith("Revancha")
