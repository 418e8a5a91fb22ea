"""Hidden information: hands, deck orders, face-down bids and tie-break choices never leak."""

from __future__ import annotations

import json
import random

from muertos.games.ofertu import GAME
from muertos.games.ofertu.components import RED
from muertos.games.ofertu.rules import OfertuState
from tests.games.ofertu.helpers import build, play, tokens


def secret_cards(s: OfertuState, p: int) -> set[str]:
    """Cards of seat ``p`` that nobody else may name: its non-red hand cards, every
    face-down bid card that is not red, its deck. (Red cards in hands are public, A-O11:
    the other seat knows it holds them, only not where.)"""
    f = s.first_hidden()
    cards = set(s.hands[p]) | set(s.decks[p])
    cards |= {c for i in range(f, len(s.row)) for c in s.bids[p][i]}
    return {c for c in cards if c[0] != RED}


def seen(s: OfertuState, seat: int | None) -> set[str]:
    return tokens(json.dumps(s.view(seat))) | tokens("\n".join(s.log(seat)))


def test_no_leaks_over_200_random_games() -> None:
    checked = 0
    for seed in range(200):
        s = GAME.new(2, seed)
        assert isinstance(s, OfertuState)
        rnd = random.Random(seed)
        while True:
            for seat in (None, 0, 1):
                others = [p for p in (0, 1) if p != seat]
                leaked = seen(s, seat) & set().union(*(secret_cards(s, p) for p in others))
                assert not leaked, f"seed {seed}, {len(s.history)} actions: seat {seat} sees {leaked}"
                # Face-down bids of the others show only backs, red ones included.
                v = s.view(seat)
                for p in others:
                    for i in range(s.first_hidden(), len(s.row)):
                        assert v["bids"][p][i] == ["?"] * len(s.bids[p][i])
                    # The other hand is a count, never a list of cards.
                    assert v["hands"][p] == len(s.hands[p])
                    assert v["decks"][p] == len(s.decks[p])
                checked += 1
            if s.over:
                break
            s.apply(rnd.choice(s.legal_actions()))
    assert checked > 200 * 20


def test_a_face_down_bid_card_is_absent_from_the_other_seats_view_and_log() -> None:
    s = build(row=["R1", "R2", "R3", "R4", "R5"], hands=[["B7", "B1", "B2"], ["W1", "W2", "W3"]])
    s.apply("bid B7 on 2")
    for seat in (1, None):
        assert "B7" not in seen(s, seat)
        assert s.view(seat)["bids"][0][1] == ["?"]
        assert s.log(seat)[-1] == "Player 1 (Black) places a face-down card on position 2 (R2)."
    # The bidder sees its own card.
    assert s.view(0)["bids"][0][1] == ["B7"]
    assert s.log(0)[-1] == "Player 1 (Black) bids B7 face down on position 2 (R2)."
    # Opponent's hand: a count only, and its cards are nowhere in the view.
    assert s.view(1)["hands"] == [2, ["W1", "W2", "W3"]]
    # After the reveal everybody reads it.
    play(s, "bid W1 on 1", "bid B1 on 3", "bid W2 on 4", "bid B2 on 5", "bid W3 on 1")
    assert "Position 2 (R2): Player 1 (Black) bids B7 = 7." in s.log(1)
    assert "B7" in s.view(1)["out"]


def test_red_cards_in_hand_are_public_but_not_where_they_are() -> None:
    s = build(row=["R1", "R2", "R3", "R4", "R5"], hands=[["R8", "B1", "B2"], ["W1", "W2", "W3"]])
    assert s.view(1)["red_held"] == [["R8"], []]
    s.apply("bid R8 on 3")
    v1 = s.view(1)
    # Still held by Player 1 (in hand or in a face-down bid), but the bid shows a back.
    assert v1["red_held"] == [["R8"], []] and v1["bids"][0][2] == ["?"] and v1["hands"][0] == 2
    # Bidding B1 instead looks different only in the count of red cards still in hand.
    t = build(row=["R1", "R2", "R3", "R4", "R5"], hands=[["R8", "B1", "B2"], ["W1", "W2", "W3"]])
    t.apply("bid B1 on 3")
    assert t.view(1) == v1


def test_determinize_redraws_only_what_is_hidden() -> None:
    s = build(
        row=["R1", "R2", "R3", "R4", "R5"],
        hands=[["R8", "B1", "B2", "B3", "B4"], ["W1", "W2", "W3", "W4", "W5"]],
        decks=[["B5", "B6", "B7"], ["W6", "W7", "W8"]],
    )
    play(s, "bid R8 on 1", "bid W1 on 2")
    hands1, decks1, bids1 = set(), set(), set()
    for k in range(60):
        d = s.determinize(0, random.Random(k))
        assert isinstance(d, OfertuState)
        # Player 1's own hand, bids and knowledge stay; its deck order may change.
        assert d.hands[0] == s.hands[0] and d.bids[0] == s.bids[0]
        assert sorted(d.decks[0]) == sorted(s.decks[0])
        # Player 2's unseen white cards (4 in hand, 1 bid, 3 in deck) are dealt again.
        assert len(d.hands[1]) == 4 and len(d.decks[1]) == 3 and len(d.bids[1][1]) == 1
        assert sorted(d.hands[1] + d.decks[1] + d.bids[1][1]) == [
            "W1",
            "W2",
            "W3",
            "W4",
            "W5",
            "W6",
            "W7",
            "W8",
        ]
        assert d.view(0) == s.view(0)
        hands1.add(tuple(d.hands[1]))
        decks1.add(tuple(d.decks[1]))
        bids1.add(d.bids[1][1][0])
    assert len(hands1) > 10 and len(decks1) > 10 and len(bids1) > 4


def test_determinize_keeps_known_red_cards_with_their_holder() -> None:
    s = build(row=["R1", "R2", "R3", "R4", "R5"], hands=[["B1", "B2", "B3"], ["R9", "R10", "W2", "W3"]])
    s.apply("bid B1 on 1")
    s.apply("bid R9 on 1")
    for k in range(30):
        d = s.determinize(0, random.Random(k))
        assert isinstance(d, OfertuState)
        held = set(d.hands[1]) | set(d.bids[1][0])
        assert {"R9", "R10"} <= held and not {"R9", "R10"} & set(d.decks[1])


def test_determinize_redraws_a_pending_secret_tiebreak_choice() -> None:
    s = build(row=["R1", "R2", "R3", "R4", "R5"], hands=[["B5", "B6", "B7", "B1"], ["W5", "W6", "W7", "W2"]])
    play(s, "bid B5 on 1", "bid W5 on 1", "bid B6 on 2", "bid W6 on 3", "bid B7 on 4", "bid W7 on 5")
    s.apply("tiebreak B1")
    choices = set()
    for k in range(40):
        d = s.determinize(1, random.Random(k))
        assert isinstance(d, OfertuState)
        c = d.choices[0]
        assert c == "pass" or c in d.hands[0]
        choices.add(c)
        assert d.view(1) == s.view(1)
    assert "pass" in choices and len(choices) >= 2


def test_determinize_keeps_a_red_card_won_in_this_reveal_in_the_hand() -> None:
    """R1, won into Player 2's hand at position 1 of this reveal, came after the bids
    were placed ("Once six player cards are placed, the bids are revealed one by one"):
    no determinization deals it into the face-down bid at position 3. R9, held before the
    bids, may be in that bid or in the hand."""
    s = build(
        row=["R1", "R2", "R3", "R4", "R5"],
        hands=[["B5", "B1", "B2", "B8", "B9"], ["R9", "W3", "W5", "W6", "W7"]],
    )
    play(s, "bid B5 on 2", "bid W3 on 1", "bid B1 on 5", "bid W5 on 2", "bid B2 on 5", "bid W6 on 3")
    assert s.phase == "tiebreak" and s.reveal == 1  # 5 = 5 at position 2, after R1 was won
    assert s.hands[1] == ["R1", "R9", "W7"] and s.view(0)["red_held"][1] == ["R1", "R9"]
    r9_bid = 0
    for k in range(200):
        d = s.determinize(0, random.Random(k))
        assert isinstance(d, OfertuState)
        assert "R1" in d.hands[1] and "R1" not in d.bids[1][2]
        assert d.view(0) == s.view(0)
        r9_bid += "R9" in d.bids[1][2]
    assert 0 < r9_bid < 200


def test_a_card_won_in_this_reveal_and_played_as_a_tiebreaker_leaves_the_record() -> None:
    """R1 is won into the hand at position 1, then added to break the tie at 2 (A-O4:
    "even a red card won earlier in the same reveal"): it is no longer a card the hand
    must hold, and the state at the next tie still saves and loads."""
    s = build(
        row=["R1", "R2", "R3", "R4", "R5"],
        hands=[["B5", "B6", "B1", "B8", "B9"], ["W3", "W5", "W6", "W7", "W8"]],
    )
    play(s, "bid B5 on 2", "bid W3 on 1", "bid B6 on 3", "bid W5 on 2", "bid B1 on 5", "bid W6 on 3")
    assert s.won_to_hand == [[], ["R1"]]
    play(s, "pass", "tiebreak R1")
    assert s.phase == "tiebreak" and s.reveal == 2  # 6 = 6 at position 3
    assert "R2" in s.display[1] and s.won_to_hand == [[], []]
    assert GAME.from_json(s.to_json()).to_json() == s.to_json()
