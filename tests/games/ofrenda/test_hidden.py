"""Hidden information: hands, deck order, the solo box cards; and what stays public."""

from __future__ import annotations

import random
from typing import Any

from muertos.games.ofrenda.components import CARD_COLOUR, CARD_IDS, CARD_OFFERING

from .helpers import det, new


def test_dealt_cards_are_secret_but_cards_taken_from_the_market_are_known() -> None:
    s = new(2, seed=12)
    v1 = s.view(1)
    assert v1["seats"][0]["hand"] == [] and v1["seats"][0]["hand_hidden"] == 3
    assert v1["seats"][1]["hand"] == [CARD_IDS[c] for c in s.hands[1]]
    first = CARD_IDS[s.market[0]]
    s.apply("take 1")
    v1 = s.view(1)
    assert v1["seats"][0]["hand"] == [first] and v1["seats"][0]["hand_hidden"] == 3
    assert s.view(None)["seats"][0]["hand"] == [first]
    lines = s.log(1)
    assert "Player 1 is dealt 3 portraits." in lines
    assert not any(CARD_IDS[c] in " ".join(lines) for c in s.secret[0])


def test_determinize_redraws_only_what_the_seat_cannot_see() -> None:
    s = new(3, seed=12)
    s.apply("take 2")
    d = det(s, 1, 4)
    assert d.view(1) == s.view(1)
    assert d.hands[1] == s.hands[1]  # its own hand
    assert d.market == s.market and d.board == s.board
    known0 = [c for c in s.hands[0] if c not in s.secret[0]]
    assert all(c in d.hands[0] for c in known0)
    assert (d.secret[0], d.secret[2], d.deck) != (s.secret[0], s.secret[2], s.deck)
    assert sorted(d.deck + d.secret[0] + d.secret[2]) == sorted(s.deck + s.secret[0] + s.secret[2])


def test_solo_removed_cards_are_hidden_and_redrawn() -> None:
    s = new(1, seed=3)
    assert "removed" not in str(s.view(0)["seats"]) and s.view(0)["removed"] == 3
    assert not any(CARD_IDS[c] in str(s.view(0)) for c in s.removed)
    pool = sorted(s.deck + s.removed)
    changed = False
    for i in range(5):
        d = det(s, 0, i)
        assert sorted(d.deck + d.removed) == pool and d.hands == s.hands
        changed |= d.removed != s.removed
    assert changed


def test_reveal_top_option_shows_colour_and_offering_and_keeps_them() -> None:
    s = new(2, seed=5, reveal_top=True)
    top = s.deck[-1]
    v = s.view(0)
    assert v["deck_top"]["colour"] and v["deck_top"]["offering"]
    assert "objective" not in v["deck_top"]
    for i in range(10):
        d = det(s, 0, i)
        t = d.deck[-1]
        assert (CARD_COLOUR[t], CARD_OFFERING[t]) == (CARD_COLOUR[top], CARD_OFFERING[top])
    assert "deck_top" not in new(2, seed=5).view(0)


def test_greedy_values_a_game_with_rivals_on_the_masked_state() -> None:
    """The greedy bot's values (``Game.determinized_values``) are asked first on the state
    masked to what the seat knows (``heuristics.mask``): with rivals every move is judged
    without reading a hidden card, so no decision redraws; solo, moves are played on a copy
    that draws from the deck, and the mask leaves them to a determinization."""
    import muertos
    from muertos.engine import State

    redrawn = 0
    determinized = State._determinized

    def counted(self: State, *args: Any) -> State:
        nonlocal redrawn
        redrawn += 1
        return determinized(self, *args)

    State._determinized = counted  # type: ignore[method-assign]
    try:
        rec = muertos.play("ofrenda", seats=["greedy", "greedy", "greedy"], seed=2)
        assert redrawn == 0 and len(rec.actions) > 100
        muertos.play("ofrenda", seats=["greedy"], seed=2)
        assert redrawn > 0
    finally:
        State._determinized = determinized  # type: ignore[method-assign]


def test_a_masked_state_holds_only_what_its_seat_knows() -> None:
    """``heuristics.mask`` leaves the same state whether it masks the real one or any
    determinization of it: nothing hidden survives it."""
    from muertos.games.ofrenda.heuristics import mask

    rnd = random.Random(3)
    s = new(3, seed=3)
    while not s.over:
        seat = s.to_move
        assert seat is not None
        seen = []
        for d in (s.clone(), s.determinize(seat, rnd), s.determinize(seat, rnd)):
            assert mask(d, seat)
            seen.append(
                ({f: getattr(d, f) for f in ("hands", "secret", "market", "board")}, len(d.deck), len(d.bag))
            )
        assert seen[0] == seen[1] == seen[2]
        legal = s.legal_actions()
        s.apply(legal[rnd.randrange(len(legal))])
