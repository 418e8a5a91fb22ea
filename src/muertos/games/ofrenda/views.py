"""What a seat (or a spectator) may know of the Ofrenda table: the view's shape, the view,
and the redraw of everything else for a bot's determinization.

The rulebook's table (A-OF13): the deck lies "lit side face up" (setup step 3) and players
hold their hands "keeping the unlit side to themselves" (step 8). So everyone sees the lit
side of the deck's top card and of every card in the other players' hands: its family colour
and its offering, not its objective, which is printed on the unlit side. A dealt card is
known by its lit side only, until it is played; a card taken from the Family board is known
to all. The ``hidden_hands`` option hides the hands' lit sides as well (the deck's top stays
in view)."""

from __future__ import annotations

from typing import TYPE_CHECKING, NotRequired  # pydantic reads NotRequired on Python 3.11

from typing_extensions import TypedDict

from muertos.engine import Rng
from muertos.engine.views import BaseView

from .components import (
    CANDLE_IDS,
    CARD_COLOUR,
    CARD_IDS,
    CARD_OFFERING,
    FEATURES,
    GOAL_IDS,
    NSLOTS,
    NTOK,
    SLOT_IDS,
    TOKEN_IDS,
    TOKEN_IS_CANDLE,
)
from .scoring import lit_count

if TYPE_CHECKING:
    from .rules import OfrendaState


class MarketSpace(TypedDict):
    """A space of the market: its portrait (None once taken and not refilled) and the
    marigolds piled on it."""

    portrait: str | None
    marigolds: int


class Placed(TypedDict):
    """A portrait on an Ofrenda slot, and whether it is lit."""

    portrait: str
    lit: bool


class CandleToken(TypedDict):
    """A candle on a token space of an Ofrenda, and whether its objective holds light."""

    candle: str
    lit: bool


class GoalToken(TypedDict):
    """A common goal a seat has claimed, and the token's value."""

    goal: str
    value: int


class Score(TypedDict):
    """Points of one seat by source, as its Ofrenda stands (final once over)."""

    portraits: int
    marigolds: int
    candles: int
    goals: int
    total: int


class Family(TypedDict):
    """One seat's Family board: its Ofrenda, supplies and what the table knows of its hand."""

    turns: int
    """Turns taken."""
    marigolds: int
    """Marigolds in supply."""
    candles: list[str]
    """Candles stored, waiting to be placed."""
    hand: list[str]
    """Its own hand for the viewer; for another seat only the portraits taken openly."""
    hand_hidden: int
    """Portraits of the hand the viewer cannot name (dealt from the deck)."""
    hand_faces: list[LitFace]
    """The lit sides of those ``hand_hidden`` portraits, which face the table, by colour then
    offering; empty with the ``hidden_hands`` option."""
    discards: list[str]
    ofrenda: dict[str, Placed | None]
    """By slot (``S1``–``S12``)."""
    tokens: dict[str, CandleToken | str | None]
    """By token space (``J1``–``J12``): a candle, ``"marigold"``, or None if empty."""
    goal_tokens: list[GoalToken]
    lit_portraits: int
    score: Score


class Goal(TypedDict):
    """A common goal in play and its stack of tokens (the next one to claim first)."""

    goal: str
    stack: list[int]


class LitFace(TypedDict):
    """A portrait's lit side, as the table sees it: its family colour and its offering (the
    objective is on the unlit side)."""

    colour: str
    offering: str


class Tier(TypedDict):
    """Solo: the rulebook's tier for the score."""

    range: str
    low: int
    high: int | None
    """None for the open-ended best tier."""
    text: str


class OfrendaTable(TypedDict):
    """Ofrenda's part of a view (``OfrendaState._view``). Seats are 0-based."""

    phase: str
    """The step of the turn: ``take``, ``candle``, ``play``, ``token`` or ``over``."""
    market: list[MarketSpace]
    market_candles: list[str | None]
    """The candles on offer at the market (None once the bag could not refill a space)."""
    deck: int
    """Portraits left in the deck."""
    bag: int
    """Candles left in the bag."""
    taken_space: int | None
    """The market space (1-based) of the portrait taken this turn, if one was."""
    pending: list[str]
    """Token spaces surrounded this turn, still to fill."""
    seats: list[Family]
    deck_top: NotRequired[LitFace]
    """The lit side of the deck's top card, while the deck has cards."""
    goals: NotRequired[list[Goal]]
    """With the ``common_goals`` option."""
    removed: NotRequired[int]
    """Solo: portraits put back in the box."""
    abuela_discards: NotRequired[list[str]]
    """Solo: the portraits Abuela has discarded."""
    abuela_candles: NotRequired[list[str]]
    """Solo: the candles Abuela has taken."""
    tier: NotRequired[Tier]
    """Solo: the rulebook's tier for the score so far (final once over)."""


class OfrendaView(BaseView, OfrendaTable):
    """A whole Ofrenda view: the engine's part and the game's."""


def face_key(card: int) -> tuple[int, int]:
    """A portrait's lit side as numbers: its colour and its offering."""
    return CARD_COLOUR[card], CARD_OFFERING[card]


def lit_face(card: int) -> LitFace:
    """A portrait's lit side, as the table sees it."""
    return {"colour": FEATURES[CARD_COLOUR[card]].name, "offering": FEATURES[CARD_OFFERING[card]].name}


def seat_view(s: OfrendaState, i: int, seat: int | None) -> Family:
    base = i * NSLOTS
    bt = i * NTOK
    ofrenda: dict[str, Placed | None] = {}
    for slot in range(NSLOTS):
        c = s.board[base + slot]
        ofrenda[SLOT_IDS[slot]] = (
            None if c < 0 else Placed(portrait=CARD_IDS[c], lit=bool(s.lit[base + slot]))
        )
    toks: dict[str, CandleToken | str | None] = {}
    for j in range(NTOK):
        t = s.tokens[bt + j]
        if t < 0:
            toks[TOKEN_IDS[j]] = None
        elif TOKEN_IS_CANDLE[j]:
            toks[TOKEN_IDS[j]] = {"candle": CANDLE_IDS[t], "lit": bool(s.clit[bt + j])}
        else:
            toks[TOKEN_IDS[j]] = "marigold"
    secret = s.secret[i]
    faces: list[LitFace] = []
    if seat == i:
        hand = [CARD_IDS[c] for c in s.hands[i]]
        hidden = 0
    else:
        hand = [CARD_IDS[c] for c in s.hands[i] if c not in secret]
        hidden = len(secret)
        if not s.options["hidden_hands"]:
            faces = [lit_face(c) for c in sorted(secret, key=face_key)]
    ng = len(s.goals)
    return {
        "turns": s.turns[i],
        "marigolds": s.mg[i],
        "candles": [CANDLE_IDS[k] for k in s.stored[i]],
        "hand": hand,
        "hand_hidden": hidden,
        "hand_faces": faces,
        "discards": [CARD_IDS[c] for c in s.discards[i]],
        "ofrenda": ofrenda,
        "tokens": toks,
        "goal_tokens": [
            {"goal": GOAL_IDS[s.goals[g]], "value": s.claims[i * ng + g]}
            for g in range(ng)
            if s.claims[i * ng + g]
        ],
        "lit_portraits": lit_count(s.board, s.lit, base),
        "score": s.seat_breakdown(i),
    }


def view(s: OfrendaState, seat: int | None) -> OfrendaTable:
    v: OfrendaTable = {
        "phase": s.phase,
        "market": [
            {"portrait": CARD_IDS[c] if c >= 0 else None, "marigolds": n}
            for c, n in zip(s.market, s.market_mg, strict=True)
        ],
        "market_candles": [CANDLE_IDS[k] if k >= 0 else None for k in s.mcandles],
        "deck": len(s.deck),
        "bag": len(s.bag),
        "taken_space": s.taken + 1 if s.taken >= 0 else None,
        "pending": [TOKEN_IDS[j] for j in s.pending],
        "seats": [seat_view(s, i, seat) for i in range(s.players)],
    }
    if s.deck:
        v["deck_top"] = lit_face(s.deck[-1])
    if s.goals:
        v["goals"] = [
            {"goal": GOAL_IDS[g], "stack": list(reversed(st))}
            for g, st in zip(s.goals, s.stacks, strict=True)
        ]
    if s.players == 1:
        v["removed"] = len(s.removed)
        v["abuela_discards"] = [CARD_IDS[c] for c in s.abuela]
        v["abuela_candles"] = [CANDLE_IDS[k] for k in s.abuela_candles]
        tier = s.tier()
        if tier is not None:
            v["tier"] = tier
    return v


def redraw_hidden(s: OfrendaState, seat: int | None, rng: Rng) -> None:
    """Redraw what ``seat`` cannot see, keeping what it can: the deck's order below its top
    card, the top card among the unseen cards of its lit side, the solo box cards, and the
    other hands' dealt cards, each among the unseen cards of its lit side (any unseen card
    with the ``hidden_hands`` option); the candle bag's order too (its draws are random
    picks anyway). A function of the view and ``rng`` only: the pool and each lit side's
    cards are sorted before they are shuffled."""
    others = [i for i in range(s.players) if i != seat]
    faces = not s.options["hidden_hands"]
    pool = list(s.deck) + list(s.removed)
    for i in others:
        pool += s.secret[i]
    # the cards whose lit side the seat sees, by that side: the other hands' dealt cards, then the deck's top
    shown: list[tuple[int, int]] = []
    if faces:
        for i in others:
            shown += sorted(face_key(c) for c in s.secret[i])
    if s.deck:
        shown.append(face_key(s.deck[-1]))
    by_face: dict[tuple[int, int], list[int]] = {}
    for key in sorted(set(shown)):
        by_face[key] = sorted(c for c in pool if face_key(c) == key)
        rng.shuffle(by_face[key])
    picked = [by_face[key].pop() for key in shown]
    top = picked.pop() if s.deck else -1
    free = sorted(
        [c for cards in by_face.values() for c in cards] + [c for c in pool if face_key(c) not in by_face]
    )
    rng.shuffle(free)
    for i in others:
        n = len(s.secret[i])
        if faces:
            new = sorted(picked[:n])
            del picked[:n]
        else:
            new = sorted(free[len(free) - n :]) if n else []
            del free[len(free) - n :]
        known = [c for c in s.hands[i] if c not in s.secret[i]]
        s.secret[i] = new
        s.hands[i] = sorted(known + new)
    nr = len(s.removed)
    s.removed = free[:nr]
    s.deck = free[nr:]
    if top >= 0:
        s.deck.append(top)
    s.bag.sort()
    rng.shuffle(s.bag)
