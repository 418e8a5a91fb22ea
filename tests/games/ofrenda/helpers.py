"""Building Ofrenda positions by hand: move named components where a test wants them.

Every helper keeps the state consistent (each portrait and candle in exactly one
place), so a built position still passes ``_validate`` and a JSON round trip.
"""

from __future__ import annotations

import random
from typing import Any

from muertos.games.ofrenda import GAME
from muertos.games.ofrenda.components import CANDLE_IDS, CARD_IDS, NSLOTS, NTOK, SLOT_IDS, TOKEN_IDS
from muertos.games.ofrenda.rules import OfrendaState


def C(pid: str) -> int:
    return CARD_IDS.index(pid)


def K(kid: str) -> int:
    return CANDLE_IDS.index(kid)


def S(sid: str) -> int:
    return SLOT_IDS.index(sid)


def J(jid: str) -> int:
    return TOKEN_IDS.index(jid)


def new(players: int = 2, seed: int = 0, **options: Any) -> OfrendaState:
    s = GAME.new(players, seed, options)
    assert isinstance(s, OfrendaState)
    return s


def pull_card(s: OfrendaState, c: int, keep: tuple[int, ...] = ()) -> None:
    """Take portrait ``c`` out of wherever it is; a market or box gap is refilled from the deck."""
    if c in s.deck:
        s.deck.remove(c)
        return
    for h, sec in zip(s.hands, s.secret, strict=True):
        if c in h:
            h.remove(c)
            if c in sec:
                sec.remove(c)
            return
    for d in s.discards:
        if c in d:
            d.remove(c)
            return
    if c in s.abuela:
        s.abuela.remove(c)
        return
    spare = [x for x in s.deck if x not in keep]
    if c in s.market:
        i = s.market.index(c)
        s.deck.remove(spare[0])
        s.market[i] = spare[0]
        return
    if c in s.removed:
        i = s.removed.index(c)
        s.deck.remove(spare[0])
        s.removed[i] = spare[0]
        return
    if c in s.board:
        s.board[s.board.index(c)] = -1
        return
    raise AssertionError(f"{CARD_IDS[c]} is not in the game")


def pull_candle(s: OfrendaState, k: int) -> None:
    if k in s.bag:
        s.bag.remove(k)
        return
    if k in s.mcandles:
        i = s.mcandles.index(k)
        s.mcandles[i] = s.bag.pop()
        return
    for st in s.stored:
        if k in st:
            st.remove(k)
            return
    if k in s.tokens:
        s.tokens[s.tokens.index(k)] = -1
        return
    raise AssertionError(f"{CANDLE_IDS[k]} is not in the game")


def set_board(s: OfrendaState, seat: int, cards: dict[str, str], lit: tuple[str, ...] = ()) -> None:
    """Place portraits (slot id -> portrait id) on a seat's Ofrenda, unlit unless listed."""
    for sid, pid in cards.items():
        pull_card(s, C(pid))
        s.board[seat * NSLOTS + S(sid)] = C(pid)
        s.lit[seat * NSLOTS + S(sid)] = 1 if sid in lit else 0


def set_tokens(s: OfrendaState, seat: int, tokens: dict[str, str]) -> None:
    """Fill token slots: a candle id, or "marigold"."""
    for jid, what in tokens.items():
        j = J(jid)
        if what == "marigold":
            s.tokens[seat * NTOK + j] = 1
        else:
            pull_candle(s, K(what))
            s.tokens[seat * NTOK + j] = K(what)


def give_candles(s: OfrendaState, seat: int, kids: list[str]) -> None:
    """Put candles in a seat's storage (taken from the bag or the Family board)."""
    for kid in kids:
        pull_candle(s, K(kid))
        s.stored[seat].append(K(kid))
    s.stored[seat].sort()


def set_hand(s: OfrendaState, seat: int, pids: list[str], secret: bool = False) -> None:
    """Replace a seat's hand (old cards go to the bottom of the deck)."""
    for c in list(s.hands[seat]):
        s.hands[seat].remove(c)
        s.deck.insert(0, c)
    s.secret[seat] = []
    for pid in pids:
        pull_card(s, C(pid))
    s.hands[seat] = sorted(C(p) for p in pids)
    if secret:
        s.secret[seat] = list(s.hands[seat])


def set_market(s: OfrendaState, pids: list[str], marigolds: list[int], candles: list[str]) -> None:
    keep = tuple(C(p) for p in pids)
    for c in s.market:
        s.deck.insert(0, c)
    s.market = [-1] * 4
    for i, pid in enumerate(pids):
        pull_card(s, C(pid), keep)
        s.market[i] = C(pid)
    s.market_mg = list(marigolds)
    for k in s.mcandles:
        s.bag.append(k)
    s.mcandles = [-1] * 4
    for i, kid in enumerate(candles):
        pull_candle(s, K(kid))
        s.mcandles[i] = K(kid)


def discard_filler(s: OfrendaState, seat: int, n: int) -> None:
    """Put ``n`` deck cards in a seat's discard pile (turns spent elsewhere)."""
    for _ in range(n):
        s.discards[seat].append(s.deck.pop(0))


def sync_turns(s: OfrendaState) -> None:
    """Turns played = portraits placed + discarded, as ``_validate`` expects."""
    for p in range(s.players):
        placed = sum(1 for i in range(NSLOTS) if s.board[p * NSLOTS + i] >= 0)
        s.turns[p] = placed + len(s.discards[p])
    s._legal = None


def finish(s: OfrendaState) -> OfrendaState:
    """End the game on a hand-built position: end-of-game checks and final scoring.

    Turns not shown on an Ofrenda become discards, so the position stays consistent."""
    for p in range(s.players):
        placed = sum(1 for i in range(NSLOTS) if s.board[p * NSLOTS + i] >= 0)
        discard_filler(s, p, 12 - placed - len(s.discards[p]))
    s.turns = [12] * s.players
    s._end_game()
    s._legal = None
    return s


def lit_slots(s: OfrendaState, seat: int) -> list[str]:
    return [
        SLOT_IDS[i] for i in range(NSLOTS) if s.board[seat * NSLOTS + i] >= 0 and s.lit[seat * NSLOTS + i]
    ]


def lit_candles(s: OfrendaState, seat: int) -> list[str]:
    return [TOKEN_IDS[j] for j in range(NTOK) if s.tokens[seat * NTOK + j] >= 0 and s.clit[seat * NTOK + j]]


def det(s: OfrendaState, seat: int | None, seed: int) -> OfrendaState:
    d = s.determinize(seat, random.Random(seed))
    assert isinstance(d, OfrendaState)
    return d


def roundtrip(s: OfrendaState) -> OfrendaState:
    t = GAME.from_json(s.to_json())
    assert isinstance(t, OfrendaState)
    return t
