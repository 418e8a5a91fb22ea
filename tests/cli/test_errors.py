"""Bad input at the terminal: a clear error naming the problem, in the reader's language,
exit 2, nothing started or changed, and never a Python traceback."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import muertos
from muertos.cli import app

runner = CliRunner()


def _refused(args: list[str], **kw: Any) -> str:
    """The one-line error of a refused command, its wrapping undone."""
    r = runner.invoke(app, args, **kw)
    assert r.exit_code == 2, (args, r.output, r.exception)
    assert isinstance(r.exception, SystemExit), r.exception  # not a Python error
    return " ".join(r.output.split())


def test_markup_typed_at_the_prompt_is_refused_with_the_rule() -> None:
    """`bid [/] on 1` was echoed into Rich markup: a MarkupError ended the game."""
    r = runner.invoke(
        app, ["play", "ofertu", "-s", "human,random", "--seed", "4"], input="bid [/] on 1\nquit\n"
    )
    assert r.exit_code == 0, (r.output, r.exception)
    said = " ".join(r.output.split())
    assert "'[/]' is not a card: a card is a suit letter (R, B, W) and a rank, e.g. R7" in said
    assert "Game stopped." in said


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["play", "[/]"], "error: no game '[/]'; the games are:"),
        (["play", "ofertu", "-s", "random,[red]"], "error: no agent '[red]'; agents:"),
        (["play", "ofrenda", "-s", "random,random", "-o", "[/]=1"], "Ofrenda has no option '[/]'"),
        (["replay", "runs/[/]game.json"], "error: cannot read runs/[/]game.json: there is no such file"),
    ],
)
def test_markup_in_an_argument_is_shown_as_typed(args: list[str], words: str) -> None:
    assert words in _refused(args)


@pytest.mark.parametrize(
    ("gid", "players", "words"),
    [
        ("ofrenda", "0", "Ofrenda is played by 1–4 players, not 0"),
        ("ofrenda", "-1", "Ofrenda is played by 1–4 players, not -1"),
        ("ofertu", "0", "Ofertu is played by 2–2 players, not 0"),
    ],
)
def test_a_player_count_out_of_range_is_refused_not_played_solo(gid: str, players: str, words: str) -> None:
    said = _refused(["play", gid, "--players", players, "--seed", "1"], input="quit\n")
    assert said == f"error: {words}"
    es = _refused(["play", gid, "--players", players, "--lang", "es"], input="quit\n")
    assert "se juega con" in es and f"jugadores, no con {players}" in es


@pytest.mark.parametrize("db", ["bogus://x", "muertos.db", "mysql://u@h/d", "postgresql://u@h:port/d"])
def test_serve_refuses_a_database_that_is_not_a_store_url(db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """SQLAlchemy's own errors about the URL reached the person as a traceback."""
    import muertos.server

    started: list[str] = []
    monkeypatch.setattr(muertos.server, "serve", lambda url, *a, **kw: started.append(url))
    said = _refused(["serve", "--db", db], env={"LANG": "C"})
    assert said.startswith(f"error: --db {db} is not a database URL: give sqlite:///file.db")
    assert "postgresql://user@host/dbname" in said and not started
    es = _refused(["serve", "--db", db], env={"LANG": "es_MX.UTF-8"})
    assert es.startswith(f"error: --db {db} no es una URL de base de datos") and not started


_ENGLISH = re.compile(
    r"\b(the|is|are|not|must|takes|got|has|have|cannot|does|illegal|action|record|game|games|"
    r"agent|agents|options?|field|line|column|with|of|an|such|file|directory|permission|denied|space)\b",
    re.IGNORECASE,
)


def _english(text: str) -> list[str]:
    """English words left in a Spanish message, once what is the same in every language is
    set aside: what a person typed or the game's notation (in quotes), paths, flags and game
    ids ("die-of-the-dead")."""
    text = re.sub(r"'[^']*'|\"[^\"]*\"|`[^`]*`|\S*/\S*|--\w+|\w+-[\w-]+", " ", text)
    return _ENGLISH.findall(text)


def _record(tmp_path: Path, **change: Any) -> str:
    d = muertos.play("ofertu", seats=["random", "random"], seed=3).to_json() | change
    path = tmp_path / "rec.json"
    path.write_text(json.dumps(d))
    return str(path)


@pytest.mark.parametrize(
    ("case", "spanish"),
    [
        ("unknown game", "no hay ningún juego 'nope'; los juegos son:"),
        ("unknown agent", "no hay ningún agente 'bogus'; los agentes son:"),
        ("option format", "--option lleva clave=valor (p. ej. common_goals=true), no '[1]'"),
        ("option JSON", "--option {x no es un objeto JSON (línea 1, columna 2)"),
        ("record", "no es una partida guardada: no es un registro de partida de muertos"),
        ("record field", "no es una partida guardada: 'seats' debe nombrar 2 agentes"),
        (
            "replay illegal",
            "el registro no se puede repetir en la acción 1: jugada no válida 'zzz': una acción es",
        ),
        ("analyze option", "no se puede reproducir: Ofertu no tiene la opción 'x' (opciones: ninguna)"),
        (
            "analyze illegal",
            "no se puede reproducir: jugada no válida 'zzz': una acción es 'bid <carta> on <posición>'",
        ),
        ("unreadable", "no se puede leer"),
    ],
)
def test_in_spanish_no_english_sentence_remains(case: str, spanish: str, tmp_path: Path) -> None:
    args: dict[str, Callable[[], list[str]]] = {
        "unknown game": lambda: ["play", "nope"],
        "unknown agent": lambda: ["play", "ofertu", "--seats", "random,bogus"],
        "option format": lambda: ["play", "ofrenda", "-o", "[1]", "-s", "random,random"],
        "option JSON": lambda: ["play", "ofrenda", "-o", "{x", "-s", "random,random"],
        "record": lambda: ["replay", _record(tmp_path, kind="list")],
        "record field": lambda: ["replay", _record(tmp_path, seats=[])],
        "replay illegal": lambda: ["replay", _record(tmp_path, actions=["zzz"])],
        "analyze option": lambda: ["analyze", _record(tmp_path, options={"x": 1}), "--budget", "5", "-q"],
        "analyze illegal": lambda: ["analyze", _record(tmp_path, actions=["zzz"]), "--budget", "5", "-q"],
        "unreadable": lambda: ["replay", str(tmp_path / "none.json")],
    }
    said = _refused([*args[case](), "--lang", "es"], env={"LANG": "C"})
    assert said.startswith("error: ") and spanish in said, said
    assert not _english(said), (_english(said), said)


def test_the_check_for_english_words_finds_them() -> None:
    """The check above reads what it should: each English message of these cases is caught."""
    assert _english("error: no game 'nope'; the games are: ofrenda")
    assert _english("error: x.json: Ofertu has no option 'x' (options: none)")
    assert _english("error: --option takes key=value (e.g. common_goals=true), got '[1]'")


@pytest.mark.parametrize("hidden", ["-5", "0", "64,0", "big", "64,-1"])
def test_train_refuses_a_hidden_layer_size_below_one_before_playing(
    hidden: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """It played every game first, then torch failed on the layer (a RuntimeError)."""
    from muertos.learn import train

    def played(*args: Any, **kw: Any) -> Any:
        raise AssertionError("the games were started")

    monkeypatch.setattr(train, "train", played)
    work = tmp_path / "work"
    args = ["train", "ofertu", "-p", "2", "--games", "2", "--steps", "2", f"--hidden={hidden}"]
    said = _refused([*args, "--work", str(work), "--out", str(tmp_path / "out")], env={"LANG": "C"})
    assert said == (
        "error: --hidden takes the hidden layers' sizes, whole numbers of 1 or more separated by "
        f"commas (e.g. 64,64), not '{hidden}'"
    )
    assert not work.exists()


@pytest.mark.parametrize(
    ("args", "english", "spanish"),
    [
        (
            ["play", "ofertu", "--seats", "human,ismcts:xyz"],
            "error: bad ISMCTS budget 'xyz': use ismcts:2000 (iterations), ismcts:1.5s (seconds) or "
            "ismcts:1.5cpu (seconds of CPU time), optionally :heuristic or :random",
            "error: el presupuesto de ISMCTS 'xyz' no es válido: usa ismcts:2000 (iteraciones), "
            "ismcts:1.5s (segundos) o ismcts:1.5cpu (segundos de tiempo de CPU), opcionalmente con "
            ":heuristic o :random",
        ),
        (
            ["simulate", "ofertu", "--agents", "ismcts:-1s"],
            "error: bad ISMCTS budget '-1s': a search may think more than 0 and at most 600 s a move, not -1 s",
            "error: el presupuesto de ISMCTS '-1s' no es válido: una búsqueda puede pensar más de 0 y como "
            "mucho 600 s por jugada, no -1 s",
        ),
        (
            ["simulate", "ofertu", "--agents", "greedy,ismcts:5:fast"],
            "error: bad ISMCTS playout 'fast': use :heuristic or :random (or nothing)",
            "error: la simulación de ISMCTS 'fast' no es válida: usa :heuristic o :random (o nada)",
        ),
        (
            ["simulate", "ofertu", "--agents", "random,bogus"],
            "error: no agent 'bogus'; agents: greedy, human, ismcts, ismcts+endgame, ismcts+net, random",
            "error: no hay ningún agente 'bogus'; los agentes son: greedy, human, ismcts, ismcts+endgame, "
            "ismcts+net, random",
        ),
    ],
    ids=["play budget", "simulate budget", "simulate playout", "simulate agent"],
)
def test_a_bad_agent_or_search_budget_is_said_in_the_readers_language(
    args: list[str], english: str, spanish: str, tmp_path: Path
) -> None:
    """The agents' refusals (``muertos.agent``) read English in a Spanish terminal; the
    engine's templates (``i18n/shared.es.toml``) say them in Spanish, before anything runs."""
    out = tmp_path / "run"
    where = ["--out", str(out)] if args[0] == "simulate" else []
    assert _refused([*args, *where, "--lang", "en"], input="quit\n") == english
    said = _refused([*args, *where, "--lang", "es"], input="quit\n")
    assert said == spanish and not _english(said), _english(said)
    assert not out.exists()
