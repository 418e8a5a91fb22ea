"""The compiled kernels (pyproject.toml's ``[tool.muertos] kernels``, built by setup.py with
mypyc): each loaded compiled is compiled from the source beside it (an edit not rebuilt would
run old code), CI runs them compiled, and their plain Python gives the very numbers the
compiled modules give."""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import json
import os
import random
import tomllib
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from types import ModuleType

import pytest

import muertos
from tests.agents.test_greedy_speed import positions

ROOT = Path(__file__).resolve().parents[2]
KERNELS: list[str] = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["muertos"]["kernels"]
BUILT = ROOT / "src" / "muertos" / "kernels.json"
REQUIRED = os.environ.get("MUERTOS_REQUIRE_KERNELS") == "1"
"""Set by CI (``.ci/run``): the kernels must be compiled there."""


def _name(path: str) -> str:
    return path.removeprefix("src/").removesuffix(".py").replace("/", ".")


def _compiled(module: ModuleType) -> bool:
    return str(module.__file__).endswith(tuple(EXTENSION_SUFFIXES))


def _pure(path: str) -> ModuleType:
    """The kernel's source run as plain Python, a module of its own beside the compiled one
    (its relative imports read its package)."""
    name = _name(path)
    package, _, leaf = name.rpartition(".")
    spec = importlib.util.spec_from_file_location(f"{package}._pure_{leaf}", ROOT / path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _loaded_compiled(path: str) -> ModuleType:
    module = importlib.import_module(_name(path))
    if not _compiled(module):
        if REQUIRED:
            pytest.fail(
                f"{_name(path)} is not compiled (MUERTOS_REQUIRE_KERNELS=1): `make install` builds it"
            )
        pytest.skip(f"{_name(path)} runs as plain Python here (no C compiler, or MUERTOS_PURE=1)")
    return module


@pytest.mark.parametrize("path", KERNELS)
def test_a_compiled_kernel_is_compiled_from_the_source_beside_it(path: str) -> None:
    _loaded_compiled(path)
    built = json.loads(BUILT.read_text()) if BUILT.exists() else {}
    source = hashlib.sha256((ROOT / path).read_bytes()).hexdigest()
    assert built.get(_name(path)) == source, (
        f"{_name(path)} was compiled from another source than {path}: `make install` rebuilds it"
    )


def test_the_plain_dia_de_los_muertos_world_gives_the_compiled_estimates() -> None:
    compiled = _loaded_compiled("src/muertos/games/dia_de_los_muertos/world.py")
    pure = _pure("src/muertos/games/dia_de_los_muertos/world.py")
    g = muertos.game("dia-de-los-muertos")
    checked = 0
    for players in (2, 3, 6):
        for s in positions(g, players, 4):
            for seat in range(players):
                want = compiled.judge(compiled._world(s), s, seat)
                assert pure.judge(pure._world(s), s, seat) == want
                checked += 1
    assert checked > 1000


HEURISTICS = [(k, k.split("/")[-2].replace("_", "-")) for k in KERNELS if k.endswith("/heuristics.py")]


@pytest.mark.parametrize(("path", "gid"), HEURISTICS)
def test_plain_heuristics_give_the_compiled_values(path: str, gid: str) -> None:
    """``evaluate`` for every seat and the greedy bot's ``action_values``, on determinizations
    of positions of whole games (random and greedy moves), at the smallest and largest seat
    counts."""
    compiled = _loaded_compiled(path)
    pure = _pure(path)
    g = muertos.game(gid)
    rnd = random.Random(8)
    checked = 0
    for players in sorted({g.min_players, g.max_players}):
        for s in positions(g, players, 5):
            seat = s.to_move
            if seat is None:
                continue
            d = s.determinize(seat, rnd)
            legal = d.legal_actions()
            for who in range(players):
                assert pure.evaluate(d, who) == compiled.evaluate(d, who)
            assert pure.action_values(d, seat, legal) == compiled.action_values(d, seat, legal)
            checked += 1
    assert checked > 20


@pytest.mark.parametrize("path", KERNELS)
def test_a_kernel_holds_no_doctest(path: str) -> None:
    """The doctests of ``src/`` skip the kernels (conftest.py: built, each is an extension
    module): an example written in one would never run."""
    assert ">>>" not in (ROOT / path).read_text()
