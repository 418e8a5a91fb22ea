"""The web table in the reader's language: the front end's catalogs, and every text the
API sends in Spanish when asked (``?lang=es`` or ``Accept-Language: es``), English else."""

from __future__ import annotations

from fastapi.testclient import TestClient

from muertos.i18n import messages


def test_the_front_end_gets_the_messages_and_every_games_terms(real_client: TestClient) -> None:
    r = real_client.get("/api/i18n/es")
    assert r.status_code == 200
    pack = r.json()
    assert pack["lang"] == "es"
    assert pack["messages"] == messages("es")
    assert pack["messages"]["web.language"] == "Idioma"
    assert pack["terms"]["ofertu"]["White"] == "Blanco"
    assert set(pack["terms"]) >= {"ofertu", "ofrenda", "patzcuaro"}
    en = real_client.get("/api/i18n/en").json()
    assert en["messages"]["web.language"] == "Language" and en["terms"]["ofertu"] == {}


def test_a_language_the_table_is_not_written_in_is_refused_by_name(real_client: TestClient) -> None:
    r = real_client.get("/api/i18n/fr")
    assert r.status_code == 404
    assert r.json()["code"] == "unknown_language"
    assert "'fr'" in r.json()["detail"] and "en, es" in r.json()["detail"]
