"""Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling et al. 2012).

Each iteration draws a determinization of what the searching seat knows
(``state.determinize(seat, rng)``) and walks one tree shared by all of them, keyed by
actions. A child's statistics count how often it was *available* as well as chosen, so
UCB compares actions fairly although each determinization allows different ones. Every
node keeps the reward of the seat that chose it, so opponents search for their own good.
The hidden information of the real state is never read: only determinizations are.

Below the tree a playout runs for at most a game-given number of actions (random, or the
game's fast heuristic policy) and is then judged by the game's evaluation; a finished
game is judged by its result. With several seats a reward lies in [0, 1]: mostly the win
(a tie shares it), partly the score margin squashed by a logistic curve, and at a cut-off
the squashed evaluated lead. Solo, the reward is the (estimated) score itself, normalised
by the range seen in the search.

A game tunes the search with optional constants in its ``heuristics`` module:
``SCALE`` (a lead worth about a 73% chance of winning, in evaluation units),
``EXPLORATION`` (the UCB constant with several seats; solo it is 0.7),
``PLAYOUT`` (``"heuristic"`` or ``"random"``: the default playout) and ``PLAYOUT_DEPTH``
(actions played below the tree before evaluating; ``None``: to the end) and ``WIDEN`` (how
many moves, best one step ahead, a node with many searches; default 8). Solo games, a
different problem (a score to raise, no rival), may set their own: ``SOLO_EXPLORATION``,
``SOLO_PLAYOUT``, ``SOLO_PLAYOUT_DEPTH`` and ``SOLO_WIDEN``, each defaulting to the
general one. ``OPPONENTS``: ``"search"`` (default: each rival's moves are searched for
its own good), ``"greedy"`` (a rival plays the greedy bot's move, in the tree and in the
playouts) or ``"policy"`` (the playout's move, in the tree too): with a model the tree
branches only on the searcher's moves, and a rival's move, different with its hidden hand
in every determinization, leads to one node, so the tree reaches the searcher's next turn. ``PRIOR`` (``SOLO_PRIOR``): the greedy value of each root move
counts as this many visits of its mean reward (default 0: none), so that a short search
starts from the greedy bot's judgement instead of from noise. ``EXPAND`` (``SOLO_EXPAND``):
``"random"`` (default) or ``"best"``, the untried move a node expands first (best by the
evaluation one step ahead, on this determinization: where a chance event changes the moves
at every visit, a node is then judged by good follow-ups, not random ones) or ``"chance"``
(at a node whose moves have changed between visits, every visit ranks this determinization's
moves one step ahead, searches the ``WIDEN`` best and expands the best untried first,
instead of a set narrowed on one roll; other nodes as with ``"random"``). A game's fast
``rollout`` policy may answer None where it has no opinion: the
agent's generic heuristic playout (the best of a sample of moves by the evaluation) then
decides.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Collection
from typing import Any

from muertos.engine import Game, State

from .greedy import bot_moves, one_step_values

WIN_WEIGHT = 0.75
"""Share of a multiplayer reward that is the win itself; the rest is the squashed margin."""
MAX_SECONDS = 600.0
"""The longest a search may think a move: a budget is a finite number of seconds up to this."""
MAX_ITERATIONS = 10_000_000
"""The most iterations a search may run a move."""
OPPONENT_MODELS = ("search", "greedy", "policy")
"""How the search sees its rivals: searched for their own good, or playing the greedy bot's
move, or the playout's move, without branching (a game's ``OPPONENTS``)."""
RIVAL = ""
"""The key of the one node a modelled rival's move leads to, whatever the move."""
SETTLE_MARGIN = 1.5
"""A time-budgeted search stops once the most visited root move leads the next by more than
this many times the iterations the time left would bring at the rate so far (room for a
slower stretch): more thinking could not change the move."""
CLOCKS: dict[str, Callable[[], float]] = {"wall": time.perf_counter, "cpu": time.process_time}
"""What a budget in seconds counts: time on the wall, or this process's CPU time — the
same thinking for a bot whether the machine is idle or shared (benchmarks of strength)."""


def budget_problem(iterations: int | None, seconds: float | None) -> str | None:
    """Why a search budget cannot be run (not finite, not positive, past the limits), or None.

    A deadline of NaN seconds is never reached, and one of 1e9 seconds never in practice:
    either would spin a bot forever."""
    if iterations is None and seconds is None:
        return "a search needs a budget: iterations or seconds"
    if seconds is not None:
        if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not math.isfinite(seconds):
            return f"a search budget in seconds must be a finite number, not {seconds!r}"
        if not 0 < seconds <= MAX_SECONDS:
            return f"a search may think more than 0 and at most {MAX_SECONDS:g} s a move, not {seconds:g} s"
    if iterations is not None and (
        isinstance(iterations, bool)
        or not isinstance(iterations, int)
        or not 1 <= iterations <= MAX_ITERATIONS
    ):
        return f"a search runs from 1 to {MAX_ITERATIONS} iterations a move, not {iterations!r}"
    return None


class _Node:
    __slots__ = ("allowed", "avail", "children", "first", "prior", "reward", "varying", "visits")

    def __init__(self) -> None:
        self.children: dict[str, _Node] = {}
        self.allowed: set[str] | None = None  # the moves worth searching, once narrowed
        self.visits = 0
        self.avail = 1
        self.reward = 0.0
        self.prior = 0.0  # the greedy value of the move into this node, as a reward
        self.first: frozenset[str] | None = None  # the moves of its first visit (EXPAND "chance")
        self.varying = False  # its moves changed since: a chance event before it


def _kept_from(vals: list[float], widen: int) -> float:
    """The least value a move needs to be among the ``widen`` best (moves tied with the
    last one kept): the one cut of narrowing, at a node and at a changing one."""
    return sorted(vals, reverse=True)[widen - 1] - 1e-9


def _settled(root: _Node, done: int, spent: float, left: float) -> bool:
    """Whether the most visited root move, the one ``act`` plays, stays so whatever the
    ``left`` seconds bring: each iteration adds one visit to one root move."""
    if spent <= 0.0:
        return False
    first = second = 0
    for ch in root.children.values():
        v = ch.visits
        if v > first:
            first, second = v, first
        elif v > second:
            second = v
    return first - second > SETTLE_MARGIN * done * left / spent


def _squash(x: float) -> float:
    if x >= 0:
        return 1.0 / (1.0 + math.exp(-x))
    e = math.exp(x)
    return e / (1.0 + e)


def _solo_hint(game: Game, solo: bool, name: str, default: Any) -> Any:
    """``SOLO_<name>`` in a solo game, falling back to ``name``, then to ``default``."""
    general = _hint(game, name, default)
    return _hint(game, "SOLO_" + name, general) if solo else general


def _hint(game: Game, name: str, default: Any) -> Any:
    """A search constant from the game's heuristics, if they set one."""
    return game.parts.tuning(name, default)


def playout_depth(game: Game, solo: bool) -> int | None:
    """Actions a playout runs below the tree before the evaluation judges (the game's
    ``PLAYOUT_DEPTH``, solo ``SOLO_PLAYOUT_DEPTH``); None: to the end."""
    depth = _solo_hint(game, solo, "PLAYOUT_DEPTH", None)
    assert depth is None or isinstance(depth, int)
    return depth


def outcome(state: State, scale: float = 5.0) -> list[float]:
    """Reward of each seat at the end: mostly winning (a tie shares it), partly the margin
    over the best other seat (and with 3+ seats the rank). Solo: the score."""
    sc = state.scores()
    n = len(sc)
    if n == 1:
        return [float(sc[0])]
    winners = state.winners()
    out = []
    for i in range(n):
        win = 1.0 / len(winners) if i in winners else 0.0
        margin = sc[i] - max(v for j, v in enumerate(sc) if j != i)
        rest = _squash(margin / scale)
        if n > 2:
            beaten = sum(1.0 if sc[i] > sc[j] else 0.5 if sc[i] == sc[j] else 0.0 for j in range(n) if j != i)
            rest = 0.5 * rest + 0.5 * beaten / (n - 1)
        out.append(WIN_WEIGHT * win + (1.0 - WIN_WEIGHT) * rest)
    return out


class ISMCTSAgent:
    """ISMCTS with a budget of ``iterations`` per move, or ``seconds`` per move.

    ``rollout`` is ``"auto"`` (the game's preferred playout), ``"random"`` or
    ``"heuristic"`` (the game's fast playout policy where it has one, else the best action
    by its evaluation on a sample of actions). ``rollout_depth``: actions played below the
    tree before the evaluation judges the position (default: the game's ``PLAYOUT_DEPTH``;
    ``None`` plays to the end). With an iteration budget the same seed gives the same
    moves; a time budget depends on the clock. ``scale``: a lead worth about a 73% chance
    of winning (default: the game's ``SCALE``); ``exploration``: the UCB constant (default:
    the game's ``EXPLORATION`` with several seats, ``SOLO_EXPLORATION`` solo, else 0.7).
    ``widen``: with more legal moves than this, the search considers only the ``widen``
    best by the game's evaluation one move ahead, on a determinization as the greedy bot
    sees them (moves tied with the last one are kept): at the root at once, deeper once a
    node has been visited ``narrow_at`` times. ``"auto"``: the game's ``WIDEN`` (solo,
    ``SOLO_WIDEN``), else 8; ``None``: every move. ``settle``: with a time budget, stop
    thinking once the move chosen can no longer change (see ``SETTLE_MARGIN``).
    ``leaf``: each seat's reward for a position (a learned evaluation, solo the expected
    score, at a table the share of the win): the playout then stops after ``leaf_depth``
    actions (0: at once, ``None``: at the end) and ``leaf`` judges it. ``leaf_mix`` below 1:
    ``leaf`` judges the position where the tree stops and the playout runs as without
    one; the reward is ``leaf_mix`` of the first and the rest of the second (the mixed
    leaf evaluation of AlphaGo).
    """

    def __init__(
        self,
        seed: int = 0,
        iterations: int | None = 1000,
        seconds: float | None = None,
        rollout: str = "auto",
        exploration: float | None = None,
        rollout_depth: int | str | None = "auto",
        scale: float | None = None,
        widen: int | str | None = "auto",
        narrow_at: int = 16,
        clock: str = "wall",
        opponents: str = "auto",
        prior: float | None = None,
        settle: bool = True,
        leaf: Callable[[State], list[float]] | None = None,
        leaf_depth: int | None = 0,
        leaf_mix: float = 1.0,
    ) -> None:
        if rollout not in ("auto", "random", "heuristic"):
            raise ValueError(f"rollout must be 'auto', 'random' or 'heuristic', got {rollout!r}")
        why = budget_problem(iterations, seconds)
        if why is not None:
            raise ValueError(why)
        if clock not in CLOCKS:
            raise ValueError(f"clock must be 'wall' or 'cpu', got {clock!r}")
        if opponents not in ("auto", *OPPONENT_MODELS):
            raise ValueError(f"opponents must be 'auto', 'search', 'greedy' or 'policy', got {opponents!r}")
        if isinstance(widen, str) and widen != "auto":
            raise ValueError(f"widen must be 'auto', a number of moves or None, got {widen!r}")
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.rollout = rollout
        self.c = exploration
        self.rollout_depth = rollout_depth
        self.scale = scale
        self.widen = widen
        self.narrow_at = narrow_at
        self.clock = clock
        self.opponents = opponents
        self.prior = prior
        self.settle = settle
        self.leaf = leaf
        self.leaf_depth = leaf_depth
        if not 0.0 <= leaf_mix <= 1.0:
            raise ValueError(f"leaf_mix is a share in [0, 1], not {leaf_mix!r}")
        self.leaf_mix = leaf_mix
        unit = "s" if clock == "wall" else "cpu"
        budget = f"{seconds:g}{unit}" if seconds is not None else str(iterations)
        self.name = f"ismcts:{budget}" + ("" if rollout == "auto" else f":{rollout}")
        self.last_iterations = 0
        self.last_value: float | None = None
        """The mean reward for its seat of the move ``act`` last played (solo the score
        expected, at a table mostly the share of the win), or None where it did not search:
        what training takes as the search's judgement of the position the move led to."""

    # ---------------------------------------------------------------- policy
    def _policy(self, game: Game, solo: bool) -> Callable[[State], str]:
        rng = self.rng
        kind = self.rollout
        if kind == "auto":
            kind = str(_solo_hint(game, solo, "PLAYOUT", "random"))
        if kind == "heuristic":
            fast = game.rollout_policy()

            def best_of_sample(s: State) -> str:
                legal = s.legal_actions()
                if len(legal) == 1:
                    return legal[0]
                seat = s.to_move
                assert seat is not None
                sample = legal if len(legal) <= 6 else rng.sample(legal, 6)
                values = one_step_values(s, seat, sample)
                return sample[values.index(max(values))]

            if fast is None:
                return best_of_sample

            def game_policy(s: State) -> str:
                a = fast(s, rng)
                return best_of_sample(s) if a is None else str(a)

            return game_policy

        def uniform(s: State) -> str:
            legal = s.legal_actions()
            return legal[rng.randrange(len(legal))]

        return uniform

    def _greedy(self, d: State, mover: int, legal: list[str] | None = None) -> str:
        """The greedy bot's move for ``mover`` in ``d`` (among ``legal``, default every legal
        move): the best one step ahead, ties at random."""
        if legal is None:
            legal = d.legal_actions()
        if len(legal) == 1:
            return legal[0]
        vals = one_step_values(d, mover, legal)
        best = max(vals)
        ties = [a for a, v in zip(legal, vals, strict=True) if v >= best - 1e-9]
        return ties[0] if len(ties) == 1 else ties[self.rng.randrange(len(ties))]

    @staticmethod
    def _varies(node: _Node, options: list[str]) -> bool:
        """Whether ``node``'s moves have changed between its visits (a roll or a draw
        decides them), remembering the moves of its first visit."""
        if node.varying:
            return len(options) > 1
        moves = frozenset(options)
        if node.first is None:
            node.first = moves
        elif node.first != moves:
            node.varying = True
        return node.varying and len(options) > 1

    @staticmethod
    def _ranked(d: State, mover: int, options: list[str], widen: int | None) -> list[str]:
        """This determinization's moves, best first one step ahead, the ``widen`` best
        (ties kept): at a node whose moves change, instead of a set narrowed on one roll."""
        vals = one_step_values(d, mover, options)
        order = sorted(range(len(options)), key=vals.__getitem__, reverse=True)
        if widen is not None and len(options) > widen:
            cut = _kept_from(vals, widen)
            order = [i for i in order if vals[i] >= cut]
        return [options[i] for i in order]

    @staticmethod
    def _candidates(
        d: State, seat: int, legal: list[str], widen: int | None, vals: list[float] | None = None
    ) -> set[str] | None:
        """The moves worth searching: all of them, or the best ``widen`` one step ahead."""
        if widen is None or len(legal) <= widen:
            return None
        if vals is None:
            vals = one_step_values(d, seat, legal)
        cut = _kept_from(vals, widen)
        return {a for a, v in zip(legal, vals, strict=True) if v >= cut}

    def _leaf(self, state: State) -> Callable[[State], list[float]] | None:
        """What judges a position the playout leaves unfinished instead of the game's
        evaluation (each seat's reward, as ``outcome`` gives them), or None: the
        evaluation. A learned one (``muertos.agents.net``) answers per game."""
        return self.leaf

    def _leaf_share(self, state: State) -> float:
        """The share of a leaf's reward ``leaf`` gives, the playout the rest."""
        return self.leaf_mix

    def asks_network(self, state: State) -> bool:
        """Whether a learned evaluation judges this search's leaves at ``state``'s setting:
        its games then depend on those weights (training records which)."""
        return self._leaf(state) is not None

    # ---------------------------------------------------------------- search
    def act(self, state: State, seat: int) -> str:
        legal = bot_moves(state, seat)
        self.last_value = None
        if len(legal) == 1:
            self.last_iterations = 0
            return legal[0]
        narrowed = len(legal) < len(state.legal_actions())
        kids = self._search(
            state, seat, legal, settle=self.settle, only=frozenset(legal) if narrowed else None
        ).children

        def rank(a: str) -> tuple[int, float]:
            ch = kids.get(a)
            return (ch.visits, ch.reward / ch.visits) if ch and ch.visits else (-1, 0.0)

        best = max(legal, key=rank)
        visits, mean = rank(best)
        self.last_value = mean if visits > 0 else None
        return best

    def root_values(
        self, state: State, seat: int, include: Collection[str] = (), floor: int = 0
    ) -> dict[str, tuple[int, float]]:
        """Each searched move at the root: (visits, mean reward for ``seat``), the numbers
        ``act`` chooses by, for judging moves (``muertos.analysis``). ``include``: moves
        searched even when the narrowing would leave them out (the move a player made);
        ``floor``: visits every root move gets before UCB chooses, so that a move the
        search dislikes still has a value worth quoting."""
        legal = state.legal_actions()
        kids = self._search(state, seat, legal, include, floor).children
        return {a: (ch.visits, ch.reward / ch.visits) for a, ch in kids.items() if ch.visits}

    def _search(
        self,
        state: State,
        seat: int,
        legal: list[str],
        include: Collection[str] = (),
        floor: int = 0,
        settle: bool = False,
        only: frozenset[str] | None = None,
    ) -> _Node:
        game = state.game
        players = state.players
        solo = players == 1
        scale = self.scale or float(_hint(game, "SCALE", 5.0))
        depth_limit = playout_depth(game, solo) if self.rollout_depth == "auto" else self.rollout_depth
        leaf = self._leaf(state)
        mix = self._leaf_share(state)
        mixed = leaf is not None and mix < 1.0
        if leaf is not None and not mixed:
            depth_limit = self.leaf_depth
        assert depth_limit is None or isinstance(depth_limit, int)
        policy = self._policy(game, solo)
        evaluate = game.evaluate
        now = CLOCKS[self.clock]
        start = now()
        deadline = None if self.seconds is None else start + self.seconds
        widen = _solo_hint(game, solo, "WIDEN", 8) if self.widen == "auto" else self.widen
        assert widen is None or isinstance(widen, int)
        narrow_at = self.narrow_at
        model = _hint(game, "OPPONENTS", "search") if self.opponents == "auto" else self.opponents
        if model not in OPPONENT_MODELS:
            raise ValueError(f"a game's OPPONENTS is 'search', 'greedy' or 'policy', not {model!r}")
        modelled = not solo and model != "search"
        greedy_rivals = modelled and model == "greedy"
        greedy = self._greedy
        expand = _solo_hint(game, solo, "EXPAND", "random")
        if expand not in ("random", "best", "chance"):
            raise ValueError(f"a game's EXPAND is 'random', 'best' or 'chance', not {expand!r}")
        best_first = expand == "best"
        chance_aware = expand == "chance"
        weight = float(_solo_hint(game, solo, "PRIOR", 0.0)) if self.prior is None else self.prior
        root = _Node()
        if weight > 0 or (widen is not None and len(legal) > widen):
            d = state.determinize(seat, self.rng)
            vals = one_step_values(d, seat, legal) if weight > 0 else None
            root.allowed = self._candidates(d, seat, legal, widen, vals)
            if root.allowed is not None and include:
                root.allowed |= set(include) & set(legal)
            if vals is not None:
                for a, v in zip(legal, vals, strict=True):
                    child = root.children[a] = _Node()
                    child.avail = 0
                    child.prior = v if solo else _squash(v / scale)
        lo, hi = (math.inf, -math.inf) if solo else (0.0, 1.0)
        n = 0
        rng = self.rng
        c = (
            self.c
            if self.c is not None
            else float(_hint(game, "SOLO_EXPLORATION" if solo else "EXPLORATION", 0.7))
        )
        log = math.log
        sqrt = math.sqrt
        while True:
            if self.iterations is not None and n >= self.iterations:
                break
            if deadline is not None and n > 0:
                t = now()
                if t >= deadline or (settle and n % 16 == 0 and _settled(root, n, t - start, deadline - t)):
                    break
            n += 1
            d = state.determinize(seat, rng)
            node = root
            path: list[tuple[_Node, int]] = []
            # selection and expansion
            while not d.over:
                mover = d.to_move
                assert mover is not None
                if modelled and mover != seat:
                    # A rival plays by its model (the greedy bot's move, or the playout's):
                    # part of the position the searcher answers, not a branch. Its moves
                    # differ with its hidden hand in every determinization, so they share
                    # one node: the tree reaches the searcher's next turn instead of
                    # scattering over moves seen once.
                    a = greedy(d, mover) if greedy_rivals else policy(d)
                    if RIVAL not in node.children:
                        node.children[RIVAL] = _Node()
                    node = node.children[RIVAL]
                    d.apply(a)
                    continue
                options = d.legal_actions()
                if only is not None and node is root:
                    options = [a for a in options if a in only] or options
                ranked = chance_aware and self._varies(node, options)
                if ranked:
                    options = self._ranked(d, mover, options, widen)
                elif widen is not None and len(options) > widen:
                    if node.allowed is None and node.visits >= narrow_at:
                        node.allowed = self._candidates(d, mover, options, widen)
                    if node.allowed is not None:
                        options = [a for a in options if a in node.allowed] or options
                children = node.children
                untried = [a for a in options if a not in children or not children[a].visits]
                if untried:
                    for a in options:
                        if a in children:
                            children[a].avail += 1
                    if ranked:
                        a = untried[0]
                    elif best_first and len(untried) > 1:
                        a = greedy(d, mover, untried)
                    else:
                        a = untried[rng.randrange(len(untried))]
                    child = children.get(a) or _Node()
                    children[a] = child
                    d.apply(a)
                    path.append((child, mover))
                    break
                if len(options) == 1:
                    best_a = options[0]
                    children[best_a].avail += 1
                elif floor and node is root and min(children[a].visits for a in options) < floor:
                    for a in options:
                        children[a].avail += 1
                    best_a = min(options, key=lambda a: children[a].visits)
                else:
                    best_a, best_u = options[0], -math.inf
                    span = hi - lo if hi > lo else 1.0
                    k = weight if node is root else 0.0
                    for a in options:
                        ch = children[a]
                        ch.avail += 1
                        mean = (ch.reward + k * ch.prior) / (ch.visits + k)
                        u = (mean - lo) / span + c * sqrt(log(ch.avail) / ch.visits)
                        if u > best_u:
                            best_a, best_u = a, u
                node = children[best_a]
                d.apply(best_a)
                path.append((node, mover))
            judged = leaf(d) if leaf is not None and mixed and not d.over else None
            # playout
            depth = 0
            while not d.over and (depth_limit is None or depth < depth_limit):
                mover = d.to_move
                assert mover is not None
                d.apply(greedy(d, mover) if greedy_rivals and mover != seat else policy(d))
                depth += 1
            if d.over:
                values = outcome(d, scale)
            elif leaf is not None and not mixed:
                values = leaf(d)
            elif solo:
                values = [evaluate(d, 0)]
            else:
                values = [_squash(evaluate(d, i) / scale) for i in range(players)]
            if judged is not None:
                values = [(1.0 - mix) * v + mix * j for v, j in zip(values, judged, strict=True)]
            if solo:
                v0 = values[0]
                lo = min(lo, v0)
                hi = max(hi, v0)
            # backpropagation
            for nd, mover in path:
                nd.visits += 1
                nd.reward += values[mover]
        self.last_iterations = n
        return root
