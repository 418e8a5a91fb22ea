"""The web table's routes: the JSON API (``api``), and the pages and live updates
(``pages``). Each route asks for what it needs — the table service, the bots, the seat
token — as a dependency, and answers with the models of ``schemas.py``."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Body, Depends, Header, Query, Request, Response, WebSocket
from fastapi import Path as PathParam
from fastapi.responses import FileResponse

from muertos import i18n

from .bots import BotScheduler
from .errors import NotFound
from .http import reader_language
from .live import Hub
from .schemas import (
    ERRORS,
    ActedOut,
    ActionIn,
    AgentsOut,
    ClaimOut,
    CreatedOut,
    CreateIn,
    ErrorOut,
    EventOut,
    GameOut,
    InviteOut,
    JoinOut,
    LogOut,
    OptionOut,
    RematchOut,
    ReplayOut,
    ResultOut,
    TableId,
    TableOut,
    TableSummary,
    UndoIn,
    VoteIn,
)
from .storage import Storage
from .tables import (
    BOT_CHOICES,
    MAX_BOT_ITERATIONS,
    MAX_BOT_SECONDS,
    SeatSpec,
    TableService,
    lines_with_notices,
    seat_name,
    seat_names,
)

STATIC = Path(__file__).parent / "static"

api = APIRouter()
pages = APIRouter()

# The dependencies below are coroutines though they wait for nothing: FastAPI runs a plain
# ``def`` dependency in a worker thread, a thread hop for each one of each request (issue 36).


async def _seat_token(
    x_seat_token: Annotated[str | None, Header(max_length=200, description="a seat's secret token")] = None,
    token: Annotated[str | None, Query(max_length=200, description="the same, from an invite link")] = None,
) -> str | None:
    """The caller's seat token: the X-Seat-Token header, else ``?token=`` (invite links)."""
    return x_seat_token or token


async def _service(request: Request) -> TableService:
    service: TableService = request.app.state.service
    return service


async def _bots(request: Request) -> BotScheduler:
    bots: BotScheduler = request.app.state.bots
    return bots


async def _store(request: Request) -> Storage:
    store: Storage = request.app.state.store
    return store


async def _hub(websocket: WebSocket) -> Hub:
    hub: Hub = websocket.app.state.hub
    return hub


async def _language(
    lang: Annotated[str | None, Query(max_length=16, description="the reader's language: en, es")] = None,
    accept_language: Annotated[str | None, Header(max_length=500)] = None,
) -> str:
    """The language the caller reads: ``?lang=``, then ``Accept-Language``, else English."""
    return reader_language(lang, accept_language)


SeatToken = Annotated[str | None, Depends(_seat_token)]
Lang = Annotated[str, Depends(_language)]
Service = Annotated[TableService, Depends(_service)]
Bots = Annotated[BotScheduler, Depends(_bots)]
Store = Annotated[Storage, Depends(_store)]
LiveHub = Annotated[Hub, Depends(_hub)]


def base(request: Request) -> str:
    return str(request.base_url).rstrip("/")


# ------------------------------------------------------------ games
@api.get("/api/games", response_model=list[GameOut], tags=["games"])
async def list_games(service: Service, lang: Lang) -> list[GameOut]:
    """Every game the table offers, with its seats and options (defaults and help), its
    summary and help in the caller's language where the game's catalog has them."""
    out = []
    for gid in service.catalog.ids():
        g = service.catalog.get(gid)
        options = [
            OptionOut(
                name=o.name,
                type=type(o.default).__name__,  # type: ignore[arg-type]
                default=o.default,
                label=i18n.option_label(gid, o.name, lang),
                help=i18n.whole(o.help, lang, gid),
                choices=list(o.choices) if o.choices is not None else None,
                minimum=o.minimum,
                maximum=o.maximum,
            )
            for o in g.options
        ]
        out.append(
            GameOut(
                id=g.id,
                title=i18n.whole(g.title, lang, gid),
                summary=i18n.whole(g.summary, lang, gid),
                min_players=g.min_players,
                max_players=g.max_players,
                hidden_information=g.hidden_information,
                options=options,
            )
        )
    return out


@api.get(
    "/api/games/{game_id}/catalog",
    response_model=dict[str, Any],
    responses={404: {"model": ErrorOut, "description": "unknown game"}},
    tags=["games"],
)
async def game_catalog(
    service: Service, game_id: Annotated[str, PathParam(max_length=64)], response: Response
) -> dict[str, Any]:
    """The game's public, static component data (card faces, objective texts, board
    layout) that views name by id. It never changes while the server runs: cached."""
    components = service.catalog.components(game_id)
    response.headers["Cache-Control"] = "public, max-age=3600"
    return components


@api.get(
    "/api/games/{game_id}/view-schema",
    response_model=dict[str, Any],
    responses={404: {"model": ErrorOut, "description": "unknown game, or a game with no typed view yet"}},
    tags=["games"],
)
async def view_schema(service: Service, game_id: Annotated[str, PathParam(max_length=64)]) -> dict[str, Any]:
    """The JSON Schema of the game's view (``table.view`` in the table's payload): the one
    shape its board on the front end reads."""
    return service.catalog.view_schema(game_id)


@api.get(
    "/api/i18n/{lang}",
    response_model=dict[str, Any],
    responses={404: {"model": ErrorOut, "description": "a language the table is not written in"}},
    tags=["games"],
)
async def language_pack(lang: Annotated[str, PathParam(max_length=16)], response: Response) -> dict[str, Any]:
    """What the front end draws the table with in ``lang`` (``en``, ``es``): the table's
    messages and every game's terms. It never changes while the server runs: cached."""
    if lang not in i18n.LANGUAGES:
        raise NotFound("unknown_language", "unknown_language", lang=lang, languages=", ".join(i18n.LANGUAGES))
    response.headers["Cache-Control"] = "public, max-age=3600"
    return i18n.front_end(lang)


@api.get("/api/agents", response_model=AgentsOut, tags=["games"])
async def list_agents() -> AgentsOut:
    """The bot strengths the lobby offers (any ``muertos.agent`` name within the limits works)."""
    return AgentsOut(bots=BOT_CHOICES, max_seconds=MAX_BOT_SECONDS, max_iterations=MAX_BOT_ITERATIONS)


# ------------------------------------------------------------ tables
@api.post("/api/tables", response_model=CreatedOut, status_code=201, responses=ERRORS, tags=["tables"])
async def create_table(
    service: Service, bots: Bots, request: Request, body: CreateIn, lang: Lang
) -> CreatedOut:
    """Open a table. Each human seat gets an invite link carrying its secret token
    (shown once, stored hashed); the creator holds seat 1's. An invite is opened once
    (``POST /api/tables/{id}/join``), which gives its seat a token of its own."""
    seats = None if body.seats is None else [SeatSpec(s.kind, s.agent, s.name) for s in body.seats]
    clock = None if body.clock is None else body.clock.model_dump(exclude_none=True)
    t, tokens = await asyncio.to_thread(
        service.create, body.game, body.players, body.options, seats, body.seed, None, clock
    )
    bots.schedule(t.id)
    invites = [
        InviteOut(
            seat=i,
            name=seat_name(t.seats[i], lang),
            token=tok,
            url=f"{base(request)}/table/{t.id}?token={tok}",
        )
        for i, tok in sorted(tokens.items())
    ]
    return CreatedOut(
        id=t.id,
        url=f"{base(request)}/table/{t.id}",
        creator_token=tokens.get(0),
        invites=invites,
        table=service.summary(t, lang),
    )


@api.get("/api/tables", response_model=list[TableSummary], responses=ERRORS, tags=["tables"])
async def list_tables(
    service: Service,
    store: Store,
    lang: Lang,
    status: Literal["open", "waiting", "in_progress", "finished"] | None = None,
    limit: Annotated[int, Query(ge=1, le=500)] = 100,
) -> list[TableSummary]:
    """Tables, newest first: open (a first-come seat is free), waiting (for an invited
    person), in progress, or finished."""
    rows = await asyncio.to_thread(store.list_tables, status, limit)
    return [service.summary(t, lang) for t in rows]


@api.get("/api/tables/{table_id}", response_model=TableOut, responses=ERRORS, tags=["tables"])
async def get_table(
    service: Service,
    table_id: TableId,
    token: SeatToken,
    lang: Lang,
) -> TableOut:
    """The table as a seat sees it (its token in X-Seat-Token or ?token=), else as a
    spectator, in the caller's language."""
    lo = await asyncio.to_thread(service.load, table_id, token)
    return service.payload(lo, lang=lang)


@api.post("/api/tables/{table_id}/actions", response_model=ActedOut, responses=ERRORS, tags=["play"])
async def post_action(
    service: Service,
    bots: Bots,
    table_id: TableId,
    body: Annotated[ActionIn, Body()],
    token: SeatToken,
    lang: Lang,
) -> ActedOut:
    """Play an action for the token's seat. Bots then answer on the server."""
    lo, start = await asyncio.to_thread(service.act, table_id, token, body.action, body.index, body.seat)
    bots.answer(lo.table)
    lines = lines_with_notices(lo.state, lo.seat, lo.table.notices, start, seat_names(lo.table, lang), lang)
    events = [EventOut(kind=kind, text=text) for kind, text in lines]
    return ActedOut(index=len(lo.actions) - 1, events=events, table=service.payload(lo, lang=lang))


@api.post("/api/tables/{table_id}/undo", response_model=TableOut, responses=ERRORS, tags=["play"])
async def undo(
    service: Service,
    table_id: TableId,
    body: Annotated[UndoIn, Body()],
    token: SeatToken,
    lang: Lang,
) -> TableOut:
    """Take back your own last move, if it is the table's last, the game is not over
    and it revealed nothing: no chance, no secret told to anyone, nothing hidden shown
    to you (see the docs). The body names the move (``{"index": moves - 1}``): once it is
    no longer the last, the request is refused (409, code ``stale``)."""
    lo = await asyncio.to_thread(service.undo, table_id, token, body.index)
    return service.payload(lo, lang=lang)


@api.post("/api/tables/{table_id}/rematch", response_model=RematchOut, responses=ERRORS, tags=["play"])
async def rematch(
    service: Service,
    bots: Bots,
    request: Request,
    response: Response,
    table_id: TableId,
    token: SeatToken,
) -> RematchOut:
    """A new table with the same game, options and seats (your token works there too)
    and a new seed. Asked twice, it returns the same rematch."""
    t, created = await asyncio.to_thread(service.rematch, table_id, token)
    if created:
        bots.schedule(t.id)
    response.status_code = 201 if created else 200
    return RematchOut(id=t.id, url=f"{base(request)}/table/{t.id}", created=created)


@api.post(
    "/api/tables/{table_id}/seats/{seat}/claim",
    response_model=ClaimOut,
    responses=ERRORS,
    tags=["tables"],
)
async def claim(
    service: Service,
    request: Request,
    table_id: TableId,
    seat: Annotated[int, PathParam(ge=0, le=15)],
    token: SeatToken,
) -> ClaimOut:
    """Sit at a free open seat (first come, first served): you get the seat's token.
    An invited seat is opened only by its invite link (409); a caller who sends the token
    of a seat at this table sits here already and gets no second seat (409)."""
    tok = await asyncio.to_thread(service.claim, table_id, seat, token)
    return ClaimOut(seat=seat, token=tok, url=f"{base(request)}/table/{table_id}?token={tok}")


@api.post("/api/tables/{table_id}/join", response_model=JoinOut, responses=ERRORS, tags=["tables"])
async def join(service: Service, request: Request, table_id: TableId, token: SeatToken) -> JoinOut:
    """Open a seat's link (its token in X-Seat-Token or ?token=). An invite is opened once:
    its seat gets a token of its own, answered here only (``joined``), and the invite opens
    nothing afterwards (403 ``invite_used``; of two people opening it at once, one gets the
    seat). A seat's own token is answered as it is: its link opens the seat on any device."""
    seat, tok, joined = await asyncio.to_thread(service.join, table_id, token)
    return JoinOut(seat=seat, token=tok, url=f"{base(request)}/table/{table_id}?token={tok}", joined=joined)


@api.get("/api/tables/{table_id}/log", response_model=LogOut, responses=ERRORS, tags=["play"])
async def get_log(
    service: Service,
    table_id: TableId,
    token: SeatToken,
    lang: Lang,
) -> LogOut:
    """The game's history, redacted for the caller's seat, in the caller's language."""
    lo = await asyncio.to_thread(service.load, table_id, token)
    lines = lines_with_notices(lo.state, lo.seat, lo.table.notices, 0, seat_names(lo.table, lang), lang)
    return LogOut(seat=lo.seat, lines=[text for _, text in lines])


@api.get("/api/tables/{table_id}/result", response_model=ResultOut, responses=ERRORS, tags=["play"])
async def result(service: Service, table_id: TableId, lang: Lang) -> ResultOut:
    """Final scores, winners (seats, 0-based), each seat's points by category, the
    tie-break that decided and a solo game's rating, once the game is over, its words in
    the caller's language."""
    lo = await asyncio.to_thread(service.load, table_id, None)
    st = lo.state
    names = seat_names(lo.table, lang)
    bots_from = {s.seat: s.bot_from + 1 for s in lo.table.seats if s.bot_from is not None} or None
    if lo.table.resigned is not None:  # ended before the rules did: the other seat wins
        winners = [s for s in range(lo.table.players) if s != lo.table.resigned]
        return ResultOut(
            over=True,
            scores=None,
            winners=winners,
            names=names,
            resigned=lo.table.resigned,
            bots_from=bots_from,
        )
    if not st.over:  # running scores may depend on hidden cards: none before the end
        return ResultOut(over=False, scores=None, winners=[], names=names)
    said = i18n.localize_result(st.result().to_json(), lang, st.game.id)
    return ResultOut.model_validate({**said, "scores": st.scores(), "names": names, "bots_from": bots_from})


@api.get("/api/tables/{table_id}/replay/{step}", response_model=ReplayOut, responses=ERRORS, tags=["play"])
async def replay(
    service: Service,
    table_id: TableId,
    step: Annotated[int, PathParam(ge=0, le=100_000)],
    token: SeatToken,
    lang: Lang,
) -> ReplayOut:
    """The table after ``step`` moves, as the caller's seat saw it then (for the replay
    viewer), in the caller's language."""
    return await asyncio.to_thread(service.replay_step, table_id, token, step, lang)


# ------------------------------------------------------------ clocks, leaving (issue 38)
@api.post("/api/tables/{table_id}/clock/vote", response_model=TableOut, responses=ERRORS, tags=["clocks"])
async def clock_vote(
    service: Service, bots: Bots, table_id: TableId, body: VoteIn, token: SeatToken, lang: Lang
) -> TableOut:
    """Choose, about the seat whose time ran out: ``wait``, or ``bot`` (a majority of the
    other people choosing it hands the seat to a bot, which plays it to the end)."""
    lo = await asyncio.to_thread(service.vote, table_id, token, body.choice, body.index)
    bots.schedule(lo.table.id)
    return service.payload(lo, lang=lang)


@api.post("/api/tables/{table_id}/leave", response_model=TableOut, responses=ERRORS, tags=["clocks"])
async def leave(service: Service, bots: Bots, table_id: TableId, token: SeatToken, lang: Lang) -> TableOut:
    """Leave the table: a bot plays your seat from now on, and the others finish."""
    lo = await asyncio.to_thread(service.leave, table_id, token)
    bots.schedule(lo.table.id)
    return service.payload(lo, lang=lang)


@api.post("/api/tables/{table_id}/resign", response_model=TableOut, responses=ERRORS, tags=["clocks"])
async def resign(service: Service, table_id: TableId, token: SeatToken, lang: Lang) -> TableOut:
    """Resign a two-seat game: it ends, and the other seat wins."""
    lo = await asyncio.to_thread(service.resign, table_id, token)
    return service.payload(lo, lang=lang)


@api.delete("/api/tables/{table_id}", status_code=204, responses=ERRORS, tags=["clocks"])
async def cancel(service: Service, table_id: TableId, token: SeatToken) -> Response:
    """Cancel a table no move was made at (its owner: the holder of seat 1)."""
    await asyncio.to_thread(service.cancel, table_id, token)
    return Response(status_code=204)


@pages.get("/healthz", include_in_schema=False)
async def healthz() -> dict[str, str]:
    return {"ok": "yes"}


# ------------------------------------------------------------ websocket
@pages.websocket("/ws/tables/{table_id}")
async def ws_table(
    hub: LiveHub,
    ws: WebSocket,
    table_id: str,
    token: str | None = None,
    lang: str | None = None,
    presence: str | None = None,
) -> None:
    """Messages: {"type": "table", …} first, then {"type": "update", view, new_events, …}
    on every change, each for the subscriber's own seat (spectator without a token), in the
    language chosen at connection (``?lang=``, else the handshake's Accept-Language).
    With ``?presence=1`` also {"type": "presence", seats: [{seat, here, away_since}]} when
    someone opens or closes the table (issue 38, item 4)."""
    reader = reader_language(lang, ws.headers.get("accept-language"))
    await hub.serve(ws, table_id, token or ws.headers.get("x-seat-token"), reader, presence == "1")


# ------------------------------------------------------------ pages
@pages.get("/", include_in_schema=False)
async def lobby() -> FileResponse:
    return FileResponse(STATIC / "index.html")


@pages.get("/static/games/{game_id}.js", include_in_schema=False)
async def board(service: Service, game_id: str) -> FileResponse:
    """A game's board (``Catalog.board``: the static folder's, or one beside a game that
    lives outside this package); none: 404, and the table draws the generic board."""
    path = service.catalog.board(game_id)
    if path is None:
        raise NotFound("no_board", "no_board", game=game_id)
    return FileResponse(path, media_type="text/javascript")


@pages.get("/table/{table_id}", include_in_schema=False)
async def table_page(table_id: str) -> FileResponse:
    return FileResponse(STATIC / "table.html")
