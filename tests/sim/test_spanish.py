"""The designer's commands in Spanish (finding 6): ``--lang``, then ``LANG``, and every word
they print or draw (terminal lines, the pages, plot titles, axes, legends, captions) from the
``sim`` catalogs."""

from __future__ import annotations

import pickle
import re
import tomllib
from importlib.resources import files
from pathlib import Path

import pytest
from matplotlib.figure import Figure
from matplotlib.text import Text
from typer.testing import CliRunner

from muertos.engine import UnknownAgent
from muertos.i18n import messages
from muertos.sim import report as report_module
from muertos.sim.cli import app
from muertos.sim.plan import AgentRefused, SimError

runner = CliRunner()
SPANISH = {"LANG": "es_MX.UTF-8", "COLUMNS": "200"}


def english_sentences() -> list[str]:
    """The English catalog's sentences (the text between placeholders, two words or more)
    that its Spanish twin does not share: none may reach a Spanish reader."""
    en, es = messages("en"), messages("es")
    out = set()
    for key, text in en.items():
        if not key.startswith("sim."):
            continue
        for piece in re.split(r"\{[a-z_]+\}", text):
            piece = piece.strip(" .,;:()")
            if " " in piece and re.search("[a-z]{3}", piece) and piece not in es[key]:
                out.add(piece)
    return sorted(out)


def english_in(text: str) -> list[str]:
    flat = " ".join(text.split())
    return [s for s in english_sentences() if re.search(rf"(?<!\w){re.escape(s)}(?!\w)", flat)]


def _page_text(path: Path) -> str:
    return re.sub(r'src="data:image/png;base64,[^"]+"', "", path.read_text(encoding="utf-8"))


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text drawn in a plot of a report or a comparison (titles, axis labels, tick
    labels, legends), read from the figure once it is drawn."""
    texts: list[str] = []
    png = report_module._png

    def capture(fig: Figure) -> str:
        out = png(fig)
        texts.extend(t.get_text() for t in fig.findobj(Text))
        return out

    monkeypatch.setattr(report_module, "_png", capture)
    return texts


def _keys(table: dict[str, object], prefix: str) -> set[str]:
    out: set[str] = set()
    for k, v in table.items():
        out |= _keys(v, f"{prefix}{k}.") if isinstance(v, dict) else {f"{prefix}{k}"}  # type: ignore[arg-type]
    return out


def test_the_sim_catalogs_are_read_with_the_tables_messages() -> None:
    """``i18n.messages`` reads ``sim.{lang}.toml`` under ``sim.``, so tests/i18n's checks of
    the messages (the same keys and placeholders in both languages, the glossary's words)
    read these files too; here both files hold the same keys, all of them read."""
    folder = files("muertos.i18n")
    found = {}
    for lang in ("en", "es"):
        table = tomllib.loads((folder / f"sim.{lang}.toml").read_text(encoding="utf-8"))
        found[lang] = _keys(table, "sim.")
        assert found[lang] == {k for k in messages(lang) if k.startswith("sim.")}
    assert found["en"] == found["es"] and len(found["en"]) > 200


def test_the_catalogs_hold_sentences_to_look_for() -> None:
    found = english_sentences()
    assert "games recorded of" in found and "How early the winner leads" in found
    assert english_in("Ofrenda — 4 games recorded of 4") == ["games recorded of"]


def test_a_report_and_its_run_in_spanish(tmp_path: Path, drawn: list[str]) -> None:
    run = tmp_path / "run"
    args = ["simulate", "ofrenda", "-p", "2", "--agents", "random,greedy", "--games", "4", "--seed", "1"]
    r = runner.invoke(app, [*args, "--out", str(run), "-q"], env=SPANISH)  # LANG alone
    assert r.exit_code == 0, r.output
    assert "partidas guardadas en" in r.output and not english_in(r.output)
    r = runner.invoke(app, ["report", str(run), "--sample", "4", "--lang", "es"], env={"LANG": "C"})
    assert r.exit_code == 0, r.output
    assert "Tasa de victorias por asiento" in r.output and "Reporte con" in r.output
    assert not english_in(r.output)
    page = _page_text(run / "report.html")
    assert '<html lang="es">' in page and "Qué tan pronto va adelante el ganador" in page
    assert not english_in(page)
    assert len(drawn) > 50 and "asiento 1" in drawn
    assert not english_in("\n".join(drawn)), english_in("\n".join(drawn))
    # The same run read in English says so in its page.
    r = runner.invoke(app, ["report", str(run), "--sample", "0"], env={"LANG": "C"})
    assert r.exit_code == 0 and '<html lang="en">' in (run / "report.html").read_text()
    # A refusal in Spanish too.
    r = runner.invoke(app, ["report", str(tmp_path / "nada"), "--lang", "es"])
    assert r.exit_code == 2 and "no tiene ninguna simulación" in r.output


def test_a_comparison_and_a_tournament_in_spanish(tmp_path: Path, drawn: list[str]) -> None:
    out = tmp_path / "cmp"
    args = ["compare", "ofrenda", "-p", "2", "--agents", "random", "--games", "4", "--seed", "2", "-q"]
    r = runner.invoke(
        app, [*args, "--a", "common_goals=false", "--b", "common_goals=true", "--out", str(out)], env=SPANISH
    )
    assert r.exit_code == 0, r.output
    assert "emparejadas por semilla y acomodo" in r.output and not english_in(r.output)
    page = _page_text(out / "compare.html")
    assert '<html lang="es">' in page and not english_in(page)
    assert drawn and not english_in("\n".join(drawn)), english_in("\n".join(drawn))
    path = tmp_path / "t.json"
    args = ["tournament", "ofrenda", "--agents", "random,greedy", "--games", "2", "-q", "--out", str(path)]
    r = runner.invoke(app, args, env=SPANISH)
    assert r.exit_code == 0, r.output
    assert "todos contra todos" in r.output and "Guardado en" in r.output
    assert not english_in(r.output)
    r = runner.invoke(app, [*args[:-2], "--out", str(tmp_path)], env=SPANISH)
    assert r.exit_code == 2 and "es una carpeta" in r.output


def test_an_unknown_language_is_refused() -> None:
    r = runner.invoke(app, ["report", "anywhere", "--lang", "xx"])
    assert r.exit_code == 2 and "en, es" in r.output and "No such option" not in r.output


def test_a_refusal_is_said_in_either_language_after_crossing_processes() -> None:
    """A worker's refusal reaches the parent by pickle: it keeps its key and values, so the
    command can still say it in the reader's language."""
    e = SimError("at_least_1", flag="--jobs", value=0)
    back = pickle.loads(pickle.dumps(e))
    assert str(back) == "--jobs must be at least 1, got 0"
    assert back.said("es") == "--jobs debe ser al menos 1, no 0"
    refused = pickle.loads(pickle.dumps(AgentRefused("human_agent")))
    assert isinstance(refused, UnknownAgent) and "no puede jugar" in refused.said("es")
