"""Ofrenda's rules: the state, its decisions, and the game object.

A turn (rulebook pp.4–7, B-OF8) is a short chain of explicit decisions:

1. ``take K`` — Take 1 Portrait from Family board space K, paying one Marigold onto
   each skipped portrait and collecting the Marigolds on the taken one.
2. ``candle J`` / ``no candle`` — the optional Candle; asked only when one can be taken
   (fewer than 3 in storage, and the free one or a Marigold to pay for another).
3. Replenish (automatic): slide and refill portraits and, if one was taken, candles.
4. ``place P S`` / ``discard P`` — play one of the four Portraits in hand.
5. For each Candle/Marigold slot the placement surrounded, in slot order, when the
   player has the token: ``candle K J`` / ``marigold J`` / ``skip J``.
6. End of turn (automatic): candles whose objective now holds light, common goals are
   claimed, the next player (or, solo, Abuela then the player) moves.

Board layout (flat lists, one block of 12 per seat): ``board`` holds a portrait index
or -1, ``lit`` 0/1; ``tokens`` holds -1, a candle index (candle slots) or 1 (marigold
slots) and ``clit`` whether that candle is lit. Rule choices are documented in the
package docstring and tagged here with their ids in the rules map, docs/rules/ofrenda.md.
"""

from __future__ import annotations

from operator import attrgetter
from typing import Any, ClassVar

from muertos.engine import CorruptState, Game, InvalidOptions, Option, State, counted
from muertos.engine.actions import Actions, Kind

from . import notation as N
from . import scoring, views
from .components import (
    ADJ,
    AROUND,
    CANDLE_END_ONLY,
    CANDLE_IDS,
    CANDLE_LIMIT,
    CANDLE_MULTI_ONLY,
    CARD_IDS,
    COST,
    DATA,
    DISCARD_GAIN,
    GAIN,
    GOAL_BACK,
    GOAL_IDS,
    HAND,
    MARKET,
    NCANDLES,
    NCARDS,
    NGOALS,
    NSLOTS,
    NTOK,
    SLOT_IDS,
    SLOT_TOKENS,
    SOLO_CANDLE_FACES,
    SOLO_DIE,
    START_MARIGOLDS,
    TOKEN_CARDS,
    TOKEN_IDS,
    TOKEN_IS_CANDLE,
    TURNS,
    VACUOUS,
    tier_for,
)
from .scoring import breakdown, candle_ok, feature_counts, goal_met, lit_count, marigolds_on, portrait_ok
from .views import OfrendaView, Score, Tier

CARD_MIN_PLAYERS = tuple(p.min_players for p in DATA.portraits)
CANDLE_SLOTS = tuple(j for j in range(NTOK) if TOKEN_IS_CANDLE[j])
PHASES = ("take", "candle", "play", "token", "over")


def deck_players(players: int) -> int:
    """Player count whose cards are used: solo plays with the 2-player deck (p.10)."""
    return 2 if players == 1 else players


def cards_in_game(players: int) -> list[int]:
    """Portraits used at this player count: marks above it go back to the box (p.3, A-OF2)."""
    eff = deck_players(players)
    return [c for c in range(NCARDS) if CARD_MIN_PLAYERS[c] <= eff]


def candles_in_game(players: int) -> list[int]:
    """Candles used: solo returns the ☒ (multiplayer only) candles to the box (p.10)."""
    return [k for k in range(NCANDLES) if not (players == 1 and CANDLE_MULTI_ONLY[k])]


def goal_stack(back: int, players: int) -> list[int]:
    """A goal's token stack, ascending so the highest value is on top (the list's end)."""
    name = DATA.backs[back]
    return sorted(t.value for t in DATA.goal_tokens if t.back == name and t.min_players <= players)


CARD_TEXT = tuple(
    f"{p.id} ({p.colour.lower()} {p.offering.lower().replace('_', ' ')})" for p in DATA.portraits
)


class OfrendaState(State):
    FIELDS: ClassVar[tuple[str, ...]] = (
        "deck",
        "removed",
        "market",
        "market_mg",
        "mcandles",
        "bag",
        "hands",
        "secret",
        "discards",
        "board",
        "lit",
        "tokens",
        "clit",
        "mg",
        "stored",
        "turns",
        "current",
        "phase",
        "taken",
        "pending",
        "goals",
        "stacks",
        "claims",
        "abuela",
        "abuela_candles",
    )
    COPY: ClassVar[dict[str, int]] = {
        **{f: 1 for f in ("deck", "removed", "market", "market_mg", "mcandles", "bag", "board", "lit")},
        **{f: 1 for f in ("tokens", "clit", "mg", "turns", "pending", "goals", "claims", "abuela")},
        **{f: 2 for f in ("hands", "secret", "discards", "stored", "stacks")},
        "abuela_candles": 1,
        "current": 0,
        "phase": 0,
        "taken": 0,
    }
    """How ``clone`` copies each field (``State.COPY``): flat lists of numbers, lists of them, scalars."""
    deck: list[int]  # top of the deck is the end of the list
    removed: list[int]  # solo: three portraits returned unseen to the box
    market: list[int]  # Family board spaces 1..4 (portrait or -1)
    market_mg: list[int]  # Marigolds lying on each market portrait
    mcandles: list[int]  # candle spaces 1..4 (candle or -1 once the bag is empty)
    bag: list[int]  # candle bag; draws are random picks
    hands: list[list[int]]  # sorted
    secret: list[list[int]]  # cards of each hand dealt from the deck: the others see their lit side only
    discards: list[list[int]]  # public discard piles
    board: list[int]
    lit: list[int]
    tokens: list[int]
    clit: list[int]
    mg: list[int]  # Marigolds in storage
    stored: list[list[int]]  # Candles in storage, sorted
    turns: list[int]  # turns completed
    current: int
    phase: str
    taken: int  # market space of the portrait taken this turn, or -1
    pending: list[int]  # token slots surrounded this turn, still to decide
    goals: list[int]  # common goals in play (one per back), or []
    stacks: list[list[int]]  # their token stacks, top last
    claims: list[int]  # flat players x goals: token value claimed, 0 if none
    abuela: list[int]  # solo: portraits Abuela discarded
    abuela_candles: list[int]  # solo: candles Abuela discarded

    # ------------------------------------------------------------------ setup
    def _setup(self) -> None:
        P = self.players
        rng = self.rng
        self.deck = cards_in_game(P)
        rng.shuffle(self.deck)
        self.removed = [self.deck.pop() for _ in range(DATA.solo_removed)] if P == 1 else []
        self.market = [self.deck.pop() for _ in range(MARKET)]
        self.market_mg = [0] * MARKET
        self.bag = candles_in_game(P)
        self.mcandles = [self._draw_candle() for _ in range(MARKET)]
        self.hands = []
        for _ in range(P):
            self.hands.append(sorted(self.deck.pop() for _ in range(HAND)))
        self.secret = [list(h) for h in self.hands]
        self.discards = [[] for _ in range(P)]
        self.board = [-1] * (P * NSLOTS)
        self.lit = [0] * (P * NSLOTS)
        self.tokens = [-1] * (P * NTOK)
        self.clit = [0] * (P * NTOK)
        self.mg = [START_MARIGOLDS] * P
        self.stored = [[] for _ in range(P)]
        self.turns = [0] * P
        self.current = 0  # the starting player (p.3: "whoever most recently lit a candle") is seat 0
        self.phase = "take"
        self.taken = -1
        self.pending = []
        self.goals = []
        self.stacks = []
        if self.options["common_goals"]:
            for b in range(len(DATA.backs)):
                self.goals.append(rng.choice([g for g in range(NGOALS) if GOAL_BACK[g] == b]))
                self.stacks.append(goal_stack(b, P))
        self.claims = [0] * (P * len(self.goals))
        self.abuela = []
        self.abuela_candles = []

        market = ", ".join(CARD_TEXT[c] for c in self.market)
        candles = ", ".join(CANDLE_IDS[k] for k in self.mcandles)
        self._emit("setup", f"Family board: {market}; candles {candles}.")
        if P == 1:
            self._emit(
                "setup", f"Solo: {DATA.solo_removed} portraits are removed unseen; Abuela moves first."
            )
        for i in range(P):
            ids = ", ".join(CARD_IDS[c] for c in self.hands[i])
            self._emit(
                "deal", f"Player {i + 1} is dealt {ids}.", [i], f"Player {i + 1} is dealt {HAND} portraits."
            )
        if self.goals:
            gs = ", ".join(
                f"{GOAL_IDS[g]} ({'/'.join(map(str, reversed(st)))})"
                for g, st in zip(self.goals, self.stacks, strict=True)
            )
            self._emit("setup", f"Common goals: {gs}.")
        if P == 1:
            self._abuela_turn()

    def _draw_candle(self) -> int:
        """A candle picked at random from the bag, or -1 when it is empty (A-OF12)."""
        bag = self.bag
        if not bag:
            return -1
        i = self.rng.randrange(len(bag))
        bag[i], bag[-1] = bag[-1], bag[i]
        return bag.pop()

    # --------------------------------------------------------------- decisions
    @property
    def to_move(self) -> int | None:
        return None if self.phase == "over" else self.current

    def _take_cost(self, k: int) -> int:
        """Marigolds to take space k: one per skipped portrait (p.4)."""
        m = self.market
        if -1 not in m:
            return k
        return sum(1 for i in range(k) if m[i] >= 0)

    # ------------------------------------------------------------ the decisions
    # Each rule once, as a named predicate (why a move breaks it, or None), shared by the
    # kind's check and its listing; the engine's conformance check proves they agree.

    def _now(self) -> str:
        return f"now: {self.status()}"

    def _cannot_take(self, k: int) -> str | None:
        """1a (p.4): an empty space cannot be taken; each skipped portrait costs a marigold."""
        if self.market[k] < 0:
            return f"Family board space {k + 1} is empty"
        cost = self._take_cost(k)
        mg = self.mg[self.current]
        if cost > mg:
            return f"take {k + 1} needs {counted(cost, 'marigold')} to pay for the skipped portraits; you have {mg}"
        return None

    def _open_takes(self) -> list[str]:
        m = self.market
        if self.mg[self.current] >= MARKET - 1 and -1 not in m:
            return list(N.TAKE)  # every space affordable: the common case, listed at once
        return [N.TAKE[k] for k in range(MARKET) if self._cannot_take(k) is None]

    def _cannot_take_candle(self, j: int) -> str | None:
        """1b (p.4): a candle is free above the taken portrait, else it costs one marigold;
        storage holds at most CANDLE_LIMIT candles."""
        p = self.current
        if len(self.stored[p]) >= CANDLE_LIMIT:
            return f"your candle storage is full ({CANDLE_LIMIT} candles)"
        if self.mcandles[j] < 0:
            return f"candle space {j + 1} is empty (the bag has run out)"
        if self._candle_price(j) > self.mg[p]:
            return (
                f"candle {j + 1} is not above the portrait you took (space {self.taken + 1}), so it costs "
                f"1 marigold; you have {self.mg[p]}"
            )
        return None

    def _candle_price(self, j: int) -> int:
        """1b (p.4): the candle above the portrait taken this turn is free, another costs a marigold."""
        return 0 if j == self.taken else 1

    def _candle_offered(self) -> bool:
        """Whether the optional candle is asked for: some candle can be taken now."""
        if len(self.stored[self.current]) >= CANDLE_LIMIT:  # the cheap test first (_open_candles')
            return False
        return any(self._cannot_take_candle(j) is None for j in range(MARKET))

    def _open_candles(self) -> list[str]:
        if len(self.stored[self.current]) >= CANDLE_LIMIT:  # the cheap test first
            return []
        return [N.CANDLE[j] for j in range(MARKET) if self._cannot_take_candle(j) is None]

    def _not_in_hand(self, c: int) -> str | None:
        return None if c in self.hands[self.current] else f"{CARD_IDS[c]} is not in your hand"

    def _cannot_place(self, m: N.Place) -> str | None:
        """3a (p.5): a portrait of the hand on an empty slot; a slot with a marigold cost
        returns one to the supply, so it needs one."""
        why = self._not_in_hand(m.card)
        if why is not None:
            return why
        held = self.board[self.current * NSLOTS + m.slot]
        if held >= 0:
            return f"slot {SLOT_IDS[m.slot]} already holds {CARD_IDS[held]}"
        if COST[m.slot] and self.mg[self.current] == 0:
            return f"placing in {SLOT_IDS[m.slot]} returns 1 marigold to the supply, and you have none"
        return None

    def _open_places(self) -> list[str]:
        p = self.current
        base = p * NSLOTS
        b = self.board
        free = self.mg[p] > 0
        empties = [s for s in range(NSLOTS) if b[base + s] < 0 and (free or not COST[s])]
        acts: list[str] = []
        for c in self.hands[p]:
            row = N.PLACE[c]
            acts += [row[s] for s in empties]
        return acts

    def _surrounded_first(self, j: int) -> str | None:
        """3b (p.6): only the slots this turn's portrait surrounded, one after another."""
        want = self.pending[0]
        if j == want:
            return None
        if j in self.pending:
            return f"decide on {TOKEN_IDS[want]} first; {self._now()}"
        return (
            f"{TOKEN_IDS[j]} was not surrounded this turn; candles and marigolds go only into slots "
            "surrounded by this turn's portrait"
        )

    def _cannot_put_candle(self, m: N.PutCandle) -> str | None:
        why = self._surrounded_first(m.token)
        if why is not None:
            return why
        if not TOKEN_IS_CANDLE[m.token]:
            return f"{TOKEN_IDS[m.token]} is a marigold slot; only a marigold goes there"
        if m.candle not in self.stored[self.current]:
            return f"{CANDLE_IDS[m.candle]} is not a candle in your storage"
        return None

    def _open_put_candles(self) -> list[str]:
        j = self.pending[0]
        return [N.PUT_CANDLE[k][j] for k in self.stored[self.current]] if TOKEN_IS_CANDLE[j] else []

    def _cannot_put_marigold(self, m: N.PutMarigold) -> str | None:
        why = self._surrounded_first(m.token)
        if why is not None:
            return why
        if TOKEN_IS_CANDLE[m.token]:
            return f"{TOKEN_IDS[m.token]} is a candle slot; only a candle goes there"
        if self.mg[self.current] == 0:
            return "you have no marigold in storage"
        return None

    def _open_put_marigolds(self) -> list[str]:
        j = self.pending[0]
        return [] if TOKEN_IS_CANDLE[j] or self.mg[self.current] == 0 else [N.PUT_MARIGOLD[j]]

    def _decline(self, _: N.Decline) -> None:
        self._replenish_portraits()
        self.phase = "play"

    def _put_candle(self, m: N.PutCandle) -> None:
        p = self.current
        self.stored[p].remove(m.candle)
        self.tokens[p * NTOK + m.token] = m.candle
        self.pending.pop(0)
        self._emit(
            "token", f"Player {p + 1} places candle {CANDLE_IDS[m.candle]} (unlit) in {TOKEN_IDS[m.token]}."
        )
        self._next_token()

    def _put_marigold(self, m: N.PutMarigold) -> None:
        p = self.current
        self.mg[p] -= 1
        self.tokens[p * NTOK + m.token] = 1
        self.pending.pop(0)
        self._emit("token", f"Player {p + 1} places a marigold in {TOKEN_IDS[m.token]}.")
        self._next_token()

    def _skip(self, m: N.Skip) -> None:
        self.pending.pop(0)
        self._emit("token", f"Player {self.current + 1} leaves {TOKEN_IDS[m.token]} empty.")
        self._next_token()

    # The sentences for a kind of move out of its step of the turn.
    def _not_taking_now(self) -> str:
        return f"you take one portrait per turn, at its start; {self._now()}"

    def _not_after_taking(self) -> str:
        if self.phase == "take":
            return "take a portrait first; the optional candle comes after it"
        return f"you may take a candle only right after taking a portrait; {self._now()}"

    def _not_declining_now(self) -> str:
        return f"the optional candle is chosen right after taking a portrait; {self._now()}"

    def _not_playing_now(self) -> str:
        return f"you play a portrait after taking one (and the optional candle); {self._now()}"

    def _nothing_surrounded(self) -> str:
        return f"candles and marigolds go only into slots surrounded by the portrait placed this turn; {self._now()}"

    ACTIONS = Actions(
        Kind(
            "take",
            "take <space>",
            N.parse_take,
            lambda s, m: s._cannot_take(m.space),
            _open_takes,
            lambda s, m: s._take(m.space),
            lambda s: N.TAKES,
            phases=("take",),
            closed=_not_taking_now,
        ),
        Kind(
            "candle",
            "candle <space>",
            N.parse_take_candle,
            lambda s, m: s._cannot_take_candle(m.space),
            _open_candles,
            lambda s, m: s._take_candle(m.space),
            lambda s: N.TAKE_CANDLES,
            phases=("candle",),
            closed=_not_after_taking,
        ),
        Kind(
            "no",
            "no candle",
            N.parse_decline,
            lambda s, m: None,
            lambda s: [N.NO_CANDLE],
            _decline,
            lambda s: [N.DECLINE],
            phases=("candle",),
            closed=_not_declining_now,
        ),
        Kind(
            "place",
            "place <portrait> <slot>",
            N.parse_place,
            _cannot_place,
            _open_places,
            lambda s, m: s._place(m.card, m.slot),
            lambda s: [N.PLACES[c][t] for c in s.hands[s.current] for t in range(NSLOTS)],
            phases=("play",),
            closed=_not_playing_now,
        ),
        Kind(
            "discard",
            "discard <portrait>",
            N.parse_discard,
            lambda s, m: s._not_in_hand(m.card),
            lambda s: [N.DISCARD[c] for c in s.hands[s.current]],
            lambda s, m: s._discard(m.card),
            lambda s: N.DISCARDS,
            phases=("play",),
            closed=_not_playing_now,
        ),
        Kind(
            "candle",
            "candle <candle> <slot>",
            N.parse_put_candle,
            _cannot_put_candle,
            _open_put_candles,
            _put_candle,
            lambda s: [N.PUT_CANDLES[k][j] for k in range(NCANDLES) for j in range(NTOK)],
            phases=("token",),
            closed=_nothing_surrounded,
        ),
        Kind(
            "marigold",
            "marigold <slot>",
            N.parse_put_marigold,
            _cannot_put_marigold,
            _open_put_marigolds,
            _put_marigold,
            lambda s: N.PUT_MARIGOLDS,
            phases=("token",),
            closed=_nothing_surrounded,
        ),
        Kind(
            "skip",
            "skip <slot>",
            N.parse_skip,
            lambda s, m: s._surrounded_first(m.token),
            lambda s: [N.SKIP[s.pending[0]]],
            _skip,
            lambda s: N.SKIPS,
            phases=("token",),
            closed=_nothing_surrounded,
        ),
        phase=attrgetter("phase"),
    )

    # ---------------------------------------------------------------- the turn
    def _take(self, k: int) -> None:
        """1a: pay one Marigold onto each skipped portrait, collect those on the taken one."""
        p = self.current
        m = self.market
        mm = self.market_mg
        cost = 0
        for i in range(k):
            if m[i] >= 0:
                mm[i] += 1
                cost += 1
        card = m[k]
        gained = mm[k]
        self.mg[p] += gained - cost
        m[k] = -1
        mm[k] = 0
        self.taken = k
        h = self.hands[p]
        h.append(card)
        h.sort()
        self._emit(
            "take",
            f"Player {p + 1} takes {CARD_TEXT[card]} from space {k + 1}, paying {cost} and collecting {counted(gained, 'marigold')}.",
        )
        if self._candle_offered():
            self.phase = "candle"
        else:
            self._replenish_portraits()
            self.phase = "play"

    def _take_candle(self, j: int) -> None:
        """1b: free above the taken portrait's space, else one Marigold on the portrait below (A-OF11)."""
        p = self.current
        k = self.mcandles[j]
        paid = self._candle_price(j)
        if paid:
            self.mg[p] -= paid
            if self.market[j] >= 0:
                self.market_mg[j] += 1
        st = self.stored[p]
        st.append(k)
        st.sort()
        self._emit(
            "candle",
            f"Player {p + 1} takes candle {CANDLE_IDS[k]} from space {j + 1}, "
            + (f"paying {counted(paid, 'marigold')}." if paid else "free."),
        )
        del self.mcandles[j]
        new = self._draw_candle()
        self.mcandles.append(new)
        if new >= 0:
            self._emit("replenish", f"Candle {CANDLE_IDS[new]} is drawn into candle space {MARKET}.")
        self._replenish_portraits()
        self.phase = "play"

    def _replenish_portraits(self) -> None:
        """2: slide the remaining portraits (with their Marigolds) left, draw into space 4."""
        k = self.taken
        del self.market[k]
        del self.market_mg[k]
        new = self.deck.pop() if self.deck else -1
        self.market.append(new)
        self.market_mg.append(0)
        if new >= 0:
            self._emit("replenish", f"{CARD_TEXT[new]} is drawn into space {MARKET}.")

    def _place(self, c: int, s: int) -> None:
        """3a: place, pay or gain, light surrounded portraits, then queue surrounded token slots."""
        p = self.current
        base = p * NSLOTS
        b = self.board
        self.hands[p].remove(c)
        sec = self.secret[p]
        if c in sec:
            sec.remove(c)
        b[base + s] = c
        extra = ""
        if GAIN[s]:
            self.mg[p] += 1
            extra = ", gaining 1 marigold"
        elif COST[s]:
            self.mg[p] -= 1
            extra = ", returning 1 marigold"
        self._emit("place", f"Player {p + 1} places {CARD_TEXT[c]} in {SLOT_IDS[s]}{extra}.")
        lit = self.lit
        for t in self._lighting(base, s):
            lit[base + t] = 1
            self._emit("light", f"{CARD_IDS[b[base + t]]} in {SLOT_IDS[t]} lights up.")
        self.pending = self._surrounded(base, s)
        self._next_token()

    def _lighting(self, base: int, s: int) -> list[int]:
        """The portraits that light up now that slot ``s`` of the Ofrenda at ``base`` is
        filled: those it surrounds just now whose objective holds (p.6; final, A-OF4)."""
        b, lit = self.board, self.lit
        out = []
        for t in AROUND[s]:
            ct = b[base + t]
            if ct < 0 or lit[base + t]:
                continue
            for n in ADJ[t]:
                if b[base + n] < 0:
                    break
            else:  # surrounded just now: its one check
                if portrait_ok(b, base, t, ct, VACUOUS):
                    out.append(t)
        return out

    def _surrounded(self, base: int, s: int) -> list[int]:
        """The token slots next to slot ``s`` whose three portraits are all placed (3b)."""
        b = self.board
        out = []
        for j in SLOT_TOKENS[s]:
            x, y, z = TOKEN_CARDS[j]
            if b[base + x] >= 0 and b[base + y] >= 0 and b[base + z] >= 0:
                out.append(j)
        return out

    def _can_fill(self, p: int, j: int) -> bool:
        """Whether player ``p`` has the token that token slot ``j`` takes (A-OF14)."""
        return bool(self.stored[p]) if TOKEN_IS_CANDLE[j] else self.mg[p] > 0

    def _discard(self, c: int) -> None:
        """3a: discard for three Marigolds; it leaves an empty slot for good (p.5)."""
        p = self.current
        self.hands[p].remove(c)
        sec = self.secret[p]
        if c in sec:
            sec.remove(c)
        self.discards[p].append(c)
        self.mg[p] += DISCARD_GAIN
        self._emit("discard", f"Player {p + 1} discards {CARD_TEXT[c]} and gains {DISCARD_GAIN} marigolds.")
        self.pending = []
        self._end_turn()

    def _next_token(self) -> None:
        """3b: offer the next surrounded slot the player can fill; skip the rest (A-OF14)."""
        p = self.current
        pending = self.pending
        while pending:
            j = pending[0]
            if self._can_fill(p, j):
                self.phase = "token"
                return
            what = "candle" if TOKEN_IS_CANDLE[j] else "marigold"
            self._emit("token", f"{TOKEN_IDS[j]} is surrounded, but Player {p + 1} has no {what} to place.")
            pending.pop(0)
        self._end_turn()

    def _end_turn(self) -> None:
        p = self.current
        self._flip_candles(p)
        if self.goals:
            self._claim_goals(p)
        self.turns[p] += 1
        self.taken = -1
        if self.players == 1:
            if self.turns[0] >= TURNS:
                self._end_game()
                return
            self._abuela_turn()
            self.phase = "take"
            return
        nxt = (p + 1) % self.players
        if self.turns[nxt] >= TURNS:
            self._end_game()
            return
        self.current = nxt
        self.phase = "take"

    def _flip_candles(self, p: int) -> None:
        """Light placed candles whose objective holds now (p.7); ⌚ candles wait for the end.
        A majority candle reads every player's Ofrenda, so every player is counted (our
        majority candles are ⌚, but a component overlay may let them flip in play)."""
        bt = p * NTOK
        tok = self.tokens
        clit = self.clit
        todo = [
            j
            for j in CANDLE_SLOTS
            if tok[bt + j] >= 0 and not clit[bt + j] and not CANDLE_END_ONLY[tok[bt + j]]
        ]
        if not todo:
            return
        P = self.players
        counts = [feature_counts(self.board, q * NSLOTS) for q in range(P)]
        on = [marigolds_on(tok, q * NTOK) for q in range(P)]
        for j in todo:
            k = tok[bt + j]
            if candle_ok(k, p, counts, on, self.mg):
                clit[bt + j] = 1
                self._emit("light", f"Player {p + 1}'s candle {CANDLE_IDS[k]} in {TOKEN_IDS[j]} lights up.")

    def _claim_goals(self, p: int) -> None:
        """Variant: at the end of your turn take the top token of each goal met, once per goal."""
        ng = len(self.goals)
        base = p * NSLOTS
        for gi in range(ng):
            if self.claims[p * ng + gi] or not self.stacks[gi]:
                continue
            if goal_met(self.goals[gi], self.board, base):
                v = self.stacks[gi].pop()
                self.claims[p * ng + gi] = v
                self._emit(
                    "goal", f"Player {p + 1} claims the {v}-point token of goal {GOAL_IDS[self.goals[gi]]}."
                )

    def _abuela_turn(self) -> None:
        """Solo (p.10): roll; discard that space's portrait paying supply Marigolds onto the
        skipped ones; on 5–6 roll again and discard a candle the same way; replenish."""
        roll = self.rng.roll(6)
        k = SOLO_DIE[roll - 1] - 1
        m = self.market
        mm = self.market_mg
        card = m[k]
        for i in range(k):
            if m[i] >= 0:
                mm[i] += 1
        text = f"Abuela rolls {roll}: she discards {CARD_TEXT[card] if card >= 0 else 'nothing'} from space {k + 1}"
        if k:
            text += f", putting a supply marigold on each of spaces 1–{k}"
        self._emit("abuela", text + ".")
        if card >= 0:
            self.abuela.append(card)
        if roll in SOLO_CANDLE_FACES:
            roll2 = self.rng.roll(6)
            j = SOLO_DIE[roll2 - 1] - 1
            kc = self.mcandles[j]
            if kc >= 0:
                paid = ""
                if j != k and m[j] >= 0:
                    mm[j] += 1
                    paid = f", putting a supply marigold on space {j + 1}"
                self.abuela_candles.append(kc)
                del self.mcandles[j]
                self._emit(
                    "abuela",
                    f"Abuela rolls {roll2}: she discards candle {CANDLE_IDS[kc]} from space {j + 1}{paid}.",
                )
                new = self._draw_candle()
                self.mcandles.append(new)
                if new >= 0:
                    self._emit("replenish", f"Candle {CANDLE_IDS[new]} is drawn into candle space {MARKET}.")
            else:
                self._emit("abuela", f"Abuela rolls {roll2}: candle space {j + 1} is empty.")
        self.taken = k
        self._replenish_portraits()
        self.taken = -1

    # -------------------------------------------------------------- the end
    def _end_game(self) -> None:
        """p.9: re-check unlit portraits ignoring empty slots, flip candles (⌚ included), score."""
        P = self.players
        b = self.board
        lit = self.lit
        for p in range(P):
            base = p * NSLOTS
            for s in self._lit_at_end(p):
                lit[base + s] = 1
                self._emit(
                    "light",
                    f"At the end, Player {p + 1}'s {CARD_IDS[b[base + s]]} in {SLOT_IDS[s]} lights up.",
                )
        counts = [feature_counts(b, p * NSLOTS) for p in range(P)]
        on = [marigolds_on(self.tokens, p * NTOK) for p in range(P)]
        for p in range(P):
            bt = p * NTOK
            for j in self._lit_candles_at_end(p, counts, on):
                self.clit[bt + j] = 1
                k = self.tokens[bt + j]
                self._emit(
                    "light",
                    f"At the end, Player {p + 1}'s candle {CANDLE_IDS[k]} in {TOKEN_IDS[j]} lights up.",
                )
        self.phase = "over"
        self.pending = []
        sc = self.scores()
        if P == 1:
            t = tier_for(sc[0])
            self._emit("end", f"Final score: {counted(int(sc[0]), 'point')}. Tier {t.label()}: {t.text}")
        else:
            w = self.winners()
            table = ", ".join(f"Player {i + 1} {int(v)}" for i, v in enumerate(sc))
            names = " and ".join(f"Player {i + 1}" for i in w)
            verb = "wins" if len(w) == 1 else "share the victory"
            self._emit("end", f"Final scores: {table}. {names} {verb}.")

    def _lit_at_end(self, p: int) -> list[int]:
        """p.9: seat ``p``'s unlit portraits whose objective holds at the end, empty slots
        ignored (each check reads the board only, so the order of lighting is no matter)."""
        b, lit = self.board, self.lit
        base = p * NSLOTS
        return [
            s
            for s in range(NSLOTS)
            if b[base + s] >= 0 and not lit[base + s] and portrait_ok(b, base, s, b[base + s], VACUOUS)
        ]

    def _lit_candles_at_end(self, p: int, counts: list[list[int]], on: list[int]) -> list[int]:
        """p.9: seat ``p``'s candle slots whose unlit candle lights at the end (⌚ included),
        given every seat's feature counts and marigolds on its Ofrenda."""
        tok, clit = self.tokens, self.clit
        bt = p * NTOK
        return [
            j
            for j in CANDLE_SLOTS
            if tok[bt + j] >= 0 and not clit[bt + j] and candle_ok(tok[bt + j], p, counts, on, self.mg)
        ]

    def seat_breakdown(self, p: int) -> Score:
        """Points of one seat by source, as the Ofrenda stands (final once over)."""
        pts, mgp, cdp = breakdown(self.board, self.lit, self.tokens, self.clit, p * NSLOTS, p * NTOK)
        ng = len(self.goals)
        goals = sum(self.claims[p * ng : p * ng + ng]) if ng else 0
        return {
            "portraits": pts,
            "marigolds": mgp,
            "candles": cdp,
            "goals": goals,
            "total": pts + mgp + cdp + goals,
        }

    def scores(self) -> list[float]:
        out: list[float] = []
        ng = len(self.goals)
        for p in range(self.players):
            pts, mgp, cdp = breakdown(self.board, self.lit, self.tokens, self.clit, p * NSLOTS, p * NTOK)
            out.append(pts + mgp + cdp + (sum(self.claims[p * ng : p * ng + ng]) if ng else 0))
        return out

    def winners(self) -> list[int]:
        """Highest score; ties: most lit portraits, then most Marigolds in storage, else shared (p.9)."""
        if not self.over:
            return []
        sc = self.scores()
        keys = [(sc[p], lit_count(self.board, self.lit, p * NSLOTS), self.mg[p]) for p in range(self.players)]
        best = max(keys)
        return [p for p in range(self.players) if keys[p] == best]

    # The score sheet of ``result()``: each in scoring.py.
    _categories = scoring.categories
    _tie_breaks = scoring.tie_breaks
    _solo_rating = scoring.solo_rating

    def tier(self) -> Tier | None:
        """Solo: the rulebook's tier for the score (final once over)."""
        if self.players != 1:
            return None
        t = tier_for(self.scores()[0])
        return {"range": t.label(), "low": t.low, "high": t.high, "text": t.text}

    def stats(self) -> dict[str, float | int | str]:
        """Per-game numbers for designers: averages per player of what the Ofrendas hold."""
        P = self.players
        out: dict[str, float | int | str] = dict(super().stats())
        tok = self.tokens
        placed = sum(1 for c in self.board if c >= 0)
        lit = sum(1 for i, c in enumerate(self.board) if c >= 0 and self.lit[i])
        candles = sum(1 for p in range(P) for j in CANDLE_SLOTS if tok[p * NTOK + j] >= 0)
        clit = sum(
            1 for p in range(P) for j in CANDLE_SLOTS if tok[p * NTOK + j] >= 0 and self.clit[p * NTOK + j]
        )
        mgs = sum(marigolds_on(tok, p * NTOK) for p in range(P))
        out.update(
            rounds=min(self.turns),
            portraits_placed=placed / P,
            portraits_lit=lit / P,
            discards=sum(len(d) for d in self.discards) / P,
            candles_placed=candles / P,
            candles_lit=clit / P,
            marigolds_placed=mgs / P,
            marigolds_stored=sum(self.mg) / P,
            goal_points=sum(self.claims) / P,
            score_mean=sum(self.scores()) / P,
        )
        if P == 1:
            out["solo_tier"] = tier_for(self.scores()[0]).label()
        return out

    # ----------------------------------------------------------- messages
    def status(self) -> str:
        if self.phase == "over":
            sc = self.scores()
            if self.players == 1:
                t = tier_for(sc[0])
                return f"Game over: {int(sc[0])} points, tier {t.label()}: {t.text}"
            w = self.winners()
            names = " and ".join(f"Player {i + 1}" for i in w)
            return f"Game over: {names} {'wins' if len(w) == 1 else 'share the victory'} with {int(sc[w[0]])}"
        p = self.current
        who = f"Player {p + 1}"
        turn = f" (turn {self.turns[p] + 1} of {TURNS})"
        if self.phase == "take":
            return f"{who} to take a portrait{turn}"
        if self.phase == "candle":
            return f"{who} may take a candle{turn}"
        if self.phase == "play":
            return f"{who} to place or discard a portrait{turn}"
        j = self.pending[0]
        what = "candle" if TOKEN_IS_CANDLE[j] else "marigold"
        return f"{who} may place a {what} in {TOKEN_IDS[j]}{turn}"

    # What a seat may know and the redraw of the rest: views.py.
    _view = views.view
    _redraw_hidden = views.redraw_hidden

    def census(self) -> dict[str, int]:
        cards = (
            len(self.deck)
            + len(self.removed)
            + sum(1 for c in self.market if c >= 0)
            + sum(len(h) for h in self.hands)
            + sum(len(d) for d in self.discards)
            + sum(1 for c in self.board if c >= 0)
            + len(self.abuela)
        )
        bt = self.tokens
        on_boards = sum(1 for p in range(self.players) for j in CANDLE_SLOTS if bt[p * NTOK + j] >= 0)
        candles = (
            len(self.bag)
            + sum(1 for k in self.mcandles if k >= 0)
            + sum(len(s) for s in self.stored)
            + on_boards
            + len(self.abuela_candles)
        )
        goal_tokens = sum(len(s) for s in self.stacks) + sum(1 for v in self.claims if v)
        return {"portraits": cards, "candles": candles, "goal_tokens": goal_tokens}

    def _validate(self) -> None:
        P = self.players

        def need(ok: bool, msg: str) -> None:
            if not ok:
                raise CorruptState(f"ofrenda: {msg}")

        def ints(x: Any, name: str) -> None:
            need(isinstance(x, list) and all(type(v) is int for v in x), f"{name} must be a list of integers")

        for name in (
            "deck",
            "removed",
            "market",
            "market_mg",
            "mcandles",
            "bag",
            "board",
            "lit",
            "tokens",
            "clit",
            "mg",
            "turns",
            "pending",
            "goals",
            "claims",
            "abuela",
            "abuela_candles",
        ):
            ints(getattr(self, name), name)
        for name in ("hands", "secret", "discards", "stored", "stacks"):
            v = getattr(self, name)
            need(isinstance(v, list), f"{name} must be a list")
            for x in v:
                ints(x, name)
        need(self.phase in PHASES, f"unknown phase {self.phase!r}")
        need(type(self.current) is int and 0 <= self.current < P, "current must be a seat")
        need(
            type(self.taken) is int and -1 <= self.taken < MARKET, "taken must be a Family board space or -1"
        )
        for name, n in (("hands", P), ("secret", P), ("discards", P), ("stored", P), ("mg", P), ("turns", P)):
            need(len(getattr(self, name)) == n, f"{name} must have one entry per player")
        for name, n in (("board", P * NSLOTS), ("lit", P * NSLOTS), ("tokens", P * NTOK), ("clit", P * NTOK)):
            need(len(getattr(self, name)) == n, f"{name} must have {n} entries")
        need(
            len(self.market) == MARKET and len(self.market_mg) == MARKET and len(self.mcandles) == MARKET,
            f"the Family board has {MARKET} portrait and {MARKET} candle spaces",
        )
        cards = (
            self.deck
            + self.removed
            + [c for c in self.market if c >= 0]
            + [c for h in self.hands for c in h]
            + [c for d in self.discards for c in d]
            + [c for c in self.board if c >= 0]
            + self.abuela
        )
        need(sorted(cards) == cards_in_game(P), "every portrait in play must appear exactly once")
        cand = (
            self.bag
            + [k for k in self.mcandles if k >= 0]
            + [k for s in self.stored for k in s]
            + [
                self.tokens[p * NTOK + j]
                for p in range(P)
                for j in CANDLE_SLOTS
                if self.tokens[p * NTOK + j] >= 0
            ]
            + self.abuela_candles
        )
        need(sorted(cand) == candles_in_game(P), "every candle in play must appear exactly once")
        for p in range(P):
            need(set(self.secret[p]) <= set(self.hands[p]), "unseen cards must be in the hand")
            need(len(self.stored[p]) <= CANDLE_LIMIT, f"at most {CANDLE_LIMIT} candles in storage")
            need(0 <= self.turns[p] <= TURNS and self.mg[p] >= 0, "turn counts and marigolds out of range")
            placed = sum(1 for s in range(NSLOTS) if self.board[p * NSLOTS + s] >= 0)
            need(
                placed + len(self.discards[p])
                == self.turns[p] + (self.phase == "token" and p == self.current),
                "portraits placed and discarded must match the turns played",
            )
            for j in range(NTOK):
                t = self.tokens[p * NTOK + j]
                need(TOKEN_IS_CANDLE[j] or t in (-1, 1), "a marigold slot holds -1 or 1")
        need(
            all(0 <= j < NTOK for j in self.pending) and (self.phase == "token") == bool(self.pending),
            "pending token slots only while placing tokens",
        )
        need(
            all(0 <= g < NGOALS for g in self.goals)
            and len(self.stacks) == len(self.goals)
            and len(self.claims) == P * len(self.goals),
            "malformed common goals",
        )
        need(bool(self.goals) == bool(self.options["common_goals"]), "common goals must match the option")


class OfrendaGame(Game):
    id = "ofrenda"
    title = "Ofrenda"
    min_players = 1
    max_players = 4
    state_class = OfrendaState
    view_type = OfrendaView
    order = 1
    hidden_information = True
    summary = (
        "Draft portraits of your late relatives from the Family board, paying marigolds to skip, "
        "and arrange them on your staggered ofrenda so their wishes about their neighbours come "
        "true and they light up; decorate it with candles and marigolds. Twelve turns each; lit "
        "portraits, marigolds and lit candles score. Solo against Abuela, and a common-goals variant."
    )
    options = (
        Option(
            "common_goals",
            False,
            "Common goals variant (p.11): three goal cards, one per back; the first to meet each takes its top token. Not in solo.",
        ),
        Option(
            "hidden_hands",
            False,
            "Keep dealt portraits wholly hidden: the others do not see their lit side's colour and offering, which the rulebook's table shows (A-OF13).",
        ),
    )

    retired_options = frozenset({"reveal_top"})
    """``reveal_top`` showed the deck's top card, which the rulebook's table always shows
    (setup step 3: "lit side face up"); tables made with it replay as the rulebook plays."""

    def _check_option_combination(self, players: int, options: dict[str, Any]) -> None:
        if players == 1 and options["common_goals"]:
            raise InvalidOptions("the common goals variant is for the multiplayer game only, not solo (p.11)")

    def reconstructed(self) -> list[str]:
        return list(DATA.reconstructed)

    def catalog(self) -> dict[str, Any]:
        from .components import catalog

        return catalog()
