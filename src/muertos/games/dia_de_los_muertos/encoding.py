"""Dia de los Muertos (the skeleton race) for reinforcement learning: a fixed action
enumeration and a numeric observation.

ACTION SPACE (``action_space(players)``; index ↔ action is stable for a seat count)
Blocks in this order (C: the 14 card keys in component order, dodge leapfrog snatch hold
header patch follow beat cartwheel hustle kick cake pot skull; F: fields 1-32; V: the
other players p1…pN in seat order; L: arm, leg):
   lay C · move · reveal · end · walk F · dog F · dog F bite V
   · beat V · kick V · throw V · snatch V L · snatch V <festivity> · header V · follow
   · patch L · leapfrog F · cartwheel <path> (every simple path of 1-3 fields the board's
     arrows allow, sorted) · hustle V f g (every push field f and step field g the other
     way the board allows, sorted) · hustle V swap · hold · dodge · no reaction · go F
   · pick 1-3 · hit L · den <hiding place> · take L · take <festivity> · block <field>
   · discard C · swap C C (pairs by card order, a card with itself included) · keep

OBSERVATION (``observe``; built only from ``state.view(seat)``; every number in [0, 1])
The view names no phase: the decision's kind is read from the first words of the legal
actions the view lists for the seat to move (all zeros when it is not my turn).
  29  decision kinds: the verbs above (lay move reveal end walk dog beat kick throw
      snatch header follow patch leapfrog cartwheel hustle hold dodge no go pick hit den
      take block discard swap keep) and other
   3  round / round limit; it is my turn; game over
 per skeleton (x6, from me on in seat order; absent seats zero): present, field one-hot
      (33), arms / 2, legs / 2, festivity (3), home place / 6, turn-order rank / 6, hand
      size / 10, hand backs with 1/2/3 bones / 5 (3), laid card: none, face-down back
      1-3, face up (my own: one-hot over C), my hand by card / 3 (C; zero for others)
  33  dog field one-hot;   33 gravedigger field one-hot
   3  gravedigger steps / 20; lane open; draw pile / 70
   3  festivity stock / 2
 per hiding place (x3): bones by card / 3 (C), festivity (3)
  14  discard pile by card / 8;  17 the dog's bag by card / 3 and festivity (3)
   6  movement in progress: points / 6, left / 6, walked, dog led, steps / 6, dog steps / 6
   1  I am a winner (once over)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .components import BOARD, CARDS, FESTIVITY, GD_FINAL
from .rules import _forward
from .views import MuertosView

DIST = BOARD.dist

NC = len(CARDS)
KEYS = [c.key for c in CARDS]
FEST = [f.key for f in FESTIVITY]
NF = BOARD.size
LIMBS = ("arm", "leg")
MAXSEATS = 6
VERBS = (
    "lay", "move", "reveal", "end", "walk", "dog", "beat", "kick", "throw", "snatch", "header",
    "follow", "patch", "leapfrog", "cartwheel", "hustle", "hold", "dodge", "no", "go", "pick",
    "hit", "den", "take", "block", "discard", "swap", "keep",
)  # fmt: skip


def _paths() -> list[tuple[int, ...]]:
    out: set[tuple[int, ...]] = set()
    for a in range(NF):
        stack: list[tuple[int, ...]] = [()]
        while stack:
            p = stack.pop()
            if p:
                out.add(p)
            if len(p) == 3:
                continue
            u = p[-1] if p else a
            for v in BOARD.skel_out[u]:
                if v != a and v not in p:
                    stack.append((*p, v))
    return sorted(out)


def _hustle_fields() -> list[tuple[int, int]]:
    """Every (push field, step field) a hustle may name: a skeleton 0-1 fields away pushed a
    field along the arrows, your step along them in the opposite direction (``_forward``),
    not the two fields swapped (that is ``swap``)."""
    pairs: set[tuple[int, int]] = set()
    for a in range(NF):
        for tv in range(NF):
            if DIST[a][tv] > 1:
                continue
            for f in BOARD.skel_out[tv]:
                for g in BOARD.skel_out[a]:
                    if _forward(tv, f) != _forward(a, g) and (f, g) != (a, tv):
                        pairs.add((f, g))
    return sorted(pairs)


def action_space(players: int = 2, options: Mapping[str, Any] | None = None) -> list[str]:
    """Every action that can ever be legal, in the documented order."""
    fields = range(1, NF)
    vs = [f"p{i + 1}" for i in range(players)]
    out = [f"lay {k}" for k in KEYS] + ["move", "reveal", "end"]
    out += [f"walk {f}" for f in fields] + [f"dog {f}" for f in fields]
    out += [f"dog {f} bite {v}" for f in fields for v in vs]
    out += [f"beat {v}" for v in vs] + [f"kick {v}" for v in vs] + [f"throw {v}" for v in vs]
    out += [f"snatch {v} {x}" for v in vs for x in (*LIMBS, *FEST)]
    out += [f"header {v}" for v in vs] + ["follow"] + [f"patch {x}" for x in LIMBS]
    out += [f"leapfrog {f}" for f in fields]
    out += ["cartwheel " + " ".join(map(str, p)) for p in _paths()]
    out += [f"hustle {v} {f} {g}" for v in vs for f, g in _hustle_fields()]
    out += [f"hustle {v} swap" for v in vs]
    out += ["hold", "dodge", "no reaction"] + [f"go {f}" for f in range(NF)]
    out += [f"pick {b}" for b in (1, 2, 3)] + [f"hit {x}" for x in LIMBS]
    out += [f"den {f}" for f in BOARD.hiding]
    out += [f"take {x}" for x in (*LIMBS, *FEST)]
    out += [f"block {f}" for f in GD_FINAL]
    out += [f"discard {k}" for k in KEYS]
    out += [f"swap {KEYS[a]} {KEYS[b]}" for a in range(NC) for b in range(a, NC)] + ["keep"]
    return list(dict.fromkeys(out))


def max_game_length(players: int = 2, options: Mapping[str, Any] | None = None) -> int:
    limit = int((options or {}).get("round_limit", 100))
    return 60 * players * max(limit, 1) + 1000


def _c(x: float, m: float) -> float:
    return max(0.0, min(1.0, x / m))


def _onehot(i: Any, n: int) -> list[float]:
    v = [0.0] * n
    if isinstance(i, int) and 0 <= i < n:
        v[i] = 1.0
    return v


def _counts(keys: Any, names: list[str], scale: float) -> list[float]:
    v = [0.0] * len(names)
    for k in keys or []:
        if k in names:
            v[names.index(k)] += 1
    return [_c(x, scale) for x in v]


SKEL_SIZE = 1 + NF + 2 + 3 + 1 + 1 + 1 + 3 + (1 + 3 + NC) + NC


def _skeleton(s: Mapping[str, Any], rank: int) -> list[float]:
    o = [1.0, *_onehot(s["field"], NF), _c(s["arms"], 2), _c(s["legs"], 2)]
    o += [float(f in s["festivity"]) for f in FEST]
    backs = list(s["hand_backs"])
    o += [_c(s["home"], 6), _c(rank, 6), _c(len(backs), 10)]
    o += [_c(backs.count(b), 5) for b in (1, 2, 3)]
    laid = s.get("laid")
    lv = [0.0] * (1 + 3 + NC)
    if laid is None:
        lv[0] = 1.0
    elif isinstance(laid, Mapping):
        b = int(laid.get("back", 0))
        if 1 <= b <= 3:
            lv[b] = 1.0
    elif laid in KEYS:
        lv[4 + KEYS.index(laid)] = 1.0
    o += lv
    o += _counts(s.get("hand"), KEYS, 3)
    return o


def observe(view: MuertosView, seat: int, players: int = 2, options: Any = None) -> list[float]:
    """The observation of ``seat`` from its view (layout in the module docstring)."""
    heads = {a.split()[0] for a in view.get("legal") or []}
    o = [float(v in heads) for v in VERBS] + [float(bool(heads - set(VERBS)))]
    limit = (view.get("options") or {}).get("round_limit", 100)
    o += [_c(view["round"], max(int(limit), 1)), float(view["to_move"] == seat), float(bool(view["over"]))]
    skel = view["skeletons"]
    n = len(skel)
    order = list(view.get("order") or [])
    for r in range(MAXSEATS):
        if r < n:
            p = (seat + r) % n
            o += _skeleton(skel[p], order.index(p) + 1 if p in order else 0)
        else:
            o += [0.0] * SKEL_SIZE
    o += _onehot(view["dog"], NF) + _onehot(view["gravedigger"], NF)
    o += [_c(view["gravedigger_steps"], 20), float(bool(view["lane_open"])), _c(view["draw_pile"], 70)]
    o += [_c(view["festivity_stock"].get(f, 0), 2) for f in FEST]
    hp = view["hiding_places"]
    for f in BOARD.hiding:
        h = hp.get(str(f))
        bones, fest = (h["bones"], h["festivity"]) if h is not None else ([], [])
        o += _counts(bones, KEYS, 3) + [float(x in fest) for x in FEST]
    o += _counts(view["discard_pile"], KEYS, 8)
    carries = view.get("dog_carries") or []
    o += _counts(carries, KEYS, 3) + [float(x in carries) for x in FEST]
    mv = view.get("movement")
    if isinstance(mv, list) and len(mv) >= 7:
        o += [_c(mv[1], 6), _c(mv[2], 6), float(bool(mv[3])), float(bool(mv[4])), _c(mv[5], 6), _c(mv[6], 6)]
    else:
        o += [0.0] * 6
    o.append(float(seat in (view.get("winners") or [])))
    return o
