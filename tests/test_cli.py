"""The ``muertos`` command, driven as a user would (Typer's runner, real stdin)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import muertos
from muertos.agents import RandomAgent
from muertos.cli import app
from muertos.match import MatchRecord, seat_seed

runner = CliRunner()
GAMES = muertos.game_ids()


def test_games_lists_every_game() -> None:
    r = runner.invoke(app, ["games"])
    assert r.exit_code == 0, r.output
    for gid in GAMES:
        assert gid in r.output


@pytest.mark.parametrize("gid", GAMES)
def test_rules_show_notation_and_reconstructed_parts(gid: str) -> None:
    r = runner.invoke(app, ["rules", gid])
    assert r.exit_code == 0, r.output
    assert muertos.game(gid).title.split(":")[0] in r.output
    assert "notation" in r.output.lower()
    if muertos.game(gid).reconstructed():
        assert "Reconstructed components" in r.output


@pytest.mark.parametrize("gid", GAMES)
def test_the_reconstructed_components_are_listed_once_in_the_readers_language(
    gid: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`muertos rules` lists the reconstructed components once, from components.toml (the
    guide does not list them again: issue 35, item 1), and in Spanish every bullet is
    Spanish: no English sentence of the game's data reaches a Spanish reader."""
    from muertos import cli, i18n

    monkeypatch.setattr(cli.console, "_width", 1000)  # a bullet on one line
    lines = muertos.game(gid).reconstructed()  # none: no heading (a game may have none)
    for lang, heading in (("en", "Reconstructed components"), ("es", "Componentes reconstruidos")):
        out = runner.invoke(app, ["rules", gid, "--lang", lang], env={"LANG": "C"}).output
        assert out.lower().count(heading.lower()) == bool(lines), (lang, out)
        assert out.lower().count("reconstructed components") + out.lower().count("reconstruidos") == bool(
            lines
        )
        bullets = [x.strip()[2:] for x in out.splitlines() if x.strip().startswith("• ")]
        assert bullets == [i18n.whole(x, lang, gid) for x in lines]
        if lang == "es":
            assert all(i18n.untranslated(x, "es", gid) == [] for x in lines)
            assert not set(bullets) & set(lines), set(bullets) & set(lines)


def test_unknown_game_and_bad_options_are_clear_errors() -> None:
    r = runner.invoke(app, ["rules", "chess"])
    assert r.exit_code == 2 and "no game 'chess'" in r.output
    r = runner.invoke(app, ["play", GAMES[0], "--seats", "random,random", "-o", "nonsense=1"])
    assert r.exit_code == 2 and "no option 'nonsense'" in r.output
    r = runner.invoke(app, ["play", GAMES[0], "--seats", "random,wizard"])
    assert r.exit_code == 2 and "no agent 'wizard'" in r.output
    r = runner.invoke(app, ["play", GAMES[0], "--players", "3", "--seats", "random,random"])
    assert r.exit_code == 2 and "--players 3" in r.output


@pytest.mark.parametrize(
    ("command", "message"),
    [
        (["play", "ofertu", "--seats", "random,ismcts:nans"], "must be a finite number, not nan"),
        (["play", "ofertu", "--seats", "ismcts:1e9s,random"], "at most 600 s a move, not 1e+09 s"),
        (
            ["simulate", "ofertu", "--agents", "greedy,ismcts:infs", "--games", "2"],
            "a finite number, not inf",
        ),
        (
            ["tournament", "ofertu", "--agents", "random,ismcts:0", "--games", "2"],
            "from 1 to 10000000 iterations",
        ),
    ],
)
def test_a_bot_budget_that_cannot_run_is_refused_with_exit_2(
    command: list[str], message: str, tmp_path: Path
) -> None:
    if command[0] == "simulate":
        command = [*command, "--out", str(tmp_path / "run")]
    r = runner.invoke(app, command)
    assert r.exit_code == 2, r.output
    assert "bad ISMCTS budget" in r.output and message in r.output, r.output
    assert "Traceback" not in r.output
    assert not (tmp_path / "run").exists()


def test_the_strength_benchmark_refuses_a_bad_budget_with_exit_2() -> None:
    import subprocess
    import sys

    script = Path(__file__).parents[1] / "benchmarks" / "strength.py"
    r = subprocess.run(
        [sys.executable, str(script), "ofertu", "--budget", "nans"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert r.returncode == 2 and "a finite number, not nan" in r.stderr, r.stderr


@pytest.mark.parametrize("gid", GAMES)
def test_bots_play_to_the_end_and_the_record_replays(gid: str, tmp_path: Path) -> None:
    g = muertos.game(gid)
    seats = ",".join(["random"] * max(2, g.min_players))
    out = tmp_path / "game.json"
    r = runner.invoke(app, ["play", gid, "--seats", seats, "--seed", "4", "--save", str(out), "--quiet"])
    assert r.exit_code == 0, r.output
    rec = MatchRecord.from_json(out.read_text())
    state = rec.replay()
    assert state.over and state.scores() == rec.scores and state.winners() == rec.winners
    assert sheet_rows(r.output) == sheet_of(state)
    again = muertos.play(gid, seats=["random"] * rec.players, seed=4, options=rec.options)
    assert again.actions == rec.actions  # same seed, same agents: the same game

    r = runner.invoke(app, ["replay", str(out), "--to", "3"])
    assert r.exit_code == 0, r.output
    assert "action 3 of" in r.output
    r = runner.invoke(app, ["replay", str(out)])  # not a terminal: the end at once
    assert r.exit_code == 0, r.output
    assert sheet_rows(r.output) == sheet_of(state)


def sheet_rows(output: str) -> dict[str, list[float]]:
    """The printed score sheet: each row's label and numbers (a row per category, Total)."""
    start = output.index("Final result")
    rows = {}
    for line in output[start:].splitlines():
        cells = [c.strip() for c in line.split("│")[1:-1]]
        if len(cells) > 1 and cells[0] and all(c.lstrip("-").replace(".", "").isdigit() for c in cells[1:]):
            rows[cells[0]] = [float(c) for c in cells[1:]]
    return rows


def sheet_of(state: muertos.State) -> dict[str, list[float]]:
    res = state.result()
    rows = {
        c.label: [float(x.categories[i].points) for x in res.seats]
        for i, c in enumerate(res.seats[0].categories)
    }
    return {**rows, "Total": [float(v) for v in state.scores()]}


@pytest.mark.parametrize(
    ("gid", "seats", "seed"), [("ofrenda", ["random"], 2), ("ofertu", ["random"] * 2, 4)]
)
def test_the_solo_rating_or_the_tie_break_is_printed(gid: str, seats: list[str], seed: int) -> None:
    """Seed 4 of Ofertu ends in a tie on pips, settled by the cards in the display."""
    result = muertos.play(gid, seats=seats, seed=seed).replay().result()
    r = runner.invoke(app, ["play", gid, "--seats", ",".join(seats), "--seed", str(seed), "--quiet"])
    assert r.exit_code == 0, r.output
    printed = " ".join(r.output.split())  # Rich wraps long lines
    if result.rating is not None:
        assert f"{result.rating.label}: {result.rating.text}" in printed
    else:
        assert result.tie_break is not None and result.tie_break.text in printed


def test_replay_refuses_a_corrupt_record(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    r = runner.invoke(app, ["replay", str(bad)])
    assert r.exit_code == 2 and "not JSON" in r.output
    rec = muertos.play(GAMES[0], seats=["random", "random"], seed=1).to_json()
    rec["actions"][2] = "fly away"
    bad.write_text(json.dumps(rec))
    r = runner.invoke(app, ["replay", str(bad)])
    assert r.exit_code == 2 and "does not replay at action 3" in r.output


def test_a_human_plays_a_whole_game_at_the_prompt() -> None:
    """Seat 1 is typed at the prompt (with a help request and a typo first); seat 2 is random."""
    gid = GAMES[0]
    g = muertos.game(gid)
    s = g.new(2, 11)
    bot = RandomAgent(seat_seed(11, 1))
    typed = ["?", "this is not a move"]
    while not s.over:
        if s.to_move == 0:
            legal = s.legal_actions()
            a = legal[len(legal) // 2]
            typed.append(a.upper())  # case does not matter
        else:
            a = bot.act(s, 1)
        s.apply(a)
    r = runner.invoke(
        app, ["play", gid, "--seats", "human,random", "--seed", "11"], input="\n".join(typed) + "\n"
    )
    assert r.exit_code == 0, r.output[-2000:]
    out = " ".join(r.output.split())  # Rich wraps long lines at the runner's 80 columns
    assert "Legal actions:" in out
    assert "type ? for the legal actions" in out
    for i, v in enumerate(s.scores()):
        assert f"Player {i + 1}: {v:g}" in out


def test_quitting_saves_the_unfinished_game(tmp_path: Path) -> None:
    out = tmp_path / "half.json"
    r = runner.invoke(
        app, ["play", GAMES[0], "--seats", "human,random", "--seed", "2", "--save", str(out)], input="quit\n"
    )
    assert r.exit_code == 0, r.output
    rec = MatchRecord.from_json(out.read_text())
    assert rec.scores == [] and rec.winners == []


def test_speed_benchmark_runs() -> None:
    import importlib.util
    import sys

    spec = importlib.util.spec_from_file_location(
        "speed", Path(__file__).parents[1] / "benchmarks" / "speed.py"
    )
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    sys.modules["speed"] = mod
    spec.loader.exec_module(mod)
    results = mod.main([GAMES[0], "--seconds", "0.05", "--players", "2"])
    assert results and results[0].games_per_s > 0 and results[0].us_clone > 0


def test_match_runner_is_deterministic_and_records_round_trip() -> None:
    a = muertos.play(GAMES[0], seats=["random", "random"], seed=9)
    b = muertos.play(
        GAMES[0],
        seats=[muertos.agent("random", seed_) for seed_ in (seat_seed(9, 0), seat_seed(9, 1))],
        seed=9,
    )
    assert a.actions == b.actions and a.scores == b.scores
    assert MatchRecord.from_json(json.dumps(a.to_json())) == a
    assert a.seats == ["random", "random"]


# ------------------------------------------------------------------ languages
def _flat(text: str) -> str:
    return " ".join(text.split())  # Rich wraps long lines at the runner's 80 columns


def test_rules_in_spanish_when_asked_or_when_the_environment_is_spanish() -> None:
    es = runner.invoke(app, ["rules", "ofertu", "--lang", "es"], env={"LANG": "C"})
    assert es.exit_code == 0, es.output
    assert "una subasta para dos jugadores" in es.output and "bid B7 on 2" in es.output
    assert "Componentes reconstruidos" in es.output
    en = runner.invoke(app, ["rules", "ofertu"], env={"LANG": "C"})
    assert "a two-player auction" in en.output and "una subasta" not in en.output
    env = runner.invoke(app, ["rules", "ofertu"], env={"LANG": "es_MX.UTF-8"})
    assert env.output == es.output
    forced = runner.invoke(app, ["rules", "ofertu", "--lang", "en"], env={"LANG": "es_MX.UTF-8"})
    assert forced.output == en.output
    bad = runner.invoke(app, ["rules", "ofertu", "--lang", "fr"])
    assert bad.exit_code == 2 and "--lang must be one of en, es" in bad.output


def test_games_are_listed_in_spanish_where_their_catalogs_cover_the_summary(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from muertos import cli, i18n

    monkeypatch.setattr(cli.console, "_width", 300)  # a wide terminal: each summary's start on one line
    es = _flat(runner.invoke(app, ["games", "--lang", "es"], env={"LANG": "C"}).output)
    en = _flat(runner.invoke(app, ["games"], env={"LANG": "C"}).output)
    assert "juegos de muertos" in es and "jugadores" in es and "opciones" in es
    assert "muertos games" in en and "players" in en and "juegos" not in en
    assert "Una subasta para dos jugadores" in es and "A two-player auction" in en  # Ofertu's summary
    # a flag's default in the reader's words, not the engine's spelling of a boolean
    assert "(por defecto: no)" in es and "(default: no)" in en and "False" not in es
    for gid in GAMES:
        g = muertos.game(gid)
        assert i18n.title(gid, "es") in es and i18n.title(gid, "en") == g.title in en
        first = " ".join(i18n.whole(g.summary, "es", gid).split()[:4])
        assert first in es, gid  # Spanish where the catalog covers it all, else the English
    assert _flat(runner.invoke(app, ["games"], env={"LANG": "es_MX.UTF-8"}).output) == es


def test_bots_play_and_the_terminal_speaks_spanish() -> None:
    args = ["play", "ofertu", "--seats", "random,greedy", "--seed", "3"]
    es = _flat(runner.invoke(app, [*args, "--lang", "es"], env={"LANG": "C"}).output)
    en = _flat(runner.invoke(app, args, env={"LANG": "C"}).output)
    assert "semilla 3, asientos: random, greedy" in es and "seed 3, seats" in en
    assert "Ronda 1: empieza" in es and "Round 1:" not in es
    assert "Resultado final" in es and "Puntos en la zona de victoria" in es
    assert "Final result" in en and "Resultado final" not in en
    assert "Jugador 1 (random)" in es and "[dim]" not in es


def test_a_person_is_answered_in_spanish_at_the_prompt() -> None:
    r = runner.invoke(
        app,
        ["play", "ofertu", "--seats", "human,random", "--seed", "2", "--lang", "es"],
        input="?\nbid R1 on 9\nquit\n",
    )
    assert r.exit_code == 0, r.output[-2000:]
    out = _flat(r.output)
    assert "Acciones posibles: bid" in out
    assert "la fila de subasta tiene las posiciones 1-5" in out
    assert "escribe ? para ver las acciones posibles" in out
    assert "Partida detenida." in out
