"""``ismcts+net``: the search judged at its leaves by the learned evaluation.

The network (``muertos.learn``) reads each seat's observation of the search's
determinization, never the true state, and answers the seat's expected outcome. Its
judgement where the tree stops is mixed with the playout's, in the share set for the game
and seat count beside the weights (``muertos/learn/weights/leaf.toml``, which also records
what each network was measured worth: a network is asked only where it made the search
stronger, today Ofertu at two seats, so elsewhere this is today's search and it can be the
lobby's strongest level; see the README). Where the package has no weights for
the game and seat count, or torch is missing, the agent is today's ISMCTS and says so once
(a ``RuntimeWarning``); weights trained on another encoding are refused
(``ValueError``), never silently misread.

Solo, once what is left of the game is small, it does not search but walks every line to
the end on a set of samples (``muertos.agents.endgame``).
"""

from __future__ import annotations

import warnings
from collections.abc import Callable
from typing import Any

from muertos.engine import State

from .endgame import best_move, solve
from .ismcts import CLOCKS, ISMCTSAgent


def learned(game_id: str, players: int) -> Callable[[State], list[float]] | None:
    """The shipped evaluation of a game at a seat count, or None (warned once)."""
    from muertos.learn import NO_TORCH, torch_available, value_model

    if not torch_available():
        _warn_once(NO_TORCH)
        return None
    model = value_model(game_id, players)
    if model is None:
        _warn_once(
            f"no learned evaluation of {game_id} at {players} seats in this package: "
            "the ismcts+net bot plays today's search"
        )
        return None
    return model.values


_WARNED: set[str] = set()


def _warn_once(message: str) -> None:
    if message not in _WARNED:
        _WARNED.add(message)
        warnings.warn(message, RuntimeWarning, stacklevel=3)


class NetISMCTSAgent(ISMCTSAgent):
    """ISMCTS whose leaves the learned evaluation of the game judges (see the module).

    ``leaf_mix``: the network's share of a leaf's reward; None (the default): the share set
    for the game and seat count (``muertos.learn.leaf_mix``; 0: the network is not asked,
    the search is today's). A ``leaf`` given (tests, benchmarks) judges alone unless
    ``leaf_mix`` says otherwise."""

    def __init__(
        self, seed: int = 0, endgame: bool = True, leaf_mix: float | None = None, **kwargs: Any
    ) -> None:
        super().__init__(seed, leaf_mix=1.0 if leaf_mix is None else leaf_mix, **kwargs)
        self.mix_from_file = leaf_mix is None
        self.endgame = endgame
        self.last_solved = False
        unit = "s" if self.clock == "wall" else "cpu"
        budget = f"{self.seconds:g}{unit}" if self.seconds is not None else str(self.iterations)
        self.name = f"ismcts+net:{budget}"

    def prepare(self, state: State) -> None:
        """Import torch and load the network ``state``'s setting asks, before any clock
        starts (the server's bot workers time a move from here: the import took seconds on a
        busy 2-core machine)."""
        self._leaf(state)

    def act(self, state: State, seat: int) -> str:
        """Solo near the end, the best move on every sample walked to the end; else the
        search. With a time budget the walk may take half of it, and the search has what
        is left: the move keeps the budget."""
        if not (self.endgame and state.players == 1 and len(state.legal_actions()) > 1):
            self.last_solved = False
            return super().act(state, seat)
        now = CLOCKS[self.clock]
        start = now()
        budget = self.seconds
        deadline = None if budget is None else start + budget / 2
        values = solve(state, seat, self.rng, deadline=deadline, clock=now)
        self.last_solved = values is not None
        if values is not None:
            self.last_iterations = 0
            move = best_move(values)
            self.last_value = values[move]  # the mean best final score, walked to the end
            return move
        if budget is None:
            return super().act(state, seat)
        self.seconds = max(budget - (now() - start), budget / 2)
        try:
            return super().act(state, seat)
        finally:
            self.seconds = budget

    def _leaf_share(self, state: State) -> float:
        if self.leaf is not None or not self.mix_from_file:  # the share given
            return self.leaf_mix
        from muertos.learn import leaf_mix

        return leaf_mix(state.game.id, state.players)

    def _leaf(self, state: State) -> Callable[[State], list[float]] | None:
        if self.leaf is not None:
            return self.leaf
        if self._leaf_share(state) == 0.0:
            return None
        return learned(state.game.id, state.players)


class EndgameISMCTSAgent(NetISMCTSAgent):
    """``ismcts+endgame``: today's search, judged as ``ismcts`` judges, with the solo walk of
    every line once what is left is small, and no network: on Ofrenda solo the network cost
    points and the walk did not (see the README), so the two are measured apart."""

    def __init__(self, seed: int = 0, **kwargs: Any) -> None:
        super().__init__(seed, endgame=True, **kwargs)
        self.name = self.name.replace("ismcts+net", "ismcts+endgame", 1)

    def _leaf(self, state: State) -> Callable[[State], list[float]] | None:
        return self.leaf
