"""A new game needs its own package, its registration, its board and its golden records:
nothing in the tests names the games (issue 34).

``tests/sixth_toy`` is a throwaway sixth game, complete as a newcomer's would be, registered
only when ``MUERTOS_EXTRA_GAMES=tests.sixth_toy`` is set. With it, every test that runs over
the games runs over it too, and those tests pass; no literal of the tests lists the games.
"""

from __future__ import annotations

import ast
import os
import re
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

import pytest

import muertos
from muertos.games import EXTRA

ROOT = Path(__file__).parents[1]
EXTRA_GAME = "sixth-toy"
ENV = {**os.environ, EXTRA: "tests.sixth_toy", "PYTHONPATH": str(ROOT)}


def _games() -> list[str]:
    """The games of muertos itself (this test may run with the extra one registered)."""
    return [g for g in muertos.game_ids() if g != EXTRA_GAME]


def _names(param: str, games: list[str]) -> set[str]:
    return {g for g in games if re.search(rf"(?<![a-z]){re.escape(g)}(?![a-z])", param)}


@pytest.fixture(scope="module")
def extra_run(tmp_path_factory: pytest.TempPathFactory) -> tuple[list[str], str]:
    """One run of the whole suite with the sixth game registered: every test it collected,
    and the output of running those that name the sixth game."""
    listing = tmp_path_factory.mktemp("extra") / "collected.txt"
    env = {**ENV, "MUERTOS_COLLECTED": str(listing)}
    cmd = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-p", "tests.collected", "-n", "0"]
    cmd += ["-rA", "-k", EXTRA_GAME, "tests"]
    done = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return listing.read_text(encoding="utf-8").splitlines(), done.stdout


def test_a_registered_extra_game_is_in_every_test_over_the_games(extra_run: tuple[list[str], str]) -> None:
    """Collected with the sixth game registered, each test whose parameters name every game
    of muertos names the sixth too."""
    params: dict[str, list[str]] = defaultdict(list)
    for line in extra_run[0]:
        m = re.fullmatch(r"(\S+?::\S+?)\[(.*)\]", line.strip())
        if m:
            params[m[1]].append(m[2])
    games = _games()
    over_games = {
        t: ps for t, ps in params.items() if set().union(*(_names(p, games) for p in ps)) >= set(games)
    }
    assert len(over_games) >= 30, sorted(over_games)  # the check reads the listing it is given
    without = sorted(t for t, ps in over_games.items() if not any(_names(p, [EXTRA_GAME]) for p in ps))
    assert not without, f"tests over the games that leave the new one out: {without}"


def test_every_test_of_the_extra_game_passes(extra_run: tuple[list[str], str]) -> None:
    """The sixth game passes every test that runs over the games: conformance and golden
    records, bots, analysis, the three RL adapters, the server, its board in the browser,
    Spanish."""
    out = extra_run[1]
    passed = [line for line in out.splitlines() if line.startswith("PASSED ") and EXTRA_GAME in line]
    assert len(passed) >= 50, out[-3000:]


def test_no_literal_of_the_tests_lists_the_games() -> None:
    """A list, tuple, set or dict naming all the games (or all but one) is a list a new game
    would have to join: tests take the games from ``muertos.game_ids()``. The games' own tests
    (``tests/games/<package>``) are exempt: they name their game."""
    games = set(_games())
    packages = {g.replace("-", "_") for g in games}
    found = []
    for path in sorted((ROOT / "tests").rglob("*.py")):
        parts = path.relative_to(ROOT / "tests").parts
        if parts[0] == "games" and len(parts) > 2 and parts[1] in packages:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.List | ast.Tuple | ast.Set | ast.Dict):
                named = {n.value for n in ast.walk(node) if isinstance(n, ast.Constant) and n.value in games}
                if len(named) >= len(games) - 1:
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not found, f"lists of the games: {sorted(set(found))}"
