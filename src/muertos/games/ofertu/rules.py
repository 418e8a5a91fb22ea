"""Ofertu's rules: the state, its decisions and the round's automatic steps.

Quotes are from the rules; ``A-O…`` names one of our resolutions where they are silent.
``docs/rules/ofertu.md`` maps every rule to its code and test. Auction-row positions are
0–4 inside the state and 1–5 in the notation, counted from the White player's left,
which is also the order the bids are revealed in.

A round runs like this (all inside ``_apply`` except the two kinds of decision):

1. both players draw up to five cards; ``quota`` = min(3, both hand sizes) (A-O8);
   the game ends here if a hand is empty (A-O9);
2. decisions ``bid <card> on <n>``: the start player first, then alternating, until
   each has placed ``quota`` cards face down;
3. reveal, position 1 to 5; a tie asks each player with cards for a secret decision
   ``tiebreak <card>`` or ``pass`` (start player first; hidden until both chose);
4. next start player by wins, then pips, then the other player (A-O7); the row is
   refilled, reshuffling the red discard when the red deck is empty; the game ends
   if the row stays empty (A-O9).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from muertos.engine import CorruptState, Game, Rng, State
from muertos.engine.actions import Actions, Kind

from . import notation
from .components import ALL_CARDS, BLACK, COMPONENTS, ORDER, PIPS, RED, SUIT_NAME, WHITE, sort_cards
from .scoring import final_order, pips
from .views import OfertuTable, OfertuView

ROW_SIZE = COMPONENTS.auction_row
"""RULES: "draw five red cards and place them in a row"; "Fill the plateau to 5"."""
HAND_SIZE = COMPONENTS.hand_size
"""RULES: "Each player draws from their personal deck until they have five cards"."""
BIDS_PER_ROUND = COMPONENTS.bids_per_round
"""RULES: "placing a total of three cards from their hand" (each; "six player cards")."""
PHASES = ("bid", "tiebreak", "over")
WHO = {(p, b): f"Player {p + 1} ({SUIT_NAME[BLACK if b else WHITE]})" for p in (0, 1) for b in (True, False)}
"""How the log names a seat, by seat and whether it holds the black deck."""
HIDDEN = "?"
"""What a face-down bid card looks like to a seat that may not see it."""


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def spell(cards: list[str]) -> str:
    """``B3 + R5 = 8``: a bid as the log shows it."""
    return f"{' + '.join(cards)} = {pips(cards)}"


class OfertuState(State):
    FIELDS = (
        "black",
        "start",
        "turn",
        "round",
        "phase",
        "row",
        "red_deck",
        "red_discard",
        "out",
        "decks",
        "hands",
        "bids",
        "display",
        "quota",
        "placed",
        "reveal",
        "choices",
        "wins",
        "won_pips",
    )
    black: int
    """Seat holding the black deck (the other holds white)."""
    start: int
    """Start player of this round."""
    turn: int
    """Seat to place the next bid card (bidding phase)."""
    round: int
    phase: str
    row: list[str | None]
    """The auction row; ``None`` for a position the red cards could not refill."""
    red_deck: list[str]
    """Top card last."""
    red_discard: list[str]
    out: list[str]
    """Black and white bid cards, out of play for good."""
    decks: list[list[str]]
    """Personal draw piles, top card last."""
    hands: list[list[str]]
    """Kept sorted (``ORDER``)."""
    bids: list[list[list[str]]]
    """``bids[seat][position]``: that seat's bid in front of that auction card."""
    display: list[list[str]]
    """Victory displays: red cards won with a bid holding red."""
    quota: int
    """Cards each player places this round (A-O8)."""
    placed: list[int]
    reveal: int
    """Position whose tie is being broken (phase ``tiebreak``), else -1."""
    choices: list[str | None]
    """Tie-break choices: ``None`` still to choose, ``"pass"`` or a card (still in hand)."""
    wins: list[int]
    """Auctions won this round, per seat."""
    won_pips: list[int]
    """Pips of the auction cards won this round, per seat."""

    # ------------------------------------------------------------------ setup
    def _setup(self) -> None:
        # "Divide the deck into the three colour suits and shuffle each."
        self.red_deck = COMPONENTS.cards("red")
        self.rng.shuffle(self.red_deck)
        personal = [COMPONENTS.cards("black"), COMPONENTS.cards("white")]
        for d in personal:
            self.rng.shuffle(d)
        # "Each player randomly chooses one of the other two decks."
        self.black = self.rng.randrange(2)
        self.decks = [personal[0], personal[1]] if self.black == 0 else [personal[1], personal[0]]
        # "draw five red cards and place them in a row beside the draw pile"
        self.row = [self.red_deck.pop() for _ in range(ROW_SIZE)]
        self.red_discard, self.out = [], []
        self.hands, self.display = [[], []], [[], []]
        self.bids = [[[] for _ in range(ROW_SIZE)] for _ in range(2)]
        self.round = 0
        self.phase = "bid"
        self.quota, self.placed, self.reveal = 0, [0, 0], -1
        self.choices, self.wins, self.won_pips = [None, None], [0, 0], [0, 0]
        # "The player with the black deck is the starting player for the first round."
        self.start = self.turn = self.black
        self._emit(
            "setup",
            f"{self.who(self.black)} takes the black deck and starts; "
            f"{self.who(1 - self.black)} takes the white deck. Auction row: {self._row_text()}.",
        )
        self._begin_round()

    def who(self, seat: int) -> str:
        return WHO[seat, seat == self.black]

    def colour(self, seat: int) -> str:
        """The letter of the personal deck's suit of ``seat``."""
        return BLACK if seat == self.black else WHITE

    def _row_text(self) -> str:
        return " ".join(f"{i + 1}:{c or '-'}" for i, c in enumerate(self.row))

    # ------------------------------------------------------------------ round
    def _begin_round(self) -> None:
        """Draw up to five, then end the game or open the bidding (A-O8, A-O9)."""
        for p in (self.start, 1 - self.start):
            hand, deck = self.hands[p], self.decks[p]
            drawn = [deck.pop() for _ in range(min(len(deck), HAND_SIZE - len(hand)))]
            if drawn:
                hand.extend(drawn)
                hand.sort(key=ORDER.__getitem__)
                self._emit(
                    "draw",
                    f"{self.who(p)} draws {', '.join(sort_cards(drawn))}.",
                    [p],
                    f"{self.who(p)} draws {plural(len(drawn), 'card')}.",
                )
        # "When one player runs out of cards, the other may not make more bids.
        # Both players must have an equal number of bids."
        self.quota = min(BIDS_PER_ROUND, len(self.hands[0]), len(self.hands[1]))
        if self.quota == 0:
            empty = [p for p in (0, 1) if not self.hands[p]]
            names = " and ".join(self.who(p) for p in empty)
            self._end(f"{names} {'have' if len(empty) > 1 else 'has'} no more cards to bid with")
            return
        self.round += 1
        self.placed = [0, 0]
        self.wins, self.won_pips = [0, 0], [0, 0]
        self.phase = "bid"
        self.turn = self.start
        self._emit(
            "round",
            f"Round {self.round}: {self.who(self.start)} starts; each player bids {plural(self.quota, 'card')}.",
        )

    def _end(self, why: str) -> None:
        self.phase = "over"
        self.reveal = -1
        sc = [pips(d) for d in self.display]
        line = "; ".join(f"{self.who(p)} {sc[p]} pips in {len(self.display[p])} cards" for p in (0, 1))
        w = self.winners()
        if len(w) == 2:
            result = "a draw"
        else:
            result = f"{self.who(w[0])} wins" + (" on more cards (A-O10)" if sc[0] == sc[1] else "")
        self._emit("end", f"Game over: {why}. {line}: {result}.")

    def _reveal_from(self, first: int) -> None:
        """Reveal positions ``first``… in order; stop at a tie someone may break."""
        for i in range(first, ROW_SIZE):
            if not (self.bids[0][i] or self.bids[1][i]):
                continue  # A-O6: an auction card nobody bid on stays in the row
            b0, b1 = self.bids[0][i], self.bids[1][i]
            self._emit(
                "reveal",
                f"Position {i + 1} ({self.row[i]}): "
                + "; ".join(f"{self.who(p)} bids {spell(b)}" for p, b in ((0, b0), (1, b1)) if b)
                + ".",
            )
            if self._settle(i, first_look=True):
                continue
            return  # a tie-break decision is pending
        self._end_round()

    def _settle(self, i: int, first_look: bool) -> bool:
        """Decide the auction at ``i`` if possible; False when a tie-break decision is needed."""
        v0, v1 = pips(self.bids[0][i]), pips(self.bids[1][i])
        if v0 != v1:
            # A-O1/A-O2: the higher sum wins (a single bid beats no bid).
            self._award(i, 0 if v0 > v1 else 1)
            return True
        # "In the event of a tie, both players may choose one card from their hand to
        # act as a tiebreaker. If neither player has cards in their hand, or neither
        # player bids again, then the bids for that red card are both discarded."
        if not (self.hands[0] or self.hands[1]):
            self._emit(
                "tie",
                f"Position {i + 1} ({self.row[i]}): tie at {v0}, and neither player has a card "
                "left to break it: both bids are discarded.",
            )
            self._discard_bids(i)
            return True
        # A player with an empty hand cannot bid again: their choice is a pass, made now.
        self.choices = [None if self.hands[p] else "pass" for p in (0, 1)]
        self.phase, self.reveal = "tiebreak", i
        self._emit(
            "tie",
            f"Position {i + 1} ({self.row[i]}): {'tie' if first_look else 'still tied'} at {v0}; "
            "each player with cards secretly chooses a tie-breaker card or passes.",
        )
        return False

    def _resolve_tiebreak(self) -> None:
        """Both chose: reveal, add the cards to the bids, then settle or repeat (A-O4)."""
        i = self.reveal
        parts = []
        added = False
        for p in (0, 1):
            c = self.choices[p]
            if c is None or c == "pass":
                parts.append(f"{self.who(p)} passes")
            else:
                added = True
                self.hands[p].remove(c)
                self.bids[p][i].append(c)
                parts.append(f"{self.who(p)} adds {c}")
        self._emit("tiebreak", f"Tie-break at position {i + 1}: {', '.join(parts)}.")
        self.choices = [None, None]
        self.phase, self.reveal = "bid", -1
        if not added:
            self._emit("tie", f"Neither player bids again: both bids on {self.row[i]} are discarded.")
            self._discard_bids(i)
        elif not self._settle(i, first_look=False):
            return  # still tied: another secret tie-break round
        self._reveal_from(i + 1)

    def _award(self, i: int, w: int) -> None:
        card = self.row[i]
        assert card is not None
        bid = self.bids[w][i]
        # "If the winning bid used a red card as part of the bid, then the card being
        # bid on goes face-up into the winning player's victory display instead."
        if any(c[0] == RED for c in bid):
            self.display[w].append(card)
            where = "victory display"
        else:
            # "The red auction card goes into the winner's hand."
            self.hands[w].append(card)
            self.hands[w].sort(key=ORDER.__getitem__)
            where = "hand"
        self.row[i] = None
        self.wins[w] += 1
        self.won_pips[w] += PIPS[card]
        self._emit("win", f"{self.who(w)} wins {card} into their {where}.")
        self._discard_bids(i)

    def _discard_bids(self, i: int) -> None:
        # "Black and white cards used as bids are discarded. Red cards used as bids go
        # into the auction row discard pile." (A-O5: losing bids too.)
        for p in (0, 1):
            for c in self.bids[p][i]:
                (self.red_discard if c[0] == RED else self.out).append(c)
            self.bids[p][i] = []

    def _end_round(self) -> None:
        # "The player who won the most bids that round becomes the starting player for
        # the next round. In case of a tie, count the pips on the cards that were won".
        s = self.start
        if self.wins[0] != self.wins[1]:
            nxt = 0 if self.wins[0] > self.wins[1] else 1
            why = f"won more auctions ({self.wins[nxt]} to {self.wins[1 - nxt]})"
        elif self.won_pips[0] != self.won_pips[1]:
            nxt = 0 if self.won_pips[0] > self.won_pips[1] else 1
            why = f"won more pips ({self.won_pips[nxt]} to {self.won_pips[1 - nxt]})"
        else:
            nxt = 1 - s  # A-O7: the player who did not start this round
            why = "did not start this round (wins and pips tied)"
        self._emit("start", f"{self.who(nxt)} {why} and starts the next round.")
        self.start = nxt
        self._refill()
        if all(c is None for c in self.row):
            # A-O9: the red cards are all in hands and displays; nothing left to auction.
            self._end("the red deck and discard cannot refill the auction row")
            return
        self._begin_round()

    def _refill(self) -> None:
        # "Fill the plateau to 5 red cards, face up" (A-O12: the plateau is the row);
        # "If necessary, shuffle the red discard to refill the red deck."
        new = []
        for i in range(ROW_SIZE):
            if self.row[i] is not None:
                continue
            if not self.red_deck and self.red_discard:
                self.red_deck, self.red_discard = self.red_discard, []
                self.rng.shuffle(self.red_deck)
                self._emit(
                    "reshuffle",
                    f"The red discard ({plural(len(self.red_deck), 'card')}) is shuffled into the red deck.",
                )
            if self.red_deck:
                self.row[i] = self.red_deck.pop()
                new.append(f"{i + 1}:{self.row[i]}")
        if new:
            self._emit("refill", f"The auction row is refilled ({', '.join(new)}): {self._row_text()}.")

    # -------------------------------------------------------------- decisions
    @property
    def to_move(self) -> int | None:
        if self.phase == "bid":
            return self.turn
        if self.phase == "tiebreak":
            # Secret simultaneous choice, taken one after the other: start player first.
            s = self.start
            return s if self.choices[s] is None else 1 - s
        return None

    # "Placing one card at a time, players take turns placing ... face down in front
    # of any card in the auction row, as bids."
    def _bidding_closed(self) -> str:
        me = self.to_move
        assert me is not None
        return (
            f"no bidding now: the bids are being revealed and {self.who(me)} must break "
            f"the tie at position {self.reveal + 1} ('tiebreak <card>' or 'pass')"
        )

    def _no_auction_card(self, i: int) -> str | None:
        if self.row[i] is not None:
            return None
        return f"position {i + 1} of the auction row is empty: a bid goes in front of an auction card"

    def _bid_problem(self, bid: notation.Bid) -> str | None:
        return self._card_problem(bid.card) or self._no_auction_card(bid.position)

    def _open_bids(self) -> list[str]:
        positions = [i for i in range(ROW_SIZE) if not self._no_auction_card(i)]
        return [notation.BID[c, i] for c in self.hands[self.turn] for i in positions]

    def _bid(self, bid: notation.Bid) -> None:
        me = self.turn
        card, i = bid.card, bid.position
        self.hands[me].remove(card)
        self.bids[me][i].append(card)
        self.placed[me] += 1
        self._emit(
            "bid",
            f"{self.who(me)} bids {card} face down on position {i + 1} ({self.row[i]}).",
            [me],
            f"{self.who(me)} places a face-down card on position {i + 1} ({self.row[i]}).",
        )
        if self.placed[0] == self.placed[1] == self.quota:
            # "Once six player cards are placed, the bids are revealed one by one, in
            # order starting from the White Deck player's left."
            self._reveal_from(0)
        else:
            self.turn = 1 - me

    # A tie: "both players may choose one card from their hand to act as a tiebreaker",
    # secretly; or pass.
    def _no_tie(self) -> str:
        return "a tie-breaker card is added only when two bids on an auction card tie"

    def _still_bidding(self) -> str:
        me = self.turn
        return (
            f"no passing while bidding: each player places {plural(self.quota, 'card')} as bids "
            f"this round, and {self.who(me)} has placed {self.placed[me]}"
        )

    def _tiebreak_problem(self, choice: notation.Tiebreak) -> str | None:
        return self._card_problem(choice.card) if choice.card else None

    def _open_tiebreakers(self) -> list[str]:
        me = self.to_move
        assert me is not None
        return [notation.TIEBREAK[c] for c in self.hands[me]]

    def _open_pass(self) -> list[str]:
        return [notation.PASS]

    def _choose(self, choice: notation.Tiebreak) -> None:
        me = self.to_move
        assert me is not None
        self.choices[me] = choice.card or notation.PASS
        text = "passes" if choice.card is None else f"chooses {choice.card} as a tie-breaker"
        self._emit(
            "choose",
            f"{self.who(me)} secretly {text}.",
            [me],
            f"{self.who(me)} makes a secret tie-break choice.",
        )
        if None not in self.choices:
            self._resolve_tiebreak()

    def _card_problem(self, card: str) -> str | None:
        """Why the player to move may not play ``card`` from hand (None if they may)."""
        me = self.to_move
        assert me is not None
        if card in self.hands[me]:
            return None
        if card[0] not in (RED, self.colour(me)):
            return (
                f"{card} is not yours: {self.who(me)} bids with their own "
                f"{SUIT_NAME[self.colour(me)].lower()} cards and red cards won into the hand"
            )
        return f"{self.who(me)} has no {card} in hand: bids are made with cards from your hand"

    ACTIONS = Actions(
        Kind(
            "bid",
            "bid <card> on <position>",
            notation.parse_bid,
            _bid_problem,
            _open_bids,
            _bid,
            lambda s: notation.BIDS.values(),
            phases=("bid",),
            closed=_bidding_closed,
        ),
        Kind(
            "tiebreak",
            "tiebreak <card>",
            notation.parse_tiebreak,
            _tiebreak_problem,
            _open_tiebreakers,
            _choose,
            lambda s: notation.TIEBREAKS.values(),
            phases=("tiebreak",),
            closed=_no_tie,
        ),
        Kind(
            "pass",
            "pass",
            notation.parse_pass,
            _tiebreak_problem,
            _open_pass,
            _choose,
            lambda s: [notation.PASSING],
            phases=("tiebreak",),
            closed=_still_bidding,
        ),
        phase=lambda s: s.phase,
    )
    """The three kinds of decision (see ``notation``); the engine lists, plays and refuses by them."""

    # ------------------------------------------------------------------ views
    def first_hidden(self) -> int:
        """Bids at this position and beyond are face down (still unrevealed)."""
        return self.reveal + 1 if self.phase == "tiebreak" else 0

    def red_held(self, p: int) -> list[str]:
        """Red cards in ``p``'s hand or face-down bids: public, as every one was won openly (A-O11)."""
        f = self.first_hidden()
        cards = [c for c in self.hands[p] if c[0] == RED]
        for i in range(f, ROW_SIZE):
            cards += [c for c in self.bids[p][i] if c[0] == RED]
        return sort_cards(cards)

    def _view(self, seat: int | None) -> OfertuTable:
        f = self.first_hidden()
        bids = [
            [list(b) if (seat == p or i < f) else [HIDDEN] * len(b) for i, b in enumerate(self.bids[p])]
            for p in (0, 1)
        ]
        choices: list[str | None] = [
            None if c is None else (c if seat == p else "chosen") for p, c in enumerate(self.choices)
        ]
        return OfertuTable(
            round=self.round,
            phase=self.phase,
            black=self.black,
            start=self.start,
            row=list(self.row),
            red_deck=len(self.red_deck),
            red_discard=list(self.red_discard),
            out=list(self.out),
            decks=[len(d) for d in self.decks],
            hands=[list(h) if seat == p else len(h) for p, h in enumerate(self.hands)],
            red_held=[self.red_held(0), self.red_held(1)],
            bids=bids,
            display=[list(d) for d in self.display],
            pips=[pips(d) for d in self.display],
            quota=self.quota,
            placed=list(self.placed),
            reveal=self.reveal + 1 if self.phase == "tiebreak" else None,
            tiebreak=choices if self.phase == "tiebreak" else None,
            wins=list(self.wins),
            won_pips=list(self.won_pips),
        )

    def status(self) -> str:
        if self.phase == "over":
            return "Game over"
        me = self.to_move
        assert me is not None
        if self.phase == "tiebreak":
            return f"{self.who(me)} to choose a tie-breaker for position {self.reveal + 1} or pass"
        return f"{self.who(me)} to bid (card {self.placed[me] + 1} of {self.quota}), round {self.round}"

    # ---------------------------------------------------------------- scoring
    def scores(self) -> list[float]:
        # "Whoever has the most pips on the red cards in their victory display".
        return [float(pips(d)) for d in self.display]

    def winners(self) -> list[int]:
        if not self.over:
            return []
        return final_order(self.display)

    def stats(self) -> dict[str, float | int | str]:
        """Designer figures: rounds, how the game ended, ties, reshuffles, cards scored."""
        out = super().stats()
        kinds = Counter(e.kind for e in self.events)
        out["rounds"] = self.round
        if self.over:
            last = self.events[-1].text if self.events else ""
            out["end"] = "row" if "cannot refill" in last else "cards"
        out["auctions"] = kinds["win"]
        out["ties"] = kinds["tie"]
        out["tiebreak_reveals"] = kinds["tiebreak"]
        out["reshuffles"] = kinds["reshuffle"]
        out["cards_scored"] = len(self.display[0]) + len(self.display[1])
        out["pip_margin"] = abs(pips(self.display[0]) - pips(self.display[1]))
        return out

    # ---------------------------------------------------------- hidden information
    def _redraw_hidden(self, seat: int | None, rng: Rng) -> None:
        """Redraw deck orders, the other hands, face-down bids and secret choices.

        What stays fixed is all ``seat`` can know: its own hand and bids, every
        revealed card, the counts of each pile, hand and bid, and which red cards each
        player holds (every red card in a hand was won in the open, A-O11). The
        opponent's unseen colour cards (hand + face-down bids + deck) are pooled and
        dealt again.
        """
        # Every pool is sorted before it is shuffled, so the result depends only on
        # what ``seat`` sees and on ``rng``, never on the true hidden order.
        self.red_deck = sort_cards(self.red_deck)
        rng.shuffle(self.red_deck)
        f = self.first_hidden()
        for p in (0, 1):
            if p == seat:
                self.decks[p] = sort_cards(self.decks[p])
                rng.shuffle(self.decks[p])
                continue
            hand, bids = self.hands[p], self.bids[p]
            held = hand + [c for i in range(f, ROW_SIZE) for c in bids[i]]
            reds = sort_cards([c for c in held if c[0] == RED])
            pool = sort_cards([c for c in held if c[0] != RED] + self.decks[p])
            rng.shuffle(pool)
            n = len(held) - len(reds)
            held = reds + pool[:n]
            self.decks[p] = pool[n:]
            rng.shuffle(held)
            k = len(hand)
            self.hands[p] = sort_cards(held[:k])
            for i in range(f, ROW_SIZE):
                m = len(bids[i])
                bids[i] = held[k : k + m]
                k += m
            if self.choices[p] is not None:
                options = [*self.hands[p], "pass"]
                self.choices[p] = options[rng.randrange(len(options))]

    def census(self) -> dict[str, int]:
        count = {RED: 0, BLACK: 0, WHITE: 0}
        piles = [self.red_deck, self.red_discard, self.out, [c for c in self.row if c is not None]]
        piles += self.decks + self.hands + self.display + [b for p in self.bids for b in p]
        for pile in piles:
            for c in pile:
                count[c[0]] += 1
        return {SUIT_NAME[k].lower(): v for k, v in count.items()}

    def _validate(self) -> None:
        def bad(msg: str) -> CorruptState:
            return CorruptState(f"ofertu state: {msg}")

        if self.phase not in PHASES:
            raise bad(f"unknown phase {self.phase!r}")
        for name in ("black", "start", "turn"):
            if getattr(self, name) not in (0, 1):
                raise bad(f"{name} must be seat 0 or 1")
        if len(self.row) != ROW_SIZE or len(self.bids) != 2 or any(len(b) != ROW_SIZE for b in self.bids):
            raise bad(f"the auction row and each player's bids have {ROW_SIZE} positions")
        if any(len(x) != 2 for x in (self.decks, self.hands, self.display, self.placed, self.choices)):
            raise bad("decks, hands, displays, placed and choices hold one entry per player")
        cards = [c for c in self.row if c is not None] + self.red_deck + self.red_discard + self.out
        cards += [c for pile in (*self.decks, *self.hands, *self.display) for c in pile]
        cards += [c for p in self.bids for b in p for c in b]
        if sorted(cards, key=lambda c: ORDER.get(c, -1)) != list(ALL_CARDS):
            raise bad("every card of the deck must be in exactly one place")
        for p in (0, 1):
            if any(c[0] != self.colour(p) for c in self.decks[p]):
                raise bad(f"Player {p + 1}'s deck holds cards of another suit")
            if any(c[0] not in (RED, self.colour(p)) for c in self.hands[p]):
                raise bad(f"Player {p + 1}'s hand holds the other player's cards")
            if self.hands[p] != sort_cards(self.hands[p]):
                raise bad("hands are kept sorted")
            if any(c[0] != RED for c in self.display[p]):
                raise bad("a victory display holds only red cards")
        if any(c[0] != RED for c in self.red_deck + self.red_discard + [c for c in self.row if c]):
            raise bad("the red deck, red discard and auction row hold only red cards")
        if any(c[0] == RED for c in self.out):
            raise bad("red bid cards go to the red discard, not out of play")
        if self.phase == "tiebreak":
            if not 0 <= self.reveal < ROW_SIZE or self.row[self.reveal] is None:
                raise bad("a tie-break needs a position with an auction card")
            for p in (0, 1):
                c = self.choices[p]
                if c is not None and c != "pass" and c not in self.hands[p]:
                    raise bad("a tie-breaker card must be in its player's hand")
            if None not in self.choices:
                raise bad("a tie-break with both choices made should have been resolved")
        elif self.reveal != -1 or self.choices != [None, None]:
            raise bad("reveal and choices are set only during a tie-break")
        if self.phase == "bid" and not (
            0 <= self.placed[0] <= self.quota
            and 0 <= self.placed[1] <= self.quota
            and sum(len(b) for b in self.bids[0]) == self.placed[0]
            and sum(len(b) for b in self.bids[1]) == self.placed[1]
        ):
            raise bad("the bids placed do not match the round's count")


class OfertuGame(Game):
    id = "ofertu"
    title = "Ofertu"
    min_players = 2
    max_players = 2
    state_class = OfertuState
    view_type = OfertuView
    options = ()
    order = 5
    hidden_information = True
    summary = (
        "A two-player auction by Matt Soucy. Each round both players secretly bid three cards "
        "from their own black or white deck on a row of five red cards; a plain bid wins a red "
        "card into the hand, where it becomes a strong bidding card, and a bid holding red wins "
        "it into the victory display for points. Most pips in the victory display wins."
    )

    def reconstructed(self) -> list[str]:
        return list(COMPONENTS.reconstructed)

    def catalog(self) -> dict[str, Any]:
        from .components import catalog

        return catalog()


GAME = OfertuGame()
