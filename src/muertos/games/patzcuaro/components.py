"""The Pátzcuaro components, read once from ``components.toml``.

Everything the rulebook does not print (card contents, shop spaces, objectives) is data
there, marked RECONSTRUCTED, so the published lists can replace it by editing one file.
This module only parses and checks it into frozen dataclasses; the rules live in
``rules.py``.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import resources
from typing import Any

from muertos.engine.components import read

LANGUAGES = ("en", "es")
"""The languages the data file names things in; English is the default."""

STEP_KINDS = ("trade", "altar", "draw", "reveal", "others")
"""The five action kinds a space may show (rulebook, "Acciones")."""

DIRECTIONS = ("up", "down", "left", "right")
"""Where a "reveal" arrow may point (B-P6: physical directions on the table)."""

COND_KINDS = ("any", "color", "has", "not", "exact", "diff_top")
"""The trade-condition icons (rulebook, "Otros iconos")."""


@dataclass(frozen=True)
class Named:
    """Something with an English and a Spanish name."""

    en: str
    es: str

    def name(self, lang: str) -> str:
        return self.es if lang == "es" else self.en


@dataclass(frozen=True)
class Colour(Named):
    """A card colour and its symbol (pink flower, green vase, purple cross, yellow hummingbird)."""

    id: str
    symbol_en: str
    symbol_es: str
    code_en: str
    code_es: str
    style: str

    def symbol(self, lang: str) -> str:
        return self.symbol_es if lang == "es" else self.symbol_en

    def code(self, lang: str) -> str:
        return self.code_es if lang == "es" else self.code_en


@dataclass(frozen=True)
class ObjectType(Named):
    """One of the 8 object types drawn on altar cards."""

    id: str
    short_en: str
    short_es: str

    def short(self, lang: str) -> str:
        return self.short_es if lang == "es" else self.short_en


@dataclass(frozen=True)
class PlayerColour(Named):
    """The colour of a player's card and token."""

    style: str


@dataclass(frozen=True)
class Card:
    """An altar card: one colour and 1–3 object icons (icons may repeat)."""

    id: int
    colour: int
    """Index into :data:`Components.colours`."""
    objects: tuple[int, ...]
    """Indices into :data:`Components.objects`, one per icon."""


@dataclass(frozen=True)
class Alt:
    """One way to meet a condition icon: ``kind`` with its argument (an index or a count)."""

    kind: str
    arg: int = -1


@dataclass(frozen=True)
class Step:
    """One action of a space. ``icons`` (trade only): one tuple of alternatives per icon."""

    kind: str
    icons: tuple[tuple[Alt, ...], ...] = ()
    direction: str = ""


@dataclass(frozen=True)
class Space(Named):
    """A space of the track with its actions in the printed order."""

    steps: tuple[Step, ...]


@dataclass(frozen=True)
class ShopFace(Named):
    """One face of a shop tile: a shop with a top and a bottom space."""

    code: str
    """Tile and face, e.g. ``"T1B"``."""
    tile: str
    face: str
    top: Space
    bottom: Space


@dataclass(frozen=True)
class Objective:
    """An objective card. ``petal`` 1: ``objects``; 2: ``kind``/``colours``/``points``;
    3: ``colour`` and ``object`` (indices)."""

    id: str
    petal: int
    objects: tuple[int, ...] = ()
    kind: str = ""
    colours: tuple[int, ...] = ()
    points: int = 0
    colour: int = -1
    object: int = -1


@dataclass(frozen=True)
class Components:
    """Every component of the game."""

    colours: tuple[Colour, ...]
    objects: tuple[ObjectType, ...]
    player_colours: tuple[PlayerColour, ...]
    cards: tuple[Card, ...]
    """Index 0 is a placeholder so that ``cards[id]`` is card ``id``."""
    patzcuaro: Named
    patzcuaro_top: Space
    patzcuaro_bottom: Space
    shops: dict[str, ShopFace]
    """By code (``"T1A"``); tiles in the data's order."""
    tiles: tuple[str, ...]
    objectives: dict[str, Objective]
    hand: int
    level_sizes: tuple[int, ...]
    level_choose: tuple[int, ...]
    level_points: tuple[int, ...]
    flip_penalty: int
    petal3_points: tuple[int, ...]
    set_points: int
    reconstructed: tuple[str, ...]

    @property
    def card_count(self) -> int:
        return len(self.cards) - 1

    def objectives_of(self, petal: int) -> list[Objective]:
        return [o for o in self.objectives.values() if o.petal == petal]


class DataError(ValueError):
    """The data file breaks a rule of the game."""


def _index(ids: list[str], what: str, value: str) -> int:
    if value not in ids:
        raise DataError(f"unknown {what} {value!r} (known: {', '.join(ids)})")
    return ids.index(value)


def _steps(words: list[str], colours: list[str], objects: list[str], where: str) -> tuple[Step, ...]:
    out: list[Step] = []
    for w in words:
        kind, *args = w.split()
        if kind not in STEP_KINDS:
            raise DataError(f"{where}: unknown action {w!r}")
        if kind == "trade":
            if not args:
                raise DataError(f"{where}: a trade needs a condition")
            icons = tuple(tuple(_alt(a, colours, objects, where) for a in arg.split("|")) for arg in args)
            out.append(Step("trade", icons))
        elif kind == "reveal":
            if len(args) != 1 or args[0] not in DIRECTIONS:
                raise DataError(f"{where}: reveal needs one of {DIRECTIONS}, got {w!r}")
            out.append(Step("reveal", direction=args[0]))
        elif kind == "others":
            if args != ["draw"]:
                raise DataError(f"{where}: the only benefit for others known is 'others draw'")
            out.append(Step("others"))
        else:
            if args:
                raise DataError(f"{where}: {kind!r} takes no argument")
            out.append(Step(kind))
    # The flip is chosen "instead of" the space's actions, so the first action must be one the
    # player decides (trade or altar) for that choice to come before anything happens.
    if not out or out[0].kind not in ("trade", "altar"):
        raise DataError(f"{where}: a space must begin with a trade or an altar action")
    if any(s.kind == "trade" for s in out[1:]):
        raise DataError(f"{where}: only the first action of a space may be a trade")
    return tuple(out)


def _alt(text: str, colours: list[str], objects: list[str], where: str) -> Alt:
    kind, _, arg = text.partition(":")
    if kind not in COND_KINDS:
        raise DataError(f"{where}: unknown condition {text!r}")
    if kind in ("any", "diff_top"):
        return Alt(kind)
    if kind == "color":
        return Alt(kind, _index(colours, "colour", arg))
    if kind in ("has", "not"):
        return Alt(kind, _index(objects, "object", arg))
    n = int(arg)
    if not 1 <= n <= 3:
        raise DataError(f"{where}: exact:N needs N in 1..3")
    return Alt(kind, n)


def _space(d: dict[str, Any], colours: list[str], objects: list[str], where: str) -> Space:
    return Space(d["en"], d["es"], _steps(d["actions"], colours, objects, where))


def parse(data: dict[str, Any]) -> Components:
    """:class:`Components` from the TOML tables, refusing data the rules cannot use."""
    colours = tuple(
        Colour(
            c["en"], c["es"], c["id"], c["symbol_en"], c["symbol_es"], c["code_en"], c["code_es"], c["style"]
        )
        for c in data["colour"]
    )
    objects = tuple(
        ObjectType(o["en"], o["es"], o["id"], o["short_en"], o["short_es"]) for o in data["object"]
    )
    cids = [c.id for c in colours]
    oids = [o.id for o in objects]
    if len(colours) != 4 or len(objects) != 8:
        raise DataError("the rulebook has 4 colours and 8 object types")

    cards: list[Card] = [Card(0, -1, ())]
    for i, c in enumerate(data["deck"]["cards"], start=1):
        if c["id"] != i:
            raise DataError(f"altar cards must be numbered 1.. in order; found {c['id']} at {i}")
        objs = tuple(_index(oids, "object", o) for o in c["objects"])
        if not 1 <= len(objs) <= 3:
            raise DataError(f"card {i} must show 1–3 objects")
        cards.append(Card(i, _index(cids, "colour", c["colour"]), objs))
    if len(cards) - 1 != 57:
        raise DataError(f"the rulebook has 57 altar cards, the data {len(cards) - 1}")

    pat = data["patzcuaro"]
    top = _space(pat["top"], cids, oids, "Pátzcuaro top")
    bottom = _space(pat["bottom"], cids, oids, "Pátzcuaro bottom")
    if any(s.kind == "trade" for s in top.steps + bottom.steps):
        raise DataError("the Pátzcuaro tile is no shop: it never holds cards, so it cannot trade")

    shops: dict[str, ShopFace] = {}
    for s in data["shop"]:
        code = f"{s['tile']}{s['face']}"
        if code in shops:
            raise DataError(f"shop face {code} given twice")
        name = Named(s["en"], s["es"])
        shops[code] = ShopFace(
            s["en"],
            s["es"],
            code,
            s["tile"],
            s["face"],
            Space(name.en, name.es, _steps(s["top"], cids, oids, f"{code} top")),
            Space(name.en, name.es, _steps(s["bottom"], cids, oids, f"{code} bottom")),
        )
    tiles = tuple(dict.fromkeys(f.tile for f in shops.values()))
    if len(tiles) != 4 or any(f"{t}{x}" not in shops for t in tiles for x in "AB"):
        raise DataError("the rulebook has 4 shop tiles, each with faces A and B")

    objectives: dict[str, Objective] = {}
    obj = data["objectives"]
    for o in obj["petal1"]:
        objectives[o["id"]] = Objective(
            o["id"], 1, objects=tuple(_index(oids, "object", x) for x in o["objects"])
        )
    for o in obj["petal2"]:
        if o["kind"] not in ("sets", "per_colour", "no_colour"):
            raise DataError(f"objective {o['id']}: unknown kind {o['kind']!r}")
        objectives[o["id"]] = Objective(
            o["id"],
            2,
            kind=o["kind"],
            colours=tuple(_index(cids, "colour", x) for x in o["colours"]),
            points=int(o["points"]),
        )
    for o in obj["petal3"]:
        objectives[o["id"]] = Objective(
            o["id"], 3, colour=_index(cids, "colour", o["colour"]), object=_index(oids, "object", o["object"])
        )
    for petal in (1, 2, 3):
        if not any(o.petal == petal for o in objectives.values()):
            raise DataError(f"there must be objectives of {petal} petal(s)")

    r = data["rules"]
    players = tuple(PlayerColour(p["en"], p["es"], p["style"]) for p in data["players"]["colours"])
    if len(players) != 4:
        raise DataError("the rulebook has 4 player cards and tokens")
    if list(r["level_sizes"]) != [4, 3, 2]:
        raise DataError("the altar is a 4–3–2 pyramid")
    return Components(
        colours=colours,
        objects=objects,
        player_colours=players,
        cards=tuple(cards),
        patzcuaro=Named(pat["en"], pat["es"]),
        patzcuaro_top=top,
        patzcuaro_bottom=bottom,
        shops=shops,
        tiles=tiles,
        objectives=objectives,
        hand=int(r["hand"]),
        level_sizes=tuple(r["level_sizes"]),
        level_choose=tuple(r["level_choose"]),
        level_points=tuple(r["level_points"]),
        flip_penalty=int(r["flip_penalty"]),
        petal3_points=tuple(r["petal3_points"]),
        set_points=int(r["set_points"]),
        reconstructed=tuple(data["meta"]["reconstructed"]),
    )


def load() -> Components:
    """The components from the package's data file."""
    return parse(read(resources.files(__package__ or __name__).joinpath("components.toml")))


COMPONENTS = load()


def catalog() -> dict[str, Any]:
    """Public static data for front ends, in both languages: card faces, shops, objectives."""
    from . import notation as nt

    def space(sp: Space) -> dict[str, Any]:
        return {
            "en": sp.en,
            "es": sp.es,
            "steps": {lang: [nt.step_text(s, lang) for s in sp.steps] for lang in LANGUAGES},
            "short": {lang: nt.steps_text(sp.steps, lang, short=True) for lang in LANGUAGES},
            "kinds": [s.kind for s in sp.steps],
        }

    c = COMPONENTS
    return {
        "colours": [
            {
                "id": k.id,
                "en": k.en,
                "es": k.es,
                "symbol": {"en": k.symbol_en, "es": k.symbol_es},
                "code": {"en": k.code_en, "es": k.code_es},
            }
            for k in c.colours
        ],
        "objects": [
            {"id": o.id, "en": o.en, "es": o.es, "short": {"en": o.short_en, "es": o.short_es}}
            for o in c.objects
        ],
        "player_colours": [{"en": p.en, "es": p.es} for p in c.player_colours],
        "cards": {
            str(k.id): {
                "colour": k.colour,
                "objects": list(k.objects),
                "text": {lang: nt.card_text(k.id, lang) for lang in LANGUAGES},
            }
            for k in c.cards[1:]
        },
        "patzcuaro": {
            "en": c.patzcuaro.en,
            "es": c.patzcuaro.es,
            "top": space(c.patzcuaro_top),
            "bottom": space(c.patzcuaro_bottom),
        },
        "shops": {
            code: {
                "en": f.en,
                "es": f.es,
                "tile": f.tile,
                "face": f.face,
                "top": space(f.top),
                "bottom": space(f.bottom),
            }
            for code, f in c.shops.items()
        },
        "objectives": {
            o.id: {"petal": o.petal, "text": {lang: nt.objective_text(o, lang) for lang in LANGUAGES}}
            for o in c.objectives.values()
        },
        "slots": list(nt.SLOT_NAMES),
        "level_sizes": list(c.level_sizes),
        "level_points": list(c.level_points),
        "flip_penalty": c.flip_penalty,
        "reconstructed": list(c.reconstructed),
    }
