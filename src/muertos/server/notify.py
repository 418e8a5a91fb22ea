"""Turn messages (issue 38, item 6): a seat's person may give a webhook URL (Discord- and
Slack-compatible JSON: ``{"content": …, "text": …}``) and, where the server has SMTP
settings (:class:`Smtp`), an e-mail address, to be told that it is their turn while their
tab is closed. The messages are written in the language the person read when they set
them.

- One message per seat per turn, whichever server sends it: ``Storage.claim_turn_message``
  is a conditional write, and only its winner sends.
- None while the seat's person has the table open (presence: ``SeatRow.here_until``).
- Never blocking a move: the notifier hears of changes through the hub and sends from a
  task of its own, with retries (:data:`RETRIES`), a short timeout, and no redirects.
- Never revealing hidden information: the message says only the game's title, the table,
  that it is your turn, the table's link and the link that stops the messages.
- A way that fails every try is dropped, and the seat's page says so (``notify_dropped``).
- The e-mail address is the seat's alone: only that seat's token reads it back, and no
  view, log line or error names it.
- Only http and https, and no loopback, private, link-local or otherwise reserved address
  (checked when the URL is given and again before each message, against DNS tricks),
  unless the server is started allowing it (``create_app(allow_private_hooks=True)``, as
  the tests do).
- A one-click stop: each message ends with a link that turns the seat's messages off (an
  e-mail also carries it as ``List-Unsubscribe``, one-click by POST as RFC 8058 asks).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import ipaddress
import logging
import re
import smtplib
import socket
import unicodedata
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from email.message import EmailMessage
from email.utils import formatdate, make_msgid
from typing import Annotated, Any
from urllib.parse import urlsplit

from fastapi import APIRouter, Body, Query, Request
from pydantic import BaseModel, ConfigDict, Field

from muertos import i18n
from muertos.engine import number

from .errors import Invalid, NotAllowed, NotFound, TableError
from .routes import Lang, SeatToken, Service
from .schemas import ERRORS, TableId
from .storage import PEOPLE, SeatRow, TableRow
from .tables import Loaded, TableService

log = logging.getLogger("muertos.server")

MAX_URL = 500
MAX_EMAIL = 254
"""The longest address SMTP carries (RFC 5321's path less its brackets)."""
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


def _spaced(text: str) -> bool:
    """Whether ``text`` holds a space or a control character (a line break would let it
    slip into a message's headers)."""
    return any(c.isspace() or unicodedata.category(c).startswith("C") for c in text)


def check_public_url(url: str) -> str:
    """The address people reach the server at (``--public-url``), which every link in a
    message starts with, without its final ``/``; ValueError, in English (the command
    line's reader), for one whose links could not open."""
    url = url.strip()
    problem = _public_url_problem(url)
    if problem is not None:
        raise ValueError(i18n.message(f"notify.cli.{problem}", i18n.DEFAULT))
    return url.rstrip("/")


def _public_url_problem(url: str) -> str | None:
    """The catalog key of what is wrong with a public URL, or None: it must be http or
    https and a host (a port and a path allowed), with no spaces, no user name or password
    (every message would show them), no query or fragment (the links add their own)."""
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018 (reading it checks it)
    except ValueError:
        return "public_url"
    if parts.username is not None or "@" in parts.netloc:
        return "public_url_credentials"
    if _spaced(url) or parts.scheme not in ("http", "https") or not parts.hostname:
        return "public_url"
    if "?" in url or "#" in url:
        return "public_url_query"
    return None


_LOCAL = re.compile(r"[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*")
_DOMAIN = re.compile(r"([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z][A-Za-z0-9-]{0,62}")


def check_email(address: str) -> str:
    """The address, or :class:`NotifyInvalid`: at most :data:`MAX_EMAIL` characters, no
    control character or space (so nothing can be slipped into the message's headers),
    one ``@``, and a plain ASCII mailbox at a domain name. The refusal never repeats it."""
    address = address.strip()
    if len(address) > MAX_EMAIL:
        raise NotifyInvalid("bad_email", "email_too_long", most=MAX_EMAIL)
    if _spaced(address):
        raise NotifyInvalid("bad_email", "email_control")
    if address.count("@") != 1:
        raise NotifyInvalid("bad_email", "email_at")
    local, domain = address.split("@")
    if len(local) > 64 or not _LOCAL.fullmatch(local) or not _DOMAIN.fullmatch(domain):
        raise NotifyInvalid("bad_email", "email_form")
    return address


@dataclass(frozen=True)
class Smtp:
    """Where e-mail goes out (``muertos serve --smtp``, or ``MUERTOS_SMTP*``)."""

    host: str
    port: int
    sender: str
    user: str | None = None
    password: str | None = None
    starttls: bool = False

    @classmethod
    def parse(
        cls,
        server: str,
        sender: str | None,
        user: str | None = None,
        password: str | None = None,
        starttls: bool = False,
    ) -> Smtp:
        """From ``HOST:PORT`` (port 25 if none) and the sender's address; ValueError, in
        English (the command line's reader), for settings mail cannot go out with."""
        host, _, port = server.strip().rpartition(":") if ":" in server else (server.strip(), "", "25")
        n = number(port)
        if not host or n is None or not 0 < n < 65536:
            raise ValueError(i18n.message("notify.cli.smtp", i18n.DEFAULT, given=server))
        try:
            check_email(sender or "")
        except NotifyInvalid:
            raise ValueError(i18n.message("notify.cli.sender", i18n.DEFAULT)) from None
        return cls(host.strip("[]"), n, (sender or "").strip(), user or None, password or None, starttls)

    def send(self, message: EmailMessage) -> None:
        """Hand ``message`` to the server (blocking: run in a thread), each step bounded
        by :data:`TIMEOUT`."""
        with smtplib.SMTP(self.host, self.port, timeout=TIMEOUT) as conn:
            if self.starttls:
                conn.starttls()
            if self.user:
                conn.login(self.user, self.password or "")
            conn.send_message(message)


def stop_key(t: TableRow, seat: int) -> str:
    """The key of a seat's one-click stop link: derived from its token's hash, so only
    messages sent to that seat carry it, and nothing needs storing."""
    secret = (t.seats[seat].token_hash or "").encode()
    return hmac.new(secret, f"stop {t.id} {seat}".encode(), hashlib.sha256).hexdigest()[:32]


@dataclass(frozen=True)
class Job:
    """One turn message, claimed: what it says and where it goes (no hidden information)."""

    table_id: str
    seat: int
    webhook: str | None
    email: str | None
    lang: str
    game: str
    """The game's title, in :attr:`lang`."""
    table_url: str
    stop_url: str

    def text(self, key: str = "notify.text") -> str:
        """A message of the catalogs, in the reader's language, with the job's words."""
        return i18n.message(
            key, self.lang, game=self.game, table=self.table_id, url=self.table_url, stop=self.stop_url
        )

    def mail(self, sender: str, to: str) -> EmailMessage:
        """The e-mail: plain text, with the stop link as ``List-Unsubscribe`` too."""
        m = EmailMessage()
        m["From"] = sender
        m["To"] = to
        m["Subject"] = self.text("notify.mail.subject")
        m["Date"] = formatdate(localtime=False)
        m["Message-ID"] = make_msgid("turn")
        m["Content-Language"] = self.lang
        m["Auto-Submitted"] = "auto-generated"
        m["List-Unsubscribe"] = f"<{self.stop_url}>"
        m["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
        m.set_content(self.text("notify.mail.body"))
        return m


class Unreachable(Exception):
    """A turn message's target that no further try can reach (a webhook turned private)."""


class Notifier:
    """Hears every change (``Hub.listeners``) and sends the turn message that is due."""

    def __init__(
        self,
        service: TableService,
        public_url: str,
        allow_private: bool,
        retries: Sequence[float] = RETRIES,
        smtp: Smtp | None = None,
    ) -> None:
        self.service = service
        self.public_url = public_url.rstrip("/")
        self.allow_private = allow_private
        self.retries = tuple(retries)
        self.smtp = smtp
        self.tasks: set[asyncio.Task[Any]] = set()
        self.sent = 0
        """Messages delivered (tests, and a count for the logs)."""

    def changed(self, table_id: str, now: Loaded | None = None) -> None:
        """On the event loop: look, in a task of its own, whether a message is due; not
        when ``now``, the table as stored after the change, has no seat that wants one
        (most tables: no read, no thread, issue 36). ``set_notify`` counts as a change
        there, so a table read before a seat's settings is never taken for the stored one."""
        if now is not None and (
            now.table.finished_at is not None or not any(self.wanted(s) for s in now.table.seats)
        ):
            return
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
                await self.deliver(job)
        except Exception:  # a message is a courtesy: never let it fail anything
            log.warning("turn message for table %s", table_id, exc_info=True)

    def wanted(self, s: SeatRow) -> bool:
        """Whether a seat has a way of being told that this server can use."""
        return bool(s.notify_url or (s.notify_email and self.smtp))

    def stop_url(self, t: TableRow, seat: int) -> str:
        return f"{self.public_url}/api/tables/{t.id}/notify/stop?seat={seat}&key={stop_key(t, seat)}"

    def due(self, table_id: str) -> Job | None:
        """The message due at the table now, claimed for this server; None if none."""
        row = self.service.store.get_table(table_id)  # the seats alone first: most tables have none
        if row is None or row.finished_at is not None or not any(self.wanted(s) for s in row.seats):
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
        if s.kind not in PEOPLE or not self.wanted(s):
            return None
        if s.here_until is not None and s.here_until > self.service.store.now():
            return None  # their tab is open: the page tells them
        if not self.service.store.claim_turn_message(t.id, seat, len(lo.actions)):
            return None
        lang = i18n.language(s.notify_lang)
        return Job(
            table_id=t.id,
            seat=seat,
            webhook=s.notify_url,
            email=s.notify_email if self.smtp else None,
            lang=lang,
            game=self.service.summary(t, lang).title,
            table_url=f"{self.public_url}/table/{t.id}",
            stop_url=self.stop_url(t, seat),
        )

    async def deliver(self, job: Job) -> None:
        """Every way the seat is told, side by side; a way that fails every try is dropped."""
        ways: list[tuple[str, str, Callable[[], Awaitable[bool]]]] = []
        if job.webhook:
            url = job.webhook
            ways.append(("webhook", url, lambda: self._post(url, job.text())))
        if job.email and self.smtp:
            smtp, message = self.smtp, job.mail(self.smtp.sender, job.email)
            ways.append(("email", job.email, lambda: self._mail(smtp, message)))
        await asyncio.gather(*(self._tries(job, way, value, attempt) for way, value, attempt in ways))

    async def _tries(self, job: Job, way: str, value: str, attempt: Callable[[], Awaitable[bool]]) -> None:
        """``attempt`` now and after each of :attr:`retries`; if none succeeds, the way is
        dropped (only if the seat still has ``value``) and its page says so."""
        for pause in (0.0, *self.retries):
            if pause:
                await asyncio.sleep(pause)
            try:
                if await attempt():
                    self.sent += 1
                    return
            except Unreachable:
                break
        log.info("gave up a turn message (%s) at table %s, seat %d: dropped", way, job.table_id, job.seat)
        await asyncio.to_thread(self.service.store.drop_notify, job.table_id, job.seat, way, value)

    async def _post(self, url: str, text: str) -> bool:
        """POST the message to a webhook; whether it took it."""
        import httpx

        try:
            await asyncio.to_thread(check_url, url, self.allow_private)  # DNS may have changed
        except NotifyInvalid:
            raise Unreachable from None
        with contextlib.suppress(httpx.HTTPError):
            async with httpx.AsyncClient(timeout=TIMEOUT, follow_redirects=False) as client:
                r = await client.post(url, json={"content": text, "text": text})
            return 200 <= r.status_code < 300
        return False

    @staticmethod
    async def _mail(smtp: Smtp, message: EmailMessage) -> bool:
        """Hand the e-mail to the SMTP server, in a thread; whether it took it."""
        try:
            await asyncio.wait_for(asyncio.to_thread(smtp.send, message), 3 * TIMEOUT)
        except (OSError, smtplib.SMTPException, TimeoutError):
            return False
        return True


# ---------------------------------------------------------------------- the API
class NotifyIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    webhook: str | None = Field(
        None, max_length=MAX_URL, description="http(s) URL to POST {content, text} to; null: none"
    )
    email: str | None = Field(
        None,
        max_length=4 * MAX_EMAIL,
        description="an e-mail address to be told at (where the server sends e-mail); null: none",
    )


class NotifyOut(BaseModel):
    """A seat's turn messages, as only that seat's token reads them."""

    webhook: str | None
    email: str | None
    email_available: bool = Field(description="whether this server sends e-mail")
    dropped: str | None = Field(description="webhook or email: that way failed and was stopped")
    stop_url: str = Field(description="GET or POST it to stop the messages (each message carries it)")


class StoppedOut(BaseModel):
    stopped: bool


router = APIRouter()


def _notifier(request: Request) -> Notifier:
    notifier: Notifier = request.app.state.notifier
    return notifier


def own_seat(service: TableService, table_id: str, token: str | None) -> tuple[TableRow, int]:
    """The table and the person's seat ``token`` opens, or :class:`NotifyNotAllowed`."""
    t = service.table(table_id)
    seat = service.seat_of(t, token)
    if seat is None:
        raise NotifyNotAllowed("seat_required", "seat")
    if t.seats[seat].kind not in PEOPLE:
        raise NotifyNotAllowed("seat_bot", "bot")
    return t, seat


def set_notify(
    notifier: Notifier, table_id: str, token: str | None, body: NotifyIn, lang: str
) -> tuple[TableRow, int]:
    """Check everything first, then store: a refusal changes nothing."""
    t, seat = own_seat(notifier.service, table_id, token)
    url = (
        None
        if body.webhook is None or not body.webhook.strip()
        else check_url(body.webhook, notifier.allow_private)
    )
    email = None if body.email is None or not body.email.strip() else check_email(body.email)
    if email is not None and notifier.smtp is None:
        raise NotifyInvalid("no_email", "no_smtp")
    with notifier.service.store.ordered(t.id):
        notifier.service.store.set_notify(t.id, seat, url, email, lang if url or email else None)
        notifier.service.changed_quietly(t.id)
    t = notifier.service.table(table_id)
    return t, seat


def settings_out(notifier: Notifier, t: TableRow, seat: int) -> NotifyOut:
    s = t.seats[seat]
    return NotifyOut(
        webhook=s.notify_url,
        email=s.notify_email,
        email_available=notifier.smtp is not None,
        dropped=s.notify_dropped,
        stop_url=notifier.stop_url(t, seat),
    )


@router.put("/api/tables/{table_id}/notify", response_model=NotifyOut, responses=ERRORS, tags=["notify"])
async def put_notify(
    request: Request, table_id: TableId, body: Annotated[NotifyIn, Body()], token: SeatToken, lang: Lang
) -> NotifyOut:
    """Be told when it is your turn and your tab is closed, at a webhook and/or an e-mail
    address (both null: stop), in the language of this request."""
    notifier = _notifier(request)
    t, seat = await asyncio.to_thread(set_notify, notifier, table_id, token, body, lang)
    return settings_out(notifier, t, seat)


@router.get("/api/tables/{table_id}/notify", response_model=NotifyOut, responses=ERRORS, tags=["notify"])
async def get_notify(request: Request, table_id: TableId, token: SeatToken) -> NotifyOut:
    """Your seat's turn messages (only your seat's token reads them), whether this server
    sends e-mail, and whether a way failed and was stopped."""
    notifier = _notifier(request)
    t, seat = await asyncio.to_thread(own_seat, notifier.service, table_id, token)
    return settings_out(notifier, t, seat)


STOP = "/api/tables/{table_id}/notify/stop"


@router.get(STOP, response_model=StoppedOut, responses=ERRORS, tags=["notify"])
async def stop(
    service: Service,
    table_id: TableId,
    seat: Annotated[int, Query(ge=0, le=15)],
    key: Annotated[str, Query(min_length=1, max_length=64)],
) -> StoppedOut:
    """The one-click stop each message carries (an e-mail client POSTs it): no more turn
    messages for that seat, by any way."""
    t = await asyncio.to_thread(service.table, table_id)
    if seat >= t.players:
        raise NotFound("unknown_seat", "unknown_seat", table=table_id, players=t.players)
    if not hmac.compare_digest(key, stop_key(t, seat)):
        raise NotifyNotAllowed("bad_key", "key")
    await asyncio.to_thread(service.store.set_notify, t.id, seat, None)
    return StoppedOut(stopped=True)


# RFC 8058: an e-mail client's one-click stop is a POST to the List-Unsubscribe link.
router.post(STOP, response_model=StoppedOut, responses=ERRORS, tags=["notify"], operation_id="stop_by_post")(
    stop
)
