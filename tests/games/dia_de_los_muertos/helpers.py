"""Hand-built positions for the Dia de los Muertos tests."""

from __future__ import annotations

import json
from typing import Any

import pytest

from muertos.engine import IllegalAction
from muertos.games.dia_de_los_muertos import GAME
from muertos.games.dia_de_los_muertos.components import CARD_INDEX, CARDS, FEST_INDEX
from muertos.games.dia_de_los_muertos.rules import MuertosState


def k(name: str) -> int:
    return CARD_INDEX[name]


def table(
    players: int = 3,
    pos: list[int] | None = None,
    arms: list[int] | None = None,
    legs: list[int] | None = None,
    hands: list[list[str]] | None = None,
    lay: list[str | None] | None = None,
    fest: list[list[str]] | None = None,
    home: list[int] | None = None,
    dog: int = 30,
    gd: int = 0,
    draw_top: list[str] | None = None,
    stock: list[int] | None = None,
    order: list[int] | None = None,
    stack: list[list[Any]] | None = None,
    dens: list[list[str]] | None = None,
    den_fest: list[list[str]] | None = None,
    options: dict[str, Any] | None = None,
) -> MuertosState:
    """A position in the resolve phase (unless ``stack`` says otherwise), carried on to its
    next decision as after a move (a ``stack`` may begin with automatic tasks).

    ``draw_top[0]`` is the next card drawn. The rest of the 66 cards lie below it in the
    draw pile, so every count is kept.
    """
    n = players
    deck = [c.index for c in CARDS for _ in range(c.count)]
    hk = [[k(x) for x in h] for h in (hands or [[] for _ in range(n)])]
    lk = [k(x) if x else -1 for x in (lay or [None] * n)]
    dk = [[k(x) for x in d] for d in (dens or [[], [], []])]
    top = [k(x) for x in (draw_top or [])]
    for c in [c for h in hk for c in h] + [c for c in lk if c >= 0] + [c for d in dk for c in d] + top:
        deck.remove(c)
    home = list(home or [0] * n)
    fk = [[FEST_INDEX[x] for x in f] for f in (fest or [[] for _ in range(n)])]
    dfk = [[FEST_INDEX[x] for x in d] for d in (den_fest or [[], [], []])]
    per = 1 if n == 2 else 2
    stock = list(stock or [per, per, per])
    spare = 9 - sum(stock) - sum(map(len, fk)) - sum(map(len, dfk))
    assert spare >= 0
    order = list(order or range(n))
    s = GAME.position(
        n,
        {
            "pos": [32 if h else f for f, h in zip(pos or [0] * n, home, strict=True)],
            "arms": list(arms or [2] * n),
            "legs": list(legs or [2] * n),
            "fest": fk,
            "home": home,
            "hands": [sorted(h) for h in hk],
            "draw": deck + list(reversed(top)),
            "discard": [],
            "rebuilt": [],
            "not_only_reaction": [False] * n,
            "dens": dk,
            "den_fest": dfk,
            "stock": stock,
            "spare": spare,
            "dog": dog,
            "gd": gd,
            "round": 1,
            "order": order,
            "lay": lk,
            "turn": [],
            "bag": [],
            "stack": [["endround"]] + [["resolve", x] for x in reversed(order)] if stack is None else stack,
            "ended": False,
        },
        seed=1,
        options=options,
    )
    assert isinstance(s, MuertosState)
    assert s.census() == {"action_cards": 66, "festivity_cards": 9}
    return s


def play(s: MuertosState, *actions: str) -> None:
    for a in actions:
        s.apply(a)


def assert_illegal(s: MuertosState, action: str, words: str) -> None:
    """The action is refused with a message containing ``words`` and changes nothing."""
    before = json.dumps(s.to_json(), sort_keys=True)
    with pytest.raises(IllegalAction) as e:
        s.apply(action)
    assert words.lower() in str(e.value).lower(), str(e.value)
    assert json.dumps(s.to_json(), sort_keys=True) == before


def names(s: MuertosState, seat: int) -> list[str]:
    return [CARDS[c].key for c in s.hands[seat]]
