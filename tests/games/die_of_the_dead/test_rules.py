"""Hand-built rounds for every action, token, bonus, payment source and end condition.

Positions in ``table()``: casket 1 Candle, 2 Marigold, 3 Bread, 4 Incense. Ofrenda cells:
Marigold 1-4, Incense 4-7 (urns on 5 and 6), Candle 7-10, Bread 10-12 and 1.
"""

from __future__ import annotations

import random
import re
from itertools import pairwise

import pytest

from muertos.engine import IllegalAction, InvalidOptions
from muertos.games.die_of_the_dead import GAME, DieOfTheDeadState
from muertos.games.die_of_the_dead.notation import kind_die, kind_of
from muertos.games.die_of_the_dead.scoring import BREAD, CANDLE, INCENSE, MARIGOLD
from muertos.i18n import translate

from .helpers import (
    D,
    arrange,
    arrange_seat,
    casket,
    dice,
    end_turns,
    fill,
    last_payment,
    opened,
    table,
)

R_P, B_P, G_P = kind_of(D("r*")), kind_of(D("b*")), kind_of(D("g*"))
R_N, B_N, G_N, Y_N = kind_of(D("r")), kind_of(D("b")), kind_of(D("g")), kind_of(D("y"))
NO_DICE = [0] * 10


def refused(s: DieOfTheDeadState, action: str, pattern: str) -> None:
    before = s.to_json()
    with pytest.raises(IllegalAction, match=pattern):
        s.apply(action)
    assert s.to_json() == before


# --------------------------------------------------------------------------- setup
@pytest.mark.parametrize(("players", "supply"), [(2, 25), (3, 15), (4, 10), (5, 7)])
def test_setup_by_player_count(players: int, supply: int) -> None:
    s = GAME.new(players, 3)
    assert isinstance(s, DieOfTheDeadState)
    # every power die (15) on the City of the Dead, 5 tokens on each board
    assert s.city == [0, 3] * 5 and s.boards == [5, 5, 5, 5] and s.steps == [0] * players
    if players < 5:
        assert s.phase == "put" and s.actor == 0 and s.starter == -1  # Player 1 first, no starter yet
        own = "put r in 1"
        unused = [f"put {c} in 1" for c in "rbgyp"[players:]]
        assert s.legal_actions() == [own, *unused]
        while s.phase == "put":
            s.apply(s.legal_actions()[-1])
    # table b.6: supply after setup and N dice in each casket
    assert [sum(x) for x in s.supply] == [supply] * players
    assert [len(x) for x in s.inside] == [players] * 4
    assert s.phase == "open" and s.actor == s.starter
    assert s.census() == {
        **{f"dice {c}": 12 for c in "rbgyp"},
        **{f"dice {c}*": 3 for c in "rbgyp"},
        "tokens": 20,
    }


def test_five_players_put_their_own_colour_in_every_casket() -> None:
    s = GAME.new(5, 8)
    assert isinstance(s, DieOfTheDeadState)
    assert s.phase == "open"  # no setup decision: each has one colour only
    assert [sorted(x) for x in s.inside] == [dice("r b g y p")] * 4


def test_start_player_is_the_highest_two_dice_total_ties_reroll() -> None:
    for seed in range(30):
        s = GAME.new(4, seed)
        while s.phase == "put":
            s.apply(s.legal_actions()[0])
        rolls = [e.text for e in s.events if e.kind == "roll"]
        last = {int(p): int(t) for p, t in re.findall(r"Player (\d) (\d+)", rolls[-1])}
        best = max(last.values())
        assert isinstance(s, DieOfTheDeadState)
        assert [p for p, t in last.items() if t == best] == [s.starter + 1]
        for earlier, later in pairwise(rolls):
            tot = {int(p): int(t) for p, t in re.findall(r"Player (\d) (\d+)", earlier)}
            tied = {p for p, t in tot.items() if t == max(tot.values())}
            assert set(map(int, re.findall(r"Player (\d)", later))) == tied


def test_setup_dice_are_put_in_secret_and_revealed_together_before_the_start_roll() -> None:
    """RULES, Setup: "Players simultaneously place one dice from their supply in each of the
    caskets. In a game with fewer than 5 players each player can choose which colour to add
    to each casket. Each player rolls two dice, the player who rolls the highest total is the
    start player". The simultaneous choices are taken one after another, Player 1 first, and
    hidden from every other seat, view and log until all have put; then they are revealed
    together, and only then the start roll (A-DD22)."""
    s = GAME.new(3, 5)
    assert isinstance(s, DieOfTheDeadState)
    assert s.phase == "put" and s.actor == 0
    assert not [e for e in s.events if e.kind == "roll"]  # the placing comes first
    for a in ("put p in 1", "put y in 2", "put p in 3", "put r in 4"):
        s.apply(a)
    assert s.actor == 1 and s.inside == [[], [], [], []]
    mine = s.view(0)["seats"][0]
    assert mine["setup_dice"] == ["p", "y", "p", "r"] and mine["supply"] == {"r": 10, "y": 3, "p": 2}
    for seat in (None, 1, 2):
        v = s.view(seat)
        theirs = v["seats"][0]
        assert theirs["setup_dice"] == ["?"] * 4 and theirs["supply"] == {"r": 11, "y": 4, "p": 4}
        assert all(c["inside"] == [] for c in v["caskets"])
        assert "Player 1 puts a die in casket 2 in secret." in s.log(seat)
        assert not any(" y " in line or " p " in line for line in s.log(seat)[1:])
    assert "Player 1 puts a yellow die (y) in casket 2 in secret." in s.log(0)
    # a determinization for Player 2 draws Player 1's dice again from Player 1's supply
    twin = s.determinize(1, random.Random(4))
    assert twin.view(1) == s.view(1) and twin.puts[0] != s.puts[0]
    refused(s, "put r in 1", r"supply has no red die \(r\)")
    for a in ("put b in 1", "put b in 2", "put b in 3", "put y in 4"):
        s.apply(a)
    for a in ("put g in 1", "put g in 2", "put p in 3", "put g in 4"):
        s.apply(a)
    assert s.inside == [dice("p b g"), dice("y b g"), dice("p b p"), dice("r y g")]
    lines = s.log(2)
    first_roll = next(i for i, line in enumerate(lines) if line.startswith("Start roll"))
    assert lines[first_roll - 3 : first_roll] == [
        "Player 1 reveals the setup dice put in caskets 1-4: p y p r.",
        "Player 2 reveals the setup dice put in caskets 1-4: b b b y.",
        "Player 3 reveals the setup dice put in caskets 1-4: g g p g.",
    ]
    assert s.phase == "open" and s.actor == s.starter >= 0
    assert all(sv["setup_dice"] == [] for sv in s.view(1)["seats"])


def test_solo_setup() -> None:
    s = GAME.new(1, 2)
    assert isinstance(s, DieOfTheDeadState)
    assert s.phase == "fill" and len(s.legal_actions()) == 10  # 3 of 5 colours
    assert s.legal_actions()[0] == "fill 1 rbg"
    for a in ("fill 1 rbg", "fill 2 gyp", "fill 3 rby", "fill 4 bgp"):
        s.apply(a)
    assert [sorted(x) for x in s.inside] == [dice("r b g"), dice("g y p"), dice("r b y"), dice("b g p")]
    assert s.city == [3, 0] * 5  # 3 normal dice of each colour, no power dice
    assert s.supply == [[0] * 10] and s.boards == [1, 1, 1, 1]
    assert s.phase == "open" and s.starter == 0
    assert s.census()["tokens"] == 4 and s.census()["dice r*"] == 3


def test_options_refused_for_solo() -> None:
    with pytest.raises(InvalidOptions, match="exclusive_squares needs 2 or more players"):
        GAME.new(1, 0, {"exclusive_squares": True})
    with pytest.raises(InvalidOptions):
        GAME.new(6, 0)


# ------------------------------------------------------------------------- opening
def test_opening_adds_the_lid_dice_and_rolls_everything() -> None:
    s = casket(table(3), 2, inside="y p", lid="r* b g*")
    s.apply("open 2")
    assert s.open == 1 and s.lid[1] == [] and len(s.inside[1]) == 5
    for d in s.inside[1]:
        f = d & 7
        assert (f in (1, 2, 5, 6, 7)) if d & 8 else (1 <= f <= 6)
    assert s.phase == "act" and s.actor == 0


def test_starter_may_not_open_an_empty_casket() -> None:
    s = casket(table(2), 1, inside="", lid="")
    assert "open 1" not in s.legal_actions()
    refused(s, "open 1", "casket 1 is empty")


FULL_BUT_BREAD = {c: "rbgyp"[c % 5] + "1" for c in range(1, 11)}
"""Every cell but Bread's own two (11 and 12) filled."""


def test_a_starter_who_can_draft_from_no_casket_may_open_an_empty_one() -> None:
    """RULES: "Each round will begin with the first player choosing a casket ... They must then
    draft a die from that casket", and only "If there are no dice or tokens to take from that
    casket" may the other players ascend. A starter who can draft from no casket is compelled
    to no choice: it may open every casket, the empty ones too (A-DD5). Two players whose
    ofrendas miss only Bread, both preparation boards full, the Bread casket empty: Player 1
    opens it, passes, and Player 2 moves a prepared die there and completes the ofrenda
    (the game used to stall here until the safety stop)."""
    s = casket(table(2), 3, inside="", lid="")
    s = fill(fill(s, 0, FULL_BUT_BREAD), 1, {**FULL_BUT_BREAD, 12: "g2"})
    s = arrange_seat(s, 0, prep="r2 b2 g2", scored=[1, 1, 0, 1])  # Candle, Marigold, Incense
    s = arrange_seat(s, 1, prep="y4 p5 r6", scored=[1, 1, 0, 1])
    assert s.legal_actions() == ["open 1", "open 2", "open 3", "open 4"]
    s.apply("open 3")
    assert s.legal_actions() == ["pass"]
    s.apply("pass")
    assert "move y4 to 11" in s.legal_actions()
    s.apply("move y4 to 11")
    while not s.over:
        s.apply(s.legal_actions()[0])
    assert s.end == "Player 2 completed the ofrenda"
    # a starter who can draft from another casket must: the empty one stays closed
    s = casket(table(2), 3, inside="", lid="")
    assert "open 3" not in s.legal_actions()
    refused(s, "open 3", "casket 3 is empty: the Round Starter must draft")


def test_round_starter_must_draft() -> None:
    s = arrange_seat(opened(table(2), 3, "r2 b5 g5"), 0, prep="y3", hand=[0, 0, 0, 0])
    # the drafted die goes to the preparation board or a Bread space (10, 11, 12, 1)
    dests = ["prep", "10", "11", "12", "1"]
    assert s.legal_actions() == [f"draft {d} to {x}" for d in ("r2", "b5", "g5") for x in dests]
    refused(s, "take", "Round Starter cannot take a token")
    refused(s, "move y3 to 11", "Round Starter must draft")
    refused(s, "ascend", "Round Starter cannot ascend")


# ---------------------------------------------------------------- draft and pay
def test_draft_place_and_pay_with_a_city_power_die() -> None:
    s = opened(table(2), 3, "r2 b5 g5")
    s.apply("draft b5 to 11")
    assert s.ofrenda[0][10] == D("b5") and s.phase == "pay"
    legal = s.legal_actions()
    assert "pay r* on 1" in legal and "pay r* on 3" not in legal  # not onto the open casket
    assert all(a.split()[1].endswith("*") for a in legal)  # the City's power dice
    refused(s, "pay r on 1", "Round Starter pays with a power die from the City")
    refused(s, "pay g* on 3", "not the open casket 3")
    s.apply("pay g* on 4")
    assert s.city[G_P] == 2 and s.lid[3] == [D("g*")]
    assert s.phase == "act" and s.actor == 1 and s.inside[2] == dice("r2 g5")


def test_other_players_pay_from_their_supply() -> None:
    s = opened(table(2), 3, "r2 g5", actor=1)
    blue = s.supply[1][B_N]
    s.apply("draft g5 to prep")
    assert s.prep[1] == [D("g5")]
    assert all("*" not in a for a in s.legal_actions())  # the supply's normal dice
    s.apply("pay b on 2")
    assert s.supply[1][B_N] == blue - 1 and s.lid[1] == [D("b")]


def test_empty_supply_pays_from_the_preparation_board_not_with_the_drafted_die() -> None:
    s = arrange_seat(opened(table(2), 3, "r2 g5", actor=1), 1, supply={}, prep="y3")
    s.apply("draft g5 to prep")
    assert s.legal_actions() == ["pay prep y3 on 1", "pay prep y3 on 2", "pay prep y3 on 4"]
    refused(s, "pay prep g5 on 1", "preparation board")
    s.apply("pay prep y3 on 1")
    assert s.prep[1] == [D("g5")] and s.lid[0] == [D("y")]


def test_no_die_to_pay_with_means_no_draft_for_other_players() -> None:
    s = arrange_seat(opened(table(2), 3, "r2 g5", actor=1), 1, supply={}, prep="")
    # the Bread board is empty: its five tokens are in the hands (4 and 1)
    s = arrange(s, boards=[5, 5, 0, 5], hands=[[0, 0, 4, 0], [0, 0, 1, 0]])
    assert s.legal_actions() == ["pass"]
    refused(s, "draft g5 to prep", "cannot pay for a draft")
    s.apply("pass")
    assert s.phase != "act" or s.actor != 1


def test_starter_pays_from_supply_then_preparation_board_then_nothing() -> None:
    s = arrange(opened(table(2), 3, "r2 g5 b1"), city=NO_DICE)
    s.apply("draft g5 to 12")
    assert "pay r on 1" in s.legal_actions() and not any("*" in a for a in s.legal_actions())
    s = arrange(opened(table(2), 3, "r2 g5 b1"), city=NO_DICE)
    s = arrange_seat(s, 0, supply={}, prep="p6")
    s.apply("draft g5 to prep")
    assert s.legal_actions() == ["pay prep p6 on 1", "pay prep p6 on 2", "pay prep p6 on 4"]
    # A-DD9: nothing at all to pay with -> the starter still drafts and pays nothing
    s = arrange(opened(table(2), 3, "r2 g5 b1"), city=NO_DICE)
    s = arrange_seat(s, 0, supply={}, prep="")
    total = sum(map(len, s.inside)) + sum(map(len, s.lid))
    s.apply("draft g5 to prep")
    assert s.phase == "act" and s.actor == 1
    assert sum(map(len, s.inside)) + sum(map(len, s.lid)) == total - 1
    assert "pays nothing" in s.log()[-1]


def test_five_players_may_pay_with_a_die_of_an_incomplete_section() -> None:
    s = opened(table(5), 3, "r2 g5 b1 y1 p1", actor=1)
    s = fill(s, 1, {2: "b3", 8: "b4", 9: "b6", 10: "b1"})  # Candle 7-10 lacks cell 7
    s = fill(s, 1, {5: "r1", 6: "r2", 4: "r3", 7: "r4"})  # Incense 4-7 complete (and cell 7)
    s = arrange_seat(s, 1, scored=[int(i == INCENSE) for i in range(4)])
    s.apply("draft g5 to 11")  # Bread 10-12,1: cells 10,11 filled; still incomplete
    legal = s.legal_actions()
    # cell 2 (Marigold incomplete) may pay; 7-10 not: Candle is complete (7 filled by Incense)
    assert "pay cell 2 on 1" in legal
    assert not any(re.match(r"pay cell (4|5|6|7|8|9|10) ", a) for a in legal)
    assert "pay cell 11 on 1" not in legal  # the die just drafted never pays for itself
    assert "pay b on 1" in legal  # the supply is still allowed (A-DD8: any time)
    s.apply("pay cell 2 on 4")
    assert s.ofrenda[1][1] == -1 and s.lid[3] == [D("b")]


def test_four_players_never_pay_with_an_ofrenda_die() -> None:
    s = fill(opened(table(4), 3, "r2 g5", actor=1), 1, {2: "b3"})
    s.apply("draft g5 to 11")
    assert not any("cell" in a for a in s.legal_actions())
    refused(s, "pay cell 2 on 1", "only in a 5-player game")


# ----------------------------------------------------------- move, take, ascend
def test_move_a_die_from_the_preparation_board() -> None:
    s = fill(arrange_seat(opened(table(2), 3, "r2", actor=1), 1, prep="y3 y3"), 1, {12: "g1"})
    legal = s.legal_actions()
    assert [a for a in legal if a.startswith("move")] == ["move y3 to 10", "move y3 to 11", "move y3 to 1"]
    refused(s, "move y3 to 5", "empty Bread space")
    refused(s, "move y3 to 12", "already filled")
    refused(s, "move g6 to 10", "preparation board holds no g6")
    s.apply("move y3 to 1")  # ends the round
    assert s.prep[1] == [D("y3")] and s.ofrenda[1][0] == D("y3")


def test_take_a_token_and_the_hand_limit() -> None:
    s = opened(table(2), 3, "r2", actor=1)
    s.apply("take")
    assert s.hands[1] == [0, 0, 1, 0] and s.boards[BREAD] == 4
    s = arrange_seat(opened(table(2), 3, "r2", actor=1), 1, hand=[2, 1, 0, 1])
    legal = s.legal_actions()
    assert "take" not in legal
    assert [a for a in legal if a.startswith("take")] == [
        "take discard c",
        "take discard m",
        "take discard i",
    ]
    refused(s, "take", "you hold 4 tokens")
    s.apply("take discard c")
    # the tokens in hand came from their boards: 5 - 2 + 1, 5 - 1, 5 - 1, 5 - 1
    assert s.hands[1] == [1, 1, 1, 1] and s.boards == [4, 4, 4, 4]


def test_ascend_only_when_the_casket_has_no_dice_and_no_tokens() -> None:
    # an empty Candle board: its five tokens are in the hands (4 and 1)
    held = [[4, 0, 0, 0], [1, 0, 0, 0]]
    s = arrange(opened(table(2), 1, "r2", actor=1), boards=[0, 5, 5, 5], hands=held)
    assert "ascend" not in s.legal_actions()
    refused(s, "ascend", "no dice and its token board no tokens")
    s = arrange(opened(table(2), 1, "", actor=1), boards=[1, 5, 5, 5], hands=[[4, 0, 0, 0], [0, 0, 0, 0]])
    assert "ascend" not in s.legal_actions() and "take" in s.legal_actions()
    s = arrange(s, boards=[0, 5, 5, 5], hands=held)
    assert "ascend" in s.legal_actions()
    s.apply("ascend")
    # one step; the square of step 1 is the owner's (A), with no bonus (its Candle token):
    # the round goes straight on to scoring / the next round
    assert s.steps[1] == 1 and s.phase == "rest"
    assert s.legal_actions() == ["square a", "square b", "square c", "square d"]
    s.apply("square a")
    assert s.square[1] == 0 and s.hands[1] == [1, 0, 0, 0] and s.phase == "open" and s.starter == 1


def test_the_owner_chooses_the_square_an_empty_casket_ascension_ends_on() -> None:
    """RULES: "However the die is ascended, the owner decides which square on the step the
    dice ends on" — the empty-casket ascension too, though "No step bonus is gained from
    this ascension". With exclusive squares (A-DD12) the choice matters: Player 1 rests on
    step 1, square A, so Player 2 chooses among B, C and D (A-DD24)."""
    held = [[4, 0, 0, 0], [1, 0, 0, 0]]
    s = arrange(opened(table(2, exclusive_squares=True), 1, "", actor=1), boards=[0, 5, 5, 5], hands=held)
    s = arrange_seat(s, 0, steps=1, square=0)
    s.apply("ascend")
    assert s.phase == "rest" and s.legal_actions() == ["square b", "square c", "square d"]
    assert s.status() == "Player 2 to choose the square of step 1 to rest on (no bonus)"
    refused(s, "square a", "square is taken")
    refused(s, "pass", "square your scoring die rests on")
    s.apply("square c")  # C of step 1 is a Marigold token: not gained
    assert s.square[1] == 2 and s.steps[1] == 1 and s.hands[1] == [1, 0, 0, 0] and s.boards[MARIGOLD] == 5
    assert "Player 2 rests on step 1, square c (no bonus)." in s.log(None)
    # a single free square is no choice: the die goes there at once (4 players, A-C taken)
    t = opened(table(4, exclusive_squares=True), 1, "", actor=1)
    t = arrange(
        t, boards=[0, 5, 5, 5], hands=[*held, [0] * 4, [0] * 4], steps=[1, 0, 1, 1], square=[0, -1, 1, 2]
    )
    t.apply("ascend")
    assert t.square[1] == 3 and t.phase == "act" and t.actor == 2


def test_pass_only_when_nothing_else_is_possible() -> None:
    s = arrange_seat(opened(table(2), 3, "r2 g5"), 0, prep="y1 y2 y3")
    s = fill(s, 0, {10: "b1", 11: "b2", 12: "b3", 1: "b4"})  # Bread full, preparation board full
    assert s.legal_actions() == ["pass"]
    refused(s, "draft r2 to prep", "no room for a die")


# ------------------------------------------------------------------------- tokens
def test_candle_swaps_two_caskets_and_their_lids() -> None:
    s = arrange_seat(table(2), 0, hand=[1, 0, 0, 0])
    s = casket(casket(s, 1, inside="r", lid="b*"), 3, inside="g y", lid="")
    assert "candle 1 3" in s.legal_actions()
    s.apply("candle 1 3")
    assert s.inside[0] == dice("g y") and s.inside[2] == dice("r") and s.lid[2] == dice("b*")
    assert s.hands[0][CANDLE] == 0 and s.boards[CANDLE] == 5 and s.phase == "open"
    assert "candle 1 2" not in s.legal_actions()
    refused(s, "candle 1 2", "no Candle token")


def test_candle_moving_the_open_casket_changes_its_item() -> None:
    s = arrange_seat(opened(table(2), 3, "r2 g5", actor=1), 1, hand=[1, 0, 0, 0])
    s.apply("candle 2 3")
    assert s.open == 1 and s.inside[1] == dice("r2 g5")
    assert "draft g5 to 2" in s.legal_actions()  # the open casket stands at Marigold now
    assert "draft g5 to 11" not in s.legal_actions()


def starter_with_a_full_preparation_board() -> DieOfTheDeadState:
    """Player 1, the Round Starter, holds a Candle token, a full preparation board and an
    ofrenda whose Candle section (7-10) is full and whose Bread section (10-12, 1) misses
    cell 11 only; casket 3 (Bread) holds three dice."""
    s = fill(table(2), 0, {7: "r1", 8: "r2", 9: "b3", 10: "g4", 12: "y5", 1: "r6"})
    s = arrange_seat(s, 0, prep="r1 b2 g3", hand=[1, 0, 0, 0])
    return casket(s, 3, inside="b g y")


def test_a_candle_swap_cannot_free_the_round_starter_from_the_draft() -> None:
    """RULES: "They must then draft a dice from that casket"; "Note: this is compulsory for
    the round starter", who "must pay with a power die from the City of the Dead board".
    Moved by a Candle swap to position 1 (Candle, full), the open Bread casket would leave
    the starter no draft: it would pass, drafting and paying nothing (A-DD14)."""
    s = starter_with_a_full_preparation_board()
    s.apply("open 3")  # the draft can go to cell 11 only
    legal = s.legal_actions()
    drafts = [a for a in legal if a.startswith("draft")]
    assert len(drafts) == 3 and all(a.endswith(" to 11") for a in drafts)
    assert "candle 1 3" not in legal
    refused(
        s,
        "candle 1 3",
        r"^illegal action 'candle 1 3': the draft is compulsory for the Round Starter: at position 1 "
        r"\(Candle\) the open casket would leave you neither a draft nor a Marigold move$",
    )
    why = s.ACTIONS.why_illegal(s, "candle 1 3")
    assert translate(why, "es", "die-of-the-dead") == (
        "escoger un dado es obligatorio para el jugador inicial: en la posición 1 (Veladora) el "
        "ataúd abierto no te dejaría ni escoger un dado ni mover uno con la ficha de Cempasúchil"
    )
    # swaps that keep a draft (Marigold 2-4, Incense 4-6 are empty) or leave the open casket
    assert [a for a in legal if a.startswith("candle")] == [
        "candle 1 2", "candle 1 4", "candle 2 3", "candle 2 4", "candle 3 4"
    ]  # fmt: skip
    s.apply("candle 2 3")  # the open casket at Marigold: the draft goes to 2, 3 or 4
    assert s.open == 1 and s.hands[0][CANDLE] == 0
    assert {a.split()[-1] for a in s.legal_actions()} == {"2", "3", "4"}


def test_a_candle_swap_cannot_strand_the_marigold_move_that_opened_an_empty_casket() -> None:
    """The Marigold token lets the starter open the empty casket 2 (A-DD5, A-DD15); moved to
    position 1 (Candle, full) it would leave neither a draft nor the Marigold move."""
    s = fill(table(2), 0, {7: "r1", 8: "r2", 9: "b3", 10: "g4"})
    s = arrange_seat(casket(s, 2, inside="", lid=""), 0, prep="g4", hand=[1, 1, 0, 0])
    s.apply("open 2")
    assert "candle 1 2" not in s.legal_actions() and "candle 2 3" in s.legal_actions()
    refused(s, "candle 1 2", "at position 1 \\(Candle\\) the open casket would leave you neither a draft nor")
    s.apply("candle 2 3")  # the empty casket at Bread: the Marigold move goes there
    assert [a for a in s.legal_actions() if a.startswith("marigold")] == [
        f"marigold g4 to {c}" for c in (11, 12, 1)
    ]


def test_a_starter_who_owes_nothing_at_the_open_casket_may_swap_it_anywhere() -> None:
    """No casket offers the starter a draft (its preparation board is full, the Candle and
    Marigold sections too, caskets 2-4 are empty), so it may open any (A-DD5): at casket 1
    (Candle) it can do nothing, owes nothing, and may swap the open casket to position 2
    (Marigold), where it can do nothing either, and pass."""
    s = fill(starter_with_a_full_preparation_board(), 0, {2: "b1", 3: "g1", 4: "y1"})
    for p in (2, 3, 4):
        s = casket(s, p, inside="", lid="")
    assert [a for a in s.legal_actions() if a.startswith("open")] == ["open 1", "open 2", "open 3", "open 4"]
    s.apply("open 1")
    assert s.legal_actions()[0] == "pass" and "candle 1 2" in s.legal_actions()
    s.apply("candle 1 2")
    assert s.open == 1 and s.legal_actions() == ["pass"]
    s.apply("pass")


def test_solo_a_candle_swap_cannot_leave_the_player_without_an_action() -> None:
    """Solo, "you can choose to Move a Die or Take a Token as your action" in place of the
    draft; the action itself stays due, as when opening (A-DD5). Casket 3 (Bread) offers a
    draft to cell 11 and the Bread token; at position 1 (Candle) the section is full and its
    one token in hand."""
    s = fill(solo(), 0, {7: "r1", 8: "r2", 9: "b3", 10: "g4", 12: "y5", 1: "r6"})
    s = casket(arrange_seat(s, 0, prep="r1 b2 g3", hand=[1, 0, 0, 0]), 3, inside="b g y")
    s.apply("open 3")
    assert "take" in s.legal_actions() and "candle 1 3" not in s.legal_actions()
    refused(s, "candle 1 3", "at position 1 \\(Candle\\) the open casket would leave you no action")
    assert translate(s.ACTIONS.why_illegal(s, "candle 1 3"), "es", "die-of-the-dead") == (
        "en la posición 1 (Veladora) el ataúd abierto no te dejaría ninguna acción, y debes actuar en el "
        "ataúd que abriste"
    )
    assert "candle 3 4" in s.legal_actions()


def test_marigold_token_lets_the_starter_move_instead_and_gain_a_power_die() -> None:
    s = arrange_seat(opened(table(2), 2, "r2"), 0, hand=[0, 1, 0, 0], prep="g4")
    assert "marigold g4 to 3" in s.legal_actions()
    s.apply("marigold g4 to 3")
    assert s.ofrenda[0][2] == D("g4") and s.prep[0] == [] and s.boards[MARIGOLD] == 5
    assert s.phase == "gain" and s.legal_actions() == [f"gain {c}*" for c in "rbgyp"]
    s.apply("gain b*")
    assert s.supply[0][B_P] == 1 and s.city[B_P] == 2 and s.actor == 1
    # no power die left on the City: nothing gained
    s = arrange(opened(table(2), 2, "r2"), city=NO_DICE)
    s = arrange_seat(s, 0, hand=[0, 1, 0, 0], prep="g4")
    s.apply("marigold g4 to 1")
    assert s.phase == "act" and s.actor == 1


def test_marigold_token_lets_the_starter_open_an_empty_casket() -> None:
    s = arrange_seat(casket(table(2), 2, inside="", lid=""), 0, prep="g4")
    assert "open 2" not in s.legal_actions()
    s = arrange_seat(s, 0, hand=[0, 1, 0, 0])
    s.apply("open 2")
    assert s.legal_actions() == [f"marigold g4 to {c}" for c in (1, 2, 3, 4)]


def test_marigold_is_not_for_other_players() -> None:
    s = arrange_seat(opened(table(2), 2, "r2", actor=1), 1, hand=[0, 1, 0, 0], prep="g4")
    assert not any(a.startswith("marigold") for a in s.legal_actions())
    refused(s, "marigold g4 to 1", "played by the Round Starter")


def test_bread_copies_another_value_ignoring_calaveras() -> None:
    s = arrange_seat(opened(table(2), 3, "g2 b5 rx y6*", actor=1), 1, hand=[0, 0, 1, 1])
    s.apply("draft g2")
    legal = s.legal_actions()
    assert [a for a in legal if a.startswith("bread")] == ["bread 5", "bread 6"]
    assert [a for a in legal if a.startswith("incense")] == ["incense 1", "incense 3"]
    s.apply("bread 6")
    assert s.held == D("g6") and s.hands[1][BREAD] == 0 and s.boards[BREAD] == 5
    # Incense may follow on the same die; 6 does not wrap to 1
    assert [a for a in s.legal_actions() if a.startswith(("bread", "incense"))] == ["incense 5"]
    refused(s, "incense 7", "1 and 6 do not wrap|no Bread|legal")
    s.apply("incense 5")
    assert s.held == D("g5") and s.hands[1] == [0, 0, 0, 0]
    s.apply("place 12")
    assert s.ofrenda[1][11] == D("g5")


def test_bread_and_incense_do_not_change_power_dice() -> None:
    s = arrange_seat(opened(table(2), 3, "g2* b5", actor=1), 1, hand=[0, 0, 1, 1])
    # a power die is drafted and placed in one step: no token can change it
    assert "draft g2*" not in s.legal_actions() and "draft g2* to prep" in s.legal_actions()
    assert "draft b5" in s.legal_actions()  # Incense could change b5: two steps
    refused(s, "draft g2*", "draft g2\\* to prep / draft g2\\* to N")
    s = arrange_seat(s, 1, hand=[0, 0, 1, 0])  # Bread only: b5 can become 2, g2* cannot change
    assert "draft b5" in s.legal_actions() and "draft g2*" not in s.legal_actions()
    # Bread: b2 could copy only 2 (itself) or a calavera: no change
    s = arrange_seat(opened(table(2), 3, "g2* b2 rx", actor=1), 1, hand=[0, 0, 1, 0])
    assert "draft b2" not in s.legal_actions() and "draft b2 to 11" in s.legal_actions()
    refused(s, "draft b2", "draft b2 to prep / draft b2 to N")


def test_incense_does_not_wrap_from_one_to_six() -> None:
    s = arrange_seat(opened(table(2), 3, "g1 b5", actor=1), 1, hand=[0, 0, 0, 1])
    s.apply("draft g1")
    assert [a for a in s.legal_actions() if a.startswith("incense")] == ["incense 2"]


# ------------------------------------------------------------- scoring phase
def test_token_sets_ascend_and_return_to_their_boards() -> None:
    s = end_turns(arrange_seat(table(2), 0, hand=[1, 1, 1, 1]))
    assert s.phase == "discard" and s.actor == 0
    assert s.legal_actions() == [
        "discard cmb",
        "discard cmi",
        "discard cbi",
        "discard mbi",
        "discard cmbi",
        "done",
    ]
    s.apply("discard cmbi")  # 4 different: 2 steps, landing on step 2
    assert s.steps[0] == 2 and s.hands[0] == [0, 0, 0, 0] and s.boards == [5, 5, 5, 5]
    assert s.phase == "land" and s.legal_actions() == ["square a", "square b", "square c", "square d"]
    s.apply("square c")  # step 2 square C is blank
    assert s.phase == "open" and s.starter == 1 and s.square[0] == 2


def test_three_tokens_ascend_one_step_and_done_ends_the_discards() -> None:
    s = end_turns(arrange_seat(table(2), 0, hand=[0, 2, 1, 1]))
    s.apply("discard mbi")
    s.apply("square b")  # step 1 square B: blank
    assert s.steps[0] == 1 and s.hands[0] == [0, 1, 0, 0] and s.phase == "open"


def test_token_bonus_and_a_full_hand() -> None:
    s = fill(table(2), 0, {10: "r6", 11: "b6", 12: "g5", 1: "y1"})  # Bread 18 > 16: 1 step
    s = end_turns(arrange_seat(s, 0, hand=[0, 2, 1, 1]))
    assert s.steps[0] == 1 and s.phase == "land"
    s.apply("square a")  # step 1 A: a Candle token, but the hand is full
    assert s.phase == "bonus" and s.legal_actions() == ["discard m", "discard b", "discard i", "skip"]
    s.apply("discard m")
    assert s.hands[0] == [1, 1, 1, 1] and s.boards[CANDLE] == 4 and s.boards[MARIGOLD] == 4
    assert s.phase == "discard"  # four different tokens: a set may be discarded
    s.apply("done")
    assert s.phase == "open"


def test_token_bonus_is_taken_when_there_is_room_and_none_when_the_board_is_empty() -> None:
    s = end_turns(fill(table(2), 0, {10: "r6", 11: "b6", 12: "g5", 1: "y1"}))
    s.apply("square c")  # step 1 C: a Marigold token
    assert s.hands[0] == [0, 1, 0, 0] and s.boards[MARIGOLD] == 4
    s = fill(table(2), 0, {10: "r6", 11: "b6", 12: "g5", 1: "y1"})
    # an empty Marigold board: its five tokens are in the hands (1 and 4)
    s = end_turns(arrange(s, boards=[5, 0, 5, 5], hands=[[0, 1, 0, 0], [0, 4, 0, 0]]))
    s.apply("square c")
    assert s.hands[0] == [0, 1, 0, 0] and s.phase == "open"


def test_calavera_bonus_turns_a_power_die_wild() -> None:
    s = arrange_seat(table(2), 0, steps=2, hand=[1, 1, 1, 0], prep="r5* g2")
    # Marigold (cells 1-4) complete and scored: cell 2's die is in a scored section only,
    # no target; cells 1 and 4 hold normal dice
    s = fill(s, 0, {8: "b2*", 1: "g1", 2: "y1*", 3: "yx", 4: "g6"})
    s = end_turns(arrange_seat(s, 0, scored=[int(i == MARIGOLD) for i in range(4)]))
    s.apply("discard cmb")  # 1 step: step 3
    s.apply("square a")  # step 3 A: Calavera
    assert s.phase == "bonus"
    assert s.legal_actions() == ["calavera r5*", "calavera 8", "skip"]
    s.apply("calavera 8")
    assert s.ofrenda[0][7] == D("bx") and s.phase == "open"


def test_set_a_face_bonus_changes_a_normal_prepared_die() -> None:
    s = end_turns(arrange_seat(table(2), 0, steps=1, hand=[1, 1, 1, 0], prep="r5* g2"))
    s.apply("discard cmb")  # step 2
    s.apply("square b")  # step 2 B: set a face
    assert s.legal_actions() == [f"face g2 {f}" for f in (1, 3, 4, 5, 6)] + ["skip"]
    s.apply("face g2 6")
    assert sorted(s.prep[0]) == sorted(dice("r5* g6"))


def test_bonus_without_a_target_is_lost_and_skip_declines() -> None:
    # no normal die for Set a face
    s = end_turns(arrange_seat(table(2), 0, steps=1, hand=[1, 1, 1, 0], prep="r5*"))
    s.apply("discard cmb")
    s.apply("square b")
    assert s.phase == "open" and any("no die for the Set a face bonus" in x for x in s.log()[-4:])
    s = end_turns(arrange_seat(table(2), 0, steps=1, hand=[1, 1, 1, 0], prep="g2"))
    s.apply("discard cmb")
    s.apply("square b")
    s.apply("skip")
    assert s.prep[0] == dice("g2")


def test_scoring_die_wraps_past_the_top_step() -> None:
    # 7 + 4 = 11 steps: landing step ((11 - 1) mod 9) + 1 = 2, the die shows 2 (C12)
    s = fill(arrange_seat(table(2), 0, steps=7), 0, {7: "r3", 8: "b3", 9: "g3", 10: "y3"})  # Candle: 4
    s = end_turns(s)
    assert s.steps[0] == 11
    s.apply("square d")  # step 2 D: Incense token
    v = s.view(0)["seats"][0]
    assert (v["die_face"], v["step"], v["square"]) == (2, 2, "d") and s.hands[0][INCENSE] == 1


def test_landing_on_the_top_step_takes_its_bonus_then_returns_to_the_foot() -> None:
    # 5 + 4 = 9: step 9, square A gives a Marigold token; the die then shows 2 at the foot
    s = end_turns(fill(arrange_seat(table(2), 0, steps=5), 0, {7: "r3", 8: "b3", 9: "g3", 10: "y3"}))
    s.apply("square a")
    v = s.view(0)["seats"][0]
    assert (v["steps"], v["die_face"], v["step"], v["square"]) == (9, 2, 0, None)
    assert s.hands[0][MARIGOLD] == 1


def test_two_sections_completed_by_one_die_score_in_the_owners_order() -> None:
    s = fill(opened(table(2), 2, "r2 b5"), 0, {2: "g1", 3: "g1", 4: "g1", 10: "y1", 11: "y1", 12: "y1"})
    s.apply("draft r2 to 1")  # completes Marigold (1-4) and Bread (10-12, 1)
    s.apply("pay r* on 1")
    s.apply("take")  # Player 2
    assert s.phase == "score" and s.legal_actions() == ["score marigold", "score bread"]
    s.apply("score bread")  # y1 y1 y1 r2: total 5, colours mixed -> 0 steps, no landing
    # then Marigold, the last one, without a choice: r2 g1 g1 g1 -> nothing either
    scored = [x for x in s.log() if "scores the" in x]
    assert scored == [
        "Player 1 scores the Bread section (y1 y1 y1 r2): 0 steps.",
        "Player 1 scores the Marigold section (r2 g1 g1 g1): 0 steps.",
    ]
    assert s.scored[0] == [0, 1, 1, 0] and s.phase == "open" and s.starter == 1


def test_caskets_move_along_only_after_a_round_in_which_something_scored() -> None:
    # Player 2 ends each round paying b onto casket 1 for a die drafted from casket 4
    s = last_payment(table(2))
    before_inside = [[kind_die(kind_of(d)) for d in x] for x in s.inside]  # closed: faceless
    s.apply("pay b on 1")
    assert s.inside == before_inside
    s = casket(table(2), 2, lid="r*")
    # Player 2's Candle: 0 steps, still scored
    s = last_payment(fill(s, 1, {7: "r1", 8: "b6", 9: "g2", 10: "y4"}))
    before_inside = [[kind_die(kind_of(d)) for d in x] for x in s.inside]
    before_lid = [list(x) for x in s.lid]
    before_lid[0].append(D("b"))
    s.apply("pay b on 1")
    assert s.scored[1][CANDLE] == 1
    assert s.inside == [before_inside[3], *before_inside[:3]]
    assert s.lid == [before_lid[3], *before_lid[:3]]


# ----------------------------------------------------------------------- the end
def test_game_ends_after_the_round_a_player_completes_the_ofrenda() -> None:
    s = fill(opened(table(2), 3, "r2 b5"), 0, {c: "p1" for c in range(1, 13) if c != 12})
    s.apply("draft r2 to 12")
    s.apply("pay r* on 1")
    assert not s.over and s.actor == 1  # the round is played out
    s.apply("draft b5 to prep")
    s.apply("pay b on 1")
    while s.phase in ("land", "bonus", "discard", "score"):
        s.apply(s.legal_actions()[-1])
    assert s.over and "completed the ofrenda" in s.status()
    assert s.to_move is None and s.legal_actions() == []


def test_winner_most_steps_then_most_tokens_then_shared() -> None:
    s = arrange(table(3), phase="over", steps=[10, 12, 12], hands=[[1, 1, 1, 1], [1, 0, 0, 0], [0, 1, 1, 0]])
    assert s.winners() == [2] and s.scores() == [10.0, 12.0, 12.0]
    s = arrange_seat(s, 1, hand=[2, 0, 0, 0])
    assert s.winners() == [1, 2]


def test_five_players_end_after_three_sections() -> None:
    # Marigold 1-4, Incense 4-7, Candle 7-10 complete: 10 cells
    s = fill(table(5), 2, {c: "g1" for c in range(1, 11)})
    s = end_turns(arrange_seat(s, 2, scored=[1, 1, 0, 1]))
    assert s.over and "Player 3 completed 3 sections" in s.end
    s4 = fill(table(4), 2, {c: "g1" for c in range(1, 11)})
    s4 = end_turns(arrange_seat(s4, 2, scored=[1, 1, 0, 1]))
    assert not s4.over


def test_the_game_ends_early_only_when_no_die_can_ever_be_placed() -> None:
    """RULES: "If a player has completed all sections on their ofrenda, the game is now over"
    is the only end; a game the rules can no longer finish, because no player can ever
    place another die, ends with that said (A-DD26). No die in or on any casket and none on
    a preparation board: nothing can reach an ofrenda again (a casket gains dice only as the
    payment of a draft, from a casket)."""
    empty = [[], [], [], []]
    s = arrange(opened(table(2), 1, "", actor=1), inside=empty, lid=empty)
    assert s.legal_actions() == ["take"]
    s.apply("take")
    assert s.over and s.end == "no player can ever place another die: the game cannot be finished"
    assert "Game over: no player can ever place another die: the game cannot be finished." in s.log(None)[-1]
    # one prepared die is enough to go on: an empty casket may be opened, the die moved there
    t = arrange_seat(arrange(opened(table(2), 1, "", actor=1), inside=empty, lid=empty), 0, prep="g4")
    t.apply("take")
    assert not t.over and t.starter == 1 and "open 2" in t.legal_actions()
    t.apply("open 2")
    t.apply("pass")
    t.apply("move g4 to 2")
    assert t.ofrenda[0][1] == D("g4")
    # so is one die on a lid: the next starter drafts it
    u = arrange(opened(table(2), 1, "", actor=1), inside=empty, lid=[[], [], [D("b")], []])
    u.apply("take")
    assert not u.over and [a for a in u.legal_actions() if a.startswith("open")] == ["open 3"]


def idle_round(s: DieOfTheDeadState) -> None:
    """A round in which no die reaches an ofrenda: the starter opens casket 1 (Candle) and
    passes, the other player takes a Candle token while one is left, else passes."""
    s.apply("open 1")
    s.apply("pass")
    s.apply("take" if "take" in s.legal_actions() else "pass")
    assert s.phase == "open", s.status()


def test_a_game_the_old_safety_stop_ended_goes_on_to_its_end() -> None:
    """RULES: "If a player has completed all sections on their ofrenda, the game is now
    over". The safety stop (no die on any ofrenda for 3 rotations of the Round Starter
    marker, 6 rounds with 2 players) is no rule: it ended this game one round before
    Player 1, holding a Candle token, could finish it. Both ofrendas miss cell 2 only
    (Marigold), both preparation boards are full, the Marigold casket (2) is empty: nobody
    can draft, and in six rounds nobody places a die. In the seventh Player 1 plays the
    Candle ("Swap the position of two caskets"), opens the Marigold casket and completes."""
    board = {c: "rbgyp"[c % 5] + "1" for c in range(1, 13) if c != 2}
    s = casket(table(2), 2, inside="", lid="")
    s = fill(fill(s, 0, board), 1, board)
    s = arrange_seat(s, 0, prep="r2 b2 g2", hand=[1, 0, 0, 0], scored=[1, 0, 1, 1])
    s = arrange_seat(s, 1, prep="y2 p2 r3", scored=[1, 0, 1, 1])  # Candle, Bread, Incense
    for _ in range(6):
        idle_round(s)
    assert not s.over and s.round == 7 and s.starter == 0
    s.apply("candle 1 2")
    s.apply("open 2")
    s.apply(next(a for a in s.legal_actions() if a.endswith(" to 2")))
    while not s.over:
        s.apply(s.legal_actions()[0])
    assert s.end.startswith("Player 1") and "completed the ofrenda" in s.end


# -------------------------------------------------------------------------- solo
def solo() -> DieOfTheDeadState:
    return table(1)


def test_solo_starter_may_take_a_token_at_no_cost() -> None:
    s = opened(solo(), 3, "r2 b5")
    legal = s.legal_actions()
    assert "take" in legal and "draft r2 to prep" in legal and "ascend" not in legal
    city = list(s.city)
    s.apply("take")
    assert s.hands[0] == [0, 0, 1, 0] and s.boards[BREAD] == 0 and s.city == city


def test_solo_move_costs_a_city_die_unless_through_the_marigold_token() -> None:
    s = arrange_seat(opened(solo(), 3, "r2 b5"), 0, prep="g4")
    s.apply("move g4 to 11")
    assert s.phase == "remove" and s.legal_actions() == [f"remove {c}" for c in "rbgyp"]
    s.apply("remove y")
    assert s.city[Y_N] == 2 and s.removed[Y_N] == 9 + 1
    s = arrange_seat(opened(solo(), 3, "r2 b5"), 0, prep="g4", hand=[0, 1, 0, 0])
    city = list(s.city)
    s.apply("marigold g4 to 11")
    assert s.city == city and s.spent == 1 and s.boards[MARIGOLD] == 0  # token out of the game
    assert s.phase == "open"


def test_solo_draft_pays_with_a_city_die() -> None:
    s = opened(solo(), 3, "r2 b5")
    s.apply("draft b5 to prep")
    assert "pay g on 1" in s.legal_actions() and not any("*" in a for a in s.legal_actions())
    s.apply("pay g on 1")
    assert s.city[G_N] == 2 and s.lid[0] == dice("g")


def test_solo_tokens_leave_the_game_when_used_or_discarded() -> None:
    s = end_turns(arrange(solo(), hands=[[1, 1, 1, 0]], boards=[0, 0, 0, 1]))
    s.apply("discard cmb")
    s.apply("square b")
    assert s.boards == [0, 0, 0, 1] and s.spent == 3 and s.census()["tokens"] == 4


@pytest.mark.parametrize(
    ("steps", "rating", "said", "dicho"),
    [
        (18, "a perfect score", "You ascended 18 steps", "Subiste 18 escalones"),
        (12, "a good score", "You ascended 12 steps", "Subiste 12 escalones"),
        (11, "below a good score", "You ascended 11 steps", "Subiste 11 escalones"),
        (1, "below a good score", "You ascended 1 step:", "Subiste 1 escalón:"),  # was "1 steps"
    ],
)
def test_solo_ends_when_the_city_is_empty_with_its_rating(
    steps: int, rating: str, said: str, dicho: str
) -> None:
    s = arrange(opened(solo(), 3, "r2 b5"), city=[int(k == B_N) for k in range(10)], steps=[steps])
    s.apply("draft r2 to prep")
    s.apply("pay b on 1")
    assert s.over and s.end == "the City of the Dead is empty"
    assert rating in s.status() and s.view(0)["rating"] == rating
    assert rating in s.log()[-1] and said in s.log()[-1]
    assert dicho in translate(s.log()[-1], "es", "die-of-the-dead")
    assert s.winners() == [0]


# ----------------------------------------------------------------- exclusive squares
def test_exclusive_squares_hide_squares_held_by_other_scoring_dice() -> None:
    s = arrange_seat(table(2, exclusive_squares=True), 1, steps=1, square=0)  # Player 2: step 1, square A
    s = end_turns(arrange_seat(s, 0, hand=[1, 1, 1, 0]))
    s.apply("discard cmb")
    assert s.legal_actions() == ["square b", "square c", "square d"]
    refused(s, "square a", "square is taken")
    s2 = arrange_seat(table(2), 1, steps=1, square=0)
    s2 = end_turns(arrange_seat(s2, 0, hand=[1, 1, 1, 0]))
    s2.apply("discard cmb")
    assert "square a" in s2.legal_actions()  # default: squares are shared


# ----------------------------------------------------------------------- bad input
def test_illegal_actions_name_the_rule_and_change_nothing() -> None:
    s = table(2)
    refused(s, "draft r5", "first opens a casket")
    refused(s, "open 9", "1 to 4")
    s = opened(table(2), 3, "r2 b5")
    refused(s, "draft g6", "holds no g6")
    refused(s, "draft r2 to 3", "empty Bread space")
    refused(s, "pay r* on 1", "time for your action")
    s = arrange_seat(s, 0, hand=[0, 0, 0, 1])
    refused(s, "draft r2 to 11", "draft r2 alone first")
    s.apply("draft r2")
    refused(s, "place 3", "empty Bread space")
    s = arrange_seat(s, 0, prep="y1 y2 y3")
    refused(s, "place prep", "preparation board is full")
    s = arrange_seat(s, 0, prep="")
    refused(s, "bread 5", "no Bread token")
    s = fill(s, 0, {11: "g1"})
    refused(s, "place 11", "already filled")
    refused(s, "pay r* on 1", "place it")
    refused(s, "", "an action is needed")
    refused(s, "💀", "place it")


def test_calavera_bonus_may_change_a_section_completed_but_not_yet_scored() -> None:
    """A-DD7. Bread 10-12,1 = r6 b6 g5 y1: 18 > 16 -> 1 step: 2 + 1 = 3, step 3 square A is
    Calavera. Marigold 1-4 = y1 b5* y3 b4: alternating, 3-4 consecutive -> 2; with b5* wild
    it is 1-2-3-4 -> 2 + 1 + 1 = 4, so 3 + 4 = 7 (instead of 3 + 2 = 5)."""
    s = arrange_seat(table(2), 0, steps=2)
    s = end_turns(fill(s, 0, {10: "r6", 11: "b6", 12: "g5", 1: "y1", 2: "b5*", 3: "y3", 4: "b4"}))
    assert s.legal_actions() == ["score marigold", "score bread"]
    s.apply("score bread")
    s.apply("square a")
    assert s.legal_actions() == ["calavera 2", "skip"]
    s.apply("calavera 2")
    assert s.steps[0] == 7 and s.scored[0] == [0, 1, 1, 0]


def test_scoring_begins_with_the_round_starter() -> None:
    s = arrange(table(2), starter=1, actor=1)
    s = fill(s, 0, {7: "r3", 8: "b3", 9: "g3", 10: "y3"})
    s = end_turns(fill(s, 1, {7: "r3", 8: "b3", 9: "g3", 10: "y3"}))  # Player 1 acts last
    assert s.phase == "land" and s.actor == 1 and s.steps == [0, 4]
    s.apply("square a")
    assert s.phase == "land" and s.actor == 0 and s.steps == [4, 4]


def test_a_tampered_state_is_refused() -> None:
    from muertos.engine import CorruptState

    s = table(2)
    d = s.to_json()
    d["data"]["city"][1] = 4  # a fourth red power die
    with pytest.raises(CorruptState, match="there must be 3 r\\* dice, found 4"):
        GAME.from_json(d)
    d = s.to_json()
    d["data"]["phase"] = "dance"
    with pytest.raises(CorruptState, match="unknown phase"):
        GAME.from_json(d)
    d = s.to_json()
    d["data"]["scored_steps"][1][2] = 3  # steps from a Bread section that never scored
    with pytest.raises(CorruptState, match="player 2: a section gives 0 to 4 steps, once scored"):
        GAME.from_json(d)
    d = s.to_json()
    d["data"]["scored"][0][2] = 1
    d["data"]["scored_steps"][0][2] = 4  # four steps the player never climbed
    with pytest.raises(CorruptState, match="player 1 has climbed fewer steps than its scored sections gave"):
        GAME.from_json(d)
