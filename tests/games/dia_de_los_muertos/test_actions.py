"""Each action card, in hand-built positions (board v0, rules map B-D1)."""

from __future__ import annotations

import pytest

from .helpers import assert_illegal, names, play, table


def test_beat_takes_an_arm_in_range_0_1() -> None:
    # P1 on 10 beats; P2 on 11 is 1 field away, P3 on 13 is 3 away (out of range 0-1).
    s = table(pos=[10, 11, 13], lay=["beat", None, None], hands=[["kick"], ["cake"], ["cake"]])
    assert s.to_move == 0
    assert s.legal_actions() == ["move", "beat p2"]
    play(s, "beat p2")  # P2 holds no 3-bone card: no dodge window
    assert s.arms == [2, 1, 2]
    # Action played: two cards drawn at the end of the turn (1 left + 2).
    assert len(s.hands[0]) == 3


def test_kick_needs_a_foot_and_a_target_leg() -> None:
    s = table(pos=[10, 10, 11], legs=[2, 0, 2], lay=["kick", None, None], hands=[["cake"], [], []])
    # P2 (same field) has no leg left: only P3 can be kicked.
    assert s.legal_actions() == ["move", "kick p3"]
    play(s, "kick p3")
    assert s.legs == [2, 0, 1]
    s = table(pos=[10, 10, 11], legs=[0, 2, 2], lay=["kick", None, None], hands=[["cake"], [], []])
    assert s.legal_actions() == ["move", "reveal"]  # no foot: the action cannot be done
    assert_illegal(s, "kick p3", "needs a foot")


def test_dodge_repulses_a_straight_attack() -> None:
    s = table(pos=[10, 11, 20], lay=["kick", None, None], hands=[["cake"], ["dodge", "beat"], []])
    play(s, "kick p2")
    assert s.to_move == 1  # the victim decides out of turn
    assert s.status() == "Player 2 may Dodge the attack of Player 1"
    assert s.legal_actions() == ["dodge", "no reaction"]
    play(s, "dodge")
    assert s.legs[1] == 2
    assert names(s, 1) == ["beat"]
    assert s.view(None)["discard_pile"] == ["kick", "dodge"]  # the laid Kicking, then the Dodge


def test_no_reaction_lets_the_attack_through() -> None:
    s = table(pos=[10, 11, 20], lay=["beat", None, None], hands=[["cake"], ["snatch"], []])
    play(s, "beat p2")
    assert s.to_move == 1
    # A 3-bone Snatching card looks like a Dodge from behind: the window opens, only "no reaction".
    assert s.legal_actions() == ["no reaction"]
    play(s, "no reaction")
    assert s.arms[1] == 1


def test_last_dodge_card_draws_one() -> None:
    s = table(pos=[10, 11, 20], lay=["kick", None, None], hands=[["cake"], ["dodge"], []], draw_top=["patch"])
    play(s, "kick p2", "dodge")
    assert names(s, 1) == ["patch"]  # lost the last card by a reaction: draws one


def test_throw_ranges_by_object() -> None:
    # P1 on 10; P2 on 13 (3 away), P3 on 15 (5 away).
    base = {"pos": [10, 13, 15], "hands": [["kick"], ["kick"], ["kick"]]}
    assert table(lay=["cake", None, None], **base).legal_actions() == ["move", "throw p2"]
    assert table(lay=["pot", None, None], **base).legal_actions() == ["move", "throw p2"]
    assert table(lay=["skull", None, None], **base).legal_actions() == ["move", "throw p2", "throw p3"]
    # Range 1-n never reaches the own field.
    s = table(pos=[10, 10, 30], lay=["cake", None, None], hands=[["kick"], ["kick"], []])
    assert s.legal_actions() == ["move", "reveal"]


def test_throw_random_attack_foot_card_costs_a_leg() -> None:
    # Victim holds one card only (back 1 everywhere): it is drawn; Header shows a foot.
    s = table(
        pos=[10, 12, 30], lay=["cake", None, None], hands=[["kick"], ["header"], []], draw_top=["patch"]
    )
    play(s, "throw p2")
    assert s.legs == [2, 1, 2]
    assert names(s, 1) == ["patch"]  # lost his last card by an attack: draws one
    assert "header" in s.view(None)["discard_pile"]


def test_throw_no_symbol_is_lucky_and_cannot_be_dodged() -> None:
    s = table(pos=[10, 12, 30], lay=["cake", None, None], hands=[["kick"], ["dodge", "patch"], []])
    play(s, "throw p2")  # both 3-bone cards: no choice; no Dodge window for a random attack
    assert all(t[0] != "dodge" for t in s.stack)
    assert s.stack[-1] == ["swap", 0]  # the round went on to the swap phase
    assert s.arms[1] + s.legs[1] == 4
    assert len(s.hands[1]) == 1


def test_throw_attacker_picks_a_back_then_hand_and_foot_choice() -> None:
    s = table(pos=[10, 12, 30], lay=["cake", None, None], hands=[["kick"], ["hustle", "snatch"], []])
    play(s, "throw p2")
    assert s.to_move == 0 and s.legal_actions() == ["pick 2", "pick 3"]
    play(s, "pick 2")  # the only 2-bone card: Hustle, hand+foot
    assert s.legal_actions() == ["hit arm", "hit leg"]
    play(s, "hit leg")
    assert (s.arms[1], s.legs[1]) == (2, 1)
    assert names(s, 1) == ["snatch"]


def test_throw_at_empty_hand_reveals_top_card() -> None:
    s = table(pos=[10, 12, 30], lay=["skull", None, None], hands=[["kick"], [], []], draw_top=["beat"])
    play(s, "throw p2")
    assert s.arms[1] == 1
    assert names(s, 1) == []  # the revealed card came from the pile: nothing to redraw


def test_snatch_steals_what_you_can_use() -> None:
    s = table(
        pos=[10, 10, 11],
        arms=[1, 2, 2],
        lay=["snatch", None, None],
        hands=[["kick"], [], []],
        fest=[["music"], ["music", "dance"], []],
    )
    # P1 lacks an arm and Dance; legs are full; Music already owned.
    assert s.legal_actions() == ["move", "snatch p2 arm", "snatch p2 dance", "snatch p3 arm"]
    play(s, "snatch p2 dance")
    assert s.fest[0] == [0, 1] and s.fest[1] == [0]
    s2 = table(pos=[10, 10, 11], arms=[1, 2, 2], lay=["snatch", None, None], hands=[["kick"], [], []])
    play(s2, "snatch p3 arm")
    assert s2.arms == [2, 2, 1]


def test_header_knocks_over_a_later_player() -> None:
    # Order P1, P2, P3. P1 (on 10) jumps at P3 (on 12) whose turn is later.
    s = table(
        pos=[10, 4, 12],
        lay=["header", "kick", "cake"],
        hands=[["kick"], ["kick"], []],
        order=[0, 1, 2],
    )
    assert s.legal_actions() == ["move", "header p3"]  # P2 on 4 is 6 fields away
    play(s, "header p3")
    assert s.pos[0] == 12
    assert s.lay[2] == -1  # P3's card is discarded without effect
    assert len(s.hands[2]) == 1  # the laid card was his last card: he draws one
    assert s.to_move == 1  # P2 resolves next
    play(s, "move", "end")
    # P3's turn is skipped (no draw): the round ends in the swap phase.
    assert s.stack[-1][0] in ("swap", "commit")
    assert len(s.hands[2]) == 1


def test_header_cannot_pass_the_gravedigger() -> None:
    # Gravedigger on 17 (5 steps). P1 on 16, P2 on 5: 2 fields via 17, 11 fields around.
    s = table(pos=[16, 5, 30], lay=["header", None, None], hands=[["kick"], [], []], gd=5)
    assert "header p2" not in s.legal_actions()
    s = table(pos=[16, 5, 30], lay=["header", None, None], hands=[["kick"], [], []], gd=0)
    assert "header p2" in s.legal_actions()


def test_header_into_the_goal() -> None:
    s = table(pos=[27, 32, 5], home=[0, 1, 0], lay=["header", None, None], hands=[["kick"], [], []], gd=7)
    play(s, "header p2")
    assert s.home == [2, 1, 0]


def test_follow_goes_to_next_higher_occupied_field() -> None:
    s = table(pos=[10, 14, 12], lay=["follow", None, None], hands=[["kick"], [], []])
    play(s, "follow")
    assert s.pos[0] == 12
    # The next higher field holds the dog: Follow cannot be carried out.
    s = table(pos=[10, 14, 12], lay=["follow", None, None], hands=[["kick"], [], []], dog=12)
    assert s.legal_actions() == ["move", "reveal"]


def test_follow_lets_a_limbless_skeleton_into_the_goal() -> None:
    s = table(
        pos=[28, 32, 5], arms=[0, 2, 2], legs=[0, 2, 2], home=[0, 1, 0], lay=["follow", None, None], gd=6
    )
    assert s.legal_actions() == ["follow"]  # last card: no movement; Follow needs no body part
    play(s, "follow")
    assert s.home[0] == 2


def test_patch_regains_a_body_part() -> None:
    s = table(
        pos=[10, 14, 12], arms=[1, 2, 2], legs=[0, 2, 2], lay=["patch", None, None], hands=[["kick"], [], []]
    )
    assert s.legal_actions() == ["move", "patch arm", "patch leg"]
    play(s, "patch leg")
    assert (s.arms[0], s.legs[0]) == (1, 1)
    s = table(pos=[10, 14, 12], lay=["patch", None, None], hands=[["kick"], [], []])
    assert s.legal_actions() == ["move", "reveal"]  # nothing to patch


def test_leapfrog_over_a_chain_and_the_dog() -> None:
    # P1 on 10; P2 on 12 and P3 on 13 form a chain; land on 14.
    s = table(pos=[10, 12, 13], lay=["leapfrog", None, None], hands=[["kick"], [], []])
    assert s.legal_actions() == ["move", "leapfrog 14"]
    # Dog on 14: jumped over too, land on 15.
    s = table(pos=[10, 12, 13], lay=["leapfrog", None, None], hands=[["kick"], [], []], dog=14)
    assert s.legal_actions() == ["move", "leapfrog 15"]
    play(s, "leapfrog 15")
    assert s.pos[0] == 15
    # The first skeleton must be within 3: P2 on 14 is 4 away.
    s = table(pos=[10, 14, 30], lay=["leapfrog", None, None], hands=[["kick"], [], []])
    assert s.legal_actions() == ["move", "reveal"]


def test_leapfrog_runs_up_to_the_dog_only_as_part_of_the_chain() -> None:
    # A-D9: "up to two free fields may lie before the first skeleton, which must be within 3;
    # jump the unbroken chain of fields holding skeletons (or the dog)"; A-D8: the dog's field
    # is not entered but within a jump. RB: "Jump with your skeleton over the next skeletons
    # ... To carry out a leapfrog the first skeleton must stand in a range of maximum 3."
    # Dog on 11 and P2 on 12: one chain, jumped; land on 13.
    s = table(pos=[10, 12, 30], lay=["leapfrog", None, None], hands=[["kick"], [], []], dog=11)
    assert s.legal_actions() == ["move", "leapfrog 13"]
    # Dog on 11, 12 free, P2 on 13: the run-up would cross the dog and then a free field.
    s = table(pos=[10, 13, 30], lay=["leapfrog", None, None], hands=[["kick"], [], []], dog=11)
    assert s.legal_actions() == ["move", "reveal"]
    assert_illegal(s, "leapfrog 14", "needs a skeleton 1-3 fields away")


def test_leapfrog_cannot_pass_the_gravedigger() -> None:
    # Gravedigger for good on 16 (gd index 8 = final field 16); P2 on 15 next to him.
    s = table(pos=[13, 15, 30], lay=["leapfrog", None, None], hands=[["kick"], [], []], gd=8)
    assert s.legal_actions() == ["move", "reveal"]


def test_cartwheel_attacks_everyone_passed() -> None:
    # P1 on 10 cartwheels 11, 12, 13: P2 on 11 (holds Kicking, foot) and P3 on 12 (holds Beating, hand).
    s = table(
        pos=[10, 11, 12],
        lay=["cartwheel", None, None],
        hands=[["kick"], ["kick"], ["beat"]],
        draw_top=["patch"] * 2,
    )
    assert "cartwheel 11 12 13" in s.legal_actions()
    assert "cartwheel 9 29" in s.legal_actions()  # stops on the hiding place
    play(s, "cartwheel 11 12 13")
    assert s.pos[0] == 13
    assert (s.legs[1], s.arms[2]) == (1, 1)


def test_cartwheel_hits_the_landing_field() -> None:
    s = table(
        pos=[10, 11, 30], lay=["cartwheel", None, None], hands=[["kick"], ["kick"], []], draw_top=["patch"]
    )
    play(s, "cartwheel 11")
    assert s.legs[1] == 1


HUSTLE_RB = (
    "Push a skeleton a field forward or back, move your figure a field into the opposite "
    "direction. Besides, you can also swap the positions."
)
"""The Hustle card (RB, the card translation). Forward is towards the higher field number:
the path's numbers run from the start to the goal (A-D11)."""


def test_hustle_steps_into_the_opposite_direction_of_the_push() -> None:
    # RB (issue 33, item 10): HUSTLE_RB. P1 on 10, P2 on 11. Pushed forward 11 -> 12, P1 steps
    # back 10 -> 9; pushed back 11 -> 10, P1 would step forward 10 -> 11: that is the swap.
    # So "hustle p2 10 9" (both back) is not a hustle.
    s = table(pos=[10, 11, 5], lay=["hustle", None, None], hands=[["kick"], [], []])
    assert s.legal_actions() == ["move", "hustle p2 12 9", "hustle p2 swap"]
    assert_illegal(s, "hustle p2 10 9", "Player 2 is pushed back, from 11 to 10, so you step forward")
    play(s, "hustle p2 12 9")
    assert s.pos == [9, 12, 5]
    s = table(pos=[10, 11, 5], lay=["hustle", None, None], hands=[["kick"], [], []])
    play(s, "hustle p2 swap")
    assert s.pos == [11, 10, 5]


def test_hustle_on_the_green_arrows_cannot_step_back() -> None:
    # RB (issue 33, items 9 and 10): HUSTLE_RB; "On the fields with the green numbers (1, 2 and
    # 3) the players can move only in direction of the arrows"; "A skeleton can execute
    # actions only completely or not at all". P1 on 4, P2 on 3: P2 can only be pushed forward
    # (3 -> 4), and P1 cannot step back from 4 (3 -> 4 is one-way); 3 and 4 are not joined
    # both ways, so no swap. No hustle at all (today "hustle p2 4 5" moved both forward): the
    # card may be revealed without effect.
    s = table(pos=[4, 3, 20], lay=["hustle", None, None], hands=[["kick"], [], []])
    assert s.legal_actions() == ["move", "reveal"]
    assert_illegal(s, "hustle p2 4 5", "Player 2 is pushed forward, from 3 to 4, so you step back")
    play(s, "reveal")
    assert s.pos == [4, 3, 20]
    assert len(s.hands[0]) == 3  # an action: two cards drawn


@pytest.mark.parametrize(
    ("where", "pos", "dog", "gd", "was"),
    [
        # Both on 21 (the Dance field, a dead end off 20): the only push is back to 20, and
        # 21 has no field forward for P1.
        ("dead end", [21, 21, 5], 30, 0, "hustle p2 20"),
        # Both on 2 (green, one-way): the only push is forward to 3, and P1 cannot step back.
        ("one-way", [2, 2, 20], 30, 0, "hustle p2 3"),
        # Both on 10, the dog on 9: pushed forward to 11, P1 would step back onto the dog.
        ("dog", [10, 10, 20], 9, 0, "hustle p2 11"),
        # Both on 6, the gravedigger for good on 7: pushed back to 5, P1 would step forward
        # onto him; pushed forward, P2 would land on him.
        ("gravedigger", [6, 6, 20], 30, 7, "hustle p2 5"),
    ],
)
def test_a_hustle_whose_step_cannot_be_made_is_not_offered(
    where: str, pos: list[int], dog: int, gd: int, was: str
) -> None:
    # RB (issue 33, item 9): "A skeleton can execute actions only completely or not at all";
    # HUSTLE_RB — the push alone is not the action. "A player can also play actions if he
    # can't execute them ... in order to draw cards": the card is revealed without effect.
    s = table(pos=pos, lay=["hustle", None, None], hands=[["kick"], [], []], dog=dog, gd=gd)
    assert s.legal_actions() == ["move", "reveal"], where
    assert_illegal(s, was, "a hustle moves both skeletons")
    play(s, "reveal")
    assert s.pos == pos and len(s.hands[0]) == 3


def test_hustle_at_the_crossing_17() -> None:
    # RB: HUSTLE_RB, on the branching board (B-D1): 17 is joined to 5, 7, 16 (lower: back),
    # 31 and 25 (higher: forward; 25 closed while the gravedigger is in the goal). P1 on 16
    # (joined to 15 back, 17 and 18 forward), P2 on 17, P3 far away on 10.
    # Pushed forward to 31: P1 steps back to 15. Pushed back to 5, 7 or 16: P1 steps forward
    # to 17 or 18 (onto 17 after P2 is pushed onto 16 is the swap, written "swap").
    s = table(pos=[16, 17, 10], lay=["hustle", None, None], hands=[["kick"], [], []])
    assert s.legal_actions() == [
        "move",
        "hustle p2 5 17",
        "hustle p2 5 18",
        "hustle p2 7 17",
        "hustle p2 7 18",
        "hustle p2 16 18",
        "hustle p2 31 15",
        "hustle p2 swap",
    ]
    assert_illegal(s, "hustle p2 31 18", "Player 2 is pushed forward, from 17 to 31, so you step back")
    assert_illegal(s, "hustle p2 16 17", "write 'hustle p2 swap'")
    assert_illegal(s, "hustle p2 25 15", "red lane")
    play(s, "hustle p2 7 17")
    assert s.pos == [17, 7, 10]


def test_hustle_not_on_skeletons_in_the_goal() -> None:
    s = table(pos=[28, 32, 5], home=[0, 1, 0], lay=["hustle", None, None], hands=[["kick"], [], []], gd=6)
    assert s.legal_actions() == ["move", "reveal"]


def test_hustle_into_a_festivity_field_takes_a_card() -> None:
    s = table(pos=[18, 18, 30], lay=["hustle", None, None], hands=[["kick"], [], []])
    play(s, "hustle p2 19 16")
    assert s.pos[:2] == [16, 19]
    assert s.fest[1] == [0]  # Music
    assert s.gd == 1  # one gravedigger step (3 players)


def test_reaction_card_as_last_card_is_revealed_without_effect() -> None:
    # A-D16: a laid Dodge with an empty hand must be "played" as an action: no effect, draw 2.
    s = table(pos=[10, 11, 30], lay=["dodge", None, None], hands=[[], [], []])
    assert s.legal_actions() == ["reveal"]
    play(s, "reveal")
    assert len(s.hands[0]) == 2
    # With other cards in hand, a reaction card can only be a movement.
    s = table(pos=[10, 11, 30], lay=["hold", None, None], hands=[["kick"], [], []])
    assert s.legal_actions() == ["move"]


def test_last_card_must_be_an_action() -> None:
    s = table(pos=[10, 11, 30], lay=["kick", None, None], hands=[[], [], []])
    assert s.legal_actions() == ["kick p2"]
    assert_illegal(s, "move", "must be played as an action")


def test_executable_action_must_be_executed() -> None:
    s = table(pos=[10, 11, 30], lay=["kick", None, None], hands=[[], [], []])
    assert_illegal(s, "reveal", "must be")


def test_switch_snatch_dodgeable(monkeypatch: pytest.MonkeyPatch) -> None:
    from muertos.games.dia_de_los_muertos import rules

    monkeypatch.setattr(rules, "STRAIGHT", rules.STRAIGHT | {"snatch"})
    s = table(pos=[10, 10, 30], arms=[1, 2, 2], lay=["snatch", None, None], hands=[["kick"], ["dodge"], []])
    play(s, "snatch p2 arm")
    assert s.to_move == 1 and s.legal_actions() == ["dodge", "no reaction"]
    play(s, "dodge")
    assert s.arms[:2] == [1, 2]


def test_switch_cartwheel_spares_the_landing_field(monkeypatch: pytest.MonkeyPatch) -> None:
    from muertos.games.dia_de_los_muertos import rules

    monkeypatch.setattr(rules, "CARTWHEEL_HITS_LANDING", False)
    s = table(
        pos=[10, 11, 12],
        lay=["cartwheel", None, None],
        hands=[["kick"], ["kick"], ["beat"]],
        draw_top=["patch"],
    )
    play(s, "cartwheel 11 12")
    assert (s.legs[1], s.arms[2]) == (1, 2)  # P2 passed and hit, P3 on the landing field spared


def test_cartwheel_spares_the_start_field() -> None:
    # "All skeletons you pass lose a random body part. (This does not apply for your start field)".
    s = table(
        pos=[10, 10, 30], lay=["cartwheel", None, None], hands=[["kick"], ["kick"], []], draw_top=["patch"]
    )
    play(s, "cartwheel 11")
    assert s.pos[:2] == [11, 10]
    assert (s.arms[1], s.legs[1]) == (2, 2) and names(s, 1) == ["kick"]


def test_other_actions_reach_skeletons_in_the_goal() -> None:
    # RB: only Hustle is barred; "All the other actions may be played" on a skeleton in the goal.
    s = table(pos=[28, 32, 12], home=[0, 1, 0], lay=["kick", None, None], hands=[["kick"], [], []], gd=7)
    assert s.legal_actions() == ["move", "kick p2"]
    play(s, "kick p2")
    assert s.legs[1] == 1


def test_hand_and_foot_actions_need_an_arm_and_a_leg() -> None:
    # RB: "the skeleton needs at least one arm and one leg to carry out the actions leapfrog,
    # doing cartwheels, to hustle".
    s = table(pos=[10, 12, 13], legs=[0, 2, 2], lay=["leapfrog", None, None], hands=[["kick"], [], []])
    assert s.legal_actions() == ["move", "reveal"]
    assert_illegal(s, "leapfrog 14", "needs a foot")
    s = table(pos=[10, 11, 30], arms=[0, 2, 2], lay=["hustle", None, None], hands=[["kick"], [], []])
    assert s.legal_actions() == ["move", "reveal"]
    assert_illegal(s, "hustle p2 swap", "needs a hand")


def test_an_action_movement_does_not_lead_the_dog() -> None:
    # RB: "These movements count as actions and not as movements, hence these actions can't be
    # used to lead the dog."
    s = table(pos=[10, 14, 12], lay=["follow", None, None], hands=[["kick"], [], []])
    play(s, "follow")
    assert s.pos[0] == 12 and s.dog == 30
    assert all(t[0] != "movement" for t in s.stack)
