"""``muertos compare``: the same games under two configurations, differences paired."""

from __future__ import annotations

import json
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
    # Deal 0: B gains one win in two games; deal 1: one in two. No spread between deals.
    d = paired("seats", "seat 1", [1, 0, 0, 0], [1, 1, 0, 1], [0, 0, 1, 1])
    assert (d.a, d.b, d.diff, d.low, d.high) == (0.25, 0.75, 0.5, 0.5, 0.5) and d.significant
    d = paired("seats", "seat 1", [0, 0, 1, 1], [1, 1, 0, 0], [0, 0, 1, 1])
    assert d.diff == 0 and d.low < 0 < d.high and not d.significant
    assert pick_key("place P16 S6") == "place P16" and pick_key("take") is None


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
