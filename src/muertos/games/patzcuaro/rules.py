"""Pátzcuaro: the state and the rules.

Rule references are to the Spanish rulebook's sections; "A-Pn" and "B-Pn" name our
choices where it is unclear and our reconstructed components, each set out with its
reason in the rules map, ``docs/rules/patzcuaro.md``, and named here where it is made.

State layout (plain JSON): cards are ids 1–57; hands are kept sorted; an altar is 9 slot
ids (0 = empty, see ``scoring.LEVEL_SLOTS``); ``stacks`` holds the face-up cards of every
track space (last = top; the Pátzcuaro spaces stay empty); ``pos`` is each token's track
index, −1 in the start area beside the Pátzcuaro tile.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Callable
from functools import cache
from itertools import permutations
from operator import attrgetter
from typing import Any, ClassVar

from muertos.engine import CorruptState, Game, Option, State
from muertos.engine.actions import Actions, Kind

from . import notation as N
from . import scoring, views
from .components import COMPONENTS as C
from .components import Alt, Space, Step
from .scoring import CARD_COLOUR, CARD_COUNTS, CARD_ICONS
from .views import PatzcuaroView

SUPPORT: dict[int, tuple[int, int]] = {4: (0, 1), 5: (1, 2), 6: (2, 3), 7: (4, 5), 8: (5, 6)}
"""An upper slot and the two slots below it (rulebook: "una conjunción … de dos cartas")."""

ALTAR_SIZE = 9
START = -1
"""Position of a token still in the start area (B-P4: between P.top and T1.top)."""

PHASES = ("move", "act", "last", "over")
ENDS = ("", "altar", "deck")
"""``PatzcuaroState.ended_by``: not yet, the active player's altar complete, the deck empty."""


def _track(shops: int) -> tuple[tuple[int, int], ...]:
    """(column, row) of each space in clockwise order; column 0 is the Pátzcuaro tile,
    row 0 the top row (B-P4, A-P2): P.top, T1..TN top, TN..T1 bottom, P.bottom."""
    top = [(c, 0) for c in range(1, shops + 1)]
    bottom = [(c, 1) for c in range(shops, 0, -1)]
    return ((0, 0), *top, *bottom, (0, 1))


TRACKS = {n: _track(n) for n in (3, 4)}


@cache
def _reveal_targets(shops: int) -> tuple[dict[str, int], ...]:
    """Per track index, where each arrow points: a shop space's index, or −1 when no shop
    lies that way (the Pátzcuaro tile, the end of the row, a removed tile; B-P6)."""
    track = TRACKS[shops]
    where = {cr: i for i, cr in enumerate(track)}
    out = []
    for col, row in track:
        d = {"up": (col, 0) if row == 1 else None, "down": (col, 1) if row == 0 else None}
        d["left"] = (col - 1, row)
        d["right"] = (col + 1, row)
        out.append({k: where[v] if v is not None and v in where and v[0] >= 1 else -1 for k, v in d.items()})
    return tuple(out)


@cache
def _layout(tiles: tuple[str, ...]) -> tuple[Space, ...]:
    """The Space of every track index for this row of shop faces."""
    out = []
    for col, row in TRACKS[len(tiles)]:
        if col == 0:
            out.append(C.patzcuaro_bottom if row else C.patzcuaro_top)
        else:
            face = C.shops[tiles[col - 1]]
            out.append(face.bottom if row else face.top)
    return tuple(out)


def _alt_ok(alt: Alt, cid: int, top: int) -> bool:
    """Does card ``cid`` meet one condition icon? ``top`` is the colour of the space's top
    card before the trade (A-P5)."""
    k = alt.kind
    if k == "any":
        return True
    if k == "color":
        return CARD_COLOUR[cid] == alt.arg
    if k == "has":
        return CARD_COUNTS[cid][alt.arg] > 0
    if k == "not":
        return CARD_COUNTS[cid][alt.arg] == 0
    if k == "exact":
        return CARD_ICONS[cid] == alt.arg
    return CARD_COLOUR[cid] != top  # diff_top


_ICON_TABLES: dict[int, tuple[tuple[bool, ...], ...]] = {}
"""Per icon (by identity: icons live as long as the components), per top colour + 1,
per card id: whether the card meets the icon. Built on first use."""


def _icon_ok(icon: tuple[Alt, ...], cid: int, top: int) -> bool:
    """An icon with several alternatives is "choose one option": any one will do."""
    table = _ICON_TABLES.get(id(icon))
    if table is None:
        table = tuple(
            tuple(cid > 0 and any(_alt_ok(a, cid, t) for a in icon) for cid in range(len(C.cards)))
            for t in range(-1, len(C.colours))
        )
        _ICON_TABLES[id(icon)] = table
    return table[top + 1][cid]


def _fill(icons: list[tuple[Alt, ...]], cards: list[int], top: int) -> bool:
    """Can distinct cards from ``cards`` meet every icon, one card per icon?"""
    if not icons:
        return True
    first, rest = icons[0], icons[1:]
    return any(
        _icon_ok(first, c, top) and _fill(rest, cards[:i] + cards[i + 1 :], top) for i, c in enumerate(cards)
    )


def _multi_ok(icons: tuple[tuple[Alt, ...], ...], placed: list[int], hand: list[int], top: int) -> bool:
    """Can the ``placed`` cards each take a distinct icon, leaving icons the hand can fill?"""
    if len(placed) > len(icons):
        return False
    for order in permutations(range(len(icons)), len(placed)):
        if all(_icon_ok(icons[i], c, top) for i, c in zip(order, placed, strict=True)):
            rest = [icons[i] for i in range(len(icons)) if i not in order]
            if _fill(rest, hand, top):
                return True
    return False


class PatzcuaroState(State):
    FIELDS = (
        "tiles",
        "deck",
        "hands",
        "known",
        "altars",
        "flipped",
        "pos",
        "stacks",
        "objectives",
        "turn",
        "phase",
        "step",
        "offered",
        "final",
        "ended_by",
    )
    COPY: ClassVar[dict[str, int]] = {
        **{f: 1 for f in ("tiles", "deck", "flipped", "pos", "objectives", "offered", "final")},
        **{f: 2 for f in ("hands", "known", "altars", "stacks")},
        **{f: 0 for f in ("turn", "phase", "step", "ended_by")},
    }
    """How ``clone`` copies each field (``State.COPY``): lists, lists of lists, scalars."""
    tiles: list[str]
    """The 4 shop faces in row order (``"T3B"``); with 2 players the last is back in the box."""
    deck: list[int]
    """Face-down altar cards; the top card is the last."""
    hands: list[list[int]]
    known: list[list[int]]
    """Cards each hand is publicly known to hold (taken from a shop in view of all)."""
    altars: list[list[int]]
    flipped: list[bool]
    pos: list[int]
    stacks: list[list[int]]
    objectives: list[str]
    turn: int
    """The active player (seat 0 holds the starting-player card)."""
    phase: str
    step: int
    """Index of the current action of the space the active player stands on."""
    offered: list[int]
    """Cards revealed so far in the trade under way (face up, not yet on the stack)."""
    final: list[int]
    """After the end is triggered: seats still to add their last altar card, in turn order."""
    ended_by: str
    """What triggered the end, recorded in the turn it happened (A-P11): ``"altar"`` (the
    active player completed the altar), ``"deck"`` (the deck ran out), ``""`` before. A last
    card that completes another altar afterwards does not change it."""

    # ------------------------------------------------------------------ set-up
    def _setup(self) -> None:
        """Rulebook "Preparación", steps 1–8."""
        rng = self.rng
        order = list(C.tiles)
        rng.shuffle(order)  # 2. shuffle the tiles, and which face is up
        self.tiles = [t + rng.choice("AB") for t in order]
        self.deck = list(range(1, C.card_count + 1))
        rng.shuffle(self.deck)  # 3. deal hands of 6
        self.hands = [sorted(self.deck.pop() for _ in range(C.hand)) for _ in range(self.players)]
        self.known = [[] for _ in range(self.players)]
        track = TRACKS[self.shop_count]
        self.stacks = [[] for _ in track]
        for i, (col, _row) in enumerate(track):  # 4. one card face up on both sides of each shop
            if col:
                self.stacks[i].append(self.deck.pop())
        self.altars = [[0] * ALTAR_SIZE for _ in range(self.players)]
        self.flipped = [False] * self.players  # 5. player cards altar side up
        self.pos = [START] * self.players  # 7. tokens beside the Pátzcuaro tile
        self.objectives = [rng.choice([o.id for o in C.objectives_of(p)]) for p in (1, 2, 3)]  # 8.
        self.turn = 0  # 6. seat 0 holds the starting-player card
        self.phase = "move"
        self.step = 0
        self.offered = []
        self.final = []
        self.ended_by = ""
        lang = self._lang
        row = ", ".join(C.shops[t].name(lang) + f" ({t})" for t in self.tiles[: self.shop_count])
        self._emit("setup", f"Shops in a row beside the Pátzcuaro tile: {row}.")
        if self.shop_count < len(self.tiles):
            self._emit("setup", f"With 2 players the last tile, {self.tiles[-1]}, goes back to the box.")
        shown = [c for st in self.stacks for c in st]
        self._emit("setup", f"Face up on the shop spaces: {N.cards_text(shown, lang)}.")
        self._emit("setup", "Objectives: " + ", ".join(self.objectives) + ".")
        for s in range(self.players):
            self._emit(
                "deal",
                f"Player {s + 1} is dealt {N.cards_text(self.hands[s], lang)}.",
                [s],
                f"Player {s + 1} is dealt {C.hand} cards.",
            )
        self._emit("setup", "Player 1 holds the starting-player card.")

    # ------------------------------------------------------------ small helpers
    @property
    def _lang(self) -> str:
        return str(self.options.get("language", "en"))

    @property
    def shop_count(self) -> int:
        """Shop tiles in play: 4, or 3 with 2 players (rulebook, setup 2a)."""
        return 3 if self.players == 2 else 4

    def spaces(self) -> tuple[Space, ...]:
        return _layout(tuple(self.tiles[: self.shop_count]))

    def is_shop(self, idx: int) -> bool:
        return TRACKS[self.shop_count][idx][0] != 0

    def space_label(self, idx: int, lang: str | None = None) -> str:
        """``Bakery (top)``, ``Pátzcuaro: Plaza``; in Spanish ``Panadería (arriba)``."""
        lang = lang or self._lang
        col, row = TRACKS[self.shop_count][idx]
        if col == 0:
            return f"{C.patzcuaro.name(lang)}: {self.spaces()[idx].name(lang)}"
        where = ("abajo" if row else "arriba") if lang == "es" else ("bottom" if row else "top")
        return f"{C.shops[self.tiles[col - 1]].name(lang)} ({where})"

    def top_colour(self, idx: int) -> int:
        stack = self.stacks[idx]
        return CARD_COLOUR[stack[-1]] if stack else -1

    def destination(self, seat: int, k: int) -> int:
        """Where a move of ``k`` ends: spaces with other tokens are skipped and not counted
        (rulebook, "ejemplo de avance"); the start area counts as just after P.top."""
        n = len(self.stacks)
        taken = {p for s, p in enumerate(self.pos) if s != seat and p >= 0}
        p = max(self.pos[seat], 0)
        while k:
            p = (p + 1) % n
            if p not in taken:
                k -= 1
        return p

    def open_slots(self, seat: int) -> list[int]:
        """Empty slots a card may go on: any base slot, an upper one over two cards (B-P7)."""
        a = self.altars[seat]
        return [
            i for i in range(ALTAR_SIZE) if not a[i] and (i < 4 or (a[SUPPORT[i][0]] and a[SUPPORT[i][1]]))
        ]

    def _rest_ok(self, steps: tuple[Step, ...], start: int, seat: int, idx: int, hand: int) -> str | None:
        """Can the actions from ``start`` on be done with ``hand`` cards? None, or why not.

        A-P7: only an altar action can fail (no card in hand); draws, reveals
        and the others' benefit simply do less once the deck is empty. An altar action on
        a full altar is skipped (A-P8).
        """
        free = self.altars[seat].count(0)
        deck = len(self.deck)
        targets = _reveal_targets(self.shop_count)[idx]
        for st in steps[start:]:
            if st.kind == "altar":
                if free:
                    if not hand:
                        return "no card left in hand for its altar action"
                    hand -= 1
                    free -= 1
            elif st.kind == "draw":
                if deck:
                    deck -= 1
                    hand += 1
            elif st.kind == "reveal":
                if deck and targets[st.direction] >= 0:
                    deck -= 1
            elif st.kind == "others":
                deck -= min(deck, self.players - 1)
        return None

    def why_not_performable(self, seat: int, idx: int) -> str | None:
        """None when ``seat`` could carry out every action of space ``idx`` (A-P7)."""
        steps = self.spaces()[idx].steps
        hand = self.hands[seat]
        first = steps[0]
        if first.kind == "trade":
            if not _fill(list(first.icons), hand, self.top_colour(idx)):
                return f"no {N.condition_text(first.icons, self._lang)} in hand to trade"
            # Revealing the fewest cards keeps the most in hand for what follows.
            after = len(hand) - len(first.icons) + len(self.stacks[idx])
            return self._rest_ok(steps, 1, seat, idx, after)
        return self._rest_ok(steps, 0, seat, idx, len(hand))

    # ----------------------------------------------------------------- turn flow
    @property
    def to_move(self) -> int | None:
        if self.phase == "over":
            return None
        if self.phase == "last":
            return self.final[0]
        return self.turn

    def _can_flip(self) -> bool:
        """The flip replaces the whole space (rulebook: "en lugar de tu acción normal"), so it
        is offered once a game, after moving and before the space's first action."""
        return not self.flipped[self.turn] and self.step == 0 and not self.offered

    def _current_step(self) -> Step:
        return self.spaces()[self.pos[self.turn]].steps[self.step]

    def _trade_cards(self) -> list[int]:
        """Cards of the active hand that may be revealed next in the trade under way."""
        me = self.turn
        idx = self.pos[me]
        st = self._current_step()
        hand = self.hands[me]
        top = self.top_colour(idx)
        if len(st.icons) == 1:
            # One icon: 1 or more matching cards ("una … (o más)"); an extra card may not
            # leave the space's later actions impossible.
            icon = st.icons[0]
            if self.offered and self._rest_ok(
                self.spaces()[idx].steps, self.step + 1, me, idx, len(hand) - 1 + len(self.stacks[idx])
            ):
                return []
            return [c for c in hand if _icon_ok(icon, c, top)]
        # Several icons: exactly one card for each (A-P4).
        if len(self.offered) >= len(st.icons):
            return []
        return [
            c
            for i, c in enumerate(hand)
            if _multi_ok(st.icons, [*self.offered, c], hand[:i] + hand[i + 1 :], top)
        ]

    # ---------------------------------------------------------------- the decisions
    # Each rule once, as a named predicate (the reason a move breaks it, or None), shared
    # by the kind's check and its listing; the engine's conformance check proves they agree.

    def _cannot_end_there(self, k: int) -> str | None:
        """Once flipped, "solo puedes moverte a espacios cuyas acciones puedas completar";
        if none can be completed, any move (then draw 1: ``_move``)."""
        if not self.flipped[self.turn]:
            return None
        why = self._unfinishable()
        if why[k - 1] is None or all(why):
            return None
        return (
            "after flipping your player card you may only end on a space whose actions you can "
            f"complete; {self.space_label(self.destination(self.turn, k))}: {why[k - 1]}"
        )

    def _unfinishable(self) -> list[str | None]:
        """For a move of 1, 2 and 3: why its space's actions could not be completed, or None."""
        me = self.turn
        return [self.why_not_performable(me, self.destination(me, k)) for k in (1, 2, 3)]

    def _open_moves(self) -> list[str]:
        if not self.flipped[self.turn]:
            return [N.MOVES[k].text for k in (1, 2, 3)]
        why = self._unfinishable()  # once for the three moves (the hot path of every bot)
        return [N.MOVES[k].text for k in (1, 2, 3) if why[k - 1] is None or all(why)]

    def _must_flip(self) -> str | None:
        """A space whose actions cannot be completed leaves the flip as the only way out."""
        why = self.why_not_performable(self.turn, self.pos[self.turn]) if self._can_flip() else None
        return (
            None if why is None else f"you cannot complete this space ({why}): flip your player card instead"
        )

    def _not_next(self, kind: str) -> str | None:
        """The space's actions are carried out in their order: is ``kind`` the next one?"""
        why = self._must_flip()
        if why is not None or self._current_step().kind == kind:
            return why
        if kind == "trade":
            return "the space's next action is the altar: add a card (altar CARD SLOT)"
        return "the space's next action is a trade: reveal a card (trade CARD), then take"

    def _trade_problem(self, t: N.Trade) -> str | None:
        """Rulebook, "Intercambio": reveal cards meeting the space's condition."""
        why = self._not_next("trade")
        if why is not None:
            return why
        me = self.turn
        cid = t.card
        if cid not in self.hands[me]:
            return f"card #{cid} is not in your hand"
        if cid in self._trade_cards():
            return None
        st = self._current_step()
        cond = N.condition_text(st.icons, self._lang)
        idx = self.pos[me]
        if len(st.icons) == 1:
            if not _icon_ok(st.icons[0], cid, self.top_colour(idx)):
                return f"{N.card_text(cid, self._lang)} does not meet the condition of {self.space_label(idx)}: {cond}"
            return "revealing one more card would leave you unable to complete the space's later actions"
        if len(self.offered) >= len(st.icons):
            return f"this space takes exactly one card per icon ({cond})"
        return f"{N.card_text(cid, self._lang)} cannot fill an icon still open at this space ({cond})"

    def _open_trades(self) -> list[str]:
        if self._current_step().kind != "trade" or self._must_flip():  # the cheap test first
            return []
        return [N.TRADES[c].text for c in self._trade_cards()]

    def _cannot_take(self, _: N.Word) -> str | None:
        """One icon: "una … (o más)", so the player stops when they like, after one card."""
        why = self._not_next("trade")
        if why is not None:
            return why
        if not self.offered:
            return "reveal at least one card meeting the space's condition before taking its cards"
        if len(self._current_step().icons) != 1:
            cond = N.condition_text(self._current_step().icons, self._lang)
            return f"this space takes one card for each icon ({cond}): reveal the rest first"
        return None

    def _open_take(self) -> list[str]:
        if not self.offered:  # the cheap test first: nothing revealed, nothing to take
            return []
        return [] if self._cannot_take(N.TAKING) else [N.TAKE]

    def _altar_seat(self) -> int:
        seat = self.to_move
        assert seat is not None
        return seat

    def _altar_problem(self, a: N.Altar) -> str | None:
        """A card of the hand on an empty slot; an upper slot over the two cards below it."""
        if self.phase == "act":
            why = self._not_next("altar")
            if why is not None:
                return why
        seat = self._altar_seat()
        if a.card not in self.hands[seat]:
            return f"card {a.card} is not in your hand"
        held = self.altars[seat][a.slot]
        if held:
            return f"slot {N.SLOT_NAMES[a.slot]} already holds card #{held}"
        if a.slot not in self.open_slots(seat):
            below = ", ".join(N.SLOT_NAMES[s] for s in SUPPORT.get(a.slot, ()))
            return f"a card on slot {N.SLOT_NAMES[a.slot]} must rest on two cards below it ({below})"
        return None

    def _open_altars(self) -> list[str]:
        if self.phase == "act" and (self._current_step().kind != "altar" or self._must_flip()):
            return []
        seat = self._altar_seat()
        slots = self.open_slots(seat)
        return [N.ALTARS[c, s].text for c in self.hands[seat] for s in slots]

    def _altar(self, a: N.Altar) -> None:
        self._place(self._altar_seat(), a.card, a.slot)
        if self.phase == "last":
            self._next_final()
        else:
            self.step += 1
            self._advance()

    def _cannot_flip(self, _: N.Word) -> str | None:
        if self.flipped[self.turn]:
            return "you flipped your player card already: the flip is once per game"
        if not self._can_flip():
            return "the flip replaces all the space's actions: it may only be chosen before doing any of them"
        return None

    def _open_flip(self) -> list[str]:
        return [] if self._cannot_flip(N.FLIPPING) else [N.FLIP]

    def _pass(self, _: N.Word) -> None:
        self._emit("pass", f"Player {self.final[0] + 1} adds no last card.")
        self._next_final()

    # The sentences for a kind of move out of its phase.
    def _not_moving_now(self) -> str:
        if self.phase == "last":
            return self._ending()
        return "you have moved already: now do the actions of the space you stand on"

    def _moving_first(self) -> str:
        return (
            self._ending()
            if self.phase == "last"
            else "first move your token 1, 2 or 3 spaces clockwise (move 1, move 2 or move 3)"
        )

    def _ending(self) -> str:
        return "the game is ending: you may only add one last card (altar CARD SLOT) or pass"

    def _no_end_yet(self) -> str:
        return "pass only declines the last altar card once the end is triggered"

    ACTIONS = Actions(
        Kind(
            "move",
            "move <1-3>",
            N.parse_move,
            lambda s, m: s._cannot_end_there(m.k),
            _open_moves,
            lambda s, m: s._move(m.k),
            lambda s: N.MOVES.values(),
            phases=("move",),
            closed=_not_moving_now,
        ),
        Kind(
            "trade",
            "trade <card>",
            N.parse_trade,
            _trade_problem,
            _open_trades,
            lambda s, m: s._offer(m.card),
            lambda s: N.TRADES.values(),
            phases=("act",),
            closed=_moving_first,
        ),
        Kind(
            "take",
            "take",
            N.parse_word(N.TAKING),
            _cannot_take,
            _open_take,
            lambda s, m: s._take(),
            lambda s: [N.TAKING],
            phases=("act",),
            closed=_moving_first,
        ),
        Kind(
            "altar",
            "altar <card> <slot>",
            N.parse_altar,
            _altar_problem,
            _open_altars,
            _altar,
            lambda s: N.ALTARS.values(),
            phases=("act", "last"),
            closed=_moving_first,
        ),
        Kind(
            "flip",
            "flip",
            N.parse_word(N.FLIPPING),
            _cannot_flip,
            _open_flip,
            lambda s, m: s._flip(),
            lambda s: [N.FLIPPING],
            phases=("act",),
            closed=_moving_first,
        ),
        Kind(
            "pass",
            "pass",
            N.parse_word(N.PASSING),
            lambda s, m: None,
            lambda s: [N.PASS],
            _pass,
            lambda s: [N.PASSING],
            phases=("last",),
            closed=_no_end_yet,
        ),
        phase=attrgetter("phase"),
    )

    def _move(self, k: int) -> None:
        me = self.turn
        dest = self.destination(me, k)
        stuck = self._stuck(dest)
        self._arrive(dest)
        self._emit("move", f"Player {me + 1} moves {k} to {self.space_label(dest)}.")
        if stuck:
            # Flipped, and no reachable space can be completed: draw 1 instead of the action.
            self._emit("stuck", f"Player {me + 1} can complete no reachable space and draws 1 instead.")
            self._draw(me, 1)
            self._end_turn()
        else:
            self._advance()

    def _stuck(self, dest: int) -> bool:
        """Would the active player, flipped, arrive on a space it cannot complete (then
        drawing 1 instead of its actions)?"""
        return self.flipped[self.turn] and self.why_not_performable(self.turn, dest) is not None

    def _arrive(self, dest: int) -> None:
        """The active token on space ``dest``, its actions to do from the first."""
        self.pos[self.turn] = dest
        self.phase, self.step, self.offered = "act", 0, []

    def _offer(self, cid: int) -> None:
        me = self.turn
        self._leave_hand(me, cid)
        self.offered.append(cid)
        where = self.space_label(self.pos[me])
        self._emit("trade", f"Player {me + 1} reveals {N.card_text(cid, self._lang)} at {where}.")
        # One icon ("una … (o más)"): the take is always the player's. Taking on its own when
        # no other matching card is left would tell the table what the hidden hand lacks
        # (A-P6). Several icons: exactly one card each (A-P4), and a reveal is allowed only
        # if the hand can fill the icons still open (``_multi_ok``), so the take follows
        # at once exactly when every icon has its card: a count all can see, telling nothing.
        icons = self._current_step().icons
        if len(icons) > 1 and len(self.offered) == len(icons):
            self._take()

    def _take(self) -> None:
        """The revealed cards stay on the space, the ones there before go to the hand
        (rulebook, "Intercambio"; a shop space so never drops below one card)."""
        me = self.turn
        idx = self.pos[me]
        taken = self.stacks[idx]
        self.stacks[idx] = self.offered
        self.offered = []
        for c in taken:
            insort(self.hands[me], c)
            insort(self.known[me], c)
        self._emit("take", f"Player {me + 1} takes {N.cards_text(taken, self._lang)}.")
        self.step += 1
        self._advance()

    def _leave_hand(self, seat: int, cid: int) -> None:
        self.hands[seat].remove(cid)
        if cid in self.known[seat]:
            self.known[seat].remove(cid)

    def _place(self, seat: int, cid: int, slot: int) -> None:
        self._leave_hand(seat, cid)
        self.altars[seat][slot] = cid
        self._emit(
            "altar",
            f"Player {seat + 1} adds {N.card_text(cid, self._lang)} to the altar at {N.SLOT_NAMES[slot]}.",
        )

    def _flip(self) -> None:
        me = self.turn
        self.flipped[me] = True
        self._emit("flip", f"Player {me + 1} flips the player card (−{C.flip_penalty} points) and draws 2.")
        self._draw(me, 2)
        self._end_turn()

    def _draw(self, seat: int, n: int) -> None:
        got = [self.deck.pop() for _ in range(min(n, len(self.deck)))]
        if not got:
            self._emit("draw", f"The deck is empty: Player {seat + 1} draws nothing.")
            return
        for c in got:
            insort(self.hands[seat], c)
        self._emit(
            "draw",
            f"Player {seat + 1} draws {N.cards_text(got, self._lang)}.",
            [seat],
            f"Player {seat + 1} draws {len(got)} card{'s' if len(got) > 1 else ''}.",
        )

    def _advance(self) -> None:
        """Carry out the space's actions in order until one needs a decision; then, at the
        end of the space, end the turn."""
        me = self.turn
        idx = self.pos[me]
        steps = self.spaces()[idx].steps
        while self.step < len(steps):
            st = steps[self.step]
            if st.kind == "trade":
                return
            if st.kind == "altar":
                if all(self.altars[me]):
                    # A-P8: a completed altar ignores the space's other altar icons.
                    self._emit("altar", f"Player {me + 1}'s altar is complete; the altar action is skipped.")
                elif self.hands[me] or self.step == 0:
                    return
                else:  # cannot happen on a space that could be completed; kept so play never stalls
                    self._emit("altar", f"Player {me + 1} has no card for the altar action.")
            elif st.kind == "draw":
                self._draw(me, 1)
            elif st.kind == "reveal":
                target = _reveal_targets(self.shop_count)[idx][st.direction]
                if target >= 0 and self.deck:
                    c = self.deck.pop()
                    self.stacks[target].append(c)
                    self._emit(
                        "reveal",
                        f"{N.card_text(c, self._lang)} is revealed onto {self.space_label(target)}.",
                    )
            else:  # others: each other player, in turn order, draws 1 (part of this turn)
                for k in range(1, self.players):
                    self._draw((me + k) % self.players, 1)
            self.step += 1
        self._end_turn()

    def _end_turn(self) -> None:
        """The end comes in the turn a player completes the altar or empties the deck; then
        each other player, in turn order, may add one card (A-P11)."""
        me = self.turn
        self.phase, self.step, self.offered = "move", 0, []
        if self.deck and not all(self.altars[me]):
            self.turn = (me + 1) % self.players
            return
        self.ended_by = "altar" if all(self.altars[me]) else "deck"
        why = "completes the altar" if self.ended_by == "altar" else "empties the deck"
        self._emit("end", f"Player {me + 1} {why}: each other player may add one last card.")
        others = [(me + k) % self.players for k in range(1, self.players)]
        self.final = [s for s in others if self.hands[s] and not all(self.altars[s])]
        if self.final:
            self.phase = "last"
        else:
            self._finish()

    def _next_final(self) -> None:
        self.final.pop(0)
        if not self.final:
            self._finish()

    def _finish(self) -> None:
        self.phase = "over"
        sc = self.scores()
        text = ", ".join(f"Player {i + 1} {v:g}" for i, v in enumerate(sc))
        self._emit("score", f"Final scores: {text}. Player {self.winners()[0] + 1} wins.")

    # ------------------------------------------------------------- information
    # What a seat may know and the redraw of the rest (views.py), the figures designers
    # read (scoring.py): each in the file named for it.
    _view = views.view
    _redraw_hidden = views.redraw_hidden
    stats = scoring.stats
    _categories = scoring.categories  # the score sheet of result()
    _tie_breaks = scoring.tie_breaks

    def _hand_check(self) -> Callable[[list[int]], bool] | None:
        """What the active hand must allow for play to go on, as all can infer; or None."""
        if self.phase != "act" or self._current_step().kind != "trade":
            return None
        icons = self._current_step().icons
        top = self.top_colour(self.pos[self.turn])
        if not self.offered:
            if not self.flipped[self.turn]:
                return None  # the flip is still open: any hand can go on
            return lambda h: _fill(list(icons), h, top)
        if len(icons) == 1:
            return None  # the player waits to take after any reveal: any hand could be here
        offered = list(self.offered)
        return lambda h: _multi_ok(icons, offered, h, top)

    def scores(self) -> list[float]:
        return [
            float(scoring.total(a, self.objectives, f))
            for a, f in zip(self.altars, self.flipped, strict=True)
        ]

    def winners(self) -> list[int]:
        """Highest score; then fewest objects on the altar; then the player furthest in turn
        order from the starting player, seat 0 (A-P17). Always one winner."""
        if not self.over:
            return []
        sc = self.scores()
        best = max(range(self.players), key=lambda s: (sc[s], -scoring.objects_on(self.altars[s]), s))
        return [best]

    def census(self) -> dict[str, int]:
        cards = (
            len(self.deck)
            + sum(map(len, self.hands))
            + sum(map(len, self.stacks))
            + sum(1 for a in self.altars for c in a if c)
            + len(self.offered)
        )
        return {"altar cards": cards, "player tokens": len(self.pos), "objectives": len(self.objectives)}

    def status(self) -> str:
        if self.phase == "over":
            return "Game over"
        me = self.to_move
        assert me is not None
        if self.phase == "last":
            return f"Player {me + 1} may add one last card to the altar"
        if self.phase == "move":
            return f"Player {me + 1} to move 1, 2 or 3 spaces"
        # Public words only: whether the hand can meet the space is the player's secret.
        st = self._current_step()
        if st.kind == "trade":
            cond = N.condition_text(st.icons, self._lang)
            return f"Player {me + 1} to trade at {self.space_label(self.pos[me])}: {cond}"
        return f"Player {me + 1} to add a card to the altar"

    def _validate(self) -> None:
        p = self.players
        n = self.shop_count
        if sorted(t[:-1] for t in self.tiles) != sorted(C.tiles) or any(t not in C.shops for t in self.tiles):
            raise CorruptState(f"tiles must be each shop tile once with face A or B: {self.tiles}")
        for name in ("hands", "known", "altars", "flipped", "pos"):
            if len(getattr(self, name)) != p:
                raise CorruptState(f"{name} must have one entry per player")
        if len(self.stacks) != len(TRACKS[n]):
            raise CorruptState(f"the track has {len(TRACKS[n])} spaces")
        cards = (
            self.deck
            + [c for h in self.hands for c in h]
            + [c for s in self.stacks for c in s]
            + [c for a in self.altars for c in a if c]
            + self.offered
        )
        if sorted(cards) != list(range(1, C.card_count + 1)):
            raise CorruptState(f"the {C.card_count} altar cards must each be in exactly one place")
        for i in range(p):
            if self.hands[i] != sorted(self.hands[i]) or self.known[i] != sorted(self.known[i]):
                raise CorruptState("hands are kept sorted")
            if not set(self.known[i]) <= set(self.hands[i]):
                raise CorruptState(f"Player {i + 1}'s known cards are not all in the hand")
            a = self.altars[i]
            if len(a) != ALTAR_SIZE or any(a[s] and not (a[x] and a[y]) for s, (x, y) in SUPPORT.items()):
                raise CorruptState(f"Player {i + 1}'s altar has a card without two cards below it")
        track = len(self.stacks)
        on = [q for q in self.pos if q != START]
        if any(not START <= q < track for q in self.pos) or len(set(on)) != len(on):
            raise CorruptState(f"bad token positions {self.pos}")
        for i, s in enumerate(self.stacks):
            if self.is_shop(i) != bool(s):
                raise CorruptState("shop spaces hold at least one card; the Pátzcuaro tile none")
        if [C.objectives[o].petal if o in C.objectives else 0 for o in self.objectives] != [1, 2, 3]:
            raise CorruptState(f"objectives must be one of each petal type: {self.objectives}")
        if self.phase not in PHASES or not 0 <= self.turn < p:
            raise CorruptState(f"bad phase {self.phase!r} or turn {self.turn}")
        if self.phase == "act" and not (
            self.pos[self.turn] >= 0 and 0 <= self.step < len(self.spaces()[self.pos[self.turn]].steps)
        ):
            raise CorruptState("the active player must stand on a space, at one of its actions")
        if (self.phase == "last") != bool(self.final) or any(not 0 <= s < p for s in self.final):
            raise CorruptState("the last placements are pending exactly in the 'last' phase")
        if (self.ended_by != "") != (self.phase in ("last", "over")) or self.ended_by not in ENDS:
            raise CorruptState(
                f"the end's trigger {self.ended_by!r} must be one of {ENDS} exactly once it came"
            )
        if self.offered and not (self.phase == "act" and self._current_step().kind == "trade"):
            raise CorruptState("cards are revealed only during a trade")


class PatzcuaroGame(Game):
    id = "patzcuaro"
    title = "Pátzcuaro"
    min_players = 2
    max_players = 4
    state_class = PatzcuaroState
    view_type = PatzcuaroView
    order = 3
    hidden_information = True
    options = (
        Option(
            "language",
            "en",
            "names of objects, colours and shops in event texts and the picture: en or es",
            ("en", "es"),
        ),
    )
    summary = (
        "Build the most attractive Día de Muertos altar in Pátzcuaro: walk a rondel of shops trading "
        "cards by each shop's condition, and stack a 4–3–2 pyramid of altar cards scored for the "
        "objects on each level and three common objectives (Draco Studios 2022)."
    )

    def reconstructed(self) -> list[str]:
        return list(C.reconstructed)

    def catalog(self) -> dict[str, Any]:
        from .components import catalog

        return catalog()
