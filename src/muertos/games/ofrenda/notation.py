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
path) and ``_apply`` decodes its canonical action with ``PARSE[action]``.
"""

from __future__ import annotations

from .components import CANDLE_IDS, CARD_IDS, MARKET, NCANDLES, NCARDS, NSLOTS, NTOK, SLOT_IDS, TOKEN_IDS

A_TAKE, A_CANDLE, A_NO_CANDLE, A_PLACE, A_DISCARD, A_PUT_CANDLE, A_PUT_MARIGOLD, A_SKIP = range(8)

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

PARSE: dict[str, tuple[int, int, int]] = {}
for _k in range(MARKET):
    PARSE[TAKE[_k]] = (A_TAKE, _k, 0)
    PARSE[CANDLE[_k]] = (A_CANDLE, _k, 0)
PARSE[NO_CANDLE] = (A_NO_CANDLE, 0, 0)
for _c in range(NCARDS):
    PARSE[DISCARD[_c]] = (A_DISCARD, _c, 0)
    for _s in range(NSLOTS):
        PARSE[PLACE[_c][_s]] = (A_PLACE, _c, _s)
for _j in range(NTOK):
    PARSE[PUT_MARIGOLD[_j]] = (A_PUT_MARIGOLD, _j, 0)
    PARSE[SKIP[_j]] = (A_SKIP, _j, 0)
    for _k in range(NCANDLES):
        PARSE[PUT_CANDLE[_k][_j]] = (A_PUT_CANDLE, _k, _j)

_CARD_BY_ID = {cid.lower(): i for i, cid in enumerate(CARD_IDS)}
_SLOT_BY_ID = {sid.lower(): i for i, sid in enumerate(SLOT_IDS)}
_TOKEN_BY_ID = {tid.lower(): i for i, tid in enumerate(TOKEN_IDS)}
_CANDLE_BY_ID = {kid.lower(): i for i, kid in enumerate(CANDLE_IDS)}


def _lookup(table: dict[str, int], word: str, prefix: str) -> int | None:
    """Index of a component id, forgiving zero padding (``P5`` = ``P05``, ``s05`` = ``S5``)."""
    w = word.lower()
    if w in table:
        return table[w]
    if w.startswith(prefix) and w[len(prefix) :].isdigit():
        n = int(w[len(prefix) :])
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
