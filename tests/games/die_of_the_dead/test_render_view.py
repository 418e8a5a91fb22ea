"""The picture, the views, the log and the heuristic."""

from __future__ import annotations

import random

import pytest
from rich.console import Console

from muertos.games.die_of_the_dead import GAME, DieOfTheDeadState
from muertos.games.die_of_the_dead.heuristics import evaluate

from .helpers import dice, fill, opened, table


def picture(s: DieOfTheDeadState, seat: int | None) -> str:
    con = Console(record=True, width=120)
    con.print(GAME.render(s, seat))
    return con.export_text()


def position() -> DieOfTheDeadState:
    s = opened(table(2), 3, "r2 b5 gx")
    fill(s, 0, {5: "b2", 6: "r5", 1: "y3"})
    s.prep[0] = dice("g4 p1*")
    s.hands[0] = [0, 1, 2, 0]
    s.steps[0], s.square[0] = 3, 1
    s.lid[0] = dice("y*")
    return s


def test_render_shows_the_whole_table() -> None:
    s = position()
    text = picture(s, 0)
    assert "Casket 3 · Bread · OPEN" in text and "rolled: r2 b5 gx" in text
    assert "Casket 1 · Candle" in text and "lid: y*" in text
    assert "Player 1 · Red (r) · you · Round Starter · to move" in text
    assert "b2 (urn b2)" in text and "r5 (urn r5)" in text  # urns filled with their dice
    assert "(urn g1)" in text  # Player 2's board (Blue): urns Green 1, Yellow 6
    assert "preparation: g4 p1*" in text and "Marigold×1, Bread×2" in text
    assert "[r1]" in text  # Player 1's scoring die on step 3
    assert "City of the Dead: r*×3 b*×3 g*×3 y*×3 p*×3" in text
    assert "Marigold [1-2-3-4] …" in text
    spectator = picture(s, None)
    assert "· you" not in spectator and "rolled: r2 b5 gx" in spectator


def test_render_at_the_end_shows_the_result() -> None:
    s = GAME.new(2, 4)
    assert isinstance(s, DieOfTheDeadState)
    rnd = random.Random(4)
    while not s.over:
        s.apply(rnd.choice(s.legal_actions()))
    text = picture(s, 1)
    assert "Final:" in text and ("Winner: Player" in text or "Shared win: Player" in text)
    assert "Game over" in text


def test_view_is_public_and_complete() -> None:
    s = position()
    v = s.view(1)
    assert v["open_casket"] == 3 and v["caskets"][2]["inside"] == ["r2", "b5", "gx"]
    assert v["caskets"][2]["item"] == "Bread" and v["caskets"][0]["lid"] == ["y*"]
    me = v["seats"][0]
    assert me["prep"] == ["g4", "p1*"] and me["tokens"] == {
        "Candle": 0,
        "Marigold": 1,
        "Bread": 2,
        "Incense": 0,
    }
    assert me["ofrenda"][4] == "b2" and me["ofrenda"][11] is None
    assert me["urns"] == [{"cell": 5, "die": "b2"}, {"cell": 6, "die": "r5"}]
    assert v["seats"][1]["urns"] == [{"cell": 5, "die": "g1"}, {"cell": 6, "die": "y6"}]
    assert s.view(None)["seats"] == v["seats"]  # nothing is hidden
    same = table(2, same_urns=True).view(None)["seats"][1]["urns"]
    assert same == [{"cell": 5, "die": "b2"}, {"cell": 6, "die": "r5"}]


def test_rules_text_and_reconstructed_list() -> None:
    text = GAME.rules()
    for token in ("draft r5", "pay cell 9 on 2", "marigold g5 to 7", "discard cmb", "Reconstructed"):
        assert token in text
    rec = GAME.reconstructed()
    assert any("step-bonus layout" in r for r in rec) and any("ofrenda board geometry" in r for r in rec)
    assert any("Blue, Green, Yellow, Purple boards" in r for r in rec)
    assert not GAME.hidden_information


def test_evaluate_prefers_more_steps_and_progress() -> None:
    s = table(3)
    base = evaluate(s, 0)
    s.steps[0] = 4
    assert evaluate(s, 0) - base == 4.0
    fill(s, 0, {1: "r1", 2: "r2"})
    assert evaluate(s, 0) > 4.0 + base
    s.steps[1] = 10
    assert evaluate(s, 0) < 0 < evaluate(s, 1)
    solo = table(1)
    solo.steps[0] = 7
    assert evaluate(solo, 0) == 7.0
    # a completed section not scored yet counts its exact score: Candle R3 B3 G3 Y3 = 4
    fill(solo, 0, {7: "r3", 8: "b3", 9: "g3", 10: "y3"})
    # plus the unfinished Incense (cell 7: 0.3) and Bread (cell 10: 0.3) each holding a die
    assert evaluate(solo, 0) == pytest.approx(7.0 + 4 + 0.3 + 0.3)
