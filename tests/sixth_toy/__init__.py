"""Sixth toy — a throwaway sixth game: the engine's toy (``tests/engine/toy.py``) made a
complete game package, as a newcomer's new game would be, with nothing outside it.

It is registered only when ``MUERTOS_EXTRA_GAMES=tests.sixth_toy`` is set (muertos.games
reads it), and ``tests/test_new_game.py`` proves that the whole suite then takes it in every
test that runs over the games: its package (rules, render, heuristics, encoding, a typed
view, Spanish), its board (``board.js`` here, served by the table since the game lives
outside muertos) and its golden records (``tests/golden/sixth-toy.json``), nothing else.

THE GAME
  Twelve cards numbered 1-12; each seat holds two. On a turn a seat either draws the
  deck's top card (hand limit 3) or plays a card from hand face down. After each seat has
  played three cards the face-down cards are revealed: the highest total wins.

NOTATION
  play 7     play the 7 from your hand, face down
  draw       take the deck's top card into your hand

OPTIONS
  draw (default on): allow drawing.
"""

from muertos.engine import Parts

from . import encoding, heuristics, render
from .rules import SixthToyGame

GAME = SixthToyGame(Parts(guide=__doc__ or "", render=render, heuristics=heuristics, encoding=encoding))
