"""Live updates: WebSocket subscribers, woken by this process's changes and, where
several server processes share a store, by theirs (``Storage.listen``).

A change to a table only *wakes* the subscribers of that table; each then computes its
own message from the stored table, for its own seat. So a message can never carry what
another seat sees, and a lost or duplicated wake-up costs nothing: the next message is
computed from the stored truth (the subscriber remembers how many events it has sent).

Cost per change (what load tests measure): the subscribers woken by one change share one
read of the table (a *snapshot*), and the view of each seat is computed once for all the
subscribers of that seat. When this process made the change itself and knows the table
as stored (SQLite: see ``TableService._changed``), that table is the snapshot and nothing
is read at all; the messages are then computed on the event loop (a view is a fraction of
a millisecond), without a trip through a worker thread.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import orjson
from pydantic import ValidationError
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from muertos import i18n

from .bots import BotScheduler
from .errors import TableError
from .http import http_status, malformed_detail
from .schemas import PlayIn
from .storage import Conflict
from .tables import Loaded, TableService, lines_with_notices, seat_names

log = logging.getLogger("muertos.server")

SOCKETS: dict[str, Any] = {"ws_max_size": 4096, "ws_per_message_deflate": False}
"""uvicorn's WebSocket settings for ``muertos serve`` (``benchmarks/load.py`` runs a tree's
own): a client sends only pings and moves, so a large frame is refused, not read; and messages go
uncompressed: per-message deflate cost 4.6% of the web process's CPU under load to save a
few kilobytes a move (issue 36), and the HTTP answers, larger, go uncompressed too."""


@dataclass(eq=False)
class Subscriber:
    table_id: str
    seat: int | None
    token: str | None
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    cursor: int = 0
    """How many of the state's events this subscriber has been told about."""
    last: bytes = b""
    lang: str = "en"
    """The language the subscriber reads (chosen when it connects)."""
    presence: bool = False
    """It asked for who is here (``?presence=1``): ``{"type": "presence"}`` messages."""
    seen: bytes = b""
    """The presence it was last told."""
    recheck: bool = False
    """Someone came or went here: read who is here before anything else."""


class Hub:
    """Subscribers by table, woken from any thread by :meth:`changed_threadsafe`."""

    def __init__(self, service: TableService) -> None:
        self.service = service
        self.subs: dict[str, set[Subscriber]] = {}
        self.loop: asyncio.AbstractEventLoop | None = None
        self.tasks: set[asyncio.Task[Any]] = set()
        self.closing = False
        # Shared reads: every change of a table bumps its generation; the subscribers woken
        # by it share one load of the table made after the change (see :meth:`_snapshot`).
        self.gen: dict[str, int] = {}
        self.snaps: dict[str, Snapshot] = {}
        self.snap_locks: dict[str, threading.Lock] = {}
        self.present: dict[tuple[str, int], int] = {}
        """Live connections of this process by (table, seat): presence (issue 38, item 4)."""
        self.marks: dict[tuple[str, int], bool] = {}
        """Comings (True) and goings not yet stored: the next batch (:meth:`_mark`)."""
        self.marking: asyncio.Task[bool] | None = None  # the batch that will store them
        self.last_batch: asyncio.Task[bool] | None = None
        self.bots: BotScheduler | None = None
        """Who answers a person's move at a table with bots (moves sent on a socket)."""
        self.listeners: list[Callable[[str, Loaded | None], None]] = []
        """Called on the event loop with the id of every table that changed and, where
        known, the table as stored after the change (the clock watch, turn messages)."""

    # --------------------------------------------------------------- wake-ups
    def changed(self, table_id: str, now: Loaded | None = None) -> None:
        """Table ``table_id`` changed; ``now``, if given, is the table as stored after it."""
        gen = self.gen.get(table_id, 0) + 1
        self.gen[table_id] = gen
        subs = self.subs.get(table_id)
        if now is not None and subs:
            self.snaps[table_id] = Snapshot(gen, now)
        for s in subs or ():
            s.wake.set()
        for listener in self.listeners:
            listener(table_id, now)

    def changed_threadsafe(self, table_id: str, now: Loaded | None = None) -> None:
        if self.loop is not None and not self.loop.is_closed():
            with contextlib.suppress(RuntimeError):
                self.loop.call_soon_threadsafe(self.changed, table_id, now)

    # --------------------------------------------------------------- websocket
    async def serve(
        self, ws: WebSocket, table_id: str, token: str | None, lang: str = "en", presence: bool = False
    ) -> None:
        """Serve one subscriber until it leaves. A client may go at any moment, even while
        a message is being sent to it: that is how connections end, not an error, so it is
        dropped quietly (a debug line) wherever it happens."""
        try:
            await ws.accept()
            await self._serve(ws, table_id, token, lang, presence)
        except (WebSocketDisconnect, OSError, RuntimeError) as e:
            # A send to a client that is gone: starlette's WebSocketDisconnect(1006) (from
            # uvicorn's ClientDisconnected, an OSError), or RuntimeError once it is closed.
            log.debug("a subscriber of table %s left: %r", table_id, e)
        finally:
            if ws.application_state != WebSocketState.DISCONNECTED:
                with contextlib.suppress(Exception):
                    await ws.close()

    async def _serve(
        self, ws: WebSocket, table_id: str, token: str | None, lang: str, presence: bool
    ) -> None:
        before = self.gen.get(table_id, 0)
        try:
            lo = await asyncio.to_thread(self.service.load, table_id, token)
        except TableError as e:
            await _send(ws, _refusal(e, lang))
            await ws.close(code=4000 + http_status(e), reason=e.code)
            return
        sub = Subscriber(table_id=lo.table.id, seat=lo.seat, token=token, lang=lang, presence=presence)
        arrived = False
        receiver: asyncio.Task[None] | None = None
        try:
            if sub.seat is not None:
                arrived = True
                # Here before the first message: what the person reads next, on this socket
                # or over HTTP, already says so (and no turn message goes to an open tab).
                if await self._arrive(sub.table_id, sub.seat):
                    lo = self.service.marked_here(lo)
            first = self.service.payload(lo, lang=lang).model_dump()
            sub.cursor = first["events"]
            sub.last = _signature(first)
            sub.seen = _presence(first)
            await _send(ws, {"type": "table", **first})
            # A socket lives for days and waits between changes: what it sent, it does not keep
            # (each message held the seat's whole view until the next one: the objects a move
            # left alive for the young collections to walk were 146, now 75, issue 36).
            del first, lo
            self.subs.setdefault(sub.table_id, set()).add(sub)
            if self.gen.get(sub.table_id, 0) != before:  # a change announced during the first load
                sub.wake.set()
            receiver = asyncio.get_running_loop().create_task(self._receive(ws, sub))
            receiver.add_done_callback(lambda _: sub.wake.set())  # a disconnect wakes us too
            while True:
                await sub.wake.wait()
                if receiver.done():
                    break
                sub.wake.clear()
                if sub.recheck:
                    sub.recheck = False
                    told = await asyncio.to_thread(self._presence_message, sub)
                    if told is not None:
                        await _send(ws, told)
                    del told
                gen = self.gen.get(sub.table_id, 0)
                ready, msg = self._update_now(sub, gen)
                if not ready:
                    msg = await asyncio.to_thread(self._update, sub, gen)
                if msg is not None:
                    await _send(ws, msg)
                del msg
        finally:
            if receiver is not None:
                receiver.cancel()
            if arrived and sub.seat is not None:
                await self._gone(sub.table_id, sub.seat)
            subs = self.subs.get(sub.table_id)
            if subs is not None:
                subs.discard(sub)
                if not subs:
                    self.subs.pop(sub.table_id, None)

    # --------------------------------------------------------------- moves
    async def _receive(self, ws: WebSocket, sub: Subscriber) -> None:
        """What the client sends, read at once so that a disconnect is noticed at once:
        ``ping`` (answered ``{"type": "pong"}``) and moves (:meth:`_play`), one at a time, each
        answered before the next is read."""
        try:
            while True:
                msg = await ws.receive()
                if msg["type"] == "websocket.disconnect":
                    return
                text = msg.get("text")
                if text == "ping":
                    await _send(ws, {"type": "pong"})
                elif text is not None or msg.get("bytes") is not None:
                    await _send(ws, await self._play(sub, text if text is not None else msg["bytes"]))
        except (WebSocketDisconnect, RuntimeError):
            return

    async def _play(self, sub: Subscriber, raw: str | bytes) -> dict[str, Any]:
        """A move sent on the socket, for the socket's own seat: the checks, the refusals
        and the bots' answer of ``POST /api/tables/{id}/actions``, without an HTTP request
        (its parsing, routing and answer were a third of a move's cost, issue 36). Answered
        ``{"type": "played", "index"}`` or an error with ``"re": "play"``; the table itself
        comes as every change does, in an update."""
        try:
            body = PlayIn.model_validate_json(raw)
        except ValidationError as e:
            detail = malformed_detail(e.errors(include_url=False), sub.lang)
            return {"type": "error", "re": "play", "status": 422, "code": "malformed", "detail": detail}
        try:
            lo, _ = await asyncio.to_thread(
                self.service.act, sub.table_id, sub.token, body.action, body.index, body.seat
            )
        except TableError as e:
            return {**_refusal(e, sub.lang), "re": "play"}
        except Conflict as e:  # as http.py says a race the service did not name
            log.info("conflict: %s", e)
            detail = i18n.message("api.conflict", sub.lang)
            return {"type": "error", "re": "play", "status": 409, "code": "conflict", "detail": detail}
        except Exception:  # a fault of ours: said as a request's 500 says it; the socket stays open
            log.exception("a move sent on the socket of table %s failed", sub.table_id)
            detail = i18n.message("api.internal", sub.lang)
            return {"type": "error", "re": "play", "status": 500, "code": "internal", "detail": detail}
        if self.bots is not None:
            self.bots.answer(lo.table)
        return {"type": "played", "index": len(lo.actions) - 1}

    # --------------------------------------------------------------- presence
    async def _arrive(self, table_id: str, seat: int) -> bool:
        """A seat's person opened the table here: the first connection marks them here.
        Whether it did (the table changed)."""
        key = (table_id, seat)
        self.present[key] = self.present.get(key, 0) + 1
        return self.present[key] == 1 and await self._mark(table_id, seat, True)

    async def _gone(self, table_id: str, seat: int) -> None:
        """A connection closed: the last one of the seat here marks them away from now."""
        key = (table_id, seat)
        left = self.present.get(key, 1) - 1
        if left > 0:
            self.present[key] = left
            return
        self.present.pop(key, None)
        if not self.closing:
            # A task of its own: the connection's task may be cancelled as it closes.
            task = asyncio.get_running_loop().create_task(self._away(table_id, seat))
            self.tasks.add(task)
            task.add_done_callback(_forget(self.tasks))

    async def _away(self, table_id: str, seat: int) -> None:
        await self._mark(table_id, seat, False)

    async def _mark(self, table_id: str, seat: int, here: bool) -> bool:
        """Store that a seat's person came (``here``) or went, and tell who asked; whether it
        was stored. The marks made while a batch is written are stored together by the next
        one, in one transaction: a restarted server has every page come back at once (at
        1,000 tables, with a write each, the moves sent meanwhile waited 1.7 s at the median
        instead of 1.1 s, issue 36)."""
        self.marks[(table_id, seat)] = here  # a later mark of the seat replaces an earlier one
        if self.marking is None:
            self.marking = self.last_batch = asyncio.get_running_loop().create_task(
                self._write_marks(self.last_batch)
            )
            self.tasks.add(self.marking)
            self.marking.add_done_callback(_forget(self.tasks))
        return await asyncio.shield(self.marking)

    async def _write_marks(self, before: asyncio.Task[bool] | None) -> bool:
        if before is not None and not before.done():
            await asyncio.wait([before])  # batches are stored in the order they were made
        marks, self.marks, self.marking = self.marks, {}, None
        try:
            await asyncio.to_thread(self.service.presence, marks)
        except Exception:  # presence is a courtesy: never fail a connection
            log.debug("presence", exc_info=True)
            return False
        for table_id in dict.fromkeys(t for t, _ in marks):
            self._presence_changed(table_id)
        return True

    def _presence_changed(self, table_id: str) -> None:
        """Someone came or went here: the table's subscribers that asked are told."""
        for s in self.subs.get(table_id, ()):
            if s.presence:
                s.recheck = True
                s.wake.set()

    def _presence_message(self, sub: Subscriber) -> dict[str, Any] | None:
        """Who is here now, read afresh, if it is not what ``sub`` was last told."""
        try:
            t = self.service.table(sub.table_id)
        except TableError:
            return None
        seats = [s.model_dump() for s in self.service.summary(t, sub.lang).seats]
        return self._told(sub, seats)

    def _told(self, sub: Subscriber, seats: list[dict[str, Any]]) -> dict[str, Any] | None:
        now = _presence({"seats": seats})
        if now == sub.seen:
            return None
        sub.seen = now
        return {"type": "presence", "seats": orjson.loads(now)}

    async def keep_presence(self, every: float) -> None:
        """Until cancelled: renew the presence of every seat connected here."""
        while True:
            await asyncio.sleep(every)
            await self.renew_presence()

    async def renew_presence(self) -> None:
        """One sweep: every seat connected here is still here, in one transaction (a
        write per seat cost the web process as much as a move, issue 36)."""
        try:
            await asyncio.to_thread(self.service.renew_presence, list(self.present))
        except Exception:  # presence is a courtesy: the next sweep tries again
            log.debug("presence renewal", exc_info=True)

    def _snapshot(self, table_id: str, gen: int) -> Snapshot:
        """The table as stored after change ``gen`` (spectator's seat): loaded once, shared.

        A snapshot is reused only if its load began after change ``gen`` was announced (or
        it is the table this process stored by change ``gen`` or a later one), so it is
        never older than the change that woke the caller."""
        lock = self.snap_locks.setdefault(table_id, threading.Lock())
        with lock:
            snap = self.snaps.get(table_id)
            if snap is not None and snap.gen >= gen:
                return snap
            started = self.gen.get(table_id, 0)
            snap = Snapshot(started, self.service.load(table_id, None))
            old = self.snaps.get(table_id)
            if old is None or old.gen <= started:  # not over a newer one changed() left
                self.snaps[table_id] = snap
            if len(self.snaps) > 4 * len(self.subs) + 64:  # forget tables nobody watches
                for tid in [t for t in self.snaps if t not in self.subs]:
                    self.snaps.pop(tid, None)
                    self.snap_locks.pop(tid, None)
            return snap

    def _update_now(self, sub: Subscriber, gen: int) -> tuple[bool, dict[str, Any] | None]:
        """``(True, message)`` as :meth:`_update` gives it, computed on the event loop, when
        that needs no database access (the shared snapshot is fresh); ``(False, None)``
        otherwise. A token opens only a claimed seat (an invite is opened by ``join``), so no
        visit here writes."""
        snap = self.snaps.get(sub.table_id)
        if snap is None or snap.gen < gen:
            return False, None
        try:
            seat = self.service.seat_of(snap.loaded.table, sub.token)
        except TableError as e:
            return True, _refusal(e, sub.lang)
        return True, self._message(sub, snap, seat)

    def _update(self, sub: Subscriber, gen: int = 0) -> dict[str, Any] | None:
        """The message for one subscriber: its own view and the events it has not seen."""
        snap = self._snapshot(sub.table_id, gen)
        try:
            lo = self.service.load_as(snap.loaded, sub.token)
        except TableError as e:  # e.g. the seat was taken over by someone else
            return _refusal(e, sub.lang)
        if lo.table is not snap.loaded.table:  # read afresh: its invite opened on another server
            snap = Snapshot(snap.gen, lo)
        return self._message(sub, snap, lo.seat)

    def _message(self, sub: Subscriber, snap: Snapshot, seat: int | None) -> dict[str, Any] | None:
        """The update for ``sub`` from a snapshot; the seat's payload is computed once per
        snapshot for all the subscribers of that seat and language, and never mutated."""
        shared = snap.payloads.get((seat, sub.lang))
        p: dict[str, Any] | None = None
        if shared is None:
            lo = snap.loaded
            p = self.service.payload(
                Loaded(lo.table, lo.actions, lo.state, seat), with_log=False, lang=sub.lang
            ).model_dump()
            shared = (orjson.dumps(p), _signature(p), _presence(p))
            snap.payloads[(seat, sub.lang)] = shared
        raw, sig, here = shared
        lo = snap.loaded
        # Who is here is told from a fresh read (``recheck``), never from a snapshot, which
        # may be older than the presence this subscriber was last told.
        if sub.presence and here != sub.seen:
            sub.recheck = True
            sub.wake.set()
        if sig == sub.last:
            return None
        sub.last = sig
        st = lo.state
        msg: dict[str, Any] = {"type": "update", **(orjson.loads(raw) if p is None else p)}
        if len(st.events) < sub.cursor:  # a move was taken back: start the log afresh
            msg["reset"] = True
            msg["new_events"] = []
        else:
            msg["reset"] = False
            msg["new_events"] = [
                {"kind": kind, "text": text}
                for kind, text in lines_with_notices(
                    st, sub.seat, lo.table.notices, sub.cursor, seat_names(lo.table, sub.lang), sub.lang
                )
            ]
        del msg["log"]
        if msg["reset"]:
            names = seat_names(lo.table, sub.lang)
            lines = lines_with_notices(st, sub.seat, lo.table.notices, 0, names, sub.lang)
            msg["log"] = [text for _, text in lines]
        sub.cursor = len(st.events)
        sub.seen = here
        return msg

    def wake_everyone(self) -> None:
        """Changes may have been missed (a lost PostgreSQL listener): everyone reads anew."""
        for table_id in list(self.subs):
            self.changed(table_id)


@dataclass(eq=False)
class Snapshot:
    """The table as stored after change ``gen`` (as a spectator sees it), shared by the
    subscribers woken by that change, with each seat's payload once computed."""

    gen: int
    loaded: Loaded
    payloads: dict[tuple[int | None, str], tuple[bytes, bytes, bytes]] = field(default_factory=dict)
    """By (seat, language): the payload as JSON, its ``_signature`` and its ``_presence``.
    Bytes, not the payload's dicts and lists: a snapshot lives until its table's next change,
    so at 2,000 tables the collector walked its containers in every young collection (the
    longest paused the web process 290 ms, issue 36); bytes it never walks."""


def _forget(tasks: set[asyncio.Task[Any]]) -> Callable[[asyncio.Task[Any]], None]:
    """A done task leaves ``tasks``; its failure (presence is a courtesy) is only logged."""

    def done(task: asyncio.Task[Any]) -> None:
        tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.debug("presence", exc_info=task.exception())

    return done


def _refusal(e: TableError, lang: str) -> dict[str, Any]:
    """A refusal as a live message, in the subscriber's language."""
    return {"type": "error", "status": http_status(e), "code": e.code, "detail": e.text(lang)}


def _presence(p: dict[str, Any]) -> bytes:
    """Who is here, as a table's payload says (its seats' ``here`` and ``away_since``)."""
    return orjson.dumps(
        [{"seat": s["seat"], "here": s["here"], "away_since": s["away_since"]} for s in p["seats"]]
    )


def _signature(p: dict[str, Any]) -> bytes:
    """What a subscriber was last told of a table, to send nothing when nothing changed."""
    clock = p.get("clock")
    ticking = (
        None if clock is None else [clock["running"], clock["deadline"], clock["expired"], clock["votes"]]
    )
    said = p["chat"][-1]["id"] if p.get("chat") else None
    seats = [{k: v for k, v in s.items() if k not in ("here", "away_since")} for s in p["seats"]]
    return orjson.dumps(
        [p["moves"], p["events"], p["view"], seats, p["status"], p["rematch"], ticking, said],
        option=orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS,
    )


async def _send(ws: WebSocket, msg: dict[str, Any]) -> None:
    """``ws.send_json(msg)``, the same text byte for byte (compact, non-ASCII as is) with
    orjson, several times faster than the standard library (issue 36)."""
    await ws.send_text(orjson.dumps(msg, option=orjson.OPT_NON_STR_KEYS).decode())
