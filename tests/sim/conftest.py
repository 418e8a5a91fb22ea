"""A small reference run shared by the simulation tests: the first game in the registry
(Ofrenda once it exists), two seats (or its minimum), a random and a greedy agent."""

from __future__ import annotations

from pathlib import Path

import pytest

from muertos.engine import game, game_ids
from muertos.sim import SimConfig, simulate

GID = game_ids()[0]
GAME = game(GID)
PLAYERS = min(max(2, GAME.min_players), GAME.max_players)
AGENTS = "random,greedy"
N = 12


def assert_same_records(a: Path, b: Path) -> None:
    """Two simulation directories hold the same records (all but the timing columns)."""
    import pandas as pd  # type: ignore[import-untyped]

    from muertos.sim import load_frame
    from muertos.sim.store import TIMING

    fa, fb = (load_frame(d).drop(columns=list(TIMING)) for d in (a, b))
    pd.testing.assert_frame_equal(fa, fb, check_exact=True)


@pytest.fixture(scope="session")
def config() -> SimConfig:
    return SimConfig.make(GID, PLAYERS, AGENTS, N, seed=5)


@pytest.fixture(scope="session")
def reference(config: SimConfig, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The uninterrupted run, in this process, in chunks of 5."""
    out = tmp_path_factory.mktemp("sim") / "reference"
    res = simulate(config, out, quiet=True, chunk_size=5)
    assert res.written == N and res.complete and not res.stopped
    return out
