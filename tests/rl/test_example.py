"""The training examples run end to end (seconds of training, a tiny evaluation)."""

from __future__ import annotations

import math
import re
import runpy
import sys
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def test_policy_gradient_example_runs(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    example = EXAMPLES / "train_policy_gradient.py"
    monkeypatch.setattr(sys, "argv", [str(example), "--minutes", "0.03", "--eval", "3"])
    runpy.run_path(str(example), run_name="__main__")
    out = capsys.readouterr().out
    assert "trained policy: mean reward" in out and "random agent:" in out


def test_maskable_ppo_example_trains_and_reports_finite_scores(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    pytest.importorskip("sb3_contrib", reason="the 'train' extra is not installed: pip install -e '.[train]'")
    example = EXAMPLES / "train_maskable_ppo.py"
    plot = tmp_path / "curve.png"
    argv = ["--timesteps", "256", "--n-steps", "32", "--envs", "2", "--eval", "2", "--plot", str(plot)]
    monkeypatch.setattr(sys, "argv", [str(example), *argv])
    runpy.run_path(str(example), run_name="__main__")
    out = capsys.readouterr().out
    steps = int(re.search(r"trained [\d.]+ min: (\d+) steps", out).group(1))  # type: ignore[union-attr]
    assert steps >= 256
    scores = dict(re.findall(r"^(\S+)\s+mean score\s+(\S+) ±", out, re.MULTILINE))
    assert set(scores) == {"MaskablePPO", "random", "greedy"}
    assert all(math.isfinite(float(v)) for v in scores.values())
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
