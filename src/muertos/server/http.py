"""The HTTP boundary, in one place: the statuses of the service's refusals, the one shape
of every error (``{"detail": message, "code": code}``), and the request-body limit.

Statuses say whose fault a refusal is: 400 an illegal action (the rules forbid it) or a
body that does not parse, 403 no/wrong token or wrong seat, 404 unknown table/seat/step,
409 the table is not in the state the request assumed (not your turn, game over, stale
move index, lost race, undo refused), 413 a body over the limit, 422 a malformed body or
bad game/options/seats. A refused request changes nothing.
"""

from __future__ import annotations

import logging
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from muertos import i18n

from .errors import Illegal, Invalid, NotAllowed, NotFound, NotNow, TableError
from .storage import Conflict

log = logging.getLogger("muertos.server")

_STATUS: dict[type[TableError], int] = {
    Illegal: 400,
    NotAllowed: 403,
    NotFound: 404,
    NotNow: 409,
    Invalid: 422,
}


def http_status(e: TableError) -> int:
    """The HTTP status of a refusal (the WebSocket closes with 4000 + it)."""
    for cls in type(e).__mro__:
        if cls in _STATUS:
            return _STATUS[cls]
    return 400


BODY_LIMIT = 4 * 1024
"""Bytes of a request body: a move, an undo, a claim are far smaller."""
CREATE_BODY_LIMIT = 32 * 1024
"""Bytes of the body that opens a table (up to 16 seats with names and options)."""

_HTTP_CODES = {
    400: "bad_request",
    404: "not_found",
    405: "method_not_allowed",
    413: "too_large",
    415: "unsupported_media_type",
    422: "malformed",
}


def reader_language(query: str | None, accept_language: str | None) -> str:
    """The language a request is answered in: ``?lang=``, then ``Accept-Language``."""
    return i18n.negotiate(query, accept_language)


def _scope_language(scope: Scope) -> str:
    headers = dict(scope.get("headers") or ())
    query = dict(
        part.split("=", 1)
        for part in scope.get("query_string", b"").decode("latin-1").split("&")
        if "=" in part
    )
    return reader_language(query.get("lang"), headers.get(b"accept-language", b"").decode("latin-1"))


def _request_language(request: Request) -> str:
    return reader_language(request.query_params.get("lang"), request.headers.get("accept-language"))


def error(status: int, code: str, detail: Any) -> JSONResponse:
    """The one shape of every error the server gives."""
    return JSONResponse({"detail": detail, "code": code}, status_code=status)


class BodyLimit:
    """Refuse a request body over its limit with 413 before reading it (by its declared
    length), or as soon as a body without one (chunked) passes the limit."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = (
            CREATE_BODY_LIMIT
            if scope["method"] == "POST" and scope["path"].rstrip("/") == "/api/tables"
            else BODY_LIMIT
        )
        lang = _scope_language(scope)
        too_big = error(413, "too_large", i18n.message("api.too_large", lang, limit=limit))
        declared = dict(scope.get("headers") or ()).get(b"content-length")
        if declared is not None:
            try:
                length = int(declared)
            except ValueError:
                await error(400, "bad_request", i18n.message("api.bad_length", lang))(scope, receive, send)
                return
            if length > limit:
                await too_big(scope, receive, send)
                return
        seen = 0
        started = answered = False

        async def limited() -> Message:
            nonlocal seen, answered
            if answered:
                return {"type": "http.disconnect"}
            msg = await receive()
            if msg["type"] == "http.request":
                seen += len(msg.get("body", b""))
                if seen > limit:  # answer now; the app sees the client gone
                    if not started:
                        await too_big(scope, receive, send)
                    answered = True
                    return {"type": "http.disconnect"}
            return msg

        async def watch(msg: Message) -> None:
            nonlocal started
            if answered:
                return  # the 413 has been sent: whatever the app says now is dropped
            if msg["type"] == "http.response.start":
                started = True
            await send(msg)

        await self.app(scope, limited, watch)


def install_error_handlers(app: FastAPI) -> None:
    """Every error the app can give, in the one shape, with its status."""

    @app.exception_handler(TableError)
    async def refused(request: Request, e: TableError) -> JSONResponse:
        return error(http_status(e), e.code, e.text(_request_language(request)))

    @app.exception_handler(Conflict)
    async def conflict(_: Request, e: Conflict) -> JSONResponse:
        return error(409, "conflict", str(e))

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_: Request, e: StarletteHTTPException) -> JSONResponse:
        """Starlette's own refusals (unknown route, wrong method, a body that does not
        parse) in the same shape as ours."""
        return error(e.status_code, _HTTP_CODES.get(e.status_code, f"http_{e.status_code}"), e.detail)

    @app.exception_handler(Exception)
    async def internal(request: Request, e: Exception) -> JSONResponse:
        log.exception("unexpected error", exc_info=e)
        return error(500, "internal", i18n.message("api.internal", _request_language(request)))

    @app.exception_handler(RequestValidationError)
    async def malformed(_: Request, e: RequestValidationError) -> JSONResponse:
        errors = [
            {
                "loc": list(err.get("loc", ())),
                "msg": str(err.get("msg", "")),
                "type": str(err.get("type", "")),
            }
            for err in e.errors()
        ]
        return error(422, "malformed", errors)
