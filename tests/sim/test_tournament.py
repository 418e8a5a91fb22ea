"""Round robin with paired seeds, rated by OpenSkill."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from muertos.sim import roundrobin, tournament
from muertos.sim.cli import app
from muertos.sim.plan import SimError
from muertos.sim.roundrobin import plan_matches, save

from .conftest import GAME, GID, PLAYERS

runner = CliRunner()


def test_every_pair_meets_on_the_same_deals_both_ways_round() -> None:
    ms = plan_matches(["a", "b", "c"], 2, 2, seed=4)
    assert len(ms) == 3 * 2 * 2  # pairs × deals × sides
    by_deal = {m.deal: m.seed for m in ms}
    assert all(m.seed == by_deal[m.deal] for m in ms) and by_deal[0] != by_deal[1]
    assert [m.seats for m in ms[:6]] == [
        ("a", "b"),
        ("b", "a"),
        ("a", "c"),
        ("c", "a"),
        ("b", "c"),
        ("c", "b"),
    ]
    four = plan_matches(["x", "y"], 4, 1, seed=0)
    assert [m.seats for m in four] == [("x", "y", "x", "y"), ("y", "x", "y", "x")]


def test_tournament_table_json_and_independence_from_jobs(tmp_path: Path) -> None:
    path = tmp_path / "t.json"
    args = ["tournament", GID, "--agents", "random,greedy", "--games", "4", "-p", str(PLAYERS)]
    r = runner.invoke(app, [*args, "--seed", "1", "--out", str(path), "--quiet"])
    assert r.exit_code == 0, r.output
    assert "round robin" in r.output and "μ − 2σ" in r.output
    d = json.loads(path.read_text())
    assert d["kind"] == "muertos.tournament" and d["games_per_pair"] == 4
    assert [s["agent"] for s in d["standings"]] != [] and len(d["standings"]) == 2
    lows = [s["low"] for s in d["standings"]]
    assert lows == sorted(lows, reverse=True)
    for s in d["standings"]:
        assert s["games"] == 4 == s["wins"] + s["draws"] + s["losses"]
        assert s["low"] == pytest.approx(s["mu"] - 2 * s["sigma"])
    (p,) = d["pairs"]
    assert p["a_wins"] + p["draws"] + p["b_wins"] == 4
    assert len(d["matches"]) == 4
    seats = [tuple(m["seats"]) for m in d["matches"]]
    assert seats[0] != seats[1] and sorted(seats[0]) == sorted(seats[1])
    # The same tournament on two jobs rates the agents identically.
    res = tournament(GID, "random,greedy", 4, PLAYERS, 1, jobs=2, quiet=True)
    assert [(s.agent, s.mu, s.sigma) for s in res.standings] == [
        (s["agent"], s["mu"], s["sigma"]) for s in d["standings"]
    ]


@pytest.mark.skipif(GAME.min_players > 1, reason="the first game has no solo mode")
def test_solo_tournament_compares_agents_on_the_same_deal() -> None:
    res = tournament(GID, "random,greedy", 2, 1, 0, quiet=True)
    assert len(res.matches) == 2 and all(len(m["seats"]) == 1 for m in res.matches)
    assert res.matches[0]["seed"] == res.matches[1]["seed"]
    assert sum(s.games for s in res.standings) == 2


def test_tournament_errors_exit_2() -> None:
    for args, msg in (
        (["--agents", "random"], "at least two different agents"),
        (["--agents", "random,random"], "list each agent once"),
        (["--agents", "random,wizard"], "no agent 'wizard'"),
        (["-p", str(GAME.max_players + 1)], f"not {GAME.max_players + 1}"),
    ):
        r = runner.invoke(app, ["tournament", GID, *args, "--games", "2"])
        assert r.exit_code == 2, r.output
        assert msg in " ".join(r.output.split())
    r = runner.invoke(app, ["tournament", "chess"])
    assert r.exit_code == 2 and "no game 'chess'" in r.output


def test_an_out_path_that_cannot_be_written_is_refused_before_any_game(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Finding 4: ``--out DIR`` lost every game's result to a traceback after the last game."""
    played: list[str] = []

    def tournament(*args: object, **kwargs: object) -> None:
        played.append("a game")
        raise AssertionError("the tournament should not start")

    monkeypatch.setattr(roundrobin, "tournament", tournament)
    afile = tmp_path / "afile"
    afile.write_text("mine")
    for target, why in (
        (tmp_path, f"--out {tmp_path} is a directory"),
        (afile / "t.json", f"{afile} is a file, not a directory"),
    ):
        r = runner.invoke(
            app, ["tournament", GID, "--agents", "random,greedy", "--games", "2", "--out", str(target)]
        )
        assert r.exit_code == 2 and isinstance(r.exception, SystemExit), r.output
        assert why in " ".join(r.output.split())
    assert played == [] and afile.read_text() == "mine"


def test_results_that_cannot_be_saved_are_a_clear_error(tmp_path: Path) -> None:
    res = tournament(GID, "random,greedy", 2, PLAYERS, 0, quiet=True)
    (tmp_path / "afile").write_text("mine")
    with pytest.raises(SimError, match="cannot write"):
        save(res, tmp_path / "afile" / "t.json")
    save(res, tmp_path / "new" / "t.json")  # a missing directory is made
    assert json.loads((tmp_path / "new" / "t.json").read_text())["kind"] == "muertos.tournament"
