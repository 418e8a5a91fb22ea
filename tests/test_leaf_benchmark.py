"""benchmarks/leaf.py: what the learned evaluation costs the search at a leaf."""

from __future__ import annotations

import sys

import pytest

from .scripts import load_benchmark

pytest.importorskip("torch")


def test_mid_game_positions_are_seeded_and_unfinished() -> None:
    leaf = load_benchmark("leaf")
    first, again = leaf.positions("ofertu", 2, 3), leaf.positions("ofertu", 2, 3)
    assert [s.view(0) for s in first] == [s.view(0) for s in again]
    assert len(first) == 3 and not any(s.over for s in first)


def test_the_table_times_each_part_of_a_leaf(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    leaf = load_benchmark("leaf")
    monkeypatch.setattr(sys, "argv", ["leaf.py", "ofertu", "--calls", "16"])
    leaf.main()
    row = next(line for line in capsys.readouterr().out.splitlines() if "ofertu 2" in line)
    cells = [c.strip() for c in row.strip("│ ").split("│")]
    observe, numpy, module, values, ratio = (float(c) for c in cells[1:])
    assert min(observe, numpy, module, values, ratio) > 0
