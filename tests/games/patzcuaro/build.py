"""Hand-built Pátzcuaro positions for the tests."""

from __future__ import annotations

from collections.abc import Sequence

from muertos.games.patzcuaro import GAME
from muertos.games.patzcuaro.rules import START, PatzcuaroState


def position(
    players: int = 2,
    *,
    tiles: Sequence[str] = ("T1A", "T2A", "T3A", "T4A"),
    hands: Sequence[Sequence[int]] = (),
    stacks: dict[int, Sequence[int]] | None = None,
    deck: Sequence[int] = (),
    altars: dict[int, Sequence[int]] | None = None,
    pos: Sequence[int] | None = None,
    turn: int = 0,
    flipped: Sequence[bool] | None = None,
    known: Sequence[Sequence[int]] | None = None,
    objectives: Sequence[str] = ("O1-1", "O2-A3", "O3-1"),
    rest_to: int | None = None,
) -> PatzcuaroState:
    """A state at the start of ``turn``'s move. ``deck`` lists the next cards drawn, in
    order; shop spaces not given in ``stacks`` get one filler card (the highest unused
    ids), and every other card goes to the bottom of the deck, or with ``rest_to`` under
    the cards of that shop space (so the deck holds exactly ``deck``)."""
    s = GAME.new(players, seed=0)
    assert isinstance(s, PatzcuaroState)
    stacks = dict(stacks or {})
    altars = dict(altars or {})
    hands = [list(h) for h in hands] + [[] for _ in range(players - len(hands))]
    explicit = [c for h in hands for c in h] + [c for st in stacks.values() for c in st]
    explicit += list(deck) + [c for a in altars.values() for c in a if c]
    assert len(explicit) == len(set(explicit)), "a card is placed twice"
    free = sorted(set(range(1, 58)) - set(explicit))
    s.tiles = list(tiles)
    s.stacks = [[] for _ in s.stacks]
    for i in range(len(s.stacks)):
        if i in stacks:
            s.stacks[i] = list(stacks[i])
        elif s.is_shop(i):
            s.stacks[i] = [free.pop()]
    s.hands = [sorted(h) for h in hands]
    s.known = [sorted(k) for k in known] if known else [[] for _ in range(players)]
    s.altars = [list(altars.get(p, [])) + [0] * (9 - len(altars.get(p, []))) for p in range(players)]
    if rest_to is not None:
        s.stacks[rest_to] = free + s.stacks[rest_to]
        free = []
    s.deck = free + list(reversed(deck))
    s.pos = list(pos) if pos is not None else [START] * players
    s.turn = turn
    s.phase, s.step, s.offered, s.final = "move", 0, [], []
    s.flipped = list(flipped) if flipped else [False] * players
    s.objectives = list(objectives)
    s.events = []
    s._legal = None
    s._validate()
    return s
