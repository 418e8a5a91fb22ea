"""A tiny hidden-information game used to test the engine without any real game.

Twelve cards numbered 1–12; each seat holds two (three on a table without drawing, so
that it can play three). On a turn a seat either draws from the deck (hand limit 3) or
plays a card face down. After each seat has played three cards,
the face-down cards are revealed and the highest total wins.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from muertos.engine import CorruptState, Game, Option, Parts, Rng, State, number, seat_ref
from muertos.engine.actions import Actions, Kind


@dataclass(frozen=True)
class Play:
    """``play 7``: a card from hand, face down."""

    card: int
    text: str


@dataclass(frozen=True)
class Draw:
    """``draw``: the deck's top card into the hand."""

    text: str = "draw"


PLAYS = {c: Play(c, f"play {c}") for c in range(1, 13)}
DRAW = Draw()


class ToyState(State):
    FIELDS = ("deck", "hands", "played", "turn_seat")
    deck: list[int]
    hands: list[list[int]]
    played: list[list[int]]
    turn_seat: int

    def _setup(self) -> None:
        self.deck = list(range(1, 13))
        self.rng.shuffle(self.deck)
        dealt = 2 if self.options["draw"] else 3
        self.hands = [[self.deck.pop() for _ in range(dealt)] for _ in range(self.players)]
        self.played = [[] for _ in range(self.players)]
        self.turn_seat = 0
        self._emit("setup", "The cards are dealt.")

    @property
    def to_move(self) -> int | None:
        if all(len(p) >= 3 for p in self.played):
            return None
        return self.turn_seat

    # ---------------------------------------------------------------- the rules, each once
    def _not_in_hand(self, card: int) -> str | None:
        return None if card in self.hands[self.turn_seat] else "you may only play a card from your hand"

    def _cannot_draw(self) -> str | None:
        if not self.options["draw"]:
            return "this table plays without drawing"
        if not self.deck or len(self.hands[self.turn_seat]) >= 3:
            return "you may draw only while the deck has cards and you hold fewer than 3"
        return None

    # ---------------------------------------------------------------- play a card
    def _play_legal(self) -> list[str]:
        return [PLAYS[c].text for c in sorted(self.hands[self.turn_seat])]

    def _play(self, move: Play) -> None:
        me = self.turn_seat
        self.hands[me].remove(move.card)
        self.played[me].append(move.card)
        self._emit(
            "play",
            f"{seat_ref(me)} plays {move.card} face down.",
            [me],
            f"{seat_ref(me)} plays a card face down.",
        )
        self._pass_turn()

    # ---------------------------------------------------------------- draw a card
    def _draw(self, move: Draw) -> None:
        me = self.turn_seat
        c = self.deck.pop()
        self.hands[me].append(c)
        self._emit("draw", f"{seat_ref(me)} draws {c}.", [me], f"{seat_ref(me)} draws a card.")
        self._pass_turn()

    def _pass_turn(self) -> None:
        me = self.turn_seat
        for k in range(1, self.players + 1):
            nxt = (me + k) % self.players
            if len(self.played[nxt]) < 3:
                self.turn_seat = nxt
                break
        if self.over:
            self._emit("end", "The face-down cards are revealed.")

    ACTIONS = Actions(
        Kind(
            "play",
            "play <card>",
            parse=lambda w: (
                Play(n, f"play {n}") if len(w) == 1 and (n := number(w[0])) is not None else "name a card"
            ),
            check=lambda s, m: s._not_in_hand(m.card),
            legal=_play_legal,
            play=_play,
            every=lambda s: PLAYS.values(),
        ),
        Kind(
            "draw",
            "draw",
            parse=lambda w: "'draw' takes nothing after it" if w else DRAW,
            check=lambda s, m: s._cannot_draw(),
            legal=lambda s: [] if s._cannot_draw() else [DRAW.text],
            play=_draw,
            every=lambda s: [DRAW],
        ),
    )

    def _view(self, seat: int | None) -> dict[str, Any]:
        # copies: a view is the seat's to keep, and must not move on with the state
        return {
            "deck": len(self.deck),
            "hands": [list(h) if seat == i else len(h) for i, h in enumerate(self.hands)],
            "played": [list(p) if (seat == i or self.over) else len(p) for i, p in enumerate(self.played)],
        }

    def scores(self) -> list[float]:
        return [sum(p) for p in self.played]

    def _redraw_hidden(self, seat: int | None, rng: Rng) -> None:
        pool = list(self.deck)
        for i in range(self.players):
            if i != seat:
                pool += self.hands[i]
                if not self.over:
                    pool += self.played[i]
        pool.sort()  # the result must not depend on where the unseen cards happen to be
        rng.shuffle(pool)
        for i in range(self.players):
            if i != seat:
                self.hands[i] = [pool.pop() for _ in self.hands[i]]
                if not self.over:
                    self.played[i] = [pool.pop() for _ in self.played[i]]
        self.deck = pool

    def census(self) -> dict[str, int]:
        return {"cards": len(self.deck) + sum(map(len, self.hands)) + sum(map(len, self.played))}

    def _validate(self) -> None:
        cards = self.deck + [c for h in self.hands for c in h] + [c for p in self.played for c in p]
        if sorted(cards) != list(range(1, 13)):
            raise CorruptState("the toy deck must hold the cards 1-12 exactly once")


class ToyGame(Game):
    id = "toy"
    title = "Toy"
    min_players = 2
    max_players = 3
    state_class = ToyState
    options = (Option("draw", True, "allow drawing"),)


class Picture:
    """The toy's render part: one line of text."""

    def render(self, state: State, seat: int | None = None) -> str:
        return f"toy: {state.status()}"


TOY = ToyGame(Parts(guide=__doc__ or "", render=Picture()))
