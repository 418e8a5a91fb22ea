"""Analysis works for every game at every seat count: each decision judged from its own
seat's information, the verdicts from the one table, a curve for every seat, JSON-ready."""

from __future__ import annotations

import json
import random

import pytest

import muertos
from muertos.analysis import VERDICTS, Budget, analyze_game

SETTINGS = [
    (gid, p)
    for gid in muertos.game_ids()
    for p in range(muertos.game(gid).min_players, muertos.game(gid).max_players + 1)
]
MOVES = 10
"""Random moves played before the analysis: enough decisions of several seats, and quick."""


@pytest.mark.parametrize(("gid", "players"), SETTINGS, ids=[f"{g}-{p}" for g, p in SETTINGS])
def test_a_game_in_progress_is_judged_at_every_seat_count(gid: str, players: int) -> None:
    s = muertos.game(gid).new(players, seed=3)
    rnd = random.Random(3)
    for _ in range(MOVES):
        if s.over:
            break
        s.apply(rnd.choice(s.legal_actions()))
    a = analyze_game(s, Budget(30), seed=1)  # enough iterations to try every move searched
    assert [d.action for d in a.decisions] == s.history
    judged = [d for d in a.decisions if d.judgement is not None]
    assert judged, "no decision with a choice to judge"
    assert {d.judgement.verdict for d in judged} <= set(VERDICTS)  # type: ignore[union-attr]
    data = json.loads(json.dumps(a.to_json()))
    assert sorted(int(k) for k in data["curves"]) == list(range(players))
    assert len(data["summary"]) == players
