"""Thinking-time clocks, a seat handed to a bot, leaving, resigning and cancelling
(issue 38), on every store, with an injected clock: time moves, nobody sleeps."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient

from muertos.server import create_app
from muertos.server.clocks import (
    ClockInvalid,
    ClockSettings,
    Move,
    check_clock,
    compute,
    majority,
    parse_spec,
)
from muertos.server.storage import Conflict
from muertos.server.tables import NOTICE_AUTO, NOTICE_LEFT, NOTICE_TIMEOUT

from .conftest import TOY_GAMES, Table, bot, human, make_table
from .test_api import play_to_end

T0 = datetime(2026, 1, 1, tzinfo=UTC)
LIVE = {"mode": "live", "bank": 600, "increment": 20, "cap": 700}
TURN = {"mode": "turn", "per_move": 86400}


class FakeClock:
    """The time the server lives in: tests move it on."""

    def __init__(self) -> None:
        self.t = T0

    def __call__(self) -> datetime:
        return self.t

    def advance(self, seconds: float) -> None:
        self.t += timedelta(seconds=seconds)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def timed(store_url: str, clock: FakeClock) -> Iterator[TestClient]:
    """A toy-game server on each store in turn, living in ``clock``'s time; its clock
    watch only looks when a test sweeps."""
    with TestClient(create_app(store_url, games=TOY_GAMES, clock=clock, watch_tick=None)) as c:
        yield c


def seated(client: TestClient, clock: dict[str, Any] | None, n: int = 2) -> Table:
    """A table of ``n`` people, every seat opened (so the table and its clocks start)."""
    t = make_table(client, "toy", [human() for _ in range(n)], seed=5, clock=clock)
    for seat in range(n):
        t.get(seat)
    return t


def sweep(client: TestClient, table_id: str) -> list[str]:
    """What the clock watch does at start-up: look at every timed table, enforce, tell;
    what it did at ``table_id`` (a PostgreSQL database holds other tests' tables too)."""
    app: Any = client.app
    out: list[tuple[str, str]] = app.state.watch.sweep(everything=True)
    for tid, what in out:
        client.portal.call(app.state.heard, tid, what)  # type: ignore[union-attr]
    return [what for tid, what in out if tid == table_id]


def first_legal(t: Table, seat: int) -> str:
    legal: list[str] = t.get(seat)["view"]["legal"]
    return legal[0]


# ---------------------------------------------------------------- the clock itself (pure)
def test_a_live_bank_runs_down_gains_the_increment_and_is_capped() -> None:
    """Issue 38: "live: a bank per person (e.g. 10 min) plus an increment per move (e.g. 20 s), capped"."""
    s = ClockSettings("live", bank=600, increment=20, cap=700)
    people = [True, True]
    moves = [
        Move(0, T0 + timedelta(seconds=100), False),  # seat 0 used 100 s: 600 - 100 + 20 = 520
        Move(1, T0 + timedelta(seconds=110), False),  # seat 1 used 10 s: 610
        Move(0, T0 + timedelta(seconds=111), False),  # 1 s: 539
        Move(1, T0 + timedelta(seconds=112), False),  # 1 s: 629
        Move(0, T0 + timedelta(seconds=113), False),  # 558
        Move(1, T0 + timedelta(seconds=114), False),  # 648
        Move(0, T0 + timedelta(seconds=115), False),  # 577
        Move(1, T0 + timedelta(seconds=116), False),  # 667
        Move(0, T0 + timedelta(seconds=117), False),  # 596
        Move(1, T0 + timedelta(seconds=118), False),  # 686
        Move(0, T0 + timedelta(seconds=119), False),  # 615
        Move(1, T0 + timedelta(seconds=120), False),  # 705 -> capped at 700
    ]
    c = compute(s, T0, moves, 0, people, T0 + timedelta(seconds=150))
    assert c.running == 0
    assert c.remaining[1] == 700
    assert c.remaining[0] == pytest.approx(615 - 30)
    assert c.deadline == T0 + timedelta(seconds=120 + 615)
    assert not c.expired
    late = compute(s, T0, moves, 0, people, T0 + timedelta(seconds=120 + 615))
    assert late.expired and late.remaining[0] == 0


def test_no_clock_runs_before_the_table_starts_nor_for_bots() -> None:
    """The time before every person is seated, and a bot's time, is nobody's."""
    s = ClockSettings("live", bank=60, increment=0, cap=60)
    assert compute(s, None, [], 0, [True, True], T0 + timedelta(days=3)).running is None
    started = T0 + timedelta(seconds=500)
    c = compute(
        s,
        started,
        [Move(1, started + timedelta(seconds=40), True)],
        0,
        [True, False],
        started + timedelta(seconds=50),
    )
    assert c.remaining == [pytest.approx(50.0), None]  # seat 0's turn began at the bot's move
    assert c.running == 0
    bot_to_move = compute(s, started, [], 1, [True, False], started + timedelta(days=1))
    assert bot_to_move.running is None and not bot_to_move.expired


def test_a_turn_based_move_has_its_own_period_and_a_bot_takes_over_after_two() -> None:
    """Issue 38: "turn-based: a time per move … the seat passes to the bot by itself after a second full period"."""
    s = ClockSettings("turn", per_move=86400)
    moved = T0 + timedelta(hours=5)
    c = compute(s, T0, [Move(0, moved, False)], 1, [True, True], moved + timedelta(hours=30))
    assert c.deadline == moved + timedelta(hours=24)
    assert c.auto_bot_at == moved + timedelta(hours=48)
    assert c.expired and c.remaining[1] == pytest.approx(-6 * 3600)
    assert c.remaining[0] == 86400


@pytest.mark.parametrize(
    ("raw", "key"),
    [
        ({"mode": "live", "bank": float("nan")}, "not_number"),
        ({"mode": "live", "bank": float("inf")}, "not_number"),
        ({"mode": "live", "bank": True}, "not_number"),
        ({"mode": "live", "bank": "600"}, "not_number"),
        ({"mode": "live", "bank": 5}, "out_of_range"),
        ({"mode": "live", "increment": -1}, "out_of_range"),
        ({"mode": "live", "bank": 600, "cap": 300}, "cap_below_bank"),
        ({"mode": "turn", "per_move": 60}, "out_of_range"),
        ({"mode": "turn", "bank": 600}, "extra"),
        ({"mode": "blitz"}, "mode"),
    ],
)
def test_a_clock_out_of_range_or_not_a_finite_number_is_refused(raw: dict[str, Any], key: str) -> None:
    with pytest.raises(ClockInvalid) as e:
        check_clock(raw)
    assert e.value.key == key
    assert e.value.text("es") != e.value.text("en")


def test_the_command_line_clock() -> None:
    assert parse_spec("none") is None
    assert parse_spec("live:10m+20s") == {"mode": "live", "bank": 600.0, "increment": 20.0, "cap": 1200.0}
    assert parse_spec("turn:3d") == {"mode": "turn", "per_move": 259200.0}
    for bad in ("turn:5m", "live:abc", "blitz:3m", "live:infm"):
        with pytest.raises(ValueError):
            parse_spec(bad)


@pytest.mark.parametrize("text", [NOTICE_TIMEOUT, NOTICE_AUTO, NOTICE_LEFT])
def test_the_logs_notices_are_in_spanish_with_the_seats_names(text: str) -> None:
    from muertos import i18n

    english = text.format(seat="Player 2", agent="greedy", move=7)
    es = i18n.translate(english, "es", "ofrenda", ["Ana", "Bea"])
    assert "Bea" in es and "7" in es and es != english
    assert i18n.untranslated(english, "es", "ofrenda") == ["greedy"]  # an agent is named as the API names it


def test_majority_of_the_remaining_people() -> None:
    assert majority(1, 1) and not majority(0, 1)
    assert not majority(1, 2) and majority(2, 2)
    assert not majority(1, 3) and majority(2, 3)
    assert not majority(0, 0)


# ---------------------------------------------------------------- the API, on every store
def test_the_server_is_the_clock(timed: TestClient, clock: FakeClock) -> None:
    """Every seat shows its remaining time; the one to move ticks; a move pays its time
    and earns the increment."""
    t = seated(timed, LIVE)
    got = t.get()
    assert got["time_limit"] == {"mode": "live", "bank": 600.0, "increment": 20.0, "cap": 700.0}
    assert got["clock"]["remaining"] == [600, 600] and got["clock"]["running"] == 0
    clock.advance(100)
    assert t.get()["clock"]["remaining"] == [500, 600] and t.get()["last_move_at"] is None
    assert t.act(0, first_legal(t, 0)).status_code == 200
    assert t.get()["last_move_at"] == clock.t.isoformat()  # "My tables" says how long ago
    clock.advance(30)
    c = t.get(1)["clock"]
    assert c["remaining"] == [520, 570] and c["running"] == 1
    assert c["deadline"] == (clock.t + timedelta(seconds=570)).isoformat() and not c["expired"]


def test_tables_of_bots_and_one_person_have_no_clock_unless_asked(timed: TestClient) -> None:
    t = make_table(timed, "toy", [human(), bot()])
    assert t.get(0)["clock"] is None and t.get()["time_limit"] is None


def test_the_servers_default_clock_is_for_tables_of_people(sqlite_url: str, clock: FakeClock) -> None:
    app = create_app(sqlite_url, games=TOY_GAMES, clock=clock, watch_tick=None, default_clock=TURN)
    with TestClient(app) as c:
        assert make_table(c, "toy", [human(), human()]).get()["time_limit"] == {
            "mode": "turn",
            "per_move": 86400.0,
        }
        assert make_table(c, "toy", [human(), bot()]).get()["time_limit"] is None
        assert make_table(c, "toy", [human(), human()], clock={"mode": "none"}).get()["time_limit"] is None


def test_a_bad_clock_is_refused_with_the_usual_error_shape(timed: TestClient) -> None:
    before = len(timed.get("/api/tables?limit=500").json())
    r = timed.post("/api/tables", json={"game": "toy", "clock": {"mode": "live", "bank": 1e300}})
    assert r.status_code == 422 and r.json()["code"] == "bad_clock", r.text
    assert "bank" in r.json()["detail"]
    r = timed.post("/api/tables?lang=es", json={"game": "toy", "clock": {"mode": "live", "bank": 3}})
    assert r.status_code == 422 and "reloj" in r.json()["detail"]
    assert (
        timed.post("/api/tables", json={"game": "toy", "clock": {"mode": "live", "bank": "x"}}).status_code
        == 422
    )
    assert len(timed.get("/api/tables?limit=500").json()) == before  # nothing was created


def test_when_time_runs_out_the_other_hands_the_seat_to_a_bot(timed: TestClient, clock: FakeClock) -> None:
    """Issue 38: "the others see it and may choose … hand the seat to a bot (greedy by default) that
    plays it to the end … the result marks the seat 'played by a bot from move N'"."""
    t = seated(timed, LIVE)
    assert t.act(0, first_legal(t, 0)).status_code == 200
    assert t.act(1, first_legal(t, 1)).status_code == 200
    vote = f"/api/tables/{t.id}/clock/vote"
    h0 = {"X-Seat-Token": t.tokens[0]}
    h1 = {"X-Seat-Token": t.tokens[1]}
    early = timed.post(vote, json={"choice": "bot", "index": 2}, headers=h1)
    assert early.status_code == 409 and early.json()["code"] == "not_expired"
    clock.advance(620.5)  # seat 0 had 620 s
    c = t.get(1)["clock"]
    assert c["expired"] and c["running"] == 0 and c["voters"] == [1] and c["votes"] is None
    own = timed.post(vote, json={"choice": "bot", "index": 2}, headers=h0)
    assert own.status_code == 403 and own.json()["code"] == "own_seat"
    assert timed.post(vote, json={"choice": "bot", "index": 2}).status_code == 403  # a spectator
    stale = timed.post(vote, json={"choice": "bot", "index": 1}, headers=h1)
    assert stale.status_code == 409 and stale.json()["code"] == "stale"
    assert t.get()["seats"][0]["kind"] == "human"  # none of that changed anything
    waited = timed.post(vote, json={"choice": "wait", "index": 2}, headers=h1)
    assert waited.status_code == 200, waited.text
    assert waited.json()["clock"]["votes"] == {"seat": 0, "bot": [], "wait": [1]}
    handed = timed.post(vote, json={"choice": "bot", "index": 2}, headers=h1)
    assert handed.status_code == 200, handed.text
    seat0 = handed.json()["seats"][0]
    assert (seat0["kind"], seat0["agent"], seat0["bot_from"], seat0["bot_why"]) == (
        "bot",
        "greedy",
        2,
        "timeout",
    )
    t.settle()
    log = t.get(1)["log"]
    assert "Time ran out for Player 1: the others chose a bot (greedy) to play the seat from move 3." in log
    mine = t.get(0)
    assert (
        mine["you"] == 0 and not mine["can_undo"] and not mine["can_leave"]
    )  # the link still opens the seat
    if mine["view"]["to_move"] == 0:
        refused = t.act(0, mine["view"]["legal"][0])
        assert refused.status_code == 409 and refused.json()["code"] == "seat_bot"
    play_to_end(t)
    result = timed.get(f"/api/tables/{t.id}/result").json()
    assert result["over"] and result["bots_from"] == {"0": 3}


def test_a_majority_of_the_remaining_people_decides(timed: TestClient, clock: FakeClock) -> None:
    t = seated(timed, LIVE, n=3)
    clock.advance(601)
    vote = f"/api/tables/{t.id}/clock/vote"

    def choose(seat: int, choice: str) -> dict[str, Any]:
        r = timed.post(vote, json={"choice": choice, "index": 0}, headers={"X-Seat-Token": t.tokens[seat]})
        assert r.status_code == 200, r.text
        out: dict[str, Any] = r.json()
        return out

    assert choose(1, "bot")["seats"][0]["kind"] == "human"  # 1 of 2 is no majority
    assert choose(2, "wait")["clock"]["votes"] == {"seat": 0, "bot": [1], "wait": [2]}
    assert choose(2, "bot")["seats"][0]["kind"] == "bot"
    assert t.get()["clock"]["votes"] is None


def test_votes_are_for_one_move_only(timed: TestClient, clock: FakeClock) -> None:
    """The seat that ran out and then moved starts afresh: earlier choices are dropped."""
    t = seated(timed, LIVE, n=3)
    clock.advance(601)
    r = timed.post(
        f"/api/tables/{t.id}/clock/vote",
        json={"choice": "bot", "index": 0},
        headers={"X-Seat-Token": t.tokens[1]},
    )
    assert r.status_code == 200
    assert t.act(0, first_legal(t, 0)).status_code == 200  # the late seat still plays: bank 0 + 20 s
    c = t.get()["clock"]
    assert c["votes"] is None and c["remaining"][0] == 20 and c["running"] == 1


def test_a_live_clock_running_out_is_told_to_the_others_live(timed: TestClient, clock: FakeClock) -> None:
    """Issue 38: "When a person's time runs out, the others see it": nothing is stored, but the
    watch hears of the new table from its first change and wakes its subscribers."""
    app: Any = timed.app
    app.state.watch.sweep(everything=True)  # as at start-up: the new table is not known yet
    t = seated(timed, LIVE)
    timed.portal.call(lambda: None)  # type: ignore[union-attr]  # the hub's wake-ups have run
    with timed.websocket_connect(f"/ws/tables/{t.id}?token={t.tokens[1]}") as ws:
        first = ws.receive_json()
        assert first["type"] == "table" and not first["clock"]["expired"]
        clock.advance(601)
        told = app.state.watch.sweep()
        assert (t.id, "expired") in told
        for table_id, what in told:
            timed.portal.call(app.state.heard, table_id, what)  # type: ignore[union-attr]
        update = ws.receive_json()
        assert update["type"] == "update" and update["clock"]["expired"] and update["clock"]["running"] == 0
    assert app.state.watch.sweep() == []  # told once


def test_a_turn_based_seat_goes_to_a_bot_after_a_second_full_period(
    timed: TestClient, clock: FakeClock
) -> None:
    t = seated(timed, TURN)
    clock.advance(25 * 3600)
    assert sweep(timed, t.id) == ["expired"]  # everyone is told once …
    assert sweep(timed, t.id) == []  # … not again
    assert t.get()["clock"]["expired"] and t.get()["seats"][0]["kind"] == "human"
    clock.advance(23 * 3600)  # 48 h: the second period is over
    assert sweep(timed, t.id) == ["handed"]
    assert sweep(timed, t.id) == []
    t.settle()
    got = t.get(1)
    assert got["seats"][0]["bot_why"] == "timeout" and got["seats"][0]["bot_from"] == 0
    assert sum("twice over" in line for line in got["log"]) == 1
    assert got["view"]["to_move"] == 1  # the bot played seat 0's move


def test_a_deadline_passed_while_the_server_was_down_is_enforced_on_return(
    db_url: str, clock: FakeClock
) -> None:
    with TestClient(create_app(db_url, games=TOY_GAMES, clock=clock, watch_tick=None)) as c1:
        t = seated(c1, TURN)
        created = t.created
    clock.advance(49 * 3600)  # the server was down for two days
    with TestClient(create_app(db_url, games=TOY_GAMES, clock=clock, watch_tick=None)) as c2:
        assert sweep(c2, t.id) == ["handed"]
        t2 = Table(c2, created)
        t2.settle()
        assert t2.get()["seats"][0]["kind"] == "bot"
        assert sweep(c2, t.id) == []


def test_two_servers_on_one_database_hand_a_seat_over_once(pg_url: str, clock: FakeClock) -> None:
    a = create_app(pg_url, games=TOY_GAMES, clock=clock, watch_tick=None)
    b = create_app(pg_url, games=TOY_GAMES, clock=clock, watch_tick=None)
    with TestClient(a) as ca, TestClient(b) as cb:
        tables = [seated(ca, TURN) for _ in range(3)]
        clock.advance(48 * 3600 + 1)
        results: dict[str, list[tuple[str, str]]] = {}
        start = threading.Barrier(2)

        def run(name: str, app: Any) -> None:
            start.wait()
            results[name] = app.state.watch.sweep(everything=True)

        threads = [threading.Thread(target=run, args=(n, app)) for n, app in (("a", a), ("b", b))]
        for th in threads:
            th.start()
        for th in threads:
            th.join()
        ours = {t.id for t in tables}
        handed = [tid for got in results.values() for tid, what in got if what == "handed" and tid in ours]
        assert sorted(handed) == sorted(t.id for t in tables)  # each table once, by one server
        for t in tables:
            seen = Table(cb, t.created).get()
            assert sum("twice over" in line for line in seen["log"]) == 1
            assert seen["seats"][0]["kind"] == "bot"


# ---------------------------------------------------------------- leaving, resigning, cancelling
def test_a_person_may_leave_and_a_bot_finishes_for_them(timed: TestClient) -> None:
    """Issue 38: "a person may leave a table: their seat is played by a bot from then on, the
    others finish, and the result says so"."""
    t = seated(timed, None)
    assert t.act(0, first_legal(t, 0)).status_code == 200
    assert timed.post(f"/api/tables/{t.id}/leave").status_code == 403  # a spectator
    r = timed.post(f"/api/tables/{t.id}/leave", headers={"X-Seat-Token": t.tokens[1]})
    assert r.status_code == 200, r.text
    assert r.json()["you"] == 1 and r.json()["seats"][1]["bot_why"] == "left"
    again = timed.post(f"/api/tables/{t.id}/leave", headers={"X-Seat-Token": t.tokens[1]})
    assert again.status_code == 409 and again.json()["code"] == "already_bot"
    t.settle()
    assert "Player 2 left the table: a bot (greedy) plays the seat from move 2." in t.get(0)["log"]
    play_to_end(t)
    assert timed.get(f"/api/tables/{t.id}/result").json()["bots_from"] == {"1": 2}


def test_a_two_seat_game_may_be_resigned(timed: TestClient) -> None:
    """Issue 38: "A 2-seat game may simply be resigned (the other wins)"."""
    t = seated(timed, LIVE)
    move = first_legal(t, 0)
    r = timed.post(f"/api/tables/{t.id}/resign", headers={"X-Seat-Token": t.tokens[0]})
    assert r.status_code == 200, r.text
    got = r.json()
    assert got["status"] == "finished" and got["resigned"] == 0 and got["clock"] is None
    assert got["view"]["legal"] == [] and not got["can_resign"] and not got["can_leave"]
    result = timed.get(f"/api/tables/{t.id}/result").json()
    assert result["over"] and result["winners"] == [1] and result["resigned"] == 0
    late = t.act(0, move)
    assert late.status_code == 409 and late.json()["code"] == "game_over"
    assert timed.post(f"/api/tables/{t.id}/resign", headers={"X-Seat-Token": t.tokens[1]}).status_code == 409
    assert timed.post(f"/api/tables/{t.id}/resign").status_code == 403
    three = seated(timed, None, n=3)
    r3 = timed.post(f"/api/tables/{three.id}/resign", headers={"X-Seat-Token": three.tokens[0]})
    assert r3.status_code == 409 and r3.json()["code"] == "resign_two"
    assert three.get()["status"] == "in_progress"


def test_the_owner_may_cancel_a_table_that_has_not_started(timed: TestClient) -> None:
    t = make_table(timed, "toy", [human(), human()])
    other = timed.delete(f"/api/tables/{t.id}", headers={"X-Seat-Token": t.tokens[1]})
    assert other.status_code == 403 and other.json()["code"] == "not_owner"
    assert timed.delete(f"/api/tables/{t.id}").status_code == 403
    assert timed.delete(f"/api/tables/{t.id}", headers={"X-Seat-Token": t.tokens[0]}).status_code == 204
    assert timed.get(f"/api/tables/{t.id}").status_code == 404
    started = seated(timed, None)
    assert started.act(0, first_legal(started, 0)).status_code == 200
    r = timed.delete(f"/api/tables/{started.id}", headers={"X-Seat-Token": started.tokens[0]})
    assert r.status_code == 409 and r.json()["code"] == "cancel_started"
    assert started.get()["moves"] == 1


def test_a_persons_move_cannot_land_after_their_seat_went_to_a_bot(store_url: str) -> None:
    """The store refuses it even when the server read the seat as a person's just before."""
    from muertos.server.storage import Handover, NewSeat, open_store

    store = open_store(store_url)
    store.migrate()
    try:
        store.create_table(
            "race1",
            "toy",
            2,
            {"draw": True},
            1,
            [NewSeat("human", None, "A", "a"), NewSeat("human", None, "B", "b")],
        )
        assert store.hand_to_bot("race1", 0, Handover(0, "greedy", "left", (1, "gone")))
        assert not store.hand_to_bot("race1", 0, Handover(0, "greedy", "left", (1, "gone")))  # once
        with pytest.raises(Conflict):
            store.append("race1", 0, 0, "draw", False)
        store.append("race1", 0, 0, "draw", False, by_bot=True)
        assert store.resign("race1", 1, 1)
        with pytest.raises(Conflict):
            store.append("race1", 1, 1, "draw", False)
        t = store.get_table("race1")
        assert t is not None and t.resigned == 1 and t.notices == ((1, "gone"),)
        assert not store.delete_unstarted("race1")
    finally:
        store.dispose()


def test_the_watch_reads_only_the_tables_that_are_due(
    timed: TestClient, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 38: the watch read every table again after each move, and every timed table
    every 30 s, stalling the server at 100 tables. A move made by this server (the only
    writer) gives the next deadline from the table it stored; the periodic list of timed
    tables looks at the new ones only; a lost PostgreSQL listener makes it look at all."""
    app: Any = timed.app
    watch, service = app.state.watch, app.state.service
    watch.sweep(everything=True)
    t = seated(timed, LIVE)
    timed.portal.call(lambda: None)  # type: ignore[union-attr]  # the hub's wake-ups have run
    watch.sweep()  # the claims were heard: the table is read once
    looked: list[str] = []
    real = service.enforce
    monkeypatch.setattr(service, "enforce", lambda tid: looked.append(tid) or real(tid))
    watch.rescan = 0.0  # every sweep reads the list of timed tables
    clock.advance(30)
    assert t.act(0, first_legal(t, 0)).status_code == 200
    timed.portal.call(lambda: None)  # type: ignore[union-attr]
    assert watch.sweep() == []
    if service.exact_seeds:
        assert t.id not in looked
        assert watch.due[t.id] == T0 + timedelta(seconds=30 + 600)  # seat 1's bank, from the move
    else:  # another server may have written since: the table is read
        assert looked.count(t.id) == 1
    looked.clear()
    # With PostgreSQL this server's own move also comes back through LISTEN, a moment later,
    # and the table is read once more when it does: the counts below hold for one writer.
    once = (lambda n: n == 1) if service.exact_seeds else (lambda n: n >= 1)
    assert watch.sweep() == []  # known, not due
    if service.exact_seeds:
        assert t.id not in looked  # and not read
    looked.clear()
    clock.advance(600)
    assert (t.id, "expired") in watch.sweep() and once(looked.count(t.id))
    looked.clear()
    watch.lost()
    watch.sweep()
    assert once(looked.count(t.id))
