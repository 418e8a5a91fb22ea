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
    table = GAME.new(players, seed=0)  # read only: the track's spaces for this many players
    assert isinstance(table, PatzcuaroState)
    stacks = dict(stacks or {})
    altars = dict(altars or {})
    hands = [list(h) for h in hands] + [[] for _ in range(players - len(hands))]
    explicit = [c for h in hands for c in h] + [c for st in stacks.values() for c in st]
    explicit += list(deck) + [c for a in altars.values() for c in a if c]
    assert len(explicit) == len(set(explicit)), "a card is placed twice"
    free = sorted(set(range(1, 58)) - set(explicit))
    track: list[list[int]] = []
    for i in range(len(table.stacks)):
        if i in stacks:
            track.append(list(stacks[i]))
        elif table.is_shop(i):
            track.append([free.pop()])
        else:
            track.append([])
    if rest_to is not None:
        track[rest_to] = free + track[rest_to]
        free = []
    s = GAME.position(
        players,
        {
            "tiles": list(tiles),
            "deck": free + list(reversed(deck)),
            "hands": [sorted(h) for h in hands],
            "known": [sorted(k) for k in known] if known else [[] for _ in range(players)],
            "altars": [list(altars.get(p, [])) + [0] * (9 - len(altars.get(p, []))) for p in range(players)],
            "flipped": list(flipped) if flipped else [False] * players,
            "pos": list(pos) if pos is not None else [START] * players,
            "stacks": track,
            "objectives": list(objectives),
            "turn": turn,
            "phase": "move",
            "step": 0,
            "offered": [],
            "final": [],
            "ended_by": "",
        },
    )
    assert isinstance(s, PatzcuaroState)
    return s
