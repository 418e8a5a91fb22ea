"""The clock watch: the server side of thinking-time clocks (issue 38).

Deadlines are not timers in this process: they are computed from the stored times of
each table (``clocks.compute``), so the watch only has to *look* at the right moments.
It keeps, for each timed table it knows, when to look next (the running clock's
deadline, or a turn-based table's hand-over to a bot). When a table changes, the hub says
so: with the table as stored after the change (a move made here), the new deadline is
computed from it on the spot, with nothing read; otherwise (a change made by another
server, a chat message) the table is read on the next tick. A table without a clock is
remembered as such (that never changes). Every :data:`RESCAN_SECONDS` the watch reads
the list of timed tables and looks at the ones it does not know yet; it looks at every
one when it starts (a deadline that passed while the server was down is enforced when it
comes back) and after the PostgreSQL listener was lost (changes may have gone unheard).
So a move costs the watch no read, and no tick reads more than the tables due then
(issue 38: a sweep over every table every 30 s stalled the server at 100 tables).

Enforcing is a conditional write (``Storage.hand_to_bot``: only if the table still has
the same moves and the seat is still a person's), so two servers watching one
PostgreSQL database hand a seat over once. A live clock that runs out changes nothing
stored; the watch wakes the table's subscribers so that everyone sees it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from datetime import datetime

from .tables import Loaded, TableService

log = logging.getLogger("muertos.server")

TICK_SECONDS = 1.0
RESCAN_SECONDS = 30.0
UNTIMED_KEPT = 100_000


class ClockWatch:
    """Looks at timed tables when their clocks are due; see the module's docstring."""

    def __init__(
        self, service: TableService, tick: float = TICK_SECONDS, rescan: float = RESCAN_SECONDS
    ) -> None:
        self.service = service
        self.tick = tick
        self.rescan = rescan
        self.due: dict[str, datetime | None] = {}
        """When to look at each known timed table next (None: only when it changes)."""
        self.touched: set[str] = set()
        """Tables that changed since they were last looked at."""
        self.untimed: set[str] = set()
        """Tables seen to have no time limit: their changes are not looked at."""
        self.told: dict[str, datetime | None] = {}
        """The deadline whose running out subscribers were woken for, by table."""
        self._scanned = -float("inf")
        self._everything = False
        """Look at every timed table on the next sweep (see :meth:`lost`)."""
        self._sweeping = False
        self._task: asyncio.Task[None] | None = None

    def touch(self, table_id: str, now: Loaded | None = None) -> None:
        """A table changed (here or on another server); ``now``, if given, is the table as
        stored after the change: its next deadline is taken from it, else the table is
        read on the next tick (also while a sweep runs: it may be reading an older table)."""
        if table_id in self.untimed:
            return
        if now is None or self._sweeping:
            self.touched.add(table_id)
            return
        if now.table.clock is None:
            self._forget(table_id, untimed=True)
            return
        got = self.service.clocks_of(now)
        self.due[table_id] = None if got is None else got[1].deadline

    def lost(self) -> None:
        """Changes made by other servers may have gone unheard: look at every table."""
        self._everything = True

    def _forget(self, table_id: str, untimed: bool) -> None:
        self.due.pop(table_id, None)
        self.told.pop(table_id, None)
        if untimed:
            if len(self.untimed) > UNTIMED_KEPT:
                self.untimed.clear()  # forgotten tables are read once more, no harm
            self.untimed.add(table_id)

    def sweep(self, everything: bool = False) -> list[tuple[str, str]]:
        """Look at the tables that are due (``everything``: every timed table, as at
        start-up); blocking. Returns ``(table id, what happened)`` for each table whose
        subscribers should hear: ``handed`` or ``expired``."""
        self._sweeping = True
        try:
            return self._sweep(everything)
        finally:
            self._sweeping = False

    def _sweep(self, everything: bool) -> list[tuple[str, str]]:
        everything = everything or self._everything
        now = self.service.store.now()
        # Copies taken at once (under the GIL): :meth:`touch` runs on the event loop.
        look = {t for t, at in list(self.due.items()) if at is not None and at <= now} | set(self.touched)
        if everything or time.monotonic() - self._scanned >= self.rescan:
            self._everything = False
            self._scanned = time.monotonic()
            ids = set(self.service.store.timed_ids())
            for gone in set(self.due) - ids:
                self._forget(gone, untimed=False)
            look |= ids if everything else ids - set(self.due)
        self.touched -= look
        out = []
        for table_id in sorted(look):
            try:
                what, deadline, again = self.service.enforce(table_id)
            except Exception:  # one broken table must not stop the watch
                log.exception("clock of table %s", table_id)
                continue
            if what == "untimed":
                self._forget(table_id, untimed=True)
                continue
            self.due[table_id] = again
            if what == "none":
                self.told.pop(table_id, None)
            if what == "handed" or (what == "expired" and self.told.get(table_id) != deadline):
                self.told[table_id] = deadline
                out.append((table_id, what))
        return out

    async def run(self, heard: Callable[[str, str], None]) -> None:
        """Until cancelled: sweep every tick; ``heard(table id, what)`` on the event loop."""
        everything = True
        while True:
            try:
                for table_id, what in await asyncio.to_thread(self.sweep, everything):
                    heard(table_id, what)
                everything = False
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("clock watch")
            await asyncio.sleep(self.tick)

    def start(self, heard: Callable[[str, str], None]) -> None:
        self._task = asyncio.get_running_loop().create_task(self.run(heard))

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(BaseException):
                await self._task
