"""Bad input: refused with a message naming the rule, and nothing changes."""

from __future__ import annotations

import pytest

from muertos.engine import CorruptState, InvalidOptions
from muertos.games.dia_de_los_muertos import GAME

from .helpers import assert_illegal, play, table


def test_lay_a_card_you_do_not_hold() -> None:
    s = table(hands=[["kick", "beat"], ["kick"], ["kick"]], stack=[["endround"], ["commit", 0]])
    assert s.legal_actions() == ["lay beat", "lay kick"]
    assert_illegal(s, "lay dodge", "you have no Dodge in your hand")
    assert_illegal(s, "lay banana", "there is no card 'banana'")
    assert_illegal(s, "move", "lay one hand card face down")


def test_wrong_card_range_and_body_part() -> None:
    s = table(pos=[10, 13, 11], lay=["kick", None, None], hands=[["cake"], [], []])
    assert_illegal(s, "beat p3", "your laid card is Kicking, not beat")
    assert_illegal(s, "kick p2", "Kicking reaches 0-1 fields; Player 2 is 3 field(s) away")
    assert_illegal(s, "kick p1", "cannot target your own skeleton")
    s = table(pos=[10, 13, 11], arms=[0, 2, 2], lay=["beat", None, None], hands=[["cake"], [], []])
    assert_illegal(s, "beat p3", "needs a hand: your skeleton has no arms left")


def test_hustle_on_a_skeleton_in_the_goal() -> None:
    s = table(pos=[28, 32, 10], home=[0, 1, 0], lay=["hustle", None, None], hands=[["kick"], [], []], gd=6)
    assert_illegal(s, "hustle p2 swap", "Hustle may not be played on skeletons in the goal")


def test_movement_mistakes() -> None:
    s = table(
        pos=[10, 5, 5], legs=[0, 2, 2], arms=[1, 2, 2], lay=["patch", None, None], hands=[["kick"], [], []]
    )
    play(s, "move")
    assert_illegal(s, "walk 12", "may walk 1 more field(s)")
    assert_illegal(s, "dog 12", "the dog can run at most 3 field(s)")
    play(s, "walk 11")
    assert_illegal(s, "walk 12", "already walked")


def test_reaction_without_the_card() -> None:
    s = table(pos=[10, 11, 20], lay=["kick", None, None], hands=[["cake"], ["snatch"], []])
    play(s, "kick p2")
    assert_illegal(s, "dodge", "no Dodge card in your hand")
    assert_illegal(s, "kick p1", "'dodge' or 'no reaction'")


def test_case_and_spacing_are_ignored() -> None:
    s = table(pos=[10, 11, 20], lay=["kick", None, None], hands=[["cake"], [], []])
    play(s, "  KICK   P2 ")
    assert s.legs[1] == 1


def test_options_are_checked() -> None:
    with pytest.raises(InvalidOptions):
        GAME.new(7)
    with pytest.raises(InvalidOptions):
        GAME.new(1)
    with pytest.raises(InvalidOptions, match="must be from 1 to 1000, got 0"):
        GAME.new(3, 1, {"round_limit": 0})
    with pytest.raises(InvalidOptions):
        GAME.new(3, 1, {"variant": True})


def test_corrupt_state_is_refused() -> None:
    s = GAME.new(3, 1)
    d = s.to_json()
    d["data"]["draw"] = d["data"]["draw"][:-1]  # a card vanishes
    with pytest.raises(CorruptState, match="66 action cards"):
        GAME.from_json(d)
    d = s.to_json()
    d["data"]["legs"][0] = 3
    with pytest.raises(CorruptState, match="0, 1 or 2"):
        GAME.from_json(d)
