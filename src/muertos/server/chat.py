"""Chat at the table (issue 38, item 7): seats and spectators write short messages.

A message is only what its writer typed, their seat (or none: a spectator) and a name:
a seat's name is the table's, a spectator's the one they give (checked as seat names
are). The server adds nothing else, so chat never carries what a seat may not know.
Messages are stored with the table (``Storage.add_chat``) with the number of moves made
when they were written, so the replay shows each at its step; they reach the table's
subscribers as the table's payload does (``TableOut.chat``), on every server.

Limits: :data:`MAX_TEXT` characters, no control or direction-override characters (as
for names), and a rate counted from the stored messages: :data:`RATE` for each seat,
:data:`SPECTATOR_RATE` for all the spectators of a table together.
"""

from __future__ import annotations

import asyncio
import unicodedata
from typing import Annotated

from fastapi import APIRouter, Body, Query
from pydantic import BaseModel, ConfigDict, Field

from .errors import Invalid, TableError, TooMany
from .routes import Lang, SeatToken, Service
from .schemas import ERRORS, ChatOut, TableId
from .storage import ChatRow, TableRow
from .tables import MAX_NAME, TableService, _unprintable, chat_out

MAX_TEXT = 300
"""Characters of a message."""
RATE = (5, 10.0)
"""A seat may write at most this many messages in this many seconds."""
SPECTATOR_RATE = (10, 10.0)
"""All the spectators of a table together."""
KEPT = 100
"""The last messages a table's payload carries."""


class ChatRefused(TableError):
    section = "chat.api"


class ChatInvalid(ChatRefused, Invalid):
    """422: a message that cannot be kept as written."""


class ChatTooMany(ChatRefused, TooMany):
    """429: too many messages just now."""


def check_text(text: str, what: str = "text", most: int = MAX_TEXT) -> str:
    """A message (or a spectator's name) as typed, trimmed; :class:`ChatInvalid` if empty,
    too long or holding a character that could hide or reorder the text around it."""
    out = text.strip()
    if not out and what == "text":
        raise ChatInvalid("bad_chat", "empty")
    bad = next((ch for ch in out if _unprintable(ch)), None)
    if bad is not None:
        raise ChatInvalid(
            "bad_chat", "unprintable", char=f"U+{ord(bad):04X} {unicodedata.name(bad, 'unnamed')}"
        )
    if len(out) > most:
        raise ChatInvalid("bad_chat", "too_long" if what == "text" else "name_too_long", most=most)
    return out


def post(
    service: TableService, table_id: str, token: str | None, text: str, name: str | None
) -> tuple[TableRow, ChatRow]:
    """Keep a message of the token's seat, or of a spectator (no token); returns the
    table it was written at, with the message."""
    seen = service.writes(table_id)  # before the read: see TableService.chat_added
    lo = service.load(table_id, None)  # with its moves: subscribers are given the table
    t = lo.table
    seat = service.seat_of(t, token)  # a wrong token is refused (403), not taken for a spectator
    text = check_text(text)
    if seat is None:
        name = check_text(name or "", "name", MAX_NAME)
        most, window = SPECTATOR_RATE
    else:
        name = t.seats[seat].name
        most, window = RATE
    with service.store.ordered(t.id):
        row = service.store.add_chat(t.id, seat, name, text, t.actions, most, window)
        if row is not None:
            service.chat_added(lo, seen, row)
    if row is None:
        service.table(table_id)  # gone meanwhile: 404
        raise ChatTooMany("chat_rate", "rate", most=most, seconds=f"{window:g}")
    return t, row


class ChatIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    text: str = Field(max_length=MAX_TEXT * 2, description=f"at most {MAX_TEXT} characters once trimmed")
    name: str | None = Field(
        None, max_length=MAX_NAME * 2, description="a spectator's name (seats write as their seat)"
    )


router = APIRouter()


@router.post(
    "/api/tables/{table_id}/chat", response_model=ChatOut, status_code=201, responses=ERRORS, tags=["chat"]
)
async def write(
    service: Service, table_id: TableId, body: Annotated[ChatIn, Body()], token: SeatToken, lang: Lang
) -> ChatOut:
    """Write a message at the table: as your seat (its token), else as a spectator."""
    t, row = await asyncio.to_thread(post, service, table_id, token, body.text, body.name)
    return chat_out(t, [row], lang)[0]


@router.get("/api/tables/{table_id}/chat", response_model=list[ChatOut], responses=ERRORS, tags=["chat"])
async def read(
    service: Service, table_id: TableId, lang: Lang, limit: Annotated[int, Query(ge=1, le=500)] = KEPT
) -> list[ChatOut]:
    """The table's last messages, oldest first (the same for everyone)."""
    t = await asyncio.to_thread(service.table, table_id)
    rows = await asyncio.to_thread(service.store.chat, t.id, limit)
    return chat_out(t, rows, lang)
