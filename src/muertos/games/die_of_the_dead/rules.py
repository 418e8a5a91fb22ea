"""State and rules of Die of the Dead: The Ofrenda Variant (2-5 players and solo).

References in comments: "RULES" is the variant's rulebook; A-DDn (our resolutions) and B-DDn
(reconstructed components) are set out in the rules map, docs/rules/die-of-the-dead.md.
Decisions are taken one at a time by the seat named by
``to_move``; the phases of a round are:

``open`` (round starter picks a casket) -> ``act`` (each player in turn, starter first) with
sub-steps ``hold`` (a drafted die: Bread/Incense tokens, then where to place it), ``pay``
(a die onto a closed casket), ``gain`` (Marigold token: a power die from the City),
``remove`` (solo: the City die a Move costs) and ``rest`` (the square an empty-casket
ascension rests on) -> scoring (``score`` which section first, ``land`` which square,
``bonus`` its target, ``discard`` token sets) -> casket shift and end check. Setup
decisions are ``put`` (2-4 players: colours into caskets, in secret until all have put)
and ``fill`` (solo: three colours per casket).

Hidden: only the setup dice players of 2-4 put into the caskets, "simultaneously", until
the last has put (A-DD22). Everything else is public: tokens in hand, supplies, caskets'
contents (their faces are rolled again on opening). ``determinize`` redraws the setup dice
a seat has not seen and reseeds the generator (future rolls).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import lru_cache
from itertools import combinations
from operator import attrgetter, itemgetter
from typing import Any, ClassVar

from muertos.engine import Game, Option, Rng, State, counted, seat_ref
from muertos.engine.actions import Actions, Kind

from . import checks, scoring, views
from . import notation as N
from .components import CALAVERA, COMPONENTS
from .notation import (
    COLOURS,
    ITEM_LETTERS,
    ITEM_NAMES,
    KIND_STR,
    PREP_DEST,
    colour_of,
    dice_str,
    die,
    die_str,
    face_of,
    is_power,
    kind_die,
    kind_of,
    kind_str,
    kind_words,
    parse_die,
)
from .scoring import BREAD, CANDLE, INCENSE, MARIGOLD, TOKEN_SET_STEPS, WILD, section_score
from .views import DieOfTheDeadView

C = COMPONENTS
SECTIONS = C.sections
CELL_SECTIONS = C.cell_sections
NCELLS = C.cells
NSQ = len(C.squares[0])
SQUARE_LETTERS = "abcdefgh"[:NSQ]
PREP = C.prep_spaces
LIMIT = C.hand_limit
NSTEPS = C.step_count
POWER_FACES = C.power_faces
NKINDS = 10
BONUS_CALAVERA = 4
BONUS_FACE = 5
SQUARE_BONUS: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        -1
        if sq == "blank"
        else BONUS_CALAVERA
        if sq == "calavera"
        else BONUS_FACE
        if sq == "set_face"
        else [n.lower() for n in ITEM_NAMES].index(sq)
        for sq in row
    )
    for row in C.squares
)
BONUS_NAMES = [*(f"{n} token" for n in ITEM_NAMES), "Calavera", "Set a face"]
_TIER_WORDS = {"perfect": "a perfect score", "good": "a good score", "below_good": "below a good score"}
"""A solo tier (``scoring.solo_tier``) in the end's log line and the view."""
CANDLE_PAIRS = [(a, b) for a in range(C.caskets) for b in range(a + 1, C.caskets)]

SECTION_DICE: tuple[Callable[[list[int]], tuple[int, ...]], ...] = tuple(itemgetter(*c) for c in SECTIONS)
"""Each section's four cells of an ofrenda, as a tuple (read again and again by the rules
and the bots' evaluation)."""

FRESH_PREP = 100
"""``fresh`` holds the cell of the die just placed, or FRESH_PREP + its preparation index."""


def _p(seat: int) -> str:
    return seat_ref(seat)


@lru_cache(maxsize=1 << 16)
def _dice_value(sec: int, dice: tuple[int, ...], board: int) -> int:
    """A complete section's score on ``board``: a pure function of its dice, which the
    bots' evaluation asks again and again."""
    cols = [colour_of(d) for d in dice]
    vals = [WILD if face_of(d) == CALAVERA else face_of(d) for d in dice]
    return section_score(sec, cols, vals, C.boards[board].urns if sec == INCENSE else ())


class DieOfTheDeadState(State):
    FIELDS = (
        "phase",
        "round",
        "starter",
        "actor",
        "acted",
        "cursor",
        "open",
        "items",
        "inside",
        "lid",
        "boards",
        "hands",
        "spent",
        "city",
        "supply",
        "removed",
        "prep",
        "ofrenda",
        "scored",
        "scored_steps",
        "steps",
        "square",
        "held",
        "fresh",
        "tokused",
        "bonus",
        "discarded",
        "any_scored",
        "puts",
        "end",
    )
    COPY: ClassVar[Mapping[str, int]] = {
        **dict.fromkeys(
            ("phase", "round", "starter", "actor", "acted", "cursor", "open", "spent", "held", "fresh"), 0
        ),
        **dict.fromkeys(("tokused", "bonus", "discarded", "any_scored", "end"), 0),
        **dict.fromkeys(("items", "boards", "city", "removed", "steps", "square"), 1),
        **dict.fromkeys(
            ("inside", "lid", "hands", "supply", "prep", "ofrenda", "scored", "scored_steps", "puts"), 2
        ),
    }
    """How ``clone`` copies each field (``State.COPY``): every one is declared, so no marshal."""
    phase: str
    round: int
    starter: int
    actor: int
    acted: int
    cursor: int
    open: int
    items: list[int]
    inside: list[list[int]]
    lid: list[list[int]]
    boards: list[int]
    hands: list[list[int]]
    spent: int
    city: list[int]
    supply: list[list[int]]
    removed: list[int]
    prep: list[list[int]]
    ofrenda: list[list[int]]
    scored: list[list[int]]
    scored_steps: list[list[int]]
    """The steps each section gave when it scored: kept, not read off the board again, for a
    calavera may later turn a die of a scored section in a shared corner (A-DD25), and "You do
    not re-score sections you have already completed"."""
    steps: list[int]
    square: list[int]
    held: int
    fresh: int
    tokused: int
    bonus: int
    discarded: bool
    any_scored: bool
    puts: list[list[int]]
    """Setup, 2-4 players: the kinds of die each seat has put, in secret, into caskets 1, 2, ...
    (still counted in its supply until all have put and they are revealed, A-DD22)."""
    end: str

    # ------------------------------------------------------------------ setup
    def _setup(self) -> None:
        n = self.players
        solo = n == 1
        self.round = 1
        self.open = -1
        self.items = list(range(4))
        self.rng.shuffle(self.items)  # "the order doesn't matter": a random order (A-DD2)
        per = C.solo_tokens_per_type if solo else C.tokens_per_type
        self.boards = [per] * 4
        self.hands = [[0, 0, 0, 0] for _ in range(n)]
        self.spent = 0
        self.city = [0] * NKINDS
        self.supply = [[0] * NKINDS for _ in range(n)]
        self.removed = [0] * NKINDS
        self.inside = [[] for _ in range(C.caskets)]
        self.lid = [[] for _ in range(C.caskets)]
        self.prep = [[] for _ in range(n)]
        self.ofrenda = [[-1] * NCELLS for _ in range(n)]
        self.scored = [[0, 0, 0, 0] for _ in range(n)]
        self.scored_steps = [[0, 0, 0, 0] for _ in range(n)]
        self.steps = [0] * n
        self.square = [-1] * n
        self.held = -1
        self.fresh = -1
        self.tokused = 0
        self.bonus = -1
        self.discarded = False
        self.any_scored = False
        self.puts = [[] for _ in range(n)]
        self.end = ""
        self.acted = 0
        self.cursor = 0
        normal = C.dice_per_colour - C.power_per_colour
        order = " ".join(f"{p + 1}:{ITEM_NAMES[i]}" for p, i in enumerate(self.items))
        self._emit("setup", f"Token boards in front of caskets {order}.")
        if solo:
            # Solo: no power dice; 3 normal dice of each colour on the City of the Dead; one
            # die of the player's colour is the scoring die; the rest wait in the box until
            # the player picks each casket's three colours, then stay out of the game.
            for c in range(5):
                self.city[2 * c] = 3
                self.removed[2 * c] = normal - 3 - (1 if c == 0 else 0)
                self.removed[2 * c + 1] = C.power_per_colour
            self.starter = self.actor = 0
            self.phase = "fill"
            self._emit("setup", "Solo game: 3 dice of each colour on the City of the Dead.")
            return
        for c in range(5):
            self.city[2 * c + 1] = C.power_per_colour  # every power die, used colours or not
        for s in range(n):
            self.supply[s][2 * s] = normal - 1  # one die of the supply is the scoring die
        for u in range(n, 5):  # unused colours split equally; remainders leave the game
            share, rest = divmod(normal, n)
            for s in range(n):
                self.supply[s][2 * u] += share
            self.removed[2 * u] += rest
        self.starter = -1  # no Round Starter before the start roll, which follows the setup dice
        if n == 5:  # RULES: 5 players have only their own colour: nothing to choose or hide
            for s in range(n):
                for p in range(C.caskets):
                    self.supply[s][2 * s] -= 1
                    self.inside[p].append(die(s, False))
            self._emit("setup", "Each player puts one die of their colour in each casket.")
            self._start()
        else:
            self.phase = "put"
            self.actor = 0

    def _start(self) -> None:
        """After the setup dice: "Each player rolls two dice, the player who rolls the highest
        total is the start player" (RULES, in this order), and the first round."""
        self._roll_for_start()
        self._begin_round()

    def _roll_for_start(self) -> None:
        """Each player rolls two dice; the highest total starts (ties roll again, A-DD21)."""
        tied = list(range(self.players))
        while len(tied) > 1:
            totals = {s: self.rng.roll() + self.rng.roll() for s in tied}
            self._emit("roll", "Start roll: " + ", ".join(f"{_p(s)} {t}" for s, t in totals.items()))
            best = max(totals.values())
            tied = [s for s in tied if totals[s] == best]
        self.starter = tied[0]
        self._emit("setup", f"{_p(self.starter)} takes the Round Starter marker.")

    # --------------------------------------------------------------- helpers
    @property
    def solo(self) -> bool:
        return self.players == 1

    @property
    def five(self) -> bool:
        return self.players == 5

    def _item(self) -> int:
        return self.items[self.open]

    def _empty_cells(self, s: int, item: int) -> list[int]:
        cells = self.ofrenda[s]
        return [c for c in SECTIONS[item] if cells[c] < 0]

    def _complete(self, s: int, sec: int) -> bool:
        return min(SECTION_DICE[sec](self.ofrenda[s])) >= 0

    def _completed(self, s: int) -> int:
        return sum([self._complete(s, i) for i in range(4)])

    def _dests(self, s: int, item: int) -> list[int]:
        out = [PREP_DEST] if len(self.prep[s]) < PREP else []
        return out + self._empty_cells(s, item)

    def _payable_cells(self, s: int, extra: int = -1) -> list[int]:
        """5 players: cells whose die may pay, every section through them being incomplete
        (``extra`` counted as filled, the fresh die excluded; A-DD8)."""
        cells = self.ofrenda[s]
        incomplete = [any(cells[x] < 0 and x != extra for x in sec) for sec in SECTIONS]
        return [
            c
            for c in range(NCELLS)
            if cells[c] >= 0
            and c != self.fresh
            and c != extra
            and all(incomplete[sec] for sec in CELL_SECTIONS[c])
        ]

    def _can_pay_after(self, s: int, dest: int) -> bool:
        """Whether ``s`` could still pay once the drafted die is at ``dest`` (the die just
        drafted never pays for itself)."""
        if self.solo or s == self.starter:
            return True  # solo: the City is never empty mid-game; starter: A-DD9
        if self.prep[s] or any(self.supply[s]):
            return True
        return self.five and bool(self._payable_cells(s, dest))

    def _pay_source(self, s: int) -> str:
        """Where the payment must come from, in the rules' order (RULES: Draft a die)."""
        if self.solo:
            return "city"
        if s == self.starter and any(self.city):
            return "city"
        if sum(self.supply[s]):
            return "supply"
        if any(i + FRESH_PREP != self.fresh for i in range(len(self.prep[s]))):
            return "prep"
        return ""

    def _pay_labels(self, s: int) -> list[str]:
        src = self._pay_source(s)
        labels: list[str] = []
        if src == "city":
            labels = [kind_str(k) for k in range(NKINDS) if self.city[k]]
        elif src == "supply":
            labels = [kind_str(k) for k in range(NKINDS) if self.supply[s][k]]
        elif src == "prep":
            dice = {d for i, d in enumerate(self.prep[s]) if i + FRESH_PREP != self.fresh}
            labels = ["prep " + die_str(d) for d in sorted(dice)]
        if self.five:
            labels += [f"cell {c + 1}" for c in self._payable_cells(s)]
        return labels

    def _can_draft_from(self, p: int) -> bool:
        """Whether the Round Starter could draft from the casket at ``p``: it holds dice (in
        or on it) and the die has a place, a preparation space or an empty cell of its item."""
        a = self.starter
        return bool(self.inside[p] or self.lid[p]) and (
            len(self.prep[a]) < PREP or bool(self._empty_cells(a, self.items[p]))
        )

    def _openable(self) -> list[int]:
        """Caskets the starter may open (A-DD5): one it can draft from, as the draft is
        compulsory, or one where its Marigold token can move a die instead (A-DD15); solo,
        one where any action can be taken. When it can draft from no casket (solo: act at
        none), every casket, the empty ones too: nothing compels a choice then, and an empty
        casket lets the other players move a prepared die to its item or ascend."""
        a = self.starter
        hand = self.hands[a]
        prep = self.prep[a]
        drafts = [p for p in range(C.caskets) if self._can_draft_from(p)]
        if not drafts and not self.solo:
            return list(range(C.caskets))
        out = []
        for p in range(C.caskets):
            item = self.items[p]
            move = prep and self._empty_cells(a, item) and (self.solo or hand[MARIGOLD])  # Move, Marigold
            if p in drafts or move or (self.solo and self.boards[item]):  # solo may take a token
                out.append(p)
        return out or list(range(C.caskets))

    def _distinct(self, s: int) -> int:
        return sum(1 for x in self.hands[s] if x)

    def _return_token(self, t: int) -> None:
        """A played or discarded token goes back to its board (solo: out of the game)."""
        if self.solo:
            self.spent += 1
        else:
            self.boards[t] += 1

    def _pending(self, s: int) -> list[int]:
        scored = self.scored[s]
        return [i for i in range(4) if not scored[i] and self._complete(s, i)]

    def board_of(self, s: int) -> int:
        """The ofrenda board whose urns score seat ``s``'s Incense: its own, or with the
        ``same_urns`` option the first board's for every seat (B-DD3)."""
        return 0 if self.options["same_urns"] else s

    def _section_value(self, s: int, sec: int) -> int:
        return _dice_value(sec, SECTION_DICE[sec](self.ofrenda[s]), self.board_of(s))

    def _rating(self) -> str:
        """The solo tier (``scoring.solo_tier``) as the end's log line and the view say it."""
        return _TIER_WORDS[scoring.solo_tier(self.steps[0])]

    # ------------------------------------------------------------------ flow
    @property
    def to_move(self) -> int | None:
        return None if self.phase == "over" else self.actor

    def _begin_round(self) -> None:
        self.phase = "open"
        self.actor = self.starter
        self.acted = 0
        self.any_scored = False
        self._emit("round", f"Round {self.round}: {_p(self.starter)} is the Round Starter.")

    def _end_turn(self) -> None:
        self.fresh = -1
        self.tokused = 0
        self.acted += 1
        if self.acted < self.players:
            self.actor = (self.actor + 1) % self.players
            self.phase = "act"
        else:
            self.cursor = 0
            self.discarded = False
            self._scoring_step()

    def _scoring_step(self) -> None:
        """Each player from the starter on: completed sections (chosen order), then token
        sets (A-DD23). Stops at the next decision."""
        n = self.players
        while self.cursor < n:
            s = (self.starter + self.cursor) % n
            self.actor = s
            pend = self._pending(s)
            if len(pend) == 1:
                if self._score_section(s, pend[0]):
                    return
                continue
            if pend:
                self.phase = "score"
                return
            if not self.discarded and self._distinct(s) >= 3:
                self.phase = "discard"
                return
            self.cursor += 1
            self.discarded = False
        self._end_round()

    def _score_section(self, s: int, sec: int) -> bool:
        k = min(self._section_value(s, sec), C.max_per_section)
        self.scored[s][sec] = 1
        self.scored_steps[s][sec] = k
        self.any_scored = True
        dice = " ".join(die_str(self.ofrenda[s][c]) for c in SECTIONS[sec])
        self._emit("score", f"{_p(s)} scores the {ITEM_NAMES[sec]} section ({dice}): {counted(k, 'step')}.")
        return self._ascend(s, k)

    def _ascend(self, s: int, k: int) -> bool:
        """Climb ``k`` steps; True when a square must be chosen on the landing step."""
        if k <= 0:
            return False
        self.steps[s] += k
        self.square[s] = -1
        land = (self.steps[s] - 1) % NSTEPS
        if self._free_squares(s, land):
            self.phase = "land"
            return True
        self._emit("step", f"{_p(s)} lands on step {land + 1}: every square is taken, no bonus.")
        return False

    def _free_squares(self, s: int, land: int) -> list[int]:
        if not self.options["exclusive_squares"]:
            return list(range(NSQ))
        taken = {
            self.square[o]
            for o in range(self.players)
            if o != s and self.steps[o] % NSTEPS == land + 1 and self.square[o] >= 0
        }
        return [q for q in range(NSQ) if q not in taken]

    def _end_round(self) -> None:
        n = self.players
        if self.open >= 0:  # close the casket: its dice are rolled again when next opened
            self.inside[self.open] = [d & ~7 for d in self.inside[self.open]]
        if self.any_scored:
            # RULES: the caskets move along one space (4 -> 1) once, lid dice travel along.
            self.inside = [self.inside[-1], *self.inside[:-1]]
            self.lid = [self.lid[-1], *self.lid[:-1]]
            self._emit("shift", "A section was scored: the caskets move along one space.")
        self.open = -1
        need = 3 if self.five else 4  # RULES: 5 players end after 3 of the 4 sections
        done = [s for s in range(n) if self._completed(s) >= need]
        if self.solo and not sum(self.city):
            self.end = "the City of the Dead is empty"
        elif done:
            self.end = (
                f"{', '.join(_p(s) for s in done)} completed {'3 sections' if need == 3 else 'the ofrenda'}"
            )
        elif self._no_die_can_be_placed():
            self.end = "no player can ever place another die: the game cannot be finished"
        if self.end:
            self.phase = "over"
            self.actor = -1
            self._emit("end", f"Game over: {self.end}. " + self._result_line())
            return
        if not self.solo:
            self.starter = (self.starter + 1) % n  # A-DD1: the marker passes clockwise
        self.round += 1
        self._begin_round()

    def _no_die_can_be_placed(self) -> bool:
        """Between rounds, whether no player can ever place another die on an ofrenda, so
        that the rules can no longer finish the game (A-DD26): no casket holds a die (in or
        on it) and no preparation board either. Exactly then, for 2-5 players:

        - Then nothing can be placed: a die reaches an ofrenda only by a draft from a casket
          or a move from a preparation board, a casket gains dice only as the payment of a
          draft, and a preparation board only by a draft.
        - Otherwise a die can be placed. The game goes on, so every player has an empty
          cell (else someone has completed the ofrenda, or 3 sections of 5 players). If a
          player P has a prepared die: while the starter can draft from no casket it may
          open any casket, that of P's item among them, and P, not the starter, moves the
          die there; a starter who can draft must (to its ofrenda: a die placed; else to its
          preparation board) and may pay onto P's casket, which a later starter then can
          open, or P itself as starter drafts from; a starter who pays nothing takes a die
          out of the caskets onto its own board, which comes to the same, and P keeps a
          prepared die, for the die just drafted never pays. If no one has a prepared die
          but a casket has one, the next starter, whose board is empty, can draft it.
        Solo is never stuck: every round spends a die of the City or a token (A-DD19)."""
        if self.solo:
            return False
        return not any(self.inside) and not any(self.lid) and not any(self.prep)

    def _result_line(self) -> str:
        if self.solo:
            return (
                f"You ascended {counted(self.steps[0], 'step')}: {self._rating()} "
                f"({C.solo_perfect} is perfect, {C.solo_good} is good)."
            )
        w = self.winners()
        steps = ", ".join(f"{_p(s)} {t}" for s, t in enumerate(self.steps))
        return f"Steps: {steps}. " + ("Winner: " if len(w) == 1 else "Shared win: ") + ", ".join(map(_p, w))

    # ------------------------------------------------------------ the decisions
    # Each rule once, as a named predicate (why a move breaks it, or None), shared by the
    # kind's check and its listing; the engine's conformance check proves they agree.

    def _needs(self) -> str:
        """What the decision waiting now is, for a move of a kind closed in this phase."""
        legal = self.legal_actions()
        sample = ", ".join(legal[:6]) + (" ..." if len(legal) > 6 else "")
        return f"{PHASE_NEEDS[self.phase]} (legal: {sample})"

    def _unread(self, words: list[str]) -> str:
        """Words of no kind of action: the decision waiting now."""
        return self._needs() if words else f"an action is needed: {self._needs()}"

    # setup
    def _unput(self, s: int, k: int) -> int:
        """Dice of kind ``k`` in ``s``'s supply not yet put, in secret, into a casket."""
        return self.supply[s][k] - self.puts[s].count(k)

    def _cannot_put(self, m: N.Put) -> str | None:
        """Setup (RULES: "Players simultaneously place one dice from their supply in each of
        the caskets"): the simultaneous choices are taken one after another, Player 1 first,
        each player's dice into caskets 1 to 4 in order, hidden until all have put (A-DD22)."""
        p = self.cursor % C.caskets
        if m.casket != p:
            return f"setup: the next die goes into casket {p + 1}"
        if m.kind % 2:
            return "setup: only normal dice go into the caskets"
        if self._unput(self.actor, m.kind) <= 0:
            return f"your supply has no {kind_words(m.kind)}"
        return None

    def _open_puts(self) -> list[str]:
        p = self.cursor % C.caskets
        a = self.actor
        return [f"put {kind_str(k)} in {p + 1}" for k in range(0, NKINDS, 2) if self._unput(a, k) > 0]

    def _put(self, m: N.Put) -> None:
        a = self.actor
        self.puts[a].append(m.kind)
        n = m.casket + 1
        self._emit(
            "setup",
            f"{_p(a)} puts a {kind_words(m.kind)} in casket {n} in secret.",
            [a],
            f"{_p(a)} puts a die in casket {n} in secret.",
        )
        self.cursor += 1
        if self.cursor == C.caskets * self.players:
            self._reveal_puts()
        elif self.cursor % C.caskets == 0:
            self.actor += 1

    def _reveal_puts(self) -> None:
        """All have put: the setup dice go from the supplies into the caskets and are shown
        together, then the start roll (RULES: Setup, in this order)."""
        for s, kinds in enumerate(self.puts):
            for p, k in enumerate(kinds):
                self.supply[s][k] -= 1
                self.inside[p].append(kind_die(k))
            shown = " ".join(kind_str(k) for k in kinds)
            self._emit("setup", f"{_p(s)} reveals the setup dice put in caskets 1-4: {shown}.")
            self.puts[s] = []
        self._start()

    def _redraw_hidden(self, seat: int | None, rng: Rng) -> None:
        """The setup dice ``seat`` has not seen (another seat's, put in secret): each drawn
        again from that seat's supply, which is all ``seat`` knows of them (A-DD22). Nothing
        else is hidden."""
        for s, kinds in enumerate(self.puts):
            if s == seat or not kinds:
                continue
            pool = [k for k in range(0, NKINDS, 2) for _ in range(self.supply[s][k])]
            rng.shuffle(pool)
            self.puts[s] = pool[: len(kinds)]

    def _cannot_fill(self, m: N.Fill) -> str | None:
        """Solo setup: three dice of different colours from the unused ones into each casket."""
        if m.casket != self.cursor:
            return f"solo setup: the next casket to fill is {self.cursor + 1}"
        for c in m.colours:
            if not self.removed[2 * c]:
                return f"no unused {COLOURS[c]} die is left to fill a casket with"
        return None

    def _open_fills(self) -> list[str]:
        cols = [c for c in range(len(COLOURS)) if self.removed[2 * c]]
        return [
            f"fill {self.cursor + 1} " + "".join(COLOURS[c] for c in combo) for combo in combinations(cols, 3)
        ]

    def _fill(self, m: N.Fill) -> None:
        for c in m.colours:
            self.removed[2 * c] -= 1
            self.inside[m.casket].append(die(c, False))
        self._emit("setup", f"Casket {m.casket + 1} receives {' '.join(COLOURS[c] for c in m.colours)}.")
        self.cursor += 1
        if self.cursor == C.caskets:
            self._emit("setup", "The unused dice leave the game.")
            self._begin_round()

    # the Round Starter opens a casket
    def _cannot_open(self, m: N.Open) -> str | None:
        """A casket the starter could act at (``_openable``: A-DD5)."""
        p = m.casket
        if p in self._openable():
            return None
        if self.solo:
            return f"you could take no action at casket {p + 1} ({ITEM_NAMES[self.items[p]]})"
        if not (self.inside[p] or self.lid[p]):
            return f"casket {p + 1} is empty: the Round Starter must draft, and can draft from another casket"
        return (
            f"you could not draft from casket {p + 1} ({ITEM_NAMES[self.items[p]]}): your preparation "
            "board is full and that section has no empty space"
        )

    def _no_candle(self) -> str | None:
        return None if self.hands[self.actor][CANDLE] else "you hold no Candle token"

    def _swap_leaves_the_starter_no_draft(self, p: int, q: int) -> str | None:
        """RULES: "They must then draft a dice from that casket", "this is compulsory for
        the round starter", who "must pay with a power die from the City of the Dead
        board". A Candle swap (RULES: "Swap the position of two caskets") that moves the
        open casket gives it its new place's item (A-DD14), so it may leave the starter,
        who has not acted yet, unable to draft there: the starter could then pass, drafting
        and paying nothing. While the starter can draft at the open casket, or make the
        Marigold token's move that replaces the draft (and may have justified opening an
        empty casket, A-DD5), no swap may leave it with neither; solo, where a Move or a
        token may replace the draft, with no action at all. A starter who can already do
        nothing there owes nothing, and may swap freely. Tested on the state itself: the
        swap, the test, the swap undone (``_exchange`` is its own inverse)."""
        if self.open not in (p, q) or self.actor != self.starter or self.phase != "act":
            return None
        if self.inside[self.open] and len(self.prep[self.actor]) < PREP:
            return None  # a draft to the preparation board, wherever the casket stands
        self._exchange(p, q)
        after = self._can_act()
        self._exchange(p, q)
        if after or not self._can_act():
            return None
        n = (q if self.open == p else p) + 1
        item = ITEM_NAMES[self.items[n - 1]]
        if self.solo:
            return (
                f"at position {n} ({item}) the open casket would leave you no action, "
                "and you must act at the casket you opened"
            )
        return (
            f"the draft is compulsory for the Round Starter: at position {n} ({item}) the open casket "
            "would leave you neither a draft nor a Marigold move"
        )

    def _cannot_swap(self, m: N.Swap) -> str | None:
        """The Candle token: held, and not leaving the Round Starter without its draft."""
        return self._no_candle() or self._swap_leaves_the_starter_no_draft(m.first, m.second)

    def _open_swaps(self) -> list[str]:
        if self._no_candle():
            return []
        return [
            f"candle {a + 1} {b + 1}"
            for a, b in CANDLE_PAIRS
            if not self._swap_leaves_the_starter_no_draft(a, b)
        ]

    def _exchange(self, p: int, q: int) -> None:
        """Caskets ``p`` and ``q`` change places with the dice in and on them; the open
        casket gives its new place's item (A-DD14). Done twice, nothing changed."""
        self.inside[p], self.inside[q] = self.inside[q], self.inside[p]
        self.lid[p], self.lid[q] = self.lid[q], self.lid[p]
        if self.open in (p, q):
            self.open = q if self.open == p else p

    def _swap(self, m: N.Swap) -> None:
        p, q = m.first, m.second
        self._exchange(p, q)
        self.hands[self.actor][CANDLE] -= 1
        self._return_token(CANDLE)
        self._emit("token", f"{_p(self.actor)} plays Candle: caskets {p + 1} and {q + 1} swap places.")

    # an action at the open casket
    def _starter_drafts(self) -> bool:
        """The Round Starter must draft (RULES: Round); solo, the one player may do anything."""
        return self.actor == self.starter and not self.solo

    def _draft_dests(self) -> list[int]:
        """Where a drafted die may go: the preparation board or an empty cell of the
        casket's section, and (but for the starter, A-DD9) leaving something to pay with."""
        a = self.actor
        dests = self._dests(a, self._item())
        if self.actor == self.starter or self.solo:
            return dests
        return [x for x in dests if self._can_pay_after(a, x)]

    def _dest_problem(self, dest: int, example: str) -> str | None:
        """Why the held or drafted die cannot go to ``dest``."""
        a = self.actor
        item = self._item()
        if dest == PREP_DEST:
            if len(self.prep[a]) >= PREP:
                return f"your preparation board is full ({PREP} spaces)"
        elif dest not in SECTIONS[item]:
            return (
                f"a drafted die goes to the preparation board or an empty {ITEM_NAMES[item]} space "
                f"(cells {_cells_text(item)}): {example}"
            )
        elif self.ofrenda[a][dest] >= 0:
            return f"cell {dest + 1} is already filled: dice on the ofrenda never move"
        if not (self.actor == self.starter or self.solo or self._can_pay_after(a, dest)):
            return "placing the die there leaves you nothing to pay with"
        return None

    def _adjustable(self, a: int, d: int) -> bool:
        """Whether a Bread or Incense token of ``a`` could change the drafted die ``d``: then
        the draft is taken in two steps (``draft d``, tokens, ``place``), else in one."""
        if is_power(d):
            return False
        hand = self.hands[a]
        if hand[INCENSE]:
            return True
        if hand[BREAD]:
            f = face_of(d)
            skipped = False
            for x in self.inside[self.open]:
                if x == d and not skipped:
                    skipped = True  # the drafted die itself
                elif face_of(x) not in (f, CALAVERA):
                    return True
        return False

    def _cannot_draft(self, m: N.Draft) -> str | None:
        """Draft (RULES: Draft a die): a die of the open casket to the preparation board or
        the casket's section; when a Bread or Incense token could change it, it is drafted
        alone first (tokens, then ``place``)."""
        a = self.actor
        item = self._item()
        inside = self.inside[self.open]
        d = die_str(m.die)
        if m.die not in inside:
            return f"the open casket holds no {d} (it holds: {dice_str(inside)})"
        if not self._draft_dests():
            if not self._dests(a, item):
                return f"no room for a die: your preparation board is full and the {ITEM_NAMES[item]} section is full"
            return "you cannot pay for a draft: your supply and preparation board are empty"
        if self._adjustable(a, m.die):
            if m.dest is not None:
                return f"draft {d} alone first: a Bread or Incense token may change it, then place it"
            return None
        if m.dest is None:
            return f"say where the die goes: draft {d} to prep / draft {d} to N"
        return self._dest_problem(m.dest, f"draft {d} to prep / draft {d} to N")

    def _can_draft(self) -> bool:
        """Some die of the open casket has somewhere to go (each then lists a draft)."""
        return bool(self.inside[self.open]) and bool(self._draft_dests())

    def _open_drafts(self) -> list[str]:
        a = self.actor
        inside = self.inside[self.open]
        if not inside:
            return []
        dests = self._draft_dests()
        if not dests:
            return []
        names = ["prep" if x == PREP_DEST else str(x + 1) for x in dests]
        acts: list[str] = []
        for d in sorted(set(inside)):
            if self._adjustable(a, d):
                acts.append(f"draft {die_str(d)}")  # tokens first, then place
            else:
                acts += [f"draft {die_str(d)} to {n}" for n in names]
        return acts

    def _draft(self, m: N.Draft) -> None:
        a = self.actor
        self.inside[self.open].remove(m.die)
        self.held = m.die
        self.tokused = 0
        self._emit("draft", f"{_p(a)} drafts {die_str(m.die)} from the {ITEM_NAMES[self._item()]} casket.")
        if m.dest is None:
            self.phase = "hold"
        else:
            self._place(a, m.dest)

    def _cannot_shift(self, m: N.Shift, verb: str) -> str | None:
        """Move, or the Marigold token: a die of the preparation board to an empty cell of
        the open casket's section."""
        a = self.actor
        item = self._item()
        if m.die not in self.prep[a]:
            return f"your preparation board holds no {die_str(m.die)} (it holds: {dice_str(self.prep[a])})"
        if m.cell not in SECTIONS[item]:
            return f"a die moves to an empty {ITEM_NAMES[item]} space (cells {_cells_text(item)}): {verb} {die_str(m.die)} to N"
        if self.ofrenda[a][m.cell] >= 0:
            return f"cell {m.cell + 1} is already filled: dice on the ofrenda never move"
        return None

    def _open_shifts(self, verb: str) -> list[str]:
        a = self.actor
        prep = sorted(set(self.prep[a]))
        empty = self._empty_cells(a, self._item()) if prep else []
        return [f"{verb} {die_str(d)} to {c + 1}" for d in prep for c in empty]

    def _cannot_move(self, m: N.Shift) -> str | None:
        if self._starter_drafts():
            return (
                "the Round Starter must draft; only the other players may move a die "
                "(a Marigold token lets the starter move instead)"
            )
        return self._cannot_shift(m, "move")

    def _open_moves(self) -> list[str]:
        return [] if self._starter_drafts() else self._open_shifts("move")

    def _no_marigold(self) -> str | None:
        """The Marigold token: the Round Starter moves a die in place of the draft."""
        if self.actor != self.starter:
            return "the Marigold token is played by the Round Starter in place of the draft"
        if not self.hands[self.actor][MARIGOLD]:
            return "you hold no Marigold token"
        return None

    def _cannot_marigold(self, m: N.Shift) -> str | None:
        return self._no_marigold() or self._cannot_shift(m, "marigold")

    def _open_marigolds(self) -> list[str]:
        return [] if self._no_marigold() else self._open_shifts("marigold")

    def _shift(self, m: N.Shift, token: bool) -> None:
        a = self.actor
        self.prep[a].remove(m.die)
        self.ofrenda[a][m.cell] = m.die
        d = die_str(m.die)
        if not token:
            self._emit("move", f"{_p(a)} moves {d} from the preparation board to cell {m.cell + 1}.")
            if self.solo:
                self.phase = "remove"  # solo: a Move costs a die of the City of the Dead
            else:
                self._end_turn()
            return
        self.hands[a][MARIGOLD] -= 1
        self._return_token(MARIGOLD)
        self._emit("token", f"{_p(a)} plays Marigold: moves {d} to cell {m.cell + 1} instead of drafting.")
        if not self.solo and any(self.city):
            self.phase = "gain"
        else:
            self._end_turn()

    def _cannot_take(self, m: N.TakeToken) -> str | None:
        """Take a token of the open casket's item; with 4 tokens (the limit) discard one of
        another type first."""
        item = self._item()
        hand = self.hands[self.actor]
        if self._starter_drafts():
            return "the Round Starter cannot take a token: they must draft"
        if not self.boards[item]:
            return f"no {ITEM_NAMES[item]} token is left on its board"
        if m.discard is None:
            return (
                "you hold 4 tokens, the limit: discard one first (take discard c)"
                if sum(hand) >= LIMIT
                else None
            )
        if sum(hand) < LIMIT:
            return f"you hold fewer than {LIMIT} tokens: take without discarding"
        if not hand[m.discard] or m.discard == item:
            return "take discard X discards a token you hold, of another type than the one you take"
        return None

    def _open_takes(self) -> list[str]:
        if self._starter_drafts() or not self.boards[self._item()]:
            return []
        hand = self.hands[self.actor]
        if sum(hand) < LIMIT:
            return ["take"]
        item = self._item()
        return [f"take discard {ITEM_LETTERS[t]}" for t in range(4) if hand[t] and t != item]

    def _take(self, m: N.TakeToken) -> None:
        a = self.actor
        item = self._item()
        if m.discard is not None:
            self.hands[a][m.discard] -= 1
            self._return_token(m.discard)
            self._emit("token", f"{_p(a)} discards a {ITEM_NAMES[m.discard]} token (hand limit {LIMIT}).")
        self.boards[item] -= 1
        self.hands[a][item] += 1
        self._emit("take", f"{_p(a)} takes a {ITEM_NAMES[item]} token.")
        self._end_turn()

    def _cannot_ascend(self) -> str | None:
        """An empty casket with an empty token board: the player ascends one step instead."""
        if self.solo:
            return "the solo game has no empty-casket ascension"
        if self.actor == self.starter:
            return "the Round Starter cannot ascend: they must draft"
        if self.inside[self.open] or self.boards[self._item()]:
            return "you may ascend only when the open casket holds no dice and its token board no tokens"
        return None

    def _ascend_step(self, _: N.Word) -> None:
        """One step, no bonus (RULES); "the owner decides which square on the step the dice
        ends on" (RULES: Scoring, however the die is ascended): with a choice of squares,
        the ``rest`` decision; with one, there; with none free, or at the top (back to the
        foot), on no square (A-DD24)."""
        a = self.actor
        self.steps[a] += 1
        self.square[a] = -1
        self._emit("ascend", f"{_p(a)} finds the casket and its token board empty: ascends 1 step.")
        if self.steps[a] % NSTEPS:
            free = self._free_squares(a, self.steps[a] % NSTEPS - 1)
            if len(free) > 1:
                self.phase = "rest"
                return
            if free:
                self._rest(free[0])
                return
        self._end_turn()

    def _rest(self, q: int) -> None:
        """The square an empty-casket ascension ends on: no bonus is taken there."""
        a = self.actor
        self.square[a] = q
        self._emit(
            "step", f"{_p(a)} rests on step {self.steps[a] % NSTEPS}, square {SQUARE_LETTERS[q]} (no bonus)."
        )
        self._end_turn()

    def _square(self, m: N.Square) -> None:
        """A square chosen: where a scored ascension lands (its bonus taken), or where an
        empty-casket ascension rests."""
        if self.phase == "rest":
            self._rest(m.square)
        else:
            self._land(self.actor, m.square)

    def _can_act(self) -> bool:
        """Whether the player to act has an action at the open casket other than passing
        (and the Candle)."""
        return any(f(self) for f in _ACTING)

    def _cannot_pass(self) -> str | None:
        """Passing is for a player who can do nothing else at the open casket."""
        if self._can_act():
            return "you may pass only when no action is possible"
        return None

    def _pass(self, _: N.Word) -> None:
        self._emit("pass", f"{_p(self.actor)} can take no action and passes.")
        self._end_turn()

    # a drafted die held: tokens, then its place
    def _cannot_adjust(self, m: N.Adjust) -> str | None:
        """Bread copies the value of another die in the open casket (not a calavera);
        Incense changes it by one, 1 and 6 not wrapping; each once on a die, on a normal die."""
        t = m.token
        d = self.held
        if not self.hands[self.actor][t]:
            return f"you hold no {ITEM_NAMES[t]} token"
        if is_power(d):
            return f"the {ITEM_NAMES[t]} token changes only a non-power die"
        if self.tokused & (1 if t == BREAD else 2):
            return f"the {ITEM_NAMES[t]} token was already played on this die"
        if m.value not in self._adjusted_values(t):
            if t == BREAD:
                return "Bread copies the value of another die in the open casket (calaveras do not count)"
            return "Incense changes the value by 1 up or down; 1 and 6 do not wrap"
        return None

    def _adjusted_values(self, t: int) -> list[int]:
        f = face_of(self.held)
        if t == BREAD:
            return sorted({face_of(x) for x in self.inside[self.open]} - {f, CALAVERA})
        return [v for v in (f - 1, f + 1) if 1 <= v <= 6]

    def _open_adjusts(self, t: int, verb: str) -> list[str]:
        hand = self.hands[self.actor]
        if not hand[t] or is_power(self.held) or self.tokused & (1 if t == BREAD else 2):
            return []
        return [f"{verb} {v}" for v in self._adjusted_values(t)]

    def _adjust(self, m: N.Adjust) -> None:
        a = self.actor
        t = m.token
        old = die_str(self.held)
        self.held = (self.held & ~7) | m.value
        self.tokused |= 1 if t == BREAD else 2
        self.hands[a][t] -= 1
        self._return_token(t)
        self._emit("token", f"{_p(a)} plays {ITEM_NAMES[t]}: the drafted {old} becomes {die_str(self.held)}.")

    def _cannot_place(self, m: N.Place) -> str | None:
        return self._dest_problem(m.dest, "place prep / place N")

    def _open_places(self) -> list[str]:
        a = self.actor
        return [
            "place prep" if dest == PREP_DEST else f"place {dest + 1}"
            for dest in self._dests(a, self._item())
            if self._can_pay_after(a, dest)
        ]

    # paying for the draft
    def _cannot_pay(self, m: N.Pay) -> str | None:
        """Pay a die onto a closed casket, from where the rules say (``_pay_source``; 5
        players also a die of an incomplete section, A-DD8)."""
        if m.casket == self.open:
            return f"pay onto one of the three closed caskets, not the open casket {m.casket + 1}"
        a = self.actor
        if m.label in self._pay_labels(a):
            return None
        src = self._pay_source(a)
        if m.label.startswith("cell "):
            if not self.five:
                return "only in a 5-player game may a die from the ofrenda pay for a draft"
            return "only a die of an incomplete section may pay (and not the die just drafted)"
        if m.label.startswith("prep "):
            if src == "prep":
                return f"your preparation board holds no {m.label[5:]} to pay with (the die just drafted does not pay)"
        elif src in ("city", "supply"):
            where = "the City of the Dead" if src == "city" else "your supply"
            if src == "city" and self.actor == self.starter and not self.solo:
                return f"the Round Starter pays with a power die from the City of the Dead while it has any; it has no {kind_words(KIND_STR.index(m.label))}"
            return f"{where} has no {kind_words(KIND_STR.index(m.label))}"
        if src == "city":
            return "the Round Starter pays with a power die from the City of the Dead while it has any"
        if src == "supply":
            return "you pay with a die from your supply while it has any"
        if src == "prep":
            return (
                "your supply is empty: pay with a die from your preparation board (not the one just drafted)"
            )
        return "you have no die to pay with"

    def _open_pays(self) -> list[str]:
        closed = [q for q in range(C.caskets) if q != self.open]
        return [f"pay {lab} on {q + 1}" for lab in self._pay_labels(self.actor) for q in closed]

    def _every_pay(self) -> list[N.Pay]:
        a = self.actor
        labels = [kind_str(k) for k in range(NKINDS)]
        labels += [f"prep {die_str(d)}" for d in sorted(set(self.prep[a]))]
        labels += [f"cell {c + 1}" for c in range(NCELLS)]
        return [N.Pay(lab, q, f"pay {lab} on {q + 1}") for lab in labels for q in range(C.caskets)]

    def _pay(self, m: N.Pay) -> None:
        a = self.actor
        kind, _, rest = m.label.partition(" ")
        if kind == "prep":
            d = parse_die(rest)
            assert d is not None
            idx = next(i for i, x in enumerate(self.prep[a]) if x == d and i + FRESH_PREP != self.fresh)
            self.prep[a].pop(idx)
            k = kind_of(d)
            src = "the preparation board"
        elif kind == "cell":
            c = int(rest) - 1
            k = kind_of(self.ofrenda[a][c])
            self.ofrenda[a][c] = -1
            src = f"cell {c + 1} of the ofrenda"
        else:
            k = kind_of(parse_die(kind) or 0)
            if self._pay_source(a) == "city":
                self.city[k] -= 1
                src = "the City of the Dead"
            else:
                self.supply[a][k] -= 1
                src = "the supply"
        self.lid[m.casket].append(kind_die(k))
        self._emit("pay", f"{_p(a)} pays with a {kind_words(k)} from {src} onto casket {m.casket + 1}.")
        self._end_turn()

    # dice of the City of the Dead
    def _city_lacks(self, m: N.CityDie) -> str | None:
        return None if self.city[m.kind] else f"the City of the Dead has no {kind_words(m.kind)}"

    def _open_city(self, verb: str) -> list[str]:
        return [f"{verb} {kind_str(k)}" for k in range(NKINDS) if self.city[k]]

    def _gain(self, m: N.CityDie) -> None:
        a = self.actor
        self.city[m.kind] -= 1
        self.supply[a][m.kind] += 1
        self._emit("gain", f"{_p(a)} adds a {kind_words(m.kind)} from the City of the Dead to the supply.")
        self._end_turn()

    def _remove(self, m: N.CityDie) -> None:
        self.city[m.kind] -= 1
        self.removed[m.kind] += 1
        self._emit("remove", f"The move costs a {kind_words(m.kind)} from the City of the Dead.")
        self._end_turn()

    # the scoring steps
    def _cannot_score(self, m: N.Score) -> str | None:
        """Completed sections score one at a time, in the order the player chooses."""
        if m.section in self._pending(self.actor):
            return None
        name = ITEM_NAMES[m.section]
        if self.scored[self.actor][m.section]:
            return f"the {name} section is scored already"
        return f"the {name} section is not complete"

    def _score(self, m: N.Score) -> None:
        if not self._score_section(self.actor, m.section):
            self._scoring_step()

    def _square_taken(self, m: N.Square) -> str | None:
        """With exclusive squares, a square another scoring die stands on is taken."""
        land = (self.steps[self.actor] - 1) % NSTEPS
        if m.square in self._free_squares(self.actor, land):
            return None
        return "that square is taken by another scoring die"

    def _open_squares(self) -> list[str]:
        land = (self.steps[self.actor] - 1) % NSTEPS
        return [f"square {SQUARE_LETTERS[q]}" for q in self._free_squares(self.actor, land)]

    def _bonus_is_not(self, b: int) -> str | None:
        if self.bonus == b or (b < 4 and self.bonus < 4):
            return None
        return f"this step's bonus is {BONUS_NAMES[self.bonus]}"

    def _cannot_trade_token(self, m: N.TokenOut) -> str | None:
        """A token bonus at the hand limit: a token of another type out, then the bonus."""
        why = self._bonus_is_not(0)
        if why is not None:
            return why
        if not self.hands[self.actor][m.token]:
            return f"you hold no {ITEM_NAMES[m.token]} token"
        if m.token == self.bonus:
            return f"discard a token of another type than the {ITEM_NAMES[self.bonus]} token you gain"
        return None

    def _open_token_outs(self) -> list[str]:
        b = self.bonus
        if b >= 4:
            return []
        return [f"discard {ITEM_LETTERS[t]}" for t in range(4) if self.hands[self.actor][t] and t != b]

    def _token_out(self, m: N.TokenOut) -> None:
        a = self.actor
        self.hands[a][m.token] -= 1
        self._return_token(m.token)
        self._gain_token(a, self.bonus)
        self._after_bonus()

    def _calavera_targets(self, s: int) -> tuple[list[int], list[int]]:
        """Power dice not on their calavera: on the preparation board, or in a cell of a
        section not yet scored (a scored section is never re-scored; A-DD25)."""
        prep = sorted({d for d in self.prep[s] if is_power(d) and face_of(d) != CALAVERA})
        cells = self.ofrenda[s]
        sc = self.scored[s]
        cs = [
            c
            for c in range(NCELLS)
            if cells[c] >= 0
            and is_power(cells[c])
            and face_of(cells[c]) != CALAVERA
            and any(not sc[sec] for sec in CELL_SECTIONS[c])
        ]
        return prep, cs

    def _cannot_calavera(self, m: N.Calavera) -> str | None:
        why = self._bonus_is_not(BONUS_CALAVERA)
        if why is not None:
            return why
        prep, cells = self._calavera_targets(self.actor)
        if (m.die is not None and m.die in prep) or (m.cell is not None and m.cell in cells):
            return None
        return (
            "the Calavera bonus turns one of your power dice not on its calavera, on the "
            "preparation board or in a section not yet scored"
        )

    def _open_calaveras(self) -> list[str]:
        if self.bonus != BONUS_CALAVERA:
            return []
        prep, cells = self._calavera_targets(self.actor)
        return [f"calavera {die_str(d)}" for d in prep] + [f"calavera {c + 1}" for c in cells]

    def _calavera(self, m: N.Calavera) -> None:
        a = self.actor
        if m.cell is not None:
            self.ofrenda[a][m.cell] |= CALAVERA
            where = f"in cell {m.cell + 1}"
        else:
            assert m.die is not None
            self.prep[a][self.prep[a].index(m.die)] = m.die | CALAVERA
            where = "on the preparation board"
        shown = m.text.split()[1]
        self._emit("bonus", f"{_p(a)} turns the power die {shown} {where} to its calavera: it is wild.")
        self._after_bonus()

    def _cannot_set_face(self, m: N.Face) -> str | None:
        why = self._bonus_is_not(BONUS_FACE)
        if why is not None:
            return why
        if is_power(m.die) or m.die not in self.prep[self.actor] or m.face == face_of(m.die):
            return "Set a face changes a non-power die on your preparation board to another face"
        return None

    def _open_faces(self) -> list[str]:
        if self.bonus != BONUS_FACE:
            return []
        acts: list[str] = []
        for d in sorted({d for d in self.prep[self.actor] if not is_power(d)}):
            acts += [f"face {die_str(d)} {f}" for f in range(1, 7) if f != face_of(d)]
        return acts

    def _set_face(self, m: N.Face) -> None:
        a = self.actor
        self.prep[a][self.prep[a].index(m.die)] = (m.die & ~7) | m.face
        self._emit("bonus", f"{_p(a)} sets the prepared {die_str(m.die)} to {m.face}.")
        self._after_bonus()

    def _skip(self, _: N.Word) -> None:
        self._emit("bonus", f"{_p(self.actor)} declines the bonus.")
        self._after_bonus()

    def _not_held(self, m: N.TokenSet) -> str | None:
        """A set of 3 or 4 different tokens discarded for steps."""
        for t in m.tokens:
            if not self.hands[self.actor][t]:
                return f"you hold no {ITEM_NAMES[t]} token"
        return None

    def _open_token_sets(self) -> list[str]:
        held = [t for t in range(4) if self.hands[self.actor][t]]
        acts = ["discard " + "".join(ITEM_LETTERS[t] for t in combo) for combo in combinations(held, 3)]
        if len(held) == 4:
            acts.append("discard " + ITEM_LETTERS)
        return acts

    def _token_set(self, m: N.TokenSet) -> None:
        a = self.actor
        for t in m.tokens:
            self.hands[a][t] -= 1
            self._return_token(t)
        k = TOKEN_SET_STEPS[len(m.tokens)]
        letters = " ".join(ITEM_LETTERS[t] for t in m.tokens)
        self._emit("discard", f"{_p(a)} discards {letters} tokens to ascend {counted(k, 'step')}.")
        if not self._ascend(a, k):
            self._scoring_step()

    def _done(self, _: N.Word) -> None:
        self.discarded = True
        self._scoring_step()

    ACTIONS = Actions(
        Kind("put", "put <die> in <casket>", N.parse_put, _cannot_put, _open_puts, _put,
             lambda s: [N.Put(k, p, f"put {kind_str(k)} in {p + 1}") for k in N.KINDS for p in range(C.caskets)],
             phases=("put",), closed=_needs),
        Kind("fill", "fill <casket> <colours>", N.parse_fill, _cannot_fill, _open_fills, _fill,
             lambda s: [N.Fill(p, cs, f"fill {p + 1} {''.join(COLOURS[c] for c in cs)}")
                        for p in range(C.caskets) for cs in combinations(range(len(COLOURS)), 3)],
             phases=("fill",), closed=_needs),
        Kind("open", "open <casket>", N.parse_open, _cannot_open,
             lambda s: [f"open {p + 1}" for p in s._openable()], lambda s, m: s._open(m.casket),
             lambda s: [N.Open(p, f"open {p + 1}") for p in range(C.caskets)],
             phases=("open",), closed=_needs),
        Kind("draft", "draft <die> [to <cell>|to prep]", N.parse_draft, _cannot_draft, _open_drafts, _draft,
             lambda s: [N.Draft(d, dest, f"draft {die_str(d)}" if dest is None else
                                f"draft {die_str(d)} to {'prep' if dest == PREP_DEST else dest + 1}")
                        for d in sorted(set(s.inside[s.open]))
                        for dest in (None, PREP_DEST, *range(NCELLS))],
             phases=("act",), closed=_needs),
        Kind("move", "move <die> to <cell>", N.parse_shift("move"), _cannot_move, _open_moves,
             lambda s, m: s._shift(m, False),
             lambda s: [N.Shift(d, c, f"move {die_str(d)} to {c + 1}")
                        for d in sorted(set(s.prep[s.actor])) for c in range(NCELLS)],
             phases=("act",), closed=_needs),
        Kind("marigold", "marigold <die> to <cell>", N.parse_shift("marigold"), _cannot_marigold,
             _open_marigolds, lambda s, m: s._shift(m, True),
             lambda s: [N.Shift(d, c, f"marigold {die_str(d)} to {c + 1}")
                        for d in sorted(set(s.prep[s.actor])) for c in range(NCELLS)],
             phases=("act",), closed=_needs),
        Kind("take", "take [discard <token>]", N.parse_take, _cannot_take, _open_takes, _take,
             lambda s: [N.TakeToken(None, "take"),
                        *(N.TakeToken(t, f"take discard {ITEM_LETTERS[t]}") for t in range(4))],
             phases=("act",), closed=_needs),
        Kind("ascend", "ascend", N.parse_word(N.ASCEND), lambda s, m: s._cannot_ascend(),
             lambda s: [] if s._cannot_ascend() else ["ascend"], _ascend_step, lambda s: [N.ASCEND],
             phases=("act",), closed=_needs),
        Kind("pass", "pass", N.parse_word(N.PASS), lambda s, m: s._cannot_pass(),
             lambda s: ["pass"], _pass, lambda s: [N.PASS],
             phases=("act",), closed=_needs, fallback=True),
        Kind("candle", "candle <casket> <casket>", N.parse_swap, _cannot_swap, _open_swaps,
             _swap, lambda s: [N.Swap(a, b, f"candle {a + 1} {b + 1}") for a, b in CANDLE_PAIRS],
             phases=("open", "act"), closed=_needs),
        Kind("bread", "bread <value>", N.parse_adjust(BREAD, "bread"), _cannot_adjust,
             lambda s: s._open_adjusts(BREAD, "bread"), _adjust,
             lambda s: [N.Adjust(BREAD, v, f"bread {v}") for v in range(1, 7)],
             phases=("hold",), closed=_needs),
        Kind("incense", "incense <value>", N.parse_adjust(INCENSE, "incense"), _cannot_adjust,
             lambda s: s._open_adjusts(INCENSE, "incense"), _adjust,
             lambda s: [N.Adjust(INCENSE, v, f"incense {v}") for v in range(1, 7)],
             phases=("hold",), closed=_needs),
        Kind("place", "place <cell>|place prep", N.parse_place, _cannot_place, _open_places,
             lambda s, m: s._place(s.actor, m.dest),
             lambda s: [N.Place(d, "place prep" if d == PREP_DEST else f"place {d + 1}")
                        for d in (PREP_DEST, *range(NCELLS))],
             phases=("hold",), closed=_needs),
        Kind("pay", "pay <die> on <casket>", N.parse_pay, _cannot_pay, _open_pays, _pay, _every_pay,
             phases=("pay",), closed=_needs),
        Kind("gain", "gain <die>", N.parse_city("gain"), _city_lacks, lambda s: s._open_city("gain"), _gain,
             lambda s: [N.CityDie(k, f"gain {kind_str(k)}") for k in N.KINDS],
             phases=("gain",), closed=_needs),
        Kind("remove", "remove <die>", N.parse_city("remove"), _city_lacks, lambda s: s._open_city("remove"),
             _remove, lambda s: [N.CityDie(k, f"remove {kind_str(k)}") for k in N.KINDS],
             phases=("remove",), closed=_needs),
        Kind("score", "score <section>", N.parse_score, _cannot_score,
             lambda s: [f"score {ITEM_NAMES[i].lower()}" for i in s._pending(s.actor)], _score,
             lambda s: [N.Score(i, f"score {ITEM_NAMES[i].lower()}") for i in range(4)],
             phases=("score",), closed=_needs),
        Kind("square", "square <a-d>", N.parse_square, _square_taken, _open_squares, _square,
             lambda s: [N.Square(q, f"square {SQUARE_LETTERS[q]}") for q in range(NSQ)],
             phases=("land", "rest"), closed=_needs),
        Kind("discard", "discard <token>", N.parse_token_out, _cannot_trade_token, _open_token_outs,
             _token_out, lambda s: [N.TokenOut(t, f"discard {ITEM_LETTERS[t]}") for t in range(4)],
             phases=("bonus",), closed=_needs),
        Kind("calavera", "calavera <die>|calavera <cell>", N.parse_calavera, _cannot_calavera,
             _open_calaveras, _calavera,
             lambda s: [*(N.Calavera(d, None, f"calavera {die_str(d)}") for d in sorted(set(s.prep[s.actor]))),
                        *(N.Calavera(None, c, f"calavera {c + 1}") for c in range(NCELLS))],
             phases=("bonus",), closed=_needs),
        Kind("face", "face <die> <value>", N.parse_face, _cannot_set_face, _open_faces, _set_face,
             lambda s: [N.Face(d, f, f"face {die_str(d)} {f}")
                        for d in sorted(set(s.prep[s.actor])) for f in range(1, 7)],
             phases=("bonus",), closed=_needs),
        Kind("skip", "skip", N.parse_word(N.SKIP), lambda s, m: None, lambda s: ["skip"], _skip,
             lambda s: [N.SKIP], phases=("bonus",), closed=_needs),
        Kind("discard", "discard <tokens>", N.parse_token_set, _not_held, _open_token_sets, _token_set,
             lambda s: [N.TokenSet(ts, "discard " + "".join(ITEM_LETTERS[t] for t in ts))
                        for ts in [*combinations(range(4), 3), tuple(range(4))]],
             phases=("discard",), closed=_needs),
        Kind("done", "done", N.parse_word(N.DONE), lambda s, m: None, lambda s: ["done"], _done,
             lambda s: [N.DONE], phases=("discard",), closed=_needs),
        phase=attrgetter("phase"),
        unread=_unread,
    )  # fmt: skip

    def _open(self, p: int) -> None:
        a = self.actor
        ins = self.inside[p]
        ins.extend(self.lid[p])
        self.lid[p] = []
        rng = self.rng
        for i, d in enumerate(ins):
            f = rng.roll()
            ins[i] = (d & ~7) | (POWER_FACES[f - 1] if is_power(d) else f)
        self.open = p
        self.phase = "act"
        self._emit(
            "open",
            f"{_p(a)} opens casket {p + 1} ({ITEM_NAMES[self.items[p]]}) and rolls: {dice_str(ins)}.",
        )

    def _place(self, a: int, dest: int) -> None:
        d = self.held
        if dest == PREP_DEST:
            self.prep[a].append(d)
            self.fresh = FRESH_PREP + len(self.prep[a]) - 1
            text = "on the preparation board"
        else:
            c = dest
            self.ofrenda[a][c] = d
            self.fresh = c
            text = f"in cell {c + 1} of the ofrenda"
        self.held = -1
        self._emit("place", f"{_p(a)} places {die_str(d)} {text}.")
        if self._pay_labels(a):
            self.phase = "pay"
        else:  # A-DD9: the starter must draft even with nothing left to pay with
            self._emit("pay", f"{_p(a)} has no die to pay with and pays nothing.")
            self._end_turn()

    def _land(self, s: int, q: int) -> None:
        land = (self.steps[s] - 1) % NSTEPS
        b = SQUARE_BONUS[land][q]
        self.square[s] = q if self.steps[s] % NSTEPS else -1  # step 9: back to the foot, face +1
        name = "no bonus" if b < 0 else BONUS_NAMES[b]
        self._emit("step", f"{_p(s)} lands on step {land + 1}, square {SQUARE_LETTERS[q]} ({name}).")
        if self.steps[s] % NSTEPS == 0:
            self._emit(
                "step", f"{_p(s)}'s scoring die reaches the top: it shows {1 + self.steps[s] // NSTEPS}."
            )
        if b < 0 or not self._bonus_needs_choice(s, b):
            self._scoring_step()
        else:
            self.bonus = b
            self.phase = "bonus"

    def _bonus_needs_choice(self, s: int, b: int) -> bool:
        """Resolve a bonus that needs no choice; True when the player must decide."""
        if b < 4:
            if not self.boards[b]:
                self._emit("bonus", f"No {ITEM_NAMES[b]} token is left: no bonus.")
                return False
            if sum(self.hands[s]) < LIMIT:
                self._gain_token(s, b)
                return False
            if any(self.hands[s][t] for t in range(4) if t != b):
                return True  # hand full: discard one first, or decline
            self._emit("bonus", f"{_p(s)}'s hand is full of {ITEM_NAMES[b]} tokens: no bonus.")
            return False
        if b == BONUS_CALAVERA:
            prep, cells = self._calavera_targets(s)
            ok = bool(prep or cells)
        else:
            ok = any(not is_power(d) for d in self.prep[s])
        if not ok:
            self._emit("bonus", f"{_p(s)} has no die for the {BONUS_NAMES[b]} bonus.")
        return ok

    def _gain_token(self, s: int, t: int) -> None:
        self.boards[t] -= 1
        self.hands[s][t] += 1
        self._emit("bonus", f"{_p(s)} gains a {ITEM_NAMES[t]} token.")

    def _after_bonus(self) -> None:
        self.bonus = -1
        self._scoring_step()

    # --------------------------------------------------------------- reports
    def status(self) -> str:
        ph = self.phase
        if ph == "over":
            return f"Game over ({self.end}). {self._result_line()}"
        who = _p(self.actor)
        if ph == "open":
            return f"{who} (Round Starter) to open a casket"
        if ph == "act":
            item = ITEM_NAMES[self._item()]
            role = "to draft (Round Starter)" if self.actor == self.starter and not self.solo else "to act"
            return f"{who} {role} at casket {self.open + 1} ({item})"
        texts = {
            "hold": f"to place the drafted {die_str(self.held)}" if self.held >= 0 else "to place",
            "pay": "to pay for the drafted die onto a closed casket",
            "gain": "to take a power die from the City of the Dead (Marigold)",
            "remove": "to remove a die from the City of the Dead (the cost of a Move)",
            "score": "to choose which completed section to score first",
            "land": f"to choose a square on step {(self.steps[self.actor] - 1) % NSTEPS + 1}",
            "rest": f"to choose the square of step {(self.steps[self.actor] - 1) % NSTEPS + 1} to rest on (no bonus)",
            "bonus": f"to resolve the {BONUS_NAMES[self.bonus]} bonus" if self.bonus >= 0 else "bonus",
            "discard": "to discard token sets for steps, or be done",
            "put": f"to put a die in casket {self.cursor % C.caskets + 1} (setup)",
            "fill": f"to choose three colours for casket {self.cursor + 1} (solo setup)",
        }
        return f"{who} {texts.get(ph, ph)}"

    def scores(self) -> list[float]:
        return [float(t) for t in self.steps]

    def winners(self) -> list[int]:
        """Most steps; tie: most tokens in hand; still tied: a shared win (RULES)."""
        if not self.over:
            return []
        key = [(self.steps[s], sum(self.hands[s])) for s in range(self.players)]
        best = max(key)
        return [s for s in range(self.players) if key[s] == best]

    # The score sheet of ``result()``: each in scoring.py.
    _categories = scoring.categories
    _tie_breaks = scoring.tie_breaks
    _solo_rating = scoring.solo_rating

    # ------------------------------------------------------------- information
    # What a seat may know (views.py: all but the setup dice other seats have put in
    # secret, which ``_redraw_hidden`` draws again), the integrity checks (checks.py), the
    # figures designers read (scoring.py): each in the file named for it.
    _view = views.view
    census = checks.census
    _validate = checks.validate
    stats = scoring.stats


PHASE_NEEDS = {
    "put": "setup: put a die from your supply into the next casket (put r in 1)",
    "fill": "solo setup: choose three different colours for the next casket (fill 1 rgb)",
    "open": "the Round Starter first opens a casket (open 1-4), possibly after playing a Candle token",
    "act": "it is time for your action at the open casket (draft, move, take, ascend, a token)",
    "hold": "you hold a drafted die: place it (place prep, place N), Bread/Incense first if you wish",
    "pay": "pay for the drafted die first: a die onto one of the closed caskets (pay ... on N)",
    "gain": "the Marigold token gives a power die from the City of the Dead: choose its colour (gain r*)",
    "remove": "a solo Move costs a die of the City of the Dead: choose which (remove r)",
    "score": "choose which completed section to score first (score bread)",
    "land": "choose the square on your landing step (square a-d)",
    "rest": "choose the square your scoring die rests on after the empty-casket ascension (square a-d)",
    "bonus": "resolve the step bonus (or skip)",
    "discard": "discard 3 or 4 different tokens to ascend (discard cmb), or done",
    "over": "the game is over",
}


def _cells_text(item: int) -> str:
    return ", ".join(str(c + 1) for c in SECTIONS[item])


_ACTING: tuple[Callable[[DieOfTheDeadState], object], ...] = (
    DieOfTheDeadState._open_takes,
    lambda s: [] if s._cannot_ascend() else ["ascend"],
    DieOfTheDeadState._open_moves,
    DieOfTheDeadState._open_marigolds,
    DieOfTheDeadState._can_draft,
)
"""The listings of the actions at the open casket other than passing (and the Candle),
the cheapest first: passing asks whether any lists a move."""


class DieOfTheDeadGame(Game):
    id = "die-of-the-dead"
    title = "Die of the Dead: The Ofrenda Variant"
    min_players = 1
    max_players = 5
    state_class = DieOfTheDeadState
    view_type = DieOfTheDeadView
    order = 2
    hidden_information = True
    summary = (
        "Draft dice from four rolling caskets to fill your ofrenda with bread, candles, "
        "marigolds and incense in the right colour and number patterns; each completed "
        "section climbs your scoring die up the nine marigold steps, whose squares give "
        "tokens and dice tricks. Pay for every die with a die onto a closed casket. "
        "2-5 players, or solo against the puzzle (18 steps is perfect)."
    )
    options: ClassVar[tuple[Option, ...]] = (
        Option(
            "exclusive_squares",
            False,
            "a step square holding another player's scoring die cannot be chosen (A-DD12)",
        ),
        Option(
            "same_urns",
            False,
            "every ofrenda board has the rules' example urns, Blue 2 and Red 5 (B-DD3)",
        ),
    )

    def _check_option_combination(self, players: int, options: dict[str, Any]) -> None:
        from muertos.engine import InvalidOptions

        if players == 1 and options["exclusive_squares"]:
            raise InvalidOptions(
                "exclusive_squares needs 2 or more players: the solo game has one scoring die"
            )

    def hides_information(self, players: int) -> bool:
        """Only the setup dice of 2-4 players are chosen in secret (A-DD22): 5 players put
        their own colour, the solo player fills the caskets alone."""
        return 2 <= players <= 4

    def reconstructed(self) -> list[str]:
        return list(C.reconstructed)

    def catalog(self) -> dict[str, Any]:
        from .components import catalog

        return catalog()
