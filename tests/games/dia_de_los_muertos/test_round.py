"""Rounds: order, laying cards, hand limit, swaps, reshuffles, the gravedigger, the end."""

from __future__ import annotations

import random

from muertos.games.dia_de_los_muertos import GAME
from muertos.games.dia_de_los_muertos.components import CARDS
from muertos.games.dia_de_los_muertos.rules import ALWAYS_OPEN, AUTO_SINGLE, MuertosState

from .helpers import assert_illegal, k, names, play, table


def new(players: int = 3, seed: int = 5, **opts: object) -> MuertosState:
    s = GAME.new(players, seed, opts or None)
    assert isinstance(s, MuertosState)
    return s


def test_setup_by_player_count() -> None:
    s = new(3)
    assert s.pos == [0, 0, 0] and s.arms == [2, 2, 2] and s.legs == [2, 2, 2]
    assert [len(h) for h in s.hands] == [4, 4, 4]
    assert s.stock == [2, 2, 2] and s.spare == 3
    assert s.dog == 30 and s.gd_field == 32
    assert len(s.draw) == 66 - 12
    two = new(2)
    assert two.stock == [1, 1, 1] and two.spare == 6


def test_first_round_order_by_hand_backs() -> None:
    # Everyone on the start: the fewest movement points in hand begins; then seat number.
    s = new(4, seed=11)
    sums = [sum(sk["hand_backs"]) for sk in s.view(None)["skeletons"]]
    assert s.order == sorted(range(4), key=lambda i: (sums[i], i))


def test_order_tie_breaks() -> None:
    s = table(
        pos=[5, 5, 5, 3],
        players=4,
        hands=[["kick", "kick"], ["cake", "kick"], ["cake", "kick"], ["patch"]],
        legs=[2, 2, 1, 2],
        stack=[["newround"]],
    )
    # P4 on the lowest field; P2 and P3 hold 3 points, P1 4; P3 has fewer body parts than P2.
    assert s.order == [3, 2, 1, 0]


def test_laying_is_hidden_and_sequential() -> None:
    s = new(3, seed=2)
    first = s.to_move
    assert first == s.order[0]
    laid = s.legal_actions()[0]
    kind = k(laid.split()[1])
    back = CARDS[kind].move
    play(s, laid)
    other = (first + 1) % 3
    v = s.view(other)
    assert v["skeletons"][first]["laid"] == {"back": back}
    assert "hand" not in v["skeletons"][first]
    assert s.view(first)["skeletons"][first]["laid"] == laid.split()[1]
    bones = f"{back} bone" + ("s" if back > 1 else "")
    assert [x for x in s.log(other) if " lays " in x] == [
        f"Player {first + 1} lays a card face down ({bones})."
    ]
    assert [x for x in s.log(first) if " lays " in x] == [
        f"Player {first + 1} lays {CARDS[kind].name} [{CARDS[kind].letter}, {bones}] face down."
    ]
    assert s.to_move == s.order[1]


def test_hand_limit_of_eight() -> None:
    eight = ["kick", "kick", "beat", "beat", "cake", "pot", "skull", "patch"]
    s = table(pos=[10, 12, 30], lay=["cake", None, None], hands=[eight, [], []])
    play(s, "throw p2")  # P2 has no cards: top of the pile decides; P1 then draws 2 -> 10 cards
    assert s.to_move == 0 and s.stack[-1][0] == "limit"
    assert s.status() == "Player 1 to discard down to 8 cards"
    play(s, "discard kick")
    assert s.stack[-1][0] == "limit"
    play(s, "discard kick")
    assert len(s.hands[0]) == 8
    assert s.stack[-1][0] != "limit"


def test_reaction_only_hand_must_be_swapped() -> None:
    s = table(
        pos=[10, 12, 30],
        lay=[None, None, None],
        hands=[["dodge", "hold"], ["kick"], ["kick"]],
        draw_top=["hold", "beat", "patch"],
        stack=[["endround"]],
    )
    # First swap draws Holding and Beating; Beating is not a reaction card, so it stops there.
    assert names(s, 0) == ["hold", "beat"]
    assert sorted(s.view(None)["discard_pile"]) == ["dodge", "hold"]


def test_reaction_only_swap_repeats() -> None:
    s = table(
        pos=[10, 12, 30],
        lay=[None, None, None],
        hands=[["dodge"], ["kick"], ["kick"]],
        draw_top=["hold", "patch"],
        stack=[["endround"]],
    )
    # Dodge swapped for Holding (still only reactions), Holding swapped for Patch.
    assert s.view(None)["discard_pile"] == ["dodge", "hold"]
    assert s.lay[0] == k("patch")  # the next round began: a single card is laid at once


def test_two_for_one_swap() -> None:
    s = table(
        pos=[10, 12, 30],
        lay=[None, None, None],
        hands=[["kick", "kick", "beat"], [], []],
        draw_top=["patch"],
        stack=[["newround"], ["swap", 2], ["swap", 1], ["swap", 0]],
    )
    assert s.to_move == 0
    assert s.legal_actions() == ["keep", "swap beat kick", "swap kick kick"]
    play(s, "swap kick kick")
    assert names(s, 0) == ["patch", "beat"]
    assert s.to_move == 0  # may swap again
    play(s, "keep")
    assert s.stack[-1][0] == "commit"
    assert_illegal(s, "swap kick kick", "lay one hand card face down")


def test_reshuffle_when_draw_pile_is_empty() -> None:
    s = table(pos=[10, 12, 30], lay=["cake", None, None], hands=[["kick"], ["kick"], []])
    s = s.with_position(discard=s.draw[:-2], draw=s.draw[-2:])  # all but two cards are discarded
    assert isinstance(s, MuertosState)
    play(s, "throw p2")  # the last two cards... and the attacked card, then draws
    assert s.census()["action_cards"] == 66
    assert any("shuffled into a new draw pile" in line for line in s.log(None))


def test_empty_hand_at_commit_draws_one() -> None:
    stack = [["endround"], ["resolve", 1], ["resolve", 0], ["commit", 1], ["commit", 0]]
    s = table(pos=[10, 12, 30], hands=[[], ["kick"], ["kick"]], draw_top=["beat"], stack=stack)
    # P1 has no card: he draws one first (A-D17); a hand of one card is laid at once.
    assert s.lay[:2] == [k("beat"), k("kick")]
    assert s.stack[-1] == ["resolve", 0]


def test_gravedigger_steps_per_festivity_card() -> None:
    s = table(pos=[18, 5, 5], lay=["kick", None, None], hands=[["kick"], [], []])
    play(s, "move", "walk 19")
    assert s.fest[0] == [0] and s.stock[0] == 1
    assert s.gd_field == 28  # one step with 3 players
    s2 = table(players=2, pos=[18, 5], lay=["kick", None], hands=[["kick"], []])
    play(s2, "move", "walk 19")
    assert s2.gd_field == 27  # two steps with 2 players


def test_no_second_card_of_the_same_kind() -> None:
    s = table(pos=[18, 5, 5], lay=["kick", None, None], hands=[["kick"], [], []], fest=[["music"], [], []])
    play(s, "move", "walk 19")
    assert s.fest[0] == [0] and s.stock[0] == 2 and s.gd == 0


def test_gravedigger_pushes_a_skeleton_aside() -> None:
    # Four cards taken, gravedigger on 25; P2 stands on 17. P1 takes the fifth card on 21.
    s = table(pos=[20, 17, 5], lay=["kick", None, None], hands=[["kick"], [], []], gd=4, stock=[0, 1, 1])
    play(s, "move", "walk 21")
    assert s.gd_field == 17
    assert s.to_move == 1
    assert s.status() == "Player 2 to get out of the gravedigger's way"
    assert s.legal_actions() == ["go 5", "go 7", "go 16", "go 25", "go 31"]  # the lane is open now
    play(s, "go 25")
    assert s.pos[1] == 25


def test_last_card_taker_places_the_gravedigger() -> None:
    # Five cards taken: the gravedigger stands on 17. P1 takes the last card (Banquet on 24).
    s = table(pos=[23, 5, 5], lay=["kick", None, None], hands=[["kick"], [], []], gd=5, stock=[0, 0, 1])
    play(s, "move", "walk 24")
    assert s.to_move == 0 and s.legal_actions() == ["block 5", "block 7", "block 16"]
    play(s, "block 5")
    assert s.gd_field == 5
    # P2 and P3 stood on 5: each gets out of the way (4 or 6; 17 is free again).
    assert s.to_move == 1 and s.legal_actions() == ["go 4", "go 6", "go 17"]


def test_gravedigger_last_step_two_players() -> None:
    # 2 players: two cards taken, gravedigger on 25; the third card moves him 25 -> 17 -> chosen field.
    s = table(players=2, pos=[23, 10], lay=["kick", None], hands=[["kick"], []], gd=4, stock=[0, 0, 1])
    play(s, "move", "walk 24")
    assert s.legal_actions() == ["block 5", "block 7", "block 16"]
    play(s, "block 16")
    assert s.gd_field == 16 and s.view(None)["lane_open"]


def test_game_ends_when_every_skeleton_with_limbs_is_home() -> None:
    # P2 is home, P3 has no body parts left: P1 walking into the goal ends the game.
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
    assert s.over and s.to_move is None and s.legal_actions() == []
    # P1: 2nd = 5 + Dance 2 = 7; P2: 1st = 7 + Music 1 = 8; P3: not home, Banquet 3.
    assert s.scores() == [7.0, 8.0, 3.0]
    assert s.winners() == [1]


def _arrive(fest: list[list[str]]) -> MuertosState:
    s = table(
        pos=[27, 32, 12],
        home=[0, 1, 0],
        arms=[2, 2, 0],
        legs=[2, 2, 0],
        lay=["kick", None, None],
        hands=[["kick"], [], []],
        gd=6,
        fest=fest,
        stock=[0, 0, 0],
    )
    play(s, "move", "walk 32")
    assert s.over
    return s


def test_arrival_breaks_ties() -> None:
    # P1 arrives 2nd: 5 + Music 1 + Dance 2 + Banquet 3 = 11; P2 1st: 7 + Music 1 = 8.
    s = _arrive([["music", "dance", "banquet"], ["music"], []])
    assert s.scores()[:2] == [11.0, 8.0] and s.winners() == [0]
    # P1: 5 + 1 + 2 = 8; P2: 7 + 1 = 8: a tie, and P2 reached the goal first.
    s = _arrive([["music", "dance"], ["music"], []])
    assert s.scores()[:2] == [8.0, 8.0] and s.winners() == [1]


def test_unfinished_skeletons_share_a_tie() -> None:
    from muertos.games.dia_de_los_muertos.scoring import final_winners

    assert final_winners([0, 0, 0], [[1], [1], []]) == [0, 1]
    assert final_winners([3, 0, 0], [[1], [2], []]) == [0]  # 3rd place 3 + 1 = 4 beats 2


def test_round_limit_ends_the_game() -> None:
    import random

    s = new(3, seed=4, round_limit=2)
    rnd = random.Random(0)
    while not s.over:
        play(s, rnd.choice(s.legal_actions()))
    assert s.round == 2
    assert "round limit (2)" in s.log(None)[-1]


def test_finished_skeletons_take_no_part_in_the_round() -> None:
    # RB 'Enter the goal': "The game is finished for this player immediately" (A-D27).
    s = table(
        pos=[10, 32, 12],
        home=[0, 1, 0],
        hands=[["kick", "beat"], [], ["kick"]],
        stack=[["newround"], ["swap", 0]],
    )
    play(s, "keep")
    assert s.order == [0, 2]
    assert s.lay[1] == -1 and s.stack[-1] == ["commit", 0]


def test_decisions_left_unlisted_always_have_a_move() -> None:
    """``_run`` stops at a use of a laid card, a swap, the hand limit and a commit of two
    cards or more without listing their moves (``ALWAYS_OPEN``). That is what listing would
    have done: in every position of whole games (random play, 2-6 seats) such a decision
    has a move, and a lone move of it is not one ``_run`` takes by itself."""
    for players in range(2, 7):
        s = new(players, seed=players)
        rnd = random.Random(players)
        while not s.over:
            t = s.stack[-1]
            legal = s.legal_actions()
            if t[0] in ALWAYS_OPEN or (t[0] == "commit" and len(s.hands[t[1]]) > 1):
                assert legal and t[0] not in AUTO_SINGLE
            s.apply(legal[rnd.randrange(len(legal))])
