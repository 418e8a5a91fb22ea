"""``--help`` and the command line's own words (usage, panel titles, usage errors) in the
reader's language: ``--lang``, else ``LANG``. A Mexican player running
``LANG=es_MX.UTF-8 muertos play --help`` reads it all in Spanish; ``LANG=C`` reads the
English it always read. The console script is run for real a few times (at once, to stay
fast); the rest, usage errors among it, goes through ``CliRunner``, which takes the same
path (``ReaderGroup.main``) with the arguments given instead of ``sys.argv``."""

from __future__ import annotations

import gettext
import inspect
import os
import re
import subprocess
import sys
from collections.abc import Iterator

import pytest
import typer
import typer.core
import typer.main
from typer import rich_utils
from typer.testing import CliRunner

from muertos import i18n
from muertos._cliwords import _TYPER_WORDS, HELP_KEY, asked_language, commands, localize, said
from muertos.cli import app
from muertos.sim.cli import app as sim_app

runner = CliRunner()
SPANISH = {"LANG": "es_MX.UTF-8", "COLUMNS": "200"}
ENGLISH = {"LANG": "C", "COLUMNS": "200"}
_NOISE = re.compile(r"\x1b\[[0-9;]*m|[│╭╮╰╯─]")
_KEY_SHOWN = re.compile(r"\bhelp\.[a-z]")


def _flat(text: str) -> str:
    """The words of an output, its colours, panel borders and line breaks taken out."""
    return " ".join(_NOISE.sub(" ", text).split())


def _es(key: str) -> str:
    return i18n.message(key, "es")


def _click_es(english: str) -> str:
    word = i18n.click_catalog("es").term(english)
    assert word is not None, english
    return word


RUNS = {
    "es_root": (["--help"], SPANISH),
    "es_play": (["play", "--help"], SPANISH),
    "lang_play": (["play", "--help", "--lang", "es"], ENGLISH),
    "en_play": (["play", "--help"], ENGLISH),
}


@pytest.fixture(scope="module")
def ran() -> dict[str, tuple[int, str]]:
    """Each run of :data:`RUNS` by the console script (``python -m muertos.cli``): its exit
    code and its output, stdout and stderr together. Started together: a second or so each."""
    base = {k: v for k, v in os.environ.items() if k not in ("LC_ALL", "FORCE_COLOR", "PY_COLORS")}
    base |= {"NO_COLOR": "1", "TERM": "dumb", "GITHUB_ACTIONS": ""}
    procs = {
        name: subprocess.Popen(
            [sys.executable, "-m", "muertos.cli", *args],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            env=base | env,
            text=True,
            encoding="utf-8",
        )
        for name, (args, env) in RUNS.items()
    }
    return {name: (p.wait(timeout=120), p.communicate()[0]) for name, p in procs.items()}


ENGLISH_WORDS = ["Usage", "Options", "Arguments", "Show this message", "default:", "number of players"]


@pytest.mark.parametrize("run", ["es_play", "lang_play"])
def test_play_help_reads_spanish_from_lang_and_from_the_flag(
    ran: dict[str, tuple[int, str]], run: str
) -> None:
    code, out = ran[run]
    said_ = _flat(out)
    assert code == 0, out
    for spanish in (
        "número de jugadores",
        _es("help.play.players"),
        _es("help.play.about").split("\n")[0],
        _es("help.help"),
        _es("help.lang"),
        "Uso: ",
        _click_es("Usage: ").strip(),
        _click_es("Options"),
        _click_es("Arguments"),
        _click_es("[OPTIONS]"),
        "[por defecto: no-quiet]",
    ):
        assert spanish in said_, (spanish, said_)
    for english in ENGLISH_WORDS:
        assert english not in said_, (english, said_)
    for key, text in i18n.messages("en").items():  # no English help text at all
        if key.startswith("help.") and text != _es(key):
            assert text.split("\n")[0][:40] not in said_, key


def test_the_commands_list_reads_spanish(ran: dict[str, tuple[int, str]]) -> None:
    code, out = ran["es_root"]
    said_ = _flat(out)
    assert code == 0, out
    assert _es("help.muertos") in said_ and _click_es("Commands") in said_
    assert _click_es("COMMAND [ARGS]...") in said_
    root = typer.main.get_command(app)
    assert isinstance(root, typer.core.TyperGroup)
    for name in root.commands:
        first = _es(f"help.{name}.about").split("\n\n")[0]
        assert " ".join(first.split()[:5]) in said_, name
    for english in ("Commands", "Usage", "List the games", "Play a game in the terminal"):
        assert english not in said_, english


def test_english_help_is_as_it_was(ran: dict[str, tuple[int, str]]) -> None:
    code, out = ran["en_play"]
    said_ = _flat(out)
    assert code == 0, out
    for english in [*ENGLISH_WORDS, "Usage: ", "[default: no-quiet]", "Show this message and exit."]:
        assert english in said_, english
    for spanish in ("número de jugadores", "Uso", "Opciones", "por defecto", "Muestra esta ayuda"):
        assert spanish not in said_, spanish


@pytest.mark.parametrize(
    ("args", "spanish", "english"),
    [
        (["play", "ofrenda", "--nope"], "No existe la opción --nope", "No such option: --nope"),
        (["rules"], "Falta el argumento 'game_id'.", "Missing argument 'game_id'."),
        (
            ["play", "ofrenda", "--players", "x"],
            "Valor no válido en '--players' / '-p': debe ser un número entero",
            "Invalid value for '--players' / '-p': Input should be a valid integer",
        ),
        (["nosuch"], "No existe el comando 'nosuch'.", "No such command 'nosuch'."),
        (["play", "a", "b"], "Sobran argumentos (b)", "Got unexpected extra argument(s) (b)"),
    ],
)
def test_usage_errors_in_either_language(args: list[str], spanish: str, english: str) -> None:
    for run, env in ((args, SPANISH), ([*args, "--lang", "es"], ENGLISH)):
        r = runner.invoke(app, run, env=env)
        said_ = _flat(r.output)
        assert r.exit_code == 2, said_
        assert spanish in said_ and english not in said_ and "Usage" not in said_, said_
    r = runner.invoke(app, args, env=ENGLISH)
    said_ = _flat(r.output)
    assert r.exit_code == 2 and english in said_ and spanish not in said_, said_
    assert "Usage: " in said_ and "for help" in said_


def test_an_unknown_language_is_refused_before_click_reads_anything() -> None:
    r = runner.invoke(app, ["play", "--help", "--lang=xx"], env=ENGLISH)
    said_ = _flat(r.output)
    assert r.exit_code == 2 and "--lang must be one of en, es, not 'xx'" in said_ and "Usage" not in said_
    r = runner.invoke(app, ["play", "--lang", "xx", "--help"], env=SPANISH)
    assert r.exit_code == 2 and "--lang debe ser uno de en, es, no 'xx'" in _flat(r.output)


def test_the_language_asked_among_the_arguments() -> None:
    assert asked_language(["play", "ofrenda", "--lang", "es"]) == "es"
    assert asked_language(["--lang=es", "rules", "x", "--lang", "en"]) == "en"  # the last, as Click
    assert asked_language(["play", "--", "--lang", "es"]) is None  # after --: an argument
    assert asked_language(["play", "--lang"]) is None  # Click says what is missing
    assert asked_language(["play", "--language", "es"]) is None


def _trees() -> Iterator[typer.core.TyperGroup]:
    """The command trees Typer builds: ``muertos`` and the ``sim`` app run alone."""
    for a in (app, sim_app):
        root = typer.main.get_command(a)
        assert isinstance(root, typer.core.TyperGroup)
        yield root


def test_every_help_is_a_key_that_both_catalogs_have() -> None:
    """No English in the code: each command, argument and option names a key of
    ``i18n/help.{en,es}.toml``, with the same placeholders on both sides (and the catalogs'
    parity test in tests/i18n covers every help key as it covers every message)."""
    en, es = i18n.messages("en"), i18n.messages("es")
    assert "help.play.players" in en and "help.play.players" in es
    for root in _trees():
        for command in commands(root):
            for text in [command.help, *(p.help for p in command.params)]:  # type: ignore[attr-defined]
                assert text is not None and HELP_KEY.fullmatch(text), (command.name, text)
                assert text in en and text in es, text
                assert i18n.placeholders(en[text]) == i18n.placeholders(es[text]), text


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_every_help_of_the_tree_becomes_its_text(lang: str) -> None:
    for root in _trees():
        keys = {id(c): (c.help, [p.help for p in c.params]) for c in commands(root)}  # type: ignore[attr-defined]
        localize(root, lang)
        for command in commands(root):
            key, param_keys = keys[id(command)]
            assert command.help == said(key, lang) and command.help and not HELP_KEY.fullmatch(command.help)
            help_option = command.get_help_option(typer.Context(command))
            assert help_option is not None and help_option.help == i18n.message("help.help", lang)
            for param, pkey in zip(command.params, param_keys, strict=True):
                text = param.help  # type: ignore[attr-defined]
                assert text == said(pkey, lang) and text and not _KEY_SHOWN.search(text), pkey
                assert "{" not in text, (pkey, text)  # every placeholder filled


@pytest.mark.parametrize(("lang", "env"), [("es", SPANISH), ("en", ENGLISH)])
def test_no_help_shows_a_key(lang: str, env: dict[str, str]) -> None:
    root = typer.main.get_command(app)
    assert isinstance(root, typer.core.TyperGroup)
    for args in [[], *([name] for name in root.commands)]:
        r = runner.invoke(app, [*args, "--help"], env=env)
        assert r.exit_code == 0, (args, r.output)
        assert not _KEY_SHOWN.search(r.output), (args, r.output)
        assert (_click_es("Options") if lang == "es" else "Options") in r.output, args


def _typer_msgids() -> list[str]:
    """The texts Typer passes to gettext: Spanish needs each (a new one in a later Typer
    fails here, not in front of a reader)."""
    found = []
    for module in (typer.core, rich_utils):
        found += re.findall(r'\b_\(\s*"((?:[^"\\]|\\.)*)"\s*\)', inspect.getsource(module))
    return sorted(set(found))


def test_typer_own_words_have_spanish_with_their_placeholders() -> None:
    msgids = _typer_msgids()
    assert "Options" in msgids and "[default: {}]" in msgids and "Missing command." in msgids
    for english in [*msgids, "Usage: ", "[OPTIONS]", "COMMAND [ARGS]..."]:
        spanish = _click_es(english)
        assert sorted(re.findall(r"\{[^}]*\}", spanish)) == sorted(re.findall(r"\{[^}]*\}", english))
    for name in _TYPER_WORDS:
        assert getattr(rich_utils, name) in msgids, name


@pytest.mark.parametrize(
    "english",
    [
        "No such option: --pla (Possible options: --lang, --players)",
        "Missing option '--out'.",
        "Missing argument 'file'.",
        "Invalid value for '--backend': Value error, 'bad' is not one of 'process', 'ray'.",
        "Invalid value for '--keep': Input should be less than or equal to 1",
        "Invalid value for '--port': Input should be greater than or equal to 1",
        "Invalid value for '--keep': Input should be a valid number, unable to parse string as a number",
        "Option '--players' requires an argument.",
        "Option '--quiet' does not take a value.",
        "Invalid value for '--smtp-starttls' / '--no-smtp-starttls' (env var: 'MUERTOS_SMTP_STARTTLS'): "
        "Input should be a valid boolean, unable to interpret input",
    ],
)
def test_a_usage_error_click_composes_reads_wholly_spanish(english: str) -> None:
    words = i18n.click_catalog("es")
    spanish, gaps = words.partial(english)
    assert not gaps and spanish != english, (spanish, gaps)


def test_typer_is_left_as_it_was() -> None:
    """Spanish is lent to Typer for a run only: importing the command changes nothing, and
    after a Spanish run Typer speaks English again (other tests, other commands)."""
    usage = typer.Context.formatter_class.write_usage

    def english() -> None:
        assert rich_utils.OPTIONS_PANEL_TITLE == "Options" and rich_utils.ERRORS_PANEL_TITLE == "Error"
        assert vars(typer.core)["_"] is gettext.gettext
        assert typer.Context.formatter_class.write_usage is usage
        assert rich_utils.rich_format_error.__module__ == "typer.rich_utils"

    english()
    assert "Opciones" in runner.invoke(app, ["play", "--help"], env=SPANISH).output
    english()
    assert runner.invoke(app, ["rules"], env=SPANISH).exit_code == 2
    english()
    r = runner.invoke(app, ["play", "--help"], env=ENGLISH)
    assert "Options" in r.output and "Opciones" not in r.output
