"""Schemathesis fuzzing of the published OpenAPI schema: whatever it sends, the app
answers with a documented status, never a 500, and bodies that match the schema.

Schemathesis's own pytest plugin does not run on this pytest, so each operation's
Hypothesis strategy is driven directly, one test per operation.
"""

from __future__ import annotations

import atexit
import shutil
import tempfile
from pathlib import Path
from typing import Any

import pytest

schemathesis = pytest.importorskip("schemathesis", reason="schemathesis is not installed")
from hypothesis import HealthCheck, given, settings  # noqa: E402
from schemathesis.specs.openapi.checks import positive_data_acceptance  # noqa: E402

from muertos.server import create_app  # noqa: E402
from muertos.server.storage import open_store  # noqa: E402

from .conftest import TOY_GAMES  # noqa: E402

_DIR = Path(tempfile.mkdtemp(prefix="muertos-fuzz-"))
atexit.register(shutil.rmtree, _DIR, ignore_errors=True)
_DB = f"sqlite:///{_DIR / 'muertos.db'}"
open_store(_DB).migrate()  # schemathesis calls the app without running its lifespan
APP = create_app(_DB, games=TOY_GAMES)
SCHEMA = schemathesis.openapi.from_asgi("/openapi.json", APP)
OPERATIONS = [r.ok() for r in SCHEMA.get_all_operations()]


@pytest.mark.parametrize("operation", OPERATIONS, ids=[op.label for op in OPERATIONS])
def test_the_api_never_fails_on_any_input(operation: Any) -> None:
    @given(case=operation.as_strategy())
    @settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck), database=None)
    def run(case: Any) -> None:
        # A body that fits the schema may still break a game's rules (an option another game
        # has, a player count the rulebook forbids): those 4xx answers are right, not failures.
        case.call_and_validate(excluded_checks=[positive_data_acceptance])

    run()


def test_there_is_something_to_fuzz() -> None:
    labels = {op.label for op in OPERATIONS}
    assert {"POST /api/tables", "POST /api/tables/{table_id}/actions", "GET /api/tables/{table_id}"} <= labels
