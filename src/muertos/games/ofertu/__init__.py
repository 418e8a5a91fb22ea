"""Ofertu — a two-player auction by Matt Soucy (weheart.games, 2024).

"Bid with limited resources to add red cards to your hand. Bid *using* red cards to
score points." ("Ofertu" is Esperanto for "bid".)

THE GAME
  The deck has three colour suits. The red suit is the shared deck, with an auction row
  of five face-up red cards; each player owns one personal deck, black or white, dealt
  at random. The Black player starts the first round.

  Each round:
  1. Both players draw from their own deck until they hold five cards.
  2. Taking turns, one card at a time, each player places three cards from hand face
     down in front of auction cards. Cards in front of the same auction card make one
     combined bid (its value is the sum of the pips). Both may bid on the same card.
  3. The bids are revealed one auction card at a time, from position 1 (the White
     player's left). The higher bid wins the card; a lone bid wins it. If the winning
     bid holds a red card, the won card goes face up to the winner's victory display
     (points); otherwise it goes into the winner's hand, to bid with later.
     On a tie each player with cards secretly chooses one more card from hand, or passes;
     the choices are revealed together and added. Still tied after both added: again.
     Nobody added (or nobody has cards): both bids are discarded and the card stays.
     Bid cards are then discarded: black and white ones leave play, red ones go to the
     red discard.
  4. Whoever won more auctions this round starts the next; if tied, whoever won more
     pips; if still tied, the player who did not start this round.
  5. The auction row is refilled to five from the red deck; when it is empty the red
     discard is shuffled to form a new red deck.

  The game ends at the start of a round when a player has no cards left to bid with
  (or when no red card is left to put in the auction row). Both players always bid the
  same number of cards: min(3, each hand) per round. Most pips in the victory display
  wins; on a tie, more cards in the display; then it is a draw.

NOTATION (case and spacing do not matter)
  Cards are the suit letter and the rank: R7 (red 7), B10 (black 10), W3 (white 3).
  Positions in the auction row are 1-5, counted from the White player's left.
    bid B7 on 2      place B7 from your hand face down in front of auction card 2
    bid R4 on 2      add a red card to the same bid (B7 + R4 = 11, and it holds red)
    tiebreak W4      in a tie, secretly add W4 from your hand to your bid
    pass             in a tie, secretly add nothing

HIDDEN INFORMATION
  Hands, the order of every deck, face-down bid cards and a tie-break choice (even
  whether it was a pass) are secret until revealed. Public: the number of cards in each
  hand, deck and bid, and which red cards each player holds (each was won in the open).

OPTIONS
  None. Exactly 2 players.

OUR CHOICES WHERE THE RULES ARE SILENT (docs/rules/ofertu.md)
  Bid value = sum of pips (A-O1); a lone bid wins (A-O2); both may bid on one card
  (A-O3); tie-breaks as above, start player choosing first, a red tie-breaker counts as
  red in the bid (A-O4), and any card in hand may break a tie, even a red card won
  earlier in the same reveal; losing bids are discarded too (A-O5); unbid cards stay (A-O6);
  start-player tie goes to the non-starter (A-O7); k = min(3, both hands) cards each
  (A-O8); end conditions (A-O9); final tie: more cards, else a draw (A-O10).
"""

from muertos.engine import Parts

from . import encoding, heuristics, render
from .rules import OfertuGame, OfertuState

GAME = OfertuGame(Parts(guide=__doc__ or "", render=render, heuristics=heuristics, encoding=encoding))

__all__ = ["GAME", "OfertuGame", "OfertuState"]
