"""Loads ``components.toml`` once into typed, frozen tables and precomputed board data.

Everything static lives here (the board graph, the card table, distances), so the state
holds only small lists of ints and ``clone`` stays cheap.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from muertos.engine.components import read

_DATA: dict[str, Any] = read(Path(__file__).with_name("components.toml"))

HAND = 1
FOOT = 2
SYMBOLS = {"none": 0, "hand": HAND, "foot": FOOT, "hand+foot": HAND | FOOT}


@dataclass(frozen=True)
class CardKind:
    """One kind of action-movement card (both faces)."""

    index: int
    key: str
    german: str
    letter: str
    name: str
    move: int
    count: int
    symbol: int  # bit set of HAND / FOOT: needed to act, hit by a random attack
    kind: str  # straight | random | none | reaction
    rmin: int
    rmax: int
    reconstructed: bool

    @property
    def reaction(self) -> bool:
        return self.kind == "reaction"


@dataclass(frozen=True)
class FestivityKind:
    index: int
    key: str
    name: str
    vp: int
    field: int


@dataclass(frozen=True)
class Board:
    """The graveyard as a graph; fields 0 (start S) to 32 (goal)."""

    start: int
    goal: int
    size: int  # number of nodes (0..goal)
    skel_out: tuple[tuple[int, ...], ...]  # legal skeleton steps (arrows obeyed)
    dog_out: tuple[tuple[int, ...], ...]  # dog steps: both ways, never into S or the goal
    undirected: tuple[tuple[int, ...], ...]
    red: frozenset[int]
    green: frozenset[int]
    stop: frozenset[int]  # a move ends on entering these
    hiding: tuple[int, ...]
    hiding_entry: tuple[int, ...]
    festivity_fields: tuple[int, ...]
    dog_start: int
    dist: tuple[tuple[int, ...], ...]  # undirected shortest paths (ranges, rules map A-D7)
    dist_without: dict[int, tuple[tuple[int, ...], ...]]  # same with one field removed (Header)


def _bfs_all(adj: list[set[int]], size: int, removed: int | None) -> tuple[tuple[int, ...], ...]:
    inf = 999
    rows = []
    for a in range(size):
        d = [inf] * size
        if a != removed:
            d[a] = 0
            q = deque([a])
            while q:
                u = q.popleft()
                for v in adj[u]:
                    if v != removed and d[v] == inf:
                        d[v] = d[u] + 1
                        q.append(v)
        rows.append(tuple(d))
    return tuple(rows)


def _load_board() -> tuple[Board, tuple[int, ...], tuple[int, ...]]:
    b = _DATA["board"]
    goal = int(b["goal"])
    size = goal + 1
    skel: list[set[int]] = [set() for _ in range(size)]
    und: list[set[int]] = [set() for _ in range(size)]
    for x, y in b["two_way"]:
        skel[x].add(y)
        skel[y].add(x)
        und[x].add(y)
        und[y].add(x)
    one_way = [tuple(e) for e in b["one_way"]]
    if b.get("edge_23_25", False):
        one_way.append((23, 25))
    for x, y in one_way:
        skel[x].add(y)
        und[x].add(y)
        und[y].add(x)
    start = int(b["start"])
    dog = [{v for v in und[u] if v not in (start, goal)} for u in range(size)]
    gd = _DATA["gravedigger"]
    track = tuple(int(x) for x in gd["track"])
    final = tuple(int(x) for x in gd["final"])
    fest_fields = tuple(int(k["field"]) for k in _DATA["festivity"]["kind"])
    hiding = tuple(int(x) for x in b["hiding_places"])
    board = Board(
        start=start,
        goal=goal,
        size=size,
        skel_out=tuple(tuple(sorted(s)) for s in skel),
        dog_out=tuple(tuple(sorted(s)) for s in dog),
        undirected=tuple(tuple(sorted(s)) for s in und),
        red=frozenset(int(x) for x in b["red"]),
        green=frozenset(int(x) for x in b["green"]),
        stop=frozenset((*fest_fields, *hiding, goal)),
        hiding=hiding,
        hiding_entry=tuple(int(x) for x in b["hiding_entries"]),
        festivity_fields=fest_fields,
        dog_start=int(b["dog_start"]),
        dist=_bfs_all(und, size, None),
        dist_without={g: _bfs_all(und, size, g) for g in (*track, *final)},
    )
    return board, track, final


BOARD, GD_TRACK, GD_FINAL = _load_board()
GD_STEPS = {
    "default": int(_DATA["gravedigger"]["steps_per_card"]),
    "two": int(_DATA["gravedigger"]["steps_per_card_two_players"]),
}

CARDS: tuple[CardKind, ...] = tuple(
    CardKind(
        index=i,
        key=c["key"],
        german=c["german"],
        letter=c["letter"],
        name=c["name"],
        move=int(c["move"]),
        count=int(c["count"]),
        symbol=SYMBOLS[c["symbol"]],
        kind=c["kind"],
        rmin=int(c["range"][0]),
        rmax=int(c["range"][1]),
        reconstructed=bool(c.get("reconstructed", False)),
    )
    for i, c in enumerate(_DATA["card"])
)
CARD_INDEX = {c.key: c.index for c in CARDS}
MOVE = tuple(c.move for c in CARDS)
SYMBOL = tuple(c.symbol for c in CARDS)
REACTION = tuple(c.reaction for c in CARDS)
DECK_SIZE = sum(c.count for c in CARDS)

FESTIVITY: tuple[FestivityKind, ...] = tuple(
    FestivityKind(i, k["key"], k["name"], int(k["vp"]), int(k["field"]))
    for i, k in enumerate(_DATA["festivity"]["kind"])
)
FEST_INDEX = {f.key: f.index for f in FESTIVITY}
FEST_AT_FIELD = {f.field: f.index for f in FESTIVITY}
FEST_VP = tuple(f.vp for f in FESTIVITY)
FEST_BAG = 100
"""What the dog carries is stored as card kinds, and festivity cards as ``FEST_BAG`` + kind."""
FEST_COPIES = int(_DATA["festivity"]["copies"])
FEST_PER_FIELD = int(_DATA["festivity"]["per_field"])
FEST_PER_FIELD_TWO = int(_DATA["festivity"]["per_field_two_players"])

_RULES = _DATA["rules"]
START_HAND = int(_RULES["start_hand"])
HAND_LIMIT = int(_RULES["hand_limit"])
PLACE_POINTS = tuple(int(x) for x in _RULES["place_points"])
CARTWHEEL_HITS_LANDING = bool(_RULES["cartwheel_hits_landing"])
SNATCH_DODGEABLE = bool(_RULES["snatch_dodgeable"])
ROUND_LIMIT = int(_RULES["round_limit"]["rounds"])
ROUND_LIMIT_RANGE = (int(_RULES["round_limit"]["min_rounds"]), int(_RULES["round_limit"]["max_rounds"]))


def reconstructed_lines() -> list[str]:
    """Readable list of the reconstructed items (for ``Game.reconstructed`` and the docs)."""
    out = [
        f"Board: {_DATA['board']['note']}",
        f"Gravedigger: {_DATA['gravedigger']['note']}",
        "Festivity fields: "
        + ", ".join(f"{f.field} = {f.name} ({f.vp} VP)" for f in FESTIVITY)
        + " (which kind lies where).",
        "Card ranges: "
        + ", ".join(
            f"{c.name} {c.rmin}-{c.rmax}" for c in CARDS if c.reconstructed and c.rmin >= 0 and c.rmax >= 0
        )
        + ".",
        f"Round limit: {_RULES['round_limit']['note']} ({ROUND_LIMIT} rounds).",
    ]
    return out


CARD_TEXT = {
    "dodge": "reaction: dodge a straight attack aimed at you",
    "leapfrog": "jump the chain of skeletons (the first within range) and land beyond it",
    "snatch": "steal an arm, a leg or a festivity card from a skeleton in range",
    "hold": "reaction: hold a skeleton about to move; it walks one less and you follow",
    "header": "jump onto a skeleton in range (not past the gravedigger)",
    "patch": "regain an arm or a leg",
    "follow": "go to the next higher field that holds another skeleton",
    "beat": "straight attack: the victim loses an arm",
    "cartwheel": "cartwheel along fields: every skeleton there is randomly attacked",
    "hustle": "push a skeleton away and step on, or swap places with it",
    "kick": "straight attack: the victim loses a leg",
    "cake": "random attack: throw a cake",
    "pot": "random attack: throw a flowerpot",
    "skull": "random attack: throw a skull",
}
"""What each action card does, in a line (the package docstring has the details)."""

_SYMBOL_WORDS = {0: "none", HAND: "hand", FOOT: "foot", HAND | FOOT: "hand+foot"}


def catalog() -> dict[str, Any]:
    """Public static data for front ends: the cards, festivities and the board graph."""
    b = _DATA["board"]
    return {
        "cards": {
            c.key: {
                "name": c.name,
                "german": c.german,
                "letter": c.letter,
                "bones": c.move,
                "count": c.count,
                "needs": _SYMBOL_WORDS[c.symbol],
                "kind": c.kind,
                "range": [c.rmin, c.rmax],
                "text": CARD_TEXT.get(c.key, c.name),
            }
            for c in CARDS
        },
        "festivities": {f.key: {"name": f.name, "vp": f.vp, "field": f.field} for f in FESTIVITY},
        "board": {
            "start": BOARD.start,
            "goal": BOARD.goal,
            "two_way": [list(e) for e in b["two_way"]],
            "one_way": [list(e) for e in b["one_way"]] + ([[23, 25]] if b.get("edge_23_25") else []),
            "green": sorted(BOARD.green),
            "red": sorted(BOARD.red),
            "hiding": list(BOARD.hiding),
            "hiding_entries": list(BOARD.hiding_entry),
            "festivity_fields": list(BOARD.festivity_fields),
            "dog_start": BOARD.dog_start,
            "gravedigger_track": list(GD_TRACK),
            "gravedigger_final": list(GD_FINAL),
        },
        "place_points": list(PLACE_POINTS),
        "reconstructed": reconstructed_lines(),
    }
