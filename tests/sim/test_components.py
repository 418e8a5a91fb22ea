"""Components overlays: checked against the game's components.toml, in force in the
workers that play, and compared with the game as shipped."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest
from typer.testing import CliRunner

from muertos.engine import components, game
from muertos.engine.components import ComponentsError, check, load_overlay, merge, read
from muertos.sim import load_frame
from muertos.sim.cli import app

runner = CliRunner()
PATZCUARO = components.base_path(game("patzcuaro"))
OFRENDA = components.base_path(game("ofrenda"))


def _refusal(overlay: dict[str, object], base: Path) -> str:
    with pytest.raises(ComponentsError) as e:
        check(overlay, tomllib.loads(base.read_text()))
    return str(e.value)


def test_unknown_keys_and_wrong_types_are_refused_by_their_path() -> None:
    assert _refusal({"rules": {"wings": 2}}, PATZCUARO).startswith(
        "unknown key rules.wings (the keys there: "
    )
    assert _refusal({"ruels": {}}, PATZCUARO).startswith("unknown key ruels")
    assert _refusal({"rules": {"flip_penalty": "5"}}, PATZCUARO) == (
        "rules.flip_penalty must be an integer, not a string ('5')"
    )
    assert _refusal({"rules": {"flip_penalty": True}}, PATZCUARO).startswith(
        "rules.flip_penalty must be an integer"
    )
    assert _refusal({"rules": {"level_points": [1, "two", 3]}}, PATZCUARO).startswith(
        "rules.level_points[1] must be an integer"
    )
    assert _refusal({"rules": 3}, PATZCUARO) == "rules must be a table, not an integer"
    # Arrays of tables: an element may use any key some base element has, and no other.
    tokens = [{"id": "K01", "objective": "FOUR_OF", "features": ["BLUE"], "n": 3, "end_only": True}]
    check({"candles": {"tokens": tokens}}, tomllib.loads(OFRENDA.read_text()))
    bad = [{"id": "K01", "objective": "FOUR_OF", "colour": "BLUE"}]
    assert _refusal({"candles": {"tokens": bad}}, OFRENDA).startswith("unknown key candles.tokens[0].colour")


def test_an_overlay_merges_tables_and_replaces_the_rest() -> None:
    base = tomllib.loads(PATZCUARO.read_text())
    merged = merge(base, {"rules": {"flip_penalty": 0, "level_points": [2, 2, 2]}})
    assert merged["rules"]["flip_penalty"] == 0 and merged["rules"]["level_points"] == [2, 2, 2]
    assert merged["rules"]["hand"] == base["rules"]["hand"] and merged["deck"] == base["deck"]
    assert base["rules"]["flip_penalty"] == 5  # the base is not changed


def test_read_merges_the_overlay_named_in_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    shipped = read(PATZCUARO)
    monkeypatch.setenv(components.ENV, json.dumps({"patzcuaro": {"rules": {"flip_penalty": 1}}}))
    assert read(PATZCUARO)["rules"]["flip_penalty"] == 1
    assert read(OFRENDA) == tomllib.loads(OFRENDA.read_text())  # another game's overlay only
    monkeypatch.setenv(components.ENV, json.dumps({"patzcuaro": {"rules": {"flip_penalty": "x"}}}))
    with pytest.raises(ComponentsError, match=r"rules\.flip_penalty must be an integer"):
        read(PATZCUARO)
    monkeypatch.delenv(components.ENV)
    assert read(PATZCUARO) == shipped


def test_overlay_files_that_cannot_be_read(tmp_path: Path) -> None:
    f = tmp_path / "x.toml"
    f.write_text("[rules\n")
    with pytest.raises(ComponentsError, match=r"x\.toml is not TOML"):
        load_overlay(f, PATZCUARO)
    f.write_text("")
    with pytest.raises(ComponentsError, match="changes nothing"):
        load_overlay(f, PATZCUARO)
    with pytest.raises(ComponentsError, match="cannot read"):
        load_overlay(tmp_path / "missing.toml", PATZCUARO)


ARGS = ["compare", "patzcuaro", "-p", "3", "--agents", "random", "--games", "6", "--seed", "2", "--quiet"]


def test_compare_with_free_flips_changes_exactly_the_flippers_scores(tmp_path: Path) -> None:
    overlay = tmp_path / "free-flips.toml"
    overlay.write_text("[rules]\nflip_penalty = 0\n")
    out = tmp_path / "flips"
    r = runner.invoke(app, [*ARGS, "--components", str(overlay), "--out", str(out)])
    assert r.exit_code == 0, r.output
    text = " ".join(r.output.split())
    assert "A: as shipped" in text and "B: rules.flip_penalty=0" in text
    fa, fb = load_frame(out / "a"), load_frame(out / "b")
    # Random play does not look at scores: the same moves, and each flip now costs 0, not 5.
    assert [list(x) for x in fa["actions"]] == [list(x) for x in fb["actions"]]
    assert sum(fa["stat_flips"]) > 0
    for sa, sb, flips in zip(fa["scores"], fb["scores"], fa["stat_flips"], strict=True):
        assert sum(sb) - sum(sa) == 5 * flips
    saved = json.loads((out / "compare.json").read_text())
    assert saved["b"]["run"]["components"] == {"rules": {"flip_penalty": 0}}
    assert "components" not in saved["a"]["run"]
    mean = next(d for d in saved["differences"] if d["metric"] == "mean score")
    assert mean["diff"] == pytest.approx(5 * fa["stat_flips"].mean() / 3)
    # B alone: this process has the game as shipped, so the report replays nothing.
    r = runner.invoke(app, ["report", str(out / "b"), "--sample", "4"])
    assert r.exit_code == 0, r.output
    text = " ".join(r.output.split())
    assert "Note: no replays" in text and '"flip_penalty": 0' in text and "Branching:" not in text


def test_compare_refuses_a_bad_overlay_before_playing(tmp_path: Path) -> None:
    def err(text: str) -> str:
        f = tmp_path / "o.toml"
        f.write_text(text)
        r = runner.invoke(app, [*ARGS, "--components", str(f), "--out", str(tmp_path / "out")])
        assert r.exit_code == 2, r.output
        assert not (tmp_path / "out").exists()
        return " ".join(r.output.split())

    assert "o.toml: unknown key rules.wings" in err("[rules]\nwings = 2\n")
    assert "o.toml: rules.hand must be an integer, not a string ('six')" in err('[rules]\nhand = "six"\n')
    # Well typed, but the game's own loader refuses it (its altar is a 4–3–2 pyramid).
    assert "patzcuaro does not load with these components" in err("[rules]\nlevel_sizes = [4, 3]\n")
    f = tmp_path / "o.toml"
    f.write_text("[rules]\nwings = 2\n")
    r = runner.invoke(app, ["simulate", "patzcuaro", "--components", str(f), "--out", str(tmp_path / "one")])
    assert r.exit_code == 2 and "unknown key rules.wings" in r.output and not (tmp_path / "one").exists()
