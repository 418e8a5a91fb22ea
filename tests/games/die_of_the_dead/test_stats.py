"""The designer statistics of a finished game add up to what the game scored."""

from __future__ import annotations

import pytest

import muertos
from muertos.games.die_of_the_dead.notation import ITEM_NAMES


@pytest.mark.parametrize("players", [1, 2, 5])
def test_steps_by_source_add_up(players: int) -> None:
    for seed in range(8):
        rec = muertos.play("die-of-the-dead", seats=["random"] * players, seed=seed)
        st = rec.replay().stats()
        by_section = sum(float(st[f"steps_{name.lower()}"]) for name in ITEM_NAMES)
        assert st["steps"] == pytest.approx(sum(rec.scores) / players)
        assert st["steps"] == pytest.approx(by_section + float(st["steps_other"]))
        assert float(st["steps_other"]) >= 0  # token sets and bonuses only ever add steps
        assert 0 <= float(st["sections_scored"]) <= 4
        # a section scores at most 4 steps (the rules' cap)
        assert all(float(st[f"steps_{n.lower()}"]) <= 4 for n in ITEM_NAMES)
