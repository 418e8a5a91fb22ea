"""The table of decisions (``MuertosState.ACTIONS``): every spelling reads back as its own
move, a kind is refused outside its decision with that decision's sentence, and a refused
move names the rule it breaks (the conformance test proves the listing and the checks agree;
these pin the sentences)."""

from __future__ import annotations

import pytest

from muertos.games.dia_de_los_muertos.encoding import action_space
from muertos.games.dia_de_los_muertos.rules import MuertosState

from .helpers import assert_illegal, play, table

SAMPLE = {
    "lay": "lay kick",
    "move": "move",
    "beat": "beat p2",
    "kick": "kick p2",
    "throw": "throw p2",
    "snatch": "snatch p2 arm",
    "header": "header p2",
    "follow": "follow",
    "patch": "patch arm",
    "leapfrog": "leapfrog 14",
    "cartwheel": "cartwheel 11 12",
    "hustle": "hustle p2 12 9",
    "reveal": "reveal",
    "walk": "walk 12",
    "dog": "dog 12",
    "end": "end",
    "hold": "hold",
    "dodge": "dodge",
    "no": "no reaction",
    "go": "go 12",
    "pick": "pick 2",
    "hit": "hit arm",
    "den": "den 29",
    "take": "take arm",
    "block": "block 7",
    "discard": "discard kick",
    "keep": "keep",
    "swap": "swap beat kick",
}
"""One spelling of each kind of decision."""
CARD_ACTIONS = {
    "beat",
    "kick",
    "throw",
    "snatch",
    "header",
    "follow",
    "patch",
    "leapfrog",
    "cartwheel",
    "hustle",
}


def test_the_samples_name_every_kind() -> None:
    assert set(SAMPLE) == set(MuertosState.ACTIONS.by_verb)


@pytest.mark.parametrize("players", [2, 6])
def test_every_action_of_the_action_space_reads_back_as_itself(players: int) -> None:
    for a in action_space(players):
        got = MuertosState.ACTIONS.read(a)
        assert not isinstance(got, str), (a, got)
        assert got[1].text == a


def test_a_kind_is_refused_outside_its_decision() -> None:
    s = table(hands=[["kick", "beat"], ["kick"], ["kick"]], stack=[["endround"], ["commit", 0]])
    for verb, a in SAMPLE.items():
        if verb != "lay":
            assert_illegal(
                s, a, "Player 1 to lay a card face down: lay one hand card face down ('lay <card>')"
            )
    s = table(pos=[10, 11, 30], lay=["kick", None, None], hands=[["cake"], [], []])
    for verb, a in SAMPLE.items():
        if verb in CARD_ACTIONS - {"kick"}:
            assert_illegal(s, a, f"your laid card is Kicking, not {verb}")
        elif verb not in {"move", "reveal", "kick"}:
            assert_illegal(s, a, "'move' or carry out your Kicking (or 'reveal' if it cannot be done)")


def test_words_of_no_kind_name_the_waiting_decision() -> None:
    s = table(pos=[10, 13, 30], lay=["snatch", None, None], hands=[["kick"], [], []], dog=12)
    play(s, "move")
    assert_illegal(
        s, "frobnicate", "Player 1 to move (skeleton and/or dog): 'walk F', 'dog F', 'dog F bite pN'"
    )
    assert_illegal(s, "", "'walk F', 'dog F', 'dog F bite pN' or 'end'")


def test_malformed_actions_say_how_they_are_written() -> None:
    s = table(pos=[10, 11, 30], lay=["kick", None, None], hands=[["cake"], [], []])
    assert_illegal(s, "kick", "write 'kick <player>', e.g. 'kick p2'")
    assert_illegal(s, "kick p9", "'p9' is not a player: players are p1-p6")
    assert_illegal(s, "kick p5", "there is no Player 5: the skeletons are p1-p3")
    assert_illegal(s, "walk 40", "'40' is not a field")


def test_straight_attack_needs_a_limb_to_take() -> None:
    s = table(pos=[10, 11, 30], arms=[2, 0, 2], lay=["beat", None, None], hands=[["cake"], [], []])
    assert s.legal_actions() == ["move", "reveal"]
    assert_illegal(s, "beat p2", "Player 2 has no arm left to lose")


def test_snatch_only_what_you_can_use() -> None:
    s = table(
        pos=[10, 10, 30],
        lay=["snatch", None, None],
        hands=[["kick"], [], []],
        fest=[["dance"], ["dance"], []],
    )
    assert s.legal_actions() == ["move", "reveal"]
    assert_illegal(
        s, "snatch p2 dance", "you already have Dance of the dead: you may snatch only a festivity card"
    )
    assert_illegal(s, "snatch p2 music", "Player 2 has no Music of the dead card")
    assert_illegal(
        s, "snatch p2 arm", "your skeleton has both arms: you may snatch only a body part you can use"
    )


def test_hustle_steps_the_other_way_or_not_at_all() -> None:
    # RB: "Push a skeleton a field forward or back, move your figure a field into the
    # opposite direction. Besides, you can also swap the positions"; "A skeleton can execute
    # actions only completely or not at all" (issue 33, items 9, 10 and 12).
    s = table(pos=[10, 11, 30], lay=["hustle", None, None], hands=[["kick"], [], []])
    assert s.legal_actions() == ["move", "hustle p2 12 9", "hustle p2 swap"]
    assert_illegal(
        s,
        "hustle p2 12",
        "a hustle moves both skeletons or none (RB: 'A skeleton can execute actions only completely "
        "or not at all'): write 'hustle <player> <push field> <step field>' or 'hustle <player> swap'",
    )
    assert_illegal(
        s,
        "hustle p2 12 11",
        "you move a field into the opposite direction (RB): Player 2 is pushed forward, from 11 to 12, "
        "so you step back, to a lower field, not to 11",
    )
    assert_illegal(
        s,
        "hustle p2 10 9",
        "you move a field into the opposite direction (RB): Player 2 is pushed back, from 11 to 10, "
        "so you step forward, to a higher field, not to 9",
    )
    assert_illegal(s, "hustle p2 10 11", "that swaps the positions: write 'hustle p2 swap'")
    assert_illegal(s, "hustle p2 32 9", "32 is not a field next to Player 2's along the arrows")
    assert_illegal(s, "hustle p2 12 8", "8 is not a field next to yours along the arrows")


def test_a_laid_reaction_card_is_a_movement_while_other_cards_are_held() -> None:
    s = table(pos=[10, 11, 30], lay=["dodge", None, None], hands=[["kick"], [], []])
    assert s.legal_actions() == ["move"]
    assert_illegal(s, "reveal", "Dodge is a reaction card, never played as an action")


def test_the_dog_bites_on_a_field_with_a_skeleton() -> None:
    s = table(pos=[10, 13, 30], lay=["snatch", None, None], hands=[["kick"], [], []], dog=12)
    play(s, "move")
    assert "dog 13 bite p2" in s.legal_actions() and "dog 13" not in s.legal_actions()
    assert_illegal(s, "dog 13", "the dog stops on 13 and attacks: 'dog 13 bite p2'")
    assert_illegal(s, "dog 11 bite p2", "Player 2 is not on 11: the dog bites a skeleton on its field")


def test_follow_and_patch_name_their_rule() -> None:
    s = table(pos=[20, 10, 5], lay=["follow", None, None], hands=[["kick"], [], []])
    assert s.legal_actions() == ["move", "reveal"]
    assert_illegal(s, "follow", "no other skeleton stands on a higher field")
    s = table(pos=[20, 10, 5], legs=[1, 2, 2], lay=["patch", None, None], hands=[["kick"], [], []])
    assert s.legal_actions() == ["move", "patch leg"]
    assert_illegal(s, "patch arm", "your skeleton has both arms")


def test_swap_two_cards_you_hold() -> None:
    s = table(
        pos=[10, 12, 30],
        lay=[None, None, None],
        hands=[["kick", "kick", "beat"], [], []],
        draw_top=["patch"],
        stack=[["newround"], ["swap", 2], ["swap", 1], ["swap", 0]],
    )
    assert s.legal_actions() == ["keep", "swap beat kick", "swap kick kick"]
    assert_illegal(s, "swap beat beat", "you have only one Beating: swap two cards you hold")
    assert_illegal(s, "swap kick beat", "name the two cards in card order: 'swap beat kick'")
    assert_illegal(s, "swap dodge kick", "you have no Dodge in your hand")
