"""Ofrenda's action notation: every spelling built once, parsed by one dict lookup.

    take 3            take the Portrait in Family board space 3 (pay 2 Marigolds)
    candle 1          then take the Candle above space 1 (free above the taken space)
    no candle         decline the optional Candle
    place P17 S5      place Portrait P17 from your hand in card slot S5
    discard P17       discard Portrait P17 for 3 Marigolds
    candle K12 J3     put Candle K12 from storage in the surrounded candle slot J3
    marigold J2       put a Marigold from storage in the surrounded marigold slot J2
    skip J3           leave the surrounded slot J3 empty (for good)

The rules build legal lists by indexing these tables (no string formatting in the hot
path); each spelling reads as one typed move (``Take``, ``Place``…), built once here.
"""

from __future__ import annotations

from dataclasses import dataclass

from muertos.engine import number

from .components import CANDLE_IDS, CARD_IDS, MARKET, NCANDLES, NCARDS, NSLOTS, NTOK, SLOT_IDS, TOKEN_IDS

TAKE = tuple(f"take {k + 1}" for k in range(MARKET))
CANDLE = tuple(f"candle {k + 1}" for k in range(MARKET))
NO_CANDLE = "no candle"
PLACE = tuple(tuple(f"place {CARD_IDS[c]} {SLOT_IDS[s]}" for s in range(NSLOTS)) for c in range(NCARDS))
DISCARD = tuple(f"discard {CARD_IDS[c]}" for c in range(NCARDS))
PUT_CANDLE = tuple(
    tuple(f"candle {CANDLE_IDS[k]} {TOKEN_IDS[j]}" for j in range(NTOK)) for k in range(NCANDLES)
)
PUT_MARIGOLD = tuple(f"marigold {TOKEN_IDS[j]}" for j in range(NTOK))
SKIP = tuple(f"skip {TOKEN_IDS[j]}" for j in range(NTOK))


# ------------------------------------------------------------------ moves, typed
@dataclass(frozen=True, slots=True)
class Take:
    """``take 3``: the portrait in Family board space 3 (0-based ``space``)."""

    space: int
    text: str


@dataclass(frozen=True, slots=True)
class TakeCandle:
    """``candle 1``: the candle above space 1 (0-based ``space``)."""

    space: int
    text: str


@dataclass(frozen=True, slots=True)
class Decline:
    """``no candle``: the optional candle declined."""

    text: str = NO_CANDLE


@dataclass(frozen=True, slots=True)
class Place:
    """``place P17 S5``: a portrait of the hand onto a card slot."""

    card: int
    slot: int
    text: str


@dataclass(frozen=True, slots=True)
class Discard:
    """``discard P17``: a portrait of the hand for three marigolds."""

    card: int
    text: str


@dataclass(frozen=True, slots=True)
class PutCandle:
    """``candle K12 J3``: a stored candle into a surrounded candle slot."""

    candle: int
    token: int
    text: str


@dataclass(frozen=True, slots=True)
class PutMarigold:
    """``marigold J2``: a stored marigold into a surrounded marigold slot."""

    token: int
    text: str


@dataclass(frozen=True, slots=True)
class Skip:
    """``skip J3``: a surrounded slot left empty, for good."""

    token: int
    text: str


TAKES = tuple(Take(k, TAKE[k]) for k in range(MARKET))
TAKE_CANDLES = tuple(TakeCandle(k, CANDLE[k]) for k in range(MARKET))
DECLINE = Decline()
PLACES = tuple(tuple(Place(c, s, PLACE[c][s]) for s in range(NSLOTS)) for c in range(NCARDS))
DISCARDS = tuple(Discard(c, DISCARD[c]) for c in range(NCARDS))
PUT_CANDLES = tuple(tuple(PutCandle(k, j, PUT_CANDLE[k][j]) for j in range(NTOK)) for k in range(NCANDLES))
PUT_MARIGOLDS = tuple(PutMarigold(j, PUT_MARIGOLD[j]) for j in range(NTOK))
SKIPS = tuple(Skip(j, SKIP[j]) for j in range(NTOK))


def _space(word: str) -> int | None:
    n = number(word)
    return n - 1 if n is not None and 1 <= n <= MARKET else None


def parse_take(w: list[str]) -> Take | str:
    k = _space(w[0]) if len(w) == 1 else None
    return (
        TAKES[k] if k is not None else f"take a portrait by its Family board space, 1–{MARKET} (e.g. take 1)"
    )


def parse_take_candle(w: list[str]) -> TakeCandle | str:
    k = _space(w[0]) if len(w) == 1 else None
    if k is None:
        return (
            f"write 'candle <space 1–{MARKET}>' to take a candle from above the Family board, "
            "or 'candle <candle> <slot>' to put a stored one in a surrounded slot (e.g. candle K12 J3)"
        )
    return TAKE_CANDLES[k]


def parse_decline(w: list[str]) -> Decline | str:
    return DECLINE if w == ["candle"] else "write 'no candle' to decline the optional candle"


def _card(word: str) -> int | str:
    """A portrait of the notation, exactly as written (P05, not P5), or why not."""
    c = card_index(word)
    if c is None:
        return f"{word.upper()} is not a portrait (they are P01–P{NCARDS})"
    if CARD_IDS[c].lower() != word:
        return f"write the portrait as {CARD_IDS[c]}"
    return c


def _token(word: str) -> int | str:
    j = token_index(word)
    if j is None:
        return f"{word.upper()} is not a candle/marigold slot (they are J1–J{NTOK})"
    if TOKEN_IDS[j].lower() != word:
        return f"write the slot as {TOKEN_IDS[j]}"
    return j


def parse_place(w: list[str]) -> Place | str:
    if len(w) != 2:
        return "place needs a portrait and a card slot (e.g. place P17 S5)"
    c = _card(w[0])
    if isinstance(c, str):
        return c
    s = slot_index(w[1])
    if s is None:
        return f"{w[1].upper()} is not a card slot (they are S1–S{NSLOTS})"
    if SLOT_IDS[s].lower() != w[1]:
        return f"write the slot as {SLOT_IDS[s]}"
    return PLACES[c][s]


def parse_discard(w: list[str]) -> Discard | str:
    if len(w) != 1:
        return "discard takes one portrait (e.g. discard P17)"
    c = _card(w[0])
    return c if isinstance(c, str) else DISCARDS[c]


def parse_put_candle(w: list[str]) -> PutCandle | str:
    if len(w) != 2:
        return "name a candle of your storage and the slot (e.g. candle K12 J3)"
    k = candle_index(w[0])
    if k is None or CANDLE_IDS[k].lower() != w[0]:
        return f"{w[0].upper()} is not a candle (they are {CANDLE_IDS[0]}–{CANDLE_IDS[-1]})"
    j = _token(w[1])
    return j if isinstance(j, str) else PUT_CANDLES[k][j]


def parse_put_marigold(w: list[str]) -> PutMarigold | str:
    if len(w) != 1:
        return "name the marigold slot (e.g. marigold J2)"
    j = _token(w[0])
    return j if isinstance(j, str) else PUT_MARIGOLDS[j]


def parse_skip(w: list[str]) -> Skip | str:
    if len(w) != 1:
        return "name the slot to leave empty (e.g. skip J3)"
    j = _token(w[0])
    return j if isinstance(j, str) else SKIPS[j]


_CARD_BY_ID = {cid.lower(): i for i, cid in enumerate(CARD_IDS)}
_SLOT_BY_ID = {sid.lower(): i for i, sid in enumerate(SLOT_IDS)}
_TOKEN_BY_ID = {tid.lower(): i for i, tid in enumerate(TOKEN_IDS)}
_CANDLE_BY_ID = {kid.lower(): i for i, kid in enumerate(CANDLE_IDS)}


def _lookup(table: dict[str, int], word: str, prefix: str) -> int | None:
    """Index of a component id, forgiving zero padding (``P5`` = ``P05``, ``s05`` = ``S5``)."""
    w = word.lower()
    if w in table:
        return table[w]
    n = number(w[len(prefix) :]) if w.startswith(prefix) else None
    if n is not None:
        for key, i in table.items():
            if int(key[len(prefix) :]) == n:
                return i
    return None


def card_index(word: str) -> int | None:
    return _lookup(_CARD_BY_ID, word, "p")


def slot_index(word: str) -> int | None:
    return _lookup(_SLOT_BY_ID, word, "s")


def token_index(word: str) -> int | None:
    return _lookup(_TOKEN_BY_ID, word, "j")


def candle_index(word: str) -> int | None:
    return _lookup(_CANDLE_BY_ID, word, "k")
