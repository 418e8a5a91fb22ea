"""Typed views: a game's views hold exactly its published shape, and its board on the
front end reads only what that shape has."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from fastapi.testclient import TestClient
from pydantic import TypeAdapter

import muertos
from muertos.server.tables import Catalog

TYPED = [gid for gid in muertos.game_ids() if muertos.game(gid).view_type is not None]


def views_of_random_games(gid: str, games: int = 20) -> list[dict[str, Any]]:
    g = muertos.game(gid)
    out = []
    for seed in range(games):
        s = g.new(g.min_players if g.min_players > 1 else 2, seed)
        rnd = random.Random(seed)
        while True:
            out += [s.view(seat) for seat in [None, *range(s.players)]]
            if s.over:
                break
            s.apply(rnd.choice(s.legal_actions()))
    return out


def test_every_game_publishes_a_typed_view() -> None:
    assert muertos.game_ids() == TYPED


@pytest.mark.parametrize("gid", TYPED)
def test_every_view_holds_exactly_the_published_shape(gid: str, real_client: TestClient) -> None:
    view_type = muertos.game(gid).view_type
    schema = real_client.get(f"/api/games/{gid}/view-schema").json()
    assert schema == TypeAdapter(view_type).json_schema()
    keys, required = set(schema["properties"]), set(schema["required"])
    check = TypeAdapter(view_type)
    for v in views_of_random_games(gid):
        assert required <= set(v) <= keys, set(v) ^ keys
        check.validate_python(v, strict=True)


@pytest.mark.parametrize("gid", TYPED)
def test_the_front_end_board_reads_only_what_the_view_has(gid: str, real_client: TestClient) -> None:
    schema = real_client.get(f"/api/games/{gid}/view-schema").json()
    board = Catalog().board(gid)
    assert board is not None, f"{gid} has no board"
    source = board.read_text()
    read = set(re.findall(r"\bview\.([A-Za-z_]\w*)", source)) | set(
        re.findall(r"\bview\?\.([A-Za-z_]\w*)", source)
    )
    assert read, "the board reads no view field: the check would prove nothing"
    assert read <= set(schema["properties"]), read - set(schema["properties"])


def test_a_game_without_a_typed_view_says_so(
    real_client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(type(muertos.game("ofrenda")), "view_type", None)
    r = real_client.get("/api/games/ofrenda/view-schema")
    assert r.status_code == 404 and r.json()["code"] == "no_view_schema"
    assert real_client.get("/api/games/chess/view-schema").json()["code"] == "unknown_game"


def test_a_board_is_served_from_the_static_folder_or_beside_a_game_outside_the_package(
    client: TestClient, sqlite_url: str
) -> None:
    """``/static/games/<id>.js``: the package's own boards; a game that lives elsewhere (as
    ``MUERTOS_EXTRA_GAMES`` registers one) brings ``board.js`` beside its rules; a game with
    neither gets a 404 naming it, and the table draws the generic board."""
    from muertos.server import create_app
    from tests.sixth_toy import GAME as SIXTH

    with TestClient(create_app(sqlite_url, games={SIXTH.id: SIXTH, "ofertu": muertos.game("ofertu")})) as c:
        own = c.get("/static/games/ofertu.js")
        assert own.status_code == 200 and "javascript" in own.headers["content-type"]
        beside = c.get(f"/static/games/{SIXTH.id}.js")
        assert beside.status_code == 200 and 'term("sixth-toy", "face down")' in beside.text
    none = client.get("/static/games/toy.js")
    assert none.status_code == 404 and none.json()["code"] == "no_board" and "toy" in none.json()["detail"]
    assert client.get("/static/games/nothing.js").status_code == 404
