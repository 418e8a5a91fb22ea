"""A fast estimate of a seat's final standing, for the greedy and search bots.

Reads only public information (positions, limbs, festivity cards, arrivals, hand
sizes and backs, the backs of laid cards), so it is safe on a determinized copy.

A turn is several decisions (lay, then move or act, then walk; an attack, then the
back to draw from), and the greedy bot looks one decision ahead. So a position in the
middle of a turn is judged by what its next decision can still bring: a movement under
way or a laid card counts its best walk, a random attack its expected hit, an action
its two cards to draw. Without this, "reveal" (two cards) always beat "move" (nothing
yet), and the bot walked almost only with the cards it could not reveal.

Speed (the greedy bot asks for the position after every move of every decision): the
estimate itself is ``world`` (compiled where a compiler is at hand), which keeps what it
works out per "world" (figures, limbs, festivity cards, stock, gravedigger). Most moves are
tried on the state itself and taken back (``_Trial``), what follows them run by ``_settle``
as the rules run it; the rest are played on a copy without the log (``_after``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, cast

from muertos.engine import Rng, State
from muertos.engine.masked import HiddenRead, hidden_cards, unseen

from . import notation as nt
from .components import (
    CARTWHEEL_HITS_LANDING,
    FEST_AT_FIELD,
    FOOT,
    GD_STEPS,
    GD_TRACK,
    HAND,
    HAND_LIMIT,
    MOVE,
    REACTION,
    SYMBOL,
)
from .rules import (
    DENS,
    DODGE,
    DOG_OUT,
    GOAL,
    STOP,
    STRAIGHT,
    T_DOG_STEPS,
    T_DOGGED,
    T_HOLDER,
    T_POINTS,
    T_SEAT,
    T_STEPS,
    T_WALKED,
    MuertosState,
    _walk_reach,
)
from .world import TO_GOAL, _World, _world
from .world import judge as _judge  # evaluate(st, seat), w being st's world

SCALE = 2.0
"""A lead (points) worth about a 73% chance of winning, for the search bot."""
PLAYOUT = "heuristic"
PLAYOUT_DEPTH: int | None = 40
"""Games are long (about 600 actions): the search bot plays 40 actions, then evaluates."""


def evaluate(state: State, seat: int) -> float:
    """Own estimated final score minus the best opponent's (the lead that decides the winner)."""
    st = cast(MuertosState, state)
    return _judge(_world(st), st, seat)


def _after(st: MuertosState, a: str) -> MuertosState:
    """``st.after(a)`` for a listed action, as the evaluation reads it: the copy starts with
    no history and no log (the rules never read them, the evaluation neither), so the trial
    does not copy the whole game's log for each action tried."""
    cls = type(st)
    c = cls.__new__(cls)
    c.players, c.seed, c.options = st.players, st.seed, st.options
    c.history, c.events, c._legal = [], [], None
    c.rng = Rng.from_state(st.rng.state)
    c.pos, c.arms, c.legs, c.home = st.pos.copy(), st.arms.copy(), st.legs.copy(), st.home.copy()
    c.fest, c.hands = list(map(list.copy, st.fest)), list(map(list.copy, st.hands))
    c.draw, c.discard, c.stock = st.draw.copy(), st.discard.copy(), st.stock.copy()
    c.rebuilt = st.rebuilt  # never changed in place (``_draw_one`` replaces it)
    c.not_only_reaction = st.not_only_reaction.copy()
    c.dens, c.den_fest = list(map(list.copy, st.dens)), list(map(list.copy, st.den_fest))
    c.spare, c.dog, c.gd, c.round, c.ended = st.spare, st.dog, st.gd, st.round, st.ended
    c.order, c.lay, c.turn, c.bag = st.order.copy(), st.lay.copy(), st.turn.copy(), st.bag.copy()
    c.stack = list(map(list.copy, st.stack))
    cls.ACTIONS.play(c, a)
    return c


def _judge_after(st: MuertosState, a: str, seat: int) -> float:
    """``evaluate(st.after(a), seat)`` for a listed action, by a trial copy (``_after``)."""
    c = _after(st, a)
    return _judge(_world(c), c, seat)


class _Trial:
    """A move tried on the state itself: every change goes through ``put`` or ``set`` and is
    taken back by ``undo`` once the position after the move is judged, so that no copy of
    the state (its piles, its log) is made for each move tried."""

    __slots__ = ("changes", "st")

    def __init__(self, st: MuertosState) -> None:
        self.st = st
        self.changes: list[tuple[Any, Any, Any]] = []

    def put(self, seq: list[Any], i: int, v: Any) -> None:
        """``seq[i] = v``, to be undone."""
        self.changes.append((seq, i, seq[i]))
        seq[i] = v

    def set(self, name: str, v: Any) -> None:
        """The state's field ``name`` replaced by ``v``, to be undone."""
        self.changes.append((None, name, getattr(self.st, name)))
        setattr(self.st, name, v)

    def undo(self) -> None:
        for seq, i, old in reversed(self.changes):
            if seq is None:
                setattr(self.st, i, old)
            else:
                seq[i] = old
        self.changes.clear()


def _over(tr: _Trial) -> bool:
    """The game ends on the trial as ``_end`` ends it: nothing is left to do."""
    tr.set("ended", True)
    tr.set("stack", [])
    return True


_SETTLED = frozenset(["resolve", "commit", "swap", "limit"])
"""The decisions ``_settle`` skips, takes (a commit of a last card) or stops at."""


def _settle(tr: _Trial, stack: list[list[Any]]) -> bool:
    """Carry a trial on to its next decision as ``MuertosState._run`` does, ``stack`` (a new
    list) becoming the state's, for the steps that follow a turn or a choice: a turn's end
    (its draw, the hand limit), uses of cards not laid skipped, a round's end (unless a hand
    of reaction cards only is to be swapped) and the next round's start, swaps skipped, a
    commit of a last card, the game's end (``_end``: every skeleton home or without limbs,
    or the last round over). False where another step comes (an attack, a field entered,
    ...) or the draw pile would run out (its reshuffle draws on the generator): then the
    move is played on a copy."""
    st = tr.st
    tr.set("stack", stack)
    if st._game_done():
        return _over(tr)
    hands, home, pile = st.hands, st.home, st.draw
    left = len(pile)
    while stack:
        t = stack[-1]
        kind = t[0]
        if kind == "after":
            stack.pop()
            s, n = t[1], t[2]
            if home[s]:
                continue
            if n < 0:
                n = 1 if st.turn[T_STEPS] == 0 and st.turn[T_DOG_STEPS] > 0 else 0
            if n:
                if left < n:
                    return False
                left -= n
                tr.put(hands, s, sorted(hands[s] + pile[left : left + n]))
            if len(hands[s]) > HAND_LIMIT:
                stack.append(["limit", s])
                return True
        elif kind == "endround":
            for s in st.order:
                hand = hands[s]
                if home[s] or not hand:
                    continue
                swapped = _reactions_only(hand)
                if swapped:
                    return False
                if swapped is None:
                    # It may be swapped (a hidden card may be a reaction card) for as many
                    # cards: which it holds then is hidden either way, and what the pile
                    # has left is not known, so a card drawn later is played on a copy.
                    tr.put(hands, s, hidden_cards(len(hand)))
                    left = -1
            stack.pop()
            stack.append(["newround"])
            stack += [["swap", s] for s in reversed(st.order) if not home[s]]
        elif kind == "newround":
            if st.round >= st.options["round_limit"]:
                return _over(tr)
            stack.pop()
            pos, arms, legs = st.pos, st.arms, st.legs
            live = [s for s in range(st.players) if not home[s]]
            if len({pos[s] for s in live}) == len(live):
                live.sort(key=pos.__getitem__)  # the hands' backs break ties only (a drawn card's is hidden)
            else:
                live.sort(key=lambda s: (pos[s], sum(MOVE[c] for c in hands[s]), arms[s] + legs[s], s))
            tr.set("round", st.round + 1)
            tr.set("order", live)
            tr.set("lay", [-1] * st.players)
            stack.append(["endround"])
            stack += [["resolve", s] for s in reversed(live)]
            stack += [["commit", s] for s in reversed(live)]
        elif kind not in _SETTLED:
            return False
        else:
            s = t[1]
            if (
                home[s]
                or (kind == "resolve" and st.lay[s] < 0)
                or (kind == "swap" and len(hands[s]) < 2)
                or (kind == "limit" and len(hands[s]) <= HAND_LIMIT)
            ):
                stack.pop()
                continue
            if kind == "commit":
                if not hands[s]:
                    if left < 1:
                        return False
                    left -= 1
                    tr.put(hands, s, [pile[left]])
                if len(hands[s]) == 1:
                    tr.put(st.lay, s, hands[s][0])
                    tr.put(hands, s, [])
                    stack.pop()
                    continue
            return True
    return False


def _swap_values(st: MuertosState, seat: int, w: _World) -> dict[str, float]:
    """The swap decision's values without playing each swap: a swap (``_swap``) trades two
    cards for one drawn and the same seat decides again while it holds two cards; the
    evaluation reads that hand only by its size (the stack's top is no attack). So every
    swap of a hand of three or more is worth the same: the value with one card less; a hand
    of two swaps to one card (drawn from the pile) and the decision is skipped. ``keep``
    takes the decision off the stack. What follows is ``_settle``'s."""
    tr = _Trial(st)
    stack = st.stack
    s = stack[-1][1]
    hand = st.hands[s]
    out = {}
    v: float | None = None
    try:
        if _settle(tr, stack[:-1]):
            out[nt.KEEP.text] = _judge(w, st, seat)
        tr.undo()
        if len(hand) > 2:
            tr.put(st.hands, s, hand[:-1])
            v = _judge(w, st, seat)
        elif st.draw:
            tr.put(st.hands, s, [st.draw[-1]])
            v = _judge(w, st, seat) if _settle(tr, stack.copy()) else None
        else:
            return out
    finally:
        tr.undo()
    if v is not None:
        for a in st._two_cards()[1]:
            out[a] = v
    return out


def _lay_values(st: MuertosState, seat: int, w: _World) -> dict[str, float]:
    """The commit decision's values, each lay tried on the state itself: the card leaves the
    hand and lies face down, then what follows (``_settle``: the next commits, a last card
    laid by itself). The evaluation reads a hand by its size and a laid card by its back,
    and what follows reads neither, so lays of one back are worth the same."""
    stack = st.stack
    s = stack[-1][1]
    hand = st.hands[s]
    tr = _Trial(st)
    by_back: dict[int, float | None] = {}
    out = {}
    for k in sorted(set(hand)):
        if MOVE[k] not in by_back:
            rest = hand.copy()
            rest.remove(k)
            tr.put(st.hands, s, rest)
            tr.put(st.lay, s, k)
            try:
                by_back[MOVE[k]] = _judge(w, st, seat) if _settle(tr, stack[:-1]) else None
            finally:
                tr.undo()
        v = by_back[MOVE[k]]
        if v is not None:
            out[nt.LAY[k].text] = v
    return out


def _discard_values(st: MuertosState, seat: int, w: _World) -> dict[str, float]:
    """The hand limit's values: a discard tried on the state itself, the same decision
    waiting while the hand is above the limit, else what follows (``_settle``). The
    evaluation reads the hand by its size and what follows reads it no more, so every
    discard is worth the same."""
    stack = st.stack
    s = stack[-1][1]
    hand = st.hands[s]
    tr = _Trial(st)
    tr.put(st.hands, s, hand[:-1])
    try:
        if len(hand) - 1 > HAND_LIMIT or _settle(tr, stack[:-1]):
            v = _judge(w, st, seat)
        else:
            return {}
    finally:
        tr.undo()
    return {nt.DISCARD[k].text: v for k in set(hand)}


_READ: dict[str, tuple[str, Any]] = {}
"""An action's verb and move by its spelling (``Actions.read``), as it was read the first time."""


def _read(a: str) -> tuple[str, Any]:
    got = _READ.get(a)
    if got is None:
        read = MuertosState.ACTIONS.read(a)
        assert not isinstance(read, str), read
        got = _READ[a] = (read[0].verb, read[1])
    return got


def _use(tr: _Trial, seat: int, w: _World, a: str) -> float | None:
    """The value of using the laid card by ``a``, tried on the state itself (None: play it
    on a copy). The card is used as a movement (which waits, see ``_resolve_values``) or
    turned over, its player drawing two at the end of the turn, with its action's effect:
    a patch, a landing or a push onto fields that do nothing (``_plain``), a straight attack
    that waits for the victim's Dodge or takes effect, a random attack that waits for the
    back to draw from (``_attacked``). Then what follows (``_settle``)."""
    st = tr.st
    stack = st.stack
    s = stack[-1][1]
    k = st.lay[s]
    tr.put(st.lay, s, -1)
    below = stack[:-1]
    if a == nt.MOVEMENT.text:
        tr.set("turn", [s, MOVE[k], MOVE[k], 0, 0, 0, 0, -1, 0])
        tr.set("stack", [*below, ["after", s, -1], ["movement", s]])
        return _judge(w, st, seat)
    verb, m = _read(a)
    after = [*below, ["after", s, 2]]
    if verb in ("beat", "kick", "snatch", "hustle"):
        v = m.victim
        if verb in STRAIGHT and not st.home[v] and st._has_back(v, MOVE[DODGE]):
            tr.set("stack", [*after, ["strike", s, v, verb], ["dodge", v, s, verb]])
            return _judge(w, st, seat)
        if not _struck(tr, s, verb, m):
            return None
    elif verb == "throw":
        return _attacked(tr, seat, [*after, ["rattack", s, m.victim, 0]])
    elif verb == "cartwheel":
        land = m.path[-1]
        victims = [
            v for f in (m.path if CARTWHEEL_HITS_LANDING else m.path[:-1]) for v in st._others_on(f, s)
        ]
        tr.put(st.pos, s, land)
        if victims:
            return _attacked(
                tr, seat, [*after, ["enter", s, land], *(["rattack", s, v, 0] for v in reversed(victims))]
            )
        if not _plain(st, s, land):
            return None
    elif verb == "patch":
        limbs = st.arms if m.item == "arm" else st.legs
        tr.put(limbs, s, limbs[s] + 1)
    elif verb in ("follow", "leapfrog"):
        f = st._next_higher_skeleton(s) if verb == "follow" else m.field
        if not _plain(st, s, f):
            return None
        tr.put(st.pos, s, f)
    elif verb != "reveal":
        return None
    return _judge(_world(st), st, seat) if _settle(tr, after) else None


def _struck(tr: _Trial, a: int, verb: str, m: Any) -> bool:
    """A straight attack's effect (``_auto_strike``, ``_snatch``) on the trial: a limb lost
    or stolen, a festivity card stolen, a push and the attacker's step the other way, or a
    swap (False where a figure enters a field that does something)."""
    st = tr.st
    v = m.victim
    if verb in ("beat", "kick"):
        limbs = st.arms if verb == "beat" else st.legs
        if limbs[v]:
            tr.put(limbs, v, limbs[v] - 1)
    elif verb == "snatch":
        if m.item in nt.LIMBS:
            limbs = st.arms if m.item == "arm" else st.legs
            if limbs[v] and limbs[a] < 2:
                tr.put(limbs, v, limbs[v] - 1)
                tr.put(limbs, a, limbs[a] + 1)
        else:
            k = nt.parse_fest(m.item)
            if k is not None and k in st.fest[v] and k not in st.fest[a]:
                tr.put(st.fest, v, [x for x in st.fest[v] if x != k])
                tr.put(st.fest, a, [*st.fest[a], k])
    else:
        pos = st.pos
        swap = m.push is None or m.step is None  # a push always goes with a step
        moves = [(a, pos[v]), (v, pos[a])] if swap else [(v, m.push), (a, m.step)]
        if not all(_plain(st, x, f) for x, f in moves):
            return False
        for x, f in moves:
            tr.put(pos, x, f)
    return True


def _attacked(tr: _Trial, seat: int, stack: list[list[Any]]) -> float | None:
    """The value once the random attack on top of ``stack`` waits for the attacker to pick a
    back of the victim's hand (``_auto_rattack``: two backs or more), else None (a card
    drawn at random, or the pile's top card)."""
    st = tr.st
    t = stack.pop()
    if len({MOVE[c] for c in st.hands[t[2]]}) < 2:
        return None
    tr.set("stack", [*stack, ["pick", t[1], t[2], t[3]]])
    return _judge(_world(st), st, seat)


def _resolve_values(st: MuertosState, seat: int, w: _World) -> dict[str, float]:
    """The use of a laid card, each way tried on the state itself (``_use``). Used as a
    movement, the card leaves the table and the movement waits: the dog can always be led a
    field or more, and a Holding offered first changes nothing the evaluation reads."""
    tr = _Trial(st)
    out = {}
    for a in st.legal_actions():
        try:
            v = _use(tr, seat, w, a)
        finally:
            tr.undo()
        if v is not None:
            out[a] = v
    return out


def _plain(st: MuertosState, m: int, f: int) -> bool:
    """Whether entering ``f`` does nothing for seat ``m``: no festivity card to take (it has
    that kind or none is left), nothing to take from a hiding place, not the goal."""
    if f not in STOP:
        return True
    k = FEST_AT_FIELD.get(f, -1)
    if k >= 0:
        return k in st.fest[m] or st.stock[k] == 0
    if f == GOAL:
        return False
    i = DENS.index(f)
    bones = st.dens[i]
    return (
        (st.arms[m] >= 2 or not any(SYMBOL[c] & HAND for c in bones))
        and (st.legs[m] >= 2 or not any(SYMBOL[c] & FOOT for c in bones))
        and all(x in st.fest[m] for x in st.den_fest[i])
    )


def _movement_values(st: MuertosState, seat: int, w: _World) -> dict[str, float]:
    """The movement decision's values, each move tried on the state itself: 'end', a walk to
    a field that does nothing (``_plain``; nobody holding on), a run of the dog (that bites:
    see ``_attacked``). The figure and the movement's record change; then the movement
    waits (the skeleton can still walk, the dog still be led) or ends (``_ended``)."""
    out: dict[str, float] = {}
    tr = _Trial(st)
    turn = st.turn
    m = turn[T_SEAT]
    pos, points, gd, stack = st.pos[m], turn[T_POINTS], st.gd, st.stack
    # the moves that end the movement: (spelling, cards drawn, field walked to, the dog's)
    ends = [(nt.END.text, 1 if turn[T_STEPS] == 0 and turn[T_DOG_STEPS] > 0 else 0, pos, st.dog)]
    h = turn[T_HOLDER]
    allowance = 0 if turn[T_WALKED] or (h >= 0 and not st.home[h]) else st._allowance()
    if allowance > 0:
        goes_on = not turn[T_DOGGED] and bool(DOG_OUT[st.dog])
        for f, d in _walk_reach(pos, allowance, st.dog, gd).items():
            if not _plain(st, m, f):
                got = _entering(tr, seat, f, d, goes_on)
                if got is not None:
                    out[nt.WALK[f].text] = got
                continue
            if not (goes_on and points - d > 0):
                ends.append((nt.WALK[f].text, 0, f, st.dog))
                continue
            tr.put(st.pos, m, f)
            tr.put(turn, T_POINTS, points - d)
            tr.put(turn, T_WALKED, 1)
            tr.put(turn, T_STEPS, d)
            try:
                out[nt.WALK[f].text] = _judge(w.moved(m, f), st, seat)
            finally:
                tr.undo()
    if not turn[T_DOGGED] and points > 0:
        for f, d in st._dog_reach(points).items():
            victims = st._others_on(f)
            tr.set("dog", f)
            tr.put(turn, T_POINTS, points - d)
            tr.put(turn, T_DOGGED, 1)
            tr.put(turn, T_DOG_STEPS, d)
            try:
                if not victims:
                    allowance = 0 if turn[T_WALKED] else st._allowance()
                    if allowance > 0 and _walk_reach(pos, allowance, f, gd):
                        out[nt.DOG[f].text] = _judge(w, st, seat)
                    else:
                        ends.append((nt.DOG[f].text, 1 if turn[T_STEPS] == 0 else 0, pos, f))
                for v in victims:  # the dog bites: the attack waits, then the dog's hiding place
                    got = _attacked(tr, seat, [*stack, ["den", m], ["rattack", m, v, 1]])
                    if got is not None:
                        out[nt.BITE[f][v].text] = got
            finally:
                tr.undo()
    out.update(_ended(st, seat, w, ends))
    return out


def _entering(tr: _Trial, seat: int, f: int, d: int, goes_on: bool) -> float | None:
    """A walk of ``d`` fields onto ``f``, a field that does something, tried on the state
    itself where ``_entered`` knows what: the movement then waits (the dog may still be led)
    or ends, as a plain walk's does (``_movement_values``, ``_ended``), the skeleton in the
    goal skipping it (``_skip``). None: played on a copy."""
    st = tr.st
    turn, stack = st.turn, st.stack
    m, points = turn[T_SEAT], turn[T_POINTS]
    if stack[-2][0] != "after" or stack[-2][1] != m:
        return None
    tr.put(st.pos, m, f)
    tr.put(turn, T_POINTS, points - d)
    tr.put(turn, T_WALKED, 1)
    tr.put(turn, T_STEPS, d)
    try:
        if not _entered(tr, m, f):
            return None
        if goes_on and points - d > 0 and f != GOAL:
            return _judge(_world(st), st, seat)
        # the movement ends: a walk of one field or more draws no card
        return _judge(_world(st), st, seat) if _settle(tr, [*stack[:-2], ["after", m, 0]]) else None
    finally:
        tr.undo()


def _entered(tr: _Trial, m: int, f: int) -> bool:
    """What entering ``f`` does for seat ``m`` (``_auto_enter``), on the trial, where no
    decision follows: the goal (its place; the hand and a laid card discarded), a
    festivity field's card taken and the gravedigger's steps for it (``_auto_gd``). False
    where the rules must play it: a hiding place, the gravedigger at the track's end (a
    field to block) or onto a skeleton (to clear)."""
    st = tr.st
    if f == GOAL:
        gone = st.hands[m] + [st.lay[m]] if st.lay[m] >= 0 else st.hands[m]
        tr.put(st.home, m, max(st.home) + 1)
        tr.set("discard", st.discard + gone)
        tr.put(st.hands, m, [])
        tr.put(st.lay, m, -1)
        return True
    k = FEST_AT_FIELD.get(f, -1)
    if k < 0:
        return False
    tr.put(st.stock, k, st.stock[k] - 1)
    tr.put(st.fest, m, [*st.fest[m], k])
    for _ in range(GD_STEPS["two"] if st.players == 2 else GD_STEPS["default"]):
        if st.gd >= len(GD_TRACK):
            break
        if st.gd == len(GD_TRACK) - 1:
            return False
        tr.set("gd", st.gd + 1)
        here = st.gd_field
        if any(p == here and not st.home[s] for s, p in enumerate(st.pos)):
            return False
    return True


def _ended(st: MuertosState, seat: int, w: _World, ends: list[tuple[str, int, int, int]]) -> dict[str, float]:
    """The values of the moves that end the movement of ``st``, each ``(spelling, cards
    drawn, field walked to, the dog's field)``. What follows (``_settle``: the turn's draw,
    the next decision) reads neither figure, unless a new round starts (its order reads the
    fields): so it is run once per number of cards drawn, and each move judged by putting
    the figures there; a walk before a new round is run on its own."""
    out: dict[str, float] = {}
    stack = st.stack
    m = st.turn[T_SEAT]
    pos = st.pos[m]
    if stack[-2][0] != "after" or stack[-2][1] != m:
        return out
    tr, moved = _Trial(st), _Trial(st)
    alone = []
    for n in (0, 1):
        group = [e for e in ends if e[1] == n]
        if not group:
            continue
        try:
            if not _settle(tr, [*stack[:-2], ["after", m, n]]):
                continue
            new_round = any(seq is None and name == "round" for seq, name, _old in tr.changes)
            for a, _n, f, dog in group:
                if f == pos:
                    moved.set("dog", dog)
                    try:
                        out[a] = _judge(w, st, seat)
                    finally:
                        moved.undo()
                elif new_round:
                    alone.append((a, n, f))
                else:
                    moved.put(st.pos, m, f)
                    try:
                        out[a] = _judge(w.moved(m, f), st, seat)
                    finally:
                        moved.undo()
        finally:
            tr.undo()
    for a, n, f in alone:
        tr.put(st.pos, m, f)
        try:
            if _settle(tr, [*stack[:-2], ["after", m, n]]):
                out[a] = _judge(w.moved(m, f), st, seat)
        finally:
            tr.undo()
    return out


_FAST = {
    "swap": _swap_values,
    "commit": _lay_values,
    "limit": _discard_values,
    "movement": _movement_values,
    "resolve": _resolve_values,
}
"""The decisions whose moves are tried on the state itself (the rest are played on a copy)."""


def action_values(state: State, seat: int, actions: Sequence[str]) -> list[float]:
    """``evaluate(state.after(a), seat)`` for each action, the same numbers found faster
    (``Game.action_values``): the swaps at a round's end by their one shared value; lays,
    walks, the dog's runs and discards on the state itself (``_FAST``); the other actions
    played on a copy without the game's log. The world every seat's estimate reads is worked
    out once for the positions that share it (``_World``)."""
    st = cast(MuertosState, state)
    if st.ended or not st.stack:
        return [evaluate(st.after(a), seat) for a in actions]
    fast = _FAST.get(st.stack[-1][0])
    return _completed(st, seat, actions, fast(st, seat, _world(st)) if fast is not None else {})


def _completed(st: MuertosState, seat: int, actions: Sequence[str], known: dict[str, float]) -> list[float]:
    """The values of ``actions``: ``known``'s, the others played on a copy."""
    listed: set[str] | None = None
    out = []
    for a in actions:
        v = known.get(a)
        if v is None:
            if listed is None:
                listed = set(st.legal_actions())
            v = _judge_after(st, a, seat) if a in listed else evaluate(st.after(a), seat)
        out.append(v)
    return out


class _Masked(list[int]):
    """Another seat's hand in a masked state: a stand-in card of each back it holds (its
    backs are public, its cards are not)."""


_STAND_IN = {b: MOVE.index(b) for b in set(MOVE)}
"""By back: the card that stands in for a hidden card of that back in a masked state."""


_STANDS = tuple(_STAND_IN[b] for b in MOVE)
"""By card: the card that stands in for it, hidden (``_STAND_IN`` of its back)."""


_MAY_REACT = {b: any(REACTION[k] for k in range(len(MOVE)) if MOVE[k] == b) for b in set(MOVE)}
"""By back: whether a card of that back may be a reaction card (Dodge, Holding)."""


def _reactions_only(hand: list[int]) -> bool | None:
    """Whether ``hand`` holds reaction cards only (it is swapped at a round's end). A hidden
    card (a masked hand's stand-ins, a card drawn in a masked state) may or may not be one,
    unless its back has none: a known other card answers no, else None (it may be)."""
    if type(hand) is _Masked:
        if any(not _MAY_REACT[MOVE[c]] for c in hand):
            return False
        return None
    hidden = False
    for c in hand:
        if type(c) is not int:  # a card drawn, hidden
            hidden = True
        elif not REACTION[c]:
            return False
    if hidden:
        return None
    return True


def _mask(tr: _Trial, seat: int, own: Rng) -> None:
    """Mask the trial's state, to be undone: it then holds only what ``seat`` knows, the
    other hands and laid cards by their backs (a stand-in card each), the draw pile by its
    size, the generator ``own`` (a copy). A function of ``seat``'s view, like a
    determinization, but with nothing drawn: what the values read of it is what they would
    read of any determinization, unless they reach for a hidden card."""
    st = tr.st
    tr.set("rng", own.copy())
    tr.set("_legal", st._legal)  # the mover's listing is the same (a function of its view)
    tr.set("draw", unseen(st.draw))
    hands, lay = st.hands, st.lay
    for p in range(st.players):
        if p != seat:
            tr.put(hands, p, _Masked(sorted(map(_STANDS.__getitem__, hands[p]))))
            if lay[p] >= 0:
                tr.put(lay, p, _STANDS[lay[p]])


def determinized_values(state: State, seat: int, actions: Sequence[str], rng: random.Random) -> list[float]:
    """``action_values(state.determinize(seat, rng), seat, actions)`` (``Game.determinized_values``),
    the same numbers without redrawing the hidden cards where the values read none of them.
    A decision tried on the state itself (``_FAST``) reads hands by their size and backs and
    laid cards by their backs, and reads the draw pile only for a card drawn: so it is
    valued first on the state masked (``_mask``), and on a determinization where it reaches
    for a hidden card (a drawn card's back, a hand of reaction cards only); the actions it
    leaves to the rules are played on a determinization. ``rng`` is drawn as ``determinize``
    draws it either way."""
    st = cast(MuertosState, state)
    st._check_seat(seat)
    hidden, own = Rng.from_random(rng), Rng.from_random(rng)
    fast = _FAST.get(st.stack[-1][0]) if st.stack and not st.ended and st.to_move == seat else None
    if fast is not None:
        tr = _Trial(st)
        try:
            _mask(tr, seat, own)
            known: dict[str, float] | None = fast(st, seat, _world(st))
        except HiddenRead:
            known = None
        finally:
            tr.undo()
        if known is not None:
            try:
                return [known[a] for a in actions]
            except KeyError:
                pass
            # the actions the fast way leaves to the rules need a determinization; the
            # values it found read nothing hidden, and are the determinization's
            return _completed(_redrawn(st, seat, hidden, own), seat, actions, known)
    return action_values(_redrawn(st, seat, hidden, own), seat, actions)


def _redrawn(st: MuertosState, seat: int, hidden: Rng, own: Rng) -> MuertosState:
    """``st._determinized(seat, hidden, own)`` with ``st``'s listing of the mover's actions,
    when it has one: a function of the mover's view, it is the determinization's too."""
    d = cast(MuertosState, st._determinized(seat, hidden, own))
    if st.to_move == seat:
        d._legal = st._legal
    return d


def rollout(state: State, rng: random.Random) -> str:
    """A cheap playout policy: random, but never trades cards away at the end of a round."""
    legal = state.legal_actions()
    if legal and legal[0] == "keep":
        return "keep"
    walks = [a for a in legal if a.startswith("walk ")]
    if walks and rng.random() < 0.7:
        st = cast(MuertosState, state)
        pos = st.pos[st.to_move or 0]
        return min(walks, key=lambda a: (TO_GOAL[int(a[5:])] - TO_GOAL[pos], rng.random()))
    return legal[rng.randrange(len(legal))]
