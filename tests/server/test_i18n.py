"""The web table in the reader's language: the front end's catalogs, and every text the
API sends in Spanish when asked (``?lang=es`` or ``Accept-Language: es``), English else."""

from __future__ import annotations

import re
from typing import Any

import pytest
from fastapi.testclient import TestClient

from muertos.i18n import game_catalog, messages

from .conftest import Table, bot, human, make_table


def test_the_front_end_gets_the_messages_and_every_games_terms(real_client: TestClient) -> None:
    r = real_client.get("/api/i18n/es")
    assert r.status_code == 200
    pack = r.json()
    assert pack["lang"] == "es"
    # every message but the terminal's --help texts, which no page draws
    assert pack["messages"] == {k: v for k, v in messages("es").items() if not k.startswith("help.")}
    assert any(k.startswith("help.") for k in messages("es"))
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


# ------------------------------------------------------------------ an Ofertu table in Spanish
SPANISH = {"Accept-Language": "es-MX,es;q=0.9,en;q=0.5"}
CARD = re.compile(r"\b[RBW]\d+\b")


def ofertu(client: TestClient, moves: int) -> Table:
    """An Ofertu table of two people (Ana, and seat 2 left unnamed) after ``moves`` moves,
    each seat playing its first legal action."""
    t = make_table(client, "ofertu", [human("Ana"), human()], seed=4)
    for _ in range(moves):
        seat = t.get()["view"]["to_move"]
        assert t.act(seat, t.get(seat)["view"]["legal"][0]).status_code == 200
    return t


@pytest.mark.parametrize("how", ["header", "query"])
def test_status_and_log_are_spanish_when_asked_and_english_otherwise(
    real_client: TestClient, how: str
) -> None:
    t = ofertu(real_client, 3)
    kw: dict[str, Any] = {"headers": SPANISH} if how == "header" else {"params": {"lang": "es"}}
    es = real_client.get(f"/api/tables/{t.id}", **kw).json()
    en = real_client.get(f"/api/tables/{t.id}").json()
    assert en["view"]["status"].startswith("Ana to bid") or "to bid" in en["view"]["status"]
    assert "Le toca pujar" in es["view"]["status"] and "ronda" in es["view"]["status"]
    assert "Ronda 1: empieza" in " ".join(es["log"]) and "Round 1:" in " ".join(en["log"])
    # the table's seat names go in after translating; a seat left unnamed reads in Spanish
    assert any("Ana" in line for line in es["log"]) and not any("Player" in line for line in es["log"])
    assert [s["name"] for s in es["seats"]] == ["Ana", "Jugador 2"]
    assert [s["name"] for s in en["seats"]] == ["Ana", "Player 2"]
    log_es = real_client.get(f"/api/tables/{t.id}/log", **kw).json()["lines"]
    assert log_es == es["log"] and len(log_es) == len(en["log"])
    step = real_client.get(f"/api/tables/{t.id}/replay/1", **kw).json()
    assert step["events"] and all("Player" not in e["text"] for e in step["events"])


def test_a_refused_action_is_explained_in_spanish_and_changes_nothing(real_client: TestClient) -> None:
    t = ofertu(real_client, 1)
    seat = t.get()["view"]["to_move"]
    before = t.get(seat)
    r = real_client.post(
        f"/api/tables/{t.id}/actions",
        json={"action": "bid R1 on 9"},
        headers={"X-Seat-Token": t.tokens[seat], **SPANISH},
    )
    assert r.status_code == 400 and r.json()["code"] == "illegal_action"
    assert "fila de subasta" in r.json()["detail"] or "no tiene" in r.json()["detail"], r.json()
    english = t.act(seat, "bid R1 on 9").json()["detail"]
    assert english != r.json()["detail"]
    assert t.get(seat) == before
    # the server's own refusals too
    other = 1 - seat
    r = real_client.post(
        f"/api/tables/{t.id}/actions",
        json={"action": "pass"},
        headers={"X-Seat-Token": t.tokens[other], **SPANISH},
    )
    assert r.status_code == 409 and r.json()["code"] == "not_your_turn"
    # a name typed at creation reads as typed; a seat nobody named is "Jugador 2" with its
    # article, never the English default it was stored as (issue 35, item 6)
    want = "le toca a Ana (asiento 1)" if seat == 0 else "le toca al Jugador 2 (asiento 2)"
    assert r.json()["detail"] == f"no es tu turno: {want}"
    assert t.get(seat) == before
    r = real_client.get("/api/tables/nosuchtable", params={"lang": "es"})
    assert r.json() == {"detail": "no hay ninguna mesa 'nosuchtable'", "code": "unknown_table"}


def test_a_spectators_spanish_log_holds_no_hidden_card(real_client: TestClient) -> None:
    t = ofertu(real_client, 5)  # bids face down: each seat's own cards are secret
    spanish = real_client.get(f"/api/tables/{t.id}/log", headers=SPANISH).json()["lines"]
    english = real_client.get(f"/api/tables/{t.id}/log").json()["lines"]
    owner = real_client.get(f"/api/tables/{t.id}/log", headers={"X-Seat-Token": t.tokens[0]}).json()["lines"]
    assert len(spanish) == len(english)
    # line by line, the Spanish spectator's line names exactly the cards the English one does
    for es_line, en_line in zip(spanish, english, strict=True):
        assert sorted(CARD.findall(es_line)) == sorted(CARD.findall(en_line)), (es_line, en_line)
    secret = set(CARD.findall(" ".join(owner))) - set(CARD.findall(" ".join(english)))
    assert secret, "the test needs a card only its owner has seen"
    assert not secret & set(CARD.findall(" ".join(spanish)))
    assert any("boca abajo" in line for line in spanish)


def test_the_result_reads_in_spanish(real_client: TestClient) -> None:
    t = make_table(real_client, "ofertu", [bot("random"), bot("random")], seed=2)
    t.settle()
    es = real_client.get(f"/api/tables/{t.id}/result", params={"lang": "es"}).json()
    en = real_client.get(f"/api/tables/{t.id}/result").json()
    assert es["over"] and en["over"]
    label = es["seats"][0]["categories"][0]["label"]
    assert label == "Puntos en la zona de victoria"
    assert en["seats"][0]["categories"][0]["label"] != label
    assert es["scores"] == en["scores"] and es["winners"] == en["winners"]


def test_live_updates_in_the_language_chosen_at_connection(real_client: TestClient) -> None:
    t = ofertu(real_client, 0)
    with (
        real_client.websocket_connect(f"/ws/tables/{t.id}?lang=es") as es,
        real_client.websocket_connect(f"/ws/tables/{t.id}") as en,
    ):
        first_es, first_en = es.receive_json(), en.receive_json()
        assert first_es["log"][0] != first_en["log"][0] and "toma el mazo" in first_es["log"][0]
        seat = first_en["view"]["to_move"]
        assert t.act(seat, t.get(seat)["view"]["legal"][0]).status_code == 200
        upd_es, upd_en = es.receive_json(), en.receive_json()
        assert "boca abajo" in upd_es["new_events"][0]["text"]
        assert "face-down" in upd_en["new_events"][0]["text"]
        assert "Le toca pujar" in upd_es["view"]["status"]


def test_a_games_summary_is_spanish_only_where_its_catalog_covers_all_of_it(real_client: TestClient) -> None:
    es = {g["id"]: g for g in real_client.get("/api/games", params={"lang": "es"}).json()}
    en = {g["id"]: g for g in real_client.get("/api/games").json()}
    for gid, g in es.items():
        whole = game_catalog(gid, "es").full(en[gid]["summary"])
        assert g["summary"] == (whole or en[gid]["summary"]), gid


def test_the_lobby_titles_and_option_names_are_spanish(real_client: TestClient) -> None:
    """A game's title and each option's name reach a Spanish reader in Spanish ("Día de
    los Muertos", not the engine's "Dia de los Muertos"); a request still sends the
    option's own name (issue 35, item 2)."""
    es = {g["id"]: g for g in real_client.get("/api/games", params={"lang": "es"}).json()}
    en = {g["id"]: g for g in real_client.get("/api/games").json()}
    assert es["dia-de-los-muertos"]["title"] == "Día de los Muertos"
    assert es["die-of-the-dead"]["title"] == "Die of the Dead: la variante de la Ofrenda"
    assert en["dia-de-los-muertos"]["title"] == "Dia de los Muertos"
    for gid, g in es.items():
        for o, o_en in zip(g["options"], en[gid]["options"], strict=True):
            assert o["name"] == o_en["name"] and o_en["label"] == o["name"].replace("_", " ")
            assert o["label"] != o_en["label"], (gid, o["label"])
    t = make_table(real_client, "dia-de-los-muertos", [human(), bot("random")], seed=1)
    table = real_client.get(f"/api/tables/{t.id}", params={"lang": "es"}).json()
    assert table["title"] == "Día de los Muertos"


@pytest.mark.parametrize(
    ("agent", "english", "spanish"),
    [
        ("nobody", "no agent 'nobody'; agents:", "no hay ningún agente 'nobody'; los agentes son:"),
        ("ismcts:xyz", "xyz", "xyz"),
    ],
)
def test_a_bot_the_engine_refuses_is_refused_in_the_readers_language(
    real_client: TestClient, agent: str, english: str, spanish: str
) -> None:
    """The engine's sentence went out in English on a Spanish page: it was read through no
    game's catalog, where the engine's shared templates are."""
    body = {"game": "ofertu", "seats": [human(), bot(agent)]}
    en = real_client.post("/api/tables", json=body)
    es = real_client.post("/api/tables", json=body, params={"lang": "es"})
    assert en.status_code == es.status_code == 422
    assert en.json()["code"] == es.json()["code"] == "bad_seat"
    assert english in en.json()["detail"] and spanish in es.json()["detail"]
    assert en.json()["detail"] != es.json()["detail"]
    assert real_client.get("/api/tables").json() == []
