"""A simulation directory: ``simulation.json`` (the run's parameters) and
``records/part-<start>-<end>.parquet`` (one row per game, games start..end-1).

Each part is written whole to a temporary name and then renamed, so an interrupted run
leaves only complete parts, and resuming plays exactly the games no part holds.

Read it with pandas (``pd.read_parquet(DIR / "records")``), DuckDB
(``SELECT * FROM read_parquet('DIR/records/*.parquet', union_by_name=true)``) or
:func:`load_frame` / :func:`load_records`.
"""

from __future__ import annotations

import hashlib
import inspect
import io
import json
import os
import re
from collections.abc import Callable, Iterable
from functools import cache
from pathlib import Path
from typing import Any

import pyarrow as pa  # type: ignore[import-untyped]
import pyarrow.parquet as pq  # type: ignore[import-untyped]

from muertos.match import MatchRecord

from .plan import RECORD_FORMAT, SimConfig, SimError
from .runner import STAT_PREFIX, Row, SimChunk, play_chunk
from .words import Phrase

MANIFEST = "simulation.json"
RECORDS = "records"
DAMAGED = "damaged"
"""Where a resume moves parts it cannot read (beside ``records``, so no reader of the
records' directory or glob trips on them)."""
_PART = re.compile(r"^part-(\d+)-(\d+)\.parquet$")

_BASE: list[tuple[str, Any]] = [
    ("game_index", pa.int64()),
    ("deal", pa.int64()),
    ("seating", pa.int64()),
    ("seed", pa.int64()),
    ("game", pa.string()),
    ("players", pa.int64()),
    ("options", pa.string()),
    ("seats", pa.list_(pa.string())),
    ("actions", pa.list_(pa.string())),
    ("movers", pa.list_(pa.int64())),
    ("scores", pa.list_(pa.float64())),
    ("winners", pa.list_(pa.int64())),
    ("length", pa.int64()),
    ("seconds", pa.float64()),
    ("cpu_seconds", pa.float64()),
]
TIMING = ("seconds", "cpu_seconds")
"""Columns measured on the clock, which differ from run to run: everything else is fixed
by the run's parameters."""
_BASE_NAMES = {n for n, _ in _BASE}


# ------------------------------------------------------------------ manifest
def read_manifest(out: Path) -> dict[str, Any] | None:
    path = out / MANIFEST
    if not path.exists():
        return None
    try:
        d = json.loads(path.read_text())
    except (OSError, json.JSONDecodeError) as e:
        raise SimError("manifest_unreadable", path=path, why=e, out=out) from None
    if not isinstance(d, dict) or d.get("kind") != "muertos.simulation":
        raise SimError("not_manifest", path=path)
    return d


def load_config(out: Path) -> SimConfig:
    """The parameters of the run stored in ``out``."""
    d = read_manifest(out)
    if d is None:
        raise SimError("no_simulation", out=out, manifest=MANIFEST)
    try:
        return SimConfig.from_identity(d["run"])
    except (KeyError, TypeError, ValueError) as e:
        raise SimError("manifest_damaged", path=out / MANIFEST, why=repr(e)) from None


@cache
def code_fingerprint(game_id: str) -> str:
    """A hash of the code and data that decide a game's records: the game's package, the
    engine and the agents. Resuming a run after they changed would mix two versions of
    the rules in one set of records.

    Taken once per process, near when the game was imported: it describes the code this
    process runs, not whatever is on disk later."""
    import muertos
    from muertos.engine import game

    root = Path(muertos.__file__).parent
    pkg = Path(inspect.getfile(type(game(game_id)))).parent
    h = hashlib.sha256()
    for base in (pkg, root / "engine", root / "agents"):
        for f in sorted(base.rglob("*")):
            if f.is_file() and f.suffix in (".py", ".toml", ".json", ".txt") and "__pycache__" not in f.parts:
                h.update(str(f.relative_to(root)).encode() + b"\0" + f.read_bytes() + b"\0")
    return h.hexdigest()[:16]


def claim(out: Path, config: SimConfig, allow_code_change: bool = False) -> None:
    """Make ``out`` this run's directory, or check that it already is.

    A directory holding another run's records is refused: mixing them would make every
    statistic wrong without anyone noticing. So is resuming after the game's code changed,
    unless ``allow_code_change``.
    """
    d = read_manifest(out)
    code = code_fingerprint(config.game)
    if d is None:
        if out.exists() and not out.is_dir():
            raise SimError("out_is_file", out=out)
        if out.exists() and any(out.iterdir()):
            raise SimError("out_not_empty", out=out)
        out.mkdir(parents=True, exist_ok=True)
        (out / RECORDS).mkdir(exist_ok=True)
        import muertos

        _atomic_write(
            out / MANIFEST,
            json.dumps(
                {
                    "kind": "muertos.simulation",
                    "muertos": muertos.__version__,
                    "code": code,
                    "run": config.identity(),
                },
                indent=1,
            ).encode(),
        )
        return
    theirs = d.get("run", {})
    mine = config.identity()
    diffs = tuple(
        Phrase("error.differs", (("key", k), ("there", _show(theirs.get(k))), ("here", _show(v))))
        for k, v in mine.items()
        if theirs.get(k) != v
    )
    if diffs:
        raise SimError("different_run", out=out, diffs=diffs)
    if d.get("code") != code and not allow_code_change:
        raise SimError("code_changed", game=config.game, out=out)
    (out / RECORDS).mkdir(exist_ok=True)
    for p in (out / RECORDS).glob(".part-*.tmp"):  # half-written by a run that was killed
        p.unlink(missing_ok=True)


def _show(v: Any) -> str:
    if isinstance(v, list):
        return ",".join(map(str, v))
    if isinstance(v, dict):
        return json.dumps(v, sort_keys=True)
    return str(v)


def _atomic_write(path: Path, data: bytes) -> None:
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")  # claim() sweeps up leftovers
    tmp.write_bytes(data)
    os.replace(tmp, path)


# ------------------------------------------------------------------ parts
def parts(out: Path) -> list[tuple[int, int, Path]]:
    """The complete parts in ``out``, as ``(start, end, path)`` sorted by start."""
    d = out / RECORDS
    if not d.is_dir():
        return []
    found = []
    for p in d.iterdir():
        m = _PART.match(p.name)
        if m:
            found.append((int(m.group(1)), int(m.group(2)), p))
    found.sort()
    return found


def part_problem(path: Path, start: int, end: int) -> str | Phrase | None:
    """Why a part cannot be trusted to hold its games, from its footer alone (cheap: a resume
    reads every part's), or None: a name says which games a file holds, not that it does."""
    try:
        rows = pq.read_metadata(path).num_rows
    except (pa.ArrowException, OSError, ValueError) as e:
        return str(e) or type(e).__name__
    if rows != end - start:
        return Phrase("store.rows", (("rows", rows), ("games", end - start)))
    return None


def set_aside_damaged(out: Path) -> list[tuple[Path, Path, str | Phrase]]:
    """Move every part whose footer cannot be read (or that holds another number of games
    than its name says) to ``DIR/damaged/``, so a resume plays its games again instead of
    calling the run complete; ``(part, where it went, why)`` for each."""
    moved = []
    for start, end, path in parts(out):
        why = part_problem(path, start, end)
        if why is None:
            continue
        (out / DAMAGED).mkdir(exist_ok=True)
        to = out / DAMAGED / path.name
        n = 1
        while to.exists():
            to = out / DAMAGED / f"{path.name}.{n}"
            n += 1
        os.replace(path, to)
        moved.append((path, to, why))
    return moved


def done_runs(out: Path) -> list[tuple[int, int]]:
    """The runs of games the parts in ``out`` hold, ``(start, end)`` sorted and merged where
    they touch: read from the parts' names, never game by game (a set of every index done
    took gigabytes to resume a run of millions of games).

    >>> import tempfile
    >>> d = Path(tempfile.mkdtemp()); (d / RECORDS).mkdir()
    >>> for a, b in [(4, 6), (0, 2), (2, 3), (8, 9)]:
    ...     _ = part_path(d, a, b).write_bytes(b"")
    >>> done_runs(d)
    [(0, 3), (4, 6), (8, 9)]
    """
    runs: list[tuple[int, int]] = []
    for start, end, _ in parts(out):
        if runs and start <= runs[-1][1]:
            runs[-1] = (runs[-1][0], max(runs[-1][1], end))
        else:
            runs.append((start, end))
    return runs


def games_in(runs: Iterable[tuple[int, int]]) -> int:
    """How many games ``runs`` (merged, as ``done_runs`` gives them) hold."""
    return sum(end - start for start, end in runs)


def missing_ranges(total: int, done: set[int]) -> list[tuple[int, int]]:
    """Contiguous runs of game indices in ``0..total-1`` that no part holds.

    >>> missing_ranges(10, {0, 1, 5})
    [(2, 5), (6, 10)]
    """
    out: list[tuple[int, int]] = []
    start: int | None = None
    for i in range(total):
        if i in done:
            if start is not None:
                out.append((start, i))
                start = None
        elif start is None:
            start = i
    if start is not None:
        out.append((start, total))
    return out


def split_ranges(ranges: Iterable[tuple[int, int]], size: int) -> list[tuple[int, int]]:
    """Ranges cut into pieces of at most ``size`` games.

    >>> split_ranges([(0, 5), (7, 9)], 2)
    [(0, 2), (2, 4), (4, 5), (7, 9)]
    """
    out = []
    for a, b in ranges:
        for s in range(a, b, size):
            out.append((s, min(b, s + size)))
    return out


def rows_to_table(rows: list[Row]) -> Any:
    """Rows as an Arrow table with fixed types for the record columns; ``stat_*`` columns
    are integers, floats or text as their values are."""
    if not rows:
        raise ValueError("no rows")
    names: list[str] = []
    seen: set[str] = set()
    for r in rows:
        for k in r:
            if k not in seen:
                seen.add(k)
                names.append(k)
    fields = list(_BASE)
    for k in names:
        if k in _BASE_NAMES:
            continue
        values = [r.get(k) for r in rows]
        present = [v for v in values if v is not None]
        if k.startswith(("agent_",)):
            t = pa.string()
        elif k.startswith(("score_", "win_")):
            t = pa.float64()
        elif present and all(isinstance(v, int) and not isinstance(v, bool) for v in present):
            t = pa.int64()
        elif present and all(isinstance(v, (int, float)) for v in present):
            t = pa.float64()
        else:
            t = pa.string()
        fields.append((k, t))
    columns = {}
    for name, t in fields:
        vals = [r.get(name) for r in rows]
        if t == pa.string() and name.startswith(STAT_PREFIX):
            vals = [None if v is None else str(v) for v in vals]
        columns[name] = pa.array(vals, type=t)
    return pa.table(columns, metadata={b"muertos.record_format": str(RECORD_FORMAT).encode()})


def encode_chunk(chunk: SimChunk, on_game: Callable[[], None] | None = None) -> bytes:
    """Play a chunk and return it as a finished Parquet file. Workers do this themselves,
    so the parent only writes bytes: with many jobs it would otherwise be the bottleneck."""
    rows = play_chunk(chunk, on_game)
    got = [int(r["game_index"]) for r in rows]
    if got != list(range(chunk.start, chunk.end)):
        raise SimError("wrong_games", first=chunk.start, last=chunk.end - 1)
    buf = io.BytesIO()
    pq.write_table(rows_to_table(rows), buf, compression="zstd")
    return buf.getvalue()


def part_path(out: Path, start: int, end: int) -> Path:
    return out / RECORDS / f"part-{start:08d}-{end:08d}.parquet"


def write_part(out: Path, start: int, end: int, data: bytes) -> Path:
    """Save games ``start..end-1`` (a Parquet file's bytes) atomically: complete or absent."""
    path = part_path(out, start, end)
    _atomic_write(path, data)
    return path


# ------------------------------------------------------------------ reading
def load_frame(out: Path, config: SimConfig | None = None) -> Any:
    """Every record in ``out`` as a pandas DataFrame, one row per game, by game index.

    Parts are read one by one and stacked, so a ``stat_*`` column that only some games
    have is simply missing (NaN) for the others.
    """
    import pandas as pd  # type: ignore[import-untyped]

    found = parts(out)
    if not found:
        raise SimError("no_records", out=out)
    frames = []
    for _, _, p in found:
        try:
            frames.append(pq.read_table(p).to_pandas())
        except (pa.ArrowException, OSError, ValueError) as e:
            raise SimError("part_unreadable", path=p, why=str(e) or type(e).__name__) from None
    df = pd.concat(frames, ignore_index=True) if len(frames) > 1 else frames[0]
    df = df.sort_values("game_index", kind="stable").reset_index(drop=True)
    if df["game_index"].duplicated().any():
        raise SimError("overlapping", out=out)
    return df


def stat_columns(df: Any) -> list[str]:
    return [c for c in df.columns if str(c).startswith(STAT_PREFIX)]


def frame_to_records(df: Any) -> list[MatchRecord]:
    """The rows as :class:`MatchRecord` s (replayable with ``rec.replay()``)."""
    out = []
    for r in df.itertuples(index=False):
        out.append(
            MatchRecord(
                game=str(r.game),
                players=int(r.players),
                options=json.loads(r.options),
                seed=int(r.seed),
                seats=[str(x) for x in r.seats],
                actions=[str(x) for x in r.actions],
                scores=[float(x) for x in r.scores],
                winners=[int(x) for x in r.winners],
            )
        )
    return out


def load_records(out: Path) -> list[MatchRecord]:
    """Every game in ``out`` as a :class:`MatchRecord`, in game-index order."""
    return frame_to_records(load_frame(out))
