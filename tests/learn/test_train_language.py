"""``muertos train`` speaks the reader's language (``--lang``, else ``LANG``) as the other
commands do: its progress, its summary and its refusals come from the ``learn`` catalogs,
and a refusal leaves nothing behind. The weights' JSON record is data and stays English."""

from __future__ import annotations

import json
import pickle
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from muertos.cli import app
from muertos.i18n import messages
from muertos.learn import TrainError, train

runner = CliRunner()
TINY = ["train", "ofertu", "-p", "2", "--agents", "random", "--steps", "3", "--hidden", "4"]
"""A run of a few seconds: ten random games (so one round is held out), three steps."""


def _english_sentences() -> list[str]:
    """Every run of two words or more of the English ``learn`` catalog and of the terminal's
    ``train`` keys, the text between its placeholders: none may reach a Spanish reader."""
    out = []
    for key, text in messages("en").items():
        if key.startswith(("learn.", "cli.train_")):
            parts = re.split(r"\{\w+\}", text)
            out += [p.strip() for p in parts if len(re.findall(r"[^\W\d_]{2,}", p)) >= 2]
    return out


def _said(output: str) -> str:
    return " ".join(output.split())


def test_the_english_catalog_has_sentences_to_look_for() -> None:
    sentences = _english_sentences()
    assert "games played" in sentences and "training steps" in sentences
    assert any("held-out error" in s for s in sentences) and len(sentences) > 20


def test_a_training_run_in_spanish_prints_no_english_sentence(tmp_path: Path) -> None:
    work, out = tmp_path / "w", tmp_path / "o"
    args = [*TINY, "--games", "10", "--work", str(work), "--out", str(out)]
    r = runner.invoke(app, [*args, "--lang", "es"], env={"LANG": "C"})
    assert r.exit_code == 0, r.output
    said = _said(r.output)
    assert "partidas jugadas" in said and "pasos de entrenamiento" in said
    assert "error en las partidas apartadas" in said and "min de entrenamiento" in said
    assert f"Pesos: {out / 'ofertu-2.pt'}" in said
    assert [s for s in _english_sentences() if s in said] == []
    record = json.loads((out / "ofertu-2.json").read_text(encoding="utf-8"))
    assert "held_out_rmse" in record["figures"]  # the record keeps its own (English) keys
    # LANG alone is enough; and the same run in English, resumed, says it in English
    es = runner.invoke(app, args, env={"LANG": "es_MX.UTF-8"})
    assert es.exit_code == 0 and "error en las partidas apartadas" in _said(es.output), es.output
    en = _said(runner.invoke(app, [*args, "--lang", "en"], env={"LANG": "es_MX.UTF-8"}).output)
    assert "held-out error" in en and "games played" in en and "partidas" not in en


def test_a_run_with_no_game_held_out_says_so_rather_than_nan(tmp_path: Path) -> None:
    args = [*TINY, "--games", "4", "--work", str(tmp_path / "w"), "--out", str(tmp_path / "o")]
    r = runner.invoke(app, [*args, "--lang", "es"])
    assert r.exit_code == 0, r.output
    said = _said(r.output)
    assert "no se apartó ninguna partida" in said and "nan" not in said


@pytest.mark.parametrize(
    ("extra", "english", "spanish"),
    [
        (
            ["--agents", "human"],
            "the human agent cannot play the games of a training run",
            "el agente human no puede jugar las partidas de un entrenamiento",
        ),
        (
            ["--agents", "random,ismcts:xyz"],
            "bad ISMCTS budget 'xyz'",
            "el presupuesto de ISMCTS 'xyz' no es válido",
        ),
        (["--agents", "wizard"], "no agent 'wizard'", "no hay ningún agente 'wizard'"),
        (
            ["-p", "3"],
            "Ofertu is played by 2–2 players, not 3",
            "Ofertu se juega con 2–2 jugadores, no con 3",
        ),
        (
            ["--also", "{tmp}/nowhere"],
            "{tmp}/nowhere holds no training run (no config.json)",
            "{tmp}/nowhere no tiene ningún entrenamiento (falta config.json)",
        ),
        (
            ["--out", "{tmp}/file"],
            "--out {tmp}/file is a file, not a folder",
            "--out {tmp}/file es un archivo, no una carpeta",
        ),
    ],
    ids=["human", "budget", "unknown agent", "players", "also", "out is a file"],
)
def test_a_refused_run_says_why_in_the_readers_language_and_leaves_nothing(
    extra: list[str], english: str, spanish: str, tmp_path: Path
) -> None:
    """Each was English, and a bad agent was found only in the first chunk of games, after
    the work folder and its config had been written (a rerun then met "other settings")."""
    (tmp_path / "file").write_text("mine")
    work = tmp_path / "w"
    extra = [x.replace("{tmp}", str(tmp_path)) for x in extra]
    args = [*TINY, "--games", "4", "--work", str(work), *extra]
    for lang, words in (("en", english), ("es", spanish)):
        r = runner.invoke(app, [*args, "--lang", lang])
        assert r.exit_code == 2 and isinstance(r.exception, SystemExit), (r.output, r.exception)
        said = _said(r.output)
        assert said.startswith("error: ") and words.replace("{tmp}", str(tmp_path)) in said, said
        assert "━" not in said  # no progress bar was started
    assert not work.exists()
    assert (tmp_path / "file").read_text() == "mine"


def test_a_damaged_chunk_is_named_not_a_traceback(tmp_path: Path) -> None:
    """A chunk of games cut short (a full disk, a kill): torch's own error reached the person."""
    args = [*TINY, "--games", "10", "--work", str(tmp_path / "w"), "--out", str(tmp_path / "o")]
    assert runner.invoke(app, args).exit_code == 0
    (tmp_path / "w" / "data-0000.pt").write_bytes(b"cut short")
    r = runner.invoke(app, [*args, "--lang", "es"])
    assert r.exit_code == 2 and isinstance(r.exception, SystemExit), (r.output, r.exception)
    said = _said(r.output)
    assert said[said.index("error: ") :] == (
        f"error: no se puede leer {tmp_path / 'w' / 'data-0000.pt'}: bórralo y ejecuta el mismo "
        "comando otra vez para volver a hacerlo"
    )


def test_a_refusal_is_english_to_python_and_keeps_its_key_across_processes() -> None:
    """``str()`` is the English (logs, callers in Python, and the tests that match it); a
    refusal raised in a worker playing a chunk crosses to the parent by pickle whole."""
    e = TrainError("unplayed", folder="runs/x", n=2)
    assert isinstance(e, ValueError)
    assert str(e) == "runs/x has 2 chunk(s) of games still to play: run it to its end first"
    back = pickle.loads(pickle.dumps(e))
    assert type(back) is TrainError and back.key == "unplayed"
    assert back.said("es") == "a runs/x le faltan 2 bloque(s) de partidas por jugar: termínalo primero"
    with pytest.raises(TrainError, match="keep is a share") as refused:
        train.train(train.Config("ofertu", 2, keep=0.0), Path("never-made"))
    assert refused.value.said("es") == "keep es una proporción en (0, 1], no 0.0"
    assert not Path("never-made").exists()
