"""``muertos analyze``: a saved game judged in the terminal; bad input is a clear error (2)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import muertos
from muertos.cli import app
from muertos.match import MatchRecord

runner = CliRunner()


@pytest.fixture(scope="module")
def saved(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A game saved as ``muertos play --save`` writes it."""
    path = tmp_path_factory.mktemp("analysis") / "game.json"
    r = runner.invoke(
        app, ["play", "ofertu", "--seats", "greedy,random", "--seed", "4", "--quiet", "--save", str(path)]
    )
    assert r.exit_code == 0, r.output
    return path


def test_a_saved_game_is_judged(saved: Path, tmp_path: Path) -> None:
    out, png = tmp_path / "a.json", tmp_path / "a.png"
    r = runner.invoke(
        app,
        [
            "analyze",
            str(saved),
            "--budget",
            "12",
            "--seed",
            "3",
            "--json",
            str(out),
            "--plot",
            str(png),
            "-q",
        ],
    )
    assert r.exit_code == 0, r.output
    assert "Summary" in r.output and "Accuracy" in r.output and "Player 2 (random)" in r.output
    data = json.loads(out.read_text())
    assert data["kind"] == "muertos.analysis" and data["budget"]["iterations"] == 12
    assert png.read_bytes()[:4] == b"\x89PNG"


def test_one_seat_in_spanish(saved: Path, tmp_path: Path) -> None:
    out = tmp_path / "a.json"
    r = runner.invoke(
        app,
        ["analyze", str(saved), "--budget", "12", "--seat", "2", "--lang", "es", "-q", "--json", str(out)],
    )
    assert r.exit_code == 0, r.output
    assert "Resumen" in r.output and "Precisión" in r.output and "error grave" in r.output
    assert json.loads(out.read_text())["seats"] == [1]


@pytest.mark.parametrize("budget", ["nan", "inf", "-3", "0", "1e9", "999999999", "12.5", "lots"])
def test_a_bad_budget_is_a_clear_error(saved: Path, budget: str) -> None:
    r = runner.invoke(app, ["analyze", str(saved), "--budget", budget])
    assert r.exit_code == 2, r.output
    assert "a budget is a whole number of search iterations from 1 to 100000" in " ".join(r.output.split())


def test_bad_files_are_clear_errors(saved: Path, tmp_path: Path) -> None:
    corrupt = tmp_path / "corrupt.json"
    corrupt.write_text('{"kind": "muertos.match", "game": ')
    unknown = tmp_path / "chess.json"
    unknown.write_text(json.dumps(MatchRecord("chess", 2, {}, 1, ["a", "b"], ["e4"]).to_json()))
    bad_move = tmp_path / "bad.json"
    rec = MatchRecord.from_json(saved.read_text())
    rec.actions = [*rec.actions[:3], "juggle"]
    bad_move.write_text(json.dumps(rec.to_json()))
    cases = {
        tmp_path / "missing.json": "cannot read",
        corrupt: "is not a saved game",
        unknown: "no game 'chess'",
        bad_move: "does not replay",
    }
    for path, words in cases.items():
        r = runner.invoke(app, ["analyze", str(path), "--budget", "5"])
        assert r.exit_code == 2 and words in " ".join(r.output.split()), (path, r.output)
    r = runner.invoke(app, ["analyze", str(saved), "--budget", "5", "--seat", "3"])
    assert r.exit_code == 2 and "--seat must be 1..2" in r.output


def test_a_record_played_in_python_is_judged_too(tmp_path: Path) -> None:
    path = tmp_path / "solo.json"
    path.write_text(json.dumps(muertos.play("ofrenda", seats=["greedy"], seed=2).to_json()))
    r = runner.invoke(app, ["analyze", str(path), "--budget", "3", "-q"])
    assert r.exit_code == 0, r.output
    assert "Points lost" in r.output and "Player 1 (greedy)" in r.output
