"""The terminal picture shows the table as the seat may see it."""

from __future__ import annotations

import random

from rich.console import Console

from muertos.games.ofrenda import GAME
from muertos.games.ofrenda.components import CARD_IDS

from .helpers import arrange, finish, new


def text(state: object, seat: int | None) -> str:
    c = Console(record=True, width=120, color_system=None)
    c.print(GAME.render(state, seat))  # type: ignore[arg-type]
    return c.export_text()


def test_render_shows_own_hand_hides_the_others_dealt_cards() -> None:
    s = new(2, seed=9)
    out = text(s, 0)
    for c in s.hands[0]:
        assert CARD_IDS[c] in out
    for c in s.hands[1]:
        assert CARD_IDS[c] not in out
    # the others' dealt cards show their lit side (rulebook setup step 8): P02 P09 P23
    assert "Hand      ▒▒▒ B≈   ▒▒▒ G≈   ▒▒▒ V☠" in out
    # the deck lies lit side up (setup step 3): P27 on top
    assert "Deck: 25 portraits (lit side up), top shows V▦ (purple papel picado)" in out
    hidden = text(new(2, seed=9, hidden_hands=True), 0)
    assert "Hand      ▒▒▒   ▒▒▒   ▒▒▒" in hidden and "top shows V▦" in hidden
    assert "Family board" in out and "space 4 (3✿)" in out
    for c in s.market:
        assert CARD_IDS[c] in out
    assert "Player 1 to take a portrait" in out
    spectator = text(s, None)
    assert not any(CARD_IDS[c] in spectator for h in s.hands for c in h)


def test_render_altar_lit_and_unlit_tokens_and_final_scores() -> None:
    s = finish(
        arrange(
            new(2, seed=0),
            boards={0: {"S1": "P15", "S2": "P16", "S3": "P17", "S5": "P18"}},
            tokens={0: {"J2": "marigold"}},
        )
    )
    out = text(s, 1)
    # lit: star + colour letter + offering symbol + objective; unlit: hollow star
    assert "★P☠ all P/V" in out  # P15 in S1
    assert "★P≈ 2+ P" in out  # P16 in S2
    assert "☆P● 2+ V" in out  # P18 in S5, unlit
    assert "✿J2" in out and "(J1)" in out and "<J8>" in out
    assert "S2 ✦x2" in out and "S5 -1✿" in out and "S8 +1✿" in out
    assert "Final scores — Player 1: 17, Player 2: 0" in out
    assert "★ winner" in out


def test_render_goals_and_solo_tier() -> None:
    s = new(3, seed=4, common_goals=True)
    out = text(s, 2)
    assert "Common goals" in out and "tokens left" in out
    solo = new(1, seed=4)
    rnd = random.Random(0)
    while not solo.over:
        solo.apply(rnd.choice(solo.legal_actions()))
    out = text(solo, 0)
    tier = solo.tier()
    assert tier is not None and f"Solo tier {tier['range']}" in out
    assert "Abuela has discarded 12 portraits" in out
