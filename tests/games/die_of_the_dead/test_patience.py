"""Bots do not stall a game that only a completed ofrenda ends.

"If any player has completed all the sections of their ofrenda the game is over": the rules
have no other end (A-DD26 ends a game only when no die can ever be placed). Two search bots
once passed the free ascension of an empty casket back and forth for ever instead of placing
their last dice. ``stall_244.json`` is that game (2 players, seed 244, ``ismcts:150`` in both
seats, seeded by ``seat_seed``) up to the decision where its 20th round without an offering
is open: every preparation board full, every ofrenda missing only Bread, the City empty.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from muertos.agents import GreedyAgent, ISMCTSAgent
from muertos.engine import State
from muertos.games.die_of_the_dead import GAME, heuristics
from muertos.games.die_of_the_dead.rules import DieOfTheDeadState
from muertos.match import seat_seed

STALL = json.loads((Path(__file__).parent / "stall_244.json").read_text())
OFFERINGS = [
    "move g5* to 11",
    "move g5* to 12",
    "move y5* to 11",
    "move y5* to 12",
    "move px to 11",
    "move px to 12",
]


def _replayed(actions: list[str]) -> DieOfTheDeadState:
    s = GAME.new(2, 244)
    for a in actions:
        s.apply(a)
    assert isinstance(s, DieOfTheDeadState)
    return s


def _filled(s: DieOfTheDeadState) -> int:
    return sum(c >= 0 for cells in s.ofrenda for c in cells)


def test_rounds_without_an_offering_read_off_the_history() -> None:
    s = _replayed([])
    setup = ["put y in 1", "put r in 2", "put r in 3", "put g in 4", "put b in 1", "put g in 2", "put b in 3"]
    s.history = [*setup, "put b in 4", "open 2", "draft r4 to 10", "pay b* on 4", "take"]
    assert heuristics.rounds_without_an_offering(s) == 0  # the draft's own round is not quiet
    s.history += ["open 2", "pass", "ascend", "open 3", "draft p2", "place prep", "pay b* on 2"]
    assert heuristics.rounds_without_an_offering(s) == 2  # a die to the preparation board is none
    for offering in (["move rx to 4"], ["draft b3", "place 2", "pay g* on 1"], ["marigold yx to 6"]):
        assert heuristics.rounds_without_an_offering(_with(s, offering)) == 0, offering
    assert heuristics.rounds_without_an_offering(_with(s, ["move rx to 4", "open 1"])) == 1


def _with(s: DieOfTheDeadState, more: list[str]) -> DieOfTheDeadState:
    t = _replayed([])
    t.history = [*s.history, *more]
    return t


def test_the_stalled_game_is_the_one_recorded() -> None:
    s = _replayed(STALL)
    assert (s.round, s.to_move, s.steps) == (42, 1, [14, 19])
    assert all(len(p) == 3 for p in s.prep) and not any(s.city)
    assert [[i + 1 for i, c in enumerate(cells) if c < 0] for cells in s.ofrenda] == [[11], [11, 12]]
    assert heuristics.rounds_without_an_offering(s) == heuristics.PATIENCE == 20
    assert s.legal_actions() == [*OFFERINGS, "ascend"]


def test_after_twenty_quiet_rounds_a_bot_places_a_die() -> None:
    s = _replayed(STALL)
    assert heuristics.urgent(s, 1, s.legal_actions()) == OFFERINGS
    for agent in (ISMCTSAgent(seat_seed(244, 1), iterations=150), GreedyAgent(3)):
        assert agent.act(s, 1) in OFFERINGS
    # One decision earlier the bot was still free: 19 quiet rounds, the urge is not yet there.
    earlier = _replayed(STALL[:-4])
    assert heuristics.rounds_without_an_offering(earlier) == 19
    assert earlier.to_move is not None
    assert heuristics.urgent(earlier, earlier.to_move, earlier.legal_actions()) is None
    # Nor is a solo game ever urged: it ends when the City is empty.
    solo = GAME.new(1, 5)
    solo.history = ["open 1", "pass"] * 30
    assert solo.to_move is not None
    assert heuristics.urgent(solo, solo.to_move, solo.legal_actions()) is None


def _play(s: State, limit: int) -> int:
    agents = [ISMCTSAgent(seat_seed(244, k), iterations=150) for k in range(2)]
    for n in range(limit):
        seat = s.to_move
        if seat is None:
            return n
        s.apply(agents[seat].act(s, seat))
    return limit


def test_without_the_urge_the_search_bots_stall(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(heuristics, "urgent", lambda st, seat, legal: None)
    s = _replayed(STALL)
    before = _filled(s)
    assert _play(s, 120) == 120
    assert _filled(s) == before and not s.over  # 120 actions and no die on any ofrenda


def test_with_it_the_stalled_game_ends() -> None:
    s = _replayed(STALL)
    _play(s, 200)
    assert s.over
    assert s.events[-1].kind == "end" and "completed the ofrenda" in s.events[-1].text
