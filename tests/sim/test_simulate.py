"""Simulation records: exact round trip, independence from jobs, resuming, bad input."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

import pyarrow.parquet as pq  # type: ignore[import-untyped]
import pytest
from typer.testing import CliRunner

from muertos.engine import game
from muertos.match import play
from muertos.sim import SimConfig, load_frame, load_records, simulate
from muertos.sim.cli import app
from muertos.sim.store import parts

from .conftest import AGENTS, GAME, GID, PLAYERS, N, assert_same_records

runner = CliRunner()


def test_records_round_trip_to_the_same_matches(reference: Path, config: SimConfig) -> None:
    recs = load_records(reference)
    df = load_frame(reference)
    assert [int(i) for i in df["game_index"]] == list(range(N))
    assert len(recs) == N
    stat_cols = [c for c in df.columns if c.startswith("stat_")]
    assert "stat_decisions" in stat_cols
    for i, rec in enumerate(recs):
        # The record is exactly the match the runner plays for that seed and those seats.
        direct = play(GID, config.seats_of(i), seed=config.seed_of(i), options=config.options)
        assert rec == direct
        final = rec.replay()
        assert final.over and final.scores() == rec.scores and final.winners() == rec.winners
        row = df.iloc[i]
        assert row["length"] == len(rec.actions) == row["stat_decisions"]
        for k, v in final.stats().items():
            got = row[f"stat_{k}"]
            assert (got == v) if isinstance(v, str) else abs(float(got) - float(v)) < 1e-9, k
        for s in range(PLAYERS):
            assert row[f"agent_{s}"] == rec.seats[s]
            assert row[f"score_{s}"] == rec.scores[s]
    # Every part has the record columns, and DuckDB reads the parts directly.
    for _, _, p in parts(reference):
        names = pq.read_schema(p).names
        assert {"game_index", "seed", "seats", "actions", "scores", "winners", "length"} <= set(names)
    duckdb = pytest.importorskip("duckdb")
    glob = str(reference / "records" / "*.parquet")
    count, total = duckdb.sql(
        f"SELECT count(*), sum(length) FROM read_parquet('{glob}', union_by_name=true)"
    ).fetchall()[0]
    assert (count, total) == (N, sum(len(r.actions) for r in recs))


def test_agents_rotate_through_the_seats(reference: Path) -> None:
    df = load_frame(reference)
    counts = Counter((s, a) for s in range(PLAYERS) for a in df[f"agent_{s}"])
    a, b = AGENTS.split(",")
    # 12 games, 2 agents: each agent sits in each seat in half of them.
    assert counts == {(s, x): N // 2 for s in range(PLAYERS) for x in (a, b)}
    # The two games of a deal share a seed and swap the agents seat by seat.
    swap = {a: b, b: a}
    for d in range(N // 2):
        pair = df[df["deal"] == d]
        assert len(pair) == 2 and len(set(pair["seed"])) == 1
        first, second = (list(x) for x in pair["seats"])
        assert second == [swap[x] for x in first]


def test_two_jobs_give_the_same_records(reference: Path, config: SimConfig, tmp_path: Path) -> None:
    res = simulate(config, tmp_path / "two", jobs=2, chunk_size=3, quiet=True)
    assert res.written == N
    assert_same_records(tmp_path / "two", reference)


def test_stop_early_and_resume_gives_the_uninterrupted_run(
    reference: Path, config: SimConfig, tmp_path: Path
) -> None:
    out = tmp_path / "resumed"
    written: list[tuple[int, int]] = []
    first = simulate(
        config, out, chunk_size=4, max_games=5, quiet=True, on_chunk=lambda a, b: written.append((a, b))
    )
    assert first.stopped and not first.complete
    assert first.written == 8 and written == [(0, 4), (4, 8)]  # whole chunks: stops after the 2nd
    again = simulate(config, out, chunk_size=5, quiet=True)
    assert again.before == 8 and again.written == N - 8 and again.complete
    df = load_frame(out)
    assert not df["game_index"].duplicated().any()
    assert_same_records(out, reference)
    # A third run has nothing left to do.
    assert simulate(config, out, quiet=True).written == 0


def test_resume_after_the_process_is_killed(reference: Path, config: SimConfig, tmp_path: Path) -> None:
    out = tmp_path / "killed"
    cmd = [sys.executable, "-m", "muertos.sim.cli", "simulate", GID, "-p", str(PLAYERS), "--agents", AGENTS]
    cmd += ["--games", str(N), "--seed", "5", "--chunk-size", "1", "--quiet", "--out", str(out)]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 60
    while not parts(out) and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.005)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    saved = len(parts(out))
    assert 1 <= saved < N, f"{saved} games saved before the kill"
    res = simulate(config, out, quiet=True)
    assert res.before == saved and res.written == N - saved
    assert_same_records(out, reference)


def _err(args: list[str]) -> str:
    r = runner.invoke(app, args)
    assert r.exit_code == 2, (args, r.output)
    return " ".join(r.output.split())


def test_bad_arguments_are_clear_errors_with_exit_code_2(reference: Path, tmp_path: Path) -> None:
    out = str(tmp_path / "x")
    assert "no game 'chess'" in _err(["simulate", "chess", "--out", out])
    assert "no agent 'wizard'" in _err(["simulate", GID, "--agents", "random,wizard", "--out", out])
    assert "human agent cannot play" in _err(["simulate", GID, "--agents", "human", "--out", out])
    too_many = str(GAME.max_players + 1)
    assert f"not {too_many}" in _err(["simulate", GID, "-p", too_many, "--out", out])
    assert "has no option 'nonsense'" in _err(["simulate", GID, "-o", "nonsense=1", "--out", out])
    assert "--games" in _err(["simulate", GID, "--games", "0", "--out", out])
    assert not (tmp_path / "x").exists()
    # The reference directory with other parameters: refused, and nothing in it changes.
    before = sorted(p.name for p in (reference / "records").iterdir())
    msg = _err(
        [
            "simulate",
            GID,
            "-p",
            str(PLAYERS),
            "--agents",
            AGENTS,
            "--games",
            str(N),
            "--seed",
            "6",
            "--out",
            str(reference),
        ]
    )
    assert "holds a different simulation" in msg and "seed: 5 there, 6 here" in msg
    msg = _err(
        [
            "simulate",
            GID,
            "-p",
            str(PLAYERS),
            "--agents",
            "random",
            "--games",
            str(N),
            "--seed",
            "5",
            "--out",
            str(reference),
        ]
    )
    assert "agents: random,greedy there, random here" in msg
    assert sorted(p.name for p in (reference / "records").iterdir()) == before
    (tmp_path / "junk").mkdir()
    (tmp_path / "junk" / "notes.txt").write_text("mine")
    assert "not empty" in _err(["simulate", GID, "--out", str(tmp_path / "junk")])
    assert "holds no simulation" in _err(["report", str(tmp_path / "nowhere")])


def test_the_same_command_resumes_from_the_cli(reference: Path, tmp_path: Path) -> None:
    args = ["simulate", GID, "-p", str(PLAYERS), "--agents", AGENTS, "--games", str(N), "--seed", "5"]
    args += ["--out", str(tmp_path / "cli"), "--chunk-size", "3", "--quiet"]
    r = runner.invoke(app, [*args, "--max-games", "2"])
    assert r.exit_code == 0, r.output
    assert "3 of 12 are saved" in " ".join(r.output.split())
    r = runner.invoke(app, args)
    assert r.exit_code == 0, r.output
    out = " ".join(r.output.split())
    assert "9 played now" in out and "3 were already there" in out
    assert_same_records(tmp_path / "cli", reference)


def test_options_are_recorded_normalized(tmp_path: Path) -> None:
    g = game(GID)
    cfg = SimConfig.make(GID, PLAYERS, "random", 2, seed=1)
    simulate(cfg, tmp_path / "o", quiet=True)
    recs = load_records(tmp_path / "o")
    assert all(r.options == g.check_options(PLAYERS, {}) for r in recs)


def test_resuming_after_the_game_code_changed_is_refused(config: SimConfig, tmp_path: Path) -> None:
    import json

    out = tmp_path / "changed"
    simulate(config, out, chunk_size=4, max_games=1, quiet=True)
    manifest = json.loads((out / "simulation.json").read_text())
    manifest["code"] = "0" * 16  # as if the rules had been edited since
    (out / "simulation.json").write_text(json.dumps(manifest))
    args = ["simulate", GID, "-p", str(PLAYERS), "--agents", AGENTS, "--games", str(N), "--seed", "5"]
    msg = _err([*args, "--out", str(out)])
    assert "changed since" in msg and "--allow-code-change" in msg
    r = runner.invoke(app, [*args, "--out", str(out), "--allow-code-change", "--quiet"])
    assert r.exit_code == 0, r.output
    assert len(load_frame(out)) == N


def test_a_damaged_part_is_played_again_and_report_names_it(reference: Path, tmp_path: Path) -> None:
    """Finding 3: a part's name said which games it held, so a garbled part made the run
    "complete" and the report a pyarrow traceback."""
    run = tmp_path / "run"
    shutil.copytree(reference, run)
    bad = parts(run)[1][2]
    bad.write_bytes(b"garbage\n")
    r = runner.invoke(app, ["report", str(run), "--sample", "0"])
    assert r.exit_code == 2 and isinstance(r.exception, SystemExit), r.output
    said = " ".join(r.output.split())
    assert f"{bad} cannot be read" in said and "muertos simulate" in said
    assert not (run / "report.html").exists()
    # The resume reads every part's footer: this one is moved aside and its games played again.
    args = ["simulate", GID, "-p", str(PLAYERS), "--agents", AGENTS, "--games", str(N), "--seed", "5"]
    r = runner.invoke(app, [*args, "--out", str(run), "--quiet"])
    assert r.exit_code == 0, r.output
    said = " ".join(r.output.split())
    moved = run / "damaged" / bad.name
    assert f"{bad} could not be read" in said and f"moved to {moved}" in said
    assert "5 played now" in said and "7 were already there" in said
    assert moved.read_bytes() == b"garbage\n"
    assert_same_records(run, reference)
    r = runner.invoke(app, ["report", str(run), "--sample", "0"])
    assert r.exit_code == 0, r.output


def test_a_part_holding_fewer_games_than_its_name_is_played_again(reference: Path, tmp_path: Path) -> None:
    run = tmp_path / "run"
    shutil.copytree(reference, run)
    start, end, path = parts(run)[0]
    pq.write_table(pq.read_table(path).slice(0, 2), path)  # a readable file, short of games
    res = simulate(SimConfig.make(GID, PLAYERS, AGENTS, N, seed=5), run, quiet=True)
    assert res.written == end - start and [(p.name, m.name) for p, m, _ in res.set_aside] == [
        (path.name, path.name)
    ]
    assert_same_records(run, reference)


@pytest.mark.parametrize("games", ["10000001", "10000000000"])
def test_more_games_than_the_most_are_refused_in_both_languages(games: str, tmp_path: Path) -> None:
    """A count typed with zeros too many was planned for minutes (and gigabytes) before
    anything was played; past MAX_GAMES it is refused at once, and nothing is written."""
    from muertos.sim.plan import MAX_GAMES

    assert MAX_GAMES == 10_000_000
    out = tmp_path / "x"
    args = ["simulate", GID, "--games", games, "--max-games", "1", "-q", "--out", str(out)]
    said = _err([*args, "--lang", "en"])
    assert said == f"error: the number of games must be at most 10,000,000, got {games}"
    es = _err([*args, "--lang", "es"])
    assert es == f"error: el número de partidas debe ser como mucho 10,000,000, no {games}"
    assert "10,000,000" in " ".join(runner.invoke(app, ["simulate", "--help"]).output.split())
    assert not out.exists()
    assert SimConfig.make(GID, PLAYERS, "random", MAX_GAMES).games == MAX_GAMES  # the most is allowed


def test_the_most_games_stopped_after_two_plan_only_the_chunk_they_play(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--games 10000000 --max-games 2`` made a chunk for every 50 of the ten million games
    (200,000) before playing one; now only the one chunk it plays is made."""
    from muertos.sim import simulation
    from muertos.sim.plan import MAX_GAMES
    from muertos.sim.runner import SimChunk

    made: list[tuple[int, int]] = []

    class Counted(SimChunk):
        def __init__(self, config: SimConfig, start: int, end: int) -> None:
            made.append((start, end))
            super().__init__(config, start, end)

    monkeypatch.setattr(simulation, "SimChunk", Counted)
    config = SimConfig.make(GID, PLAYERS, "random", MAX_GAMES, seed=5)
    res = simulate(config, tmp_path / "most", max_games=2, quiet=True)
    assert made == [(0, 50)]  # auto_chunk's largest chunk, and no other
    assert res.written == 50 and res.stopped and not res.complete
    assert [int(i) for i in load_frame(tmp_path / "most")["game_index"]] == list(range(50))


def test_a_long_run_is_handed_over_a_window_of_chunks_at_a_time(
    reference: Path, config: SimConfig, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A process pool or Ray holds a task for every chunk it is handed: a run goes to them
    ``WINDOW`` chunks a job at a time, and its records are those of a run handed over whole."""
    from muertos.sim import simulation

    handed: list[int] = []
    run_chunks = simulation.run_chunks

    def counted(fn: Any, chunks: Any, *args: Any, **kw: Any) -> bool:
        handed.append(len(chunks))
        return run_chunks(fn, chunks, *args, **kw)

    monkeypatch.setattr(simulation, "WINDOW", 5)
    monkeypatch.setattr(simulation, "run_chunks", counted)
    res = simulate(config, tmp_path / "windows", chunk_size=1, quiet=True)
    assert handed == [5, 5, 2] and res.written == N and res.complete and not res.stopped
    assert_same_records(tmp_path / "windows", reference)
    handed.clear()  # a stop inside the second window ends it
    stopped = simulate(config, tmp_path / "stop", chunk_size=1, max_games=7, quiet=True)
    assert handed == [5, 2] and stopped.written == 7 and stopped.stopped


@pytest.mark.parametrize("seed", range(20))
def test_the_missing_runs_are_read_from_the_games_done(seed: int, tmp_path: Path) -> None:
    """The runs left to play, found from the parts' names alone (never a set of every game
    done), are those a walk over every game finds, and their chunks the same."""
    import random

    from muertos.sim import simulation, store

    rng = random.Random(seed)
    total = rng.randint(1, 60)
    done = set(rng.sample(range(total), rng.randint(0, total)))
    want = store.missing_ranges(total, done)
    # the parts as a run writes them: pieces of the done games, some touching
    pieces = [(i, i + 1) for i in sorted(done)]
    while len(pieces) > 1 and rng.random() < 0.7:
        k = rng.randrange(len(pieces) - 1)
        if pieces[k][1] == pieces[k + 1][0]:
            pieces[k : k + 2] = [(pieces[k][0], pieces[k + 1][1])]
    out = tmp_path / "out"
    (out / store.RECORDS).mkdir(parents=True)
    for a, b in pieces:
        store.part_path(out, a, b).write_bytes(b"")
    runs = store.done_runs(out)
    assert store.games_in(runs) == len(done)
    assert list(simulation.missing_runs(total, runs)) == want
    config = SimConfig.make(GID, PLAYERS, "random", total)
    size = rng.randint(1, 7)
    chunks = simulation.plan_chunks(config, simulation.missing_runs(total, runs), size)
    assert [(c.start, c.end) for c in chunks] == store.split_ranges(want, size)
