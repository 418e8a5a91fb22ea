"""Storage of the web table: what it keeps, and the contract every store keeps.

A table is stored as what fixes it completely — game, players, options, seed — plus its
seats and the list of actions; the game state is never stored, it is rebuilt with
``Game.replay``. A move is stored only as the table's next (its index is the number of
moves stored): of two moves for the same index exactly one is kept, and the other is
refused with :class:`Conflict`; nothing is ever half-written.

Three stores keep the :class:`Storage` contract, chosen by URL (:func:`open_store`):
``sqlite:///file.db`` (the default, ``sql.SqliteStore``), ``postgresql://…`` for several
server processes sharing tables (``sql.PostgresStore``, changes announced with NOTIFY),
and ``memory://`` (``memory.MemoryStore``: nothing survives the process; tests and demos).
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Protocol


class Conflict(Exception):
    """The database refused a change because another one got there first."""


def hash_token(token: str) -> str:
    """Tokens are long random strings, so one unsalted SHA-256 is enough to keep them secret."""
    return hashlib.sha256(token.encode()).hexdigest()


def now() -> datetime:
    return datetime.now(UTC)


PEOPLE = ("human", "open")
"""Seat kinds a person plays: ``human`` (invited: its link, opened once, gives the seat a
token of its own, ``Storage.take_invite``) and ``open`` (first come, first served: whoever
claims it first gets its token)."""


NOTIFY_WAYS = {"webhook": "notify_url", "email": "notify_email"}
"""The ways a seat's person is told it is their turn, and the seat's field for each."""


@dataclass(frozen=True)
class SeatRow:
    seat: int
    kind: str  # "human" | "open" | "bot"
    agent: str | None
    name: str
    token_hash: str | None
    claimed: bool
    bot_from: int | None = None
    """A person's seat handed to a bot: the number of moves made when it was (0004)."""
    bot_why: str | None = None
    """Why: ``timeout`` (time ran out), ``left`` (the person left the table)."""
    here_until: datetime | None = None
    """Presence (0006): the person has the table open until then (a live connection,
    renewed while it lasts); past it, they have been away since then."""
    notify_url: str | None = None
    """Turn messages (0007): the webhook its person is told at when it is their turn."""
    notify_email: str | None = None
    """Turn messages by e-mail (0008): the address its person is told at. Never shown to
    anyone but the seat itself."""
    notify_lang: str | None = None
    """The language the turn messages are written in (the person's when they set them)."""
    notify_dropped: str | None = None
    """``webhook`` or ``email``: that way failed every try and was dropped (the seat's
    page says so); cleared when the seat sets its messages again."""
    invite_hash: str | None = None
    """The hash of the seat's invite token once it was opened (0009): opening an invite
    gives the seat a token of its own (``token_hash``), and the invite then opens nothing
    but is known, so that it is refused as used."""


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
    notices: tuple[tuple[int, str], ...] = ()
    """Server notices, each shown in the log before the event of that index."""
    clock: dict[str, Any] | None = None
    """The time limit chosen at creation (``clocks.ClockSettings.to_json``); None: none."""
    started_at: datetime | None = None
    """When the last person's seat was taken: clocks run from then (``clocks.compute``)."""
    votes: dict[str, Any] | None = None
    """Choices about a seat whose time ran out: ``{"at": moves, "seat": s, "bot": [..],
    "wait": [..]}``, valid only while the table still has ``at`` moves."""
    resigned: int | None = None
    """The seat that resigned (a two-seat game), which ended the table."""
    chats: int | None = None
    """How many chat messages the table keeps, read with the row (None: not read). Messages
    are only ever added, so the count tells whether a copy of them is current."""


@dataclass(frozen=True)
class ActionRow:
    id: int
    index: int
    seat: int
    action: str
    time: datetime


@dataclass(frozen=True)
class Fallback:
    """A bot seat that now plays as a cheaper agent, and the notice that says so."""

    seat: int
    agent: str
    notices: tuple[tuple[int, str], ...]
    """The table's notices with the new one (one writer: the table's bot is to move)."""


@dataclass(frozen=True)
class NewSeat:
    kind: str
    agent: str | None
    name: str
    token_hash: str | None


@dataclass(frozen=True)
class AnalysisKey:
    """What fixes a finished game's analysis: the same key, the same verdicts."""

    table_id: str
    actions: int
    iterations: int
    seed: int
    format: int


@dataclass(frozen=True)
class ChatRow:
    """A message written at a table (0005): by a seat, or by a spectator (``seat`` None)."""

    id: int
    seat: int | None
    name: str
    text: str
    time: datetime
    moves: int
    """The moves made when it was written (the replay shows it at that step)."""


@dataclass(frozen=True)
class Handover:
    """A person's seat played by a bot from now on, and the notice that says so."""

    seat: int
    agent: str
    why: str
    notice: tuple[int, str]
    """(event index, text) appended to the table's notices."""


def table_status(t: TableRow) -> str:
    """``open``: a first-come seat is free (the lobby offers it); ``waiting``: an invited
    person has not opened their link yet; then ``in_progress`` and ``finished``."""
    if t.finished_at is not None:
        return "finished"
    if any(s.kind == "open" and not s.claimed for s in t.seats):
        return "open"
    if any(s.kind == "human" and not s.claimed for s in t.seats):
        return "waiting"
    return "in_progress"


def voted(old: dict[str, Any] | None, at: int, seat: int, voter: int, choice: str) -> dict[str, Any]:
    """The votes with ``voter``'s choice about ``seat`` at move ``at`` (one choice each;
    votes about another move or seat are dropped)."""
    if old is None or old.get("at") != at or old.get("seat") != seat:
        old = {"at": at, "seat": seat, "bot": [], "wait": []}
    out: dict[str, Any] = {
        "at": at,
        "seat": seat,
        "bot": [v for v in old["bot"] if v != voter],
        "wait": [v for v in old["wait"] if v != voter],
    }
    out[choice] = sorted([*out[choice], voter])
    return out


class Storage(Protocol):
    """What the table service needs of a store. Every method is synchronous and
    thread-safe (the async app calls them through ``asyncio.to_thread``)."""

    now: Callable[[], datetime]
    """The store's clock: the time it stamps moves and tables with (tests inject one)."""

    shared: bool
    """Whether other server processes may write the same tables: a process then learns
    of their changes from :meth:`listen`, and never trusts what it read before a write."""

    def migrate(self) -> None:
        """Bring the schema up to date (idempotent)."""

    def start(self) -> None:
        """Start background upkeep, if the store has any (stopped by :meth:`dispose`)."""

    def dispose(self) -> None: ...

    def listen(
        self, changed: Callable[[str], None], ready: Callable[[], None], lost: Callable[[], None]
    ) -> Coroutine[Any, Any, None]:
        """Until cancelled: call ``changed(table_id)`` for each change another process
        stored; ``ready`` once listening, ``lost`` when changes may have been missed."""
        ...

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
        """One write; :class:`Conflict` if the id is taken or the rematch exists already.
        A table without people's seats starts at once; otherwise :meth:`claim` starts it
        when the last person's seat is taken."""

    def get_table(self, table_id: str) -> TableRow | None: ...

    def read(self, table_id: str) -> tuple[TableRow, list[ActionRow]] | None:
        """A table and its actions, agreeing with each other."""

    def list_tables(self, status: str | None = None, limit: int = 100) -> list[TableRow]:
        """Newest first; ``status`` as ``tables.table_status`` names it."""

    def unfinished_ids(self) -> list[str]: ...

    def actions(self, table_id: str) -> list[ActionRow]: ...

    def ordered(self, table_id: str) -> threading.Lock:
        """The lock under which this process stores a change of the table and announces it."""

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
        """Store one move as the table's next, or :class:`Conflict`; ``announce`` gets the
        stored row first, under :meth:`ordered`. A ``fallback`` is stored with it. Also
        :class:`Conflict` when the table ended meanwhile (a resignation) or, for a person's
        move (not ``by_bot``), when the seat was handed to a bot meanwhile (``SeatRow.bot_from``)."""

    def delete_last(self, table_id: str, action_id: int, index: int) -> None:
        """Undo: remove exactly that action, only if it is still the last; else :class:`Conflict`."""

    def claim(self, table_id: str, seat: int, token_hash: str | None, must_be_unclaimed: bool) -> bool:
        """Mark a person's seat taken (with a new token hash if given); with
        ``must_be_unclaimed``, only if nobody took it first. Whether it changed."""

    def take_invite(self, table_id: str, seat: int, invite_hash: str, token_hash: str) -> bool:
        """Open an invite: only if the seat is unclaimed and its token is still the invite
        (``invite_hash``), mark it taken with the seat's own ``token_hash`` and keep the
        invite's hash as used (``SeatRow.invite_hash``), in one conditional write: of two
        servers opening the same invite, exactly one succeeds. Whether it changed."""

    def hand_to_bot(self, table_id: str, at: int, handover: Handover) -> bool:
        """Hand a person's seat to a bot, only if the table is unfinished, still has ``at``
        moves and the seat is still a person's: of two servers enforcing one deadline,
        exactly one succeeds. Clears the votes. Whether it changed."""

    def vote(self, table_id: str, at: int, seat: int, voter: int, choice: str) -> dict[str, Any] | None:
        """Record ``voter``'s choice (``bot`` or ``wait``) about ``seat`` while the table
        has ``at`` moves (earlier choices, about another move, are dropped); the votes
        now, or None if the table moved on or ended."""

    def resign(self, table_id: str, at: int, seat: int) -> bool:
        """End the unfinished table at ``at`` moves, ``seat`` resigning. Whether it did."""

    def delete_unstarted(self, table_id: str) -> bool:
        """Delete a table no move was made at (a cancelled table). Whether it did."""

    def timed_ids(self) -> list[str]:
        """Unfinished, started tables with a clock: those whose deadlines may pass."""

    def add_chat(
        self, table_id: str, seat: int | None, name: str, text: str, moves: int, most: int, window: float
    ) -> ChatRow | None:
        """Keep a message; None (nothing kept) when ``seat`` (None: the spectators, all
        together) wrote ``most`` messages in the last ``window`` seconds already."""

    def chat(self, table_id: str, limit: int = 100) -> list[ChatRow]:
        """The table's last ``limit`` messages, oldest first."""

    def set_notify(
        self, table_id: str, seat: int, url: str | None, email: str | None = None, lang: str | None = None
    ) -> bool:
        """Set a seat's turn messages: its webhook, its e-mail address (None: not that way;
        both None: stop) and the language they are written in; clears ``notify_dropped``.
        Whether the seat exists."""

    def drop_notify(self, table_id: str, seat: int, way: str, value: str) -> bool:
        """After every try failed: stop the seat's messages that ``way`` (``webhook``,
        ``email``) if it is still ``value``, and mark it dropped. Whether it did."""

    def claim_turn_message(self, table_id: str, seat: int, moves: int) -> bool:
        """Mark ``seat`` told about the table's move ``moves``, only if it was not yet: of
        several servers, exactly one gets True and sends the message."""

    def set_presence(self, seats: list[tuple[str, int, datetime]], announce: bool) -> None:
        """Set ``here_until`` of every ``(table, seat, until)`` of ``seats`` in one
        transaction; ``announce``: tell the other servers of each table (people came or
        went), not for a mere renewal."""

    def get_analysis(self, key: AnalysisKey) -> dict[str, Any] | None:
        """A stored analysis (its JSON), or None."""

    def put_analysis(self, key: AnalysisKey, result: dict[str, Any]) -> None:
        """Keep an analysis; one already kept under the key stays."""


class Stripes:
    """Locks by table: this process stores and announces a table's changes in order."""

    def __init__(self, n: int = 64) -> None:
        self._locks = [threading.Lock() for _ in range(n)]

    def ordered(self, table_id: str) -> threading.Lock:
        return self._locks[hash(table_id) % len(self._locks)]


def open_store(url: str, clock: Callable[[], datetime] | None = None) -> Storage:
    """The store a URL names: ``sqlite:///file.db``, ``sqlite://`` (in memory),
    ``postgresql://user@host/db`` or ``memory://``; ``clock`` replaces the real time
    (tests move time without waiting)."""
    store: Storage
    if url == "memory://":
        from .memory import MemoryStore

        store = MemoryStore()
    else:
        from .sql import PostgresStore, SqliteStore, backend

        kind = backend(url)
        if kind == "sqlite":
            store = SqliteStore(url)
        elif kind == "postgresql":
            store = PostgresStore(url)
        else:
            raise ValueError(f"no store for {url!r}: use sqlite:///file.db, postgresql://… or memory://")
    if clock is not None:
        store.now = clock
    return store


__all__ = [
    "PEOPLE",
    "ActionRow",
    "AnalysisKey",
    "ChatRow",
    "Conflict",
    "Fallback",
    "Handover",
    "NewSeat",
    "SeatRow",
    "Storage",
    "Stripes",
    "TableRow",
    "hash_token",
    "now",
    "open_store",
    "table_status",
    "voted",
]
