"""The JSON API on SQLite, with the toy game: create, list, view, play, bots, undo,
rematch, seats, log, result and replay."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

import muertos
from muertos.engine import game as find_game
from muertos.engine import game_ids as all_games
from tests.engine.toy import TOY

from .conftest import Table, bot, human, make_table


def local(seed: int, actions: list[str], players: int = 2) -> muertos.State:
    return TOY.replay(players, seed, {"draw": True}, actions)


def play_to_end(t: Table, pick: int = 0) -> list[str]:
    """Play the human seats' first legal action until the game is over; the actions played."""
    done: list[str] = []
    for _ in range(100):
        spect = t.get()
        if spect["view"]["over"]:
            return done
        seat = spect["view"]["to_move"]
        view = t.get(seat)["view"]
        a = view["legal"][min(pick, len(view["legal"]) - 1)]
        r = t.act(seat, a)
        assert r.status_code == 200, r.text
        done.append(a)
        t.settle()
    raise AssertionError("the game did not end")


def test_games_lists_options_with_defaults_and_help(client: TestClient) -> None:
    games = client.get("/api/games").json()
    assert [g["id"] for g in games] == ["toy"]
    assert games[0]["min_players"] == 2 and games[0]["max_players"] == 3
    assert games[0]["options"] == [
        {
            "name": "draw",
            "label": "draw",  # the name as words, in the reader's language
            "type": "bool",
            "default": True,
            "help": "allow drawing",
            "choices": None,
            "minimum": None,
            "maximum": None,
        }
    ]


def test_every_real_game_is_listed(real_client: TestClient) -> None:
    games = real_client.get("/api/games").json()
    assert [g["id"] for g in games] == all_games()
    for g in games:
        real = find_game(g["id"])
        assert g["title"] == real.title and g["summary"] == real.summary
        assert [o["name"] for o in g["options"]] == [o.name for o in real.options]
        assert [o["default"] for o in g["options"]] == [o.default for o in real.options]


def test_create_gives_one_invite_per_human_seat_and_seat_1_to_the_creator(client: TestClient) -> None:
    t = make_table(client, "toy", [human("Ana"), bot("greedy"), human()], seed=11)
    c = t.created
    assert [i["seat"] for i in c["invites"]] == [0, 2]
    assert c["creator_token"] == t.tokens[0]
    assert c["invites"][1]["url"].endswith(f"/table/{t.id}?token={t.invites[2]}")
    assert len(set(t.tokens.values())) == 2
    seats = c["table"]["seats"]
    assert [(s["kind"], s["name"]) for s in seats] == [
        ("human", "Ana"),
        ("bot", "Bot 2 (greedy)"),
        ("human", "Player 3"),
    ]
    assert seats[1]["agent"] == "greedy"
    assert "seed" not in c["table"] and "seed" not in t.get(0)


def test_views_for_seats_and_spectators(client: TestClient) -> None:
    t = make_table(client, "toy", [human(), human()], seed=5)
    s = local(5, [])
    for seat in (0, 1):
        got = t.get(seat)
        assert got["you"] == seat
        assert got["view"] == s.view(seat)
        assert got["log"] == s.log(seat)
    spect = t.get()
    assert spect["you"] is None and spect["view"] == s.view(None)
    # the token may also come as ?token=
    r = client.get(f"/api/tables/{t.id}?token={t.tokens[1]}")
    assert r.json()["view"] == s.view(1)


def test_two_humans_play_to_the_end(client: TestClient) -> None:
    t = make_table(client, "toy", [human(), human()], seed=9)
    played = play_to_end(t)
    final = local(9, played)
    assert final.over
    res = client.get(f"/api/tables/{t.id}/result").json()
    assert res == {
        **final.result().to_json(),
        "scores": final.scores(),
        "names": ["Player 1", "Player 2"],
        "resigned": None,
        "bots_from": None,
    }
    assert t.get(1)["log"] == final.log(1)
    assert client.get(f"/api/tables/{t.id}/log", headers={"X-Seat-Token": t.tokens[0]}).json() == {
        "seat": 0,
        "lines": final.log(0),
    }
    assert client.get(f"/api/tables/{t.id}/log").json()["lines"] == final.log(None)
    summary = t.get()
    assert summary["status"] == "finished" and summary["finished_at"] is not None
    assert summary["moves"] == len(played)
    finished = [x["id"] for x in client.get("/api/tables?status=finished").json()]
    assert t.id in finished
    assert t.id not in [x["id"] for x in client.get("/api/tables?status=in_progress").json()]


def test_result_before_the_end_shows_no_scores(client: TestClient) -> None:
    t = make_table(client, "toy", [human(), human()], seed=9)
    assert client.get(f"/api/tables/{t.id}/result").json()["scores"] is None


def test_post_action_returns_its_events_and_the_new_view(client: TestClient) -> None:
    t = make_table(client, "toy", [human(), human()], seed=3)
    a = t.get(0)["view"]["legal"][0]
    r = t.act(0, a.upper(), index=0)  # any case: the server stores the canonical spelling
    assert r.status_code == 200
    body = r.json()
    s = local(3, [a])
    assert body["index"] == 0
    assert body["events"] == [{"kind": e.kind, "text": e.text} for e in s.events_for(0, 1)]
    assert body["table"]["view"] == s.view(0)


def test_bot_answers_a_human_move(client: TestClient) -> None:
    t = make_table(client, "toy", [human(), bot("random")], seed=4)
    view = t.get(0)["view"]
    r = t.act(0, view["legal"][0])
    assert r.status_code == 200
    t.settle()
    after = t.get(0)
    assert after["view"]["to_move"] == 0 and after["moves"] == 2
    play_to_end(t)
    assert t.get()["view"]["over"]


def test_a_bot_in_seat_1_moves_first(client: TestClient) -> None:
    t = make_table(client, "toy", [bot("greedy"), human()], seed=4)
    t.settle()
    got = t.get(1)
    assert got["moves"] == 1 and got["view"]["to_move"] == 1


def test_a_table_of_bots_plays_itself_to_the_end(client: TestClient) -> None:
    t = make_table(client, "toy", [bot("random"), bot("ismcts:30")], seed=8)
    t.settle()
    spect = t.get()
    assert spect["view"]["over"] and spect["status"] == "finished"
    assert spect["created_at"] <= spect["finished_at"]


def test_a_seed_is_refused_where_another_person_sits(sqlite_url: str) -> None:
    """The seed, game and options fix every draw: whoever chose the seed of a table another
    person joins could deal the game offline and read that person's hand. A table of one
    person and bots takes a seed (a deal to practise on); two people, even both invited by
    the creator, take none, and nothing is created."""
    from muertos.server import create_app

    from .conftest import TOY_GAMES

    with TestClient(create_app(sqlite_url, games=TOY_GAMES, seeded_tables=False)) as c:
        for seats in ([human(), human()], [human(), {"kind": "open"}], None):
            body: dict[str, Any] = {"game": "toy", "seed": 7} | ({"seats": seats} if seats else {})
            for lang, said in (
                ("en", "a seed may be chosen only for a table of one person and bots"),
                ("es", "solo se puede elegir la semilla de una mesa de una persona y bots"),
            ):
                r = c.post("/api/tables", json=body, headers={"Accept-Language": lang})
                assert r.status_code == 422 and r.json()["code"] == "bad_seed", r.text
                assert r.json()["detail"].startswith(said)
        assert c.get("/api/tables").json() == []
        r = c.post("/api/tables", json={"game": "toy", "seats": [human(), bot()], "seed": 7})
        assert r.status_code == 201, r.text
        r = c.post("/api/tables", json={"game": "toy", "seats": [human(), human()]})
        assert r.status_code == 201, r.text  # the server's own secret seed


def test_bot_names_and_limits(client: TestClient) -> None:
    agents = client.get("/api/agents").json()
    assert "ismcts:0.5s" in agents["bots"] and agents["max_seconds"] == 5.0
    for bad in ["ismcts:100s", "ismcts:999999", "nobody", "human", ""]:
        r = client.post("/api/tables", json={"game": "toy", "seats": [human(), bot(bad)]})
        assert r.status_code == 422, bad
        assert r.json()["code"] == "bad_seat"


def test_undo_of_a_move_that_revealed_nothing(client: TestClient) -> None:
    t = make_table(client, "toy", [human(), human()], seed=21)
    before = t.get(0)
    play = next(a for a in before["view"]["legal"] if a.startswith("play"))
    assert t.act(0, play).status_code == 200
    assert t.get(0)["can_undo"] is True
    r = t.undo(0, 0)
    assert r.status_code == 200, r.text
    assert r.json()["view"] == before["view"] and r.json()["moves"] == 0
    assert t.get(1)["log"] == before["log"]


def test_undo_refused_when_not_yours_or_something_was_revealed(client: TestClient) -> None:
    t = make_table(client, "toy", [human(), human()], seed=21)
    play = next(a for a in t.get(0)["view"]["legal"] if a.startswith("play"))
    assert t.act(0, play).status_code == 200
    # seat 2 may not take back seat 1's move; a spectator may take back nothing
    r = t.undo(1, 0)
    assert r.status_code == 409 and "not yours" in r.json()["detail"]
    assert t.undo(None, 0).status_code == 403
    # drawing shows seat 2 a hidden card: no take-back
    assert "draw" in t.get(1)["view"]["legal"]
    assert t.act(1, "draw").status_code == 200
    r = t.undo(1, 1)
    assert r.status_code == 409 and r.json()["code"] == "undo_refused"
    assert "revealed" in r.json()["detail"]
    assert t.get()["moves"] == 2


def test_undo_is_refused_once_the_game_is_over(db_client: TestClient) -> None:
    client = db_client
    """The loser may not take back the last move after seeing the scores."""
    t = make_table(client, "toy", [human(), human()], seed=3)
    played = play_to_end(t, pick=0)
    last = len(played) % 2 ^ 1  # the seat that made the last move
    assert t.get(last)["can_undo"] is False
    r = t.undo(last, len(played) - 1)
    assert r.status_code == 409 and r.json() == {
        "detail": "cannot take back: the game is over: its end and scores have been shown",
        "code": "undo_refused",
    }
    assert client.get(f"/api/tables/{t.id}/result").json()["over"] is True
    assert t.get()["status"] == "finished" and t.get()["moves"] == len(played)


def test_undo_rule_refuses_chance_and_secrets_told_to_others(monkeypatch: pytest.MonkeyPatch) -> None:
    """The undo rule on hand-made moves (no HTTP): chance, and events private to others. The
    rule replays the stored moves (a payload drawn from a redraw of what is hidden answers as
    the table does), so the toy's move itself is made to tell a secret, or to roll."""
    from muertos.engine import Event
    from muertos.server.tables import Loaded, TableService

    class FakeTable:
        id = "x"
        game = "toy"
        players = 2
        seed = 21
        options = {"draw": True}  # noqa: RUF012
        seats = [type("S", (), {"kind": "human"})()] * 2
        finished_at = None

    from muertos.server.storage import open_store
    from muertos.server.tables import Catalog

    svc = TableService(open_store("sqlite://"), Catalog({"toy": TOY}))
    s0 = TOY.new(2, 21, {"draw": True})
    play = next(a for a in s0.legal_actions() if a.startswith("play"))
    s1 = s0.clone()
    s1.apply(play)
    row = type("A", (), {"seat": 0, "action": play, "id": 1, "index": 0})()
    assert svc.undo_refusal(Loaded(FakeTable(), [row], s1, 0)) is None  # type: ignore[arg-type]
    apply = type(s0).apply

    def telling(self: Any, action: str) -> Any:
        out = apply(self, action)
        self.events.append(Event("peek", "Player 2 sees a card", (1,), None))
        return out

    monkeypatch.setattr(type(s0), "apply", telling)
    assert svc.undo_refusal(Loaded(FakeTable(), [row], s1.clone(), 0)) == "undo.secret"  # type: ignore[arg-type]

    def rolling(self: Any, action: str) -> Any:
        self.rng.randrange(6)
        return apply(self, action)

    monkeypatch.setattr(type(s0), "apply", rolling)
    assert svc.undo_refusal(Loaded(FakeTable(), [row], s1.clone(), 0)) == "undo.chance"  # type: ignore[arg-type]


def test_rematch_keeps_seats_and_tokens_with_a_new_seed(client: TestClient) -> None:
    t = make_table(client, "toy", [human("Ana"), human("Bo")], seed=2)
    r = client.post(f"/api/tables/{t.id}/rematch", headers={"X-Seat-Token": t.tokens[0]})
    assert r.status_code == 409 and r.json()["code"] == "not_over"
    play_to_end(t)
    assert client.post(f"/api/tables/{t.id}/rematch").status_code == 403
    r = client.post(f"/api/tables/{t.id}/rematch", headers={"X-Seat-Token": t.tokens[1]})
    assert r.status_code == 201
    new_id = r.json()["id"]
    again = client.post(f"/api/tables/{t.id}/rematch", headers={"X-Seat-Token": t.tokens[0]})
    assert again.status_code == 200 and again.json()["id"] == new_id
    assert t.get()["rematch"] == new_id
    got = client.get(f"/api/tables/{new_id}", headers={"X-Seat-Token": t.tokens[1]}).json()
    assert got["you"] == 1 and got["rematch_of"] == t.id and got["moves"] == 0
    assert [s["name"] for s in got["seats"]] == ["Ana", "Bo"]
    assert got["status"] == "in_progress"


def test_open_seats_are_claimed_first_come_first_served(db_client: TestClient) -> None:
    client = db_client
    t = make_table(client, "toy", [human(), {"kind": "open"}], seed=2)
    assert t.tokens.keys() == {0}  # an open seat has no invite link
    assert t.get()["status"] == "open"
    assert t.id in [x["id"] for x in client.get("/api/tables?status=open").json()]
    r = client.post(f"/api/tables/{t.id}/seats/1/claim")
    assert r.status_code == 200
    tok = r.json()["token"]
    taken = client.post(f"/api/tables/{t.id}/seats/1/claim")
    assert taken.status_code == 409 and taken.json() == {
        "detail": "seat 2 is already taken",
        "code": "seat_taken",
    }
    assert client.post(f"/api/tables/{t.id}/seats/5/claim").status_code == 404
    assert client.get(f"/api/tables/{t.id}", headers={"X-Seat-Token": tok}).json()["you"] == 1
    assert t.get()["status"] == "in_progress"
    assert t.id not in [x["id"] for x in client.get("/api/tables?status=open").json()]


def test_an_invited_seat_is_opened_only_by_its_link(db_client: TestClient) -> None:
    client = db_client
    t = make_table(client, "toy", [human(), human("Friend")], seed=2)
    assert t.get()["status"] == "waiting"  # for the friend: not joinable from the lobby
    assert t.id in [x["id"] for x in client.get("/api/tables?status=waiting").json()]
    assert t.id not in [x["id"] for x in client.get("/api/tables?status=open").json()]
    for seat in (1, 0):  # the friend's seat before they opened the link, and the creator's
        r = client.post(f"/api/tables/{t.id}/seats/{seat}/claim")
        assert r.status_code == 409 and r.json()["code"] == "invited", r.text
        assert f"seat {seat + 1} is kept for the person holding its invite link" in r.json()["detail"]
    assert t.get(1)["you"] == 1  # the invite link still opens the seat
    assert t.get()["status"] == "in_progress"
    assert client.post(f"/api/tables/{t.id}/seats/1/claim").json()["code"] == "invited"
    assert t.get(1)["you"] == 1


def test_a_token_that_opens_no_seat_is_refused_with_the_reason(client: TestClient) -> None:
    t = make_table(client, "toy", [human(), human()], seed=2)
    r = client.get(f"/api/tables/{t.id}", headers={"X-Seat-Token": "not-a-token"})
    assert r.status_code == 403 and r.json()["code"] == "bad_token"
    assert "opens no seat" in r.json()["detail"] and "mistyped" in r.json()["detail"]


def test_opening_an_invite_link_takes_the_seat(client: TestClient) -> None:
    t = make_table(client, "toy", [human(), human(), bot()], seed=2)
    assert [s["claimed"] for s in t.get()["seats"]] == [True, False, False]
    t.get(1)
    assert [s["claimed"] for s in t.get()["seats"]] == [True, True, False]
    assert client.post(f"/api/tables/{t.id}/seats/2/claim").status_code == 409


def test_replay_steps_show_each_position_as_the_seat_saw_it(client: TestClient) -> None:
    t = make_table(client, "toy", [human(), human()], seed=13)
    played = play_to_end(t, pick=1)
    for seat in (0, 1, None):
        headers = {"X-Seat-Token": t.tokens[seat]} if seat is not None else {}
        for step in range(len(played) + 1):
            r = client.get(f"/api/tables/{t.id}/replay/{step}", headers=headers)
            assert r.status_code == 200
            body: dict[str, Any] = r.json()
            s_prev = local(13, played[: max(step - 1, 0)])
            s = local(13, played[:step])
            assert body["view"] == s.view(seat) and body["steps"] == len(played)
            if step:
                want = [{"kind": e.kind, "text": e.text} for e in s.events_for(seat, len(s_prev.events))]
                assert body["events"] == want
    assert client.get(f"/api/tables/{t.id}/replay/{len(played) + 1}").status_code == 404


def test_list_tables_newest_first_with_limit(client: TestClient) -> None:
    ids = [make_table(client, "toy", [human(), bot()], seed=i).id for i in range(3)]
    got = [x["id"] for x in client.get("/api/tables?limit=2").json()]
    assert got == ids[::-1][:2]


def test_openapi_schema_and_pages_are_served(client: TestClient) -> None:
    schema = client.get("/openapi.json").json()
    assert "/api/tables/{table_id}/actions" in schema["paths"]
    assert "409" in schema["paths"]["/api/tables/{table_id}/actions"]["post"]["responses"]
    for page in [
        "/",
        "/table/abc",
        "/static/lobby.js",
        "/static/table.js",
        "/static/style.css",
        "/static/render/generic.js",
    ]:
        r = client.get(page)
        assert r.status_code == 200, page
    assert (
        "<svg" in client.get("/static/emblems.js").text or client.get("/static/emblems.js").status_code == 200
    )


def test_catalog_of_every_game_is_served_json_ready_and_cached(real_client: TestClient) -> None:
    for gid in all_games():
        r = real_client.get(f"/api/games/{gid}/catalog")
        assert r.status_code == 200, r.text
        body = r.json()
        assert body == find_game(gid).catalog()
        assert body, f"{gid} has no catalog"
        assert "max-age" in r.headers["cache-control"]
        assert real_client.get(f"/api/games/{gid}/catalog").json() == body
    r = real_client.get("/api/games/no-such-game/catalog")
    assert r.status_code == 404 and r.json()["code"] == "unknown_game"


def test_catalog_names_every_component_a_view_names(real_client: TestClient) -> None:
    """Card faces come from the catalog: every id the views show is in it."""
    ofr = find_game("ofrenda").catalog()
    s = find_game("ofrenda").new(players=2, seed=1)
    v = s.view(0)
    for space in v["market"]:
        assert space["portrait"] in ofr["portraits"]
        assert ofr["portraits"][space["portrait"]]["text"]
    for k in v["market_candles"]:
        assert ofr["candles"][k]["text"]
    ptz = find_game("patzcuaro").catalog()
    pv = find_game("patzcuaro").new(players=2, seed=1).view(0)
    assert all(str(c) in ptz["cards"] for c in pv["hands"][0])
    assert all(o in ptz["objectives"] for o in pv["objectives"])
    assert all(t in ptz["shops"] for t in pv["tiles"])
    dod = find_game("die-of-the-dead").catalog()
    assert len(dod["cells"]) == 12 and set(dod["sections"]) == {"Candle", "Marigold", "Bread", "Incense"}
    ddm = find_game("dia-de-los-muertos").catalog()
    dv = find_game("dia-de-los-muertos").new(players=2, seed=1).view(0)
    assert all(k in ddm["cards"] for k in dv["skeletons"][0]["hand"])
    oft = find_game("ofertu").catalog()
    assert {s["letter"] for s in oft["suits"]} == {"R", "B", "W"}


def test_the_replay_viewer_keeps_a_bounded_number_of_positions_of_a_long_game(
    real_client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game longer than ``REPLAY_MARKS`` times ``REPLAY_EVERY`` moves keeps its positions
    further apart, at most ``REPLAY_MARKS`` + 1 of them (here 4 + 1, so that a game of
    Ofrenda is long), and every step is still the position a plain replay gives."""
    from muertos.server import tables

    monkeypatch.setattr(tables, "REPLAY_MARKS", 4)
    t = make_table(real_client, "ofrenda", [bot("random"), bot("random")], seed=4)
    t.settle()
    n = t.get()["moves"]
    every = tables.replay_spacing(n)
    assert n > 4 * tables.REPLAY_EVERY and every == -(-n // 4)
    store = real_client.app.state.service.store  # type: ignore[attr-defined]
    seed, actions = store.get_table(t.id).seed, [a.action for a in store.actions(t.id)]
    names = [s["name"] for s in t.get()["seats"]]
    for k in (n, 0, every - 1, every, every + 1, n - 1):
        step = real_client.get(f"/api/tables/{t.id}/replay/{k}").json()
        assert step["view"] == muertos.game("ofrenda").replay(2, seed, {}, actions[:k]).view(None, names), k
    marks = real_client.app.state.service._marks[t.id]  # type: ignore[attr-defined]
    assert marks.every == every and len(marks.states) <= 4 + 1


def test_the_replay_viewer_steps_through_a_long_game_in_linear_time(real_client: TestClient) -> None:
    """Each step replays from a kept position (every REPLAY_EVERY actions), not from move 0."""
    from muertos.server.tables import REPLAY_EVERY

    t = make_table(real_client, "ofrenda", [bot("random"), bot("random")], seed=4)
    t.settle()
    n = t.get()["moves"]
    assert t.get()["status"] == "finished" and n > 2 * REPLAY_EVERY
    state_class = muertos.game("ofrenda").state_class
    real = state_class.apply
    applied = [0]

    def counting(self: Any, action: str) -> Any:
        applied[0] += 1
        return real(self, action)

    state_class.apply = counting  # type: ignore[method-assign]
    try:
        steps = [real_client.get(f"/api/tables/{t.id}/replay/{k}").json() for k in range(n + 1)]
    finally:
        state_class.apply = real  # type: ignore[method-assign]
    assert applied[0] <= (n + 1) * (REPLAY_EVERY + 1)  # quadratic would be about n * n / 2
    # each step is the position a plain replay from the start gives
    store = real_client.app.state.service.store  # type: ignore[attr-defined]
    seed, actions = store.get_table(t.id).seed, [a.action for a in store.actions(t.id)]
    for k in (0, 1, REPLAY_EVERY - 1, REPLAY_EVERY, REPLAY_EVERY + 1, n):
        plain = muertos.game("ofrenda").replay(2, seed, {}, actions[:k])
        names = [s["name"] for s in t.get()["seats"]]  # the table calls seats by name
        assert steps[k]["view"] == plain.view(None, names), k


def test_the_cache_of_states_is_bounded_by_their_events_too(client: TestClient) -> None:
    """A cached state holds its game's log: past ``cache_events`` events in all, the least
    recently used tables leave the cache (the one asked for last stays, however long)."""
    service = client.app.state.service  # type: ignore[attr-defined]
    tables = [make_table(client, "toy", [human(), human()], seed=s) for s in range(3)]
    for t in tables:
        t.get(0)
    sizes = {t.id: len(service._cache[t.id].events) for t in tables}
    assert service._cached_events == sum(sizes.values())
    service.cache_events = sizes[tables[1].id] + sizes[tables[2].id]
    tables[0].get(0)  # the first is used again: the second, now least recently used, goes
    assert set(service._cache) == {tables[0].id, tables[2].id}
    assert service._cached_events == sizes[tables[0].id] + sizes[tables[2].id]
    service.cache_events = 1
    tables[1].get(0)
    assert list(service._cache) == [tables[1].id] and service._cached_events == sizes[tables[1].id]
