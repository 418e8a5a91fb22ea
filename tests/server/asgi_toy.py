"""An app factory for server subprocesses in tests: ``uvicorn tests.server.asgi_toy:app --factory``
with the database URL in MUERTOS_DB."""

from __future__ import annotations

import os

from fastapi import FastAPI

from muertos.server import create_app
from tests.engine.toy import TOY


def app() -> FastAPI:
    return create_app(os.environ["MUERTOS_DB"], games={"toy": TOY})
