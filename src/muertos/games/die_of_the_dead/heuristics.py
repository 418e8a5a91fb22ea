"""A fast estimate of how well a seat stands, for the greedy and search bots.

Value of a seat = steps ascended + what is on the way. A completed section not yet scored
counts its exact score (it scores at the end of the round). An unfinished one counts its
*potential*: a blend of the best score its dice still allow (the empty cells taking any
value, the colour pattern kept if the dice placed allow it) and the mean score if the
empty cells rolled at random, weighted by how many cells are still empty. So a die that
breaks a pattern (a second colour in Bread, a repeated value in Incense, a gap in a
Marigold run) lowers the value at once. Tokens and prepared dice count a little (solo,
tokens count as the set they will make).
Multiplayer: the seat's value minus the best rival's; solo: the value itself, where more
things count: whether the caskets feeding a section hold the colours its pattern still
needs (the caskets of the next round if they move along at the end of this one), whether
the City has dice enough to finish it (an unfinished section scores nothing; the die owed
for a draft or Move not yet paid is already spent), the City's spare dice, and what a
prepared die's chosen value brings to an empty cell. Everything read is public.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from itertools import chain
from typing import cast

from muertos.engine import State
from muertos.engine.memo import Memo

from . import notation as N
from .components import CALAVERA, COMPONENTS
from .notation import PREP_DEST, kind_die, kind_of, parse_die
from .rules import FRESH_PREP, SECTION_DICE, SECTIONS, DieOfTheDeadState, _dice_value
from .scoring import BREAD, CANDLE, INCENSE, MARIGOLD, TOKEN_SET_STEPS, marigold

EMPTY_WEIGHT = (1.0, 0.6, 0.5, 0.45, 0.4)
"""Share of a section's potential counted, by its number of empty cells (0-4): every
die still to come may miss, and costs an action (solo: a die of the City). Higher shares
(0.8 for one empty cell) made a section needing one exact die look as good as a sure
3-step finish, and the search stopped completing sections."""
BEST_SHARE = 0.5
"""Weight of the best reachable score in the potential; the rest is the mean score over
random values of the empty cells (the dice chosen from a casket are better than random,
worse than perfect)."""
FIT_FLOOR = 0.25
"""Solo: the share of a section's colour pattern counted however few dice of the right
colours are at hand (the rest in proportion to them: what the City may still bring).
With it the search pays the City's dice onto the caskets that need their colours: over
seeds 200-279 at 700 iterations, the solo mean rose from 9.7 to 10.3."""
CITY_SHARE = 0.25
"""Solo: a die still in the City counts for this share of one in a casket's pool (it may
yet be paid onto that casket). Without it, the last green die of a green Bread looked
worse than a die on the preparation board."""
FINISHABLE = 0.75
"""Solo: bonus for each unfinished section the City still has dice enough to finish (on
top of its potential): a finished section scores, an unfinished one does not, so the bot
should not start a section it cannot close. Over seeds 200-259 at 700 iterations, with
the owed die fix below: 0.4 -> 10.87, 0.75 -> 11.48, 1.0 -> 11.35, 1.5 -> 11.05."""
TOKEN = 0.3
"""Worth of a token in hand (3 different ones buy 1 step)."""
TOKEN_SHARE = 1.0
"""Solo: each token in hand counts for this share of its part in the largest set it can
still join (the missing tokens still on their boards: taking one costs no die of the City;
in the last round, none can be taken). So every token taken adds value, holding 3 with the
4th to come beats cashing them for 1 step, and holding 4 does not beat cashing them for 2.
With ``TOKEN`` per token instead, the bot cashed 3 tokens for 1 step rather than wait for
the 4th (over seeds 200-279 at 700 iterations: the solo mean 10.3 -> 10.8)."""
PREPARED = 0.1
"""Worth of a die waiting on the preparation board."""
PREP_FACTOR = 0.5
"""Solo: a prepared die also counts for this share of the best a chosen value brings to
an empty cell (the casket would bring an unknown one): so a die is prepared when it fits
somewhere. 1.0 over-prepared (seeds 200-259: 0.5 -> 11.42, 1.0 -> 10.88)."""
SPARE = 0.3
"""Solo: worth of each die of the City beyond the ones the open sections need (up to
``SPARE_MAX``): spare dice buy Moves and a section more. Sections scored per game 3.4 ->
3.9."""
SPARE_MAX = 3
SCALE = 2.0
"""A lead (steps) worth about a 73% chance of winning, for the search bot."""
SOLO_WIDEN = 2
"""Solo: the search looks at the 2 moves (ties included) judged best one step ahead, at
each decision with many; the evaluation is good enough that a wider search spends its
iterations on moves it later rejects (seeds 200-319 at 700 iterations: widen 8 -> 11.75,
4 -> 11.98, 3 -> 11.89, 2 -> 12.17)."""
SOLO_EXPAND = "chance"
"""Solo: opening a casket rolls its dice anew at every visit of the search, so the drafts
below ``open k`` differ each time. With random expansion ``open k`` was judged by random
drafts (Marigold, the hardest section to fill, was left unfinished in 6 of 26 games), and the
narrowed set of one old roll kept poor drafts in others. "chance": a node whose moves change
between visits ranks each visit's moves one step ahead, keeps the ``SOLO_WIDEN`` best and
expands the best untried first. At 0.5 s of CPU a move, seeds 0-25 (about 800 iterations a
move instead of 3200): mean 13.04, median 13, max 16 (random: 11.77, 12, 15; paired
difference +1.27, standard error 0.50); "best" (the best untried first, the narrowed set
kept) 12.44 over 16 of those seeds against 11.94, a section unfinished in 5 of them."""
PLAYOUT = "random"
PLAYOUT_DEPTH: int | None = 0
"""The search bot judges the leaf of its tree by ``evaluate`` at once: 10 random actions
below it took more than half the search time (solo: 2.1 times the iterations per second
without them) and did not score better in solo games."""


PATIENCE = 20
"""Rounds with no die reaching any ofrenda after which a bot that can place one on its own
ofrenda does (``urgent``). The rules end a game only when an ofrenda is complete, and the
evaluation can prefer the free ascension of an empty casket to the die that would bring the
end nearer: two search bots then passed it back and forth for ever (2 players, seed 244,
``ismcts:150`` both: every board full, every ofrenda missing only Bread, from round 23). In
games that ended by themselves the longest such stretch was 15 rounds (greedy, 150 games at
each of 2-5 seats), 16 (``ismcts:150``, 2 seats, seeds 0-119 and 200-399: 318 games; the
other two, 244 and 300, stalled, and the urge ended them at round 45), 7 (3 seats, 30
games) and 5 (4 seats, 20 games)."""


@lru_cache(maxsize=1 << 16)
def potential(sec: int, dice: tuple[int, ...], board: int, colours: bool = True) -> tuple[int, float]:
    """(best score still reachable, mean score over random values of the free cells) of a
    section's four cells (-1 empty; calavera faces are free values). With ``colours`` the
    empty cells may take any colour: the pattern counts if the placed dice keep it
    possible; without, the colour pattern is given up."""
    cols = [d >> 4 if d >= 0 else -1 for d in dice]
    vals = tuple(0 if d < 0 or d & 7 == CALAVERA else d & 7 for d in dice)
    known = [c for c in cols if c >= 0]
    if sec == BREAD:
        pattern = len(set(known)) <= 1
    elif sec == MARIGOLD:
        even = {cols[i] for i in (0, 2) if cols[i] >= 0}
        odd = {cols[i] for i in (1, 3) if cols[i] >= 0}
        pattern = len(even) <= 1 and len(odd) <= 1 and not (even and even == odd)
    else:  # Candles and Incense want four different colours
        pattern = len(set(known)) == len(known)
    urns: tuple[tuple[int, int, bool, bool], ...] = ()
    if sec == INCENSE:
        # an empty urn cell can take the urn's die; with the four-colours part too only
        # if no other die already has the urn's colour
        urns = tuple(
            (
                u.position,
                u.value,
                cols[u.position] in (u.colour, -1),
                cols[u.position] == u.colour or u.colour not in known,
            )
            for u in COMPONENTS.boards[board].urns
        )
    best, total, count = _spread(sec, vals, pattern and colours, urns)
    return best, total / count


@lru_cache(maxsize=1 << 18)
def _spread(
    sec: int, vals: tuple[int, ...], pattern: bool, urns: tuple[tuple[int, int, bool, bool], ...]
) -> tuple[int, int, int]:
    """(best, total, count) of a section's scores over every value 1-6 of its free cells
    (0): cached by values alone (the colours only decide ``pattern`` and the urns' flags:
    position, value, whether the cell's colour allows the urn's die, whether that die would
    be a new colour), so sections of differently coloured dice share the work."""
    if 0 not in vals:
        s = _score(sec, vals, pattern, urns)
        return s, s, 1
    i = vals.index(0)
    best = total = count = 0
    last = vals.count(0) == 1  # the values complete: scored at once, not cached one by one
    for v in range(1, 7):
        vs = (*vals[:i], v, *vals[i + 1 :])
        if last:
            b = t = _score(sec, vs, pattern, urns)
            n = 1
        else:
            b, t, n = _spread(sec, vs, pattern, urns)
        best = max(best, b)
        total += t
        count += n
    return best, total, count


def _score(
    sec: int, vs: tuple[int, ...], pattern: bool, urns: tuple[tuple[int, int, bool, bool], ...]
) -> int:
    """The score of a section's four values, its colour pattern kept or not (``_spread``)."""
    if sec == BREAD:
        t = sum(vs)
        s = (2 if pattern and t > 10 else 0) + (1 if t > 16 else 2 if t == 16 else 0)
    elif sec == CANDLE:
        m = max(vs.count(v) for v in vs)
        s = (2 if pattern and m >= 2 else 0) + (m >= 3) + (m == 4)
    elif sec == MARIGOLD:
        s = marigold((0, 1, 0, 1) if pattern else (0, 0, 0, 0), vs)
    else:
        urn = urn_distinct = 0
        for p, value, fits, distinct in urns:
            if vs[p] == value and fits:
                urn += 1
                urn_distinct += distinct
        s = max(urn, 2 + urn_distinct if pattern and len(set(vs)) == 4 else 0)
    return min(s, COMPONENTS.max_per_section)


def colour_fit(sec: int, dice: tuple[int, ...], pool: list[float]) -> float:
    """How far the colours at hand (``pool``: a count per colour) can keep a section's
    pattern: 1.0 when there are enough dice of the right colours for every empty cell."""
    cols = [d >> 4 if d >= 0 else -1 for d in dice]
    empty = [i for i in range(4) if cols[i] < 0]
    if not empty:
        return 1.0
    known = {c for c in cols if c >= 0}
    if sec == BREAD:
        have = pool[next(iter(known))] if known else max(pool)
        return min(1.0, have / len(empty))
    if sec == MARIGOLD:
        fit = 1.0
        for parity in (0, 1):
            need = sum(1 for i in empty if i % 2 == parity)
            if not need:
                continue
            mine = {cols[i] for i in range(parity, 4, 2) if cols[i] >= 0}
            other = {cols[i] for i in range(1 - parity, 4, 2) if cols[i] >= 0}
            have = pool[next(iter(mine))] if mine else max(n for c, n in enumerate(pool) if c not in other)
            fit = min(fit, have / need)
        return min(1.0, fit)
    # Candles and Incense: a different new colour for each empty cell
    have = sum(min(1.0, n) for c, n in enumerate(pool) if c not in known)
    return min(1.0, have / len(empty))


def shifting(st: DieOfTheDeadState) -> bool:
    """Whether the caskets move along at the end of this round: a section was scored in
    it, or one is complete and will be."""
    return st.any_scored or any(st._pending(s) for s in range(st.players))


def _pool(st: DieOfTheDeadState, s: int, sec: int, shift: bool = False) -> list[float]:
    """Dice per colour that can still reach ``sec``: in the casket feeding it (lid too) and
    on the preparation board; the City's dice count for a share (they may yet be paid
    onto that casket). With ``shift``, the casket that will feed it once the caskets
    move along at the end of the round."""
    p = (st.items.index(sec) - shift) % 4
    pool = [CITY_SHARE * st.city[2 * c] for c in range(5)]
    for d in chain(st.inside[p], st.lid[p], st.prep[s]):
        pool[d >> 4] += 1
    return pool


def _reachable(open_sections: list[tuple[frozenset[int], float]], city: int) -> float:
    """Solo: every die still placed costs a die of the City, and the game ends when the City
    is empty; an unfinished section scores nothing. So count the best set of sections whose
    empty cells the City can still fill."""
    if len(frozenset().union(*(cells for cells, _ in open_sections))) <= city:
        return sum(got + FINISHABLE for _, got in open_sections)
    best = 0.0
    n = len(open_sections)
    for mask in range(1, 1 << n):
        chosen = [open_sections[i] for i in range(n) if mask >> i & 1]
        if len(frozenset().union(*(cells for cells, _ in chosen))) <= city:
            best = max(best, sum(got + FINISHABLE for _, got in chosen))
    return best


def _token_sets(hand: list[int], boards: list[int], last_round: bool = False) -> float:
    """Solo: tokens are worth the set they make (a token spent on its power breaks it).
    A token still on its board can be taken in a later round, so not in the last one."""
    have = sum(1 for t in hand if t)
    reach = have + (0 if last_round else sum(1 for t in range(4) if not hand[t] and boards[t]))
    return TOKEN_SHARE * have * TOKEN_SET_STEPS[reach] / reach if reach else 0.0


PENDING = frozenset(("hold", "pay", "remove"))
"""Phases in which a die of the City is owed: a drafted die's payment, a Move's removal."""


def city_left(st: DieOfTheDeadState) -> int:
    """Solo: dice the City still has to spend, the one already owed taken off (a position
    judged between a draft and its payment would otherwise look a die richer)."""
    return sum(st.city) - (st.phase in PENDING)


_RIVAL_VALUES: Memo[tuple[object, ...], float] = Memo(1 << 17)
"""Multiplayer values by what they read (``_value``): the greedy bot judges every seat after
each move it tries, and a move changes one seat's board at most, so most are known."""


def _value(st: DieOfTheDeadState, s: int) -> float:
    if st.players == 1:
        return _value_of(st, s)
    key = (
        st.phase == "over",
        st.board_of(s),
        st.steps[s],
        len(st.prep[s]),
        *st.hands[s],  # four, twelve and four numbers: one flat tuple is cheaper to build
        *st.ofrenda[s],
        *st.scored[s],
    )
    v = _RIVAL_VALUES.get(key)
    if v is None:
        v = _RIVAL_VALUES.keep(key, _value_of(st, s))
    return v


def _value_of(st: DieOfTheDeadState, s: int) -> float:
    """A seat's value; multiplayer, it reads only what ``_value`` keys it by."""
    v = float(st.steps[s])
    hand = st.hands[s]
    if st.over:
        return v + 0.01 * sum(hand)  # tie-break: most tokens
    cells = st.ofrenda[s]
    board = st.board_of(s)
    solo = st.players == 1
    v += _token_sets(hand, st.boards, city_left(st) <= 0) if solo else TOKEN * sum(hand)
    open_sections: list[tuple[frozenset[int], float]] = []
    gots: list[float] = []
    prep_lift = 0.0
    shift = solo and shifting(st)
    for sec in range(4):
        if st.scored[s][sec]:
            continue
        dice = SECTION_DICE[sec](cells)
        if min(dice) >= 0:
            v += _dice_value(sec, dice, board)  # scores at the end of this round (``_section_value``)
        elif solo:
            pool = _pool(st, s, sec, shift)
            got = _blend(sec, dice, board, pool)
            if st.prep[s]:
                lift = max(_lift(sec, dice, board, pool, got, d) for d in st.prep[s])
                prep_lift = max(prep_lift, lift)
            got *= EMPTY_WEIGHT[dice.count(-1)]
            open_sections.append((frozenset(c for c in SECTIONS[sec] if cells[c] < 0), got))
        else:
            gots.append(_open_worth(sec, dice, board))
    if solo:
        city = city_left(st)
        v += _reachable(open_sections, city)
        need = len(frozenset().union(*(cells for cells, _ in open_sections))) if open_sections else 0
        v += SPARE * min(max(city - need, 0), SPARE_MAX)
    else:
        v += sum(gots)
    return v + PREPARED * len(st.prep[s]) + PREP_FACTOR * prep_lift


@lru_cache(maxsize=1 << 16)
def _open_worth(sec: int, dice: tuple[int, ...], board: int) -> float:
    """Multiplayer: an unfinished section's worth, its share by empty cells taken."""
    return _blend(sec, dice, board, None) * EMPTY_WEIGHT[dice.count(-1)]


def _blend(sec: int, dice: tuple[int, ...], board: int, pool: list[float] | None) -> float:
    """An unfinished section's worth: the best and the mean score its dice still allow,
    blended; solo, the colour pattern counted as far as the colours at hand allow."""
    best, mean = potential(sec, dice, board)
    got = BEST_SHARE * best + (1.0 - BEST_SHARE) * mean
    if pool is not None:
        fit = FIT_FLOOR + (1.0 - FIT_FLOOR) * colour_fit(sec, dice, pool)
        if fit < 1.0:
            best0, mean0 = potential(sec, dice, board, False)
            got = fit * got + (1.0 - fit) * (BEST_SHARE * best0 + (1.0 - BEST_SHARE) * mean0)
    return got


def _lift(
    sec: int, dice: tuple[int, ...], board: int, pool: list[float] | None, base: float, d: int
) -> float:
    """What a prepared die ``d`` adds to a section (worth ``base`` now) in its best empty
    cell, compared with the unknown die a casket would give."""
    best = 0.0
    for i, x in enumerate(dice):
        if x < 0:
            best = max(best, _blend(sec, (*dice[:i], d, *dice[i + 1 :]), board, pool) - base)
    return best


def evaluate(state: DieOfTheDeadState, seat: int) -> float:
    mine = _value(state, seat)
    if state.players == 1:
        return mine
    return mine - max(_value(state, s) for s in range(state.players) if s != seat)


# ------------------------------------------------------------ the greedy bot's question
_MOVES: dict[str, object] = {}
"""A listed action's move, by its spelling (a move is a pure value of its spelling)."""


def _move(a: str) -> object:
    m = _MOVES.get(a)
    if m is None:
        got = DieOfTheDeadState.ACTIONS.read(a)
        m = _MOVES[a] = None if isinstance(got, str) else got[1]
    return m


def rounds_without_an_offering(st: DieOfTheDeadState) -> int:
    """Rounds opened since a die last reached an ofrenda (a draft placed there, a Move or
    the Marigold token), read off the public history: what everyone at the table saw."""
    quiet = 0
    for a in reversed(st.history):
        m = _move(a)
        if isinstance(m, N.Open):
            quiet += 1
        elif isinstance(m, N.Shift) or (
            isinstance(m, (N.Draft, N.Place)) and m.dest is not None and m.dest != PREP_DEST
        ):
            break
    return quiet


def urgent(st: DieOfTheDeadState, seat: int, legal: Sequence[str]) -> list[str] | None:
    """The moves a bot must choose among: after ``PATIENCE`` rounds in which no die reached
    an ofrenda, those that place one on its own, if it has any; else None (all of them).
    Not a rule: a player who has waited that long places a die rather than stall a game
    only a completed ofrenda ends. Solo ends by itself when the City is empty."""
    if st.players == 1 or rounds_without_an_offering(st) < PATIENCE:
        return None
    placed = sum(c >= 0 for c in st.ofrenda[seat])
    out = [
        a for a in legal if sum(c >= 0 for c in cast(DieOfTheDeadState, st.after(a)).ofrenda[seat]) > placed
    ]
    return out or None


Judge = Callable[[int], float]
"""``evaluate`` of the state as it stands, told the one seat whose fields may have changed."""


def _placed_value(st: DieOfTheDeadState, judge: Judge, d: int, dest: int) -> float | None:
    """The held die ``d`` placed (``_place``) on the state itself, judged, taken back."""
    a = st.actor
    held, fresh, phase = st.held, st.fresh, st.phase
    cells, prep = st.ofrenda[a], st.prep[a]
    old = cells[dest] if dest != PREP_DEST else -1
    st.held = -1
    if dest == PREP_DEST:
        prep.append(d)
        st.fresh = FRESH_PREP + len(prep) - 1
    else:
        cells[dest] = d
        st.fresh = dest
    try:
        if not st._pay_labels(a):
            return _passed(st, judge)  # nothing to pay with: the turn ends (A-DD9)
        st.phase = "pay"
        return judge(a)
    finally:
        if dest == PREP_DEST:
            prep.pop()
        else:
            cells[dest] = old
        st.held, st.fresh, st.phase = held, fresh, phase


def _draft_value(st: DieOfTheDeadState, judge: Judge, m: N.Draft) -> float | None:
    """A draft (``_draft``: to the hand, or placed at once) played on the state itself,
    judged, taken back (None: play it on a copy)."""
    d, ins = m.die, st.inside[st.open]
    i = ins.index(d)
    held, tokused, phase = st.held, st.tokused, st.phase
    del ins[i]
    st.tokused = 0
    try:
        if m.dest is not None:
            return _placed_value(st, judge, d, m.dest)
        st.held, st.phase = d, "hold"
        return judge(st.actor)
    finally:
        ins.insert(i, d)
        st.held, st.tokused, st.phase = held, tokused, phase


def _marigold_value(st: DieOfTheDeadState, judge: Judge, m: N.Shift) -> float | None:
    """The Marigold token (``_shift`` with it, multiplayer) played on the state itself,
    judged, taken back."""
    if st.solo:
        return None
    a = st.actor
    prep, cells, hand, phase = st.prep[a], st.ofrenda[a], st.hands[a], st.phase
    i = prep.index(m.die)
    old = cells[m.cell]
    del prep[i]
    cells[m.cell] = m.die
    hand[MARIGOLD] -= 1
    st.boards[MARIGOLD] += 1  # ``_return_token``, multiplayer
    try:
        if any(st.city):
            st.phase = "gain"
            return judge(a)
        return _passed(st, judge)
    finally:
        prep.insert(i, m.die)
        cells[m.cell], st.phase = old, phase
        hand[MARIGOLD] += 1
        st.boards[MARIGOLD] -= 1


def _quiet_round_end(st: DieOfTheDeadState) -> bool:
    """Multiplayer: whether the round's end after the last player's turn (``_scoring_step``,
    ``_end_round``) changes nothing a seat's value reads: no section to score, the game goes
    on (it may stop at a seat's token sets, which changes nothing either)."""
    n = st.players
    for i in range(n):
        s = (st.starter + i) % n
        if st._pending(s):
            return False
        if st._distinct(s) >= 3:
            return True
    need = 3 if st.five else 4
    return not any(st._completed(s) >= need for s in range(n)) and not st._no_die_can_be_placed()


def _passed(st: DieOfTheDeadState, judge: Judge) -> float | None:
    """``_end_turn`` on the state itself when it passes the turn to the next player, judged
    and taken back; the round's last player's when the round ends quietly (judged as it
    stands); else None (the caller plays the move on a copy)."""
    a = st.actor
    if st.acted + 1 >= st.players:
        return judge(a) if not st.solo and _quiet_round_end(st) else None
    fresh, tokused, acted, phase = st.fresh, st.tokused, st.acted, st.phase
    st.fresh, st.tokused, st.acted = -1, 0, acted + 1
    st.actor, st.phase = (a + 1) % st.players, "act"
    try:
        return judge(a)
    finally:
        st.fresh, st.tokused, st.acted, st.actor, st.phase = fresh, tokused, acted, a, phase


def _pay_value(st: DieOfTheDeadState, judge: Judge, m: N.Pay) -> float | None:
    """A payment (``_pay``) played on the state itself, judged, taken back."""
    a = st.actor
    kind, _, rest = m.label.partition(" ")
    prep, cells = st.prep[a], st.ofrenda[a]
    idx = c = d = -1
    counts: list[int] = []
    if kind == "prep":
        want = parse_die(rest)
        idx = next(i for i, x in enumerate(prep) if x == want and i + FRESH_PREP != st.fresh)
        d = prep.pop(idx)
    elif kind == "cell":
        c = int(rest) - 1
        d = cells[c]
        cells[c] = -1
    else:
        d = parse_die(kind) or 0
        counts = st.city if st._pay_source(a) == "city" else st.supply[a]
        counts[kind_of(d)] -= 1
    lid = st.lid[m.casket]
    lid.append(kind_die(kind_of(d)))
    try:
        return _passed(st, judge)
    finally:
        lid.pop()
        if idx >= 0:
            prep.insert(idx, d)
        elif c >= 0:
            cells[c] = d
        else:
            counts[kind_of(d)] += 1


def _move_value(st: DieOfTheDeadState, judge: Judge, m: N.Shift) -> float | None:
    """A Move (``_shift`` without the token, multiplayer) played on the state itself,
    judged, taken back."""
    if st.solo:
        return None
    a = st.actor
    prep, cells = st.prep[a], st.ofrenda[a]
    i = prep.index(m.die)
    old = cells[m.cell]
    del prep[i]
    cells[m.cell] = m.die
    try:
        return _passed(st, judge)
    finally:
        prep.insert(i, m.die)
        cells[m.cell] = old


def _take_value(st: DieOfTheDeadState, judge: Judge, m: N.TakeToken) -> float | None:
    """Taking a token (``_take``, multiplayer) on the state itself, judged, taken back."""
    if st.solo:
        return None
    a, item = st.actor, st._item()
    hand, boards = st.hands[a], st.boards
    kept = hand.copy(), boards.copy()
    if m.discard is not None:
        hand[m.discard] -= 1
        boards[m.discard] += 1  # ``_return_token``, multiplayer
    boards[item] -= 1
    hand[item] += 1
    try:
        return _passed(st, judge)
    finally:
        hand[:], boards[:] = kept


def _open_value(st: DieOfTheDeadState, judge: Judge, m: N.Open) -> float:
    """Opening a casket (``_open``: its lid's dice go in, all are rolled) on the state itself,
    judged, taken back (the dice, the generator and the log as they were)."""
    p, ins, lid = m.casket, st.inside[m.casket], st.lid[m.casket]
    kept, rng, open_, phase, mark = ins.copy(), st.rng.state, st.open, st.phase, len(st.events)
    st._open(p)
    try:
        return judge(st.actor)
    finally:
        ins[:] = kept
        st.lid[p], st.rng.state, st.open, st.phase = lid, rng, open_, phase
        del st.events[mark:]


def _candle_value(st: DieOfTheDeadState, judge: Judge, m: N.Swap) -> float:
    """The Candle token played on the state itself (``_swap``), judged, taken back."""
    a, p, q, open_ = st.actor, m.first, m.second, st.open
    ins, lid = st.inside, st.lid
    ins[p], ins[q] = ins[q], ins[p]
    lid[p], lid[q] = lid[q], lid[p]
    if open_ in (p, q):
        st.open = q if open_ == p else p
    st.hands[a][CANDLE] -= 1
    if st.solo:
        st.spent += 1
    else:
        st.boards[CANDLE] += 1
    try:
        return judge(a)
    finally:
        ins[p], ins[q] = ins[q], ins[p]
        lid[p], lid[q] = lid[q], lid[p]
        st.open = open_
        st.hands[a][CANDLE] += 1
        if st.solo:
            st.spent -= 1
        else:
            st.boards[CANDLE] -= 1


def action_values(state: State, seat: int, actions: Sequence[str]) -> list[float]:
    """``evaluate(state.after(a), seat)`` for each action, the same numbers found faster
    (``Game.action_values``). Opening a casket, a draft, placing the drafted die, a Candle
    token, and a payment, a Move, the Marigold token or a token taken that passes the turn
    (or ends a round quietly) change the board of the seat deciding alone: they are played
    on the state itself, judged and taken back, the other seats' values (multiplayer: each
    reads its own board only) worked out once. Other actions are played on a copy."""
    assert isinstance(state, DieOfTheDeadState)
    st = state
    n = st.players
    before = [] if n == 1 else [_value(st, s) for s in range(n)]

    def judge(changed: int) -> float:
        if n == 1:
            return _value(st, seat)
        vals = before.copy()
        vals[changed] = _value(st, changed)
        return vals[seat] - max(v for s, v in enumerate(vals) if s != seat)

    listed = st.legal_actions() if st.phase in ("act", "pay", "open", "hold") else []
    out = []
    for a in actions:
        m = _move(a) if a in listed else None
        v: float | None = None
        if isinstance(m, N.Draft):
            v = _draft_value(st, judge, m)
        elif isinstance(m, N.Pay):
            v = _pay_value(st, judge, m)
        elif isinstance(m, N.Swap):
            v = _candle_value(st, judge, m)
        elif isinstance(m, N.Shift):
            v = _move_value(st, judge, m) if a.startswith("move") else _marigold_value(st, judge, m)
        elif isinstance(m, N.Place):
            v = _placed_value(st, judge, st.held, m.dest)
        elif isinstance(m, N.TakeToken):
            v = _take_value(st, judge, m)
        elif isinstance(m, N.Open):
            v = _open_value(st, judge, m)
        out.append(evaluate(cast(DieOfTheDeadState, st.after(a)), seat) if v is None else v)
    return out
