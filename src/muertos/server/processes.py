"""Several web processes behind one port (``muertos serve --workers N``, issue 36).

Why uvicorn's own ``workers=`` and not N servers on one port with ``SO_REUSEPORT``: its
supervisor already binds the port once, hands the socket to every process, stops them all
on SIGTERM or Ctrl-C and starts again one that dies or hangs; ``SO_REUSEPORT`` would need
a supervisor of our own, and spreads connections only on Linux. What it asks for is an
import string naming an app factory, so the settings travel to each process in the
environment: :func:`from_environment` reads them, with the names the command line's
flags have as environment variables (``MUERTOS_SMTP``, ``MUERTOS_PUBLIC_URL`` …), so the
same factory also serves ``uvicorn muertos.server.processes:from_environment --factory``
or any process manager that runs uvicorn.

Only PostgreSQL can be shared: its changes are announced to every process (LISTEN/NOTIFY,
the live updates of another process's moves), and a move, a bot's move, a clock's
hand-over and a turn message are each stored by one conditional write, whichever process
makes it. An SQLite file has no such announcements (each process would push only its own
moves to its subscribers, and trusts that it is the only writer), and a memory database is
each process's own: :func:`check_workers` refuses them.
"""

from __future__ import annotations

import gc
import json
import math
import os
from collections.abc import Mapping
from typing import Any

from fastapi import FastAPI

from muertos import i18n

from . import notify
from .bots import default_workers
from .clocks import check_clock, parse_spec
from .storage.sql import backend

BOT_DELAY = 0.4
"""Seconds before each bot move on a served table, so that people can follow the play."""
FACTORY = "muertos.server.processes:from_environment"


def check_workers(db_url: str, workers: int) -> None:
    """ValueError, in the reader's language, unless ``workers`` processes can share ``db_url``."""
    if workers > 1 and (db_url == "memory://" or backend(db_url) != "postgresql"):
        raise ValueError(i18n.message("cli.workers_need_postgresql", i18n.active(), workers=workers))


def environment(
    db_url: str,
    workers: int,
    bot_workers: int | None,
    default_clock: dict[str, Any] | None,
    smtp: notify.Smtp | None,
    public_url: str,
) -> dict[str, str]:
    """The settings of each of ``workers`` processes, as :func:`from_environment` reads
    them. ``bot_workers`` (default: one per core) is shared out: each process gets its
    part, rounded up, so that N processes do not start N times as many bot workers."""
    env = {
        "MUERTOS_DB": db_url,
        "MUERTOS_BOT_WORKERS": str(math.ceil((bot_workers or default_workers()) / workers)),
        "MUERTOS_CLOCK": json.dumps(default_clock) if default_clock else "none",
        "MUERTOS_PUBLIC_URL": public_url,
        "MUERTOS_SMTP": "",
    }
    if smtp is not None:
        host = f"[{smtp.host}]" if ":" in smtp.host else smtp.host
        env |= {
            "MUERTOS_SMTP": f"{host}:{smtp.port}",
            "MUERTOS_SMTP_FROM": smtp.sender,
            "MUERTOS_SMTP_USER": smtp.user or "",
            "MUERTOS_SMTP_PASSWORD": smtp.password or "",
            "MUERTOS_SMTP_STARTTLS": "1" if smtp.starttls else "",
        }
    return env


def from_environment(env: Mapping[str, str] | None = None) -> FastAPI:
    """The web table as ``muertos serve`` builds it, from environment variables:
    ``MUERTOS_DB`` (default ``sqlite:///muertos.db``), ``MUERTOS_BOT_WORKERS``,
    ``MUERTOS_CLOCK`` (``--clock``'s spelling, or the API's JSON), ``MUERTOS_PUBLIC_URL``
    and ``MUERTOS_SMTP``, ``_FROM``, ``_USER``, ``_PASSWORD``, ``_STARTTLS`` (``1``)."""
    from .app import create_app

    env = os.environ if env is None else env
    clock = env.get("MUERTOS_CLOCK", "none").strip()
    default_clock = (json_clock(clock) if clock.startswith("{") else parse_spec(clock)) or None
    smtp = None
    if env.get("MUERTOS_SMTP"):
        smtp = notify.Smtp.parse(
            env["MUERTOS_SMTP"],
            env.get("MUERTOS_SMTP_FROM"),
            env.get("MUERTOS_SMTP_USER"),
            env.get("MUERTOS_SMTP_PASSWORD"),
            env.get("MUERTOS_SMTP_STARTTLS", "") not in ("", "0"),
        )
    bots = env.get("MUERTOS_BOT_WORKERS")
    app = create_app(
        env.get("MUERTOS_DB", "sqlite:///muertos.db"),
        bot_delay=BOT_DELAY,
        bot_workers=int(bots) if bots else None,
        default_clock=default_clock,
        public_url=env.get("MUERTOS_PUBLIC_URL") or "http://127.0.0.1:8000",
        smtp=smtp,
    )
    tune_gc()
    return app


YOUNG = 50_000
"""Allocations between collections of the youngest generation in a serving process (Python's
default is 700): see :func:`tune_gc`."""


def tune_gc() -> None:
    """Make the garbage collector's pauses rarer in a process that serves (issue 36). At 1,000
    tables a full collection walked some 700,000 objects for 0.4-0.9 s every ~24 s, stalling
    every table at once. What is alive once the app is built (modules, routes, catalogs) is
    frozen out of collections; and with the youngest generation collected every ``YOUNG``
    allocations, a request's short-lived objects are mostly gone before a collection could
    promote them, so the old generation, walked by a full collection, grows more slowly."""
    gc.freeze()
    gc.set_threshold(YOUNG, *gc.get_threshold()[1:])


def json_clock(raw: str) -> dict[str, Any] | None:
    """A clock written as the API's JSON, checked as a request's is."""
    settings = check_clock(json.loads(raw))
    return settings.to_json() if settings else None
