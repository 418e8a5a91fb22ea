"""The README's lines for reading simulation records work exactly as printed."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from muertos.sim import SimConfig, load_frame, simulate

README = Path(__file__).parents[2] / "README.md"


def _section_lines(prefix: str) -> list[str]:
    text = README.read_text()
    section = text[text.index("## Simulation and reports for designers") :]
    section = section[: section.index("\n## ", 1)]
    return [line for line in section.splitlines() if line.startswith(prefix)]


@pytest.mark.parametrize("library", ["pandas", "duckdb"])
def test_the_readme_reads_the_records_as_printed(library: str, tmp_path: Path) -> None:
    pytest.importorskip(library)
    [line] = _section_lines(f'.venv/bin/python -c "import {library}')
    # The run the README's simulate line makes, shorter: the same game, seats and agents.
    simulate(SimConfig.make("patzcuaro", 3, "random,greedy", 8, seed=1), tmp_path / "runs" / "p3", quiet=True)
    (tmp_path / ".venv").symlink_to(Path(sys.executable).parents[1])
    r = subprocess.run(["bash", "-c", line], cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    df = load_frame(tmp_path / "runs" / "p3")
    for agent, mean in df.groupby("agent_0")["score_0"].mean().items():
        shown = re.search(rf"{agent}\W+([\d.]+)", r.stdout)
        assert shown is not None, r.stdout
        assert float(shown.group(1)) == pytest.approx(mean, rel=1e-3), r.stdout
