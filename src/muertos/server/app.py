"""The ASGI app: JSON API (published as OpenAPI at /openapi.json), WebSocket, static pages.

Every error is JSON ``{"detail": message, "code": code}`` (one function writes them all,
:func:`error`) with a status that says whose fault it is: 400 an illegal action (the
rules forbid it) or a body that does not parse, 403 no/wrong token or wrong seat, 404
unknown table/seat/step, 409 the table is not in the state the request assumed (not your
turn, game over, stale move index, lost race, undo refused), 413 a body over the limit,
422 a malformed body or bad game/options/seats. A refused request changes nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Mapping
from pathlib import Path
from typing import Annotated, Any, Literal

from fastapi import Body, FastAPI, Header, Query, Request, WebSocket
from fastapi import Path as PathParam
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from muertos.engine import Game

from .bots import BotPool, BotScheduler
from .live import Hub
from .storage import Conflict, Store
from .tables import (
    BOT_CHOICES,
    MAX_BOT_ITERATIONS,
    MAX_BOT_SECONDS,
    MAX_SEED,
    ApiError,
    Catalog,
    SeatSpec,
    TableService,
    lines_with_notices,
)

log = logging.getLogger("muertos.server")
STATIC = Path(__file__).parent / "static"

TableId = Annotated[str, PathParam(min_length=1, max_length=32, pattern=r"^[A-Za-z0-9_-]+$")]


# ------------------------------------------------------------------ schemas
class ErrorOut(BaseModel):
    detail: Any
    code: str


class OptionOut(BaseModel):
    name: str
    type: Literal["bool", "int", "str"]
    default: bool | int | str
    help: str
    choices: list[bool | int | str] | None
    minimum: int | None = Field(None, description="an integer option's smallest value")
    maximum: int | None = Field(None, description="an integer option's largest value")


class GameOut(BaseModel):
    id: str
    title: str
    summary: str
    min_players: int
    max_players: int
    hidden_information: bool
    options: list[OptionOut]


class SeatIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    kind: Literal["human", "open", "bot"] = Field(
        description="human: an invited person (only the seat's invite link opens it); "
        "open: first come, first served from the lobby; bot: a bot on the server"
    )
    agent: str | None = Field(
        None, max_length=64, description="bot seats only: random, greedy, ismcts:0.5s, ismcts:2000 …"
    )
    name: str | None = Field(
        None, max_length=40, description="display name (no control or direction-override characters)"
    )


class CreateIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: str = Field(max_length=64, description="a game id from GET /api/games")
    players: int | None = Field(None, ge=1, le=16, description="defaults to the number of seats")
    options: dict[str, bool | int | str] = Field(default_factory=dict, max_length=32)
    seats: list[SeatIn] | None = Field(None, min_length=1, max_length=16, description="default: all human")
    seed: int | None = Field(None, ge=0, le=MAX_SEED, description="for repeatable tables; secret")


class ActionIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    action: str = Field(min_length=1, max_length=200, description="in the game's notation, e.g. 'take 3'")
    index: int | None = Field(
        None, ge=0, description="the number of moves the client has seen: a stale one is refused with 409"
    )
    seat: int | None = Field(
        None, ge=0, le=15, description="optional check: the seat (0-based) the token must be"
    )


class SeatOut(BaseModel):
    seat: int
    kind: str
    agent: str | None
    name: str
    claimed: bool


class TableSummary(BaseModel):
    id: str
    game: str
    title: str
    players: int
    options: dict[str, Any]
    status: Literal["open", "waiting", "in_progress", "finished"]
    created_at: str
    finished_at: str | None
    moves: int
    rematch: str | None
    rematch_of: str | None
    seats: list[SeatOut]


class TableOut(TableSummary):
    you: int | None = Field(description="the caller's seat (0-based), null for a spectator")
    view: dict[str, Any] = Field(description="state.view(you): all that seat may know")
    log: list[str]
    events: int
    can_undo: bool


class InviteOut(BaseModel):
    seat: int
    name: str
    token: str
    url: str


class CreatedOut(BaseModel):
    id: str
    url: str
    creator_token: str | None = Field(description="seat 1's token, when seat 1 is human")
    invites: list[InviteOut]
    table: TableSummary


class ActedOut(BaseModel):
    index: int
    events: list[dict[str, str]]
    table: TableOut


class ClaimOut(BaseModel):
    seat: int
    token: str
    url: str


class RematchOut(BaseModel):
    id: str
    url: str
    created: bool


class LogOut(BaseModel):
    seat: int | None
    lines: list[str]


class ResultOut(BaseModel):
    over: bool
    scores: list[float] | None
    winners: list[int]
    names: list[str]


class ReplayOut(BaseModel):
    step: int
    steps: int
    seat: int | None
    view: dict[str, Any]
    events: list[dict[str, str]]
    mover: int | None


class AgentsOut(BaseModel):
    bots: list[str]
    max_seconds: float
    max_iterations: int


ERRORS: dict[int | str, dict[str, Any]] = {
    400: {"model": ErrorOut, "description": "illegal action"},
    403: {"model": ErrorOut, "description": "token missing, wrong or for another seat"},
    404: {"model": ErrorOut, "description": "unknown table, seat or step"},
    409: {"model": ErrorOut, "description": "not your turn, game over, stale index, lost race, undo refused"},
    413: {"model": ErrorOut, "description": "request body over the limit"},
    422: {"model": ErrorOut, "description": "malformed body or parameters"},
}

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
        too_big = error(413, "too_large", f"the request body is over the limit of {limit} bytes here")
        declared = dict(scope.get("headers") or ()).get(b"content-length")
        if declared is not None:
            try:
                length = int(declared)
            except ValueError:
                await error(400, "bad_request", "Content-Length is not a number")(scope, receive, send)
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


def _token(header: str | None, query: str | None) -> str | None:
    return header if header else query


def create_app(
    db_url: str = "sqlite:///muertos.db",
    games: Mapping[str, Game] | None = None,
    bot_delay: float = 0.0,
    bot_workers: int | None = None,
) -> FastAPI:
    """The web table on ``db_url`` (SQLite file by default, ``postgresql://…`` for PostgreSQL).

    ``games`` replaces ``muertos.games()`` (tests use a toy game); ``bot_delay`` is a pause
    before each bot move so people can follow the play; ``bot_workers`` the number of
    processes bots think in (default: one per core).
    """
    store = Store(db_url)
    service = TableService(store, Catalog(games))
    hub = Hub(service)
    service.on_change = hub.changed_threadsafe
    bots = BotScheduler(service.bot_task, service.bot_store, BotPool(bot_workers, games), bot_delay)

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await asyncio.to_thread(store.migrate)
        store.start_checkpoints()
        hub.loop = asyncio.get_running_loop()
        hub.listening = asyncio.Event()
        listener = None
        if store.is_postgres:
            listener = asyncio.get_running_loop().create_task(hub.listen(store))
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(hub.listening.wait(), 10)
        bots.start()
        # A restarted server picks up where the bots were.
        for table_id in await asyncio.to_thread(store.unfinished_ids):
            bots.schedule(table_id)
        try:
            yield
        finally:
            hub.closing = True
            await bots.close()
            if listener is not None:
                listener.cancel()
                with contextlib.suppress(BaseException):
                    await listener
            store.dispose()

    app = FastAPI(
        title="muertos web table",
        version="1",
        summary="Play five Día de los Muertos tabletop games online, with people and bots.",
        lifespan=lifespan,
    )
    app.state.store = store
    app.state.service = service
    app.state.hub = hub
    app.state.bots = bots
    app.add_middleware(BodyLimit)

    @app.exception_handler(ApiError)
    async def api_error(_: Request, e: ApiError) -> JSONResponse:
        return error(e.status, e.code, e.message)

    @app.exception_handler(Conflict)
    async def conflict(_: Request, e: Conflict) -> JSONResponse:
        return error(409, "conflict", str(e))

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_: Request, e: StarletteHTTPException) -> JSONResponse:
        """Starlette's own refusals (unknown route, wrong method, a body that does not
        parse) in the same shape as ours."""
        return error(e.status_code, _HTTP_CODES.get(e.status_code, f"http_{e.status_code}"), e.detail)

    @app.exception_handler(Exception)
    async def internal(_: Request, e: Exception) -> JSONResponse:
        log.exception("unexpected error", exc_info=e)
        return error(500, "internal", "the server failed on this request; nothing was changed")

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

    async def run(fn: Any, *args: Any) -> Any:
        return await asyncio.to_thread(fn, *args)

    def base(request: Request) -> str:
        return str(request.base_url).rstrip("/")

    # ------------------------------------------------------------ games
    @app.get("/api/games", response_model=list[GameOut], tags=["games"])
    async def list_games() -> list[dict[str, Any]]:
        """Every game the table offers, with its seats and options (defaults and help)."""
        out = []
        for gid in service.catalog.ids():
            g = service.catalog.get(gid)
            out.append(
                {
                    "id": g.id,
                    "title": g.title,
                    "summary": g.summary,
                    "min_players": g.min_players,
                    "max_players": g.max_players,
                    "hidden_information": g.hidden_information,
                    "options": [
                        {
                            "name": o.name,
                            "type": type(o.default).__name__,
                            "default": o.default,
                            "help": o.help,
                            "choices": list(o.choices) if o.choices is not None else None,
                            "minimum": o.minimum,
                            "maximum": o.maximum,
                        }
                        for o in g.options
                    ],
                }
            )
        return out

    catalogs: dict[str, dict[str, Any]] = {}

    @app.get(
        "/api/games/{game_id}/catalog",
        response_model=dict[str, Any],
        responses={404: {"model": ErrorOut, "description": "unknown game"}},
        tags=["games"],
    )
    async def game_catalog(
        game_id: Annotated[str, PathParam(max_length=64)], response: Response
    ) -> dict[str, Any]:
        """The game's public, static component data (card faces, objective texts, board
        layout) that views name by id. It never changes while the server runs: cached."""
        if game_id not in catalogs:
            if game_id not in service.catalog.ids():
                raise ApiError(404, "unknown_game", f"no game {game_id!r}")
            catalogs[game_id] = service.catalog.get(game_id).catalog()
        response.headers["Cache-Control"] = "public, max-age=3600"
        return catalogs[game_id]

    @app.get("/api/agents", response_model=AgentsOut, tags=["games"])
    async def list_agents() -> dict[str, Any]:
        """The bot strengths the lobby offers (any ``muertos.agent`` name within the limits works)."""
        return {"bots": BOT_CHOICES, "max_seconds": MAX_BOT_SECONDS, "max_iterations": MAX_BOT_ITERATIONS}

    # ------------------------------------------------------------ tables
    @app.post("/api/tables", response_model=CreatedOut, status_code=201, responses=ERRORS, tags=["tables"])
    async def create_table(request: Request, body: CreateIn) -> dict[str, Any]:
        """Open a table. Each human seat gets an invite link carrying its secret token
        (shown once, stored hashed); the creator holds seat 1's."""
        seats = None if body.seats is None else [SeatSpec(s.kind, s.agent, s.name) for s in body.seats]
        t, tokens = await run(service.create, body.game, body.players, body.options, seats, body.seed)
        bots.schedule(t.id)
        invites = [
            {
                "seat": i,
                "name": t.seats[i].name,
                "token": tok,
                "url": f"{base(request)}/table/{t.id}?token={tok}",
            }
            for i, tok in sorted(tokens.items())
        ]
        return {
            "id": t.id,
            "url": f"{base(request)}/table/{t.id}",
            "creator_token": tokens.get(0),
            "invites": invites,
            "table": service.summary(t),
        }

    @app.get("/api/tables", response_model=list[TableSummary], responses=ERRORS, tags=["tables"])
    async def list_tables(
        status: Literal["open", "waiting", "in_progress", "finished"] | None = None,
        limit: Annotated[int, Query(ge=1, le=500)] = 100,
    ) -> list[dict[str, Any]]:
        """Tables, newest first: open (a first-come seat is free), waiting (for an invited
        person), in progress, or finished."""
        rows = await run(store.list_tables, status, limit)
        return [service.summary(t) for t in rows]

    @app.get("/api/tables/{table_id}", response_model=TableOut, responses=ERRORS, tags=["tables"])
    async def get_table(
        table_id: TableId,
        x_seat_token: Annotated[str | None, Header(max_length=200)] = None,
        token: Annotated[str | None, Query(max_length=200)] = None,
    ) -> dict[str, Any]:
        """The table as a seat sees it (its token in X-Seat-Token or ?token=), else as a spectator."""
        lo = await run(service.load, table_id, _token(x_seat_token, token))
        return service.payload(lo)

    @app.post("/api/tables/{table_id}/actions", response_model=ActedOut, responses=ERRORS, tags=["play"])
    async def post_action(
        table_id: TableId,
        body: Annotated[ActionIn, Body()],
        x_seat_token: Annotated[str | None, Header(max_length=200)] = None,
        token: Annotated[str | None, Query(max_length=200)] = None,
    ) -> dict[str, Any]:
        """Play an action for the token's seat. Bots then answer on the server."""
        lo, start = await run(
            service.act, table_id, _token(x_seat_token, token), body.action, body.index, body.seat
        )
        if any(s.kind == "bot" for s in lo.table.seats):
            bots.schedule(lo.table.id)
        events = [
            {"kind": kind, "text": text}
            for kind, text in lines_with_notices(lo.state, lo.seat, lo.table.notices, start)
        ]
        return {"index": len(lo.actions) - 1, "events": events, "table": service.payload(lo)}

    @app.post("/api/tables/{table_id}/undo", response_model=TableOut, responses=ERRORS, tags=["play"])
    async def undo(
        table_id: TableId,
        x_seat_token: Annotated[str | None, Header(max_length=200)] = None,
        token: Annotated[str | None, Query(max_length=200)] = None,
    ) -> dict[str, Any]:
        """Take back your own last move, if it is the table's last, the game is not over
        and it revealed nothing: no chance, no secret told to anyone, nothing hidden shown
        to you (see the docs)."""
        lo = await run(service.undo, table_id, _token(x_seat_token, token))
        return service.payload(lo)

    @app.post("/api/tables/{table_id}/rematch", response_model=RematchOut, responses=ERRORS, tags=["play"])
    async def rematch(
        request: Request,
        response: Response,
        table_id: TableId,
        x_seat_token: Annotated[str | None, Header(max_length=200)] = None,
        token: Annotated[str | None, Query(max_length=200)] = None,
    ) -> dict[str, Any]:
        """A new table with the same game, options and seats (your token works there too)
        and a new seed. Asked twice, it returns the same rematch."""
        t, created = await run(service.rematch, table_id, _token(x_seat_token, token))
        if created:
            bots.schedule(t.id)
        response.status_code = 201 if created else 200
        return {"id": t.id, "url": f"{base(request)}/table/{t.id}", "created": created}

    @app.post(
        "/api/tables/{table_id}/seats/{seat}/claim",
        response_model=ClaimOut,
        responses=ERRORS,
        tags=["tables"],
    )
    async def claim(
        request: Request, table_id: TableId, seat: Annotated[int, PathParam(ge=0, le=15)]
    ) -> dict[str, Any]:
        """Sit at a free open seat (first come, first served): you get the seat's token.
        An invited seat is opened only by its invite link (409)."""
        tok = await run(service.claim, table_id, seat)
        return {"seat": seat, "token": tok, "url": f"{base(request)}/table/{table_id}?token={tok}"}

    @app.get("/api/tables/{table_id}/log", response_model=LogOut, responses=ERRORS, tags=["play"])
    async def get_log(
        table_id: TableId,
        x_seat_token: Annotated[str | None, Header(max_length=200)] = None,
        token: Annotated[str | None, Query(max_length=200)] = None,
    ) -> dict[str, Any]:
        """The game's history, redacted for the caller's seat."""
        lo = await run(service.load, table_id, _token(x_seat_token, token))
        return {"seat": lo.seat, "lines": lo.state.log(lo.seat)}

    @app.get("/api/tables/{table_id}/result", response_model=ResultOut, responses=ERRORS, tags=["play"])
    async def result(table_id: TableId) -> dict[str, Any]:
        """Final scores and winners (seats, 0-based) once the game is over."""
        lo = await run(service.load, table_id, None)
        st = lo.state
        names = [s.name for s in lo.table.seats]
        if not st.over:  # running scores may depend on hidden cards: none before the end
            return {"over": False, "scores": None, "winners": [], "names": names}
        return {"over": True, "scores": st.scores(), "winners": st.winners(), "names": names}

    @app.get(
        "/api/tables/{table_id}/replay/{step}", response_model=ReplayOut, responses=ERRORS, tags=["play"]
    )
    async def replay(
        table_id: TableId,
        step: Annotated[int, PathParam(ge=0, le=100_000)],
        x_seat_token: Annotated[str | None, Header(max_length=200)] = None,
        token: Annotated[str | None, Query(max_length=200)] = None,
    ) -> dict[str, Any]:
        """The table after ``step`` moves, as the caller's seat saw it then (for the replay viewer)."""
        out: dict[str, Any] = await run(service.replay_step, table_id, _token(x_seat_token, token), step)
        return out

    @app.get("/healthz", include_in_schema=False)
    async def healthz() -> dict[str, str]:
        return {"ok": "yes"}

    # ------------------------------------------------------------ websocket
    @app.websocket("/ws/tables/{table_id}")
    async def ws_table(ws: WebSocket, table_id: str, token: str | None = None) -> None:
        """Messages: {"type": "table", …} first, then {"type": "update", view, new_events, …}
        on every change, each for the subscriber's own seat (spectator without a token)."""
        await hub.serve(ws, table_id, token or ws.headers.get("x-seat-token"))

    # ------------------------------------------------------------ pages
    @app.get("/", include_in_schema=False)
    async def lobby() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @app.get("/table/{table_id}", include_in_schema=False)
    async def table_page(table_id: str) -> FileResponse:
        return FileResponse(STATIC / "table.html")

    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    return app


def serve(
    db_url: str = "sqlite:///muertos.db",
    host: str = "127.0.0.1",
    port: int = 8000,
    bot_workers: int | None = None,
) -> None:
    """Run the web table until interrupted (``muertos serve``)."""
    import uvicorn

    logging.basicConfig(level=logging.INFO)
    # A WebSocket client sends only pings: a large frame is refused, not read.
    uvicorn.run(
        create_app(db_url, bot_delay=0.4, bot_workers=bot_workers), host=host, port=port, ws_max_size=4096
    )
