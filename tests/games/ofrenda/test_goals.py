"""The common goals variant (rulebook p.11, B-OF6, A-OF15, A-OF16)."""

from __future__ import annotations

import pytest

from muertos.games.ofrenda.components import DATA, GOAL_BACK, GOAL_IDS, SLOT_IDS
from muertos.games.ofrenda.scoring import goal_met

from .helpers import C, arrange, new, roundtrip


@pytest.mark.parametrize(
    ("players", "stacks"),
    [
        (2, [[4, 5], [4, 5], [3, 4]]),
        (3, [[3, 4, 5], [3, 4, 5], [2, 3, 4]]),
        (4, [[2, 3, 4, 5], [2, 3, 4, 5], [1, 2, 3, 4]]),
    ],
)
def test_setup_one_goal_per_back_and_tokens_by_player_count(players: int, stacks: list[list[int]]) -> None:
    s = new(players, seed=6, common_goals=True)
    assert [GOAL_BACK[g] for g in s.goals] == [0, 1, 2]
    assert s.stacks == stacks  # the highest on top (the end of each list)
    assert s.census()["goal_tokens"] == sum(map(len, stacks))
    v = s.view(None)
    assert [g["stack"][0] for g in v["goals"]] == [st[-1] for st in stacks]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_stack_holds_one_token_per_player(players: int) -> None:
    """Rulebook p.11: "Remove any Scoring tokens that aren't used with your player count …
    place them in a stack on the respective Goal card in ascending order, such that the
    highest value is on top": every back's stack holds one token per player, its top ones
    (B-OF6), so that everyone who meets a goal scores, the first ones more. The back-III
    tokens were marked all/3+/4/4: with 2 players the second to meet a back-III goal scored
    nothing."""
    s = new(players, seed=6, common_goals=True)
    assert [len(st) for st in s.stacks] == [players] * 3
    tops = {"I": [5, 4, 3, 2], "II": [5, 4, 3, 2], "III": [4, 3, 2, 1]}
    assert [list(reversed(st)) for st in s.stacks] == [tops[b][:players] for b in DATA.backs]


def test_the_second_player_to_form_a_pattern_scores_with_two_players() -> None:
    """Rulebook p.11: "Players who achieve the requirements first will score more points than
    the other players": with 2 players the second to form G13's row takes the back-III stack's
    second token, 3 points (it took nothing when that stack held one token)."""
    s = arrange(
        new(2, seed=5, common_goals=True),
        goals=["G01", "G06", "G13"],
        boards={0: {"S4": "P01", "S5": "P02", "S6": "P23"}, 1: {"S8": "P05", "S9": "P07", "S10": "P33"}},
        hands={0: ["P06", "P20", "P21"], 1: ["P04", "P27", "P28"]},
        claims={0: [0, 0, 4]},  # Player 1 formed a row of four earlier: the top token, 4
        mg={0: 5, 1: 5},
        current=1,
    )
    s.apply("take 1")
    if s.phase == "candle":
        s.apply("no candle")
    s.apply("place P27 S11")  # S8-S11: a row of four
    assert s.claims[3:6] == [0, 0, 3]
    assert s.stacks[2] == [] and "claims the 3-point token of goal G13" in " ".join(s.log())


def test_goal_cards_vary_with_the_seed() -> None:
    seen = {tuple(new(2, seed=i, common_goals=True).goals) for i in range(20)}
    assert len(seen) > 5


def test_pattern_placements_match_the_rules_map() -> None:
    fits = {g.id: [[SLOT_IDS[i] for i in p] for p in g.placements] for g in DATA.goals if g.placements}
    assert fits["G12"] == [["S1", "S4", "S5", "S9"], ["S2", "S5", "S6", "S10"], ["S3", "S6", "S7", "S11"]]
    assert fits["G13"] == [["S4", "S5", "S6", "S7"], ["S8", "S9", "S10", "S11"], ["S9", "S10", "S11", "S12"]]
    assert len(fits["G14"]) == 8
    assert ["S1", "S3", "S5", "S6", "S10"] in fits["G15"] and len(fits["G15"]) == 4


def test_surrounded_slots_goal_counts_empty_token_slots() -> None:
    g11 = GOAL_IDS.index("G11")
    s = arrange(new(2), boards={0: {"S1": "P01", "S4": "P02", "S5": "P03"}})  # surrounds J1 only
    assert not goal_met(g11, s.board, 0)
    s = arrange(s, boards={0: {"S2": "P04"}})  # and J2 (S1 S2 S5): two slots surrounded, no token needed
    assert goal_met(g11, s.board, 0)


def test_claims_at_the_end_of_a_turn_once_per_goal_first_come_first_served() -> None:
    s = arrange(
        new(2, seed=5, common_goals=True),
        goals=["G01", "G06", "G13"],  # 3+ blue, 3+ calavera, LINE4
        # Player 1: S4 P01 (B c), S5 P02 (B w), S6 P23 (V c); P06 (B f) in hand
        boards={0: {"S4": "P01", "S5": "P02", "S6": "P23"}},
        hands={0: ["P06", "P20", "P21"]},
    )
    # Player 2: S1 P05 (B s), S2 P07 (B p); P04 (B s) in hand
    s = arrange(
        s,
        boards={1: {"S1": "P05", "S2": "P07"}},
        hands={1: ["P04", "P27", "P28"]},
        discards={1: 1},
        mg={0: 5, 1: 5},
    )
    s.apply("take 1")
    if s.phase == "candle":
        s.apply("no candle")
    s.apply("place P06 S7")
    # End of Player 1's turn: 3 blue (G01) and the row S4-S7 (G13): both claimed at once;
    # calavera: P01 and P23 only, so not G06.
    assert s.claims[0:3] == [5, 0, 4]
    assert s.stacks == [[4], [4, 5], [3]]
    assert "claims the 5-point token of goal G01" in " ".join(s.log())
    s.apply("take 1")
    if s.phase == "candle":
        s.apply("no candle")
    s.apply("place P04 S3")
    # Player 2 reaches 3 blue later: the next token, 4. G13's second token, 3, waits.
    assert s.claims[3:6] == [4, 0, 0]
    assert s.stacks == [[], [4, 5], [3]]
    # Player 1 meets G01 again: nothing more (once per goal).
    s.apply("take 1")
    if s.phase == "candle":
        s.apply("no candle")
    s.apply("place P20 S9")
    assert s.claims[0:3] == [5, 0, 4]
    assert s.scores()[0] >= 9
    roundtrip(s)
    assert C("P06") in s.board
