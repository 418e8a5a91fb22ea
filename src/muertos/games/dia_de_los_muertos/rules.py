"""State and rules of Dia de los Muertos (Sphinx 2007).

The round is a stack machine: ``stack`` holds small task lists (``["commit", seat]``,
``["rattack", attacker, victim, dog]``, …). Automatic tasks run inside ``_apply``;
decision tasks wait for the seat at ``task[1]``. Reactions (Holding, Dodge), the
attacker's choices in a random attack, the dog's hiding place, getting out of the
gravedigger's way and the final blocking field are all such decisions.

Rule sources are quoted as RB (rulebook) or A-Dn (spec ambiguity resolutions).
"""

from __future__ import annotations

from bisect import insort
from typing import Any

from muertos.engine import CorruptState, Game, Option, Rng, State

from . import notation as nt
from .components import (
    BOARD,
    CARDS,
    CARTWHEEL_HITS_LANDING,
    DECK_SIZE,
    FEST_AT_FIELD,
    FEST_COPIES,
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
FEST_BAG = 100  # festivity cards in the dog's bag are stored as 100 + kind

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

CARD_VERBS = frozenset(
    ["beat", "kick", "throw", "snatch", "header", "follow", "patch", "leapfrog", "cartwheel", "hustle"]
)


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
    pos: list[int]
    arms: list[int]
    legs: list[int]
    fest: list[list[int]]
    home: list[int]  # arrival rank (1 = first into the goal), 0 = not arrived
    hands: list[list[int]]  # card kinds, sorted
    draw: list[int]  # draw pile, top = last
    discard: list[int]  # open discard pile
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
    _pending: list[str] | None  # options of the waiting decision (a cache, not game data)

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
        """Where the gravedigger stands: ``gd`` 0-5 along the track, 6 + i for good on GD_FINAL[i]."""
        n = len(GD_TRACK)
        return GD_TRACK[self.gd] if self.gd < n else GD_FINAL[self.gd - n]

    def _lane_open(self) -> bool:
        return self.gd >= LANE_OPEN_AT

    def _can_enter(self, f: int) -> bool:
        """May a skeleton step onto ``f`` now (RB: not the dog's or gravedigger's field, red lane)?"""
        if f == START or f == self.dog or f == self.gd_field:
            return False
        return not (f in RED and self.gd < LANE_OPEN_AT)

    def _limb_cap(self, s: int, m: int) -> int:
        """RB 'The movement is limited if a skeleton has already lost bodyparts'."""
        legs = self.legs[s]
        if legs == 2:
            return m
        if legs == 1:
            return min(m, 2)
        return min(m, self.arms[s])

    def _others_on(self, f: int, s: int = -1) -> list[int]:
        return [i for i in range(self.players) if i != s and not self.home[i] and self.pos[i] == f]

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
        names = ", ".join(nt.card_name(c) for c in got)
        backs = ", ".join(str(MOVE[c]) for c in got)
        word = "card" if len(got) == 1 else "cards"
        self._emit(
            "draw",
            f"{nt.who(s)} {verb} {names}.",
            [s],
            f"{nt.who(s)} {verb} {len(got)} {word} (backs {backs}).",
        )

    def _lost_last_card(self, s: int) -> None:
        """RB: 'Who has lost his last card by an attack or by playing a reaction card ... may draw one'."""
        if not self.hands[s] and not self.home[s]:
            self._draw_cards(s, 1)

    def _to_discard(self, s: int, kind: int) -> None:
        self.hands[s].remove(kind)
        self.discard.append(kind)

    def _game_done(self) -> bool:
        """RB: the game ends when every skeleton with at least one body part is in the goal."""
        home, arms, legs = self.home, self.arms, self.legs
        return not any(not home[s] and (arms[s] or legs[s]) for s in range(self.players))

    # ============================================================ the machine
    @property
    def to_move(self) -> int | None:
        if self.ended or not self.stack:
            return None
        t = self.stack[-1]
        return int(t[1])

    def _run(self) -> None:
        """Carry out automatic tasks until a decision is due or the game ends."""
        while True:
            if self.ended:
                return
            if self._game_done():
                self._end("Every skeleton that still has a body part is in the goal.")
                return
            if not self.stack:
                self.stack.append(["newround"])
            t = self.stack[-1]
            kind = t[0]
            if kind not in DECISIONS:
                self.stack.pop()
                getattr(self, "_auto_" + kind)(t)
                continue
            if self._skip(t):
                self.stack.pop()
                continue
            opts = self._options(t)
            if not opts:
                self.stack.pop()
                continue
            if len(opts) == 1 and (
                kind in AUTO_SINGLE
                or (kind == "commit" and len(self.hands[t[1]]) == 1)
                or (kind == "movement" and opts[0] == "end")
            ):
                self._decide(opts[0])
                continue
            self._pending = opts
            return

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
        live.sort(key=lambda s: (self.pos[s], sum(self._backs(s)), self.arms[s] + self.legs[s], s))
        self.order = live
        self.lay = [-1] * self.players
        self.stack.append(["endround"])
        for s in reversed(live):
            self.stack.append(["resolve", s])
        for s in reversed(live):
            self.stack.append(["commit", s])
        self._emit("round", f"Round {self.round}. Order: " + ", ".join(nt.who(s) for s in live) + ".")

    def _auto_endround(self, t: list[Any]) -> None:
        # RB phase 4: hands of reaction cards only must be swapped, repeatedly.
        for s in self.order:
            if self.home[s]:
                continue
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
                self.pos[v] = f_to
                text = f"{nt.who(v)} is pushed to {f_to}"
                if g_to >= 0:
                    self.pos[a] = g_to
                    text += f"; {nt.who(a)} steps to {g_to}"
                    self.stack.append(["enter", a, g_to])
                self.stack.append(["enter", v, f_to])
                self._emit("move", text + ".")

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
        attacker = "The dog" if dog else nt.who(a)
        self._emit("attack", f"{attacker} draws {nt.card_name(c)} from the hand of {nt.who(v)}.")
        self._hit(a, v, c, dog, True)

    def _hit(self, a: int, v: int, c: int, dog: int, from_hand: bool) -> None:
        """RB: the symbol of the drawn card names the body part the victim loses."""
        sym = SYMBOL[c]
        can = []
        if sym & HAND and self.arms[v]:
            can.append("arm")
        if sym & FOOT and self.legs[v]:
            can.append("leg")
        if can:
            (self.bag if dog else self.discard).append(c)
            if len(can) == 2:
                self.stack.append(["limb", a, v, dog])
            else:
                self._lose(v, can[0])
        elif dog and self.fest[v]:
            # RB: the dog takes the victim's highest festivity card instead (A-D5).
            k = max(self.fest[v], key=lambda x: FEST_VP[x])
            self.fest[v].remove(k)
            self.bag.append(FEST_BAG + k)
            self.discard.append(c)
            self._emit("attack", f"The dog takes {FESTIVITY[k].name} from {nt.who(v)}.")
        else:
            self.discard.append(c)
            self._emit("attack", f"{nt.who(v)} is lucky: nothing is hit.")
        if from_hand:
            self._lost_last_card(v)

    def _lose(self, v: int, limb: str) -> None:
        if limb == "arm":
            self.arms[v] -= 1
        else:
            self.legs[v] -= 1
        self._emit("attack", f"{nt.who(v)} loses {'an arm' if limb == 'arm' else 'a leg'}.")

    # ------------------------------------------------------------ decisions
    def _options(self, t: list[Any]) -> list[str]:
        return getattr(self, "_opts_" + t[0])(t)  # type: ignore[no-any-return]

    def _legal_actions(self) -> list[str]:
        # ``_run`` already listed the options of the decision it stopped at.
        pending: list[str] | None = getattr(self, "_pending", None)
        if pending is not None:
            return pending
        return self._options(self.stack[-1])

    def _decide(self, action: str) -> None:
        t = self.stack[-1]
        getattr(self, "_do_" + t[0])(t, action.split())

    def _apply(self, action: str) -> None:
        self._pending = None
        self._decide(action)
        self._run()

    # commit -------------------------------------------------------------
    def _opts_commit(self, t: list[Any]) -> list[str]:
        return [f"lay {nt.card(k)}" for k in sorted(set(self.hands[t[1]]))]

    def _do_commit(self, t: list[Any], w: list[str]) -> None:
        s = t[1]
        k = nt.parse_card(w[1])
        assert k is not None
        self.hands[s].remove(k)
        self.lay[s] = k
        self.stack.pop()
        self._emit(
            "lay",
            f"{nt.who(s)} lays {nt.card_name(k)} face down.",
            [s],
            f"{nt.who(s)} lays a card face down ({nt.bones(MOVE[k])}).",
        )

    # resolve -------------------------------------------------------------
    def _opts_resolve(self, t: list[Any]) -> list[str]:
        s = t[1]
        k = self.lay[s]
        out = []
        if self.hands[s]:
            out.append("move")  # RB: a last card cannot be a movement
        execs = self._executions(s, k)
        if execs:
            out += execs
        elif not REACTION[k] or not self.hands[s]:
            out.append("reveal")  # RB: an action that cannot be executed may be played for the cards
        return out

    def _executions(self, s: int, k: int) -> list[str]:
        """Every way to carry out card ``k`` as an action now (RB: all-or-nothing)."""
        key = CARDS[k].key
        arms, legs = self.arms[s], self.legs[s]
        a = self.pos[s]
        n = self.players
        out: list[str] = []
        sym = SYMBOL[k]
        if (sym & HAND and not arms) or (sym & FOOT and not legs):
            return []  # RB 'Body parts': the symbol on the card is what the action needs
        if key in ("beat", "kick"):
            need_arm = key == "beat"
            for v in range(n):
                if v != s and DIST[a][self.pos[v]] <= 1 and (self.arms[v] if need_arm else self.legs[v]):
                    out.append(f"{key} {nt.player(v)}")
        elif k in THROWS:
            lo, hi = CARDS[k].rmin, CARDS[k].rmax
            for v in range(n):
                if v != s and lo <= DIST[a][self.pos[v]] <= hi:
                    out.append(f"throw {nt.player(v)}")
        elif key == "snatch":
            for v in range(n):
                if v == s or DIST[a][self.pos[v]] > 1:
                    continue
                if self.arms[v] and arms < 2:
                    out.append(f"snatch {nt.player(v)} arm")
                if self.legs[v] and legs < 2:
                    out.append(f"snatch {nt.player(v)} leg")
                for f in sorted(self.fest[v]):
                    if f not in self.fest[s]:
                        out.append(f"snatch {nt.player(v)} {nt.fest(f)}")
        elif key == "header":
            dw = BOARD.dist_without[self.gd_field]
            for v in range(n):
                f = self.pos[v]
                if v != s and 1 <= dw[a][f] <= 3 and self._can_land(f):
                    out.append(f"header {nt.player(v)}")
        elif key == "follow":
            if self._follow_target(s) >= 0:
                out.append("follow")
        elif key == "patch":
            if arms < 2:
                out.append("patch arm")
            if legs < 2:
                out.append("patch leg")
        elif key == "leapfrog":
            out += [f"leapfrog {f}" for f in sorted(self._leapfrog_landings(s))]
        elif key == "cartwheel":
            out += ["cartwheel " + " ".join(map(str, p)) for p in self._cartwheel_paths(s)]
        elif key == "hustle":
            out += self._hustles(s)
        return out

    def _can_land(self, f: int) -> bool:
        """Header/Follow landing (A-D8, A-D13): not the start, dog or gravedigger, lane rule."""
        if f == GOAL:
            return self.gd_field != GOAL
        return self._can_enter(f)

    def _follow_target(self, s: int) -> int:
        """A-D13: the lowest field above your own that holds another skeleton (goal included)."""
        a = self.pos[s]
        higher = [self.pos[v] for v in range(self.players) if v != s and self.pos[v] > a]
        if not higher:
            return -1
        f = min(higher)
        return f if self._can_land(f) else -1

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
            for v in SKEL_OUT[u]:
                if v in seen or not ok(v):
                    continue
                if v in occ:
                    chain(v, seen | {v})
                elif k + 1 < 3 and v not in STOP:
                    approach(v, k + 1, seen | {v})

        approach(a, 0, frozenset([a]))
        return res

    def _cartwheel_paths(self, s: int) -> list[tuple[int, ...]]:
        """A-D10: simple legal paths of 1-3 fields, never over the dog or the gravedigger."""
        a = self.pos[s]
        paths: list[tuple[int, ...]] = []
        path: list[int] = []

        def rec(u: int) -> None:
            if path:
                paths.append(tuple(path))
                if len(path) == 3 or u in STOP:
                    return
            for v in SKEL_OUT[u]:
                if v == a or v in path or not self._can_enter(v):
                    continue
                path.append(v)
                rec(v)
                path.pop()

        rec(a)
        paths.sort()
        return paths

    def _hustles(self, s: int) -> list[str]:
        """A-D11: push a skeleton 0-1 fields away one field and step the other way, or swap."""
        a = self.pos[s]
        out: list[str] = []
        for v in range(self.players):
            if v == s or self.home[v]:
                continue
            tv = self.pos[v]
            if DIST[a][tv] > 1:
                continue
            p = nt.player(v)
            for f in SKEL_OUT[tv]:
                if f == GOAL or not self._can_enter(f):
                    continue
                steps = [g for g in SKEL_OUT[a] if g not in (f, tv, GOAL) and self._can_enter(g)]
                if steps:
                    out += [f"hustle {p} {f} {g}" for g in steps]
                else:
                    out.append(f"hustle {p} {f}")
            if tv != a and tv in SKEL_OUT[a] and a in SKEL_OUT[tv] and START not in (a, tv):
                out.append(f"hustle {p} swap")
        return out

    def _do_resolve(self, t: list[Any], w: list[str]) -> None:
        s = t[1]
        k = self.lay[s]
        self.lay[s] = -1
        self.discard.append(k)
        self.stack.pop()
        c = CARDS[k]
        verb = w[0]
        if verb == "move":
            m = c.move
            self.turn = [s, m, m, 0, 0, 0, 0, -1, 0]
            self._emit("move", f"{nt.who(s)} plays {nt.card_name(k)} as a movement of {m}.")
            self.stack.append(["after", s, -1])
            self.stack.append(["movement", s])
            cands = self._hold_candidates(s)
            if cands:
                self.stack.append(["holdwin", cands[0], s, *cands[1:]])
            return
        self.stack.append(["after", s, 2])
        head = f"{nt.who(s)} turns over {nt.card_name(k)}"
        if verb == "reveal":
            self._emit("reveal", head + ": it has no effect.")
            return
        if verb in ("beat", "kick", "snatch", "hustle", "throw", "header"):
            v = nt.parse_player(w[1])
            assert v is not None
            if verb in ("beat", "kick"):
                self._emit("attack", f"{head} and {verb}s {nt.who(v)}.")
                self._straight(s, v, [verb])
            elif verb == "snatch":
                if "snatch" in STRAIGHT:
                    self._emit("attack", f"{head} and grabs at {nt.who(v)}.")
                    self._straight(s, v, ["snatch", w[2]])
                else:
                    self._snatch(s, v, w[2], head)
            elif verb == "hustle":
                args = [-1, -1] if w[2] == "swap" else [int(w[2]), int(w[3]) if len(w) > 3 else -1]
                self._emit("attack", f"{head} and hustles {nt.who(v)}.")
                self._straight(s, v, ["hustle", *args])
            elif verb == "throw":
                self._emit("attack", f"{head} and throws at {nt.who(v)}.")
                self.stack.append(["rattack", s, v, 0])
            else:
                f = self.pos[v]
                self.pos[s] = f
                text = f"{head}, jumps at {nt.who(v)} and lands on {nt.field(f)}."
                if self.lay[v] >= 0:
                    # A-D15: the knocked-over skeleton's later card is discarded without effect.
                    self.discard.append(self.lay[v])
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
        elif verb == "patch":
            if w[1] == "arm":
                self.arms[s] += 1
            else:
                self.legs[s] += 1
            self._emit("patch", f"{head} and patches on {'an arm' if w[1] == 'arm' else 'a leg'}.")
        elif verb == "cartwheel":
            path = [int(x) for x in w[1:]]
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
        else:  # follow, leapfrog
            f = self._follow_target(s) if verb == "follow" else int(w[1])
            self.pos[s] = f
            self._emit("move", f"{head} and {verb}s to {nt.field(f)}.")
            self.stack.append(["enter", s, f])

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
        tr = self.turn
        s = tr[T_SEAT]
        cap = self._limb_cap(s, tr[T_CARD_M]) - tr[T_PENALTY] - tr[T_STEPS]
        return max(0, min(cap, tr[T_POINTS]))

    def _walk_reach(self, s: int, maxd: int) -> dict[int, int]:
        """Fields the skeleton can reach in at most ``maxd`` steps (RB movement rules)."""
        start = self.pos[s]
        dist = {start: 0}
        frontier = [start]
        for k in range(1, maxd + 1):
            nxt = []
            for u in frontier:
                if u != start and u in STOP:
                    continue  # RB: a move ends on entering these fields
                for v in SKEL_OUT[u]:
                    if v not in dist and self._can_enter(v):
                        dist[v] = k
                        nxt.append(v)
            frontier = nxt
        del dist[start]
        return dist

    def _dog_reach(self, maxd: int) -> dict[int, int]:
        """Fields the dog can reach; it stops on the first field with a skeleton (RB)."""
        occ = {self.pos[v] for v in range(self.players) if not self.home[v]}
        start = self.dog
        dist = {start: 0}
        frontier = [start]
        for k in range(1, maxd + 1):
            nxt = []
            for u in frontier:
                if u != start and u in occ:
                    continue
                for v in DOG_OUT[u]:
                    if v not in dist:
                        dist[v] = k
                        nxt.append(v)
            frontier = nxt
        del dist[start]
        return dist

    def _opts_movement(self, t: list[Any]) -> list[str]:
        tr = self.turn
        s = tr[T_SEAT]
        out = []
        if not tr[T_WALKED]:
            reach = self._allowance()
            if reach > 0:
                out += [f"walk {f}" for f in sorted(self._walk_reach(s, reach))]
        if not tr[T_DOGGED] and tr[T_POINTS] > 0:
            for f in sorted(self._dog_reach(tr[T_POINTS])):
                victims = self._others_on(f)
                if victims:
                    out += [f"dog {f} bite {nt.player(v)}" for v in victims]
                else:
                    out.append(f"dog {f}")
        out.append("end")
        return out

    def _do_movement(self, t: list[Any], w: list[str]) -> None:
        tr = self.turn
        s = tr[T_SEAT]
        if w[0] == "end":
            self.stack.pop()
            return
        f = int(w[1])
        if w[0] == "walk":
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
        else:
            d = self._dog_reach(tr[T_POINTS])[f]
            tr[T_POINTS] -= d
            tr[T_DOGGED] = 1
            tr[T_DOG_STEPS] = d
            self.dog = f
            self._emit("dog", f"{nt.who(s)} leads the dog to {f}.")
            if len(w) > 2:
                v = nt.parse_player(w[3])
                assert v is not None
                self._emit("dog", f"The dog attacks {nt.who(v)}.")
                self.stack.append(["den", s])
                self.stack.append(["rattack", s, v, 1])
        # When nothing is left to do, only "end" remains and _run ends the movement itself.

    # reactions -----------------------------------------------------------
    def _opts_holdwin(self, t: list[Any]) -> list[str]:
        c = t[1]
        return (["hold"] if HOLD in self.hands[c] else []) + ["no reaction"]

    def _do_holdwin(self, t: list[Any], w: list[str]) -> None:
        c, mover = t[1], t[2]
        self.stack.pop()
        if w[0] == "no":
            rest = t[3:]
            if rest:
                self.stack.append(["holdwin", rest[0], mover, *rest[1:]])
            return
        # A-D3: the first Holding played closes the window.
        self._to_discard(c, HOLD)
        self._emit("react", f"{nt.who(c)} plays {nt.card_name(HOLD)} on {nt.who(mover)}.")
        self._lost_last_card(c)
        self.stack.append(["held", c])
        if self._has_back(mover, CARDS[DODGE].move):
            self.stack.append(["dodge", mover, c, "hold"])

    def _opts_dodge(self, t: list[Any]) -> list[str]:
        return (["dodge"] if DODGE in self.hands[t[1]] else []) + ["no reaction"]

    def _do_dodge(self, t: list[Any], w: list[str]) -> None:
        v = t[1]
        self.stack.pop()
        if w[0] == "dodge":
            self._to_discard(v, DODGE)
            self.stack.pop()  # the strike (or the hold) below is cancelled
            self._emit("react", f"{nt.who(v)} dodges the attack of {nt.who(t[2])}.")
            self._lost_last_card(v)

    def _opts_holdmove(self, t: list[Any]) -> list[str]:
        h, d = t[1], t[2]
        return [f"go {f}" for f in sorted(self._exact_reach(self.pos[h], d))]

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
                if v not in seen and self._can_enter(v):
                    seen.add(v)
                    rec(v, k + 1)
                    seen.discard(v)

        rec(start, 0)
        return out

    def _do_holdmove(self, t: list[Any], w: list[str]) -> None:
        h = t[1]
        f = int(w[1])
        self.stack.pop()
        self.pos[h] = f
        self._emit("move", f"{nt.who(h)} is dragged along to {nt.field(f)}.")
        self.stack.append(["enter", h, f])

    # random attacks --------------------------------------------------------
    def _opts_pick(self, t: list[Any]) -> list[str]:
        return [f"pick {b}" for b in sorted({MOVE[c] for c in self.hands[t[2]]})]

    def _do_pick(self, t: list[Any], w: list[str]) -> None:
        self.stack.pop()
        self._take_random(t[1], t[2], int(w[1]), t[3])

    def _opts_limb(self, t: list[Any]) -> list[str]:
        v = t[2]
        return (["hit arm"] if self.arms[v] else []) + (["hit leg"] if self.legs[v] else [])

    def _do_limb(self, t: list[Any], w: list[str]) -> None:
        self.stack.pop()
        self._lose(t[2], w[1])

    def _opts_den(self, t: list[Any]) -> list[str]:
        gd = self.gd_field
        ok = [
            f
            for i, f in enumerate(DENS)
            if not (DEN_ENTRY[i] == gd and self._others_on(f))  # A-D19
        ]
        return [f"den {f}" for f in (ok or list(DENS))]

    def _do_den(self, t: list[Any], w: list[str]) -> None:
        self.stack.pop()
        f = int(w[1])
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
    def _opts_hide(self, t: list[Any]) -> list[str]:
        s, i = t[1], t[2]
        pile = self.dens[i]
        out = []
        if self.arms[s] < 2 and any(SYMBOL[c] & HAND for c in pile):
            out.append("take arm")
        if self.legs[s] < 2 and any(SYMBOL[c] & FOOT for c in pile):
            out.append("take leg")
        out += [f"take {nt.fest(k)}" for k in sorted(set(self.den_fest[i])) if k not in self.fest[s]]
        return out

    def _do_hide(self, t: list[Any], w: list[str]) -> None:
        s, i = t[1], t[2]
        self.stack.pop()
        item = w[1]
        if item in ("arm", "leg"):
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
            k = nt.parse_fest(item)
            assert k is not None
            self.den_fest[i].remove(k)
            self.fest[s].append(k)
            self._emit("hide", f"{nt.who(s)} digs up {FESTIVITY[k].name}.")

    def _opts_block(self, t: list[Any]) -> list[str]:
        return [f"block {f}" for f in GD_FINAL]

    def _do_block(self, t: list[Any], w: list[str]) -> None:
        self.stack.pop()
        f = int(w[1])
        self.gd = len(GD_TRACK) + GD_FINAL.index(f)
        self._emit("gravedigger", f"{nt.who(t[1])} sends the gravedigger to {f}: he blocks it for good.")
        self._push_clear(f)

    def _opts_clear(self, t: list[Any]) -> list[str]:
        s = t[1]
        return [f"go {f}" for f in SKEL_OUT[self.pos[s]] if self._can_enter(f)]

    def _do_clear(self, t: list[Any], w: list[str]) -> None:
        s = t[1]
        f = int(w[1])
        self.stack.pop()
        self.pos[s] = f
        self._emit("move", f"{nt.who(s)} gets out of the gravedigger's way to {f}.")
        self.stack.append(["enter", s, f])

    # hand limit, swaps ---------------------------------------------------
    def _opts_limit(self, t: list[Any]) -> list[str]:
        return [f"discard {nt.card(k)}" for k in sorted(set(self.hands[t[1]]))]

    def _do_limit(self, t: list[Any], w: list[str]) -> None:
        s = t[1]
        k = nt.parse_card(w[1])
        assert k is not None
        self._to_discard(s, k)
        self._emit("discard", f"{nt.who(s)} discards {nt.card_name(k)} (hand limit {HAND_LIMIT}).")
        if len(self.hands[s]) <= HAND_LIMIT:
            self.stack.pop()

    def _opts_swap(self, t: list[Any]) -> list[str]:
        h = self.hands[t[1]]
        kinds = sorted(set(h))
        out = ["keep"]
        for i, a in enumerate(kinds):
            for b in kinds[i:]:
                if a != b or h.count(a) >= 2:
                    out.append(f"swap {nt.card(a)} {nt.card(b)}")
        return out

    def _do_swap(self, t: list[Any], w: list[str]) -> None:
        s = t[1]
        if w[0] == "keep":
            self.stack.pop()
            return
        a, b = nt.parse_card(w[1]), nt.parse_card(w[2])
        assert a is not None and b is not None
        self._to_discard(s, a)
        self._to_discard(s, b)
        self._emit("swap", f"{nt.who(s)} swaps {nt.card_name(a)} and {nt.card_name(b)} for one new card.")
        self._draw_cards(s, 1)

    # ============================================================ explanations
    def _why_illegal(self, action: str) -> str:
        if self.to_move is None:
            return "the game is over"
        w = " ".join(action.split()).lower().split()
        t = self.stack[-1]
        kind, s = t[0], t[1]
        verb = w[0] if w else ""
        now = self.status()
        if kind == "commit":
            if verb == "lay" and len(w) == 2:
                k = nt.parse_card(w[1])
                if k is None:
                    return f"there is no card {w[1]!r} (cards: " + ", ".join(c.key for c in CARDS) + ")"
                return f"you have no {CARDS[k].name} in your hand"
            return f"{now}: lay one hand card face down ('lay <card>'), RB phase 2"
        if kind == "resolve":
            k = self.lay[s]
            c = CARDS[k]
            if verb == "move":
                return (
                    "your laid card was your last card: it must be played as an action "
                    "(RB: 'If a player has only one card, he can't play it as a movement')"
                )
            if verb == "reveal":
                return "the action can be carried out, so it must be (RB: 'Every action which can be executed must be executed')"
            if verb in CARD_VERBS:
                return self._why_action(s, k, verb, w)
            return f"{now}: 'move' or carry out your {c.name} (or 'reveal' if it cannot be done)"
        if kind == "movement":
            tr = self.turn
            if verb == "walk":
                if tr[T_WALKED]:
                    return "your skeleton has already walked this movement"
                cap = self._limb_cap(s, tr[T_CARD_M])
                return (
                    f"that field is not reachable: your skeleton may walk {self._allowance()} more field(s) "
                    f"(card {tr[T_CARD_M]}, limb limit {cap}, "
                    f"{'held: one less, ' if tr[T_PENALTY] else ''}{tr[T_POINTS]} point(s) left); "
                    "it may not enter or pass the dog or the gravedigger, must follow the arrows, "
                    "and stops on festivity fields, hiding places and the goal"
                )
            if verb == "dog":
                if tr[T_DOGGED]:
                    return "the dog has already been moved this movement"
                return (
                    f"the dog can run at most {tr[T_POINTS]} field(s) and stops on the first field with a "
                    "skeleton, which it must bite ('dog F bite pN'); it never enters the start or the goal"
                )
            return f"{now}: 'walk F', 'dog F', 'dog F bite pN' or 'end'"
        if kind in ("holdwin", "dodge"):
            card = "hold" if kind == "holdwin" else "dodge"
            if verb == card:
                return f"you have no {CARDS[HOLD if card == 'hold' else DODGE].name} card in your hand"
            return f"{now}: '{card}' or 'no reaction'"
        if verb in CARD_VERBS or verb in ("lay", "move"):
            return f"not now: {now}"
        legal = self.legal_actions()
        return f"{now}; legal: " + ", ".join(legal[:10]) + (" …" if len(legal) > 10 else "")

    def _why_action(self, s: int, k: int, verb: str, w: list[str]) -> str:
        c = CARDS[k]
        want = "throw" if k in THROWS else c.key
        if verb != want:
            return f"your laid card is {c.name}, not {verb}"
        need = c.symbol
        if need & HAND and not self.arms[s]:
            return f"{c.name} needs a hand: your skeleton has no arms left (RB 'Body parts')"
        if need & FOOT and not self.legs[s]:
            return f"{c.name} needs a foot: your skeleton has no legs left (RB 'Body parts')"
        v = nt.parse_player(w[1]) if len(w) > 1 else None
        if v is not None and 0 <= v < self.players and c.rmax >= 0:
            d = DIST[self.pos[s]][self.pos[v]]
            if v == s:
                return f"{c.name} cannot target your own skeleton"
            if not c.rmin <= d <= c.rmax:
                return f"{c.name} reaches {c.rmin}-{c.rmax} fields; {nt.who(v)} is {d} field(s) away"
            if verb == "hustle" and self.home[v]:
                return "Hustle may not be played on skeletons in the goal (RB)"
        legal = [a for a in self.legal_actions() if a.startswith(verb)]
        if not legal:
            return f"{c.name} cannot be carried out now; play 'move' or 'reveal'"
        return f"not a way to carry out {c.name}; possible: " + ", ".join(legal[:10])

    # ============================================================ information
    def status(self) -> str:
        if self.to_move is None:
            return "Game over"
        t = self.stack[-1]
        kind, s = t[0], t[1]
        p = nt.who(s)
        texts = {
            "commit": f"{p} to lay a card face down",
            "resolve": f"{p} to use the laid card as a movement or an action",
            "swap": f"{p} may swap two cards for one",
            "limit": f"{p} to discard down to {HAND_LIMIT} cards",
            "movement": f"{p} to move (skeleton and/or dog)",
            "pick": f"{p} to pick a card back from {nt.who(t[2]) if len(t) > 2 else ''}'s hand",
            "limb": f"{p} to choose the body part {nt.who(t[2]) if len(t) > 2 else ''} loses",
            "den": f"{p} to put the dog on a hiding place",
            "hide": f"{p} to take something from the hiding place",
            "block": f"{p} to choose the gravedigger's last field",
            "clear": f"{p} to get out of the gravedigger's way",
            "holdmove": f"{p} to follow the held skeleton",
        }
        if kind == "holdwin":
            return f"{p} may react with Holding to the movement of {nt.who(t[2])}"
        if kind == "dodge":
            return f"{p} may Dodge the attack of {nt.who(t[2])}"
        return texts.get(kind, f"{p} to move")

    def _view(self, seat: int | None) -> dict[str, Any]:
        skel = []
        for s in range(self.players):
            d: dict[str, Any] = {
                "field": self.pos[s],
                "arms": self.arms[s],
                "legs": self.legs[s],
                "festivity": sorted(nt.fest(k) for k in self.fest[s]),
                "home": self.home[s],
                "hand_backs": self._backs(s),
            }
            if seat == s:
                d["hand"] = [nt.card(c) for c in self.hands[s]]
            lay = self.lay[s]
            if lay < 0:
                d["laid"] = None
            elif seat == s:
                d["laid"] = nt.card(lay)
            else:
                d["laid"] = {"back": MOVE[lay]}
            skel.append(d)
        return {
            "round": self.round,
            "order": list(self.order),
            "skeletons": skel,
            "dog": self.dog,
            "gravedigger": self.gd_field,
            "gravedigger_steps": self.gd,
            "lane_open": self._lane_open(),
            "festivity_stock": {FESTIVITY[i].key: n for i, n in enumerate(self.stock)},
            "hiding_places": {
                str(f): {
                    "bones": [nt.card(c) for c in self.dens[i]],
                    "festivity": [nt.fest(k) for k in self.den_fest[i]],
                }
                for i, f in enumerate(DENS)
            },
            "draw_pile": len(self.draw),
            "discard_pile": [nt.card(c) for c in self.discard],
            "dog_carries": [nt.fest(x - FEST_BAG) if x >= FEST_BAG else nt.card(x) for x in self.bag],
            "movement": list(self.turn) if self.stack and self.stack[-1][0] == "movement" else None,
        }

    def scores(self) -> list[float]:
        return final_scores(self.home, self.fest)

    def winners(self) -> list[int]:
        if not self.over:
            return []
        return final_winners(self.home, self.fest)

    def stats(self) -> dict[str, float | int | str]:
        """Designer numbers: rounds, arrivals, festivity cards taken, limbs left, the gravedigger."""
        per = FEST_PER_FIELD_TWO if self.players == 2 else FEST_PER_FIELD
        out = super().stats()
        out.update(
            {
                "rounds": self.round,
                "arrived": sum(1 for h in self.home if h),
                "festivity_taken": per * len(FESTIVITY) - sum(self.stock),
                "limbs_left": sum(self.arms) + sum(self.legs),
                "gravedigger_steps": self.gd,
                "round_limit_reached": int(self.ended and not self._game_done()),
            }
        )
        return out

    def _redraw_hidden(self, seat: int | None, rng: Rng) -> None:
        """Redraw the draw pile, other hands and other face-down cards, keeping every visible back."""
        slots: list[tuple[str, int, int]] = []  # (place, seat, back)
        pool = list(self.draw)
        for s in range(self.players):
            if s == seat:
                continue
            for c in self.hands[s]:
                slots.append(("h", s, MOVE[c]))
                pool.append(c)
            if self.lay[s] >= 0:
                slots.append(("l", s, MOVE[self.lay[s]]))
                pool.append(self.lay[s])
            self.hands[s] = []
        pool.sort()  # the pool's order must not depend on hidden order (only on the view)
        rng.shuffle(pool)
        by_back: dict[int, list[int]] = {}
        for c in pool:
            by_back.setdefault(MOVE[c], []).append(c)
        for place, s, b in slots:
            c = by_back[b].pop()
            if place == "h":
                self.hands[s].append(c)
            else:
                self.lay[s] = c
        for s in range(self.players):
            self.hands[s].sort()
        rest = [c for b in sorted(by_back) for c in by_back[b]]
        rng.shuffle(rest)
        self.draw = rest

    def census(self) -> dict[str, int]:
        cards = (
            len(self.draw)
            + len(self.discard)
            + sum(map(len, self.hands))
            + sum(1 for x in self.lay if x >= 0)
            + sum(map(len, self.dens))
            + sum(1 for x in self.bag if x < FEST_BAG)
        )
        fest = (
            sum(self.stock)
            + sum(map(len, self.fest))
            + sum(map(len, self.den_fest))
            + sum(1 for x in self.bag if x >= FEST_BAG)
            + self.spare
        )
        return {"action_cards": cards, "festivity_cards": fest}

    def _validate(self) -> None:
        n = self.players
        for name in ("pos", "arms", "legs", "home", "lay", "fest", "hands"):
            v = getattr(self, name)
            if not isinstance(v, list) or len(v) != n:
                raise CorruptState(f"{name} must be a list of {n} entries")
        if not all(isinstance(x, int) and 0 <= x <= GOAL for x in self.pos):
            raise CorruptState("skeleton fields must be 0..32")
        if not all(x in (0, 1, 2) for x in self.arms + self.legs):
            raise CorruptState("a skeleton has 0, 1 or 2 arms and legs")
        c = self.census()
        if c["action_cards"] != DECK_SIZE:
            raise CorruptState(f"there must be {DECK_SIZE} action cards, found {c['action_cards']}")
        if c["festivity_cards"] != FEST_COPIES * len(FESTIVITY):
            raise CorruptState(f"there must be {FEST_COPIES * len(FESTIVITY)} festivity cards")
        all_cards = (
            self.draw + self.discard + [x for h in self.hands for x in h] + [x for d in self.dens for x in d]
        )
        if not all(isinstance(x, int) and 0 <= x < len(CARDS) for x in all_cards):
            raise CorruptState("unknown action card")
        if not 0 <= self.gd < len(GD_TRACK) + len(GD_FINAL):
            raise CorruptState("bad gravedigger position")
        for t in self.stack:
            if not isinstance(t, list) or not t or not isinstance(t[0], str):
                raise CorruptState(f"bad task {t!r}")
            if t[0] not in DECISIONS and not hasattr(self, "_auto_" + t[0]):
                raise CorruptState(f"unknown task {t[0]!r}")


class MuertosGame(Game):
    id = "dia-de-los-muertos"
    title = "Dia de los Muertos"
    min_players = 2
    max_players = 6
    state_class = MuertosState
    options = (
        Option(
            "round_limit",
            ROUND_LIMIT,
            "safeguard (spec A-D21): score the game after this many rounds, as the rules allow endless play",
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
