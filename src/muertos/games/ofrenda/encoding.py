"""Ofrenda for reinforcement learning: a fixed action enumeration and a numeric observation.

ACTION SPACE (``action_space``; the same list for every seat count; index ↔ action is stable)
Blocks in this order (P: the 65 portraits P01…, S: card slots S1-S12, K: candles K01…,
J: candle/marigold slots J1-J12, each in component order):
   take 1-4 · candle 1-4 · no candle · place P S (portrait-major) · discard P
   · candle K J (candle-major) · marigold J · skip J

OBSERVATION (``observe``; built only from ``state.view(seat)``; every number in [0, 1])
A portrait is 24 numbers: present, colour one-hot (5), offering one-hot (5), objective kind
one-hot (all/any, at least 2, none of: 3), the objective's features (10). Candle sets are
0/1 vectors over the candles (K). Portrait sets are 0/1 vectors over the 65 portraits.
Seats run from the observer on (me, then the next seats); absent seats are zeros.
   5  phase one-hot (take, candle, play, token, other)
   5  taken space (none, 1-4)
  12  pending token slots J1-J12
   3  deck / 40; candle bag / 40; game over
 per market space 1-4 (x4): portrait (24), marigolds / 10, candle above (K)
 per seat (x4): present, turns / 12, marigolds / 20, stored candles (K), hand I know
       (65), hidden hand cards / 3, their lit sides (25: a count / 3 per colour x offering,
       colour-major; zeros with hidden_hands), discards (65), card slots (12 x (portrait 24, lit)),
       token slots (12 x empty, marigold, candle, lit candle), lit portraits / 12,
       score parts / 50 (portraits, marigolds, candles, goals, total / 150), goal tokens
       (count / 3, value / 15)
 common goals (x3): goal one-hot (over the goals), tokens left / 4, top value / 5
  10  the deck's top card, lit side up: colour, offering (none once the deck is empty)
   solo: removed / 10, Abuela's discards (65), Abuela's candles (K)
   1  I am a winner (once over)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .components import (
    CANDLE_IDS,
    CARD_COLOUR,
    CARD_IDS,
    CARD_OFFERING,
    FEATURE_INDEX,
    GOAL_IDS,
    MARKET,
    NCANDLES,
    NCARDS,
    NFEAT,
    NSLOTS,
    NTOK,
    OBJ_KIND,
    OBJ_MASK,
    SLOT_IDS,
    TOKEN_IDS,
)
from .notation import CANDLE, DISCARD, NO_CANDLE, PLACE, PUT_CANDLE, PUT_MARIGOLD, SKIP, TAKE
from .views import OfrendaView

MAXSEATS = 4
NCOLOURS = NFEAT // 2
"""Five colours (features 0-4) and five offerings (features 5-9)."""
PHASES = ("take", "candle", "play", "token")
_CARD = {c: i for i, c in enumerate(CARD_IDS)}
_CANDLE = {k: i for i, k in enumerate(CANDLE_IDS)}
_GOAL = {g: i for i, g in enumerate(GOAL_IDS)}


def action_space(players: int = 2, options: Mapping[str, Any] | None = None) -> list[str]:
    """Every action that can ever be legal, in the documented order."""
    out = list(TAKE) + list(CANDLE) + [NO_CANDLE]
    out += [a for row in PLACE for a in row]
    out += list(DISCARD)
    out += [a for row in PUT_CANDLE for a in row]
    out += list(PUT_MARIGOLD) + list(SKIP)
    return out


def max_game_length(players: int = 2, options: Mapping[str, Any] | None = None) -> int:
    return 200 * max(players, 1)


def _c(x: float, m: float) -> float:
    return max(0.0, min(1.0, x / m))


def _portrait(pid: Any) -> list[float]:
    v = [0.0] * (1 + NFEAT + 3 + NFEAT)
    i = _CARD.get(pid) if isinstance(pid, str) else None
    if i is None:
        return v
    v[0] = 1.0
    v[1 + CARD_COLOUR[i]] = 1.0
    v[1 + CARD_OFFERING[i]] = 1.0
    v[1 + NFEAT + OBJ_KIND[i]] = 1.0
    m = OBJ_MASK[i]
    for f in range(NFEAT):
        if m >> f & 1:
            v[1 + NFEAT + 3 + f] = 1.0
    return v


def _set(ids: Any, index: Mapping[str, int], n: int) -> list[float]:
    v = [0.0] * n
    for x in ids or []:
        i = index.get(x)
        if i is not None:
            v[i] = 1.0
    return v


def _seat(s: Mapping[str, Any]) -> list[float]:
    o = [1.0, _c(s["turns"], 12), _c(s["marigolds"], 20)]
    o += _set(s["candles"], _CANDLE, NCANDLES)
    o += [*_set(s["hand"], _CARD, NCARDS), _c(s["hand_hidden"], 3)]
    faces = [0.0] * (NCOLOURS * NCOLOURS)
    for f in s.get("hand_faces") or []:
        colour, offering = FEATURE_INDEX.get(f["colour"]), FEATURE_INDEX.get(f["offering"])
        if colour is not None and offering is not None:
            faces[colour * NCOLOURS + offering - NCOLOURS] += 1.0
    o += [_c(x, 3) for x in faces]
    o += _set(s["discards"], _CARD, NCARDS)
    for sid in SLOT_IDS:
        cell = s["ofrenda"].get(sid)
        o += [*_portrait(cell["portrait"] if cell else None), float(bool(cell and cell["lit"]))]
    for tid in TOKEN_IDS:
        t = s["tokens"].get(tid)
        o += [float(t is None), float(t == "marigold"), float(isinstance(t, dict))]
        o.append(float(isinstance(t, dict) and bool(t.get("lit"))))
    o.append(_c(s["lit_portraits"], NSLOTS))
    sc = s["score"]
    o += [_c(sc[k], 50) for k in ("portraits", "marigolds", "candles", "goals")] + [_c(sc["total"], 150)]
    gt = s.get("goal_tokens") or []
    o += [_c(len(gt), 3), _c(sum(t["value"] for t in gt), 15)]
    return o


SEAT_SIZE = len(_seat({
    "turns": 0, "marigolds": 0, "candles": [], "hand": [], "hand_hidden": 0, "hand_faces": [], "discards": [],
    "ofrenda": {}, "tokens": {}, "lit_portraits": 0,
    "score": {"portraits": 0, "marigolds": 0, "candles": 0, "goals": 0, "total": 0},
}))  # fmt: skip


def observe(view: OfrendaView, seat: int, players: int = 2, options: Any = None) -> list[float]:
    """The observation of ``seat`` from its view (layout in the module docstring)."""
    o: list[float] = []
    ph = view.get("phase")
    o += [float(ph == p) for p in PHASES] + [float(ph not in PHASES)]
    ts = [0.0] * (MARKET + 1)
    ts[view.get("taken_space") or 0] = 1.0
    o += ts
    o += _set(view.get("pending"), {t: i for i, t in enumerate(TOKEN_IDS)}, NTOK)
    o += [_c(view["deck"], 40), _c(view["bag"], 40), float(bool(view["over"]))]
    candles = view["market_candles"]
    for k, m in enumerate(view["market"][:MARKET]):
        o += [*_portrait(m["portrait"]), _c(m["marigolds"], 10)]
        o += _set([candles[k]] if k < len(candles) else [], _CANDLE, NCANDLES)
    seats = view["seats"]
    n = len(seats)
    for r in range(MAXSEATS):
        o += _seat(seats[(seat + r) % n]) if r < n else [0.0] * SEAT_SIZE
    goals = view.get("goals") or []
    for gi in range(3):
        v = [0.0] * (len(GOAL_IDS) + 2)
        if gi < len(goals):
            g = goals[gi]
            if g["goal"] in _GOAL:
                v[_GOAL[g["goal"]]] = 1.0
            st = g["stack"]
            v[-2] = _c(len(st), 4)
            v[-1] = _c(st[0] if st else 0, 5)
        o += v
    top = [0.0] * NFEAT
    dt = view.get("deck_top")
    if dt is not None:
        for name in (dt["colour"], dt["offering"]):
            f = FEATURE_INDEX.get(name)
            if f is not None:
                top[f] = 1.0
    o += top
    o.append(_c(view.get("removed", 0), 10))
    o += _set(view.get("abuela_discards"), _CARD, NCARDS) + _set(
        view.get("abuela_candles"), _CANDLE, NCANDLES
    )
    o.append(float(seat in (view.get("winners") or [])))
    return o
