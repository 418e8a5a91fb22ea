"""Spelling of dice, tokens, caskets and cells in actions and pictures.

A die is an int ``colour << 4 | power << 3 | face`` (face 0 = not showing anything that
matters, 1-6, 7 = calavera). It is written as its colour letter and face: ``r5`` a normal
red 5, ``r5*`` a red power die showing 5, ``rx`` a red power die showing its calavera
(only power dice have one). Without a face (supply, City of the Dead, casket lids): ``r``
a normal red die, ``r*`` a red power die. Cells of the ofrenda board are numbered 1-12,
casket positions 1-4, tokens by their item's letter (c m b i).
"""

from __future__ import annotations

from .components import CALAVERA, COMPONENTS

COLOURS = COMPONENTS.colour_letters
ITEM_LETTERS = COMPONENTS.item_letters
ITEM_NAMES = COMPONENTS.item_names
POWER = 8


def die(colour: int, power: bool, face: int = 0) -> int:
    return colour << 4 | (POWER if power else 0) | face


def colour_of(d: int) -> int:
    return d >> 4


def is_power(d: int) -> bool:
    return bool(d & POWER)


def face_of(d: int) -> int:
    return d & 7


def kind_of(d: int) -> int:
    """Index of the die's kind (colour and power) in the 10-long count lists: ``d >> 3``."""
    return d >> 3


def kind_die(k: int) -> int:
    """A faceless die of kind ``k``."""
    return (k >> 1) << 4 | (POWER if k & 1 else 0)


def _die_str(d: int) -> str:
    c = COLOURS[d >> 4]
    f = d & 7
    if f == CALAVERA:
        return c + "x"
    star = "*" if d & POWER else ""
    return f"{c}{f}{star}" if f else c + star


_DIE_STR = [_die_str(d) for d in range(len(COLOURS) << 4)]
KIND_STR = [_DIE_STR[kind_die(k)] for k in range(2 * len(COLOURS))]


def die_str(d: int) -> str:
    return _DIE_STR[d]


def kind_str(k: int) -> str:
    return KIND_STR[k]


def parse_die(text: str) -> int | None:
    """The die a spelling names (``r5``, ``r5*``, ``rx``, ``r``, ``r*``), or None."""
    t = text.strip().lower()
    if not t or t[0] not in COLOURS:
        return None
    c = COLOURS.index(t[0])
    rest = t[1:]
    if rest == "x":
        return die(c, True, CALAVERA)
    power = rest.endswith("*")
    rest = rest.rstrip("*") if power else rest
    if rest == "":
        return die(c, power)
    if len(rest) == 1 and rest in "123456":
        f = int(rest)
        if power and f in (3, 4):
            return None  # a power die has no 3 or 4: those faces are calaveras
        return die(c, power, f)
    return None


def item_of_word(word: str) -> int | None:
    w = word.strip().lower()
    for i, n in enumerate(ITEM_NAMES):
        if w in (n.lower(), ITEM_LETTERS[i]):
            return i
    return None


def tokens_str(counts: list[int]) -> str:
    """A hand of tokens, e.g. ``c m m`` (``-`` when empty)."""
    out = [ITEM_LETTERS[i] for i, n in enumerate(counts) for _ in range(n)]
    return " ".join(out) if out else "-"


def dice_str(dice: list[int]) -> str:
    return " ".join(die_str(d) for d in sorted(dice)) if dice else "-"
