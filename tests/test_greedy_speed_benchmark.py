"""The greedy speed benchmark's instruction counts: read from callgrind, the warm-up taken out."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import pytest

from .scripts import load_benchmark

SRC = Path(__file__).parents[1] / "src"


def _bench() -> ModuleType:
    return load_benchmark("greedy_speed")


def test_the_count_is_read_from_callgrinds_closing_lines() -> None:
    b = _bench()
    assert b.collected("==12== Events    : Ir\n==12== Collected : 123456789\n==12==\n") == 123456789
    with pytest.raises(SystemExit, match="callgrind printed no count"):
        b.collected("valgrind: no such tool\n")


def test_a_games_count_is_the_run_less_the_warm_up() -> None:
    """An Ofertu game under callgrind: a positive count of a game, far less than the warm-up
    and imports it was taken from (about 20 M instructions a game, ten times that to
    start), and the moves of seed 0 as ``muertos.play`` chooses them."""
    import hashlib

    import muertos

    b = _bench()
    cost, got = b.count_instructions(SRC, "ofertu", 2, 1)
    assert 1e6 < cost < 2e8
    assert got["games"] == 1
    rec = muertos.play("ofertu", seats=["greedy", "greedy"], seed=0)
    assert got["moves"] == {"0": hashlib.sha256("\n".join(rec.actions).encode()).hexdigest()[:16]}


def test_a_worker_that_imported_another_tree_is_refused(tmp_path: Path) -> None:
    b = _bench()
    reply = '{"games": 1, "package": "%s"}\n' % (SRC / "muertos")
    assert b._reply("warm-up noise\n" + reply, SRC)["games"] == 1
    with pytest.raises(SystemExit, match="imported muertos from"):
        b._reply(reply, tmp_path)


def test_the_worker_names_the_modules_that_ran_compiled() -> None:
    """The table says which modules ran compiled (setup.py's kernels) in each tree measured."""
    from importlib.machinery import EXTENSION_SUFFIXES

    import muertos.games.patzcuaro.heuristics as h

    compiled = _bench()._compiled()
    assert ("muertos.games.patzcuaro.heuristics" in compiled) == str(h.__file__).endswith(
        tuple(EXTENSION_SUFFIXES)
    )
    assert all(name.startswith("muertos") for name in compiled)
