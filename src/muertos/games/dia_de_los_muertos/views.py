"""What a seat (or a spectator) may know of the skeleton race: the view's shape, the view,
and the redraw of everything else for a bot's determinization."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, NotRequired  # pydantic reads it on Python 3.11

from typing_extensions import TypedDict

from muertos.engine import Rng
from muertos.engine.views import BaseView

from . import notation as nt
from .components import BOARD, FEST_BAG, FESTIVITY, MOVE, REACTION

if TYPE_CHECKING:
    from .rules import MuertosState


class LaidBack(TypedDict):
    """Another player's face-down laid card: only the movement value on its back shows."""

    back: int


class Skeleton(TypedDict):
    """One player's skeleton and what the table sees of that player."""

    field: int
    """The field it stands on (0: the start)."""
    arms: int
    legs: int
    festivity: list[str]
    """Festivity cards collected (``dance``, ``music``, ``banquet``)."""
    home: int
    """Its place on arriving at the goal (1st, 2nd, …); 0 while still racing."""
    hand_backs: list[int]
    """The movement values on the backs of the hand's cards, sorted (public)."""
    hand: NotRequired[list[str]]
    """The hand itself: only in the view of its own seat."""
    laid: str | LaidBack | None
    """This round's laid card: its name for its own seat, its back for the others; None if none."""


class HidingPlace(TypedDict):
    """What lies buried at a hiding place, open to all."""

    bones: list[str]
    festivity: list[str]


class MuertosTable(TypedDict):
    """The skeleton race's part of a view (``MuertosState._view``). Seats are 0-based,
    fields numbered as on the board."""

    round: int
    order: list[int]
    """The seats in this round's playing order."""
    skeletons: list[Skeleton]
    dog: int
    """The field the dog stands on."""
    gravedigger: int
    """The field the gravedigger stands on."""
    gravedigger_steps: int
    """The gravedigger's progress: 0–5 along his track, 6 and more once he stays on a final field."""
    lane_open: bool
    """Whether the red lane may be entered (the gravedigger has left it)."""
    festivity_stock: dict[str, int]
    """Festivity cards left in the stock, by kind."""
    hiding_places: dict[str, HidingPlace]
    """By field number (as text, a JSON key)."""
    draw_pile: int
    discard_pile: list[str]
    dog_carries: list[str]
    """What the dog carries in its mouth (bones and festivity cards)."""
    movement: list[int] | None
    """The movement being played, while one is: seat, card value, points, walked, dog walked,
    steps, dog steps, holder, penalty; None otherwise."""


class MuertosView(BaseView, MuertosTable):
    """A whole skeleton-race view: the engine's part and the game's."""


def view(s: MuertosState, seat: int | None) -> MuertosTable:
    """The table as ``seat`` sees it: its own hand and laid card, only the backs of the
    others' cards (the backs are open to all)."""
    skel = []
    for p in range(s.players):
        lay = s.lay[p]
        laid: str | LaidBack | None = (
            None if lay < 0 else nt.card(lay) if seat == p else LaidBack(back=MOVE[lay])
        )
        d = Skeleton(
            field=s.pos[p],
            arms=s.arms[p],
            legs=s.legs[p],
            festivity=sorted(nt.fest(k) for k in s.fest[p]),
            home=s.home[p],
            hand_backs=s._backs(p),
            laid=laid,
        )
        if seat == p:
            d["hand"] = [nt.card(c) for c in s.hands[p]]
        skel.append(d)
    return {
        "round": s.round,
        "order": list(s.order),
        "skeletons": skel,
        "dog": s.dog,
        "gravedigger": s.gd_field,
        "gravedigger_steps": s.gd,
        "lane_open": s._lane_open(),
        "festivity_stock": {FESTIVITY[i].key: n for i, n in enumerate(s.stock)},
        "hiding_places": {
            str(f): {
                "bones": [nt.card(c) for c in s.dens[i]],
                "festivity": [nt.fest(k) for k in s.den_fest[i]],
            }
            for i, f in enumerate(BOARD.hiding)
        },
        "draw_pile": len(s.draw),
        "discard_pile": [nt.card(c) for c in s.discard],
        "dog_carries": [nt.fest(x - FEST_BAG) if x >= FEST_BAG else nt.card(x) for x in s.bag],
        "movement": list(s.turn) if s.stack and s.stack[-1][0] == "movement" else None,
    }


_BACKS = range(max(MOVE) + 1)
_TRIES = 8
"""Deals ``redraw_hidden`` tries before it mends a deal that breaks a known hand (A-D28)."""


def _acts(hand: list[int], laid: int) -> bool:
    """Whether a hand and its laid card (-1: none) hold a card other than a reaction card."""
    return (laid >= 0 and not REACTION[laid]) or not all([REACTION[c] for c in hand])


def redraw_hidden(s: MuertosState, seat: int | None, rng: Rng) -> None:
    """Redraw the draw pile, other hands and other face-down cards, keeping every visible back.

    Once the draw pile has been rebuilt from the open discard pile (A-D28), every seat knows
    it holds only cards of that pile (``rebuilt``): the draw pile is dealt first, only from
    the hidden cards of that pile, as many of each back as it holds now (public: the hidden
    cards' backs less the hands' and laid cards' backs); the hands from the rest.

    A seat that was not made to swap at a round's end holds a card other than a reaction
    card, in its hand or face down, until such a card leaves it (``not_only_reaction``): a
    deal that breaks this is dealt again, up to ``_TRIES`` times, then mended by swapping a
    reaction card of that seat for another card of its back left for the draw pile."""
    hands, lay = s.hands, s.lay
    others = [p for p in range(s.players) if p != seat]
    pool = s.draw.copy()
    for p in others:
        pool += hands[p]
        if lay[p] >= 0:
            pool.append(lay[p])
    pool.sort()  # the pool's order must not depend on hidden order (only on the view)
    # Each hidden card, seat by seat (its hand in order, then its laid card), takes the
    # last card of its back left in the shuffled pool.
    shape = [(p, [MOVE[c] for c in hands[p]], MOVE[lay[p]] if lay[p] >= 0 else -1) for p in others]
    known = [p for p in others if s.not_only_reaction[p]]
    need = Counter(MOVE[c] for c in s.draw) if s.rebuilt else None
    for _ in range(_TRIES):
        rng.shuffle(pool)
        by_back, pile = _split(pool, s.rebuilt, need)
        take = [cards.pop for cards in by_back]
        for p, backs, laid in shape:
            hands[p] = sorted([take[b]() for b in backs])
            if laid >= 0:
                lay[p] = take[laid]()
        if all([_acts(hands[p], lay[p]) for p in known]):
            break
    else:
        for p in known:
            if not _acts(hands[p], lay[p]):
                _mend(s, p, by_back)
    if seat is not None:
        hands[seat].sort()
    rest = pile + [c for cards in by_back for c in cards]
    rng.shuffle(rest)
    s.draw = rest


def _split(
    pool: list[int], rebuilt: list[int], need: Counter[int] | None
) -> tuple[list[list[int]], list[int]]:
    """The shuffled pool by back, less the draw pile dealt first from ``rebuilt`` (A-D28)."""
    by_back: list[list[int]] = [[] for _ in _BACKS]
    for c in pool:
        by_back[MOVE[c]].append(c)
    pile: list[int] = []
    if need is not None:
        left = Counter(rebuilt)
        for b, cards in enumerate(by_back):
            n, rest = need[b], []
            for c in cards:
                if n and left[c] > 0:
                    left[c] -= 1
                    n -= 1
                    pile.append(c)
                else:
                    rest.append(c)
            if n:  # a position set up by hand, not reached by play: no constraint left
                pile += rest[:n]
                rest = rest[n:]
            by_back[b] = rest
    return by_back, pile


def _mend(s: MuertosState, p: int, by_back: list[list[int]]) -> None:
    """Swap the first reaction card of seat ``p``'s hand (then its laid card) that can be
    swapped for the first card of its back, not a reaction card, left for the draw pile
    (none: the deal stays as it is)."""
    hand, lay = s.hands[p], s.lay
    cards_of_p = [*hand, lay[p]] if lay[p] >= 0 else hand
    for i, c in enumerate(cards_of_p):
        cards = by_back[MOVE[c]]
        for j, x in enumerate(cards):
            if not REACTION[x]:
                cards[j] = c
                if i < len(hand):
                    hand[i] = x
                    hand.sort()
                else:
                    lay[p] = x
                return
