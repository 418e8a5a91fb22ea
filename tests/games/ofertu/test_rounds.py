"""Hand-built Ofertu rounds, each result worked out by hand in the comments.

The rules give no worked example, so every position here is our own. Player 1 is seat
0. Unless a test says otherwise Player 1 holds the black deck and starts.
"""

from __future__ import annotations

from collections import Counter

import pytest

from muertos.games.ofertu import GAME
from muertos.games.ofertu.rules import OfertuState
from tests.games.ofertu.helpers import build, play, tokens


def test_setup() -> None:
    blacks: Counter[int] = Counter()
    for seed in range(40):
        s = GAME.new(2, seed)
        assert isinstance(s, OfertuState)
        # "draw five red cards and place them in a row"; 10 - 5 = 5 left in the red deck.
        assert len(s.row) == 5 and all(c is not None and c[0] == "R" for c in s.row)
        assert len(s.red_deck) == 5 and s.red_discard == [] and s.out == []
        # Each player's own deck: 10 cards, 5 drawn into the hand, 5 left.
        for p in (0, 1):
            colour = "B" if p == s.black else "W"
            assert len(s.hands[p]) == 5 and len(s.decks[p]) == 5
            assert all(c[0] == colour for c in s.hands[p] + s.decks[p])
        # "The player with the black deck is the starting player for the first round."
        assert s.start == s.black == s.to_move
        assert s.quota == 3 and s.round == 1
        blacks[s.black] += 1
    assert set(blacks) == {0, 1}  # the decks are handed out at random
    assert s.census() == {"red": 10, "black": 10, "white": 10}


def first_round() -> OfertuState:
    return build(
        row=["R1", "R2", "R3", "R4", "R5"],
        hands=[["B2", "B3", "R6", "B8", "B9"], ["W4", "W5", "W7", "W10", "W1"]],
        decks=[["B4", "B5", "B6"], ["W2", "W3", "W6"]],
    )


def test_single_and_combined_bids_red_and_plain_wins() -> None:
    s = first_round()
    play(s, "bid B2 on 1", "bid W4 on 1", "bid B3 on 1", "bid W10 on 3", "bid R6 on 4")
    assert s.bids[0][0] == ["B2", "B3"] and s.placed == [3, 2] and s.to_move == 1
    s.apply("bid W5 on 4")
    # Position 1 (R1): Player 1 B2 + B3 = 5 > Player 2 W4 = 4: Player 1 wins, no red -> hand.
    # Position 2 and 5: no bid, the cards stay.
    # Position 3 (R3): Player 2 alone, W10 = 10: wins, no red -> hand.
    # Position 4 (R4): Player 1 R6 = 6 > Player 2 W5 = 5, the bid holds red -> display.
    assert s.display == [["R4"], []]
    # Wins 2 to 1: Player 1 starts round 2.
    assert s.round == 2 and s.start == 0 and s.to_move == 0
    # Black and white bid cards leave play, the red one goes to the red discard.
    assert {"B2", "B3", "W4", "W5", "W10"} <= set(s.out)
    assert s.red_discard == ["R6"]
    # Refill: the red deck is R7 R8 R9 R10 (top last): position 1 gets R10, 3 gets R9, 4 gets R8.
    assert s.row == ["R10", "R2", "R9", "R8", "R5"] and s.red_deck == ["R7"]
    # Draw to five: Player 1 kept B8 B9 and won R1, draws B6 then B5; Player 2 kept W1 W7,
    # won R3, draws W6 then W3.
    assert s.hands == [["R1", "B5", "B6", "B8", "B9"], ["R3", "W1", "W3", "W6", "W7"]]
    assert s.decks == [["B4"], ["W2"]]
    assert s.quota == 3 and s.placed == [0, 0]
    log = "\n".join(s.log(None))
    assert "Position 1 (R1): Player 1 (Black) bids B2 + B3 = 5; Player 2 (White) bids W4 = 4." in log
    assert "Player 1 (Black) wins R1 into their hand." in log
    assert "Player 1 (Black) wins R4 into their victory display." in log
    assert "Player 1 (Black) won more auctions (2 to 1) and starts the next round." in log


def test_a_bid_holding_red_and_plain_cards_scores() -> None:
    # Player 2 bids R2 + W1 = 3 on position 1 against Player 1's B2 = 2: red in the
    # winning bid sends R5 to Player 2's display, even though most of the bid is white.
    s = build(row=["R5", "R6", "R7", "R8", "R9"], hands=[["B2", "B3", "B4"], ["R2", "W1", "W3"]])
    play(s, "bid B2 on 1", "bid R2 on 1", "bid B3 on 2", "bid W1 on 1", "bid B4 on 3", "bid W3 on 4")
    assert s.display == [[], ["R5"]]
    # Position 2: Player 1 alone, B3 -> R6 to hand; 3: B4 -> R7 to hand; 4: W3 -> R8 to hand.
    assert s.hands == [["R6", "R7"], ["R8"]]
    # Wins 2-2; pips 6 + 7 = 13 against 5 + 8 = 13: the player who did not start starts (A-O7).
    assert s.start == 1
    assert (
        "Player 2 (White) did not start this round (wins and pips tied) and starts the next round."
        in s.log(None)
    )


def test_pure_red_bid_wins_into_display_lower_plain_bid_loses() -> None:
    # Red cards are strong: R10 alone (10) beats B4 + B5 = 9 and scores R1.
    s = build(
        row=["R1", "R2"],
        hands=[["B4", "B5", "B6"], ["R10", "W1", "W2"]],
        display=[["R3", "R4", "R5"], ["R6", "R7", "R8", "R9"]],
        red_deck=[],
        red_discard=[],
    )
    play(s, "bid B4 on 1", "bid R10 on 1", "bid B5 on 1", "bid W1 on 2", "bid B6 on 2", "bid W2 on 2")
    # Position 1: 9 < 10 -> Player 2 scores R1. Position 2: B6 = 6 > W1 + W2 = 3 -> R2 to
    # Player 1's hand. The red bid card R10 goes to the red discard.
    assert s.display == [["R3", "R4", "R5"], ["R6", "R7", "R8", "R9", "R1"]]
    assert s.hands[0] == ["R2"]
    # Refill: the red deck is empty, the discard is R10: reshuffled and dealt to position 1;
    # nothing is left for position 2.
    assert s.row == ["R10", None, None, None, None] and s.red_discard == [] and s.red_deck == []
    # Player 2 bid all three cards and has an empty deck: the game ends.
    assert s.over and s.scores() == [12.0, 31.0]


# ----------------------------------------------------------------------------- ties
def tied_round(p1: list[str], p2: list[str]) -> OfertuState:
    """Both bid 5 on position 1 (B5 vs W5); the other two cards each go alone elsewhere."""
    s = build(row=["R1", "R2", "R3", "R4", "R5"], hands=[["B5", "B6", "B7", *p1], ["W5", "W6", "W7", *p2]])
    play(s, "bid B5 on 1", "bid W5 on 1", "bid B6 on 2", "bid W6 on 3", "bid B7 on 4", "bid W7 on 5")
    return s


def test_tie_one_player_adds_and_wins() -> None:
    s = tied_round(["B1"], ["W2"])
    # Position 1: 5 = 5, a tie; both hold a card. The start player (Player 1) chooses first.
    assert s.phase == "tiebreak" and s.reveal == 0 and s.to_move == 0
    assert sorted(s.legal_actions()) == ["pass", "tiebreak B1"]
    s.apply("tiebreak B1")
    assert s.to_move == 1 and s.legal_actions() == ["tiebreak W2", "pass"]
    s.apply("pass")
    # Player 1: 5 + 1 = 6 > 5 -> wins R1; no red -> hand. B1 left the hand and is discarded.
    assert "R1" in s.hands[0] and "B1" in s.out and "B1" not in s.hands[0]
    assert "W2" in s.hands[1]  # a pass keeps the card
    assert s.display == [[], []]
    # Then positions 2-5, each a lone bid: R2, R4 to Player 1; R3, R5 to Player 2.
    # Wins 3 to 2 -> Player 1 starts again.
    assert s.round == 2 and s.start == 0
    log = "\n".join(s.log(None))
    assert "Tie-break at position 1: Player 1 (Black) adds B1, Player 2 (White) passes." in log


def test_red_tiebreaker_counts_as_red_in_the_bid() -> None:
    s = tied_round(["B1"], ["R9"])
    play(s, "pass", "tiebreak R9")
    # Player 2: W5 + R9 = 14 > 5, and the bid now holds red -> R1 to the victory display.
    assert s.display == [[], ["R1"]]
    # R9 went to the red discard. Refill of all five positions: the red deck R6 R7 R8 R10
    # (top last) gives R10 R8 R7 R6, then the discard (R9 alone) is reshuffled for position 5.
    assert s.row == ["R10", "R8", "R7", "R6", "R9"]


def test_tie_both_pass_discards_both_bids_and_the_card_stays() -> None:
    s = tied_round(["B1"], ["W2"])
    play(s, "pass", "pass")
    # Neither bids again: B5 and W5 are discarded; R1 stays at position 1.
    assert "B5" in s.out and "W5" in s.out
    assert s.row[0] == "R1"
    # Positions 2-5: R2, R4 to Player 1 (2 + 4 = 6 pips); R3, R5 to Player 2 (3 + 5 = 8).
    # Wins 2 to 2, pips 6 < 8 -> Player 2 starts round 2.
    assert s.start == 1 and s.to_move == 1
    assert "Player 2 (White) won more pips (8 to 6) and starts the next round." in s.log(None)


def test_tie_both_add_still_tied_repeats_then_higher_wins() -> None:
    s = tied_round(["B1", "B2"], ["W1", "W2"])
    play(s, "tiebreak B2", "tiebreak W2")
    # 5 + 2 = 7 against 5 + 2 = 7: still tied, both still have a card -> another round.
    assert s.phase == "tiebreak" and s.reveal == 0 and s.choices == [None, None]
    assert s.bids[0][0] == ["B5", "B2"] and s.bids[1][0] == ["W5", "W2"]
    play(s, "pass", "tiebreak W1")
    # Player 2: 7 + 1 = 8 > 7 -> wins R1 into the hand.
    assert "R1" in s.hands[1]
    assert {"B5", "B2", "W5", "W2", "W1"} <= set(s.out)


def test_tie_both_add_different_values_higher_wins() -> None:
    s = tied_round(["B3"], ["W2"])
    play(s, "tiebreak B3", "tiebreak W2")
    # 5 + 3 = 8 > 5 + 2 = 7 -> Player 1 wins R1.
    assert "R1" in s.hands[0]


def test_tie_with_no_cards_left_discards_at_once() -> None:
    # Three ties, hands empty after bidding: every pair of bids is discarded without a
    # decision ("If neither player has cards in their hand").
    s = build(row=["R1", "R2", "R3", "R4", "R5"], hands=[["B5", "B1", "B2"], ["W5", "W1", "W2"]])
    play(s, "bid B5 on 1", "bid W5 on 1", "bid B1 on 2", "bid W1 on 2", "bid B2 on 3")
    s.apply("bid W2 on 3")
    assert s.row[:3] == ["R1", "R2", "R3"]
    assert {"B5", "B1", "B2", "W5", "W1", "W2"} <= set(s.out)
    # Wins 0-0 and pips 0-0: the player who did not start (Player 2) would start, but
    # both hands and decks are empty: the game ends.
    assert s.start == 1
    assert s.over and s.phase == "over"
    log = s.log(None)
    assert "Player 2 (White) did not start this round (wins and pips tied) and starts the next round." in log
    assert any("neither player has a card left to break it" in line for line in log)


def test_tie_only_one_player_has_cards_decides_alone() -> None:
    # Player 1 (start) has exactly 3 cards, Player 2 has 4: both bid 3, Player 2 keeps W2.
    s = build(row=["R1", "R2", "R3", "R4", "R5"], hands=[["B5", "B6", "B7"], ["W5", "W6", "W7", "W2"]])
    assert s.quota == 3
    play(s, "bid B5 on 1", "bid W5 on 1", "bid B6 on 2", "bid W6 on 3", "bid B7 on 4", "bid W7 on 5")
    # Tie at 5; Player 1's hand is empty, so their pass is automatic; Player 2 decides.
    assert s.phase == "tiebreak" and s.choices[0] == "pass" and s.to_move == 1
    s.apply("tiebreak W2")
    assert "R1" in s.hands[1]  # 5 + 2 = 7 > 5


def test_tie_breaker_choice_is_secret_until_both_chose() -> None:
    s = tied_round(["B1"], ["W2"])
    s.apply("tiebreak B1")
    v1 = s.view(1)
    assert v1["tiebreak"] == ["chosen", None]
    assert "B1" not in tokens(str(v1)) and "B1" not in tokens("\n".join(s.log(1)))
    assert s.view(0)["tiebreak"] == ["B1", None]
    # A pass looks just the same to the other seat.
    t = tied_round(["B1"], ["W2"])
    t.apply("pass")
    assert t.view(1) == v1 and t.log(1) == s.log(1)
    # Player 2's decision is the same whatever Player 1 chose.
    assert t.legal_actions() == s.legal_actions()


# -------------------------------------------------------------------- start player
def test_start_player_by_most_wins() -> None:
    # Player 2 (not the start player) wins 2 auctions, Player 1 one.
    s = build(row=["R1", "R2", "R3"], hands=[["B1", "B2", "B3"], ["W9", "W8", "W1"]], red_deck=[])
    play(s, "bid B1 on 1", "bid W9 on 1", "bid B2 on 2", "bid W8 on 2", "bid B3 on 3", "bid W1 on 3")
    # 1: 1 < 9 -> P2; 2: 2 < 8 -> P2; 3: 3 > 1 -> P1. Wins 1 to 2 -> Player 2 starts.
    assert s.start == 1 and s.to_move == 1
    assert "Player 2 (White) won more auctions (2 to 1) and starts the next round." in s.log(None)


def test_start_player_by_pips_when_wins_tie() -> None:
    # Each wins one auction: Player 1 wins R1 (1 pip), Player 2 wins R5 (5 pips).
    s = build(row=["R1", "R5"], hands=[["B9", "B1", "B2"], ["W1", "W9", "W2"]], red_deck=[])
    play(s, "bid B9 on 1", "bid W9 on 2", "bid B1 on 2", "bid W1 on 1", "bid B2 on 2", "bid W2 on 1")
    # 1: B9 = 9 > W1 + W2 = 3 -> P1 wins R1; 2: B1 + B2 = 3 < W9 = 9 -> P2 wins R5.
    # Wins 1-1, pips 1 < 5 -> Player 2 starts.
    assert s.start == 1
    assert "Player 2 (White) won more pips (5 to 1) and starts the next round." in s.log(None)


def test_start_player_tied_wins_and_pips_goes_to_the_other_player() -> None:
    # A-O7: Player 1 wins R1 + R4 = 5 pips, Player 2 wins R2 + R3 = 5 pips; both 2 wins.
    s = build(
        row=["R1", "R2", "R3", "R4"],
        hands=[["W1", "W2"], ["B1", "B2"]],
        decks=[["W9"], ["B9"]],
        red_deck=["R5"],
        black=1,  # Player 2 is Black and starts
    )
    assert s.to_move == 1 and s.quota == 2
    play(s, "bid B1 on 2", "bid W1 on 1", "bid B2 on 3", "bid W2 on 4")
    # Player 2 started round 1, so Player 1 starts round 2.
    assert s.round == 2 and s.start == 0 and s.to_move == 0
    assert (
        "Player 1 (White) did not start this round (wins and pips tied) and starts the next round."
        in s.log(None)
    )


# ------------------------------------------------------------------- refill, reshuffle
def test_refill_reshuffles_the_red_discard_and_leaves_gaps_when_short() -> None:
    # Red deck empty; red discard holds R9 and R10. Three auctions are won (positions
    # 1-3), one bid card is red (R8 -> discard): the discard R8 R9 R10 is reshuffled and
    # exactly fills positions 1-3.
    s = build(
        row=["R1", "R2", "R3", "R4", "R5"],
        hands=[["R8", "B1", "B2"], ["W1", "W2", "W3"]],
        display=[["R6"], ["R7"]],
        red_deck=[],
        red_discard=["R9", "R10"],
    )
    play(s, "bid R8 on 1", "bid W1 on 2", "bid B1 on 3", "bid W2 on 3", "bid B2 on 3", "bid W3 on 2")
    # 1: R8 alone -> R1 to Player 1's display; 2: W1 + W3 = 4 -> R2 to Player 2's hand;
    # 3: B1 + B2 = 3 > W2 = 2 -> R3 to Player 1's hand.
    assert s.display == [["R6", "R1"], ["R7"]]
    assert sorted(str(c) for c in s.row[:3]) == ["R10", "R8", "R9"] and s.row[3:] == ["R4", "R5"]
    assert s.red_deck == [] and s.red_discard == []
    assert any("red discard (3 cards) is shuffled into the red deck" in line for line in s.log(None))


def test_row_not_refilled_completely_when_red_cards_run_short() -> None:
    s = build(
        row=["R1", "R2", "R3", "R4", "R5"],
        hands=[["B1", "B2", "B3"], ["W1", "W2", "W3"]],
        decks=[["B9"], ["W9"]],
        display=[["R6", "R7"], ["R8", "R9"]],
        red_deck=["R10"],
        red_discard=[],
    )
    play(s, "bid B1 on 1", "bid W1 on 2", "bid B2 on 3", "bid W2 on 4", "bid B3 on 5", "bid W3 on 4")
    # Five lone bids win all five cards into hands; R10 refills position 1
    # only, the discard is empty (no red card was bid): positions 2-5 stay empty.
    assert s.row == ["R10", None, None, None, None]
    assert "bid B9 on 1" in s.legal_actions() and not any(a.endswith("on 2") for a in s.legal_actions())


def test_game_ends_when_the_auction_row_cannot_be_refilled() -> None:
    s = build(
        row=["R1"],
        hands=[["B2"], ["W1"]],
        decks=[["B9"], ["W9"]],
        display=[["R2", "R3", "R4", "R5"], ["R6", "R7", "R8", "R9", "R10"]],
        red_deck=[],
        red_discard=[],
    )
    assert s.quota == 1
    play(s, "bid B2 on 1", "bid W1 on 1")
    # B2 = 2 > W1 = 1: R1 to Player 1's hand. No red card is left to auction: game over.
    assert s.over and s.row == [None] * 5
    # Scores: Player 1 2+3+4+5 = 14, Player 2 6+7+8+9+10 = 40.
    assert s.scores() == [14.0, 40.0] and s.winners() == [1]
    assert "the red deck and discard cannot refill the auction row" in s.log(None)[-1]


# -------------------------------------------------------------------------- the end
def test_equal_number_of_bids_and_end_when_a_player_runs_out() -> None:
    # Player 1 has only two cards left in all (hand B1 B2, empty deck), Player 2 five.
    s = build(
        row=["R1", "R2", "R3", "R4", "R5"],
        hands=[["B1", "B2"], ["W1", "W2", "W3", "W4", "W5"]],
        decks=[[], ["W9"]],
        display=[["R6"], []],
    )
    # "Both players must have an equal number of bids": 2 each this round.
    assert s.quota == 2
    play(s, "bid B1 on 1", "bid W5 on 2", "bid B2 on 3")
    assert s.to_move == 1 and s.placed == [2, 1]
    s.apply("bid W4 on 4")
    # All four bids are lone: Player 1 wins R1 and R3 into the hand (no red bid), Player 2
    # wins R2 and R4. Next round Player 1 holds R1 R3: two cards, so the game goes on.
    assert s.round == 2 and s.hands[0] == ["R1", "R3"] and s.quota == 2
    assert len(s.hands[1]) == 5  # W1 W2 W3 + R2 R4, and W9 stays in the deck
    # Wins 2-2, pips 1 + 3 = 4 against 2 + 4 = 6: Player 2 starts. The red deck R7 R8 R9
    # R10 (top last) refilled positions 1-4 with R10 R9 R8 R7.
    assert s.to_move == 1 and s.row == ["R10", "R9", "R8", "R7", "R5"]
    # Both bid everything on 1: R2 + R4 = 6 beats R1 + R3 = 4 and scores R10 for Player 2.
    play(s, "bid R2 on 1", "bid R1 on 1", "bid R4 on 1", "bid R3 on 1")
    assert s.display == [["R6"], ["R10"]]
    # Player 1 has bid both red cards; no cards left: "When one player runs out of cards,
    # the other may not make more bids."
    assert s.over and s.hands[0] == [] and len(s.hands[1]) >= 3
    assert "Player 1 (Black) has no more cards to bid with" in s.log(None)[-1]
    assert s.legal_actions() == []


def test_final_scores_and_tie_breaks() -> None:
    def finished(d0: list[str], d1: list[str]) -> OfertuState:
        s = build(row=["R5"], hands=[[], ["W1"]], display=[d0, d1]).with_position(phase="over")
        assert isinstance(s, OfertuState)
        return s

    # Most pips wins: 10 + 1 = 11 against 9.
    s = finished(["R10", "R1"], ["R9"])
    assert s.scores() == [11.0, 9.0] and s.winners() == [0]
    # 10 pips each; Player 2 has more cards (R3 R7 against R10): Player 2 wins (A-O10).
    s = finished(["R10"], ["R3", "R7"])
    assert s.scores() == [10.0, 10.0] and s.winners() == [1]
    # 10 pips and 2 cards each: a draw.
    s = finished(["R1", "R9"], ["R4", "R6"])
    assert s.winners() == [0, 1]
    assert s.to_move is None and s.legal_actions() == []


def test_a_new_game_ends_within_the_expected_rounds() -> None:
    # Each personal deck has 10 cards and at most 3 leave a hand per round except through
    # red cards: a random game lasts a handful of rounds and always ends.
    import random

    for seed in range(30):
        s = GAME.new(2, seed)
        rnd = random.Random(seed)
        while not s.over:
            s.apply(rnd.choice(s.legal_actions()))
        assert isinstance(s, OfertuState)
        assert 3 <= s.round <= 20
        assert s.census() == {"red": 10, "black": 10, "white": 10}


@pytest.mark.parametrize("seat", [0, 1])
def test_the_to_move_alternates_while_bidding(seat: int) -> None:
    s = build(row=["R1", "R2", "R3", "R4", "R5"], hands=[["B1", "B2", "B3"], ["W1", "W2", "W3"]], start=seat)
    order = []
    for _ in range(5):
        order.append(s.to_move)
        s.apply(s.legal_actions()[0])
    assert order == [seat, 1 - seat, seat, 1 - seat, seat]


def test_stats_for_designers() -> None:
    s = build(row=["R1", "R2", "R3", "R4", "R5"], hands=[["B5", "B1", "B2"], ["W5", "W1", "W2"]])
    play(s, "bid B5 on 1", "bid W5 on 1", "bid B1 on 2", "bid W1 on 2", "bid B2 on 3", "bid W2 on 3")
    # Three ties, each discarded at once; nothing won; the game ends for lack of cards.
    assert s.over
    st = s.stats()
    assert st["decisions"] == 6 and st["rounds"] == 1 and st["end"] == "cards"
    assert st["auctions"] == 0 and st["ties"] == 3 and st["tiebreak_reveals"] == 0
    assert st["cards_scored"] == 0 and st["pip_margin"] == 0
