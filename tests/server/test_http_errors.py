"""The framework's own refusals (an unknown address, a wrong method, a malformed request, a
body over the limit) in the one error shape, their sentence in the reader's language."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from muertos.server.http import BODY_LIMIT

from .conftest import human, make_table

SPANISH = {"Accept-Language": "es-MX,es;q=0.9"}
ENGLISH: dict[str, str] = {}


def shape(r: Any, status: int, code: str) -> dict[str, Any]:
    assert r.status_code == status, r.text
    body: dict[str, Any] = r.json()
    assert body["code"] == code and isinstance(body["detail"], str) and body["detail"]
    assert set(body) <= {"detail", "code", "errors"}
    return body


@pytest.mark.parametrize(
    ("headers", "said"),
    [(ENGLISH, "there is nothing at /api/nowhere"), (SPANISH, "no hay nada en /api/nowhere")],
)
def test_an_unknown_address_is_a_404_in_the_readers_language(
    client: TestClient, headers: dict[str, str], said: str
) -> None:
    assert shape(client.get("/api/nowhere", headers=headers), 404, "not_found")["detail"] == said
    assert shape(client.get("/static/nothing.js", headers=headers), 404, "not_found")["detail"]


def test_query_lang_wins_over_accept_language(client: TestClient) -> None:
    r = client.get("/api/nowhere?lang=en", headers=SPANISH)
    assert shape(r, 404, "not_found")["detail"] == "there is nothing at /api/nowhere"


@pytest.mark.parametrize(
    ("headers", "said"),
    [
        (ENGLISH, "/api/tables does not take DELETE; it takes GET, POST"),
        (SPANISH, "/api/tables no admite DELETE; admite GET, POST"),
    ],
)
def test_a_wrong_method_is_a_405_naming_the_methods_the_address_takes(
    client: TestClient, headers: dict[str, str], said: str
) -> None:
    r = client.delete("/api/tables", headers=headers)
    assert shape(r, 405, "method_not_allowed")["detail"] == said
    assert r.headers["allow"] == "GET, POST"


MALFORMED: list[tuple[str, Any, str, str]] = [
    ("no action", {"index": 1}, "'action' is missing", "falta el campo 'action'"),
    ("empty", {"action": ""}, "'action' needs at least one character", "el campo 'action' necesita al menos"),
    ("a number", {"action": 3}, "'action' must be text", "el campo 'action' debe ser un texto"),
    (
        "unknown field",
        {"action": "x", "cheat": 1},
        "this request has no 'cheat'",
        "no lleva el campo 'cheat'",
    ),
    (
        "negative",
        {"action": "x", "index": -1},
        "'index' must be 0 or more",
        "el campo 'index' debe ser 0 o más",
    ),
    (
        "a list",
        ["draw"],
        "the request body must be a JSON object",
        "el cuerpo de la petición debe ser un objeto",
    ),
    ("long", {"action": "x" * 500}, "'action' has more than 200 characters", "tiene más de 200 caracteres"),
    (
        "not JSON",
        b"{action: play",
        "the request body is not valid JSON",
        "el cuerpo de la petición no es JSON",
    ),
]


@pytest.mark.parametrize(("case", "body", "english", "spanish"), MALFORMED, ids=[m[0] for m in MALFORMED])
def test_a_malformed_move_is_a_sentence_naming_the_field_and_keeps_the_list(
    client: TestClient, case: str, body: Any, english: str, spanish: str
) -> None:
    t = make_table(client, "toy", [human(), human()], seed=2)
    url = f"/api/tables/{t.id}/actions"
    for headers, said, lead in [
        (ENGLISH, english, "the request is malformed: "),
        (SPANISH, spanish, "la petición no es válida: "),
    ]:
        h = {"X-Seat-Token": t.tokens[0], **headers}
        if isinstance(body, bytes):
            r = client.post(url, content=body, headers={**h, "Content-Type": "application/json"})
        else:
            r = client.post(url, json=body, headers=h)
        out = shape(r, 422, "malformed")
        assert out["detail"].startswith(lead) and said in out["detail"], (case, out["detail"])
        assert out["errors"] and all({"loc", "msg", "type"} <= set(e) for e in out["errors"])
        assert out["errors"][0]["loc"][0] == "body"


def test_a_malformed_table_names_nested_fields_query_parameters_and_union_values(client: TestClient) -> None:
    r = client.post("/api/tables", json={"game": "toy", "seats": [human(), {"kind": "alien"}]})
    assert "'seats[1].kind' must be one of 'human', 'open', 'bot'" in shape(r, 422, "malformed")["detail"]
    r = client.post("/api/tables", json={"game": "toy", "options": {"draw": [1]}}, headers=SPANISH)
    out = shape(r, 422, "malformed")
    assert (
        out["detail"]
        == "la petición no es válida: el campo 'options.draw' tiene un valor de un tipo que no admite"
    )
    assert len(out["errors"]) == 3  # one per member of the union, for programs
    r = client.get("/api/tables?status=lost", headers=SPANISH)
    assert "el parámetro 'status' de la consulta debe ser uno de estos: 'open'" in r.json()["detail"]
    r = client.get("/api/tables?limit=abc")
    assert shape(r, 422, "malformed")["detail"].endswith("the query parameter 'limit' must be a whole number")


@pytest.mark.parametrize(
    ("headers", "said"),
    [(ENGLISH, f"over the limit of {BODY_LIMIT} bytes"), (SPANISH, f"pasa del límite de {BODY_LIMIT} bytes")],
)
def test_a_body_over_the_limit_is_a_413_in_the_readers_language(
    client: TestClient, headers: dict[str, str], said: str
) -> None:
    t = make_table(client, "toy", [human(), human()], seed=2)
    big = {"action": "x" * (BODY_LIMIT + 10)}
    r = client.post(f"/api/tables/{t.id}/actions", json=big, headers={"X-Seat-Token": t.tokens[0], **headers})
    assert said in shape(r, 413, "too_large")["detail"]


def test_the_openapi_document_describes_the_error_shape(client: TestClient) -> None:
    schema = client.get("/openapi.json").json()["components"]["schemas"]["ErrorOut"]
    assert set(schema["properties"]) == {"detail", "code", "errors"}
    assert schema["properties"]["detail"]["type"] == "string"
