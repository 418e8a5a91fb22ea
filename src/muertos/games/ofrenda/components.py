"""Ofrenda's components, read once from ``components.toml``.

Two layers: typed frozen dataclasses (``DATA``) for readers such as the renderer and
the docs, and flat module-level tuples indexed by number (card slot, token slot,
portrait, candle) for the rules' hot paths, where a tuple lookup beats an attribute or
dict lookup. Nothing here is game state; nothing here changes after import.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from muertos.engine.components import read

_FILE = Path(__file__).with_name("components.toml")

MARK_MIN_PLAYERS = {"all": 1, "3+": 3, "4": 4}
"""A card or token marked "3+" is used with 3 or more players, "4" with 4 (A-OF2)."""


@dataclass(frozen=True)
class Feature:
    """A colour (family branch) or an offering; ``index`` 0–4 colours, 5–9 offerings."""

    name: str
    kind: str  # "colour" or "offering"
    index: int
    letter: str
    symbol: str
    style: str
    reconstructed: bool


@dataclass(frozen=True)
class CardSlot:
    id: str
    index: int
    row: int
    x: float
    kind: str  # plain, golden, gain, cost
    adjacent: tuple[int, ...]


@dataclass(frozen=True)
class TokenSlot:
    id: str
    index: int
    type: str  # candle or marigold
    cards: tuple[int, int, int]


@dataclass(frozen=True)
class Portrait:
    id: str
    index: int
    colour: str
    offering: str
    mark: str
    min_players: int
    objective: str  # ALL_ANY, AT_LEAST_2, NONE_OF
    features: tuple[str, ...]


@dataclass(frozen=True)
class Candle:
    id: str
    index: int
    objective: str
    features: tuple[str, ...]
    n: int
    set: str  # for FULL_SET: colours or offerings
    end_only: bool  # ⌚: flipped only at the end of the game
    multiplayer_only: bool  # ☒: removed in solo


@dataclass(frozen=True)
class Goal:
    id: str
    index: int
    back: str
    kind: str  # FEATURE_COUNT, SURROUNDED_SLOTS, PATTERN
    features: tuple[str, ...]
    n: int
    names: tuple[str, ...]
    placements: tuple[tuple[int, ...], ...]  # PATTERN: every fit on the board


@dataclass(frozen=True)
class GoalToken:
    back: str
    value: int
    mark: str
    min_players: int


@dataclass(frozen=True)
class Tier:
    low: int
    high: int | None
    text: str

    def label(self) -> str:
        return f"{self.low}+" if self.high is None else f"{self.low}–{self.high}"


@dataclass(frozen=True)
class Components:
    rules: dict[str, Any]
    colours: tuple[Feature, ...]
    offerings: tuple[Feature, ...]
    slots: tuple[CardSlot, ...]
    token_slots: tuple[TokenSlot, ...]
    portraits: tuple[Portrait, ...]
    candles: tuple[Candle, ...]
    goals: tuple[Goal, ...]
    goal_tokens: tuple[GoalToken, ...]
    backs: tuple[str, ...]
    die_to_space: tuple[int, ...]
    candle_faces: tuple[int, ...]
    solo_removed: int
    tiers: tuple[Tier, ...]
    reconstructed: tuple[str, ...]


def _fit_patterns(
    patterns: list[list[list[float]]], coords: dict[tuple[int, int], int]
) -> tuple[tuple[int, ...], ...]:
    """Every placement of the patterns on the board, translated and mirrored (A-OF16)."""
    found: list[tuple[int, ...]] = []
    for pat in patterns:
        cells = [(int(dr), round(2 * dx)) for dr, dx in pat]
        for r0, x0 in coords:
            for m in (1, -1):
                fit = [coords.get((r0 + dr, x0 + m * dx2)) for dr, dx2 in cells]
                if all(f is not None for f in fit):
                    key = tuple(sorted(f for f in fit if f is not None))
                    if key not in found:
                        found.append(key)
    return tuple(sorted(found))


def _load() -> Components:
    d = read(_FILE)
    colours = tuple(
        Feature(c["name"], "colour", i, c["letter"], c["letter"], c["style"], c.get("reconstructed", True))
        for i, c in enumerate(d["colour"])
    )
    offerings = tuple(
        Feature(o["name"], "offering", 5 + i, o["letter"], o["symbol"], "", False)
        for i, o in enumerate(d["offering"])
    )
    if len(colours) != 5 or len(offerings) != 5:
        raise ValueError("Ofrenda needs five colours and five offerings")
    fidx = {f.name: f.index for f in colours + offerings}

    raw_slots = d["board"]["slots"]
    sidx = {s["id"]: i for i, s in enumerate(raw_slots)}
    slots = tuple(
        CardSlot(s["id"], i, s["row"], float(s["x"]), s["kind"], tuple(sidx[a] for a in s["adjacent"]))
        for i, s in enumerate(raw_slots)
    )
    for s in slots:
        for a in s.adjacent:
            t = slots[a]
            if s.index not in t.adjacent:
                raise ValueError(f"board adjacency is not symmetric: {s.id}-{t.id}")
            dr, dx = abs(s.row - t.row), abs(s.x - t.x)
            if not ((dr == 0 and dx == 1) or (dr == 1 and dx == 0.5)):
                raise ValueError(f"{s.id} and {t.id} are listed adjacent but are not neighbours")
    token_slots = tuple(
        TokenSlot(j["id"], i, j["type"], (sidx[j["cards"][0]], sidx[j["cards"][1]], sidx[j["cards"][2]]))
        for i, j in enumerate(d["board"]["token_slots"])
    )
    for j in token_slots:
        a, b, c = j.cards
        if not (b in slots[a].adjacent and c in slots[a].adjacent and c in slots[b].adjacent):
            raise ValueError(f"token slot {j.id} must touch three mutually adjacent card slots")

    portraits = tuple(
        Portrait(
            p["id"],
            i,
            p["colour"],
            p["offering"],
            p["mark"],
            MARK_MIN_PLAYERS[p["mark"]],
            p["objective"],
            tuple(p["features"]),
        )
        for i, p in enumerate(d["portraits"]["cards"])
    )
    for p in portraits:
        for name in (p.colour, p.offering, *p.features):
            if name not in fidx:
                raise ValueError(f"{p.id}: unknown feature {name}")
    candles = tuple(
        Candle(
            k["id"],
            i,
            k["objective"],
            tuple(k.get("features", ())),
            int(k.get("n", 0)),
            k.get("set", ""),
            bool(k.get("end_only", False)),
            bool(k.get("multiplayer_only", False)),
        )
        for i, k in enumerate(d["candles"]["tokens"])
    )
    coords = {(s.row, round(2 * s.x)): s.index for s in slots}
    goals = tuple(
        Goal(
            g["id"],
            i,
            g["back"],
            g["kind"],
            tuple(g.get("features", ())),
            int(g.get("n", 0)),
            tuple(g.get("names", ())),
            _fit_patterns(g.get("patterns", []), coords),
        )
        for i, g in enumerate(d["goals"]["cards"])
    )
    backs = tuple(dict.fromkeys(g.back for g in goals))
    goal_tokens = tuple(
        GoalToken(t["back"], int(t["value"]), t["mark"], MARK_MIN_PLAYERS[t["mark"]])
        for t in d["goals"]["tokens"]
    )
    solo = d["solo"]
    tiers = tuple(Tier(t["low"], t.get("high"), t["text"]) for t in solo["tiers"])
    recon = []
    guessed = [c["name"] for c in d["colour"] if c.get("reconstructed", True)]
    if guessed:
        recon.append(f"Colours {', '.join(guessed)} and every letter, symbol and shape (B-OF1)")
    for section in (d["board"], d["portraits"], d["candles"], d["goals"], solo):
        if section.get("reconstructed"):
            recon.append(section["note"])
    return Components(
        rules=dict(d["rules"]),
        colours=colours,
        offerings=offerings,
        slots=slots,
        token_slots=token_slots,
        portraits=portraits,
        candles=candles,
        goals=goals,
        goal_tokens=goal_tokens,
        backs=backs,
        die_to_space=tuple(int(x) for x in solo["die_to_space"]),
        candle_faces=tuple(int(x) for x in solo["candle_faces"]),
        solo_removed=int(solo["removed_portraits"]),
        tiers=tiers,
        reconstructed=tuple(recon),
    )


DATA = _load()
RULES = DATA.rules

# ------------------------------------------------------------------ fast tables
MARKET = int(RULES["market_size"])
HAND = int(RULES["hand_size"])
START_MARIGOLDS = int(RULES["start_marigolds"])
TURNS = int(RULES["turns"])
CANDLE_LIMIT = int(RULES["candle_limit"])
DISCARD_GAIN = int(RULES["discard_gain"])
VACUOUS = bool(RULES["vacuous_objectives_light"])

FEATURES = DATA.colours + DATA.offerings
FEATURE_INDEX = {f.name: f.index for f in FEATURES}
NFEAT = len(FEATURES)

NSLOTS = len(DATA.slots)
NTOK = len(DATA.token_slots)
SLOT_IDS = tuple(s.id for s in DATA.slots)
TOKEN_IDS = tuple(j.id for j in DATA.token_slots)
ADJ: tuple[tuple[int, ...], ...] = tuple(s.adjacent for s in DATA.slots)
AROUND: tuple[tuple[int, ...], ...] = tuple((s.index, *s.adjacent) for s in DATA.slots)
GOLDEN = tuple(s.kind == "golden" for s in DATA.slots)
GAIN = tuple(s.kind == "gain" for s in DATA.slots)
COST = tuple(s.kind == "cost" for s in DATA.slots)
TOKEN_CARDS: tuple[tuple[int, int, int], ...] = tuple(j.cards for j in DATA.token_slots)
TOKEN_IS_CANDLE = tuple(j.type == "candle" for j in DATA.token_slots)
SLOT_TOKENS: tuple[tuple[int, ...], ...] = tuple(
    tuple(j.index for j in DATA.token_slots if s in j.cards) for s in range(NSLOTS)
)

NCARDS = len(DATA.portraits)
CARD_IDS = tuple(p.id for p in DATA.portraits)
CARD_COLOUR = tuple(FEATURE_INDEX[p.colour] for p in DATA.portraits)
CARD_OFFERING = tuple(FEATURE_INDEX[p.offering] for p in DATA.portraits)
CARD_MASK = tuple((1 << c) | (1 << o) for c, o in zip(CARD_COLOUR, CARD_OFFERING, strict=True))
OBJ_ALL_ANY, OBJ_AT_LEAST_2, OBJ_NONE_OF = 0, 1, 2
_OBJ_CODES = {"ALL_ANY": OBJ_ALL_ANY, "AT_LEAST_2": OBJ_AT_LEAST_2, "NONE_OF": OBJ_NONE_OF}
OBJ_KIND = tuple(_OBJ_CODES[p.objective] for p in DATA.portraits)
OBJ_MASK = tuple(sum(1 << FEATURE_INDEX[f] for f in set(p.features)) for p in DATA.portraits)

NCANDLES = len(DATA.candles)
CANDLE_IDS = tuple(k.id for k in DATA.candles)
(
    K_FOUR_OF,
    K_TWO_EACH,
    K_FULL_SET,
    K_MG_OFRENDA,
    K_MG_STORAGE,
    K_MAJ_FEATURE,
    K_MAJ_MG,
) = range(7)
_K_CODES = {
    "FOUR_OF": K_FOUR_OF,
    "TWO_EACH": K_TWO_EACH,
    "FULL_SET": K_FULL_SET,
    "MARIGOLDS_ON_OFRENDA": K_MG_OFRENDA,
    "MARIGOLDS_IN_STORAGE": K_MG_STORAGE,
    "MAJORITY_FEATURE": K_MAJ_FEATURE,
    "MAJORITY_MARIGOLDS": K_MAJ_MG,
}
CANDLE_KIND = tuple(_K_CODES[k.objective] for k in DATA.candles)


def _candle_features(k: Candle) -> tuple[int, ...]:
    if k.objective == "FULL_SET":
        return tuple(range(5)) if k.set == "colours" else tuple(range(5, 10))
    return tuple(FEATURE_INDEX[f] for f in k.features)


CANDLE_FEATS: tuple[tuple[int, ...], ...] = tuple(_candle_features(k) for k in DATA.candles)
CANDLE_N = tuple(k.n for k in DATA.candles)
CANDLE_END_ONLY = tuple(k.end_only for k in DATA.candles)
CANDLE_MULTI_ONLY = tuple(k.multiplayer_only for k in DATA.candles)

NGOALS = len(DATA.goals)
GOAL_IDS = tuple(g.id for g in DATA.goals)
G_FEATURE, G_SURROUNDED, G_PATTERN = 0, 1, 2
_G_CODES = {"FEATURE_COUNT": G_FEATURE, "SURROUNDED_SLOTS": G_SURROUNDED, "PATTERN": G_PATTERN}
GOAL_KIND = tuple(_G_CODES[g.kind] for g in DATA.goals)
GOAL_FEATURE = tuple(FEATURE_INDEX[g.features[0]] if g.features else -1 for g in DATA.goals)
GOAL_N = tuple(g.n for g in DATA.goals)
GOAL_PLACEMENTS = tuple(g.placements for g in DATA.goals)
GOAL_BACK = tuple(DATA.backs.index(g.back) for g in DATA.goals)

SOLO_DIE = DATA.die_to_space
SOLO_CANDLE_FACES = DATA.candle_faces


def tier_for(score: float) -> Tier:
    """The solo table's row for a score (page 10)."""
    best = DATA.tiers[0]
    for t in DATA.tiers:
        if score >= t.low:
            best = t
    return best


# ------------------------------------------------------------------ catalog (front ends)
_OBJ_WORDS = {
    "ALL_ANY": "every adjacent portrait has {f}",
    "AT_LEAST_2": "2 or more adjacent portraits have {f}",
    "NONE_OF": "no adjacent portrait has {f}",
}


def _fname(name: str) -> str:
    f = FEATURES[FEATURE_INDEX[name]]
    return f"{f.symbol} {f.name.lower().replace('_', ' ')}"


def _candle_text(k: Candle) -> str:
    o = k.objective
    fs = [_fname(f) for f in k.features]
    if o == "FOUR_OF":
        t = f"{k.n}+ portraits with {fs[0]}"
    elif o == "TWO_EACH":
        t = f"{k.n}+ portraits with {fs[0]} and {k.n}+ with {fs[1]}"
    elif o == "FULL_SET":
        t = "one portrait of each colour" if k.set == "colours" else "one portrait of each offering"
    elif o == "MARIGOLDS_ON_OFRENDA":
        t = f"{k.n}+ marigolds on your ofrenda"
    elif o == "MARIGOLDS_IN_STORAGE":
        t = f"{k.n}+ marigolds in storage"
    elif o == "MAJORITY_FEATURE":
        t = f"most portraits with {fs[0]} (no one has more; at least 1)"
    else:
        t = "most marigolds on your ofrenda (no one has more; at least 1)"
    return t + (" (checked at the end only ⌚)" if k.end_only else "")


def _goal_text(g: Goal) -> str:
    if g.kind == "FEATURE_COUNT":
        return f"{g.n}+ portraits with {_fname(g.features[0])}"
    if g.kind == "SURROUNDED_SLOTS":
        return f"{g.n}+ candle/marigold slots surrounded by portraits"
    return "portraits in the shape " + " or ".join(n.lower().replace("_", " ") for n in g.names)


def catalog() -> dict[str, Any]:
    """Public static data for front ends: feature letters/symbols, card faces and texts."""
    shapes = {}
    with _FILE.open("rb") as fh:
        for c in tomllib.load(fh)["colour"]:
            shapes[c["name"]] = c.get("shape", "")
    return {
        "colours": [
            {"name": f.name, "letter": f.letter, "shape": shapes.get(f.name, "")} for f in DATA.colours
        ],
        "offerings": [{"name": f.name, "letter": f.letter, "symbol": f.symbol} for f in DATA.offerings],
        "portraits": {
            p.id: {
                "colour": p.colour,
                "offering": p.offering,
                "objective": p.objective,
                "features": list(p.features),
                "text": _OBJ_WORDS[p.objective].format(f=" or ".join(_fname(f) for f in p.features)),
                "mark": p.mark,
            }
            for p in DATA.portraits
        },
        "candles": {
            k.id: {"objective": k.objective, "text": _candle_text(k), "end_only": k.end_only}
            for k in DATA.candles
        },
        "goals": {g.id: {"back": g.back, "kind": g.kind, "text": _goal_text(g)} for g in DATA.goals},
        "slots": {s.id: {"row": s.row, "x": s.x, "kind": s.kind} for s in DATA.slots},
        "token_slots": {
            j.id: {"type": j.type, "cards": [SLOT_IDS[c] for c in j.cards]} for j in DATA.token_slots
        },
        "reconstructed": list(DATA.reconstructed),
    }
