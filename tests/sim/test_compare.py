"""``muertos compare``: the same games under two configurations, differences paired."""

from __future__ import annotations

import json
import math
import statistics
from pathlib import Path

import pytest
from typer.testing import CliRunner

from muertos.sim import load_frame
from muertos.sim.cli import app
from muertos.sim.compare import paired, pick_key

runner = CliRunner()
ARGS = ["compare", "ofrenda", "-p", "2", "--agents", "random", "--games", "60", "--seed", "3", "--quiet"]


def test_paired_differences_average_over_deals() -> None:
    # Deal 0: B gains one win in two games; deal 1: one in two. No spread between deals, but
    # two deals alike are what a fair coin gives half the time: no bound, nothing changed.
    d = paired("seats", "seat 1", [1, 0, 0, 0], [1, 1, 0, 1], [0, 0, 1, 1])
    assert (d.a, d.b, d.diff) == (0.25, 0.75, 0.5)
    assert (d.low, d.high) == (-math.inf, math.inf) and not d.significant
    # Six deals alike: a fair coin gives that 2 times in 64 (< 5%), so the gain stands.
    d = paired("seats", "seat 1", [0] * 12, [1, 0] * 6, [i // 2 for i in range(12)])
    assert (d.diff, d.low, d.high) == (0.5, 0.5, 0.5) and d.significant
    # Deal means 0.5, 0 and 1: sd 0.5 over 3 deals, t(0.975, 2) = 4.3027 -> 0.5 ± 1.2421.
    d = paired("seats", "seat 1", [0] * 6, [1, 0, 0, 0, 1, 1], [0, 0, 1, 1, 2, 2])
    assert d.diff == 0.5 and not d.significant
    assert (d.low, d.high) == (pytest.approx(0.5 - 1.2421, abs=1e-4), pytest.approx(0.5 + 1.2421, abs=1e-4))
    d = paired("seats", "seat 1", [0, 0, 1, 1], [1, 1, 0, 0], [0, 0, 1, 1])
    assert d.diff == 0 and d.low < 0 < d.high and not d.significant
    assert pick_key("place P16 S6") == "place P16" and pick_key("take") is None


def test_one_deal_bounds_no_difference_and_the_summary_says_so(tmp_path: Path) -> None:
    """Finding 1b: one deal gave zero-width intervals, every change "beyond its interval"."""
    out = tmp_path / "one"
    args = ["compare", "ofrenda", "-p", "2", "--agents", "random", "--games", "1", "--quiet"]
    r = runner.invoke(
        app, [*args, "--a", "common_goals=false", "--b", "common_goals=true", "--out", str(out)]
    )
    assert r.exit_code == 0, r.output
    text = " ".join(r.output.split())
    saved = json.loads((out / "compare.json").read_text())
    assert all(d["interval"] == [None, None] for d in saved["differences"])
    assert "(unbounded)" in text and not any(line.rstrip().endswith("*") for line in r.output.splitlines())
    assert "one deal cannot bound a difference" in text
    assert text.count("0 of ") == 1 and "measures changed beyond their interval" in text


@pytest.fixture(scope="module")
def goals(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    out = tmp_path_factory.mktemp("cmp") / "goals"
    r = runner.invoke(
        app, [*ARGS, "--a", "common_goals=false", "--b", "common_goals=true", "--out", str(out)]
    )
    assert r.exit_code == 0, r.output
    return out, " ".join(r.output.split())


def test_compare_plays_the_same_games_under_both_options(goals: tuple[Path, str]) -> None:
    out, text = goals
    fa, fb = load_frame(out / "a"), load_frame(out / "b")
    assert list(fa["seed"]) == list(fb["seed"]) and [list(x) for x in fa["seats"]] == [
        list(x) for x in fb["seats"]
    ]
    assert {json.loads(o)["common_goals"] for o in fa["options"]} == {False}
    assert {json.loads(o)["common_goals"] for o in fb["options"]} == {True}
    assert "A: common_goals=false" in text and "B: common_goals=true" in text
    saved = json.loads((out / "compare.json").read_text())
    diffs = {(d["group"], d["metric"]): d for d in saved["differences"]}
    # Goal points exist only with the common goals: 0 under A, and what B's games scored.
    gp = diffs[("stats", "goal_points")]
    assert gp["a"] == 0 and gp["b"] == pytest.approx(statistics.fmean(fb["stat_goal_points"]))
    seat1 = diffs[("seats", "seat 1 win share")]
    assert seat1["diff"] == pytest.approx(statistics.fmean(fb["win_0"]) - statistics.fmean(fa["win_0"]))
    assert "seat 1 win share:" in text and "score spread (sd at the table):" in text
    assert "length (decisions):" in text and "Picks that changed most" in text
    # Portraits placed are picks; their winners' share is compared too.
    assert any(g == "picks" and m.startswith("place P") for g, m in diffs)
    assert any(g == "winners" and m.startswith("place P") for g, m in diffs)
    page = (out / "compare.html").read_text()
    assert page.count("<img") == 4 and "Picks: share of takers who won" in page
    assert "Comparison with 4 plots" in text


def test_compare_refuses_what_it_cannot_compare(goals: tuple[Path, str], tmp_path: Path) -> None:
    def err(args: list[str]) -> str:
        r = runner.invoke(app, [*ARGS, *args])
        assert r.exit_code == 2, r.output
        return " ".join(r.output.split())

    out = str(tmp_path / "x")
    assert "A and B are the same configuration" in err(["--a", "common_goals=false", "--out", out])
    assert "--b takes key=value" in err(["--b", "common_goals", "--out", out])
    assert "has no option 'wings'" in err(["--b", "wings=2", "--out", out])
    # The same directory with another question: each run refuses the other's records.
    assert "holds a different simulation" in err(["--b", "hidden_hands=true", "--out", str(goals[0])])
