"""Hand-built positions for the Die of the Dead tests."""

from __future__ import annotations

from muertos.games.die_of_the_dead import GAME, DieOfTheDeadState
from muertos.games.die_of_the_dead.notation import parse_die
from muertos.games.die_of_the_dead.scoring import BREAD, CANDLE, INCENSE, MARIGOLD


def D(text: str) -> int:
    d = parse_die(text)
    assert d is not None, text
    return d


def dice(text: str) -> list[int]:
    return [D(t) for t in text.split()]


def table(players: int = 2, **options: bool) -> DieOfTheDeadState:
    """A game past its setup, with the token boards in a known order: positions 1-4 are
    Candle, Marigold, Bread, Incense; Player 1 is the Round Starter about to open."""
    s = GAME.new(players, 1, options)
    assert isinstance(s, DieOfTheDeadState)
    while s.phase in ("put", "fill"):
        s.apply(s.legal_actions()[0])
    s.items = [CANDLE, MARIGOLD, BREAD, INCENSE]
    s.starter = s.actor = 0
    s.phase = "open"
    s._legal = None
    return s


def opened(s: DieOfTheDeadState, pos: int, inside: str, actor: int | None = None) -> DieOfTheDeadState:
    """Casket ``pos`` (1-4) open with exactly ``inside`` rolled, ``actor`` (default: the
    starter) to act."""
    p = pos - 1
    s.inside[p] = dice(inside)
    s.lid[p] = []
    s.open = p
    s.phase = "act"
    s.actor = s.starter if actor is None else actor
    s.acted = (s.actor - s.starter) % s.players
    s._legal = None
    return s


def fill(s: DieOfTheDeadState, seat: int, cells: dict[int, str]) -> None:
    """Put dice on ``seat``'s ofrenda: {cell number 1-12: die}."""
    for c, t in cells.items():
        s.ofrenda[seat][c - 1] = D(t)
    s._legal = None


def reset(s: DieOfTheDeadState) -> DieOfTheDeadState:
    s._legal = None
    return s
