"""Bad input: each refusal is a JSON error with the right status, and nothing changes."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from .conftest import Table, human, make_table


@pytest.fixture
def table(client: TestClient) -> Table:
    t = make_table(client, "toy", [human(), human()], seed=17)
    assert t.act(0, t.get(0)["view"]["legal"][0]).status_code == 200  # seat 2 is to move
    t.get(1)  # seat 2 opens its invite link: the seat is taken
    return t


def snapshot(t: Table) -> list[Any]:
    return [t.get(0), t.get(1), t.get(), t.client.get("/api/tables").json()]


def post(t: Table, body: Any, token: str | None, table_id: str | None = None, raw: bool = False) -> Any:
    headers = {"X-Seat-Token": token} if token is not None else {}
    url = f"/api/tables/{table_id or t.id}/actions"
    if raw:
        return t.client.post(url, content=body, headers={**headers, "Content-Type": "application/json"})
    return t.client.post(url, json=body, headers=headers)


CASES: list[tuple[str, int, str]] = [
    ("no token", 403, "seat_required"),
    ("a wrong token", 403, "bad_token"),
    ("another table's token", 403, "bad_token"),
    ("the wrong seat", 403, "wrong_seat"),
    ("not your turn", 409, "not_your_turn"),
    ("a stale index", 409, "stale"),
    ("an illegal action", 400, "illegal_action"),
    ("a number in digits int() refuses", 400, "illegal_action"),
    ("an unknown table", 404, "unknown_table"),
    ("no action", 422, "malformed"),
    ("an empty action", 422, "malformed"),
    ("a number for an action", 422, "malformed"),
    ("an unknown field", 422, "malformed"),
    ("a negative index", 422, "malformed"),
    ("not JSON", 422, "malformed"),
    ("a JSON list", 422, "malformed"),
    ("a huge action", 422, "malformed"),
]


@pytest.mark.parametrize(("case", "status", "code"), CASES, ids=[c[0] for c in CASES])
def test_bad_move_is_refused_and_changes_nothing(
    client: TestClient, table: Table, case: str, status: int, code: str
) -> None:
    other = make_table(client, "toy", [human(), human()], seed=1)
    before = snapshot(table)
    legal = table.get(1)["view"]["legal"][0]
    tok = table.tokens[1]
    r = {
        "no token": lambda: post(table, {"action": legal}, None),
        "a wrong token": lambda: post(table, {"action": legal}, "nope" * 8),
        "another table's token": lambda: post(table, {"action": legal}, other.invites[1]),
        "the wrong seat": lambda: post(table, {"action": legal, "seat": 0}, tok),
        "not your turn": lambda: post(table, {"action": legal}, table.tokens[0]),
        "a stale index": lambda: post(table, {"action": legal, "index": 0}, tok),
        "an illegal action": lambda: post(table, {"action": "play 99"}, tok),
        "a number in digits int() refuses": lambda: post(table, {"action": "play ²"}, tok),
        "an unknown table": lambda: post(table, {"action": legal}, tok, table_id="nosuchtable"),
        "no action": lambda: post(table, {"index": 1}, tok),
        "an empty action": lambda: post(table, {"action": ""}, tok),
        "a number for an action": lambda: post(table, {"action": 3}, tok),
        "an unknown field": lambda: post(table, {"action": legal, "cheat": True}, tok),
        "a negative index": lambda: post(table, {"action": legal, "index": -1}, tok),
        "not JSON": lambda: post(table, b"{action: play", tok, raw=True),
        "a JSON list": lambda: post(table, ["draw"], tok),
        "a huge action": lambda: post(table, {"action": "x" * 500}, tok),
    }[case]()
    assert r.status_code == status, r.text
    body = r.json()
    assert body["code"] == code and body["detail"]
    if status == 400:
        assert ("play 99" if case == "an illegal action" else "play ²") in body[
            "detail"
        ]  # names what, and why
    assert snapshot(table) == before


def test_a_game_over_refuses_moves(client: TestClient) -> None:
    from .test_api import play_to_end

    t = make_table(client, "toy", [human(), human()], seed=3)
    play_to_end(t)
    r = t.act(0, "draw")
    assert r.status_code == 409 and r.json()["code"] == "game_over"


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"game": "chess"}, "unknown_game"),
        ({"game": "toy", "seats": [human()] * 5}, "bad_options"),
        ({"game": "toy", "players": 3, "seats": [human()] * 2}, "bad_seats"),
        ({"game": "toy", "options": {"draw": "sometimes"}}, "bad_options"),
        ({"game": "toy", "options": {"nope": True}}, "bad_options"),
        ({"game": "toy", "seats": [human(), {"kind": "alien"}]}, "malformed"),
        ({"game": "toy", "seed": -1}, "malformed"),
        ({"game": "toy", "seed": 2**64}, "malformed"),
        ({"seats": [human()]}, "malformed"),
        ({"game": "toy", "seats": [human(), {"kind": "human", "agent": "greedy"}]}, "bad_seat"),
        ({"game": "toy", "seats": [human(), {"kind": "open", "agent": "random"}]}, "bad_seat"),
        ({"game": "toy", "seats": [human(), human("Bo\u202eb")]}, "bad_name"),  # right-to-left override
        ({"game": "toy", "seats": [human(), human("Bo\x07b")]}, "bad_name"),  # a bell
        ({"game": "toy", "seats": [human(), human("Bo\nb")]}, "bad_name"),
        ({"game": "toy", "seats": [human(), human("Bo\u2066b")]}, "bad_name"),  # isolate
        ({"game": "toy", "seats": [human(), human("\u200bBo")]}, "bad_name"),  # zero-width space
    ],
)
def test_bad_tables_are_refused(client: TestClient, body: dict[str, Any], code: str) -> None:
    r = client.post("/api/tables", json=body)
    assert r.status_code == 422, r.text
    assert r.json()["code"] == code
    assert client.get("/api/tables").json() == []


def test_unknown_tables_everywhere_are_404(client: TestClient) -> None:
    for method, path in [
        ("get", "/api/tables/zzz"),
        ("get", "/api/tables/zzz/log"),
        ("get", "/api/tables/zzz/result"),
        ("get", "/api/tables/zzz/replay/0"),
        ("post", "/api/tables/zzz/undo"),  # with its body: {"index": 0}
        ("post", "/api/tables/zzz/rematch"),
        ("post", "/api/tables/zzz/seats/0/claim"),
    ]:
        body = {"json": {"index": 0}} if path.endswith("/undo") else {}
        r = getattr(client, method)(path, **body)
        assert r.status_code == 404, path
        assert r.json()["code"] == "unknown_table"
    assert client.get("/api/tables?status=lost").status_code == 422


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    action=st.text(max_size=40),
    index=st.one_of(st.none(), st.integers(-3, 6)),
    seat=st.one_of(st.none(), st.integers(-1, 3)),
)
def test_any_move_body_gets_a_clean_answer(
    client: TestClient, action: str, index: int | None, seat: int | None
) -> None:
    """Whatever a seat posts, the answer is 200 or a JSON refusal; never a server error."""
    t = make_table(client, "toy", [human(), human()], seed=2)
    body: dict[str, Any] = {"action": action, "index": index, "seat": seat}
    r = client.post(f"/api/tables/{t.id}/actions", json=body, headers={"X-Seat-Token": t.tokens[0]})
    assert r.status_code in (200, 400, 403, 409, 422), r.text
    if r.status_code == 200:
        assert r.json()["table"]["moves"] == 1
    else:
        assert r.json()["code"] and t.get()["moves"] == 0


def test_refusals_name_the_problem_and_count_seats_from_1(client: TestClient) -> None:
    r = client.post(
        "/api/tables", json={"game": "toy", "seats": [human(), {"kind": "human", "agent": "greedy"}]}
    )
    assert r.json()["detail"] == "seat 2 is for a person: an agent is only for a bot seat"
    r = client.post("/api/tables", json={"game": "toy", "seats": [human(), human("Eve\u202egnp.exe")]})
    assert r.json()["detail"] == (
        "seat 2: a name may not contain control or direction-override characters "
        "(found U+202E RIGHT-TO-LEFT OVERRIDE)"
    )
    t = make_table(client, "toy", [human("Ana"), human("Bo")], seed=17)
    r = t.act(1, "draw")
    assert r.json() == {"detail": "it is not your turn: Ana (seat 1) is to move", "code": "not_your_turn"}
    r = post(t, {"action": "draw", "seat": 1}, t.tokens[0])
    assert r.json() == {"detail": "this token is seat 1's, not seat 2's", "code": "wrong_seat"}


def test_names_with_emoji_sequences_and_accents_are_kept(client: TestClient) -> None:
    family = "José 👩\u200d👩\u200d👧"  # zero-width joiners inside an emoji sequence
    t = make_table(client, "toy", [human(family), human("  Ñandú  ")], seed=1)
    assert [s["name"] for s in t.get()["seats"]] == [family, "Ñandú"]


@pytest.mark.parametrize(
    ("path", "size"),
    [("/api/tables/{id}/actions", 1 << 20), ("/api/tables/{id}/actions", 10 << 20), ("/api/tables", 40_000)],
)
def test_a_body_over_the_limit_is_refused_early_with_413(
    client: TestClient, table: Table, path: str, size: int
) -> None:
    before = snapshot(table)
    body = b'{"action": "' + b"x" * size + b'"}'
    url = path.format(id=table.id)
    r = client.post(
        url, content=body, headers={"Content-Type": "application/json", "X-Seat-Token": table.tokens[1]}
    )
    assert r.status_code == 413, r.text
    assert r.json()["code"] == "too_large" and "limit" in r.json()["detail"]
    assert snapshot(table) == before


def test_a_streamed_body_without_a_length_is_cut_off_at_the_limit(client: TestClient, table: Table) -> None:
    before = snapshot(table)
    read: list[int] = []

    def chunks() -> Any:
        for i in range(1000):  # 8 MB if it were all read
            read.append(i)
            yield b'{"action": "' if i == 0 else b"x" * 8192

    r = client.post(
        f"/api/tables/{table.id}/actions",
        content=chunks(),
        headers={"Content-Type": "application/json", "X-Seat-Token": table.tokens[1]},
    )
    assert r.status_code == 413 and r.json()["code"] == "too_large", r.text
    assert snapshot(table) == before


def test_the_largest_table_the_schema_allows_is_under_the_limit(client: TestClient) -> None:
    """16 seats with 40-character names, each character escaped in JSON: judged, not cut."""
    seats = [{"kind": "bot", "agent": "ismcts:0.5s:heuristic", "name": "😀" * 40}] * 16
    body = json.dumps({"game": "toy", "seats": seats, "options": {"draw": True}}).encode()
    assert len(body) > 8_000
    r = client.post("/api/tables", content=body, headers={"Content-Type": "application/json"})
    assert r.status_code == 422 and r.json()["code"] == "bad_options", r.text  # toy: 2–3 players


@pytest.mark.parametrize(
    ("method", "path", "status", "code"),
    [
        ("get", "/api/nothing-here", 404, "not_found"),
        ("delete", "/api/tables", 405, "method_not_allowed"),
        ("put", "/api/tables/{id}/actions", 405, "method_not_allowed"),
    ],
)
def test_every_error_has_the_documented_shape(
    client: TestClient, table: Table, method: str, path: str, status: int, code: str
) -> None:
    r = getattr(client, method)(path.format(id=table.id))
    assert r.status_code == status
    assert set(r.json()) == {"detail", "code"} and r.json()["code"] == code


def test_a_body_the_parser_gives_up_on_has_the_documented_shape(client: TestClient, table: Table) -> None:
    """FastAPI answers some bodies with its own 400 'There was an error parsing the body':
    told in the reader's language as ours are."""
    from fastapi import HTTPException

    async def boom() -> None:
        raise HTTPException(400, "There was an error parsing the body")

    client.app.add_api_route("/api/boom", boom, methods=["POST"])  # type: ignore[attr-defined]
    r = client.post("/api/boom", content=b"x")
    assert r.status_code == 400
    assert r.json() == {"detail": "the request could not be read", "code": "bad_request"}
    r = client.post("/api/boom", content=b"x", headers={"Accept-Language": "es"})
    assert r.json() == {"detail": "no se pudo leer la petición", "code": "bad_request"}


def test_an_option_outside_its_range_is_refused(real_client: TestClient) -> None:
    body = {"game": "dia-de-los-muertos", "players": 3, "options": {"round_limit": 10**12}}
    r = real_client.post("/api/tables", json=body)
    assert r.status_code == 422 and r.json() == {
        "detail": "option 'round_limit' must be from 1 to 1000, got 1000000000000",
        "code": "bad_options",
    }
    listed = {g["id"]: g for g in real_client.get("/api/games").json()}
    (limit,) = listed["dia-de-los-muertos"]["options"]
    assert (limit["minimum"], limit["maximum"]) == (1, 1000)
