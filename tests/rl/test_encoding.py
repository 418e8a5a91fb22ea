"""The games' RL encodings: every legal action is enumerated, observations are fixed-size
numbers in [0, 1] built only from the seat's view (nothing hidden leaks)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import muertos
from muertos.rl.codec import codec, encoding_module

OPTION_SETS: list[tuple[str, int, dict[str, Any]]] = [
    (gid, n, {})
    for gid in muertos.game_ids()
    for n in range(muertos.game(gid).min_players, muertos.game(gid).max_players + 1)
]
OPTION_SETS += [
    ("ofrenda", 3, {"common_goals": True, "hidden_hands": True}),
    ("ofrenda", 2, {"hidden_hands": True}),
    ("die-of-the-dead", 3, {"exclusive_squares": True, "same_urns": True}),
    ("die-of-the-dead", 5, {"exclusive_squares": True}),
    ("patzcuaro", 3, {"language": "es"}),
]
GAMES_PER_CONFIG = 2


def _opts(gid: str, n: int, opts: dict[str, Any]) -> dict[str, Any]:
    if gid == "dia-de-los-muertos" and n > 3:
        return {"round_limit": 15, **opts}
    return opts


@pytest.mark.parametrize(("gid", "n", "opts"), OPTION_SETS, ids=lambda x: str(x))
def test_random_games_stay_inside_the_encoding(gid: str, n: int, opts: dict[str, Any]) -> None:
    opts = _opts(gid, n, opts)
    c = codec(gid, n, opts)
    assert len(set(c.actions)) == c.num_actions
    assert all(a == " ".join(a.split()) for a in c.actions)
    g = muertos.game(gid)
    for seed in range(GAMES_PER_CONFIG):
        s = g.new(n, seed=seed, options=opts)
        rng = random.Random(seed)
        step = 0
        while not s.over:
            legal = s.legal_actions()
            idx = c.legal_indices(s)  # KeyError names any action missing from the enumeration
            assert [c.actions[i] for i in idx] == legal
            if step % 7 == 0:
                for seat in range(n):
                    obs = c.observe(s, seat)
                    assert len(obs) == c.observation_size
                    assert all(0.0 <= x <= 1.0 for x in obs), (gid, seat)
            s.apply(rng.choice(legal))
            step += 1
        obs = c.observe(s, 0)
        assert len(obs) == c.observation_size


@pytest.mark.parametrize("gid", muertos.game_ids())
def test_action_space_is_stable_and_documented(gid: str) -> None:
    g = muertos.game(gid)
    module = encoding_module(g)
    assert module.__doc__ and "ACTION SPACE" in module.__doc__ and "OBSERVATION" in module.__doc__
    n = max(2, g.min_players)
    assert module.action_space(n, g.check_options(n, {})) == module.action_space(n, g.check_options(n, {}))


@pytest.mark.parametrize(
    ("gid", "n"), [(gid, max(2, muertos.game(gid).min_players)) for gid in muertos.game_ids()]
)
def test_observation_depends_only_on_the_view(gid: str, n: int) -> None:
    """Two states that look the same from a seat (a determinization) observe the same."""
    g = muertos.game(gid)
    c = codec(gid, n)
    rng = random.Random(5)
    differ = 0
    for seed in range(3):
        s = g.new(n, seed=seed)
        for _ in range(40):
            if s.over:
                break
            for seat in range(n):
                d = s.determinize(seat, random.Random(rng.random()))
                assert d.view(seat) == s.view(seat)
                assert c.observe(d, seat) == c.observe(s, seat)
                other = (seat + 1) % n
                differ += c.observe(d, other) != c.observe(s, other)
            s.apply(rng.choice(s.legal_actions()))
    if g.hidden_information:
        # the redraw is real: another seat's observation of the redrawn state does change
        assert differ > 0


def test_observation_is_a_pure_function_of_the_view() -> None:
    s = muertos.game("ofrenda").new(2, seed=3)
    c = codec("ofrenda", 2)
    view = s.view(1)
    assert c.observe_view(view, 1) == c.observe(s, 1)
    assert c.observe(s, 0) != c.observe(s, 1)


def test_ofrenda_observation_carries_the_lit_sides_the_table_sees() -> None:
    """Ofrenda's setup: the deck lies "lit side face up" and players hold their hands
    "keeping the unlit side to themselves" (steps 3 and 8), so a seat sees the colour and
    offering of the deck's top card and of each card dealt to another hand: its observation
    holds them, and tells apart views that differ only there."""
    import copy

    s = muertos.game("ofrenda").new(2, seed=3)
    c = codec("ofrenda", 2)
    view = s.view(1)
    base = c.observe_view(view, 1)
    other = {"colour": "PINK", "offering": "SALT"}
    assert view["seats"][0]["hand_faces"][0] != other and view["deck_top"] != other
    for where in ("hand", "top"):
        v = copy.deepcopy(view)
        if where == "hand":
            v["seats"][0]["hand_faces"][0] = other
        else:
            v["deck_top"] = other
        assert c.observe_view(v, 1) != base, where
    hidden = muertos.game("ofrenda").new(2, seed=3, options={"hidden_hands": True})
    assert c.observe(hidden, 1) != base  # the hands' lit sides out of view
