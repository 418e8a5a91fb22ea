"""The score sheet (``result()``): steps by section, the rest, the tie-break, the solo rating."""

from __future__ import annotations

from collections import defaultdict

import pytest

import muertos
from muertos.engine import Result
from muertos.games.die_of_the_dead.notation import kind_of
from muertos.games.die_of_the_dead.scoring import TOKEN_SET_STEPS

from .helpers import D, arrange, arrange_seat, end_turns, fill, opened, table


def sheet(r: Result, seat: int) -> dict[str, float]:
    return {c.key: c.points for c in r.seats[seat].categories}


def test_a_scored_section_and_a_token_set_are_separate_rows() -> None:
    # Candle (cells 7-10) r3 b3 g3 y3: four colours and a pair 2, three equal +1, four +1 = 4
    s = end_turns(
        fill(arrange_seat(table(2), 0, hand=[1, 1, 1, 0]), 0, {7: "r3", 8: "b3", 9: "g3", 10: "y3"})
    )
    assert s.steps[0] == 4
    s.apply("square d")  # step 4 D: an Incense token, hand [1, 1, 1, 1]
    s.apply("discard cmb")  # three different tokens: 1 step
    s.apply("square d")
    assert s.steps == [5, 0] and s.hands[0] == [0, 0, 0, 1]
    r = s.result()
    assert sheet(r, 0) == {
        "candle_section": 4,
        "marigold_section": 0,
        "bread_section": 0,
        "incense_section": 0,
        "other_steps": 1,
    }
    assert set(sheet(r, 1).values()) == {0}
    assert not r.over and r.winners == () and r.tie_break is None


def test_a_calavera_on_a_scored_sections_corner_leaves_its_row_as_it_scored() -> None:
    """ "Change a power die ... to its calavera side. The die is now wild. You do not re-score
    sections you have already completed." The Marigold section (cells 1-4: r1 b6 r6, and a
    blue power 1 in cell 4, the corner it shares with the Incense) scored 0; the Candle
    (cells 7-10: r3 b3 g3 y1, three 3s) scores 3 and lands on step 3, whose square A is a
    calavera: cell 4's die turns wild, which would read the Marigold as 2 if it were scored
    again."""
    s = arrange_seat(table(2), 0, scored=[int(i == 1) for i in range(4)])  # the Marigold
    s = end_turns(fill(s, 0, {1: "r1", 2: "b6", 3: "r6", 4: "b1*", 7: "r3", 8: "b3", 9: "g3", 10: "y1"}))
    assert s.steps[0] == 3
    s.apply("square a")
    s.apply("calavera 4")
    assert s.steps[0] == 3 and s.scored_steps[0] == [3, 0, 0, 0]
    assert sheet(s.result(), 0) == {
        "candle_section": 3,
        "marigold_section": 0,
        "bread_section": 0,
        "incense_section": 0,
        "other_steps": 0,
    }


def test_most_tokens_break_a_tie_on_steps_else_the_win_is_shared() -> None:
    # test_rules: 10, 12, 12 steps; seats 2 and 3 hold 1 and 2 tokens
    s = arrange(table(3), phase="over", steps=[10, 12, 12], hands=[[1, 1, 1, 1], [1, 0, 0, 0], [0, 1, 1, 0]])
    r = s.result()
    assert [sheet(r, p)["other_steps"] for p in range(3)] == [10, 12, 12]  # no section scored
    assert r.winners == (2,) and r.tie_break is not None
    assert r.tie_break.tied == (1, 2) and r.tie_break.text == "Tied on 12: most tokens in hand decides."
    r = arrange_seat(s, 1, hand=[2, 0, 0, 0]).result()
    assert r.winners == (1, 2) and r.tie_break is not None
    assert r.tie_break.text == "Tied on 12, and still tied after most tokens in hand: the victory is shared."


@pytest.mark.parametrize(
    ("steps", "key", "label"),
    [
        (18, "perfect", "A perfect score"),
        (12, "good", "A good score"),
        (11, "below_good", "Below a good score"),
    ],
)
def test_the_solo_rating(steps: int, key: str, label: str) -> None:
    # test_rules: the last die of the City is paid: the solo game ends with these steps
    b = kind_of(D("b"))
    s = arrange(opened(table(1), 3, "r2 b5"), city=[int(k == b) for k in range(10)], steps=[steps])
    s.apply("draft r2 to prep")
    s.apply("pay b on 1")
    r = s.result()
    assert r.over and r.rating is not None
    assert (r.rating.key, r.rating.label) == (key, label)
    assert r.rating.text == f"{steps} steps: 18 is perfect, 12 is good."
    assert r.winners == (0,) and r.tie_break is None


@pytest.mark.parametrize("players", [1, 2, 4])
def test_steps_not_from_sections_are_the_token_sets_and_ascensions_played(players: int) -> None:
    """The sheet reads section steps off the board; what is left must be exactly the steps
    the token sets and empty-casket ascensions of the game's history gave each seat."""
    g = muertos.game("die-of-the-dead")
    for seed in range(12):
        played = muertos.play("die-of-the-dead", seats=["random"] * players, seed=seed)
        s = g.new(players, seed, played.options)
        other: dict[int, int] = defaultdict(int)
        for a in played.actions:
            seat = s.to_move
            assert seat is not None
            words = a.split()
            if words[0] == "discard" and len(words[1]) >= 3:  # a token set, not a bonus discard
                other[seat] += TOKEN_SET_STEPS[len(words[1])]
            elif a == "ascend":
                other[seat] += 1
            s.apply(a)
        r = s.result()
        assert [sheet(r, p)["other_steps"] for p in range(players)] == [other[p] for p in range(players)]
