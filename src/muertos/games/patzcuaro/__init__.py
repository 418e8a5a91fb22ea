"""Pátzcuaro (Draco Studios 2022), 2–4 players, from the Spanish rulebook (v1.1).

Each player builds a Día de Muertos altar: a pyramid of altar cards, up to 4 on the
base, 3 on the second level and 2 on top; a card above rests on two adjacent cards
below. Cards show one colour (pink flower, green vase, purple cross, yellow
hummingbird) and 1–3 objects (candle, sugar skull, marigold, sweet, portrait, toy,
liquor bottle, pan de muerto).

Table. The Pátzcuaro tile and a row of 4 double-sided shop tiles (3 with 2 players)
form a loop of spaces: P.top, the shops' top spaces left to right, their bottom spaces
right to left, P.bottom, and round again. Tokens start beside the Pátzcuaro tile, so a
first move of 1 lands on the first shop's top space. Each shop space holds a face-up
stack of cards (never fewer than one); the Pátzcuaro spaces hold none. Hands of 6.

Turn. Move your token 1, 2 or 3 spaces clockwise; spaces with tokens are skipped and
not counted. Then do the space's actions in order:
- trade: reveal card(s) from your hand meeting the space's condition onto it (one
  condition: 1 or more cards; several icons such as pink + green: one card each), then
  take every card that was there before. The last card revealed is the new top card.
  Conditions: any card, a colour, "has" an object, "without" an object, exactly N
  objects, a colour other than the top card's (before the trade), or a choice of two;
- altar: add 1 card from your hand to an open slot of your altar;
- draw: take the deck's top card; reveal: put the deck's top card face up on the shop
  space the arrow points to (nothing if no shop lies that way); others draw: each
  other player, in turn order, draws 1.
Once a game you may, instead of the space's actions, flip your player card and draw 2
(−5 points at the end); you must if you cannot complete the space. After flipping you
may only end on spaces you can complete; if none is reachable, move anyway and draw 1.

End. In the turn a player places the 9th altar card or the deck runs out, the game
ends: every other player, in turn order, may add one last card from hand. Scoring per
level, choosing the object types best for you: base 3 types × 1 point per icon, second
level 2 types × 2, top 1 type × 3; plus the three objectives (1 petal: 5 per set of
three objects; 2 petals: colour sets, −3 per yellow card or +8 without yellow; 3
petals: 4/7/12 for 1/2/3 levels holding a card of a colour and a card with an object);
−5 if flipped. Ties: fewest objects on the altar, then the player latest in turn order
(seat 1 holds the starting-player card).

Notation (case and spacing do not matter):
  move 2          advance your token 2 spaces (move 1, move 2, move 3)
  trade 17        reveal card 17 from your hand onto your shop space
  take            stop revealing and take the cards that were there (automatic only
                  at a space with several icons, once each has its card)
  altar 17 2b     put card 17 on altar slot 2b: slots 1a-1d base, 2a-2c second level
                  (2a rests on 1a+1b), 3a-3b top (3a rests on 2a+2b)
  flip            flip your player card instead of the space's actions and draw 2
  pass            after the end is triggered, add no last card

Options:
  language=en|es  names of objects, colours and shops in the log and the picture
                  (default en). The picture can also be asked for in either language:
                  muertos.games.patzcuaro.render.render(state, seat, lang="es").

Choices where the text is unclear, each set out with its reason in the rules map
(docs/rules/patzcuaro.md): the track order and start area (A-P1, A-P2); arrows are table
directions (A-P3); one-icon trades take 1+ cards, several icons one each (A-P4); the
colour compared is the top card's before the trade (A-P5); shop stacks, altars and cards
taken from shops are public, hands and the deck hidden (A-P6); a space can be completed
when its trade can be met and each altar action has a card (A-P7); a completed altar
skips the remaining altar icons (A-P8); you move first and then may flip (A-P9); base
slots may have gaps (A-P10); the triggering player adds no extra card (A-P11); level
types are chosen per level, automatically (A-P12); a "choose one option" icon accepts
any card meeting either option (B-P5).
"""

from muertos.engine import Parts

from . import encoding, heuristics, render
from .rules import PatzcuaroGame, PatzcuaroState

GAME = PatzcuaroGame(Parts(guide=__doc__ or "", render=render, heuristics=heuristics, encoding=encoding))

__all__ = ["GAME", "PatzcuaroGame", "PatzcuaroState"]
