"""Spelling of actions: players as ``p1``..``p6``, fields as numbers, cards by key.

Every legal action has exactly one spelling (see the package docstring for the list). An
action is read once into a small typed *move* (the frozen dataclasses below), each with
its canonical spelling in ``text``. Both the spellings and the moves are built once here,
in tables: a bot lists the open moves millions of times, and a listing must only look
strings up, never format them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, lru_cache

from muertos.engine import number, seat_ref

from .components import BOARD, CARD_INDEX, CARDS, FEST_INDEX, FESTIVITY, GD_FINAL

LIMBS = ("arm", "leg")
MAX_SEATS = 6
"""Players are ``p1``..``p6``: the spellings are built for the largest table."""
SEATS = range(MAX_SEATS)
FIELDS = range(BOARD.size)
"""0 (the start S, never a destination) to 32 (the goal)."""
FEST_KEYS = tuple(f.key for f in FESTIVITY)
"""Festivity cards by index (Music, Dance, Banquet): the order listings give them in."""
ITEMS = (*LIMBS, *FEST_KEYS)
"""What Snatching steals and a hiding place gives: an arm, a leg or a festivity card."""


def player(seat: int) -> str:
    """The token of a seat (0-based) in actions: ``p1``..``p6``."""
    return f"p{seat + 1}"


def parse_player(tok: str) -> int | None:
    """Seat of a ``pN`` token, or None."""
    n = number(tok[1:]) if tok[:1] == "p" else None
    return n - 1 if n is not None else None


def card(kind: int) -> str:
    return CARDS[kind].key


@cache
def card_name(kind: int) -> str:
    """A card as the log names it: ``Kicking [T, 2 bones]`` (kept: the log names cards
    at every step, the bots' trial moves too)."""
    c = CARDS[kind]
    return f"{c.name} [{c.letter}, {bones(c.move)}]"


@lru_cache(maxsize=16)  # bounded: a refusal may name any number a player typed
def bones(m: int) -> str:
    return f"{m} bone" + ("s" if m != 1 else "")


def fest(kind: int) -> str:
    return FESTIVITY[kind].key


def parse_fest(tok: str) -> int | None:
    return FEST_INDEX.get(tok)


def field(f: int) -> str:
    """A field as shown to people: ``S`` for the start area, else its number."""
    return "S" if f == 0 else str(f)


@lru_cache(maxsize=16)
def who(seat: int) -> str:
    """A seat as the log names it (``seat_ref``), kept as ``card_name`` is (bounded: a
    refusal may name any seat a player typed)."""
    return seat_ref(seat)


# ================================================================== moves
@dataclass(frozen=True, slots=True)
class Word:
    """A decision of one fixed spelling: ``move``, ``reveal``, ``end``, ``follow``,
    ``hold``, ``dodge``, ``no reaction``, ``keep``."""

    text: str

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class CardMove:
    """``lay kick`` / ``discard kick``: one card of the hand, by kind."""

    card: int
    text: str

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class Swap:
    """``swap dodge kick``: two hand cards for one new (the cards in card order)."""

    first: int
    second: int
    text: str

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class FieldMove:
    """``walk 12``, ``go 16``, ``leapfrog 14``, ``den 29``, ``block 7``: a field."""

    field: int
    text: str

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class DogRun:
    """``dog 22`` / ``dog 9 bite p3``: the dog led to a field (and whom it attacks there)."""

    field: int
    victim: int | None
    text: str

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class Target:
    """``beat p2``, ``kick p2``, ``throw p4``, ``header p5``: an action on a skeleton."""

    victim: int
    text: str

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class Snatch:
    """``snatch p2 arm`` / ``snatch p2 dance``: what is stolen from whom."""

    victim: int
    item: str
    text: str

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class Item:
    """``patch leg``, ``hit arm``, ``take dance``: a body part or a festivity card."""

    item: str
    text: str

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class Pick:
    """``pick 2``: the back (1-3 bones) of the card drawn from the victim's hand."""

    back: int
    text: str

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class Cartwheel:
    """``cartwheel 6 7 8``: the fields entered, in order (1-3 of them)."""

    path: tuple[int, ...]
    text: str

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class Hustle:
    """``hustle p2 7 5`` (push to 7, step to 5) or ``hustle p2 swap`` (``push`` and ``step``
    None). No push goes without a step: an action is done 'only completely' (RB)."""

    victim: int
    push: int | None
    step: int | None
    text: str

    def __str__(self) -> str:
        return self.text


# ======================================================= spelling tables
MOVEMENT = Word("move")
REVEAL = Word("reveal")
END = Word("end")
FOLLOW = Word("follow")
HOLD = Word("hold")
DODGE = Word("dodge")
NO_REACTION = Word("no reaction")
KEEP = Word("keep")

LAY = tuple(CardMove(c.index, f"lay {c.key}") for c in CARDS)
DISCARD = tuple(CardMove(c.index, f"discard {c.key}") for c in CARDS)
SWAP = {
    (a.index, b.index): Swap(a.index, b.index, f"swap {a.key} {b.key}")
    for a in CARDS
    for b in CARDS[a.index :]
}
SWAP_TEXT = {pair: m.text for pair, m in SWAP.items()}
WALK = tuple(FieldMove(f, f"walk {f}") for f in FIELDS)
GO = tuple(FieldMove(f, f"go {f}") for f in FIELDS)
LEAPFROG = tuple(FieldMove(f, f"leapfrog {f}") for f in FIELDS)
DEN = {f: FieldMove(f, f"den {f}") for f in BOARD.hiding}
BLOCK = {f: FieldMove(f, f"block {f}") for f in GD_FINAL}
DOG = tuple(DogRun(f, None, f"dog {f}") for f in FIELDS)
BITE = tuple(tuple(DogRun(f, v, f"dog {f} bite {player(v)}") for v in SEATS) for f in FIELDS)
TARGET = {
    verb: tuple(Target(v, f"{verb} {player(v)}") for v in SEATS)
    for verb in ("beat", "kick", "throw", "header")
}
SNATCH = tuple({x: Snatch(v, x, f"snatch {player(v)} {x}") for x in ITEMS} for v in SEATS)
PATCH = {x: Item(x, f"patch {x}") for x in LIMBS}
HIT = {x: Item(x, f"hit {x}") for x in LIMBS}
TAKE = {x: Item(x, f"take {x}") for x in ITEMS}
PICK = {b: Pick(b, f"pick {b}") for b in (1, 2, 3)}
HUSTLE_SWAP = tuple(Hustle(v, None, None, f"hustle {player(v)} swap") for v in SEATS)
HUSTLE = {
    (v, f, g): Hustle(v, f, g, f"hustle {player(v)} {f} {g}") for v in SEATS for f in FIELDS for g in FIELDS
}
"""By (victim, push field, step field)."""
_CARTWHEEL: dict[tuple[int, ...], Cartwheel] = {}


def cartwheel(path: tuple[int, ...]) -> Cartwheel:
    """The move along ``path`` (built once per path)."""
    m = _CARTWHEEL.get(path)
    if m is None:
        m = _CARTWHEEL[path] = Cartwheel(path, "cartwheel " + " ".join(map(str, path)))
    return m


def _paths_from(a: int) -> tuple[Cartwheel, ...]:
    """Every path of 1-3 fields along the arrows from ``a``, never back to it: the
    cartwheels a player there could name, whatever stands in the way."""
    out: list[Cartwheel] = []
    todo: list[tuple[int, ...]] = [(v,) for v in BOARD.skel_out[a] if v != a]
    while todo:
        p = todo.pop()
        out.append(cartwheel(p))
        if len(p) < 3:
            todo += [(*p, v) for v in BOARD.skel_out[p[-1]] if v != a and v not in p]
    return tuple(sorted(out, key=lambda m: m.path))


PATHS_FROM = tuple(_paths_from(a) for a in FIELDS)
"""Cartwheels by the field they start from (built once)."""


# ================================================================ parsing
# Each reads the words after the verb (lower case) into its move, or says why they spell none.
def _nothing_after(move: Word) -> Callable[[list[str]], Word | str]:
    def parse(words: list[str]) -> Word | str:
        return f"'{move.text}' takes nothing after it" if words else move

    return parse


parse_move = _nothing_after(MOVEMENT)
parse_reveal = _nothing_after(REVEAL)
parse_end = _nothing_after(END)
parse_follow = _nothing_after(FOLLOW)
parse_hold = _nothing_after(HOLD)
parse_dodge = _nothing_after(DODGE)
parse_keep = _nothing_after(KEEP)


def parse_no(words: list[str]) -> Word | str:
    return NO_REACTION if words == ["reaction"] else "write 'no reaction' to decline to react"


def _card_or_why(word: str) -> int | str:
    k = CARD_INDEX.get(word)
    if k is None:
        return f"there is no card {word!r} (cards: " + ", ".join(c.key for c in CARDS) + ")"
    return k


def parse_lay(words: list[str]) -> CardMove | str:
    if len(words) != 1:
        return "write 'lay <card>', e.g. 'lay kick'"
    k = _card_or_why(words[0])
    return k if isinstance(k, str) else LAY[k]


def parse_discard(words: list[str]) -> CardMove | str:
    if len(words) != 1:
        return "write 'discard <card>', e.g. 'discard kick'"
    k = _card_or_why(words[0])
    return k if isinstance(k, str) else DISCARD[k]


def parse_swap(words: list[str]) -> Swap | str:
    if len(words) != 2:
        return "write 'swap <card> <card>', e.g. 'swap dodge kick', or 'keep'"
    a, b = _card_or_why(words[0]), _card_or_why(words[1])
    if isinstance(a, str):
        return a
    if isinstance(b, str):
        return b
    if a > b:
        return f"name the two cards in card order: 'swap {CARDS[b].key} {CARDS[a].key}'"
    return SWAP[a, b]


def _field_or_why(word: str) -> int | str:
    n = number(word)
    if n is not None and n in FIELDS:
        return n
    return f"{word!r} is not a field: fields are numbered 1-{BOARD.goal}"


def _one_field(verb: str, table: tuple[FieldMove, ...]) -> Callable[[list[str]], FieldMove | str]:
    def parse(words: list[str]) -> FieldMove | str:
        if len(words) != 1:
            return f"write '{verb} <field>', e.g. '{verb} 12'"
        f = _field_or_why(words[0])
        return f if isinstance(f, str) else table[f]

    return parse


parse_walk = _one_field("walk", WALK)
parse_go = _one_field("go", GO)
parse_leapfrog = _one_field("leapfrog", LEAPFROG)


def parse_den(words: list[str]) -> FieldMove | str:
    n = number(words[0]) if len(words) == 1 else None
    if n is None or n not in DEN:
        return "write 'den <hiding place>': the dog's hiding places are " + ", ".join(map(str, DEN))
    return DEN[n]


def parse_block(words: list[str]) -> FieldMove | str:
    n = number(words[0]) if len(words) == 1 else None
    if n is None or n not in BLOCK:
        return (
            "write 'block <field>': the gravedigger blocks one of " + ", ".join(map(str, BLOCK)) + " for good"
        )
    return BLOCK[n]


def _seat_or_why(word: str) -> int | str:
    v = parse_player(word)
    if v is None or v not in SEATS:
        return f"{word!r} is not a player: players are p1-p{MAX_SEATS}"
    return v


def parse_dog(words: list[str]) -> DogRun | str:
    if len(words) not in (1, 3) or (len(words) == 3 and words[1] != "bite"):
        return "write 'dog <field>' or 'dog <field> bite <player>', e.g. 'dog 9 bite p3'"
    f = _field_or_why(words[0])
    if isinstance(f, str):
        return f
    if len(words) == 1:
        return DOG[f]
    v = _seat_or_why(words[2])
    return v if isinstance(v, str) else BITE[f][v]


def _target(verb: str) -> Callable[[list[str]], Target | str]:
    table = TARGET[verb]

    def parse(words: list[str]) -> Target | str:
        if len(words) != 1:
            return f"write '{verb} <player>', e.g. '{verb} p2'"
        v = _seat_or_why(words[0])
        return v if isinstance(v, str) else table[v]

    return parse


parse_beat = _target("beat")
parse_kick = _target("kick")
parse_throw = _target("throw")
parse_header = _target("header")


def parse_snatch(words: list[str]) -> Snatch | str:
    if len(words) != 2 or words[1] not in ITEMS:
        return "write 'snatch <player> <item>' (items: " + ", ".join(ITEMS) + "), e.g. 'snatch p2 arm'"
    v = _seat_or_why(words[0])
    return v if isinstance(v, str) else SNATCH[v][words[1]]


def _limb(verb: str, table: dict[str, Item]) -> Callable[[list[str]], Item | str]:
    def parse(words: list[str]) -> Item | str:
        if len(words) != 1 or words[0] not in table:
            return f"write '{verb} arm' or '{verb} leg'"
        return table[words[0]]

    return parse


parse_patch = _limb("patch", PATCH)
parse_hit = _limb("hit", HIT)


def parse_take(words: list[str]) -> Item | str:
    if len(words) != 1 or words[0] not in TAKE:
        return "write 'take <item>' (items: " + ", ".join(ITEMS) + ")"
    return TAKE[words[0]]


def parse_pick(words: list[str]) -> Pick | str:
    n = number(words[0]) if len(words) == 1 else None
    if n is None or n not in PICK:
        return "write 'pick <bones>': the back (1, 2 or 3 bones) of the card to draw from the victim's hand"
    return PICK[n]


def parse_cartwheel(words: list[str]) -> Cartwheel | str:
    if not 1 <= len(words) <= 3:
        return "write 'cartwheel' and the 1-3 fields entered, e.g. 'cartwheel 6 7 8'"
    path = []
    for w in words:
        f = _field_or_why(w)
        if isinstance(f, str):
            return f
        path.append(f)
    return cartwheel(tuple(path))


HUSTLE_FORMS = (
    "a hustle moves both skeletons or none (RB: 'A skeleton can execute actions only completely "
    "or not at all'): write 'hustle <player> <push field> <step field>' or 'hustle <player> swap'"
)
"""How a hustle is written: a push goes with a step, or the skeletons swap."""


def parse_hustle(words: list[str]) -> Hustle | str:
    if len(words) not in (2, 3):
        return HUSTLE_FORMS
    v = _seat_or_why(words[0])
    if isinstance(v, str):
        return v
    if words[1] == "swap":
        return HUSTLE_SWAP[v] if len(words) == 2 else "'hustle <player> swap' takes nothing after it"
    if len(words) == 2:
        return HUSTLE_FORMS
    f = _field_or_why(words[1])
    if isinstance(f, str):
        return f
    g = _field_or_why(words[2])
    return g if isinstance(g, str) else HUSTLE[v, f, g]
