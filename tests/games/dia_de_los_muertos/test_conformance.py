"""The engine's conformance checks for every player count.

Random players never bring this race home (they wander, and the red lane needs five
festivity cards), so random games run to the round limit (rules map A-D21). The deep checks
(JSON, replay, determinize at every position) cost time quadratic in the game's length,
so they run on games cut short by the ``round_limit`` option; full-length random games
get the cheaper checks. ``test_late_game_positions`` adds deep checks of positions with
the lane open, the gravedigger placed and skeletons in the goal, reached by a simple
goal-seeking player. Hypothesis compares whole states at every step, so it also plays
short games.
"""

from __future__ import annotations

import random
from collections import deque

import pytest

from muertos.engine.conformance import _check_state, check_game, check_with_hypothesis
from muertos.games.dia_de_los_muertos import GAME
from muertos.games.dia_de_los_muertos.components import BOARD, FEST_AT_FIELD
from muertos.games.dia_de_los_muertos.rules import MuertosState

DEEP = {2: 3, 3: 2, 4: 2, 5: 2, 6: 1}
SHORT = {"round_limit": 6}


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_conformance_short_games(players: int) -> None:
    check_game(GAME, players, SHORT, seeds=200, deep=DEEP[players])


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_conformance_full_games(players: int) -> None:
    check_game(GAME, players, None, seeds=12, deep=0, first_seed=1000)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_hypothesis(players: int) -> None:
    # Hypothesis compares whole states at every step: short games keep it fast.
    check_with_hypothesis(GAME, players, SHORT, max_examples=20)


def _steps_to(target: int) -> dict[int, int]:
    rev: list[list[int]] = [[] for _ in range(BOARD.size)]
    for u in range(BOARD.size):
        for v in BOARD.skel_out[u]:
            rev[v].append(u)
    d = {target: 0}
    q = deque([target])
    while q:
        u = q.popleft()
        for w in rev[u]:
            if w not in d:
                d[w] = d[u] + 1
                q.append(w)
    return d


TO = {f: _steps_to(f) for f in (*FEST_AT_FIELD, BOARD.goal)}


def _aim(s: MuertosState, me: int) -> int:
    wanted = [f for f, k in FEST_AT_FIELD.items() if k not in s.fest[me] and s.stock[k] > 0]
    if wanted and not (s.view(None)["lane_open"] and s.fest[me]):
        return min(wanted, key=lambda f: TO[f].get(s.pos[me], 99))
    return BOARD.goal


def _policy(s: MuertosState, rnd: random.Random) -> str:
    legal = s.legal_actions()
    me = s.to_move
    assert me is not None
    kind = s.stack[-1][0]
    if kind == "swap":
        return "keep"
    if kind == "resolve" and "move" in legal and rnd.random() < 0.7:
        return "move"
    if kind == "movement":
        target = _aim(s, me)
        d = TO[target]
        here = d.get(s.pos[me], 99)
        walks = [a for a in legal if a.startswith("walk ") and d.get(int(a.split()[1]), 99) < here]
        if walks:
            return min(walks, key=lambda a: d.get(int(a.split()[1]), 99))
        dogs = [a for a in legal if a.startswith("dog ") and "bite" not in a]
        if dogs and rnd.random() < 0.5:
            return rnd.choice(dogs)
        return "end"
    return rnd.choice(legal)


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (4, 1)])
def test_late_game_positions(players: int, seed: int) -> None:
    """Deep checks where the lane is open and skeletons have arrived: every sixth position,
    and the first of each kind of decision."""
    s = GAME.new(players, seed, {"round_limit": 100})
    assert isinstance(s, MuertosState)
    rnd = random.Random(seed)
    checked = 0
    seen_kinds: set[str] = set()
    i = 0
    while not s.over:
        late = s.view(None)["lane_open"]
        if late and (i % 6 == 0 or s.stack[-1][0] not in seen_kinds):
            _check_state(s, f"late game players={players} seed={seed} after {i}", rnd, deep=True)
            checked += 1
            seen_kinds.add(s.stack[-1][0])
        s.apply(_policy(s, rnd))
        i += 1
    assert checked >= 5
    assert any(s.home)
    assert {"movement", "resolve", "commit"} <= seen_kinds
