"""State and rules of Die of the Dead: The Ofrenda Variant (2-5 players and solo).

References in comments: "RULES" is the variant's rulebook, "spec Cn/b.n" the resolutions of
``shared/specs/die-of-the-dead.md``. Decisions are taken one at a time by the seat named by
``to_move``; the phases of a round are:

``open`` (round starter picks a casket) -> ``act`` (each player in turn, starter first) with
sub-steps ``hold`` (a drafted die: Bread/Incense tokens, then where to place it), ``pay``
(a die onto a closed casket), ``gain`` (Marigold token: a power die from the City) and
``remove`` (solo: the City die a Move costs) -> scoring (``score`` which section first,
``land`` which square, ``bonus`` its target, ``discard`` token sets) -> casket shift and
end check. Setup decisions are ``put`` (2-4 players: colours into caskets) and ``fill``
(solo: three colours per casket).

Nothing is hidden: tokens in hand, supplies, caskets' contents (they are filled in view of
everyone, and their faces are rolled again on opening) are public. Only future rolls are
unknown, which ``determinize`` covers by reseeding the generator.
"""

from __future__ import annotations

from itertools import chain, combinations
from typing import Any, ClassVar

from muertos.engine import CorruptState, Game, Option, State

from .components import CALAVERA, COMPONENTS
from .notation import (
    COLOURS,
    ITEM_LETTERS,
    ITEM_NAMES,
    colour_of,
    dice_str,
    die,
    die_str,
    face_of,
    is_power,
    item_of_word,
    kind_die,
    kind_of,
    kind_str,
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
CANDLE_PAIRS = [(a, b) for a in range(C.caskets) for b in range(a + 1, C.caskets)]
CENSUS_KEYS = [f"dice {kind_str(k)}" for k in range(NKINDS)]
PREP_DEST = -1
FRESH_PREP = 100
"""``fresh`` holds the cell of the die just placed, or FRESH_PREP + its preparation index."""


def _p(seat: int) -> str:
    return f"Player {seat + 1}"


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
        "steps",
        "square",
        "held",
        "fresh",
        "tokused",
        "bonus",
        "discarded",
        "any_scored",
        "placed",
        "idle",
        "end",
    )
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
    steps: list[int]
    square: list[int]
    held: int
    fresh: int
    tokused: int
    bonus: int
    discarded: bool
    any_scored: bool
    placed: bool
    idle: int
    end: str

    # ------------------------------------------------------------------ setup
    def _setup(self) -> None:
        n = self.players
        solo = n == 1
        self.round = 1
        self.open = -1
        self.items = list(range(4))
        self.rng.shuffle(self.items)  # "the order doesn't matter": a random order (spec b.1)
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
        self.steps = [0] * n
        self.square = [-1] * n
        self.held = -1
        self.fresh = -1
        self.tokused = 0
        self.bonus = -1
        self.discarded = False
        self.any_scored = False
        self.placed = False
        self.idle = 0
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
        self._roll_for_start()
        if n == 5:
            for s in range(n):
                for p in range(C.caskets):
                    self.supply[s][2 * s] -= 1
                    self.inside[p].append(die(s, False))
            self._emit("setup", "Each player puts one die of their colour in each casket.")
            self._begin_round()
        else:
            self.phase = "put"
            self.actor = self.starter

    def _roll_for_start(self) -> None:
        """Each player rolls two dice; the highest total starts (ties roll again, spec b.6)."""
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
        cells = self.ofrenda[s]
        return all(cells[c] >= 0 for c in SECTIONS[sec])

    def _completed(self, s: int) -> int:
        return sum(self._complete(s, i) for i in range(4))

    def _dests(self, s: int, item: int) -> list[int]:
        out = [PREP_DEST] if len(self.prep[s]) < PREP else []
        return out + self._empty_cells(s, item)

    def _payable_cells(self, s: int, extra: int = -1) -> list[int]:
        """5 players: cells whose die may pay, every section through them being incomplete
        (``extra`` counted as filled, the fresh die excluded; spec C9)."""
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
            return True  # solo: the City is never empty mid-game; starter: spec C10
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

    def _openable(self) -> list[int]:
        """Caskets the starter may open (spec C6, C10; Marigold: any casket)."""
        a = self.starter
        hand = self.hands[a]
        prep = self.prep[a]
        out = []
        for p in range(C.caskets):
            item = self.items[p]
            full = bool(self.inside[p] or self.lid[p])
            empty = self._empty_cells(a, item)
            draft = full and (len(prep) < PREP or empty)
            move = prep and empty and (self.solo or hand[MARIGOLD])  # Move, or Marigold token
            if draft or move or (self.solo and self.boards[item]):  # solo may take a token
                out.append(p)
        if not out:
            out = [p for p in range(C.caskets) if self.inside[p] or self.lid[p]] or list(range(C.caskets))
        return out

    def _distinct(self, s: int) -> int:
        return sum(1 for x in self.hands[s] if x)

    def _return_token(self, t: int) -> None:
        """A played or discarded token goes back to its board (solo: out of the game)."""
        if self.solo:
            self.spent += 1
        else:
            self.boards[t] += 1

    def _pending(self, s: int) -> list[int]:
        return [i for i in range(4) if not self.scored[s][i] and self._complete(s, i)]

    def _section_value(self, s: int, sec: int) -> int:
        cells = self.ofrenda[s]
        dice = [cells[c] for c in SECTIONS[sec]]
        cols = [colour_of(d) for d in dice]
        vals = [WILD if face_of(d) == CALAVERA else face_of(d) for d in dice]
        board = C.boards[0 if self.options["same_urns"] else s]
        return section_score(sec, cols, vals, board.urns if sec == INCENSE else ())

    def _rating(self) -> str:
        t = self.steps[0]
        if t >= C.solo_perfect:
            return "a perfect score"
        if t >= C.solo_good:
            return "a good score"
        return "below a good score"

    # ------------------------------------------------------------------ flow
    @property
    def to_move(self) -> int | None:
        return None if self.phase == "over" else self.actor

    def _begin_round(self) -> None:
        self.phase = "open"
        self.actor = self.starter
        self.acted = 0
        self.placed = False
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
        sets (spec b.8). Stops at the next decision."""
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
        self.any_scored = True
        dice = " ".join(die_str(self.ofrenda[s][c]) for c in SECTIONS[sec])
        self._emit("score", f"{_p(s)} scores the {ITEM_NAMES[sec]} section ({dice}): {k} step(s).")
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
        self.idle = 0 if self.placed else self.idle + 1
        need = 3 if self.five else 4  # RULES: 5 players end after 3 of the 4 sections
        done = [s for s in range(n) if self._completed(s) >= need]
        if self.solo and not sum(self.city):
            self.end = "the City of the Dead is empty"
        elif done:
            self.end = (
                f"{', '.join(_p(s) for s in done)} completed {'3 sections' if need == 3 else 'the ofrenda'}"
            )
        elif not self.solo and self.idle >= C.idle_rotations * n:
            self.end = f"no die reached any ofrenda for {self.idle} rounds (safety stop)"
        if self.end:
            self.phase = "over"
            self.actor = -1
            self._emit("end", f"Game over: {self.end}. " + self._result_line())
            return
        if not self.solo:
            self.starter = (self.starter + 1) % n  # spec C1: the marker passes clockwise
        self.round += 1
        self._begin_round()

    def _result_line(self) -> str:
        if self.solo:
            return (
                f"You ascended {self.steps[0]} steps: {self._rating()} "
                f"({C.solo_perfect} is perfect, {C.solo_good} is good)."
            )
        w = self.winners()
        steps = ", ".join(f"{_p(s)} {t}" for s, t in enumerate(self.steps))
        return f"Steps: {steps}. " + ("Winner: " if len(w) == 1 else "Shared win: ") + ", ".join(map(_p, w))

    # ----------------------------------------------------------------- legal
    def _legal_actions(self) -> list[str]:
        ph = self.phase
        if ph == "act":
            return self._act_actions()
        if ph == "hold":
            return self._hold_actions()
        if ph == "pay":
            closed = [q for q in range(C.caskets) if q != self.open]
            return [f"pay {lab} on {q + 1}" for lab in self._pay_labels(self.actor) for q in closed]
        if ph == "open":
            return [f"open {p + 1}" for p in self._openable()] + self._candle_actions()
        if ph == "land":
            land = (self.steps[self.actor] - 1) % NSTEPS
            return [f"square {SQUARE_LETTERS[q]}" for q in self._free_squares(self.actor, land)]
        if ph == "bonus":
            return self._bonus_actions()
        if ph == "discard":
            held = [t for t in range(4) if self.hands[self.actor][t]]
            acts = ["discard " + "".join(ITEM_LETTERS[t] for t in combo) for combo in combinations(held, 3)]
            if len(held) == 4:
                acts.append("discard " + ITEM_LETTERS)
            return [*acts, "done"]
        if ph == "score":
            return [f"score {ITEM_NAMES[i].lower()}" for i in self._pending(self.actor)]
        if ph == "gain":
            return [f"gain {kind_str(k)}" for k in range(NKINDS) if self.city[k]]
        if ph == "remove":
            return [f"remove {kind_str(k)}" for k in range(NKINDS) if self.city[k]]
        if ph == "put":
            p = self.cursor % C.caskets
            return [
                f"put {kind_str(k)} in {p + 1}" for k in range(0, NKINDS, 2) if self.supply[self.actor][k]
            ]
        if ph == "fill":
            cols = [c for c in range(5) if self.removed[2 * c]]
            return [
                f"fill {self.cursor + 1} " + "".join(COLOURS[c] for c in combo)
                for combo in combinations(cols, 3)
            ]
        return []

    def _candle_actions(self) -> list[str]:
        if not self.hands[self.actor][CANDLE]:
            return []
        return [f"candle {a + 1} {b + 1}" for a, b in CANDLE_PAIRS]

    def _act_actions(self) -> list[str]:
        a = self.actor
        st = a == self.starter
        solo = self.solo
        item = self._item()
        hand = self.hands[a]
        inside = self.inside[self.open]
        acts: list[str] = []
        if inside:
            dests = self._dests(a, item)
            if not (st or solo):
                dests = [x for x in dests if self._can_pay_after(a, x)]
            if dests:
                names = ["prep" if x == PREP_DEST else str(x + 1) for x in dests]
                for d in sorted(set(inside)):
                    if self._adjustable(a, d):
                        acts.append(f"draft {die_str(d)}")  # tokens first, then place
                    else:
                        acts += [f"draft {die_str(d)} to {n}" for n in names]
        prep = sorted(set(self.prep[a]))
        empty = self._empty_cells(a, item)
        if prep and empty:
            if solo or not st:
                acts += [f"move {die_str(d)} to {c + 1}" for d in prep for c in empty]
            if st and hand[MARIGOLD]:
                acts += [f"marigold {die_str(d)} to {c + 1}" for d in prep for c in empty]
        if (solo or not st) and self.boards[item]:
            if sum(hand) < LIMIT:
                acts.append("take")
            else:
                acts += [f"take discard {ITEM_LETTERS[t]}" for t in range(4) if hand[t] and t != item]
        if not st and not solo and not inside and not self.boards[item]:
            acts.append("ascend")
        if not acts:
            acts.append("pass")
        return acts + self._candle_actions()

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

    def _hold_actions(self) -> list[str]:
        a = self.actor
        d = self.held
        hand = self.hands[a]
        acts: list[str] = []
        if not is_power(d):
            f = face_of(d)
            if hand[BREAD] and not self.tokused & 1:
                vals = {face_of(x) for x in self.inside[self.open]} - {f, CALAVERA}
                acts += [f"bread {v}" for v in sorted(vals)]
            if hand[INCENSE] and not self.tokused & 2:
                acts += [f"incense {v}" for v in (f - 1, f + 1) if 1 <= v <= 6]
        for dest in self._dests(a, self._item()):
            if self._can_pay_after(a, dest):
                acts.append("place prep" if dest == PREP_DEST else f"place {dest + 1}")
        return acts

    def _calavera_targets(self, s: int) -> tuple[list[int], list[int]]:
        """Power dice not on their calavera: on the preparation board, or in a cell of a
        section not yet scored (a scored section is never re-scored; spec b.4)."""
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

    def _bonus_actions(self) -> list[str]:
        s = self.actor
        b = self.bonus
        acts: list[str] = []
        if b < 4:
            acts = [f"discard {ITEM_LETTERS[t]}" for t in range(4) if self.hands[s][t] and t != b]
        elif b == BONUS_CALAVERA:
            prep, cells = self._calavera_targets(s)
            acts = [f"calavera {die_str(d)}" for d in prep] + [f"calavera {c + 1}" for c in cells]
        else:
            for d in sorted({d for d in self.prep[s] if not is_power(d)}):
                acts += [f"face {die_str(d)} {f}" for f in range(1, 7) if f != face_of(d)]
        return [*acts, "skip"]

    # ----------------------------------------------------------------- apply
    def _apply(self, action: str) -> None:
        w = action.split()
        verb = w[0]
        a = self.actor
        if verb == "draft":
            d = parse_die(w[1])
            assert d is not None
            self.inside[self.open].remove(d)
            self.held = d
            self.tokused = 0
            self._emit("draft", f"{_p(a)} drafts {w[1]} from the {ITEM_NAMES[self._item()]} casket.")
            if len(w) == 4:
                self._place(a, w[3])
            else:
                self.phase = "hold"
        elif verb == "place":
            self._place(a, w[1])
        elif verb == "pay":
            self._pay(a, w)
        elif verb == "open":
            self._open(int(w[1]) - 1)
        elif verb == "move" or verb == "marigold":
            d = parse_die(w[1])
            assert d is not None
            c = int(w[3]) - 1
            self.prep[a].remove(d)
            self.ofrenda[a][c] = d
            self.placed = True
            if verb == "move":
                self._emit("move", f"{_p(a)} moves {w[1]} from the preparation board to cell {c + 1}.")
                if self.solo:
                    self.phase = "remove"  # solo: a Move costs a die of the City of the Dead
                else:
                    self._end_turn()
            else:
                self.hands[a][MARIGOLD] -= 1
                self._return_token(MARIGOLD)
                self._emit(
                    "token", f"{_p(a)} plays Marigold: moves {w[1]} to cell {c + 1} instead of drafting."
                )
                if not self.solo and any(self.city):
                    self.phase = "gain"
                else:
                    self._end_turn()
        elif verb == "take":
            item = self._item()
            if len(w) == 3:
                t = ITEM_LETTERS.index(w[2])
                self.hands[a][t] -= 1
                self._return_token(t)
                self._emit("token", f"{_p(a)} discards a {ITEM_NAMES[t]} token (hand limit 4).")
            self.boards[item] -= 1
            self.hands[a][item] += 1
            self._emit("take", f"{_p(a)} takes a {ITEM_NAMES[item]} token.")
            self._end_turn()
        elif verb == "ascend":
            self.steps[a] += 1
            self.square[a] = -1
            if self.steps[a] % NSTEPS:
                free = self._free_squares(a, self.steps[a] % NSTEPS - 1)
                self.square[a] = free[0] if free else -1
            self._emit("ascend", f"{_p(a)} finds the casket and its token board empty: ascends 1 step.")
            self._end_turn()
        elif verb == "pass":
            self._emit("pass", f"{_p(a)} can take no action and passes.")
            self._end_turn()
        elif verb == "candle":
            p, q = int(w[1]) - 1, int(w[2]) - 1
            self.inside[p], self.inside[q] = self.inside[q], self.inside[p]
            self.lid[p], self.lid[q] = self.lid[q], self.lid[p]
            if self.open in (p, q):
                self.open = q if self.open == p else p  # spec C15: its item is its new place's
            self.hands[a][CANDLE] -= 1
            self._return_token(CANDLE)
            self._emit("token", f"{_p(a)} plays Candle: caskets {p + 1} and {q + 1} swap places.")
        elif verb == "bread" or verb == "incense":
            v = int(w[1])
            t = BREAD if verb == "bread" else INCENSE
            old = die_str(self.held)
            self.held = (self.held & ~7) | v
            self.tokused |= 1 if t == BREAD else 2
            self.hands[a][t] -= 1
            self._return_token(t)
            self._emit(
                "token", f"{_p(a)} plays {ITEM_NAMES[t]}: the drafted {old} becomes {die_str(self.held)}."
            )
        elif verb == "gain":
            k = kind_of(parse_die(w[1]) or 0)
            self.city[k] -= 1
            self.supply[a][k] += 1
            self._emit("gain", f"{_p(a)} adds a power die {w[1]} from the City of the Dead to the supply.")
            self._end_turn()
        elif verb == "remove":
            k = kind_of(parse_die(w[1]) or 0)
            self.city[k] -= 1
            self.removed[k] += 1
            self._emit("remove", f"The move costs a {w[1]} die from the City of the Dead.")
            self._end_turn()
        elif verb == "square":
            self._land(a, SQUARE_LETTERS.index(w[1]))
        elif verb == "calavera":
            if w[1].isdigit():
                c = int(w[1]) - 1
                self.ofrenda[a][c] |= CALAVERA
                where = f"in cell {c + 1}"
            else:
                d = parse_die(w[1])
                assert d is not None
                self.prep[a][self.prep[a].index(d)] = d | CALAVERA
                where = "on the preparation board"
            self._emit("bonus", f"{_p(a)} turns the power die {w[1]} {where} to its calavera: it is wild.")
            self._after_bonus()
        elif verb == "face":
            d = parse_die(w[1])
            assert d is not None
            self.prep[a][self.prep[a].index(d)] = (d & ~7) | int(w[2])
            self._emit("bonus", f"{_p(a)} sets the prepared {w[1]} to {w[2]}.")
            self._after_bonus()
        elif verb == "skip":
            self._emit("bonus", f"{_p(a)} declines the bonus.")
            self._after_bonus()
        elif verb == "discard":
            if self.phase == "bonus":
                t = ITEM_LETTERS.index(w[1])
                self.hands[a][t] -= 1
                self._return_token(t)
                self._gain_token(a, self.bonus)
                self._after_bonus()
            else:
                ts = [ITEM_LETTERS.index(x) for x in w[1]]
                for t in ts:
                    self.hands[a][t] -= 1
                    self._return_token(t)
                k = TOKEN_SET_STEPS[len(ts)]
                self._emit("discard", f"{_p(a)} discards {' '.join(w[1])} tokens to ascend {k} step(s).")
                if not self._ascend(a, k):
                    self._scoring_step()
        elif verb == "done":
            self.discarded = True
            self._scoring_step()
        elif verb == "score":
            sec = item_of_word(w[1])
            assert sec is not None
            if not self._score_section(a, sec):
                self._scoring_step()
        elif verb == "put":
            k = kind_of(parse_die(w[1]) or 0)
            p = int(w[3]) - 1
            self.supply[a][k] -= 1
            self.inside[p].append(kind_die(k))
            self._emit("setup", f"{_p(a)} puts a {w[1]} die in casket {p + 1}.")
            self.cursor += 1
            if self.cursor == C.caskets * self.players:
                self._begin_round()
            elif self.cursor % C.caskets == 0:
                self.actor = (self.actor + 1) % self.players
        elif verb == "fill":
            p = int(w[1]) - 1
            for ch in w[2]:
                c = COLOURS.index(ch)
                self.removed[2 * c] -= 1
                self.inside[p].append(die(c, False))
            self._emit("setup", f"Casket {p + 1} receives {' '.join(w[2])}.")
            self.cursor += 1
            if self.cursor == C.caskets:
                self._emit("setup", "The unused dice leave the game.")
                self._begin_round()
        else:  # pragma: no cover - _apply only receives listed actions
            raise AssertionError(action)

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

    def _place(self, a: int, where: str) -> None:
        d = self.held
        if where == "prep":
            self.prep[a].append(d)
            self.fresh = FRESH_PREP + len(self.prep[a]) - 1
            text = "on the preparation board"
        else:
            c = int(where) - 1
            self.ofrenda[a][c] = d
            self.fresh = c
            self.placed = True
            text = f"in cell {c + 1} of the ofrenda"
        self.held = -1
        self._emit("place", f"{_p(a)} places {die_str(d)} {text}.")
        if self._pay_labels(a):
            self.phase = "pay"
        else:  # spec C10: the starter must draft even with nothing left to pay with
            self._emit("pay", f"{_p(a)} has no die to pay with and pays nothing.")
            self._end_turn()

    def _pay(self, a: int, w: list[str]) -> None:
        q = int(w[-1]) - 1
        if w[1] == "prep":
            d = parse_die(w[2])
            assert d is not None
            idx = next(i for i, x in enumerate(self.prep[a]) if x == d and i + FRESH_PREP != self.fresh)
            self.prep[a].pop(idx)
            k = kind_of(d)
            src = "the preparation board"
        elif w[1] == "cell":
            c = int(w[2]) - 1
            k = kind_of(self.ofrenda[a][c])
            self.ofrenda[a][c] = -1
            src = f"cell {c + 1} of the ofrenda"
        else:
            k = kind_of(parse_die(w[1]) or 0)
            if self._pay_source(a) == "city":
                self.city[k] -= 1
                src = "the City of the Dead"
            else:
                self.supply[a][k] -= 1
                src = "the supply"
        self.lid[q].append(kind_die(k))
        self._emit("pay", f"{_p(a)} pays with a {kind_str(k)} die from {src} onto casket {q + 1}.")
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
    def _why_illegal(self, action: str) -> str:
        return _why(self, action.lower().split())

    def stats(self) -> dict[str, float | int | str]:
        """Per-player averages for designers: steps from each section type, from other sources
        (token sets, ...), and sections scored. A scored section's dice never change again
        (bonuses and payments only touch unscored ones), so its steps are recomputed here."""
        out: dict[str, float | int | str] = dict(super().stats())
        n = self.players
        out["rounds"] = self.round
        out["steps"] = sum(self.steps) / n
        from_sections = 0
        for sec in range(4):
            got = 0
            for p in range(n):
                if self.scored[p][sec]:
                    got += min(self._section_value(p, sec), C.max_per_section)
            from_sections += got
            out[f"steps_{ITEM_NAMES[sec].lower()}"] = got / n
        out["steps_other"] = (sum(self.steps) - from_sections) / n
        out["sections_scored"] = sum(map(sum, self.scored)) / n
        return out

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
            "bonus": f"to resolve the {BONUS_NAMES[self.bonus]} bonus" if self.bonus >= 0 else "bonus",
            "discard": "to discard token sets for steps, or be done",
            "put": f"to put a die in casket {self.cursor % C.caskets + 1} (setup)",
            "fill": f"to choose three colours for casket {self.cursor + 1} (solo setup)",
        }
        return f"{who} {texts.get(ph, ph)}"

    def _view(self, seat: int | None) -> dict[str, Any]:
        caskets = []
        for p in range(C.caskets):
            opened = p == self.open
            caskets.append(
                {
                    "position": p + 1,
                    "item": ITEM_NAMES[self.items[p]],
                    "open": opened,
                    "inside": [die_str(d) for d in sorted(self.inside[p])],
                    "lid": [die_str(d) for d in sorted(self.lid[p])],
                    "tokens": self.boards[self.items[p]],
                }
            )
        seats = []
        for s in range(self.players):
            urns = C.boards[0 if self.options["same_urns"] else s].urns
            t = self.steps[s]
            seats.append(
                {
                    "colour": C.colour_names[s],
                    "steps": t,
                    "die_face": 1 + t // NSTEPS,
                    "step": t % NSTEPS,
                    "square": SQUARE_LETTERS[self.square[s]] if self.square[s] >= 0 else None,
                    "tokens": {ITEM_NAMES[i]: self.hands[s][i] for i in range(4)},
                    "supply": {kind_str(k): self.supply[s][k] for k in range(NKINDS) if self.supply[s][k]},
                    "prep": [die_str(d) for d in sorted(self.prep[s])],
                    "ofrenda": [die_str(d) if d >= 0 else None for d in self.ofrenda[s]],
                    "sections": {
                        ITEM_NAMES[i]: "scored"
                        if self.scored[s][i]
                        else "complete"
                        if self._complete(s, i)
                        else "open"
                        for i in range(4)
                    },
                    "urns": [
                        {"cell": SECTIONS[INCENSE][u.position] + 1, "die": f"{COLOURS[u.colour]}{u.value}"}
                        for u in urns
                    ],
                }
            )
        v: dict[str, Any] = {
            "phase": self.phase,
            "round": self.round,
            "starter": self.starter,
            "caskets": caskets,
            "open_casket": self.open + 1 if self.open >= 0 else None,
            "city": {kind_str(k): self.city[k] for k in range(NKINDS) if self.city[k]},
            "seats": seats,
            "held": die_str(self.held) if self.held >= 0 else None,
            "idle_rounds": self.idle,
        }
        if self.solo:
            v["rating"] = self._rating()
            v["tokens_out_of_game"] = self.spent
        if self.phase == "over":
            v["end"] = self.end
        return v

    def scores(self) -> list[float]:
        return [float(t) for t in self.steps]

    def winners(self) -> list[int]:
        """Most steps; tie: most tokens in hand; still tied: a shared win (RULES)."""
        if not self.over:
            return []
        key = [(self.steps[s], sum(self.hands[s])) for s in range(self.players)]
        best = max(key)
        return [s for s in range(self.players) if key[s] == best]

    def census(self) -> dict[str, int]:
        counts = [*self.city, 0]  # slot 10 soaks up empty cells: -1 >> 3 == -1
        for k, x in enumerate(self.removed):
            counts[k] += x
        for s in range(self.players):
            counts[2 * s] += 1  # the scoring die
            for k, x in enumerate(self.supply[s]):
                counts[k] += x
        for dice in chain(self.prep, self.ofrenda, self.inside, self.lid):
            for d in dice:
                counts[d >> 3] += 1  # d >> 3 is the die's kind
        counts[self.held >> 3] += 1
        out = dict(zip(CENSUS_KEYS, counts, strict=False))
        out["tokens"] = sum(self.boards) + sum(map(sum, self.hands)) + self.spent
        return out

    def _validate(self) -> None:
        n = self.players
        if self.phase not in PHASES:
            raise CorruptState(f"unknown phase {self.phase!r}")
        if sorted(self.items) != [0, 1, 2, 3]:
            raise CorruptState("the four token boards must be one of each item")
        for name, val in (("hands", self.hands), ("prep", self.prep), ("ofrenda", self.ofrenda)):
            if len(val) != n:
                raise CorruptState(f"{name} must have one entry per player")
        if any(len(o) != NCELLS for o in self.ofrenda) or any(len(p) > PREP for p in self.prep):
            raise CorruptState("an ofrenda has 12 cells and a preparation board 3 spaces")
        if any(x < 0 for row in self.hands for x in row) or any(sum(h) > LIMIT for h in self.hands):
            raise CorruptState("a hand holds 0 to 4 tokens")
        cen = self.census()
        normal = C.dice_per_colour - C.power_per_colour
        for k in range(NKINDS):
            want = C.power_per_colour if k & 1 else normal
            if cen[f"dice {kind_str(k)}"] != want:
                raise CorruptState(
                    f"there must be {want} {kind_str(k)} dice, found {cen[f'dice {kind_str(k)}']}"
                )
        tokens = 4 * (C.solo_tokens_per_type if n == 1 else C.tokens_per_type)
        if cen["tokens"] != tokens:
            raise CorruptState(f"there must be {tokens} tokens, found {cen['tokens']}")
        if self.phase != "over" and not 0 <= self.actor < n:
            raise CorruptState(f"no seat {self.actor} to move")


PHASE_VERBS = {
    "put": ("put",),
    "fill": ("fill",),
    "open": ("open", "candle"),
    "act": ("draft", "move", "marigold", "take", "ascend", "pass", "candle"),
    "hold": ("place", "bread", "incense"),
    "pay": ("pay",),
    "gain": ("gain",),
    "remove": ("remove",),
    "score": ("score",),
    "land": ("square",),
    "bonus": ("discard", "calavera", "face", "skip"),
    "discard": ("discard", "done"),
}
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
    "bonus": "resolve the step bonus (or skip)",
    "discard": "discard 3 or 4 different tokens to ascend (discard cmb), or done",
    "over": "the game is over",
}


def _cells_text(item: int) -> str:
    return ", ".join(str(c + 1) for c in SECTIONS[item])


def _why(st: DieOfTheDeadState, w: list[str]) -> str:
    """A message naming the rule an unlisted action breaks (the common mistakes)."""
    ph = st.phase
    legal = st.legal_actions()
    sample = ", ".join(legal[:6]) + (" ..." if len(legal) > 6 else "")
    if not w:
        return f"an action is needed: {PHASE_NEEDS[ph]} (legal: {sample})"
    verb = w[0]
    if verb not in PHASE_VERBS.get(ph, ()):
        return f"{PHASE_NEEDS[ph]} (legal: {sample})"
    a = st.actor
    hand = st.hands[a]
    starter = a == st.starter and not st.solo
    arg = w[1] if len(w) > 1 else ""
    if verb == "candle":
        if not hand[CANDLE]:
            return "you hold no Candle token"
        return "Candle swaps two different caskets: candle A B with 1 <= A < B <= 4"
    if verb == "open":
        if arg.isdigit() and 1 <= int(arg) <= 4:
            p = int(arg) - 1
            if not (st.inside[p] or st.lid[p]):
                return f"casket {p + 1} is empty: the Round Starter opens a casket with dice in or on it"
            return (
                f"you could not draft from casket {p + 1} ({ITEM_NAMES[st.items[p]]}): your preparation "
                "board is full and that section has no empty space"
            )
        return "open names a casket position, 1 to 4"
    if ph == "act":
        item = st._item()
        iname = ITEM_NAMES[item]
        if verb == "draft":
            d = parse_die(arg)
            if d is None or d not in st.inside[st.open]:
                return (
                    f"the open casket holds no {arg or 'such die'} (it holds: {dice_str(st.inside[st.open])})"
                )
            if not st._dests(a, item):
                return f"no room for a die: your preparation board is full and the {iname} section is full"
            if not any(x.startswith(f"draft {arg}") for x in legal):
                return "you cannot pay for a draft: your supply and preparation board are empty"
            if st._adjustable(a, d):
                return f"draft {arg} alone first: a Bread or Incense token may change it, then place it"
            dest = w[3] if len(w) == 4 and w[2] == "to" else ""
            if dest == "prep":
                return f"your preparation board is full ({PREP} spaces)"
            if not dest.isdigit() or int(dest) - 1 not in SECTIONS[item]:
                return (
                    f"a drafted die goes to the preparation board or an empty {iname} space "
                    f"(cells {_cells_text(item)}): draft {arg} to prep / draft {arg} to N"
                )
            if st.ofrenda[a][int(dest) - 1] >= 0:
                return f"cell {dest} is already filled: dice on the ofrenda never move"
            return "placing the die there leaves you nothing to pay with"
        if verb in ("move", "marigold"):
            if verb == "move" and starter:
                return (
                    "the Round Starter must draft; only the other players may move a die "
                    "(a Marigold token lets the starter move instead)"
                )
            if verb == "marigold" and not starter and not st.solo:
                return "the Marigold token is played by the Round Starter in place of the draft"
            if verb == "marigold" and not hand[MARIGOLD]:
                return "you hold no Marigold token"
            d = parse_die(arg)
            if d is None or d not in st.prep[a]:
                return (
                    f"your preparation board holds no {arg or 'such die'} (it holds: {dice_str(st.prep[a])})"
                )
            cell = w[3] if len(w) == 4 and w[2] == "to" else ""
            if not cell.isdigit() or int(cell) - 1 not in SECTIONS[item]:
                return f"a die moves to an empty {iname} space (cells {_cells_text(item)}): {verb} {arg} to N"
            return f"cell {cell} is already filled: dice on the ofrenda never move"
        if verb == "take":
            if starter:
                return "the Round Starter cannot take a token: they must draft"
            if not st.boards[item]:
                return f"no {iname} token is left on its board"
            if sum(hand) >= LIMIT and len(w) < 3:
                return "you hold 4 tokens, the limit: discard one first (take discard c)"
            return "take discard X discards a token you hold, of another type than the one you take"
        if verb == "ascend":
            if starter:
                return "the Round Starter cannot ascend: they must draft"
            if st.solo:
                return "the solo game has no empty-casket ascension"
            return "you may ascend only when the open casket holds no dice and its token board no tokens"
        if verb == "pass":
            return f"you may pass only when no action is possible (legal: {sample})"
    if ph == "hold":
        d = st.held
        if verb in ("bread", "incense"):
            t = BREAD if verb == "bread" else INCENSE
            if not hand[t]:
                return f"you hold no {ITEM_NAMES[t]} token"
            if is_power(d):
                return f"the {ITEM_NAMES[t]} token changes only a non-power die"
            if st.tokused & (1 if t == BREAD else 2):
                return f"the {ITEM_NAMES[t]} token was already played on this die"
            if t == BREAD:
                return "Bread copies the value of another die in the open casket (calaveras do not count)"
            return "Incense changes the value by 1 up or down; 1 and 6 do not wrap"
        item = st._item()
        if arg == "prep":
            if len(st.prep[a]) >= PREP:
                return f"your preparation board is full ({PREP} spaces)"
            return "you could not pay for the die afterwards"
        if not arg.isdigit() or int(arg) - 1 not in SECTIONS[item]:
            return f"a drafted die goes on the preparation board or an empty {ITEM_NAMES[item]} space (cells {_cells_text(item)})"
        if st.ofrenda[a][int(arg) - 1] >= 0:
            return f"cell {arg} is already filled: dice on the ofrenda never move"
        return "placing the die there leaves you nothing to pay with"
    if ph == "pay":
        if w[-1].isdigit() and int(w[-1]) - 1 == st.open:
            return f"pay onto one of the three closed caskets, not the open casket {w[-1]}"
        src = st._pay_source(a)
        if arg == "cell":
            if not st.five:
                return "only in a 5-player game may a die from the ofrenda pay for a draft"
            return "only a die of an incomplete section may pay (and not the die just drafted)"
        if src == "city":
            return "the Round Starter pays with a power die from the City of the Dead while it has any"
        if src == "supply":
            return "you pay with a die from your supply while it has any"
        if src == "prep":
            return (
                "your supply is empty: pay with a die from your preparation board (not the one just drafted)"
            )
    if verb == "square":
        return "that square is taken by another scoring die or does not exist (squares a-d)"
    if verb == "calavera":
        return "the Calavera bonus turns one of your power dice not on its calavera, on the preparation board or in a section not yet scored"
    if verb == "face":
        return "Set a face changes a non-power die on your preparation board to another face"
    if verb == "discard" and ph == "discard":
        return "discard exactly 3 or 4 different token types you hold (discard cmb)"
    return f"not a legal action now: {PHASE_NEEDS[ph]} (legal: {sample})"


PHASES = frozenset(
    (
        "put",
        "fill",
        "open",
        "act",
        "hold",
        "pay",
        "gain",
        "remove",
        "score",
        "land",
        "bonus",
        "discard",
        "over",
    )
)


class DieOfTheDeadGame(Game):
    id = "die-of-the-dead"
    title = "Die of the Dead: The Ofrenda Variant"
    min_players = 1
    max_players = 5
    state_class = DieOfTheDeadState
    view_type = DieOfTheDeadView
    order = 2
    hidden_information = False
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
            "a step square holding another player's scoring die cannot be chosen (spec C13)",
        ),
        Option(
            "same_urns",
            False,
            "every ofrenda board has the rules' example urns, Blue 2 and Red 5 (spec C20)",
        ),
    )

    def _check_option_combination(self, players: int, options: dict[str, Any]) -> None:
        from muertos.engine import InvalidOptions

        if players == 1 and options["exclusive_squares"]:
            raise InvalidOptions(
                "exclusive_squares needs 2 or more players: the solo game has one scoring die"
            )

    def reconstructed(self) -> list[str]:
        return list(C.reconstructed)

    def catalog(self) -> dict[str, Any]:
        from .components import catalog

        return catalog()
