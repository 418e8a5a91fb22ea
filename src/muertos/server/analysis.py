"""The web table's post-game analysis and hints (issue 20): the routes, the jobs, the cache.

An analysis judges every decision of a finished game with the search of
:mod:`muertos.analysis`, which takes seconds a decision: far too long for a request, and
CPU-bound. So a job is cut into its decisions, each judged in a bot worker process
(:meth:`BotScheduler.submit`) and queued among the tables' bot moves: live play waits at
most one decision, and a long game's analysis (minutes) reports its progress as it goes.
A job has a hard time limit (:data:`JOB_SECONDS`); each decision the deadline of a bot move
of its budget. The result is kept in the database under what fixes it
(:class:`~muertos.server.storage.AnalysisKey`), so it is computed once and survives a restart.

Privacy: a decision's candidates name moves a seat could have made, which may show what it
held. An analysis is served only once the game is over (to anyone who may watch the
table); a hint only to the seat to move, by its token, at a table where every other seat
is a bot (a hint against people would be a second player at your side).
"""

from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import dataclass, field
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Body, Query, Request
from pydantic import BaseModel

from muertos.analysis import (
    DEEP_ITERATIONS,
    DEFAULT_ITERATIONS,
    HINT_ITERATIONS,
    Budget,
    Judgement,
    analyze_position,
    decision_seed,
)
from muertos.analysis.record import Step, assemble, seats_of, steps_of, to_judge
from muertos.engine import FORMAT, State
from muertos.match import MatchRecord

from .bots import MOVE_MARGIN, BotFailed, BotScheduler, Position, Worker
from .errors import NotAllowed, NotNow, TableError
from .routes import Lang, SeatToken
from .schemas import ERRORS, TableId
from .storage import AnalysisKey, Storage
from .tables import Loaded, TableService, seat_names

log = logging.getLogger("muertos.server")

ANALYSIS_SEED = 0
"""Every table is analysed with the same seed: the same game gives the same verdicts."""
JOB_SECONDS = 3600.0
"""The hard limit of one analysis job: a long game at the deep budget fits, a runaway does not."""
MAX_JOBS = 8
"""Analyses queued or running at once; more are refused until one ends."""
MAX_FAILED = 64
"""Failed analyses whose reason this process keeps to tell (the oldest forgotten first)."""
HINT_SECONDS = 5.0
"""A hint's search stops after this long, whatever its budget."""
HINT_WAIT = 60.0
"""Seconds a hint request waits for a worker (they may all be busy) and its answer."""


class Refused(NotNow):
    """The table is not in a state this asks for (a game not over, not your turn)."""

    section = "analysis.api"


class Forbidden(NotAllowed):
    """Not for the caller: a hint without a seat, or at a table with people."""

    section = "analysis.api"


class AnalysisIn(BaseModel):
    deep: bool = False


class AnalysisOut(BaseModel):
    """A table's analysis: ``none`` asked yet, ``queued``, ``running`` (``done`` of ``total``
    decisions judged), ``done`` (with ``analysis``, :meth:`muertos.analysis.Analysis.to_json`)
    or ``failed`` (``detail`` says why)."""

    status: Literal["none", "queued", "running", "done", "failed"]
    deep: bool
    iterations: int
    done: int = 0
    total: int = 0
    detail: str | None = None
    analysis: dict[str, Any] | None = None


class HintOut(BaseModel):
    """The move the search suggests to the seat to move, and its value for that seat (win
    share, or expected score solo), after ``moves`` moves."""

    action: str
    value: float
    units: Literal["win_share", "score"]
    moves: int
    iterations: int


@dataclass(frozen=True)
class JudgeTask(Position):
    """One decision for a bot worker: the position (the worker's cache of positions serves
    it as it serves bot moves), the seat, the move made, the search's budget and seed."""

    seat: int
    action: str | None
    iterations: int
    seconds: float
    search_seed: int

    def run(self, state: State) -> Judgement:
        budget = Budget(self.iterations, self.seconds)
        return analyze_position(state, self.seat, budget, self.search_seed, self.action)

    @property
    def deadline(self) -> float:
        """As a bot move's: past its time cap by half and a margin, the worker is killed."""
        return self.seconds * 1.5 + MOVE_MARGIN


@dataclass
class Job:
    """One game's analysis under way: its decisions to judge and those judged so far."""

    key: AnalysisKey
    record: MatchRecord
    steps: list[Step]
    final: State
    todo: list[int]
    seats: list[int]
    budget: Budget
    started: float = field(default_factory=time.monotonic)
    running: bool = False
    judged: dict[int, Judgement] = field(default_factory=dict)


class Analyses:
    """The jobs of this server process; their results go to the store."""

    def __init__(self, service: TableService, bots: BotScheduler, store: Storage) -> None:
        self.service = service
        self.bots = bots
        self.store = store
        self.budgets = {False: Budget(DEFAULT_ITERATIONS), True: Budget(DEEP_ITERATIONS)}
        """The default and the deep budget (tests make them tiny)."""
        self.hint_budget = Budget(HINT_ITERATIONS, HINT_SECONDS)
        self.job_seconds = JOB_SECONDS
        self.jobs: dict[AnalysisKey, Job] = {}
        """The jobs queued or running."""
        self.failures: dict[AnalysisKey, TableError] = {}
        """Why the last few jobs failed (at most ``MAX_FAILED``), to tell whoever asks."""
        self._starting: set[AnalysisKey] = set()
        """Jobs being set up (a replay of the game, in a thread): they count against
        ``MAX_JOBS`` already, so that requests at the same moment cannot all pass it."""
        self.started = 0
        """Jobs started by this process: a cached analysis starts none."""
        self._hints: dict[str, asyncio.Future[Judgement]] = {}

    # ---------------------------------------------------------------- analysis
    async def status(self, table_id: str, deep: bool, start: bool, lang: str) -> AnalysisOut:
        """Where the table's analysis stands; ``start`` queues it when nothing has yet."""
        lo = await asyncio.to_thread(self.service.load, table_id, None)
        if not lo.state.over:
            raise Refused("game_not_over", "not_over")
        budget = self.budgets[deep]
        key = AnalysisKey(lo.table.id, len(lo.actions), budget.iterations, ANALYSIS_SEED, FORMAT)
        out = AnalysisOut(status="none", deep=deep, iterations=budget.iterations)
        job = self.jobs.get(key)
        if job is not None:
            return self._progress(job, out, lang)
        why = self.failures.get(key)
        if why is not None and not start:  # asking again starts it again
            return out.model_copy(update={"status": "failed", "detail": why.text(lang)})
        stored = await asyncio.to_thread(self.store.get_analysis, key)
        if stored is not None:
            return out.model_copy(update={"status": "done", "analysis": _named(stored, lo, lang)})
        if not start:
            return out
        if key in self._starting:  # another request is setting this very one up
            return out.model_copy(update={"status": "queued"})
        if len(self.jobs) + len(self._starting) >= MAX_JOBS:
            raise Refused("busy", "busy", most=MAX_JOBS)
        self._starting.add(key)
        try:
            job = await asyncio.to_thread(_new_job, key, lo, budget)
        finally:
            self._starting.discard(key)
        self.failures.pop(key, None)
        self.jobs[key] = job
        self.started += 1
        self.bots.submit(f"analysis:{key.table_id}:{key.iterations}", lambda w: self._step(job, w))
        return self._progress(job, out, lang)

    @staticmethod
    def _progress(job: Job, out: AnalysisOut, lang: str) -> AnalysisOut:
        status = "running" if job.running else "queued"
        return out.model_copy(update={"status": status, "done": len(job.judged), "total": len(job.todo)})

    async def _step(self, job: Job, worker: Worker) -> bool:
        """Judge the job's next decision in ``worker``; once all are, keep the analysis.
        Whether more remains."""
        job.running = True
        try:
            if time.monotonic() - job.started > self.job_seconds:
                raise Refused("too_long", "too_long", seconds=f"{self.job_seconds:g}")
            if len(job.judged) < len(job.todo):
                i = job.todo[len(job.judged)]
                task = self._task(job, i)
                job.judged[i] = await asyncio.to_thread(worker.call, task, task.deadline)
            if len(job.judged) < len(job.todo):
                return True
            a = assemble(job.record, job.steps, job.final, job.judged, job.budget, job.key.seed, job.seats)
            await asyncio.to_thread(self.store.put_analysis, job.key, a.to_json())
            del self.jobs[job.key]
        except TableError as e:
            self._fail(job, e)
        except BotFailed as e:
            log.warning("analysis of table %s stopped: %s", job.key.table_id, e.reason)
            self._fail(job, Refused("analysis_failed", "failed", why=e.reason))
        except Exception as e:  # a job must end, whatever happened
            log.exception("analysis of table %s failed", job.key.table_id)
            self._fail(job, Refused("analysis_failed", "failed", why=f"{type(e).__name__}: {e}"))
        return False

    def _fail(self, job: Job, why: TableError) -> None:
        """End ``job``, keeping only ``why`` (its game and judgements go: a failed job no
        longer counts against ``MAX_JOBS``, so it must hold no memory either)."""
        self.jobs.pop(job.key, None)
        self.failures[job.key] = why
        while len(self.failures) > MAX_FAILED:
            del self.failures[next(iter(self.failures))]

    def _task(self, job: Job, i: int) -> JudgeTask:
        step = job.steps[i]
        r = job.record
        return JudgeTask(
            f"analysis:{job.key.table_id}",
            r.game,
            r.players,
            r.seed,
            dict(r.options),
            tuple(r.actions[:i]),
            step.seat,
            step.action,
            job.budget.iterations,
            job.budget.seconds,
            decision_seed(job.key.seed, i),
        )

    # ---------------------------------------------------------------- hint
    async def hint(self, table_id: str, token: str | None) -> HintOut:
        """The search's suggestion for the seat of ``token``, to move now at a bot table."""
        if not token:
            await asyncio.to_thread(self.service.table, table_id)  # an unknown table is a 404
            raise Forbidden("seat_required", "hint_seat")
        lo = await asyncio.to_thread(self.service.load, table_id, token)
        seat = lo.seat
        assert seat is not None
        if any(s.kind != "bot" for s in lo.table.seats if s.seat != seat):
            raise Forbidden("people_at_table", "hint_people")
        if lo.state.over:
            raise Refused("game_over", "hint_over")
        if lo.state.to_move != seat:
            raise Refused("not_your_turn", "hint_not_your_turn")
        t, moves = lo.table, len(lo.actions)
        b = self.hint_budget
        task = JudgeTask(
            t.id,
            t.game,
            t.players,
            t.seed,
            dict(t.options),
            tuple(a.action for a in lo.actions),
            seat,
            None,
            b.iterations,
            b.seconds,
            decision_seed(t.seed, moves),
        )
        try:
            j = await asyncio.wait_for(asyncio.shield(self._hint_future(task)), HINT_WAIT)
        except (TimeoutError, BotFailed):
            raise Refused("hint_failed", "hint_failed") from None
        return HintOut(
            action=j.best,
            value=j.value_best,
            units="score" if t.players == 1 else "win_share",
            moves=moves,
            iterations=j.iterations,
        )

    def _hint_future(self, task: JudgeTask) -> asyncio.Future[Judgement]:
        """One search per position, however many times it is asked meanwhile."""
        key = f"hint:{task.table_id}:{len(task.history)}"
        got = self._hints.get(key)
        if got is not None:
            return got
        fut: asyncio.Future[Judgement] = asyncio.get_running_loop().create_future()
        self._hints[key] = fut

        async def step(worker: Worker) -> bool:
            try:
                fut.set_result(await asyncio.to_thread(worker.call, task, task.deadline))
            except Exception as e:
                fut.set_exception(e)
                fut.exception()  # seen: a request that gave up waiting leaves no warning
            finally:
                self._hints.pop(key, None)
            return False

        self.bots.submit(key, step)
        return fut


def _new_job(key: AnalysisKey, lo: Loaded, budget: Budget) -> Job:
    """A job for the game of ``lo``, its decisions found by replaying it (blocking)."""
    t = lo.table
    record = MatchRecord(
        t.game, t.players, dict(t.options), t.seed, seat_names(t), [a.action for a in lo.actions]
    )
    steps, final = steps_of(record)
    seats = seats_of(record, None)
    return Job(key, record, steps, final, to_judge(steps, seats), seats, budget)


def _named(result: dict[str, Any], lo: Loaded, lang: str) -> dict[str, Any]:
    """A stored analysis with the seats named as the reader's language names them."""
    names = seat_names(lo.table, lang)
    summary = [{**s, "name": names[s["seat"]]} for s in result.get("summary", [])]
    return {**result, "names": names, "summary": summary}


def analyses_for(request: Request) -> Analyses:
    """The app's analyses, made on first use (``app.py`` only includes the router)."""
    state = request.app.state
    if getattr(state, "analyses", None) is None:
        state.analyses = Analyses(state.service, state.bots, state.store)
    found: Analyses = state.analyses
    return found


router = APIRouter(tags=["analysis"])


@router.post("/api/tables/{table_id}/analysis", response_model=AnalysisOut, responses=ERRORS)
async def start_analysis(
    request: Request,
    table_id: TableId,
    lang: Lang,
    body: Annotated[AnalysisIn | None, Body()] = None,
) -> AnalysisOut:
    """Analyse a finished game (``deep``: five times the search a decision): it is queued
    in the bot workers; the answer is its progress, or the analysis kept from before."""
    deep = body.deep if body is not None else False
    return await analyses_for(request).status(table_id, deep, True, lang)


@router.get("/api/tables/{table_id}/analysis", response_model=AnalysisOut, responses=ERRORS)
async def get_analysis(
    request: Request,
    table_id: TableId,
    lang: Lang,
    deep: Annotated[bool, Query()] = False,
) -> AnalysisOut:
    """Where a finished game's analysis stands: not asked, queued, running (decisions
    judged of all), done with the analysis, or failed."""
    return await analyses_for(request).status(table_id, deep, False, lang)


@router.get("/api/tables/{table_id}/hint", response_model=HintOut, responses=ERRORS)
async def get_hint(request: Request, table_id: TableId, token: SeatToken) -> HintOut:
    """The move a small search suggests to you (your seat's token), when it is your move
    at a table where every other seat is a bot."""
    return await analyses_for(request).hint(table_id, token)
