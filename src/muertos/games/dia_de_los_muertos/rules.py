"""State and rules of Dia de los Muertos (Sphinx 2007).

The round is a stack machine: ``stack`` holds small task lists (``["commit", seat]``,
``["rattack", attacker, victim, dog]``, …). Automatic tasks run in ``_run`` after each
decision is played; decision tasks wait for the seat at ``task[1]``. Reactions (Holding,
Dodge), the attacker's choices in a random attack, the dog's hiding place, getting out of
the gravedigger's way and the final blocking field are all such decisions.

Every decision is a kind of move in the table ``MuertosState.ACTIONS`` (the engine's
:mod:`muertos.engine.actions`): the waiting decision's kind is the table's phase, each rule
is one named predicate that both a kind's check and its listing ask, and the engine lists,
plays and refuses actions by the table.

Rule sources are quoted as RB (the rulebook) or A-Dn / B-Dn (our resolutions of its
ambiguities and our reconstructed components): docs/rules/dia-de-los-muertos.md, the rules
map, gives each rule with the code and test that carry it, and each choice with its reason.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Callable, Container, Iterable, Mapping, Sequence
from functools import lru_cache
from itertools import combinations
from typing import Any, ClassVar

from muertos.engine import Game, Option, State, normalize
from muertos.engine.actions import Actions, Kind
from muertos.engine.memo import Memo

from . import checks, scoring, views
from . import notation as nt
from .components import (
    BOARD,
    CARDS,
    CARTWHEEL_HITS_LANDING,
    FEST_AT_FIELD,
    FEST_BAG,
    FEST_COPIES,
    FEST_INDEX,
    FEST_PER_FIELD,
    FEST_PER_FIELD_TWO,
    FEST_VP,
    FESTIVITY,
    FOOT,
    GD_FINAL,
    GD_STEPS,
    GD_TRACK,
    HAND,
    HAND_LIMIT,
    MOVE,
    REACTION,
    ROUND_LIMIT,
    ROUND_LIMIT_RANGE,
    SNATCH_DODGEABLE,
    START_HAND,
    SYMBOL,
    reconstructed_lines,
)
from .scoring import final_scores, final_winners
from .views import MuertosView

GOAL = BOARD.goal
START = BOARD.start
STOP = BOARD.stop
RED = BOARD.red
SKEL_OUT = BOARD.skel_out
DOG_OUT = BOARD.dog_out
DIST = BOARD.dist
DENS = BOARD.hiding
DEN_ENTRY = BOARD.hiding_entry
LANE_OPEN_AT = len(GD_TRACK) - 1  # the lane opens once the gravedigger has reached 17 (A-D2)

K = {c.key: c.index for c in CARDS}
DODGE, HOLD = K["dodge"], K["hold"]
THROWS = (K["cake"], K["pot"], K["skull"])
STRAIGHT = frozenset(["beat", "kick", "hustle", "hold"] + (["snatch"] if SNATCH_DODGEABLE else []))

# Turn record of the current movement (indices into ``turn``).
T_SEAT, T_CARD_M, T_POINTS, T_WALKED, T_DOGGED, T_STEPS, T_DOG_STEPS, T_HOLDER, T_PENALTY = range(9)

DECISIONS = frozenset(
    [
        "commit",
        "resolve",
        "swap",
        "limit",
        "movement",
        "holdwin",
        "dodge",
        "pick",
        "limb",
        "den",
        "hide",
        "block",
        "clear",
        "holdmove",
    ]
)
# Decisions whose options depend on public information only: a single option is taken
# automatically (no leak), no option skips the decision.
AUTO_SINGLE = frozenset(["pick", "limb", "den", "hide", "block", "clear", "holdmove"])
ALWAYS_OPEN = frozenset(["resolve", "swap", "limit"])
"""Decisions that, once not skipped (``_skip``), always wait with two options or more, or one
never taken by itself: a laid card is used as a movement while its player holds cards, else
carried out or revealed; two cards or more are swapped or kept; a hand above the limit
discards. (So is a commit with two cards or more.) ``_run`` stops at them without listing."""

RANGE = tuple((c.rmin, c.rmax) for c in CARDS)
"""Each card's range in fields (RB 'Range'; reconstructed where the rulebook prints none)."""
REACH = tuple(
    tuple(frozenset(f for f in range(BOARD.size) if lo <= DIST[a][f] <= hi) for a in range(BOARD.size))
    for lo, hi in RANGE
)
"""The fields each card reaches from each field, by card and field (built once)."""
VERB = tuple("throw" if c.index in THROWS else c.key for c in CARDS)
"""The verb of each card's action (the three throws share one)."""
RESOLVE = tuple(f"resolve {v}" for v in VERB)
"""The table's phase while a laid card is being used, by card: its action's kind is open."""
RESOLVE_PHASES = tuple(dict.fromkeys(RESOLVE))
HINTS = {
    "commit": "lay one hand card face down ('lay <card>'), RB phase 2",
    "movement": "'walk F', 'dog F', 'dog F bite pN' or 'end'",
    "holdwin": "'hold' or 'no reaction'",
    "dodge": "'dodge' or 'no reaction'",
    "holdmove": "'go F': your skeleton follows the held one as far as it walked",
    "clear": "'go F': your skeleton steps out of the gravedigger's way",
    "pick": "'pick B': the back (bones) of the card to draw from the victim's hand",
    "limb": "'hit arm' or 'hit leg'",
    "den": "'den F': the hiding place the dog goes to",
    "hide": "'take <item>': an arm, a leg or a festivity card from the hiding place",
    "block": "'block F': the field the gravedigger blocks for good",
    "limit": f"'discard <card>' down to {HAND_LIMIT} cards",
    "swap": "'swap <card> <card>' (two cards for one) or 'keep'",
}
"""How each decision is written (using a laid card names the card), for refusing others."""
TWO_CARDS: Memo[tuple[int, ...], tuple[dict[tuple[int, int], None], list[str]]] = Memo(20_000)
"""The swaps of a hand (``MuertosState._two_cards``), by hand."""
STATUS = {
    "commit": "{p} to lay a card face down",
    "resolve": "{p} to use the laid card as a movement or an action",
    "swap": "{p} may swap two cards for one",
    "limit": "{p} to discard down to " + str(HAND_LIMIT) + " cards",
    "movement": "{p} to move (skeleton and/or dog)",
    "pick": "{p} to pick a card back from {other}'s hand",
    "limb": "{p} to choose the body part {other} loses",
    "den": "{p} to put the dog on a hiding place",
    "hide": "{p} to take something from the hiding place",
    "block": "{p} to choose the gravedigger's last field",
    "clear": "{p} to get out of the gravedigger's way",
    "holdmove": "{p} to follow the held skeleton",
    "holdwin": "{p} may react with Holding to the movement of {other}",
    "dodge": "{p} may Dodge the attack of {other}",
}
"""What the waiting decision is, by its kind (``status``)."""
DOG_ON = tuple(f"the dog stands on {f}" for f in range(BOARD.size))
GD_ON = tuple(f"the gravedigger stands on {f}" for f in range(BOARD.size))
NO_WAY_BACK = "no skeleton goes back to the start"
LANE_CLOSED = "the red lane (25-28) may be entered only when the gravedigger has left it (RB)"


def _blocked(f: int, dog: int, gd: int) -> str | None:
    """Why a skeleton may not step onto ``f`` with the dog on ``dog`` and the gravedigger at
    ``gd``, or None. RB: 'The fields on which the dog or the gravedigger stands may not be
    entered'; 'The fields with the red numbers (from 25 to 28) may be entered by a skeleton
    only if the gravedigger has left the way'; and nobody goes back into the start."""
    if f == START:
        return NO_WAY_BACK
    if f == dog:
        return DOG_ON[f]
    if f == _gd_field(gd):
        return GD_ON[f]
    if f in RED and gd < LANE_OPEN_AT:
        return LANE_CLOSED
    return None


def _forward(u: int, w: int) -> bool:
    """Whether a step from ``u`` to ``w`` goes 'a field forward' (else back): the board's
    numbers run along the path from the start (S, 0) to the goal (32), so forward is to the
    higher number on every branch (A-D11)."""
    return w > u


def _gd_field(gd: int) -> int:
    """Where the gravedigger stands: ``gd`` 0-5 along the track, 6 + i for good on GD_FINAL[i]."""
    n = len(GD_TRACK)
    return GD_TRACK[gd] if gd < n else GD_FINAL[gd - n]


def _reach(
    start: int, maxd: int, out: Sequence[Iterable[int]], stops: Container[int], closed: Container[int]
) -> dict[int, int]:
    """Fields reachable from ``start`` in at most ``maxd`` steps along ``out``, by steps:
    none in ``closed`` is entered, and a move ends on entering one of ``stops``."""
    dist = {start: 0}
    frontier = [start]
    for k in range(1, maxd + 1):
        nxt = []
        for u in frontier:
            if u != start and u in stops:
                continue
            for v in out[u]:
                if v not in dist and v not in closed:
                    dist[v] = k
                    nxt.append(v)
        frontier = nxt
    del dist[start]
    return dist


@lru_cache(maxsize=1 << 14)
def _walk_reach(start: int, maxd: int, dog: int, gd: int) -> Mapping[int, int]:
    """Fields a skeleton on ``start`` can reach in at most ``maxd`` steps (RB movement
    rules: a move ends on entering a field of ``STOP``; ``_blocked`` fields are not entered),
    the dog and the gravedigger (``gd``) where they stand. No other skeleton blocks a walk,
    so the search is a function of these alone, asked again and again by the listing and
    the bots (shared: never changed by its readers)."""
    return _reach(start, maxd, SKEL_OUT, STOP, _closed(dog, gd))


@lru_cache(maxsize=1 << 10)
def _closed(dog: int, gd: int) -> frozenset[int]:
    """The fields no skeleton may enter with the dog on ``dog`` and the gravedigger at ``gd``
    (``_blocked``): worked out once for every start a walk is searched from."""
    return frozenset(f for f in range(BOARD.size) if _blocked(f, dog, gd) is not None)


@lru_cache(maxsize=1 << 14)
def _dog_run(dog: int, maxd: int, occupied: frozenset[int]) -> Mapping[int, int]:
    """Fields the dog on ``dog`` can reach in at most ``maxd`` steps, by steps: it stops on
    the first field with a skeleton (``occupied``). A function of these alone, asked by the
    listing, the move and the bots (shared: never changed by its readers)."""
    return _reach(dog, maxd, DOG_OUT, occupied, ())


class Decisions(Actions["MuertosState"]):
    """The table of the game's decisions. Playing one carries out its effect and then the
    automatic tasks up to the next decision (``MuertosState._run``); ``decide`` is the
    effect alone, for a lone option that ``_run`` takes by itself."""

    def decide(self, state: MuertosState, action: str) -> None:
        Actions.play(self, state, action)

    def play(self, state: MuertosState, action: str) -> None:
        Actions.play(self, state, action)
        state._run()

    def why_illegal(self, state: MuertosState, action: str) -> str:
        """As the table says; but words of no kind at all are answered with the decision
        that waits and how it is written, not with the usage of all the game's kinds."""
        words = normalize(action).split()
        if not words or words[0] not in self.by_verb:
            return state._not_now()
        return super().why_illegal(state, action)


def _kind(
    verb: str,
    usage: str,
    parse: Callable[[list[str]], Any],
    check: Callable[[MuertosState, Any], str | None],
    legal: Callable[[MuertosState], list[str]],
    play: Callable[[MuertosState, Any], None],
    every: Callable[[MuertosState], Iterable[Any]],
    phases: tuple[str, ...],
    closed: Callable[[MuertosState], str] | None = None,
) -> Kind[MuertosState, Any]:
    """A kind of decision, open in ``phases`` (the kinds of decision it answers). In any
    other phase every move of the kind is refused by one sentence, ``closed`` (by default:
    which decision is waiting, and how it is written), before any rule is asked; so
    ``every`` names the moves to check only while the kind is open (naming hundreds more in
    every position would multiply the conformance test's time tenfold and prove nothing)."""

    def named(s: MuertosState) -> Iterable[Any]:
        return every(s) if s._decision() in phases else ()

    return Kind(
        verb,
        usage,
        parse,
        check,
        legal,
        play,
        named,
        phases=phases,
        closed=closed or (lambda s: s._not_now()),
    )


def _action(
    verb: str,
    usage: str,
    parse: Callable[[list[str]], Any],
    check: Callable[[MuertosState, Any], str | None],
    legal: Callable[[MuertosState], list[str]],
    play: Callable[[MuertosState, Any], None],
    every: Callable[[MuertosState], Iterable[Any]],
) -> Kind[MuertosState, Any]:
    """A card's action: open while that card is being used (its ``resolve`` phase); while
    another card is, it is refused as not the card laid. Its listing is kept while the same
    use waits, for 'reveal' is open only when it is empty."""

    def ways(s: MuertosState) -> list[str]:
        t = s.stack[-1]
        kept = s._kept_ways
        if kept is None or kept[0] is not t:
            kept = s._kept_ways = (t, legal(s))
        return kept[1]

    return _kind(
        verb,
        usage,
        parse,
        check,
        ways,
        play,
        every,
        (f"resolve {verb}",),
        lambda s: s._laid_card_is_not(verb),
    )


def _every_walk(s: MuertosState) -> list[nt.FieldMove]:
    """The walks a player could name: fields as far as the card's bones and one more, as
    the crow flies (A-D7)."""
    tr = s.turn
    row, far = DIST[s.pos[tr[T_SEAT]]], tr[T_CARD_M] + 1
    return [nt.WALK[f] for f in range(1, GOAL + 1) if row[f] <= far]


def _every_dog_run(s: MuertosState) -> list[nt.DogRun]:
    """The runs a player could name: fields as far as the points left and one more, as the
    crow flies, and each skeleton there bitten."""
    row, far = DIST[s.dog], s.turn[T_POINTS] + 1
    runs = [nt.DOG[f] for f in range(1, GOAL + 1) if row[f] <= far]
    return runs + [nt.BITE[s.pos[v]][v] for v in range(s.players) if row[s.pos[v]] <= far]


def _every_go(s: MuertosState) -> list[nt.FieldMove]:
    """The fields a forced move could name: as far as the held skeleton walked (or one field
    out of the gravedigger's way), and one more."""
    t = s.stack[-1]
    row, far = DIST[s.pos[t[1]]], (t[2] if t[0] == "holdmove" else 1) + 1
    return [nt.GO[f] for f in range(1, GOAL + 1) if row[f] <= far]


def _every_swap(s: MuertosState) -> list[nt.Swap]:
    """The swaps a player could name: any two kinds of card in hand, and any card twice."""
    kinds = sorted(set(s.hands[s.stack[-1][1]]))
    pairs = [nt.SWAP[a, b] for i, a in enumerate(kinds) for b in kinds[i + 1 :]]
    return pairs + [nt.SWAP[k, k] for k in range(len(CARDS))]


def _every_hustle(s: MuertosState) -> list[nt.Hustle]:
    """The hustles a player could name: each skeleton pushed to a field next to its own
    (either way) with a step next to yours (either way), or swapped."""
    mine = BOARD.undirected[s.pos[s.stack[-1][1]]]
    out: list[nt.Hustle] = []
    for v in range(s.players):
        out.append(nt.HUSTLE_SWAP[v])
        for f in BOARD.undirected[s.pos[v]]:
            out += [nt.HUSTLE[v, f, g] for g in mine]
    return out


class MuertosState(State):
    """A position of the skeleton race."""

    FIELDS = (
        "pos",
        "arms",
        "legs",
        "fest",
        "home",
        "hands",
        "draw",
        "discard",
        "rebuilt",
        "not_only_reaction",
        "dens",
        "den_fest",
        "stock",
        "spare",
        "dog",
        "gd",
        "round",
        "order",
        "lay",
        "turn",
        "bag",
        "stack",
        "ended",
    )
    COPY: ClassVar[Mapping[str, int]] = {
        **dict.fromkeys(("spare", "dog", "gd", "round", "ended"), 0),
        **dict.fromkeys(
            (
                "pos",
                "arms",
                "legs",
                "home",
                "draw",
                "discard",
                "rebuilt",
                "not_only_reaction",
                "stock",
                "order",
                "lay",
                "turn",
                "bag",
            ),
            1,
        ),
        **dict.fromkeys(("fest", "hands", "dens", "den_fest", "stack"), 2),
    }
    """How ``clone`` copies each field (``State.COPY``): every one is declared, so no marshal."""
    pos: list[int]
    arms: list[int]
    legs: list[int]
    fest: list[list[int]]
    home: list[int]  # arrival rank (1 = first into the goal), 0 = not arrived
    hands: list[list[int]]  # card kinds, sorted
    draw: list[int]  # draw pile, top = last
    discard: list[int]  # open discard pile
    rebuilt: list[int]  # the discard pile the draw pile was last rebuilt from, sorted ([]: never)
    not_only_reaction: list[bool]  # known by all to hold not "only reaction cards" (A-D28)
    dens: list[list[int]]  # bone piles of the hiding places 29, 30, 31 (card kinds)
    den_fest: list[list[int]]  # festivity cards the dog buried there
    stock: list[int]  # festivity cards left on 19, 21, 24
    spare: int  # festivity cards out of the game
    dog: int
    gd: int  # the gravedigger: 0..5 along the track, 6 + i for good on GD_FINAL[i]
    round: int
    order: list[int]
    lay: list[int]  # face-down card per seat this round, -1 = none
    turn: list[int]  # the movement being played (T_* indices)
    bag: list[int]  # what the attacking dog carries until placed on a hiding place
    stack: list[list[Any]]
    ended: bool
    _kept_ways: tuple[list[Any], list[str]] | None = None
    """The ways to carry out the laid card, listed for the waiting decision's task list
    (held, so that no later list can take its identity): a cache, not game data."""

    # ================================================================== setup
    def _setup(self) -> None:
        n = self.players
        self.pos = [START] * n
        self.arms = [2] * n
        self.legs = [2] * n
        self.fest = [[] for _ in range(n)]
        self.home = [0] * n
        deck = [c.index for c in CARDS for _ in range(c.count)]
        self.rng.shuffle(deck)
        self.draw = deck
        self.discard = []
        self.rebuilt = []
        self.not_only_reaction = [False] * n
        self.hands = [[] for _ in range(n)]
        per = FEST_PER_FIELD_TWO if n == 2 else FEST_PER_FIELD
        self.stock = [per] * len(FESTIVITY)
        self.spare = (FEST_COPIES - per) * len(FESTIVITY)
        self.dens = [[] for _ in DENS]
        self.den_fest = [[] for _ in DENS]
        self.dog = BOARD.dog_start
        self.gd = 0
        self.round = 0
        self.order = []
        self.lay = [-1] * n
        self.turn = []
        self.bag = []
        self.stack = [["newround"]]
        self.ended = False
        self._emit(
            "setup",
            f"{n} skeletons stand on the start. The dog is on {BOARD.dog_start}, the gravedigger in the goal "
            f"({GOAL}); {per} festivity card(s) lie on each of "
            + ", ".join(str(f.field) for f in FESTIVITY)
            + ".",
        )
        for s in range(n):
            self._draw_cards(s, START_HAND, "is dealt")
        self._run()

    # ================================================================ helpers
    @property
    def gd_field(self) -> int:
        """Where the gravedigger stands (``_gd_field``)."""
        return _gd_field(self.gd)

    def _lane_open(self) -> bool:
        return self.gd >= LANE_OPEN_AT

    def _blocked(self, f: int) -> str | None:
        """Why a skeleton may not step onto ``f`` now, or None (``_blocked``)."""
        return _blocked(f, self.dog, self.gd)

    def _limb_cap(self, s: int, m: int) -> int:
        """RB 'The movement is limited if a skeleton has already lost bodyparts'."""
        legs = self.legs[s]
        if legs == 2:
            return m
        cap = 2 if legs == 1 else self.arms[s]
        return m if m < cap else cap

    def _others_on(self, f: int, s: int = -1) -> list[int]:
        home = self.home
        return [i for i, g in enumerate(self.pos) if g == f and i != s and not home[i]]

    def _backs(self, s: int) -> list[int]:
        return sorted(MOVE[c] for c in self.hands[s])

    def _has_back(self, s: int, m: int) -> bool:
        return any(MOVE[c] == m for c in self.hands[s])

    def _draw_one(self) -> int:
        """Top card of the draw pile; RB: an empty pile is rebuilt from the shuffled discard pile."""
        if not self.draw:
            if not self.discard:
                return -1
            self.draw = self.discard
            self.rebuilt = sorted(self.draw)  # open: every seat saw the pile (A-D28)
            self.discard = []
            self.rng.shuffle(self.draw)
            self._emit("reshuffle", "The discard pile is shuffled into a new draw pile.")
        return self.draw.pop()

    def _draw_cards(self, s: int, n: int, verb: str = "draws") -> None:
        got: list[int] = []
        for _ in range(n):
            c = self._draw_one()
            if c < 0:
                break
            insort(self.hands[s], c)
            got.append(c)
        if not got:
            if n:
                self._emit("draw", f"{nt.who(s)} cannot draw: no cards are left.")
            return
        names = ", ".join(map(nt.card_name, got))
        backs = ", ".join([str(MOVE[c]) for c in got])
        word = "card" if len(got) == 1 else "cards"
        p = nt.who(s)
        self._emit("draw", f"{p} {verb} {names}.", (s,), f"{p} {verb} {len(got)} {word} (backs {backs}).")

    def _lost_last_card(self, s: int) -> None:
        """RB: 'Who has lost his last card by an attack or by playing a reaction card ... may draw one'."""
        if not self.hands[s] and not self.home[s]:
            self._draw_cards(s, 1)

    def _to_discard(self, s: int, kind: int) -> None:
        self.hands[s].remove(kind)
        self.discard.append(kind)
        if not REACTION[kind]:
            self.not_only_reaction[s] = False

    def _gone(self, s: int, kind: int) -> None:
        """A card of seat ``s``'s hand or laid card has left them, face up: if it was no
        reaction card, it may have been the one everyone knew to be there (A-D28)."""
        if not REACTION[kind]:
            self.not_only_reaction[s] = False

    def _game_done(self) -> bool:
        """RB: the game ends when every skeleton with at least one body part is in the goal.
        (A loop, not ``any`` over a generator: asked before every step the machine runs.)"""
        home, arms, legs = self.home, self.arms, self.legs
        for s in range(self.players):  # noqa: SIM110 (no generator on this hot path)
            if not home[s] and (arms[s] or legs[s]):
                return False
        return True

    # ============================================================ the machine
    @property
    def to_move(self) -> int | None:
        if self.ended or not self.stack:
            return None
        seat: int = self.stack[-1][1]
        return seat

    def _run(self) -> None:
        """Carry out automatic tasks until a decision is due or the game ends. A decision
        with no option is skipped, a lone option of public information is taken; the
        options of the decision that waits become the engine's legal list (or are listed when
        asked, for a decision that always has some: ``ALWAYS_OPEN``)."""
        stack = self.stack  # replaced only by ``_end``, after which nothing runs
        while True:
            if self.ended:
                return
            if self._game_done():
                self._end("Every skeleton that still has a body part is in the goal.")
                return
            if not stack:
                stack.append(["newround"])
            t = stack[-1]
            kind = t[0]
            if kind not in DECISIONS:
                stack.pop()
                AUTO[kind](self, t)
                continue
            if self._skip(t):
                stack.pop()
                continue
            if kind in ALWAYS_OPEN or (kind == "commit" and len(self.hands[t[1]]) > 1):
                return  # listed when asked (``legal_actions``): a bot's trial move never asks
            opts = self.ACTIONS.legal(self)
            if not opts:
                stack.pop()
                continue
            if len(opts) == 1 and (
                kind in AUTO_SINGLE
                or (kind == "commit" and len(self.hands[t[1]]) == 1)
                or (kind == "movement" and opts[0] == "end")
            ):
                self.ACTIONS.decide(self, opts[0])
                continue
            # The engine's cache of the legal list: listing it again would double the work.
            self._legal = opts
            return

    _run_to_decision = _run
    """A position set up by hand may hold automatic tasks (a round's end or start): run them."""

    def _skip(self, t: list[Any]) -> bool:
        """Whether a decision task no longer applies (side effects allowed, e.g. A-D17)."""
        kind: str = t[0]
        s: int = t[1]
        if self.home[s] and kind not in ("pick", "limb", "den", "block"):
            return True
        if kind == "commit":
            if not self.hands[s]:
                # A-D17: an empty hand at commit draws one card first.
                self._draw_cards(s, 1)
            return not self.hands[s]
        if kind == "resolve":
            return bool(self.lay[s] < 0)
        if kind in ("swap",):
            return len(self.hands[s]) < 2
        if kind == "limit":
            return len(self.hands[s]) <= HAND_LIMIT
        if kind == "clear":
            return bool(self.pos[s] != self.gd_field)
        return False

    def _end(self, why: str) -> None:
        self.ended = True
        self.stack = []
        sc = self.scores()
        self._emit(
            "end",
            f"Game over. {why} Scores: " + ", ".join(f"{nt.who(i)} {int(v)}" for i, v in enumerate(sc)) + ".",
        )

    # ------------------------------------------------------------ automatic
    def _auto_newround(self, t: list[Any]) -> None:
        limit = int(self.options["round_limit"])
        if self.round >= limit:
            self._end(f"The round limit ({limit}) is reached (spec A-D21).")
            return
        self.round += 1
        live = [s for s in range(self.players) if not self.home[s]]
        # RB order: lowest field; then fewer movement points in hand; then fewer body parts;
        # then the lower skeleton number.
        live.sort(
            key=lambda s: (self.pos[s], sum([MOVE[c] for c in self.hands[s]]), self.arms[s] + self.legs[s], s)
        )
        self.order = live
        self.lay = [-1] * self.players
        self.stack.append(["endround"])
        for s in reversed(live):
            self.stack.append(["resolve", s])
        for s in reversed(live):
            self.stack.append(["commit", s])
        self._emit("round", f"Round {self.round}. Order: " + ", ".join(map(nt.who, live)) + ".")

    def _auto_endround(self, t: list[Any]) -> None:
        # RB phase 4: hands of reaction cards only must be swapped, repeatedly. Whoever is
        # not made to swap is seen by all to hold another card (A-D28).
        known = self.not_only_reaction
        for s in self.order:
            if self.home[s]:
                continue
            known[s] = not all(REACTION[c] for c in self.hands[s])
            tries = 0
            while self.hands[s] and all(REACTION[c] for c in self.hands[s]) and tries < 20:
                if all(REACTION[c] for c in self.draw + self.discard):
                    break  # no other card can come: stop (safeguard)
                tries += 1
                n = len(self.hands[s])
                self.discard.extend(self.hands[s])
                self._emit(
                    "swap",
                    f"{nt.who(s)} holds only reaction cards and swaps them: "
                    + ", ".join(nt.card_name(c) for c in self.hands[s])
                    + ".",
                )
                self.hands[s] = []
                self._draw_cards(s, n)
        self.stack.append(["newround"])
        for s in reversed(self.order):
            if not self.home[s]:
                self.stack.append(["swap", s])

    def _auto_after(self, t: list[Any]) -> None:
        """End of a player's own turn: draw 0-2 cards (RB), then the hand limit of eight."""
        s, draws = t[1], t[2]
        if self.home[s]:
            return
        if draws < 0:
            tr = self.turn
            draws = 1 if tr[T_STEPS] == 0 and tr[T_DOG_STEPS] > 0 else 0
        if draws:
            self._draw_cards(s, draws)
        if len(self.hands[s]) > HAND_LIMIT:
            self.stack.append(["limit", s])

    def _auto_held(self, t: list[Any]) -> None:
        self.turn[T_HOLDER] = t[1]
        self.turn[T_PENALTY] = 1
        self._emit("react", f"{nt.who(t[1])} holds on to {nt.who(self.turn[T_SEAT])}: one field less.")

    def _auto_enter(self, t: list[Any]) -> None:
        """Effects of entering a field by any means (A-D8)."""
        s, f = t[1], t[2]
        if self.home[s] or self.pos[s] != f:
            return
        if f == GOAL:
            rank = max(self.home) + 1
            self.home[s] = rank
            self.discard.extend(self.hands[s])
            self.hands[s] = []
            self.not_only_reaction[s] = False
            if self.lay[s] >= 0:
                self.discard.append(self.lay[s])
                self.lay[s] = -1
            self._emit("goal", f"{nt.who(s)} reaches the goal and lies down on gravestone {rank}.")
            return
        if f in FEST_AT_FIELD:
            k = FEST_AT_FIELD[f]
            fk = FESTIVITY[k]
            if k in self.fest[s]:
                self._emit("festivity", f"{nt.who(s)} already has {fk.name} and takes none.")
            elif self.stock[k] == 0:
                self._emit("festivity", f"No {fk.name} card is left on {f}.")
            else:
                self.stock[k] -= 1
                self.fest[s].append(k)
                self._emit("festivity", f"{nt.who(s)} takes {fk.name} ({fk.vp} VP).")
                steps = GD_STEPS["two"] if self.players == 2 else GD_STEPS["default"]
                self.stack.append(["gd", steps, s])
            return
        if f in DENS:
            self.stack.append(["hide", s, DENS.index(f)])

    def _auto_gd(self, t: list[Any]) -> None:
        """RB: the gravedigger moves one field (two with 2 players) per festivity card taken."""
        steps, taker = t[1], t[2]
        if steps <= 0 or self.gd >= len(GD_TRACK):
            return
        self.stack.append(["gd", steps - 1, taker])
        if self.gd == len(GD_TRACK) - 1:
            self.stack.append(["block", taker])  # A-D1: the last card's taker picks his field
            return
        self.gd += 1
        f = self.gd_field
        opened = " The red lane is open." if self.gd == LANE_OPEN_AT else ""
        self._emit("gravedigger", f"The gravedigger steps to {f}.{opened}")
        self._push_clear(f)

    def _push_clear(self, f: int) -> None:
        for s in reversed(self.order or list(range(self.players))):
            if not self.home[s] and self.pos[s] == f:
                self.stack.append(["clear", s])

    def _auto_strike(self, t: list[Any]) -> None:
        """A straight attack that was not dodged does exactly what it says."""
        a, v, what = t[1], t[2], t[3]
        if what == "beat":
            if self.arms[v]:
                self.arms[v] -= 1
                self._emit("attack", f"{nt.who(v)} loses an arm.")
        elif what == "kick":
            if self.legs[v]:
                self.legs[v] -= 1
                self._emit("attack", f"{nt.who(v)} loses a leg.")
        elif what == "snatch":
            self._snatch(a, v, t[4])
        elif what == "hustle":
            f_to, g_to = t[4], t[5]
            if f_to < 0:
                self.pos[a], self.pos[v] = self.pos[v], self.pos[a]
                self._emit("move", f"{nt.who(a)} and {nt.who(v)} swap places.")
                self.stack.append(["enter", a, self.pos[a]])
                self.stack.append(["enter", v, self.pos[v]])
            else:
                self.pos[v], self.pos[a] = f_to, g_to
                self.stack.append(["enter", a, g_to])
                self.stack.append(["enter", v, f_to])
                self._emit("move", f"{nt.who(v)} is pushed to {f_to}; {nt.who(a)} steps to {g_to}.")

    def _snatch(self, a: int, v: int, item: str, head: str = "") -> None:
        if item == "arm":
            if self.arms[v] and self.arms[a] < 2:
                self.arms[v] -= 1
                self.arms[a] += 1
        elif item == "leg":
            if self.legs[v] and self.legs[a] < 2:
                self.legs[v] -= 1
                self.legs[a] += 1
        else:
            k = nt.parse_fest(item)
            if k is not None and k in self.fest[v] and k not in self.fest[a]:
                self.fest[v].remove(k)
                self.fest[a].append(k)
        what = {"arm": "an arm", "leg": "a leg"}.get(item, item.capitalize())
        if head:
            self._emit("attack", f"{head} and snatches {what} from {nt.who(v)}.")
        else:
            self._emit("attack", f"{nt.who(a)} snatches {what} from {nt.who(v)}.")

    def _auto_rattack(self, t: list[Any]) -> None:
        """A random attack (Throwing, Cartwheels, the dog): a card from the victim's hand decides."""
        a, v, dog = t[1], t[2], t[3]
        if not self.hands[v]:
            c = self._draw_one()
            if c < 0:
                self._emit("attack", f"{nt.who(v)} has no card and none can be drawn: the attack misses.")
                return
            self._emit("attack", f"{nt.who(v)} has no hand card: the top card {nt.card_name(c)} is revealed.")
            self._hit(a, v, c, dog, False)
            return
        backs = sorted({MOVE[c] for c in self.hands[v]})
        if len(backs) == 1:
            self._take_random(a, v, backs[0], dog)
        else:
            self.stack.append(["pick", a, v, dog])

    def _take_random(self, a: int, v: int, back: int, dog: int) -> None:
        """A-D4: the attacker picks a back value; a random card with that back is taken."""
        cands = [c for c in self.hands[v] if MOVE[c] == back]
        c = cands[self.rng.randrange(len(cands))]
        self.hands[v].remove(c)
        self._gone(v, c)
        attacker = "The dog" if dog else nt.who(a)
        self._emit("attack", f"{attacker} draws {nt.card_name(c)} from the hand of {nt.who(v)}.")
        self._hit(a, v, c, dog, True)

    def _hit(self, a: int, v: int, c: int, dog: int, from_hand: bool) -> None:
        """RB: the symbol of the drawn card names the body part the victim loses. 'The card
        which was drawn to determine the affected body part is discarded', but after the
        dog's attack 'The card drawn by the attacked skeleton is laid onto the cardfield of
        the suitable bones-hiding-place', whatever it hit (it goes with the dog, A-D6)."""
        (self.bag if dog else self.discard).append(c)
        sym = SYMBOL[c]
        can = []
        if sym & HAND and self.arms[v]:
            can.append("arm")
        if sym & FOOT and self.legs[v]:
            can.append("leg")
        if can:
            if len(can) == 2:
                self.stack.append(["limb", a, v, dog])
            else:
                self._lose(v, can[0])
        elif dog and self.fest[v]:
            # RB: the dog takes the victim's highest festivity card instead (A-D5).
            k = max(self.fest[v], key=lambda x: FEST_VP[x])
            self.fest[v].remove(k)
            self.bag.append(FEST_BAG + k)
            self._emit("attack", f"The dog takes {FESTIVITY[k].name} from {nt.who(v)}.")
        else:
            self._emit("attack", f"{nt.who(v)} is lucky: nothing is hit.")
        if from_hand:
            self._lost_last_card(v)

    def _lose(self, v: int, limb: str) -> None:
        if limb == "arm":
            self.arms[v] -= 1
        else:
            self.legs[v] -= 1
        self._emit("attack", f"{nt.who(v)} loses {'an arm' if limb == 'arm' else 'a leg'}.")

    # ============================================================ decisions
    # Every decision is a kind of move in ``ACTIONS``, the table after them. A rule is one
    # named predicate: a method returning the sentence that refuses a move, or None.
    # A kind's check asks its predicates in turn and its listing is built from the very same
    # ones, so the two cannot disagree (the engine's conformance test proves they do not).

    def _decision(self) -> str:
        """The table's phase: the kind of the waiting decision. Using a laid card is keyed by
        its action (``resolve kick``), so that only that card's kind of action is open."""
        if not self.stack:
            return "over"
        t = self.stack[-1]
        if t[0] == "resolve":
            k = self.lay[t[1]]
            return RESOLVE[k] if k >= 0 else "resolve"
        kind: str = t[0]
        return kind

    def _not_now(self) -> str:
        """Why a kind of move is closed: the decision that is waiting, and how to write it."""
        t = self.stack[-1]
        if t[0] == "resolve":
            hint = f"'move' or carry out your {CARDS[self.lay[t[1]]].name} (or 'reveal' if it cannot be done)"
        else:
            hint = HINTS[t[0]]
        return f"{self.status()}: {hint}"

    def _laid_card_is_not(self, verb: str) -> str:
        """Why the action ``verb`` is closed: the laid card being used is another (or none is)."""
        t = self.stack[-1]
        if t[0] == "resolve" and self.lay[t[1]] >= 0:
            return f"your laid card is {CARDS[self.lay[t[1]]].name}, not {verb}"
        return self._not_now()

    # commit (RB phase 2) ---------------------------------------------------
    def _not_in_hand(self, k: int) -> str | None:
        """A card is laid, discarded or swapped from the hand of the player deciding."""
        if k in self.hands[self.stack[-1][1]]:
            return None
        return f"you have no {CARDS[k].name} in your hand"

    def _open_lays(self) -> list[str]:
        return [nt.LAY[k].text for k in sorted(set(self.hands[self.stack[-1][1]]))]

    def _lay(self, m: nt.CardMove) -> None:
        """RB: 'each player puts in the order of the order-cards one card face down'."""
        s = self.stack[-1][1]
        k = m.card
        self.hands[s].remove(k)
        self.lay[s] = k
        self.stack.pop()
        self._emit(
            "lay",
            f"{nt.who(s)} lays {nt.card_name(k)} face down.",
            [s],
            f"{nt.who(s)} lays a card face down ({nt.bones(MOVE[k])}).",
        )

    # resolve (RB phase 3): 'used: for a movement or for an action' -------------
    def _last_card_acts(self) -> str | None:
        """RB: 'If a player has only one card, he can't play it as a movement, he has to
        play it as an action, so that he can draw two new cards afterwards'."""
        if self.hands[self.stack[-1][1]]:
            return None
        return (
            "your laid card was your last card: it must be played as an action "
            "(RB: 'If a player has only one card, he can't play it as a movement')"
        )

    def _open_move(self) -> list[str]:
        return [] if self._last_card_acts() else [nt.MOVEMENT.text]

    def _use_laid_card(self) -> tuple[int, int]:
        """The laid card is used, then discarded: the seat and the card."""
        s = self.stack[-1][1]
        k = self.lay[s]
        self.lay[s] = -1
        self.discard.append(k)
        self._gone(s, k)
        self.stack.pop()
        return s, k

    def _move(self, m: nt.Word) -> None:
        """A movement of the card's bones; skeletons 0-1 fields away may react with Holding."""
        s, k = self._use_laid_card()
        mv = MOVE[k]
        self.turn = [s, mv, mv, 0, 0, 0, 0, -1, 0]
        self._emit("move", f"{nt.who(s)} plays {nt.card_name(k)} as a movement of {mv}.")
        self.stack.append(["after", s, -1])
        self.stack.append(["movement", s])
        cands = self._hold_candidates(s)
        if cands:
            self.stack.append(["holdwin", cands[0], s, *cands[1:]])

    def _cannot_reveal(self) -> str | None:
        """RB: 'Every action which can be executed must be executed', though 'A player can
        also play actions if he can't execute them ... in order to draw cards'. A reaction
        card 'can never [be] played as an action': with other cards in hand it is used as a
        movement; as the last card it is revealed without effect (A-D16)."""
        s = self.stack[-1][1]
        k = self.lay[s]
        if REACTION[k] and self.hands[s]:
            return (
                f"{CARDS[k].name} is a reaction card, never played as an action: while you hold "
                "other cards it is used as a movement (A-D16)"
            )
        if self._ways_to_act():
            return (
                "the action can be carried out, so it must be "
                "(RB: 'Every action which can be executed must be executed')"
            )
        return None

    def _ways_to_act(self) -> list[str]:
        """Every way to carry out the laid card's action now: the listing of its kind (kept
        while this use of the card waits)."""
        t = self.stack[-1]
        kept = self._kept_ways
        if kept is not None and kept[0] is t:
            return kept[1]
        k = self.lay[t[1]]
        if REACTION[k]:
            return []
        return self.ACTIONS.by_verb[VERB[k]][0].legal(self)

    def _open_reveal(self) -> list[str]:
        return [] if self._cannot_reveal() else [nt.REVEAL.text]

    def _turn_over(self) -> tuple[int, int, str]:
        """An action: the card is turned over, and its player draws two at the end of the turn
        (RB: 'If an action card is played: two cards'). The seat, the card and the log's start."""
        s, k = self._use_laid_card()
        self.stack.append(["after", s, 2])
        return s, k, f"{nt.who(s)} turns over {nt.card_name(k)}"

    def _reveal(self, m: nt.Word) -> None:
        _s, _k, head = self._turn_over()
        self._emit("reveal", head + ": it has no effect.")

    # the actions ------------------------------------------------------------
    def _lacks_body_part(self) -> str | None:
        """RB 'Body parts': 'For different actions one needs certain body limbs. If a player
        does not own the suitable limbs any more, he cannot carry out the action' (the symbol
        on the card is the part it needs)."""
        s = self.stack[-1][1]
        k = self.lay[s]
        need = SYMBOL[k]
        if need & HAND and not self.arms[s]:
            return f"{CARDS[k].name} needs a hand: your skeleton has no arms left (RB 'Body parts')"
        if need & FOOT and not self.legs[s]:
            return f"{CARDS[k].name} needs a foot: your skeleton has no legs left (RB 'Body parts')"
        return None

    def _no_skeleton(self, v: int) -> str | None:
        """Players are p1..pN: a seat beyond the table's has no skeleton."""
        if v < self.players:
            return None
        return f"there is no {nt.who(v)}: the skeletons are p1-p{self.players}"

    def _in_range(self) -> list[int]:
        """RB 'Range': 'the action works only in the specified range'; '0-1: The action can be
        executed only on the field on which the skeleton is or on a neighbouring field'. The
        other skeletons the laid card reaches; distances ignore the arrows (A-D7)."""
        s = self.stack[-1][1]
        reach = REACH[self.lay[s]][self.pos[s]]
        return [v for v, f in enumerate(self.pos) if f in reach and v != s]

    def _out_of_range(self, v: int) -> str | None:
        """Why the laid card cannot act on ``v``'s skeleton: it is your own, or out of range."""
        if v in self._in_range():
            return None
        s = self.stack[-1][1]
        c = CARDS[self.lay[s]]
        if v == s:
            return f"{c.name} cannot target your own skeleton"
        d = DIST[self.pos[s]][self.pos[v]]
        return f"{c.name} reaches {c.rmin}-{c.rmax} fields; {nt.who(v)} is {d} field(s) away"

    def _nothing_to_lose(self, v: int, limb: str) -> str | None:
        """Beating: 'The victim skeleton loses one arm'; Kicking: 'loses one leg'; a random
        attack's hand and foot lets the attacker choose (A-D5): only a limb the victim has."""
        if (self.arms if limb == "arm" else self.legs)[v]:
            return None
        return f"{nt.who(v)} has no {limb} left to lose"

    def _strike_problem(self, m: nt.Target, limb: str) -> str | None:
        v = m.victim
        return (
            self._lacks_body_part()
            or self._no_skeleton(v)
            or self._out_of_range(v)
            or self._nothing_to_lose(v, limb)
        )

    def _open_strikes(self, verb: str, limb: str) -> list[str]:
        if self._lacks_body_part():
            return []
        table = nt.TARGET[verb]
        return [table[v].text for v in self._in_range() if not self._nothing_to_lose(v, limb)]

    def _strike(self, m: nt.Target) -> None:
        """Beating or Kicking: a straight attack, which the victim may Dodge."""
        s, k, head = self._turn_over()
        verb = CARDS[k].key
        v = m.victim
        self._emit("attack", f"{head} and {verb}s {nt.who(v)}.")
        self._straight(s, v, [verb])

    def _throw_problem(self, m: nt.Target) -> str | None:
        return self._lacks_body_part() or self._no_skeleton(m.victim) or self._out_of_range(m.victim)

    def _open_throws(self) -> list[str]:
        if self._lacks_body_part():
            return []
        table = nt.TARGET["throw"]
        return [table[v].text for v in self._in_range()]

    def _throw(self, m: nt.Target) -> None:
        """Throwing: 'You pelt another skeleton ... loses one randomly determined body part'."""
        s, _k, head = self._turn_over()
        self._emit("attack", f"{head} and throws at {nt.who(m.victim)}.")
        self.stack.append(["rattack", s, m.victim, 0])

    def _usable(self, v: int) -> list[str]:
        """Snatching: 'Steal from another skeleton a body part or a dead-festivity-card which
        you can use': 'body parts which a skeleton itself lacks or dead-festivity-cards which
        a skeleton doesn't own'. What ``v`` has that you can use, in the order listed."""
        s = self.stack[-1][1]
        out = []
        if self.arms[v] and self.arms[s] < 2:
            out.append("arm")
        if self.legs[v] and self.legs[s] < 2:
            out.append("leg")
        mine = self.fest[s]
        return out + [nt.FEST_KEYS[k] for k in sorted(self.fest[v]) if k not in mine]

    def _cannot_use(self, v: int, item: str) -> str | None:
        """Why Snatching cannot steal ``item`` from ``v``: it has none, or you cannot use it."""
        if item in self._usable(v):
            return None
        if item in nt.LIMBS:
            if not (self.arms if item == "arm" else self.legs)[v]:
                return f"{nt.who(v)} has no {item} left"
            return f"your skeleton has both {item}s: you may snatch only a body part you can use"
        k = FEST_INDEX[item]
        if k not in self.fest[v]:
            return f"{nt.who(v)} has no {FESTIVITY[k].name} card"
        return f"you already have {FESTIVITY[k].name}: you may snatch only a festivity card you can use"

    def _snatch_problem(self, m: nt.Snatch) -> str | None:
        v = m.victim
        return (
            self._lacks_body_part()
            or self._no_skeleton(v)
            or self._out_of_range(v)
            or self._cannot_use(v, m.item)
        )

    def _open_snatches(self) -> list[str]:
        if self._lacks_body_part():
            return []
        out: list[str] = []
        for v in self._in_range():
            row = nt.SNATCH[v]
            out += [row[x].text for x in self._usable(v)]
        return out

    def _snatching(self, m: nt.Snatch) -> None:
        s, _k, head = self._turn_over()
        v = m.victim
        if "snatch" in STRAIGHT:
            self._emit("attack", f"{head} and grabs at {nt.who(v)}.")
            self._straight(s, v, ["snatch", m.item])
        else:
            self._snatch(s, v, m.item, head)

    def _cannot_land(self, f: int) -> str | None:
        """Header and Follow land on another skeleton's field (A-D8, A-D13), the goal included:
        '"Header" and "follow" may be used explicitly also on skeletons in the goal'."""
        if f == GOAL:
            return None if self.gd_field != GOAL else GD_ON[GOAL]
        return self._blocked(f)

    def _past_gravedigger(self, v: int) -> str | None:
        """'The actions "leapfrog" and "header" cannot be carried out passing the
        gravedigger': a Header's range is measured without his field (A-D15). Removing a
        field never shortens a distance, so this only narrows the plain range."""
        s = self.stack[-1][1]
        lo, hi = RANGE[self.lay[s]]
        gd = self.gd_field
        if lo <= BOARD.dist_without[gd][self.pos[s]][self.pos[v]] <= hi:
            return None
        return f"Header cannot be carried out passing the gravedigger (RB): {nt.who(v)} is out of reach around {gd}"

    def _header_problem(self, m: nt.Target) -> str | None:
        v = m.victim
        why = (
            self._lacks_body_part()
            or self._no_skeleton(v)
            or self._out_of_range(v)
            or self._past_gravedigger(v)
        )
        if why:
            return why
        why = self._cannot_land(self.pos[v])
        return None if why is None else f"Header cannot land on {nt.field(self.pos[v])}: {why}"

    def _open_headers(self) -> list[str]:
        if self._lacks_body_part():
            return []
        table = nt.TARGET["header"]
        return [
            table[v].text
            for v in self._in_range()
            if not self._past_gravedigger(v) and not self._cannot_land(self.pos[v])
        ]

    def _header(self, m: nt.Target) -> None:
        """Header: 'Place your figure onto the same field like the knocked over skeleton. If
        the turn of the knocked over skeleton is after yours, his played card for his turn has
        no effect and is discarded' (A-D15)."""
        s, _k, head = self._turn_over()
        v = m.victim
        f = self.pos[v]
        self.pos[s] = f
        text = f"{head}, jumps at {nt.who(v)} and lands on {nt.field(f)}."
        if self.lay[v] >= 0:
            self.discard.append(self.lay[v])
            self._gone(v, self.lay[v])
            text += (
                f" {nt.who(v)} is knocked over: the laid card {nt.card_name(self.lay[v])} is "
                "discarded and this turn is lost."
            )
            self.lay[v] = -1
            self._emit("move", text)
            self._lost_last_card(v)  # RB: '(this also works with a header)'
        else:
            self._emit("move", text)
        self.stack.append(["enter", s, f])

    def _next_higher_skeleton(self, s: int) -> int:
        """A-D13: the lowest field above your own that holds another skeleton (the goal
        included), or -1."""
        a = self.pos[s]
        higher = [self.pos[v] for v in range(self.players) if v != s and self.pos[v] > a]
        return min(higher) if higher else -1

    def _cannot_follow(self) -> str | None:
        """Following: 'Put your skeleton to the next higher field occupied by another skeleton'."""
        f = self._next_higher_skeleton(self.stack[-1][1])
        if f < 0:
            return "no other skeleton stands on a higher field (Following: 'the next higher field occupied by another skeleton')"
        why = self._cannot_land(f)
        if why is None:
            return None
        return f"Following goes to {nt.field(f)}, the next higher field with a skeleton, but {why}"

    def _open_follow(self) -> list[str]:
        return [] if self._lacks_body_part() or self._cannot_follow() else [nt.FOLLOW.text]

    def _whole(self, limb: str) -> str | None:
        """Bone patches: 'You find a bone which you can use. Complement a body part of your
        choice': one the skeleton lacks."""
        s = self.stack[-1][1]
        if (self.arms if limb == "arm" else self.legs)[s] < 2:
            return None
        return f"your skeleton has both {limb}s: Bone patches complement a body part it lacks"

    def _open_patches(self) -> list[str]:
        if self._lacks_body_part():
            return []
        return [nt.PATCH[x].text for x in nt.LIMBS if not self._whole(x)]

    def _patch(self, m: nt.Item) -> None:
        s, _k, head = self._turn_over()
        if m.item == "arm":
            self.arms[s] += 1
        else:
            self.legs[s] += 1
        self._emit("patch", f"{head} and patches on {'an arm' if m.item == 'arm' else 'a leg'}.")

    def _no_leapfrog_to(self, f: int) -> str | None:
        """Leapfrog: 'Jump with your skeleton over the next skeletons, in a direction of your
        choice. Place your skeleton onto the next free field after this skeleton'; 'the first
        skeleton must stand in a range of maximum 3' (A-D9)."""
        lands = self._leapfrog_landings(self.stack[-1][1])
        if f in lands:
            return None
        if not lands:
            return (
                "Leapfrog needs a skeleton 1-3 fields away to jump, with a free field beyond its chain (A-D9)"
            )
        return (
            "Leapfrog lands on the next free field after the chain of skeletons it jumps: here "
            + ", ".join(map(str, sorted(lands)))
            + " (A-D9)"
        )

    def _open_leapfrogs(self) -> list[str]:
        if self._lacks_body_part():
            return []
        return [nt.LEAPFROG[f].text for f in sorted(self._leapfrog_landings(self.stack[-1][1]))]

    def _land(self, f: int) -> None:
        """Follow or Leapfrog: an action that moves the skeleton to ``f`` (not a movement:
        'these actions can't be used to lead the dog')."""
        s, k, head = self._turn_over()
        self.pos[s] = f
        self._emit("move", f"{head} and {CARDS[k].key}s to {nt.field(f)}.")
        self.stack.append(["enter", s, f])

    def _follow(self, m: nt.Word) -> None:
        self._land(self._next_higher_skeleton(self.stack[-1][1]))

    def _leapfrog(self, m: nt.FieldMove) -> None:
        self._land(m.field)

    def _leapfrog_landings(self, s: int) -> set[int]:
        """A-D9: jump the chain of skeletons whose first is 1-3 fields away; land on the first free field."""
        a = self.pos[s]
        occ = {self.pos[v] for v in range(self.players) if v != s and not self.home[v]}
        gd = self.gd_field
        lane = self._lane_open()
        res: set[int] = set()

        def ok(v: int) -> bool:
            return v != START and v != gd and (lane or v not in RED)

        def chain(u: int, seen: frozenset[int]) -> None:
            if u in STOP:
                return
            for v in SKEL_OUT[u]:
                if v in seen or not ok(v):
                    continue
                if v in occ or v == self.dog:
                    chain(v, seen | {v})
                else:
                    res.add(v)

        def approach(u: int, k: int, seen: frozenset[int]) -> None:
            # Up to two free fields before the first skeleton; the dog's field only as part
            # of the chain, when a skeleton's field follows it (A-D8: not run through).
            for v in SKEL_OUT[u]:
                if v in seen or not ok(v):
                    continue
                if v in occ:
                    chain(v, seen | {v})
                elif k + 1 < 3 and v not in STOP:
                    if v != self.dog:
                        approach(v, k + 1, seen | {v})
                        continue
                    for w in SKEL_OUT[v]:
                        if w in occ and w not in seen and ok(w):
                            chain(w, seen | {v, w})

        approach(a, 0, frozenset([a]))
        return res

    def _no_cartwheel_step(self, path: tuple[int, ...], v: int) -> str | None:
        """Cartwheels go 1-3 fields along the arrows, each field once, never onto or over the
        dog or the gravedigger (A-D8, A-D10), and like any move end on entering a festivity
        field, a hiding place or the goal (RB: 'No player can enter and leave these fields in
        one turn'). Why ``v`` cannot follow ``path`` (the fields entered so far), or None."""
        a = self.pos[self.stack[-1][1]]
        u = path[-1] if path else a
        if path and u in STOP:
            return f"a cartwheel ends on entering {nt.field(u)}"
        if v not in SKEL_OUT[u]:
            return f"{nt.field(v)} is not a step along the arrows from {nt.field(u)}"
        if v == a or v in path:
            return f"a cartwheel enters each field once and leaves its start: not {nt.field(v)} again"
        return self._blocked(v)

    def _cartwheel_problem(self, m: nt.Cartwheel) -> str | None:
        why = self._lacks_body_part()
        for i, v in enumerate(m.path):
            why = why or self._no_cartwheel_step(m.path[:i], v)
        return why

    def _cartwheel_paths(self, s: int) -> list[tuple[int, ...]]:
        """A-D10: the paths of 1-3 fields a cartwheel can take, in order."""
        paths: list[tuple[int, ...]] = []

        def rec(path: tuple[int, ...], u: int) -> None:
            if path:
                paths.append(path)
                if len(path) == 3:
                    return
            for v in SKEL_OUT[u]:
                if not self._no_cartwheel_step(path, v):
                    rec((*path, v), v)

        rec((), self.pos[s])
        paths.sort()
        return paths

    def _open_cartwheels(self) -> list[str]:
        if self._lacks_body_part():
            return []
        return [nt.cartwheel(p).text for p in self._cartwheel_paths(self.stack[-1][1])]

    def _cartwheel(self, m: nt.Cartwheel) -> None:
        """Do cartwheels: 'All skeletons you pass lose a random body part. (This does not apply
        for your start field)' — the landing field included unless switched off (A-D10)."""
        s, _k, head = self._turn_over()
        path = m.path
        land = path[-1]
        hit_fields = path if CARTWHEEL_HITS_LANDING else path[:-1]
        victims: list[int] = []
        for f in hit_fields:
            victims += self._others_on(f, s)
        self.pos[s] = land
        self._emit("move", f"{head} and does cartwheels over " + ", ".join(map(str, path)) + ".")
        self.stack.append(["enter", s, land])
        for v in reversed(victims):
            self.stack.append(["rattack", s, v, 0])

    def _in_goal(self, v: int) -> str | None:
        """RB: 'The action "hustle" may not be played on skeletons which stand already in
        the goal'."""
        return "Hustle may not be played on skeletons in the goal (RB)" if self.home[v] else None

    def _no_push(self, v: int, f: int) -> str | None:
        """Hustle: 'Push a skeleton a field forward or back': along the arrows, onto a field a
        skeleton may enter, and never into the goal (A-D11)."""
        if f not in SKEL_OUT[self.pos[v]]:
            return f"{nt.field(f)} is not a field next to {nt.who(v)}'s along the arrows"
        if f == GOAL:
            return "Hustle never pushes a skeleton into the goal (A-D11)"
        return self._blocked(f)

    def _not_the_opposite_direction(self, v: int, f: int, g: int) -> str | None:
        """Hustle: 'Push a skeleton a field forward or back, move your figure a field into
        the opposite direction': pushed forward (``_forward``), you step back; pushed back,
        you step forward (A-D11)."""
        t, a = self.pos[v], self.pos[self.stack[-1][1]]
        pushed_forward = _forward(t, f)
        if pushed_forward != _forward(a, g):
            return None
        way = f"{nt.who(v)} is pushed {'forward' if pushed_forward else 'back'}, from {nt.field(t)} to {nt.field(f)}"
        if pushed_forward:
            return f"you move a field into the opposite direction (RB): {way}, so you step back, to a lower field, not to {nt.field(g)}"
        return f"you move a field into the opposite direction (RB): {way}, so you step forward, to a higher field, not to {nt.field(g)}"

    def _no_step(self, v: int, f: int, g: int) -> str | None:
        """Hustle: '... move your figure a field into the opposite direction': a neighbouring
        field along the arrows, the other way (``_not_the_opposite_direction``), not the goal
        (A-D11). Onto the victim's field as it is pushed onto yours is the swap, written so."""
        a = self.pos[self.stack[-1][1]]
        if g not in SKEL_OUT[a]:
            return f"{nt.field(g)} is not a field next to yours along the arrows"
        why = self._not_the_opposite_direction(v, f, g)
        if why:
            return why
        if f == a and g == self.pos[v]:
            return f"that swaps the positions: write '{nt.HUSTLE_SWAP[v].text}'"
        if g == GOAL:
            return "Hustle never moves a skeleton into the goal (A-D11)"
        return self._blocked(g)

    def _hustle_steps(self, v: int, f: int) -> list[int]:
        """The fields you may step to when pushing ``v`` to ``f``."""
        return [g for g in SKEL_OUT[self.pos[self.stack[-1][1]]] if not self._no_step(v, f, g)]

    def _no_swap(self, v: int) -> str | None:
        """Hustle: 'Besides, you can also swap the positions': with a skeleton on a field next
        to yours, both ways along the arrows, outside the start (A-D11)."""
        a, tv = self.pos[self.stack[-1][1]], self.pos[v]
        if tv != a and tv in SKEL_OUT[a] and a in SKEL_OUT[tv] and START not in (a, tv):
            return None
        return "Hustle swaps places only with a skeleton on a field next to yours, both ways along the arrows, outside the start (A-D11)"

    def _hustle_problem(self, m: nt.Hustle) -> str | None:
        """RB: 'A skeleton can execute actions only completely or not at all': a push is made
        with your step the other way (the notation has no push alone), or the swap."""
        v, f = m.victim, m.push
        why = self._lacks_body_part() or self._no_skeleton(v) or self._in_goal(v) or self._out_of_range(v)
        if why or f is None or m.step is None:
            return why or self._no_swap(v)
        return self._no_push(v, f) or self._no_step(v, f, m.step)

    def _open_hustles(self) -> list[str]:
        """A-D11: push a skeleton 0-1 fields away one field and step the other way, or swap;
        a push with no step to go with it is no hustle (RB: 'only completely')."""
        if self._lacks_body_part():
            return []
        out: list[str] = []
        for v in self._in_range():
            if self._in_goal(v):
                continue
            for f in SKEL_OUT[self.pos[v]]:
                if not self._no_push(v, f):
                    out += [nt.HUSTLE[v, f, g].text for g in self._hustle_steps(v, f)]
            if not self._no_swap(v):
                out.append(nt.HUSTLE_SWAP[v].text)
        return out

    def _hustle(self, m: nt.Hustle) -> None:
        s, _k, head = self._turn_over()
        args = [-1, -1] if m.push is None or m.step is None else [m.push, m.step]
        self._emit("attack", f"{head} and hustles {nt.who(m.victim)}.")
        self._straight(s, m.victim, ["hustle", *args])

    def _straight(self, a: int, v: int, what: list[Any]) -> None:
        """A straight attack: the victim may Dodge it (if it holds a 3-bone card)."""
        self.stack.append(["strike", a, v, *what])
        if not self.home[v] and self._has_back(v, CARDS[DODGE].move):
            self.stack.append(["dodge", v, a, what[0]])

    def _hold_candidates(self, s: int) -> list[int]:
        """A-D3/A-D12: skeletons 0-1 fields away holding a 2-bone card, in round order after the mover."""
        if self._limb_cap(s, self.turn[T_CARD_M]) == 0:
            return []
        order = self.order
        i = order.index(s) if s in order else 0
        seq = order[i + 1 :] + order[:i]
        m = CARDS[HOLD].move
        return [
            c
            for c in seq
            if c != s and not self.home[c] and DIST[self.pos[c]][self.pos[s]] <= 1 and self._has_back(c, m)
        ]

    # movement ------------------------------------------------------------
    def _allowance(self) -> int:
        """The fields the skeleton may walk: the card's bones left after the dog's run, within
        the limb limit, and one less when held ("The movement of the held on skeleton is
        decreased one field", A-D12): the one field comes off what it could walk unheld, so a
        run of the dog before the walk does not cancel the hold."""
        tr = self.turn
        s = tr[T_SEAT]
        cap = self._limb_cap(s, tr[T_CARD_M]) - tr[T_STEPS]
        points = tr[T_POINTS]
        if points < cap:  # comparisons, not min and max: the bots ask this at every walk
            cap = points
        cap -= tr[T_PENALTY]
        return cap if cap > 0 else 0

    def _walk_reach(self, s: int, maxd: int) -> Mapping[int, int]:
        """Fields the skeleton can reach in at most ``maxd`` steps (RB movement rules)."""
        return _walk_reach(self.pos[s], maxd, self.dog, self.gd)

    def _dog_reach(self, maxd: int) -> Mapping[int, int]:
        """Fields the dog can reach; it stops on the first field with a skeleton (RB)."""
        home = self.home
        return _dog_run(self.dog, maxd, frozenset([f for v, f in enumerate(self.pos) if not home[v]]))

    def _walked(self) -> str | None:
        """A movement walks the skeleton at most once (it may lead the dog in between)."""
        return "your skeleton has already walked this movement" if self.turn[T_WALKED] else None

    def _out_of_walk(self, f: int) -> str | None:
        """RB 'Movement': at most the card's bones, 'limited if a skeleton has already lost
        bodyparts', one less when held; never onto or past the dog or the gravedigger, along
        the arrows, and 'The movement of a skeleton ends anyway immediately on the fields of
        the dead-festivity-cards ... the bones-hiding-places ... and the goal'."""
        tr = self.turn
        s = tr[T_SEAT]
        if f in self._walk_reach(s, self._allowance()):
            return None
        cap = self._limb_cap(s, tr[T_CARD_M])
        return (
            f"that field is not reachable: your skeleton may walk {self._allowance()} more field(s) "
            f"(card {tr[T_CARD_M]}, limb limit {cap}, "
            f"{'held: one less, ' if tr[T_PENALTY] else ''}{tr[T_POINTS]} point(s) left); "
            "it may not enter or pass the dog or the gravedigger, must follow the arrows, "
            "and stops on festivity fields, hiding places and the goal"
        )

    def _open_walks(self) -> list[str]:
        if self._walked():
            return []
        reach = self._allowance()
        if reach <= 0:
            return []
        return [nt.WALK[f].text for f in sorted(self._walk_reach(self.turn[T_SEAT], reach))]

    def _walk(self, m: nt.FieldMove) -> None:
        tr = self.turn
        s = tr[T_SEAT]
        f = m.field
        d = self._walk_reach(s, self._allowance())[f]
        tr[T_POINTS] -= d
        tr[T_WALKED] = 1
        tr[T_STEPS] = d
        self.pos[s] = f
        self._emit("move", f"{nt.who(s)} walks to {nt.field(f)} ({d} field{'s' if d > 1 else ''}).")
        h = tr[T_HOLDER]
        if h >= 0 and not self.home[h]:
            self.stack.append(["holdmove", h, d])
        self.stack.append(["enter", s, f])
        # When nothing is left to do, only "end" remains and _run ends the movement itself.

    def _dog_led(self) -> str | None:
        """RB: 'he can split the movement points arbitrarily' between skeleton and dog; the
        dog is led at most once per movement."""
        return "the dog has already been moved this movement" if self.turn[T_DOGGED] else None

    def _out_of_dog_run(self, f: int) -> str | None:
        """RB: the dog runs on the movement points; 'As soon as it enters a field with a
        skeleton the dog finishes its movement immediately'; it never enters the start or the
        goal, and 'may also move onto the field of the gravedigger or past his field'."""
        points = self.turn[T_POINTS]
        if f in self._dog_reach(points):
            return None
        return (
            f"the dog can run at most {points} field(s) and stops on the first field with a "
            "skeleton, which it must bite ('dog F bite pN'); it never enters the start or the goal"
        )

    def _no_bite(self, m: nt.DogRun) -> str | None:
        """RB: on a field with a skeleton the dog 'executes a random attack'; 'If there are
        several skeletons on the target field, then the player who leads the dog may decide
        which skeleton this attacks'."""
        victims = self._others_on(m.field)
        if m.victim is None:
            if not victims:
                return None
            return f"the dog stops on {m.field} and attacks: 'dog {m.field} bite {nt.player(victims[0])}'" + (
                " or another skeleton there" if len(victims) > 1 else ""
            )
        if m.victim in victims:
            return None
        return (
            self._no_skeleton(m.victim)
            or f"{nt.who(m.victim)} is not on {m.field}: the dog bites a skeleton on its field"
        )

    def _dog_problem(self, m: nt.DogRun) -> str | None:
        return self._dog_led() or self._out_of_dog_run(m.field) or self._no_bite(m)

    def _open_dog_runs(self) -> list[str]:
        points = self.turn[T_POINTS]
        if self._dog_led() or points <= 0:
            return []
        out: list[str] = []
        for f in sorted(self._dog_reach(points)):
            victims = self._others_on(f)
            if victims:
                row = nt.BITE[f]
                out += [row[v].text for v in victims]
            else:
                out.append(nt.DOG[f].text)
        return out

    def _lead_dog(self, m: nt.DogRun) -> None:
        tr = self.turn
        s = tr[T_SEAT]
        f = m.field
        d = self._dog_reach(tr[T_POINTS])[f]
        tr[T_POINTS] -= d
        tr[T_DOGGED] = 1
        tr[T_DOG_STEPS] = d
        self.dog = f
        self._emit("dog", f"{nt.who(s)} leads the dog to {f}.")
        if m.victim is not None:
            self._emit("dog", f"The dog attacks {nt.who(m.victim)}.")
            self.stack.append(["den", s])
            self.stack.append(["rattack", s, m.victim, 1])

    def _end_movement(self, m: nt.Word) -> None:
        """RB: 'A skeleton can go always voluntarily less fields'; unused points are lost."""
        self.stack.pop()

    # reactions -----------------------------------------------------------
    def _no_reaction_card(self, k: int) -> str | None:
        """RB: reaction cards 'can be played only beyond the own turn as a reaction on a
        movement or action of another player', from the hand."""
        if k in self.hands[self.stack[-1][1]]:
            return None
        return f"you have no {CARDS[k].name} card in your hand"

    def _hold(self, m: nt.Word) -> None:
        """Holding: 'played immediately at the moment when another player is about to execute a
        movement'; the first Holding closes the window (A-D3), and the held may Dodge it."""
        t = self.stack.pop()
        c, mover = t[1], t[2]
        self._to_discard(c, HOLD)
        self._emit("react", f"{nt.who(c)} plays {nt.card_name(HOLD)} on {nt.who(mover)}.")
        self._lost_last_card(c)
        self.stack.append(["held", c])
        if self._has_back(mover, CARDS[DODGE].move):
            self.stack.append(["dodge", mover, c, "hold"])

    def _dodge(self, m: nt.Word) -> None:
        """Dodge: 'Repulses a straight attack': the strike (or the hold) below is cancelled.
        Only a reaction 'in the turn of another player' earns the draw of a lost last card:
        the mover who dodges a Holding in his own turn does not draw (A-D3)."""
        t = self.stack.pop()
        v = t[1]
        self._to_discard(v, DODGE)
        self.stack.pop()
        self._emit("react", f"{nt.who(v)} dodges the attack of {nt.who(t[2])}.")
        if t[3] != "hold":  # a held mover dodges in his own turn (``_hold``)
            self._lost_last_card(v)

    def _decline(self, m: nt.Word) -> None:
        """No reaction: a Holding window passes to the next skeleton that could hold (A-D3)."""
        t = self.stack.pop()
        if t[0] == "holdwin" and len(t) > 3:
            self.stack.append(["holdwin", t[3], t[2], *t[4:]])

    def _not_after_held(self, f: int) -> str | None:
        """Holding: 'Move your skeleton as far as the held on skeleton': exactly as far, along
        a legal path (A-D12)."""
        t = self.stack[-1]
        h, d = t[1], t[2]
        reach = self._exact_reach(self.pos[h], d)
        if f in reach:
            return None
        return (
            f"your skeleton moves exactly {d} field(s), as far as the held one, along the arrows "
            "and past neither the dog nor the gravedigger: "
            + (", ".join(map(str, sorted(reach))) or "nowhere")
        )

    def _exact_reach(self, start: int, d: int) -> set[int]:
        """A-D12: the holder moves exactly as far as the held skeleton, along a legal simple path."""
        out: set[int] = set()
        seen = {start}

        def rec(u: int, k: int) -> None:
            if k == d:
                out.add(u)
                return
            if u != start and u in STOP:
                return
            for v in SKEL_OUT[u]:
                if v not in seen and self._blocked(v) is None:
                    seen.add(v)
                    rec(v, k + 1)
                    seen.discard(v)

        rec(start, 0)
        return out

    def _in_the_way(self, f: int) -> str | None:
        """RB: 'If a skeleton stands on the field on which the gravedigger would like to move,
        the skeleton must get out of the way. The player to whom the skeleton belongs decides
        on which field': a neighbouring one it may enter (A-D19)."""
        a = self.pos[self.stack[-1][1]]
        if f not in SKEL_OUT[a]:
            return f"{nt.field(f)} is not next to {nt.field(a)} along the arrows: step aside to a neighbouring field (A-D19)"
        return self._blocked(f)

    def _go_problem(self, m: nt.FieldMove) -> str | None:
        if self.stack[-1][0] == "holdmove":
            return self._not_after_held(m.field)
        return self._in_the_way(m.field)

    def _open_goes(self) -> list[str]:
        t = self.stack[-1]
        if t[0] == "holdmove":
            return [nt.GO[f].text for f in sorted(self._exact_reach(self.pos[t[1]], t[2]))]
        return [nt.GO[f].text for f in SKEL_OUT[self.pos[t[1]]] if not self._in_the_way(f)]

    def _go(self, m: nt.FieldMove) -> None:
        t = self.stack.pop()
        s, f = t[1], m.field
        self.pos[s] = f
        if t[0] == "holdmove":
            self._emit("move", f"{nt.who(s)} is dragged along to {nt.field(f)}.")
        else:
            self._emit("move", f"{nt.who(s)} gets out of the gravedigger's way to {f}.")
        self.stack.append(["enter", s, f])

    # random attacks --------------------------------------------------------
    def _victims_backs(self) -> set[int]:
        """A random attack draws a card from the victim's hand: the attacker picks a back
        value the victim holds (A-D4; the backs are public)."""
        return {MOVE[c] for c in self.hands[self.stack[-1][2]]}

    def _no_back(self, b: int) -> str | None:
        if b in self._victims_backs():
            return None
        return f"{nt.who(self.stack[-1][2])} holds no card with {nt.bones(b)} on its back"

    def _open_picks(self) -> list[str]:
        return [nt.PICK[b].text for b in sorted(self._victims_backs())]

    def _pick(self, m: nt.Pick) -> None:
        t = self.stack.pop()
        self._take_random(t[1], t[2], m.back, t[3])

    def _open_hits(self) -> list[str]:
        v = self.stack[-1][2]
        return [nt.HIT[x].text for x in nt.LIMBS if not self._nothing_to_lose(v, x)]

    def _hit_limb(self, m: nt.Item) -> None:
        """RB: 'Hand and foot = the players who has executed the attack may choose which body
        part the affected skeleton loses'."""
        t = self.stack.pop()
        self._lose(t[2], m.item)

    def _walled_in(self, i: int) -> bool:
        """A skeleton on hiding place ``i`` could not step out: the gravedigger is on its entry."""
        return DEN_ENTRY[i] == self.gd_field and bool(self._others_on(DENS[i]))

    def _den_shut(self, f: int) -> str | None:
        """RB: after an attack 'the dog is placed onto a bones hiding place (29, 30 or 31) of
        his choice'; 'If a skeleton is on an bones-hiding-place onto which the dog should be
        placed, then the skeleton is shifted to the field from which the bones hiding place
        can be entered' — if the gravedigger stands there, another place if any (A-D19)."""
        i = DENS.index(f)
        if not self._walled_in(i) or all(self._walled_in(j) for j in range(len(DENS))):
            return None
        return (
            f"the dog cannot go to {f}: a skeleton there could not step out to {DEN_ENTRY[i]}, "
            "where the gravedigger stands (A-D19)"
        )

    def _open_dens(self) -> list[str]:
        return [m.text for f, m in nt.DEN.items() if not self._den_shut(f)]

    def _den(self, m: nt.FieldMove) -> None:
        self.stack.pop()
        f = m.field
        i = DENS.index(f)
        self.dog = f
        text = f"The dog runs to its hiding place {f}"
        moved = self._others_on(f)
        if DEN_ENTRY[i] != self.gd_field:
            for v in moved:
                self.pos[v] = DEN_ENTRY[i]
            if moved:
                text += ", pushing " + ", ".join(nt.who(v) for v in moved) + f" out to {DEN_ENTRY[i]}"
        for x in self.bag:
            if x >= FEST_BAG:
                self.den_fest[i].append(x - FEST_BAG)
                text += f" and buries {FESTIVITY[x - FEST_BAG].name}"
            else:
                self.dens[i].append(x)
                text += f" and buries {nt.card_name(x)}"
        self.bag = []
        self._emit("dog", text + ".")

    # hiding place, gravedigger ------------------------------------------
    def _nothing_to_take(self, item: str) -> str | None:
        """RB: 'A skeleton which enters an bones-hiding-place ... may pick out a bone for itself
        from the deck accumulated there by the dog ... or a dead-festivity-card which he can use'."""
        t = self.stack[-1]
        s, i = t[1], t[2]
        if item in nt.LIMBS:
            if (self.arms if item == "arm" else self.legs)[s] >= 2:
                return f"your skeleton has both {item}s: take only a body part it lacks"
            bit = HAND if item == "arm" else FOOT
            if not any(SYMBOL[c] & bit for c in self.dens[i]):
                return f"hiding place {DENS[i]} holds no bone with a {'hand' if item == 'arm' else 'foot'}"
            return None
        k = FEST_INDEX[item]
        if k not in self.den_fest[i]:
            return f"hiding place {DENS[i]} holds no {FESTIVITY[k].name} card"
        if k in self.fest[s]:
            return f"you already have {FESTIVITY[k].name}: take only a festivity card you can use"
        return None

    def _open_takes(self) -> list[str]:
        return [m.text for x, m in nt.TAKE.items() if not self._nothing_to_take(x)]

    def _take(self, m: nt.Item) -> None:
        t = self.stack.pop()
        s, i = t[1], t[2]
        item = m.item
        if item in nt.LIMBS:
            bit = HAND if item == "arm" else FOOT
            # Prefer a bone with one symbol only, keeping hand+foot bones for others.
            pile = self.dens[i]
            cands = sorted((SYMBOL[c] != bit, c) for c in pile if SYMBOL[c] & bit)
            c = cands[0][1]
            pile.remove(c)
            self.discard.append(c)
            if item == "arm":
                self.arms[s] += 1
            else:
                self.legs[s] += 1
            self._emit(
                "hide",
                f"{nt.who(s)} digs up {nt.card_name(c)} and regains {'an arm' if item == 'arm' else 'a leg'}.",
            )
        else:
            k = FEST_INDEX[item]
            self.den_fest[i].remove(k)
            self.fest[s].append(k)
            self._emit("hide", f"{nt.who(s)} digs up {FESTIVITY[k].name}.")

    def _open_blocks(self) -> list[str]:
        return [m.text for m in nt.BLOCK.values()]

    def _block(self, m: nt.FieldMove) -> None:
        """RB: 'the player who has moved the last dead-festivity-card may determine which of
        the three surrounding fields (5, 7, 16) is blocked by the gravedigger' (A-D1)."""
        t = self.stack.pop()
        f = m.field
        self.gd = len(GD_TRACK) + GD_FINAL.index(f)
        self._emit("gravedigger", f"{nt.who(t[1])} sends the gravedigger to {f}: he blocks it for good.")
        self._push_clear(f)

    # hand limit, swaps ---------------------------------------------------
    def _open_discards(self) -> list[str]:
        return [nt.DISCARD[k].text for k in sorted(set(self.hands[self.stack[-1][1]]))]

    def _discard(self, m: nt.CardMove) -> None:
        """RB: 'A player who has at the end of his turn more than eight cards on his hand selects
        arbitrary cards and discards them on the discard pile, until he has only eight cards'."""
        s = self.stack[-1][1]
        k = m.card
        self._to_discard(s, k)
        self._emit("discard", f"{nt.who(s)} discards {nt.card_name(k)} (hand limit {HAND_LIMIT}).")
        if len(self.hands[s]) <= HAND_LIMIT:
            self.stack.pop()

    def _two_cards(self) -> tuple[dict[tuple[int, int], None], list[str]]:
        """RB phase 4: 'all players can swap cards in a ratio of two to one, i.e. they throw
        down two cards and in return draw one from the drawing pile' (repeatedly): every two
        cards of the hand, by kind in card order, and their spellings. A function of the
        (sorted) hand alone, so kept by hand: swapping is offered to everyone every round."""
        h = tuple(self.hands[self.stack[-1][1]])
        got = TWO_CARDS.get(h)
        if got is None:
            pairs = dict.fromkeys(combinations(h, 2))  # (h[i], h[j]) for i < j, in that order
            got = TWO_CARDS.keep(h, (pairs, [nt.SWAP_TEXT[p] for p in pairs]))
        return got

    def _swap_problem(self, m: nt.Swap) -> str | None:
        if (m.first, m.second) in self._two_cards()[0]:
            return None
        why = self._not_in_hand(m.first) or self._not_in_hand(m.second)
        return why or f"you have only one {CARDS[m.first].name}: swap two cards you hold"

    def _open_swaps(self) -> list[str]:
        return self._two_cards()[1]

    def _swap(self, m: nt.Swap) -> None:
        s = self.stack[-1][1]
        a, b = m.first, m.second
        self._to_discard(s, a)
        self._to_discard(s, b)
        self._emit("swap", f"{nt.who(s)} swaps {nt.card_name(a)} and {nt.card_name(b)} for one new card.")
        self._draw_cards(s, 1)

    def _keep(self, m: nt.Word) -> None:
        self.stack.pop()

    ACTIONS: ClassVar[Decisions] = Decisions(
        _kind(
            "lay",
            "lay <card>",
            nt.parse_lay,
            lambda s, m: s._not_in_hand(m.card),
            _open_lays,
            _lay,
            lambda s: nt.LAY,
            ("commit",),
        ),
        _kind(
            "move",
            "move",
            nt.parse_move,
            lambda s, m: s._last_card_acts(),
            _open_move,
            _move,
            lambda s: [nt.MOVEMENT],
            RESOLVE_PHASES,
        ),
        _action(
            "beat",
            "beat <player>",
            nt.parse_beat,
            lambda s, m: s._strike_problem(m, "arm"),
            lambda s: s._open_strikes("beat", "arm"),
            _strike,
            lambda s: nt.TARGET["beat"][: s.players],
        ),
        _action(
            "kick",
            "kick <player>",
            nt.parse_kick,
            lambda s, m: s._strike_problem(m, "leg"),
            lambda s: s._open_strikes("kick", "leg"),
            _strike,
            lambda s: nt.TARGET["kick"][: s.players],
        ),
        _action(
            "throw",
            "throw <player>",
            nt.parse_throw,
            _throw_problem,
            _open_throws,
            _throw,
            lambda s: nt.TARGET["throw"][: s.players],
        ),
        _action(
            "snatch",
            "snatch <player> <arm|leg|festivity>",
            nt.parse_snatch,
            _snatch_problem,
            _open_snatches,
            _snatching,
            lambda s: [row[x] for row in nt.SNATCH[: s.players] for x in nt.ITEMS],
        ),
        _action(
            "header",
            "header <player>",
            nt.parse_header,
            _header_problem,
            _open_headers,
            _header,
            lambda s: nt.TARGET["header"][: s.players],
        ),
        _action(
            "follow",
            "follow",
            nt.parse_follow,
            lambda s, m: s._lacks_body_part() or s._cannot_follow(),
            _open_follow,
            _follow,
            lambda s: [nt.FOLLOW],
        ),
        _action(
            "patch",
            "patch <arm|leg>",
            nt.parse_patch,
            lambda s, m: s._lacks_body_part() or s._whole(m.item),
            _open_patches,
            _patch,
            lambda s: nt.PATCH.values(),
        ),
        _action(
            "leapfrog",
            "leapfrog <field>",
            nt.parse_leapfrog,
            lambda s, m: s._lacks_body_part() or s._no_leapfrog_to(m.field),
            _open_leapfrogs,
            _leapfrog,
            lambda s: nt.LEAPFROG[1:],
        ),
        _action(
            "cartwheel",
            "cartwheel <field> [<field> [<field>]]",
            nt.parse_cartwheel,
            _cartwheel_problem,
            _open_cartwheels,
            _cartwheel,
            lambda s: nt.PATHS_FROM[s.pos[s.stack[-1][1]]],
        ),
        _action(
            "hustle",
            "hustle <player> (<field> [<field>] | swap)",
            nt.parse_hustle,
            _hustle_problem,
            _open_hustles,
            _hustle,
            _every_hustle,
        ),
        _kind(
            "reveal",
            "reveal",
            nt.parse_reveal,
            lambda s, m: s._cannot_reveal(),
            _open_reveal,
            _reveal,
            lambda s: [nt.REVEAL],
            RESOLVE_PHASES,
        ),
        _kind(
            "walk",
            "walk <field>",
            nt.parse_walk,
            lambda s, m: s._walked() or s._out_of_walk(m.field),
            _open_walks,
            _walk,
            _every_walk,
            ("movement",),
        ),
        _kind(
            "dog",
            "dog <field> [bite <player>]",
            nt.parse_dog,
            _dog_problem,
            _open_dog_runs,
            _lead_dog,
            _every_dog_run,
            ("movement",),
        ),
        _kind(
            "end",
            "end",
            nt.parse_end,
            lambda s, m: None,
            lambda s: [nt.END.text],
            _end_movement,
            lambda s: [nt.END],
            ("movement",),
        ),
        _kind(
            "hold",
            "hold",
            nt.parse_hold,
            lambda s, m: s._no_reaction_card(HOLD),
            lambda s: [] if s._no_reaction_card(HOLD) else [nt.HOLD.text],
            _hold,
            lambda s: [nt.HOLD],
            ("holdwin",),
        ),
        _kind(
            "dodge",
            "dodge",
            nt.parse_dodge,
            lambda s, m: s._no_reaction_card(DODGE),
            lambda s: [] if s._no_reaction_card(DODGE) else [nt.DODGE.text],
            _dodge,
            lambda s: [nt.DODGE],
            ("dodge",),
        ),
        _kind(
            "no",
            "no reaction",
            nt.parse_no,
            lambda s, m: None,
            lambda s: [nt.NO_REACTION.text],
            _decline,
            lambda s: [nt.NO_REACTION],
            ("holdwin", "dodge"),
        ),
        _kind(
            "go",
            "go <field>",
            nt.parse_go,
            _go_problem,
            _open_goes,
            _go,
            _every_go,
            ("holdmove", "clear"),
        ),
        _kind(
            "pick",
            "pick <bones>",
            nt.parse_pick,
            lambda s, m: s._no_back(m.back),
            _open_picks,
            _pick,
            lambda s: nt.PICK.values(),
            ("pick",),
        ),
        _kind(
            "hit",
            "hit <arm|leg>",
            nt.parse_hit,
            lambda s, m: s._nothing_to_lose(s.stack[-1][2], m.item),
            _open_hits,
            _hit_limb,
            lambda s: nt.HIT.values(),
            ("limb",),
        ),
        _kind(
            "den",
            "den <hiding place>",
            nt.parse_den,
            lambda s, m: s._den_shut(m.field),
            _open_dens,
            _den,
            lambda s: nt.DEN.values(),
            ("den",),
        ),
        _kind(
            "take",
            "take <arm|leg|festivity>",
            nt.parse_take,
            lambda s, m: s._nothing_to_take(m.item),
            _open_takes,
            _take,
            lambda s: nt.TAKE.values(),
            ("hide",),
        ),
        _kind(
            "block",
            "block <field>",
            nt.parse_block,
            lambda s, m: None,
            _open_blocks,
            _block,
            lambda s: nt.BLOCK.values(),
            ("block",),
        ),
        _kind(
            "discard",
            "discard <card>",
            nt.parse_discard,
            lambda s, m: s._not_in_hand(m.card),
            _open_discards,
            _discard,
            lambda s: nt.DISCARD,
            ("limit",),
        ),
        _kind(
            "keep",
            "keep",
            nt.parse_keep,
            lambda s, m: None,
            lambda s: [nt.KEEP.text],
            _keep,
            lambda s: [nt.KEEP],
            ("swap",),
        ),
        _kind(
            "swap",
            "swap <card> <card>",
            nt.parse_swap,
            _swap_problem,
            _open_swaps,
            _swap,
            _every_swap,
            ("swap",),
        ),
        phase=_decision,
    )
    """Every kind of decision (see ``notation`` and the package docstring), in the order the
    legal list gives them; the engine lists, plays and refuses actions by this table."""

    # ============================================================ information
    # What a seat may know and the redraw of the rest (views.py), the figures designers
    # read (scoring.py), the census and the checks of a saved state (checks.py): each in
    # the file named for it.
    _view = views.view
    _redraw_hidden = views.redraw_hidden
    stats = scoring.stats
    census = checks.census
    _validate = checks.validate

    def status(self) -> str:
        if self.to_move is None:
            return "Game over"
        t = self.stack[-1]
        other = nt.who(t[2]) if len(t) > 2 else ""
        return STATUS.get(t[0], "{p} to move").format(p=nt.who(t[1]), other=other)

    # The score sheet of ``result()``: each in scoring.py.
    _categories = scoring.categories
    _tie_breaks = scoring.tie_breaks

    def scores(self) -> list[float]:
        return final_scores(self.home, self.fest)

    def winners(self) -> list[int]:
        if not self.over:
            return []
        return final_winners(self.home, self.fest)


AUTO: dict[str, Callable[[MuertosState, list[Any]], None]] = {
    name.removeprefix("_auto_"): f for name, f in vars(MuertosState).items() if name.startswith("_auto_")
}
"""The automatic tasks by kind (``MuertosState._auto_<kind>``), for ``_run``."""


class MuertosGame(Game):
    id = "dia-de-los-muertos"
    title = "Dia de los Muertos"
    min_players = 2
    max_players = 6
    state_class = MuertosState
    view_type = MuertosView
    options = (
        Option(
            "round_limit",
            ROUND_LIMIT,
            "safeguard (rules map A-D21): score the game after this many rounds, as the rules allow endless play",
            minimum=ROUND_LIMIT_RANGE[0],
            maximum=ROUND_LIMIT_RANGE[1],
        ),
    )
    order = 4
    hidden_information = True
    summary = (
        "Skeletons race round a graveyard (Sphinx Spieleverlag 2007): each round everyone lays a card "
        "face down, then uses it as a movement (their skeleton and/or the dog) or as an action — beating, "
        "kicking, throwing cakes and skulls, leapfrogs and headers — to collect festivity cards and get "
        "home early with their bones together, past the dog and the gravedigger."
    )

    def reconstructed(self) -> list[str]:
        return reconstructed_lines()

    def catalog(self) -> dict[str, Any]:
        from .components import catalog

        return catalog()
