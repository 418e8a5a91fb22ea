"""Die of the Dead: The Ofrenda Variant (Radical 8 Games) — 2-5 players, or solo.

Assemble the best ofrenda. Four caskets stand in a row, each in front of a token board
(Candle, Marigold, Bread, Incense) that names the item of whatever casket stands there.
Each round the Round Starter opens a casket (the dice on its lid go in, all are rolled)
and must draft a die; then every other player in turn drafts, moves a die from their
preparation board, takes the casket's token, or — when the casket holds neither dice nor
tokens — ascends one step. A drafted die goes on your preparation board (3 spaces) or an
empty space of that item's section of your ofrenda, and you pay for it with a die onto a
closed casket: the Round Starter with a power die from the City of the Dead (while any
remain), everyone else from their supply, then from their preparation board (5 players:
also a die of an incomplete ofrenda section). After the round every section completed in
it scores (at most 4 steps each) by its own pattern, and you may discard 3 or 4 different
tokens for 1 or 2 steps; each ascension lands on a square whose bonus you take (a token,
a calavera face, or a face of your choice). If anything scored, the caskets move along one
place. The game ends when someone completes the ofrenda (5 players: 3 sections): most
steps wins, then most tokens, else the win is shared. Solo: no power dice, the City holds
3 dice of each colour, you may also move or take a token, and the game ends on the turn
the City empties: 18 steps is perfect, 12 good.

Section scoring (cells read in the section's order; calavera faces are wild):
  Bread    same colour and total > 10: 2; total > 16: 1; total = 16: 2
  Candles  four colours and two equal values: 2; three equal: 1; four equal: 1
  Marigold colours alternating A-B-A-B and two neighbours consecutive: 2; a run of three
           neighbours (rising or falling by 1, no 6-1): 1; a run of four: 1
  Incense  four colours and four values: 2; each urn holding its printed die: 1

Notation (one spelling per action; case and spacing are free). Dice: colour letter
r b g y p and face, ``*`` for a power die, ``x`` for a calavera: ``r5``, ``r5*``, ``rx``;
without face (supply, City of the Dead) ``r`` or ``r*``. Cells 1-12 clockwise from the
ofrenda's top-left corner; caskets by position 1-4; tokens c m b i.
  put g in 2            setup (2-4 players): a die of your supply into casket 2, in
                        secret until every player has put theirs
  fill 1 rgb            solo setup: three dice of different colours into casket 1
  open 3                Round Starter: open the casket at position 3
  candle 1 4            play a Candle token: swap the caskets at positions 1 and 4
  draft r5 to 7         take r5 from the open casket and put it in cell 7 (then pay)
  draft r5 to prep      ... or on the preparation board
  draft g2              when a Bread or Incense token of yours could change the die: take
                        it first, then (tokens and) place it:
  bread 4 / incense 3   Bread: copy another value in the casket; Incense: +-1 (normal dice)
  place prep / place 7  put the drafted die on the preparation board / in cell 7
  pay r* on 2           pay a red power die (City of the Dead, or supply) onto casket 2
  pay g on 2            pay a green normal die from the supply (solo: from the City)
  pay prep g5 on 2      pay with the g5 of your preparation board (empty supply)
  pay cell 9 on 2       5 players: pay with the die in cell 9 (its sections incomplete)
  move g5 to 7          move g5 from the preparation board to cell 7
  marigold g5 to 7      Round Starter plays Marigold: move instead of drafting
  gain b*               ...and take a blue power die from the City into your supply
  remove y              solo: the City die a Move costs
  take / take discard c take the casket's token (hand full: discard a Candle first)
  ascend                the open casket has no dice and its board no token: 1 step
  pass                  only when no action at all is possible
  score bread           which of several completed sections scores first
  square b              the square of your landing step (its bonus is yours); after an
                        empty-casket ascension, the square you rest on (no bonus)
  calavera r5* / calavera 7   Calavera bonus: that power die shows its calavera
  face g2 6             Set-a-face bonus: the prepared g2 becomes a 6
  discard i             token bonus with a full hand: discard an Incense first
  skip                  decline a bonus
  discard cmb / discard cmbi / done   token sets for 1 / 2 steps, or stop

Options:
  exclusive_squares  a step square holding another player's scoring die cannot be
                     chosen (2-5 players; default off: squares are shared).
  same_urns          every ofrenda board has the rules' example urns (Blue 2, Red 5).

Choices where the rules are silent, each set out with its reason in the rules map
(docs/rules/die-of-the-dead.md): the Round Starter marker passes clockwise (A-DD1); items
belong to positions, not caskets (A-DD2); Marigold runs rise or fall by exactly 1 (A-DD3);
the starter opens a casket holding dice where a draft can be placed (A-DD5, Marigold
allows an empty one, A-DD15), or any casket, empty ones too, when it can draft from none; ascending needs no dice and no token (A-DD6); several
completed sections score one by one in the owner's order, each with its bonus (A-DD7); 5
players may pay with an ofrenda die at any time, if every section through its cell is
incomplete, and the die just drafted never pays for itself (A-DD8); a starter who cannot
pay drafts for free (A-DD9); a wild die takes its best value in each section (A-DD10); the
scoring die's total is the score, and step 9's bonus is taken before it returns to the
foot with one pip more (A-DD11); Candle on the open casket changes its item, but may not
leave the Round Starter without the draft it owes there (A-DD14);
Bread and Incense may both, once each, change one drafted die (A-DD18); the game ends
after the round in which the end is reached (solo: also when the ofrenda is complete,
A-DD19); a game ends early only when no die can ever be placed again: no die in or on any
casket nor on any preparation board (A-DD26); setup colours are chosen in secret, in turn
from Player 1, and revealed together before the start roll (A-DD22); bonuses may be
declined, a token bonus with a full hand lets you discard one first, an empty-casket
ascension gives no bonus and its owner chooses the square it rests on (A-DD24).
Only the setup dice are hidden, until all are put: tokens, supplies and casket contents
are public, and future rolls unknown (A-DD28).
"""

from muertos.engine import Parts

from . import encoding, heuristics, render
from .rules import DieOfTheDeadGame, DieOfTheDeadState

GAME = DieOfTheDeadGame(Parts(guide=__doc__ or "", render=render, heuristics=heuristics, encoding=encoding))

__all__ = ["GAME", "DieOfTheDeadGame", "DieOfTheDeadState"]
