"""The engine's conformance checks, for every player count and option combination."""

from __future__ import annotations

import copy
import dataclasses
from typing import Any

import pytest

from muertos.engine.actions import Actions
from muertos.engine.conformance import ConformanceError, check_game, check_with_hypothesis
from muertos.games.ofrenda import GAME

NO = {"common_goals": False, "hidden_hands": False}
GOALS = {"common_goals": True, "hidden_hands": False}
HIDDEN = {"common_goals": False, "hidden_hands": True}
BOTH = {"common_goals": True, "hidden_hands": True}

# (players, options, seeds, deep): deep games are checked exhaustively at every position,
# which costs about 0.5 s (solo) to 3 s (4 players) a game here; the rest get the cheap
# checks. Hidden hands (the hands' lit sides out of view) run on fewer seeds to keep the
# suite fast.
CASES: list[tuple[int, dict[str, Any], int, int]] = [
    (1, NO, 200, 3),
    (1, HIDDEN, 50, 1),
    (2, NO, 200, 3),
    (2, GOALS, 200, 2),
    (2, HIDDEN, 50, 1),
    (2, BOTH, 50, 1),
    (3, NO, 200, 2),
    (3, GOALS, 200, 1),
    (3, HIDDEN, 50, 1),
    (3, BOTH, 50, 1),
    (4, NO, 200, 1),
    (4, GOALS, 200, 1),
    (4, HIDDEN, 50, 1),
    (4, BOTH, 50, 1),
]


@pytest.mark.parametrize(("players", "options", "seeds", "deep"), CASES)
def test_conformance(players: int, options: dict[str, Any], seeds: int, deep: int) -> None:
    check_game(GAME, players, options, seeds=seeds, deep=deep)


@pytest.mark.parametrize(("players", "options"), [(p, o) for p, o, _, _ in CASES if o in (NO, GOALS)])
def test_hypothesis(players: int, options: dict[str, Any]) -> None:
    check_with_hypothesis(GAME, players, options, max_examples=20)


def test_a_closed_kind_is_proven_on_one_move_and_its_faults_are_still_caught(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The action table's check proves one move of a kind closed in the phase (the engine refuses
    them all with the kind's ``closed`` sentence, before its check): a kind whose moves do not
    read back as themselves is still caught where it is closed, at the first position."""
    table = GAME.state_class.ACTIONS
    skip = next(k for k in table.kinds if k.verb == "skip")  # open in the token phase alone

    def misspelled(state: Any) -> list[Any]:
        return [dataclasses.replace(m, text=f"skipp {m.text.split()[1]}") for m in skip.every(state)]

    kinds = [dataclasses.replace(k, every=misspelled) if k is skip else k for k in table.kinds]
    faulty = copy.copy(table)
    Actions.__init__(faulty, *kinds, phase=table.phase, unread=table.unread)
    monkeypatch.setattr(GAME.state_class, "ACTIONS", faulty)
    s = GAME.new(2, 1)
    assert s.phase == "take"  # skip is closed here
    with pytest.raises(
        ConformanceError, match=r"after 0 actions: the refusal of 'skipp J1' is not its check's: an action is"
    ):
        check_game(GAME, 2, NO, seeds=1, deep=1)
