"""What every ``muertos`` subcommand shares: the error exit, the ``--option`` parser, the
reader's language and the words for a file that cannot be read or written."""

from __future__ import annotations

import errno
import json
import os
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape


def fail(msg: str, lang: str | None = None) -> typer.Exit:
    """Print ``error: msg`` on stderr in ``lang`` (default: the language in force) and give
    the exit (code 2) to raise. ``msg`` is shown as written: a name a person typed
    (``[/]``) is text, never Rich markup."""
    from muertos import i18n

    said = i18n.message("cli.error", lang or i18n.active(), start="[bold red]", end="[/]", msg=escape(msg))
    Console(stderr=True).print(said, highlight=False, soft_wrap=True)
    return typer.Exit(2)


LangOption = Annotated[str | None, typer.Option("--lang", help="help.lang")]
"""``--lang``, read by ``_cliwords.ReaderGroup`` before the command (its help in the language
asked) and by the command itself through :func:`reader_language`."""


def reader_language(lang: str | None) -> str:
    """``--lang`` if given (an unknown one is refused), else Spanish when the environment's
    LANG is (``es_MX.UTF-8``), else English."""
    from muertos import i18n

    env = "es" if os.environ.get("LANG", "").lower().startswith("es") else i18n.DEFAULT
    if lang is not None:
        if lang.strip().lower() not in i18n.LANGUAGES:
            languages = ", ".join(i18n.LANGUAGES)
            raise fail(i18n.message("cli.bad_lang", env, languages=languages, lang=lang), env)
        return lang.strip().lower()
    return env


_OS_REASONS = {
    errno.ENOENT: "ENOENT",
    errno.EACCES: "EACCES",
    errno.EPERM: "EACCES",
    errno.EISDIR: "EISDIR",
    errno.ENOTDIR: "ENOTDIR",
    errno.ENOSPC: "ENOSPC",
    errno.EROFS: "EROFS",
}


def os_reason(e: OSError, lang: str) -> str:
    """Why a file could not be read or written, in ``lang``: the C library says it in
    English only. An uncommon error keeps the system's own words."""
    from muertos import i18n

    key = _OS_REASONS.get(e.errno or 0)
    return i18n.message(f"cli.os.{key}", lang) if key else str(e.strerror or e)


def parse_options(items: list[str] | None) -> dict[str, Any]:
    """``["common_goals=true"]`` (or a JSON object) to an options dict; the game checks
    values. A malformed item is refused in the language in force."""
    from muertos import i18n

    lang = i18n.active()
    out: dict[str, Any] = {}
    for item in items or []:
        item = item.strip()
        if item.startswith("{"):
            try:
                loaded = json.loads(item)
            except json.JSONDecodeError as e:
                raise fail(
                    i18n.message("cli.option_json", lang, item=item, line=e.lineno, column=e.colno)
                ) from None
            except (ValueError, RecursionError):
                loaded = None
            if not isinstance(loaded, dict):
                raise fail(i18n.message("cli.option_object", lang, item=item))
            out.update(loaded)
            continue
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise fail(i18n.message("cli.option_format", lang, item=item))
        out[key.strip()] = value.strip() if value.strip() else True
    return out
