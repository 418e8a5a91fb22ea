"""Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling et al. 2012).

Each iteration draws a determinization of what the searching seat knows
(``state.determinize(seat, rng)``) and walks one tree shared by all of them, keyed by
actions. A child's statistics count how often it was *available* as well as chosen, so
UCB compares actions fairly although each determinization allows different ones. Every
node keeps the reward of the seat that chose it, so opponents search for their own good.
The hidden information of the real state is never read: only determinizations are.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable

from muertos.engine import State


class _Node:
    __slots__ = ("avail", "children", "reward", "visits")

    def __init__(self) -> None:
        self.children: dict[str, _Node] = {}
        self.visits = 0
        self.avail = 1
        self.reward = 0.0


def outcome(state: State) -> list[float]:
    """Reward of each seat at the end: mostly winning (a tie shares it), partly the rank."""
    sc = state.scores()
    n = len(sc)
    if n == 1:
        return [float(sc[0])]
    winners = state.winners()
    out = []
    for i in range(n):
        win = 1.0 / len(winners) if i in winners else 0.0
        beaten = sum(1.0 if sc[i] > sc[j] else 0.5 if sc[i] == sc[j] else 0.0 for j in range(n) if j != i)
        out.append(0.75 * win + 0.25 * beaten / (n - 1))
    return out


class ISMCTSAgent:
    """ISMCTS with a budget of ``iterations`` per move, or ``seconds`` per move.

    ``rollout`` is ``"random"`` or ``"heuristic"`` (the game's fast playout policy where it
    has one, else the best action by its evaluation on a sample of actions). With an
    iteration budget the same seed gives the same moves; a time budget depends on the clock.
    """

    def __init__(
        self,
        seed: int = 0,
        iterations: int | None = 1000,
        seconds: float | None = None,
        rollout: str = "random",
        exploration: float = 0.7,
        rollout_depth: int | None = None,
    ) -> None:
        if rollout not in ("random", "heuristic"):
            raise ValueError(f"rollout must be 'random' or 'heuristic', got {rollout!r}")
        if iterations is None and seconds is None:
            raise ValueError("ISMCTS needs a budget: iterations or seconds")
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.rollout = rollout
        self.c = exploration
        self.rollout_depth = rollout_depth
        budget = f"{seconds:g}s" if seconds is not None else str(iterations)
        self.name = f"ismcts:{budget}" + (":heuristic" if rollout == "heuristic" else "")
        self.last_iterations = 0

    # ---------------------------------------------------------------- policy
    def _policy(self, state: State) -> Callable[[State], str]:
        rng = self.rng
        if self.rollout == "heuristic":
            fast = state.game.rollout_policy()
            if fast is not None:
                return lambda s: str(fast(s, rng))
            g = state.game

            def best_of_sample(s: State) -> str:
                legal = s.legal_actions()
                if len(legal) == 1:
                    return legal[0]
                seat = s.to_move
                assert seat is not None
                sample = legal if len(legal) <= 6 else rng.sample(legal, 6)
                best, best_v = sample[0], -math.inf
                for a in sample:
                    c = s.clone()
                    c.apply(a)
                    v = g.evaluate(c, seat)
                    if v > best_v:
                        best, best_v = a, v
                return best

            return best_of_sample

        def uniform(s: State) -> str:
            legal = s.legal_actions()
            return legal[rng.randrange(len(legal))]

        return uniform

    # ---------------------------------------------------------------- search
    def act(self, state: State, seat: int) -> str:
        legal = state.legal_actions()
        if len(legal) == 1:
            self.last_iterations = 0
            return legal[0]
        root = _Node()
        policy = self._policy(state)
        lo, hi = math.inf, -math.inf
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        n = 0
        rng = self.rng
        while True:
            if self.iterations is not None and n >= self.iterations:
                break
            if deadline is not None and n > 0 and time.perf_counter() >= deadline:
                break
            n += 1
            d = state.determinize(seat, rng)
            node = root
            path: list[tuple[_Node, int]] = []
            # selection and expansion
            while not d.over:
                mover = d.to_move
                assert mover is not None
                options = d.legal_actions()
                children = node.children
                untried = [a for a in options if a not in children]
                if untried:
                    for a in options:
                        if a in children:
                            children[a].avail += 1
                    a = untried[rng.randrange(len(untried))]
                    child = _Node()
                    children[a] = child
                    d.apply(a)
                    path.append((child, mover))
                    break
                best_a, best_u = options[0], -math.inf
                span = hi - lo if hi > lo else 1.0
                for a in options:
                    ch = children[a]
                    ch.avail += 1
                    q = (ch.reward / ch.visits - lo) / span if ch.visits else 1.0
                    u = q + self.c * math.sqrt(math.log(ch.avail) / ch.visits) if ch.visits else math.inf
                    if u > best_u:
                        best_a, best_u = a, u
                node = children[best_a]
                d.apply(best_a)
                path.append((node, mover))
            # rollout
            depth = 0
            while not d.over and (self.rollout_depth is None or depth < self.rollout_depth):
                d.apply(policy(d))
                depth += 1
            values = outcome(d) if d.over else [state.game.evaluate(d, i) for i in range(d.players)]
            # backpropagation
            for nd, mover in path:
                v = values[mover]
                nd.visits += 1
                nd.reward += v
                lo = min(lo, v)
                hi = max(hi, v)
        self.last_iterations = n
        best = max(legal, key=lambda a: root.children[a].visits if a in root.children else -1)
        return best
