"""GET /api/tables/{id}/result: the score sheet of a finished game, and nothing before."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from muertos.engine import State

from .conftest import Table, bot, human, make_table


def _state(t: Table) -> State:
    """The table's game as the server holds it."""
    state: State = t.client.app.state.service.load(t.id, None).state  # type: ignore[attr-defined]
    return state


def _finished(client: TestClient, game: str, seats: list[dict[str, Any]], **kw: Any) -> Table:
    t = make_table(client, game, seats, **kw)
    t.settle()
    assert t.get()["status"] == "finished"
    return t


def test_a_finished_game_gives_each_seats_categories_summing_to_its_score(real_client: TestClient) -> None:
    t = _finished(real_client, "ofertu", [bot(), bot()], seed=11)
    res = real_client.get(f"/api/tables/{t.id}/result").json()
    final = _state(t)
    assert res["over"] and res["scores"] == final.scores() and res["winners"] == final.winners()
    for seat, sheet in enumerate(res["seats"]):
        assert sheet["seat"] == seat
        assert [c["key"] for c in sheet["categories"]] == ["display_pips"]
        assert sum(c["points"] for c in sheet["categories"]) == sheet["score"] == res["scores"][seat]
    assert res["rating"] is None
    tied = res["scores"].count(max(res["scores"])) > 1
    assert (res["tie_break"] is not None) == tied


def test_a_solo_game_has_the_rulebooks_rating(real_client: TestClient) -> None:
    t = _finished(real_client, "ofrenda", [bot()], seed=3, players=1)
    res = real_client.get(f"/api/tables/{t.id}/result").json()
    score = res["scores"][0]
    assert [c["key"] for c in res["seats"][0]["categories"]] == ["lit_portraits", "marigolds", "candles"]
    rating = res["rating"]
    low = int(rating["key"].removeprefix("tier_"))
    assert low <= score and rating["label"].startswith(f"Tier {low}")
    assert rating["text"] == _state(t).result().rating.text  # type: ignore[union-attr]
    assert res["winners"] == [0] and res["tie_break"] is None


def test_before_the_end_the_result_tells_nothing(real_client: TestClient) -> None:
    """Running scores may rest on hidden cards: no scores, categories, tie-break or rating."""
    t = make_table(real_client, "ofrenda", [human(), bot()], seed=5)
    t.settle()
    res = real_client.get(f"/api/tables/{t.id}/result").json()
    names = [s["name"] for s in t.get()["seats"]]
    assert res == {
        "over": False,
        "scores": None,
        "winners": [],
        "names": names,
        "seats": None,
        "tie_break": None,
        "rating": None,
        "resigned": None,
        "bots_from": None,
    }
