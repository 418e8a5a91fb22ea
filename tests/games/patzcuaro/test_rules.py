"""Hand-built positions for every space condition, action, the flip and the end.

Track indices with 4 shop tiles (3 and 4 players): 0 Plaza (P.top), 1–4 the shops' top
spaces left to right, 5–8 their bottom spaces right to left, 9 Cemetery (P.bottom).
With faces A (tiles T1A T2A T3A T4A):
  1 has:bread → altar           5 exact:2 → altar
  2 has:marigold → draw → →     6 exact:3 → altar
  3 has:toy → reveal ↓ → draw   7 diff_top → altar
  4 has:liquor → draw → ←       8 exact:1 → draw → reveal ↑
With faces B (T1B T2B T3B T4B):
  1 has:sweet → altar           5 any → draw → others draw
  2 has:candle → altar → others 6 purple|yellow → draw → reveal →
  3 has:portrait → altar        7 not:candle → reveal ↑
  4 has:sugar_skull → altar     8 pink + green → draw
Cards used (colour [objects]): 1 pink [candle]; 2 green [candle]; 3 purple [candle×2];
4 yellow [candle, skull]; 5 pink [candle×3]; 6 green [candle×2, sweet]; 8 yellow [skull];
9 pink [skull]; 10 green [skull×2]; 11 purple [skull, marigold]; 22 green [sweet];
30 green [portrait]; 31 purple [portrait×2]; 36 yellow [toy]; 43 purple [liquor];
44 yellow [liquor]; 50 green [bread]; 52 yellow [bread×2]; 54 green [bread×3].
"""

from __future__ import annotations

import random

import pytest

from muertos.engine import CorruptState, IllegalAction, InvalidOptions
from muertos.games.patzcuaro import GAME, scoring
from muertos.games.patzcuaro.rules import START, _reveal_targets

from .build import position

A = ("T1A", "T2A", "T3A", "T4A")
B = ("T1B", "T2B", "T3B", "T4B")


def refuse(s, action: str, words: str) -> None:  # type: ignore[no-untyped-def]
    """``action`` raises IllegalAction naming the rule (``words``) and changes nothing."""
    before = s.to_json()
    with pytest.raises(IllegalAction) as e:
        s.apply(action)
    assert words in e.value.rule, e.value.rule
    assert s.to_json() == before


# ------------------------------------------------------------------------ setup
@pytest.mark.parametrize(("players", "track", "deck"), [(2, 8, 39), (3, 10, 31), (4, 10, 25)])
def test_setup_by_player_count(players: int, track: int, deck: int) -> None:
    for seed in range(5):
        s = GAME.new(players, seed)
        assert sorted(t[:2] for t in s.tiles) == ["T1", "T2", "T3", "T4"]
        assert len(s.stacks) == track  # 2 + 2 per shop tile; 2 players put the last tile back
        assert [len(st) for st in s.stacks] == [0] + [1] * (track - 2) + [0]
        assert [len(h) for h in s.hands] == [6] * players
        # 57 − 6 per player − 1 per shop space.
        assert len(s.deck) == deck
        assert [o[:2] for o in s.objectives] == ["O1", "O2", "O3"]
        assert s.pos == [START] * players and s.flipped == [False] * players
        assert s.to_move == 0 and s.legal_actions() == ["move 1", "move 2", "move 3"]
        v = s.view(None)
        assert v["removed_tile"] == (s.tiles[3] if players == 2 else None)
        assert len(v["tiles"]) == (3 if players == 2 else 4)
    faces = {t[-1] for seed in range(10) for t in GAME.new(players, seed).tiles}
    assert faces == {"A", "B"}  # both faces of the tiles come up


def test_options_and_player_counts_refused() -> None:
    with pytest.raises(InvalidOptions):
        GAME.new(1, 0)
    with pytest.raises(InvalidOptions):
        GAME.new(5, 0)
    with pytest.raises(InvalidOptions):
        GAME.new(2, 0, {"language": "fr"})
    es = GAME.new(2, 0, {"language": "es"})
    assert any("Panadería" in x or "Dulcería" in x or "Florería" in x for x in es.log(None))


# --------------------------------------------------------------------- movement
def test_moving_skips_spaces_with_tokens() -> None:
    s = position(4, tiles=A, hands=[[1], [2], [3], [4]], pos=[1, 2, 4, START])
    # From 1: space 2 is taken and not counted → 3; then 4 is taken → 5, 6.
    assert [s.destination(0, k) for k in (1, 2, 3)] == [3, 5, 6]
    # From the start area (just after P.top): 1 and 2 are taken → 3, 5, 6.
    assert [s.destination(3, k) for k in (1, 2, 3)] == [3, 5, 6]
    # Tokens in the start area block nothing; the loop wraps from the Cemetery to the Plaza.
    s = position(2, tiles=A, hands=[[1], [2]], pos=[7, START])
    assert [s.destination(0, k) for k in (1, 2, 3)] == [0, 1, 2]
    s.apply("move 1")
    assert s.pos == [0, START]


def test_reveal_arrows_point_at_shop_spaces_only() -> None:
    four = _reveal_targets(4)
    assert four[1] == {"up": -1, "down": 8, "left": -1, "right": 2}  # left of T1 is Pátzcuaro
    assert four[4]["right"] == -1 and four[5]["up"] == 4 and four[6]["right"] == 5
    three = _reveal_targets(3)
    assert three[4]["right"] == -1  # the removed fourth tile takes no card


# ------------------------------------------------------------------------ trades
def test_trade_has_object_then_altar() -> None:
    s = position(2, tiles=A, hands=[[1, 50, 52], [2]], stacks={1: [8]})
    s.apply("move 1")
    assert s.legal_actions() == ["trade 50", "trade 52", "flip"]
    refuse(s, "trade 1", "does not meet the condition")
    refuse(s, "take", "reveal at least one card")
    s.apply("trade 50")
    assert s.legal_actions() == ["trade 52", "take"]  # one card or more; no flip once begun
    refuse(s, "flip", "before doing any")
    s.apply("take")
    assert s.stacks[1] == [50]  # the revealed card stays; the shop keeps a card
    assert s.hands[0] == [1, 8, 52] and s.known[0] == [8]
    assert s.view(1)["known"][0] == [8]  # taken in view of all
    assert "altar 8 1a" in s.legal_actions() and "altar 8 2a" not in s.legal_actions()
    s.apply("altar 8 1b")
    assert s.altars[0][1] == 8 and s.known[0] == []
    assert s.to_move == 1 and s.phase == "move"


def test_trade_several_cards_last_is_top_then_take() -> None:
    s = position(2, tiles=A, hands=[[50, 52, 54], [2]], stacks={1: [8, 9]})
    s.apply("move 1")
    s.apply("trade 52")
    s.apply("trade 50")
    s.apply("take")
    assert s.stacks[1] == [52, 50]  # 50, revealed last, is the top card
    assert s.hands[0] == [8, 9, 54]
    # Revealing the last matching card leaves only the take, still the player's to play.
    s = position(2, tiles=A, hands=[[50, 52], [2]], stacks={1: [8]})
    s.apply("move 1")
    s.apply("trade 50")
    s.apply("trade 52")
    assert s.legal_actions() == ["take"] and s.stacks[1] == [8] and s.step == 0
    s.apply("take")
    assert s.stacks[1] == [50, 52] and s.hands[0] == [8] and s.step == 1


def test_two_icons_pink_and_green_the_rulebook_space() -> None:
    # The rulebook's example: reveal a pink and a green card, take the others, draw 1.
    s = position(
        4, tiles=B, hands=[[1, 2, 3, 9], [], [], []], stacks={8: [36]}, deck=[40], pos=[7, -1, -1, -1]
    )
    s.apply("move 1")
    assert s.pos[0] == 8
    assert s.legal_actions() == ["trade 1", "trade 2", "trade 9", "flip"]  # not 3 (purple)
    s.apply("trade 9")
    assert s.legal_actions() == ["trade 2"]  # pink is filled: only a green card may follow
    refuse(s, "trade 1", "cannot fill an icon still open")
    refuse(s, "take", "one card for each icon")
    s.apply("trade 2")
    assert s.stacks[8] == [9, 2]
    assert s.hands[0] == [1, 3, 36, 40]  # took 36, then drew 40
    assert s.to_move == 1


def test_diff_top_compares_with_the_top_card_before_the_trade() -> None:
    # Space 7 (faces A) holds #5 pink under #22 green: cards must not be green.
    s = position(2 + 1, tiles=A, hands=[[2, 3, 8], [], []], stacks={7: [5, 22]}, pos=[6, -1, -1])
    s.apply("move 1")
    assert s.legal_actions() == ["trade 3", "trade 8", "flip"]
    refuse(s, "trade 2", "does not meet the condition")
    s.apply("trade 3")
    assert s.legal_actions() == ["trade 8", "take"]
    s.apply("trade 8")  # still compared with #22 green, not with #3 purple
    s.apply("take")
    assert s.stacks[7] == [3, 8] and s.hands[0] == [2, 5, 22]
    assert len(s.legal_actions()) == 3 * 4  # 3 cards × base slots 1a–1d


def test_not_object_then_reveal_up() -> None:
    s = position(4, tiles=B, hands=[[1, 6, 22]], stacks={7: [30], 2: [44]}, deck=[40], pos=[6, -1, -1, -1])
    s.apply("move 1")
    assert s.legal_actions() == ["trade 22", "flip"]  # #1 and #6 show a candle
    s.apply("trade 22")
    s.apply("take")
    assert s.stacks[7] == [22] and s.hands[0] == [1, 6, 30]
    assert s.stacks[2] == [44, 40]  # the arrow points up: T2B's top space
    assert s.to_move == 1


@pytest.mark.parametrize(("at", "legal"), [(8, ["trade 1", "trade 2"]), (6, ["trade 5"]), (5, ["trade 3"])])
def test_exact_number_of_objects(at: int, legal: list[str]) -> None:
    # #1 and #2 show 1 object, #3 2, #5 3.
    s = position(2 + 1, tiles=A, hands=[[1, 2, 3, 5]], pos=[at - 1, -1, -1])
    s.apply("move 1")
    assert s.legal_actions() == [*legal, "flip"]


def test_exact_one_then_draw_then_reveal_up() -> None:
    s = position(3, tiles=A, hands=[[1, 2, 3]], stacks={8: [30], 1: [31]}, deck=[40, 41], pos=[7, -1, -1])
    s.apply("move 1")
    s.apply("trade 1")
    s.apply("take")
    assert s.stacks[8] == [1] and s.hands[0] == [2, 3, 30, 40]
    assert s.stacks[1] == [31, 41]


def test_choice_purple_or_yellow_then_draw_then_reveal_right() -> None:
    s = position(4, tiles=B, hands=[[1, 3, 4]], stacks={6: [30], 5: [31]}, deck=[40, 41], pos=[5, -1, -1, -1])
    s.apply("move 1")
    assert s.legal_actions() == ["trade 3", "trade 4", "flip"]
    s.apply("trade 3")
    assert s.legal_actions() == ["trade 4", "take"]
    s.apply("take")
    assert s.hands[0] == [1, 4, 30, 40]
    assert s.stacks[5] == [31, 41]  # right of T3B's bottom: T4B's bottom


def test_reveal_toward_a_removed_tile_does_nothing() -> None:
    # 2 players: T3B is the last tile; its bottom space (index 4) points right at nothing.
    s = position(2, tiles=B, hands=[[3], [2]], stacks={4: [30]}, deck=[40, 41], pos=[3, START])
    stacks = [list(x) for x in s.stacks]
    s.apply("move 1")
    s.apply("trade 3")
    s.apply("take")
    assert s.hands[0] == [30, 40]
    assert s.deck[-1] == 41  # drew 40, revealed nothing
    assert [x for i, x in enumerate(s.stacks) if i != 4] == [x for i, x in enumerate(stacks) if i != 4]


def test_reveal_toward_the_patzcuaro_tile_does_nothing() -> None:
    # T4A first in the row: its top space draws, then its arrow points left at Pátzcuaro.
    s = position(2, tiles=("T4A", "T1A", "T2A", "T3A"), hands=[[43], [2]], stacks={1: [30]}, deck=[40, 41])
    s.apply("move 1")
    s.apply("trade 43")
    s.apply("take")
    assert s.hands[0] == [30, 40] and s.deck[-1] == 41
    assert s.stacks[0] == [] and s.stacks[7] == []


def test_reveal_down_then_draw() -> None:
    s = position(3, tiles=A, hands=[[36]], stacks={3: [30], 6: [31]}, deck=[40, 41], pos=[2, -1, -1])
    s.apply("move 1")
    s.apply("trade 36")
    s.apply("take")
    assert s.stacks[6] == [31, 40] and s.hands[0] == [30, 41]


def test_any_card_then_draw_then_others_draw_in_turn_order() -> None:
    s = position(3, tiles=B, hands=[[1], [2], [3]], stacks={5: [30]}, deck=[40, 41, 42, 43], pos=[4, -1, -1])
    s.apply("move 1")
    assert s.legal_actions() == ["trade 1", "flip"]
    s.apply("trade 1")
    s.apply("take")
    assert s.hands == [[30, 40], [2, 41], [3, 42]]
    assert s.deck[-1] == 43 and s.to_move == 1
    log = s.log(2)
    assert "Player 2 draws 1 card." in log and any("Player 3 draws #42" in x for x in log)


def test_candle_shop_altar_then_others_draw() -> None:
    s = position(3, tiles=B, hands=[[1, 9], [2], [3]], stacks={2: [30]}, deck=[40, 41], pos=[1, -1, -1])
    s.apply("move 1")
    s.apply("trade 1")
    s.apply("take")
    s.apply("altar 30 1a")
    assert s.altars[0][0] == 30 and s.hands == [[9], [2, 40], [3, 41]]


# ------------------------------------------------------------------------- altar
def test_altar_slots_need_two_cards_below() -> None:
    # The rulebook's picture: 3 base cards and one on the second level. A 4th base card and
    # a second-level card over 1b+1c are legal; nothing over 1c+1d, nor on top, yet.
    s = position(2, tiles=A, hands=[[10, 11], [2]], altars={0: [1, 3, 5, 0, 9]}, pos=[6, START])
    assert [s.open_slots(0)] == [[3, 5]]
    s.apply("move 1")  # the Cemetery: altar, then altar
    assert s.legal_actions() == ["altar 10 1d", "altar 10 2b", "altar 11 1d", "altar 11 2b", "flip"]
    refuse(s, "altar 10 3a", "must rest on two cards below it (2a, 2b)")
    refuse(s, "altar 10 2c", "must rest on two cards below it (1c, 1d)")
    refuse(s, "altar 10 1a", "already holds card #1")
    refuse(s, "altar 12 1d", "not in your hand")
    refuse(s, "altar 10 9z", "altar slots are 1a–1d")
    s.apply("altar 10 1d")
    assert s.legal_actions() == ["altar 11 2b", "altar 11 2c"]
    s.apply("altar 11 2c")
    assert s.altars[0] == [1, 3, 5, 10, 9, 0, 11, 0, 0] and s.to_move == 1


def test_plaza_altar_then_draw() -> None:
    s = position(2, tiles=A, hands=[[10], [2]], deck=[40], pos=[7, START])
    s.apply("move 1")
    assert s.pos[0] == 0
    s.apply("altar 10 1a")
    assert s.hands[0] == [40] and s.to_move == 1


# -------------------------------------------------------------------------- flip
def test_a_space_that_cannot_be_completed_forces_the_flip() -> None:
    s = position(2, tiles=A, hands=[[1, 2], [3]], deck=[40, 41])
    s.apply("move 1")  # has:bread, and no bread in hand
    assert s.legal_actions() == ["flip"]
    refuse(s, "trade 1", "flip your player card instead")
    s.apply("flip")
    assert s.flipped == [True, False] and s.hands[0] == [1, 2, 40, 41]
    assert s.to_move == 1
    assert s.scores()[0] == -5  # empty altar, no objective points, −5
    # The Cemetery needs two cards for its two altar actions.
    s = position(2, tiles=A, hands=[[1], [3]], pos=[6, START])
    s.apply("move 1")
    assert s.legal_actions() == ["flip"]


def test_the_flip_is_a_choice_once_a_game_before_the_actions() -> None:
    s = position(2, tiles=A, hands=[[50], [3]], deck=[40, 41])
    s.apply("move 1")
    assert s.legal_actions() == ["trade 50", "flip"]
    s.apply("flip")  # declined a space it could do
    assert s.hands[0] == [40, 41, 50]
    t = position(2, tiles=A, hands=[[50], [3]], flipped=[True, False])
    t.apply("move 1")
    assert t.legal_actions() == ["trade 50"]
    refuse(t, "flip", "once per game")
    refuse(t, "move 1", "you have moved already")


def test_after_flipping_only_spaces_you_can_complete() -> None:
    # Flipped, holding only #36 toy: 1 has:bread and 2 has:marigold are out, 3 has:toy is fine.
    s = position(4, tiles=A, hands=[[36]], flipped=[True, False, False, False])
    assert s.legal_actions() == ["move 3"]
    refuse(s, "move 1", "only end on a space whose actions you can complete")
    refuse(s, "move 4", "1, 2 or 3 spaces")


def test_after_flipping_with_no_completable_space_draw_one() -> None:
    s = position(4, tiles=A, hands=[[22]], deck=[40, 41], flipped=[True, False, False, False])
    assert s.legal_actions() == ["move 1", "move 2", "move 3"]
    s.apply("move 2")
    assert s.pos[0] == 2 and s.hands[0] == [22, 40] and s.to_move == 1
    assert any("draws 1 instead" in x for x in s.log(None))


# --------------------------------------------------------------------------- end
EXAMPLE = [1, 5, 12, 47, 24, 26, 52, 31, 33]


def test_completing_the_altar_rebuilds_the_69_point_example() -> None:
    eight = [*EXAMPLE[:8], 0]
    s = position(
        3,
        tiles=A,
        hands=[[33], [41, 2], []],
        altars={0: eight},
        pos=[8, -1, -1],
        objectives=("O1-1", "O2-A3", "O3-1"),
    )
    s.apply("move 1")  # the Cemetery: altar, altar; one card is enough for the last slot
    assert s.legal_actions() == ["altar 33 3b", "flip"]
    s.apply("altar 33 3b")
    assert s.altars[0] == EXAMPLE
    # The altar is complete: the second altar icon is skipped, the end is triggered, and only
    # the other players with cards add a last one (Player 3 has none).
    assert s.phase == "last" and s.final == [1] and s.to_move == 1
    refuse(s, "move 1", "the game is ending")
    assert s.legal_actions()[-1] == "pass" and "altar 41 1a" in s.legal_actions()
    s.apply("altar 41 1a")
    assert s.over
    # Player 1: 15 + 14 + 10 + 20 + 6 + 4 = 69. Player 2: #41 pink [toy×2, candle]: base 3,
    # pink + candle on the base 4 → 7. Player 3: 0.
    assert s.scores() == [69.0, 7.0, 0.0]
    assert s.winners() == [0]
    assert scoring.objects_on(s.altars[0]) == 22


def test_the_deck_running_out_ends_the_game() -> None:
    s = position(2, tiles=A, hands=[[10], [11]], deck=[40], pos=[7, START], rest_to=3)
    assert len(s.deck) == 1
    s.apply("move 1")  # the Plaza: altar, then draw the last card
    s.apply("altar 10 1a")
    assert s.deck == [] and s.phase == "last" and s.final == [1]
    assert any("empties the deck" in x for x in s.log(None))
    s.apply("pass")
    assert s.over and s.altars[1] == [0] * 9


def test_stats_name_the_trigger_not_the_final_altars() -> None:
    """ "En el turno que cualquier jugador coloque la última Carta de su altar o agote el mazo
    de Cartas de altar, se resuelve el final de la partida. El resto de jugadores puede
    agregar 1 Carta de altar de su mano a su altar": the deck ends this game; Player 2's last
    card then completes an altar, which does not make it an altar ending."""
    s = position(
        2,
        tiles=A,
        hands=[[10], [11]],
        deck=[40],
        altars={1: [12, 13, 14, 15, 16, 17, 18, 19]},
        pos=[7, START],
        rest_to=3,
    )
    s.apply("move 1")  # the Plaza: altar, then draw the last card
    s.apply("altar 10 1a")
    assert s.ended_by == "deck" and s.phase == "last"
    s.apply("altar 11 3b")
    assert s.over and all(s.altars[1])
    assert scoring.stats(s)["end"] == "deck"


def test_stats_name_an_altar_ending() -> None:
    """The turn's own altar completed: the end is the altar's, though cards remain."""
    s = position(
        2,
        tiles=A,
        hands=[[10], [11]],
        deck=[40, 41],
        altars={0: [12, 13, 14, 15, 16, 17, 18, 19]},
        pos=[7, START],
        rest_to=3,
    )
    s.apply("move 1")  # the Plaza: altar, then draw; card 10 completes the top (3b)
    s.apply("altar 10 3b")
    assert s.ended_by == "altar" and s.deck
    s.apply("pass")  # Player 2 adds no last card
    assert s.over and scoring.stats(s)["end"] == "altar"


def test_others_draw_stops_when_the_deck_runs_out() -> None:
    s = position(
        3, tiles=B, hands=[[1], [2], [3]], stacks={5: [30]}, deck=[40, 41], pos=[4, -1, -1], rest_to=1
    )
    s.apply("move 1")
    s.apply("trade 1")
    s.apply("take")
    assert s.hands == [[30, 40], [2, 41], [3]]  # Player 3 gets nothing
    assert s.phase == "last" and s.final == [1, 2]
    s.apply("altar 2 1a")
    s.apply("pass")
    assert s.over and s.altars[1][0] == 2


def test_a_flip_can_empty_the_deck() -> None:
    s = position(2, tiles=A, hands=[[1], []], deck=[40], rest_to=3)
    s.apply("move 1")
    s.apply("flip")
    assert s.hands[0] == [1, 40]
    assert s.over  # Player 2 has no card to add


def test_bad_input_is_refused_with_the_rule() -> None:
    s = position(2, tiles=A, hands=[[50], [3]])
    refuse(s, "trade 50", "first move your token")
    refuse(s, "pass", "pass only declines")
    refuse(s, "move 0", "1, 2 or 3 spaces")
    s.apply("move 1")
    refuse(s, "trade", "trade names one card")
    refuse(s, "trade #50", "trade names one card")
    refuse(s, "trade 3", "not in your hand")
    refuse(s, "altar 50 1a", "next action is a trade")
    s.apply("trade 50")
    refuse(s, "altar 50 1a", "next action is a trade")  # revealed: the take is still to come
    s.apply("take")
    refuse(s, "trade 3", "next action is the altar")


# ------------------------------------------------------------------ information
def test_determinize_keeps_known_cards_and_what_a_flipped_player_must_hold() -> None:
    # Flipped Player 1 stands on the toy shop (has:toy). Every toy card but #36 is in view on
    # the shops, so however the hidden cards are redrawn, #36 must stay in Player 1's hand.
    s = position(
        3,
        tiles=A,
        hands=[[1, 2, 9, 36, 44], [3, 4, 5], [6]],
        stacks={1: [7, 20], 2: [32, 35], 4: [37, 38], 5: [39, 40], 6: [41, 42], 3: [30]},
        known=[[44], [], []],
        flipped=[True, False, False],
        pos=[2, -1, -1],
    )
    s.apply("move 1")
    assert s.legal_actions() == ["trade 36"]
    rnd = random.Random(5)
    moved = 0
    for seat in (None, 1, 2):
        for _ in range(40):
            d = s.determinize(seat, rnd)
            assert 36 in d.hands[0] and 44 in d.hands[0]
            assert d.legal_actions() == ["trade 36"]
            assert d.view(seat) == s.view(seat)
            moved += d.hands[0] != s.hands[0]
    assert moved > 0


def test_determinize_keeps_a_two_icon_trade_finishable() -> None:
    # Player 1 revealed pink #9 at the pink + green space; the only unseen green card is #2.
    greens = [6, 10, 14, 18, 22, 26, 30, 34, 38, 42, 46, 50, 54]
    s = position(
        4,
        tiles=B,
        hands=[[1, 2, 9], [3], [4], [5]],
        stacks={8: [36], 1: greens[:5], 2: greens[5:9], 3: greens[9:]},
        pos=[7, -1, -1, -1],
    )
    s.apply("move 1")
    s.apply("trade 9")
    rnd = random.Random(1)
    for _ in range(40):
        d = s.determinize(1, rnd)
        assert 2 in d.hands[0] and d.legal_actions() == ["trade 2"]


def test_the_take_tells_nothing_of_the_hidden_hand() -> None:
    # "Descubre una Carta de altar (o más) de tu mano … Con excepción de la(s) carta(s) que
    # descubriste, toma las otras cartas de ese espacio a tu mano." Whether the hand holds
    # another card meeting the condition is the player's secret (A-P6): play waits for the
    # take in both hands, so the table sees the same reveal.
    other = {"a second bread card": 52, "no other bread card": 1}
    games = {k: position(2, tiles=A, hands=[[50, c, 2], [3]], stacks={1: [8]}) for k, c in other.items()}
    for s in games.values():
        s.apply("move 1")  # the Bakery (top): a card with pan de muerto, then the altar
        s.apply("trade 50")
    with_bread, without = games.values()
    for seat in (1, None):
        assert with_bread.view(seat) == without.view(seat)
        assert with_bread.log(seat) == without.log(seat)
    assert without.view(1)["offered"] == [50] and not any("takes" in x for x in without.log(1))
    assert with_bread.legal_actions() == ["trade 52", "take"]
    assert without.legal_actions() == ["take"]
    # So a bot's redraw may give Player 1 either kind of hand, each waiting for the take.
    rnd = random.Random(2)
    kinds = set()
    for _ in range(60):
        d = without.determinize(1, rnd)
        assert d.view(1) == without.view(1) and d.legal_actions()[-1] == "take"
        kinds.add(len(d.legal_actions()) > 1)
    assert kinds == {True, False}
    for s in games.values():
        s.apply("take")
        assert s.stacks[1] == [50] and 8 in s.hands[0] and s.step == 1
        assert s.log(1)[-1] == "Player 1 takes #8 yellow: sugar skull."
    assert with_bread.view(1) == without.view(1)


def test_status_and_stats() -> None:
    s = position(2, tiles=A, hands=[[50], [3]])
    assert s.status() == "Player 1 to move 1, 2 or 3 spaces"
    s.apply("move 1")
    assert s.status().startswith("Player 1 to trade at Bakery (top)")
    rnd = random.Random(3)
    g = GAME.new(3, 11)
    while not g.over:
        g.apply(rnd.choice(g.legal_actions()))
    st = g.stats()
    assert st["end"] in ("altar", "deck") and st["decisions"] == len(g.history)
    assert int(st["turns"]) >= int(st["rounds"]) * 3 - 2


def test_corrupt_states_are_refused() -> None:
    s = position(2, tiles=A, hands=[[50], [3]])
    good = s.to_json()
    assert GAME.from_json(good).to_json() == good
    for field, value, words in [
        ("hands", [[50, 3], [3]], "exactly one place"),
        ("pos", [1, 1], "bad token positions"),
        ("objectives", ["O1-1", "O1-2", "O3-1"], "one of each petal type"),
        ("tiles", ["T1A", "T1B", "T3A", "T4A"], "each shop tile once"),
        ("phase", "dance", "bad phase"),
    ]:
        bad = s.to_json()
        bad["data"][field] = value
        with pytest.raises(CorruptState, match=words):
            GAME.from_json(bad)
    # A card on level 2 with nothing below it.
    bad = s.to_json()
    card = bad["data"]["deck"].pop()
    bad["data"]["altars"][0][4] = card
    with pytest.raises(CorruptState, match="without two cards below"):
        GAME.from_json(bad)
