"""The front end in a real browser (Playwright driving Debian's Chromium): one server with
every game and one browser for the whole session (each test opens pages or contexts of its
own, and closes them), since starting them is most of a short test's time.

Skipped when /usr/bin/chromium or the playwright package is absent, except under CI (env
CI set), where that is a failure. The uvicorn server runs in a thread on a free port; every
page records its JavaScript errors, and a test fails on any.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from muertos.server.browser import CHROMIUM_ARGS, CHROMIUM_PATH

from .support import serve

_missing = None if Path(CHROMIUM_PATH).exists() else f"no browser at {CHROMIUM_PATH}"
try:
    from playwright import sync_api
except ImportError:  # pragma: no cover - the dev extra installs it
    sync_api = None  # type: ignore[assignment]
    _missing = _missing or "playwright is not installed"
if _missing and os.environ.get("CI"):
    raise RuntimeError(f"browser tests cannot run under CI: {_missing}")


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Every game of ``muertos.game_ids()`` on a fresh SQLite file."""
    from muertos.server import create_app

    db = tmp_path_factory.mktemp("browser") / "muertos.db"
    yield from serve(create_app(f"sqlite:///{db}"))


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if _missing:
        pytest.skip(_missing)
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM_PATH, args=list(CHROMIUM_ARGS))
        yield b
        b.close()
