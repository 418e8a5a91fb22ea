"""The terminal picture shows the right pieces and hides what the seat may not see."""

from __future__ import annotations

from rich.console import Console

from muertos.games.ofertu import GAME
from muertos.games.ofertu.rules import OfertuState
from tests.games.ofertu.helpers import build, play, tokens


def picture(s: OfertuState, seat: int | None) -> str:
    console = Console(record=True, width=120)
    console.print(GAME.render(s, seat))
    return console.export_text()


def position() -> OfertuState:
    s = build(
        row=["R1", "R2", "R3", "R4", "R5"],
        hands=[["R8", "B1", "B2", "B3", "B4"], ["W1", "W2", "W3", "W4", "W5"]],
        decks=[["B5", "B6", "B7"], ["W6", "W7"]],
        display=[["R9"], ["R10"]],
        red_discard=["R6"],
        red_deck=["R7"],
    )
    play(s, "bid B4 on 2", "bid W5 on 2")
    return s


def test_player_view_shows_own_cards_and_backs_for_the_opponent() -> None:
    s = position()
    text = picture(s, 0)
    seen = tokens(text)
    # Own hand and own face-down bid, face up.
    assert {"R8", "B1", "B2", "B3", "B4"} <= seen
    # The opponent's hand and face-down bid are backs only.
    assert not {"W1", "W2", "W3", "W4", "W5", "W6", "W7"} & seen
    assert "░░░ ░░░ ░░░ ░░░" in text  # Player 2's four cards in hand
    # The auction row, both victory displays with pips, the piles and deck counts.
    assert {"R1", "R2", "R3", "R4", "R5", "R9", "R10", "R6"} <= seen
    assert "= 9 pips" in text and "= 10 pips" in text
    assert "Red deck: 1 face down" in text
    assert "3 cards face down" in text and "2 cards face down" in text
    assert "Player 1 (Black) — you" in text and "▶ to move" in text
    assert "Your options: bid R8 on 1" in text
    # Opponent on top, you at the bottom.
    assert text.index("Player 2 (White)") < text.index("Auction row") < text.index("Player 1 (Black) — you")


def test_other_seat_and_spectator_see_no_hidden_card() -> None:
    s = position()
    text = picture(s, 1)
    seen = tokens(text)
    assert {"W1", "W2", "W3", "W4", "W5"} <= seen
    assert not {"B1", "B2", "B3", "B4", "B5", "B6", "B7"} & seen
    # Player 1's red card is public (won in the open), shown as held, not where.
    assert "red cards held (hand or face-down bids):  R8" in text
    spectator = tokens(picture(s, None))
    assert not {"B1", "B2", "B3", "B4", "W1", "W2", "W3", "W4", "W5"} & spectator
    assert "Your options" not in picture(s, None)


def test_tiebreak_and_end_pictures() -> None:
    s = build(row=["R1", "R2", "R3", "R4", "R5"], hands=[["B5", "B6", "B7", "B1"], ["W5", "W6", "W7", "W2"]])
    play(s, "bid B5 on 1", "bid W5 on 1", "bid B6 on 2", "bid W6 on 3", "bid B7 on 4", "bid W7 on 5")
    s.apply("tiebreak B1")
    text = picture(s, 1)
    assert "Tie-break at position 1: Player 1 has chosen (secret); Player 2 to choose" in text
    assert "B1" not in tokens(text)
    assert "1 ◂ revealing" in text
    mine = picture(s, 0)
    assert "Player 1: adds B1" in mine
    s.apply("pass")
    while not s.over:
        s.apply(s.legal_actions()[0])
    end = picture(s, None)
    assert "Final scores" in end and "Game over" in end
    w = s.winners()
    assert ("★ winner" in end) == (len(w) == 1)
