"""Storage of the web table: SQLAlchemy 2 Core over SQLite (default) or PostgreSQL.

A table is stored as what fixes it completely — game, players, options, seed — plus its
seats and the list of actions; the game state is never stored, it is rebuilt with
``Game.replay``. Each move is one transaction inserting one ``actions`` row, and the
UNIQUE(table_id, index) constraint decides races: of two moves for the same index,
the database keeps exactly one and the other surfaces as :class:`Conflict`.

The schema is owned by Alembic migrations (``migrations/``) that :meth:`Store.migrate`
runs at start-up; Alembic's own ``alembic_version`` table records the revision.
"""

from __future__ import annotations

import contextlib
import hashlib
import threading
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError

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
)


class Conflict(Exception):
    """The database refused a change because another one got there first."""


def hash_token(token: str) -> str:
    """Tokens are long random strings, so one unsalted SHA-256 is enough to keep them secret."""
    return hashlib.sha256(token.encode()).hexdigest()


def now() -> datetime:
    return datetime.now(UTC)


def _utc(t: datetime | None) -> datetime | None:
    """SQLite hands back naive datetimes; everything here is stored in UTC."""
    if t is None or t.tzinfo is not None:
        return t
    return t.replace(tzinfo=UTC)


@dataclass(frozen=True)
class SeatRow:
    seat: int
    kind: str  # "human" | "bot"
    agent: str | None
    name: str
    token_hash: str | None
    claimed: bool


@dataclass(frozen=True)
class TableRow:
    id: str
    game: str
    players: int
    options: dict[str, Any]
    seed: int
    created_at: datetime
    finished_at: datetime | None
    rematch_of: str | None
    rematch: str | None
    seats: list[SeatRow] = field(default_factory=list)
    actions: int = 0


@dataclass(frozen=True)
class ActionRow:
    id: int
    index: int
    seat: int
    action: str
    time: datetime


@dataclass(frozen=True)
class NewSeat:
    kind: str
    agent: str | None
    name: str
    token_hash: str | None


def normalize_url(url: str) -> str:
    """``postgresql://`` means psycopg 3 here (SQLAlchemy would otherwise pick psycopg2)."""
    if url.startswith("postgresql://") or url.startswith("postgres://"):
        return "postgresql+psycopg://" + url.split("://", 1)[1]
    return url


class Store:
    """All database access of the server; every method is synchronous and thread-safe
    (the async app calls it through ``asyncio.to_thread``)."""

    def __init__(self, url: str) -> None:
        self.url = normalize_url(url)
        u = sa.engine.make_url(self.url)
        self.is_postgres = u.get_backend_name() == "postgresql"
        self.is_sqlite = u.get_backend_name() == "sqlite"
        kwargs: dict[str, Any] = {}
        if self.is_sqlite:
            kwargs["connect_args"] = {"check_same_thread": False, "timeout": 30}
            if u.database in (None, "", ":memory:"):
                kwargs["poolclass"] = sa.pool.StaticPool
        else:
            kwargs["pool_pre_ping"] = True
        self.engine: Engine = sa.create_engine(self.url, **kwargs)
        # One connection shared by an in-memory SQLite database cannot run two transactions.
        self._memory_lock = threading.RLock() if kwargs.get("poolclass") is sa.pool.StaticPool else None
        if self.is_sqlite:
            sa.event.listen(self.engine, "connect", _sqlite_pragmas)

    # ---------------------------------------------------------------- schema
    def migrate(self) -> None:
        """Bring the schema to the newest Alembic revision (idempotent; safe with two servers)."""
        from alembic import command
        from alembic.config import Config

        cfg = Config()
        cfg.set_main_option("script_location", str(Path(__file__).parent / "migrations"))
        with self.engine.begin() as conn:
            if self.is_postgres:
                # Two servers starting together must not both create the tables.
                conn.execute(sa.text("SELECT pg_advisory_xact_lock(74657)"))
            cfg.attributes["connection"] = conn
            command.upgrade(cfg, "head")

    def revision(self) -> str | None:
        with self.engine.connect() as conn:
            try:
                return conn.execute(sa.text("SELECT version_num FROM alembic_version")).scalar()
            except sa.exc.DBAPIError:
                return None

    def dispose(self) -> None:
        self.engine.dispose()

    def _begin(self) -> Any:
        if self._memory_lock is not None:
            return _Locked(self._memory_lock, self.engine)
        return self.engine.begin()

    def _connect(self) -> Any:
        if self._memory_lock is not None:
            return _Locked(self._memory_lock, self.engine)
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
    ) -> None:
        """One transaction; :class:`Conflict` if the id is taken or the rematch exists already."""
        try:
            with self._begin() as conn:
                conn.execute(
                    tables_t.insert().values(
                        id=table_id,
                        game=game,
                        players=players,
                        options=options,
                        seed=seed,
                        created_at=now(),
                        rematch_of=rematch_of,
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
            row = conn.execute(_GET_TABLE, {"tid": table_id}).mappings().first()
            if row is None:
                return None
            seats = conn.execute(
                sa.select(seats_t).where(seats_t.c.table_id == table_id).order_by(seats_t.c.seat)
            ).mappings()
            return _table_row(row, [_seat_row(s) for s in seats], row["rematch"], row["n_actions"])

    def list_tables(self, status: str | None = None, limit: int = 100) -> list[TableRow]:
        """Newest first. ``status``: open (a human seat unclaimed), in_progress, finished."""
        unclaimed = (
            sa.select(seats_t.c.seat)
            .where(
                seats_t.c.table_id == tables_t.c.id, seats_t.c.kind == "human", seats_t.c.claimed.is_(False)
            )
            .exists()
        )
        count = (
            sa.select(sa.func.count())
            .select_from(actions_t)
            .where(actions_t.c.table_id == tables_t.c.id)
            .scalar_subquery()
        )
        q = sa.select(tables_t, count.label("n_actions"))
        if status == "finished":
            q = q.where(tables_t.c.finished_at.is_not(None))
        elif status == "open":
            q = q.where(tables_t.c.finished_at.is_(None), unclaimed)
        elif status == "in_progress":
            q = q.where(tables_t.c.finished_at.is_(None), ~unclaimed)
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
            return [_table_row(r, seats[r["id"]], rematches.get(r["id"]), r["n_actions"]) for r in rows]

    def unfinished_ids(self) -> list[str]:
        with self._connect() as conn:
            return list(
                conn.execute(sa.select(tables_t.c.id).where(tables_t.c.finished_at.is_(None))).scalars()
            )

    # ---------------------------------------------------------------- actions
    def actions(self, table_id: str) -> list[ActionRow]:
        with self._connect() as conn:
            rows = conn.execute(
                sa.select(actions_t).where(actions_t.c.table_id == table_id).order_by(actions_t.c.index)
            ).mappings()
            return [
                ActionRow(r["id"], r["index"], r["seat"], r["action"], _utc(r["time"]) or now()) for r in rows
            ]

    def append(self, table_id: str, index: int, seat: int, action: str, finished: bool) -> ActionRow:
        """Store one move in one transaction; :class:`Conflict` if ``index`` is taken.
        Returns the stored row (its time is also the table's end when ``finished``)."""
        t = now()
        try:
            with self._begin() as conn:
                res = conn.execute(
                    actions_t.insert().values(
                        table_id=table_id, index=index, seat=seat, action=action, time=t
                    )
                )
                if finished:
                    conn.execute(tables_t.update().where(tables_t.c.id == table_id).values(finished_at=t))
                self._notify(conn, table_id)
        except IntegrityError as e:
            raise Conflict(f"move {index + 1} of table {table_id} was recorded by someone else first") from e
        return ActionRow(int(res.inserted_primary_key[0]), index, seat, action, t)

    def delete_last(self, table_id: str, action_id: int, index: int) -> None:
        """Undo: remove exactly that action row, only if it is still the table's last."""
        try:
            self._delete_last(table_id, action_id, index)
        except sa.exc.OperationalError as e:  # SQLite: a writer got in between our read and write
            raise Conflict(f"the table changed meanwhile ({e.orig})") from None

    def _delete_last(self, table_id: str, action_id: int, index: int) -> None:
        with self._begin() as conn:
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
            conn.execute(tables_t.update().where(tables_t.c.id == table_id).values(finished_at=None))
            self._notify(conn, table_id)

    # ---------------------------------------------------------------- seats
    def claim(self, table_id: str, seat: int, token_hash: str | None, must_be_unclaimed: bool) -> bool:
        """Mark a human seat as taken (and give it a new token hash, when one is given).

        With ``must_be_unclaimed`` the update only happens if nobody took the seat first,
        so two people racing for one open seat cannot both get it.
        """
        cond = [seats_t.c.table_id == table_id, seats_t.c.seat == seat, seats_t.c.kind == "human"]
        if must_be_unclaimed:
            cond.append(seats_t.c.claimed.is_(False))
        values: dict[str, Any] = {"claimed": True}
        if token_hash is not None:
            values["token_hash"] = token_hash
        with self._begin() as conn:
            res = conn.execute(seats_t.update().where(*cond).values(**values))
            if res.rowcount == 1:
                self._notify(conn, table_id)
            return bool(res.rowcount == 1)

    def _notify(self, conn: Connection, table_id: str) -> None:
        if self.is_postgres:
            conn.execute(sa.text("SELECT pg_notify(:ch, :id)"), {"ch": NOTIFY_CHANNEL, "id": table_id})


class _Locked:
    """``engine.begin()`` under a lock, for the single shared in-memory SQLite connection."""

    def __init__(self, lock: threading.RLock, engine: Engine) -> None:
        self.lock = lock
        self.engine = engine
        self.cm: Any = None

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
            self.lock.release()


_rematch_t = tables_t.alias("rematch_t")
_GET_TABLE = sa.select(
    tables_t,
    sa.select(_rematch_t.c.id)
    .where(_rematch_t.c.rematch_of == tables_t.c.id)
    .limit(1)
    .scalar_subquery()
    .label("rematch"),
    sa.select(sa.func.count())
    .select_from(actions_t)
    .where(actions_t.c.table_id == tables_t.c.id)
    .scalar_subquery()
    .label("n_actions"),
).where(tables_t.c.id == sa.bindparam("tid"))
"""A table with its rematch's id and its number of moves, in one query."""


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
    return SeatRow(s["seat"], s["kind"], s["agent"], s["name"], s["token_hash"], bool(s["claimed"]))


def _table_row(r: Any, seats: list[SeatRow], rematch: str | None, count: int) -> TableRow:
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
    )
