"""Turn messages (issue 38, item 6): a seat's person may give a webhook URL (Discord- and
Slack-compatible JSON: ``{"content": …, "text": …}``) to be told that it is their turn
while their tab is closed.

- One message per seat per turn, whichever server sends it: ``Storage.claim_turn_message``
  is a conditional write, and only its winner sends.
- None while the seat's person has the table open (presence: ``SeatRow.here_until``).
- Never blocking a move: the notifier hears of changes through the hub and sends from a
  task of its own, with retries (:data:`RETRIES`), a short timeout, and no redirects.
- Never revealing hidden information: the message says only the game's title, that it is
  your turn, the table's link and the link that stops the messages.
- Only http and https, and no loopback, private, link-local or otherwise reserved address
  (checked when the URL is given and again before each message, against DNS tricks),
  unless the server is started allowing it (``create_app(allow_private_hooks=True)``, as
  the tests do).
- A one-click stop: each message ends with a link that turns the seat's messages off.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import ipaddress
import logging
import socket
from collections.abc import Sequence
from typing import Annotated, Any
from urllib.parse import urlsplit

from fastapi import APIRouter, Body, Query, Request
from pydantic import BaseModel, ConfigDict, Field

from muertos import i18n

from .errors import Invalid, NotAllowed, NotFound, TableError
from .routes import SeatToken, Service
from .schemas import ERRORS, TableId
from .storage import PEOPLE, TableRow
from .tables import TableService

log = logging.getLogger("muertos.server")

MAX_URL = 500
RETRIES = (2.0, 10.0, 60.0)
"""Seconds before each new try of a message that failed."""
TIMEOUT = 5.0


class NotifyRefused(TableError):
    section = "notify.api"


class NotifyInvalid(NotifyRefused, Invalid):
    """422: a URL messages cannot be sent to."""


class NotifyNotAllowed(NotifyRefused, NotAllowed):
    """403: not this seat's."""


def check_url(url: str, allow_private: bool) -> str:
    """The webhook URL, or :class:`NotifyInvalid`: http(s), a host that resolves, and
    (unless allowed) only to public addresses."""
    url = url.strip()
    if len(url) > MAX_URL:
        raise NotifyInvalid("bad_webhook", "too_long", most=MAX_URL)
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise NotifyInvalid("bad_webhook", "scheme")
    if parts.username or parts.password:
        raise NotifyInvalid("bad_webhook", "credentials")
    try:
        port = parts.port or (443 if parts.scheme == "https" else 80)
        infos = socket.getaddrinfo(parts.hostname, port, proto=socket.IPPROTO_TCP)
    except (OSError, ValueError, UnicodeError):
        raise NotifyInvalid("bad_webhook", "unresolved", host=parts.hostname) from None
    if not allow_private:
        for info in infos:
            address = ipaddress.ip_address(str(info[4][0]).split("%", 1)[0])
            if not address.is_global or address.is_multicast:
                raise NotifyInvalid("bad_webhook", "private", host=parts.hostname)
    return url


def stop_key(t: TableRow, seat: int) -> str:
    """The key of a seat's one-click stop link: derived from its token's hash, so only
    messages sent to that seat carry it, and nothing needs storing."""
    secret = (t.seats[seat].token_hash or "").encode()
    return hmac.new(secret, f"stop {t.id} {seat}".encode(), hashlib.sha256).hexdigest()[:32]


class Notifier:
    """Hears every change (``Hub.listeners``) and sends the turn message that is due."""

    def __init__(
        self, service: TableService, public_url: str, allow_private: bool, retries: Sequence[float] = RETRIES
    ) -> None:
        self.service = service
        self.public_url = public_url.rstrip("/")
        self.allow_private = allow_private
        self.retries = tuple(retries)
        self.tasks: set[asyncio.Task[Any]] = set()
        self.sent = 0
        """Messages delivered (tests, and a count for the logs)."""

    def changed(self, table_id: str) -> None:
        """On the event loop: look, in a task of its own, whether a message is due."""
        task = asyncio.get_running_loop().create_task(self._maybe(table_id))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def idle(self) -> None:
        """Until every message under way is sent or given up (tests)."""
        while self.tasks:
            await asyncio.gather(*list(self.tasks), return_exceptions=True)

    async def _maybe(self, table_id: str) -> None:
        try:
            job = await asyncio.to_thread(self.due, table_id)
            if job is not None:
                await self.send(*job)
        except Exception:  # a message is a courtesy: never let it fail anything
            log.warning("turn message for table %s", table_id, exc_info=True)

    def due(self, table_id: str) -> tuple[str, dict[str, str]] | None:
        """The message due at the table now, claimed for this server; None if none."""
        row = self.service.store.get_table(table_id)  # the seats alone first: most tables have no webhook
        if row is None or row.finished_at is not None or not any(s.notify_url for s in row.seats):
            return None
        try:
            lo = self.service.load(table_id, None)
        except TableError:
            return None
        t = lo.table
        seat = lo.state.to_move
        if t.finished_at is not None or lo.state.over or seat is None:
            return None
        s = t.seats[seat]
        if s.kind not in PEOPLE or not s.notify_url:
            return None
        if s.here_until is not None and s.here_until > self.service.store.now():
            return None  # their tab is open: the page tells them
        if not self.service.store.claim_turn_message(t.id, seat, len(lo.actions)):
            return None
        title = self.service.summary(t).title
        table_url = f"{self.public_url}/table/{t.id}"
        stop = f"{self.public_url}/api/tables/{t.id}/notify/stop?seat={seat}&key={stop_key(t, seat)}"
        text = i18n.message("notify.text", i18n.DEFAULT, game=title, url=table_url, stop=stop)
        return s.notify_url, {"content": text, "text": text}

    async def send(self, url: str, body: dict[str, str]) -> bool:
        """POST ``body`` to ``url``, trying again after each of :attr:`retries`."""
        import httpx

        for pause in (0.0, *self.retries):
            if pause:
                await asyncio.sleep(pause)
            try:
                await asyncio.to_thread(check_url, url, self.allow_private)  # DNS may have changed
            except NotifyInvalid:
                return False
            with contextlib.suppress(httpx.HTTPError):
                async with httpx.AsyncClient(timeout=TIMEOUT, follow_redirects=False) as client:
                    r = await client.post(url, json=body)
                if 200 <= r.status_code < 300:
                    self.sent += 1
                    return True
        log.info("gave up a turn message to %s", urlsplit(url).hostname)
        return False


# ---------------------------------------------------------------------- the API
class NotifyIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    webhook: str | None = Field(
        None, max_length=MAX_URL, description="http(s) URL to POST {content, text} to; null: stop"
    )


class NotifyOut(BaseModel):
    webhook: str | None
    stop_url: str = Field(description="GET it to stop the messages (each message carries it)")


class StoppedOut(BaseModel):
    stopped: bool


router = APIRouter()


def _notifier(request: Request) -> Notifier:
    notifier: Notifier = request.app.state.notifier
    return notifier


def set_webhook(
    notifier: Notifier, table_id: str, token: str | None, url: str | None
) -> tuple[TableRow, int]:
    service = notifier.service
    t = service.table(table_id)
    seat = service.seat_of(t, token)
    if seat is None:
        raise NotifyNotAllowed("seat_required", "seat")
    if t.seats[seat].kind not in PEOPLE:
        raise NotifyNotAllowed("seat_bot", "bot")
    checked = None if url is None or not url.strip() else check_url(url, notifier.allow_private)
    service.store.set_notify(t.id, seat, checked)
    return t, seat


@router.put("/api/tables/{table_id}/notify", response_model=NotifyOut, responses=ERRORS, tags=["notify"])
async def put_webhook(
    request: Request, table_id: TableId, body: Annotated[NotifyIn, Body()], token: SeatToken
) -> NotifyOut:
    """Be told at a webhook when it is your turn and your tab is closed (null: stop)."""
    notifier = _notifier(request)
    t, seat = await asyncio.to_thread(set_webhook, notifier, table_id, token, body.webhook)
    stop = f"{notifier.public_url}/api/tables/{t.id}/notify/stop?seat={seat}&key={stop_key(t, seat)}"
    return NotifyOut(webhook=body.webhook.strip() if body.webhook else None, stop_url=stop)


@router.get(
    "/api/tables/{table_id}/notify/stop", response_model=StoppedOut, responses=ERRORS, tags=["notify"]
)
async def stop(
    service: Service,
    table_id: TableId,
    seat: Annotated[int, Query(ge=0, le=15)],
    key: Annotated[str, Query(min_length=1, max_length=64)],
) -> StoppedOut:
    """The one-click stop each message carries: no more turn messages for that seat."""
    t = await asyncio.to_thread(service.table, table_id)
    if seat >= t.players:
        raise NotFound("unknown_seat", "unknown_seat", table=table_id, players=t.players)
    if not hmac.compare_digest(key, stop_key(t, seat)):
        raise NotifyNotAllowed("bad_key", "key")
    await asyncio.to_thread(service.store.set_notify, t.id, seat, None)
    return StoppedOut(stopped=True)
