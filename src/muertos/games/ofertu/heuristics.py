"""A fast estimate of how well a seat stands, for the greedy and search bots.

A seat's value: the pips in its victory display, plus the red cards in hand (the only
way to win a card into the display; public, as each was won openly), plus the auctions
still being bid on, each weighed by how likely the seat is to win it with the bids now
placed (a winning bid with red brings the card's pips, one without red a red card to the
hand). Bots call it on determinized copies, where the face-down bids
they read are guesses, not peeks. Over: the pip lead, with a large bonus for the win.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from muertos.engine import State

from . import notation
from .components import PIPS, RED, ROW_SIZE, sort_cards
from .rules import OfertuState
from .scoring import final_order, pips

RED_KEY = 3.0
"""Worth of a red card held: it is the only way to win a card into the display (about
half an average auction card's pips, as each red card is spent by the bid that uses it)."""
RED_PIP = 0.1
"""Extra worth per pip of a held red card (its strength as a bid)."""
LEAD_SURE = 0.85
"""Chance that a bid now ahead wins when the rival can still add cards this round."""
WIN = 100.0
"""Bonus (or malus) once the game is over, so a won game beats any margin."""
SCALE = 4.0
"""A pip lead worth about a 73% chance of winning, for the search bot."""
PLAYOUT = "random"
PLAYOUT_DEPTH: int | None = None
OPPONENTS = "greedy"
"""The search bot sees its rival as the greedy bot: the rival's move is the greedy move on
each determinization, in the tree and the playouts (``agents.ismcts``). Against the greedy
bot, 0.5 cpu-s a move, 2 seats, paired (each seed in both seats): 78.8% of 40 games on seeds
0-19 and 76.2% of 40 on seeds 1000-1019, where searched rivals won 71.2% and 73.8% of the
same games (a paired gain of +0.05 over the 80, within its noise; searching the best move
first, or a greedy prior of 5 visits, did no better: 71.3% and 66.2% on seeds 0-19)."""


def _red_value(c: str) -> float:
    return RED_KEY + RED_PIP * PIPS[c]


_RED_VALUE = {c: _red_value(c) for c in PIPS if c[0] == RED}
"""``_red_value`` of each red card, worked out once."""


def _hand_values(display: list[list[str]], hands: list[list[str]]) -> list[float]:
    """Each seat's pips in display plus the worth of the red cards in its hand."""
    out = []
    for p in (0, 1):
        v = float(sum([PIPS[c] for c in display[p]]))
        for c in hands[p]:
            r = _RED_VALUE.get(c)
            if r is not None:
                v += r
        out.append(v)
    return out


Bid = tuple[int, bool] | None
"""A seat's bid on one auction as the evaluation reads it: its pips and whether it holds a
red card; None when the seat has no bid there."""


def _bid(cards: list[str]) -> Bid:
    return (sum([PIPS[c] for c in cards]), any(c[0] == RED for c in cards)) if cards else None


def _auction(card: str, b0: Bid, b1: Bid, more: Sequence[int]) -> tuple[float, float]:
    """What the auction of ``card`` with these bids adds to each seat's value: the chance
    of winning it times the gain, 0.0 for a seat without a bid (adding 0.0 to a value
    changes no bit of it, so it is added all the same)."""
    pips0 = b0[0] if b0 is not None else 0
    pips1 = b1[0] if b1 is not None else 0
    t0 = t1 = 0.0
    if b0 is not None:
        t0 = _chance(pips0, pips1, more[0], more[1]) * (PIPS[card] if b0[1] else _RED_VALUE[card])
    if b1 is not None:
        t1 = _chance(pips1, pips0, more[1], more[0]) * (PIPS[card] if b1[1] else _RED_VALUE[card])
    return t0, t1


def _chance(mine: int, theirs: int, my_more: int, their_more: int) -> float:
    """The chance that a bid of ``mine`` pips wins over ``theirs`` with these bids to come."""
    if mine > theirs:
        return LEAD_SURE if their_more else 1.0
    if mine == theirs:
        return 0.5
    return 1.0 - LEAD_SURE if my_more else 0.0


def _summaries(bids: list[list[list[str]]]) -> list[list[Bid]]:
    """``_bid`` of every seat's bid on every position."""
    return [[_bid(b) for b in bids[p]] for p in (0, 1)]


def _auctions(
    row: list[str | None], bids: list[list[Bid]], first: int, more: Sequence[int]
) -> list[tuple[float, float]]:
    """``_auction`` of each position from ``first`` on that has a card and a bid, in row order."""
    b0, b1 = bids
    return [
        _auction(card, b0[i], b1[i], more)
        for i in range(first, ROW_SIZE)
        if (card := row[i]) is not None and (b0[i] is not None or b1[i] is not None)
    ]


def _summed(out: list[float], terms: list[tuple[float, float]]) -> list[float]:
    """``out`` with the auctions' terms added one by one, in row order."""
    v0, v1 = out
    for t0, t1 in terms:
        v0 += t0
        v1 += t1
    return [v0, v1]


def _values(s: OfertuState) -> list[float]:
    out = _hand_values(s.display, s.hands)
    if s.phase == "over":
        return out
    more = [s.quota - s.placed[p] for p in (0, 1)] if s.phase == "bid" else [0, 0]
    first = s.reveal if s.reveal >= 0 else 0
    return _summed(out, _auctions(s.row, _summaries(s.bids), first, more))


def _final(display: list[list[str]], seat: int) -> float:
    """The evaluation of a game over: the pip lead, ``WIN`` more for a sole winner."""
    other = 1 - seat
    lead = float(pips(display[seat]) - pips(display[other]))
    w = final_order(display)
    return lead + (0.0 if len(w) == 2 else WIN if w == [seat] else -WIN)


def evaluate(state: State, seat: int) -> float:
    """Estimated lead over the other seat (positive: ahead); over: the pip lead ± WIN."""
    assert isinstance(state, OfertuState)
    if state.over:
        return _final(state.display, seat)
    v = _values(state)
    return v[seat] - v[1 - seat]


_BIDS = {text: key for key, text in notation.BID.items()}
"""A bid's spelling -> (card, position)."""


def action_values(state: State, seat: int, actions: Sequence[str]) -> list[float]:
    """``evaluate(state.after(a), seat)`` for each listed action, the same numbers found
    without playing the bids: a bid only moves a card from the hand onto the row, so each
    seat's value is its hand's worth without the card plus the auctions' terms, those of
    the other positions worked out once (``_bid_values``); after the bid that closes the
    bidding the round's reveal is worked out on the bids' sums (``_closing_values``).
    Tie-break choices are played on a copy."""
    assert isinstance(state, OfertuState)
    s = state
    if s.phase != "bid":
        return [evaluate(s.after(a), seat) for a in actions]
    me = s.turn
    closing = s.placed[me] + 1 == s.quota and s.placed[1 - me] == s.quota
    hand, row = s.hands[me], s.row
    value = (_closing_values if closing else _bid_values)(s, seat)
    out = []
    for a in actions:
        bid = _BIDS.get(a)
        if bid is not None and bid[0] in hand and row[bid[1]] is not None:  # as _open_bids
            out.append(value(*bid))
        else:
            out.append(evaluate(s.after(a), seat))
    return out


def _without(hands: list[list[str]], me: int, card: str) -> list[list[str]]:
    """The hands with ``card`` gone from seat ``me``'s."""
    mine = hands[me].copy()
    mine.remove(card)
    return [mine, hands[1]] if me == 0 else [hands[0], mine]


def _grown(bid: Bid, card: str) -> Bid:
    """``_bid`` of a bid with ``card`` added."""
    if bid is None:
        return PIPS[card], card[0] == RED
    return bid[0] + PIPS[card], bid[1] or card[0] == RED


def _ordered(me: int, mine: Bid, theirs: Bid) -> tuple[Bid, Bid]:
    """Seat 0's bid and seat 1's, from the mover's and the other's."""
    return (mine, theirs) if me == 0 else (theirs, mine)


def _bid_values(s: OfertuState, seat: int) -> Callable[[str, int], float]:
    """The evaluation after the mover bids ``card`` on position ``i`` (not the closing bid):
    each seat's hand worth without the card, and every auction's terms but the one bid on,
    worked out once; then the sums in the order ``_values`` adds them."""
    me = s.turn
    more = [s.quota - s.placed[p] - (p == me) for p in (0, 1)]
    row = s.row
    bids = _summaries(s.bids)
    terms: list[tuple[float, float] | None] = [
        _auction(card, bids[0][i], bids[1][i], more)
        if (card := row[i]) is not None and (bids[0][i] is not None or bids[1][i] is not None)
        else None
        for i in range(ROW_SIZE)
    ]
    present = [(j, t) for j, t in enumerate(terms) if t is not None]
    around = [([t for j, t in present if j < i], [t for j, t in present if j > i]) for i in range(ROW_SIZE)]
    mine, theirs = bids[me], bids[1 - me]
    whole = _hand_values(s.display, s.hands)
    hands: dict[str, list[float]] = {}  # red card -> the seats' worth without it
    sign = 1.0 if seat == 0 else -1.0  # v[seat] - v[other], as -(v1 - v0) == v0 - v1 exactly

    def value(card: str, i: int) -> float:
        """The sums of ``_values`` in row order, the auction bid on computed inline
        (``_auction`` with the mover's bid grown by ``card``: the mover always bids there)."""
        if card[0] != RED:
            v0, v1 = whole  # the hand's worth reads only its red cards
        else:
            out = hands.get(card)
            if out is None:
                out = hands[card] = _hand_values(s.display, _without(s.hands, me, card))
            v0, v1 = out
        before, after = around[i]
        for t0, t1 in before:
            v0 += t0
            v1 += t1
        auction = row[i]
        assert auction is not None
        here = _auction(auction, *_ordered(me, _grown(mine[i], card), theirs[i]), more)
        v0 += here[0]
        v1 += here[1]
        for t0, t1 in after:
            v0 += t0
            v1 += t1
        return sign * (v0 - v1)

    return value


def _closing_values(s: OfertuState, seat: int) -> Callable[[str, int], float]:
    """The evaluation after the bid that closes the bidding, without playing it: the reveal
    as the rules make it (``OfertuState._reveal_from``: the higher bid wins the card, into
    the display with red in the bid, else into the hand; a tie with cards in a hand waits
    for a tie-break), and then, instead of the new deal, only what the evaluation reads of
    it: whether the game ends (the row cannot be refilled, or a hand and its deck are
    empty) and, if not, each seat's display and red cards in hand (the deal adds no red)."""
    me = s.turn
    summaries = _summaries(s.bids)
    reds_left = bool(s.red_deck or s.red_discard)

    def value(card: str, i: int) -> float:
        bids = [summaries[0].copy(), summaries[1].copy()]
        bids[me][i] = _grown(bids[me][i], card)
        hands = _without(s.hands, me, card)
        display = [s.display[0], s.display[1]]
        row = s.row.copy()
        red_out = reds_left
        for j in range(ROW_SIZE):
            b0, b1 = bids[0][j], bids[1][j]
            if b0 is None and b1 is None:
                continue
            v0 = 0 if b0 is None else b0[0]
            v1 = 0 if b1 is None else b1[0]
            if v0 == v1 and (hands[0] or hands[1]):  # a tie-break is asked for here
                v = _summed(_hand_values(display, hands), _auctions(row, bids, j, (0, 0)))
                return v[seat] - v[1 - seat]
            red_out = red_out or (b0 is not None and b0[1]) or (b1 is not None and b1[1])
            bids[0][j] = bids[1][j] = None
            if v0 == v1:
                continue  # both bids discarded
            w, won_with = (0, b0) if v0 > v1 else (1, b1)
            won = row[j]
            assert won is not None and won_with is not None
            row[j] = None
            if won_with[1]:
                display[w] = [*display[w], won]
            else:
                hands[w] = sort_cards([*hands[w], won])
        if (not red_out and all(c is None for c in row)) or any(
            not hands[p] and not s.decks[p] for p in (0, 1)
        ):
            return _final(display, seat)
        v = _hand_values(display, hands)
        return v[seat] - v[1 - seat]

    return value
