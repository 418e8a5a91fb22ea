"""Hidden information: hands, laid cards, the draw pile order, random draws."""

from __future__ import annotations

import json
import random
from collections import Counter

from muertos.games.dia_de_los_muertos import GAME
from muertos.games.dia_de_los_muertos.components import CARDS, MOVE
from muertos.games.dia_de_los_muertos.rules import MuertosState

from .helpers import k, play, table


def test_views_show_backs_not_fronts() -> None:
    s = GAME.new(4, 9)
    for seat in (None, 0, 1, 2, 3):
        v = s.view(seat)
        for i, sk in enumerate(v["skeletons"]):
            assert sk["hand_backs"] == sorted(MOVE[c] for c in s.hands[i])  # type: ignore[attr-defined]
            assert ("hand" in sk) == (i == seat)
        assert isinstance(v["draw_pile"], int)
    text = json.dumps(s.view(2))
    assert '"draw": [' not in text


def test_determinize_keeps_backs_and_own_hand() -> None:
    s = GAME.new(4, 3)
    rnd = random.Random(1)
    for _ in range(40):
        s.apply(rnd.choice(s.legal_actions()))
    for seat in range(4):
        d = s.determinize(seat, random.Random(seat))
        assert d.view(seat) == s.view(seat)
        assert d.hands[seat] == s.hands[seat]  # type: ignore[attr-defined]
        for i in range(4):
            assert sorted(MOVE[c] for c in d.hands[i]) == sorted(MOVE[c] for c in s.hands[i])  # type: ignore[attr-defined]
    changed = [s.determinize(0, random.Random(x)).to_json()["data"] != s.to_json()["data"] for x in range(5)]
    assert any(changed)


def test_laid_card_hidden_until_revealed() -> None:
    s = table(pos=[10, 11, 30], lay=["kick", "beat", None], hands=[["cake"], ["patch"], []])
    assert s.view(0)["skeletons"][1]["laid"] == {"back": 2}
    assert s.view(1)["skeletons"][1]["laid"] == "beat"
    assert s.view(None)["skeletons"][0]["laid"] == {"back": 2}


def test_private_draws_are_redacted_in_logs() -> None:
    s = table(
        pos=[10, 11, 30],
        lay=["cake", None, None],
        hands=[["kick"], ["kick"], []],
        draw_top=["patch", "beat", "dodge"],
    )
    play(s, "throw p2")
    # P2 lost his last card (Kicking: a leg) and draws Patch; P1 draws Beating and Dodge.
    mine = [x for x in s.log(1) if x.startswith("Player 2 draws")]
    theirs = [x for x in s.log(0) if x.startswith("Player 2 draws")]
    assert mine == ["Player 2 draws Bone patches [K, 3 bones]."]
    assert theirs == ["Player 2 draws 1 card (backs 3)."]
    assert [x for x in s.log(None) if x.startswith("Player 1 draws 2")] == [
        "Player 1 draws 2 cards (backs 2, 3)."
    ]


def test_random_attack_result_is_public_but_not_before() -> None:
    s = table(pos=[10, 12, 30], lay=["cake", None, None], hands=[["kick"], ["hustle", "snatch"], []])
    play(s, "throw p2")
    # Before the pick, nobody but P2 knows which 2-bone card P1 would draw.
    v0 = s.view(0)
    assert "hand" not in v0["skeletons"][1] and v0["skeletons"][1]["hand_backs"] == [2, 3]
    play(s, "pick 2")
    assert any("draws Hustle [S, 2 bones] from the hand of Player 2" in x for x in s.log(0))


def test_redraw_after_a_reshuffle_keeps_the_draw_pile_within_the_old_discard_pile() -> None:
    # RB: "If the drawing pile ist empty, then shuffel the discard pile and build the new
    # drawing pile with these cards."; the discard pile lies face up (A-D28), so every seat
    # knows the new draw pile holds only its cards (less those drawn since): a redraw keeps it so.
    full = Counter(c.index for c in CARDS for _ in range(c.count))
    discard = [k("kick")] * 8 + [k("beat")] * 6
    hands = [
        [k("kick")],
        sorted(map(k, ["skull", "dodge", "snatch", "patch"])),
        sorted(map(k, ["pot", "hold", "cake", "follow"])),
    ]
    lay = [k("patch"), -1, -1]  # Bone patches with every limb whole: no effect, draws two
    rest = full - Counter(discard + [c for h in hands for c in h] + [lay[0]])
    s = GAME.position(
        3,
        {
            "pos": [10, 12, 14],
            "arms": [2] * 3,
            "legs": [2] * 3,
            "fest": [[], [], []],
            "home": [0] * 3,
            "hands": hands,
            "draw": [],
            "discard": discard,
            "rebuilt": [],
            "not_only_reaction": [False] * 3,
            "dens": [sorted(rest.elements()), [], []],  # everything else is buried: the pile is empty
            "den_fest": [[], [], []],
            "stock": [2, 2, 2],
            "spare": 3,
            "dog": 30,
            "gd": 0,
            "round": 1,
            "order": [0, 1, 2],
            "lay": lay,
            "turn": [],
            "bag": [],
            "stack": [["endround"], ["resolve", 2], ["resolve", 1], ["resolve", 0]],
            "ended": False,
        },
        seed=1,
    )
    assert isinstance(s, MuertosState)
    play(s, "reveal")
    assert "The discard pile is shuffled into a new draw pile." in s.log(0)
    known = Counter([*discard, k("patch")]) - Counter([k("kick"), k("beat")])  # what P1 drew
    assert Counter(s.draw) == known
    for i in range(200):
        d = s.determinize(0, random.Random(i))
        assert d.view(0) == s.view(0)
        assert isinstance(d, MuertosState)
        assert not Counter(d.draw) - known, sorted(Counter(d.draw).items())


def _only_reactions(s: MuertosState, p: int) -> bool:
    return all(CARDS[c].reaction for c in [*s.hands[p], *([s.lay[p]] if s.lay[p] >= 0 else [])])


def test_redraw_keeps_a_card_other_than_a_reaction_card_where_no_swap_was_forced() -> None:
    # RB phase 4: "A player who has at the end of a round only reaction cards on the hand …
    # must discard all these hand cards": whoever was not made to swap holds another card, and
    # every seat saw it (A-D28). Player 3's one 3-bone card is no Dodge, until it leaves him.
    s = table(
        players=3, pos=[5, 6, 7], hands=[["kick", "beat"], ["kick", "beat"], ["snatch"]], stack=[["endround"]]
    )
    assert s.not_only_reaction == [True, True, True]
    play(s, "keep", "keep")  # Player 3 holds one card: nothing to swap
    play(s, "lay kick", "lay kick")  # his one card is laid by itself, face down: still his
    assert s.not_only_reaction == [True, True, True] and s.hands[2] == [] and s.lay[2] == k("snatch")
    for seat in (0, 1):
        for i in range(400):
            d = s.determinize(seat, random.Random(i))
            assert isinstance(d, MuertosState)
            assert d.view(seat) == s.view(seat)
            assert not any(_only_reactions(d, p) for p in range(3) if p != seat), (seat, i, d.hands, d.lay)
    play(s, "move")  # Player 1's laid Kicking leaves him face up: it may have been his only other card
    assert s.not_only_reaction == [False, True, True]
