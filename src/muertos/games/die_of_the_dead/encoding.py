"""Die of the Dead for reinforcement learning: a fixed action enumeration and a numeric observation.

ACTION SPACE (``action_space``; the same list for every seat count; index ↔ action is stable)
Blocks in this order; inside a block the loops run left to right as written. ``K`` is a
die kind without face in kind order (``r r* b b* g g* y y* p p*``), ``D`` every spelling
of a die with a face (colour-major r b g y p; normal faces 1-6, then power faces 1-6 with
``*`` except the calavera faces, then ``x``), ``N`` a cell 1-12, ``P`` a casket position 1-4.
   put K in P  (normal kinds) · fill P <3 colours> · open P · candle P P (pairs a < b)
   draft D · draft D to prep · draft D to N · bread V · incense V (V 1-6)
   place prep · place N · pay K on P · pay prep D on P · pay cell N on P
   move D to N · marigold D to N · gain K · remove K · take · take discard T · ascend · pass
   score <item> · square <letter> (a scored ascension's landing, or where an empty-casket
   ascension rests) · calavera D · calavera N · face D V
   discard T · discard <3 token letters> · discard cmbi · done · skip
(T: a token letter c m b i.)

OBSERVATION (``observe``; built only from ``state.view(seat)``; every number in [0, 1])
A die is 15 numbers: present, colour one-hot (5), power, face one-hot (0-7, 7 = calavera).
Seats are listed from the observer on (me, then the next seats in turn order); seats the
game does not have are zeros.
  14  phase one-hot (put fill open act hold pay gain remove rest score land bonus discard,
       other)
   4  round / 40; setup dice put in secret so far / (4 x seats); I am the Round Starter;
       game over
  20  my setup dice put in secret: per casket 1-4, its colour one-hot (5); zeros once
       revealed (another seat's are hidden: only their number counts above)
   5  open casket: none, 1-4
 per casket 1-4 (x4): item one-hot (4), open, tokens / 5, dice inside counted by
       colour x face (5 x 8, / 3), lid dice counted by kind (10, / 5)            = 56 each
  10  City of the Dead by kind / 3
  15  the held (drafted) die
 per seat (x5): steps / 40, die face / 6, step / 9, square (none, a-h: 9), tokens by
       item / 5 (4), supply by kind / 12 (10), preparation board (3 dice, 45), ofrenda
       cells 1-12 (12 dice, 180), sections (4 x open/complete/scored: 12), urns
       (4 x cell / 12, colour one-hot 5, value / 6: 28), seat present        = 292 each
   2  solo: tokens out of game / 20; I am a winner (once over)
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import combinations
from typing import Any

from .checks import PHASE_ORDER
from .components import CALAVERA, COMPONENTS
from .notation import COLOURS, ITEM_LETTERS, ITEM_NAMES, KIND_STR, die, die_str, parse_die
from .views import DieOfTheDeadView

NCELLS = COMPONENTS.cells
NCASK = COMPONENTS.caskets
NSQ = len(COMPONENTS.squares[0])
SQUARES = "abcdefgh"[:NSQ]
NKINDS = len(KIND_STR)
MAXSEATS = 5
PHASES = PHASE_ORDER[:-1]  # "over" is the flag after them: no phase of these


def _faced_dice() -> list[str]:
    out: list[str] = []
    for c in range(len(COLOURS)):
        out += [die_str(die(c, False, f)) for f in range(1, 7)]
        out += [die_str(die(c, True, f)) for f in range(1, 7) if f not in (3, 4)]
        out.append(die_str(die(c, True, CALAVERA)))
    return list(dict.fromkeys(out))


def action_space(players: int = 2, options: Mapping[str, Any] | None = None) -> list[str]:
    """Every action that can ever be legal, in the documented order."""
    D = _faced_dice()
    K = list(KIND_STR)
    cells = [str(n) for n in range(1, NCELLS + 1)]
    pos = [str(p) for p in range(1, NCASK + 1)]
    out: list[str] = []
    out += [f"put {k} in {p}" for k in K[0::2] for p in pos]
    out += [f"fill {p} " + "".join(c) for p in pos for c in combinations(COLOURS, 3)]
    out += [f"open {p}" for p in pos]
    out += [f"candle {a} {b}" for a, b in combinations(pos, 2)]
    out += [f"draft {d}" for d in D]
    out += [f"draft {d} to prep" for d in D]
    out += [f"draft {d} to {n}" for d in D for n in cells]
    out += [f"bread {v}" for v in range(1, 7)] + [f"incense {v}" for v in range(1, 7)]
    out += ["place prep"] + [f"place {n}" for n in cells]
    out += [f"pay {k} on {p}" for k in K for p in pos]
    out += [f"pay prep {d} on {p}" for d in D for p in pos]
    out += [f"pay cell {n} on {p}" for n in cells for p in pos]
    out += [f"move {d} to {n}" for d in D for n in cells]
    out += [f"marigold {d} to {n}" for d in D for n in cells]
    out += [f"gain {k}" for k in K] + [f"remove {k}" for k in K]
    out += ["take"] + [f"take discard {t}" for t in ITEM_LETTERS] + ["ascend", "pass"]
    out += [f"score {i.lower()}" for i in ITEM_NAMES]
    out += [f"square {q}" for q in SQUARES]
    out += [f"calavera {d}" for d in D] + [f"calavera {n}" for n in cells]
    out += [f"face {d} {v}" for d in D for v in range(1, 7)]
    out += [f"discard {t}" for t in ITEM_LETTERS]
    out += ["discard " + "".join(c) for c in combinations(ITEM_LETTERS, 3)]
    out += ["discard " + ITEM_LETTERS, "done", "skip"]
    return out


def max_game_length(players: int = 2, options: Mapping[str, Any] | None = None) -> int:
    return 20_000


def _c(x: float, m: float) -> float:
    return max(0.0, min(1.0, x / m))


def _die(text: Any) -> list[float]:
    v = [0.0] * 15
    d = parse_die(text) if isinstance(text, str) else None
    if d is None:
        return v
    v[0] = 1.0
    v[1 + (d >> 4)] = 1.0
    v[6] = float(bool(d & 8))
    v[7 + (d & 7)] = 1.0
    return v


def _kinds(counts: Any, scale: float) -> list[float]:
    c = counts if isinstance(counts, Mapping) else {}
    return [_c(c.get(k, 0), scale) for k in KIND_STR]


def _kind_list(dice: list[Any], scale: float) -> list[float]:
    v = [0.0] * NKINDS
    for t in dice:
        d = parse_die(t)
        if d is not None:
            v[d >> 3] += 1
    return [_c(x, scale) for x in v]


def _colour_face(dice: list[Any]) -> list[float]:
    v = [0.0] * (len(COLOURS) * 8)
    for t in dice:
        d = parse_die(t)
        if d is not None:
            v[(d >> 4) * 8 + (d & 7)] += 1
    return [_c(x, 3) for x in v]


def _seat(s: Mapping[str, Any]) -> list[float]:
    o = [_c(s["steps"], 40), _c(s["die_face"], 6), _c(s["step"], 9)]
    sq = [0.0] * (NSQ + 1)
    q = s.get("square")
    sq[SQUARES.index(q) + 1 if isinstance(q, str) and q in SQUARES else 0] = 1.0
    o += sq
    o += [_c(s["tokens"].get(n, 0), 5) for n in ITEM_NAMES]
    o += _kinds(s["supply"], 12)
    prep = list(s["prep"])[:3]
    for i in range(3):
        o += _die(prep[i] if i < len(prep) else None)
    cells = list(s["ofrenda"])
    for i in range(NCELLS):
        o += _die(cells[i] if i < len(cells) else None)
    for n in ITEM_NAMES:
        st = s["sections"].get(n)
        o += [float(st == "open"), float(st == "complete"), float(st == "scored")]
    urns = list(s.get("urns") or [])[:4]
    for i in range(4):
        if i < len(urns):
            u = urns[i]
            d = parse_die(u["die"])
            col = [0.0] * 5
            if d is not None:
                col[d >> 4] = 1.0
            o += [_c(u["cell"], NCELLS), *col, _c(int(u["die"][1:2]) if u["die"][1:2].isdigit() else 0, 6)]
        else:
            o += [0.0] * 7
    return [*o, 1.0]


SEAT_SIZE = 3 + NSQ + 1 + 4 + NKINDS + 45 + 15 * NCELLS + 12 + 28 + 1


def observe(view: DieOfTheDeadView, seat: int, players: int = 2, options: Any = None) -> list[float]:
    """The observation of ``seat`` from its view (layout in the module docstring)."""
    o: list[float] = []
    ph = view.get("phase")
    o += [float(ph == p) for p in PHASES] + [float(ph not in PHASES)]
    seats = view["seats"]
    n = len(seats)
    put = sum(len(sv.get("setup_dice") or []) for sv in seats)
    o += [_c(view["round"], 40), _c(put, NCASK * max(1, n)), float(view["starter"] == seat)]
    o.append(float(bool(view["over"])))
    mine = list(seats[seat].get("setup_dice") or []) if 0 <= seat < n else []
    for p in range(NCASK):
        col = [0.0] * len(COLOURS)
        d = parse_die(mine[p]) if p < len(mine) else None
        if d is not None:
            col[d >> 4] = 1.0
        o += col
    oc = [0.0] * (NCASK + 1)
    oc[view["open_casket"] or 0] = 1.0
    o += oc
    for k in view["caskets"][:NCASK]:
        o += [float(k["item"] == n) for n in ITEM_NAMES]
        o += [float(bool(k["open"])), _c(k["tokens"], 5)]
        o += _colour_face(k["inside"]) + _kind_list(k["lid"], 5)
    o += _kinds(view["city"], 3)
    o += _die(view.get("held"))
    for r in range(MAXSEATS):
        if r < n:
            o += _seat(seats[(seat + r) % n])
        else:
            o += [0.0] * SEAT_SIZE
    o += [_c(view.get("tokens_out_of_game", 0), 20), float(seat in (view.get("winners") or []))]
    return o
