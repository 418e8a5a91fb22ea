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
) -> MuertosState:
    """A position in the resolve phase (unless ``stack`` says otherwise).

    ``draw_top[0]`` is the next card drawn. The rest of the 66 cards lie below it in the
    draw pile, so every count is kept.
    """
    s = GAME.new(players, seed=1)
    assert isinstance(s, MuertosState)
    n = players
    deck = [c.index for c in CARDS for _ in range(c.count)]
    hk = [[k(x) for x in h] for h in (hands or [[] for _ in range(n)])]
    lk = [k(x) if x else -1 for x in (lay or [None] * n)]
    dk = [[k(x) for x in d] for d in (dens or [[], [], []])]
    top = [k(x) for x in (draw_top or [])]
    for c in [c for h in hk for c in h] + [c for c in lk if c >= 0] + [c for d in dk for c in d] + top:
        deck.remove(c)
    s.draw = deck + list(reversed(top))
    s.discard = []
    s.hands = [sorted(h) for h in hk]
    s.lay = lk
    s.dens = dk
    s.den_fest = [[FEST_INDEX[x] for x in d] for d in (den_fest or [[], [], []])]
    s.pos = list(pos or [0] * n)
    s.arms = list(arms or [2] * n)
    s.legs = list(legs or [2] * n)
    s.home = list(home or [0] * n)
    for i, h in enumerate(s.home):
        if h:
            s.pos[i] = 32
    s.fest = [[FEST_INDEX[x] for x in f] for f in (fest or [[] for _ in range(n)])]
    per = 1 if n == 2 else 2
    s.stock = list(stock or [per, per, per])
    owned = sum(map(len, s.fest)) + sum(map(len, s.den_fest))
    s.spare = 9 - sum(s.stock) - owned
    assert s.spare >= 0
    s.dog = dog
    s.gd = gd
    s.round = 1
    s.order = list(order or range(n))
    s.turn = []
    s.bag = []
    if stack is None:
        stack = [["endround"]] + [["resolve", x] for x in reversed(s.order)]
    s.stack = stack
    s.ended = False
    s.events = []
    s._legal = None
    s._run()
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
