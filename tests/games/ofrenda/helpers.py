"""Ofrenda positions built by hand, through the public position API.

``arrange`` moves named components of a state's position (``state.position()``) to where
a test wants them, taking each from wherever it lies, and hands the result to
``state.with_position``, which validates it: every portrait and candle stays in exactly
one place, and each seat's turns follow from the portraits it placed and discarded.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from muertos.games.ofrenda import GAME
from muertos.games.ofrenda.components import (
    CANDLE_IDS,
    CARD_IDS,
    GOAL_IDS,
    NSLOTS,
    NTOK,
    SLOT_IDS,
    TOKEN_IDS,
    TOKEN_IS_CANDLE,
    TURNS,
)
from muertos.games.ofrenda.rules import OfrendaState

Position = dict[str, Any]


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


def arrange(
    s: OfrendaState,
    *,
    market: Sequence[str] | None = None,
    market_mg: Sequence[int] | None = None,
    mcandles: Sequence[str] | None = None,
    boards: Mapping[int, Mapping[str, str]] | None = None,
    tokens: Mapping[int, Mapping[str, str]] | None = None,
    stored: Mapping[int, Sequence[str]] | None = None,
    hands: Mapping[int, Sequence[str]] | None = None,
    discards: Mapping[int, int] | None = None,
    mg: Mapping[int, int] | None = None,
    goals: Sequence[str] | None = None,
    claims: Mapping[int, Sequence[int]] | None = None,
    current: int | None = None,
    phase: str | None = None,
    pending: Sequence[str] | None = None,
) -> OfrendaState:
    """A validated copy of ``s`` with components moved, in this order:

    - ``market``, ``market_mg``, ``mcandles``: the Family board's portraits, the marigolds
      on them and the candles above them (what they replace goes back to the deck's
      bottom and the bag);
    - ``boards``: seat -> {slot: portrait}, placed unlit;
    - ``tokens``: seat -> {token slot: candle id or "marigold"};
    - ``stored``: seat -> the candles in its storage (those it held go back to the bag);
    - ``hands``: seat -> its whole hand, known to everyone (the old hand goes to the
      deck's bottom);
    - ``discards``: seat -> how many portraits from the deck's bottom it discards (turns
      spent elsewhere);
    - ``mg``: seat -> marigolds in storage;
    - ``goals``: the common goals in play, one per back (the token stacks stay);
      ``claims``: seat -> the token value it took of each goal (0: none), off the stacks;
    - ``current``, ``phase``, ``pending``: whose decision it is, and which.

    A portrait taken off the Family board or out of the box is replaced by the deck's
    bottom card; a candle taken off the Family board by the bag's last."""
    d = s.position()
    if market is not None:
        _set_market(d, market)
    if market_mg is not None:
        d["market_mg"] = list(market_mg)
    if mcandles is not None:
        _set_market_candles(d, mcandles)
    for seat, cards in (boards or {}).items():
        for sid, pid in cards.items():
            _pull_card(d, C(pid))
            d["board"][seat * NSLOTS + S(sid)] = C(pid)
            d["lit"][seat * NSLOTS + S(sid)] = 0
    for seat, slots in (tokens or {}).items():
        for jid, what in slots.items():
            if what != "marigold":
                _pull_candle(d, K(what))
            d["tokens"][seat * NTOK + J(jid)] = 1 if what == "marigold" else K(what)
    for seat, kids in (stored or {}).items():
        d["bag"] += d["stored"][seat]
        d["stored"][seat] = []
        for kid in kids:
            _pull_candle(d, K(kid))
        d["stored"][seat] = sorted(K(k) for k in kids)
    for seat, pids in (hands or {}).items():
        _set_hand(d, seat, pids)
    for seat, n in (discards or {}).items():
        d["discards"][seat] += [d["deck"].pop(0) for _ in range(n)]
    for seat, n in (mg or {}).items():
        d["mg"][seat] = n
    if goals is not None:
        d["goals"] = [GOAL_IDS.index(g) for g in goals]
    for seat, values in (claims or {}).items():
        _claim(d, seat, values)
    if current is not None:
        d["current"] = current
    if phase is not None:
        d["phase"] = phase
    if pending is not None:
        d["pending"] = [J(j) for j in pending]
    d["turns"] = [_turns_played(d, p) for p in range(s.players)]
    t = s.with_position(**d)
    assert isinstance(t, OfrendaState)
    return t


def _pull_card(d: Position, c: int, keep: Sequence[int] = ()) -> None:
    """Take portrait ``c`` out of wherever it is."""
    for pile in (d["deck"], *d["discards"], d["abuela"]):
        if c in pile:
            pile.remove(c)
            return
    for h, sec in zip(d["hands"], d["secret"], strict=True):
        if c in h:
            h.remove(c)
            if c in sec:
                sec.remove(c)
            return
    for spaces in (d["market"], d["removed"]):
        if c in spaces:
            spare = next(x for x in d["deck"] if x not in keep)
            d["deck"].remove(spare)
            spaces[spaces.index(c)] = spare
            return
    if c in d["board"]:
        d["board"][d["board"].index(c)] = -1
        return
    raise AssertionError(f"{CARD_IDS[c]} is not in the game")


def _pull_candle(d: Position, k: int) -> None:
    """Take candle ``k`` out of wherever it is."""
    if k in d["bag"]:
        d["bag"].remove(k)
        return
    if k in d["mcandles"]:
        d["mcandles"][d["mcandles"].index(k)] = d["bag"].pop()
        return
    for st in d["stored"]:
        if k in st:
            st.remove(k)
            return
    for i, t in enumerate(d["tokens"]):
        if t == k and TOKEN_IS_CANDLE[i % NTOK]:
            d["tokens"][i] = -1
            return
    raise AssertionError(f"{CANDLE_IDS[k]} is not in the game")


def _set_market(d: Position, pids: Sequence[str]) -> None:
    keep = [C(p) for p in pids]
    for c in d["market"]:
        d["deck"].insert(0, c)
    d["market"] = [-1] * len(d["market"])
    for i, c in enumerate(keep):
        _pull_card(d, c, keep)
        d["market"][i] = c


def _set_market_candles(d: Position, kids: Sequence[str]) -> None:
    d["bag"] += [k for k in d["mcandles"] if k >= 0]
    d["mcandles"] = [-1] * len(d["mcandles"])
    for i, kid in enumerate(kids):
        _pull_candle(d, K(kid))
        d["mcandles"][i] = K(kid)


def _set_hand(d: Position, seat: int, pids: Sequence[str]) -> None:
    for c in d["hands"][seat]:
        d["deck"].insert(0, c)
    d["hands"][seat] = []
    d["secret"][seat] = []
    for pid in pids:
        _pull_card(d, C(pid))
    d["hands"][seat] = sorted(C(p) for p in pids)


def _claim(d: Position, seat: int, values: Sequence[int]) -> None:
    """Tokens a seat took earlier, each the top of its goal's stack then."""
    ng = len(d["goals"])
    for gi, v in enumerate(values):
        if v:
            assert d["stacks"][gi][-1] == v, f"the top of goal {gi + 1}'s stack is not {v}"
            d["stacks"][gi].pop()
        d["claims"][seat * ng + gi] = v


def _turns_played(d: Position, p: int) -> int:
    """Turns played = portraits placed + discarded; a portrait placed this turn counts once
    the turn ends, after its Candle/Marigold slots are decided."""
    placed = sum(1 for c in d["board"][p * NSLOTS : (p + 1) * NSLOTS] if c >= 0)
    deciding: bool = d["phase"] == "token" and p == d["current"]
    return placed + len(d["discards"][p]) - int(deciding)


def finish(s: OfrendaState) -> OfrendaState:
    """End the game on a hand-built position by playing its last decision, so the end-of-game
    checks and the final scoring are the rulebook's.

    Turns not shown on an Ofrenda become discards. The last seat plays the last turn: it
    has taken the deck's top portrait and discards it for 3 marigolds, so it holds 3 fewer
    before, and its marigolds in storage end as ``s`` has them."""
    last = s.players - 1
    assert s.mg[last] >= 3, "the last seat's final discard brings 3 marigolds"
    spare = {p: TURNS - _turns_played(s.position(), p) - (p == last) for p in range(s.players)}
    card = CARD_IDS[s.deck[-1]]
    t = arrange(
        s,
        hands={last: [CARD_IDS[c] for c in s.hands[last]] + [card]},
        discards=spare,
        mg={last: s.mg[last] - 3},
        current=last,
        phase="play",
    )
    t.apply(f"discard {card}")
    assert t.over
    return t


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
    """The state through JSON: ``from_json`` validates it, and nothing is lost."""
    t = GAME.from_json(s.to_json())
    assert isinstance(t, OfrendaState)
    assert t.to_json() == s.to_json()
    return t
