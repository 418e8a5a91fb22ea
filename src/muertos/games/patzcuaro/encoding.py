"""Pátzcuaro for reinforcement learning: a fixed action enumeration and a numeric observation.

ACTION SPACE (``action_space``; the same list for every seat count; index ↔ action is stable)
   move 1 · move 2 · move 3 · trade N (N = card 1-57) · take
   · altar N S (card-major; S = 1a 1b 1c 1d 2a 2b 2c 3a 3b) · flip · pass

OBSERVATION (``observe``; built only from ``state.view(seat)``; every number in [0, 1];
independent of the ``language`` option)
A card is 13 numbers: present, colour one-hot (4), object counts / 3 (8). Card sets are
0/1 vectors over cards 1-57. Seats run from the observer on (me, then the next seats);
absent seats are zeros.
   4  phase one-hot (move, act, last, other)
   5  step / 4; deck / 57; the active seat is me; game over; a tile was removed
  32  shop tiles in track order: 4 x one-hot over the 8 shop faces (T1A … T4B)
  15  objectives in play (one-hot over the 15 objective cards)
 per track space (x10, in track order): present, cards / 10, top card (13), colour counts
       / 5 (4), object counts / 10 (8)                                       = 27 each
  57  cards revealed in the current trade
 per seat (x4): present, position one-hot (none, spaces 1-10: 11), hand size / 10, hand
       cards I know (57: my whole hand; for others, the cards they took in the open),
       altar slots 1a…3b (9 x card: 117), flipped, added a last card       = 197 each
   1  I am a winner (once over)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .components import COMPONENTS as C
from .notation import FLIP, PASS, SLOT_NAMES, TAKE, altar, move, trade
from .views import PatzcuaroView

NCARD = C.card_count
NCOL = len(C.colours)
NOBJ = len(C.objects)
FACES = list(C.shops)
OBJECTIVES = list(C.objectives)
MAXSEATS = 4
MAXSPACES = 2 * len(C.tiles) + 2
PHASES = ("move", "act", "last")


def action_space(players: int = 2, options: Mapping[str, Any] | None = None) -> list[str]:
    """Every action that can ever be legal, in the documented order."""
    out = [move(k) for k in (1, 2, 3)]
    out += [trade(c) for c in range(1, NCARD + 1)] + [TAKE]
    out += [altar(c, s) for c in range(1, NCARD + 1) for s in range(len(SLOT_NAMES))]
    out += [FLIP, PASS]
    return out


def max_game_length(players: int = 2, options: Mapping[str, Any] | None = None) -> int:
    return 2000


def _c(x: float, m: float) -> float:
    return max(0.0, min(1.0, x / m))


def _card(cid: Any) -> list[float]:
    v = [0.0] * (1 + NCOL + NOBJ)
    if not isinstance(cid, int) or not 1 <= cid <= NCARD:
        return v
    card = C.cards[cid]
    v[0] = 1.0
    v[1 + card.colour] = 1.0
    for o in card.objects:
        v[1 + NCOL + o] += 1.0 / 3
    return v


def _set(cards: Any) -> list[float]:
    v = [0.0] * NCARD
    if isinstance(cards, list):
        for c in cards:
            if isinstance(c, int) and 1 <= c <= NCARD:
                v[c - 1] = 1.0
    return v


def _stack(cards: list[int]) -> list[float]:
    cols = [0.0] * NCOL
    objs = [0.0] * NOBJ
    for c in cards:
        if 1 <= c <= NCARD:
            cols[C.cards[c].colour] += 1
            for o in C.cards[c].objects:
                objs[o] += 1
    return [
        1.0,
        _c(len(cards), 10),
        *_card(cards[-1] if cards else None),
        *[_c(x, 5) for x in cols],
        *[_c(x, 10) for x in objs],
    ]


SPACE_SIZE = len(_stack([]))


def observe(view: PatzcuaroView, seat: int, players: int = 2, options: Any = None) -> list[float]:
    """The observation of ``seat`` from its view (layout in the module docstring)."""
    o: list[float] = []
    ph = view.get("phase")
    o += [float(ph == p) for p in PHASES] + [float(ph not in PHASES)]
    o += [_c(view["step"], 4), _c(view["deck"], NCARD), float(view["active"] == seat)]
    o += [float(bool(view["over"])), float(view.get("removed_tile") is not None)]
    tiles = list(view["tiles"])
    for i in range(len(C.tiles)):
        v = [0.0] * len(FACES)
        if i < len(tiles) and tiles[i] in FACES:
            v[FACES.index(tiles[i])] = 1.0
        o += v
    o += [float(x in view["objectives"]) for x in OBJECTIVES]
    stacks = view["stacks"]
    for i in range(MAXSPACES):
        o += _stack(list(stacks[i])) if i < len(stacks) else [0.0] * SPACE_SIZE
    o += _set(view.get("offered"))
    n = view["players"]
    final = view.get("final") or []
    for r in range(MAXSEATS):
        if r >= n:
            o += [0.0] * (1 + 11 + 1 + NCARD + 9 * (1 + NCOL + NOBJ) + 2)
            continue
        p = (seat + r) % n
        pos = [0.0] * 11
        x = view["positions"][p]
        pos[x + 1 if isinstance(x, int) and -1 <= x < 10 else 0] = 1.0
        hand = view["hands"][p]
        size = hand if isinstance(hand, int) else len(hand)
        o += [1.0, *pos, _c(size, 10)]
        o += _set(hand if isinstance(hand, list) else view["known"][p])
        for slot in view["altars"][p][:9]:
            o += _card(slot or None)
        o += [float(bool(view["flipped"][p])), float(p in final)]
    o.append(float(seat in (view.get("winners") or [])))
    return o
