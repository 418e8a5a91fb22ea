"""End-of-game rewards from the scores (no game rules: only ``scores()`` and ``winners()``)."""

from __future__ import annotations

from muertos.engine import State

REWARDS = ("outcome", "score", "margin")


def check_reward(mode: str) -> str:
    """The reward's name, refused when an environment is made rather than at a game's end."""
    if mode not in REWARDS:
        raise ValueError(f"reward must be one of {', '.join(REWARDS)}; got {mode!r}")
    return mode


def final_rewards(state: State, mode: str = "outcome") -> list[float]:
    """Each seat's reward once the game is over.

    - ``outcome`` (the default for 2+ players): zero-sum, ``n/(n-1) * (1/k - 1/n)`` for each
      of the ``k`` winners and ``-1/(n-1)`` for everyone else, so a sole winner gets +1, a
      2-player loser -1 and a draw 0; with one player it is the score, as ``score``;
    - ``score``: the rulebook score;
    - ``margin``: the score minus the best other score (solo: the score).
    """
    check_reward(mode)
    sc = [float(x) for x in state.scores()]
    n = len(sc)
    if mode == "score" or n == 1:
        return sc
    if mode == "margin":
        return [v - max(w for j, w in enumerate(sc) if j != i) for i, v in enumerate(sc)]
    win = set(state.winners())
    k = len(win)
    if k == 0 or k == n:
        return [0.0] * n
    return [n / (n - 1) * ((1.0 / k if i in win else 0.0) - 1.0 / n) for i in range(n)]
