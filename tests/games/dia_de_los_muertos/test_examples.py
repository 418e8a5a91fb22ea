"""Situations the rulebook describes, rebuilt as positions."""

from __future__ import annotations

from muertos.games.dia_de_los_muertos.components import CARDS, FOOT

from .helpers import play, table


def test_field_31_is_walled_in_while_the_gravedigger_stands_on_17() -> None:
    # RB: "A skeleton which stands on the field 31 can be immured temporarily if the
    # gravedigger stands on 17."
    s = table(pos=[31, 5, 5], lay=["snatch", None, None], hands=[["kick"], [], []], gd=5, dog=29)
    play(s, "move")
    assert [a for a in s.legal_actions() if a.startswith("walk")] == []
    # Once he has gone on to his last field (here 7), 31 is open again.
    s = table(pos=[31, 5, 5], lay=["snatch", None, None], hands=[["kick"], [], []], gd=7, dog=29)
    play(s, "move")
    assert "walk 17" in s.legal_actions()


def test_three_bone_cards_never_cost_a_leg() -> None:
    # RB note: "drawing a three movement [the chance of a leg hit is] none".
    assert all(not c.symbol & FOOT for c in CARDS if c.move == 3)


def test_limbless_skeleton_leads_the_dog_and_draws_one() -> None:
    # RB 'Skeletons without body parts': "they can play movements and thus lead the dog
    # and draw one card for doing so at the end of their turn".
    s = table(
        pos=[10, 5, 5],
        arms=[0, 2, 2],
        legs=[0, 2, 2],
        lay=["kick", None, None],
        hands=[["patch"], [], []],
        draw_top=["beat"],
    )
    play(s, "move")
    assert [a for a in s.legal_actions() if a.startswith("walk")] == []
    play(s, "dog 20")  # two points used up: the movement ends by itself
    assert sorted(CARDS[c].key for c in s.hands[0]) == ["beat", "patch"]


def test_limbless_skeleton_patches_itself() -> None:
    s = table(
        pos=[10, 5, 5], arms=[0, 2, 2], legs=[0, 2, 2], lay=["patch", None, None], hands=[["kick"], [], []]
    )
    play(s, "patch leg")
    assert (s.arms[0], s.legs[0]) == (0, 1)


def test_festivity_field_entered_by_follow_counts() -> None:
    # A-D8: entering a special field by any means has its normal effect.
    s = table(
        pos=[18, 21, 5],
        lay=["follow", None, None],
        hands=[["kick"], [], []],
        fest=[[], ["dance"], []],
        stock=[2, 1, 2],
    )
    play(s, "follow")
    assert s.pos[0] == 21 and s.fest[0] == [1]
    assert s.gd == 1


def test_limbless_skeleton_plays_an_action_for_two_cards() -> None:
    # RB 'Skeletons without body parts': "they can play other actions (which they do not
    # execute) and draw two cards at the end of their turn".
    s = table(
        pos=[10, 11, 5],
        arms=[0, 2, 2],
        legs=[0, 2, 2],
        lay=["kick", None, None],
        hands=[["patch"], [], []],
        draw_top=["beat", "cake"],
    )
    assert s.legal_actions() == ["move", "reveal"]
    play(s, "reveal")
    assert sorted(CARDS[c].key for c in s.hands[0]) == ["beat", "cake", "patch"]
