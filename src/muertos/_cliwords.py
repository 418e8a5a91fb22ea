"""The words of ``--help`` and of the command line's own messages, in the reader's language.

A command, an argument or an option is declared with a help *key* (``help="help.play.players"``,
``i18n/help.{en,es}.toml``), never English. :class:`ReaderGroup`, the class of every ``muertos``
Typer app, settles the reader's language from the arguments before Click reads them (the
rule of ``_cliutil.reader_language``: ``--lang``, else ``LANG``), puts each key's text in its
place once Typer has built the commands, and for a Spanish reader lends Typer, for that run
only, the words of ``i18n/click.es.toml``: the help layout's words, the texts Typer passes
to gettext, and the usage errors. Typer (0.26 on) carries its own copy of Click without
gettext, so an error arrives as a composed English sentence and is read back through the
catalog's templates, as a game's log line is; a sentence no template reads stays English.
"""

from __future__ import annotations

import contextlib
import re
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

import typer
import typer.core
from typer.core import TyperGroup

from muertos import i18n
from muertos._cliutil import reader_language

if TYPE_CHECKING:
    from typer._click.core import Command

HELP_KEY = re.compile(r"help(?:\.[a-z0-9_]+)+")
"""What a help key looks like: a text that is not one is shown as it is (a test refuses it)."""

_VALUES: dict[str, dict[str, object]] = {}

_TYPER_WORDS = (
    "DEPRECATED_STRING",
    "DEFAULT_STRING",
    "ENVVAR_STRING",
    "REQUIRED_LONG_STRING",
    "ARGUMENTS_PANEL_TITLE",
    "OPTIONS_PANEL_TITLE",
    "COMMANDS_PANEL_TITLE",
    "ERRORS_PANEL_TITLE",
    "ABORTED_TEXT",
    "RICH_HELP",
)
"""The constants of ``typer.rich_utils`` a person reads (panel titles, ``[default: …]``):
Typer computes them through gettext once, at import, in English."""


def help_text(key: str, **values: object) -> str:
    """``key``, remembering the values its text's placeholders take (a limit the code
    holds: ``help_text("help.simulate.games", most="10,000,000")``)."""
    _VALUES[key] = values
    return key


def said(text: str | None, lang: str) -> str | None:
    """A help key's text in ``lang``, its placeholders filled; any other text as it is. A key
    no catalog has raises ``KeyError``, as :func:`i18n.message` does: a bug, not a word."""
    if text is None or not HELP_KEY.fullmatch(text):
        return text
    return i18n.message(text, lang, **_VALUES.get(text, {}))


def commands(root: Command) -> Iterator[Command]:
    """``root`` and every command under it, the sub-apps' merged commands among them."""
    yield root
    if isinstance(root, TyperGroup):
        for command in root.commands.values():
            yield from commands(command)


def localize(root: Command, lang: str) -> None:
    """Put the text of ``lang`` in place of every help key of the tree Typer built from the
    app (each build is new, so the tree is changed in place): the commands' own texts, their
    arguments' and options' and ``--help``'s itself; the usage line's words for a reader
    of another language than Click's."""
    words = i18n.click_catalog(lang)
    for command in commands(root):
        command.help = said(command.help, lang)
        for param in command.params:
            param.help = said(param.help, lang)  # type: ignore[attr-defined]
        help_option = command.get_help_option(typer.Context(command))
        if help_option is not None:
            help_option.help = i18n.message("help.help", lang)
        if command.options_metavar:
            command.options_metavar = words.term(command.options_metavar) or command.options_metavar
        if isinstance(command, TyperGroup) and command.subcommand_metavar:
            command.subcommand_metavar = words.term(command.subcommand_metavar) or command.subcommand_metavar


@contextlib.contextmanager
def framework_words(lang: str) -> Iterator[None]:
    """For the block, Typer speaks ``lang``: its help layout, its gettext texts and the
    usage errors Click composes, from ``click.{lang}.toml`` (English: nothing to change).
    Everything is put back after, so a test that runs a command leaves Typer as it was."""
    words = i18n.click_catalog(lang)
    if not words.terms and not words.templates:
        yield
        return
    from typer import rich_utils  # here, not at the top: an English run never needs it

    def gettext(msgid: str) -> str:
        return words.term(msgid) or msgid

    formatter = typer.Context.formatter_class
    write_usage = formatter.write_usage
    usage = gettext("Usage: ")

    def usage_line(self: Any, prog: str, args: str = "", prefix: str | None = None) -> None:
        write_usage(self, prog, args, usage if prefix is None else prefix)

    changes: list[tuple[object, str, object]] = [
        (rich_utils, name, gettext(getattr(rich_utils, name)))
        for name in _TYPER_WORDS
        if isinstance(getattr(rich_utils, name, None), str)
    ]
    changes += [
        (typer.core, "_", gettext),
        (formatter, "write_usage", usage_line),
        (rich_utils, "rich_format_error", _errors_in(words, rich_utils.rich_format_error)),
    ]
    saved = [(owner, name, getattr(owner, name)) for owner, name, _ in changes]
    try:
        for owner, name, value in changes:
            setattr(owner, name, value)
        yield
    finally:
        for owner, name, value in reversed(saved):
            setattr(owner, name, value)


def _errors_in(words: i18n.GameCatalog, show: Callable[[Any], None]) -> Callable[[Any], None]:
    """Typer's error panel, its message read through ``words``' templates first: Click
    composes it in English ("Invalid value for '--players' / '-p': …")."""

    def shown(error: Any) -> None:
        if type(error).__name__ != "NoArgsIsHelpError":  # its message is the help, already said
            text = words.partial(error.format_message())[0]
            error.format_message = lambda: text
        show(error)

    return shown


def asked_language(args: Sequence[str]) -> str | None:
    """The value of ``--lang X`` or ``--lang=X`` among ``args`` (before a ``--``), the last
    one as Click reads a repeated option, or ``None``: the language is needed before Click
    parses anything, since its own refusals must already be in it."""
    asked = None
    for i, arg in enumerate(args):
        if arg == "--":
            break
        if arg == "--lang" and i + 1 < len(args):
            asked = args[i + 1]
        elif arg.startswith("--lang="):
            asked = arg.removeprefix("--lang=")
    return asked


class ReaderGroup(TyperGroup):
    """The ``muertos`` command (and the ``sim`` app run alone): each run in the reader's
    language, its help and Typer's own words included."""

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        windows_expand_args: bool = True,
        **extra: Any,
    ) -> Any:
        try:
            lang = reader_language(asked_language(sys.argv[1:] if args is None else args))
        except typer.Exit as e:  # an unknown --lang, refused in the language of LANG
            if standalone_mode:
                sys.exit(e.exit_code)
            return e.exit_code
        localize(self, lang)
        with framework_words(lang):
            return super().main(args, prog_name, complete_var, standalone_mode, windows_expand_args, **extra)
