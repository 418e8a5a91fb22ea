"""The picture: the track with tokens, the shops' cards and conditions, altars as pyramids, the
seat's own hand only, objectives, and scores at the end; in English or Spanish."""

from __future__ import annotations

from rich.console import Console

from muertos.games.patzcuaro import GAME
from muertos.games.patzcuaro.render import render

from .build import position

A = ("T1A", "T2A", "T3A", "T4A")


def text(state, seat, lang=None) -> str:  # type: ignore[no-untyped-def]
    console = Console(record=True, width=120, color_system=None)
    console.print(render(state, seat, lang) if lang else GAME.render(state, seat))
    return console.export_text()


def test_the_table_as_each_seat_sees_it() -> None:
    s = position(
        3,
        tiles=A,
        hands=[[50, 52], [17, 33], [4]],
        stacks={1: [8, 19]},
        altars={1: [1, 5, 12, 47, 24]},
        known=[[], [33], []],
        pos=[-1, 4, 9],
        flipped=[False, False, True],
    )
    me = text(s, 0)
    # The track: shop names with tile codes, tokens, every card of a stack (top first).
    assert "Bakery [T1A]" in me and "Cantina [T4A]" in me
    assert "19 Pu mrg mrg mrg" in me and "under it:" in me and "8 Ye skl" in me
    assert "2 top" in me and "9 bottom" in me and "10 Cemetery" in me
    assert "trade: has pan" in me and "→ altar" in me  # the space's condition and actions
    assert "trade: =1 obj" in me and "→ reveal ↑" in me
    assert "P2" in me and "P3" in me and "start area: P1" in me
    # The seat's own hand, and only the public part of the others'.
    assert "Your hand (2): 50 Gn pan  52 Ye pan pan" in me
    assert "2 cards (hidden); known: 33 Pk prt prt prt" in me
    assert "17 Pk" not in me  # Player 2's unknown card stays hidden
    assert "1 card (hidden)" in me and "4 Ye cnd skl" not in me
    # Player 2's altar as a pyramid: five cards, open slots marked, the flip shown for Player 3.
    assert "[1a 1 Pk cnd]" in me and "[2a 24 Ye swt swt]" in me and "[ 2b open ]" in me
    assert "player card flipped (−5)" in me
    assert "Objectives" in me and "O1-1: 5 points per set of candle + sweet + portrait" in me
    # A spectator sees no hand at all.
    spectator = text(s, None)
    assert "Your hand" not in spectator and "50 Gn pan" not in spectator
    # Player 2 sees its own hand and not Player 1's.
    two = text(s, 1)
    assert "Your hand (2): 17 Pk mrg mrg  33 Pk prt prt prt" in two and "50 Gn pan" not in two


def test_every_card_of_a_shop_space_is_shown_top_first() -> None:
    # Spec B.5.4: "Every card on a shop space is face up and visible to all players."
    s = position(2, tiles=A, hands=[[50, 2], [3]], stacks={1: [8, 9, 33]})
    lines = text(s, 1).splitlines()
    cards = ["33 Pk prt prt prt", "9 Pk skl", "8 Ye skl"]  # the Bakery's stack, top first
    rows = [next(i for i, line in enumerate(lines) if f"│ {c} " in line) for c in cards]
    assert rows == sorted(rows) and "under it:" in lines[rows[0] + 1]
    assert "debajo:" in text(s, None, "es") and "9 Ro cal" in text(s, None, "es")


def test_spanish_names_and_final_scores() -> None:
    s = position(2, tiles=A, hands=[[33], [41]], altars={0: [1, 5, 12, 47, 24, 26, 52, 31]}, pos=[6, -1])
    s.apply("move 1")
    s.apply("altar 33 3b")
    s.apply("pass")
    assert s.over
    en = text(s, None)
    assert "Final scores" in en and "69" in en and "★ winner" in en
    es = text(s, None, "es")
    assert "Panadería [T1A]" in es and "Puntuación final" in es and "★ gana" in es
    assert "Tu mano" not in es and "33 Ro ret ret ret" in es
    es_option = GAME.new(2, 3, {"language": "es"})
    assert "Objetivos" in text(es_option, 0) and "Tu mano (6)" in text(es_option, 0)
