"""Strength of the bots against the goals of issue 24 (or 37), with sample sizes and 95% intervals.

    python benchmarks/strength.py                             # every goal, full samples (hours)
    python benchmarks/strength.py --sample 0.25 --jobs 2      # every goal on a quarter of the games
    python benchmarks/strength.py --only solo ofrenda         # one kind of goal, one game
    python benchmarks/strength.py --out runs/strength.jsonl   # keep each game's result; rerun resumes
    python benchmarks/strength.py --only speed                # ISMCTS iterations per second
    python benchmarks/strength.py ofrenda --only solo --challenger ismcts+net --budget 1cpu
    python benchmarks/strength.py ofertu --only table --challenger ismcts+net --opponents ismcts:1cpu
    python benchmarks/strength.py ofrenda --players 2 --challenger ismcts+net --opponents ismcts:0.2cpu
    python benchmarks/strength.py --compare runs/a.jsonl runs/b.jsonl   # two bots, paired by game

The goals (at 0.5 s a move, one process per game):

- Ofrenda solo: median score >= 110 over 100 games (interval: binomial order statistics).
- Die of the Dead solo: mean >= 13 over 100 games, and at least one perfect 18 in 200.
- At each game's largest seat count, ISMCTS in one seat against greedy in all the others
  wins at least 1.5x its fair share (a shared win counts 1/k), over >= 40 games.
- At 2 seats, ISMCTS wins >= 75% against greedy, over >= 40 games.

Matches are paired: each seed is played once with the challenger in every seat, so both sides
get the same deals in every seat. The default budget ``0.5cpu`` counts this process's CPU
time (``ismcts:0.5cpu``), so a bot thinks as long on a busy machine as on an idle one; pass
``--budget 0.5s`` for wall-clock seconds or ``--budget 2000`` for a fixed iteration count (the
same moves on every run). A verdict is ``met`` when the measured figure reaches the goal;
the interval says how sure that is. ``--challenger ismcts+net`` measures the search with
the learned evaluation (issue 37) instead; ``--opponents ismcts:1cpu,greedy`` seats those
bots, in turn, in the other seats (default: greedy in all of them). ``--compare A B`` reads
two such runs' files, each one bot's games, and gives their difference on the games both
played (the same seed in the same seat): a game's luck weighs on both alike, so the
difference is surer than that of the two means.

``--goals 37`` judges the same kinds of games by issue 37's targets, at the budget it names::

    python benchmarks/strength.py --goals 37 --budget 1cpu --only solo --challenger ismcts+endgame
    python benchmarks/strength.py --goals 37 --budget 1cpu --only table --opponents ismcts:1cpu,greedy

- Ofrenda solo: median >= 110 over 100 games, and at least 10 of them >= 125.
- Die of the Dead solo: mean >= 13.5 over 100 games, and at least one perfect 18 in 200.
- At each game's largest seat count: >= 1.5x the fair share, the interval's lower end above
  the fair share itself (the other seats: the search bot of today and greedy, ``--opponents``).
- At 2 seats: >= 65% against today's search bot (``--opponents ismcts:1cpu``), both seats of
  every seed.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterable
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from pathlib import Path

from rich.console import Console
from rich.progress import BarColumn, Progress, TaskID, TextColumn, TimeRemainingColumn
from rich.table import Table

import muertos
from muertos.agents import ISMCTSAgent
from muertos.sim.stats import mean_interval, median_interval, wilson, win_shares

Job = tuple[str, str, int, int, int]
"""(kind, game, players, seed, challenger's seat): one game to play."""
Judge = Callable[[list[list[float]]], tuple[bool, str, str]]


@dataclass
class Goal:
    """One target of the issue: the games it needs and how it judges their results."""

    name: str
    game: str
    kind: str  # "solo" or "table"
    players: int
    games: int
    judge: Judge
    """results → (met, the figure, its 95% interval), as text."""
    target: str
    results: list[list[float]] = field(default_factory=list)

    def jobs(self, sample: float, first: int = 0) -> list[Job]:
        """The games of this goal at ``sample``, from seed ``first`` on (another sample of
        the same size: a change tried on one sample is confirmed on another)."""
        n = max(1, math.ceil(self.games * sample))
        if self.kind == "solo":
            return [("solo", self.game, 1, seed, 0) for seed in range(first, first + n)]
        seeds = math.ceil(n / self.players)
        return [
            ("table", self.game, self.players, seed, seat)
            for seed in range(first, first + seeds)
            for seat in range(self.players)
        ]


def _median_at_least(target: float) -> Judge:
    def judge(res: list[list[float]]) -> tuple[bool, str, str]:
        m, lo, hi = median_interval([r[0] for r in res])
        return m >= target, f"median {m:g}", f"{lo:g}–{hi:g}"

    return judge


def _mean_at_least(target: float) -> Judge:
    def judge(res: list[list[float]]) -> tuple[bool, str, str]:
        m, lo, hi = mean_interval([r[0] for r in res])
        return m >= target, f"mean {m:.2f}", f"{lo:.2f}–{hi:.2f}"

    return judge


def _reaches(score: float, times: int) -> Judge:
    def judge(res: list[list[float]]) -> tuple[bool, str, str]:
        hits = sum(1 for r in res if r[0] >= score)
        lo, hi = wilson(hits, len(res))
        return hits >= times, f"{hits} of {len(res)} games", f"{lo:.1%}–{hi:.1%} of games"

    return judge


def _wins_at_least(share: float, above: float | None = None) -> Judge:
    """Won ``share`` of the games or more; with ``above``, the interval's lower end above it
    too (issue 37: sure to beat a fair share, not only to reach 1.5 times it)."""

    def judge(res: list[list[float]]) -> tuple[bool, str, str]:
        won = sum(r[0] for r in res)
        lo, hi = wilson(won, len(res))
        rate = won / len(res)
        met = rate >= share - 1e-12 and (above is None or lo > above)
        return met, f"{rate:.1%} won", f"{lo:.1%}–{hi:.1%}"

    return judge


ISSUES = (24, 37)
"""The issues whose goals this script judges (``--goals``)."""


def goals(ids: Iterable[str], issue: int = 24) -> list[Goal]:
    """The goals of ``issue`` (24 or 37) for the games ``ids``: the same games, other targets."""
    if issue not in ISSUES:
        raise ValueError(f"no goals of issue {issue}: {', '.join(map(str, ISSUES))}")
    later = issue == 37
    out: list[Goal] = []
    ids = list(ids)
    if "ofrenda" in ids:
        out.append(
            Goal("Ofrenda solo median", "ofrenda", "solo", 1, 100, _median_at_least(110), "median >= 110")
        )
        if later:
            out.append(Goal("Ofrenda solo 125", "ofrenda", "solo", 1, 100, _reaches(125, 10), ">= 10 of 100"))
    if "die-of-the-dead" in ids:
        mean = 13.5 if later else 13
        out.append(
            Goal(
                "Die of the Dead solo mean",
                "die-of-the-dead",
                "solo",
                1,
                100,
                _mean_at_least(mean),
                f"mean >= {mean:g}",
            )
        )
        out.append(
            Goal(
                "Die of the Dead perfect 18",
                "die-of-the-dead",
                "solo",
                1,
                200,
                _reaches(18, 1),
                ">= 1 of 200",
            )
        )
    for gid in ids:
        g = muertos.game(gid)
        title = g.title.split(":")[0]  # Die of the Dead, without its subtitle
        most = g.max_players
        if most > 2:
            fair = 1.0 / most
            out.append(
                Goal(
                    f"{title} {most} seats",
                    gid,
                    "table",
                    most,
                    40,
                    _wins_at_least(1.5 * fair, fair if later else None),
                    f">= {1.5 * fair:.1%} (1.5x fair share)" + (f", lower end > {fair:.1%}" if later else ""),
                )
            )
        if g.min_players <= 2 <= most:
            two = 0.65 if later else 0.75
            out.append(Goal(f"{title} 2 seats", gid, "table", 2, 40, _wins_at_least(two), f">= {two:.0%}"))
    return out


# ------------------------------------------------------------------ the workers
def play(job: Job, challenger: str, opponents: tuple[str, ...] = ("greedy",)) -> list[float]:
    """Play one game of ``job``: solo → [score]; table → [win share, own score, others' mean].
    ``opponents`` sit, in turn, in the seats other than the challenger's."""
    kind, gid, players, seed, seat = job
    if kind == "solo":
        return [float(muertos.play(gid, seats=[challenger], seed=seed).scores[0])]
    rivals = iter(opponents * players)
    seats = [challenger if i == seat else next(rivals) for i in range(players)]
    rec = muertos.play(gid, seats=seats, seed=seed)
    share = win_shares(rec.winners, players)[seat]
    others = [float(s) for i, s in enumerate(rec.scores) if i != seat]
    return [share, float(rec.scores[seat]), statistics.fmean(others)]


def _play(args: tuple[Job, str, tuple[str, ...]]) -> tuple[Job, list[float], float]:
    t0 = time.process_time()
    res = play(*args)
    return args[0], res, time.process_time() - t0


def _iterations_per_second(gid: str, players: int) -> tuple[float, float]:
    """ISMCTS iterations a second of thinking at a position a few moves in, and random
    playouts a second from it."""
    g = muertos.game(gid)
    s = g.new(players, 1)
    rnd = random.Random(1)
    for _ in range(6):
        if not s.over:
            s.apply(rnd.choice(s.legal_actions()))
    while not s.over and len(s.legal_actions()) < 2:  # a position where there is a choice
        s.apply(s.legal_actions()[0])
    seat = s.to_move or 0
    bot = muertos.agent("ismcts:1cpu", seed=1)
    assert isinstance(bot, ISMCTSAgent)
    t0 = time.process_time()
    bot.act(s, seat)
    its = bot.last_iterations / max(1e-9, time.process_time() - t0)
    t0 = time.perf_counter()
    n = 0
    while time.perf_counter() - t0 < 1.0:
        c = s.clone()
        while not c.over:
            legal = c.legal_actions()
            c.apply(legal[rnd.randrange(len(legal))])
        n += 1
    return its, n / (time.perf_counter() - t0)


# ------------------------------------------------------------------ the record
def _key(job: Job, challenger: str) -> str:
    return json.dumps([challenger, *job])


def _load(path: Path | None) -> dict[str, list[float]]:
    """Results kept by an earlier run (one JSON object a line), by job and challenger."""
    done: dict[str, list[float]] = {}
    if path is None or not path.exists():
        return done
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
            done[_key(tuple(row["job"]), row["challenger"])] = [float(x) for x in row["result"]]  # type: ignore[arg-type]
        except (ValueError, KeyError, TypeError) as e:
            raise SystemExit(
                f"{path}:{n}: not a result line ({e}); move the file aside to start afresh"
            ) from e
    return done


Setting = tuple[str, str, int]
"""(kind, game, players): the games a paired comparison groups."""


def pair_games(
    a: dict[str, list[float]], b: dict[str, list[float]]
) -> dict[Setting, list[tuple[Job, float, float]]]:
    """The results of two runs (each as ``_load`` reads it, one bot's games) on the games both
    played, by setting: each game's job and the two runs' first figure of it (the score solo,
    the win share at a table). The same seed in the same seat deals both bots the same game;
    ``ValueError`` where a run holds several bots' games."""
    runs = []
    for done in (a, b):
        rows: dict[Job, float] = {}
        labels: set[str] = set()
        for key, result in done.items():
            label, *job = json.loads(key)
            labels.add(label)
            rows[tuple(job)] = result[0]
        if len(labels) > 1:
            raise ValueError(
                f"a run holds the games of {len(labels)} bots ({', '.join(sorted(labels))}): "
                "compare one bot's games with another's"
            )
        runs.append(rows)
    out: dict[Setting, list[tuple[Job, float, float]]] = {}
    for job in sorted(set(runs[0]) & set(runs[1])):
        out.setdefault(job[:3], []).append((job, runs[0][job], runs[1][job]))
    return out


def _compare(first: Path, second: Path, console: Console) -> None:
    """Print the paired comparison of two runs' files (``--compare``); ``ValueError`` says why
    they cannot be compared. The interval is the simulator's (``muertos.sim.compare.paired``):
    over deals, each seed's games averaged first, since the seats of one seed share its deal."""
    from muertos.sim.compare import paired
    from muertos.sim.stats import t_quantile

    loaded = []
    for path in (first, second):
        if not path.is_file():
            raise ValueError(f"{path}: no such file")
        loaded.append(_load(path))
    pairs = pair_games(*loaded)
    if not pairs:
        raise ValueError(f"{first} and {second} share no game (the same seed in the same seat)")
    t = Table(title=f"Paired: {first.name} (a) against {second.name} (b), on the games both played")
    for col in ("setting", "games", "a", "b", "a − b a game (s.e.)", "95% interval", "a ahead, behind"):
        t.add_column(col)
    for (kind, gid, players), rows in pairs.items():
        seeds = [job[3] for job, _, _ in rows]
        # paired() gives its second run less its first: b's games first, so a − b
        d = paired(kind, gid, [y for *_, y in rows], [x for _, x, _ in rows], seeds)
        diffs = [x - y for _, x, y in rows]
        fmt = "{:.2f}" if kind == "solo" else "{:.1%}"  # a score, or a share of wins
        # one seed is one deal: its games tell a difference, not how far it could be off
        spread = len(set(seeds)) > 1
        # the interval is Student-t over the seeds: its half-width over t is the standard error
        se = (d.high - d.low) / (2 * t_quantile(0.975, len(set(seeds)) - 1)) if spread else 0.0
        t.add_row(
            f"{gid} ×{players}",
            str(len(rows)),
            fmt.format(d.b),
            fmt.format(d.a),
            f"{d.diff:+.3f} ({se:.3f})" if spread else f"{d.diff:+.3f} (—)",
            f"{d.low:+.3f} to {d.high:+.3f}" if spread else "— (one seed)",
            f"{sum(x > 0 for x in diffs)}, {sum(x < 0 for x in diffs)}",
        )
    console.print(t)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("games", nargs="*", help="game ids (default: all)")
    ap.add_argument("--budget", default="0.5cpu", help="ISMCTS budget: 0.5cpu, 0.5s or an iteration count")
    ap.add_argument("--sample", type=float, default=1.0, help="share of each goal's games to play (0-1]")
    ap.add_argument("--jobs", type=int, default=2, help="games played at once, one process each")
    ap.add_argument(
        "--first-seed",
        type=int,
        default=0,
        help="the seeds from this one on (default 0): another sample, to confirm a change tried on one",
    )
    ap.add_argument(
        "--challenger",
        default="ismcts",
        help="the bot measured: ismcts, ismcts+net (the learned evaluation) or ismcts+endgame",
    )
    ap.add_argument(
        "--opponents",
        default="greedy",
        help="bots in the other seats, in turn, comma-separated (default greedy)",
    )
    ap.add_argument("--only", choices=["solo", "table", "speed"], help="one kind of goal, or the speed table")
    ap.add_argument("--players", type=int, help="only the goals at this many seats (2: the two-seat goals)")
    ap.add_argument(
        "--goals", type=int, choices=ISSUES, default=24, help="whose targets judge the games (default 24)"
    )
    ap.add_argument("--out", type=Path, help="JSON lines of each game's result; an existing file is resumed")
    ap.add_argument(
        "--compare",
        nargs=2,
        type=Path,
        metavar=("A", "B"),
        help="two runs' --out files, one bot's games each: their paired difference, playing nothing",
    )
    ap.add_argument(
        "--report",
        action="store_true",
        help="judge what --out holds so far (a run under way), playing nothing",
    )
    args = ap.parse_args(argv)
    ids = args.games or muertos.game_ids()
    for gid in ids:
        if gid not in muertos.game_ids():
            ap.error(f"no game {gid!r}; games: {', '.join(muertos.game_ids())}")
    if not (0 < args.sample <= 1) or not 1 <= args.jobs <= 64 or not 0 <= args.first_seed < 2**31:
        ap.error("--sample is a share in (0, 1], --jobs from 1 to 64 and --first-seed from 0 to 2**31-1")
    if args.report and args.out is None:
        ap.error("--report reads the results of --out FILE")
    challenger = f"{args.challenger}:{args.budget}"
    opponents = tuple(o.strip() for o in args.opponents.split(",") if o.strip()) or ("greedy",)
    # the record's name of a run: against other opponents, other results
    label = challenger if opponents == ("greedy",) else f"{challenger} vs {','.join(opponents)}"
    try:
        for name in (challenger, *opponents):
            muertos.agent(name)
    except muertos.UnknownAgent as e:
        ap.error(str(e))  # exits 2
    console = Console(width=None if sys.stdout.isatty() else 150)
    if args.compare:
        try:
            first, second = args.compare
            _compare(first, second, console)
        except ValueError as e:
            ap.error(str(e))  # exits 2
        return

    if args.only == "speed":
        t = Table(title="Search speed (one process, 1 s of CPU a position)")
        for col in ("game", "seats", "ISMCTS iterations / CPU s", "random playouts/s"):
            t.add_column(col)
        for gid in ids:
            p = max(2, muertos.game(gid).min_players)
            its, rps = _iterations_per_second(gid, p)
            t.add_row(gid, str(p), f"{its:,.0f}", f"{rps:,.0f}")
        console.print(t)
        return

    todo = [
        g
        for g in goals(ids, args.goals)
        if (args.only is None or g.kind == args.only) and (args.players is None or g.players == args.players)
    ]
    if not todo and args.players is not None and args.only != "speed":
        ap.error(f"no goal of {', '.join(ids)} at {args.players} seats")
    done = _load(args.out)
    jobs = sorted({j for g in todo for j in g.jobs(args.sample, args.first_seed)})
    missing = [] if args.report else [j for j in jobs if _key(j, label) not in done]
    console.print(
        f"{len(jobs)} games for {len(todo)} goals with {label}: {sum(_key(j, label) in done for j in jobs)} kept"
        f" from {args.out}, {len(missing)} to play" + (" (a report: none)" if args.report else "")
        if args.out
        else f"{len(jobs)} games for {len(todo)} goals"
    )
    progress = Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        TextColumn("{task.completed}/{task.total}"),
        TimeRemainingColumn(),
        console=console,
    )
    cpu: list[float] = []
    with progress:
        bar: dict[tuple[str, str, int], TaskID] = {}
        for g in todo:  # one bar a kind of game: Die of the Dead's two solo goals share games
            if (g.kind, g.game, g.players) not in bar:
                bar[g.kind, g.game, g.players] = progress.add_task(f"{g.game} ×{g.players}", total=0)
        for j in jobs:
            task = bar[(j[0], j[1], j[2])]
            progress.update(task, total=(progress.tasks[task].total or 0) + 1)
            if _key(j, label) in done:
                progress.advance(task)
        out = args.out.open("a", encoding="utf-8") if args.out else None
        try:
            with ProcessPoolExecutor(args.jobs) as pool:
                running: set[Future[tuple[Job, list[float], float]]] = {
                    pool.submit(_play, (j, challenger, opponents)) for j in missing
                }
                while running:
                    finished, running = wait(running, return_when=FIRST_COMPLETED)
                    for f in finished:
                        job, res, seconds = f.result()
                        done[_key(job, label)] = res
                        cpu.append(seconds)
                        progress.advance(bar[(job[0], job[1], job[2])])
                        if out:
                            out.write(
                                json.dumps(
                                    {
                                        "job": job,
                                        "challenger": label,
                                        "result": res,
                                        "cpu": round(seconds, 2),
                                    }
                                )
                                + "\n"
                            )
                            out.flush()
        finally:
            if out:
                out.close()

    seeds = f", seeds from {args.first_seed}" if args.first_seed else ""
    t = Table(
        title=f"Goals of issue {args.goals} with {label} (sample {args.sample:g} of each goal's games{seeds})"
    )
    for col in ("goal", "games", "measured", "95% interval", "target", "verdict", "detail"):
        t.add_column(col)
    for g in todo:
        g.results = [
            done[k] for k in (_key(j, label) for j in g.jobs(args.sample, args.first_seed)) if k in done
        ]
        if not g.results:
            t.add_row(g.name, "0", "", "", g.target, "no games yet", "")
            continue
        met, text, interval = g.judge(g.results)
        if g.kind == "table":
            ch = statistics.fmean(r[1] for r in g.results)
            op = statistics.fmean(r[2] for r in g.results)
            detail = f"mean score {ch:.1f} vs {op:.1f}"
        else:
            scores = [r[0] for r in g.results]
            detail = f"min {min(scores):g}, max {max(scores):g}"
        verdict = ("met" if met else "not met") + (
            "" if len(g.results) >= g.games else f" (the goal asks {g.games} games)"
        )
        t.add_row(g.name, str(len(g.results)), text, interval, g.target, verdict, detail)
    console.print(t)
    if cpu:
        console.print(f"{len(cpu)} games played, {sum(cpu) / 60:.1f} CPU minutes")


if __name__ == "__main__":
    main()
