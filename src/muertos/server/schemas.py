"""The shapes of the web table's API: request bodies and responses (the only ones:
routes return these models, and the OpenAPI document at /openapi.json is made of them)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import Path as PathParam
from pydantic import BaseModel, ConfigDict, Field

MAX_SEED = (1 << 63) - 1
"""A table's seed fits a signed 64-bit column."""

TableId = Annotated[str, PathParam(min_length=1, max_length=32, pattern=r"^[A-Za-z0-9_-]+$")]


class ErrorOut(BaseModel):
    detail: str = Field(description="for people, in the reader's language (?lang=, Accept-Language)")
    code: str = Field(description="stable, for programs: not_found, malformed, illegal_action …")
    errors: list[dict[str, Any]] | None = Field(
        None, description="a malformed request's problems (loc, msg, type), for programs"
    )


class OptionOut(BaseModel):
    name: str
    label: str = Field("", description="the option's name as words, in the reader's language")
    type: Literal["bool", "int", "str"]
    default: bool | int | str
    help: str
    choices: list[bool | int | str] | None
    minimum: int | None = Field(None, description="an integer option's smallest value")
    maximum: int | None = Field(None, description="an integer option's largest value")


class GameOut(BaseModel):
    id: str
    title: str
    summary: str
    min_players: int
    max_players: int
    hidden_information: bool
    options: list[OptionOut]


class SeatIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    kind: Literal["human", "open", "bot"] = Field(
        description="human: an invited person (only the seat's invite link opens it); "
        "open: first come, first served from the lobby; bot: a bot on the server"
    )
    agent: str | None = Field(
        None, max_length=64, description="bot seats only: random, greedy, ismcts:0.5s, ismcts:2000 …"
    )
    name: str | None = Field(
        None, max_length=40, description="display name (no control or direction-override characters)"
    )


class ClockIn(BaseModel):
    """A time limit (issue 38); the numbers are checked again, with their ranges, by
    ``clocks.check_clock``."""

    model_config = ConfigDict(extra="forbid")
    mode: Literal["none", "live", "turn"] = Field(
        description="none; live: a bank per person plus an increment a move; turn: a time per move"
    )
    bank: float | None = Field(None, description="live: seconds of each person's bank (10–10800)")
    increment: float | None = Field(None, description="live: seconds added after each move (0–600)")
    cap: float | None = Field(None, description="live: the most a bank may hold, in seconds")
    per_move: float | None = Field(None, description="turn: seconds a move may take (3600–1209600)")


class CreateIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: str = Field(max_length=64, description="a game id from GET /api/games")
    players: int | None = Field(None, ge=1, le=16, description="defaults to the number of seats")
    options: dict[str, bool | int | str] = Field(default_factory=dict, max_length=32)
    seats: list[SeatIn] | None = Field(None, min_length=1, max_length=16, description="default: all human")
    seed: int | None = Field(
        None, ge=0, le=MAX_SEED, description="for repeatable tables of one person and bots; secret"
    )
    clock: ClockIn | None = Field(
        None, description="the time limit; default: the server's (none for a table of one person and bots)"
    )


class ActionIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    action: str = Field(min_length=1, max_length=200, description="in the game's notation, e.g. 'take 3'")
    index: int | None = Field(
        None, ge=0, description="the number of moves the client has seen: a stale one is refused with 409"
    )
    seat: int | None = Field(
        None, ge=0, le=15, description="optional check: the seat (0-based) the token must be"
    )


class UndoIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    index: int = Field(
        ge=0,
        description="the move to take back (0-based: the table's moves less one); refused with 409 "
        "once it is no longer the table's last, so a request sent twice takes back one move",
    )


class PlayIn(ActionIn):
    """A move sent on the table's WebSocket: ``{"type": "play", "action": …, "index": …}``,
    the fields of ``POST /api/tables/{id}/actions`` for the socket's own seat (issue 36)."""

    type: Literal["play"]


class SeatOut(BaseModel):
    seat: int
    kind: str
    agent: str | None
    name: str
    claimed: bool
    bot_from: int | None = Field(None, description="a person's seat played by a bot from this move on")
    bot_why: str | None = Field(None, description="why: timeout (time ran out) or left")
    here: bool | None = Field(None, description="its person has the table open now (null: a bot)")
    away_since: str | None = Field(None, description="if not here: since when (null: never seen)")


class TableSummary(BaseModel):
    id: str
    game: str
    title: str
    players: int
    options: dict[str, Any]
    status: Literal["open", "waiting", "in_progress", "finished"]
    created_at: str
    finished_at: str | None
    moves: int
    rematch: str | None
    rematch_of: str | None
    seats: list[SeatOut]
    time_limit: dict[str, Any] | None = Field(None, description="the clock settings, null: none")
    resigned: int | None = Field(None, description="the seat that resigned, which ended the game")


class ChatOut(BaseModel):
    id: int
    seat: int | None = Field(description="the writer's seat; null: a spectator")
    name: str = Field(description="the seat's name, or the name a spectator gave (may be empty)")
    text: str = Field(description="as written: show it as text, never as markup")
    time: str
    moves: int = Field(description="moves made when it was written: the replay shows it at that step")


class VotesOut(BaseModel):
    seat: int = Field(description="the seat whose time ran out")
    bot: list[int] = Field(description="seats that chose to hand it to a bot")
    wait: list[int] = Field(description="seats that chose to wait")


class ClockOut(BaseModel):
    mode: Literal["live", "turn"]
    now: str = Field(description="the server's time the clocks were read at: the browser only draws")
    remaining: list[float | None] = Field(description="seconds left per seat at `now`; null: a bot")
    running: int | None = Field(description="the seat whose clock runs")
    deadline: str | None
    expired: bool = Field(description="the running seat's time ran out")
    auto_bot_at: str | None = Field(description="turn-based: when the seat passes to a bot by itself")
    voters: list[int] = Field(description="the people who may choose about a seat whose time ran out")
    votes: VotesOut | None


class TableOut(TableSummary):
    you: int | None = Field(description="the caller's seat (0-based), null for a spectator")
    view: dict[str, Any] = Field(description="state.view(you): all that seat may know")
    log: list[str]
    events: int
    can_undo: bool
    clock: ClockOut | None = None
    can_leave: bool = False
    can_resign: bool = False
    can_cancel: bool = False
    chat: list[ChatOut] = Field(default_factory=list, description="the table's last messages, oldest first")
    last_move_at: str | None = Field(None, description="when the last move was made (null: none yet)")
    last_mover: int | None = Field(
        None,
        description="the seat that made the last move (null: none yet); with a live update's new"
        " events, all a page needs to show that move",
    )


class VoteIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    choice: Literal["bot", "wait"]
    index: int = Field(ge=0, le=100_000, description="the moves the client has seen: a stale one is refused")


class InviteOut(BaseModel):
    seat: int
    name: str
    token: str
    url: str


class CreatedOut(BaseModel):
    id: str
    url: str
    creator_token: str | None = Field(description="seat 1's token, when seat 1 is human")
    invites: list[InviteOut]
    table: TableSummary


class EventOut(BaseModel):
    kind: str
    text: str


class ActedOut(BaseModel):
    index: int
    events: list[EventOut]
    table: TableOut


class ClaimOut(BaseModel):
    seat: int
    token: str
    url: str


class JoinOut(ClaimOut):
    """A seat's link opened: the seat's own token and link (an invite's, given once)."""

    joined: bool = Field(description="this opened the seat's invite: the invite opens nothing any more")


class RematchOut(BaseModel):
    id: str
    url: str
    created: bool


class LogOut(BaseModel):
    seat: int | None
    lines: list[str]


class CategoryOut(BaseModel):
    key: str = Field(description="stable across languages: lit_portraits, marigolds …")
    label: str
    points: float


class SeatResultOut(BaseModel):
    seat: int
    score: float
    categories: list[CategoryOut] = Field(description="the same rows for every seat; they sum to score")


class TieBreakOut(BaseModel):
    score: float = Field(description="the best score, shared by the seats in tied")
    tied: list[int]
    decided_by: list[str] = Field(description="keys of the tie-breaks that narrowed the tie, in order")
    winners: list[int]
    text: str = Field(description='"Tied on 54: most lit portraits decides."')


class RatingOut(BaseModel):
    key: str
    label: str = Field(description='the verdict: "Tier 90–109", "A good score"')
    text: str = Field(description="the rulebook's words for it")


class ResultOut(BaseModel):
    over: bool
    scores: list[float] | None
    winners: list[int]
    names: list[str]
    seats: Annotated[
        list[SeatResultOut] | None, Field(description="each seat's points by category, once the game is over")
    ] = None
    tie_break: Annotated[TieBreakOut | None, Field(description="how a tie on the best score was settled")] = (
        None
    )
    rating: Annotated[
        RatingOut | None, Field(description="a solo game's rating of the score by the rulebook")
    ] = None
    resigned: Annotated[int | None, Field(description="the seat that resigned: the other seat won")] = None
    bots_from: Annotated[
        dict[int, int] | None,
        Field(description="seats played by a bot from move N (N+1 as people count), by seat"),
    ] = None


class ReplayOut(BaseModel):
    step: int
    steps: int
    seat: int | None
    view: dict[str, Any]
    events: list[EventOut]
    mover: int | None
    chat: list[ChatOut] = Field(default_factory=list, description="the messages written at this step")


class AgentsOut(BaseModel):
    bots: list[str]
    max_seconds: float
    max_iterations: int


ERRORS: dict[int | str, dict[str, Any]] = {
    400: {"model": ErrorOut, "description": "illegal action"},
    403: {"model": ErrorOut, "description": "token missing, wrong or for another seat"},
    404: {"model": ErrorOut, "description": "unknown table, seat or step"},
    409: {"model": ErrorOut, "description": "not your turn, game over, stale index, lost race, undo refused"},
    413: {"model": ErrorOut, "description": "request body over the limit"},
    422: {"model": ErrorOut, "description": "malformed body or parameters"},
    429: {"model": ErrorOut, "description": "too many chat messages just now"},
}
