"""The SQL stores: SQLAlchemy 2 Core over SQLite (:class:`SqliteStore`, the default) or
PostgreSQL (:class:`PostgresStore`); what differs between the two lives in the subclass.

Each move is one transaction inserting one ``actions`` row, and the UNIQUE(table_id,
index) constraint decides races: of two moves for the same index, the database keeps
exactly one and the other surfaces as :class:`Conflict`.

The schema is owned by Alembic migrations (``migrations/``) that :meth:`SqlStore.migrate`
runs at start-up; Alembic's own ``alembic_version`` table records the revision.

The hot path (reading a table with its seats and actions, storing a move) runs a few
fixed SQL statements on the DBAPI cursor, converting values with SQLAlchemy's own type
processors for the dialect: building and compiling Core statements cost several times
more than the queries themselves (about 1 ms of the server's CPU per read). Everything
else goes through SQLAlchemy Core.

Durability (SQLite): WAL journal with ``synchronous=NORMAL``. A commit is in the WAL file
(in the operating system's hands) before a move is answered, so a crash or restart of the
server process loses nothing and a game in progress resumes; only a power cut or kernel
crash could lose the last moves before a checkpoint. PostgreSQL keeps its own settings.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import threading
from collections import OrderedDict
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, TypeVar, cast

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Dialect, Engine
from sqlalchemy.exc import IntegrityError

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
    voted,
)

_T = TypeVar("_T")

KEPT_TABLES = 4096
"""Tables an SQLite store keeps as last read or written (the busiest; see ``SqliteStore.read``)."""
CHECKPOINT_SECONDS = 0.5
"""How often the server checkpoints a SQLite WAL in the background (see
:meth:`SqliteStore.start`): at ~50 moves/s the WAL then stays far below SQLite's
own threshold (1000 pages), so no request ever waits for a checkpoint and its fsync."""

log = logging.getLogger("muertos.server")

NOTIFY_CHANNEL = "muertos_tables"
"""PostgreSQL channel on which every change to a table is announced (payload: table id)."""

metadata = sa.MetaData()

tables_t = sa.Table(
    "tables",
    metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("game", sa.String(64), nullable=False),
    sa.Column("players", sa.Integer, nullable=False),
    sa.Column("options", sa.JSON, nullable=False),
    sa.Column("seed", sa.BigInteger, nullable=False),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False, index=True),
    sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
    sa.Column("rematch_of", sa.String(32), sa.ForeignKey("tables.id"), nullable=True, unique=True),
    # [[event index, text], …]: server notices shown in the log before that event (0002).
    sa.Column("notices", sa.JSON, nullable=False, server_default=sa.text("'[]'")),
    # Clocks and seats people leave (0004): see TableRow.
    sa.Column("clock", sa.JSON(none_as_null=True), nullable=True),
    sa.Column("started_at", sa.DateTime(timezone=True), nullable=True),
    sa.Column("votes", sa.JSON(none_as_null=True), nullable=True),
    sa.Column("resigned", sa.Integer, nullable=True),
)

seats_t = sa.Table(
    "seats",
    metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("kind", sa.String(8), nullable=False),
    sa.Column("agent", sa.String(64), nullable=True),
    sa.Column("name", sa.String(64), nullable=False),
    sa.Column("token_hash", sa.String(64), nullable=True),
    sa.Column("claimed", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Column("bot_from", sa.Integer, nullable=True),
    sa.Column("bot_why", sa.String(16), nullable=True),
    sa.Column("here_until", sa.DateTime(timezone=True), nullable=True),
    sa.Column("notify_url", sa.String(500), nullable=True),
    sa.Column("notified_move", sa.Integer, nullable=True),
    sa.Column("notify_email", sa.String(254), nullable=True),
    sa.Column("notify_lang", sa.String(8), nullable=True),
    sa.Column("notify_dropped", sa.String(16), nullable=True),
    sa.Column("invite_hash", sa.String(64), nullable=True),
)

actions_t = sa.Table(
    "actions",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"), nullable=False),
    sa.Column("index", sa.Integer, nullable=False),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("action", sa.String(200), nullable=False),
    sa.Column("time", sa.DateTime(timezone=True), nullable=False),
    sa.UniqueConstraint("table_id", "index", name="uq_actions_table_index"),
    sqlite_autoincrement=True,  # an id is never given twice: see migration 0010
)


analyses_t = sa.Table(
    "analyses",
    metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
    sa.Column("actions", sa.Integer, primary_key=True),
    sa.Column("iterations", sa.Integer, primary_key=True),
    sa.Column("seed", sa.BigInteger, primary_key=True),
    sa.Column("format", sa.Integer, primary_key=True),
    sa.Column("result", sa.JSON, nullable=False),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
)
"""Finished games' analyses (0003), by what fixes one: the table, its number of actions,
the budget, the analysis seed and the engine's format."""

chat_t = sa.Table(
    "chat",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"), nullable=False),
    sa.Column("seat", sa.Integer, nullable=True),
    sa.Column("name", sa.String(64), nullable=False),
    sa.Column("text", sa.String(400), nullable=False),
    sa.Column("time", sa.DateTime(timezone=True), nullable=False),
    sa.Column("moves", sa.Integer, nullable=False),
    sa.Index("ix_chat_table_id", "table_id", "id"),
)
"""Messages written at a table (0005); see ``storage.ChatRow``."""


def _utc(t: datetime | None) -> datetime | None:
    """SQLite hands back naive datetimes; everything here is stored in UTC."""
    if t is None or t.tzinfo is not None:
        return t
    return t.replace(tzinfo=UTC)


def normalize_url(url: str) -> str:
    """``postgresql://`` means psycopg 3 here (SQLAlchemy would otherwise pick psycopg2)."""
    if url.startswith("postgresql://") or url.startswith("postgres://"):
        return "postgresql+psycopg://" + url.split("://", 1)[1]
    return url


def backend(url: str) -> str:
    """``sqlite`` or ``postgresql`` (or whatever else SQLAlchemy reads in the URL)."""
    return str(sa.engine.make_url(normalize_url(url)).get_backend_name())


class SqlStore:
    """Database access shared by the SQL stores; the subclasses hold what differs."""

    shared = False

    def __init__(self, url: str, **engine_args: Any) -> None:
        self.now = now
        self.url = normalize_url(url)
        self.engine: Engine = sa.create_engine(self.url, **engine_args)
        self._fast = _FastPath(self.engine.dialect)
        self._stripes = Stripes()

    # ---------------------------------------------------------------- schema
    def migrate(self) -> None:
        """Bring the schema to the newest Alembic revision (idempotent; safe with two servers)."""
        from alembic import command
        from alembic.config import Config

        cfg = Config()
        cfg.set_main_option("script_location", str(Path(__file__).parent.parent / "migrations"))
        with self.engine.begin() as conn:
            self._before_migrating(conn)
            cfg.attributes["connection"] = conn
            command.upgrade(cfg, "head")

    def _before_migrating(self, conn: Connection) -> None:
        """Hook: PostgreSQL takes a lock so two servers starting together migrate once."""

    def revision(self) -> str | None:
        with self.engine.connect() as conn:
            try:
                return conn.execute(sa.text("SELECT version_num FROM alembic_version")).scalar()
            except sa.exc.DBAPIError:
                return None

    def start(self) -> None:
        """No background upkeep (SQLite files have some)."""

    def dispose(self) -> None:
        self.engine.dispose()

    async def listen(
        self, changed: Callable[[str], None], ready: Callable[[], None], lost: Callable[[], None]
    ) -> None:
        """One writer: nothing to hear from others."""
        ready()

    def _begin(self) -> Any:
        return self.engine.begin()

    def _connect(self) -> Any:
        return self.engine.connect()

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
        """One transaction; :class:`Conflict` if the id is taken or the rematch exists already."""
        at = self.now()
        try:
            with self._begin() as conn:
                conn.execute(
                    tables_t.insert().values(
                        id=table_id,
                        game=game,
                        players=players,
                        options=options,
                        seed=seed,
                        created_at=at,
                        rematch_of=rematch_of,
                        clock=clock or None,
                        started_at=None if any(s.kind in PEOPLE for s in seats) else at,
                    )
                )
                conn.execute(
                    seats_t.insert(),
                    [
                        {
                            "table_id": table_id,
                            "seat": i,
                            "kind": s.kind,
                            "agent": s.agent,
                            "name": s.name,
                            "token_hash": s.token_hash,
                            "claimed": False,
                        }
                        for i, s in enumerate(seats)
                    ],
                )
        except IntegrityError as e:
            raise Conflict(str(e.orig)) from None

    def get_table(self, table_id: str) -> TableRow | None:
        with self._connect() as conn:
            cur = conn.connection.cursor()
            try:
                return self._fast.table(cur, table_id)
            finally:
                cur.close()

    def read(self, table_id: str) -> tuple[TableRow, list[ActionRow]] | None:
        """A table and its actions, on one connection, agreeing with each other: the
        table row's move count (and so its end) is that of the actions read."""
        with self._connect() as conn:
            cur = conn.connection.cursor()
            try:
                for attempt in range(3):
                    t = self._fast.table(cur, table_id)
                    if t is None:
                        return None
                    actions = self._fast.actions(cur, table_id)
                    if len(actions) == t.actions or attempt == 2:
                        # Moves kept landing between the two reads: the actions are the truth.
                        return dataclasses.replace(t, actions=len(actions)), actions
                raise AssertionError("unreachable")
            finally:
                cur.close()

    def list_tables(self, status: str | None = None, limit: int = 100) -> list[TableRow]:
        """Newest first. ``status``: open (an open seat is free to take), waiting (for an
        invited person to open their link), in_progress, finished (see ``table_status``)."""

        def unclaimed(kind: str) -> Any:
            return (
                sa.select(seats_t.c.seat)
                .where(
                    seats_t.c.table_id == tables_t.c.id, seats_t.c.kind == kind, seats_t.c.claimed.is_(False)
                )
                .exists()
            )

        count = (
            sa.select(sa.func.count())
            .select_from(actions_t)
            .where(actions_t.c.table_id == tables_t.c.id)
            .scalar_subquery()
        )
        chats = (
            sa.select(sa.func.count())
            .select_from(chat_t)
            .where(chat_t.c.table_id == tables_t.c.id)
            .scalar_subquery()
        )
        q = sa.select(tables_t, count.label("n_actions"), chats.label("n_chats"))
        if status == "finished":
            q = q.where(tables_t.c.finished_at.is_not(None))
        elif status == "open":
            q = q.where(tables_t.c.finished_at.is_(None), unclaimed("open"))
        elif status == "waiting":
            q = q.where(tables_t.c.finished_at.is_(None), ~unclaimed("open"), unclaimed("human"))
        elif status == "in_progress":
            q = q.where(tables_t.c.finished_at.is_(None), ~unclaimed("open"), ~unclaimed("human"))
        q = q.order_by(tables_t.c.created_at.desc(), tables_t.c.id).limit(limit)
        with self._connect() as conn:
            rows = list(conn.execute(q).mappings())
            ids = [r["id"] for r in rows]
            seats: dict[str, list[SeatRow]] = {i: [] for i in ids}
            rematches: dict[str, str] = {}
            if ids:
                for s in conn.execute(
                    sa.select(seats_t).where(seats_t.c.table_id.in_(ids)).order_by(seats_t.c.seat)
                ).mappings():
                    seats[s["table_id"]].append(_seat_row(s))
                for r in conn.execute(
                    sa.select(tables_t.c.id, tables_t.c.rematch_of).where(tables_t.c.rematch_of.in_(ids))
                ):
                    rematches[r[1]] = r[0]
            return [
                _table_row(r, seats[r["id"]], rematches.get(r["id"]), r["n_actions"], r["n_chats"])
                for r in rows
            ]

    def unfinished_ids(self) -> list[str]:
        with self._connect() as conn:
            return list(
                conn.execute(sa.select(tables_t.c.id).where(tables_t.c.finished_at.is_(None))).scalars()
            )

    # ---------------------------------------------------------------- actions
    def actions(self, table_id: str) -> list[ActionRow]:
        with self._connect() as conn:
            cur = conn.connection.cursor()
            try:
                return self._fast.actions(cur, table_id)
            finally:
                cur.close()

    def ordered(self, table_id: str) -> threading.Lock:
        """The lock under which this process stores a change of the table and announces
        it, so that it announces the changes of a table in the order they were stored."""
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
        """Store one move in one transaction; :class:`Conflict` unless ``index`` is the
        table's next (taken by a racing move, or beyond the end after an undo) and the
        table is unfinished (and, for a person's move, the seat not handed to a bot).
        Returns the stored row (its time is also the table's end when ``finished``), and
        passes it to ``announce`` first, under :meth:`ordered`. A ``fallback`` is stored
        with it."""
        with self.ordered(table_id):
            row = self._move_written(
                table_id,
                finished,
                fallback is None,
                lambda: self._append(table_id, index, seat, action, finished, fallback, by_bot),
            )
            if announce is not None:
                announce(row)
        return row

    def _move_written(
        self, table_id: str, finished: bool, plain: bool, write: Callable[[], ActionRow]
    ) -> ActionRow:
        """Run ``write``, which stores a move of ``table_id`` (and ends the table if
        ``finished``; ``plain``: it changes no seat): a hook for what a store keeps of it."""
        return write()

    def _append(
        self,
        table_id: str,
        index: int,
        seat: int,
        action: str,
        finished: bool,
        fallback: Fallback | None,
        by_bot: bool,
    ) -> ActionRow:
        t = self.now()
        try:
            with self._begin() as conn:
                cur = conn.connection.cursor()
                try:
                    row_id = self._fast.insert_action(cur, table_id, index, seat, action, t, by_bot)
                    if row_id is None:
                        raise Conflict(f"move {index + 1} of table {table_id} is no longer the next move")
                    if finished:
                        self._fast.finish(cur, table_id, t)
                    if fallback is not None:
                        self._fast.fall_back(cur, table_id, fallback)
                    self._notify_on(cur, table_id)
                finally:
                    cur.close()
        except (IntegrityError, self._fast.integrity_error) as e:
            raise Conflict(f"move {index + 1} of table {table_id} was recorded by someone else first") from e
        return ActionRow(row_id, index, seat, action, t)

    def delete_last(self, table_id: str, action_id: int, index: int) -> None:
        """Undo: remove exactly that action row, only if it is still the table's last."""
        try:
            self._delete_last(table_id, action_id, index)
        except sa.exc.OperationalError as e:  # SQLite: a writer got in between our read and write
            raise Conflict(f"the table changed meanwhile ({e.orig})") from None

    def _delete_last(self, table_id: str, action_id: int, index: int) -> None:
        with self._begin() as conn:
            # PostgreSQL: wait for any move being stored at this table (see _FastPath.lock).
            conn.execute(sa.select(tables_t.c.id).where(tables_t.c.id == table_id).with_for_update())
            later = conn.execute(
                sa.select(sa.func.count())
                .select_from(actions_t)
                .where(actions_t.c.table_id == table_id, actions_t.c.index > index)
            ).scalar_one()
            if later:
                raise Conflict("another move was made meanwhile")
            res = conn.execute(
                actions_t.delete().where(
                    actions_t.c.table_id == table_id, actions_t.c.id == action_id, actions_t.c.index == index
                )
            )
            if res.rowcount != 1:
                raise Conflict("that move was already taken back")
            conn.execute(
                tables_t.update().where(tables_t.c.id == table_id).values(finished_at=None, votes=None)
            )
            self._notify(conn, table_id)

    # ---------------------------------------------------------------- seats
    def claim(self, table_id: str, seat: int, token_hash: str | None, must_be_unclaimed: bool) -> bool:
        """Mark a human seat as taken (and give it a new token hash, when one is given).

        With ``must_be_unclaimed`` the update only happens if nobody took the seat first,
        so two people racing for one open seat cannot both get it.
        """
        cond = [seats_t.c.table_id == table_id, seats_t.c.seat == seat, seats_t.c.kind.in_(PEOPLE)]
        if must_be_unclaimed:
            cond.append(seats_t.c.claimed.is_(False))
        values: dict[str, Any] = {"claimed": True}
        if token_hash is not None:
            values["token_hash"] = token_hash
        return self._take(table_id, cond, values)

    def take_invite(self, table_id: str, seat: int, invite_hash: str, token_hash: str) -> bool:
        """One conditional update: the seat still unopened and holding ``invite_hash`` gets
        ``token_hash`` and keeps the invite's hash as used. Of two servers opening one
        invite at once, PostgreSQL lets the second update wait for the first's row and then
        finds the seat claimed: it changes nothing."""
        c = seats_t.c
        cond = [
            c.table_id == table_id,
            c.seat == seat,
            c.claimed.is_(False),
            c.token_hash == invite_hash,
            sa.or_(c.kind.in_(PEOPLE), c.bot_from.is_not(None)),
        ]
        values = {"claimed": True, "token_hash": token_hash, "invite_hash": invite_hash}
        return self._take(table_id, cond, values)

    def _take(self, table_id: str, cond: list[Any], values: dict[str, Any]) -> bool:
        """Update the one seat ``cond`` names to ``values``, if it still matches; the last
        person seated starts the table. Whether it changed."""
        with self._begin() as conn:
            res = conn.execute(seats_t.update().where(*cond).values(**values))
            if res.rowcount == 1:
                # The last person seated starts the table (and its clocks).
                unclaimed = (
                    sa.select(seats_t.c.seat)
                    .where(
                        seats_t.c.table_id == table_id,
                        seats_t.c.kind.in_(PEOPLE),
                        seats_t.c.claimed.is_(False),
                    )
                    .exists()
                )
                conn.execute(
                    tables_t.update()
                    .where(tables_t.c.id == table_id, tables_t.c.started_at.is_(None), ~unclaimed)
                    .values(started_at=self.now())
                )
                self._notify(conn, table_id)
            return bool(res.rowcount == 1)

    # ---------------------------------------------------------------- clocks, leaving
    def _locked_count(self, conn: Connection, table_id: str) -> tuple[Any, int] | None:
        """The table's row, locked until the transaction ends (PostgreSQL: a second server
        enforcing the same deadline waits here, then finds the seat handed over already),
        and its number of moves; None for an unknown table. SQLite: a first write takes
        the database's write lock, so the read below cannot go stale before our write."""
        if self.engine.dialect.name == "sqlite":
            conn.execute(sa.text("UPDATE tables SET resigned = resigned WHERE id = :id"), {"id": table_id})
        row = (
            conn.execute(sa.select(tables_t).where(tables_t.c.id == table_id).with_for_update())
            .mappings()
            .first()
        )
        if row is None:
            return None
        count = conn.execute(
            sa.select(sa.func.count()).select_from(actions_t).where(actions_t.c.table_id == table_id)
        ).scalar_one()
        return row, int(count)

    def hand_to_bot(self, table_id: str, at: int, handover: Handover) -> bool:
        h = handover
        with self._begin() as conn:
            got = self._locked_count(conn, table_id)
            if got is None or got[0]["finished_at"] is not None or got[1] != at:
                return False
            res = conn.execute(
                seats_t.update()
                .where(seats_t.c.table_id == table_id, seats_t.c.seat == h.seat, seats_t.c.kind.in_(PEOPLE))
                .values(kind="bot", agent=h.agent, bot_from=at, bot_why=h.why)
            )
            if res.rowcount != 1:
                return False
            notices = [*(got[0]["notices"] or []), list(h.notice)]
            conn.execute(
                tables_t.update().where(tables_t.c.id == table_id).values(notices=notices, votes=None)
            )
            self._notify(conn, table_id)
            return True

    def vote(self, table_id: str, at: int, seat: int, voter: int, choice: str) -> dict[str, Any] | None:
        with self._begin() as conn:
            got = self._locked_count(conn, table_id)
            if got is None or got[0]["finished_at"] is not None or got[1] != at:
                return None
            votes = voted(got[0]["votes"], at, seat, voter, choice)
            conn.execute(tables_t.update().where(tables_t.c.id == table_id).values(votes=votes))
            self._notify(conn, table_id)
            return votes

    def resign(self, table_id: str, at: int, seat: int) -> bool:
        with self._begin() as conn:
            got = self._locked_count(conn, table_id)
            if got is None or got[0]["finished_at"] is not None or got[1] != at:
                return False
            conn.execute(
                tables_t.update()
                .where(tables_t.c.id == table_id)
                .values(finished_at=self.now(), resigned=seat, votes=None)
            )
            self._notify(conn, table_id)
            return True

    def delete_unstarted(self, table_id: str) -> bool:
        with self._begin() as conn:
            got = self._locked_count(conn, table_id)
            if got is None or got[1] != 0:
                return False
            conn.execute(analyses_t.delete().where(analyses_t.c.table_id == table_id))
            conn.execute(chat_t.delete().where(chat_t.c.table_id == table_id))
            conn.execute(seats_t.delete().where(seats_t.c.table_id == table_id))
            conn.execute(tables_t.delete().where(tables_t.c.id == table_id))
            self._notify(conn, table_id)
            return True

    def timed_ids(self) -> list[str]:
        q = sa.select(tables_t.c.id).where(
            tables_t.c.clock.is_not(None),
            tables_t.c.finished_at.is_(None),
            tables_t.c.started_at.is_not(None),
        )
        with self._connect() as conn:
            return list(conn.execute(q).scalars())

    # ---------------------------------------------------------------- turn messages
    def set_notify(
        self, table_id: str, seat: int, url: str | None, email: str | None = None, lang: str | None = None
    ) -> bool:
        with self._begin() as conn:
            res = conn.execute(
                seats_t.update()
                .where(seats_t.c.table_id == table_id, seats_t.c.seat == seat)
                .values(notify_url=url, notify_email=email, notify_lang=lang, notify_dropped=None)
            )
            return bool(res.rowcount == 1)

    def drop_notify(self, table_id: str, seat: int, way: str, value: str) -> bool:
        column = seats_t.c[NOTIFY_WAYS[way]]
        with self._begin() as conn:
            res = conn.execute(
                seats_t.update()
                .where(seats_t.c.table_id == table_id, seats_t.c.seat == seat, column == value)
                .values({column: None, seats_t.c.notify_dropped: way})
            )
            return bool(res.rowcount == 1)

    def claim_turn_message(self, table_id: str, seat: int, moves: int) -> bool:
        c = seats_t.c
        with self._begin() as conn:
            res = conn.execute(
                seats_t.update()
                .where(
                    c.table_id == table_id,
                    c.seat == seat,
                    sa.or_(c.notified_move.is_(None), c.notified_move != moves),
                )
                .values(notified_move=moves)
            )
            return bool(res.rowcount == 1)

    # ---------------------------------------------------------------- presence
    def set_presence(self, seats: list[tuple[str, int, datetime]], announce: bool) -> None:
        if not seats:
            return
        with self._begin() as conn:
            conn.execute(
                seats_t.update()
                .where(seats_t.c.table_id == sa.bindparam("tid"), seats_t.c.seat == sa.bindparam("sn"))
                .values(here_until=sa.bindparam("until")),
                [{"tid": table_id, "sn": seat, "until": until} for table_id, seat, until in seats],
            )
            if announce:
                for table_id in dict.fromkeys(t for t, _, _ in seats):
                    self._notify(conn, table_id)

    # ---------------------------------------------------------------- chat
    def add_chat(
        self, table_id: str, seat: int | None, name: str, text: str, moves: int, most: int, window: float
    ) -> ChatRow | None:
        """One transaction: the rate counted from the stored messages, so it holds across
        servers (two racing messages may both pass the count: a limit, not a lock)."""
        at = self.now()
        c = chat_t.c
        same = c.seat.is_(None) if seat is None else c.seat == seat
        try:
            with self._begin() as conn:
                if self.engine.dialect.name == "sqlite":  # the write lock first: see _locked_count
                    conn.execute(
                        sa.text("UPDATE tables SET resigned = resigned WHERE id = :id"), {"id": table_id}
                    )
                recent = conn.execute(
                    sa.select(sa.func.count())
                    .select_from(chat_t)
                    .where(c.table_id == table_id, same, c.time > at - timedelta(seconds=window))
                ).scalar_one()
                if recent >= most:
                    return None
                res = conn.execute(
                    chat_t.insert().values(
                        table_id=table_id, seat=seat, name=name, text=text, time=at, moves=moves
                    )
                )
                row_id = res.inserted_primary_key[0]
                self._notify(conn, table_id)
        except IntegrityError:
            return None  # the table is gone
        return ChatRow(int(row_id), seat, name, text, at, moves)

    def chat(self, table_id: str, limit: int = 100) -> list[ChatRow]:
        c = chat_t.c
        q = sa.select(chat_t).where(c.table_id == table_id).order_by(c.id.desc()).limit(limit)
        with self._connect() as conn:
            rows = list(conn.execute(q).mappings())
        return [
            ChatRow(r["id"], r["seat"], r["name"], r["text"], _utc(r["time"]) or now(), r["moves"])
            for r in reversed(rows)
        ]

    # ---------------------------------------------------------------- analyses
    def get_analysis(self, key: AnalysisKey) -> dict[str, Any] | None:
        c = analyses_t.c
        q = sa.select(c.result).where(
            c.table_id == key.table_id,
            c.actions == key.actions,
            c.iterations == key.iterations,
            c.seed == key.seed,
            c.format == key.format,
        )
        with self._connect() as conn:
            got = conn.execute(q).scalar()
        return None if got is None else dict(got)

    def put_analysis(self, key: AnalysisKey, result: dict[str, Any]) -> None:
        """Kept once: a second copy (another server analysed it too) is the same, dropped."""
        try:
            with self._begin() as conn:
                conn.execute(
                    analyses_t.insert().values(
                        **dataclasses.asdict(key), result=result, created_at=self.now()
                    )
                )
        except IntegrityError:
            pass

    def _notify(self, conn: Connection, table_id: str) -> None:
        """Hook: announce a change to the other server processes (PostgreSQL)."""

    def _notify_on(self, cur: Any, table_id: str) -> None:
        """The same, on a DBAPI cursor of the hot path."""


class SqliteStore(SqlStore):
    """An SQLite file (or ``sqlite://``, in memory): one server process writes it."""

    def __init__(self, url: str) -> None:
        u = sa.engine.make_url(url)
        memory = u.database in (None, "", ":memory:")
        args: dict[str, Any] = {"connect_args": {"check_same_thread": False, "timeout": 30}}
        if memory:
            args["poolclass"] = sa.pool.StaticPool
        super().__init__(url, **args)
        # One connection shared by an in-memory database cannot run two transactions.
        self._memory_lock = threading.RLock() if memory else None
        # A file has one writer at a time: this process's writers queue here, in turn,
        # rather than in SQLite's busy handler, which sleeps 1 to 100 ms between tries and
        # let a write wait behind many others (issue 38: chat's p99 was 0.6–1.5 s).
        self._write_lock = threading.RLock()
        sa.event.listen(self.engine, "connect", _sqlite_pragmas)
        self._kept: OrderedDict[str, tuple[TableRow, list[ActionRow]]] = OrderedDict()
        self._kept_lock = threading.Lock()
        self._epoch = 0
        """Writes ended so far: a read kept only if none ended while it read."""
        self._only: set[str] | None = None
        """The tables the write under way changes, when that is known (:meth:`_written_as`)."""
        self._checkpointer: tuple[threading.Thread, threading.Event] | None = None
        self.checkpoints = 0
        """WAL checkpoints made by :meth:`start`'s thread."""

    def start(self, every: float = CHECKPOINT_SECONDS) -> None:
        """A file: checkpoint the WAL every ``every`` seconds in a thread of its own.

        Otherwise the commit that crosses SQLite's threshold checkpoints (and fsyncs) in
        the request that made it: tens to hundreds of milliseconds on a busy disk, the
        worst move latencies under load. A PASSIVE checkpoint waits for nobody; nothing
        changes for durability (commits are in the WAL either way). Stopped by :meth:`dispose`.
        """
        if self._memory_lock is not None or self._checkpointer is not None:
            return
        stop = threading.Event()

        def run() -> None:
            while not stop.wait(every):
                try:
                    with self.engine.connect() as conn:
                        conn.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")
                        self.checkpoints += 1
                except Exception:  # e.g. the database is busy or going away: next time
                    log.debug("WAL checkpoint failed", exc_info=True)

        thread = threading.Thread(target=run, name="muertos-wal-checkpoint", daemon=True)
        self._checkpointer = (thread, stop)
        thread.start()

    def dispose(self) -> None:
        if self._checkpointer is not None:
            thread, stop = self._checkpointer
            stop.set()
            thread.join(5)
            self._checkpointer = None
        super().dispose()

    def _begin(self) -> Any:
        return _Locked(self._memory_lock or self._write_lock, self.engine, self._forget)

    def _connect(self) -> Any:
        if self._memory_lock is not None:
            return _Locked(self._memory_lock, self.engine)
        return self.engine.connect()

    # ------------------------------------------------------- tables kept as read
    # One process writes the file, through :meth:`_begin`: a table read is kept until a write,
    # so a move reads nothing (the read of a table and its moves, three queries, was an eighth
    # of a move's cost, issue 36). Any write forgets every table kept, except a move and a
    # presence, which keep their tables with the change made: what they wrote is known exactly.

    def read(self, table_id: str) -> tuple[TableRow, list[ActionRow]] | None:
        with self._kept_lock:
            got = self._kept.get(table_id)
            epoch = self._epoch
            if got is not None:
                self._kept.move_to_end(table_id)
                return got
        got = super().read(table_id)
        if got is not None:
            with self._kept_lock:
                if self._epoch == epoch:  # no write ended meanwhile: this is the table as stored
                    self._kept[table_id] = got
                    while len(self._kept) > KEPT_TABLES:
                        self._kept.popitem(last=False)
        return got

    def _forget(self) -> None:
        """A write ended (under the write lock): forget the tables it may have changed."""
        with self._kept_lock:
            self._epoch += 1
            if self._only is None:
                self._kept.clear()
            for table_id in self._only or ():
                self._kept.pop(table_id, None)

    def _written_as(
        self,
        tables: set[str],
        write: Callable[[], _T],
        patch: Callable[[tuple[TableRow, list[ActionRow]], _T], tuple[TableRow, list[ActionRow]] | None],
    ) -> _T:
        """Run ``write``, a change of ``tables`` alone whose effect is known: each of them kept
        before it is kept after it as ``patch`` makes it (None: read it again)."""
        with self._memory_lock or self._write_lock:  # the write and what is kept of it, together
            with self._kept_lock:
                kept = {t: self._kept.pop(t) for t in tables if t in self._kept}
            self._only = tables
            try:
                out = write()
            finally:
                self._only = None
            with self._kept_lock:
                for table_id, got in kept.items():
                    after = patch(got, out)
                    if after is not None:
                        self._kept[table_id] = after
            return out

    def _move_written(
        self, table_id: str, finished: bool, plain: bool, write: Callable[[], ActionRow]
    ) -> ActionRow:
        def moved(
            got: tuple[TableRow, list[ActionRow]], row: ActionRow
        ) -> tuple[TableRow, list[ActionRow]] | None:
            if not plain:  # a fallback changes a seat: read it again
                return None
            t, actions = got
            after = dataclasses.replace(
                t, actions=t.actions + 1, finished_at=row.time if finished else t.finished_at
            )
            return after, [*actions, row]

        return self._written_as({table_id}, write, moved)

    def set_presence(self, seats: list[tuple[str, int, datetime]], announce: bool) -> None:
        """Presence is written every 20 s for every seat connected: it patches the tables kept."""
        until = {(t, s): u for t, s, u in seats}

        def marked(got: tuple[TableRow, list[ActionRow]], _: None) -> tuple[TableRow, list[ActionRow]]:
            t, actions = got
            marks = [
                dataclasses.replace(s, here_until=until[t.id, s.seat]) if (t.id, s.seat) in until else s
                for s in t.seats
            ]
            return dataclasses.replace(t, seats=marks), actions

        self._written_as(
            {t for t, _, _ in seats}, lambda: super(SqliteStore, self).set_presence(seats, announce), marked
        )


class PostgresStore(SqlStore):
    """A PostgreSQL database that several server processes share: each change is
    announced with NOTIFY on :data:`NOTIFY_CHANNEL`, and :meth:`listen` hears them."""

    shared = True

    def __init__(self, url: str) -> None:
        super().__init__(url, pool_pre_ping=True)

    def _before_migrating(self, conn: Connection) -> None:
        # Two servers starting together must not both create the tables.
        conn.execute(sa.text("SELECT pg_advisory_xact_lock(74657)"))

    def _notify(self, conn: Connection, table_id: str) -> None:
        conn.execute(sa.text("SELECT pg_notify(:ch, :id)"), {"ch": NOTIFY_CHANNEL, "id": table_id})

    def _notify_on(self, cur: Any, table_id: str) -> None:
        cur.execute(self._fast.notify, (NOTIFY_CHANNEL, table_id))

    async def listen(
        self, changed: Callable[[str], None], ready: Callable[[], None], lost: Callable[[], None]
    ) -> None:
        """LISTEN on a connection of its own, reconnecting with backoff; after a lost
        connection ``lost()`` says a NOTIFY may have been missed."""
        import psycopg

        url = self.engine.url.set(drivername="postgresql").render_as_string(hide_password=False)
        delay = 0.2
        while True:
            try:
                conn = await psycopg.AsyncConnection.connect(url, autocommit=True)
                async with conn:
                    await conn.execute(f"LISTEN {NOTIFY_CHANNEL}")
                    delay = 0.2
                    ready()
                    async for n in conn.notifies():
                        changed(n.payload)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.warning("lost the PostgreSQL listener; reconnecting", exc_info=True)
                lost()
                await asyncio.sleep(delay)
                delay = min(delay * 2, 5.0)


class _Locked:
    """``engine.begin()`` under a lock: an SQLite file's writers in turn, or every use of
    the single shared in-memory connection."""

    def __init__(
        self, lock: threading.RLock, engine: Engine, written: Callable[[], None] | None = None
    ) -> None:
        self.lock = lock
        self.engine = engine
        self.cm: Any = None
        self.written = written
        """Called as the transaction ends, committed or not, before the lock is released."""

    def __enter__(self) -> Connection:
        self.lock.acquire()
        try:
            self.cm = self.engine.begin()
            conn: Connection = self.cm.__enter__()
            return conn
        except BaseException:
            self.lock.release()
            raise

    def __exit__(self, *exc: Any) -> None:
        try:
            self.cm.__exit__(*exc)
        finally:
            try:
                if self.written is not None:
                    self.written()
            finally:
                self.lock.release()


class _FastPath:
    """The hot statements as plain SQL for one dialect, run on a DBAPI cursor.

    Values pass through the dialect's own SQLAlchemy type processors (SQLite keeps
    datetimes and JSON as text, booleans as integers), so rows read here are exactly
    those SQLAlchemy Core would return, and rows written here read back the same.
    """

    def __init__(self, dialect: Dialect) -> None:
        ph = "?" if dialect.paramstyle == "qmark" else "%s"
        self.table_sql = (
            "SELECT t.id, t.game, t.players, t.options, t.seed, t.created_at, t.finished_at,"
            " t.rematch_of, t.notices, t.clock, t.started_at, t.votes, t.resigned,"
            " (SELECT r.id FROM tables r WHERE r.rematch_of = t.id LIMIT 1),"
            " (SELECT count(*) FROM actions a WHERE a.table_id = t.id),"
            " (SELECT count(*) FROM chat c WHERE c.table_id = t.id)"
            f" FROM tables t WHERE t.id = {ph}"
        )
        self.seats_sql = (
            "SELECT seat, kind, agent, name, token_hash, claimed, bot_from, bot_why, here_until, notify_url,"
            " notify_email, notify_lang, notify_dropped, invite_hash FROM seats"
            f" WHERE table_id = {ph} ORDER BY seat"
        )
        self.actions_sql = (
            f'SELECT id, "index", seat, action, time FROM actions WHERE table_id = {ph} ORDER BY "index"'
        )
        # SQLite gives the new row's id as lastrowid (RETURNING needs SQLite 3.35).
        self.returning = dialect.name != "sqlite"
        # A move goes in only as the table's next: UNIQUE(table_id, index) refuses a taken
        # index, the count a gap (a move made for index n while an undo took n-1 back).
        # Nor into an ended table (a resignation), nor, for a person's move, at a seat
        # handed to a bot meanwhile (bot_from set: 0004).
        insert = (
            f'INSERT INTO actions (table_id, "index", seat, action, time) SELECT {ph}, {ph}, {ph}, {ph}, {ph}'
            f" WHERE (SELECT count(*) FROM actions WHERE table_id = {ph}) = {ph}"
            f" AND EXISTS (SELECT 1 FROM tables WHERE id = {ph} AND finished_at IS NULL)"
        )
        returning = " RETURNING id" if self.returning else ""
        self.insert_sql = insert + returning
        self.insert_person_sql = (
            insert
            + f" AND NOT EXISTS (SELECT 1 FROM seats WHERE table_id = {ph} AND seat = {ph} AND bot_from IS NOT NULL)"
            + returning
        )
        # PostgreSQL checks the count in a snapshot of its own: moves and undos of a table
        # first lock its row, so each sees the other's commit. SQLite has one writer.
        self.lock_sql = f"SELECT id FROM tables WHERE id = {ph} FOR UPDATE" if self.returning else None
        self.finish_sql = f"UPDATE tables SET finished_at = {ph} WHERE id = {ph}"
        self.agent_sql = f"UPDATE seats SET agent = {ph} WHERE table_id = {ph} AND seat = {ph}"
        self.notices_sql = f"UPDATE tables SET notices = {ph} WHERE id = {ph}"
        self.notify = f"SELECT pg_notify({ph}, {ph})"
        dbapi = dialect.loaded_dbapi
        self.integrity_error: type[Exception] = dbapi.IntegrityError

        def result(col: sa.Column[Any]) -> Any:
            return col.type.dialect_impl(dialect).result_processor(dialect, None) or (lambda v: v)

        def bind(col: sa.Column[Any]) -> Any:
            return col.type.dialect_impl(dialect).bind_processor(dialect) or (lambda v: v)

        self.options_out = result(tables_t.c.options)
        self.clock_out = result(tables_t.c.clock)
        self.notices_in = bind(tables_t.c.notices)
        self.time_out = result(actions_t.c.time)
        self.time_in = bind(actions_t.c.time)
        self.bool_out = result(seats_t.c.claimed)

    def table(self, cur: Any, table_id: str) -> TableRow | None:
        cur.execute(self.table_sql, (table_id,))
        r = cur.fetchone()
        if r is None:
            return None
        cur.execute(self.seats_sql, (table_id,))
        seats = [
            SeatRow(
                s[0],
                s[1],
                s[2],
                s[3],
                s[4],
                bool(self.bool_out(s[5])),
                s[6],
                s[7],
                _utc(self.time_out(s[8])),
                s[9],
                s[10],
                s[11],
                s[12],
                s[13],
            )
            for s in cur.fetchall()
        ]
        return TableRow(
            id=r[0],
            game=r[1],
            players=r[2],
            options=dict(self.options_out(r[3])),
            seed=int(r[4]),
            created_at=_utc(self.time_out(r[5])) or now(),
            finished_at=_utc(self.time_out(r[6])),
            rematch_of=r[7],
            notices=_notices(self.options_out(r[8])),
            clock=_json(self.clock_out(r[9])),
            started_at=_utc(self.time_out(r[10])),
            votes=_json(self.clock_out(r[11])),
            resigned=r[12],
            rematch=r[13],
            seats=seats,
            actions=int(r[14]),
            chats=int(r[15]),
        )

    def actions(self, cur: Any, table_id: str) -> list[ActionRow]:
        cur.execute(self.actions_sql, (table_id,))
        out = self.time_out
        return [ActionRow(a[0], a[1], a[2], a[3], _utc(out(a[4])) or now()) for a in cur.fetchall()]

    def insert_action(
        self, cur: Any, table_id: str, index: int, seat: int, action: str, t: datetime, by_bot: bool = False
    ) -> int | None:
        """The new row's id; None if ``index`` is not the table's next (or the table
        ended, or a person's seat went to a bot)."""
        if self.lock_sql is not None:
            cur.execute(self.lock_sql, (table_id,))
        values = (table_id, index, seat, action, self.time_in(t), table_id, index, table_id)
        if by_bot:
            cur.execute(self.insert_sql, values)
        else:
            cur.execute(self.insert_person_sql, (*values, table_id, seat))
        if not self.returning:
            return int(cur.lastrowid) if cur.rowcount == 1 else None
        got = cur.fetchone()
        return None if got is None else int(cast(tuple[Any, ...], got)[0])

    def finish(self, cur: Any, table_id: str, t: datetime) -> None:
        cur.execute(self.finish_sql, (self.time_in(t), table_id))

    def fall_back(self, cur: Any, table_id: str, f: Fallback) -> None:
        cur.execute(self.agent_sql, (f.agent, table_id, f.seat))
        cur.execute(self.notices_sql, (self.notices_in([list(n) for n in f.notices]), table_id))


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute("PRAGMA busy_timeout=30000")
    with contextlib.suppress(Exception):  # in-memory databases have no WAL; nothing to do
        cur.execute("PRAGMA journal_mode=WAL")  # readers never wait for the writer
        # With WAL, NORMAL syncs at checkpoints, not at every commit: a killed server loses
        # nothing (the WAL is in the OS's hands); only a power cut could lose the last moves.
        cur.execute("PRAGMA synchronous=NORMAL")
    cur.close()


def _seat_row(s: Any) -> SeatRow:
    return SeatRow(
        s["seat"],
        s["kind"],
        s["agent"],
        s["name"],
        s["token_hash"],
        bool(s["claimed"]),
        s["bot_from"],
        s["bot_why"],
        _utc(s["here_until"]),
        s["notify_url"],
        s["notify_email"],
        s["notify_lang"],
        s["notify_dropped"],
        s["invite_hash"],
    )


def _table_row(r: Any, seats: list[SeatRow], rematch: str | None, count: int, chats: int) -> TableRow:
    return TableRow(
        id=r["id"],
        game=r["game"],
        players=r["players"],
        options=dict(r["options"]),
        seed=int(r["seed"]),
        created_at=_utc(r["created_at"]) or now(),
        finished_at=_utc(r["finished_at"]),
        rematch_of=r["rematch_of"],
        rematch=rematch,
        seats=seats,
        actions=int(count),
        chats=int(chats),
        notices=_notices(r["notices"]),
        clock=_json(r["clock"]),
        started_at=_utc(r["started_at"]),
        votes=_json(r["votes"]),
        resigned=r["resigned"],
    )


def _json(raw: Any) -> dict[str, Any] | None:
    return dict(raw) if isinstance(raw, dict) and raw else None


def _notices(raw: Any) -> tuple[tuple[int, str], ...]:
    return tuple((int(i), str(text)) for i, text in (raw or ()))
