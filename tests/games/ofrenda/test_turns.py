"""Setup by player count, each decision and rule branch, end of game, bad input."""

from __future__ import annotations

import random

import pytest

from muertos.engine import IllegalAction, InvalidOptions
from muertos.games.ofrenda import GAME
from muertos.games.ofrenda.components import CANDLE_IDS, CARD_IDS, NSLOTS
from muertos.games.ofrenda.rules import OfrendaState

from .helpers import C, J, K, S, arrange, lit_candles, new, roundtrip

PORTRAITS = ["P01", "P02", "P03", "P04"]
CANDLES = ["K01", "K02", "K03", "K04"]


@pytest.mark.parametrize(("players", "in_game", "deck"), [(2, 35, 25), (3, 50, 37), (4, 65, 49)])
def test_setup_by_player_count(players: int, in_game: int, deck: int) -> None:
    s = new(players, seed=3)
    # Cards marked for more players are out: 35 unmarked, +15 "3+", +15 "4" (B-OF4)
    assert s.census() == {"portraits": in_game, "candles": 35, "goal_tokens": 0}
    assert max(s.deck + s.market + [c for h in s.hands for c in h]) < in_game
    # 4 on the Family board, 3 in each hand, the rest in the deck
    assert len(s.deck) == deck
    assert all(len(h) == 3 for h in s.hands) and s.secret == s.hands
    assert s.mg == [3] * players
    assert all(k >= 0 for k in s.mcandles) and len(s.bag) == 31
    assert s.to_move == 0 and s.phase == "take"


def test_player_counts_outside_1_to_4_are_refused() -> None:
    with pytest.raises(InvalidOptions):
        GAME.new(5, 1)
    with pytest.raises(InvalidOptions):
        GAME.new(0, 1)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_a_whole_game_is_twelve_turns_each_and_leaves_one_card(players: int) -> None:
    s = new(players, seed=players)
    rnd = random.Random(5)
    while not s.over:
        s.apply(rnd.choice(s.legal_actions()))
    assert s.turns == [12] * players
    for p in range(players):
        placed = sum(1 for c in s.board[p * NSLOTS : (p + 1) * NSLOTS] if c >= 0)
        assert placed + len(s.discards[p]) == 12
        assert len(s.hands[p]) == 3
    assert len(s.deck) == 1  # the deck arithmetic leaves exactly one spare card (B-OF4)
    assert s.legal_actions() == [] and s.to_move is None
    assert s.log()[-1].startswith("Final score")


def test_take_costs_and_collects_marigolds() -> None:
    s = arrange(new(2, seed=4), market=PORTRAITS, market_mg=[2, 0, 1, 3], mcandles=CANDLES, mg={0: 1})
    assert s.legal_actions() == ["take 1", "take 2"]
    s.apply("take 2")  # one marigold onto P01; collects 0
    assert s.mg[0] == 0
    assert s.market_mg[0] == 3


def test_take_4_collects_the_marigolds_on_it() -> None:
    s = arrange(new(2, seed=4), market=PORTRAITS, market_mg=[0, 0, 0, 5], mcandles=CANDLES, mg={0: 3})
    s.apply("take 4")  # pays 3 (one on each of spaces 1-3), collects 5
    assert s.mg[0] == 5
    assert s.market_mg == [1, 1, 1, 0]


def test_free_candle_only_when_no_marigolds() -> None:
    s = arrange(new(2, seed=4), market=PORTRAITS, market_mg=[0, 0, 0, 0], mcandles=CANDLES, mg={0: 0})
    s.apply("take 1")
    assert s.legal_actions() == ["candle 1", "no candle"]
    s.apply("candle 1")
    assert s.stored[0] == [K("K01")] and s.mg[0] == 0
    assert [CANDLE_IDS[k] for k in s.mcandles[:3]] == ["K02", "K03", "K04"]


def test_candle_step_is_skipped_with_three_candles_in_storage() -> None:
    s = arrange(new(2, seed=4), stored={0: ["K05", "K06", "K07"]})
    s.apply("take 1")
    assert s.phase == "play"  # no candle decision at all
    assert not any(a.startswith("candle") for a in s.legal_actions())


def test_place_gain_cost_and_discard() -> None:
    s = arrange(new(2, seed=4), hands={0: ["P01", "P02", "P03"]})
    s.apply("take 1")
    if s.phase == "candle":
        s.apply("no candle")
    s.apply("place P01 S8")  # gain slot
    assert s.mg[0] == 4
    s.apply(s.legal_actions()[-1])  # Player 2 (discards its last card... or anything)
    while s.current != 0:
        s.apply(s.legal_actions()[-1])
    s.apply("take 1")
    if s.phase == "candle":
        s.apply("no candle")
    mg = s.mg[0]
    s.apply("place P02 S5")  # pay-1 slot
    assert s.mg[0] == mg - 1
    while s.current != 0:
        s.apply(s.legal_actions()[-1])
    s.apply("take 1")
    if s.phase == "candle":
        s.apply("no candle")
    mg = s.mg[0]
    s.apply("discard P03")
    assert s.mg[0] == mg + 3
    assert s.discards[0] == [C("P03")]
    assert s.current == 1


def test_portrait_failing_its_check_when_surrounded_stays_unlit() -> None:
    # S8 P19 P f NONE(s,f): neighbours S4, S9. S4 holds P04 (B salt).
    s = arrange(
        new(2, seed=4),
        boards={0: {"S4": "P04", "S9": "P23"}},
        hands={0: ["P19", "P20", "P21"]},
        discards={1: 2},
    )
    s.apply("take 1")
    if s.phase == "candle":
        s.apply("no candle")
    s.apply("place P19 S8")  # surrounded at once: S4 has salt -> the check fails
    assert s.lit[S("S8")] == 0
    assert "P19 in S8 lights up" not in " ".join(s.log())


def test_end_only_candle_waits_for_the_end() -> None:
    s = arrange(
        new(2, seed=4),
        boards={0: {"S1": "P01", "S4": "P02"}},
        stored={0: ["K25"]},  # MARIGOLDS_IN_STORAGE >= 3, end only
        hands={0: ["P05", "P20", "P21"]},
        discards={1: 2},
        mg={0: 6},
    )
    s.apply("take 1")
    if s.phase == "candle":
        s.apply("no candle")
    s.apply("place P05 S5")  # surrounds J1 (S1 S4 S5): candle slot
    assert s.legal_actions() == ["candle K25 J1", "skip J1"]
    s.apply("candle K25 J1")
    assert lit_candles(s, 0) == []  # ⌚: not during the game, though storage holds 5
    assert s.current == 1


def test_candle_lights_as_soon_as_its_objective_holds() -> None:
    # K06 FOUR_OF calavera; calaveras on board: P01 P08 P15 and the placed P22 -> 4
    s = arrange(
        new(2, seed=4),
        boards={0: {"S1": "P01", "S4": "P08", "S9": "P15"}},
        stored={0: ["K06"]},
        hands={0: ["P22", "P20", "P21"]},
        discards={1: 3},
        mg={0: 3},
    )
    s.apply("take 1")
    if s.phase == "candle":
        s.apply("no candle")
    s.apply("place P22 S5")  # surrounds J1 (S1 S4 S5) and J7 (S4 S5 S9)
    assert s.legal_actions() == ["candle K06 J1", "skip J1"]
    s.apply("skip J1")
    assert s.legal_actions() == ["candle K06 J7", "skip J7"]
    s.apply("candle K06 J7")
    assert lit_candles(s, 0) == ["J7"]
    roundtrip(s)


@pytest.mark.parametrize(
    ("candle", "rival", "lit"),
    [
        ("K29", "blue", []),  # most blue: Player 2's five blue against two
        ("K29", "green", ["J1"]),  # Player 2 has no blue
        ("K34", "blue", []),  # most marigolds placed: Player 2's two against one
        ("K34", "bare", ["J1"]),  # Player 2 placed none
    ],
)
def test_a_majority_candle_flipping_in_play_counts_every_player(
    monkeypatch: pytest.MonkeyPatch, candle: str, rival: str, lit: list[str]
) -> None:
    """Rulebook p.7: "You are among the players with the majority of Portraits with the
    depicted feature" and "… with the majority of Marigolds on your Ofrenda"; "As soon as
    the objective is fulfilled, flip the Candle to its lit side". Our majority candles are ⌚
    (end only, B-OF5); a component overlay may make them flip in play, and then every
    player's Ofrenda counts: the check read only the mover's (an IndexError for a colour,
    and the mover alone, so lit, for marigolds)."""
    from muertos.games.ofrenda import rules

    monkeypatch.setattr(rules, "CANDLE_END_ONLY", tuple(False for _ in rules.CANDLE_END_ONLY))
    # Player 1: P01 (blue) and, placed now, P02 (blue); a marigold in J6 (S4 S8 S9)
    mine = {"S1": "P01", "S4": "P08", "S8": "P16", "S9": "P15", "S12": "P09"}
    # Player 2: five portraits, all blue or all green; marigolds in J6 and J8 but when bare
    cards = ["P03", "P04", "P05", "P06", "P07"] if rival == "blue" else ["P10", "P11", "P12", "P13", "P14"]
    theirs = dict(zip(["S4", "S5", "S8", "S9", "S10"], cards, strict=True))
    s = arrange(
        new(2, seed=4),
        boards={0: mine, 1: theirs},
        tokens={0: {"J6": "marigold"}, 1: {} if rival == "bare" else {"J6": "marigold", "J8": "marigold"}},
        stored={0: [candle]},
        hands={0: ["P02", "P20", "P21"]},
        mg={0: 3},
    )
    s.apply("take 1")
    if s.phase == "candle":
        s.apply("no candle")
    s.apply("place P02 S5")  # surrounds J1 (S1 S4 S5) and J7 (S4 S5 S9): candle slots
    s.apply(f"candle {candle} J1")  # no candle left for J7: the turn ends
    assert s.current == 1  # Player 1's turn is over: its candles flipped or not
    assert lit_candles(s, 0) == lit


def test_empty_candle_bag_leaves_the_space_empty() -> None:
    # Late in a game the bag runs dry: the 31 candles off the Family board are on the
    # Ofrendas (six each, around ten portraits a seat) and in storage (2, 2, 3 and none).
    start = new(4, seed=2)
    bag = [CANDLE_IDS[k] for k in start.bag]
    deck = iter([CARD_IDS[c] for c in start.deck])
    slots = ("S1", "S2", "S3", "S4", "S5", "S6", "S7", "S9", "S10", "S11")
    candle_slots = ("J1", "J3", "J5", "J7", "J9", "J11")
    s = arrange(
        start,
        boards={p: {sid: next(deck) for sid in slots} for p in range(4)},
        tokens={p: dict(zip(candle_slots, bag[6 * p : 6 * p + 6], strict=True)) for p in range(4)},
        stored={0: bag[24:26], 1: bag[26:28], 2: bag[28:]},
    )
    assert s.bag == [] and s.turns == [10] * 4 and s.census() == start.census()
    s.apply("take 1")
    s.apply("candle 2")
    assert s.mcandles[3] == -1
    assert s.view(0)["market_candles"][3] is None
    # Next player: the empty space cannot be chosen
    s.apply(s.legal_actions()[-1])
    s.apply("take 4")
    assert "candle 4" not in s.legal_actions()


def _unchanged_after(s: OfrendaState, action: str, words: str) -> None:
    before = s.to_json()
    with pytest.raises(IllegalAction) as e:
        s.apply(action)
    assert words in e.value.rule, e.value.rule
    assert s.to_json() == before


def test_bad_input_names_the_rule_and_changes_nothing() -> None:
    s = arrange(
        new(2, seed=4),
        market=PORTRAITS,
        market_mg=[0, 0, 0, 0],
        mcandles=CANDLES,
        boards={0: {"S1": "P13"}},
        hands={0: ["P10", "P11", "P12"]},
        discards={1: 1},
        mg={0: 1},
    )
    _unchanged_after(s, "take 4", "take 4 needs 3 marigolds to pay for the skipped portraits; you have 1")
    poor = arrange(new(2, seed=4), market=PORTRAITS, market_mg=[0, 0, 0, 0], mcandles=CANDLES, mg={0: 0})
    _unchanged_after(poor, "take 2", "take 2 needs 1 marigold to pay for the skipped portraits; you have 0")
    _unchanged_after(s, "take 7", "Family board space, 1–4")
    _unchanged_after(s, "place P10 S2", "after taking one")
    _unchanged_after(s, "candle 1", "take a portrait first")
    _unchanged_after(s, "no candle", "right after taking a portrait")
    _unchanged_after(s, "marigold J2", "surrounded by the portrait placed this turn")
    s.apply("take 2")  # pays the last marigold
    assert s.mg[0] == 0
    _unchanged_after(
        s, "candle 1", "not above the portrait you took (space 2), so it costs 1 marigold; you have 0"
    )
    _unchanged_after(s, "take 1", "one portrait per turn")
    s.apply("no candle")
    _unchanged_after(s, "place P10 S5", "returns 1 marigold to the supply, and you have none")
    _unchanged_after(s, "place P10 S1", "slot S1 already holds P13")
    _unchanged_after(s, "place P20 S2", "P20 is not in your hand")
    _unchanged_after(s, "place P10 S13", "not a card slot")
    _unchanged_after(s, "place P99 S2", "not a portrait")
    _unchanged_after(s, "place P10", "place needs a portrait and a card slot")
    _unchanged_after(s, "discard P20", "P20 is not in your hand")
    _unchanged_after(s, "dance", "an action is 'take <space>', 'candle <space>', 'no candle'")
    s.apply("place P10 S2")  # surrounds nothing
    assert s.current == 1


def test_bad_token_input() -> None:
    s = arrange(
        new(2, seed=4),
        boards={0: {"S1": "P01", "S4": "P02", "S2": "P03"}},
        stored={0: ["K01"]},
        hands={0: ["P05", "P20", "P21"]},
        discards={1: 3},
        mg={0: 4},
    )
    s.apply("take 1")
    if s.phase == "candle":
        s.apply("no candle")
    s.apply("place P05 S5")  # surrounds J1 (candle) and J2 (marigold)
    assert s.pending == [J("J1"), J("J2")]
    _unchanged_after(s, "marigold J1", "J1 is a candle slot")
    _unchanged_after(s, "marigold J2", "decide on J1 first")
    _unchanged_after(s, "candle K01 J3", "J3 was not surrounded this turn")
    _unchanged_after(s, "candle K02 J1", "K02 is not a candle in your storage")
    _unchanged_after(s, "take 1", "one portrait per turn")
    s.apply("skip J1")
    _unchanged_after(s, "candle K01 J2", "J2 is a marigold slot")
    s.apply("MARIGOLD   j2")  # any case and spacing
    assert s.tokens[J("J2")] == 1 and s.current == 1


def test_notation_round_trip_of_ids() -> None:
    assert CARD_IDS[C("P17")] == "P17" and S("S12") == 11 and J("J12") == 11


@pytest.mark.parametrize(("on_it", "said"), [(1, "collecting 1 marigold."), (2, "collecting 2 marigolds.")])
def test_the_log_counts_the_marigolds_collected_in_english_and_spanish(on_it: int, said: str) -> None:
    """RULES: "If there are Marigolds on the Portrait that you took, place them in your
    storage." One is "1 marigold" (the log said "1 marigolds"), and the Spanish catalog reads
    each sentence whole."""
    from muertos.i18n import translate

    s = arrange(new(2, seed=4), market=PORTRAITS, market_mg=[on_it, 0, 0, 0], mcandles=CANDLES)
    s.apply("take 1")
    line = s.log(None)[-1]
    assert line.endswith(f"paying 0 and collecting {said[len('collecting ') :]}"), line
    es = translate(line, "es", "ofrenda")
    assert es.endswith("y recoge 1 cempasúchil." if on_it == 1 else "y recoge 2 cempasúchiles."), es
