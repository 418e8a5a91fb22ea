"""The terminal picture shows the right pieces and hides what the seat may not see."""

from __future__ import annotations

import re

from rich.console import Console

from muertos.games.dia_de_los_muertos import GAME
from muertos.games.dia_de_los_muertos.rules import MuertosState

from .helpers import play, table


def text(s: MuertosState, seat: int | None) -> str:
    c = Console(record=True, width=120)
    c.print(GAME.render(s, seat))
    return c.export_text()


def test_board_pieces_and_cards() -> None:
    s = table(
        pos=[10, 19, 10],
        legs=[2, 1, 2],
        lay=["kick", "beat", None],
        hands=[["cake", "skull"], ["patch"], ["dodge"]],
        fest=[[], ["music"], []],
        stock=[1, 2, 2],
        dog=22,
        gd=2,
        dens=[["hustle"], [], []],
    )
    out = text(s, 0)
    assert "[10 P1* P3]" in out  # two skeletons on 10, the viewer marked
    assert "[19FM1 P2]" in out  # festivity field: Music, one card left
    assert "[22 D]" in out  # the dog
    assert "[27r G]" in out  # the gravedigger after two steps
    assert "[29H1]" in out  # a bone buried in hiding place 29
    assert "Hustle (hand+foot)" in out
    assert "Music(1)" in out  # P2's festivity card
    assert re.search(r"│ ●○ 1 ", out)  # P2 lost a leg (the column says legs: no letter)
    assert "[1] [3]" in out  # P1's hand backs
    # P1 sees his own hand and laid card, and only the back of P2's laid card.
    assert "Your hand (Player 1)" in out and "Throwing (skull)" in out and "Throwing (cake)" in out
    assert "Kicking" in out and "face down [2]" in out
    assert "Bone patches" not in out and "Beating" not in out and "Dodge" not in out


def test_spectator_sees_no_fronts() -> None:
    s = table(pos=[10, 19, 10], lay=["kick", "beat", None], hands=[["cake", "skull"], ["patch"], ["dodge"]])
    out = text(s, None)
    assert "Your hand" not in out
    for secret in ("Kicking", "Beating", "Bone patches", "Dodge", "Throwing"):
        assert secret not in out
    assert out.count("face down [2]") == 2


def test_final_scores_shown() -> None:
    s = table(
        pos=[27, 32, 12],
        home=[0, 1, 0],
        arms=[2, 2, 0],
        legs=[2, 2, 0],
        lay=["kick", None, None],
        hands=[["kick"], [], []],
        gd=6,
        fest=[["dance"], ["music"], ["banquet"]],
    )
    play(s, "move", "walk 32")
    out = text(s, 2)
    assert "Final scores" in out and "P2 WINNER" in out
    assert "stone 2" in out and "stone 1" in out
