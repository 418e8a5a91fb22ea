"""The HTTP boundary, in one place: the statuses of the service's refusals, the one shape
of every error (``{"detail": message, "code": code}``), and the request-body limit.

Statuses say whose fault a refusal is: 400 an illegal action (the rules forbid it) or a
body that does not parse, 403 no/wrong token or wrong seat, 404 unknown table/seat/step,
409 the table is not in the state the request assumed (not your turn, game over, stale
move index, lost race, undo refused), 413 a body over the limit, 422 a malformed body or
bad game/options/seats. A refused request changes nothing.

Every ``detail`` is a sentence in the reader's language (``?lang=``, then
``Accept-Language``), the framework's own refusals too: an unknown address (404), a wrong
method (405, with the methods the address takes), a malformed request (422: the sentence
names each bad field, and ``errors`` keeps pydantic's list for programs).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Mapping, Sequence
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import Match
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from muertos import i18n

from .errors import Illegal, Invalid, NotAllowed, NotFound, NotNow, TableError, TooMany
from .storage import Conflict

log = logging.getLogger("muertos.server")

_STATUS: dict[type[TableError], int] = {
    Illegal: 400,
    NotAllowed: 403,
    NotFound: 404,
    NotNow: 409,
    Invalid: 422,
    TooMany: 429,
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


def error(
    status: int,
    code: str,
    detail: str,
    errors: list[dict[str, Any]] | None = None,
    headers: Mapping[str, str] | None = None,
) -> JSONResponse:
    """The one shape of every error the server gives; a malformed request also lists its
    problems for programs (``errors``: each field's ``loc``, ``msg`` and ``type``)."""
    body: dict[str, Any] = {"detail": detail, "code": code}
    if errors is not None:
        body["errors"] = errors
    return JSONResponse(body, status_code=status, headers=dict(headers) if headers else None)


_PROBLEMS_SHOWN = 4
"""Problems of a malformed request the sentence names; the list holds them all."""
_TYPE_ERRORS = ("_type", "_parsing")


def _field(loc: Sequence[Any], lang: str) -> str:
    """Where a problem is, as a reader names it: the field's path under its location
    (``seats[1].kind`` in the body, ``status`` in the query), or the whole body."""
    where, path = (str(loc[0]), loc[1:]) if loc else ("body", ())
    if where not in ("body", "query", "path", "header", "cookie"):
        where, path = "body", loc
    name = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path).lstrip(".")
    if not name or (where == "body" and isinstance(path[0], int)):  # a JSON error's position
        return i18n.message("api.field.whole", lang)
    return i18n.message(f"api.field.{where}", lang, name=name)


def _problem(err: Mapping[str, Any], lang: str) -> str:
    """One problem of a malformed request in ``lang``, by its pydantic type."""
    kind = str(err.get("type", ""))
    ctx = {k: v for k, v in (err.get("ctx") or {}).items() if isinstance(v, (int, float, str))}
    if kind == "literal_error":
        ctx["expected"] = ", ".join(re.findall(r"'[^']*'", str(ctx.get("expected", "")))) or "…"
    if kind == "string_too_short" and ctx.get("min_length") == 1:
        kind = "string_empty"
    if kind.endswith("_parsing"):
        kind = kind.removesuffix("_parsing") + "_type"
    if kind in ("model_attributes_type", "model_type"):
        kind = "dict_type"
    key = f"api.invalid.{kind}"
    if key not in i18n.messages(i18n.DEFAULT):
        key = "api.invalid.other"
    field = _field(err.get("loc", ()), lang)
    try:
        return i18n.message(key, lang, field=field, **ctx)
    except (KeyError, IndexError, ValueError):  # a context the sentence does not expect
        return i18n.message("api.invalid.other", lang, field=field)


def _merged(errors: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """The errors a reader is told: a value that fits no member of a union fails once per
    member (``options.a.bool``, ``options.a.int``): one 'wrong type' problem at its field."""
    out: list[Mapping[str, Any]] = []
    groups: dict[tuple[Any, ...], list[Mapping[str, Any]]] = {}
    for err in errors:
        groups.setdefault(tuple(err.get("loc", ()))[:-1], []).append(err)
    for err in errors:
        loc = tuple(err.get("loc", ()))
        siblings = groups[loc[:-1]]
        if len(siblings) > 1 and all(str(e.get("type", "")).endswith(_TYPE_ERRORS) for e in siblings):
            if err is siblings[0]:
                out.append({"loc": loc[:-1], "type": "union_type"})
        else:
            out.append(err)
    return out


def malformed_detail(errors: Sequence[Mapping[str, Any]], lang: str) -> str:
    """A malformed request's problems in one sentence in ``lang``, each naming its field."""
    told = [_problem(e, lang) for e in _merged(errors)]
    problems = "; ".join(dict.fromkeys(told[:_PROBLEMS_SHOWN]))
    if len(told) > _PROBLEMS_SHOWN:
        problems += "; …"
    return i18n.message("api.malformed", lang, problems=problems)


_METHODS = ("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE")


def _allowed(request: Request) -> str:
    """The methods the routes at the request's path take (Starlette names only the first
    matching route's): each asked of the router as the same request with that method."""
    allowed = [
        m
        for m in _METHODS
        if any(
            route.matches({**request.scope, "method": m})[0] == Match.FULL
            for route in request.app.router.routes
        )
    ]
    return ", ".join(allowed)


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
    async def conflict(request: Request, e: Conflict) -> JSONResponse:
        """A race the service did not name (it names those it expects): the storage's
        English stays in the log, the reader gets a sentence in their language."""
        log.info("conflict: %s", e)
        return error(409, "conflict", i18n.message("api.conflict", _request_language(request)))

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, e: StarletteHTTPException) -> JSONResponse:
        """Starlette's own refusals (unknown address, wrong method) in the same shape as
        ours, in the reader's language; a 405 keeps its Allow header."""
        lang = _request_language(request)
        code = _HTTP_CODES.get(e.status_code, f"http_{e.status_code}")
        headers = dict(e.headers or {})
        if e.status_code == 405:
            headers["Allow"] = _allowed(request) or headers.get("Allow", "")
        key = f"api.http.{code}"
        if key not in i18n.messages(i18n.DEFAULT):
            key = "api.http.other"
        detail = i18n.message(
            key,
            lang,
            path=request.url.path,
            method=request.method,
            allowed=headers.get("Allow", ""),
            status=e.status_code,
        )
        return error(e.status_code, code, detail, headers=headers)

    @app.exception_handler(Exception)
    async def internal(request: Request, e: Exception) -> JSONResponse:
        log.exception("unexpected error", exc_info=e)
        return error(500, "internal", i18n.message("api.internal", _request_language(request)))

    @app.exception_handler(RequestValidationError)
    async def malformed(request: Request, e: RequestValidationError) -> JSONResponse:
        errors = [
            {
                "loc": list(err.get("loc", ())),
                "msg": str(err.get("msg", "")),
                "type": str(err.get("type", "")),
            }
            for err in e.errors()
        ]
        detail = malformed_detail(e.errors(), _request_language(request))
        return error(422, "malformed", detail, errors)
