"""What every ``muertos`` subcommand shares: the error exit and the ``--option`` parser."""

from __future__ import annotations

import json
from typing import Any

import typer
from rich.console import Console


def fail(msg: str) -> typer.Exit:
    """Print ``error: msg`` on stderr and give the exit (code 2) to raise."""
    Console(stderr=True).print(f"[bold red]error:[/] {msg}", highlight=False, soft_wrap=True)
    return typer.Exit(2)


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
