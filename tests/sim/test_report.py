"""The HTML report: self-contained, with the plots a designer expects, for any stats keys."""

from __future__ import annotations

import base64
import json
import math
import re
import shutil
import statistics
from collections import Counter, defaultdict
from pathlib import Path

import pyarrow as pa  # type: ignore[import-untyped]
import pyarrow.parquet as pq  # type: ignore[import-untyped]
import pytest
from typer.testing import CliRunner

from muertos.engine import State
from muertos.sim import SimConfig, load_frame, load_records, make_report, simulate
from muertos.sim.cli import app
from muertos.sim.files import write_text
from muertos.sim.plan import SimError
from muertos.sim.report import TITLES
from muertos.sim.stats import median_interval

from .conftest import GAME, GID, PLAYERS, N

runner = CliRunner()


def _figures(page: str) -> list[tuple[str, bytes]]:
    """(title, PNG bytes) of every embedded image."""
    out = []
    for alt, data in re.findall(r'<img alt="([^"]*)" src="data:image/png;base64,([^"]+)">', page):
        out.append((alt, base64.b64decode(data)))
    return out


def test_report_is_self_contained_with_the_expected_plots(reference: Path, tmp_path: Path) -> None:
    path = tmp_path / "r.html"
    r = runner.invoke(app, ["report", str(reference), "--html", str(path), "--sample", "6"])
    assert r.exit_code == 0, r.output
    page = path.read_text()
    figs = _figures(page)
    assert page.count("<img") == len(figs) >= 9
    assert all(png.startswith(b"\x89PNG\r\n\x1a\n") and len(png) > 5000 for _, png in figs)
    assert "http" not in page.replace("http-equiv", "")  # nothing fetched from elsewhere
    titles = [t for t, _ in figs]
    expected = [
        TITLES[k] for k in ("score_seat", "win_seat", "score_agent", "win_agent", "length", "branching")
    ]
    expected += [TITLES[k] for k in ("lead_changes", "margin", "early")]
    assert set(expected) <= set(titles)
    has_rounds = "stat_rounds" in load_frame(reference).columns  # only if the game reports rounds
    assert (TITLES["rounds"] in titles) == has_rounds
    # The summary printed on the terminal.
    out = " ".join(r.output.split())
    assert f"{N} games recorded of {N}" in out
    for s in range(1, PLAYERS + 1):
        assert f"seat {s}:" in out
    assert "random:" in out and "greedy:" in out
    assert "Length:" in out and "Branching:" in out and "Lead changes:" in out
    assert f"Report with {len(figs)} plots" in out
    numbers = json.loads((reference / "summary.json").read_text())
    assert numbers["games_recorded"] == N
    df = load_frame(reference)
    decided = sum(1 for w in df["winners"] if len(w)) / N  # shared wins count 1/k: rates add up
    assert sum(s["win_rate"] for s in numbers["seats"]) == pytest.approx(decided)


def test_report_tabulates_whatever_stats_keys_a_game_reports(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    cls = GAME.state_class
    original = cls.stats

    def stats(self: State) -> dict[str, float | int | str]:
        d = dict(original(self))
        n = len(self.history)
        d.update(zz_widgets_1=n % 3, zz_widgets_2=n % 5, zz_ratio=n / 7, zz_label=f"end{n % 2}", zz_flag=True)
        return d

    monkeypatch.setattr(cls, "stats", stats)
    cfg = SimConfig.make(GID, PLAYERS, "random", 8, seed=2)
    simulate(cfg, tmp_path / "s", chunk_size=4, quiet=True)  # one job: in this process, patched
    # Records the game no longer replays to (as if its rules changed): the report says so.
    part = sorted((tmp_path / "s" / "records").glob("part-*.parquet"))[0]
    t = pq.read_table(part)
    scores = [[x + 1000 for x in s] for s in t.column("scores").to_pylist()]
    t = t.set_column(t.schema.get_field_index("scores"), "scores", pa.array(scores, pa.list_(pa.float64())))
    pq.write_table(t, part)
    rep = make_report(tmp_path / "s", sample=8)
    assert "Warning: 4 of 8 sampled games no longer replay" in rep.summary
    page = rep.path.read_text()
    assert "Component statistics: zz_widgets_N" in rep.figures
    assert any(t.startswith("Component statistics") and "zz_" not in t for t in rep.figures)
    for key in ("zz_ratio", "zz_widgets_1", "zz_flag"):
        assert f"<td>{key}</td>" in page
    assert "zz_label (text)" in page and "<td>end0</td>" in page
    assert rep.numbers["stats"]["zz_flag"]["mean"] == 1.0


@pytest.mark.skipif(GAME.min_players > 1, reason="the first game has no solo mode")
def test_a_solo_report_shows_the_median_score_and_the_tiers_not_win_rates(tmp_path: Path) -> None:
    """Finding 5: a solo game's one seat is always the winner (``winners()`` is ``[0]``), so
    every agent "won" 100%. The report shows each agent's median score with its interval
    and how its games fall among the game's own solo tiers instead."""
    cfg = SimConfig.make(GID, 1, "random,greedy", 12, seed=3)
    simulate(cfg, tmp_path / "solo", quiet=True)
    rep = make_report(tmp_path / "solo", sample=12)
    for k in ("win_seat", "win_agent", "win_seat_agent", "lead_changes", "margin", "early"):
        assert TITLES[k] not in rep.figures
    assert TITLES["score_agent"] in rep.figures and TITLES["branching"] in rep.figures
    page = rep.path.read_text()
    assert "win rate by" not in (rep.summary + page).lower() and "<th>win rate</th>" not in page
    assert "Seat advantage" not in rep.summary
    df = load_frame(tmp_path / "solo")
    for agent in ("random", "greedy"):
        scores = [float(x) for x, a in zip(df["score_0"], df["agent_0"], strict=True) if a == agent]
        m, lo, hi = median_interval(scores)
        assert len(scores) == 6 and math.isfinite(lo) and lo <= m <= hi  # 6 games bound a median
        assert f"{agent}: median {m:g} ({lo:g} to {hi:g}) over 6 games" in rep.summary
        assert rep.numbers["agents"][agent]["median"] == m
    # The tiers are the game's own rating of each game's result, counted by agent.
    expected: dict[str, Counter[str]] = defaultdict(Counter)
    for rec in load_records(tmp_path / "solo"):
        rating = rec.replay().result().rating
        assert rating is not None
        expected[rating.key][rec.seats[0]] += 1
    assert rep.numbers["solo_tiers"] == {k: dict(v) for k, v in expected.items()}
    assert TITLES["solo_tiers"] in rep.figures and "Solo tiers (replayed sample of 12)" in rep.summary


def test_bar_labels_sit_above_their_intervals_in_black() -> None:
    """A label inside a short bar, in white, cannot be read (a 0.6% bar is a line)."""
    from matplotlib.figure import Figure

    from muertos.sim.report import _rates
    from muertos.sim.stats import wilson

    ax = Figure().add_subplot()
    wins, n = [594.0, 6.0], [900.0, 900.0]
    _rates(ax, ["greedy", "random"], wins, n, 1 / 3)
    labels = {t.get_text(): t for t in ax.texts}
    assert set(labels) == {"66.0%", "0.7%"}
    for (w, k), text in zip(zip(wins, n, strict=True), ["66.0%", "0.7%"], strict=True):
        t = labels[text]
        assert t.get_position()[1] > wilson(w, k)[1] and t.get_color() == "black"
        assert t.get_position()[1] < ax.get_ylim()[1] - 0.03  # room left above it


def test_an_html_path_that_cannot_be_written_is_refused_before_any_work(
    reference: Path, tmp_path: Path
) -> None:
    """Finding 4: ``--html DIR`` or a path under a file was a traceback once the report was
    made; now a one-line error before any record is read, and nothing is written."""
    run = tmp_path / "run"
    shutil.copytree(reference, run)
    (run / "summary.json").unlink(missing_ok=True)
    afile = tmp_path / "afile"
    afile.write_text("mine")
    for target, why in (
        (tmp_path, f"--html {tmp_path} is a directory"),
        (afile / "x.html", f"{afile} is a file, not a directory"),
        (tmp_path / "nowhere" / "x.html", f"there is no directory {tmp_path / 'nowhere'}"),
    ):
        r = runner.invoke(app, ["report", str(run), "--html", str(target), "--sample", "0"])
        assert r.exit_code == 2 and isinstance(r.exception, SystemExit), r.output
        assert why in " ".join(r.output.split())
    assert not (run / "summary.json").exists() and not (run / "report.html").exists()
    assert afile.read_text() == "mine" and not (tmp_path / "nowhere").exists()
    # An operating system's refusal at the end (a disk full, a race) is a SimError too.
    with pytest.raises(SimError, match=f"cannot write {re.escape(str(afile))}/r.html"):
        write_text(afile / "r.html", "x")


def test_the_chance_line_is_the_winners_share_of_the_seats(tmp_path: Path) -> None:
    """Finding 2 in the report: the chance line was 1/P, below the truth when wins are shared
    (Dia de los Muertos' random games at four seats often end in a tie of everyone)."""
    simulate(SimConfig.make("dia-de-los-muertos", 4, "random", 4, seed=1), tmp_path / "d4", quiet=True)
    rep = make_report(tmp_path / "d4", sample=4)
    df = load_frame(tmp_path / "d4")
    chance = statistics.fmean(len(w) / 4 for w in df["winners"])
    assert chance > 0.25 and rep.numbers["early_lead"]["chance"] == pytest.approx(chance)
    assert f"against {100 * chance:.1f}% by chance" in " ".join(rep.summary.split())
