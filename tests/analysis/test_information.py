"""The analysis of a seat reads only what that seat knows: two states it cannot tell apart
(one a determinization of the other: every hidden card redrawn) get the same judgement."""

from __future__ import annotations

import random

import pytest

import muertos
from muertos.analysis import Budget, analyze_position

SETTINGS = [(gid, max(2, muertos.game(gid).min_players)) for gid in muertos.game_ids()] + [("ofrenda", 1)]
OPENING = {"die-of-the-dead": 5}
"""Random actions before the position judged, by game (else 9): Die of the Dead hides only
the setup dice put in secret, all revealed before its first round; after 5 of 2 players'
8, the seat to move has not seen the other's 4."""


@pytest.mark.parametrize(("gid", "players"), SETTINGS)
def test_hidden_information_changes_nothing(gid: str, players: int) -> None:
    s = muertos.game(gid).new(players, 11)
    rnd = random.Random(11)
    for _ in range(OPENING.get(gid, 9)):
        s.apply(rnd.choice(s.legal_actions()))
    while len(s.legal_actions()) < 2:
        s.apply(s.legal_actions()[0])
    seat = s.to_move
    assert seat is not None
    twin = s.determinize(seat, random.Random(99))
    assert twin.view(seat) == s.view(seat)
    if muertos.game(gid).hidden_information:
        assert twin.position() != s.position(), "the twin redraws what the seat cannot see"
    action = s.legal_actions()[-1]
    a = analyze_position(s, seat, Budget(40), 3, action)
    assert analyze_position(twin, seat, Budget(40), 3, action).to_json() == a.to_json()
