"""The data file: card table, board graph constraints (rules map B-D1), reconstructed list."""

from __future__ import annotations

from collections import Counter

from muertos.games.dia_de_los_muertos import GAME
from muertos.games.dia_de_los_muertos.components import (
    BOARD,
    CARDS,
    DECK_SIZE,
    FEST_COPIES,
    FESTIVITY,
    FOOT,
    GD_FINAL,
    GD_TRACK,
    HAND,
)


def test_sixty_six_action_cards_and_ninety_nine_components() -> None:
    assert DECK_SIZE == 66
    assert len(CARDS) == 14
    festivity = FEST_COPIES * len(FESTIVITY)
    # 6 order cards + 12 skeleton cards + 9 festivity + 6 overview cards + 66 action cards.
    assert 6 + 12 + festivity + 6 + DECK_SIZE == 99


def test_counts_and_moves_from_the_card_translation() -> None:
    table = {c.key: (c.move, c.count) for c in CARDS}
    assert table == {
        "dodge": (3, 6),
        "leapfrog": (1, 3),
        "snatch": (3, 9),
        "hold": (2, 3),
        "header": (1, 3),
        "patch": (3, 6),
        "follow": (1, 6),
        "beat": (2, 6),
        "cartwheel": (1, 3),
        "hustle": (2, 3),
        "kick": (2, 9),
        "cake": (1, 3),
        "pot": (2, 3),
        "skull": (3, 3),
    }


def test_symbol_distribution_by_back() -> None:
    # Rules map B-D4: M1 18 = 6 none, 3 hand, 3 foot, 6 both; M2 24 = 3/9/9/3; M3 24 = 12/12/0/0.
    dist: Counter[tuple[int, int]] = Counter()
    for c in CARDS:
        dist[(c.move, c.symbol)] += c.count
    both = HAND | FOOT
    assert [dist[(1, x)] for x in (0, HAND, FOOT, both)] == [6, 3, 3, 6]
    assert [dist[(2, x)] for x in (0, HAND, FOOT, both)] == [3, 9, 9, 3]
    assert [dist[(3, x)] for x in (0, HAND, FOOT, both)] == [12, 12, 0, 0]


def test_attack_classes() -> None:
    kinds = {c.key: c.kind for c in CARDS}
    assert {k for k, v in kinds.items() if v == "straight"} == {"beat", "hustle", "kick"}
    assert {k for k, v in kinds.items() if v == "random"} == {"cartwheel", "cake", "pot", "skull"}
    assert {k for k, v in kinds.items() if v == "reaction"} == {"dodge", "hold"}


def test_one_way_green_and_red_fields() -> None:
    out = BOARD.skel_out
    assert out[0] == (1,) and out[1] == (2,) and out[2] == (3,) and out[3] == (4,)
    for f in (25, 26, 27):
        assert out[f] == (f + 1,)
    assert out[28] == (32,)
    assert out[32] == ()
    assert all(0 not in out[u] for u in range(BOARD.size))


def test_stubs_have_only_their_entries() -> None:
    und = BOARD.undirected
    assert und[19] == (18,) and und[21] == (20,) and und[24] == (23,)
    assert und[29] == (9,) and und[30] == (22,) and und[31] == (17,)
    assert BOARD.hiding_entry == (9, 22, 17)


def test_field_17_touches_5_7_16_and_the_lane() -> None:
    assert set(BOARD.undirected[17]) == {5, 7, 16, 25, 31}
    assert 25 in BOARD.skel_out[17]
    assert GD_TRACK == (32, 28, 27, 26, 25, 17) and GD_FINAL == (5, 7, 16)


def test_every_field_reaches_the_goal_when_the_gravedigger_is_on_7_or_16() -> None:
    for block in (7, 16):
        for start in range(BOARD.size):
            if start in (block, BOARD.goal):
                continue
            seen, todo = {start}, [start]
            while todo:
                u = todo.pop()
                for v in BOARD.skel_out[u]:
                    if v != block and v not in seen:
                        seen.add(v)
                        todo.append(v)
            assert BOARD.goal in seen, (block, start)


def test_reconstructed_items_are_listed() -> None:
    lines = GAME.reconstructed()
    text = " ".join(lines)
    assert "Board" in text and "Gravedigger" in text and "Round limit" in text
    assert "Snatching 0-1" in text and "Throwing (skull) 1-5" in text
    assert "components.toml" in GAME.rules() and "NOTATION" in GAME.rules()
