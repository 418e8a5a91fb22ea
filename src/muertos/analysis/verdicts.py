"""How a move's loss becomes a verdict and an accuracy: one table for every game.

A loss is measured on a normalised scale so that the same numbers judge every game:

- **with several seats**, in *win share*: the search's value of a position for a seat is
  its reward in [0, 1] (``agents.ismcts.outcome``: mostly the win, a tie sharing it, a
  quarter the squashed score margin; at a cut-off the squashed evaluated lead, calibrated
  so that the game's ``SCALE`` is about a 73% chance). A loss of 0.10 is ten points of
  win chance given away;
- **solo**, in *fraction of the score range*: points lost divided by the score the
  rulebook's top solo rating asks for (:data:`SOLO_RANGE`), so losing a tenth of what a
  perfect game scores is as bad as losing a tenth of the win chance with rivals.
"""

from __future__ import annotations

import math

VERDICTS = ("best", "good", "inaccuracy", "mistake", "blunder")
"""From the best move to the worst; the keys of ``analysis.verdict.*`` in the catalogs."""

THRESHOLDS: tuple[tuple[str, float], ...] = (
    ("blunder", 0.20),
    ("mistake", 0.10),
    ("inaccuracy", 0.05),
    ("good", 0.01),
)
"""The smallest normalised loss of each verdict, worst first; less than the last is best.

Lichess judges a move by the win chance it gives away: 5 points an inaccuracy, 10 a
mistake, 15 a blunder. We keep its first two steps and widen the blunder to 20 points,
because our values come from a sampled search over guesses of the hidden cards (a few
points of noise at the default budget) and a blunder should be beyond doubt. A move
within 1 point of the search's best is as good as the best: the search cannot tell them
apart."""

SOLO_RANGE: dict[str, float] = {"ofrenda": 110.0, "die-of-the-dead": 18.0}
"""A solo game's score range: the score of the rulebook's top solo rating (Ofrenda's
tier "110+", Die of the Dead's perfect 18 steps)."""

DEFAULT_SOLO_RANGE = 100.0
"""The range of a solo game this table does not name yet (a new game should add itself)."""


def verdict(loss: float) -> str:
    """The verdict of a move that loses ``loss`` (normalised) against the search's best."""
    for name, least in THRESHOLDS:
        if loss >= least:
            return name
    return "best"


def accuracy(loss: float) -> float:
    """A move's accuracy in percent, by lichess's curve of win chance lost
    (``103.1668·e^(−0.04354·Δ) − 3.1669``, Δ in points of 100): 100 for the best move,
    about 80 for 5 points lost, 62 for 10, 35 for 25; an average over a seat's moves is its
    accuracy for the game."""
    raw = 103.1668 * math.exp(-0.04354 * 100.0 * loss) - 3.1669
    return min(100.0, max(0.0, raw))


def score_range(game_id: str, players: int) -> float | None:
    """What a solo game's loss in points is divided by; None with several seats (win share
    needs no scale)."""
    return SOLO_RANGE.get(game_id, DEFAULT_SOLO_RANGE) if players == 1 else None
