"""The action notation, and the words (English or Spanish) for cards, spaces and objectives.

Actions (one spelling each, lowercase, single spaces):

- ``move 1`` / ``move 2`` / ``move 3``: advance your token that many spaces clockwise
  (spaces with tokens are skipped and not counted);
- ``trade 17``: reveal card 17 from your hand onto the space you stand on (it must meet
  the space's condition); ``take``: stop revealing and take the cards that were there;
- ``altar 17 2b``: put card 17 from your hand on altar slot ``2b`` (slots ``1a``–``1d``
  base, ``2a``–``2c`` second level, ``3a``–``3b`` top);
- ``flip``: flip your player card instead of the space's actions, draw 2 (once a game, −5);
- ``pass``: after the end is triggered, add no last card to your altar.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from muertos.engine import number

from .components import COMPONENTS as C
from .components import Alt, Objective, Step

SLOT_NAMES = ("1a", "1b", "1c", "1d", "2a", "2b", "2c", "3a", "3b")
"""Altar slots: level number then position from the left."""

SLOT_INDEX = {name: i for i, name in enumerate(SLOT_NAMES)}

TAKE = "take"
FLIP = "flip"
PASS = "pass"

ARROWS = {"up": "↑", "down": "↓", "left": "←", "right": "→"}


def move(k: int) -> str:
    return f"move {k}"


def trade(card: int) -> str:
    return f"trade {card}"


def altar(card: int, slot: int) -> str:
    return f"altar {card} {SLOT_NAMES[slot]}"


def words(action: str) -> list[str]:
    """The action's lowercase words (any spacing)."""
    return action.lower().split()


def card_number(word: str) -> int | None:
    """A card id written in an action (``17``), or None when it is not one."""
    n = number(word)
    return n if n is not None and 1 <= n <= C.card_count else None


# ------------------------------------------------------------------ moves, typed
@dataclass(frozen=True, slots=True)
class Move:
    """``move 2``: the token that many spaces clockwise."""

    k: int
    text: str


@dataclass(frozen=True, slots=True)
class Trade:
    """``trade 17``: a card of the hand revealed onto the space."""

    card: int
    text: str


@dataclass(frozen=True, slots=True)
class Altar:
    """``altar 17 2b``: a card of the hand onto an altar slot (0-based index)."""

    card: int
    slot: int
    text: str


@dataclass(frozen=True, slots=True)
class Word:
    """``take``, ``flip``, ``pass``: a move with nothing after its verb."""

    text: str


MOVES = {k: Move(k, move(k)) for k in (1, 2, 3)}
TRADES = {c: Trade(c, trade(c)) for c in range(1, C.card_count + 1)}
ALTARS = {
    (c, s): Altar(c, s, altar(c, s)) for c in range(1, C.card_count + 1) for s in range(len(SLOT_NAMES))
}
TAKING, FLIPPING, PASSING = Word(TAKE), Word(FLIP), Word(PASS)


def parse_move(w: list[str]) -> Move | str:
    if len(w) != 1 or w[0] not in ("1", "2", "3"):
        return "you move your token 1, 2 or 3 spaces"
    return MOVES[int(w[0])]


def parse_trade(w: list[str]) -> Trade | str:
    cid = card_number(w[0]) if len(w) == 1 else None
    return "trade names one card of your hand by its number (trade 17)" if cid is None else TRADES[cid]


def parse_altar(w: list[str]) -> Altar | str:
    if len(w) != 2:
        return "altar names a card of your hand and a slot (altar 17 2b)"
    cid = card_number(w[0])
    if cid is None:
        return f"card {w[0]} is not in your hand"
    slot = SLOT_INDEX.get(w[1])
    if slot is None:
        return "altar slots are 1a–1d (base), 2a–2c (second level) and 3a–3b (top)"
    return ALTARS[cid, slot]


def parse_word(move: Word) -> Callable[[list[str]], Word | str]:
    return lambda w: f"'{move.text}' takes nothing after it" if w else move


# ------------------------------------------------------------------ descriptions
def objects_text(objects: tuple[int, ...], lang: str) -> str:
    """``candle ×2, sweet``: each object once with its count, in the card's order."""
    seen: dict[int, int] = {}
    for o in objects:
        seen[o] = seen.get(o, 0) + 1
    return ", ".join(C.objects[o].name(lang) + (f" ×{n}" if n > 1 else "") for o, n in seen.items())


@cache
def card_text(cid: int, lang: str = "en") -> str:
    """``#17 pink: marigold ×2`` (or in Spanish)."""
    card = C.cards[cid]
    return f"#{cid} {C.colours[card.colour].name(lang)}: {objects_text(card.objects, lang)}"


def cards_text(cids: list[int], lang: str = "en") -> str:
    return "; ".join(card_text(c, lang) for c in cids) if cids else ("nada" if lang == "es" else "nothing")


@cache
def card_short(cid: int, lang: str = "en") -> str:
    """``17 Pk mrg mrg``: id, colour code and 3-letter object tags, for the screen."""
    card = C.cards[cid]
    tags = " ".join(C.objects[o].short(lang) for o in card.objects)
    return f"{cid} {C.colours[card.colour].code(lang)} {tags}"


def alt_text(alt: Alt, lang: str = "en") -> str:
    es = lang == "es"
    if alt.kind == "any":
        return "cualquier carta" if es else "any card"
    if alt.kind == "color":
        col = C.colours[alt.arg]
        return f"carta de color {col.es} ({col.symbol_es})" if es else f"{col.en} ({col.symbol_en}) card"
    if alt.kind == "has":
        name = C.objects[alt.arg].name(lang)
        return f"carta con {name}" if es else f"card with a {name}"
    if alt.kind == "not":
        name = C.objects[alt.arg].name(lang)
        return f"carta sin {name}" if es else f"card without {name}"
    if alt.kind == "exact":
        if alt.arg == 1:  # a count of one is singular
            return "carta con exactamente 1 objeto" if es else "card with exactly 1 object"
        return f"carta con exactamente {alt.arg} objetos" if es else f"card with exactly {alt.arg} objects"
    return "carta de color distinto a la de arriba" if es else "card of another colour than the top card"


def alt_short(alt: Alt, lang: str = "en") -> str:
    """A few characters for the screen: ``has mrg``, ``Pk``, ``=2 obj``, ``≠top``."""
    es = lang == "es"
    if alt.kind == "any":
        return "cualquiera" if es else "any"
    if alt.kind == "color":
        return C.colours[alt.arg].code(lang)
    if alt.kind == "has":
        return ("con " if es else "has ") + C.objects[alt.arg].short(lang)
    if alt.kind == "not":
        return ("sin " if es else "no ") + C.objects[alt.arg].short(lang)
    if alt.kind == "exact":
        return f"={alt.arg} obj"
    return "≠ arriba" if es else "≠top"


def condition_text(icons: tuple[tuple[Alt, ...], ...], lang: str = "en", short: bool = False) -> str:
    """Several icons join with ``+`` (one card each); alternatives with ``or``/``o``."""
    f = alt_short if short else alt_text
    sep = "|" if short else (" o " if lang == "es" else " or ")
    return " + ".join(sep.join(f(a, lang) for a in icon) for icon in icons)


def step_text(step: Step, lang: str = "en", short: bool = False) -> str:
    es = lang == "es"
    if step.kind == "trade":
        return ("intercambio: " if es else "trade: ") + condition_text(step.icons, lang, short)
    if step.kind == "altar":
        return "altar"
    if step.kind == "draw":
        return "roba 1" if es else "draw 1"
    if step.kind == "reveal":
        return ("descubre " if es else "reveal ") + ARROWS[step.direction]
    return "los demás roban 1" if es else "others draw 1"


def steps_text(steps: tuple[Step, ...], lang: str = "en", short: bool = False) -> str:
    return " → ".join(step_text(s, lang, short) for s in steps)


def objective_text(obj: Objective, lang: str = "en") -> str:
    """The objective card in words."""
    es = lang == "es"
    if obj.petal == 1:
        names = " + ".join(C.objects[o].name(lang) for o in obj.objects)
        return (
            f"{C.set_points} puntos por set de {names}" if es else f"{C.set_points} points per set of {names}"
        )
    if obj.petal == 2:
        cols = " + ".join(C.colours[c].name(lang) for c in obj.colours)
        if obj.kind == "sets":
            return (
                f"{obj.points} puntos por set de cartas de color {cols}"
                if es
                else f"{obj.points} points per set of {cols} cards"
            )
        if obj.kind == "per_colour":
            return (
                f"{obj.points} puntos por carta de color {cols}"
                if es
                else f"{obj.points} points per {cols} card"
            )
        return (
            f"{obj.points} puntos si no hay cartas de color {cols}"
            if es
            else f"{obj.points} points with no {cols} card"
        )
    col = C.colours[obj.colour].name(lang)
    ob = C.objects[obj.object].name(lang)
    pts = "/".join(str(p) for p in C.petal3_points[1:])
    if es:
        return f"niveles con carta de color {col} y carta con {ob}: {pts} puntos por 1/2/3 niveles"
    return f"levels with a {col} card and a card with a {ob}: {pts} points for 1/2/3 levels"
