"""The bots' estimate and playout policy: the solo refinements (candle chances, open
Candle/Marigold slots, the heuristic playout)."""

from __future__ import annotations

import random

from muertos.games.ofrenda.components import FEATURE_INDEX, NFEAT, SLOT_IDS
from muertos.games.ofrenda.heuristics import _candle_chance, estimates, evaluate, placement_fit, rollout
from muertos.games.ofrenda.rules import OfrendaState

from .helpers import C, J, K, S, give_candles, new, set_board, set_hand, sync_turns


def _counts(**features: int) -> list[int]:
    counts = [0] * NFEAT
    for name, n in features.items():
        counts[FEATURE_INDEX[name]] = n
    return counts


def test_candle_chance_follows_what_is_still_possible() -> None:
    four_blue = K("K01")  # FOUR_OF BLUE
    assert _candle_chance(four_blue, _counts(BLUE=4), 0, 0, 0, 0) == 1.0
    assert _candle_chance(four_blue, _counts(BLUE=3), 0, 0, 0, 0) == 0.0  # nothing left to place
    assert _candle_chance(four_blue, _counts(BLUE=1), 0, 0, 2, 0) == 0.0  # 3 more needed, 2 to come
    near = _candle_chance(four_blue, _counts(BLUE=3), 0, 0, 3, 0)
    far = _candle_chance(four_blue, _counts(BLUE=1), 0, 0, 3, 0)
    assert 0.0 < far < near < 1.0
    colours = K("K21")  # FULL_SET colours
    full = _counts(BLUE=1, GREEN=1, PINK=1, PURPLE=1, YELLOW=1)
    assert _candle_chance(colours, full, 0, 0, 0, 0) == 1.0
    assert _candle_chance(colours, _counts(BLUE=2, GREEN=1), 0, 0, 2, 0) == 0.0  # 3 colours missing
    on_ofrenda = K("K23")  # 4+ marigolds on the Ofrenda
    assert _candle_chance(on_ofrenda, _counts(), 4, 0, 0, 0) == 1.0
    assert _candle_chance(on_ofrenda, _counts(), 2, 5, 6, 1) == 0.0  # one open slot for two marigolds
    assert 0.0 < _candle_chance(on_ofrenda, _counts(), 2, 5, 6, 2) < 1.0
    storage = K("K25")  # 3+ marigolds in storage at the end
    held = [_candle_chance(storage, _counts(), 0, mg, 5, 0) for mg in (0, 2, 3)]
    assert held[0] < held[1] < held[2]


def _solo_play() -> OfrendaState:
    """Solo, turn 5, in the play phase: four portraits around S1-S5, J1 (candle) and J2
    (marigold) are surrounded by a portrait in S5."""
    s = new(1, seed=4)
    set_board(s, 0, {"S1": "P01", "S4": "P02", "S2": "P03", "S3": "P30"})
    set_hand(s, 0, ["P05", "P20", "P21"])
    s.mg[0] = 4
    sync_turns(s)
    s.apply("take 1")
    if s.phase == "candle":
        s.apply("no candle")
    assert s.phase == "play"
    return s


def _after(s: OfrendaState, *actions: str) -> OfrendaState:
    c = s.clone()
    for a in actions:
        c.apply(a)
    assert isinstance(c, OfrendaState)
    return c


def test_solo_estimate_fills_a_surrounded_marigold_slot() -> None:
    s = _after(_solo_play(), "place P05 S5")
    assert s.pending == [J("J2")]  # no candle held: J1 is passed over
    # The slot is open only now: a marigold there is worth its neighbours, while one kept
    # in storage is worth what the next open slot would give it.
    assert evaluate(_after(s, "marigold J2"), 0) > evaluate(_after(s, "skip J2"), 0)


def test_solo_estimate_tells_a_reachable_candle_from_a_lost_one() -> None:
    s = _solo_play()
    s.mg[0] = 0  # marigolds only as currency here
    reachable = s.clone()
    assert isinstance(reachable, OfrendaState)
    give_candles(reachable, 0, ["K01"])  # FOUR_OF BLUE: two blue portraits already, 8 to place
    lost = s.clone()
    assert isinstance(lost, OfrendaState)
    give_candles(lost, 0, ["K23"])  # 4 marigolds on the Ofrenda, with none to place
    assert estimates(reachable)[0] > estimates(lost)[0]
    # With several seats a stored candle keeps its flat value: the two estimates agree.
    two = [new(2, seed=4), new(2, seed=4)]
    give_candles(two[0], 0, ["K01"])
    give_candles(two[1], 0, ["K23"])
    two[1].mg[0] = two[0].mg[0] = 0
    assert estimates(two[0])[0] == estimates(two[1])[0]


def test_solo_rollout_places_tokens_and_takes_the_free_candle() -> None:
    s = _solo_play()
    give_candles(s, 0, ["K01"])
    s = _after(s, "place P05 S5")
    assert s.pending == [J("J1"), J("J2")]
    for seed in range(20):
        assert rollout(s, random.Random(seed)) == "candle K01 J1"
    t = new(1, seed=2)
    t.apply("take 2")
    assert t.phase == "candle" and "candle 2" in t.legal_actions()
    assert {rollout(t, random.Random(seed)) for seed in range(20)} == {"candle 2"}


def test_solo_rollout_does_not_break_an_objective_when_a_slot_is_free() -> None:
    s = new(1, seed=4)
    set_board(s, 0, {"S1": "P03"})  # NONE_OF(CALAVERA, WATER)
    sync_turns(s)
    s.apply("take 1")
    if s.phase == "candle":
        s.apply("no candle")
    set_hand(s, 0, ["P02", "P09", "P16"])  # all water
    s._legal = None
    around = {SLOT_IDS[n] for n in (S("S2"), S("S4"), S("S5"))}
    for p in ("P02", "P09", "P16"):
        assert placement_fit(s, 0, C(p), S("S2")) < 0 == placement_fit(s, 0, C(p), S("S12"))
    for seed in range(40):
        a = rollout(s, random.Random(seed))
        assert a.startswith("place ") and a.split()[2] not in around


def test_multiplayer_rollout_leaves_the_playout_to_the_search() -> None:
    """With several seats the solo policy has no opinion: the search's own heuristic
    playout (best of a sample by the evaluation) plays."""
    s = new(2, seed=3)
    assert rollout(s, random.Random(0)) is None
    assert rollout(new(1, seed=3), random.Random(0)) is not None


def test_solo_tokens_held_early_have_slots_to_go_to() -> None:
    s = new(1, seed=5)  # nothing placed yet: every slot is open, every turn still to play
    bare = estimates(s)[0]
    give_candles(s, 0, ["K01"])
    with_candle = estimates(s)[0]
    s.mg[0] += 1
    assert bare < with_candle < estimates(s)[0]
