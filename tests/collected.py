"""A pytest plugin for ``tests/test_new_game.py``: one run both lists every test it collected
(before ``-k`` deselects) and runs the selected ones, so the proof costs one collection, not two.

Loaded with ``-p tests.collected``; it writes the collected ids, a line each, to the file that
``MUERTOS_COLLECTED`` names.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    path = os.environ.get("MUERTOS_COLLECTED")
    if path:
        Path(path).write_text("\n".join(item.nodeid for item in items), encoding="utf-8")
