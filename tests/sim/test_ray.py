"""The Ray backend gives the same records as local processes (a local Ray instance).

Skipped only where Ray cannot be imported, and never in CI (which installs it)."""

from __future__ import annotations

import logging
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from muertos.sim import SimConfig, simulate

from .conftest import assert_same_records

if os.environ.get("CI"):
    import ray
else:
    ray = pytest.importorskip("ray")


@pytest.fixture(scope="module")
def local_ray() -> Iterator[Any]:
    ray.init(num_cpus=2, include_dashboard=False, logging_level=logging.WARNING)
    yield ray
    ray.shutdown()


def test_ray_backend_gives_the_same_records(
    local_ray: Any, reference: Path, config: SimConfig, tmp_path: Path
) -> None:
    res = simulate(config, tmp_path / "ray", backend="ray", chunk_size=4, quiet=True)
    assert res.written == config.games and local_ray.is_initialized()  # a running instance is reused
    assert_same_records(tmp_path / "ray", reference)
    # Resuming a Ray run with local processes (and the reverse) is the same run.
    again = simulate(config, tmp_path / "ray", jobs=2, quiet=True)
    assert again.written == 0
