"""The greedy bot's fast paths give the very numbers of the plain way (issue 21).

``State.after`` is a clone and an ``apply``; ``Game.action_values`` (a game's heuristics may
answer it themselves) is ``evaluate(state.after(a), seat)`` for each action; ``State.COPY``
(how ``clone`` may copy each field) holds in every position, so no clone shares a list with
its original. Checked along whole games of every game, random and greedy, at every seat count.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

import muertos
from muertos.engine import Game, IllegalAction, State
from muertos.engine.conformance import snapshot

CASES = [
    (gid, n)
    for gid in muertos.game_ids()
    for n in range(muertos.game(gid).min_players, muertos.game(gid).max_players + 1)
]


def positions(
    g: Game, players: int, seed: int, every: int = 1, options: dict[str, Any] | None = None
) -> Iterator[State]:
    """Every ``every``-th decision of a game, half of the moves greedy, half random."""
    s = g.new(players, seed, options)
    rnd = random.Random(seed)
    greedy = muertos.agent("greedy", seed=seed)
    k = 0
    while not s.over:
        if k % every == 0:
            yield s
        seat = s.to_move
        assert seat is not None
        legal = s.legal_actions()
        a = greedy.act(s, seat) if rnd.random() < 0.5 else legal[rnd.randrange(len(legal))]
        s.apply(a)
        k += 1
    yield s


def decisions(g: Game, players: int, seed: int) -> Iterator[tuple[State, int, list[str]]]:
    """Every decision of ``positions``: the state, the seat to move and its legal actions."""
    for s in positions(g, players, seed):
        if s.over:
            continue
        seat = s.to_move
        assert seat is not None
        yield s, seat, s.legal_actions()


def plain_values(state: State, seat: int, actions: list[str]) -> list[float]:
    """What the greedy bot computed before issue 21: clone, apply, evaluate."""
    out = []
    for a in actions:
        c = state.clone()
        c.apply(a)
        out.append(state.game.evaluate(c, seat))
    return out


def check_action_values(
    action_values: Callable[[State, int, list[str]], list[float]],
    g: Game,
    players: int,
    seeds: range,
    options: dict[str, Any] | None = None,
) -> list[State]:
    """``action_values`` (a game's own) against ``plain_values`` for every seat, on a
    determinization of every position of the games of ``seeds``, and that it leaves the
    state as it was; the determinizations asked about, for the caller to count."""
    rnd = random.Random(len(seeds))
    asked = []
    for seed in seeds:
        for s in positions(g, players, seed, options=options):
            seat = s.to_move
            if seat is None:
                continue
            d = s.determinize(seat, rnd)
            legal = d.legal_actions()
            before = snapshot(d)
            for who in range(players):
                assert action_values(d, who, legal) == plain_values(d, who, legal)
            assert snapshot(d) == before, "action_values changed the state it was asked about"
            asked.append(d)
    return asked


def check_evaluate_matches(
    gid: str, players: int, evaluate: Callable[[Any, int], float], reference: Callable[[Any, int], float]
) -> None:
    """A game's faster ``evaluate`` gives exactly the reference's numbers (the module as it
    was), for every seat, on determinizations and their children along whole games, random
    and greedy."""
    g = muertos.game(gid)
    rnd = random.Random(players)
    for seed in range(3):
        s = g.new(players, seed)
        greedy = muertos.agent("greedy", seed=seed)
        while True:
            for seat in range(players):
                d = s.determinize(seat, rnd)
                for c in [d, *(d.after(a) for a in d.legal_actions()[:12])]:
                    assert evaluate(c, seat) == reference(c, seat)
            if s.over:
                break
            seat = s.to_move
            assert seat is not None
            legal = s.legal_actions()
            s.apply(greedy.act(s, seat) if seed % 2 else legal[rnd.randrange(len(legal))])


@pytest.mark.parametrize(("gid", "players"), CASES)
def test_action_values_are_the_evaluations_after_each_action(gid: str, players: int) -> None:
    g = muertos.game(gid)
    rnd = random.Random(5)
    for seed in (1,):
        for s, seat, legal in decisions(g, players, seed):
            d = s.determinize(seat, rnd)
            before = snapshot(d)
            assert g.action_values(d, seat, legal) == plain_values(d, seat, legal)
            assert snapshot(d) == before, "action_values changed the state it was asked about"
            other = (seat + 1) % players
            assert g.action_values(d, other, legal) == plain_values(d, other, legal)


@pytest.mark.parametrize(("gid", "players"), CASES)
def test_determinized_values_are_the_values_on_a_determinization(gid: str, players: int) -> None:
    """``Game.determinized_values`` (the greedy bot's question; a game may skip redrawing what
    its values do not read) gives the values on ``determinize(seat, rng)`` drawn with the same
    ``rng``, leaves ``rng`` as ``determinize`` does and the state unchanged: where a game
    values a position without redrawing, it read nothing a determinization would change."""
    g = muertos.game(gid)
    for seed in (2, 3):
        for s, seat, legal in decisions(g, players, seed):
            before = snapshot(s)
            for k in range(2):
                asked, plain = random.Random(k), random.Random(k)
                got = g.determinized_values(s, seat, legal, asked)
                assert got == g.action_values(s.determinize(seat, plain), seat, legal)
                assert asked.getstate() == plain.getstate()
            assert snapshot(s) == before, "determinized_values changed the state it was asked about"


@pytest.mark.parametrize(("gid", "players"), CASES)
def test_after_is_a_clone_with_the_action_applied(gid: str, players: int) -> None:
    g = muertos.game(gid)
    for s in positions(g, players, 3, every=3):
        if s.over:
            with pytest.raises(IllegalAction, match="the game is over"):
                s.after("pass")
            continue
        before = snapshot(s)
        legal = s.legal_actions()
        for a in legal[:: max(1, len(legal) // 6)]:
            c = s.clone()
            c.apply(a.upper())  # apply's way: another spelling read
            got = s.after(a)
            assert snapshot(got) == snapshot(c)
            assert got.legal_actions() == c.legal_actions()
            other = s.after(f"  {a.upper()} ")
            assert snapshot(other) == snapshot(c)
        assert snapshot(s) == before, "after changed the state it was asked about"
        with pytest.raises(IllegalAction):
            s.after("no such action at all")


def _containers(x: Any, out: set[int]) -> None:
    if type(x) in (list, dict):
        out.add(id(x))
        for v in x.values() if type(x) is dict else x:
            _containers(v, out)


def _depth(x: Any) -> int:
    if type(x) is list:
        return 1 + max((_depth(v) for v in x), default=0)
    if type(x) is dict:
        return 1 + max((_depth(v) for v in x.values()), default=0)
    return 0


@pytest.mark.parametrize(("gid", "players"), CASES)
def test_copy_declarations_hold_and_clones_share_nothing(gid: str, players: int) -> None:
    g = muertos.game(gid)
    cls = g.state_class
    for seed in (1,):
        for s in positions(g, players, seed):
            for f, depth in cls.COPY.items():
                v = getattr(s, f)
                assert _depth(v) <= depth, f"{gid}.{f} nests deeper than its COPY ({depth}): {v!r}"
                if depth >= 1:
                    assert type(v) in (list, dict), f"{gid}.{f} is declared a container: {v!r}"
                if depth == 2:
                    assert type(v) is list, f"{gid}.{f}: depth 2 is a list of containers, not {v!r}"
            c = s.clone()
            mine: set[int] = set()
            theirs: set[int] = set()
            for f in cls.FIELDS:
                _containers(getattr(s, f), mine)
                _containers(getattr(c, f), theirs)
            assert not mine & theirs, f"a clone of {gid} shares a list or dict with its original"
            assert c.to_json() == s.to_json()


@pytest.mark.parametrize("gid", muertos.game_ids())
def test_determinized_values_refuse_a_seat_not_at_the_table(gid: str) -> None:
    g = muertos.game(gid)
    s = g.new(g.max_players, 1)
    legal = s.legal_actions()
    for seat in (-1, g.max_players):
        with pytest.raises(ValueError, match="seat must be"):
            g.determinized_values(s, seat, legal, random.Random(0))
