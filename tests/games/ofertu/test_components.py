"""The data file, the package's documentation and the heuristic."""

from __future__ import annotations

import copy
import random
import tomllib
from importlib import resources
from typing import Any

import pytest

import muertos
from muertos.engine import InvalidOptions
from muertos.games.ofertu import GAME
from muertos.games.ofertu.components import COMPONENTS, parse
from muertos.games.ofertu.heuristics import evaluate
from muertos.games.ofertu.rules import OfertuState
from tests.games.ofertu.helpers import build, play


def data() -> dict[str, Any]:
    text = resources.files("muertos.games.ofertu").joinpath("components.toml").read_text(encoding="utf-8")
    return tomllib.loads(text)


def test_the_reconstructed_deck() -> None:
    assert COMPONENTS.ranks == tuple(range(1, 11))
    assert [s.letter for s in COMPONENTS.suits] == ["R", "B", "W"]
    assert COMPONENTS.cards("red") == [f"R{r}" for r in range(1, 11)]
    assert (COMPONENTS.auction_row, COMPONENTS.hand_size, COMPONENTS.bids_per_round) == (5, 5, 3)
    lines = GAME.reconstructed()
    assert (
        len(lines) == 2 and lines[0].startswith("deck: 10 cards per suit") and lines[1].startswith("discard:")
    )


def test_another_deck_can_replace_it() -> None:
    d = data()
    d["deck"]["ranks"] = list(range(1, 14))
    d["deck"]["suits"][0]["letter"] = "C"
    c = parse(d)
    assert c.cards("red")[-1] == "C13" and len(c.cards("white")) == 13


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        (("deck", "ranks"), [], "non-empty list of positive integers"),
        (("deck", "ranks"), [0, 1, 2, 3, 4], "positive integers"),
        (("deck", "ranks"), [1, 1, 2, 3, 4], "must not repeat"),
        (("deck", "ranks"), [1, 2, 3], "enough cards to fill the auction row"),
        (("table", "auction_row"), 0, "table sizes"),
    ],
)
def test_bad_data_is_refused(path: tuple[str, str], value: Any, message: str) -> None:
    d = copy.deepcopy(data())
    d[path[0]][path[1]] = value
    with pytest.raises(ValueError, match=message):
        parse(d)


def test_bad_suits_are_refused() -> None:
    d = data()
    d["deck"]["suits"][1]["role"] = "red"
    with pytest.raises(ValueError, match="each role"):
        parse(d)
    d = data()
    d["deck"]["suits"][1]["letter"] = "R"
    with pytest.raises(ValueError, match="distinct capital letter"):
        parse(d)


def test_registered_with_its_players_and_docs() -> None:
    g = muertos.game("ofertu")
    assert g is GAME and g.order == 5 and (g.min_players, g.max_players) == (2, 2) and g.options == ()
    with pytest.raises(InvalidOptions):
        g.new(3, seed=1)
    with pytest.raises(InvalidOptions):
        g.new(2, seed=1, options={"variant": True})
    text = g.rules()
    for needle in ("bid B7 on 2", "tiebreak W4", "pass", "White player's left", "A-O7"):
        assert needle in text


def test_evaluate_prefers_the_lead_and_red_cards_held() -> None:
    s = build(row=["R1", "R2"], hands=[["R8", "B1", "B2"], ["W1", "W2", "W3"]], display=[["R9"], ["R3"]])
    # Lead 9 - 3 = 6; Player 1 holds R8: + 3 + 0.1 * 8 = 3.8 -> 9.8.
    assert evaluate(s, 0) == pytest.approx(9.8)
    assert evaluate(s, 1) == pytest.approx(-9.8)
    # It reads only public information: equal on a determinized copy.
    assert evaluate(s.determinize(1, random.Random(3)), 1) == evaluate(s, 1)


def test_evaluate_at_the_end_counts_the_win() -> None:
    s = build(
        row=["R1"],
        hands=[["B2"], ["W1"]],
        red_deck=[],
        red_discard=[],
        display=[["R2", "R3"], ["R4", "R5", "R6", "R7", "R8", "R9", "R10"]],
    )
    play(s, "bid B2 on 1", "bid W1 on 1")
    assert isinstance(s, OfertuState) and s.over
    # Player 1: 2 + 3 = 5 pips, Player 2: 4 + ... + 10 = 49: lead -44, and a loss.
    assert evaluate(s, 0) == -44 - 100
    assert evaluate(s, 1) == 44 + 100
