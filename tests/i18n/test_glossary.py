"""One word for one thing (issue 35): each game's ``locale/glossary.es.toml`` and the table's
``i18n/glossary.es.toml`` name the Spanish word of each term and the other words a
translator might reach for; no catalog a Spanish reader reads may use one of those."""

from __future__ import annotations

import pytest

from muertos.engine.registry import game_ids
from muertos.i18n import catalog_texts, glossary


@pytest.mark.parametrize("game", game_ids())
def test_every_game_has_a_glossary(game: str) -> None:
    assert len(glossary(game, "es")) >= 3


@pytest.mark.parametrize("game", [None, *game_ids()])
def test_no_catalog_uses_a_second_word_for_a_glossary_term(game: str | None) -> None:
    """The game's glossary holds in its own catalogs; the table's holds in every catalog."""
    texts = catalog_texts(game, "es")
    games = game_ids() if game is None else [game]
    everywhere = [*texts, *(t for g in games if game is None for t in catalog_texts(g, "es"))]
    found = []
    for term in glossary(game, "es"):
        assert any(term.word.lower() in t.lower() for t in everywhere), (
            f"{term.term}: '{term.word}' is used nowhere"
        )
        for other in term.others:
            found += [(term.term, term.word, t) for t in everywhere if other.search(t)]
    assert not found, found[:5]


def test_a_second_word_is_found() -> None:
    """The check reads what it should: the old Ofertu and analysis words are caught."""
    pips = next(t for t in glossary("ofertu", "es") if t.term == "pips")
    assert any(p.search("vale 3 pepitas") for p in pips.others)
    share = next(t for t in glossary(None, "es") if t.term == "win share")
    assert any(p.search("−4% de parte de victoria") for p in share.others)
    abuela = next(t for t in glossary("ofrenda", "es") if t.term == "Abuela")
    assert any(p.search("Abuela saca un 5") for p in abuela.others)
    assert not any(p.search("La Abuela saca un 5; contra la Abuela") for p in abuela.others)
