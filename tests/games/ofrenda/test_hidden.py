"""Hidden information: hands, deck order, the solo box cards; and what stays public."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import muertos
from muertos.engine import InvalidOptions
from muertos.games.ofrenda import GAME
from muertos.games.ofrenda.components import CARD_COLOUR, CARD_IDS, CARD_OFFERING, FEATURES

from .helpers import det, new


def faces(cards: list[int]) -> list[dict[str, str]]:
    """The lit sides of ``cards`` as a view lists them: by colour, then offering."""
    return [
        {"colour": FEATURES[CARD_COLOUR[c]].name, "offering": FEATURES[CARD_OFFERING[c]].name}
        for c in sorted(cards, key=lambda c: (CARD_COLOUR[c], CARD_OFFERING[c]))
    ]


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


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_the_table_sees_the_lit_side_of_the_deck_top_and_of_every_hand(players: int) -> None:
    """Setup (p.3): "Shuffle the remaining Portrait cards into a deck and place it lit side
    face up" (step 3); "Deal out 3 Portrait cards from the deck to each player to form their
    starting hand, keeping the unlit side to themselves" (step 8). Everyone, a spectator
    too, sees the lit side of the deck's top card and of every card in the others' hands:
    its colour and offering, not its objective (on the unlit side), nor which card it is.
    Solo sets up as for 2 players (p.10): the deck's top shows there too."""
    s = new(players, seed=12)
    for seat in [*range(players), None]:
        v = s.view(seat)
        assert v["deck_top"] == faces([s.deck[-1]])[0]
        for i, sv in enumerate(v["seats"]):
            if i == seat:
                assert sv["hand_faces"] == [] and sv["hand_hidden"] == 0
            else:
                assert sv["hand_faces"] == faces(s.hands[i]) and sv["hand_hidden"] == 3
                assert not any(CARD_IDS[c] in str(v) for c in s.hands[i])
        # the log says no more than before: each seat's dealt cards by their number only
        lines = " ".join(s.log(seat))
        assert not any(CARD_IDS[c] in lines for i in range(players) if i != seat for c in s.hands[i])
    first = s.market[0]
    s.apply("take 1")  # a portrait taken from the Family board is known to all, by name
    v = s.view(None)
    assert v["seats"][0]["hand"] == [CARD_IDS[first]] and v["seats"][0]["hand_faces"] == faces(s.secret[0])


def test_hidden_hands_option_keeps_the_hands_backs_only() -> None:
    """The ``hidden_hands`` option, for tables that hold their cards close: the others see a
    dealt card's back only; the deck's top still lies lit side up."""
    s = new(2, seed=12, hidden_hands=True)
    sv = s.view(1)["seats"][0]
    assert sv["hand_faces"] == [] and sv["hand_hidden"] == 3 and sv["hand"] == []
    assert s.view(1)["deck_top"] == faces([s.deck[-1]])[0]
    assert s.view(0)["seats"][0]["hand"] == [CARD_IDS[c] for c in s.hands[0]]


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


@pytest.mark.parametrize(("players", "seat"), [(1, 0), (1, None), (2, 0), (3, 1), (4, None)])
def test_determinize_redraws_a_card_seen_by_its_lit_side_among_that_sides_cards(
    players: int, seat: int | None
) -> None:
    """What the table sees stays (setup steps 3 and 8, p.3): a redraw gives each card in
    another hand and the deck's top card another of the unseen cards with its lit side's
    colour and offering, and so redraws only its objective; the rest of the deck and the
    solo box cards are redrawn freely."""
    s = new(players, seed=7)
    others = [i for i in range(players) if i != seat]
    moved = set()
    for k in range(30):
        d = det(s, seat, k)
        assert faces([d.deck[-1]]) == faces([s.deck[-1]])
        for i in others:
            assert faces(d.secret[i]) == faces(s.secret[i])
            moved |= set(d.secret[i]) - set(s.secret[i])
        moved |= {d.deck[-1]} - {s.deck[-1]}
    assert moved  # some card of a lit side shared with another was redrawn


def test_hidden_hands_redraws_the_hands_freely() -> None:
    s = new(2, seed=7, hidden_hands=True)
    seen = {tuple(tuple(f.values()) for f in faces(det(s, 1, k).secret[0])) for k in range(10)}
    assert len(seen) > 1
    for k in range(10):
        assert faces([det(s, 1, k).deck[-1]]) == faces([s.deck[-1]])


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


def test_a_table_made_with_the_retired_reveal_top_option_still_replays() -> None:
    """``reveal_top`` is gone (the rulebook's table always shows the top: setup step 3, "lit
    side face up"), but a stored table or saved game made with it replays, as the rulebook plays
    now, rather than being lost; a new option name is still refused."""
    played = muertos.play("ofrenda", seats=["random", "random"], seed=4)
    hist = list(played.actions)
    now = GAME.replay(2, played.seed, {}, hist)
    for value in (True, False):
        old = GAME.replay(2, played.seed, {"reveal_top": value}, hist)
        assert old.options == now.options and old.to_json() == now.to_json()
        saved = json.loads(json.dumps(now.to_json()))
        saved["options"] = {**saved["options"], "reveal_top": value}
        assert GAME.from_json(saved).to_json() == now.to_json()
    with pytest.raises(InvalidOptions, match="no option 'reveal_bottom'"):
        GAME.new(2, 1, {"reveal_bottom": True})
