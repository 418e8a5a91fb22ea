"""Ofertu's integrity: every card in exactly one place (the census the conformance check
compares), and the checks that refuse a corrupt saved state."""

from __future__ import annotations

from typing import TYPE_CHECKING

from muertos.engine import CorruptState

from .components import ALL_CARDS, BLACK, ORDER, PHASES, RED, ROW_SIZE, SUIT_NAME, WHITE, sort_cards

if TYPE_CHECKING:
    from .rules import OfertuState


def census(s: OfertuState) -> dict[str, int]:
    count = {RED: 0, BLACK: 0, WHITE: 0}
    piles = [s.red_deck, s.red_discard, s.out, [c for c in s.row if c is not None]]
    piles += s.decks + s.hands + s.display + [b for p in s.bids for b in p]
    for pile in piles:
        for c in pile:
            count[c[0]] += 1
    return {SUIT_NAME[k].lower(): v for k, v in count.items()}


def validate(s: OfertuState) -> None:
    def bad(msg: str) -> CorruptState:
        return CorruptState(f"ofertu state: {msg}")

    if s.phase not in PHASES:
        raise bad(f"unknown phase {s.phase!r}")
    for name in ("black", "start", "turn"):
        if getattr(s, name) not in (0, 1):
            raise bad(f"{name} must be seat 0 or 1")
    if len(s.row) != ROW_SIZE or len(s.bids) != 2 or any(len(b) != ROW_SIZE for b in s.bids):
        raise bad(f"the auction row and each player's bids have {ROW_SIZE} positions")
    if any(len(x) != 2 for x in (s.decks, s.hands, s.display, s.placed, s.choices, s.won_to_hand)):
        raise bad("decks, hands, displays, placed, choices and won_to_hand hold one entry per player")
    cards = [c for c in s.row if c is not None] + s.red_deck + s.red_discard + s.out
    cards += [c for pile in (*s.decks, *s.hands, *s.display) for c in pile]
    cards += [c for p in s.bids for b in p for c in b]
    if sorted(cards, key=lambda c: ORDER.get(c, -1)) != list(ALL_CARDS):
        raise bad("every card of the deck must be in exactly one place")
    for p in (0, 1):
        if any(c[0] != s.colour(p) for c in s.decks[p]):
            raise bad(f"Player {p + 1}'s deck holds cards of another suit")
        if any(c[0] not in (RED, s.colour(p)) for c in s.hands[p]):
            raise bad(f"Player {p + 1}'s hand holds the other player's cards")
        if s.hands[p] != sort_cards(s.hands[p]):
            raise bad("hands are kept sorted")
        if any(c[0] != RED for c in s.display[p]):
            raise bad("a victory display holds only red cards")
    if any(c[0] != RED for c in s.red_deck + s.red_discard + [c for c in s.row if c]):
        raise bad("the red deck, red discard and auction row hold only red cards")
    if any(c[0] == RED for c in s.out):
        raise bad("red bid cards go to the red discard, not out of play")
    for p in (0, 1):
        won = s.won_to_hand[p]
        if len(set(won)) != len(won) or any(c[0] != RED or c not in s.hands[p] for c in won):
            raise bad("cards won into a hand during the reveal are red cards in that hand")
    if s.phase != "tiebreak" and s.won_to_hand != [[], []]:
        raise bad("cards are won into a hand only while the bids are being revealed")
    if s.phase == "tiebreak":
        if not 0 <= s.reveal < ROW_SIZE or s.row[s.reveal] is None:
            raise bad("a tie-break needs a position with an auction card")
        for p in (0, 1):
            c = s.choices[p]
            if c is not None and c != "pass" and c not in s.hands[p]:
                raise bad("a tie-breaker card must be in its player's hand")
        if None not in s.choices:
            raise bad("a tie-break with both choices made should have been resolved")
    elif s.reveal != -1 or s.choices != [None, None]:
        raise bad("reveal and choices are set only during a tie-break")
    if s.phase == "bid" and not (
        0 <= s.placed[0] <= s.quota
        and 0 <= s.placed[1] <= s.quota
        and sum(len(b) for b in s.bids[0]) == s.placed[0]
        and sum(len(b) for b in s.bids[1]) == s.placed[1]
    ):
        raise bad("the bids placed do not match the round's count")
