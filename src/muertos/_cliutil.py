"""What every ``muertos`` subcommand shares: the error exit, the ``--option`` parser and the
reader's language."""

from __future__ import annotations

import json
import os
from typing import Annotated, Any

import typer
from rich.console import Console


def fail(msg: str) -> typer.Exit:
    """Print ``error: msg`` on stderr and give the exit (code 2) to raise."""
    Console(stderr=True).print(f"[bold red]error:[/] {msg}", highlight=False, soft_wrap=True)
    return typer.Exit(2)


LangOption = Annotated[
    str | None,
    typer.Option("--lang", help="language of the text: en or es (default: es if $LANG is Spanish, else en)"),
]


def reader_language(lang: str | None) -> str:
    """``--lang`` if given (an unknown one is refused), else Spanish when the environment's
    LANG is (``es_MX.UTF-8``), else English."""
    from muertos import i18n

    if lang is not None:
        if lang.strip().lower() not in i18n.LANGUAGES:
            raise fail(f"--lang must be one of {', '.join(i18n.LANGUAGES)}, not {lang!r}")
        return lang.strip().lower()
    return "es" if os.environ.get("LANG", "").lower().startswith("es") else i18n.DEFAULT


def parse_options(items: list[str] | None) -> dict[str, Any]:
    """``["common_goals=true"]`` (or a JSON object) to an options dict; the game checks values."""
    out: dict[str, Any] = {}
    for item in items or []:
        item = item.strip()
        if item.startswith("{"):
            try:
                loaded = json.loads(item)
            except json.JSONDecodeError as e:
                raise fail(f"--option {item!r} is not a JSON object: {e}") from None
            if not isinstance(loaded, dict):
                raise fail("--option JSON must be an object")
            out.update(loaded)
            continue
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise fail(f"--option takes key=value (e.g. common_goals=true), got {item!r}")
        out[key.strip()] = value.strip() if value.strip() else True
    return out
