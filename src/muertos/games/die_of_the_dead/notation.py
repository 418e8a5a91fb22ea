"""Spelling of dice, tokens, caskets and cells in actions and pictures.

A die is an int ``colour << 4 | power << 3 | face`` (face 0 = not showing anything that
matters, 1-6, 7 = calavera). It is written as its colour letter and face: ``r5`` a normal
red 5, ``r5*`` a red power die showing 5, ``rx`` a red power die showing its calavera
(only power dice have one). Without a face (supply, City of the Dead, casket lids): ``r``
a normal red die, ``r*`` a red power die. Cells of the ofrenda board are numbered 1-12,
casket positions 1-4, tokens by their item's letter (c m b i).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from muertos.engine import number

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


KIND_WORDS = [
    f"{COMPONENTS.colour_names[k >> 1].lower()} {'power die' if k & 1 else 'die'} ({KIND_STR[k]})"
    for k in range(2 * len(COLOURS))
]
"""A kind of die as prose names it, its notation after it: "yellow die (y)", "red power
die (r*)". Log lines and refusals say the colour in words (a catalog translates the word;
the letter is notation, the same in every language)."""


def kind_words(k: int) -> str:
    return KIND_WORDS[k]


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


# ------------------------------------------------------------------ moves, typed
# Each action reads once into one of these (``text`` is its one spelling). Dice are ints
# as above; caskets, cells and squares are 0-based; ``PREP_DEST`` (-1) is the preparation
# board as a destination.
PREP_DEST = -1


def _dest_word(dest: int) -> str:
    return "prep" if dest == PREP_DEST else str(dest + 1)


@dataclass(frozen=True, slots=True)
class Put:
    """``put r in 1``: setup, a die of the supply (by kind) into a casket."""

    kind: int
    casket: int
    text: str


@dataclass(frozen=True, slots=True)
class Fill:
    """``fill 1 rgb``: solo setup, three colours of the unused dice into a casket."""

    casket: int
    colours: tuple[int, ...]
    text: str


@dataclass(frozen=True, slots=True)
class Open:
    """``open 2``: the Round Starter opens a casket and rolls its dice."""

    casket: int
    text: str


@dataclass(frozen=True, slots=True)
class Swap:
    """``candle 1 3``: the Candle token swaps two caskets (lower position first)."""

    first: int
    second: int
    text: str


@dataclass(frozen=True, slots=True)
class Draft:
    """``draft r5 to 7`` / ``draft r5 to prep``, or ``draft r5`` alone when a token may
    still change it (``dest`` None: placed later)."""

    die: int
    dest: int | None
    text: str


@dataclass(frozen=True, slots=True)
class Shift:
    """``move r5 to 7`` (Move) or ``marigold r5 to 7`` (the Marigold token): a prepared
    die onto an empty cell of the open casket's section."""

    die: int
    cell: int
    text: str


@dataclass(frozen=True, slots=True)
class TakeToken:
    """``take``, or ``take discard c`` at the hand limit: the open casket's item token."""

    discard: int | None
    text: str


@dataclass(frozen=True, slots=True)
class Place:
    """``place prep`` / ``place 7``: the drafted die held."""

    dest: int
    text: str


@dataclass(frozen=True, slots=True)
class Adjust:
    """``bread 4`` / ``incense 3``: a token changes the held die's value."""

    token: int
    value: int
    text: str


@dataclass(frozen=True, slots=True)
class Pay:
    """``pay r* on 2`` (a die of that kind from where payment must come), ``pay prep r5 on 2``
    or ``pay cell 3 on 2`` (5 players): a die onto a closed casket's lid. ``label`` is the
    spelling of the die paid."""

    label: str
    casket: int
    text: str


@dataclass(frozen=True, slots=True)
class CityDie:
    """``gain r*`` (Marigold) or ``remove r`` (solo Move): a die of the City of the Dead, by kind."""

    kind: int
    text: str


@dataclass(frozen=True, slots=True)
class Square:
    """``square b``: where the scoring die lands on its step."""

    square: int
    text: str


@dataclass(frozen=True, slots=True)
class TokenOut:
    """``discard c``: at the hand limit, a token out for a step's token bonus."""

    token: int
    text: str


@dataclass(frozen=True, slots=True)
class TokenSet:
    """``discard cmb``: 3 or 4 different tokens for steps (in the order c m b i)."""

    tokens: tuple[int, ...]
    text: str


@dataclass(frozen=True, slots=True)
class Calavera:
    """``calavera r5*`` (a prepared power die) or ``calavera 7`` (a cell): turned to its calavera."""

    die: int | None
    cell: int | None
    text: str


@dataclass(frozen=True, slots=True)
class Face:
    """``face r3 5``: the Set a face bonus on a prepared normal die."""

    die: int
    face: int
    text: str


@dataclass(frozen=True, slots=True)
class Score:
    """``score bread``: which completed section scores first."""

    section: int
    text: str


@dataclass(frozen=True, slots=True)
class Word:
    """``ascend``, ``pass``, ``skip``, ``done``: nothing after the verb."""

    text: str


ASCEND, PASS, SKIP, DONE = Word("ascend"), Word("pass"), Word("skip"), Word("done")
NCASKETS = COMPONENTS.caskets
NCELLS = COMPONENTS.cells
SQUARES = "abcdefgh"[: len(COMPONENTS.squares[0])]
KINDS = range(2 * len(COLOURS))


def _casket(word: str) -> int | None:
    n = number(word)
    return n - 1 if n is not None and 1 <= n <= NCASKETS else None


def _cell(word: str) -> int | None:
    n = number(word)
    return n - 1 if n is not None and 1 <= n <= NCELLS else None


def _kind(word: str) -> int | None:
    """A faceless die (``r``, ``r*``) as its kind."""
    d = parse_die(word)
    return None if d is None or face_of(d) else kind_of(d)


def _faced(word: str) -> int | None:
    """A die as it lies (``r5``, ``r5*``, ``rx``; ``r`` for one not rolled)."""
    return parse_die(word)


def parse_put(w: list[str]) -> Put | str:
    k = _kind(w[0]) if len(w) == 3 and w[1] == "in" else None
    p = _casket(w[2]) if k is not None else None
    if k is None or p is None:
        return "setup: put a die of your supply into a casket (put r in 1)"
    return Put(k, p, f"put {kind_str(k)} in {p + 1}")


def parse_fill(w: list[str]) -> Fill | str:
    p = _casket(w[0]) if len(w) == 2 else None
    cols = tuple(COLOURS.index(ch) for ch in w[1] if ch in COLOURS) if p is not None else ()
    if p is None or len(cols) != 3 or len(w[1]) != 3 or len(set(cols)) != 3:
        return "solo setup: three different colours for a casket (fill 1 rgb)"
    if list(cols) != sorted(cols):
        return f"name the colours in the order {COLOURS} (fill {p + 1} {''.join(COLOURS[c] for c in sorted(cols))})"
    return Fill(p, cols, f"fill {p + 1} {w[1]}")


def parse_open(w: list[str]) -> Open | str:
    p = _casket(w[0]) if len(w) == 1 else None
    return "open names a casket position, 1 to 4" if p is None else Open(p, f"open {p + 1}")


def parse_swap(w: list[str]) -> Swap | str:
    a, b = (_casket(w[0]), _casket(w[1])) if len(w) == 2 else (None, None)
    if a is None or b is None or a >= b:
        return "Candle swaps two different caskets: candle A B with 1 <= A < B <= 4"
    return Swap(a, b, f"candle {a + 1} {b + 1}")


def _destination(word: str) -> int | None:
    return PREP_DEST if word == "prep" else _cell(word)


def parse_draft(w: list[str]) -> Draft | str:
    d = _faced(w[0]) if w else None
    if d is None:
        return "draft names a die of the open casket (draft r5, draft r5 to 7, draft r5 to prep)"
    if len(w) == 1:
        return Draft(d, None, f"draft {die_str(d)}")
    dest = _destination(w[2]) if len(w) == 3 and w[1] == "to" else None
    if dest is None:
        return f"a drafted die goes to the preparation board or a cell: draft {die_str(d)} to prep / draft {die_str(d)} to N"
    return Draft(d, dest, f"draft {die_str(d)} to {_dest_word(dest)}")


def parse_shift(verb: str) -> Callable[[list[str]], Shift | str]:
    def parse(w: list[str]) -> Shift | str:
        d = _faced(w[0]) if len(w) == 3 and w[1] == "to" else None
        c = _cell(w[2]) if d is not None else None
        if d is None or c is None:
            return f"{verb} names a die of your preparation board and a cell ({verb} r5 to 7)"
        return Shift(d, c, f"{verb} {die_str(d)} to {c + 1}")

    return parse


def parse_take(w: list[str]) -> TakeToken | str:
    if not w:
        return TakeToken(None, "take")
    if len(w) == 2 and w[0] == "discard" and len(w[1]) == 1 and w[1] in ITEM_LETTERS:
        return TakeToken(ITEM_LETTERS.index(w[1]), f"take discard {w[1]}")
    return "take, or at the hand limit take discard X (a token letter: c m b i)"


def parse_place(w: list[str]) -> Place | str:
    dest = _destination(w[0]) if len(w) == 1 else None
    if dest is None:
        return "place the held die: place prep, or place N (a cell)"
    return Place(dest, f"place {_dest_word(dest)}")


def parse_adjust(token: int, verb: str) -> Callable[[list[str]], Adjust | str]:
    def parse(w: list[str]) -> Adjust | str:
        if len(w) != 1 or len(w[0]) != 1 or w[0] not in "123456":
            return f"{verb} names the new value of the held die, 1 to 6 ({verb} 4)"
        return Adjust(token, int(w[0]), f"{verb} {w[0]}")

    return parse


def parse_pay(w: list[str]) -> Pay | str:
    usage = "pay with a die onto a closed casket: pay r on 2, pay prep r5 on 2, pay cell 3 on 2"
    if len(w) < 3 or w[-2] != "on" or _casket(w[-1]) is None:
        return usage
    q = int(w[-1]) - 1
    src = w[:-2]
    if len(src) == 1 and _kind(src[0]) is not None:
        label = kind_str(_kind(src[0]) or 0)
    elif len(src) == 2 and src[0] == "prep" and _faced(src[1]) is not None:
        label = f"prep {die_str(_faced(src[1]) or 0)}"
    elif len(src) == 2 and src[0] == "cell" and _cell(src[1]) is not None:
        label = f"cell {int(src[1])}"
    else:
        return usage
    return Pay(label, q, f"pay {label} on {q + 1}")


def parse_city(verb: str) -> Callable[[list[str]], CityDie | str]:
    def parse(w: list[str]) -> CityDie | str:
        k = _kind(w[0]) if len(w) == 1 else None
        if k is None:
            return f"{verb} names a kind of die of the City of the Dead ({verb} r*)"
        return CityDie(k, f"{verb} {kind_str(k)}")

    return parse


def parse_square(w: list[str]) -> Square | str:
    if len(w) != 1 or len(w[0]) != 1 or w[0] not in SQUARES:
        return f"choose the square on your landing step (square {SQUARES[0]}-{SQUARES[-1]})"
    return Square(SQUARES.index(w[0]), f"square {w[0]}")


def parse_token_out(w: list[str]) -> TokenOut | str:
    if len(w) != 1 or len(w[0]) != 1 or w[0] not in ITEM_LETTERS:
        return "discard names a token by its letter (c m b i)"
    return TokenOut(ITEM_LETTERS.index(w[0]), f"discard {w[0]}")


def parse_token_set(w: list[str]) -> TokenSet | str:
    ts = tuple(ITEM_LETTERS.index(ch) for ch in w[0] if ch in ITEM_LETTERS) if len(w) == 1 else ()
    if len(ts) not in (3, 4) or len(ts) != len(w[0]) or len(set(ts)) != len(ts):
        return "discard exactly 3 or 4 different token types you hold (discard cmb)"
    if list(ts) != sorted(ts):
        return f"name the tokens in the order {ITEM_LETTERS} (discard {''.join(ITEM_LETTERS[t] for t in sorted(ts))})"
    return TokenSet(ts, f"discard {w[0]}")


def parse_calavera(w: list[str]) -> Calavera | str:
    if len(w) == 1 and _cell(w[0]) is not None:
        return Calavera(None, int(w[0]) - 1, f"calavera {int(w[0])}")
    d = _faced(w[0]) if len(w) == 1 else None
    if d is None:
        return "calavera names a power die of your preparation board (calavera r5*) or a cell (calavera 7)"
    return Calavera(d, None, f"calavera {die_str(d)}")


def parse_face(w: list[str]) -> Face | str:
    d = _faced(w[0]) if len(w) == 2 else None
    if d is None or len(w[1]) != 1 or w[1] not in "123456":
        return "face names a die of your preparation board and its new face (face r3 5)"
    return Face(d, int(w[1]), f"face {die_str(d)} {w[1]}")


def parse_score(w: list[str]) -> Score | str:
    sec = item_of_word(w[0]) if len(w) == 1 else None
    if sec is None:
        return "score names a completed section (score bread)"
    return Score(sec, f"score {ITEM_NAMES[sec].lower()}")


def parse_word(word: Word) -> Callable[[list[str]], Word | str]:
    return lambda w: f"'{word.text}' takes nothing after it" if w else word
