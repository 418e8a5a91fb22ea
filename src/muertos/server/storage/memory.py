"""A store in this process's memory (``memory://``): the :class:`~muertos.server.storage.Storage`
contract without a database, for tests, demos and a quick look. Nothing survives the process.

One lock guards everything: each method is a short dictionary update, far from a
bottleneck at a single server's scale."""

from __future__ import annotations

import dataclasses
import itertools
import threading
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

from . import (
    NOTIFY_WAYS,
    PEOPLE,
    ActionRow,
    AnalysisKey,
    ChatRow,
    Conflict,
    Fallback,
    Handover,
    NewSeat,
    SeatRow,
    Stripes,
    TableRow,
    now,
    table_status,
    voted,
)


class MemoryStore:
    """Tables, seats and actions in dictionaries; the same refusals as the SQL stores."""

    shared = False

    def __init__(self) -> None:
        self.now = now
        self._lock = threading.RLock()
        self._tables: dict[str, TableRow] = {}
        self._actions: dict[str, list[ActionRow]] = {}
        self._ids = itertools.count(1)
        self._analyses: dict[AnalysisKey, dict[str, Any]] = {}
        self._chat: dict[str, list[ChatRow]] = {}
        self._told: dict[tuple[str, int], int] = {}
        self._stripes = Stripes()

    def migrate(self) -> None:
        """Nothing to migrate."""

    def start(self) -> None:
        """No upkeep."""

    def dispose(self) -> None:
        """Nothing to release."""

    async def listen(
        self, changed: Callable[[str], None], ready: Callable[[], None], lost: Callable[[], None]
    ) -> None:
        ready()

    # ---------------------------------------------------------------- tables
    def create_table(
        self,
        table_id: str,
        game: str,
        players: int,
        options: dict[str, Any],
        seed: int,
        seats: list[NewSeat],
        rematch_of: str | None = None,
        clock: dict[str, Any] | None = None,
    ) -> None:
        with self._lock:
            if table_id in self._tables:
                raise Conflict(f"table {table_id} exists already")
            if rematch_of is not None and any(t.rematch_of == rematch_of for t in self._tables.values()):
                raise Conflict(f"table {rematch_of} has its rematch already")
            rows = [SeatRow(i, s.kind, s.agent, s.name, s.token_hash, False) for i, s in enumerate(seats)]
            at = self.now()
            self._tables[table_id] = TableRow(
                table_id,
                game,
                players,
                dict(options),
                seed,
                at,
                None,
                rematch_of,
                None,
                rows,
                clock=dict(clock) if clock else None,
                started_at=None if any(s.kind in PEOPLE for s in seats) else at,
            )
            self._actions[table_id] = []

    def _row(self, table_id: str) -> TableRow | None:
        t = self._tables.get(table_id)
        if t is None:
            return None
        rematch = next((r.id for r in self._tables.values() if r.rematch_of == table_id), None)
        return dataclasses.replace(
            t, rematch=rematch, actions=len(self._actions[table_id]), chats=len(self._chat.get(table_id, ()))
        )

    def get_table(self, table_id: str) -> TableRow | None:
        with self._lock:
            return self._row(table_id)

    def read(self, table_id: str) -> tuple[TableRow, list[ActionRow]] | None:
        with self._lock:
            t = self._row(table_id)
            return None if t is None else (t, list(self._actions[table_id]))

    def list_tables(self, status: str | None = None, limit: int = 100) -> list[TableRow]:
        with self._lock:
            rows = [r for r in (self._row(i) for i in self._tables) if r is not None]
        rows = [r for r in rows if status is None or table_status(r) == status]
        rows.sort(key=lambda r: r.id)
        rows.sort(key=lambda r: r.created_at, reverse=True)
        return rows[:limit]

    def unfinished_ids(self) -> list[str]:
        with self._lock:
            return [t.id for t in self._tables.values() if t.finished_at is None]

    # ---------------------------------------------------------------- actions
    def actions(self, table_id: str) -> list[ActionRow]:
        with self._lock:
            return list(self._actions.get(table_id, ()))

    def ordered(self, table_id: str) -> threading.Lock:
        return self._stripes.ordered(table_id)

    def append(
        self,
        table_id: str,
        index: int,
        seat: int,
        action: str,
        finished: bool,
        announce: Callable[[ActionRow], None] | None = None,
        fallback: Fallback | None = None,
        by_bot: bool = False,
    ) -> ActionRow:
        with self.ordered(table_id):
            with self._lock:
                moves = self._actions.get(table_id)
                if moves is None or len(moves) != index:
                    raise Conflict(f"move {index + 1} of table {table_id} is no longer the next move")
                t = self._tables[table_id]
                if t.finished_at is not None:
                    raise Conflict(f"table {table_id} has ended")
                if not by_bot and t.seats[seat].bot_from is not None:
                    raise Conflict(f"seat {seat + 1} of table {table_id} is played by a bot now")
                row = ActionRow(next(self._ids), index, seat, action, self.now())
                moves.append(row)
                if finished:
                    t = dataclasses.replace(t, finished_at=row.time)
                if fallback is not None:
                    seats = [
                        dataclasses.replace(s, agent=fallback.agent) if s.seat == fallback.seat else s
                        for s in t.seats
                    ]
                    t = dataclasses.replace(t, seats=seats, notices=fallback.notices)
                self._tables[table_id] = t
            if announce is not None:
                announce(row)
        return row

    def delete_last(self, table_id: str, action_id: int, index: int) -> None:
        with self._lock:
            moves = self._actions.get(table_id) or []
            if len(moves) != index + 1:
                raise Conflict("another move was made meanwhile")
            if moves[-1].id != action_id:
                raise Conflict("that move was already taken back")
            moves.pop()
            self._tables[table_id] = dataclasses.replace(self._tables[table_id], finished_at=None, votes=None)

    # ---------------------------------------------------------------- seats
    def claim(self, table_id: str, seat: int, token_hash: str | None, must_be_unclaimed: bool) -> bool:
        with self._lock:
            t = self._tables.get(table_id)
            if t is None or not 0 <= seat < len(t.seats):
                return False
            s = t.seats[seat]
            if s.kind not in PEOPLE or (must_be_unclaimed and s.claimed):
                return False
            self._seat(t, dataclasses.replace(s, claimed=True, token_hash=token_hash or s.token_hash))
            return True

    def take_invite(self, table_id: str, seat: int, invite_hash: str, token_hash: str) -> bool:
        with self._lock:
            t = self._tables.get(table_id)
            if t is None or not 0 <= seat < len(t.seats):
                return False
            s = t.seats[seat]
            if s.claimed or s.token_hash != invite_hash or (s.kind not in PEOPLE and s.bot_from is None):
                return False
            self._seat(
                t, dataclasses.replace(s, claimed=True, token_hash=token_hash, invite_hash=invite_hash)
            )
            return True

    def _seat(self, t: TableRow, new: SeatRow) -> None:
        """Store ``new`` in ``t`` (under the lock); the last person seated starts the table."""
        seats = [new if x.seat == new.seat else x for x in t.seats]
        started = t.started_at
        if started is None and all(x.claimed for x in seats if x.kind in PEOPLE):
            started = self.now()
        self._tables[t.id] = dataclasses.replace(t, seats=seats, started_at=started)

    # ---------------------------------------------------------------- clocks, leaving
    def hand_to_bot(self, table_id: str, at: int, handover: Handover) -> bool:
        with self._lock:
            t = self._tables.get(table_id)
            if t is None or t.finished_at is not None or len(self._actions[table_id]) != at:
                return False
            h = handover
            if not 0 <= h.seat < len(t.seats) or t.seats[h.seat].kind not in PEOPLE:
                return False
            seats = [
                dataclasses.replace(x, kind="bot", agent=h.agent, bot_from=at, bot_why=h.why)
                if x.seat == h.seat
                else x
                for x in t.seats
            ]
            self._tables[table_id] = dataclasses.replace(
                t, seats=seats, notices=(*t.notices, h.notice), votes=None
            )
            return True

    def vote(self, table_id: str, at: int, seat: int, voter: int, choice: str) -> dict[str, Any] | None:
        with self._lock:
            t = self._tables.get(table_id)
            if t is None or t.finished_at is not None or len(self._actions[table_id]) != at:
                return None
            votes = voted(t.votes, at, seat, voter, choice)
            self._tables[table_id] = dataclasses.replace(t, votes=votes)
            return votes

    def resign(self, table_id: str, at: int, seat: int) -> bool:
        with self._lock:
            t = self._tables.get(table_id)
            if t is None or t.finished_at is not None or len(self._actions[table_id]) != at:
                return False
            self._tables[table_id] = dataclasses.replace(t, finished_at=self.now(), resigned=seat)
            return True

    def delete_unstarted(self, table_id: str) -> bool:
        with self._lock:
            if table_id not in self._tables or self._actions[table_id]:
                return False
            del self._tables[table_id]
            del self._actions[table_id]
            self._chat.pop(table_id, None)
            for k in [k for k in self._analyses if k.table_id == table_id]:
                del self._analyses[k]
            return True

    def timed_ids(self) -> list[str]:
        with self._lock:
            return [
                t.id
                for t in self._tables.values()
                if t.clock and t.finished_at is None and t.started_at is not None
            ]

    # ---------------------------------------------------------------- turn messages
    def set_notify(
        self, table_id: str, seat: int, url: str | None, email: str | None = None, lang: str | None = None
    ) -> bool:
        return self._change_notify(
            table_id, seat, notify_url=url, notify_email=email, notify_lang=lang, notify_dropped=None
        )

    def drop_notify(self, table_id: str, seat: int, way: str, value: str) -> bool:
        field = NOTIFY_WAYS[way]
        with self._lock:
            t = self._tables.get(table_id)
            if t is None or not 0 <= seat < len(t.seats) or getattr(t.seats[seat], field) != value:
                return False
            return self._change_notify(table_id, seat, **{field: None, "notify_dropped": way})

    def _change_notify(self, table_id: str, seat: int, **values: str | None) -> bool:
        with self._lock:
            t = self._tables.get(table_id)
            if t is None or not 0 <= seat < len(t.seats):
                return False
            seats = [dataclasses.replace(x, **values) if x.seat == seat else x for x in t.seats]  # type: ignore[arg-type]
            self._tables[table_id] = dataclasses.replace(t, seats=seats)
            return True

    def claim_turn_message(self, table_id: str, seat: int, moves: int) -> bool:
        with self._lock:
            key = (table_id, seat)
            if self._told.get(key) == moves or table_id not in self._tables:
                return False
            self._told[key] = moves
            return True

    # ---------------------------------------------------------------- presence
    def set_presence(self, seats: list[tuple[str, int, datetime]], announce: bool) -> None:
        with self._lock:
            for table_id, seat, until in seats:
                t = self._tables.get(table_id)
                if t is None or not 0 <= seat < len(t.seats):
                    continue
                row = [dataclasses.replace(x, here_until=until) if x.seat == seat else x for x in t.seats]
                self._tables[table_id] = dataclasses.replace(t, seats=row)

    # ---------------------------------------------------------------- chat
    def add_chat(
        self, table_id: str, seat: int | None, name: str, text: str, moves: int, most: int, window: float
    ) -> ChatRow | None:
        with self._lock:
            if table_id not in self._tables:
                return None
            rows = self._chat.setdefault(table_id, [])
            at = self.now()
            since = at - timedelta(seconds=window)
            if sum(1 for r in rows if r.seat == seat and r.time > since) >= most:
                return None
            row = ChatRow(next(self._ids), seat, name, text, at, moves)
            rows.append(row)
            return row

    def chat(self, table_id: str, limit: int = 100) -> list[ChatRow]:
        with self._lock:
            return list(self._chat.get(table_id, ())[-limit:])

    # ---------------------------------------------------------------- analyses
    def get_analysis(self, key: AnalysisKey) -> dict[str, Any] | None:
        with self._lock:
            return self._analyses.get(key)

    def put_analysis(self, key: AnalysisKey, result: dict[str, Any]) -> None:
        with self._lock:
            if key.table_id in self._tables:
                self._analyses.setdefault(key, result)
