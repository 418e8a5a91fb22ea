"""Bad input: each illegal action raises IllegalAction naming the rule and changes nothing."""

from __future__ import annotations

import pytest

from muertos.engine import CorruptState, IllegalAction
from muertos.games.ofertu import GAME
from muertos.games.ofertu.rules import OfertuState
from tests.games.ofertu.helpers import build, play


def bidding() -> OfertuState:
    # Player 1 (Black) to move; position 5 of the row is empty.
    return build(row=["R1", "R2", "R3", "R4"], hands=[["B2", "B3", "R6"], ["W4", "W5", "W7"]])


def tiebreaking() -> OfertuState:
    s = build(row=["R1", "R2", "R3", "R4", "R5"], hands=[["B5", "B6", "B7", "B1"], ["W5", "W6", "W7", "W2"]])
    play(s, "bid B5 on 1", "bid W5 on 1", "bid B6 on 2", "bid W6 on 3", "bid B7 on 4", "bid W7 on 5")
    assert s.phase == "tiebreak" and s.to_move == 0
    return s


CASES = [
    (bidding, "bid W4 on 1", "W4 is not yours: Player 1 (Black) bids with their own black cards"),
    (bidding, "bid B9 on 1", "Player 1 (Black) has no B9 in hand"),
    (bidding, "bid R1 on 2", "Player 1 (Black) has no R1 in hand"),
    (bidding, "bid X3 on 1", "'x3' is not a card"),
    (bidding, "bid B2 on 6", "the auction row has positions 1-5"),
    (bidding, "bid B2 on 0", "the auction row has positions 1-5"),
    (bidding, "bid B2 on 5", "position 5 of the auction row is empty"),
    (bidding, "bid B2 2", "write a bid as 'bid <card> on <position>'"),
    (bidding, "bid B2 on 1 2", "write a bid as 'bid <card> on <position>'"),
    (bidding, "pass", "no passing while bidding: each player places 3 cards as bids this round"),
    (bidding, "tiebreak B2", "a tie-breaker card is added only when two bids on an auction card tie"),
    (bidding, "take 3", "an action is 'bid <card> on <position>'"),
    (bidding, "", "an action is 'bid <card> on <position>'"),
    (tiebreaking, "bid B1 on 1", "no bidding now: the bids are being revealed"),
    (tiebreaking, "tiebreak B9", "Player 1 (Black) has no B9 in hand"),
    (tiebreaking, "tiebreak W2", "W2 is not yours"),
    (tiebreaking, "tiebreak", "write a tie-breaker as 'tiebreak <card>'"),
    (tiebreaking, "pass now", "'pass' takes nothing after it"),
]


@pytest.mark.parametrize(("make", "action", "message"), CASES)
def test_illegal_actions_name_the_rule_and_change_nothing(make: object, action: str, message: str) -> None:
    assert callable(make)
    s = make()
    before = s.to_json()
    with pytest.raises(IllegalAction) as e:
        s.apply(action)
    assert message in e.value.rule
    assert s.to_json() == before


def test_any_case_and_spacing_is_accepted() -> None:
    s = bidding()
    s.apply("  BID   b2 ON 1 ")
    assert s.history == ["bid B2 on 1"] and s.bids[0][0] == ["B2"]


def test_after_the_end_nothing_is_legal() -> None:
    s = build(
        row=["R1"],
        hands=[["B2"], ["W1"]],
        red_deck=[],
        red_discard=[],
        display=[["R2"], ["R3", "R4", "R5", "R6", "R7", "R8", "R9", "R10"]],
    )
    play(s, "bid B2 on 1", "bid W1 on 1")
    assert s.over
    before = s.to_json()
    with pytest.raises(IllegalAction, match="the game is over"):
        s.apply("pass")
    assert s.to_json() == before


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("hands", [["B1", "B1"], []], "every card of the deck must be in exactly one place"),
        ("phase", "auction", "unknown phase"),
        ("black", 2, "black must be seat 0 or 1"),
        ("row", ["R1"], "have 5 positions"),
    ],
)
def test_a_corrupt_saved_state_is_refused(field: str, value: object, message: str) -> None:
    s = bidding()
    d = s.to_json()
    d["data"][field] = value
    with pytest.raises(CorruptState, match=message):
        GAME.from_json(d)


def test_a_swapped_hand_is_refused() -> None:
    s = bidding()
    d = s.to_json()
    d["data"]["hands"] = d["data"]["hands"][::-1]
    with pytest.raises(CorruptState, match="hand holds the other player's cards"):
        GAME.from_json(d)
