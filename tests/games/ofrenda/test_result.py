"""The score sheet (``result()``) of hand-built end positions: the positions and their
arithmetic are those of ``test_scoring.py`` and ``test_solo.py``, split by category here."""

from __future__ import annotations

from muertos.engine import Result

from .helpers import arrange, finish, new


def sheet(r: Result) -> list[dict[str, float]]:
    return [{c.key: c.points for c in x.categories} for x in r.seats]


def test_golden_slot_position_by_category() -> None:
    # test_scoring: portraits 3 + 10 (golden S2) + 2 = 15, marigold J2 2 -> 17
    s = finish(
        arrange(
            new(2),
            boards={0: {"S1": "P15", "S2": "P16", "S3": "P17", "S5": "P18"}},
            tokens={0: {"J2": "marigold"}},
        )
    )
    r = s.result()
    assert sheet(r) == [
        {"lit_portraits": 15, "marigolds": 2, "candles": 0},
        {"lit_portraits": 0, "marigolds": 0, "candles": 0},
    ]
    assert [x.score for x in r.seats] == [17, 0]
    assert r.over and r.winners == (0,) and r.tie_break is None and r.rating is None
    assert [c.label for c in r.seats[0].categories] == ["Lit portraits", "Marigolds", "Lit candles"]


def test_a_tie_on_score_and_lit_portraits_decided_by_marigolds_in_storage() -> None:
    # test_scoring's majority position: 14 = 8 + 2 + 4 (P1), 14 = 8 + 2 + 4 (P2), 6 = 3 + 1 + 2 (P3);
    # P1 and P2 both have 2 lit portraits; storage 4 against 2.
    s = finish(
        arrange(
            new(3),
            boards={
                0: {"S1": "P03", "S2": "P19", "S4": "P04", "S5": "P17"},
                1: {"S4": "P05", "S5": "P07", "S8": "P25", "S9": "P44", "S10": "P33"},
                2: {"S1": "P29", "S2": "P31", "S4": "P34", "S5": "P01", "S9": "P22", "S10": "P26"},
            },
            tokens={
                0: {"J1": "K29", "J2": "marigold"},
                1: {"J6": "marigold", "J7": "K34", "J8": "marigold"},
                2: {"J1": "K35", "J2": "marigold", "J7": "K30", "J8": "marigold"},
            },
            mg={0: 4, 1: 2, 2: 9},
        )
    )
    r = s.result()
    assert sheet(r) == [
        {"lit_portraits": 8, "marigolds": 2, "candles": 4},
        {"lit_portraits": 8, "marigolds": 2, "candles": 4},
        {"lit_portraits": 3, "marigolds": 1, "candles": 2},
    ]
    tb = r.tie_break
    assert tb is not None and tb.tied == (0, 1) and tb.winners == (0,) == r.winners
    assert [t.key for t in tb.decided_by] == ["marigolds_stored"]  # lit portraits: 2 and 2
    assert tb.text == "Tied on 14: most Marigolds in storage decides."


def test_a_tie_decided_by_lit_portraits() -> None:
    # test_scoring: 4 points each; 2 lit portraits against 1 (storage 0 against 9 is not asked)
    boards = {
        0: {"S4": "P08", "S8": "P10"},
        1: {"S1": "P06", "S4": "P01", "S5": "P09", "S8": "P02", "S9": "P13"},
    }
    r = finish(arrange(new(2), boards=boards, mg={0: 0, 1: 9})).result()
    assert [x.score for x in r.seats] == [4, 4] and r.winners == (0,)
    assert r.tie_break is not None and r.tie_break.text == "Tied on 4: most lit portraits decides."


def test_a_shared_victory_says_every_tie_break_was_tried() -> None:
    # test_scoring: 4 points, 2 lit portraits and 3 marigolds in storage each
    boards = {0: {"S4": "P08", "S8": "P10"}, 1: {"S7": "P29", "S12": "P33"}}
    r = finish(arrange(new(2), boards=boards, mg={0: 3, 1: 3})).result()
    assert r.winners == (0, 1)
    tb = r.tie_break
    assert tb is not None and tb.decided_by == () and tb.winners == (0, 1)
    assert tb.text == (
        "Tied on 4, and still tied after most lit portraits and most Marigolds in storage: "
        "the victory is shared."
    )


def test_common_goal_tokens_are_their_own_row() -> None:
    # test_scoring: P1 17 (15 + 2) and goal tokens 5 + 4 = 26; P2 14 + 2 = 16, no token
    s = finish(
        arrange(
            new(2, common_goals=True),
            boards={
                0: {"S1": "P15", "S2": "P16", "S3": "P17", "S5": "P18"},
                1: {"S1": "P01", "S2": "P02", "S3": "P03", "S4": "P09", "S5": "P08", "S6": "P20"},
            },
            tokens={0: {"J2": "marigold"}, 1: {"J2": "marigold"}},
            claims={0: [5, 0, 4]},
        )
    )
    assert sheet(s.result()) == [
        {"lit_portraits": 15, "marigolds": 2, "candles": 0, "goals": 9},
        {"lit_portraits": 14, "marigolds": 2, "candles": 0, "goals": 0},
    ]


def test_the_solo_rating_is_the_rulebooks_tier() -> None:
    # test_solo: the full board, 18 + 3 + 4 = 25 -> tier 0–69
    board = {
        "S1": "P01", "S2": "P02", "S3": "P03", "S4": "P09", "S5": "P08", "S6": "P15",
        "S7": "P16", "S8": "P22", "S9": "P29", "S10": "P24", "S11": "P18", "S12": "P31",
    }  # fmt: skip
    tokens = {"J1": "K21", "J2": "marigold", "J3": "K22", "J4": "marigold", "J5": "K07",
              "J6": "marigold", "J8": "marigold", "J9": "K23", "J11": "K26"}  # fmt: skip
    s = arrange(
        new(1, seed=2), boards={0: board}, tokens={0: tokens}, mg={0: 2}, phase="token", pending=["J12"]
    )
    before = s.result()
    assert not before.over and before.rating is None and before.winners == ()
    s.apply("skip J12")
    r = s.result()
    assert sheet(r) == [{"lit_portraits": 18, "marigolds": 3, "candles": 4}]
    assert r.rating is not None and (r.rating.key, r.rating.label) == ("tier_0", "Tier 0–69")
    assert r.rating.text.startswith("Oh dear, what a mess!")
    assert r.winners == (0,) and r.tie_break is None
