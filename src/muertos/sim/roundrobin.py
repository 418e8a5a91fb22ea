"""Round-robin tournaments between agents, rated with OpenSkill (Plackett–Luce).

Every pair of agents meets on the same deals: for each deal (a seed) the pair plays twice
with the seats swapped; with more than two seats the two agents fill them alternately
(a, b, a, b … then b, a, b, a …). Each game is one rated comparison between the two agents:
the one whose seats took the larger share of the win is ranked first (equal shares are a
draw). In solo games each agent plays the deal alone and the better result (a win over the
automated opponent first, then the score) is ranked first.

Ratings are updated in a fixed order (deal by deal, pair by pair) once every game is in,
so the table depends on the seeds only, not on the number of jobs or the backend (time-
budgeted agents such as ``ismcts:0.2s`` still depend on the machine's speed).
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from muertos.engine import game
from muertos.i18n import DEFAULT, message, title

from .backends import run_chunks, session
from .files import write_text
from .plan import SimError, game_seed, parse_agents
from .progress import progress_bar
from .runner import Match, MatchChunk, Row, play_match_chunk
from .stats import interval_text, percent, wilson, win_shares


@dataclass
class AgentStanding:
    """An agent's rating and record. ``low``/``high`` are ``mu ∓ 2·sigma``; agents are ranked
    by ``low`` (the conservative "ordinal"), so an agent rated on few games ranks lower."""

    agent: str
    mu: float
    sigma: float
    games: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0

    @property
    def low(self) -> float:
        return self.mu - 2 * self.sigma

    @property
    def high(self) -> float:
        return self.mu + 2 * self.sigma

    @property
    def score(self) -> float:
        return (self.wins + 0.5 * self.draws) / self.games if self.games else 0.0


@dataclass
class PairResult:
    """``a`` against ``b``: comparisons, ``a``'s wins and draws, mean scores."""

    a: str
    b: str
    games: int = 0
    a_wins: int = 0
    draws: int = 0
    b_wins: int = 0
    a_scores: list[float] = field(default_factory=list)
    b_scores: list[float] = field(default_factory=list)
    predicted: float = math.nan
    """OpenSkill's probability, after the tournament, that ``a`` beats ``b``."""

    @property
    def a_share(self) -> float:
        return (self.a_wins + 0.5 * self.draws) / self.games if self.games else 0.0


@dataclass
class TournamentResult:
    game: str
    players: int
    options: dict[str, Any]
    agents: list[str]
    deals: int
    seed: int
    standings: list[AgentStanding]
    pairs: list[PairResult]
    matches: list[Row]
    seconds: float

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": "muertos.tournament",
            "game": self.game,
            "players": self.players,
            "options": self.options,
            "agents": self.agents,
            "deals_per_pair": self.deals,
            "games_per_pair": 2 * self.deals,
            "seed": self.seed,
            "rating": "openskill PlackettLuce; interval mu ± 2 sigma; ranked by mu - 2 sigma",
            "seconds": self.seconds,
            "standings": [
                {
                    **asdict(s),
                    "low": s.low,
                    "high": s.high,
                    "score": s.score,
                    "score_interval": wilson(s.wins + 0.5 * s.draws, s.games),
                }
                for s in self.standings
            ],
            "pairs": [
                {
                    "a": p.a,
                    "b": p.b,
                    "games": p.games,
                    "a_wins": p.a_wins,
                    "draws": p.draws,
                    "b_wins": p.b_wins,
                    "a_share": p.a_share,
                    "a_share_interval": wilson(p.a_wins + 0.5 * p.draws, p.games),
                    "a_mean_score": _mean(p.a_scores),
                    "b_mean_score": _mean(p.b_scores),
                    "predicted_a_beats_b": p.predicted,
                }
                for p in self.pairs
            ],
            "matches": self.matches,
        }

    def table(self, lang: str = DEFAULT) -> Table:
        """The standings, in ``lang``."""
        t = Table(
            title=message(
                "sim.tournament.title",
                lang,
                game=title(self.game, lang),
                players=self.players,
                games=2 * self.deals,
                seed=self.seed,
            )
        )
        for col, just in (
            ("rank", "right"),
            ("agent", "left"),
            ("rating", "right"),
            ("low", "right"),
            ("wdl", "right"),
            ("score", "right"),
        ):
            t.add_column(message(f"sim.tournament.col.{col}", lang), justify=just)  # type: ignore[arg-type]
        for i, s in enumerate(self.standings, 1):
            lo, hi = wilson(s.wins + 0.5 * s.draws, s.games)
            t.add_row(
                str(i),
                s.agent,
                f"{s.mu:.2f} ± {2 * s.sigma:.2f}",
                f"{s.low:.2f}",
                f"{s.wins}-{s.draws}-{s.losses}",
                f"{percent(s.score)} ({interval_text(lo, hi)})",
            )
        return t

    def pair_table(self, lang: str = DEFAULT) -> Table:
        """Each pair's record, in ``lang``."""
        t = Table(title=message("sim.tournament.pairs_title", lang))
        for col, just in (
            ("pair", "left"),
            ("wdl", "right"),
            ("share", "right"),
            ("interval", "right"),
            ("scores", "right"),
            ("predicted", "right"),
        ):
            t.add_column(message(f"sim.tournament.col.{col}", lang), justify=just)  # type: ignore[arg-type]
        for p in self.pairs:
            lo, hi = wilson(p.a_wins + 0.5 * p.draws, p.games)
            t.add_row(
                message("sim.tournament.vs", lang, a=p.a, b=p.b),
                f"{p.a_wins}-{p.draws}-{p.b_wins}",
                percent(p.a_share),
                interval_text(lo, hi),
                f"{_mean(p.a_scores):.1f} / {_mean(p.b_scores):.1f}",
                percent(p.predicted),
            )
        t.caption = message("sim.tournament.pairs_caption", lang)
        return t


def _mean(xs: Sequence[float]) -> float:
    return sum(xs) / len(xs) if xs else math.nan


def plan_matches(agents: Sequence[str], players: int, deals: int, seed: int) -> list[Match]:
    """Every pair on every deal, both ways round, in the order ratings are updated.

    >>> [m.seats for m in plan_matches(["a", "b"], 3, 1, 0)]
    [('a', 'b', 'a'), ('b', 'a', 'b')]
    """
    pairs = [(i, j) for i in range(len(agents)) for j in range(i + 1, len(agents))]
    out = []
    for d in range(deals):
        s = game_seed(seed, d)
        for p, (i, j) in enumerate(pairs):
            for side in (0, 1):
                first, second = (agents[i], agents[j]) if side == 0 else (agents[j], agents[i])
                seats = tuple(first if k % 2 == 0 else second for k in range(players))
                out.append(Match(p, d, side, s, seats))
    return out


def tournament(
    game_id: str,
    agents: str | Sequence[str],
    games: int = 20,
    players: int | None = None,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    *,
    jobs: int = 1,
    backend: str = "process",
    address: str | None = None,
    quiet: bool = False,
    console: Console | None = None,
    lang: str = DEFAULT,
) -> TournamentResult:
    """Play the round robin and rate the agents. ``games`` is per pair (rounded up to an
    even number: each deal is played both ways round)."""
    from openskill.models import PlackettLuce

    g = game(game_id)
    n = min(max(2, g.min_players), g.max_players) if players is None else players
    opts = g.check_options(n, options)
    names = list(parse_agents(agents) if isinstance(agents, str) else parse_agents(",".join(agents)))
    if len(set(names)) != len(names):
        raise SimError("agent_twice", agents=", ".join(names))
    if len(names) < 2:
        raise SimError("two_agents")
    if games < 1:
        raise SimError("at_least_1", flag="--games", value=games)
    if seed < 0:
        raise SimError("seed_negative", value=seed)
    deals = math.ceil(games / 2)
    matches = plan_matches(names, n, deals, seed)
    size = max(1, min(20, math.ceil(len(matches) / (10 * jobs))))
    chunks = [MatchChunk(g.id, n, opts, tuple(matches[i : i + size])) for i in range(0, len(matches), size)]
    rows: list[Row] = []
    bar = progress_bar(console, quiet, lang)
    task = bar.add_task(message("sim.tournament.progress", lang, game=g.id), total=len(matches), base=0)
    in_process = jobs == 1 and backend == "process"

    def on_result(chunk: MatchChunk, got: list[Row]) -> bool:
        rows.extend(got)
        if not in_process:
            bar.advance(task, len(got))
        return True

    t0 = time.perf_counter()
    with session(backend, jobs, address), bar:
        run_chunks(
            play_match_chunk,
            chunks,
            on_result,
            jobs=jobs,
            backend=backend,
            address=address,
            on_game=(lambda: bar.advance(task)) if in_process else None,
        )
    seconds = time.perf_counter() - t0
    rows.sort(key=lambda r: (r["deal"], r["pair"], r["side"]))

    model = PlackettLuce()
    ratings = {a: model.rating(name=a) for a in names}
    standing = {a: AgentStanding(a, 0.0, 0.0) for a in names}
    pair_names = [(names[i], names[j]) for i in range(len(names)) for j in range(i + 1, len(names))]
    pairs = [PairResult(a, b) for a, b in pair_names]

    def compare(a: str, b: str, pa: tuple[float, ...], pb: tuple[float, ...], pr: PairResult) -> None:
        rank_a, rank_b = (0, 1) if pa > pb else (1, 0) if pb > pa else (0, 0)
        [[ra], [rb]] = model.rate([[ratings[a]], [ratings[b]]], ranks=[rank_a, rank_b])
        ratings[a], ratings[b] = ra, rb
        for who, r in ((a, rank_a), (b, rank_b)):
            st = standing[who]
            st.games += 1
            if rank_a == rank_b:
                st.draws += 1
            elif r == 0:
                st.wins += 1
            else:
                st.losses += 1
        pr.games += 1
        if rank_a == rank_b:
            pr.draws += 1
        elif rank_a == 0:
            pr.a_wins += 1
        else:
            pr.b_wins += 1

    if n == 1:
        by_key = {(r["deal"], r["pair"], r["side"]): r for r in rows}
        for d in range(deals):
            for p, (a, b) in enumerate(pair_names):
                ra_, rb_ = by_key[(d, p, 0)], by_key[(d, p, 1)]
                sa, sb = float(ra_["scores"][0]), float(rb_["scores"][0])
                pairs[p].a_scores.append(sa)
                pairs[p].b_scores.append(sb)
                compare(a, b, (float(bool(ra_["winners"])), sa), (float(bool(rb_["winners"])), sb), pairs[p])
    else:
        for r in rows:
            a, b = pair_names[r["pair"]]
            shares = win_shares(r["winners"], n)
            seats = r["seats"]
            share = {x: sum(shares[k] for k in range(n) if seats[k] == x) for x in (a, b)}
            pr = pairs[r["pair"]]
            pr.a_scores.extend(float(r["scores"][k]) for k in range(n) if seats[k] == a)
            pr.b_scores.extend(float(r["scores"][k]) for k in range(n) if seats[k] == b)
            compare(a, b, (share[a],), (share[b],), pr)

    for a in names:
        standing[a].mu = float(ratings[a].mu)
        standing[a].sigma = float(ratings[a].sigma)
    for pr in pairs:
        pr.predicted = float(model.predict_win([[ratings[pr.a]], [ratings[pr.b]]])[0])
    ranked = sorted(standing.values(), key=lambda s: (-s.low, -s.mu, s.agent))
    return TournamentResult(g.id, n, opts, names, deals, seed, ranked, pairs, rows, seconds)


def save(result: TournamentResult, path: Path) -> None:
    """Write the results as JSON, making missing directories; a path that cannot be written
    is a :class:`SimError` (the command checks it with :func:`~.files.check_writable`
    before playing)."""
    write_text(path, json.dumps(result.to_json(), indent=1), parents=True)
