"""One name per seat: the log, the status, live updates, replays and errors call each seat
by the name the table gave it (``engine.name_seats``), the game's colour only beside it."""

from __future__ import annotations

from fastapi.testclient import TestClient

import muertos
from muertos.engine import name_seats, seat_ref
from muertos.engine.events import Event

from .conftest import Table, bot, human, make_table

NAMES = ["Ana", "Beto"]


def test_name_seats_renders_references_once_and_keeps_the_games_marks() -> None:
    assert seat_ref(1) == "Player 2"
    text = "Player 2 (White) takes card 3 from Player 1's row."
    assert name_seats(text, None) == text  # without names: the game's own text, as pinned
    assert name_seats(text, NAMES) == "Beto (White) takes card 3 from Ana's row."
    # a name that reads like a reference is not rendered again; unknown seats stay as written
    assert name_seats("Player 1 and Player 3", ["Player 2", "Player 1"]) == "Player 2 and Player 3"
    # "Player 10" is not "Player 1"
    assert name_seats("Player 10", NAMES) == "Player 10"


def test_a_states_log_view_and_events_take_names_and_default_to_the_games_text() -> None:
    s = muertos.game("ofertu").new(players=2, seed=3)
    plain = s.log(0)
    named = s.log(0, NAMES)
    assert any("Player 1 (" in line for line in plain)
    assert named == [name_seats(line, NAMES) for line in plain]
    assert not any("Player 1" in line or "Player 2" in line for line in named)
    assert s.view(0)["status"] == s.status()
    assert "Player" not in s.view(0, NAMES)["status"]
    assert [e.text for e in s.events_for(1, 0, NAMES)] == s.log(1, NAMES)


def test_a_private_events_redacted_line_is_named_too() -> None:
    e = Event("deal", "Player 1 is dealt P01.", (0,), "Player 1 is dealt 3 portraits.")
    assert e.redacted(1, NAMES) == Event("deal", "Ana is dealt 3 portraits.")
    assert e.redacted(0) is e


def test_the_table_calls_seats_by_their_names_everywhere(real_client: TestClient) -> None:
    t: Table = make_table(real_client, "ofertu", [human("Ana"), bot("random")], seed=5)
    bot_name = t.get(0)["seats"][1]["name"]
    assert bot_name == "Bot 2 (random)"
    view = t.get(0)
    for line in [*view["log"], view["view"]["status"]]:
        assert "Player 1" not in line and "Player 2" not in line, line
    assert any("Ana (" in line for line in view["log"])
    # the move's own events, the log route and a replay step are named the same way
    seat = view["view"]["to_move"]
    if seat == 0:
        r = t.act(0, view["view"]["legal"][0])
        assert r.status_code == 200, r.text
        assert all("Player 1" not in e["text"] for e in r.json()["events"])
        t.settle()
    lines = real_client.get(f"/api/tables/{t.id}/log", headers={"X-Seat-Token": t.tokens[0]}).json()["lines"]
    assert lines and all("Player 1" not in x and "Player 2" not in x for x in lines)
    assert any(bot_name in x for x in lines)
    step = real_client.get(f"/api/tables/{t.id}/replay/0", headers={"X-Seat-Token": t.tokens[0]}).json()
    assert "Player 2" not in step["view"]["status"] and all(
        "Player 1" not in e["text"] for e in step["events"]
    )


def test_a_move_out_of_turn_is_refused_naming_who_is_to_move(real_client: TestClient) -> None:
    t = make_table(real_client, "ofrenda", [human("Ana"), human("Beto")], seed=2)
    first = t.get(0)["view"]["to_move"]
    other = 1 - first
    r = t.act(other, t.get(first)["view"]["legal"][0])
    assert r.status_code == 409
    assert f"{NAMES[first]} (seat {first + 1}) is to move" in r.json()["detail"]
    assert NAMES[first] in t.get(other)["view"]["status"]
