"""The ASGI app: the services wired together, the routes of ``routes.py``, the HTTP
boundary of ``http.py`` (error shape, statuses, body limit), the static front end.

``create_app`` builds a web table on a database URL; ``serve`` runs one with uvicorn.
The OpenAPI document is at /openapi.json.
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import ipaddress
import logging
import os
import re
from collections.abc import AsyncIterator, Callable, Mapping
from datetime import datetime
from typing import Any

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles

from muertos.engine import Game

from . import analysis, chat, notify
from .bots import BotPool, BotScheduler
from .http import BodyLimit, install_error_handlers
from .live import SOCKETS, Hub
from .routes import STATIC, api, pages
from .storage import open_store
from .tables import PRESENCE_SECONDS, Catalog, TableService
from .watch import ClockWatch

log = logging.getLogger("muertos.server")


def create_app(
    db_url: str = "sqlite:///muertos.db",
    games: Mapping[str, Game] | None = None,
    bot_delay: float = 0.0,
    bot_workers: int | None = None,
    clock: Callable[[], datetime] | None = None,
    default_clock: dict[str, Any] | None = None,
    watch_tick: float | None = 1.0,
    public_url: str = "http://127.0.0.1:8000",
    allow_private_hooks: bool = False,
    hook_retries: tuple[float, ...] = notify.RETRIES,
    smtp: notify.Smtp | None = None,
    seeded_tables: bool | None = None,
) -> FastAPI:
    """The web table on ``db_url``: an SQLite file by default, ``postgresql://…`` for several
    server processes sharing tables, ``memory://`` for nothing kept (see ``storage``).

    ``games`` replaces ``muertos.game_ids()`` (tests use a toy game); ``bot_delay`` is a pause
    before each bot move so people can follow the play; ``bot_workers`` the number of
    processes bots think in (default: one per core).

    Clocks (issue 38): ``clock`` is the time the server stamps and judges deadlines by
    (tests inject one to move time without waiting); ``default_clock`` the time limit of a
    table of two people or more created without one (``clocks.check_clock``'s shape);
    ``watch_tick`` how often the clock watch looks (None: never by itself — tests call
    ``app.state.watch.sweep``).

    Turn messages (``notify.py``): ``public_url`` is the address people reach the server
    at, which every link of a message starts with (``muertos serve --public-url``; checked
    here by ``notify.check_public_url``: a ValueError stops the start);
    ``allow_private_hooks`` lets webhooks reach loopback and private addresses (tests, a
    private network); ``hook_retries`` the pauses before each new try; ``smtp`` where
    e-mail goes out (None: no turn messages by e-mail).

    ``seeded_tables``: a table of two people or more may be created with the client's seed,
    which tells whoever chose it every hidden card (tests that need a known deal; None: the
    environment's ``MUERTOS_SEEDED_TABLES=1``, off by default). A table of one person and
    bots takes a seed always.
    """
    public_url = notify.check_public_url(public_url)
    store = open_store(db_url, clock)
    if seeded_tables is None:
        seeded_tables = os.environ.get("MUERTOS_SEEDED_TABLES") == "1"
    service = TableService(store, Catalog(games), default_clock=default_clock, seeded_tables=seeded_tables)
    hub = Hub(service)
    service.on_change = hub.changed_threadsafe
    bots = BotScheduler(service.bot_task, service.bot_store, BotPool(bot_workers, games), bot_delay)
    hub.bots = bots
    watch = ClockWatch(service, tick=watch_tick or 1.0)
    hub.listeners.append(watch.touch)
    notifier = notify.Notifier(service, public_url, allow_private_hooks, hook_retries, smtp)
    hub.listeners.append(notifier.changed)

    def heard(table_id: str, what: str) -> None:
        if what == "handed":
            bots.schedule(table_id)
        else:  # a clock ran out: nothing was stored, but everyone should see it
            hub.changed(table_id)

    def lost() -> None:
        """The PostgreSQL listener was lost: changes of other servers may have gone unheard."""
        hub.wake_everyone()
        watch.lost()

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await asyncio.to_thread(store.migrate)
        store.start()
        hub.loop = asyncio.get_running_loop()
        listener = None
        if store.shared:  # other server processes write too: hear their changes
            listening = asyncio.Event()
            listener = asyncio.get_running_loop().create_task(store.listen(hub.changed, listening.set, lost))
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(listening.wait(), 10)
        bots.start()
        # A restarted server picks up where the bots were.
        for table_id in await asyncio.to_thread(store.unfinished_ids):
            bots.schedule(table_id)
        if watch_tick is not None:
            watch.start(heard)  # its first sweep enforces what came due while the server was down
        presence = asyncio.get_running_loop().create_task(hub.keep_presence(PRESENCE_SECONDS / 3))
        try:
            yield
        finally:
            hub.closing = True
            presence.cancel()
            with contextlib.suppress(BaseException):
                await presence
            await watch.close()
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
    app.state.watch = watch
    app.state.notifier = notifier
    app.state.heard = heard
    app.add_middleware(BodyLimit)
    install_error_handlers(app)
    app.include_router(api)
    app.include_router(analysis.router)
    app.include_router(chat.router)
    app.include_router(notify.router)
    app.include_router(pages)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    return app


def serve(
    db_url: str = "sqlite:///muertos.db",
    host: str = "127.0.0.1",
    port: int = 8000,
    bot_workers: int | None = None,
    default_clock: dict[str, Any] | None = None,
    smtp: notify.Smtp | None = None,
    public_url: str | None = None,
    workers: int = 1,
) -> None:
    """Run the web table until interrupted (``muertos serve``). Without ``public_url``,
    links in turn messages use the address it listens on. ``workers`` processes share the
    port (``processes.py``: PostgreSQL only, ValueError otherwise), and ``bot_workers``
    between them."""
    import uvicorn

    from . import processes

    processes.check_workers(db_url, workers)
    logging.basicConfig(level=logging.INFO)
    if public_url is None:
        public_url = f"http://[{host.strip('[]')}]:{port}" if ":" in host else f"http://{host}:{port}"
        if _everywhere(host):
            log.warning(
                "listening on %s with no --public-url (MUERTOS_PUBLIC_URL): links in turn messages "
                "will start with %s, which opens from no other machine; give the address people "
                "reach this server at",
                host,
                public_url,
            )
    env = processes.environment(db_url, workers, bot_workers, default_clock, smtp, public_url)
    if workers > 1:  # each process builds its app from the environment it inherits
        os.environ.update(env)
    # A WebSocket client sends only pings and moves: a large frame is refused, not read.
    uvicorn.run(
        processes.from_environment(env) if workers == 1 else processes.FACTORY,
        factory=workers > 1,
        workers=workers,
        host=host,
        port=port,
        log_config=log_config(),
        **SOCKETS,
    )


TOKEN_IN_URL = re.compile(r"(\btoken=)[^&\s\"']+")
"""A seat token in a logged URL: a seat's socket and an invite link's page carry theirs."""


class NoTokens(logging.Filter):
    """Masks every seat token in a log record: whoever reads the server's log (an operator, a
    log service) must not be able to open a seat with it."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str) and "token=" in record.msg:
            record.msg = TOKEN_IN_URL.sub(r"\1…", record.msg)
        if isinstance(record.args, tuple):  # uvicorn's access line keeps its five fields
            record.args = tuple(
                TOKEN_IN_URL.sub(r"\1…", a) if isinstance(a, str) and "token=" in a else a
                for a in record.args
            )
        return True


def log_config() -> dict[str, Any]:
    """uvicorn's logging, with :class:`NoTokens` on each of its handlers (the access lines and
    the WebSocket lines, which it logs with the path and its query)."""
    import uvicorn.config

    config: dict[str, Any] = copy.deepcopy(uvicorn.config.LOGGING_CONFIG)
    config.setdefault("filters", {})["no_tokens"] = {"()": NoTokens}
    for handler in config["handlers"].values():
        handler.setdefault("filters", []).append("no_tokens")
    return config


def _everywhere(host: str) -> bool:
    """Whether ``host`` is the address of every interface (0.0.0.0, ::): no link opens at it."""
    try:
        return ipaddress.ip_address(host.strip("[]")).is_unspecified
    except ValueError:
        return False
