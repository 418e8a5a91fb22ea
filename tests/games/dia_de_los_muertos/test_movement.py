"""Movement: limb limits, blocked fields, arrows, the dog, holding, draws."""

from __future__ import annotations

import pytest

from .helpers import assert_illegal, k, names, play, table


def walks(s: object) -> list[int]:
    return [int(a.split()[1]) for a in s.legal_actions() if a.startswith("walk ")]  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("arms", "legs", "expected"),
    [
        # From 10 with a 3-bone card (Snatching): distances 9/11 = 1, 8/12/29 = 2, 7/13 = 3.
        (2, 2, [7, 8, 9, 11, 12, 13, 29]),  # two legs: the full card
        (2, 1, [8, 9, 11, 12, 29]),  # one leg: at most 2
        (2, 0, [8, 9, 11, 12, 29]),  # no legs, two arms: 2
        (1, 0, [9, 11]),  # no legs, one arm: 1
        (0, 0, []),  # no limbs: cannot move
    ],
)
def test_limb_limits(arms: int, legs: int, expected: list[int]) -> None:
    s = table(
        pos=[10, 20, 20],
        arms=[arms, 2, 2],
        legs=[legs, 2, 2],
        lay=["snatch", None, None],
        hands=[["kick"], [], []],
    )
    play(s, "move")
    assert walks(s) == expected


def test_rulebook_example_one_arm_moves_one_and_the_dog_two() -> None:
    # RB: "A skeleton with an arm and without legs can move only one field far if it plays a
    # movement card of three. It can use the two remaining movement points to move the dog."
    s = table(
        pos=[10, 20, 20],
        arms=[1, 2, 2],
        legs=[0, 2, 2],
        lay=["patch", None, None],
        hands=[["kick"], [], []],
        dog=14,
    )
    play(s, "move", "walk 11")
    assert s.pos[0] == 11
    dogs = [a for a in s.legal_actions() if a.startswith("dog")]
    assert dogs == ["dog 12", "dog 13", "dog 15", "dog 16"]  # 2 points left from 14
    play(s, "dog 16")
    assert s.dog == 16
    assert not any(line.startswith("Player 1 draws") for line in s.log(None))  # skeleton moved: no draw


def test_dog_and_gravedigger_fields_cannot_be_entered_or_passed() -> None:
    s = table(pos=[10, 20, 20], lay=["snatch", None, None], hands=[["kick"], [], []], dog=12)
    play(s, "move")
    assert walks(s) == [7, 8, 9, 11, 29]  # 12 (dog) and everything behind it are out
    # Gravedigger for good on 7 (final index 1): 6 is the end of the road that way.
    s = table(pos=[5, 20, 20], lay=["snatch", None, None], hands=[["kick"], [], []], gd=7)
    play(s, "move")
    assert 7 not in walks(s) and 8 not in walks(s)


def test_moves_end_on_special_fields() -> None:
    # From 18 with 3 points: 16 (1), 15/17 (2), 14/5/7/31 (3); 19/20 (1), 21/22 (2), 23/30 (3).
    # 25 is closed (gravedigger in the goal). Hiding place 31 is reached and ends the move.
    s = table(pos=[18, 5, 5], lay=["snatch", None, None], hands=[["kick"], [], []], dog=29)
    play(s, "move")
    assert walks(s) == [5, 7, 14, 15, 16, 17, 19, 20, 21, 22, 23, 30, 31]
    # A skeleton that starts on a festivity field may leave it: 18 (1), 16/20 (2), 15/17/21/22 (3).
    s = table(pos=[19, 5, 5], lay=["snatch", None, None], hands=[["kick"], [], []], dog=29)
    play(s, "move")
    assert walks(s) == [15, 16, 17, 18, 20, 21, 22]


def test_green_fields_one_way() -> None:
    s = table(pos=[2, 20, 20], lay=["snatch", None, None], hands=[["kick"], [], []])
    play(s, "move")
    assert walks(s) == [3, 4, 5]  # never back to 1 or the start


def test_red_lane_opens_only_after_the_gravedigger() -> None:
    s = table(pos=[23, 5, 5], lay=["kick", None, None], hands=[["kick"], [], []], gd=4)
    play(s, "move")
    assert 25 not in walks(s)  # gravedigger on 25
    s = table(pos=[23, 5, 5], lay=["kick", None, None], hands=[["kick"], [], []], gd=5)
    play(s, "move")
    assert 25 in walks(s) and 26 in walks(s)
    # One-way: from 26 no way back to 25.
    s = table(pos=[26, 5, 5], lay=["kick", None, None], hands=[["kick"], [], []], gd=6)
    play(s, "move")
    assert walks(s) == [27, 28]


def test_walk_into_goal_scores_arrival() -> None:
    s = table(pos=[27, 5, 5], lay=["kick", None, None], hands=[["kick"], [], []], gd=6)
    play(s, "move", "walk 32")
    assert s.home == [1, 0, 0]
    assert s.hands[0] == []  # the finished skeleton's hand is discarded
    assert s.census()["action_cards"] == 66


def test_only_dog_moved_draws_one_card() -> None:
    s = table(pos=[10, 5, 5], lay=["kick", None, None], hands=[["kick"], [], []], draw_top=["beat"])
    play(s, "move", "dog 22", "end")
    assert s.dog == 22
    assert names(s, 0) == ["beat", "kick"]


def test_movement_without_moving_draws_nothing() -> None:
    s = table(pos=[10, 5, 5], lay=["kick", None, None], hands=[["kick"], [], []])
    play(s, "move", "end")
    assert not any(line.startswith("Player 1 draws") for line in s.log(None))


def test_dog_can_pass_the_gravedigger_but_stops_at_skeletons() -> None:
    # Dog on 16, gravedigger on 17 (track step 5), P2 on 5: the dog runs 16-17-5 and bites.
    s = table(pos=[10, 5, 30], lay=["snatch", None, None], hands=[["kick"], ["kick"], []], dog=16, gd=5)
    play(s, "move")
    dogs = [a for a in s.legal_actions() if a.startswith("dog")]
    assert "dog 5 bite p2" in dogs
    assert "dog 4" not in dogs  # it would have to pass P2 on 5
    assert "dog 25" in dogs  # the dog may enter the red lane beside the gravedigger


def test_dog_attack_buries_the_bone() -> None:
    # P2 on 22 holds Kicking (2, foot) and Patch (3, none): P1 picks the 2-bone card.
    s = table(pos=[10, 22, 5], lay=["kick", None, None], hands=[["kick"], ["kick", "patch"], []])
    play(s, "move", "dog 22 bite p2")
    assert s.to_move == 0 and s.legal_actions() == ["pick 2", "pick 3"]
    play(s, "pick 2")
    assert s.legs[1] == 1
    assert s.legal_actions() == ["den 29", "den 30", "den 31"]
    play(s, "den 29")
    assert s.dog == 29
    assert s.view(None)["hiding_places"]["29"]["bones"] == ["kick"]
    # The movement goes on: one point left for the skeleton.
    assert s.legal_actions() == ["walk 9", "walk 11", "end"]


def test_dog_takes_the_best_festivity_card_when_no_symbol() -> None:
    s = table(
        pos=[10, 22, 29],
        lay=["kick", None, None],
        hands=[["kick"], ["patch"], []],
        fest=[[], ["music", "banquet"], []],
    )
    play(s, "move", "dog 22 bite p2", "den 29")
    assert s.fest[1] == [0]  # banquet (3 VP) taken
    assert s.view(None)["hiding_places"]["29"]["festivity"] == ["banquet"]
    assert s.pos[2] == 9  # P3 sat on 29 and is pushed out to its entry 9
    assert len(s.hands[1]) == 1  # the victim lost his last card: drew one


def test_dog_attack_on_a_missing_limb_steals_festivity() -> None:
    # A-D5: Kicking (foot) against a legless victim counts as "no symbol" for the dog.
    s = table(
        pos=[10, 22, 5],
        legs=[2, 0, 2],
        lay=["kick", None, None],
        hands=[["kick"], ["kick"], []],
        fest=[[], ["dance"], []],
    )
    play(s, "move", "dog 22 bite p2", "den 30")
    assert s.fest[1] == []
    assert s.den_fest[1] == [1]


@pytest.mark.parametrize(
    ("legs", "fest", "card", "den_fest"),
    [
        ([2, 0, 2], [], "kick", []),  # a foot, and P2 has no leg left: nothing is hit
        ([2, 0, 2], ["dance"], "kick", ["dance"]),  # ... and the dog takes Dance instead (A-D5)
        ([2, 2, 2], [], "patch", []),  # no body part on the card, nothing to take
        ([2, 2, 2], ["music"], "patch", ["music"]),  # no body part: the dog takes Music
    ],
)
def test_a_card_drawn_by_the_dog_lies_on_its_hiding_place_whatever_it_hit(
    legs: list[int], fest: list[str], card: str, den_fest: list[str]
) -> None:
    # RB (issue 33, item 11): "The card drawn by the attacked skeleton is laid onto the
    # cardfield of the suitable bones-hiding-place" — whether or not it cost a limb (a
    # card naming a limb the victim has lost was discarded, so that bone could never be dug
    # up). P1 on 10 leads the dog from 30 to P2 on 22, whose only card is drawn.
    s = table(
        pos=[10, 22, 5],
        legs=legs,
        lay=["kick", None, None],
        hands=[["kick"], [card], []],
        fest=[[], fest, []],
    )
    play(s, "move", "dog 22 bite p2", "den 31")
    assert s.legs == legs
    view = s.view(None)["hiding_places"]["31"]
    assert view == {"bones": [card], "festivity": den_fest}
    assert s.discard == [k("kick")] and s.fest[1] == []  # only P1's card, used as a movement
    assert len(s.hands[1]) == 1  # the victim lost his last card: drew one


def test_hiding_place_gives_back_a_bone() -> None:
    s = table(
        pos=[8, 5, 5],
        legs=[1, 2, 2],
        lay=["kick", None, None],
        hands=[["kick"], [], []],
        dens=[["kick", "hustle"], [], []],
        dog=30,
    )
    play(s, "move", "walk 29")
    # Only a leg can be used: taken automatically, the foot-only bone first.
    assert s.legs[0] == 2
    assert s.view(None)["hiding_places"]["29"]["bones"] == ["hustle"]


def test_hiding_place_choice_between_items() -> None:
    s = table(
        pos=[8, 5, 5],
        arms=[1, 2, 2],
        legs=[1, 2, 2],
        lay=["kick", None, None],
        hands=[["kick"], [], []],
        dens=[["hustle"], [], []],
        dog=30,
    )
    play(s, "move", "walk 29")
    assert s.legal_actions() == ["take arm", "take leg"]
    play(s, "take arm")
    assert (s.arms[0], s.legs[0]) == (2, 1)


def test_holding_slows_the_mover_and_follows() -> None:
    # P1 on 10 moves with Kicking (2 bones); P2 on 11 holds a Holding card.
    s = table(pos=[10, 11, 30], lay=["kick", None, None], hands=[["beat"], ["hold"], []])
    play(s, "move")
    assert s.to_move == 1
    assert s.status() == "Player 2 may react with Holding to the movement of Player 1"
    assert s.legal_actions() == ["hold", "no reaction"]
    play(s, "hold")
    assert walks(s) == [9, 11]  # 2 - 1 = 1 field
    play(s, "walk 9")
    # The holder moves exactly as far (1 field): from 11 to 10 or 12.
    assert s.to_move == 1 and s.legal_actions() == ["go 10", "go 12"]
    play(s, "go 12")
    assert s.pos[:2] == [9, 12]


def test_holding_still_takes_a_field_when_the_dog_runs_first() -> None:
    """ "The movement of the held on skeleton is decreased one field" (A-D12): the field
    comes off what the skeleton could walk unheld. P1 on 10 moves with Snatching (3 bones)
    and leads the dog from 8 to 7 first: 2 points are left, so 2 fields unheld (as far as
    8, 12 and 29) and 1 held."""
    for held, want in ((False, [8, 9, 11, 12, 29]), (True, [9, 11])):
        s = table(pos=[10, 11, 30], lay=["snatch", None, None], hands=[["beat"], ["hold"], []], dog=8)
        play(s, "move", "hold" if held else "no reaction", "dog 7")
        assert walks(s) == want
    assert_illegal(
        s, "walk 12", "may walk 1 more field(s) (card 3, limb limit 3, held: one less, 2 point(s) left)"
    )


def test_holding_can_be_dodged() -> None:
    s = table(pos=[10, 11, 30], lay=["kick", None, None], hands=[["dodge"], ["hold"], []])
    play(s, "move", "hold")
    assert s.to_move == 0 and s.legal_actions() == ["dodge", "no reaction"]
    play(s, "dodge")
    assert walks(s) == [8, 9, 11, 12, 29]


def test_dodging_a_holding_with_the_last_card_in_the_own_turn_draws_nothing() -> None:
    # RB: "Who has lost his last card by an attack or by playing a reaction card in the turn
    # of another player, may afterwards draw one new card." The held mover dodges in his own
    # turn (A-D3): no draw; he draws when cards are next laid (A-D17).
    s = table(pos=[10, 11, 30], lay=["kick", None, None], hands=[["dodge"], ["hold"], []], draw_top=["skull"])
    play(s, "move", "hold", "dodge")
    assert names(s, 0) == []
    assert not [e for e in s.log(0) if e.startswith("Player 1 draws")]
    play(s, "walk 12")  # no draw after a movement either; next round he draws, then lays
    assert s.round == 2 and names(s, 0) == [] and s.lay[0] == k("skull")


def test_no_holding_window_for_far_skeletons() -> None:
    s = table(pos=[10, 13, 30], lay=["kick", None, None], hands=[["beat"], ["hold"], []])
    play(s, "move")
    assert s.to_move == 0  # P2 is 3 fields away: no window


def test_illegal_walk_names_the_limit() -> None:
    s = table(pos=[10, 20, 20], legs=[1, 2, 2], lay=["snatch", None, None], hands=[["kick"], [], []])
    play(s, "move")
    assert_illegal(s, "walk 13", "limb limit 2")


def test_hiding_place_gives_a_festivity_card_without_moving_the_gravedigger() -> None:
    # A-D6: a festivity card the dog buried on 29 is dug up; A-D2: only cards taken from the
    # festivity fields move the gravedigger.
    s = table(
        pos=[8, 5, 5],
        lay=["kick", None, None],
        hands=[["kick"], [], []],
        den_fest=[["banquet"], [], []],
    )
    play(s, "move", "walk 29")
    assert s.fest[0] == [2] and s.den_fest[0] == []
    assert s.gd == 0 and s.gd_field == 32


def test_the_dog_leader_chooses_which_skeleton_it_bites() -> None:
    # RB: "If there are several skeletons on the target field, then the player who leads the
    # dog may decide which skeleton this attacks."
    s = table(
        pos=[10, 13, 13], lay=["snatch", None, None], hands=[["kick"], [], []], dog=12, draw_top=["kick"]
    )
    play(s, "move")
    assert [a for a in s.legal_actions() if a.startswith("dog 13")] == ["dog 13 bite p2", "dog 13 bite p3"]
    play(s, "dog 13 bite p3")  # P3 holds no card: the top card (Kicking, a foot) decides
    assert s.legs == [2, 2, 1]
    assert s.legal_actions() == ["den 29", "den 30", "den 31"]


def test_the_dog_may_bite_its_leaders_own_skeleton() -> None:
    # A-D26: "As soon as it enters a field with a skeleton" names no owner.
    s = table(pos=[10, 20, 20], lay=["snatch", None, None], hands=[["kick"], [], []], dog=12)
    play(s, "move")
    assert "dog 10 bite p1" in s.legal_actions() and "dog 10" not in s.legal_actions()
