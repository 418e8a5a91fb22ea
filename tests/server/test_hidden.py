"""Hidden information, for every game in ``muertos.game_ids()``, over HTTP and WebSocket.

Each response for a seat must carry exactly ``state.view(seat)`` and ``state.log(seat)``
besides the table's public summary, and the whole response must be unchanged when
everything that seat cannot see is redrawn (``determinize``): so no part of it depends
on another seat's secrets.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from fastapi.testclient import TestClient

from muertos.engine import Game
from muertos.engine import game as find_game
from muertos.engine import game_ids as all_games
from muertos.server.tables import Loaded, TableService

from .conftest import Table, make_table

SUMMARY_KEYS = {
    "id", "game", "title", "players", "options", "status", "created_at", "finished_at",
    "moves", "rematch", "rematch_of", "seats", "time_limit", "resigned",
}  # fmt: skip
SEAT_KEYS = SUMMARY_KEYS | {
    "you", "view", "log", "events", "can_undo", "clock", "can_leave", "can_resign", "can_cancel", "chat",
    "last_move_at", "last_mover",
}  # fmt: skip
MOVES = 40


def cases() -> list[Any]:
    out = []
    try:
        ids = all_games()
    except Exception as e:  # a game that does not import is a failure, not a skip
        return [pytest.param("registry", 0, marks=pytest.mark.xfail(reason=repr(e), strict=True))]
    for gid in ids:
        g = find_game(gid)
        counts = sorted({g.min_players, min(g.max_players, max(g.min_players, 3))})
        out += [pytest.param(gid, n, id=f"{gid}-{n}p") for n in counts]
    return out


def check_invariant(svc: TableService, lo: Loaded, got: dict[str, Any]) -> None:
    """The response is what the seat may know: equal for every redraw of what it cannot see."""
    for k in range(2):
        d = lo.state.determinize(lo.seat, random.Random(k))
        assert svc.payload(Loaded(lo.table, lo.actions, d, lo.seat)).model_dump() == got


@pytest.mark.parametrize(("game_id", "players"), cases())
def test_views_over_http_and_websocket_hide_what_each_seat_may_not_see(
    real_client: TestClient, game_id: str, players: int
) -> None:
    g: Game = find_game(game_id)
    svc: TableService = real_client.app.state.service  # type: ignore[attr-defined]
    t: Table = make_table(real_client, game_id, [{"kind": "human"}] * players, seed=101)
    seats: list[int | None] = [*range(players), None]
    for s in seats:
        t.get(s)  # open every invite link first: no more seat changes later
    local = g.new(players, 101, t.get()["options"])
    rng = random.Random(5)
    conns = [
        real_client.websocket_connect(
            f"/ws/tables/{t.id}" + (f"?token={t.tokens[s]}" if s is not None else "")
        )
        for s in seats
    ]
    sockets = [c.__enter__() for c in conns]
    try:
        for ws, s in zip(sockets, seats, strict=True):
            first = ws.receive_json()
            assert first["view"] == local.view(s) and first["log"] == local.log(s)
        for move in range(MOVES + 1):
            if move % 8 == 0 or local.over or move == MOVES:
                for s in seats:
                    got = t.get(s)
                    assert set(got) == SEAT_KEYS
                    assert got["view"] == local.view(s), f"seat {s} after {move} moves"
                    assert got["log"] == local.log(s)
                    check_invariant(svc, svc.load(t.id, t.tokens[s] if s is not None else None), got)
            if local.over or move == MOVES:
                break
            seat = local.to_move
            assert seat is not None
            action = rng.choice(local.legal_actions())
            start = len(local.events)
            local.apply(action)
            r = t.act(seat, action, index=move)
            assert r.status_code == 200, r.text
            assert r.json()["table"]["view"] == local.view(seat)
            assert r.json()["events"] == [
                {"kind": e.kind, "text": e.text} for e in local.events_for(seat, start)
            ]
            for ws, s in zip(sockets, seats, strict=True):
                m = ws.receive_json()
                assert m["moves"] == move + 1
                assert m["view"] == local.view(s), f"websocket of seat {s}, move {move + 1}"
                assert m["new_events"] == [
                    {"kind": e.kind, "text": e.text} for e in local.events_for(s, start)
                ]
                assert set(m) == (SEAT_KEYS - {"log"}) | {"type", "reset", "new_events"}
    finally:
        for c in conns:
            c.__exit__(None, None, None)
    # the log endpoint is redacted the same way
    for s in seats:
        headers = {"X-Seat-Token": t.tokens[s]} if s is not None else {}
        assert real_client.get(f"/api/tables/{t.id}/log", headers=headers).json()["lines"] == local.log(s)


def test_tables_list_and_summary_carry_no_seed_or_tokens(real_client: TestClient) -> None:
    gid = all_games()[0]
    g = find_game(gid)
    t = make_table(real_client, gid, [{"kind": "human"}] * max(g.min_players, 2), seed=424242)
    text = real_client.get("/api/tables").text + real_client.get(f"/api/tables/{t.id}").text
    assert "424242" not in text
    assert not any(tok in text for tok in t.tokens.values())
