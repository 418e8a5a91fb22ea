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

from typing import Any, ClassVar

from muertos.engine import Game, State, counted, seat_ref
from muertos.engine.actions import Actions, Kind

from . import checks, notation, scoring, views
from .components import (
    BIDS_PER_ROUND,
    BLACK,
    COMPONENTS,
    HAND_SIZE,
    ORDER,
    PIPS,
    RED,
    ROW_SIZE,
    SUIT_NAME,
    WHITE,
    sort_cards,
)
from .scoring import final_order, pips
from .views import OfertuView

WHO = {(p, b): f"{seat_ref(p)} ({SUIT_NAME[BLACK if b else WHITE]})" for p in (0, 1) for b in (True, False)}
"""How the log names a seat, by seat and whether it holds the black deck."""


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
        "won_to_hand",
    )
    COPY: ClassVar[dict[str, int]] = {
        **{f: 0 for f in ("black", "start", "turn", "round", "phase", "quota", "reveal")},
        **{f: 1 for f in ("row", "red_deck", "red_discard", "out", "placed", "choices", "wins", "won_pips")},
        **{f: 2 for f in ("decks", "hands", "display", "won_to_hand")},
    }
    """How ``clone`` copies each field (``State.COPY``); ``bids`` (three deep) goes whole."""
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
    won_to_hand: list[list[str]]
    """Red cards won into each hand during the reveal in progress and still there: taken
    after the bids were placed, so never in a face-down bid (``views.redraw_hidden``)."""

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
        self.won_to_hand = [[], []]
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
                    f"{self.who(p)} draws {counted(len(drawn), 'card')}.",
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
            f"Round {self.round}: {self.who(self.start)} starts; each player bids {counted(self.quota, 'card')}.",
        )

    def _end(self, why: str) -> None:
        self.phase = "over"
        self.reveal = -1
        sc = [pips(d) for d in self.display]
        line = "; ".join(
            f"{self.who(p)} {counted(sc[p], 'pip')} in {counted(len(self.display[p]), 'card')}"
            for p in (0, 1)
        )
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
                if c in self.won_to_hand[p]:
                    self.won_to_hand[p].remove(c)
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
            self.won_to_hand[w].append(card)
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
        self.won_to_hand = [[], []]  # the reveal is over: the next bids may hold these cards
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
                    f"The red discard ({counted(len(self.red_deck), 'card')}) is shuffled into the red deck.",
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
            f"no passing while bidding: each player places {counted(self.quota, 'card')} as bids "
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

    # What a seat may know (views.py), the integrity checks (checks.py), the figures
    # designers read (scoring.py): each in the file named for it.
    first_hidden = views.first_hidden
    red_held = views.red_held
    _view = views.view
    _redraw_hidden = views.redraw_hidden
    census = checks.census
    _validate = checks.validate
    stats = scoring.stats
    _categories = scoring.categories  # the score sheet of result()
    _tie_breaks = scoring.tie_breaks

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
