"""The bots' estimate and playout policy: the solo refinements (candle chances, open
Candle/Marigold slots, the heuristic playout)."""

from __future__ import annotations

import random

from muertos.games.ofrenda.components import FEATURE_INDEX, NFEAT, SLOT_IDS
from muertos.games.ofrenda.heuristics import _candle_chance, estimates, evaluate, placement_fit, rollout
from muertos.games.ofrenda.rules import OfrendaState

from .helpers import C, J, K, S, arrange, new


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
    s = arrange(
        new(1, seed=4),
        boards={0: {"S1": "P01", "S4": "P02", "S2": "P03", "S3": "P30"}},
        hands={0: ["P05", "P20", "P21"]},
        mg={0: 4},
    )
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
    s = arrange(_solo_play(), mg={0: 0})  # marigolds only as currency here
    reachable = arrange(s, stored={0: ["K01"]})  # FOUR_OF BLUE: two blue portraits already, 8 to place
    lost = arrange(s, stored={0: ["K23"]})  # 4 marigolds on the Ofrenda, with none to place
    assert estimates(reachable)[0] > estimates(lost)[0]
    # With several seats a stored candle keeps its flat value: the two estimates agree.
    two = [arrange(new(2, seed=4), stored={0: [kid]}, mg={0: 0}) for kid in ("K01", "K23")]
    assert estimates(two[0])[0] == estimates(two[1])[0]


def test_solo_rollout_places_tokens_and_takes_the_free_candle() -> None:
    s = _after(arrange(_solo_play(), stored={0: ["K01"]}), "place P05 S5")
    assert s.pending == [J("J1"), J("J2")]
    for seed in range(20):
        assert rollout(s, random.Random(seed)) == "candle K01 J1"
    t = new(1, seed=2)
    t.apply("take 2")
    assert t.phase == "candle" and "candle 2" in t.legal_actions()
    assert {rollout(t, random.Random(seed)) for seed in range(20)} == {"candle 2"}


def test_solo_rollout_does_not_break_an_objective_when_a_slot_is_free() -> None:
    s = arrange(new(1, seed=4), boards={0: {"S1": "P03"}})  # NONE_OF(CALAVERA, WATER)
    s.apply("take 1")
    if s.phase == "candle":
        s.apply("no candle")
    s = arrange(s, hands={0: ["P02", "P09", "P16"]})  # all water
    around = {SLOT_IDS[n] for n in (S("S2"), S("S4"), S("S5"))}
    for p in ("P02", "P09", "P16"):
        assert placement_fit(s, 0, C(p), S("S2")) < 0 == placement_fit(s, 0, C(p), S("S12"))
    for seed in range(40):
        a = rollout(s, random.Random(seed))
        assert a is not None and a.startswith("place ") and a.split()[2] not in around


def test_multiplayer_rollout_leaves_the_playout_to_the_search() -> None:
    """With several seats the solo policy has no opinion: the search's own heuristic
    playout (best of a sample by the evaluation) plays."""
    s = new(2, seed=3)
    assert rollout(s, random.Random(0)) is None
    assert rollout(new(1, seed=3), random.Random(0)) is not None


def test_solo_tokens_held_early_have_slots_to_go_to() -> None:
    s = new(1, seed=5)  # nothing placed yet: every slot is open, every turn still to play
    with_candle = arrange(s, stored={0: ["K01"]})
    more = arrange(with_candle, mg={0: s.mg[0] + 1})
    assert estimates(s)[0] < estimates(with_candle)[0] < estimates(more)[0]
